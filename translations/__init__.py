"""Translation management: what each translated text's state is in each language, for authors.

English is the source language; French and Turkish translations of the fields registered with
django-modeltranslation (``quizzes/translation.py``, ``guides/translation.py``) are each, per language:

- **missing**: no text (None, empty or white space only), so learners read the English (the fallback language);
- **stale**: written from an English text that has changed since (``TranslationSource``, kept by ``tracking``);
- **translated** otherwise; a translated or stale text may also be **off-glossary** (``glossary``).

Modules: ``facts`` (each fact once: the source and fallback language, the translation languages, the translated
fields, missing, the fallback rule, stale), ``models`` (``TranslationSource``, ``GlossaryTerm``,
``GlossaryRendering``), ``tracking`` (recording which English text each translation was written from, on every
save), ``states`` (the state of given fields), ``glossary`` (the glossary's matching rules). This app builds on no
other app of the project; the quiz's rows (which texts belong to a quiz) live in ``quizzes.translation_rows``.
"""
