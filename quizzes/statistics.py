"""A quiz's answer statistics, as the admin shows them to its authors: per question, how many learners answered and
how many were right, how often each choice was chosen and, for a multiple-answer question, how often exactly the
right set was.

Which answers count is ``quizzes.attempts.counted_in_statistics`` (learners with an account, in attempts at the
quiz; an exam's once submitted, as they were then, without the questions it left unanswered, which are counted
apart); each counts as it was judged when given or submitted (``Answer.is_correct``). The answers are read
grouped by the set they chose (``Answer.chosen``, one text per set): the rows read grow with the different sets
learners chose, never with the number of answers, and every count follows from them.
"""

from collections import defaultdict
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from django.db.models import Count, Prefetch, Q

from quizzes.kinds import QuestionKind, chosen_pks, judge, true_false_label
from quizzes.models import Answer, Choice, Question, Quiz, counted_in_statistics


def whole_percent(share: float) -> int:
    """``share`` (0–1) as a whole percentage, halves rounded up (0.625 → 63; 0.897 → 90): how the page shows it, and
    what the flags' thresholds compare (``quizzes.item_flags``)."""
    return int(Decimal(repr(round(100 * share, 9))).quantize(Decimal(1), ROUND_HALF_UP))


def percent(part: int, whole: int) -> int | None:
    """``part`` as a whole-number percentage of ``whole``, halves rounded up as everywhere on the statistics page
    (``whole_percent``); None when ``whole`` is 0."""
    return whole_percent(part / whole) if whole else None


@dataclass(frozen=True, slots=True)
class ChosenSet:
    """How many counted answers to one question chose the choices ``pks`` (a frozenset of primary keys) and were
    judged ``correct`` (bool): ``count`` (int); and, on the row of the empty set, how many submitted exams left
    the question ``unanswered`` (int; these are not answers, and ``count`` is 0 there)."""

    pks: frozenset[int]
    correct: bool
    count: int
    unanswered: int = 0


@dataclass(frozen=True, slots=True)
class ChoiceStatistics:
    """One choice's line: the ``choice``, its ``label`` as authors read it (its text; a true-or-false choice's the
    site's word, "True"), and how many answers ``chosen`` it, also as a ``percent`` of the question's answers."""

    choice: Choice
    label: str
    chosen: int
    percent: int | None


@dataclass(frozen=True, slots=True)
class QuestionStatistics:
    """One question's statistics.

    Attributes:
        question: the question.
        answered: its counted answers (int).
        unanswered: how many submitted exams of counted learners left it unanswered (int; not answers).
        correct: how many of them were judged right when given (int); ``percent_correct`` of ``answered``.
        exact: for a multiple-answer question, how many chose exactly its right choices as they are now (int; None
            for the other kinds, where it is ``correct``); ``percent_exact`` of ``answered``.
        choices: one ``ChoiceStatistics`` per choice, in position order. The percentages of a multiple-answer
            question's choices add up to more than 100 when learners chose several.
    """

    question: Question
    answered: int
    unanswered: int
    correct: int
    percent_correct: int | None
    exact: int | None
    percent_exact: int | None
    choices: list[ChoiceStatistics]

    @property
    def is_multiple(self) -> bool:
        return self.question.kind == QuestionKind.MULTIPLE


def chosen_sets(quiz: Quiz) -> dict[int, list[ChosenSet]]:
    """The counted answers to ``quiz``'s questions, grouped by question, chosen set and verdict: one query, one row
    per set a question's learners chose (so at most one per choice for single-answer and true-or-false questions),
    and one for the exams that left it unanswered.

    Returns:
        ``{question pk: [ChosenSet, ...]}``; a question nobody answered is missing.
    """
    # From the quiz's answers in its own attempts: PostgreSQL then reads the quiz's attempts by their index and each
    # one's answers by theirs, instead of looking up the attempt of every answer to its questions (7 times faster
    # at 10,000 attempts among 900,000 answers).
    rows = (
        Answer.objects.filter(question__quiz=quiz, attempt__quiz=quiz)
        .filter(counted_in_statistics("", unanswered=None))
        .values_list("question_id", "chosen", "is_correct")
        .annotate(count=Count("pk", filter=~Q(chosen="")), unanswered=Count("pk", filter=Q(chosen="")))
        .order_by()
    )
    sets: dict[int, list[ChosenSet]] = defaultdict(list)
    for question, chosen, correct, count, unanswered in rows:
        sets[question].append(ChosenSet(frozenset(chosen_pks(chosen)), correct, count, unanswered))
    return sets


def choice_label(question: Question, choice: Choice) -> str:
    """What authors read for ``choice`` of ``question``: its text, or a true-or-false choice's label in the active
    language (its text is empty: ``quizzes.kinds.true_false_rows``)."""
    if question.kind == QuestionKind.TRUE_FALSE:
        return true_false_label(choice.key)
    return choice.text


def quiz_questions(quiz: Quiz) -> list[Question]:
    """``quiz``'s questions in position order, each with its choices in position order: two queries."""
    choices = Prefetch("choices", queryset=Choice.objects.order_by("position"))
    return list(quiz.questions.prefetch_related(choices).order_by("position"))


def quiz_statistics(quiz: Quiz, questions: list[Question] | None = None) -> list[QuestionStatistics]:
    """The statistics of every question of ``quiz``, in position order; three queries (the questions, their choices,
    ``chosen_sets``), whatever the number of questions and answers; one when ``questions`` (``quiz_questions``)
    were read already."""
    sets = chosen_sets(quiz)
    statistics = []
    for question in quiz_questions(quiz) if questions is None else questions:
        own = sets.get(question.pk, [])
        answered = sum(chosen.count for chosen in own)
        correct = sum(chosen.count for chosen in own if chosen.correct)
        choices = list(question.choices.all())
        exact = None
        if question.kind == QuestionKind.MULTIPLE:
            right = {choice.pk for choice in choices if choice.is_correct}
            exact = sum(chosen.count for chosen in own if judge(right=right, chosen=chosen.pks))
        lines = []
        for choice in choices:
            picked = sum(chosen.count for chosen in own if choice.pk in chosen.pks)
            lines.append(ChoiceStatistics(choice, choice_label(question, choice), picked, percent(picked, answered)))
        statistics.append(
            QuestionStatistics(
                question=question,
                answered=answered,
                unanswered=sum(chosen.unanswered for chosen in own),
                correct=correct,
                percent_correct=percent(correct, answered),
                exact=exact,
                percent_exact=None if exact is None else percent(exact, answered),
                choices=lines,
            )
        )
    return statistics
