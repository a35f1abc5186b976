from __future__ import annotations

from django.urls import path

from profiles import views

app_name = "profiles"
urlpatterns = [
    path("", views.faction_list, name="faction-list"),
]
