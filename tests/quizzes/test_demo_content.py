import html
import re

import pytest
from django.core.management import call_command

from guides.models import Guide
from quizzes.models import Choice, Question, Quiz
from tests.quizzes.seed_renderings import FRENCH_SEED, TURKISH_SEED

pytestmark = pytest.mark.django_db

UNTRANSLATED = {3, 4, 6, 7, 8}
PREVIEW_BLOCK = re.compile(
    r'<li class="question-preview" lang="(?P<lang>[a-z]+)">'
    r'\s*(?P<marker><span class="untranslated-marker"[^>]*>[^<]*</span>)?'
    r'\s*<p class="question-text">(?P<question>[^<]*)</p>\s*<ul class="choice-list">(?P<choices>.*?)</ul>',
    re.S,
)
CHOICE = re.compile(r"<li(?P<attrs>[^>]*)>(?P<text>[^<]*)</li>")


def preview_blocks(page: str) -> list[dict]:
    """The quiz page's question previews: lang, marker, question text and choices (attributes and text)."""
    return [
        {
            "lang": block["lang"],
            "marker": block["marker"],
            "question": html.unescape(block["question"]),
            "choices": [(c["attrs"], html.unescape(c["text"])) for c in CHOICE.finditer(block["choices"])],
        }
        for block in PREVIEW_BLOCK.finditer(page)
    ]


def test_load_demo_creates_the_seed_quiz_once_and_keeps_later_edits():
    call_command("load_demo")
    quiz = Quiz.objects.get(slug="data-parallelism")
    question = quiz.questions.get(position=1)
    question.text_en = "Edited by an author"
    question.save()
    call_command("load_demo")
    assert (
        Guide.objects.count(),
        Quiz.objects.count(),
        Question.objects.count(),
        Choice.objects.count(),
    ) == (
        1,
        1,
        8,
        32,
    )
    assert Question.objects.get(quiz=quiz, position=1).text_en == "Edited by an author"
    assert quiz.difficulty == "medium"
    assert quiz.published is True
    assert list(quiz.guides.values_list("slug", "title_en", "title_fr")) == [
        ("data-parallelism", "Data parallelism", "Parallélisme des données")
    ]


def test_every_question_of_the_demo_has_one_correct_choice_and_an_explanation(demo_quiz):
    correct = list(
        Choice.objects.filter(question__quiz=demo_quiz, is_correct=True)
        .order_by("question__position")
        .values_list("question__position", "position")
    )
    assert correct == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 1), (6, 2), (7, 3), (8, 4)]
    for question in demo_quiz.questions.all():
        assert question.explanation_en
        assert bool(question.explanation_fr) == bool(question.explanation_tr) == (question.position not in UNTRANSLATED)


@pytest.mark.parametrize(("language", "seed"), [("fr", FRENCH_SEED), ("tr", TURKISH_SEED)])
def test_quiz_page_shows_the_seed_rendering_with_fallbacks_marked(client, demo_quiz, language, seed):
    page = client.get(f"/{language}/quizzes/data-parallelism/").content.decode()
    blocks = preview_blocks(page)
    assert [(b["question"], [text for _attrs, text in b["choices"]]) for b in blocks] == [
        (question, choices) for question, choices in seed
    ]
    for position, block in enumerate(blocks, start=1):
        expected_lang = "en" if position in UNTRANSLATED else language
        assert block["lang"] == expected_lang, position
        assert bool(block["marker"]) == (position in UNTRANSLATED), position
        assert [attrs for attrs, _text in block["choices"]] == ["", "", "", ""], position
    # Turkish also falls back for the description (one marker for the quiz header) and the guide's title.
    assert page.count('class="untranslated-marker"') == len(UNTRANSLATED) + (2 if language == "tr" else 0)


def test_turkish_page_falls_back_to_the_english_description(client, demo_quiz):
    page = client.get("/tr/quizzes/data-parallelism/").content.decode()
    assert '<h1 lang="tr">Veri Paralelliği Testi</h1>' in page
    assert (
        '<p class="lead" lang="en">Review replicated models, gradient synchronization, batch sizing, communication '
        "costs and the limits of scaling training across workers.</p>"
    ) in page


def test_french_page_shows_the_french_title_description_and_guide(client, demo_quiz):
    page = html.unescape(client.get("/fr/quizzes/data-parallelism/").content.decode())
    assert '<h1 lang="fr">Quiz sur le parallélisme des données</h1>' in page
    assert (
        "Passez en revue les modèles répliqués, la synchronisation des gradients, le dimensionnement des lots, "
        "les coûts de communication et les limites de la mise à l'échelle de la formation entre les travailleurs."
    ) in page
    assert '<li><a href="/fr/guides/data-parallelism/">Parallélisme des données</a></li>' in page
