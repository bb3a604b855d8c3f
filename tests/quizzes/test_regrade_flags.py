"""Regrading the question that the item analysis flags as keyed wrong (``quizzes.item_flags``): on the demo quiz
answered by simulated learners (``quizzes.simulation``, question 6 keyed wrong), the regrade through the admin
changes exactly the scores of the attempts that answered it and clears its negative-discrimination flag."""

import pytest
from django.db.models import F
from django.urls import reverse

from quizzes.content import DEMO_FILES, quiz_create_from_data, read_quiz_file
from quizzes.item_flags import NEGATIVE, item_analysis
from quizzes.models import Attempt, RegradedAnswer
from quizzes.simulation import Twist, simulate_learners
from tests.factories import answer_quiz, make_user

pytestmark = pytest.mark.django_db


def negative(quiz) -> list[int]:
    return [
        analysis.question.position
        for analysis in item_analysis(quiz)
        if any(flag.code == NEGATIVE for flag in analysis.flags)
    ]


def test_regrading_the_wrongly_keyed_question_clears_its_flag(author_client):
    quiz = quiz_create_from_data(read_quiz_file(DEMO_FILES[0])).quiz
    simulate_learners(quiz, learners=300, seed=23, twist=Twist(wrongly_keyed=6))
    halfway = answer_quiz(make_user("halfway"), quiz, picks=[1, 1])  # has not reached question 6
    assert negative(quiz) == [6]
    question = quiz.questions.get(position=6)
    truth = question.choices.filter(is_correct=False).order_by("position").first()  # what the learners knew
    before = dict(Attempt.objects.with_score().values_list("pk", "correct_count"))
    response = author_client.post(
        reverse("admin:quizzes_quiz_regrade", args=[quiz.pk, question.pk]), {"right": str(truth.pk)}
    )
    assert response.status_code == 302
    assert negative(quiz) == []
    after = dict(Attempt.objects.with_score().values_list("pk", "correct_count"))
    changed = {pk for pk in before if before[pk] != after[pk]}
    verdict_changed = RegradedAnswer.objects.exclude(was_correct=F("is_correct"))
    assert changed == set(verdict_changed.values_list("attempt_id", flat=True))
    assert len(changed) > 100 and halfway.pk not in changed  # most learners: the keyed choice is a distractor
    assert RegradedAnswer.objects.count() == 300
