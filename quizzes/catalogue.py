"""The published guides and quizzes as lists show them (the home page, a guide's page), read once per content version.

Like a quiz's snapshot (``quizzes.snapshots``), the catalogue is kept in each process's memory under the content
version (``quizzes.versions``), so a page that lists quizzes reads the version and the visitor's own standings,
never the whole list: its cost is that of one page of cards, however many quizzes are published.

Lists are in the order a learner reads them in: guides by their ``ordering`` then slug (``Guide.Meta``), quizzes
by the title shown in the page's language (the English one where it is not translated), then slug, sorted by the
database's collation once per version and language.
"""

import threading
from dataclasses import dataclass

from django.db import connection
from django.db.models import Count, OuterRef, Subquery, Window
from django.db.models.functions import Coalesce, RowNumber
from django.urls import reverse
from django.utils import translation
from django.utils.html import format_html
from django.utils.translation import ngettext
from markupsafe import Markup
from modeltranslation.utils import build_localized_fieldname

from guides.models import Guide
from quizsite.templatetags.translation_status import content_lang_of, fallback_badge_of
from quizzes.localized import shown_texts
from quizzes.models import ContentVersion, Difficulty, Question, Quiz
from translations.facts import FALLBACK_LANGUAGE, LANGUAGE_CODES, shown_expression, translated_fields

_VERSION = f"SELECT token FROM {ContentVersion._meta.db_table} WHERE id = 1"


@dataclass(frozen=True, slots=True)
class QuizCard:
    """A published quiz as a card shows it in one language, with what its card writes worked out once: ``in_english``
    names its texts shown in English, ``title_lang`` is the language its title is shown in, ``badge`` the "EN"
    badge when that is English (``quizsite.templatetags.translation_status.fallback_badge``), ``meta`` the line
    under the title ("Medium level · 10 questions")."""

    pk: int
    slug: str
    title: str
    difficulty_label: str
    question_count: int
    url: str
    in_english: frozenset[str]
    title_lang: str
    badge: Markup
    meta: str

    def get_absolute_url(self) -> str:
        return self.url

    def get_difficulty_display(self) -> str:
        return self.difficulty_label


@dataclass(frozen=True, slots=True)
class GuideCard:
    """A published guide as a card shows it in one language; ``lang`` is its title's language (the card's),
    ``title_badge`` and ``summary_badge`` the "EN" badges its texts need, ``summary_lang_attr`` the summary's
    `` lang="…"`` attribute where it differs from the card's (the marking rule of
    ``quizsite.templatetags.translation_status``)."""

    pk: int
    slug: str
    title: str
    summary: str
    url: str
    in_english: frozenset[str]
    lang: str
    title_badge: Markup
    summary_badge: Markup
    summary_lang_attr: Markup

    def get_absolute_url(self) -> str:
        return self.url


@dataclass(frozen=True, slots=True)
class GuideContent:
    """A guide as its page shows it in one language (``in_english``: the names of its texts shown in English), with
    the content ``version`` read with it."""

    pk: int
    slug: str
    published: bool
    title: str
    summary: str
    body: str
    in_english: frozenset[str]
    version: str | None


def guide_content(slug: str, *, drafts: bool = False) -> GuideContent | None:
    """Guide ``slug`` in the active language with the content version: one query, of only the columns shown.

    Args:
        slug: the guide's slug.
        drafts: whether a draft may be read (staff preview it); learners read published guides only.

    Returns:
        The guide, or None when there is no such guide (or it is a draft and ``drafts`` is False).
    """
    language = translation.get_language() or FALLBACK_LANGUAGE
    names = translated_fields(Guide)
    columns = list(
        dict.fromkeys(build_localized_fieldname(name, code) for name in names for code in (language, FALLBACK_LANGUAGE))
    )
    # In SQL: the ORM would take longer to write this statement than the database to run it, on every guide page.
    sql = (
        f"SELECT id, slug, published, ({_VERSION}), {', '.join(columns)} FROM {Guide._meta.db_table} "
        "WHERE slug = %s" + ("" if drafts else " AND published = %s")
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [slug] if drafts else [slug, True])
        found = cursor.fetchone()
    if found is None:
        return None
    pk, slug, published, version, *texts = found
    shown, english = shown_texts(dict(zip(columns, texts, strict=True)), names, language)
    return GuideContent(pk, slug, bool(published), **shown, in_english=english, version=version)


class Catalogue:
    """The published guides and quizzes at one content version (``version``); cards are made per language on
    first use and kept.

    Attributes:
        guide_pks: the published guides' primary keys, in the guides' order.
        (and, through ``quizzes_of``, each guide's published quizzes, drafts' included for staff previews).
    """

    def __init__(self, version: str | None) -> None:
        self.version = version
        self._lock = threading.Lock()
        # The quizzes with their order in every language, in one statement: an order read apart from the rows
        # could name a quiz published in between, which the rows would lack.
        self._quiz_rows = {row["pk"]: row for row in _quiz_rows()}
        self._guide_rows = {row["pk"]: row for row in _guide_rows()}
        self.guide_pks = tuple(self._guide_rows)
        links: dict[int, set[int]] = {}
        for guide_id, quiz_id in Quiz.guides.through.objects.filter(quiz__published=True).values_list(
            "guide_id", "quiz_id"
        ):
            if quiz_id in self._quiz_rows:  # a link made after the rows were read waits for the next version
                links.setdefault(guide_id, set()).add(quiz_id)
        self._links = links
        self._orders = {
            code: tuple(sorted(self._quiz_rows, key=lambda pk, code=code: self._quiz_rows[pk][_rank(code)]))
            for code in LANGUAGE_CODES
        }
        self._cards: dict[str, dict[int, QuizCard]] = {}
        self._guide_cards: dict[str, dict[int, GuideCard]] = {}

    def quiz_pks(self, language: str) -> tuple[int, ...]:
        """The published quizzes' primary keys in title order for ``language``."""
        return self._orders[language]

    def quizzes_of(self, guide_pk: int, language: str) -> tuple[int, ...]:
        """The published quizzes of published guide ``guide_pk``, in title order for ``language``."""
        linked = self._links.get(guide_pk, set())
        return tuple(pk for pk in self.quiz_pks(language) if pk in linked)

    def quiz_cards(self, pks, language: str) -> list[QuizCard]:
        """The cards of published quizzes ``pks`` (an iterable of primary keys) in ``language``, in that order."""
        return self._made(self._cards, self._quiz_rows, _quiz_card, pks, language)

    def guide_cards(self, pks, language: str) -> list[GuideCard]:
        """The cards of published guides ``pks`` in ``language``, in that order."""
        return self._made(self._guide_cards, self._guide_rows, _guide_card, pks, language)

    def _made(self, held: dict, rows: dict, make, pks, language: str) -> list:
        """The cards ``make(row, language)`` of ``pks``, made once per language and kept in ``held``."""
        cards = held.setdefault(language, {})
        missing = [pk for pk in pks if pk not in cards]
        if missing:
            with translation.override(language):
                made = {pk: make(rows[pk], language) for pk in missing}
            with self._lock:
                cards.update(made)
        return [cards[pk] for pk in pks]


def _rank(language: str) -> str:
    return f"rank_{language}"


def _quiz_rows() -> list[dict]:
    """The published quizzes' card data with their question counts, and each one's rank (1…) in title order for
    every language: by the title shown in it (the English one where it is missing), then slug, in the database's
    collation."""
    titles = [build_localized_fieldname("title", code) for code in LANGUAGE_CODES]
    ranks = {
        _rank(code): Window(RowNumber(), order_by=[shown_expression("title", code), "slug"]) for code in LANGUAGE_CODES
    }
    counts = Question.objects.filter(quiz=OuterRef("pk")).order_by().values("quiz").annotate(count=Count("pk"))
    return list(
        Quiz.objects.published()
        .order_by()
        .annotate(question_count=Coalesce(Subquery(counts.values("count")), 0), **ranks)
        .values("pk", "slug", "difficulty", "question_count", *titles, *ranks)
    )


def _guide_rows() -> list[dict]:
    fields = [build_localized_fieldname(name, code) for name in ("title", "summary") for code in LANGUAGE_CODES]
    return list(Guide.objects.published().order_by("ordering", "slug").values("pk", "slug", *fields))


def _quiz_card(row: dict, language: str) -> QuizCard:
    """The card of quiz ``row`` in ``language``, the active language."""
    shown, english = shown_texts(row, ("title",), language)
    url = reverse("quizzes:detail", kwargs={"slug": row["slug"]})
    label = str(Difficulty(row["difficulty"]).label)
    count = row["question_count"]
    questions = ngettext("%(counter)s question", "%(counter)s questions", count) % {"counter": count}
    card = dict(pk=row["pk"], slug=row["slug"], title=shown["title"], difficulty_label=label, question_count=count)
    return QuizCard(
        **card,
        url=url,
        in_english=english,
        title_lang=content_lang_of(english, "title"),
        badge=fallback_badge_of(english, "title"),
        meta=f"{label} · {questions}",
    )


def _guide_card(row: dict, language: str) -> GuideCard:
    """The card of guide ``row`` in ``language``, the active language."""
    shown, english = shown_texts(row, ("title", "summary"), language)
    url = reverse("guides:detail", kwargs={"slug": row["slug"]})
    lang = content_lang_of(english, "title")
    # One badge on the title stands for the card when its summary is English too.
    whole = bool(shown["summary"]) and english == {"title", "summary"}
    summary_lang = content_lang_of(english, "summary")
    return GuideCard(
        row["pk"],
        row["slug"],
        shown["title"],
        shown["summary"],
        url,
        english,
        lang,
        fallback_badge_of(english, "title"),
        Markup("") if whole else fallback_badge_of(english, "summary"),
        Markup("") if summary_lang == lang else format_html(' lang="{}"', summary_lang),
    )


_held: Catalogue | None = None
_held_lock = threading.Lock()


def current_version() -> str | None:
    """The content version (``quizzes.versions``): one query; None when the database has no version row."""
    with connection.cursor() as cursor:
        cursor.execute(_VERSION)
        row = cursor.fetchone()
    return row[0] if row else None


def catalogue(version: str | None) -> Catalogue:
    """The catalogue at content ``version`` (from ``current_version``, or read with the visitor's state): this
    process's when it holds that version, else read now (three queries) and
    kept; a ``version`` of None (no version row) is read and not kept."""
    global _held
    held = _held
    if held is not None and version is not None and held.version == version:
        return held
    made = Catalogue(version)
    if version is not None:
        with _held_lock:
            _held = made
    return made


def forget() -> None:
    """Drop the catalogue this process holds (the query-budget tests pin what reading it costs)."""
    global _held
    with _held_lock:
        _held = None
