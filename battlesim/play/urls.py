from __future__ import annotations

from django.urls import path

from battlesim.play import views

app_name = "play"
urlpatterns = [
    path("", views.index, name="index"),
    path("<str:game>/", views.new_table, name="new"),
    path("tables/<int:pk>/", views.table_page, name="table"),
    path("tables/<int:pk>/replay/", views.replay, name="replay"),
    path("tables/<int:pk>/join/<str:token>/", views.join, name="join"),
]
