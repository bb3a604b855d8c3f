"""The ceiling's addresses: its page under the language prefixes, as the site's learner pages are, and the
health check that ``docker/entrypoint.sh``'s callers wait for."""

from django.conf.urls.i18n import i18n_patterns
from django.urls import path

from bench.ceiling.views import ceiling_view
from quizsite.views import healthz_view

urlpatterns = [path("healthz", healthz_view, name="healthz")]
urlpatterns += i18n_patterns(path("ceiling/", ceiling_view, name="ceiling"))
