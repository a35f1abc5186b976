from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from accounts.middleware import set_language_cookie
from accounts.services import LANGUAGE_CODES, save_language


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The header's language switch: Django's view (cookie, redirect back to ``next``), and
    for a signed-in user the choice saved in their preferences too."""
    language = request.POST.get("language", "")
    if language not in LANGUAGE_CODES:
        return HttpResponseBadRequest(_("Unknown language."), content_type="text/plain")
    response = django_set_language(request)
    if request.user.is_authenticated:
        save_language(request.user, language)
    set_language_cookie(response, language)
    return response
