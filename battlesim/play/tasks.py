"""Celery tasks of the tables: thin wrappers around the services."""

from __future__ import annotations

from celery import Task, shared_task

from battlesim.play import services


class TableTask(Task):  # type: ignore[misc]
    """Records on the table why its AI seats could not move."""

    def on_failure(self, exc, task_id, args, kwargs, einfo) -> None:  # type: ignore[no-untyped-def]
        table_id = args[0] if args else kwargs["table_id"]
        services.table_fail(table_id=table_id, error=f"{type(exc).__name__}: {exc}")


def _queue(task: Task) -> str | None:
    """The queue this task came from: the next frame goes back to the same workers."""
    info = task.request.delivery_info or {}
    return info.get("routing_key")


@shared_task(bind=True, base=TableTask, name="play.table_ai_play", acks_late=True)
def table_ai_play(self: Task, table_id: int, version: int) -> None:
    services.table_ai_play(table_id=table_id, version=version, queue=_queue(self))


@shared_task(bind=True, base=TableTask, name="play.table_reveal", acks_late=True)
def table_reveal(self: Task, table_id: int, version: int, queue: str | None = None) -> None:
    services.table_reveal(table_id=table_id, version=version, queue=queue or _queue(self))
