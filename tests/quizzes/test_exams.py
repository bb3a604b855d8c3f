"""Exams, time limits and practice rounds at the level of their services (``quizzes.exams``, ``quizzes.rounds``,
``quizzes.accommodations``); their pages are tested beside the pages."""

from datetime import timedelta

import pytest
from django.utils import timezone

from quizzes.accommodations import deadlines_apply
from quizzes.answering import AnswerRefused, answer_submit
from quizzes.exams import Saved, exam_answer_save, exam_submit, exams_expired_submit
from quizzes.learner_state import quiz_state
from quizzes.models import Accommodation, Answer, Attempt
from quizzes.modes import GRACE, QuizMode
from quizzes.progress import progress_at
from quizzes.rounds import NothingToPractise, practice_round_start
from quizzes.services import attempt_start
from tests.factories import make_quiz, make_user


@pytest.fixture
def exam(db):
    return make_quiz(questions=8, mode=QuizMode.EXAM)


def _question(quiz, position):
    return quiz.questions.get(position=position)


def _choice(quiz, position, choice):
    return _question(quiz, position).choices.get(position=choice)


def test_an_exam_takes_answers_in_any_order_changes_and_clears_them_and_scores_the_final_ones(exam):
    learner = make_user()
    attempt = attempt_start(learner=learner, quiz=exam, language="en")
    assert attempt.mode == QuizMode.EXAM
    for position, choice in ((3, 1), (1, 2), (8, 1), (2, 1)):
        assert (
            exam_answer_save(
                attempt=attempt, question=_question(exam, position), choices=[_choice(exam, position, choice)]
            )
            == Saved.SAVED
        )
    # Answer 1 changed from wrong (2) to right (1); answer 2 cleared; question 5 flagged without an answer.
    exam_answer_save(attempt=attempt, question=_question(exam, 1), choices=[_choice(exam, 1, 1)])
    exam_answer_save(attempt=attempt, question=_question(exam, 2), choices=[])
    exam_answer_save(attempt=attempt, question=_question(exam, 5), flagged=True)
    attempt.refresh_from_db()
    assert attempt.finished_at is None
    assert attempt.flagged_pks == (_question(exam, 5).pk,)
    assert sorted(Answer.objects.values_list("question__position", "chosen")) == [
        (1, str(_choice(exam, 1, 1).pk)),
        (3, str(_choice(exam, 3, 1).pk)),
        (8, str(_choice(exam, 8, 1).pk)),
    ]
    assert exam_submit(attempt=attempt) is True
    assert exam_submit(attempt=attempt) is False  # a double submit changes nothing
    attempt = Attempt.objects.with_score().get()
    assert (attempt.score, attempt.question_count) == (3, 8)
    assert Answer.objects.filter(chosen="").count() == 5
    assert (
        exam_answer_save(attempt=attempt, question=_question(exam, 2), choices=[_choice(exam, 2, 1)]) == Saved.SUBMITTED
    )
    assert Answer.objects.count() == 8


def test_an_exam_under_way_numbers_questions_in_its_own_order_and_reveals_nothing(exam):
    learner = make_user()
    attempt = attempt_start(learner=learner, quiz=exam, language="en")
    exam_answer_save(attempt=attempt, question=_question(exam, 3), choices=[_choice(exam, 3, 1)])
    progress = progress_at(quiz_state(slug=exam.slug, learner_id=learner.pk))
    assert [question.pk for question in progress.order] == [_question(exam, n).pk for n in range(1, 9)]
    assert progress.reveals is False
    assert progress.segments() == ("todo", "todo", "answered", "todo", "todo", "todo", "todo", "todo")
    assert progress.can_finish is False


def test_practice_answers_go_to_a_practice_attempt_only(exam):
    attempt = attempt_start(learner=make_user(), quiz=exam, language="en")
    with pytest.raises(AnswerRefused, match="This attempt is an exam"):
        answer_submit(attempt=attempt, question=_question(exam, 1), choice=_choice(exam, 1, 1))
    practice = make_quiz(slug="practice")
    other = attempt_start(learner=make_user("other"), quiz=practice, language="en")
    with pytest.raises(AnswerRefused, match="not an exam"):
        exam_answer_save(attempt=other, question=_question(practice, 1), choices=[_choice(practice, 1, 1)])


def test_an_answer_after_the_deadline_and_grace_is_not_recorded_and_the_exam_is_submitted(db):
    quiz = make_quiz(questions=4, mode=QuizMode.EXAM, time_limit=10)
    attempt = attempt_start(learner=make_user(), quiz=quiz, language="en")
    assert attempt.deadline == pytest.approx(attempt.started_at + timedelta(minutes=10), abs=timedelta(seconds=1))
    exam_answer_save(attempt=attempt, question=_question(quiz, 1), choices=[_choice(quiz, 1, 1)])
    late = attempt.deadline + GRACE + timedelta(seconds=1)
    in_grace = attempt.deadline + GRACE - timedelta(seconds=1)
    assert (
        exam_answer_save(attempt=attempt, question=_question(quiz, 2), choices=[_choice(quiz, 2, 1)], now=in_grace)
        == Saved.SAVED
    )
    assert (
        exam_answer_save(attempt=attempt, question=_question(quiz, 3), choices=[_choice(quiz, 3, 1)], now=late)
        == Saved.EXPIRED
    )
    attempt = Attempt.objects.with_score().get()
    assert attempt.finished_at == attempt.deadline + GRACE
    assert (attempt.score, attempt.question_count) == (2, 4)
    assert sorted(Answer.objects.exclude(chosen="").values_list("question__position", flat=True)) == [1, 2]


def test_the_command_submits_exams_whose_learner_never_came_back(db):
    quiz = make_quiz(questions=2, mode=QuizMode.EXAM, time_limit=5)
    gone = attempt_start(learner=make_user("gone"), quiz=quiz, language="en")
    exam_answer_save(attempt=gone, question=_question(quiz, 1), choices=[_choice(quiz, 1, 1)])
    still = attempt_start(learner=make_user("still"), quiz=quiz, language="en")
    long_ago = timezone.now() - timedelta(minutes=6)
    Attempt.objects.filter(pk=gone.pk).update(started_at=long_ago, deadline=long_ago + timedelta(minutes=5))
    assert exams_expired_submit() == 1
    assert exams_expired_submit() == 0
    gone = Attempt.objects.with_score().get(pk=gone.pk)
    assert (gone.is_finished, gone.score, gone.question_count) == (True, 1, 2)
    assert Attempt.objects.get(pk=still.pk).finished_at is None


def test_an_accommodation_gives_its_learner_more_time_or_none(db):
    quiz = make_quiz(questions=2, mode=QuizMode.EXAM, time_limit=20)
    slow, free, other = make_user("slow"), make_user("free"), make_user("other")
    Accommodation.objects.create(learner=slow, quiz=quiz, extra_percent=50)
    Accommodation.objects.create(learner=free, unlimited=True)
    deadlines = {user.username: attempt_start(learner=user, quiz=quiz, language="en") for user in (slow, free, other)}
    started = deadlines["slow"].started_at
    assert deadlines["slow"].deadline == pytest.approx(started + timedelta(minutes=30), abs=timedelta(seconds=1))
    assert deadlines["free"].deadline is None
    others_end = deadlines["other"].deadline + GRACE + timedelta(seconds=1)
    assert others_end < deadlines["slow"].deadline
    assert (
        exam_answer_save(
            attempt=deadlines["slow"], question=_question(quiz, 1), choices=[_choice(quiz, 1, 1)], now=others_end
        )
        == Saved.SAVED
    )
    assert (
        exam_answer_save(
            attempt=deadlines["other"], question=_question(quiz, 1), choices=[_choice(quiz, 1, 1)], now=others_end
        )
        == Saved.EXPIRED
    )


def test_an_accommodation_granted_during_an_exam_moves_its_deadline(db):
    quiz = make_quiz(questions=2, mode=QuizMode.EXAM, time_limit=10)
    learner = make_user()
    attempt = attempt_start(learner=learner, quiz=quiz, language="en")
    Accommodation.objects.create(learner=learner, extra_percent=100)
    assert deadlines_apply(learner_id=learner.pk) == 1
    attempt.refresh_from_db()
    assert attempt.deadline == pytest.approx(attempt.started_at + timedelta(minutes=20), abs=timedelta(seconds=1))


def test_practising_mistakes_asks_the_missed_questions_and_changes_no_result(db):
    quiz = make_quiz(questions=4)
    learner = make_user()
    attempt = attempt_start(learner=learner, quiz=quiz, language="en")
    for position, choice in ((1, 1), (2, 2), (3, 1), (4, 3)):
        answer_submit(attempt=attempt, question=_question(quiz, position), choice=_choice(quiz, position, choice))
    round_ = practice_round_start(learner=learner, attempt_pk=attempt.pk)
    assert practice_round_start(learner=learner, attempt_pk=attempt.pk).pk == round_.pk
    state = quiz_state(slug=quiz.slug, learner_id=learner.pk)
    assert state.attempt.pk == attempt.pk  # the quiz's pages still show the attempt, not the round
    from quizzes.learner_state import round_state

    progress = progress_at(round_state(slug=quiz.slug, pk=round_.pk, learner_id=learner.pk))
    assert [question.pk for question in progress.arranged] == [_question(quiz, 2).pk, _question(quiz, 4).pk]
    assert progress.total == 2
    answer_submit(attempt=round_, question=_question(quiz, 2), choice=_choice(quiz, 2, 1))
    answer_submit(attempt=round_, question=_question(quiz, 4), choice=_choice(quiz, 4, 1))
    round_.refresh_from_db()
    assert round_.is_finished and round_.is_practice_round
    assert list(Attempt.objects.of_quiz().values_list("pk", flat=True)) == [attempt.pk]
    # A new attempt at the quiz can start while nothing is under way, and a round of a perfect attempt is refused.
    with pytest.raises(NothingToPractise):
        practice_round_start(learner=learner, attempt_pk=round_.pk)
    assert attempt_start(learner=learner, quiz=quiz, language="en").pk not in (attempt.pk, round_.pk)


def test_no_accommodation_brings_back_an_exam_whose_time_ran_out_nor_ends_one_before_now(db):
    quiz = make_quiz(questions=2, mode=QuizMode.EXAM, time_limit=10)
    over, under_way = make_user("over"), make_user("under_way")
    ended = attempt_start(learner=over, quiz=quiz, language="en")
    long_ago = timezone.now() - timedelta(minutes=11)
    Attempt.objects.filter(pk=ended.pk).update(started_at=long_ago, deadline=long_ago + timedelta(minutes=10))
    Accommodation.objects.create(learner=over, unlimited=True)
    assert deadlines_apply(learner_id=over.pk) == 0
    assert Attempt.objects.get(pk=ended.pk).deadline == long_ago + timedelta(minutes=10)
    # A learner five minutes into a 10-minute exam with +100% (20 minutes) is cut to +10% (11 minutes): their exam
    # ends now, not six minutes ago, so that the answers they gave meanwhile stay before its end.
    attempt = attempt_start(learner=under_way, quiz=quiz, language="en")
    five_ago = timezone.now() - timedelta(minutes=5)
    Attempt.objects.filter(pk=attempt.pk).update(started_at=five_ago)
    accommodation = Accommodation.objects.create(learner=under_way, extra_percent=100)
    deadlines_apply(learner_id=under_way.pk)
    assert Attempt.objects.get(pk=attempt.pk).deadline == five_ago + timedelta(minutes=20)
    Accommodation.objects.filter(pk=accommodation.pk).update(extra_percent=0)
    Attempt.objects.filter(pk=attempt.pk).update(started_at=timezone.now() - timedelta(minutes=15))
    before = timezone.now()
    deadlines_apply(learner_id=under_way.pk)
    assert before <= Attempt.objects.get(pk=attempt.pk).deadline <= timezone.now()
