"""The item analysis on simulated learners of known ability (``quizzes.simulation``): the demo quiz "Data
parallelism", answered by 600 learners in English, French and Turkish, its question 5 made harder for those who
read it in Turkish and its question 6 keyed wrong. Its numbers are computed again here, independently, from the
answer rows: facility as a mean, discrimination with ``statistics.correlation``, the thirds by sorting."""

import csv
import io
import math
import statistics
from collections import defaultdict

import pytest
from django.core.management import call_command
from django.test.html import Element
from django.urls import reverse

from quizzes.answering import answer_submit
from quizzes.content import DEMO_FILES, quiz_create_from_data, read_quiz_file
from quizzes.item_flags import item_analysis
from quizzes.kinds import chosen_pks
from quizzes.models import Answer, Quiz
from quizzes.services import attempt_start
from quizzes.simulation import Twist, simulate_learners
from tests.factories import make_author, make_user
from tests.pages import attribute, find, has_class

pytestmark = pytest.mark.django_db

TWIST = Twist(harder=5, harder_in="tr", wrongly_keyed=6)


def demo_quiz() -> Quiz:
    return quiz_create_from_data(read_quiz_file(DEMO_FILES[0])).quiz


@pytest.fixture
def simulated() -> Quiz:
    quiz = demo_quiz()
    assert quiz.slug == "data-parallelism"
    assert simulate_learners(quiz, learners=600, seed=23, twist=TWIST) == 600
    return quiz


@pytest.fixture
def author(client):
    client.force_login(make_author())
    return client


def independent(quiz: Quiz) -> dict:
    """``{(position, language read or "all"): (facility, discrimination, {choice position: (share, strongest,
    weakest)})}`` from the answer rows, without the code under test."""
    answers = list(
        Answer.objects.filter(attempt__quiz=quiz, attempt__finished_at__isnull=False).values(
            "attempt_id", "question__position", "chosen", "is_correct", "language", "in_fallback"
        )
    )
    score = defaultdict(int)
    for row in answers:
        score[row["attempt_id"]] += row["is_correct"]
    ranked = sorted(score, key=lambda attempt: (score[attempt], attempt))
    size, extra = divmod(len(ranked), 3)  # NTILE(3): the first `extra` thirds one longer
    bounds = [0, size + (extra > 0), 2 * size + (extra > 0) + (extra > 1), len(ranked)]
    third = {attempt: index + 1 for index in range(3) for attempt in ranked[bounds[index] : bounds[index + 1]]}
    choices = {
        question.position: {choice.pk: choice.position for choice in question.choices.all()}
        for question in quiz.questions.prefetch_related("choices")
    }
    groups = defaultdict(list)
    for row in answers:
        read_in = "en" if row["in_fallback"] else row["language"]
        for key in ((row["question__position"], "all"), (row["question__position"], read_in)):
            groups[key].append(row)
    expected = {}
    for key, rows in groups.items():
        x = [int(row["is_correct"]) for row in rows]
        rest = [score[row["attempt_id"]] - int(row["is_correct"]) for row in rows]
        strongest = [row for row in rows if third[row["attempt_id"]] == 3]
        weakest = [row for row in rows if third[row["attempt_id"]] == 1]

        def share(pk, group):
            return sum(pk in chosen_pks(row["chosen"]) for row in group) / len(group)

        shares = {
            position: (share(pk, rows), share(pk, strongest), share(pk, weakest))
            for pk, position in choices[key[0]].items()
        }
        expected[key] = (len(rows), statistics.mean(x), statistics.correlation(x, rest), shares)
    return expected


def text_of(element: Element) -> str:
    """All the text inside ``element``, spaces folded."""
    parts = [text_of(child) if isinstance(child, Element) else str(child) for child in element.children]
    return " ".join(" ".join(parts).split())


def cells(block: Element, css_class: str) -> dict[str, str]:
    """The cells of the row of ``css_class`` in ``block``, by their class."""
    row = find(block, has_class(css_class))[0]
    return {attribute(cell, "class"): text_of(cell) for cell in row.children if isinstance(cell, Element)}


def half_up(share: float) -> int:
    """A share as a whole percentage, halves rounded up (4.5 → 5), as the page says it."""
    return math.floor(100 * share + 0.5 + 1e-9)


def csv_of(client, quiz: Quiz) -> list[dict]:
    response = client.get(reverse("admin:quizzes_quiz_statistics_csv", args=[quiz.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="data-parallelism-item-analysis.csv"'
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


def flags_on_page(client, quiz: Quiz, language: str = "en") -> dict[int, list[str]]:
    response = client.get(
        reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]), headers={"accept-language": language}
    )
    assert response.status_code == 200
    found = {}
    for block in find(response.content, has_class("item-analysis")):
        position = int(attribute(block, "id").split("-")[1])
        found[position] = [text_of(item) for item in find(block, lambda node: node.name == "li")]
    return found


def test_facility_discrimination_and_thirds_equal_an_independent_computation(author, simulated):
    expected = independent(simulated)
    rows = csv_of(author, simulated)
    seen = set()
    for row in rows:
        key = (int(row["question"]), row["language"])
        learners, facility, discrimination, shares = expected[key]
        assert row["learners"] == str(learners), key
        assert row["facility"] == f"{facility:.3f}", key
        assert row["discrimination"] == f"{discrimination:.3f}", key
        share, strongest, weakest = shares[int(row["choice"])]
        assert (row["chosen_share"], row["strongest_third_share"], row["weakest_third_share"]) == (
            f"{share:.3f}",
            f"{strongest:.3f}",
            f"{weakest:.3f}",
        ), key
        seen.add(key)
    assert seen == set(expected)  # one group per question and language read, and "all"


def test_only_the_question_harder_in_turkish_is_flagged_for_its_translation_and_only_the_wrong_key_negative(
    author, simulated
):
    flags = flags_on_page(author, simulated)
    assert sorted(flags) == list(range(1, 9))
    translation = {position for position, sentences in flags.items() if any("translation" in s for s in sentences)}
    negative = {
        position for position, sentences in flags.items() if any("negative discrimination" in s for s in sentences)
    }
    assert (translation, negative) == ({5}, {6})
    expected = independent(simulated)
    turkish, everyone = expected[5, "tr"][1], expected[5, "all"][1]
    others = (everyone * 600 - turkish * 200) / 400
    assert (
        f"Check the Turkish translation: {half_up(turkish)}% of the 200 learners who read it in Turkish answered "
        f"it right, against {half_up(others)}% of the 400 others: a gap unlikely to be chance (one-sided "
        "two-proportion test at 1% significance)."
    ) in flags[5]
    assert (
        "The learners who do best on the rest of the quiz miss it more often than the others (negative "
        "discrimination): check its answer key, then whether its text is ambiguous."
    ) in flags[6]


def test_the_flags_read_naturally_in_french_and_turkish(author, simulated):
    french, turkish = flags_on_page(author, simulated, "fr"), flags_on_page(author, simulated, "tr")
    assert any(sentence.startswith("Vérifiez la traduction en turc") for sentence in french[5])
    assert any(sentence.startswith("Türkçe çeviriyi kontrol edin") for sentence in turkish[5])


def test_answers_read_in_english_fallback_count_as_english(simulated):
    """Questions 3, 4 and 6 to 8 of the demo have no French or Turkish translation: every answer to them is read in
    English; questions 1, 2 and 5 are translated, so each language has its third."""
    analyses = {analysis.question.position: analysis for analysis in item_analysis(simulated)}
    read_in = {
        position: [(item.code, item.numbers.learners) for item in analysis.languages]
        for position, analysis in analyses.items()
    }
    translated = [("en", 200), ("fr", 200), ("tr", 200)]
    assert read_in == {
        1: translated,
        2: translated,
        3: [("en", 600)],
        4: [("en", 600)],
        5: translated,
        6: [("en", 600)],
        7: [("en", 600)],
        8: [("en", 600)],
    }
    turkish = Answer.objects.filter(attempt__language="tr", attempt__quiz=simulated)
    assert set(turkish.filter(in_fallback=True).values_list("question__position", flat=True)) == {3, 4, 6, 7, 8}


def test_too_few_answers_show_no_index(author):
    quiz = demo_quiz()
    simulate_learners(quiz, learners=12, seed=5)
    response = author.get(reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]))
    overall = cells(find(response.content, has_class("item-analysis"))[0], "item-language-all")
    assert (overall["learners"], overall["discrimination"]) == ("12", "too few learners")
    assert overall["facility"].endswith("%")
    quiz.attempts.filter(pk__in=list(quiz.attempts.values_list("pk", flat=True)[:5])).delete()
    response = author.get(reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]))
    overall = cells(find(response.content, has_class("item-analysis"))[0], "item-language-all")
    assert (overall["learners"], overall["facility"], overall["discrimination"]) == (
        "7",
        "too few learners",
        "too few learners",
    )
    first = next(row for row in csv_of(author, quiz) if row["language"] == "all")
    assert (first["learners"], first["facility"], first["discrimination"], first["strongest_third_share"]) == (
        "7",
        "",
        "",
        "",
    )


def test_an_answer_records_whether_its_question_was_shown_in_english_fallback():
    """Answered on the site in Turkish: question 1 is translated, question 3 is not (learners read it in English)."""
    quiz = demo_quiz()
    attempt = attempt_start(learner=make_user(), quiz=quiz, language="tr")
    for position in (1, 2, 3):
        question = quiz.questions.get(position=position)
        answer_submit(attempt=attempt, question=question, choices=question.correct_choices())
    assert list(attempt.answers.order_by("question__position").values_list("language", "in_fallback")) == [
        ("tr", False),
        ("tr", False),
        ("tr", True),
    ]


def test_only_the_question_harder_in_turkish_is_flagged_in_the_translation_grid_and_translation_status(
    author, simulated
):
    expected = independent(simulated)
    turkish, everyone = expected[5, "tr"][1], expected[5, "all"][1]
    others = (everyone * 600 - turkish * 200) / 400
    response = author.get(reverse("admin:quizzes_quiz_translations", args=[simulated.pk]))
    gaps = find(response.content, has_class("translation-gap"))
    assert [text_of(found) for found in gaps] == [
        f"Check the Turkish translation: {half_up(turkish)}% of learners who read this question in Turkish answered "
        f"it correctly, against {half_up(others)}% of the others."
    ]
    question = simulated.questions.get(position=5)
    row = find(response.content, lambda node: attribute(node, "id") == f"text-quizzes-question-{question.pk}-text")[0]
    assert find(row, has_class("translation-gap")) == gaps
    out = io.StringIO()
    call_command("translation_status", "data-parallelism", stdout=out)
    flagged = [line for line in out.getvalue().splitlines() if "check the" in line]
    assert flagged == [
        f"Question 5 of “Data parallelism quiz”: check the Turkish translation (facility {half_up(turkish)}% "
        f"in Turkish against {half_up(others)}% in the other languages)."
    ]


def test_only_each_learners_first_finished_attempt_counts(simulated):
    """A retake comes after the explanations: the learner's second attempt changes no number."""
    before = {analysis.question.pk: analysis.numbers for analysis in item_analysis(simulated)}
    learner = Answer.objects.filter(attempt__quiz=simulated).first().attempt.learner
    retake = attempt_start(learner=learner, quiz=simulated, language="fr")
    for question in retake.arrangement.questions(list(simulated.questions.prefetch_related("choices"))):
        answer_submit(attempt=retake, question=question, choices=question.correct_choices())
    retake.refresh_from_db()
    assert retake.finished_at is not None
    assert {analysis.question.pk: analysis.numbers for analysis in item_analysis(simulated)} == before


def test_the_csv_gives_the_numbers_the_page_shows(author, simulated):
    """Each question's and language's learners, facility and discrimination on the page are the CSV's, rounded."""
    response = author.get(reverse("admin:quizzes_quiz_statistics", args=[simulated.pk]))
    blocks = {
        int(attribute(block, "id").split("-")[1]): block for block in find(response.content, has_class("item-analysis"))
    }
    compared = 0
    for row in csv_of(author, simulated):
        if row["choice"] != "1":
            continue
        shown = cells(blocks[int(row["question"])], f"item-language-{row['language']}")
        assert shown["learners"] == row["learners"]
        assert shown["facility"] == f"{half_up(float(row['facility']))}%"
        assert float(shown["discrimination"]) == pytest.approx(float(row["discrimination"]), abs=0.005)
        compared += 1
    assert compared == 3 * 4 + 5 * 2  # "all" and English for each question; French and Turkish for 1, 2 and 5
