"""The committed interface translations are complete and their compiled .mo files match the .po sources."""

import gettext
import re
from pathlib import Path

import polib
import pytest
from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "locale"
TRANSLATED = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|\{[a-z_]+\}")


@pytest.fixture(params=TRANSLATED)
def catalogue(request) -> polib.POFile:
    return polib.pofile(str(LOCALE / request.param / "LC_MESSAGES" / "django.po"))


def test_every_message_is_translated_and_none_is_fuzzy(catalogue):
    assert [entry.msgid for entry in catalogue.untranslated_entries()] == []
    assert [entry.msgid for entry in catalogue.fuzzy_entries()] == []


def test_translations_keep_every_placeholder(catalogue):
    for entry in catalogue.translated_entries():
        translations = [entry.msgstr] if not entry.msgid_plural else list(entry.msgstr_plural.values())
        expected = sorted(PLACEHOLDER.findall(entry.msgid_plural or entry.msgid))
        for text in translations:
            assert sorted(PLACEHOLDER.findall(text)) == expected, entry.msgid


def test_compiled_catalogue_matches_its_source(catalogue):
    """A .mo file that is missing or was not recompiled after editing the .po fails here."""
    mo_path = Path(catalogue.fpath).with_suffix(".mo")
    assert mo_path.exists(), f"{mo_path} is missing: run `make messages`"
    with mo_path.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    for entry in catalogue.translated_entries():
        if entry.msgid_plural:
            for index, text in entry.msgstr_plural.items():
                n = 1 if index == 0 else 5
                assert compiled.ngettext(entry.msgid, entry.msgid_plural, n) == text, entry.msgid
        elif entry.msgctxt:
            assert compiled.pgettext(entry.msgctxt, entry.msgid) == entry.msgstr, entry.msgid
        else:
            assert compiled.gettext(entry.msgid) == entry.msgstr, entry.msgid


def test_french_puts_a_no_break_space_before_high_punctuation():
    """French typography: a no-break space before ; : ! ? (a plain one lets the mark wrap to the next line)."""
    catalogue = polib.pofile(str(LOCALE / "fr" / "LC_MESSAGES" / "django.po"))
    plain_space = re.compile(r" [;:!?]")
    offending = [
        text
        for entry in catalogue.translated_entries()
        for text in ([entry.msgstr] if not entry.msgid_plural else list(entry.msgstr_plural.values()))
        if plain_space.search(text)
    ]
    assert offending == []


def test_turkish_says_cevap_for_answering_never_yanit():
    """One verb for answering in Turkish: "cevap/cevaplamak", as every learner page says it; "yanıt" is the other
    word for it, and a learner who reads both wonders whether they mean different things."""
    catalogue = polib.pofile(str(LOCALE / "tr" / "LC_MESSAGES" / "django.po"))
    offending = [
        text
        for entry in catalogue.translated_entries()
        for text in ([entry.msgstr] if not entry.msgid_plural else list(entry.msgstr_plural.values()))
        if re.search(r"[yY]anıt", text)
    ]
    assert offending == []
