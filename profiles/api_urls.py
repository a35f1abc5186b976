from __future__ import annotations

from django.urls import path

from profiles import api

app_name = "profiles-api"
urlpatterns = [
    path("releases/", api.ReleaseListApi.as_view(), name="release-list"),
    path("factions/", api.FactionListApi.as_view(), name="faction-list"),
    path("factions/<int:pk>/", api.FactionDetailApi.as_view(), name="faction-detail"),
    path("profiles/", api.ProfileListApi.as_view(), name="profile-list"),
    path("profiles/<int:pk>/", api.ProfileDetailApi.as_view(), name="profile-detail"),
]
