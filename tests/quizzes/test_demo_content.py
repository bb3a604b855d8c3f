from io import StringIO

import pytest
from django.core.management import call_command
from pytest_django.asserts import assertInHTML

from guides.models import Guide
from quizsite.templatetags.translation_status import falls_back
from quizzes.answering import answer_submit
from quizzes.content import DEMO_FILES, read_quiz_file
from quizzes.exams import exam_answer_save, exam_submit
from quizzes.models import Attempt, Choice, Question, Quiz
from quizzes.services import attempt_start
from tests.pages import attribute, find, has_class, own_text, short_marker
from tests.quizzes.seed_renderings import FRENCH_SEED, TURKISH_SEED

pytestmark = pytest.mark.django_db

UNTRANSLATED = {3, 4, 6, 7, 8}


def preview_blocks(page: bytes) -> list[dict]:
    """The quiz page's question previews, parsed: lang, whether it has the short "EN" badge, question text and
    choices (each choice's attributes and text)."""
    return [
        {
            "lang": attribute(block, "lang"),
            "marker": bool(find(block, has_class("is-short"))),
            "question": own_text(find(block, has_class("question-text"))[0]),
            "choices": [
                (dict(choice.attributes), own_text(choice))
                for choice in find(find(block, has_class("choice-list"))[0], lambda node: node.name == "li")
            ],
        }
        for block in find(page, has_class("question-preview"))
    ]


def test_load_demo_creates_the_three_demo_quizzes_once_and_keeps_later_edits():
    output = StringIO()
    call_command("load_demo", stdout=output)
    assert output.getvalue().splitlines()[:3] == [
        "Loaded the demo quiz “data-parallelism”.",
        "Loaded the demo quiz “data-parallelism-check”.",
        "Loaded the demo quiz “data-parallelism-exam”.",
    ]
    quiz = Quiz.objects.get(slug="data-parallelism")
    question = quiz.questions.get(position=1)
    question.text_en = "Edited by an author"
    question.save()
    output = StringIO()
    call_command("load_demo", stdout=output)
    assert output.getvalue().splitlines()[:3] == [
        "The demo quiz “data-parallelism” is already there; left unchanged.",
        "The demo quiz “data-parallelism-check” is already there; left unchanged.",
        "The demo quiz “data-parallelism-exam” is already there; left unchanged.",
    ]
    assert (
        Guide.objects.count(),
        Quiz.objects.count(),
        Question.objects.count(),
        Choice.objects.count(),
    ) == (1, 3, 8 + 6 + 8, 32 + 18 + 5 * 4 + 3 * 2)
    assert Question.objects.get(quiz=quiz, position=1).text_en == "Edited by an author"
    assert list(
        Quiz.objects.order_by("slug").values_list(
            "slug",
            "difficulty",
            "published",
            "shuffle_choices",
            "shuffle_questions",
            "pass_mark",
            "mode",
            "time_limit",
            "guides__slug",
        )
    ) == [
        ("data-parallelism", "medium", True, True, False, None, "practice", None, "data-parallelism"),
        ("data-parallelism-check", "easy", True, True, False, 70, "practice", None, "data-parallelism"),
        ("data-parallelism-exam", "medium", True, True, False, 75, "exam", 15, "data-parallelism"),
    ]
    assert list(quiz.guides.values_list("slug", "title_en", "title_fr")) == [
        ("data-parallelism", "Data parallelism", "Parallélisme des données")
    ]


def test_the_second_demo_quiz_has_every_kind_of_question_and_a_pinned_none_of_the_above():
    call_command("load_demo", stdout=StringIO())
    questions = Question.objects.filter(quiz__slug="data-parallelism-check").order_by("position")
    assert list(questions.values_list("position", "key", "kind")) == [
        (1, "what-every-gpu-copies", "multiple"),
        (2, "scaling-overheads", "multiple"),
        (3, "same-samples", "true_false"),
        (4, "replicas-stay-identical", "true_false"),
        (5, "accumulation-memory", "true_false"),
        (6, "eight-workers", "single"),
    ]
    choices = Choice.objects.filter(question__quiz__slug="data-parallelism-check").order_by(
        "question__position", "position"
    )
    assert [
        (question, key, text, is_correct, pinned)
        for question, key, text, is_correct, pinned in choices.values_list(
            "question__position", "key", "text_en", "is_correct", "pinned"
        )
    ] == [
        (1, "parameters", "The model's parameters", True, False),
        (1, "optimizer-state", "The optimizer state", True, False),
        (1, "whole-dataset", "The whole training dataset", False, False),
        (1, "none-of-the-above", "None of the above", False, True),
        (2, "gradient-communication", "Communicating the gradients", True, False),
        (2, "data-loading", "Loading data for every worker", True, False),
        (2, "synchronization", "Synchronizing the workers at every step", True, False),
        (2, "splitting-layers", "Splitting the model's layers across the GPUs", False, False),
        # True/false questions: the site's two choices, no text of their own (the site labels them).
        (3, "true", "", False, True),
        (3, "false", "", True, True),
        (4, "true", "", True, True),
        (4, "false", "", False, True),
        (5, "true", "", True, True),
        (5, "false", "", False, True),
        (6, "four", "4 samples", False, False),
        (6, "thirty-two", "32 samples", False, False),
        (6, "two-hundred-fifty-six", "256 samples", True, False),
        (6, "forty", "40 samples", False, False),
    ]


@pytest.mark.parametrize("language", ["fr", "tr"])
def test_the_second_demo_quiz_is_whole_in_french_and_turkish(language):
    """Every text of the second demo quiz is translated: learners read none of it in English."""
    call_command("load_demo", stdout=StringIO())
    quiz = Quiz.objects.get(slug="data-parallelism-check")
    assert [falls_back(quiz, field, language) for field in ("title", "description")] == [False, False]
    assert [question.is_translated(language) for question in quiz.questions.prefetch_related("choices")] == [True] * 6


def test_every_demo_file_holds_the_same_guide():
    """Each demo file imports alone; the guide they share is written the same in all, so none changes it."""
    first, second, third = (read_quiz_file(path) for path in DEMO_FILES)
    assert second["guides"] == third["guides"] == first["guides"]
    assert [data["quiz"]["guides"] for data in (first, second, third)] == [["data-parallelism"]] * 3


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
    page = client.get(f"/{language}/quizzes/data-parallelism/").content
    blocks = preview_blocks(page)
    assert [(b["question"], [text for _attrs, text in b["choices"]]) for b in blocks] == [
        (question, choices) for question, choices in seed
    ]
    for position, block in enumerate(blocks, start=1):
        expected_lang = "en" if position in UNTRANSLATED else language
        assert block["lang"] == expected_lang, position
        assert block["marker"] == (position in UNTRANSLATED), position
        assert [attrs for attrs, _text in block["choices"]] == [{}, {}, {}, {}], position
    # Turkish also falls back for the description under a Turkish title and the guide's title: a badge each.
    assert len(find(page, has_class("untranslated-marker"))) == len(UNTRANSLATED) + (2 if language == "tr" else 0)
    assert len(find(page, has_class("is-short"))) == len(UNTRANSLATED) + (2 if language == "tr" else 0)


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        # Questions 3, 4, 6, 7 and 8 have no French or Turkish text (UNTRANSLATED).
        ("fr", "5 questions sur 8 ne sont pas encore traduites en français."),
        ("tr", "8 sorudan 5 tanesi henüz Türkçeye çevrilmedi."),
    ],
)
def test_demo_quiz_page_says_once_how_many_questions_are_not_yet_translated(client, demo_quiz, language, sentence):
    page = client.get(f"/{language}/quizzes/data-parallelism/").content
    assert [own_text(note) for note in find(page, has_class("translation-note"))] == [sentence]
    assert [question.is_translated(language) for question in demo_quiz.questions.order_by("position")] == [
        position not in UNTRANSLATED for position in range(1, 9)
    ]


def test_demo_quiz_page_in_english_says_nothing_about_translation(client, demo_quiz):
    page = client.get("/en/quizzes/data-parallelism/").content
    assert find(page, has_class("translation-note")) == []
    assert find(page, has_class("untranslated-marker")) == []


def test_turkish_page_falls_back_to_the_english_description(client, demo_quiz):
    page = client.get("/tr/quizzes/data-parallelism/").content.decode()
    assertInHTML('<h1 lang="tr">Veri Paralelliği Testi</h1>', page)
    assertInHTML(
        f'<p class="lead" lang="en">{short_marker("tr")} Review replicated models, gradient synchronization, batch '
        "sizing, communication costs and the limits of scaling training across workers.</p>",
        page,
    )


def test_french_page_shows_the_french_title_description_and_guide(client, demo_quiz):
    page = client.get("/fr/quizzes/data-parallelism/").content.decode()
    assertInHTML('<h1 lang="fr">Quiz sur le parallélisme des données</h1>', page)
    assertInHTML(
        '<p class="lead">Passez en revue les modèles répliqués, la synchronisation des gradients, le '
        "dimensionnement des lots, les coûts de communication et les limites de la mise à l'échelle de la formation "
        "entre les travailleurs.</p>",
        page,
    )
    assertInHTML('<li><a href="/fr/guides/data-parallelism/">Parallélisme des données</a></li>', page)
    assertInHTML('<h2 id="related-guides-heading">Guides associés</h2>', page)


def test_turkish_page_names_the_related_guides_with_a_capital_dotted_i(client, demo_quiz):
    page = client.get("/tr/quizzes/data-parallelism/").content.decode()
    assertInHTML('<h2 id="related-guides-heading">İlgili rehberler</h2>', page)


@pytest.mark.parametrize(
    ("language", "true", "false"),
    [("fr", "Vrai", "Faux"), ("tr", "Doğru", "Yanlış")],
)
def test_the_second_demo_quiz_is_taken_to_the_end_and_passes_with_five_right_of_six(learner, language, true, false):
    """Its pass mark of 70 %: question 2 half-answered is wrong (all or nothing), 5/6 (83 %) still passes. The
    true-or-false answers read in the learner's language."""
    call_command("load_demo", stdout=StringIO())
    quiz = Quiz.objects.get(slug="data-parallelism-check")
    attempt = attempt_start(learner=learner, quiz=quiz, language=language)
    for question in quiz.questions.order_by("position"):
        right = [choice for choice in question.choices.order_by("position") if choice.is_correct]
        answer_submit(attempt=attempt, question=question, choices=right[:1] if question.position == 2 else right)
    attempt.refresh_from_db()
    answers = attempt.answers.order_by("question__position")
    assert [(text, correct) for text, correct in answers.values_list("choice_text", "is_correct")][2:5] == [
        (false, True),
        (true, True),
        (true, True),
    ]
    assert [correct for correct in answers.values_list("is_correct", flat=True)] == [
        True,
        False,
        True,
        True,
        True,
        True,
    ]
    assert (attempt.is_finished, attempt.score, attempt.question_count, attempt.passed) == (True, 5, 6, True)


def test_the_exam_demo_quiz_is_an_exam_of_eight_questions_with_a_time_limit_and_a_pass_mark():
    call_command("load_demo", stdout=StringIO())
    quiz = Quiz.objects.get(slug="data-parallelism-exam")
    assert (quiz.mode, quiz.time_limit, quiz.pass_mark, quiz.published) == ("exam", 15, 75, True)
    assert list(quiz.questions.order_by("position").values_list("key", "kind")) == [
        ("what-each-worker-processes", "single"),
        ("global-batch", "single"),
        ("combining-gradients", "single"),
        ("overlap-all-reduce", "true_false"),
        ("nccl-algorithms", "multiple"),
        ("model-too-large", "true_false"),
        ("accumulated-update", "single"),
        ("throughput-scaling", "true_false"),
    ]
    right = Choice.objects.filter(question__quiz=quiz, is_correct=True).order_by("question__position", "position")
    assert list(right.values_list("question__position", "key")) == [
        (1, "different-slice"),
        (2, "two-hundred-fifty-six"),
        (3, "all-reduce"),
        (4, "false"),
        (5, "message-size"),
        (5, "topology"),
        (6, "false"),
        (7, "five-hundred-twelve"),
        (8, "true"),
    ]
    assert all(question.explanation_en for question in quiz.questions.all())


@pytest.mark.parametrize("language", ["fr", "tr"])
def test_the_exam_demo_quiz_is_whole_in_french_and_turkish(language):
    """Every text of the exam is translated: learners read none of it in English."""
    call_command("load_demo", stdout=StringIO())
    quiz = Quiz.objects.get(slug="data-parallelism-exam")
    assert [falls_back(quiz, field, language) for field in ("title", "description")] == [False, False]
    assert [question.is_translated(language) for question in quiz.questions.prefetch_related("choices")] == [True] * 8


def test_the_exam_demo_quiz_is_taken_as_an_exam_and_scores_its_final_answers(learner):
    """Answered out of order, one answer changed, two left unanswered: the submitted exam scores 5 of 8, under its
    pass mark of 75 %."""
    call_command("load_demo", stdout=StringIO())
    quiz = Quiz.objects.get(slug="data-parallelism-exam")
    attempt = attempt_start(learner=learner, quiz=quiz, language="tr")
    assert (attempt.mode, attempt.time_limit, attempt.deadline is not None) == ("exam", 15, True)
    questions = {question.position: question for question in quiz.questions.prefetch_related("choices")}
    for position in (8, 1, 3, 5, 2, 7):
        exam_answer_save(attempt=attempt, question=questions[position], choices=questions[position].correct_choices())
    # Answer 7 changed to "128 samples", wrong; questions 4 and 6 left unanswered.
    wrong = questions[7].choices.get(key="one-hundred-twenty-eight")
    exam_answer_save(attempt=attempt, question=questions[7], choices=[wrong])
    assert exam_submit(attempt=attempt) is True
    attempt = Attempt.objects.with_score().get(pk=attempt.pk)
    assert (attempt.score, attempt.question_count, attempt.passed) == (5, 8, False)
