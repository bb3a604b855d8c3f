"""The glossary in the admin: each term with its approved rendering per language, or kept as is.

Authors manage it (the "Authors" group's permissions, ``migrations/0002_authors_manage_the_glossary``); the
translation grid flags translations that do not follow it (``glossary``).
"""

from django.contrib import admin
from django.core.exceptions import ValidationError
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from quizsite.admin import SafeActionsMixin, TextRulesMixin
from translations.facts import translation_languages
from translations.models import GlossaryRendering, GlossaryTerm


class RenderingFormSet(BaseInlineFormSet):
    """The renderings of one term; refused when the term is kept as is (``GlossaryTerm.validate_renderings``).
    A second rendering in the same language is refused by the formset's unique check (the model's constraint),
    with a message that names no field by its code name.

    Its blank rows start on the translation languages the term has no rendering in yet (in ``settings.LANGUAGES``
    order), so an author types the renderings only. A row left as it started (its language, no rendering) has not
    changed: Django skips it (an extra form's ``empty_permitted``) and saves nothing for it.
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The term's renderings, read once here and kept by get_queryset for the rows (no further query).
        taken = {rendering.language for rendering in self.get_queryset()}
        self.initial_extra = [{"language": code} for code, _name in translation_languages() if code not in taken]

    def get_unique_error_message(self, unique_check) -> str:
        return gettext("Each language has one rendering at most.")

    def clean(self) -> None:
        super().clean()
        languages = [
            form.cleaned_data["language"]
            for form in self.forms
            if form.cleaned_data.get("language") and not self._should_delete_form(form)
        ]
        try:
            self.instance.validate_renderings(languages)
        except ValidationError as error:
            raise ValidationError(error.messages) from error


class RenderingInline(TextRulesMixin, admin.TabularInline):
    """One row per translation language at most."""

    model = GlossaryRendering
    formset = RenderingFormSet
    fields = ["language", "rendering"]
    extra = max_num = len(translation_languages())


def rendering_column(code: str, name: str):
    """A changelist column: the term's approved rendering in language ``code`` (the term itself when kept as is;
    empty when the glossary has none), read from the prefetched renderings."""

    @admin.display(description=name)
    def column(term: GlossaryTerm) -> str | None:
        if term.keep_as_is:
            return term.term
        return next((rendering.rendering for rendering in term.renderings.all() if rendering.language == code), None)

    column.__name__ = f"rendering_{code}"
    return column


@admin.register(GlossaryTerm)
class GlossaryTermAdmin(SafeActionsMixin, TextRulesMixin, admin.ModelAdmin):
    fields = ["term", "keep_as_is", "note"]
    inlines = [RenderingInline]
    list_display = ["term", "keep_as_is", *(rendering_column(code, name) for code, name in translation_languages())]
    list_filter = ["keep_as_is"]
    search_fields = ["term__folded_contains", "renderings__rendering__folded_contains"]
    search_help_text = _("Searches terms and their renderings, ignoring case and the dots on i.")

    def get_queryset(self, request: HttpRequest):
        return super().get_queryset(request).prefetch_related("renderings")
