"""Practising mistakes on the learner's pages (``quizzes.round_views``): "Practise the N questions you missed" on
results, the round's questions with feedback after each, its own page, and none of it counted as an attempt at the
quiz (its results, pass, cards, statistics, "My progress" completion)."""

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.test.html import Element, parse_html
from django.urls import reverse
from pytest_django.asserts import assertInHTML

from quizzes.exams import exam_answer_save, exam_submit
from quizzes.guests import GUEST_SESSION_KEY
from quizzes.models import Attempt
from quizzes.modes import QuizMode
from quizzes.services import attempt_start
from tests.factories import PASSWORD, answer_quiz, make_guide, make_quiz, make_user
from tests.pages import attribute, find, form_buttons, has_class, own_text, texts_of, url

pytestmark = pytest.mark.django_db

ROUND = "Practice round: the questions you missed"


def question_url(quiz, number: int, language: str = "en") -> str:
    return url("quizzes:question", language, slug=quiz.slug, number=number)


def round_url(quiz, pk: int, language: str = "en") -> str:
    return url("quizzes:round", language, slug=quiz.slug, pk=pk)


def round_question_url(quiz, pk: int, number: int, language: str = "en") -> str:
    return url("quizzes:round_question", language, slug=quiz.slug, pk=pk, number=number)


def start_url(quiz, pk: int, language: str = "en") -> str:
    return url("quizzes:round_start", language, slug=quiz.slug, pk=pk)


def choice_pk(quiz, position: int, pick: int) -> int:
    return quiz.questions.get(position=position).choices.get(position=pick).pk


def take_on_pages(client: Client, quiz, picks: list[int]) -> None:
    """Start ``quiz`` with its button and answer question ``i + 1`` with choice ``picks[i]`` (by position)."""
    assert client.post(url("quizzes:start", slug=quiz.slug)).status_code == 302
    for number, pick in enumerate(picks, start=1):
        response = client.post(question_url(quiz, number), {"choice": choice_pk(quiz, number, pick)})
        assert response.status_code == 302


def messages_of(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


def title_of(page: bytes) -> str:
    return own_text(find(page, lambda node: node.name == "title")[0])


def words(page: bytes) -> list[str]:
    """Every text the page shows, in document order (what a reader sees, without the form tokens that change on
    each request)."""
    found = []
    pending = [parse_html(page.decode())]
    while pending:
        node = pending.pop(0)
        children = node.children if isinstance(node, Element) else []
        found += [str(child).strip() for child in children if not isinstance(child, Element) and str(child).strip()]
        pending[:0] = [child for child in children if isinstance(child, Element)]
    return found


def practise_buttons(page: bytes) -> list[str]:
    return [own_text(button) for button in find(page, has_class("practise-button"))]


def the_round(learner=None) -> Attempt:
    rounds = Attempt.objects.filter(practice_of__isnull=False)
    return (rounds.filter(learner=learner) if learner is not None else rounds).get()


# --- The Done-when: exactly the missed questions, and nothing of the quiz's changed -------------------------------


def test_practising_mistakes_asks_exactly_the_missed_questions_and_changes_none_of_the_quizs_results(
    client, author_client
):
    quiz = make_quiz(questions=5, pass_mark=60)
    make_guide(slug="path").quizzes.set([quiz])
    learner = make_user("ada")
    client = Client()
    client.force_login(learner)
    take_on_pages(client, quiz, [1, 2, 1, 3, 4])  # questions 2, 4 and 5 wrong: 2/5, not passed
    pages = {
        "quiz": url("quizzes:detail", slug=quiz.slug),
        "results": url("quizzes:results", slug=quiz.slug),
        "guide": url("guides:detail", slug="path"),
        "home": url("home"),
    }
    before = {name: words(client.get(address).content) for name, address in pages.items()}
    progress_before = client.get(url("progress")).content
    statistics = reverse("admin:quizzes_quiz_statistics", args=[quiz.pk])
    statistics_before = author_client.get(statistics).context["rows"]

    results = client.get(pages["results"]).content
    assert practise_buttons(results) == ["Practise the 3 questions you missed"]
    attempt = Attempt.objects.get(learner=learner, practice_of__isnull=True)
    assert form_buttons(results, start_url(quiz, attempt.pk)) == ["Practise the 3 questions you missed"]
    response = client.post(start_url(quiz, attempt.pk))
    round_ = the_round(learner)
    assert response.url == round_question_url(quiz, round_.pk, 1)

    asked = []
    for number, (position, pick) in enumerate([(2, 1), (4, 1), (5, 1)], start=1):
        address = round_question_url(quiz, round_.pk, number)
        page = client.get(address).content
        asked.append(texts_of(page, "question-text")[0])
        assert texts_of(page, "progress-label") == [f"Question {number} of 3"]
        assert title_of(page) == f"Question {number} of 3 · {ROUND} · A quiz · Quizsite"
        assert [own_text(link) for link in find(page, has_class("round-mark"))[0].children] == [ROUND]
        assert client.post(address, {"choice": choice_pk(quiz, position, pick)}).url == address
        answered = client.get(address).content
        # Feedback at once, as in practice mode: the verdict, the explanation, the way on.
        assert texts_of(answered, "feedback") == ["Right!"]
        explanation = find(answered, lambda node: attribute(node, "id") == "explanation-text")
        assert [own_text(node) for node in explanation] == [f"Explanation {position}"]
        next_link = find(answered, lambda node: node.name == "a" and has_class("button-primary")(node))[0]
        following = round_url(quiz, round_.pk) if number == 3 else round_question_url(quiz, round_.pk, number + 1)
        assert attribute(next_link, "href") == following
    assert asked == ["Question 2", "Question 4", "Question 5"]

    page = client.get(round_url(quiz, round_.pk)).content
    assert texts_of(page, "round-score") == ["3 of 3 right"]
    assert title_of(page) == f"{ROUND} · A quiz · Quizsite"
    assert texts_of(page, "question-text") == ["Question 2", "Question 4", "Question 5"]
    assert texts_of(page, "result-verdict") == ["Right", "Right", "Right"]
    assert practise_buttons(page) == []  # nothing missed in the round

    after = {name: words(client.get(address).content) for name, address in pages.items()}
    assert after == before
    assertInHTML('<span class="score-value">2/5</span>', client.get(pages["results"]).content.decode())
    assert author_client.get(statistics).context["rows"] == statistics_before
    progress_after = client.get(url("progress")).content
    for kept in ("completion", "pass-status", "last-score", "best-score"):
        assert texts_of(progress_after, kept) == texts_of(progress_before, kept)
    assert texts_of(progress_after, "last-score")[0].startswith("Last score: 2/5, on ")
    assert texts_of(progress_after, "completion") == ["0 of 1 quiz completed"]
    rounds = find(progress_after, has_class("practice-rounds"))
    assert len(rounds) == 1 and find(progress_before, has_class("practice-rounds")) == []
    assert [own_text(cell) for cell in find(rounds[0], lambda node: node.name == "td")][1] == "3 of 3 right"
    link = find(rounds[0], lambda node: node.name == "a")[0]
    assert attribute(link, "href") == round_url(quiz, round_.pk)
    assert own_text(find(rounds[0], lambda node: node.name == "caption")[0]) == "Your practice rounds"


def test_statistics_numbers_stay_the_same_after_a_round(author_client):
    """The admin's answer statistics count the quiz's attempts only: a round of right answers adds nothing."""
    quiz = make_quiz(questions=2)
    learner = make_user()
    attempt = answer_quiz(learner, quiz, [2, 1])
    client = Client()
    client.force_login(learner)
    client.post(start_url(quiz, attempt.pk))
    round_ = the_round(learner)
    client.post(round_question_url(quiz, round_.pk, 1), {"choice": choice_pk(quiz, 1, 1)})
    response = author_client.get(reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]))
    rows = response.context["rows"]
    assert response.context["attempt_count"] == 1
    assert "1 attempt so far, finished or not." in response.content.decode()
    assert [(row.question.position, row.answered, row.correct) for row in rows] == [(1, 1, 0), (2, 1, 1)]
    assert [[item.chosen for item in row.choices] for row in rows] == [[0, 1, 0, 0], [1, 0, 0, 0]]


# --- The button, and starting ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "picks", "label"),
    [
        ("en", [1, 2, 1], "Practise the 1 question you missed"),
        ("fr", [2, 2, 1], "Revoir les 2 questions manquées"),
        ("tr", [2, 2, 2], "Kaçırdığınız 3 soruyu çalışın"),
    ],
)
def test_the_button_says_how_many_questions_were_missed(learner_client, learner, language, picks, label):
    quiz = make_quiz(questions=3)
    answer_quiz(learner, quiz, picks, language=language)
    page = learner_client.get(url("quizzes:results", language, slug=quiz.slug)).content
    assert practise_buttons(page) == [label]


def test_no_button_after_a_perfect_score_and_a_start_says_there_is_nothing_to_practise(learner_client, learner):
    quiz = make_quiz(questions=2)
    attempt = answer_quiz(learner, quiz, [1, 1])
    results = url("quizzes:attempt_results", slug=quiz.slug, pk=attempt.pk)
    assert practise_buttons(learner_client.get(results).content) == []
    response = learner_client.post(start_url(quiz, attempt.pk))
    assert response.url == results
    assert messages_of(response) == ["You missed no question in these results: there is nothing to practise."]
    assert not Attempt.objects.filter(practice_of__isnull=False).exists()


def test_an_exams_unanswered_questions_are_practised_with_its_wrong_ones(learner_client, learner):
    quiz = make_quiz(questions=4, mode=QuizMode.EXAM)
    exam = attempt_start(learner=learner, quiz=quiz, language="en")
    for position, pick in ((3, 1), (1, 2)):
        question = quiz.questions.get(position=position)
        exam_answer_save(attempt=exam, question=question, choices=[question.choices.get(position=pick)])
    exam_submit(attempt=exam)
    page = learner_client.get(url("quizzes:results", slug=quiz.slug)).content
    assert practise_buttons(page) == ["Practise the 3 questions you missed"]
    learner_client.post(start_url(quiz, exam.pk))
    round_ = the_round(learner)
    asked = [
        texts_of(learner_client.get(round_question_url(quiz, round_.pk, number)).content, "question-text")[0]
        for number in (1,)
    ]
    assert asked == ["Question 1"]
    assert texts_of(learner_client.get(round_url(quiz, round_.pk)).content, "round-status") == ["Question 1 of 3"]


def test_a_finished_round_with_mistakes_offers_a_round_of_its_own(learner_client, learner):
    quiz = make_quiz(questions=3)
    attempt = answer_quiz(learner, quiz, [2, 2, 1])
    learner_client.post(start_url(quiz, attempt.pk))
    first = the_round(learner)
    learner_client.post(round_question_url(quiz, first.pk, 1), {"choice": choice_pk(quiz, 1, 1)})
    learner_client.post(round_question_url(quiz, first.pk, 2), {"choice": choice_pk(quiz, 2, 3)})
    page = learner_client.get(round_url(quiz, first.pk)).content
    assert texts_of(page, "round-score") == ["1 of 2 right"]
    assert texts_of(page, "result-verdict") == ["Right", "Wrong"]
    assert form_buttons(page, start_url(quiz, first.pk)) == ["Practise the 1 question you missed"]
    response = learner_client.post(start_url(quiz, first.pk))
    second = Attempt.objects.get(practice_of=first)
    assert response.url == round_question_url(quiz, second.pk, 1)
    page = learner_client.get(response.url).content
    assert texts_of(page, "question-text") == ["Question 2"]
    assert texts_of(page, "progress-label") == ["Question 1 of 1"]


def test_a_round_under_way_is_resumed_from_its_page_and_its_button(learner_client, learner):
    quiz = make_quiz(questions=3)
    attempt = answer_quiz(learner, quiz, [2, 2, 2])
    learner_client.post(start_url(quiz, attempt.pk))
    round_ = the_round(learner)
    learner_client.post(round_question_url(quiz, round_.pk, 1), {"choice": choice_pk(quiz, 1, 1)})
    page = learner_client.get(round_url(quiz, round_.pk)).content
    assert texts_of(page, "round-status") == ["Question 2 of 3"]
    resume = find(page, lambda node: node.name == "a" and has_class("button-primary")(node))
    assert [(attribute(link, "href"), own_text(link)) for link in resume] == [
        (round_question_url(quiz, round_.pk, 2), "Resume")
    ]
    # The same button again goes on with the same round; a number not reached leads to the next question.
    assert learner_client.post(start_url(quiz, attempt.pk)).url == round_question_url(quiz, round_.pk, 2)
    assert learner_client.get(round_question_url(quiz, round_.pk, 3)).url == round_question_url(quiz, round_.pk, 2)
    assert Attempt.objects.filter(practice_of__isnull=False).count() == 1


def test_a_second_answer_to_a_round_question_changes_nothing(learner_client, learner):
    quiz = make_quiz(questions=2)
    attempt = answer_quiz(learner, quiz, [2, 2])
    learner_client.post(start_url(quiz, attempt.pk))
    round_ = the_round(learner)
    address = round_question_url(quiz, round_.pk, 1)
    learner_client.post(address, {"choice": choice_pk(quiz, 1, 2)})
    response = learner_client.post(address, {"choice": choice_pk(quiz, 1, 1)})
    assert response.url == address
    assert messages_of(response) == ["You had already answered this question: your first answer stands."]
    assert list(round_.answers.values_list("is_correct", flat=True)) == [False]


def test_an_answer_without_a_choice_is_refused_with_a_message(learner_client, learner):
    quiz = make_quiz(questions=2)
    attempt = answer_quiz(learner, quiz, [2, 1])
    learner_client.post(start_url(quiz, attempt.pk))
    round_ = the_round(learner)
    response = learner_client.post(round_question_url(quiz, round_.pk, 1), {})
    assert response.status_code == 400
    assert not round_.answers.exists()


# --- Owners ----------------------------------------------------------------------------------------------------


def test_another_visitors_round_and_attempt_are_not_found(client, learner):
    quiz = make_quiz(questions=2)
    attempt = answer_quiz(learner, quiz, [2, 2])
    owner = Client()
    owner.force_login(learner)
    owner.post(start_url(quiz, attempt.pk))
    round_ = the_round(learner)
    other = Client()
    other.force_login(make_user("other"))
    own_attempt = answer_quiz(make_user("third"), quiz, [2, 2])
    for visitor in (other, client):  # another learner, and a visitor without a session
        assert visitor.get(round_url(quiz, round_.pk)).status_code == 404
        assert visitor.get(round_question_url(quiz, round_.pk, 1)).status_code == 404
        response = visitor.post(round_question_url(quiz, round_.pk, 1), {"choice": choice_pk(quiz, 1, 1)})
        assert response.status_code == 404
        assert visitor.post(start_url(quiz, attempt.pk)).status_code == 404
        assert visitor.post(start_url(quiz, own_attempt.pk)).status_code == 404
    # An attempt is no round, and a round is only at its own quiz.
    assert owner.get(round_url(quiz, attempt.pk)).status_code == 404
    elsewhere = make_quiz(slug="elsewhere")
    assert owner.get(round_url(elsewhere, round_.pk)).status_code == 404
    assert owner.post(start_url(elsewhere, attempt.pk)).status_code == 404
    assert not round_.answers.exists()


def test_a_guests_round_is_theirs_alone_and_moves_to_the_account_on_sign_up(client, learner):
    quiz = make_quiz(questions=3)
    take_on_pages(client, quiz, [2, 1, 2])
    attempt = Attempt.objects.get(guest=client.session[GUEST_SESSION_KEY], practice_of__isnull=True)
    response = client.post(start_url(quiz, attempt.pk))
    round_ = the_round()
    assert response.url == round_question_url(quiz, round_.pk, 1)
    client.post(response.url, {"choice": choice_pk(quiz, 1, 1)})
    stranger = Client()
    stranger.force_login(learner)
    assert stranger.get(round_url(quiz, round_.pk)).status_code == 404
    client.post(url("signup"), {"username": "zeynep", "password1": PASSWORD, "password2": PASSWORD, "next": ""})
    round_.refresh_from_db()
    assert (round_.learner.username, round_.guest, round_.closed_at) == ("zeynep", None, None)
    page = client.get(round_url(quiz, round_.pk)).content
    assert texts_of(page, "round-status") == ["Question 2 of 2"]
    assert texts_of(client.get(round_question_url(quiz, round_.pk, 1)).content, "feedback") == ["Right!"]


def test_a_finished_round_stays_readable_once_its_quiz_is_unpublished(learner_client, learner):
    quiz = make_quiz(questions=2)
    attempt = answer_quiz(learner, quiz, [2, 1])
    learner_client.post(start_url(quiz, attempt.pk))
    round_ = the_round(learner)
    learner_client.post(round_question_url(quiz, round_.pk, 1), {"choice": choice_pk(quiz, 1, 2)})
    quiz.published = False
    quiz.save()
    page = learner_client.get(round_url(quiz, round_.pk)).content
    assert texts_of(page, "round-score") == ["0 of 1 right"]
    assert practise_buttons(page) == []
    assert learner_client.get(round_question_url(quiz, round_.pk, 1)).status_code == 404
    assert learner_client.post(start_url(quiz, round_.pk)).status_code == 404


def test_the_round_pages_in_french_and_turkish(learner_client, learner):
    quiz = make_quiz(questions=2)
    attempt = answer_quiz(learner, quiz, [2, 2])
    learner_client.post(start_url(quiz, attempt.pk))
    round_ = the_round(learner)
    learner_client.post(round_question_url(quiz, round_.pk, 1), {"choice": choice_pk(quiz, 1, 1)})
    learner_client.post(round_question_url(quiz, round_.pk, 2), {"choice": choice_pk(quiz, 2, 2)})
    expected = {
        "fr": ("Entraînement\u00a0: les questions manquées", "1 bonne réponse sur 2"),
        "tr": ("Alıştırma: kaçırdığınız sorular", "2 sorudan 1 tanesini bildiniz"),
    }
    for language, (heading, score) in expected.items():
        page = learner_client.get(round_url(quiz, round_.pk, language)).content
        assert texts_of(page, "round-score") == [score]
        assert [own_text(node) for node in find(page, lambda node: node.name == "h1")] == [heading]
        question = learner_client.get(round_question_url(quiz, round_.pk, 1, language)).content
        assert [own_text(link) for link in find(question, has_class("round-mark"))[0].children] == [heading]


def test_my_progress_lists_a_round_under_way_apart_from_the_attempts(learner_client, learner):
    quiz = make_quiz(questions=2)
    make_guide(slug="path").quizzes.set([quiz])
    attempt = answer_quiz(learner, quiz, [2, 1])
    before = learner_client.get(url("progress")).content
    learner_client.post(start_url(quiz, attempt.pk))
    round_ = the_round(learner)
    page = learner_client.get(url("progress")).content
    table = find(page, has_class("practice-rounds"))[0]
    assert [own_text(node) for node in find(table, lambda node: node.name in ("th", "a"))] == [
        "Practice round",
        "Score",
        "Under way",
    ]
    assert attribute(find(table, lambda node: node.name == "a")[0], "href") == round_url(quiz, round_.pk)
    assert len(find(page, has_class("finished-attempts"))) == 1
    for kept in ("completion", "last-score", "best-score", "status"):
        assert texts_of(page, kept) == texts_of(before, kept)
