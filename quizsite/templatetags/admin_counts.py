"""A count of objects in words, as the admin's list footer and its "Select all" link say it: "8 questions".

Django's admin puts a model's plural name after any count but 1 ("8 questions"); Turkish keeps the noun singular
after a number ("8 soru", not "8 sorular"), and French says "0 question". So each model's count is one plural
string that translators write whole (``ngettext``), keyed by the model's label; a model not listed here gets
Django's wording. A new model shown in the admin gets a line here (the page walk in
``tests/native/test_native_pages.py`` fails on "8 sorular").
"""

from django import template
from django.db.models.options import Options
from django.utils.translation import ngettext_lazy

register = template.Library()

COUNTS = {
    "accounts.user": ngettext_lazy("%(count)s user", "%(count)s users", "count"),
    "auth.group": ngettext_lazy("%(count)s group", "%(count)s groups", "count"),
    "guides.guide": ngettext_lazy("%(count)s guide", "%(count)s guides", "count"),
    "quizzes.quiz": ngettext_lazy("%(count)s quiz", "%(count)s quizzes", "count"),
    "quizzes.question": ngettext_lazy("%(count)s question", "%(count)s questions", "count"),
    "quizzes.choice": ngettext_lazy("%(count)s choice", "%(count)s choices", "count"),
    "quizzes.attempt": ngettext_lazy("%(count)s attempt", "%(count)s attempts", "count"),
    "quizzes.answer": ngettext_lazy("%(count)s answer", "%(count)s answers", "count"),
    "quizzes.guest": ngettext_lazy("%(count)s guest", "%(count)s guests", "count"),
    "quizzes.accommodation": ngettext_lazy("%(count)s accommodation", "%(count)s accommodations", "count"),
    "translations.glossaryterm": ngettext_lazy("%(count)s glossary term", "%(count)s glossary terms", "count"),
    "axes.accessattempt": ngettext_lazy("%(count)s access attempt", "%(count)s access attempts", "count"),
    "axes.accesslog": ngettext_lazy("%(count)s access log", "%(count)s access logs", "count"),
    "axes.accessfailurelog": ngettext_lazy("%(count)s access failure", "%(count)s access failures", "count"),
}


@register.simple_tag
def object_count(opts: Options, count: int) -> str:
    """``count`` objects of the model described by ``opts`` (a model's ``_meta``), in words: "8 questions".

    Usage: ``{% object_count cl.opts cl.result_count %}``, or ``… as counted`` to use it in a sentence.
    """
    wording = COUNTS.get(opts.label_lower)
    if wording is not None:
        return wording % {"count": count}
    return f"{count} {opts.verbose_name if count == 1 else opts.verbose_name_plural}"
