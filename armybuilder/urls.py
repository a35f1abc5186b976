from __future__ import annotations

from django.urls import path

from armybuilder import game_views, views

app_name = "armybuilder"
urlpatterns = [
    path("", views.index, name="index"),
    path("import/", views.import_json, name="import"),
    path("import-roster/", views.import_roster, name="import-roster"),
    path("<int:pk>/", views.builder, name="builder"),
    path("<int:pk>/print/", views.print_view, name="print"),
    path("<int:pk>/export.txt", views.export_text, name="export-text"),
    path("<int:pk>/export.json", views.export_json, name="export-json"),
    path("<int:pk>/export.ros", views.export_ros, name="export-ros"),
    path("<int:pk>/export.rosz", views.export_rosz, name="export-rosz"),
    path("<int:pk>/share/", views.share, name="share"),
    path("<int:pk>/duplicate/", views.duplicate, name="duplicate"),
    path("<int:pk>/delete/", views.delete, name="delete"),
    path("shared/<uuid:token>/", views.shared_view, name="shared"),
    path("<int:pk>/games/", game_views.list_games, name="games"),
    path("<int:pk>/games/start/", game_views.game_start, name="game-start"),
    path("games/<int:pk>/", game_views.game_sheet, name="game"),
    path("games/sw.js", game_views.service_worker, name="game-service-worker"),
]
