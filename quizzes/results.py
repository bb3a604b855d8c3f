"""A finished attempt as its results page shows it: two queries over the quiz's content snapshot."""

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import Exists, OuterRef

from quizzes import scoring
from quizzes.arrangement import Arrangement
from quizzes.kinds import QuestionKind, chosen_pks
from quizzes.localized import ChoiceContent, QuestionContent, QuizContent
from quizzes.models import Answer, Question, RegradedAnswer
from quizzes.modes import QuizMode
from quizzes.progress import owner_ids
from quizzes.snapshots import quiz_content
from quizzes.summaries import AttemptSummary, results_state
from translations.facts import translated_fields


@dataclass(frozen=True, slots=True)
class ShownChoice:
    """One choice of an answered question as its review shows it: ``text`` in the page's language (the text the
    learner read, when the page is in the language they answered in), the language it is in (``lang``) and
    whether that is English standing in for a translation (``in_english``); whether it was to be chosen
    (``is_right``) and whether the learner chose it (``was_chosen``), both as they were when the answer was given."""

    text: str
    lang: str
    in_english: bool
    is_right: bool
    was_chosen: bool


@dataclass(frozen=True, slots=True)
class ResultAnswer:
    """One answer of a finished attempt: the ``question`` and ``choice`` as the quiz's content has them now (in
    the page's language), and what the answer recorded when given: ``is_correct``, its ``language`` and the
    ``question_text`` and ``choice_text`` the learner read then (``Answer``); the question's ``correct_choice``, and
    whether everything the answer's review shows (the question's text and explanation, the choice and the correct
    choice) is shown in English, so that one marker stands for it all (``in_english``: the marking rule of
    ``quizsite.templatetags.translation_status``). ``choices``: every choice in the order the learner saw them, with
    what was right and what they chose then (``ShownChoice``; from ``Answer.shown``, or for an answer given before
    answers kept it, the question's current choices in the author's order)."""

    question: QuestionContent
    choice: ChoiceContent | None
    chosen: tuple[int, ...]
    shown: tuple
    is_correct: bool
    language: str
    question_text: str
    choice_text: str
    correct_choice: ChoiceContent | None
    in_english: bool
    choices: tuple[ShownChoice, ...] = ()
    kind: str = "single"
    regraded: bool = False

    @property
    def is_multiple(self) -> bool:
        """Whether the question was a multiple-answer one when answered (``Answer.kind``)."""
        return self.kind == QuestionKind.MULTIPLE

    @property
    def is_answered(self) -> bool:
        """Whether the learner chose anything: a question an exam left unanswered has an empty answer
        (``quizzes.exams.exam_submit``), shown as "Not answered"."""
        return bool(self.chosen)

    @property
    def right_choices(self) -> tuple[ShownChoice, ...]:
        """The choices that were to be chosen, in the order shown."""
        return tuple(choice for choice in self.choices if choice.is_right)


@dataclass(frozen=True, slots=True)
class RegradeNote:
    """A regrade of one of an attempt's questions, as its results say it: the question's ``number`` in the
    attempt's own numbering (the results' order), when (``regraded_at``, aware), and the attempt's score before and
    after out of ``out_of``; the scores are None when the attempt was under way then (``RegradedAnswer``)."""

    number: int
    regraded_at: datetime
    score_before: int | None
    score_after: int | None
    out_of: int | None


@dataclass(frozen=True)
class Results:
    """What the results page shows: the ``quiz``; the ``attempt`` shown (None when the visitor finished none) with
    its ``answers`` in the order given (an exam's in its own order of questions, as the learner numbered them); the
    ``others`` of the visitor's finished attempts, newest first; whether they have an attempt under way
    (``has_unfinished``); the ``regrades`` of the attempt's questions (``quizzes.regrading``), oldest first."""

    quiz: QuizContent
    attempt: AttemptSummary | None
    answers: tuple[ResultAnswer, ...]
    others: tuple[AttemptSummary, ...]
    has_unfinished: bool
    regrades: tuple[RegradeNote, ...] = ()


def read_results(
    learner: AbstractBaseUser | AnonymousUser, slug: str, *, pk: int | None = None, guest: uuid.UUID | None = None
) -> Results | None:
    """Read the results of the visitor's finished attempt ``pk`` at quiz ``slug`` (their latest when None).

    Args:
        learner: the request's user; a visitor who is not logged in has attempts only as ``guest``.
        slug: the quiz's slug.
        pk: one of the visitor's finished attempts at the quiz, or None for the latest.
        guest: the session's guest id (``quizzes.guests.session_guest``).

    Returns:
        ``Results``, or None when the visitor may not read them: no quiz ``slug`` that they may see (published,
        or any for staff) or finished an attempt at (results stay readable after the quiz is unpublished), or
        ``pk`` is not one of their finished attempts at it. Two queries (``results_state`` and the attempt's
        answers; one without a finished attempt), one more when a question of the attempt was regraded
        (``regrade_notes``), and two more when the quiz's snapshot is not held.
    """
    state = results_state(slug=slug, **owner_ids(learner, guest))
    if state is None or not (state.published or learner.is_staff or state.finished):
        return None
    content = quiz_content(state.quiz_pk, state.version)
    if content is None:
        return None
    if pk is None:
        attempt = state.finished[0] if state.finished else None
    else:
        attempt = next((finished for finished in state.finished if finished.pk == pk), None)
        if attempt is None:
            return None
    answers = attempt_answers(content, attempt.pk) if attempt is not None else ()
    others = tuple(finished for finished in state.finished if attempt is None or finished.pk != attempt.pk)
    regrades = regrade_notes(attempt.pk, answers) if any(answer.regraded for answer in answers) else ()
    return Results(content, attempt, answers, others, state.has_unfinished, regrades)


def regrade_notes(attempt_pk: int, answers: Sequence[ResultAnswer]) -> tuple[RegradeNote, ...]:
    """The regrades of attempt ``attempt_pk``'s questions, oldest first, each numbered as ``answers`` (the
    attempt's answers in its results' order, ``attempt_answers``) number its question: one query."""
    numbers = {answer.question.pk: number for number, answer in enumerate(answers, start=1)}
    rows = (
        RegradedAnswer.objects.filter(attempt_id=attempt_pk)
        .order_by("regrade__regraded_at", "regrade_id")
        .values_list("regrade__question_id", "regrade__regraded_at", "score_before", "score_after", "out_of")
    )
    return tuple(RegradeNote(numbers[question], *rest) for question, *rest in rows if question in numbers)


def attempt_answers(content: QuizContent, attempt_pk: int) -> tuple[ResultAnswer, ...]:
    """The answers of finished attempt ``attempt_pk`` (or practice round, ``quizzes.rounds``) as its results show
    them, in the order given (an exam's in its own numbering), over ``content`` (the quiz's snapshot in the page's
    language): one query."""
    # With each answer, whether a regrade judged it again (a subquery, no query more: ``regrade_notes`` reads them
    # only then).
    regraded = Exists(RegradedAnswer.objects.filter(answer=OuterRef("pk")))
    rows = Answer.objects.filter(attempt_id=attempt_pk).annotate(regraded=regraded).order_by("answered_at", "pk")
    fields = ("question_id", "chosen", "shown", "is_correct", "language", "question_text", "choice_text", "kind")
    fields += ("regraded",)
    # With each answer, its attempt's mode and order (a join, no query more): an exam numbers its questions in its
    # own order (``quizzes.scoring.order``), whatever order they were answered in.
    fields += ("attempt__mode", "attempt__seed", "attempt__shuffle_questions")
    rows = list(rows.values_list(*fields))
    answers = tuple(_answer(content, *row[:-3]) for row in rows)
    if rows and rows[0][-3] == QuizMode.EXAM:
        arranged = [question.pk for question in Arrangement(*rows[0][-2:]).questions(content.questions)]
        answered = [answer.question.pk for answer in answers]
        numbered = scoring.order(questions=arranged, answered=answered, finished=True, free=True)
        place = {pk: index for index, pk in enumerate(numbered)}
        answers = tuple(sorted(answers, key=lambda answer: place.get(answer.question.pk, len(place))))
    return answers


def _answer(content: QuizContent, question_id: int, chosen: str, shown: list, *recorded) -> ResultAnswer:
    """An answer over the quiz's content: answered questions and chosen choices cannot be deleted (``Answer``'s
    foreign keys and ``quizzes.rules.check_removable`` protect them), so the content holds them."""
    question = content.questions_by_pk[question_id]
    pks = chosen_pks(chosen)
    choice, correct = question.choice(pks[0]) if pks else None, question.correct_choice()
    marks = [(name in question.in_english) for name in translated_fields(Question) if getattr(question, name)]
    marks += [("text" in item.in_english) for item in (choice, correct) if item is not None and item.text]
    choices = _shown_choices(question, pks, shown, same_language=recorded[1] == content.language)
    *recorded, kind, regraded = recorded
    return ResultAnswer(
        question,
        choice,
        pks,
        tuple(map(tuple, shown)),
        *recorded,
        correct,
        bool(marks) and all(marks),
        choices,
        kind,
        bool(regraded),
    )


def _shown_choices(
    question: QuestionContent, chosen: tuple[int, ...], shown: list, *, same_language: bool
) -> tuple[ShownChoice, ...]:
    """Every choice of ``question`` as the learner saw it: ``shown`` (``Answer.shown``: ``[[pk, text, is_right,
    was_chosen], ...]`` in the order shown) with its texts in the page's language (the recorded ones when the page is
    in the language of the answer, ``same_language``; a choice no longer in the content keeps its recorded text); an
    answer that kept nothing (``shown == []``, given before answers kept it) shows the current choices in the
    author's order, chosen as ``chosen`` says."""
    if not shown:
        shown = [[item.pk, item.text, item.is_correct, item.pk in chosen] for item in question.choices]
        same_language = False
    choices = []
    for pk, text, is_right, was_chosen in shown:
        now = question.choice(pk)
        if now is not None and not (same_language and text):
            text = now.text
        in_english = now is not None and "text" in now.in_english
        lang = now.lang if now is not None else question.lang
        choices.append(ShownChoice(text, lang, in_english, bool(is_right), bool(was_chosen)))
    return tuple(choices)
