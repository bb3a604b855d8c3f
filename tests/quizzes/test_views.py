import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertInHTML, assertNotContains

from quizzes.models import Answer, Attempt
from tests.factories import PASSWORD, answer_quiz, make_author, make_quiz, make_user
from tests.pages import attribute, find, form_buttons, has_class, url
from tests.quizzes.helpers import add_question, swap_positions

pytestmark = pytest.mark.django_db


def question_url(quiz, number: int, language: str = "en") -> str:
    """The address of the learner's question ``number``, as they see it numbered."""
    return url("quizzes:question", language, slug=quiz.slug, number=number)


def answer(client, quiz, position: int, choice_position: int, language: str = "en", number: int | None = None):
    """Post the choice at ``choice_position`` of the question at ``position`` to the learner's question ``number``,
    which is ``position`` unless an author reordered questions mid-attempt."""
    choice = quiz.questions.get(position=position).choices.get(position=choice_position)
    return client.post(question_url(quiz, number or position, language), {"choice": choice.pk})


def segment_states(page: str) -> list[str]:
    """The progress bar's segments, in order, by state: "right", "wrong", "current" or "todo"."""
    return [
        next(name.removeprefix("is-") for name in attribute(node, "class").split() if name.startswith("is-"))
        for node in find(page, has_class("segment"))
    ]


def verdict(kind: str, text: str) -> str:
    """The answered question's verdict as the page gives it: focused on load, described by the explanation."""
    return (
        f'<p id="verdict" class="feedback feedback-{kind}" tabindex="-1" autofocus aria-describedby="explanation-text">'
        f"{text}</p>"
    )


def choice_card(classes: str, text: str, tag: str, language: str = "en") -> str:
    """One choice of an answered question: its card's classes, its text and its tag's words."""
    return (
        f'<li class="choice-card {classes}"><span class="badge" aria-hidden="true"></span>'
        f'<span class="choice-text">{text}</span><span class="tag" lang="{language}">{tag}</span></li>'
    )


def test_question_shows_position_progress_and_unselected_radio_choices(learner_client):
    quiz = make_quiz(questions=3)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    response = learner_client.get(question_url(quiz, 1))
    page = response.content.decode()
    assertInHTML('<p class="progress-label" id="progress-label">Question 1 of 3</p>', page)
    assert segment_states(page) == ["current", "todo", "todo"]
    assert len(find(page, lambda node: node.name == "input" and attribute(node, "type") == "radio")) == 4
    for index, choice in enumerate(quiz.questions.get(position=1).choices.order_by("position")):
        assertInHTML(
            f'<li class="choice-card"><input type="radio" name="choice" value="{choice.pk}" id="id_choice_{index}"'
            f' required><span class="badge" aria-hidden="true"></span>'
            f'<label class="choice-text" for="id_choice_{index}">Q1 choice {index + 1}</label></li>',
            page,
        )
    assertNotContains(response, "checked")


def test_answer_shows_whether_it_was_right_the_correct_choice_and_the_explanation(learner_client):
    quiz = make_quiz(questions=2, correct=3)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    response = answer(learner_client, quiz, 1, 2)
    assert response.status_code == 302
    assert response.url == question_url(quiz, 1)
    page = learner_client.get(response.url).content.decode()
    assertInHTML(verdict("incorrect", "Wrong answer."), page)
    assertInHTML(choice_card("is-correct", "Q1 choice 3", "Correct answer"), page)
    assertInHTML(choice_card("is-wrong is-chosen", "Q1 choice 2", "Your answer: wrong"), page)
    assertInHTML(
        '<section class="explanation" aria-labelledby="explanation-heading"><h2 id="explanation-heading" lang="en">'
        'Explanation</h2><p id="explanation-text">Explanation 1</p></section>',
        page,
    )
    assertInHTML(f'<a class="button button-primary" href="{question_url(quiz, 2)}">Next question</a>', page)
    assert segment_states(page) == ["wrong", "todo"]


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
    assertInHTML(
        '<p class="field-error" id="id_choice_error" lang="en">Please choose an answer.</p>', response.content.decode()
    )
    response = learner_client.post(question_url(quiz, 1), {"choice": "not-a-number"})
    assert response.status_code == 400
    assertInHTML(
        '<p class="field-error" id="id_choice_error" lang="en">Please choose one of this question\'s answers.</p>',
        response.content.decode(),
    )
    assert Answer.objects.count() == 0


def test_choice_of_another_question_is_refused_and_nothing_saved(learner_client):
    quiz = make_quiz(questions=2)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    other = quiz.questions.get(position=2).choices.first()
    response = learner_client.post(question_url(quiz, 1), {"choice": other.pk})
    assert response.status_code == 400
    assert Answer.objects.count() == 0


@pytest.mark.parametrize("visitor", ["learner", "guest"])
def test_an_answer_with_two_choices_is_refused_with_400_and_nothing_saved(client, learner, visitor):
    """Only a crafted request sends two ``choice`` values (the page's radios send one): Django would record the last;
    the question page comes back with the error instead."""
    if visitor == "learner":
        client.force_login(learner)
    quiz = make_quiz(questions=2)
    client.post(url("quizzes:start", slug=quiz.slug))
    right, wrong = quiz.questions.get(position=1).choices.order_by("position")[:2]

    response = client.post(question_url(quiz, 1), {"choice": [wrong.pk, right.pk]})

    assert response.status_code == 400
    assertInHTML(
        '<p class="field-error" id="id_choice_error" lang="en">Please choose only one answer.</p>',
        response.content.decode(),
    )
    assert Answer.objects.count() == 0
    assert Attempt.objects.get().answers.count() == 0


def test_a_number_beyond_the_learners_total_leads_to_the_question_answered_next(learner_client):
    quiz = make_quiz(questions=3)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    answer(learner_client, quiz, 1, 1)
    for number in (0, 4, 10**30):
        response = learner_client.get(question_url(quiz, number))
        assert (response.status_code, response["Location"]) == (302, question_url(quiz, 2))
    response = answer(learner_client, quiz, 2, 1, number=4)
    assert (response.status_code, response["Location"]) == (302, question_url(quiz, 2))
    assert list(Answer.objects.values_list("question__position", flat=True)) == [1]
    assert learner_client.get(url("quizzes:detail", slug="no-such-quiz")).status_code == 404


def test_a_number_beyond_a_finished_attempts_total_leads_to_the_results(learner, learner_client):
    """A finished attempt numbers only its answers: a question added since has no number in it."""
    quiz = make_quiz(questions=2)
    answer_quiz(learner, quiz, [1, 1])
    add_question(quiz, 3)
    for method in (learner_client.get, learner_client.post):
        response = method(question_url(quiz, 3))
        assert (response.status_code, response["Location"]) == (302, url("quizzes:results", slug=quiz.slug))
    assert Answer.objects.count() == 2


def test_a_number_beyond_an_attempt_left_with_nothing_to_answer_leads_to_the_quiz_page(learner, learner_client):
    """An author removed the only question the learner had left: the quiz page has the button that finishes it."""
    quiz = make_quiz(questions=2)
    answer_quiz(learner, quiz, [1])
    quiz.questions.get(position=2).delete()
    response = learner_client.get(question_url(quiz, 2))
    assert (response.status_code, response["Location"]) == (302, url("quizzes:detail", slug=quiz.slug))
    assert not Attempt.objects.get().is_finished


def test_a_question_page_without_an_attempt_leads_to_the_quiz_page(learner_client):
    quiz = make_quiz(questions=2)
    for number in (1, 3):
        response = learner_client.get(question_url(quiz, number))
        assert (response.status_code, response["Location"]) == (302, url("quizzes:detail", slug=quiz.slug))
    assert Attempt.objects.count() == 0


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
    assertInHTML(
        f'<a class="button button-primary" href="{url("quizzes:results", "fr", slug=quiz.slug)}">'
        "Voir vos résultats</a>",
        page,
    )
    results = learner_client.get(url("quizzes:results", "fr", slug=quiz.slug)).content.decode()
    assertInHTML('<span class="score-value">3/4</span>', results)
    for number in range(1, 5):
        assertInHTML(f"<dd>Explanation {number}</dd>", results)
    attempt = Attempt.objects.get()
    assert (attempt.language, attempt.score, attempt.is_finished) == ("fr", 3, True)
    detail = learner_client.get(url("quizzes:detail", slug=quiz.slug))
    assertInHTML('<h2 id="quiz-status-heading" class="last-score">Your last score: 3/4</h2>', detail.content.decode())
    assert form_buttons(detail.content, url("quizzes:start", slug=quiz.slug)) == ["Retake"]


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
    assertInHTML('<span class="score-value">1/2</span>', results)
    assertInHTML('<h2 id="other-attempts-heading">Your other attempts</h2>', results)
    assertInHTML("<td>2/2</td>", results)
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
    detail = client.get(url("quizzes:detail", slug=quiz.slug))
    assertInHTML('<h2 id="quiz-status-heading" class="progress-label">Question 4 of 5</h2>', detail.content.decode())
    assert form_buttons(detail.content, url("quizzes:start", slug=quiz.slug)) == ["Resume"]
    response = client.post(url("quizzes:start", slug=quiz.slug))
    assert response.url == question_url(quiz, 4)
    assert client.get(question_url(quiz, 2)).status_code == 200
    assert client.get(question_url(quiz, 5)).url == question_url(quiz, 4)


def test_a_logged_out_visitor_starts_as_a_guest_without_logging_in(client):
    quiz = make_quiz()
    response = client.post(url("quizzes:start", "fr", slug=quiz.slug))
    assert (response.status_code, response.url) == (302, question_url(quiz, 1, "fr"))
    attempt = Attempt.objects.get()
    assert (attempt.learner, attempt.guest_id is not None, attempt.language) == (None, True, "fr")


def test_signup_logs_the_learner_in_and_follows_next(client):
    quiz = make_quiz()
    quiz_url = url("quizzes:detail", "tr", slug=quiz.slug)
    page = client.get(f"{url('signup', 'tr')}?next={quiz_url}").content.decode()
    assertInHTML(f'<input type="hidden" name="next" value="{quiz_url}">', page)
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
    assertInHTML('<span class="score-value">1/1</span>', results)
    assert Attempt.objects.get().is_finished


def test_questions_are_counted_one_to_n_whatever_their_positions(learner_client):
    quiz = make_quiz(questions=2)
    quiz.questions.filter(position=2).update(position=5)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    answer(learner_client, quiz, 1, 1)
    detail = learner_client.get(url("quizzes:detail", slug=quiz.slug))
    assertContains(detail, '<h2 id="quiz-status-heading" class="progress-label">Question 2 of 2</h2>', html=True)
    page = learner_client.get(question_url(quiz, 2))
    assertContains(page, '<p class="progress-label" id="progress-label">Question 2 of 2</p>', html=True)
    assertContains(page, '<h1 class="question-text">Question 2</h1>', html=True)


def test_finished_quiz_page_shows_the_last_score_instead_of_a_question_number(learner_client):
    quiz = make_quiz(questions=2)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    answer(learner_client, quiz, 1, 1)
    answer(learner_client, quiz, 2, 2)
    detail = learner_client.get(url("quizzes:detail", slug=quiz.slug))
    assertContains(detail, '<h2 id="quiz-status-heading" class="last-score">Your last score: 1/2</h2>', html=True)
    assertNotContains(detail, "Question 1 of 2")


def test_results_page_refuses_post(learner_client):
    quiz = make_quiz(questions=1)
    assert learner_client.post(url("quizzes:results", slug=quiz.slug)).status_code == 405


def test_question_numbers_agree_on_every_page_after_an_author_reorders_mid_attempt(learner_client):
    """Question 1 answered, then an author swaps questions 1 and 3: the quiz page, the question page before and
    after answering, and the answered question's page all count in the order the learner meets them, and each
    page's address is the number it shows."""
    quiz = make_quiz(questions=3)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    answer(learner_client, quiz, 1, 1)
    swap_positions(quiz, 1, 3)

    detail = learner_client.get(url("quizzes:detail", slug=quiz.slug))
    assertContains(detail, '<h2 id="quiz-status-heading" class="progress-label">Question 2 of 3</h2>', html=True)
    assertContains(detail, '<p class="next-question">Question 3</p>', html=True)
    assert learner_client.post(url("quizzes:start", slug=quiz.slug))["Location"] == question_url(quiz, 2)
    before = learner_client.get(question_url(quiz, 2))
    assertContains(before, '<p class="progress-label" id="progress-label">Question 2 of 3</p>', html=True)
    assertContains(before, '<h1 class="question-text">Question 3</h1>', html=True)
    assert answer(learner_client, quiz, 1, 1, number=2)["Location"] == question_url(quiz, 2)
    after = learner_client.get(question_url(quiz, 2))
    assertContains(after, '<p class="progress-label" id="progress-label">Question 2 of 3</p>', html=True)
    assertContains(after, '<h1 class="question-text">Question 3</h1>', html=True)
    assertContains(
        after, f'<a class="button button-primary" href="{question_url(quiz, 3)}">Next question</a>', html=True
    )
    first = learner_client.get(question_url(quiz, 1))
    assertContains(first, '<p class="progress-label" id="progress-label">Question 1 of 3</p>', html=True)
    assertContains(first, '<h1 class="question-text">Question 1</h1>', html=True)
    detail = learner_client.get(url("quizzes:detail", slug=quiz.slug))
    assertContains(detail, '<h2 id="quiz-status-heading" class="progress-label">Question 3 of 3</h2>', html=True)
    assertContains(detail, '<p class="next-question">Question 2</p>', html=True)


def test_after_an_author_moves_the_last_question_first_resume_leads_to_the_learners_question_3(learner_client):
    """The trial of issue 8, in French: questions 1 and 2 answered, then an author moves question 3 to
    position 1 (positions become 3, 1, 2). The learner's third question is still at /questions/3/, and their
    answers at /1/ and /2/."""
    quiz = make_quiz(slug="trial-quiz", questions=3)
    start_url = url("quizzes:start", "fr", slug=quiz.slug)
    learner_client.post(start_url)
    answer(learner_client, quiz, 1, 1, "fr")
    answer(learner_client, quiz, 2, 2, "fr")
    first, second, third = quiz.questions.order_by("position")
    quiz.questions.all().renumber(order=[third.pk, first.pk, second.pk])

    detail = learner_client.get(url("quizzes:detail", "fr", slug=quiz.slug))
    assertContains(detail, '<h2 id="quiz-status-heading" class="progress-label">Question 3 de 3</h2>', html=True)
    assert form_buttons(detail.content, start_url) == ["Reprendre"]
    response = learner_client.post(start_url)
    assert (response.status_code, response["Location"]) == (302, "/fr/quizzes/trial-quiz/questions/3/")
    page = learner_client.get("/fr/quizzes/trial-quiz/questions/3/")
    assertContains(page, '<p class="progress-label" id="progress-label">Question 3 de 3</p>', html=True)
    assertContains(page, '<h1 class="question-text">Question 3</h1>', html=True)

    right = verdict("correct", "Exact\N{NO-BREAK SPACE}!")
    wrong = verdict("incorrect", "Mauvaise réponse.")
    for number, feedback, picked in [
        (1, right, choice_card("is-correct is-chosen", "Q1 choice 1", "Votre réponse\N{NO-BREAK SPACE}: exacte", "fr")),
        (2, wrong, choice_card("is-wrong is-chosen", "Q2 choice 2", "Votre réponse\N{NO-BREAK SPACE}: erronée", "fr")),
    ]:
        page = learner_client.get(f"/fr/quizzes/trial-quiz/questions/{number}/")
        assertContains(page, f'<p class="progress-label" id="progress-label">Question {number} de 3</p>', html=True)
        assertContains(page, f'<h1 class="question-text">Question {number}</h1>', html=True)
        assertContains(page, feedback, html=True)
        assertContains(page, picked, html=True)

    response = answer(learner_client, quiz, 1, 1, "fr", number=3)
    assert response["Location"] == "/fr/quizzes/trial-quiz/questions/3/"
    page = learner_client.get(response["Location"])
    assertContains(page, '<p class="progress-label" id="progress-label">Question 3 de 3</p>', html=True)
    assertContains(page, '<h1 class="question-text">Question 3</h1>', html=True)
    assertContains(page, right, html=True)


def test_addresses_and_numbers_agree_after_an_author_reorders_then_removes_a_question_mid_attempt(learner_client):
    """Question 1 answered; an author moves question 3 first, then removes question 2 (positions become
    Q3, Q1, Q4). The learner meets Q1, Q3, Q4 as questions 1, 2, 3, at /1/, /2/, /3/."""
    quiz = make_quiz(questions=4)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    answer(learner_client, quiz, 1, 1)
    q1, q2, q3, q4 = quiz.questions.order_by("position")
    quiz.questions.all().renumber(order=[q3.pk, q1.pk, q2.pk, q4.pk])
    q2.delete()
    quiz.questions.all().renumber()
    assert list(quiz.questions.values_list("text", "position")) == [
        ("Question 3", 1),
        ("Question 1", 2),
        ("Question 4", 3),
    ]

    assert learner_client.post(url("quizzes:start", slug=quiz.slug))["Location"] == question_url(quiz, 2)
    assert learner_client.get(question_url(quiz, 3))["Location"] == question_url(quiz, 2)
    page = learner_client.get(question_url(quiz, 2))
    assertContains(page, '<p class="progress-label" id="progress-label">Question 2 of 3</p>', html=True)
    assertContains(page, '<h1 class="question-text">Question 3</h1>', html=True)
    answer(learner_client, quiz, 1, 1, number=2)
    page = learner_client.get(question_url(quiz, 2))
    assertContains(page, '<h1 class="question-text">Question 3</h1>', html=True)
    assertContains(
        page, f'<a class="button button-primary" href="{question_url(quiz, 3)}">Next question</a>', html=True
    )
    page = learner_client.get(question_url(quiz, 3))
    assertContains(page, '<p class="progress-label" id="progress-label">Question 3 of 3</p>', html=True)
    assertContains(page, '<h1 class="question-text">Question 4</h1>', html=True)
    page = learner_client.get(question_url(quiz, 1))
    assertContains(page, '<p class="progress-label" id="progress-label">Question 1 of 3</p>', html=True)
    assertContains(page, '<h1 class="question-text">Question 1</h1>', html=True)


def test_pages_of_an_attempt_left_with_nothing_to_answer_write_nothing_and_offer_to_finish_it(learner_client):
    """An author removed the only question the learner had left: reading the quiz, question and results pages
    changes no row; the quiz and question pages offer the button (a POST) that finishes the attempt."""
    quiz = make_quiz(questions=2)
    start_url, detail_url = url("quizzes:start", slug=quiz.slug), url("quizzes:detail", slug=quiz.slug)
    learner_client.post(start_url)
    answer(learner_client, quiz, 1, 1)
    quiz.questions.get(position=2).delete()

    def rows():
        return list(Attempt.objects.values()), list(Answer.objects.values())

    before = rows()
    detail = learner_client.get(detail_url)
    assertContains(
        detail, '<h2 id="quiz-status-heading" class="progress-label">You have answered every question.</h2>', html=True
    )
    assert form_buttons(detail.content, start_url) == ["See your results"]
    question = learner_client.get(question_url(quiz, 1))
    assertContains(question, '<p class="progress-label" id="progress-label">Question 1 of 1</p>', html=True)
    assert form_buttons(question.content, start_url) == ["See your results"]
    results = learner_client.get(url("quizzes:results", slug=quiz.slug))
    assert (results.status_code, results["Location"]) == (302, detail_url)
    assert rows() == before
    assert before[0][0]["finished_at"] is None

    response = learner_client.post(start_url)
    assert response.url == url("quizzes:results", slug=quiz.slug)
    assert Attempt.objects.get().is_finished


# --- The guard: published quiz; a visitor without an attempt ----------------------------------------------------


@pytest.mark.parametrize(
    ("method", "page"),
    [
        ("get", "quizzes:start"),
        ("get", "quizzes:question"),
        ("post", "quizzes:question"),
        ("get", "quizzes:results"),
        ("head", "quizzes:results"),
    ],
)
def test_a_logged_out_visitor_without_an_attempt_is_sent_to_the_quiz_page(client, method, page):
    quiz = make_quiz()
    kwargs = {"number": 2} if page == "quizzes:question" else {}
    response = getattr(client, method)(url(page, "fr", slug=quiz.slug, **kwargs))
    assert (response.status_code, response["Location"]) == (302, url("quizzes:detail", "fr", slug=quiz.slug))
    assert Attempt.objects.count() == 0


@pytest.mark.parametrize("page", ["quizzes:start", "quizzes:question", "quizzes:results"])
@pytest.mark.parametrize("who", ["anonymous", "learner", "author"])
def test_pages_of_a_draft_are_404_to_a_visitor_without_results_and_to_staff_outside_the_preview(client, page, who):
    """Staff preview a draft's quiz page; starting, answering and results are 404 to them as to anyone, save
    the results page, which sends staff to the preview."""
    quiz = make_quiz(published=False)
    if who != "anonymous":
        client.force_login(make_user() if who == "learner" else make_author())
    kwargs = {"number": 1} if page == "quizzes:question" else {}
    method = client.get if page == "quizzes:results" else client.post
    response = method(url(page, slug=quiz.slug, **kwargs))
    if who == "author" and page == "quizzes:results":
        assert (response.status_code, response["Location"]) == (302, url("quizzes:detail", slug=quiz.slug))
    else:
        assert response.status_code == 404
    assert Attempt.objects.count() == 0


def test_staff_keep_their_results_of_a_quiz_unpublished_since(client):
    author = make_author()
    quiz = make_quiz(questions=1)
    answer_quiz(author, quiz, [1])
    quiz.published = False
    quiz.save()
    client.force_login(author)
    response = client.get(url("quizzes:results", slug=quiz.slug))
    assertContains(response, '<span class="score-value">1/1</span>', html=True)
