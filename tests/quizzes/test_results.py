"""Results that stay true: a finished attempt keeps the questions it answered, whatever authors do later."""

import pytest
from pytest_django.asserts import assertContains, assertInHTML, assertNotContains

from quizzes.models import Answer, Attempt, Question
from tests.factories import answer_quiz, make_quiz, make_user
from tests.pages import texts_of, url
from tests.quizzes.helpers import add_question, swap_positions

pytestmark = pytest.mark.django_db

NO_LONGER_AVAILABLE = "This quiz is no longer available. Your results stay here for you to read."


def test_adding_a_question_after_finishing_leaves_score_total_and_list_unchanged(learner, learner_client):
    quiz = make_quiz(questions=3)
    answer_quiz(learner, quiz, [1, 1, 1])
    add_question(quiz, 4)
    response = learner_client.get(url("quizzes:results", slug=quiz.slug))
    assertInHTML('<span class="score-value">3/3</span>', response.content.decode())
    assertContains(response, "3 correct answers out of 3.")
    assert texts_of(response.content, "question-text") == ["Question 1", "Question 2", "Question 3"]
    assertNotContains(response, "Added question")
    detail = learner_client.get(url("quizzes:detail", slug=quiz.slug))
    assertContains(detail, '<h2 id="quiz-status-heading" class="last-score">Your last score: 3/3</h2>', html=True)


def test_reordering_after_finishing_keeps_the_answers_in_the_order_given(learner, learner_client):
    quiz = make_quiz(questions=3)
    answer_quiz(learner, quiz, [1, 2, 1])
    swap_positions(quiz, 1, 3)
    response = learner_client.get(url("quizzes:results", slug=quiz.slug))
    assertInHTML('<span class="score-value">2/3</span>', response.content.decode())
    assert texts_of(response.content, "question-text") == ["Question 1", "Question 2", "Question 3"]
    assert len(texts_of(response.content, "result-incorrect")) == 1
    assertInHTML(
        '<summary><span class="result-verdict" lang="en">Wrong</span>'
        ' <span class="question-text">Question 2</span></summary>',
        response.content.decode(),
    )
    assertInHTML("<dd>Q2 choice 2</dd>", response.content.decode())
    assertContains(response, "Explanation 2")


def test_unpublished_quiz_keeps_the_learners_results_readable_without_retake(learner, learner_client):
    quiz = make_quiz(title="Data parallelism quiz", questions=3)
    answer_quiz(learner, quiz, [1, 1, 2])
    quiz.published = False
    quiz.save()
    response = learner_client.get(url("quizzes:results", slug=quiz.slug))
    assert response.status_code == 200
    assertContains(
        response, f'<p class="message warning unavailable-notice" role="status">{NO_LONGER_AVAILABLE}</p>', html=True
    )
    assertInHTML('<span class="score-value">2/3</span>', response.content.decode())
    assertContains(response, '<p class="breadcrumb">Data parallelism quiz</p>', html=True)
    assertNotContains(response, url("quizzes:start", slug=quiz.slug))
    assertNotContains(response, f'href="{url("quizzes:detail", slug=quiz.slug)}"')
    assertNotContains(response, "Retake")
    assert learner_client.get(url("quizzes:detail", slug=quiz.slug)).status_code == 404


def test_unpublished_quiz_note_is_translated(learner, learner_client):
    quiz = make_quiz(questions=1, published=False)
    answer_quiz(learner, quiz, [1])
    response = learner_client.get(url("quizzes:results", "fr", slug=quiz.slug))
    assertContains(response, "Ce quiz n’est plus disponible.")
    assertNotContains(response, NO_LONGER_AVAILABLE)


def test_published_quiz_results_still_offer_retake_and_no_unavailable_note(learner, learner_client):
    quiz = make_quiz(questions=2)
    answer_quiz(learner, quiz, [1, 1])
    response = learner_client.get(url("quizzes:results", slug=quiz.slug))
    assertContains(response, '<button type="submit" class="button button-primary">Retake</button>', html=True)
    assertNotContains(response, NO_LONGER_AVAILABLE)


def test_unpublished_quiz_results_are_404_for_anyone_without_a_finished_attempt(client, learner):
    quiz = make_quiz(questions=2)
    answer_quiz(learner, quiz, [1, 1])
    halfway = make_user("halfway")
    answer_quiz(halfway, quiz, [1])
    quiz.published = False
    quiz.save()
    results_url = url("quizzes:results", slug=quiz.slug)
    assert client.get(results_url).status_code == 404
    client.force_login(make_user("other"))
    assert client.get(results_url).status_code == 404
    client.force_login(halfway)
    assert client.get(results_url).status_code == 404


def test_earlier_attempts_keep_their_own_totals(learner, learner_client):
    quiz = make_quiz(questions=2)
    answer_quiz(learner, quiz, [1, 1])
    add_question(quiz, 3)
    answer_quiz(learner, quiz, [1, 2, 1])
    response = learner_client.get(url("quizzes:results", slug=quiz.slug))
    assertInHTML('<span class="score-value">2/3</span>', response.content.decode())
    assertInHTML("<td>2/2</td>", response.content.decode())


# --- Unfinished attempts meet added questions ---------------------------------------------------------------------


def test_unfinished_attempt_is_asked_an_added_question_and_counts_it(learner, learner_client):
    quiz = make_quiz(questions=3)
    answer_quiz(learner, quiz, [1, 1])
    add_question(quiz, 4)
    detail = learner_client.get(url("quizzes:detail", slug=quiz.slug))
    assertContains(detail, '<h2 id="quiz-status-heading" class="progress-label">Question 3 of 4</h2>', html=True)
    page = learner_client.get(url("quizzes:question", slug=quiz.slug, number=3))
    assertContains(page, '<p class="progress-label" id="progress-label">Question 3 of 4</p>', html=True)
    attempt = answer_quiz(learner, quiz, [1, 1, 1, 1])
    assert (attempt.is_finished, attempt.score, attempt.question_count) == (True, 4, 4)
    results = learner_client.get(url("quizzes:results", slug=quiz.slug))
    assertInHTML('<span class="score-value">4/4</span>', results.content.decode())


def test_unfinished_attempt_numbers_questions_in_the_order_met_after_a_reorder(learner, learner_client):
    """The question moved ahead of the answered one is the learner's second, not "Question 1" again."""
    quiz = make_quiz(questions=3)
    answer_quiz(learner, quiz, [1])
    swap_positions(quiz, 1, 3)
    detail = learner_client.get(url("quizzes:detail", slug=quiz.slug))
    assertContains(detail, '<h2 id="quiz-status-heading" class="progress-label">Question 2 of 3</h2>', html=True)
    assertContains(detail, '<p class="next-question">Question 3</p>', html=True)
    answered = learner_client.get(url("quizzes:question", slug=quiz.slug, number=1))
    assertContains(answered, '<p class="progress-label" id="progress-label">Question 1 of 3</p>', html=True)
    assertContains(answered, '<h1 class="question-text">Question 1</h1>', html=True)


# --- What each answer records ---------------------------------------------------------------------------------------


def test_answer_keeps_the_texts_in_the_attempts_language(learner):
    quiz = make_quiz(questions=1)
    question = quiz.questions.get()
    question.text_fr = "Question 1 en français"
    question.save()
    question.choices.filter(position=2).update(text_fr="Choix 2")
    answer_quiz(learner, quiz, [2], language="fr")
    assert list(Answer.objects.values_list("question_text", "choice_text")) == [("Question 1 en français", "Choix 2")]


def test_answer_keeps_the_english_texts_of_an_untranslated_question(learner):
    quiz = make_quiz(questions=1)
    answer_quiz(learner, quiz, [3], language="tr")
    assert list(Answer.objects.values_list("question_text", "choice_text")) == [("Question 1", "Q1 choice 3")]


def test_finished_attempt_total_is_its_number_of_answers(learner):
    quiz = make_quiz(questions=2)
    attempt = answer_quiz(learner, quiz, [1, 2])
    add_question(quiz, 3)
    annotated = Attempt.objects.with_score().get(pk=attempt.pk)
    assert (annotated.score, annotated.question_count) == (1, 2)
    assert (attempt.score, attempt.question_count) == (1, 2)


def test_results_show_the_question_and_answer_as_answered_after_an_author_edits_them(learner, learner_client):
    """An author swapping two answered choices' texts, or rewording the question, does not change what the
    learner's results say they answered, in the language they answered in."""
    quiz = make_quiz(questions=1)
    answer_quiz(learner, quiz, [1], language="fr")
    question = quiz.questions.get()
    Question.objects.filter(pk=question.pk).update(text_en="Question 1 (v2)", text_fr="Question 1 modifiée")
    question.choices.filter(position=1).update(text_en="Q1 choice 2", text_fr="Choix 2")
    question.choices.filter(position=2).update(text_en="Q1 choice 1", text_fr="Choix 1")

    french = learner_client.get(url("quizzes:results", "fr", slug=quiz.slug))
    assert texts_of(french.content, "question-text") == ["Question 1"]
    assertContains(french, '<span class="result-verdict" lang="fr">Exacte</span>', html=True)
    assertContains(french, "<dd>Q1 choice 1</dd>", html=True)

    english = learner_client.get(url("quizzes:results", "en", slug=quiz.slug))
    assert texts_of(english.content, "question-text") == ["Question 1 (v2)"]


def test_an_answer_given_after_switching_language_keeps_the_texts_of_that_language(learner, learner_client):
    quiz = make_quiz(questions=2)
    Question.objects.filter(quiz=quiz, position=2).update(text_fr="Question 2 en français")
    learner_client.post(url("quizzes:start", "en", slug=quiz.slug))
    first = quiz.questions.get(position=1).choices.get(position=1)
    learner_client.post(url("quizzes:question", "en", slug=quiz.slug, number=1), {"choice": first.pk})
    second = quiz.questions.get(position=2).choices.get(position=1)
    learner_client.post(url("quizzes:question", "fr", slug=quiz.slug, number=2), {"choice": second.pk})

    answers = Answer.objects.filter(attempt__learner=learner).order_by("answered_at", "pk")
    assert list(answers.values_list("language", "question_text")) == [
        ("en", "Question 1"),
        ("fr", "Question 2 en français"),
    ]
