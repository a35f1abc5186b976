from django.contrib import admin

from accounts.models import Preferences


@admin.register(Preferences)
class PreferencesAdmin(admin.ModelAdmin):
    list_display = ("user", "language")
    search_fields = ("user__username",)
