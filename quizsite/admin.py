"""Pieces shared by the apps' admins: tabbed translation fields and search across every language.

``guides/admin.py`` and ``quizzes/admin.py`` import from here. The admin autodiscovers this module too
(``quizsite`` is an installed app), which is harmless: it registers no model. The ``folded_contains`` lookup
used in ``folded_search_fields`` is registered by ``QuizsiteConfig.ready``.
"""

from django.contrib.admin.widgets import AutocompleteSelectMultiple
from django.core.exceptions import BadRequest, ValidationError
from django.db import models
from django.forms import ModelMultipleChoiceField, Script
from django.http import HttpRequest, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TranslationAdmin
from modeltranslation.utils import build_localized_fieldname

from quizsite.texts import validate_text
from translations.facts import LANGUAGE_CODES

# modeltranslation's tabs need jQuery UI. Its own admin class loads it from a CDN, which the site's
# Content-Security-Policy (and an offline admin) would block; this copy is served from static/vendor/.
# Our script after modeltranslation's flags and opens the tabs whose field has an error; its data attribute
# carries the words a screen reader says after the tab's language code.
TABBED_TRANSLATION_JS = (
    "admin/js/jquery.init.js",
    "modeltranslation/js/force_jquery.js",
    "vendor/jquery-ui/jquery-ui.min.js",
    "js/admin_english_first.js",  # before modeltranslation's script, which reads its flag
    "modeltranslation/js/tabbed_translation_fields.js",
    # Translators: said by a screen reader after a language tab's code ("en"): that tab's field has an error.
    Script("js/admin_translation_tabs.js", **{"data-error-label": _("(has an error)")}),
)
# Opens the language tab of the field an address's fragment names (the translation grid's links); after the tabs.
OPEN_FIELD_JS = ("js/admin_open_field.js",)
TABBED_TRANSLATION_CSS = {
    "all": ("modeltranslation/css/tabbed_translation_fields.css", "css/admin_translation_tabs.css"),
}


def folded_search_fields(*paths: str) -> list[str]:
    """``search_fields`` entries: every language of each translated field, ignoring case and dots on i.

    Args:
        paths: translated fields, possibly across relations: ``"title"``, ``"questions__text"``.

    Returns:
        e.g. ``["title_en__folded_contains", "title_fr__folded_contains", "title_tr__folded_contains"]``.
    """
    return [f"{build_localized_fieldname(path, code)}__folded_contains" for path in paths for code in LANGUAGE_CODES]


class TextRulesMixin:
    """For ModelAdmin and inline classes: every text field's form field refuses a string unfit to store or show
    (``quizsite.texts``, the rule quiz files and PO files follow too), with a form error."""

    def formfield_for_dbfield(self, db_field, request: HttpRequest, **kwargs):
        formfield = super().formfield_for_dbfield(db_field, request, **kwargs)
        if formfield is not None and isinstance(db_field, models.CharField | models.TextField):
            formfield.validators.append(validate_text)
        return formfield


def is_id(field: models.Field, value) -> bool:
    """Whether ``value`` (as submitted) can name a row by ``field`` (a primary key): of its type and within its
    database range (a larger number makes SQLite raise OverflowError, PostgreSQL an error, both a 500)."""
    try:
        field.run_validators(field.to_python(value))
    except ValidationError:
        return False
    return True


class ReadableModelMultipleChoiceField(ModelMultipleChoiceField):
    """Django's field for a many-to-many relation, refusing a value that is no id ("abc", a 30-digit number) with
    its "not a valid value" message before asking the database about the others."""

    def _check_values(self, value):
        pk = self.queryset.model._meta.pk
        for item in value:  # a list or tuple (clean refuses anything else first)
            if not is_id(pk, item):
                raise ValidationError(
                    self.error_messages["invalid_pk_value"], code="invalid_pk_value", params={"pk": item}
                )
        return super()._check_values(value)


class ReadableAutocompleteSelectMultiple(AutocompleteSelectMultiple):
    """Django's autocomplete for a many-to-many field, re-showing a refused form whose submitted values include
    one that is not an id ("abc", from a forged request): Django's own looks the values up to label them, and the
    database refuses the lookup (a 500). Such a value is left out of the page; the form field has already said
    that it is not valid."""

    def optgroups(self, name, value, attrs=None):
        pk = self.field.remote_field.model._meta.pk
        return super().optgroups(name, [item for item in value if is_id(pk, item)], attrs)


class ReadableAutocompleteMixin:
    """For ModelAdmin classes: the many-to-many ``autocomplete_fields`` refuse values that are not ids with a form
    error, and show the refused form again (``ReadableModelMultipleChoiceField``, ``…SelectMultiple``)."""

    def formfield_for_manytomany(self, db_field, request: HttpRequest, **kwargs):
        if "widget" not in kwargs and db_field.name in self.get_autocomplete_fields(request):
            kwargs["widget"] = ReadableAutocompleteSelectMultiple(db_field, self.admin_site, using=kwargs.get("using"))
            kwargs.setdefault("form_class", ReadableModelMultipleChoiceField)
        return super().formfield_for_manytomany(db_field, request, **kwargs)


class SafeActionsMixin:
    """For ModelAdmin classes: a list action posted with selected ids that are not ids ("abc", forged or stale
    pages) is a 400, not the ValueError Django's action handling lets through as a 500."""

    def response_action(self, request: HttpRequest, queryset, **kwargs):
        try:
            return super().response_action(request, queryset, **kwargs)
        except (ValueError, ValidationError) as error:
            raise BadRequest("The selected objects are not valid ids.") from error


class TranslatedAdmin(SafeActionsMixin, TextRulesMixin, TranslationAdmin):
    """A ModelAdmin whose translated fields, its translation inlines' too, show one tab per language.

    modeltranslation marks the English field required where the model field is; French and Turkish may stay
    empty, and the site then shows English. A tab whose field has an error is flagged and opened (English's
    first): ``static/js/admin_translation_tabs.js``.
    """

    class Media:
        js = TABBED_TRANSLATION_JS + OPEN_FIELD_JS
        css = TABBED_TRANSLATION_CSS


def redirect_to_change_page(obj) -> HttpResponseRedirect:
    """Redirect to ``obj``'s admin change page (any model registered in the default admin site)."""
    opts = obj._meta
    return HttpResponseRedirect(reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk]))


def pressed_plain_save(request: HttpRequest) -> bool:
    """Tell whether a change form was sent with "Save" (not "Save and continue editing", "add another")."""
    return not {"_continue", "_addanother", "_saveasnew"} & set(request.POST)
