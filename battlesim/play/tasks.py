"""Celery tasks of the tables: thin wrappers around the services."""

from __future__ import annotations

from celery import shared_task

from battlesim.play import services


@shared_task(name="play.table_ai_play", acks_late=True)
def table_ai_play(table_id: int, version: int) -> None:
    services.table_ai_play(table_id=table_id, version=version)


@shared_task(name="play.table_reveal", acks_late=True)
def table_reveal(table_id: int, version: int) -> None:
    services.table_reveal(table_id=table_id, version=version)
