"""Quiz content snapshots (``quizzes.snapshots``) and the content version they are kept under
(``quizzes.versions``): read once per version, never served after a write, the fallback rule applied once."""

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import override_settings
from django.utils import translation

from guides.models import Guide
from quizzes import catalogue as catalogue_module
from quizzes import snapshots
from quizzes.catalogue import current_version
from quizzes.models import Choice, ContentVersion, Question, Quiz
from tests.factories import make_guide, make_quiz
from translations.models import GlossaryTerm

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _nothing_held():
    snapshots.forget_all()
    yield
    snapshots.forget_all()


def read(quiz: Quiz, language: str = "en"):
    return snapshots.quiz_content(quiz.pk, current_version(), language)


# --- The version changes with every write of authored content, whatever makes it -----------------------------------


WRITES = {
    "a quiz saved": lambda quiz: Quiz.objects.get(pk=quiz.pk).save(),
    "a quiz's title updated in bulk": lambda quiz: Quiz.objects.filter(pk=quiz.pk).update(title_fr="Titre"),
    "a question added": lambda quiz: Question.objects.create(quiz=quiz, position=9, text_en="Added"),
    "a question's text updated": lambda quiz: Question.objects.filter(quiz=quiz).update(text_tr="Soru"),
    "a question deleted": lambda quiz: Question.objects.filter(quiz=quiz, position=2).delete(),
    "a choice's mark moved": lambda quiz: Choice.objects.filter(question__quiz=quiz).update(is_correct=False),
    "a guide linked": lambda quiz: quiz.guides.add(make_guide(slug="other")),
    "a guide's title changed": lambda quiz: Guide.objects.update(title_fr="Guide"),
    "a glossary term added": lambda quiz: GlossaryTerm.objects.create(term="gradient"),
    "raw SQL": lambda quiz: connection.cursor().execute("UPDATE quizzes_choice SET text_fr = 'x'"),
    "the quiz deleted": lambda quiz: Quiz.objects.filter(pk=quiz.pk).delete(),
}


@pytest.mark.parametrize("write", WRITES.values(), ids=WRITES.keys())
def test_every_write_of_content_makes_a_new_version(write):
    quiz = make_quiz(questions=2)
    make_guide(slug="path").quizzes.add(quiz)
    before = current_version()
    write(quiz)
    assert current_version() not in (before, None)


def test_a_missing_version_row_comes_back_with_the_next_write():
    """A test database flushed between tests (live-server tests) has no row: the next write makes one."""
    quiz = make_quiz(questions=1)
    ContentVersion.objects.all().delete()
    assert current_version() is None
    assert read(quiz).title == "A quiz"  # read from the database, kept nowhere
    Quiz.objects.filter(pk=quiz.pk).update(title_en="Renamed")
    assert len(current_version()) == 32
    assert read(quiz).title == "Renamed"


# --- Read once per version ------------------------------------------------------------------------------------


def test_a_snapshot_is_read_in_two_queries_then_held(django_assert_num_queries):
    quiz = make_quiz(questions=5)
    version = current_version()
    with django_assert_num_queries(2):  # the quiz with its guides, the questions with their choices
        first = snapshots.quiz_content(quiz.pk, version, "en")
    with django_assert_num_queries(0):
        assert snapshots.quiz_content(quiz.pk, version, "en") is first
        french = snapshots.quiz_content(quiz.pk, version, "fr")  # another language: from the rows held
    assert (len(first.questions), [len(question.choices) for question in french.questions]) == (5, [4] * 5)


def test_a_write_is_seen_by_the_next_read():
    quiz = make_quiz(questions=2)
    assert read(quiz).questions[0].text == "Question 1"
    Question.objects.filter(quiz=quiz, position=1).update(text_en="Question 1, reworded")
    assert read(quiz).questions[0].text == "Question 1, reworded"
    Question.objects.filter(quiz=quiz, position=2).delete()
    assert [question.text for question in read(quiz).questions] == ["Question 1, reworded"]


def test_a_deleted_quiz_has_no_snapshot():
    quiz = make_quiz(questions=1)
    read(quiz)
    Quiz.objects.filter(pk=quiz.pk).delete()
    assert read(quiz) is None


@override_settings(CACHES={"snapshots": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "s"}})
def test_a_process_without_the_snapshot_takes_it_from_the_shared_cache(django_assert_num_queries):
    """With Redis (the ``snapshots`` cache), what one process read serves the others at the same version."""
    quiz = make_quiz(questions=3)
    version = current_version()
    snapshots.quiz_content(quiz.pk, version, "fr")
    snapshots.forget_all()  # another process: nothing in its memory
    with django_assert_num_queries(0):
        assert [question.text for question in snapshots.quiz_content(quiz.pk, version, "tr").questions] == [
            "Question 1",
            "Question 2",
            "Question 3",
        ]


# --- What a snapshot holds --------------------------------------------------------------------------------------


def test_texts_missing_in_a_language_are_shown_in_english_and_marked():
    quiz = make_quiz(questions=2, title_fr="Un quiz", description_en="About", description_fr="")
    Question.objects.filter(quiz=quiz, position=1).update(text_fr="Question 1 (fr)", explanation_fr="Parce que.")
    Choice.objects.filter(question__quiz=quiz, question__position=1).update(text_fr="Choix")
    french = read(quiz, "fr")
    assert (french.title, french.description, french.in_english) == ("Un quiz", "About", frozenset({"description"}))
    first, second = french.questions
    assert (first.text, first.in_english, first.is_translated) == ("Question 1 (fr)", frozenset(), True)
    assert (second.text, second.in_english, second.is_translated) == (
        "Question 2",
        frozenset({"text", "explanation"}),
        False,
    )
    assert [choice.text for choice in first.choices] == ["Choix"] * 4
    assert french.untranslated_count == 1
    english = read(quiz, "en")
    assert (english.in_english, english.untranslated_count) == (frozenset(), 0)


def test_a_snapshot_holds_published_guides_in_their_order_and_its_addresses():
    quiz = make_quiz(slug="trial", questions=1)
    quiz.guides.add(
        make_guide(slug="b", title="B", ordering=2),
        make_guide(slug="a", title="A", ordering=2),
        make_guide(slug="first", title="First", ordering=1),
        make_guide(slug="draft", title="Draft", published=False),
    )
    with translation.override("tr"):
        content = snapshots.quiz_content(quiz.pk, current_version())
    assert [guide.title for guide in content.guides] == ["First", "A", "B"]
    assert (content.url, content.question_url(3), content.guides[0].url) == (
        "/tr/quizzes/trial/",
        "/tr/quizzes/trial/questions/3/",
        "/tr/guides/first/",
    )
    assert (content.difficulty_label, content.questions[0].correct_choice().text) == ("Orta seviye", "Q1 choice 1")


@override_settings(CACHES={"snapshots": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "f"}})
def test_rows_another_release_put_in_the_shared_cache_are_never_read(monkeypatch):
    """A release that reads other columns keeps its rows under other keys (a schema change bumps no version)."""
    quiz = make_quiz(questions=1)
    version = current_version()
    monkeypatch.setattr(snapshots, "_FORMAT", "another-release")
    caches["snapshots"].set(snapshots._shared_key(quiz.pk, version), "rows of another shape")
    monkeypatch.setattr(snapshots, "_FORMAT", "this-release")
    assert snapshots.quiz_content(quiz.pk, version, "en").questions[0].text == "Question 1"


def test_a_quiz_linked_after_the_catalogues_quizzes_were_read_waits_for_the_next_version(monkeypatch):
    """The catalogue reads its quizzes, then the guides' links: a quiz published in between is left out of the
    lists (the next version has it), never a page error."""
    first, second = make_quiz("first", "First", questions=1), make_quiz("second", "Second", questions=1)
    guide = make_guide(slug="path")
    guide.quizzes.set([first, second])
    rows = catalogue_module._quiz_rows
    monkeypatch.setattr(catalogue_module, "_quiz_rows", lambda: [row for row in rows() if row["pk"] == first.pk])
    listed = catalogue_module.Catalogue(current_version())
    assert [card.title for card in listed.quiz_cards(listed.quizzes_of(guide.pk, "fr"), "fr")] == ["First"]
    assert listed.quiz_pks("tr") == (first.pk,)


def test_a_process_keeps_at_most_so_many_quizzes_the_least_recently_read_going_first(
    monkeypatch, django_assert_num_queries
):
    monkeypatch.setattr(snapshots, "HELD_QUIZZES", 2)
    first, second, third = (make_quiz(f"quiz-{number}", questions=1) for number in range(3))
    version = current_version()
    for quiz in (first, second, first, third):
        snapshots.quiz_content(quiz.pk, version, "en")
    assert len(snapshots._store) == 2
    with django_assert_num_queries(0):  # read last, and just before: held
        snapshots.quiz_content(first.pk, version, "en")
        snapshots.quiz_content(third.pk, version, "en")
    with django_assert_num_queries(2):  # the least recently read: dropped
        snapshots.quiz_content(second.pk, version, "en")
