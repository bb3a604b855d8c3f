"""Importing a ``quizsite-quiz`` file: creating its quiz, or updating the quiz with its slug to match it.

Keys name questions (within the quiz) and choices (within their question); the file's order is the site's
order. A true-or-false question's two choices are the site's (``quizzes.kinds.true_false_rows``), made from its
``answer``. Importing over an existing quiz updates the question with each key in place (learners' answers stay
attached to it), adds the keys the site lacks, removes the ones the file no longer has, and renumbers positions
1..N in the file's order (``PositionedQuerySet.renumber``). The rules of ``quizzes.rules`` decide what may change
once learners have answered; their refusals name the place in the file.

Two imports of one quiz at once are serialised: the quiz row is locked (``select_for_update``) while an import
checks and writes, and an import that loses a race to create the quiz, or one of its guides, runs once more
against the winner's rows.
"""

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from modeltranslation.utils import build_localized_fieldname

from guides.models import Guide
from quizzes.content.errors import refuse
from quizzes.content.export import (
    choice_export,
    guide_export,
    question_export,
    quiz_export,
    quiz_fields_export,
)
from quizzes.content.schema import quiz_check
from quizzes.kinds import QuestionKind, true_false_rows
from quizzes.models import Choice, Question, Quiz
from quizzes.rules import RuleBroken, check_correct_choices_kept, check_kind_change, check_removable
from translations.facts import LANGUAGE_CODES, SOURCE_LANGUAGE, translated_fields

#: The quiz's settings a file holds besides its texts: how it is taken (``ImportResult.settings_changed``).
SETTINGS = ("shuffle_choices", "shuffle_questions", "pass_mark", "mode", "time_limit")


@dataclass(frozen=True)
class ImportResult:
    """What an import did.

    Attributes:
        quiz: the imported quiz, as saved.
        created: whether the quiz was created (it did not exist).
        changed: whether anything was written; False when the site already matched the file.
        guides_created: slugs of the guides the import created, in the file's order.
        guides_changed: slugs of existing guides whose texts or settings it changed; every quiz linked to one of
            them shows the change.
        questions_added, questions_updated, questions_removed: how many questions were created, had their texts
            or choices changed, or were deleted.
        questions_moved: how many questions kept their key but changed position.
        settings_changed: ``(name, value before)`` of each of an existing quiz's settings that the import changed,
            among ``SETTINGS`` in that order; the new values are ``quiz``'s.
    """

    quiz: Quiz
    created: bool
    changed: bool
    guides_created: tuple[str, ...] = ()
    guides_changed: tuple[str, ...] = ()
    questions_added: int = 0
    questions_updated: int = 0
    questions_removed: int = 0
    questions_moved: int = 0
    settings_changed: tuple[tuple[str, bool | int | str | None], ...] = ()


def _set_texts(instance, entry: dict) -> None:
    """Set every language of each of ``instance``'s translated fields from ``entry`` (its checked file entry). A
    missing translation is stored as NULL (never "", so it cannot collide with anything); a missing English text,
    allowed only where the field may be blank, as "" like the admin stores it."""
    for field in translated_fields(type(instance)):
        for code, text in entry[field].items():
            empty = "" if code == SOURCE_LANGUAGE else None
            setattr(instance, build_localized_fieldname(field, code), text or empty)


def _choice_entries(entry: dict) -> list[dict]:
    """The choices a checked question ``entry`` stands for, as ``choice_export`` gives them: its ``choices``, or
    for a true-or-false question the site's two (``quizzes.kinds.true_false_rows``), with no text in any language.
    """
    if entry["kind"] != QuestionKind.TRUE_FALSE:
        return entry["choices"]
    return [
        {
            "key": row["key"],
            "text": dict.fromkeys(LANGUAGE_CODES),
            "is_correct": row["is_correct"],
            "pinned": row["pinned"],
        }
        for row in true_false_rows(is_true=entry["answer"])
    ]


def _check_rules(stored: dict[str, Question], entries: list[dict]) -> None:
    """Apply the rules on answered content to the changes ``entries`` (checked questions) make to ``stored``
    (the quiz's questions by key, choices prefetched).

    Raises:
        ContentError: the rule's message, after the place in the file.
    """
    keys = {entry["key"] for entry in entries}
    try:
        check_removable(questions=[question for key, question in stored.items() if key not in keys])
    except RuleBroken as error:
        refuse("quiz.questions", error.messages[0])
    for index, entry in enumerate(entries):
        question = stored.get(entry["key"])
        if question is None:
            continue
        choices = {choice.key: choice for choice in question.choices.all()}
        wanted = _choice_entries(entry)
        choice_keys = {choice["key"] for choice in wanted}
        correct_keys = [choice["key"] for choice in wanted if choice["is_correct"]]
        try:
            check_kind_change(question=question, kind=entry["kind"])
        except RuleBroken as error:
            refuse(f"quiz.questions[{index}].kind", error.messages[0])
        place = "answer" if entry["kind"] == QuestionKind.TRUE_FALSE else "choices"
        try:
            check_removable(choices=[choice for key, choice in choices.items() if key not in choice_keys])
            if {choice.key for choice in question.correct_choices()} != set(correct_keys):
                check_correct_choices_kept({question: [choices.get(key) or Choice(key=key) for key in correct_keys]})
        except RuleBroken as error:
            refuse(f"quiz.questions[{index}].{place}", error.messages[0])


def _save_choices(question: Question, entries: list[dict]) -> None:
    """Make ``question``'s choices match ``entries`` (``_choice_entries``, in order): by key, then renumbered."""
    stored = {choice.key: choice for choice in question.choices.all()}
    keys = {entry["key"] for entry in entries}
    Choice.objects.filter(pk__in=[choice.pk for key, choice in stored.items() if key not in keys]).delete()
    top = max((choice.position for choice in stored.values()), default=0)
    order = []
    for entry in entries:
        choice = stored.get(entry["key"])
        if choice is None:
            top += 1
            choice = Choice(question=question, key=entry["key"], position=top)
        if choice.pk is None or choice_export(choice) != entry:
            choice.is_correct = entry["is_correct"]
            choice.pinned = entry["pinned"]
            _set_texts(choice, entry)
            choice.save()
        order.append(choice.pk)
    question.choices.all().renumber(order)


def _save_questions(quiz: Quiz, stored: dict[str, Question], entries: list[dict]) -> dict[str, int]:
    """Make ``quiz``'s questions match ``entries`` (checked questions, in order): by key, then renumbered.

    Args:
        stored: the quiz's questions by key, choices prefetched (empty for a new quiz).

    Returns:
        The counts for ``ImportResult``: ``questions_added``, ``…_updated``, ``…_removed``, ``…_moved``.
    """
    keys = {entry["key"] for entry in entries}
    removed = [question.pk for key, question in stored.items() if key not in keys]
    Question.objects.filter(pk__in=removed).delete()
    counts = dict.fromkeys(("questions_added", "questions_updated", "questions_moved"), 0)
    top = max((question.position for question in stored.values()), default=0)
    order = []
    for number, entry in enumerate(entries, start=1):
        question = stored.get(entry["key"])
        if question is None:
            top += 1
            question = Question(quiz=quiz, key=entry["key"], position=top)
            counts["questions_added"] += 1
        else:
            counts["questions_moved"] += question.position != number
            if question_export(question) == entry:
                order.append(question.pk)
                continue
            counts["questions_updated"] += 1
        question.kind = entry["kind"]
        _set_texts(question, entry)
        question.save()
        _save_choices(question, _choice_entries(entry))
        order.append(question.pk)
    quiz.questions.all().renumber(order)
    return counts | {"questions_removed": len(removed)}


def _save_guides(entries: list[dict], *, update_existing: bool) -> dict[str, tuple[str, ...]]:
    """Create the guides of ``entries`` (checked guides) that do not exist; update the others when
    ``update_existing``.

    Returns:
        ``guides_created`` and ``guides_changed`` for ``ImportResult``: slugs in the file's order.
    """
    stored = {guide.slug: guide for guide in Guide.objects.filter(slug__in=[entry["slug"] for entry in entries])}
    created, changed = [], []
    for entry in entries:
        guide = stored.get(entry["slug"])
        if guide is None:
            guide = Guide(slug=entry["slug"])
            created.append(guide.slug)
        elif not update_existing or guide_export(guide) == entry:
            continue
        else:
            changed.append(guide.slug)
        guide.ordering = entry["ordering"]
        guide.published = entry["published"]
        _set_texts(guide, entry)
        guide.save()
    return {"guides_created": tuple(created), "guides_changed": tuple(changed)}


def _import(content: dict, *, update_existing: bool) -> ImportResult:
    """Write checked ``content`` in the current transaction; see ``quiz_import``."""
    entry = content["quiz"]
    quiz = Quiz.objects.select_for_update().filter(slug=entry["slug"]).first()
    stored = {}
    if quiz is not None:
        if not update_existing or quiz_export(quiz) == content:
            return ImportResult(quiz=quiz, created=False, changed=False)
        stored = {question.key: question for question in quiz.questions.prefetch_related("choices")}
        _check_rules(stored, entry["questions"])
    guides = _save_guides(content["guides"], update_existing=update_existing)
    created = quiz is None
    quiz = quiz or Quiz(slug=entry["slug"])
    fields = {name: entry[name] for name in quiz_fields_export(quiz)}
    changed = created or quiz_fields_export(quiz) != fields
    before = {} if created else {name: getattr(quiz, name) for name in SETTINGS}
    if changed:
        for name in ("difficulty", "published", *SETTINGS):
            setattr(quiz, name, entry[name])
        _set_texts(quiz, entry)
        quiz.save()
    if created or set(quiz.guides.values_list("slug", flat=True)) != set(entry["guides"]):
        quiz.guides.set(Guide.objects.filter(slug__in=entry["guides"]))
        changed = True
    counts = _save_questions(quiz, stored, entry["questions"])
    changed = changed or any(guides.values()) or any(counts.values())
    settings = tuple((name, value) for name, value in before.items() if value != entry[name])
    return ImportResult(quiz=quiz, created=created, changed=changed, settings_changed=settings, **guides, **counts)


def _import_once_more_after_a_race(content: dict, *, update_existing: bool) -> ImportResult:
    """``_import`` in a transaction; when another import created the same quiz or guide meanwhile (the database's
    unique constraint refuses the second row), once more, now updating the rows it made."""
    try:
        with transaction.atomic():
            return _import(content, update_existing=update_existing)
    except IntegrityError:
        pass
    try:
        with transaction.atomic():
            return _import(content, update_existing=update_existing)
    except IntegrityError:
        refuse("quiz.slug", _("another change to this quiz was saved at the same time; run the import again"))


def quiz_import(data) -> ImportResult:
    """Create the quiz in ``data``, or update the one with its slug to match the file exactly.

    Every value is checked before anything is written, and all writes happen in one transaction: a refused
    import changes nothing. The file's guides are created or updated too. Importing the same file twice
    changes nothing the second time (nothing is written when the quiz already matches).

    Args:
        data: the parsed file (from ``quiz_parse`` or ``read_quiz_file``).

    Returns:
        What the import did.

    Raises:
        ContentError: a bad value (naming its field path); a change the content rules refuse once learners have
            answered (removing an answered question or choice, changing an answered question's correct marks),
            with the rule's message after the place in the file.
    """
    return _import_once_more_after_a_race(quiz_check(data), update_existing=True)


def quiz_create_from_data(data) -> ImportResult:
    """Create the quiz (and any guide it names that does not exist yet) from ``quizsite-quiz`` data.

    Content that already exists is left exactly as it is, so loading twice, or after authors edited the
    content, changes nothing (``manage.py load_demo`` relies on this).

    Args:
        data: the parsed file, as from ``read_quiz_file``.

    Returns:
        What was done: ``created`` and ``changed`` are False when the quiz existed.

    Raises:
        ContentError: a bad value, naming its field path.
    """
    return _import_once_more_after_a_race(quiz_check(data), update_existing=False)
