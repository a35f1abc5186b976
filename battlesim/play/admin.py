from __future__ import annotations

from django.contrib import admin

from battlesim.play.models import Seat, Table


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["index", "strategy", "user"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["pk", "game", "owner", "status", "version", "updated_at"]
    list_filter = ["game", "status"]
    readonly_fields = ["seed", "settings", "decisions", "version", "winner", "termination"]
    exclude = ["view", "events", "frames", "pending", "prompt"]
    inlines = [SeatInline]
