"""What a French or Turkish reader flagged, as they now read it, and English text marked wherever a learner meets it
(the quiz page's own markers are in ``test_quiz_page.py``)."""

import pytest
from django.urls import reverse
from django.utils import translation
from pytest_django.asserts import assertInHTML

from quizzes.models import Question, Quiz
from tests.factories import answer_quiz, make_quiz, make_user
from tests.pages import find, has_class, own_text, texts_of, url

pytestmark = pytest.mark.django_db

NBSP = "\N{NO-BREAK SPACE}"
IN_ENGLISH = {"fr": "En anglais", "tr": "İngilizce"}


def short_marker(language: str) -> str:
    """The badge of a text shown in English, as a French or Turkish page writes it."""
    return (
        f'<span class="untranslated-marker is-short" lang="{language}"><span class="language-code" aria-hidden="true">'
        f'en</span><span class="visually-hidden">{IN_ENGLISH[language]}</span></span>'
    )


def answered_page(client, quiz: Quiz, language: str, pick: int) -> bytes:
    """Start ``quiz`` in ``language``, pick choice ``pick`` of question 1, and read its feedback page."""
    client.post(url("quizzes:start", language, slug=quiz.slug))
    choice = quiz.questions.get(position=1).choices.get(position=pick)
    address = url("quizzes:question", language, slug=quiz.slug, number=1)
    client.post(address, {"choice": choice.pk})
    return client.get(address).content


@pytest.mark.parametrize(
    ("language", "pick", "expected"),
    [
        # The choices' tags in order, then the verdict: a right answer, then a wrong one.
        ("fr", 1, ([f"Votre réponse{NBSP}: exacte"], f"Exact{NBSP}!")),
        ("fr", 2, (["Bonne réponse", f"Votre réponse{NBSP}: erronée"], "Mauvaise réponse.")),
        ("tr", 1, (["Cevabınız isabetli"], "Bildiniz!")),
        ("tr", 2, (["Beklenen cevap", "Cevabınız hatalı"], "Bilemediniz.")),
    ],
)
def test_the_verdict_and_the_choice_tags_read_together(client, language, pick, expected):
    """French said "Bonne réponse" both for the verdict and for the correct choice's tag."""
    page = answered_page(client, make_quiz(questions=2), language, pick)
    assert (texts_of(page, "tag"), own_text(find(page, has_class("feedback"))[0])) == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("fr", f"Question 1{NBSP}: exacte Question 2{NBSP}: sans réponse pour l’instant"),
        ("tr", "1. soru: isabetli 2. soru: henüz cevaplanmadı"),
    ],
)
def test_the_progress_segments_say_what_each_question_is(client, language, expected):
    page = answered_page(client, make_quiz(questions=2), language, 1)
    (segments,) = find(page, has_class("progress-segments"))
    assert " ".join(own_text(node) for node in find(segments, has_class("visually-hidden"))) == expected


@pytest.mark.parametrize("language", ["fr", "tr"])
def test_an_explanation_in_english_under_a_translated_question_carries_its_badge(client, language):
    quiz = make_quiz(questions=1, **{f"title_{language}": "Le quiz"})
    question = quiz.questions.get()
    setattr(question, f"text_{language}", "Q?")
    question.save()
    for choice in question.choices.all():
        setattr(choice, f"text_{language}", f"C{choice.position}")
        choice.save()
    page = answered_page(client, quiz, language, 1).decode()
    assert len(find(page, has_class("untranslated-marker"))) == 1
    assertInHTML(f'<p id="explanation-text">{short_marker(language)} Explanation 1</p>', page)
    (section,) = find(page, has_class("explanation"))
    assert dict(section.attributes)["lang"] == "en"


def test_a_translated_explanation_carries_no_badge(client):
    quiz = make_quiz(questions=1)
    Question.objects.filter(quiz=quiz).update(explanation_fr="Parce que.")
    page = answered_page(client, quiz, "fr", 1).decode()
    assertInHTML('<p id="explanation-text">Parce que.</p>', page)


@pytest.mark.parametrize("language", ["fr", "tr"])
def test_the_results_list_marks_each_answer_in_english_where_it_is_folded(client, language):
    """The summary line shows while the answer is folded, so the badge is there, not inside."""
    quiz = make_quiz(questions=2)
    Quiz.objects.filter(pk=quiz.pk).update(**{f"title_{language}": "Le quiz"})
    Question.objects.filter(quiz=quiz, position=1).update(**{f"text_{language}": "Q1", f"explanation_{language}": "E1"})
    for choice in quiz.questions.get(position=1).choices.all():
        setattr(choice, f"text_{language}", f"C{choice.position}")
        choice.save()
    learner = make_user()
    answer_quiz(learner, quiz, [1, 1], language=language)
    client.force_login(learner)
    page = client.get(url("quizzes:results", language, slug=quiz.slug)).content.decode()
    verdict = {"fr": "Exacte", "tr": "Bildiniz"}[language]
    assertInHTML(
        f'<summary><span class="result-verdict" lang="{language}">{verdict}</span> '
        f'<span class="question-text">Q1</span></summary>',
        page,
    )
    assertInHTML(
        f'<summary><span class="result-verdict" lang="{language}">{verdict}</span> {short_marker(language)} '
        f'<span class="question-text">Question 2</span></summary>',
        page,
    )
    assert len(find(page, has_class("untranslated-marker"))) == 1


@pytest.mark.parametrize("language", ["fr", "tr"])
def test_a_quiz_title_in_english_is_marked_in_the_question_pages_breadcrumb(client, language):
    quiz = make_quiz(questions=1)
    client.post(url("quizzes:start", language, slug=quiz.slug))
    page = client.get(url("quizzes:question", language, slug=quiz.slug, number=1)).content.decode()
    assertInHTML(
        f'<p class="breadcrumb" lang="en"><a href="/{language}/quizzes/quiz/">A quiz</a> {short_marker(language)}</p>',
        page,
    )


def test_turkish_calls_a_published_quiz_yayinda():
    """ "yayında" (on line) is the state; "yayımlandı" (was published) told of an event."""
    with translation.override("tr"):
        assert str(Quiz._meta.get_field("published").verbose_name) == "yayında"


def test_the_statistics_count_column_reads_selections_in_french(author_client):
    quiz = make_quiz(questions=1)
    response = author_client.get(
        reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]), headers={"accept-language": "fr"}
    )
    (statistics,) = find(response.content, has_class("question-statistics"))
    (table,) = find(statistics, lambda node: node.name == "table")
    # The last column counts how many learners picked each choice (the admin's CSS sets headers in capitals).
    assert [own_text(th) for th in find(table, lambda node: node.name == "th")][-1] == "sélections"


@pytest.mark.parametrize(
    ("language", "verdicts", "scores"),
    [
        ("fr", ["Exacte", "Erronée"], [f"Meilleur score{NBSP}: 1/2", "1/2"]),
        ("tr", ["Bildiniz", "Bilemediniz"], ["En iyi puanınız: 1/2", "1/2"]),
    ],
)
def test_results_and_progress_say_right_wrong_and_the_score_as_the_rest_of_the_flow(client, language, verdicts, scores):
    """The French results said "Correct"/"Incorrect" where the question page says "Votre réponse : exacte";
    the Turkish pages wrote "1 / 2" where the French ones write "1/2"."""
    quiz = make_quiz(questions=2)
    learner = make_user()
    answer_quiz(learner, quiz, [1, 2], language=language)
    client.force_login(learner)

    results = client.get(url("quizzes:results", language, slug=quiz.slug)).content
    progress = client.get(url("progress", language)).content

    assert (texts_of(results, "result-verdict"), texts_of(results, "score-value")) == (verdicts, ["1/2"])
    assert [*texts_of(progress, "best-score"), own_text(find(progress, lambda node: node.name == "td")[-1])] == scores


@pytest.mark.parametrize(("language", "expected"), [("en", "Language:"), ("fr", f"Langue{NBSP}:"), ("tr", "Dil:")])
def test_the_language_menu_says_language_with_the_colon_of_each_language(client, language, expected):
    """Read by a screen reader before the current language's name; French puts a no-break space before ":"."""
    page = client.get(url("home", language)).content
    (summary,) = find(page, lambda node: node.name == "summary" and has_class("nav-link")(node))
    assert own_text(find(summary, has_class("visually-hidden"))[0]) == expected
