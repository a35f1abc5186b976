from __future__ import annotations

urlpatterns: list = []
