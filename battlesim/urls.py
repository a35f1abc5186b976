from __future__ import annotations

from django.urls import path

from battlesim import views

app_name = "battlesim"
urlpatterns = [
    path("", views.job_index, name="index"),
    path("compare/", views.job_compare, name="compare"),
    path("<int:pk>/", views.job_detail, name="job"),
    path("<int:pk>/progress.json", views.job_progress_json, name="progress"),
    path("<int:pk>/cancel/", views.job_cancel, name="cancel"),
    path("<int:pk>/charts/<str:name>.svg", views.job_chart, name="chart"),
    path("<int:pk>/statistics.json", views.job_statistics_json, name="statistics-json"),
    path("<int:pk>/results.csv", views.job_results_csv, name="results-csv"),
    path("<int:pk>/battles/<int:index>/", views.battle_replay, name="replay"),
]
