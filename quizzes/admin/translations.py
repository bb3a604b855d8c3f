"""A quiz's translation grid in the admin: each text's state in each language, a link to its field, and the
buttons that confirm stale translations (``/admin/quizzes/quiz/<id>/translations/``)."""

from django import forms
from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.contrib.admin.views.main import ChangeList
from django.core.exceptions import BadRequest, PermissionDenied
from django.db.models import Prefetch, Q
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_POST, require_safe

from quizzes.models import Choice, Question, Quiz
from quizzes.translation_gaps import grid_sentence, translation_gaps
from quizzes.translation_rows import QuizText, quiz_missing, quiz_stale, quiz_text_rows, quiz_texts
from translations.actions import tell_confirmed
from translations.completeness import present_share
from translations.facts import translated_fields, translation_languages
from translations.filters import TranslationFilter
from translations.states import State, rows
from translations.summary import STATE_LABELS, confirm_stale, tally


def text_models() -> dict[str, type]:
    """The models of a quiz's texts (``quiz_texts``) by ``label_lower``: quiz, question, choice and guide."""
    guide = Quiz._meta.get_field("guides").related_model
    return {model._meta.label_lower: model for model in (Quiz, Question, Choice, guide)}


def row_id(model: str, object_id: int, field: str) -> str:
    """The grid row's HTML id for a text, ``text-quizzes-choice-12-text``: where a confirmation comes back to."""
    return f"text-{model.replace('.', '-')}-{object_id}-{field}"


class ConfirmForm(forms.Form):
    """What a "Confirm" button sends: the language, and the text (model, id, field) or none for every stale text
    of the quiz. Refuses an unknown language, model or field; whether the text belongs to the quiz is the view's
    check (404)."""

    language = forms.ChoiceField(choices=translation_languages)
    model = forms.ChoiceField(required=False, choices=lambda: [("", "")] + [(label, label) for label in text_models()])
    object_id = forms.IntegerField(required=False, min_value=1)
    field = forms.CharField(required=False, max_length=50)

    def clean(self) -> dict:
        data = super().clean()
        given = [name for name in ("model", "object_id", "field") if data.get(name) not in (None, "")]
        if given and len(given) < 3:
            raise forms.ValidationError(gettext("Name the text by its model, id and field, or none of them."))
        if given and data["field"] not in translated_fields(text_models()[data["model"]]):
            self.add_error("field", gettext("This field is not translated."))
        return data


class QuizTranslationFilter(TranslationFilter):
    """Quizzes missing a French (Turkish…) text, or with a stale translation, among the texts of their grid: the
    quiz's, its questions', their choices', its guides' (``quiz_missing``, ``quiz_stale``)."""

    def missing_condition(self, language: str) -> Q:
        return quiz_missing(language)

    def stale_condition(self) -> Q:
        return quiz_stale()


class QuizChangeList(ChangeList):
    """The quiz list, with the page's questions and their choices, for ``translated_questions`` (two queries
    whatever the number of quizzes and questions)."""

    def get_queryset(self, request: HttpRequest, exclude_parameters=None):
        questions = Prefetch("questions", queryset=Question.objects.order_by().prefetch_related("choices"))
        return super().get_queryset(request, exclude_parameters).prefetch_related(questions)


class TranslationGridMixin:
    """Adds to ``QuizAdmin`` (put it before the admin base class) the translation grid and its confirm action,
    and the list's ``translated_questions`` column (with ``QuizTranslationFilter``, its filter)."""

    def get_changelist(self, request: HttpRequest, **kwargs) -> type[ChangeList]:
        return QuizChangeList

    @admin.display(description=gettext_lazy("translated questions"))
    def translated_questions(self, quiz: Quiz) -> str:
        """One line per translation language: "fr 3/8 questions", counting the questions a learner reads whole in
        that language (``Question.is_translated``, the one rule), then how many of the grid's other texts (the
        quiz's title and description, its guides') are missing, so that the column agrees with the "Missing …"
        filter: "tr 3/8 questions; 4 other texts missing". No query: questions, choices and guides are prefetched.
        """
        questions = list(quiz.questions.all())
        others = [quiz, *quiz.guides.all()]
        lines = []
        for code, _name in translation_languages():
            done = sum(question.is_translated(code) for question in questions)
            line = ngettext(
                "%(language)s %(done)s/%(total)s question",
                "%(language)s %(done)s/%(total)s questions",
                len(questions),
            ) % {"language": code, "done": done, "total": len(questions)}
            shares = [present_share(instance, code) for instance in others]
            missing = sum(total - present for present, total in shares)
            if missing:
                line = ngettext(
                    "%(questions)s; %(missing)s other text missing",
                    "%(questions)s; %(missing)s other texts missing",
                    missing,
                ) % {"questions": line, "missing": missing}
            lines.append(line)
        return format_html_join(mark_safe("<br>"), "{}", ((line,) for line in lines))

    def get_urls(self):
        grid = path(
            "<path:object_id>/translations/",
            self.admin_site.admin_view(require_safe(self.translations_view)),
            name="quizzes_quiz_translations",
        )
        confirm = path(
            "<path:object_id>/translations/confirm/",
            self.admin_site.admin_view(require_POST(self.confirm_translations_view)),
            name="quizzes_quiz_confirm_translations",
        )
        return [grid, confirm, *super().get_urls()]

    def _quiz(self, request: HttpRequest, object_id: str, *, change: bool) -> Quiz:
        quiz = self.get_object(request, unquote(object_id))
        if quiz is None:
            raise Http404
        allowed = self.has_change_permission(request, quiz) if change else self.has_view_permission(request, quiz)
        if not allowed:
            raise PermissionDenied
        return quiz

    def translations_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """The grid: per language the counts of translated, missing, stale and off-glossary texts; then a row per
        text of the quiz (``quiz_text_rows``) with its English and a cell per language. A question whose
        learners answered it right clearly less often in one translation (``translation_gaps``) says so in that
        language's cell of its text, with a link to the quiz's statistics page.

        Raises:
            Http404: no such quiz.
            PermissionDenied: the user may not view quizzes.
        """
        quiz = self._quiz(request, object_id, change=False)
        texts = quiz_text_rows(quiz)
        languages, tallies = translation_languages(), tally(text.row for text in texts)
        gaps = translation_gaps([quiz.pk])
        statistics = reverse("admin:quizzes_quiz_statistics", args=[quiz.pk])
        can_confirm = self.has_change_permission(request, quiz)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "original": quiz,
            "title": gettext("Translations: %(quiz)s") % {"quiz": quiz.title},
            "tallies": tallies,
            "confirm_all": [each for each in tallies if each.stale] if can_confirm else [],
            "languages": languages,
            "rows": [self._grid_row(text, languages, gaps) for text in texts],
            "statistics_url": statistics,
            "can_confirm": can_confirm,
            "confirm_url": reverse("admin:quizzes_quiz_confirm_translations", args=[quiz.pk]),
        }
        return TemplateResponse(request, "admin/quizzes/quiz/translations.html", context)

    @staticmethod
    def _grid_row(text: QuizText, languages: list[tuple[str, str]], gaps: dict[int, dict]) -> dict:
        """A grid row's context; ``gaps`` (``translation_gaps``) gives the cells of a question's text their
        ``gap`` sentence ("" elsewhere)."""
        page = text.page._meta
        instance = text.row.instance
        question_gaps = gaps.get(instance.pk, {}) if isinstance(instance, Question) and text.row.field == "text" else {}
        address = reverse(f"admin:{page.app_label}_{page.model_name}_change", args=[text.page.pk])
        model = text.row.instance._meta.label_lower
        return {
            "id": row_id(model, text.row.instance.pk, text.row.field),
            "label": text.label,
            "english": text.row.english,
            "model": model,
            "object_id": text.row.instance.pk,
            "field": text.row.field,
            # The question's item analysis on the statistics page, where a gap sentence links to.
            "anchor": f"#question-{instance.position}-item-analysis" if question_gaps else "",
            "cells": [
                {
                    "cell": text.row.cells[code],
                    "name": name,
                    "state_label": STATE_LABELS[text.row.cells[code].state],
                    "stale": text.row.cells[code].state is State.STALE,
                    "link": f"{address}#id_{text.input_name}_{code}",
                    "gap": grid_sentence(question_gaps[code]) if code in question_gaps else "",
                }
                for code, name in languages
            ],
        }

    def confirm_translations_view(self, request: HttpRequest, object_id: str) -> HttpResponseRedirect:
        """Confirm one stale translation (model, id, field, language) or every stale translation of the quiz's
        texts (``quiz_texts``, its guides' included) in one language; back to the grid with a message saying how
        many were confirmed.

        Raises:
            Http404: no such quiz, or the text named is not one of its texts.
            PermissionDenied: the user may not change quizzes.
            BadRequest: an unknown language, model or field, or a text named in part.
        """
        quiz = self._quiz(request, object_id, change=True)
        form = ConfirmForm(request.POST)
        if not form.is_valid():
            raise BadRequest(form.errors.as_text())
        language, items = form.cleaned_data["language"], quiz_texts(quiz)
        fragment = ""
        if form.cleaned_data["model"]:
            wanted = (form.cleaned_data["model"], form.cleaned_data["object_id"], form.cleaned_data["field"])
            items = [item for item in items if (item[0]._meta.label_lower, item[0].pk, item[1]) == wanted]
            if not items:
                raise Http404
            fragment = f"#{row_id(*wanted)}"
        # The glossary plays no part in what is stale: an empty one spares its two queries.
        tell_confirmed(self, request, confirm_stale(rows(items, glossary=[]), language))
        grid = reverse("admin:quizzes_quiz_translations", args=[quiz.pk])
        return HttpResponseRedirect(f"{grid}{fragment}")
