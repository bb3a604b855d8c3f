import re

import pytest
from django.urls import reverse
from django.utils import translation

from quizzes.models import Answer, Attempt
from tests.factories import PASSWORD, make_author, make_quiz, make_user

pytestmark = pytest.mark.django_db


def url(name: str, language: str = "en", **kwargs) -> str:
    with translation.override(language):
        return reverse(name, kwargs=kwargs)


def question_url(quiz, position: int, language: str = "en") -> str:
    return url("quizzes:question", language, slug=quiz.slug, position=position)


def answer(client, quiz, position: int, choice_position: int, language: str = "en"):
    choice = quiz.questions.get(position=position).choices.get(position=choice_position)
    return client.post(question_url(quiz, position, language), {"choice": choice.pk})


@pytest.fixture
def learner_client(client):
    client.force_login(make_user())
    return client


def test_question_shows_position_progress_and_unselected_radio_choices(learner_client):
    quiz = make_quiz(questions=3)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    page = learner_client.get(question_url(quiz, 1)).content.decode()
    assert "Question 1 of 3" in page
    assert '<progress class="progress" max="3" value="0"' in page
    assert page.count('type="radio" name="choice"') == 4
    for number in range(1, 5):
        assert re.search(rf'<label for="id_choice_\d"><input [^>]+> <span>Q1 choice {number}</span></label>', page)
    assert "checked" not in page


def test_answer_shows_whether_it_was_right_the_correct_choice_and_the_explanation(learner_client):
    quiz = make_quiz(questions=2, correct=3)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    response = answer(learner_client, quiz, 1, 2)
    assert response.status_code == 302
    assert response.url == question_url(quiz, 1)
    page = learner_client.get(response.url).content.decode()
    assert "Wrong answer." in page
    assert re.search(r'class="is-correct">\s*Q1 choice 3\s*<span class="tag" lang="en">Correct answer</span>', page)
    assert re.search(r'class="is-wrong">\s*Q1 choice 2\s*<span class="tag" lang="en">Your answer</span>', page)
    assert "Explanation 1" in page
    assert f'href="{question_url(quiz, 2)}">Next question</a>' in page


def test_second_post_to_an_answered_question_changes_nothing(learner_client):
    quiz = make_quiz(questions=2)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    answer(learner_client, quiz, 1, 2)
    response = answer(learner_client, quiz, 1, 1)
    assert response.status_code == 302
    assert response.url == question_url(quiz, 1)
    assert list(Answer.objects.values_list("choice__position", "is_correct")) == [(2, False)]


def test_question_not_reached_yet_redirects_to_the_current_one(learner_client):
    quiz = make_quiz(questions=3)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    answer(learner_client, quiz, 1, 1)
    response = learner_client.get(question_url(quiz, 3))
    assert response.status_code == 302
    assert response.url == question_url(quiz, 2)
    response = answer(learner_client, quiz, 3, 1)
    assert response.url == question_url(quiz, 2)
    assert Answer.objects.count() == 1


def test_post_without_a_choice_shows_a_message_and_saves_nothing(learner_client):
    quiz = make_quiz(questions=2)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    response = learner_client.post(question_url(quiz, 1), {})
    assert response.status_code == 400
    assert "Please choose an answer." in response.content.decode()
    response = learner_client.post(question_url(quiz, 1), {"choice": "not-a-number"})
    assert response.status_code == 400
    assert "Please choose one of this question&#x27;s answers." in response.content.decode()
    assert Answer.objects.count() == 0


def test_choice_of_another_question_is_refused_and_nothing_saved(learner_client):
    quiz = make_quiz(questions=2)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    other = quiz.questions.get(position=2).choices.first()
    response = learner_client.post(question_url(quiz, 1), {"choice": other.pk})
    assert response.status_code == 400
    assert Answer.objects.count() == 0


def test_question_beyond_the_quiz_is_404(learner_client):
    quiz = make_quiz(questions=2)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    assert learner_client.get(question_url(quiz, 3)).status_code == 404
    assert learner_client.get(url("quizzes:detail", slug="no-such-quiz")).status_code == 404


def test_get_on_start_shows_the_quiz_page_and_starts_nothing(learner_client):
    quiz = make_quiz()
    response = learner_client.get(url("quizzes:start", "fr", slug=quiz.slug))
    assert (response.status_code, response["Location"]) == (302, url("quizzes:detail", "fr", slug=quiz.slug))
    assert Attempt.objects.count() == 0


def test_whole_attempt_ends_with_the_exact_score_and_every_explanation(learner_client):
    quiz = make_quiz(questions=4, correct=2)
    learner_client.post(url("quizzes:start", "fr", slug=quiz.slug))
    for position, pick in [(1, 2), (2, 1), (3, 2), (4, 2)]:
        answer(learner_client, quiz, position, pick, "fr")
    page = learner_client.get(question_url(quiz, 4, "fr")).content.decode()
    assert f'href="{url("quizzes:results", "fr", slug=quiz.slug)}"' in page
    results = learner_client.get(url("quizzes:results", "fr", slug=quiz.slug)).content.decode()
    assert '<span class="score-value">3 / 4</span>' in results
    for number in range(1, 5):
        assert f"Explanation {number}" in results
    attempt = Attempt.objects.get()
    assert (attempt.language, attempt.score, attempt.is_finished) == ("fr", 3, True)
    detail = learner_client.get(url("quizzes:detail", slug=quiz.slug)).content.decode()
    assert "Your last score: 3 / 4" in detail
    assert re.search(r"<button[^>]*>\s*Retake\s*</button>", detail)


def test_retake_starts_over_and_keeps_earlier_attempts(learner_client):
    quiz = make_quiz(questions=2)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    answer(learner_client, quiz, 1, 1)
    answer(learner_client, quiz, 2, 1)
    response = learner_client.post(url("quizzes:start", slug=quiz.slug))
    assert response.url == question_url(quiz, 1)
    answer(learner_client, quiz, 1, 2)
    answer(learner_client, quiz, 2, 1)
    results = learner_client.get(url("quizzes:results", slug=quiz.slug)).content.decode()
    assert '<span class="score-value">1 / 2</span>' in results
    assert "Earlier attempts" in results
    assert "<td>2 / 2</td>" in results
    assert Attempt.objects.finished().count() == 2


def test_learner_resumes_at_the_right_question_after_logging_out_and_in(client):
    quiz = make_quiz(questions=5)
    make_user("ayse")
    client.post(url("login"), {"username": "ayse", "password": PASSWORD})
    client.post(url("quizzes:start", slug=quiz.slug))
    for position in (1, 2, 3):
        answer(client, quiz, position, 1)
    client.post(url("logout"))
    assert client.get(question_url(quiz, 4)).status_code == 302
    client.post(url("login"), {"username": "ayse", "password": PASSWORD})
    detail = client.get(url("quizzes:detail", slug=quiz.slug)).content.decode()
    assert "Question 4 of 5" in detail
    assert re.search(r"<button[^>]*>\s*Resume\s*</button>", detail)
    response = client.post(url("quizzes:start", slug=quiz.slug))
    assert response.url == question_url(quiz, 4)
    assert client.get(question_url(quiz, 2)).status_code == 200
    assert client.get(question_url(quiz, 5)).url == question_url(quiz, 4)


def test_logged_out_start_goes_to_login_and_back_to_the_quiz(client):
    quiz = make_quiz()
    quiz_url = url("quizzes:detail", "fr", slug=quiz.slug)
    response = client.post(url("quizzes:start", "fr", slug=quiz.slug))
    assert response.status_code == 302
    assert response.url == f"{url('login', 'fr')}?next={quiz_url}"
    make_user("zeynep")
    response = client.post(url("login", "fr"), {"username": "zeynep", "password": PASSWORD, "next": quiz_url})
    assert response.url == quiz_url
    assert Attempt.objects.count() == 0


def test_signup_logs_the_learner_in_and_follows_next(client):
    quiz = make_quiz()
    quiz_url = url("quizzes:detail", "tr", slug=quiz.slug)
    page = client.get(f"{url('signup', 'tr')}?next={quiz_url}").content.decode()
    assert f'name="next" value="{quiz_url}"' in page
    response = client.post(
        url("signup", "tr"),
        {
            "username": "elif",
            "password1": "a quiz for learners",
            "password2": "a quiz for learners",
            "next": quiz_url,
        },
    )
    assert response.status_code == 302
    assert response.url == quiz_url
    response = client.post(url("quizzes:start", "tr", slug=quiz.slug))
    assert response.url == question_url(quiz, 1, "tr")
    assert Attempt.objects.get().learner.username == "elif"


def test_signup_ignores_a_next_to_another_site(client):
    response = client.post(
        url("signup"),
        {
            "username": "mallory",
            "password1": "a quiz for learners",
            "password2": "a quiz for learners",
            "next": "https://evil.example/",
        },
    )
    assert response.url == url("home")


def test_unpublished_quiz_is_404_for_learners(learner_client):
    quiz = make_quiz(published=False)
    assert learner_client.get(url("quizzes:detail", slug=quiz.slug)).status_code == 404
    assert learner_client.post(url("quizzes:start", slug=quiz.slug)).status_code == 404
    assert Attempt.objects.count() == 0


@pytest.mark.parametrize("questions", [2, 8])
def test_quiz_page_queries_do_not_grow_with_the_number_of_questions(client, django_assert_num_queries, questions):
    quiz = make_quiz(questions=questions)
    client.force_login(make_user())
    client.post(url("quizzes:start", slug=quiz.slug))
    # session, user, quiz, questions, choices, guides, unfinished attempt, its next question
    with django_assert_num_queries(8):
        assert client.get(url("quizzes:detail", slug=quiz.slug)).status_code == 200


# --- Draft preview ------------------------------------------------------------------------------------------------

DRAFT_NOTICE = "Draft preview: learners cannot see this page until it is published."


def test_unpublished_quiz_is_404_for_anonymous_visitors(client):
    quiz = make_quiz(published=False)
    assert client.get(url("quizzes:detail", slug=quiz.slug)).status_code == 404


def test_learner_cannot_answer_or_see_results_of_an_unpublished_quiz(learner_client):
    quiz = make_quiz(published=False)
    assert learner_client.get(question_url(quiz, 1)).status_code == 404
    assert learner_client.get(url("quizzes:results", slug=quiz.slug)).status_code == 404


def test_staff_preview_a_draft_quiz_without_a_start_button(client):
    quiz = make_quiz(title="Unfinished quiz", published=False)
    client.force_login(make_author())
    response = client.get(url("quizzes:detail", slug=quiz.slug))
    page = response.content.decode()
    assert response.status_code == 200
    assert DRAFT_NOTICE in page
    assert "Unfinished quiz" in page
    assert "Question 2" in page
    assert url("quizzes:start", slug=quiz.slug) not in page


def test_published_quiz_shows_no_draft_notice_to_staff(client):
    quiz = make_quiz(published=True)
    client.force_login(make_author())
    page = client.get(url("quizzes:detail", slug=quiz.slug)).content.decode()
    assert DRAFT_NOTICE not in page
    assert url("quizzes:start", slug=quiz.slug) in page


def test_view_on_site_from_the_admin_reaches_the_draft(client):
    quiz = make_quiz(slug="draft", published=False)
    client.force_login(make_author())
    response = client.get(reverse("admin:quizzes_quiz_change", args=[quiz.pk]))
    response = client.get(response.context["absolute_url"], follow=True)
    assert response.redirect_chain[-1][0] == "http://testserver/en/quizzes/draft/"
    assert response.status_code == 200


def test_attempt_left_with_nothing_to_answer_is_finished_not_stuck(learner_client):
    """An author removed the only question the learner had left: resuming shows the results."""
    quiz = make_quiz(questions=2)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    answer(learner_client, quiz, 1, 1)
    quiz.questions.get(position=2).delete()
    response = learner_client.post(url("quizzes:start", slug=quiz.slug))
    assert response.status_code == 302
    assert response.url == url("quizzes:results", slug=quiz.slug)
    results = learner_client.get(response.url).content.decode()
    assert '<span class="score-value">1 / 1</span>' in results
    assert Attempt.objects.get().is_finished


def test_questions_are_counted_one_to_n_whatever_their_positions(learner_client):
    quiz = make_quiz(questions=2)
    quiz.questions.filter(position=2).update(position=5)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    answer(learner_client, quiz, 1, 1)
    detail = learner_client.get(url("quizzes:detail", slug=quiz.slug)).content.decode()
    assert "Question 2 of 2" in detail
    assert "Question 2 of 2" in learner_client.get(question_url(quiz, 5)).content.decode()


def test_finished_quiz_page_shows_the_last_score_instead_of_a_question_number(learner_client):
    quiz = make_quiz(questions=2)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    answer(learner_client, quiz, 1, 1)
    answer(learner_client, quiz, 2, 2)
    detail = learner_client.get(url("quizzes:detail", slug=quiz.slug)).content.decode()
    assert "Your last score: 1 / 2" in detail
    assert "Question 1 of 2" not in detail


def test_results_page_refuses_post(learner_client):
    quiz = make_quiz(questions=1)
    assert learner_client.post(url("quizzes:results", slug=quiz.slug)).status_code == 405
