"""``learner_progress``: where a learner stands in a quiz, read in one query over the quiz's snapshot, never
written."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import translation

from quizzes import snapshots
from quizzes.models import Answer, Attempt
from quizzes.progress import learner_progress
from tests.factories import answer_quiz, make_quiz, make_user
from tests.quizzes.helpers import add_question, swap_positions

pytestmark = pytest.mark.django_db


def summary(progress) -> tuple:
    """What a page shows of ``progress``: the next question's text, "Question N of M", the answers so far, and
    whether the attempt is waiting to be finished."""
    next_text = progress.next_question.text if progress.next_question is not None else None
    return next_text, progress.number, progress.total, progress.answered_count, progress.can_finish


def test_a_learner_without_an_attempt_is_shown_the_first_question(learner):
    quiz = make_quiz(questions=3)
    progress = learner_progress(learner=learner, quiz=quiz)
    assert progress.attempt is None
    assert summary(progress) == ("Question 1", 1, 3, 0, False)


def test_an_anonymous_visitor_is_shown_the_first_question(django_assert_num_queries):
    quiz = make_quiz(questions=3)
    # The quiz's id and the content version (no attempt to look up), then the quiz's content, held by no process yet.
    snapshots.forget_all()
    with django_assert_num_queries(1 + 2):
        progress = learner_progress(learner=AnonymousUser(), quiz=quiz)
    assert progress.attempt is None
    assert summary(progress) == ("Question 1", 1, 3, 0, False)


def test_an_unfinished_attempt_goes_on_at_its_lowest_unanswered_question(learner):
    quiz = make_quiz(questions=5)
    attempt = answer_quiz(learner, quiz, [1, 2])
    progress = learner_progress(learner=learner, quiz=quiz)
    assert progress.attempt.pk == attempt.pk
    assert summary(progress) == ("Question 3", 3, 5, 2, False)
    assert [choice.text for choice in progress.next_question.choices] == [
        "Q3 choice 1",
        "Q3 choice 2",
        "Q3 choice 3",
        "Q3 choice 4",
    ]


def test_a_finished_attempt_has_no_next_question_and_keeps_its_total(learner):
    quiz = make_quiz(questions=2)
    attempt = answer_quiz(learner, quiz, [1, 2])
    add_question(quiz, 3)
    progress = learner_progress(learner=learner, quiz=quiz)
    assert (progress.attempt.pk, progress.score) == (attempt.pk, 1)
    assert summary(progress) == (None, None, 2, 2, False)


def test_the_unfinished_attempt_of_a_retake_comes_before_the_finished_ones(learner):
    quiz = make_quiz(questions=2)
    answer_quiz(learner, quiz, [1, 1])
    retake = answer_quiz(learner, quiz, [2])
    progress = learner_progress(learner=learner, quiz=quiz)
    assert progress.attempt.pk == retake.pk
    assert summary(progress) == ("Question 2", 2, 2, 1, False)


def test_the_latest_finished_attempt_is_read_when_none_is_unfinished(learner):
    quiz = make_quiz(questions=1)
    answer_quiz(learner, quiz, [1])
    latest = answer_quiz(learner, quiz, [2])
    assert learner_progress(learner=learner, quiz=quiz).attempt.pk == latest.pk


def test_an_attempt_left_with_nothing_to_answer_can_be_finished(learner):
    """An author removed the only question the learner had left."""
    quiz = make_quiz(questions=2)
    answer_quiz(learner, quiz, [1])
    quiz.questions.get(position=2).delete()
    assert summary(learner_progress(learner=learner, quiz=quiz)) == (None, None, 1, 1, True)


def test_another_learners_attempt_is_not_read(learner):
    quiz = make_quiz(questions=2)
    answer_quiz(make_user("other"), quiz, [1])
    assert learner_progress(learner=learner, quiz=quiz).attempt is None


def test_questions_are_numbered_in_the_order_met_after_an_author_reorders_them(learner):
    """Question 1 answered, then an author swaps questions 1 and 3: the answered one, now at position 3, stays
    the learner's first; the unanswered ones follow in position order."""
    quiz = make_quiz(questions=3)
    answer_quiz(learner, quiz, [1])
    swap_positions(quiz, 1, 3)
    progress = learner_progress(learner=learner, quiz=quiz)
    assert summary(progress) == ("Question 3", 2, 3, 1, False)
    assert progress.next_question.position == 1
    assert [(q.text, q.position, progress.number_of(q)) for q in progress.questions] == [
        ("Question 3", 1, 2),
        ("Question 2", 2, 3),
        ("Question 1", 3, 1),
    ]
    assert [q.text if q else None for q in map(progress.question_numbered, range(5))] == [
        None,
        "Question 1",
        "Question 3",
        "Question 2",
        None,
    ]


def test_a_questions_address_is_the_number_the_learner_sees(learner):
    """The trial's case: questions 1 and 2 answered, then an author moves question 3 to position 1."""
    quiz = make_quiz(slug="trial-quiz", questions=3)
    answer_quiz(learner, quiz, [1, 2])
    first, second, third = quiz.questions.order_by("position")
    quiz.questions.all().renumber(order=[third.pk, first.pk, second.pk])
    with translation.override("fr"):
        progress = learner_progress(learner=learner, quiz=quiz)
        assert (progress.next_question.text, progress.next_question.position, progress.number) == ("Question 3", 1, 3)
        assert [progress.url_of(question) for question in (first, second, third)] == [
            "/fr/quizzes/trial-quiz/questions/1/",
            "/fr/quizzes/trial-quiz/questions/2/",
            "/fr/quizzes/trial-quiz/questions/3/",
        ]
        assert progress.next_question_url == "/fr/quizzes/trial-quiz/questions/3/"


def test_a_finished_attempt_numbers_only_the_questions_it_answered(learner):
    quiz = make_quiz(questions=2)
    answer_quiz(learner, quiz, [1, 2])
    added = add_question(quiz, 3)
    progress = learner_progress(learner=learner, quiz=quiz)
    assert [q.text for q in progress.order] == ["Question 1", "Question 2"]
    assert (progress.question_numbered(2).text, progress.question_numbered(3), progress.next_question_url) == (
        "Question 2",
        None,
        None,
    )
    with pytest.raises(ValueError, match=f"Question {added.pk} has no number"):
        progress.number_of(added)


def test_answer_to_and_question_numbered_read_what_was_loaded(learner, django_assert_num_queries):
    quiz = make_quiz(questions=3)
    answer_quiz(learner, quiz, [2])
    picked = quiz.questions.get(position=1).choices.get(position=2)
    progress = learner_progress(learner=learner, quiz=quiz)
    with django_assert_num_queries(0):
        first, second = progress.question_numbered(1), progress.question_numbered(2)
        assert (first.text, second.text, progress.question_numbered(4)) == ("Question 1", "Question 2", None)
        assert (progress.answer_to(first).chosen, progress.answer_to(second)) == ((picked.pk,), None)
        assert progress.url_of(second) == "/en/quizzes/quiz/questions/2/"


# --- A fixed number of queries ------------------------------------------------------------------------------------


@pytest.mark.parametrize("questions", [8, 50])
@pytest.mark.parametrize("answered", [None, 0, 5, "all"], ids=["no-attempt", "started", "halfway", "finished"])
def test_progress_is_read_in_one_query_over_the_snapshot(learner, django_assert_num_queries, questions, answered):
    """The quiz's id, the content version and the attempt with its answers in one query; the quiz's content in two
    more when no process holds it at that version, none once held."""
    quiz = make_quiz(questions=questions)
    if answered is not None:
        answer_quiz(learner, quiz, [1] * (questions if answered == "all" else answered))
    snapshots.forget_all()
    for queries in (1 + 2, 1):
        with django_assert_num_queries(queries):
            progress = learner_progress(learner=learner, quiz=quiz)
            # Everything a page reads of it is loaded: the next question's choices, the score, the counts.
            if progress.next_question is not None:
                assert len(progress.next_question.choices) == 4
            assert (progress.total, len(progress.questions)) == (questions, questions)
            assert progress.score == progress.answered_count


def test_reading_an_attempt_left_with_nothing_to_answer_writes_nothing(learner):
    quiz = make_quiz(questions=2)
    answer_quiz(learner, quiz, [1])
    quiz.questions.get(position=2).delete()
    before = (list(Attempt.objects.values()), list(Answer.objects.values()))
    assert learner_progress(learner=learner, quiz=quiz).can_finish
    assert (list(Attempt.objects.values()), list(Answer.objects.values())) == before
    assert before[0][0]["finished_at"] is None
