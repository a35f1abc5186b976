from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """A user's own settings: for now the language the site speaks to them."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"
