"""The rules of quiz content, each written once: the admin's forms and delete views and the importer call them.

Each ``check_*`` function returns None when the content keeps its rule and raises ``RuleBroken`` otherwise, with
one translated message for the author. Callers only turn that message into their own kind of error: a formset
lets it through (Django shows it above the inline), a delete view shows it as an error message, the importer
wraps it in a ``ContentError`` naming the place in the file. The database backs each rule where it can (see the
models' constraints); these checks give the author a message before the database would refuse.

Questions and choices are named in messages by their number, which is their position: positions are kept
contiguous (1..N, ``PositionedQuerySet.renumber``), so the number an author reads is the one learners see.

The rules, and where they come from (README, "Authoring"):

- **Answered content stays** (``check_removable``): learners' answers point at the question and the choice they
  answered (``Answer`` protects both), and their results must stay true. A question they answered cannot become
  true-or-false either (``check_kind_change``): that would remove its choices.
- **The correct choices of an answered question stay** (``check_correct_choices_kept``): earlier answers were
  judged against them; only a regrade moves them, judging every answer again (``quizzes.regrading``).
- **A question has at least two choices, and its kind's number of correct ones** (``check_choices``,
  ``quizzes.kinds``): exactly one for a single-answer or true-or-false question (whose two choices are the site's),
  at least one and not all for a multiple-answer one.
- **A published quiz is complete** (``check_publishable``): at least one question, each with a correct choice
  (a true-or-false question's is the site's, written from its statement's answer, which its own check asks for).
- **A quiz has at most ``MAX_QUESTIONS`` questions, a question at most ``MAX_CHOICES`` choices, a quiz at most
  ``guides.models.MAX_GUIDES_PER_QUIZ`` guides** (the admin's formsets and forms, the importer's lists): these
  bound what one Save of the quiz's page sends (``settings.DATA_UPLOAD_MAX_NUMBER_FIELDS``) and a quiz file
  (``quizzes.content.reader.MAX_FILE_BYTES``). The guides' limit lives with guides, whose admin applies it too
  (guides never import quizzes). Each text's own limit is its model field's ``max_length``.
- **A time limit is for exams only, from 1 to ``quizzes.modes.MAX_TIME_LIMIT`` minutes** (``check_time_limit``;
  ``quizzes.modes``): a practice quiz gives each verdict at once, so a clock would only hurry learning.
"""

from collections.abc import Collection, Iterable, Mapping

from django.core.exceptions import ValidationError
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext, ngettext

from quizzes.kinds import TRUE_FALSE_KEYS, QuestionKind, chosen_pks
from quizzes.models import Answer, Choice, Question
from quizzes.modes import MAX_TIME_LIMIT, QuizMode


class RuleBroken(ValidationError):
    """A content rule that a change would break; ``.messages[0]`` is the translated message for the author.

    A ``ValidationError``, so a form or formset ``clean()`` that calls a check shows the message as it is.
    """


def _numbers(numbers: Iterable[int]) -> str:
    """``[3, 1]`` → ``"1, 3"``: question or choice numbers for a message."""
    return ", ".join(str(number) for number in sorted(numbers))


def check_removable(*, questions: Iterable[Question] = (), choices: Iterable[Choice] = ()) -> None:
    """Refuse to remove questions or choices that learners have answered (chosen, for a choice). One query, which
    reads each answered question's distinct sets of chosen choices (a few rows per question, however many answers).

    Args:
        questions: the questions a change would delete (saved instances).
        choices: the choices it would delete from questions that stay (saved instances, their ``question``
            loaded or cheap to load: the message names it).

    Raises:
        RuleBroken: naming the answered questions, else the answered choices ("choice 2 of question 3").
    """
    questions = [question for question in questions if question.pk]
    choices = [choice for choice in choices if choice.pk]
    if not questions and not choices:
        return
    parents = {choice.question_id for choice in choices}
    answered = (
        Answer.objects.filter(Q(question__in=questions) | Q(question_id__in=parents))
        .order_by()
        .values_list("question_id", "chosen")
        .distinct()
    )
    answered_questions, answered_choices = set(), set()
    for question_id, chosen in answered:
        answered_questions.add(question_id)
        answered_choices.update(chosen_pks(chosen))
    refused = [question.position for question in questions if question.pk in answered_questions]
    if refused:
        raise RuleBroken(
            ngettext(
                "Learners have already answered question %(numbers)s, so it cannot be removed. "
                "Unpublish the quiz instead.",
                "Learners have already answered questions %(numbers)s, so they cannot be removed. "
                "Unpublish the quiz instead.",
                len(refused),
            )
            % {"numbers": _numbers(refused)}
        )
    refused = [choice for choice in choices if choice.pk in answered_choices]
    if refused:
        raise RuleBroken(
            ngettext(
                "Learners have already picked choice %(numbers)s of question %(question)s, so it cannot be "
                "removed. Change its text instead, or unpublish the quiz.",
                "Learners have already picked choices %(numbers)s of question %(question)s, so they cannot be "
                "removed. Change their text instead, or unpublish the quiz.",
                len(refused),
            )
            % {"numbers": _numbers(choice.position for choice in refused), "question": refused[0].question.position}
        )


def check_correct_choices_kept(marked: Mapping[Question, Iterable[Choice]]) -> None:
    """Refuse to change which choices are correct in questions that learners have answered. One query.

    Args:
        marked: for each question a change touches (saved or not), the choices that will be marked correct: saved
            choices, or unsaved ones (new choices, which always differ from the stored ones).

    Raises:
        RuleBroken: naming the answered questions whose set of correct choices would change (for one question,
        "its correct choice" or "choices" as it has one or several).
    """
    saved = [question for question in marked if question.pk]
    if not saved:
        return
    stored: dict[int, set[int]] = {}
    for question_id, pk in (
        Choice.objects.filter(question__in=saved, question__answers__isnull=False, is_correct=True)
        .distinct()
        .values_list("question_id", "pk")
    ):
        stored.setdefault(question_id, set()).add(pk)
    refused = [
        question
        for question in saved
        if question.pk in stored and {getattr(choice, "pk", None) for choice in marked[question]} != stored[question.pk]
    ]
    if len(refused) == 1:  # "its correct choice" or "choices", as many as learners were judged against
        raise RuleBroken(
            ngettext(
                "Learners have already answered question %(number)s, so its correct choice cannot change: their "
                "scores were given against it. Add a new question instead, or fix the wording of the choices.",
                "Learners have already answered question %(number)s, so its correct choices cannot change: their "
                "scores were given against them. Add a new question instead, or fix the wording of the choices.",
                len(stored[refused[0].pk]),
            )
            % {"number": refused[0].position}
        )
    if refused:
        raise RuleBroken(
            gettext(
                "Learners have already answered questions %(numbers)s, so their correct choices cannot change: "
                "their scores were given against them. Add new questions instead, or fix the wording of the "
                "choices."
            )
            % {"numbers": _numbers(question.position for question in refused)}
        )


def check_kind_change(*, question: Question, kind: str) -> None:
    """Refuse to make a question that learners answered true-or-false when that removes choices they picked. No
    query unless a saved question of another kind becomes true-or-false; then one, two when it was answered.

    A true-or-false question's choices are the site's two (``quizzes.kinds.true_false_rows``, keyed "true" and
    "false"), so its other choices go; the rule is ``check_removable``'s (answered content stays), said as what
    the author did: changed the kind.

    Args:
        question: the question as stored (its kind and number; unsaved for a new one).
        kind: the kind it would have (``quizzes.kinds.QuestionKind``).

    Raises:
        RuleBroken: naming the question and the kind it cannot become.
    """
    if question.pk is None or kind != QuestionKind.TRUE_FALSE or question.kind == QuestionKind.TRUE_FALSE:
        return
    picked = set()
    for chosen in Answer.objects.filter(question=question).order_by().values_list("chosen", flat=True).distinct():
        picked.update(chosen_pks(chosen))
    if picked and Choice.objects.filter(question=question, pk__in=picked).exclude(key__in=TRUE_FALSE_KEYS).exists():
        raise RuleBroken(
            gettext(
                "Learners have already answered question %(number)s, so it cannot become a true-or-false question: "
                "its choices would be removed, and their answers point at them. Add a new true-or-false question "
                "instead, or unpublish the quiz."
            )
            % {"number": question.position}
        )


#: The fewest choices a question may have.
MIN_CHOICES = 2
#: The most questions a quiz may have, and choices a question may have (module docstring).
MAX_QUESTIONS = 100
MAX_CHOICES = 6


def check_choices(*, choice_count: int, correct_count: int, kind: str = QuestionKind.SINGLE) -> None:
    """Refuse a question with fewer than two choices, or with a number of correct choices its kind does not allow.
    No query.

    Args:
        choice_count: how many choices the question will have.
        correct_count: how many of them will be marked correct.
        kind: the question's kind (``quizzes.kinds.QuestionKind``): single-answer and true-or-false questions have
            exactly one correct choice, multiple-answer ones at least one and not all.

    Raises:
        RuleBroken: "at least two choices"; "exactly one correct" with the number marked; "at least one correct";
        "not every choice correct".
    """
    if choice_count < MIN_CHOICES:
        raise RuleBroken(
            ngettext(
                "A question needs at least %(minimum)d choices; it has %(count)d.",
                "A question needs at least %(minimum)d choices; it has %(count)d.",
                choice_count,
            )
            % {"minimum": MIN_CHOICES, "count": choice_count}
        )
    if kind == QuestionKind.MULTIPLE:
        if correct_count < 1:
            raise RuleBroken(
                gettext("Mark at least one choice as correct: a question with several right answers needs one.")
            )
        if correct_count == choice_count:
            raise RuleBroken(
                gettext(
                    "Not every choice can be correct: leave at least one unmarked, or learners could tick them all "
                    "without reading."
                )
            )
        return
    if correct_count != 1:
        raise RuleBroken(
            ngettext(
                "Mark exactly one choice as correct; %(count)d is marked.",
                "Mark exactly one choice as correct; %(count)d are marked.",
                correct_count,
            )
            % {"count": correct_count}
        )


def check_publishable(
    *, published: bool, numbers_with_correct: Mapping[int, bool], true_false: Collection[int] = ()
) -> None:
    """Refuse a published quiz without questions, or with a question that lacks a correct choice. No query.

    Args:
        published: whether the quiz will be published.
        numbers_with_correct: for every question the quiz will have, its number → whether it has a correct
            choice (``questions_with_correct`` reads it from the database).
        true_false: the numbers of its true-or-false questions, never named here: their choices are the site's,
            the right one written from whether the statement is true, which the question's own form (or file
            entry) requires with its own message ("Say whether the statement is true or false."); the author has
            no choice to mark.

    Raises:
        RuleBroken: no question at all, or naming the questions without a correct choice.
    """
    if not published:
        return
    if not numbers_with_correct:
        raise RuleBroken(gettext("A published quiz needs at least one question. Add one, or unpublish the quiz."))
    lacking = [
        number for number, has_correct in numbers_with_correct.items() if not (has_correct or number in true_false)
    ]
    if lacking:
        raise RuleBroken(
            ngettext(
                "Question %(numbers)s has no correct choice, so the quiz cannot be published. Mark one, or "
                "unpublish the quiz.",
                "Questions %(numbers)s have no correct choice, so the quiz cannot be published. Mark one in each, "
                "or unpublish the quiz.",
                len(lacking),
            )
            % {"numbers": _numbers(lacking)}
        )


def questions_with_correct(questions: QuerySet) -> dict[int, bool]:
    """``{position: whether it has a correct choice}`` for a queryset of questions, in one query.

    The input of ``check_publishable`` when the questions are the stored ones.
    """
    correct = Choice.objects.filter(question=OuterRef("pk"), is_correct=True)
    return dict(questions.annotate(has_correct=Exists(correct)).values_list("position", "has_correct"))


def check_time_limit(mode: str, time_limit: int | None) -> None:
    """Refuse a time limit on a practice quiz, or one outside 1 to ``MAX_TIME_LIMIT`` minutes. No query; the
    database's constraint ``quiz_time_limit_of_exam`` backs it.

    Args:
        mode: the quiz's mode (``quizzes.modes.QuizMode`` value).
        time_limit: its time limit in minutes (int), or None for none.

    Raises:
        RuleBroken: with the constraint's message ("A time limit is for exams only, from 1 to 1440 minutes.").
    """
    if time_limit is not None and (mode != QuizMode.EXAM or not 1 <= time_limit <= MAX_TIME_LIMIT):
        raise RuleBroken(gettext("A time limit is for exams only, from 1 to 1440 minutes."))
