"""The Jinja2 environment of the site's pages (``settings.TEMPLATES``, first engine): every template under
``templates/`` but Django's admin, whose templates stay on Django's engine (``templates/django/``).

Jinja2 renders the same HTML as Django's template language did, at a fraction of its cost (issue 20). What the
templates had from Django's tags is here: ``url()``, ``static()``, ``querystring()``, the translation helpers of
``quizsite.templatetags.translation_status``, ``local_time``, and gettext through ``jinja2.ext.i18n`` (newstyle:
``{% trans name=… %}…{{ name }}…{% endtrans %}`` has the msgid ``…%(name)s…``, as ``{% blocktranslate %}`` had;
``quizsite/management/commands/makemessages.py`` extracts them). Forms write ``{{ csrf_field() }}``. Django's
backend adds ``request``, ``csrf_input`` and the context processors' variables (``user``, ``messages``,
``LANGUAGE_CODE``, ``language_choices``). An exam's pages have ``exam_clock`` (``quizzes.clock``).

Differences from Django's engine a template writer needs: methods are called with ``()`` (``user.get_username()``),
``loop.index`` replaces ``forloop.counter``, and a missing variable or attribute is empty, as in Django
(``ChainableUndefined``), never the ``{{ name }}`` that Django's backend shows in debug.
"""

from types import SimpleNamespace

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.template import defaultfilters, defaulttags
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils import html
from django.utils.safestring import SafeData
from django.utils.translation import get_language, gettext, ngettext, npgettext, pgettext
from jinja2 import ChainableUndefined, Environment, pass_context, pass_eval_context, select_autoescape
from markupsafe import Markup

from quizsite.templatetags import translation_status
from quizsite.templatetags.times import local_time
from quizzes.clock import exam_clock
from quizzes.templatetags.quiz_standings import learner_quiz_standings

_addresses: dict[tuple, str] = {}
_static_addresses: dict[str, str] = {}


def url(name: str, *args, **kwargs) -> str:
    """``{% url name arg … %}``: ``reverse(name, args=args, kwargs=kwargs)``; raises ``NoReverseMatch`` as it.

    An address without arguments (the layout's links: home, log in, My progress…) is the same for every request in
    one language and URL configuration, so it is reversed once per process and kept.
    """
    if args or kwargs:
        return reverse(name, args=args or None, kwargs=kwargs or None)
    key = (name, get_language(), get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF)
    address = _addresses.get(key)
    if address is None:
        address = _addresses[key] = reverse(name)
    return address


def static(path: str) -> str:
    """``{% static path %}``: the file's address (with debug off, its name with a hash of its content, from the
    manifest that ``collectstatic`` wrote, which does not change while a process runs: kept once read)."""
    if settings.DEBUG:
        return staticfiles_storage.url(path)
    address = _static_addresses.get(path)
    if address is None:
        address = _static_addresses[path] = staticfiles_storage.url(path)
    return address


@pass_context
def querystring(context, **kwargs) -> str:
    """``{% querystring key=value %}``: the request's query string with ``kwargs`` set ("?quizzes=2")."""
    return defaulttags.querystring(SimpleNamespace(request=context["request"]), **kwargs)


@pass_context
def quiz_standings(context, quizzes) -> list:
    """``quiz_standings(quizzes)``: each quiz paired with where the request's visitor stands in it
    (``quizzes.templatetags.quiz_standings.learner_quiz_standings``)."""
    return learner_quiz_standings(context["request"], quizzes)


@pass_context
def csrf_field(context) -> Markup:
    """``{{ csrf_field() }}``: the CSRF token's hidden input, the same for every form of the page.

    Django's ``csrf_input`` masks the token anew each time it is written (a page of five forms: five masks); one
    masked token per response is what Django's protection asks for (it changes with every response).
    """
    request = context["request"]
    field = getattr(request, "csrf_field", None)
    if field is None:
        field = request.csrf_field = Markup(str(context["csrf_input"]))
    return field


def fragment(holder, name: str, render) -> Markup:
    """``{{ fragment(quiz, "previews", macro) }}``: the HTML ``render()`` writes (a macro without arguments, or a
    call of one), kept in ``holder.fragments`` under ``name`` and written from there on later pages.

    For the parts of a page that are the same for every visitor and change only with the content they show: the
    holder is an immutable snapshot of that content in one language (``quizzes.localized.QuizContent``), replaced
    when the content changes, so what it keeps is never stale. Nothing of a visitor may go into such a part.
    """
    html = holder.fragments.get(name)
    if html is None:
        html = holder.fragments[name] = Markup(render())
    return html


@pass_eval_context
def linebreaks(eval_ctx, value) -> Markup:
    """Django's ``linebreaks`` filter: paragraphs and ``<br>`` for plain text, escaped unless already safe."""
    escape = eval_ctx.autoescape and not isinstance(value, SafeData | Markup)
    return Markup(html.linebreaks(value, autoescape=escape))


def environment(**options) -> Environment:
    """The site's environment, from the options Django's ``Jinja2`` backend passes (its loader on ``DIRS``).

    HTML is escaped, e-mail text (``*.txt``) is not; a template keeps its last newline, as with Django's engine.
    """
    options.update(
        autoescape=select_autoescape(disabled_extensions=("txt",), default_for_string=True, default=True),
        undefined=ChainableUndefined,
        keep_trailing_newline=True,
        extensions=[*options.get("extensions", ()), "jinja2.ext.i18n"],
    )
    env = Environment(**options)
    env.install_gettext_callables(gettext, ngettext, newstyle=True, pgettext=pgettext, npgettext=npgettext)
    env.globals.update(
        url=url,
        static=static,
        querystring=querystring,
        get_language=get_language,
        quiz_standings=quiz_standings,
        csrf_field=csrf_field,
        fragment=fragment,
        exam_clock=exam_clock,
        content_lang=translation_status.content_lang,
        lang_attr=translation_status.lang_attr,
        all_fall_back=translation_status.all_fall_back,
        fallback_badge=translation_status.fallback_badge,
        untranslated_marker=translation_status.untranslated_marker,
        translated_into=translation_status.translated_into,
    )
    env.filters.update(local_time=local_time, date=defaultfilters.date, linebreaks=linebreaks)
    return env
