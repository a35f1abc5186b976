from __future__ import annotations

from django.urls import path

from armybuilder import api, games_api

urlpatterns = [
    path("lists/", api.ArmyListCollectionApi.as_view(), name="api-list-collection"),
    path("lists/<int:pk>/", api.ArmyListDetailApi.as_view(), name="api-list-detail"),
    path("lists/<int:pk>/validate/", api.ArmyListValidateApi.as_view(), name="api-list-validate"),
    path("lists/<int:pk>/duplicate/", api.ArmyListDuplicateApi.as_view(), name="api-list-copy"),
    path(
        "lists/<int:pk>/contingents/", api.ContingentCollectionApi.as_view(), name="api-contingents"
    ),
    path("contingents/<int:pk>/", api.ContingentDetailApi.as_view(), name="api-contingent"),
    path("lists/<int:pk>/warbands/", api.WarbandCollectionApi.as_view(), name="api-warbands"),
    path("warbands/<int:pk>/", api.WarbandDetailApi.as_view(), name="api-warband-detail"),
    path("warbands/<int:pk>/entries/", api.EntryCollectionApi.as_view(), name="api-entries"),
    path("entries/<int:pk>/", api.EntryDetailApi.as_view(), name="api-entry-detail"),
    path(
        "entries/<int:pk>/option-models/",
        api.EntryOptionModelsApi.as_view(),
        name="api-entry-option-models",
    ),
    path("lists/<int:pk>/games/", games_api.GameCollectionApi.as_view(), name="api-list-games"),
    path("games/<int:pk>/", games_api.GameDetailApi.as_view(), name="api-game"),
    path("games/<int:pk>/result/", games_api.GameResultApi.as_view(), name="api-game-result"),
    path("lists/<int:pk>/undo/", api.ArmyListUndoApi.as_view(), name="api-list-undo"),
    path("lists/<int:pk>/versions/", api.ArmyListVersionsApi.as_view(), name="api-list-versions"),
    path(
        "lists/<int:pk>/versions/<int:version>/restore/",
        api.ArmyListVersionRestoreApi.as_view(),
        name="api-list-version-restore",
    ),
]
