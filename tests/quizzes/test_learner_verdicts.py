"""Verdicts that read right next to "Vrai"/"Faux" and "Doğru"/"Yanlış" (which also mean right and wrong), passed or
not on the quiz page, and My progress's count named for its rule (issue 21)."""

import pytest

from quizzes.models import Quiz
from tests.factories import answer_quiz, make_guide, make_kinds_quiz, make_quiz
from tests.pages import find, has_class, own_text, texts_of, url
from tests.quizzes.test_learner_kinds import choice_pks, finish, question_page_for, review

pytestmark = pytest.mark.django_db

NBSP = "\N{NO-BREAK SPACE}"
# The true-or-false question of the kinds quiz says "Zero is an even number." (true): its choices' tags in the
# order shown (true, false) and the verdict, for each pick.
TRUE_FALSE_FEEDBACK = {
    ("fr", "true"): (["Vrai", "Faux"], [f"Votre réponse{NBSP}: exacte"], f"Exact{NBSP}!"),
    ("fr", "false"): (["Vrai", "Faux"], ["Bonne réponse", f"Votre réponse{NBSP}: erronée"], "Mauvaise réponse."),
    ("tr", "true"): (["Doğru", "Yanlış"], ["Cevabınız isabetli"], "Bildiniz!"),
    ("tr", "false"): (["Doğru", "Yanlış"], ["Beklenen cevap", "Cevabınız hatalı"], "Bilemediniz."),
}


@pytest.mark.parametrize(("language", "pick"), list(TRUE_FALSE_FEEDBACK))
def test_a_true_or_false_feedback_does_not_call_a_choice_true_or_false_again(client, language, pick):
    quiz = make_kinds_quiz()
    address, _page = question_page_for(client, quiz, language, "q3")
    assert client.post(address, {"choice": choice_pks(quiz)["q3", pick]}).status_code == 302
    page = client.get(address).content
    assert (labels_of_answered(page), texts_of(page, "tag"), own_text(find(page, has_class("feedback"))[0])) == (
        TRUE_FALSE_FEEDBACK[language, pick]
    )


def labels_of_answered(page: bytes) -> list[str]:
    return [own_text(node) for node in find(page, has_class("choice-text"))]


@pytest.mark.parametrize(("language", "verdict"), [("en", "Wrong"), ("fr", "Erronée"), ("tr", "Bilemediniz")])
def test_the_results_verdict_of_a_true_or_false_answer_is_not_true_or_false(client, language, verdict):
    quiz = make_kinds_quiz()
    finish(client, quiz, {"q1": {"7"}, "q2": {"2", "8"}, "q3": {"false"}}, language)
    text = {"en": "Zero is an even number.", "fr": "Zéro est un nombre pair.", "tr": "Sıfır bir çift sayıdır."}
    item = review(client.get(url("quizzes:results", language, slug=quiz.slug)).content, text[language])
    assert texts_of(item, "result-verdict") == [verdict]


# --- The quiz page: the pass mark before starting, passed or not once finished -----------------------------------

PASS_MARK = {"en": "Pass mark: 60%", "fr": f"Seuil de réussite{NBSP}: 60{NBSP}%", "tr": "Geçme notu: %60"}
PASSED = {"en": "Passed", "fr": "Réussi", "tr": "Geçtiniz"}
NOT_PASSED_YET = {"en": "Not passed yet", "fr": "Pas encore réussi", "tr": "Henüz geçemediniz"}
LANGUAGES = pytest.mark.parametrize("language", ["en", "fr", "tr"])


def quiz_page(client, quiz: Quiz, language: str) -> bytes:
    return client.get(url("quizzes:detail", language, slug=quiz.slug)).content


@LANGUAGES
def test_the_quiz_page_gives_the_pass_mark_before_starting(client, language):
    quiz = make_quiz(questions=3, pass_mark=60)
    assert texts_of(quiz_page(client, quiz, language), "pass-mark") == [PASS_MARK[language]]
    assert texts_of(quiz_page(client, make_quiz(slug="plain", questions=3), language), "pass-mark") == []


@LANGUAGES
def test_the_quiz_page_says_passed_or_not_passed_yet_as_the_cards_do(learner, learner_client, language):
    quiz = make_quiz(questions=3, pass_mark=60)
    answer_quiz(learner, quiz, [1, 2, 2])  # 1/3: 33%
    assert texts_of(quiz_page(learner_client, quiz, language), "pass-status") == [NOT_PASSED_YET[language]]
    answer_quiz(learner, quiz, [1, 1, 2])  # 2/3: 67%
    assert texts_of(quiz_page(learner_client, quiz, language), "pass-status") == [PASSED[language]]
    answer_quiz(learner, quiz, [2, 2, 2])  # a retake that fails: the quiz stays passed, as on its card
    page = quiz_page(learner_client, quiz, language)
    assert texts_of(page, "pass-status") == [PASSED[language]]
    assert texts_of(page, "last-score")[0].endswith("0/3")


def test_the_quiz_page_says_nothing_of_passing_a_quiz_without_pass_mark(learner, learner_client):
    quiz = make_quiz(questions=3)
    answer_quiz(learner, quiz, [2, 2, 2])
    page = quiz_page(learner_client, quiz, "en")
    assert (texts_of(page, "last-score"), texts_of(page, "pass-status")) == (["Your last score: 0/3"], [])


# --- My progress: the count says what it counts -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "completion"),
    [
        ("en", "1 of 2 quizzes completed"),
        ("fr", f"Quiz validés{NBSP}: 1 sur 2"),
        ("tr", "2 testten 1 tanesi başarıyla tamamlandı"),
    ],
)
def test_my_progress_counts_passed_quizzes_in_words_that_say_so(learner, learner_client, language, completion):
    """A quiz finished but not passed is not counted: the label does not say "finished" ("terminés")."""
    passed, failed = make_quiz(slug="passed", pass_mark=60), make_quiz(slug="failed", pass_mark=60)
    make_guide(slug="g").quizzes.set([passed, failed])
    answer_quiz(learner, passed, [1, 1, 1])
    answer_quiz(learner, failed, [2, 2, 2])
    assert texts_of(learner_client.get(url("progress", language)).content, "completion") == [completion]
