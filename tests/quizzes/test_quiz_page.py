"""The quiz page leads with one summary (level, number of questions, and once how many are not yet in the learner's
language) and one action (Start, Resume, Retake) with where the learner or the guest stands; the preview follows."""

import pytest
from django.test import Client
from pytest_django.asserts import assertInHTML

from quizzes.models import Question
from tests.factories import make_guide, make_quiz, make_user
from tests.pages import attribute, find, form_buttons, has_class, own_text, texts_of, url

pytestmark = pytest.mark.django_db

NBSP = "\N{NO-BREAK SPACE}"
# The summary's name for a screen reader.
SUMMARY_LABEL = {"en": "About this quiz", "fr": "À propos de ce quiz", "tr": "Bu test hakkında"}


def facts(page: bytes) -> list[str]:
    """The summary's lines, in order: level, number of questions, share in the learner's language."""
    (summary,) = find(page, has_class("quiz-facts"))
    return [own_text(item) for item in find(summary, lambda node: node.name == "li")]


def status(page: bytes) -> str:
    """Where the visitor stands, as the heading next to the action says it."""
    (heading,) = find(page, lambda node: attribute(node, "id") == "quiz-status-heading")
    return own_text(heading)


def buttons_in_main(page: bytes) -> list[str]:
    """The labels of every button in the page's main content (the header's language and logout buttons are not)."""
    (main,) = find(page, lambda node: node.name == "main")
    return [own_text(button) for button in find(main, lambda node: node.name == "button")]


def translate(question: Question, language: str, *, explanation: bool = True, missing_choice: int | None = None):
    """Give ``question`` its text, explanation (unless ``explanation`` is False) and choices (but the one at
    position ``missing_choice``) in ``language``."""
    setattr(question, f"text_{language}", f"{question.text_en} ({language})")
    if explanation:
        setattr(question, f"explanation_{language}", f"{question.explanation_en} ({language})")
    question.save()
    for choice in question.choices.exclude(position=missing_choice):
        setattr(choice, f"text_{language}", f"{choice.text_en} ({language})")
        choice.save()


def partly_translated_quiz():
    """Four questions of a hard quiz. French: 1, 2 and 3 complete; Turkish: only 1 (2 has no Turkish
    explanation, 3 lacks a choice); 4 only in English."""
    quiz = make_quiz(questions=4, difficulty="hard")
    first, second, third, _fourth = quiz.questions.order_by("position")
    for language in ("fr", "tr"):
        translate(first, language)
        translate(second, language, explanation=language == "fr")
        translate(third, language, missing_choice=None if language == "fr" else 2)
    return quiz


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["Hard level", "4 questions"]),
        ("fr", ["Niveau difficile", "4 questions"]),
        ("tr", ["Zor seviye", "4 soru"]),
    ],
)
def test_the_summary_gives_level_and_size(client, language, expected):
    quiz = partly_translated_quiz()
    page = client.get(url("quizzes:detail", language, slug=quiz.slug)).content
    assert facts(page) == expected
    (summary,) = find(page, has_class("quiz-facts"))
    assert attribute(summary, "aria-label") == SUMMARY_LABEL[language]


def translation_notes(page: bytes) -> list[str]:
    """What the quiz page says about the questions not yet in the learner's language: each such sentence."""
    return texts_of(page, "translation-note")


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        # French: question 4; Turkish: questions 2 (no explanation), 3 (a choice) and 4.
        ("fr", "1 question sur 4 n’est pas encore traduite en français."),
        ("tr", "4 sorudan 3 tanesi henüz Türkçeye çevrilmedi."),
    ],
)
def test_the_page_says_once_how_many_questions_are_not_yet_translated(client, language, expected):
    quiz = partly_translated_quiz()
    page = client.get(url("quizzes:detail", language, slug=quiz.slug)).content
    assert translation_notes(page) == [expected]


@pytest.mark.parametrize(
    ("language", "translated", "expected"),
    [
        ("fr", 0, ["3 questions sur 3 ne sont pas encore traduites en français."]),
        ("fr", 1, ["2 questions sur 3 ne sont pas encore traduites en français."]),
        ("fr", 2, ["1 question sur 3 n’est pas encore traduite en français."]),
        ("fr", 3, []),
        ("tr", 0, ["3 sorudan 3 tanesi henüz Türkçeye çevrilmedi."]),
        ("tr", 2, ["3 sorudan 1 tanesi henüz Türkçeye çevrilmedi."]),
        ("tr", 3, []),
        # Everything is written in English first: nothing to say.
        ("en", 0, []),
    ],
)
def test_the_translation_note_counts_some_or_all_and_is_absent_when_all_are_translated(
    client, language, translated, expected
):
    quiz = make_quiz(questions=3)
    for question in quiz.questions.order_by("position")[:translated]:
        translate(question, language)
    page = client.get(url("quizzes:detail", language, slug=quiz.slug)).content
    assert translation_notes(page) == expected


# One row per state: how the visitor got there, then (status, button) in English, French and Turkish.
STATES = {
    "not started": (
        [],
        {"en": ("Not started", "Start"), "fr": ("Pas encore commencé", "Commencer"), "tr": ("Başlanmadı", "Başla")},
    ),
    "unfinished": (
        [1],
        {
            "en": ("Question 2 of 3", "Resume"),
            "fr": ("Question 2 de 3", "Reprendre"),
            "tr": ("3 sorudan 2. soru", "Devam et"),
        },
    ),
    "finished": (
        [1, 2, 1],
        {
            "en": ("Your last score: 2/3", "Retake"),
            "fr": (f"Votre dernier score{NBSP}: 2/3", "Recommencer"),
            "tr": ("Son puanınız: 2/3", "Yeniden çöz"),
        },
    ),
    "nothing left": (
        [1, 1],
        {
            "en": ("You have answered every question.", "See your results"),
            "fr": ("Vous avez répondu à toutes les questions.", "Voir vos résultats"),
            "tr": ("Tüm soruları cevapladınız.", "Sonuçları gör"),
        },
    ),
}


def reach(client: Client, quiz, state: str) -> None:
    """Take ``quiz`` through the pages up to ``state`` (for "nothing left", an author then removes question 3)."""
    picks, _texts = STATES[state]
    if state != "not started":
        client.post(url("quizzes:start", slug=quiz.slug))
    for position, pick in enumerate(picks, start=1):
        choice = quiz.questions.get(position=position).choices.get(position=pick)
        client.post(url("quizzes:question", slug=quiz.slug, number=position), {"choice": choice.pk})
    if state == "nothing left":
        quiz.questions.get(position=3).delete()


@pytest.mark.parametrize("language", ["en", "fr", "tr"])
@pytest.mark.parametrize("visitor", ["learner", "guest"])
@pytest.mark.parametrize("state", STATES)
def test_one_action_next_to_the_status_in_each_state(client, state, visitor, language):
    quiz = make_quiz(questions=3)
    if visitor == "learner":
        client.force_login(make_user())
    reach(client, quiz, state)
    page = client.get(url("quizzes:detail", language, slug=quiz.slug)).content
    expected_status, expected_button = STATES[state][1][language]
    assert (status(page), buttons_in_main(page)) == (expected_status, [expected_button])
    assert form_buttons(page, url("quizzes:start", language, slug=quiz.slug)) == [expected_button]
    assert len(find(page, has_class("guest-note"))) == (1 if visitor == "guest" else 0)


def test_headings_run_in_order_below_one_h1(client):
    quiz = make_quiz(title="Heads")
    make_guide().quizzes.add(quiz)
    page = client.get(url("quizzes:detail", slug=quiz.slug)).content
    headings = find(page, lambda node: node.name in {"h1", "h2", "h3"})
    assert [(heading.name, own_text(heading)) for heading in headings] == [
        ("h1", "Heads"),
        ("h2", "Not started"),
        ("h2", "Related guide paths"),
        ("h2", "Preview every question"),
    ]


def test_the_summary_comes_before_the_related_guides_and_the_preview(client):
    quiz = make_quiz()
    make_guide().quizzes.add(quiz)
    page = client.get(url("quizzes:detail", slug=quiz.slug)).content
    blocks = ["quiz-facts", "quiz-status", "related-guides", "preview"]
    found = find(page, lambda node: any(has_class(block)(node) for block in blocks))
    assert [attribute(node, "class") for node in found] == blocks


# The badge that marks each block shown in English in a list, as a French or Turkish page writes it.
SHORT_MARKER = (
    '<span class="untranslated-marker is-short" lang="{language}"><span class="language-code" aria-hidden="true">en'
    '</span><span class="visually-hidden">{label}</span></span>'
)
IN_ENGLISH = {"fr": "En anglais", "tr": "İngilizce"}


def short_marker(language: str) -> str:
    return SHORT_MARKER.format(language=language, label=IN_ENGLISH[language])


@pytest.mark.parametrize("language", ["fr", "tr"])
def test_each_preview_in_english_carries_lang_en_and_the_short_badge(client, language):
    quiz = partly_translated_quiz()
    page = client.get(url("quizzes:detail", language, slug=quiz.slug)).content.decode()
    choices = "".join(f"<li>Q4 choice {c}</li>" for c in range(1, 5))
    assertInHTML(
        f'<li class="question-preview" lang="en">{short_marker(language)}<p class="question-text">Question 4</p>'
        f'<ul class="choice-list">{choices}</ul></li>',
        page,
    )
    # French: question 4 only; Turkish: 3 lacks a choice (marked too), 2 only its explanation (not in the preview).
    marked = {"fr": 1, "tr": 2}[language]
    assert len(find(page, has_class("is-short"))) == marked
    # The long label stays for the quiz's own title (English only here), once.
    long_label = {
        "fr": f"Pas encore traduit{NBSP}: affiché en anglais",
        "tr": "Henüz çevrilmedi: İngilizce gösteriliyor",
    }
    assert texts_of(page.encode(), "untranslated-marker") == [long_label[language]] + [""] * marked


@pytest.mark.parametrize("language", ["fr", "tr"])
def test_the_next_question_shown_mid_attempt_is_marked_when_in_english(client, language):
    quiz = make_quiz(questions=3)
    translate(quiz.questions.get(position=1), language)
    reach(client, quiz, "unfinished")
    page = client.get(url("quizzes:detail", language, slug=quiz.slug)).content.decode()
    assertInHTML(f'<p class="next-question" lang="en">{short_marker(language)} Question 2</p>', page)


@pytest.mark.parametrize("language", ["fr", "tr"])
def test_the_next_question_in_the_learners_language_carries_no_marker(client, language):
    quiz = make_quiz(questions=3)
    translate(quiz.questions.get(position=2), language)
    reach(client, quiz, "unfinished")
    page = client.get(url("quizzes:detail", language, slug=quiz.slug)).content.decode()
    assertInHTML(f'<p class="next-question">Question 2 ({language})</p>', page)


@pytest.mark.parametrize("language", ["fr", "tr"])
def test_a_related_guide_in_english_carries_the_short_badge(client, language):
    quiz = make_quiz(questions=1)
    make_guide(slug="path", title="Path").quizzes.add(quiz)
    page = client.get(url("quizzes:detail", language, slug=quiz.slug)).content.decode()
    assertInHTML(
        f'<li lang="en"><a href="/{language}/guides/path/">Path</a> {short_marker(language)}</li>',
        page,
    )
