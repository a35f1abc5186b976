from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Preferences(models.Model):
    """What a signed-in user chose for the site, kept across browsers and sessions."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    # Empty: no choice yet, the browser's language (cookie, then Accept-Language) applies.
    language = models.CharField(
        _("language"), max_length=10, blank=True, choices=settings.LANGUAGES
    )

    class Meta:
        verbose_name = _("preferences")
        verbose_name_plural = _("preferences")

    def __str__(self) -> str:
        return f"{self.user}: {self.language or '-'}"
