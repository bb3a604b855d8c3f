"""The query budget of the admin pages authors use often (``tests/query_budget/support.py`` says how budgets
are counted)."""

import pytest
from django.test import Client
from django.urls import reverse

from quizzes.answering import answer_submit
from quizzes.exams import exam_answer_save, exam_submit
from quizzes.models import Quiz
from quizzes.modes import QuizMode
from quizzes.services import attempt_start
from tests.factories import make_author, make_guide, make_kinds_quiz, make_quiz, make_user
from tests.pages import find, has_class
from tests.query_budget.support import LANGUAGES, SESSION, USER, kinds_quiz, owner_of, take, translate
from tests.quizzes.admin_forms import question_change_url, quiz_change_url
from translations.models import GlossaryTerm

pytestmark = pytest.mark.django_db


# --- Admin pages authors use often ------------------------------------------------------------------------------

PERMISSIONS = 2  # the staff user's own permissions, and their groups'


@pytest.fixture
def author(client):
    """The client logged in as an author."""
    client.force_login(make_author())
    return client


@pytest.fixture
def admin_page(author, django_assert_num_queries):
    """``admin_page(address, language, queries)``: the author's GET of an admin page in ``language``, pinned
    to ``queries``. A first GET, not pinned, reads the content types, which Django keeps for the process."""

    def get(address: str, language: str, queries: int):
        author.get(address, headers={"accept-language": language})
        with django_assert_num_queries(queries):
            return author.get(address, headers={"accept-language": language})

    return get


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("questions", [8, 50])
def test_quiz_change_page(admin_page, language, questions):
    """The quiz, its guides, the questions, all their choices (one prefetch query)."""
    quiz = make_quiz(questions=questions)
    response = admin_page(quiz_change_url(quiz), language, SESSION + USER + PERMISSIONS + 4)
    formset = response.context["inline_admin_formsets"][0].formset
    assert (len(formset.initial_forms), len(formset.extra_forms)) == (questions, 1)  # and a blank one to fill in


@pytest.mark.parametrize("language", LANGUAGES)
def test_quiz_change_page_of_every_kind(admin_page, language):
    """As above: a true-or-false question's "The statement is" reads its right choice from the prefetched ones."""
    quiz = make_kinds_quiz()
    response = admin_page(quiz_change_url(quiz), language, SESSION + USER + PERMISSIONS + 4)
    question = response.context["inline_admin_formsets"][0].formset.forms[2]
    assert (question["kind"].value(), question["statement"].value()) == ("true_false", "true")


@pytest.mark.parametrize("language", LANGUAGES)
def test_true_or_false_question_change_page(admin_page, language):
    """As a question's page below, and its right choice for "The statement is"."""
    question = make_kinds_quiz().questions.get(position=3)
    response = admin_page(question_change_url(question), language, SESSION + USER + PERMISSIONS + 5)
    assert response.context["adminform"].form["statement"].value() == "true"


@pytest.mark.parametrize("language", LANGUAGES)
def test_question_change_page(admin_page, language):
    """The question, its quiz, whether it has choices, its choices."""
    question = make_quiz(questions=2).questions.get(position=2)
    response = admin_page(question_change_url(question), language, SESSION + USER + PERMISSIONS + 4)
    choices = response.context["inline_admin_formsets"][0].formset.forms
    assert [choice.instance.position for choice in choices] == [1, 2, 3, 4, None]  # and a blank one to fill in


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("attempts", [1, 50])
def test_attempts_list(admin_page, language, attempts):
    """The quizzes to filter by, the count of matching attempts and of all, the page of attempts with their
    takers, quizzes and scores, the date hierarchy's range and its days."""
    quiz = make_quiz(questions=2)
    for number in range(attempts):
        take(quiz, 1, learner=make_user(f"learner-{number}"))
    # + 1: the exams whose time ran out, submitted before the list (quizzes.exams.exams_expired_submit).
    response = admin_page(reverse("admin:quizzes_attempt_changelist"), language, SESSION + USER + PERMISSIONS + 7)
    assert len(response.context["cl"].result_list) == attempts


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("answers", [8, 100])
@pytest.mark.parametrize("owner", ["learner", "guest"])
def test_an_attempts_page(admin_page, language, answers, owner):
    """The attempt with its taker, quiz and score, then its answers with their questions and choices."""
    quiz = make_quiz(questions=answers)
    if owner == "learner":
        attempt = take(quiz, answers, learner=make_user())
    else:
        attempt = take(quiz, answers, **owner_of(Client(), "guest", quiz))
    address = reverse("admin:quizzes_attempt_change", args=[attempt.pk])
    # + 1: the exams whose time ran out, submitted first (quizzes.exams.exams_expired_submit).
    response = admin_page(address, language, SESSION + USER + PERMISSIONS + 3)
    rows = response.context["inline_admin_formsets"][0].formset.forms
    assert [row.instance.question.text for row in rows] == [f"Question {number}" for number in range(1, answers + 1)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("questions", [8, 50])
@pytest.mark.parametrize("learners", [1, 12])
def test_answer_statistics(admin_page, language, questions, learners):
    """A quiz of every kind: the quiz (with its guides, as the quiz admin reads it), the questions, their choices,
    the answers counted by question, chosen set and verdict, the item analysis's grouped answers (one query:
    quizzes.item_analysis), the questions with an answer (each with its link to regrade, guests' answers included),
    the count of attempts; as many with one learner as
    with twelve, some of them wrong (a multiple-answer question's set then differs from the right one)."""
    quiz = kinds_quiz(questions=questions)
    for number in range(learners):
        attempt = take(quiz, 0, learner=make_user(f"learner{number}"))
        for question in attempt.arrangement.questions(list(quiz.questions.prefetch_related("choices"))):
            choices = list(question.choices.all())
            chosen = [choices[number % 2]] if number % 3 == 0 else question.correct_choices()
            answer_submit(attempt=attempt, question=question, choices=chosen)
    response = admin_page(
        reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]), language, SESSION + USER + PERMISSIONS + 9
    )
    assert len(find(response.content, has_class("question-statistics"))) == questions
    assert {row.answered for row in response.context["rows"]} == {learners}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("questions", [8, 50])
@pytest.mark.parametrize("learners", [1, 12])
def test_answer_statistics_of_an_exam(admin_page, language, questions, learners):
    """The same budget for an exam whose takers each left every third question unanswered, and one more taker
    whose exam is under way (counted in no row): the questions left unanswered are counted in the same query."""
    quiz = kinds_quiz(questions=questions)
    Quiz.objects.filter(pk=quiz.pk).update(mode=QuizMode.EXAM, time_limit=30)
    quiz.refresh_from_db()
    for number in range(learners + 1):
        attempt = attempt_start(learner=make_user(f"learner{number}"), quiz=quiz, language="en")
        for position, question in enumerate(quiz.questions.prefetch_related("choices"), start=1):
            if position % 3:
                exam_answer_save(attempt=attempt, question=question, choices=question.correct_choices())
        if number < learners:
            exam_submit(attempt=attempt)
    response = admin_page(
        reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]), language, SESSION + USER + PERMISSIONS + 9
    )
    rows = response.context["rows"]
    assert [(row.answered, row.unanswered) for row in rows] == [
        (0, learners) if position % 3 == 0 else (learners, 0) for position in range(1, questions + 1)
    ]
    assert len(find(response.content, has_class("unanswered"))) == questions // 3


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("terms", [7, 50])
def test_glossary_list(admin_page, language, terms):
    """The count of matching terms and of all, the page of terms, all their renderings (one prefetch query)."""
    for number in range(terms):
        term = GlossaryTerm.objects.create(term=f"term {number}", keep_as_is=number % 3 == 0)
        if not term.keep_as_is:
            term.renderings.create(language="fr", rendering=f"terme {number}")
            term.renderings.create(language="tr", rendering=f"terim {number}")
    response = admin_page(
        reverse("admin:translations_glossaryterm_changelist"), language, SESSION + USER + PERMISSIONS + 4
    )
    assert len(response.context["cl"].result_list) == terms


# --- Translation state --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("questions", [8, 50])
def test_translation_grid(admin_page, language, questions):
    """The quiz (with its guides, as the quiz admin reads it), then its texts: the questions, their choices, its
    guides; their translation records; the glossary's terms and renderings; the language gaps of its questions
    (``quizzes.translation_gaps``: one aggregate over the answers, whatever the number of questions; 8 before)."""
    quiz = make_quiz(questions=questions)
    quiz.guides.add(make_guide())
    translate(quiz)
    GlossaryTerm.objects.create(term="question").renderings.create(language="fr", rendering="question")
    stale = quiz.questions.get(position=1)
    stale.text_en = "Question 1, reworded"
    stale.save()
    response = admin_page(
        reverse("admin:quizzes_quiz_translations", args=[quiz.pk]), language, SESSION + USER + PERMISSIONS + 9
    )
    assert len(response.context["rows"]) == 1 + 6 * questions + 1  # title, the questions, the guide's title


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("quizzes", [1, 30])
def test_quiz_list(admin_page, language, quizzes):
    """The guides to filter by, the count of matching quizzes and of all, the page of quizzes with their question
    counts, their guides, their questions and the questions' choices (translated questions)."""
    for number in range(quizzes):
        translate(make_quiz(slug=f"quiz-{number}", questions=4))
    response = admin_page(reverse("admin:quizzes_quiz_changelist"), language, SESSION + USER + PERMISSIONS + 7)
    assert len(response.context["cl"].result_list) == quizzes


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("guides", [1, 30])
def test_guide_list(admin_page, language, guides):
    """The count of matching guides and of all, the page of guides with their quiz counts."""
    for number in range(guides):
        make_guide(slug=f"guide-{number}", title_fr="Un guide")
    response = admin_page(reverse("admin:guides_guide_changelist"), language, SESSION + USER + PERMISSIONS + 3)
    assert len(response.context["cl"].result_list) == guides
