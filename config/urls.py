from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts import views as accounts_views
from armybuilder import views as armybuilder_views
from config import views
from config.throttles import LOGIN_THROTTLES, SignupThrottle, throttled

urlpatterns = [
    path("", views.home, name="home"),
    path("status/", views.status, name="status"),
    path("health/", views.health, name="health"),
    path("admin/", admin.site.urls),
    path(
        "accounts/login/",
        throttled(*LOGIN_THROTTLES)(auth_views.LoginView.as_view()),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", throttled(SignupThrottle)(armybuilder_views.signup), name="signup"),
    # The header's language switch, and the scripts' translations (a file: no inline script).
    path("i18n/setlang/", accounts_views.set_language, name="set-language"),
    path("i18n/js/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("catalogue/", include("profiles.urls")),
    path("lists/", include("armybuilder.urls")),
    path("jobs/", include("battlesim.urls")),
    path("play/", include("battlesim.play.urls")),
    path("api/", include("profiles.api_urls")),
    path("api/", include("armybuilder.api_urls")),
    path("api/", include("battlesim.api_urls")),
    path("api/", include("battlesim.play.api_urls")),
    path("api/auth/token/", views.TokenApi.as_view(), name="api-token"),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its start-up script as a file: no inline script under the CSP.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
]

handler404 = "config.views.not_found"
