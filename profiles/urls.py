from __future__ import annotations

from django.urls import path

from profiles import views

app_name = "profiles"
urlpatterns = [
    path("", views.faction_list, name="faction-list"),
    path("search/", views.profile_search, name="profile-search"),
    path("<slug:release_key>/<slug:faction_slug>/", views.faction_detail, name="faction-detail"),
    path(
        "<slug:release_key>/<slug:faction_slug>/<slug:profile_slug>/",
        views.profile_detail,
        name="profile-detail",
    ),
]
