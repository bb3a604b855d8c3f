"""Where the "not yet translated" markers sit when content is only partly translated into Turkish: on each text shown
in English, never on a translated one, and one marker for a block only when all of it is English (the marking
rule in ``quizsite/templatetags/translation_status.py``). The quiz page's own counts are in ``test_quiz_page.py``."""

import pytest
from pytest_django.asserts import assertInHTML

from quizzes.models import Choice, Question, Quiz
from tests.factories import answer_quiz, make_guide, make_quiz, make_user
from tests.pages import find, has_class, short_marker, url

pytestmark = pytest.mark.django_db

BADGE = short_marker("tr")
LONG_LABEL = '<span class="untranslated-marker" lang="tr">Henüz çevrilmedi: İngilizce gösteriliyor</span>'


def partial_quiz(**fields) -> Quiz:
    """The tester's case: a quiz titled in Turkish whose question 1 has its text and its first (correct) choice in
    Turkish, its explanation and other choices in English only; question 2 is English only."""
    quiz = make_quiz(questions=2, title_tr="Test", **fields)
    Question.objects.filter(quiz=quiz, position=1).update(text_tr="Soru 1")
    Choice.objects.filter(question__quiz=quiz, question__position=1, position=1).update(text_tr="S1 seçenek 1")
    return quiz


def markers(page: bytes | str) -> int:
    return len(find(page, has_class("untranslated-marker")))


def question_page(client, quiz: Quiz, pick: int | None = None) -> str:
    """Question 1's page in Turkish, mid-attempt, before answering or once choice ``pick`` is answered."""
    client.post(url("quizzes:start", "tr", slug=quiz.slug))
    address = url("quizzes:question", "tr", slug=quiz.slug, number=1)
    if pick is not None:
        client.post(address, {"choice": quiz.questions.get(position=1).choices.get(position=pick).pk})
    return client.get(address).content.decode()


def radio_card(choice: Choice, index: int, text: str, english: bool) -> str:
    """A choice of the answer form, as the Turkish page writes it."""
    return (
        f'<li class="choice-card"{" lang=en" if english else ""}><input type="radio" name="choice" '
        f'value="{choice.pk}" id="id_choice_{index}" required><span class="badge" aria-hidden="true"></span>'
        f'<label class="choice-text" for="id_choice_{index}">{text}</label>{BADGE if english else ""}</li>'
    )


def test_question_page_marks_each_english_choice_not_the_turkish_question(client):
    quiz = partial_quiz()
    page = question_page(client, quiz)
    choices = list(quiz.questions.get(position=1).choices.order_by("position"))
    assertInHTML('<legend><h1 class="question-text">Soru 1</h1></legend>', page)
    assertInHTML(radio_card(choices[0], 0, "S1 seçenek 1", english=False), page)
    for index, choice in enumerate(choices[1:], start=1):
        assertInHTML(radio_card(choice, index, f"Q1 choice {index + 1}", english=True), page)
    assert markers(page) == 3


def test_answered_question_marks_each_english_choice_and_the_explanation(client):
    quiz = partial_quiz()
    page = question_page(client, quiz, pick=2)
    assertInHTML('<h1 class="question-text">Soru 1</h1>', page)
    assertInHTML(
        '<li class="choice-card is-correct"><span class="badge" aria-hidden="true"></span>'
        '<span class="choice-text">S1 seçenek 1</span><span class="tag" lang="tr">Beklenen cevap</span></li>',
        page,
    )
    assertInHTML(
        '<li class="choice-card is-wrong is-chosen" lang="en"><span class="badge" aria-hidden="true"></span>'
        f'<span class="choice-text">Q1 choice 2</span>{BADGE}<span class="tag" lang="tr">Cevabınız hatalı</span></li>',
        page,
    )
    assertInHTML(f'<p id="explanation-text">{BADGE} Explanation 1</p>', page)
    assert markers(page) == 4


def test_question_in_english_with_one_turkish_choice_marks_its_text_and_english_choices_not_the_block(client):
    quiz = make_quiz(questions=1, title_tr="Test")
    Choice.objects.filter(question__quiz=quiz, position=1).update(text_tr="S1 seçenek 1")
    page = question_page(client, quiz)
    assertInHTML(f'<legend><h1 class="question-text">{BADGE} Question 1</h1></legend>', page)
    (article,) = find(page, has_class("question"))
    assert dict(article.attributes)["lang"] == "en"
    assert markers(page) == 4  # the question text and three choices; the Turkish choice has none


@pytest.mark.parametrize("pick", [None, 2])
def test_question_all_in_english_has_one_long_label_and_no_badge(client, pick):
    """Once answered, the English explanation is part of the block: no second marker."""
    quiz = make_quiz(questions=1, title_tr="Test")
    page = question_page(client, quiz, pick=pick)
    (article,) = find(page, has_class("question"))
    assertInHTML(LONG_LABEL, str(article))
    assert markers(page) == 1


def test_results_mark_the_english_answer_and_explanation_not_the_turkish_question(client):
    quiz = partial_quiz()
    learner = make_user()
    answer_quiz(learner, quiz, [2, 1], language="tr")
    client.force_login(learner)
    page = client.get(url("quizzes:results", "tr", slug=quiz.slug)).content.decode()
    assertInHTML(
        '<summary><span class="result-verdict" lang="tr">Bilemediniz</span> <span class="question-text">Soru 1</span>'
        "</summary>",
        page,
    )
    assertInHTML(
        f'<dl><dt lang="tr">Cevabınız</dt><dd lang="en">{BADGE} Q1 choice 2</dd><dt lang="tr">Beklenen cevap</dt>'
        f'<dd>S1 seçenek 1</dd><dt lang="tr">Açıklama</dt><dd lang="en">{BADGE} Explanation 1</dd></dl>',
        page,
    )
    # Question 2, all English: one badge on its folded line stands for it.
    assertInHTML(
        f'<summary><span class="result-verdict" lang="tr">Bildiniz</span> {BADGE} '
        '<span class="question-text">Question 2</span></summary>',
        page,
    )
    assertInHTML(
        '<dl><dt lang="tr">Cevabınız</dt><dd>Q2 choice 1</dd><dt lang="tr">Açıklama</dt><dd>Explanation 2</dd></dl>',
        page,
    )
    assert markers(page) == 3


@pytest.mark.parametrize(
    ("title_tr", "description"),
    [
        (None, f'<span class="visually-hidden" id="guide-name" lang="en">Data parallelism {BADGE}</span>'),
        ("Veri paralelliği", '<span class="visually-hidden" id="guide-name" lang="tr">Veri paralelliği</span>'),
    ],
)
def test_results_back_to_the_guide_describes_an_english_guide_title_with_its_badge(client, title_tr, description):
    quiz = make_quiz(questions=1, title_tr="Test")
    Question.objects.filter(quiz=quiz).update(text_tr="Soru", explanation_tr="Açıklama")
    Choice.objects.filter(question__quiz=quiz).update(text_tr="Seçenek")
    make_guide(title="Data parallelism", title_tr=title_tr).quizzes.add(quiz)
    learner = make_user()
    answer_quiz(learner, quiz, [1], language="tr")
    client.force_login(learner)
    page = client.get(url("quizzes:results", "tr", slug=quiz.slug)).content.decode()
    assertInHTML(description, page)
    assert markers(page) == (1 if title_tr is None else 0)


def test_quiz_page_preview_marks_each_english_choice_not_the_turkish_question(client):
    quiz = partial_quiz()
    page = client.get(url("quizzes:detail", "tr", slug=quiz.slug)).content.decode()
    choices = "".join(f'<li lang="en">{BADGE} Q1 choice {c}</li>' for c in range(2, 5))
    assertInHTML(
        '<li class="question-preview" lang="tr"><p class="question-text">Soru 1</p>'
        f'<ul class="choice-list"><li>S1 seçenek 1</li>{choices}</ul></li>',
        page,
    )
    choices = "".join(f"<li>Q2 choice {c}</li>" for c in range(1, 5))
    assertInHTML(
        f'<li class="question-preview" lang="en">{BADGE}<p class="question-text">Question 2</p>'
        f'<ul class="choice-list">{choices}</ul></li>',
        page,
    )
    assert markers(page) == 4


def test_quiz_page_marks_an_english_description_under_a_turkish_title(client):
    quiz = partial_quiz(description="About data parallelism")
    page = client.get(url("quizzes:detail", "tr", slug=quiz.slug)).content.decode()
    assertInHTML('<h1 lang="tr">Test</h1>', page)
    assertInHTML(f'<p class="lead" lang="en">{BADGE} About data parallelism</p>', page)
    assert LONG_LABEL not in page


def test_quiz_page_marks_an_english_title_over_a_turkish_description(client):
    quiz = make_quiz(questions=1, description="About", description_tr="Hakkında")
    page = client.get(url("quizzes:detail", "tr", slug=quiz.slug)).content.decode()
    assertInHTML(f'<h1 lang="en">{BADGE} A quiz</h1>', page)
    assertInHTML('<p class="lead">Hakkında</p>', page)
    assert LONG_LABEL not in page


def test_guide_page_marks_its_english_summary_and_body_not_its_turkish_title(client):
    make_guide(title="Data parallelism", title_tr="Veri paralelliği", summary="In short", body="At length")
    page = client.get(url("guides:detail", "tr", slug="guide")).content.decode()
    assertInHTML(
        '<article class="guide" lang="tr"><p class="eyebrow" lang="tr">Rehber</p><h1>Veri paralelliği</h1>'
        f'<p class="lead" lang="en">{BADGE} In short</p>'
        f'<div class="guide-body" lang="en">{BADGE}<p>At length</p></div></article>',
        page,
    )


def test_guide_page_all_in_english_has_one_long_label(client):
    make_guide(title="Data parallelism", summary="In short", body="At length")
    page = client.get(url("guides:detail", "tr", slug="guide")).content.decode()
    assertInHTML(
        f'<article class="guide" lang="en">{LONG_LABEL}<p class="eyebrow" lang="tr">Rehber</p>'
        '<h1>Data parallelism</h1><p class="lead">In short</p><div class="guide-body"><p>At length</p></div>'
        "</article>",
        page,
    )


@pytest.mark.parametrize(
    ("fields", "card"),
    [
        (
            {"title_tr": "Veri paralelliği"},
            f'<li class="card" lang="tr"><h3><a href="/tr/guides/guide/">Veri paralelliği</a></h3>'
            f'<p lang="en">{BADGE} In short</p></li>',
        ),
        (
            {"summary_tr": "Kısaca"},
            f'<li class="card" lang="en">{BADGE}<h3><a href="/tr/guides/guide/">Data parallelism</a></h3>'
            '<p lang="tr">Kısaca</p></li>',
        ),
        (
            {},
            f'<li class="card" lang="en">{BADGE}<h3><a href="/tr/guides/guide/">Data parallelism</a></h3>'
            "<p>In short</p></li>",
        ),
    ],
)
def test_guide_card_marks_its_english_text_and_only_it(client, fields, card):
    make_guide(title="Data parallelism", summary="In short", **fields)
    page = client.get(url("home", "tr")).content.decode()
    assertInHTML(card, page)
    assert markers(page) == 1


def test_progress_page_marks_the_english_guide_title_not_the_turkish_quiz_title(client):
    quiz = partial_quiz()
    make_guide(title="Data parallelism").quizzes.add(quiz)
    learner = make_user()
    answer_quiz(learner, quiz, [1], language="tr")
    client.force_login(learner)
    page = client.get(url("progress", "tr")).content.decode()
    assertInHTML(
        f'<h2 id="section-1-heading" lang="en"><a href="/tr/guides/guide/">Data parallelism</a></h2>{BADGE}', page
    )
    assertInHTML(f'<h3 id="quiz-1-{quiz.pk}" lang="tr"><a href="/tr/quizzes/quiz/">Test</a></h3>', page)
    assert markers(page) == 1
