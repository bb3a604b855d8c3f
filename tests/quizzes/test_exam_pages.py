"""The learner's pages of an exam (``quizzes.exam_views``): questions answered in any order and changed, flagged for
review, the overview, the confirmation, the results; nothing revealed before submitting; time running out; guests."""

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone
from pytest_django.asserts import assertInHTML

from quizzes.guests import GUEST_SESSION_KEY
from quizzes.models import Answer, Attempt
from quizzes.modes import GRACE, QuizMode
from tests.factories import PASSWORD, make_guide, make_kinds_quiz, make_quiz
from tests.pages import attribute, find, form_buttons, form_values, has_class, own_text, texts_of, url
from tests.quizzes.test_answer_not_revealed import choice_lists

pytestmark = pytest.mark.django_db


def exam_quiz(questions: int = 8, **fields):
    """An exam of ``questions`` questions in the author's order: choice 1 of each is right (``make_quiz``)."""
    return make_quiz(questions=questions, mode=QuizMode.EXAM, **fields)


def question_url(quiz, number: int, language: str = "en") -> str:
    return url("quizzes:question", language, slug=quiz.slug, number=number)


def choice_pk(quiz, position: int, choice: int) -> int:
    return quiz.questions.get(position=position).choices.get(position=choice).pk


def save(client, quiz, number: int, choice: int | None = None, go: str = "next", flagged: bool = False, **extra):
    """Post question ``number``'s form as its page sends it: choice ``choice`` (by position; None: none), the flag,
    and the button ``go``."""
    data = {"go": go, **extra}
    if choice is not None:
        data["choice"] = choice_pk(quiz, number, choice)
    if flagged:
        data["flagged"] = "on"
    return client.post(question_url(quiz, number), data)


def messages_of(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


def overview_rows(page: bytes) -> list[tuple[str, ...]]:
    """Each row of the overview: the link's text, the status and, when flagged, the flag's words."""
    rows = []
    for item in find(page, has_class("exam-overview-item")):
        words = [own_text(node) for node in find(item, lambda node: has_class("exam-overview-link")(node))]
        words += [own_text(node) for node in find(item, has_class("exam-status"))]
        words += [own_text(node) for node in find(item, has_class("exam-flag"))]
        rows.append(tuple(words))
    return rows


def checked_values(page: bytes) -> list[str]:
    """The values of the checked inputs named ``choice``."""
    return [
        attribute(node, "value")
        for node in find(page, lambda node: node.name == "input" and attribute(node, "name") == "choice")
        if "checked" in dict(node.attributes)
    ]


def segment_states(page: bytes) -> list[set[str]]:
    """The progress bar's segments, each as its classes besides ``segment``."""
    return [set(attribute(node, "class").split()) - {"segment"} for node in find(page, has_class("segment"))]


def flag_checked(page: bytes) -> bool:
    [box] = find(page, lambda node: node.name == "input" and attribute(node, "name") == "flagged")
    return "checked" in dict(box.attributes)


# What would give an answer away: the classes and words of a verdict and of a right choice, and each explanation.
REVEALING = ("is-correct", "is-wrong", "feedback", "Right!", "Wrong answer", "Correct answer", "Your answer: right")


def assert_reveals_nothing(page: bytes, quiz) -> None:
    text = page.decode()
    for marker in REVEALING:
        assert marker not in text, marker
    for number in range(1, quiz.questions.count() + 1):
        assert f"Explanation {number}" not in text


# --- The scenario of the "Done when" --------------------------------------------------------------------


def test_an_exam_answered_in_any_order_changed_flagged_and_submitted_scores_its_final_answers(learner_client):
    """Questions 3, 1 and 8 answered in that order, answer 1 changed, 5 flagged: the overview says so, the
    confirmation counts 5 unanswered, and the results score the final answers (1 and 3 right, 8 wrong: 2/8)."""
    quiz = exam_quiz()
    client = learner_client
    assert client.post(url("quizzes:start", slug=quiz.slug)).url == question_url(quiz, 1)
    assert save(client, quiz, 3, 1).url == question_url(quiz, 4)
    assert save(client, quiz, 1, 2).url == question_url(quiz, 2)
    assert save(client, quiz, 8, 3).url == url("quizzes:overview", slug=quiz.slug)  # Next after the last
    assert save(client, quiz, 1, 1, go="overview").url == url("quizzes:overview", slug=quiz.slug)
    assert save(client, quiz, 5, flagged=True, go="previous").url == question_url(quiz, 4)
    # The pages hold the saved answer and flag.
    assert checked_values(client.get(question_url(quiz, 1)).content) == [str(choice_pk(quiz, 1, 1))]
    page = client.get(question_url(quiz, 5)).content
    assert (checked_values(page), flag_checked(page)) == ([], True)

    overview = client.get(url("quizzes:overview", slug=quiz.slug))
    assert overview_rows(overview.content) == [
        ("Question 1", "Answered"),
        ("Question 2", "Not answered"),
        ("Question 3", "Answered"),
        ("Question 4", "Not answered"),
        ("Question 5", "Not answered", "Flagged for review"),
        ("Question 6", "Not answered"),
        ("Question 7", "Not answered"),
        ("Question 8", "Answered"),
    ]
    assert texts_of(overview.content, "exam-answered-count") == ["3 of 8 questions answered."]
    assertInHTML(
        f'<a class="button button-primary" href="{url("quizzes:submit", slug=quiz.slug)}">Submit the exam</a>',
        overview.content.decode(),
    )

    confirmation = client.get(url("quizzes:submit", slug=quiz.slug))
    assert texts_of(confirmation.content, "exam-unanswered-count") == [
        "5 questions are not answered: they will score zero."
    ]
    [listed] = find(confirmation.content, has_class("exam-unanswered"))
    assert [own_text(link) for link in find(listed, lambda node: node.name == "a")] == [
        f"Question {number}" for number in (2, 4, 5, 6, 7)
    ]
    assert form_buttons(confirmation.content, None) == ["Submit the exam"]  # the form posts to its own page
    assert Attempt.objects.get().finished_at is None

    response = client.post(url("quizzes:submit", slug=quiz.slug))
    assert response.url == url("quizzes:results", slug=quiz.slug)
    attempt = Attempt.objects.with_score().get()
    assert (attempt.score, attempt.question_count) == (2, 8)
    results = client.get(response.url).content
    assertInHTML('<span class="score-value">2/8</span>', results.decode())
    # Every answer in the exam's numbering; the unanswered ones say so.
    assert texts_of(results, "question-text") == [f"Question {number}" for number in range(1, 9)]
    assert texts_of(results, "result-verdict") == ["Right", "Not answered", "Right"] + ["Not answered"] * 4 + ["Wrong"]


def test_an_unanswered_question_shows_in_the_results_with_the_right_answer_and_the_explanation(learner_client):
    quiz = exam_quiz(questions=2)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    save(learner_client, quiz, 1, 1)
    learner_client.post(url("quizzes:submit", slug=quiz.slug))
    results = learner_client.get(url("quizzes:results", slug=quiz.slug)).content
    [unanswered] = find(results, has_class("result"))[1:]
    assertInHTML(
        '<dl><dt lang="en">Your answer</dt><dd class="not-answered" lang="en">Not answered</dd>'
        '<dt lang="en">Correct answer</dt><dd>Q2 choice 1</dd>'
        '<dt lang="en">Explanation</dt><dd>Explanation 2</dd></dl>',
        str(unanswered),
    )


def test_an_unanswered_multiple_answer_question_lists_its_correct_answers(learner_client):
    quiz = make_kinds_quiz(mode=QuizMode.EXAM, shuffle_choices=False)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    learner_client.post(url("quizzes:submit", slug=quiz.slug))
    results = learner_client.get(url("quizzes:results", slug=quiz.slug)).content
    [multiple] = [node for node in find(results, has_class("result")) if "Which are even?" in str(node)]
    assertInHTML(
        '<dl><dt lang="en">Your answer</dt><dd class="not-answered" lang="en">Not answered</dd>'
        '<dt lang="en">Correct answers</dt><dd>2</dd><dd>8</dd>'
        '<dt lang="en">Explanation</dt><dd>Because 2.</dd></dl>',
        str(multiple),
    )
    assert texts_of(results, "result-verdict") == ["Not answered"] * 3


def test_the_results_of_a_shuffled_exam_follow_its_numbering(learner_client):
    quiz = exam_quiz(questions=6, shuffle_questions=True)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    numbered = [
        own_text(find(learner_client.get(question_url(quiz, number)).content, has_class("question-text"))[0])
        for number in range(1, 7)
    ]
    assert numbered != [f"Question {number}" for number in range(1, 7)]  # the seed shuffled them
    for number in (6, 2, 4):
        position = int(numbered[number - 1].split()[-1])
        learner_client.post(question_url(quiz, number), {"choice": choice_pk(quiz, position, 1)})
    learner_client.post(url("quizzes:submit", slug=quiz.slug))
    results = learner_client.get(url("quizzes:results", slug=quiz.slug)).content
    assert texts_of(results, "question-text") == numbered


def test_no_page_of_an_exam_under_way_reveals_a_verdict_the_right_choice_or_an_explanation(learner_client):
    """Every page the learner may open before submitting, after answering some questions right and some wrong; the
    practice pages show the same markers once a question is answered, so their absence means something."""
    quiz = exam_quiz()
    make_guide(slug="path").quizzes.set([quiz])
    client = learner_client
    client.post(url("quizzes:start", slug=quiz.slug))
    save(client, quiz, 1, 1)
    save(client, quiz, 2, 2, flagged=True)
    save(client, quiz, 3, 1)
    pages = [url("quizzes:detail", slug=quiz.slug), url("quizzes:overview", slug=quiz.slug)]
    pages += [url("quizzes:submit", slug=quiz.slug), url("progress"), url("home"), url("guides:detail", slug="path")]
    pages += [question_url(quiz, number) for number in range(1, 9)]
    for address in pages:
        response = client.get(address)
        assert response.status_code == 200, address
        assert_reveals_nothing(response.content, quiz)
    for number in range(1, 9):
        # Each choice's markup, its own text, value and id blanked out, is its siblings' but for the learner's check.
        [items] = choice_lists(client.get(question_url(quiz, number)).content)
        assert len({item.replace(" checked", "") for item in items}) == 1
        assert len([item for item in items if " checked" in item]) == (1 if number <= 3 else 0)
    # The results are not there yet.
    assert client.get(url("quizzes:results", slug=quiz.slug)).url == url("quizzes:detail", slug=quiz.slug)

    practice = make_quiz(slug="practice", questions=2)
    client.post(url("quizzes:start", slug=practice.slug))
    client.post(question_url(practice, 1), {"choice": choice_pk(practice, 1, 1)})
    page = client.get(question_url(practice, 1)).content.decode()
    assert all(marker in page for marker in ("is-correct", "feedback", "Right!", "Explanation 1"))


def test_a_submitted_exam_sends_every_page_to_its_results_and_a_double_submit_changes_nothing(learner_client):
    quiz = exam_quiz(questions=3)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    save(learner_client, quiz, 2, 1)
    results_url = url("quizzes:results", slug=quiz.slug)
    assert learner_client.post(url("quizzes:submit", slug=quiz.slug)).url == results_url
    finished_at = Attempt.objects.get().finished_at
    second = learner_client.post(url("quizzes:submit", slug=quiz.slug))
    assert (second.status_code, second.url, messages_of(second)) == (302, results_url, [])
    for address in [url("quizzes:overview", slug=quiz.slug), url("quizzes:submit", slug=quiz.slug)]:
        assert learner_client.get(address).url == results_url
    for number in (1, 2, 3):
        assert learner_client.get(question_url(quiz, number)).url == results_url
    late = save(learner_client, quiz, 1, 1)
    assert late.url == results_url
    assert messages_of(late) == ["Your exam was submitted already: this answer was not recorded."]
    assert Attempt.objects.get().finished_at == finished_at
    assert sorted(Answer.objects.values_list("question__position", "chosen")) == [
        (1, ""),
        (2, str(choice_pk(quiz, 2, 1))),
        (3, ""),
    ]


def test_an_exam_resumed_on_another_device_shows_the_same_answers_and_flags(learner, learner_client):
    quiz = exam_quiz(questions=3)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    save(learner_client, quiz, 2, 3, flagged=True)
    other = Client()
    other.force_login(learner)
    assert other.post(url("quizzes:start", slug=quiz.slug)).url == question_url(quiz, 1)
    page = other.get(question_url(quiz, 2)).content
    assert (checked_values(page), flag_checked(page)) == ([str(choice_pk(quiz, 2, 3))], True)
    save(other, quiz, 2, 4)  # the last save wins, from either device
    page = learner_client.get(question_url(quiz, 2)).content
    assert (checked_values(page), flag_checked(page)) == ([str(choice_pk(quiz, 2, 4))], False)
    assert (Attempt.objects.count(), Answer.objects.count()) == (1, 1)


# --- Moving, changing, clearing -------------------------------------------------------------------------------


def test_start_and_resume_lead_to_the_first_unanswered_question_then_to_the_overview(learner_client):
    quiz = exam_quiz(questions=3)
    start = url("quizzes:start", slug=quiz.slug)
    assert learner_client.post(start).url == question_url(quiz, 1)
    save(learner_client, quiz, 1, 2)
    save(learner_client, quiz, 3, 2)
    assert learner_client.post(start).url == question_url(quiz, 2)
    save(learner_client, quiz, 2, 2)
    assert learner_client.post(start).url == url("quizzes:overview", slug=quiz.slug)
    assert Attempt.objects.get().finished_at is None  # answering every question submits nothing


def test_the_last_save_wins_and_an_empty_choice_or_the_clear_button_clears_the_answer(learner_client):
    """As from two tabs: one answer row per question, holding the latest choice."""
    quiz = exam_quiz(questions=2)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    save(learner_client, quiz, 1, 2)
    save(learner_client, quiz, 1, 3)
    assert list(Answer.objects.values_list("chosen", flat=True)) == [str(choice_pk(quiz, 1, 3))]
    save(learner_client, quiz, 1, None)
    assert Answer.objects.count() == 0
    save(learner_client, quiz, 2, 1)
    assert save(learner_client, quiz, 2, 1, go="clear").url == question_url(quiz, 2)
    assert Answer.objects.count() == 0
    page = learner_client.get(question_url(quiz, 2)).content
    assert texts_of(page, "exam-answer-status") == ["Not answered"]


def test_the_question_page_has_its_buttons_the_flag_and_no_required_choice(learner_client):
    quiz = exam_quiz(questions=3)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    save(learner_client, quiz, 2, 1)
    first = learner_client.get(question_url(quiz, 1)).content
    assert form_buttons(first, None) == ["", "Next", "Overview"]
    second = learner_client.get(question_url(quiz, 2))
    assert form_buttons(second.content, None) == ["", "Clear the answer", "Previous", "Next", "Overview"]
    assert texts_of(second.content, "exam-answer-status") == [
        "Your answer is saved. You can change it until you submit the exam."
    ]
    radios = find(second.content, lambda node: node.name == "input" and attribute(node, "type") == "radio")
    assert len(radios) == 4 and not any("required" in dict(node.attributes) for node in radios)
    assertInHTML('<label for="id_flagged">Flag for review</label>', second.content.decode())
    last = learner_client.get(question_url(quiz, 3)).content
    assert form_buttons(last, None) == ["", "Previous", "Next: overview", "Overview"]
    assert segment_states(second.content) == [{"is-todo"}, {"is-current"}, {"is-todo"}]
    save(learner_client, quiz, 3, flagged=True)
    page = learner_client.get(question_url(quiz, 1)).content
    assert segment_states(page) == [{"is-current"}, {"is-answered"}, {"is-todo", "is-flagged"}]
    assert texts_of(page, "visually-hidden")[-3:] == [
        "Question 1: on screen",
        "Question 2: answer saved",
        "Question 3: not answered yet · Flagged for review",
    ]


def test_a_refused_answer_shows_the_page_again_and_saves_nothing(learner_client):
    quiz = exam_quiz(questions=2)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    other_question = choice_pk(quiz, 2, 1)
    response = learner_client.post(question_url(quiz, 1), {"choice": other_question, "go": "next", "flagged": "on"})
    assert response.status_code == 400
    assert texts_of(response.content, "field-error") == ["Please choose one of this question's answers."]
    assert flag_checked(response.content)
    crafted = learner_client.post(question_url(quiz, 1), {"choice": choice_pk(quiz, 1, 1), "go": "elsewhere"})
    assert crafted.status_code == 400
    [summary] = find(crafted.content, has_class("error-summary"))
    assert [own_text(item) for item in find(summary, lambda node: node.name == "li")] == [
        "Please use one of the page's buttons."
    ]
    assert (Answer.objects.count(), Attempt.objects.get().flagged) == (0, "")


def test_a_form_sent_with_enter_saves_and_moves_on_as_next_does(learner_client):
    """Enter sends the first submit button, the hidden "next"; a browser that sends none moves on too."""
    quiz = exam_quiz(questions=2)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    [default] = find(
        learner_client.get(question_url(quiz, 1)).content,
        lambda node: node.name == "button" and "hidden" in dict(node.attributes),
    )
    assert (attribute(default, "name"), attribute(default, "value"), attribute(default, "tabindex")) == (
        "go",
        "next",
        "-1",
    )
    response = learner_client.post(question_url(quiz, 1), {"choice": choice_pk(quiz, 1, 2)})
    assert response.url == question_url(quiz, 2)
    assert Answer.objects.get().chosen == str(choice_pk(quiz, 1, 2))


def test_a_number_beyond_the_exam_goes_to_the_overview(learner_client):
    quiz = exam_quiz(questions=2)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    assert learner_client.get(question_url(quiz, 3)).url == url("quizzes:overview", slug=quiz.slug)


def test_exam_pages_without_an_exam_under_way_go_to_the_quiz_page(learner_client):
    quiz = make_quiz(questions=2)
    for name in ("quizzes:overview", "quizzes:submit"):
        assert learner_client.get(url(name, slug=quiz.slug)).url == url("quizzes:detail", slug=quiz.slug)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    assert learner_client.post(url("quizzes:submit", slug=quiz.slug)).url == url("quizzes:detail", slug=quiz.slug)
    assert Attempt.objects.get().finished_at is None


# --- The quiz page ----------------------------------------------------------------------------------------------


def test_the_quiz_page_says_it_is_an_exam_with_its_time_limit_and_starts_or_resumes_it(learner_client):
    quiz = exam_quiz(time_limit=30)
    page = learner_client.get(url("quizzes:detail", slug=quiz.slug)).content
    assert texts_of(page, "exam-fact") == ["Exam"]
    assert texts_of(page, "time-limit") == ["Time limit: 30 minutes"]
    assert texts_of(page, "exam-note") == [
        "This quiz is an exam: answers can be changed until you submit; verdicts after."
    ]
    assert form_buttons(page, url("quizzes:start", slug=quiz.slug)) == ["Start the exam"]
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    save(learner_client, quiz, 2, 1)
    page = learner_client.get(url("quizzes:detail", slug=quiz.slug)).content
    assert form_buttons(page, url("quizzes:start", slug=quiz.slug)) == ["Resume the exam"]
    assert texts_of(page, "progress-label") == ["Exam under way"]
    assert texts_of(page, "exam-answered-count") == ["1 of 8 questions answered."]


# --- Time running out -------------------------------------------------------------------------------------------


def _expire(attempt) -> None:
    """The attempt started 11 minutes ago with 10 to go: its deadline and grace have passed."""
    started = timezone.now() - timedelta(minutes=11)
    Attempt.objects.filter(pk=attempt.pk).update(started_at=started, deadline=started + timedelta(minutes=10))


@pytest.mark.parametrize("page", ["detail", "overview", "submit", "question"])
def test_any_page_of_an_expired_exam_submits_it_with_the_answers_given(learner_client, page):
    quiz = exam_quiz(questions=3, time_limit=10)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    save(learner_client, quiz, 1, 1)
    _expire(Attempt.objects.get())
    address = question_url(quiz, 2) if page == "question" else url(f"quizzes:{page}", slug=quiz.slug)
    response = learner_client.get(address)
    assert response.url == url("quizzes:results", slug=quiz.slug)
    assert messages_of(response) == ["Time is up: your exam was submitted with the answers you had given."]
    attempt = Attempt.objects.with_score().get()
    assert (attempt.is_finished, attempt.finished_at, attempt.score, attempt.question_count) == (
        True,
        attempt.deadline + GRACE,
        1,
        3,
    )


def test_start_of_an_expired_exam_submits_it(learner_client):
    quiz = exam_quiz(questions=3, time_limit=10)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    _expire(Attempt.objects.get())
    response = learner_client.post(url("quizzes:start", slug=quiz.slug))
    assert response.url == url("quizzes:results", slug=quiz.slug)
    assert messages_of(response) == ["Time is up: your exam was submitted with the answers you had given."]
    assert Attempt.objects.get().is_finished


def test_an_answer_sent_after_the_time_limit_is_not_recorded(learner_client):
    quiz = exam_quiz(questions=3, time_limit=10)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    save(learner_client, quiz, 1, 1)
    _expire(Attempt.objects.get())
    response = save(learner_client, quiz, 2, 1)
    assert response.url == url("quizzes:results", slug=quiz.slug)
    assert messages_of(response) == [
        "Time is up: this answer arrived after the time limit and was not recorded. Your exam was submitted with "
        "the answers you had given before."
    ]
    assert sorted(Answer.objects.values_list("question__position", "is_correct", "chosen")) == [
        (1, True, str(choice_pk(quiz, 1, 1))),
        (2, False, ""),
        (3, False, ""),
    ]


def test_an_exam_within_its_time_takes_answers(learner_client):
    quiz = exam_quiz(questions=2, time_limit=10)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    assert save(learner_client, quiz, 1, 1).url == question_url(quiz, 2)
    assert Answer.objects.count() == 1


# --- Guests -----------------------------------------------------------------------------------------------------


def test_a_guests_exam_survives_signing_up_with_its_answers_and_flags(client):
    quiz = exam_quiz(questions=4)
    assert client.post(url("quizzes:start", slug=quiz.slug)).url == question_url(quiz, 1)
    assert GUEST_SESSION_KEY in client.session
    save(client, quiz, 3, 2, flagged=True)
    save(client, quiz, 1, 1)
    save(client, quiz, 2, None, flagged=True)
    before = overview_rows(client.get(url("quizzes:overview", slug=quiz.slug)).content)
    assert before == [
        ("Question 1", "Answered"),
        ("Question 2", "Not answered", "Flagged for review"),
        ("Question 3", "Answered", "Flagged for review"),
        ("Question 4", "Not answered"),
    ]
    response = client.post(
        url("signup"), {"username": "zeynep", "password1": PASSWORD, "password2": PASSWORD, "next": ""}
    )
    assert response.status_code == 302
    attempt = Attempt.objects.get()
    assert (attempt.learner.username, attempt.guest, attempt.finished_at) == ("zeynep", None, None)
    assert overview_rows(client.get(url("quizzes:overview", slug=quiz.slug)).content) == before
    page = client.get(question_url(quiz, 3)).content
    assert (checked_values(page), flag_checked(page)) == ([str(choice_pk(quiz, 3, 2))], True)
    client.post(url("quizzes:submit", slug=quiz.slug))
    attempt = Attempt.objects.with_score().get()
    assert (attempt.score, attempt.question_count) == (1, 4)


# --- Languages --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "rows", "count"),
    [
        (
            "fr",
            [("Question 1", "Réponse donnée", "Marquée pour y revenir"), ("Question 2", "Sans réponse")],
            "1 question n’a pas de réponse\u00a0: elle ne rapportera aucun point.",
        ),
        (
            "tr",
            [("1. soru", "Cevaplandı", "Sonra bakmak için işaretlendi"), ("2. soru", "Cevaplanmadı")],
            "1 soru cevaplanmadı: sıfır puan sayılacak.",
        ),
    ],
)
def test_the_overview_and_the_confirmation_in_french_and_turkish(learner_client, language, rows, count):
    quiz = exam_quiz(questions=2)
    learner_client.post(url("quizzes:start", language, slug=quiz.slug))
    learner_client.post(
        url("quizzes:question", language, slug=quiz.slug, number=1),
        {"choice": choice_pk(quiz, 1, 1), "flagged": "on", "go": "next"},
    )
    assert overview_rows(learner_client.get(url("quizzes:overview", language, slug=quiz.slug)).content) == rows
    confirmation = learner_client.get(url("quizzes:submit", language, slug=quiz.slug)).content
    assert texts_of(confirmation, "exam-unanswered-count") == [count]


def test_each_overview_link_is_described_by_its_status_and_flag(client):
    """A screen reader listing the overview's links hears, with "Question 5", "Not answered" and "Flagged for
    review" (``aria-describedby``), not the number alone."""
    quiz = exam_quiz(questions=5)
    client.post(url("quizzes:start", slug=quiz.slug))
    save(client, quiz, 1, choice=2)
    save(client, quiz, 5, flagged=True)
    page = client.get(url("quizzes:overview", slug=quiz.slug)).content
    described = []
    for link in find(page, has_class("exam-overview-link")):
        ids = attribute(link, "aria-describedby").split()
        described.append(
            (own_text(link), [own_text(find(page, lambda node, id=id: attribute(node, "id") == id)[0]) for id in ids])
        )
    assert described == [
        ("Question 1", ["Answered"]),
        ("Question 2", ["Not answered"]),
        ("Question 3", ["Not answered"]),
        ("Question 4", ["Not answered"]),
        ("Question 5", ["Not answered", "Flagged for review"]),
    ]


def page_form(page: bytes) -> dict[str, str | None]:
    """The hidden values the exam question page's answer form sends back: what it showed as saved."""
    [form] = find(page, lambda node: node.name == "form" and has_class("answer-form")(node))
    values = form_values(form)
    return {"shown_answer": values["shown_answer"], "shown_flag": values["shown_flag"]}


def test_a_tab_left_open_never_undoes_an_answer_or_a_flag_saved_elsewhere(learner, learner_client):
    """Tab A shows question 2 unanswered; tab B (another device) answers and flags it; tab A's Next, its form left
    as shown, changes nothing. What the learner changes in tab A is saved: the last change wins."""
    quiz = exam_quiz(questions=3)
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    tab_a = page_form(learner_client.get(question_url(quiz, 2)).content)
    assert tab_a == {"shown_answer": "", "shown_flag": "0"}
    other = Client()
    other.force_login(learner)
    tab_b = page_form(other.get(question_url(quiz, 2)).content)
    other.post(question_url(quiz, 2), {**tab_b, "choice": choice_pk(quiz, 2, 3), "flagged": "on", "go": "next"})
    learner_client.post(question_url(quiz, 2), {**tab_a, "go": "next"})
    assert list(Answer.objects.values_list("chosen", flat=True)) == [str(choice_pk(quiz, 2, 3))]
    assert Attempt.objects.get().flagged_pks == (quiz.questions.get(position=2).pk,)
    # A change made in tab A is the learner's: it is saved, and unticking the flag there unflags.
    learner_client.post(question_url(quiz, 2), {**tab_a, "choice": choice_pk(quiz, 2, 1), "go": "next"})
    assert list(Answer.objects.values_list("chosen", flat=True)) == [str(choice_pk(quiz, 2, 1))]
    shown = {"shown_answer": str(choice_pk(quiz, 2, 1)), "shown_flag": "1"}
    learner_client.post(question_url(quiz, 2), {**shown, "choice": choice_pk(quiz, 2, 1), "go": "next"})
    assert Attempt.objects.get().flagged_pks == ()
    assert list(Answer.objects.values_list("chosen", flat=True)) == [str(choice_pk(quiz, 2, 1))]
