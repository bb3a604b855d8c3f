from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path
from django.utils.translation import gettext_lazy as _

from quizsite.views import HomeView, favicon_view, guide_detail_view, healthz_view
from quizzes.views import progress_view

# The error pages (quizsite/errors.py); 405 has no handler and gets its page from
# quizsite.middleware.MethodNotAllowedPageMiddleware, and 500 stays Django's (templates/500.html, standalone).
handler400 = "quizsite.errors.bad_request"
handler403 = "quizsite.errors.permission_denied"
handler404 = "quizsite.errors.page_not_found"

# The admin says whose it is, in the author's language (Django's default reads "Django administration").
admin.site.site_header = _("Quizsite administration")
admin.site.site_title = _("Quizsite administration")
admin.site.index_title = _("Content and learners")

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    # Outside the language prefixes: probes ask for one fixed address, browsers for /favicon.ico.
    path("healthz", healthz_view, name="healthz"),
    path("favicon.ico", favicon_view, name="favicon"),
]

# Every learner page lives under a language prefix (/en/, /fr/, /tr/); "/" is redirected by LocaleMiddleware
# to the prefix of the learner's language (cookie, then Accept-Language, then English).
urlpatterns += i18n_patterns(
    path("", HomeView.as_view(), name="home"),
    # A guide's page lists its quizzes' cards, so it is wired here with the home page (guides never import quizzes).
    path("guides/", include(([path("<slug:slug>/", guide_detail_view, name="detail")], "guides"))),
    path("quizzes/", include("quizzes.urls")),
    path("progress/", progress_view, name="progress"),
    path("", include("accounts.urls")),
)
