from __future__ import annotations

from django.urls import path

from battlesim import api

urlpatterns = [
    path("jobs/", api.JobCollectionApi.as_view(), name="api-jobs"),
    path("jobs/<int:pk>/", api.JobDetailApi.as_view(), name="api-job-detail"),
    path("jobs/<int:pk>/progress/", api.JobProgressApi.as_view(), name="api-job-progress"),
    path("jobs/<int:pk>/cancel/", api.JobCancelApi.as_view(), name="api-job-cancel"),
    path("jobs/<int:pk>/statistics/", api.JobStatisticsApi.as_view(), name="api-job-stats"),
    path(
        "jobs/<int:pk>/battles/<int:index>/log/", api.BattleLogApi.as_view(), name="api-battle-log"
    ),
]
