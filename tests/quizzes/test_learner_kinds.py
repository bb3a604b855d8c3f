"""What learners read of issue 21's question kinds and pass marks, as the pages show it: check boxes and "Select all
that apply", the site's True/False words, every choice's verdict in words, results that keep what was shown, and
passed or not on the results, the cards and "My progress"."""

import pytest
from django.utils import translation

from quizzes.models import Answer, Choice, Quiz
from tests.factories import answer_quiz, make_guide, make_kinds_quiz, make_quiz, make_user
from tests.pages import attribute, elements, find, has_class, own_text, texts_of, url

pytestmark = pytest.mark.django_db

NBSP = "\N{NO-BREAK SPACE}"
SELECT_ALL = {
    "en": "Select all that apply.",
    "fr": "Cochez toutes les bonnes réponses.",
    "tr": "Uygun olanların tümünü seçin.",
}
# The multiple-answer question's choices ("Which are even?"): "2" and "8" are right.
WORDS = {
    "en": {
        (True, True): "Correct answer · You chose it",
        (True, False): "Correct answer · You did not choose it",
        (False, True): "Not to be chosen · You chose it",
        (False, False): "Not to be chosen · You did not choose it",
    },
    "fr": {
        (True, True): "Bonne réponse · Vous l’avez cochée",
        (True, False): "Bonne réponse · Vous ne l’avez pas cochée",
        (False, True): "À ne pas cocher · Vous l’avez cochée",
        (False, False): "À ne pas cocher · Vous ne l’avez pas cochée",
    },
    "tr": {
        (True, True): "Doğru cevap · Seçtiniz",
        (True, False): "Doğru cevap · Seçmediniz",
        (False, True): "Seçilmemeliydi · Seçtiniz",
        (False, False): "Seçilmemeliydi · Seçmediniz",
    },
}
RIGHT = {"2", "8"}


def choice_pks(quiz: Quiz) -> dict[tuple[str, str], int]:
    """``{(question key, choice text or true/false key): pk}`` for the kinds quiz (``make_kinds_quiz``)."""
    return {
        (choice.question.key, choice.text_en or choice.key): choice.pk
        for choice in Choice.objects.filter(question__quiz=quiz).select_related("question")
    }


def question_page_for(client, quiz: Quiz, language: str, key: str) -> tuple[str, bytes]:
    """Walk the attempt of ``client`` (started here when needed) to question ``key`` of ``quiz``, answering the
    questions met before it right; returns its address and its unanswered page."""
    client.post(url("quizzes:start", language, slug=quiz.slug))
    pks = choice_pks(quiz)
    right = {"q1": ["7"], "q2": ["2", "8"], "q3": ["true"]}
    texts = {
        language: {q.key: getattr(q, f"text_{language}") for q in quiz.questions.all()}
        for language in ("en", "fr", "tr")
    }
    for number in range(1, 4):
        address = url("quizzes:question", language, slug=quiz.slug, number=number)
        page = client.get(address).content
        heading = own_text(find(page, has_class("question-text"))[0])
        (shown_key,) = [k for k, text in texts[language].items() if text == heading]
        if shown_key == key:
            return address, page
        client.post(address, {"choice": [pks[shown_key, text] for text in right[shown_key]]})
    raise AssertionError(f"{key} not met")


def labels(page: bytes) -> list[str]:
    return [own_text(label) for label in find(page, lambda node: node.name == "label")]


@pytest.mark.parametrize("language", ["en", "fr", "tr"])
def test_a_multiple_answer_question_has_check_boxes_in_the_attempts_order_and_says_select_all(client, language):
    quiz = make_kinds_quiz()
    address, page = question_page_for(client, quiz, language, "q2")
    (legend,) = elements(page, "legend")
    assert [own_text(node) for node in find(legend, has_class("select-hint"))] == [SELECT_ALL[language]]
    assert [attribute(node, "lang") for node in find(legend, has_class("select-hint"))] == [language]
    inputs = [node for node in elements(page, "input") if attribute(node, "name") == "choice"]
    assert [attribute(node, "type") for node in inputs] == ["checkbox"] * 4
    assert all(attribute(node, "required") is None for node in inputs)
    # The order is the attempt's: the one its answer keeps.
    pks = choice_pks(quiz)
    client.post(address, {"choice": [pks["q2", "2"], pks["q2", "8"]]})
    assert [row[1] for row in Answer.objects.get(question__key="q2").shown] == labels(page)


def test_the_attempts_order_of_choices_differs_between_learners_and_holds_on_reload(client):
    quiz = make_kinds_quiz(shuffle_questions=False)
    orders = set()
    for number in range(8):
        client.force_login(make_user(f"learner{number}"))
        address, page = question_page_for(client, quiz, "en", "q2")
        assert labels(client.get(address).content) == labels(page)
        orders.add(tuple(labels(page)))
    assert len(orders) > 1  # 8 learners all shown one order of 4! would be a fixed order


@pytest.mark.parametrize(
    ("language", "words"), [("en", ["True", "False"]), ("fr", ["Vrai", "Faux"]), ("tr", ["Doğru", "Yanlış"])]
)
def test_a_true_or_false_question_reads_the_sites_words(client, language, words):
    quiz = make_kinds_quiz()
    _address, page = question_page_for(client, quiz, language, "q3")
    assert labels(page) == words
    assert [attribute(node, "type") for node in elements(page, "input") if attribute(node, "name") == "choice"] == [
        "radio",
        "radio",
    ]


@pytest.mark.parametrize(
    ("chosen", "verdict"),
    [
        ({"2", "8"}, "Right!"),
        ({"2"}, "Wrong answer."),
        ({"2", "8", "9"}, "Wrong answer."),
        ({"3", "9"}, "Wrong answer."),
    ],
)
def test_a_multiple_answer_is_right_only_for_the_exact_set_and_says_so_for_every_choice(client, chosen, verdict):
    quiz = make_kinds_quiz()
    address, page = question_page_for(client, quiz, "en", "q2")
    order = labels(page)
    pks = choice_pks(quiz)
    response = client.post(address, {"choice": [pks["q2", text] for text in chosen]})
    assert response.status_code == 302
    answered = client.get(address).content
    assert own_text(find(answered, has_class("feedback"))[0]) == verdict
    assert [own_text(node) for node in find(answered, has_class("choice-text"))] == order
    assert texts_of(answered, "tag") == [WORDS["en"][text in RIGHT, text in chosen] for text in order]
    assert texts_of(answered, "select-hint") == ["Select all that apply."]


@pytest.mark.parametrize("language", ["fr", "tr"])
def test_the_per_choice_words_are_translated(client, language):
    quiz = make_kinds_quiz()
    address, page = question_page_for(client, quiz, language, "q2")
    order = labels(page)
    client.post(address, {"choice": [choice_pks(quiz)["q2", "2"], choice_pks(quiz)["q2", "9"]]})
    answered = client.get(address).content
    assert texts_of(answered, "tag") == [WORDS[language][text in RIGHT, text in {"2", "9"}] for text in order]


def test_a_multiple_answer_question_sent_with_nothing_ticked_is_asked_again(client):
    quiz = make_kinds_quiz()
    address, _page = question_page_for(client, quiz, "fr", "q2")
    response = client.post(address, {})
    assert response.status_code == 400
    assert texts_of(response.content, "field-error") == ["Veuillez choisir au moins une réponse."]
    assert Answer.objects.filter(question__key="q2").count() == 0


def finish(client, quiz: Quiz, picks: dict[str, set[str]], language: str = "en") -> list[str]:
    """Answer every question of the client's attempt at the kinds quiz with ``picks``; returns q2's choices in the
    order shown."""
    pks = choice_pks(quiz)
    client.post(url("quizzes:start", language, slug=quiz.slug))
    order = []
    for number in range(1, 4):
        address = url("quizzes:question", language, slug=quiz.slug, number=number)
        page = client.get(address).content
        heading = own_text(find(page, has_class("question-text"))[0])
        key = quiz.questions.get(**{f"text_{language}": heading}).key
        if key == "q2":
            order = labels(page)
        assert client.post(address, {"choice": [pks[key, text] for text in picks[key]]}).status_code == 302
    return order


def review(page: bytes, question_text: str):
    """The results page's review of the answer to ``question_text``."""
    for item in find(page, has_class("result")):
        if own_text(find(item, has_class("question-text"))[0]) == question_text:
            return item
    raise AssertionError(question_text)


@pytest.mark.parametrize(
    ("language", "picks", "expected"),
    [
        ("en", {"q1": {"7"}, "q2": {"2", "8"}, "q3": {"false"}}, ["Passed", "Pass mark: 60%"]),
        ("en", {"q1": {"4"}, "q2": {"2"}, "q3": {"true"}}, ["Not passed", "Pass mark: 60%"]),
        ("fr", {"q1": {"7"}, "q2": {"2", "8"}, "q3": {"false"}}, ["Réussi", f"Seuil de réussite{NBSP}: 60{NBSP}%"]),
        ("tr", {"q1": {"4"}, "q2": {"2"}, "q3": {"true"}}, ["Geçemediniz", "Geçme notu: %60"]),
    ],
)
def test_the_results_say_passed_or_not_with_the_pass_mark(client, language, picks, expected):
    quiz = make_kinds_quiz()
    finish(client, quiz, picks, language)
    page = client.get(url("quizzes:results", language, slug=quiz.slug)).content
    (verdict,) = find(page, has_class("pass-verdict"))
    assert [own_text(next(elements(verdict, "strong"))), texts_of(page, "pass-mark")[0]] == expected


def test_the_results_keep_the_pass_mark_the_attempt_started_with(client):
    quiz = make_kinds_quiz()
    finish(client, quiz, {"q1": {"7"}, "q2": {"2"}, "q3": {"false"}})  # 1/3
    quiz.pass_mark = 30
    quiz.save()
    page = client.get(url("quizzes:results", "en", slug=quiz.slug)).content
    assert [
        own_text(next(elements(find(page, has_class("pass-verdict"))[0], "strong"))),
        *texts_of(page, "pass-mark"),
    ] == [
        "Not passed",
        "Pass mark: 60%",
    ]


def test_a_quiz_without_a_pass_mark_says_nothing_of_passing(client):
    quiz = make_kinds_quiz(pass_mark=None)
    finish(client, quiz, {"q1": {"7"}, "q2": {"2"}, "q3": {"false"}})
    page = client.get(url("quizzes:results", "en", slug=quiz.slug)).content
    assert find(page, has_class("pass-verdict")) == []


def shown_review(page: bytes) -> list[tuple[str, str]]:
    """The multiple-answer question's review: each choice's text and words, in the order listed."""
    item = review(page, "Which are even?")
    return [(own_text(li), texts_of(li, "tag")[0]) for li in find(item, lambda node: node.name == "li")]


def test_the_results_show_the_order_and_verdicts_as_shown_after_the_author_changes_the_quiz(client):
    quiz = make_kinds_quiz()
    order = finish(client, quiz, {"q1": {"7"}, "q2": {"2", "9"}, "q3": {"true"}})
    expected = [(text, WORDS["en"][text in RIGHT, text in {"2", "9"}]) for text in order]
    assert shown_review(client.get(url("quizzes:results", "en", slug=quiz.slug)).content) == expected
    # The author turns shuffling off and makes "3" right instead of "8"; the review stays as the learner saw it.
    quiz.shuffle_choices = False
    quiz.save()
    Choice.objects.filter(question__key="q2", text_en="3").update(is_correct=True)
    Choice.objects.filter(question__key="q2", text_en="8").update(is_correct=False)
    quiz.save()  # a new content version
    assert shown_review(client.get(url("quizzes:results", "en", slug=quiz.slug)).content) == expected


def test_answers_given_before_answers_kept_what_was_shown_are_reviewed_in_the_authors_order(client):
    quiz = make_kinds_quiz()
    finish(client, quiz, {"q1": {"7"}, "q2": {"2", "9"}, "q3": {"true"}})
    Answer.objects.update(shown=[])
    page = client.get(url("quizzes:results", "en", slug=quiz.slug)).content
    assert shown_review(page) == [
        ("2", "Correct answer · You chose it"),
        ("3", "Not to be chosen · You did not choose it"),
        ("8", "Correct answer · You did not choose it"),
        ("9", "Not to be chosen · You chose it"),
    ]


def test_a_single_answers_review_names_the_right_answer_as_it_was_shown(client):
    quiz = make_kinds_quiz()
    finish(client, quiz, {"q1": {"4"}, "q2": {"2", "8"}, "q3": {"true"}})
    Choice.objects.filter(question__key="q1", text_en="7").update(is_correct=False)
    Choice.objects.filter(question__key="q1", text_en="6").update(is_correct=True)
    quiz.save()
    item = review(client.get(url("quizzes:results", "en", slug=quiz.slug)).content, "Which is a prime number?")
    assert [own_text(node) for node in elements(item, "dt")][:2] == ["Your answer", "Correct answer"]
    assert [own_text(node) for node in elements(item, "dd")][:2] == ["4", "7"]


def test_the_results_name_true_or_false_in_the_pages_language(client):
    quiz = make_kinds_quiz()
    finish(client, quiz, {"q1": {"7"}, "q2": {"2", "8"}, "q3": {"false"}}, "fr")
    item = review(client.get(url("quizzes:results", "fr", slug=quiz.slug)).content, "Zéro est un nombre pair.")
    assert [own_text(node) for node in elements(item, "dd")][:2] == ["Faux", "Vrai"]
    item = review(client.get(url("quizzes:results", "tr", slug=quiz.slug)).content, "Sıfır bir çift sayıdır.")
    assert [own_text(node) for node in elements(item, "dd")][:2] == ["Yanlış", "Doğru"]


# --- Completion: My progress and the cards ------------------------------------------------------------------------


@pytest.fixture
def graded(learner):
    """A published guide with two quizzes of 3 questions (choice 1 right), pass mark 60%: "Passed quiz", finished
    2/3 (67%), and "Failed quiz", finished 1/3 (33%); and "Plain quiz", no pass mark, finished 0/3."""
    guide = make_guide(slug="g", title="Graded guide")
    passed = make_quiz(slug="passed", title="Passed quiz", pass_mark=60)
    failed = make_quiz(slug="failed", title="Failed quiz", pass_mark=60)
    plain = make_quiz(slug="plain", title="Plain quiz")
    guide.quizzes.set([passed, failed, plain])
    answer_quiz(learner, passed, [1, 1, 2])
    answer_quiz(learner, failed, [1, 2, 2])
    answer_quiz(learner, plain, [2, 2, 2])
    return guide


def card_standings(page: bytes) -> dict[str, str]:
    """Each quiz card's title and status line (its words joined by single spaces)."""
    cards = {}
    for card in find(page, has_class("card")):
        link = next(elements(next(elements(card, "h3")), "a"))
        status = find(card, has_class("quiz-standing"))
        if status:
            cards[own_text(link)] = " ".join(own_text(status[0]).split())
    return cards


def test_my_progress_counts_a_quiz_completed_only_when_passed_or_without_a_pass_mark(learner_client, graded):
    page = learner_client.get(url("progress", "en")).content
    assert texts_of(page, "completion") == ["2 of 3 quizzes completed"]
    progress = {
        own_text(next(elements(next(elements(card, "h3")), "a"))): texts_of(card, "pass-status")
        for card in find(page, has_class("quiz-progress"))
    }
    assert progress == {"Passed quiz": ["Passed"], "Failed quiz": ["Not passed yet"], "Plain quiz": []}
    french = learner_client.get(url("progress", "fr")).content
    assert sorted(texts_of(french, "pass-status")) == ["Pas encore réussi", "Réussi"]


def test_a_retake_that_passes_completes_the_quiz(learner, learner_client, graded):
    answer_quiz(learner, Quiz.objects.get(slug="failed"), [1, 1, 1])
    page = learner_client.get(url("progress", "en")).content
    assert texts_of(page, "completion") == ["3 of 3 quizzes completed"]


def test_the_guides_cards_say_passed_or_not_passed_yet(learner_client, graded):
    assert card_standings(learner_client.get(url("guides:detail", "en", slug="g")).content) == {
        "Passed quiz": "Last score: 2/3 · Passed",
        "Failed quiz": "Last score: 1/3 · Not passed yet",
        "Plain quiz": "Last score: 0/3",
    }
    with translation.override("tr"):
        turkish = card_standings(learner_client.get(url("guides:detail", "tr", slug="g")).content)
    assert turkish["Failed quiz"] == "Son puan: 1/3 · Henüz geçemediniz"
