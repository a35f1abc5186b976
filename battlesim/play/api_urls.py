from __future__ import annotations

from django.urls import path

from battlesim.play import api

urlpatterns = [
    path("play/tables/", api.TableCollectionApi.as_view(), name="api-play-tables"),
    path("play/tables/<int:pk>/", api.TableDetailApi.as_view(), name="api-play-table"),
    path("play/tables/<int:pk>/actions/", api.TableActionApi.as_view(), name="api-play-action"),
    path("play/tables/<int:pk>/join/", api.TableJoinApi.as_view(), name="api-play-join"),
]
