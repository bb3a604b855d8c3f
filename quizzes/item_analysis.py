"""Item analysis: how each question of a quiz worked, overall and per language read, for its authors.

The numbers are classical test theory's, as Moodle's quiz statistics report computes them
(https://docs.moodle.org/dev/Quiz_statistics_calculations):

- **facility**: the share of learners who answered the question right (Moodle's facility index, here 0–1);
- **discrimination**: the corrected point-biserial correlation between the question's score (1 right, 0 wrong)
  and the rest of the attempt's score (its right answers but this one), across attempts (Moodle's discrimination
  index, here −1–1): high when the learners who do well on the rest of the quiz get it right and the others not;
  negative when the strongest miss it;
- per choice, the share of the **strongest and the weakest third** of learners who chose it: the attempts are ranked
  by score (ties by attempt, so always the same split) and cut in three as SQL's ``NTILE(3)`` does.

What is counted: each learner's first finished attempt at the quiz (learners with an account; an exam's once
submitted; no practice rounds, no guests: the rule of ``quizzes.attempts.counted_in_statistics``, and
``counted_answers_sql``), with all its answers; a question an exam left unanswered counts as wrong, as in its
score. Each answer is counted in the language it was read in:
the attempt's language, or English where the question was shown in English fallback (``Answer.in_fallback``).
Every verdict is the answer's as it stands (``Answer.is_correct``): after a regrade, the corrected one.

Cost: one query (``_SQL``) groups the answers by question, language read, chosen set, verdict and third, with the
sums of the attempts' scores that the correlation needs, so that the rows read grow with the content and the
different sets chosen, never with the number of attempts; the questions and their choices are two more.
"""

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import connection

from quizzes.kinds import chosen_pks
from quizzes.models import Answer, Attempt, Choice, Question, Quiz
from quizzes.statistics import choice_label, quiz_questions
from translations.facts import FALLBACK_LANGUAGE, LANGUAGE_CODES

#: Below this many learners a question's facility, and each choice's shares, mean nothing: not shown.
MIN_LEARNERS = 10
#: Below this many attempts a correlation, or a third's shares, mean nothing: not shown (Moodle shows them from 2,
#: with a warning; the usual advice for item analysis is 30 or more).
MIN_DISCRIMINATION_LEARNERS = 30


def counted_answers_sql(quizzes: int = 1) -> str:
    """The common table expressions ``firsts`` and ``counted`` (to follow a ``WITH``): the answers the item analysis
    counts, as rows ``(attempt_id, question_id, chosen, is_correct, read_in)``, ``read_in`` being the language read
    (English where the question was shown in English fallback).

    The attempts counted (``firsts``): each learner's first finished attempt at one of ``quizzes`` quizzes, not
    practice rounds, never guests' (the rule of ``quizzes.attempts.counted_in_statistics``, finished). One attempt
    per learner, the first (as Moodle's statistics can, "first attempt"): a retake comes after the learner read the
    explanations, and would count one person several times in facility and in the language test, which assumes
    independent answers. Ties on ``finished_at`` go to the smaller id.

    The answers are read through their questions (the quiz's own, by the answers' ``question_id`` index) and kept
    once (``MATERIALIZED``): reading them through their attempts made PostgreSQL scan every answer of the site.

    Returns:
        The SQL; its parameters are the quizzes' primary keys, the fallback language's code, the quizzes' primary
        keys again (``parameters``).
    """
    ids = ", ".join(["%s"] * quizzes)
    return f"""firsts AS (
    SELECT id FROM (
        SELECT attempt.id, ROW_NUMBER() OVER (
            PARTITION BY attempt.quiz_id, attempt.learner_id ORDER BY attempt.finished_at, attempt.id
        ) AS nth
        FROM {Attempt._meta.db_table} attempt
        WHERE attempt.quiz_id IN ({ids}) AND attempt.learner_id IS NOT NULL
            AND attempt.practice_of_id IS NULL AND attempt.finished_at IS NOT NULL
    ) numbered WHERE nth = 1
), counted AS MATERIALIZED (
    SELECT answer.attempt_id, answer.question_id, answer.chosen, answer.is_correct,
        CASE WHEN answer.in_fallback THEN %s ELSE answer.language END AS read_in
    FROM {Question._meta.db_table} question
    JOIN {Answer._meta.db_table} answer ON answer.question_id = question.id
    JOIN firsts ON firsts.id = answer.attempt_id
    WHERE question.quiz_id IN ({ids})
)"""


def parameters(quiz_ids: list[int]) -> list:
    """The parameters of ``counted_answers_sql(len(quiz_ids))``."""
    return [*quiz_ids, FALLBACK_LANGUAGE, *quiz_ids]


# The thirds without joining the attempts back to their answers (PostgreSQL cannot estimate how many attempts are
# a learner's first, and joined them row by row: 30 s at 10,000 attempts): each answer gets its attempt's score,
# then its attempt's place by score (ties by attempt), and the third is worked out from the place as NTILE(3) cuts
# N attempts: the first N mod 3 thirds hold one more.
_SQL = """
WITH {counted}, scored AS (
    SELECT counted.*, SUM(CASE WHEN is_correct THEN 1 ELSE 0 END) OVER (PARTITION BY attempt_id) AS score
    FROM counted
), placed AS (
    SELECT scored.*, DENSE_RANK() OVER (ORDER BY score, attempt_id) AS place FROM scored
), sized AS (
    SELECT placed.*, MAX(place) OVER () / 3 AS size, MAX(place) OVER () %% 3 AS extra FROM placed
), ranked AS (
    SELECT sized.*, CASE WHEN place <= extra * (size + 1) THEN (place - 1) / (size + 1) + 1
        ELSE extra + (place - extra * (size + 1) - 1) / size + 1 END AS third
    FROM sized
)
SELECT question_id, read_in, chosen, is_correct, third, COUNT(*), SUM(score), SUM(score * score)
FROM ranked
GROUP BY question_id, read_in, chosen, is_correct, third
"""


#: The thirds as ``NTILE(3)`` numbers them, weakest first.
WEAKEST, STRONGEST = 1, 3


@dataclass(slots=True)
class Sums:
    """The running sums over a group of attempts that answered one question: ``learners`` (int), ``right`` (how
    many answered it right), ``score`` and ``score_squares`` (the sums of the attempts' scores, in right answers,
    and of their squares), ``score_right`` (the sum of the scores of the attempts that answered it right)."""

    learners: int = 0
    right: int = 0
    score: int = 0
    score_squares: int = 0
    score_right: int = 0

    def add(self, count: int, right: bool, score: int, score_squares: int) -> None:
        self.learners += count
        self.score += score
        self.score_squares += score_squares
        if right:
            self.right += count
            self.score_right += score

    @property
    def facility(self) -> float | None:
        """The share right (0–1); None below ``MIN_LEARNERS``."""
        return self.right / self.learners if self.learners >= MIN_LEARNERS else None

    @property
    def discrimination(self) -> float | None:
        """The corrected point-biserial correlation between the question's score x (0 or 1) and the rest of the
        attempt's score y = score − x, from the sums (Σx² = Σx since x is 0 or 1; Σy = Σscore − Σx;
        Σy² = Σscore² − 2·Σ(score·x) + Σx; Σxy = Σ(score·x) − Σx). None below ``MIN_DISCRIMINATION_LEARNERS``
        or when either score does not vary (everyone right, or everyone the same rest)."""
        n = self.learners
        if n < MIN_DISCRIMINATION_LEARNERS:
            return None
        sx = self.right
        sy = self.score - sx
        syy = self.score_squares - 2 * self.score_right + sx
        sxy = self.score_right - sx
        spread = (n * sx - sx * sx) * (n * syy - sy * sy)
        return (n * sxy - sx * sy) / math.sqrt(spread) if spread > 0 else None


@dataclass(frozen=True, slots=True)
class ChoiceNumbers:
    """One choice's numbers in a group: ``chosen`` (how many chose it), ``share`` (of the group's learners, 0–1,
    None below ``MIN_LEARNERS``), ``strongest`` and ``weakest`` (the share of the strongest and the weakest
    third's learners who chose it, 0–1; None below ``MIN_DISCRIMINATION_LEARNERS``)."""

    choice: Choice
    label: str
    chosen: int
    share: float | None
    strongest: float | None
    weakest: float | None


@dataclass(slots=True)
class Group:
    """What is read for one question and a group of its learners (all, or those of one language read): the sums,
    how many of each third answered it, and per choice how many chose it, overall and per third."""

    sums: Sums = field(default_factory=Sums)
    thirds: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    chosen: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    chosen_by_third: dict[tuple[int, int], int] = field(default_factory=lambda: defaultdict(int))

    def add(self, chosen: Iterable[int], right: bool, third: int, count: int, score: int, squares: int) -> None:
        self.sums.add(count, right, score, squares)
        self.thirds[third] += count
        for pk in chosen:
            self.chosen[pk] += count
            self.chosen_by_third[pk, third] += count

    def share_of_third(self, pk: int, third: int) -> float | None:
        """The share of ``third``'s learners who chose the choice ``pk``; None while the group is too small."""
        if self.sums.learners < MIN_DISCRIMINATION_LEARNERS or not self.thirds[third]:
            return None
        return self.chosen_by_third[pk, third] / self.thirds[third]

    def choices(self, question: Question) -> list[ChoiceNumbers]:
        """``ChoiceNumbers`` for each of ``question``'s choices, in position order."""
        learners = self.sums.learners
        return [
            ChoiceNumbers(
                choice,
                choice_label(question, choice),
                self.chosen[choice.pk],
                self.chosen[choice.pk] / learners if learners >= MIN_LEARNERS else None,
                self.share_of_third(choice.pk, STRONGEST),
                self.share_of_third(choice.pk, WEAKEST),
            )
            for choice in question.choices.all()
        ]


@dataclass(frozen=True, slots=True)
class QuestionGroups:
    """A question with its learners' ``Group``, all together (``everyone``) and by language read (``languages``:
    ``{language code: Group}``, in ``settings.LANGUAGES`` order, only languages someone read it in)."""

    question: Question
    everyone: Group
    languages: dict[str, Group]


def question_groups(quiz: Quiz, questions: list[Question] | None = None) -> list[QuestionGroups]:
    """Read the counted answers to ``quiz``'s questions (see the module's docstring), in three queries; one when
    ``questions`` (``quizzes.statistics.quiz_questions``) were read already.

    Returns:
        One ``QuestionGroups`` per question, in position order; a question nobody answered has empty groups.
    """
    questions = quiz_questions(quiz) if questions is None else questions
    everyone: dict[int, Group] = defaultdict(Group)
    languages: dict[int, dict[str, Group]] = defaultdict(lambda: defaultdict(Group))
    sql = _SQL.format(counted=counted_answers_sql())
    with connection.cursor() as cursor:
        cursor.execute(sql, parameters([quiz.pk]))
        for question, language, chosen, right, third, count, score, squares in cursor.fetchall():
            pks = chosen_pks(chosen)
            row = (pks, bool(right), third, count, int(score), int(squares))
            everyone[question].add(*row)
            languages[question][language].add(*row)
    order = list(LANGUAGE_CODES)
    return [
        QuestionGroups(
            question,
            everyone[question.pk],
            {code: languages[question.pk][code] for code in order if code in languages[question.pk]},
        )
        for question in questions
    ]
