"""Checking ``quizsite-quiz`` data against the format and the content rules, without writing anything.

The format (version 4): questions and choices are named by a ``key``, a slug unique among their siblings, and
their order in the file is their order on the site. A quiz may say whether it shuffles its choices and its
questions, give a pass mark, and (since version 4) say its ``mode`` ("practice" or "exam", ``quizzes.modes``) and
an exam's ``time_limit`` (minutes, or null); a question its ``kind`` (``quizzes.kinds.QuestionKind``, "single"
when left out); a choice whether it is ``pinned``. A true-or-false question has no choices but an ``answer`` (true or
false): its two choices are the site's (``quizzes.kinds.true_false_rows``), so a file never holds their words.

Version 2 files, written before kinds existed, are still read: as version 3 files whose questions are all
single-answer, with no choice pinned, nothing shuffled (their choices in their order, as they were written) and
no pass mark; version 2 and 3 files, as practice quizzes without a time limit. A field that a later version
added, in an older file, is refused with a hint to set the version that added it.

The content rules come from ``quizzes.rules``; a rule's message is shown as it is, after the place in the file.
"""

from django.utils.translation import gettext as _

from guides.models import MAX_GUIDES_PER_QUIZ, Guide
from quizzes.content.errors import refuse
from quizzes.content.export import FORMAT, VERSION
from quizzes.content.reader import check_values
from quizzes.content.values import (
    check_boolean,
    check_integer,
    check_list,
    check_object,
    check_optional_number,
    check_slug,
    check_translations,
    check_unique_keys,
)
from quizzes.kinds import QuestionKind, true_false_rows
from quizzes.models import Choice, Difficulty, Question, Quiz
from quizzes.modes import QuizMode
from quizzes.rules import MAX_CHOICES, MAX_QUESTIONS, RuleBroken, check_choices, check_publishable, check_time_limit

# The largest value of a PositiveIntegerField on every supported database.
MAX_ORDERING = 2_147_483_647
#: The oldest version read: version 2 files import as single-answer questions, in their order (module docstring).
OLDEST_VERSION = 2
# The quiz settings a version 2 file cannot hold, as it meant them: nothing shuffled, no pass mark.
_VERSION_2_SETTINGS = {"shuffle_choices": False, "shuffle_questions": False, "pass_mark": None}
# How a file before version 4 meant its quiz to be taken: in practice, without a time limit.
_BEFORE_VERSION_4_MODE = {"mode": QuizMode.PRACTICE.value, "time_limit": None}
#: The fields that versions after the oldest added, and the version that added each.
ADDED_IN = {
    **dict.fromkeys(("kind", "answer", "pinned", *_VERSION_2_SETTINGS), 3),
    **dict.fromkeys(_BEFORE_VERSION_4_MODE, 4),
}


def _refuse_later_fields(entry, path: str, version: int) -> None:
    """Refuse the first field (by name) of ``entry`` that a version after the file's ``version`` added, saying
    which ``"version"`` the file needs (rather than that the field is unknown)."""
    if not isinstance(entry, dict):
        return
    for name in sorted(name for name in entry.keys() & ADDED_IN.keys() if ADDED_IN[name] > version):
        refuse(
            f"{path}.{name}",
            _("a version %(version)d field: set %(setting)s at the top of the file")
            % {"version": ADDED_IN[name], "setting": f'"version": {ADDED_IN[name]}'},
        )


def _check_guide(entry, path: str) -> dict:
    check_object(entry, path, ("slug", "ordering?", "published?", "title", "summary?", "body?"))
    return {
        "slug": check_slug(entry["slug"], f"{path}.slug", Guide),
        "ordering": check_integer(entry.get("ordering", 0), f"{path}.ordering", MAX_ORDERING),
        "published": check_boolean(entry.get("published", False), f"{path}.published"),
        "title": check_translations(entry["title"], f"{path}.title", Guide, "title"),
        "summary": check_translations(entry.get("summary", {}), f"{path}.summary", Guide, "summary"),
        "body": check_translations(entry.get("body", {}), f"{path}.body", Guide, "body"),
    }


def _check_choice(entry, path: str, version: int) -> dict:
    _refuse_later_fields(entry, path, version)
    check_object(entry, path, ("key", "text", "is_correct", *(("pinned?",) if version > OLDEST_VERSION else ())))
    return {
        "key": check_slug(entry["key"], f"{path}.key", Choice, "key"),
        "text": check_translations(entry["text"], f"{path}.text", Choice, "text"),
        "is_correct": check_boolean(entry["is_correct"], f"{path}.is_correct"),
        "pinned": check_boolean(entry.get("pinned", False), f"{path}.pinned"),
    }


def _check_kind(entry: dict, path: str, version: int) -> str:
    """A question's kind, after checking that its entry has the fields of that kind (``choices``, or a
    true-or-false question's ``answer``); a version 2 question is single-answer."""
    if version == OLDEST_VERSION:
        _refuse_later_fields(entry, path, version)
        check_object(entry, path, ("key", "text", "explanation?", "choices"))
        return QuestionKind.SINGLE
    check_object(entry, path, ("key", "kind?", "text", "explanation?", "choices?", "answer?"))
    kind = entry.get("kind", QuestionKind.SINGLE)
    if kind not in QuestionKind.values:
        refuse(f"{path}.kind", _("expected one of %(values)s") % {"values": ", ".join(QuestionKind.values)})
    if kind == QuestionKind.TRUE_FALSE:
        if "choices" in entry:
            refuse(
                f"{path}.choices",
                _("a true-or-false question has no choices (the site writes them): give its “answer”, true or false"),
            )
        if "answer" not in entry:
            refuse(f"{path}.answer", _("missing: true when the statement is true, false when it is false"))
    else:
        if "answer" in entry:
            refuse(
                f"{path}.answer",
                _("only a true-or-false question has an “answer”: mark this question's right choices “is_correct”"),
            )
        if "choices" not in entry:
            refuse(f"{path}.choices", _("missing"))
    return kind


def _check_answers(entry: dict, path: str, kind: str, version: int) -> dict:
    """A question's answers as its file entry holds them, checked against ``quizzes.rules.check_choices``: its
    ``{"choices": [...]}``, or for a true-or-false question its ``{"answer": bool}`` (whose choices are the
    site's, ``true_false_rows``)."""
    if kind == QuestionKind.TRUE_FALSE:
        field, answer = "answer", check_boolean(entry["answer"], f"{path}.answer")
        checked, rows = answer, true_false_rows(is_true=answer)
    else:
        field = "choices"
        checked = rows = [
            _check_choice(choice, f"{path}.choices[{index}]", version)
            for index, choice in enumerate(check_list(entry["choices"], f"{path}.choices", MAX_CHOICES))
        ]
        check_unique_keys(rows, f"{path}.choices", "key")
    try:
        check_choices(kind=kind, choice_count=len(rows), correct_count=sum(row["is_correct"] for row in rows))
    except RuleBroken as error:
        refuse(f"{path}.{field}", error.messages[0])
    return {field: checked}


def _check_question(entry, path: str, version: int) -> dict:
    kind = _check_kind(entry, path, version)
    key = check_slug(entry["key"], f"{path}.key", Question, "key")
    return {
        "key": key,
        "kind": kind,
        "text": check_translations(entry["text"], f"{path}.text", Question, "text"),
        "explanation": check_translations(entry.get("explanation", {}), f"{path}.explanation", Question, "explanation"),
        **_check_answers(entry, path, kind, version),
    }


def _check_mode(entry: dict, path: str, version: int) -> dict:
    """The quiz's mode and time limit (``quizzes.rules.check_time_limit``): as given, else a new quiz's (practice,
    no time limit), which is also what every file before version 4 meant."""
    if version < ADDED_IN["mode"]:
        return dict(_BEFORE_VERSION_4_MODE)
    mode = entry.get("mode", Quiz._meta.get_field("mode").get_default())
    if mode not in QuizMode.values:
        refuse(f"{path}.mode", _("expected one of %(values)s") % {"values": ", ".join(QuizMode.values)})
    time_limit = entry.get("time_limit")
    if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, int)):
        refuse(f"{path}.time_limit", _("expected a whole number or null"))
    try:
        check_time_limit(mode, time_limit)
    except RuleBroken as error:
        refuse(f"{path}.time_limit", error.messages[0])
    return {"mode": mode, "time_limit": time_limit}


def _check_settings(entry: dict, path: str, version: int) -> dict:
    """The quiz's shuffling, pass mark, mode and time limit: as given, else the model's defaults (a new quiz's);
    an older version's own (module docstring)."""
    if version == OLDEST_VERSION:
        return _VERSION_2_SETTINGS | _check_mode(entry, path, version)
    settings = {}
    for name in ("shuffle_choices", "shuffle_questions"):
        value = entry.get(name, Quiz._meta.get_field(name).get_default())
        settings[name] = check_boolean(value, f"{path}.{name}")
    settings["pass_mark"] = check_optional_number(
        Quiz, "pass_mark", entry.get("pass_mark"), f"{path}.pass_mark", constraint="quiz_pass_mark_percentage"
    )
    return settings | _check_mode(entry, path, version)


def _check_quiz(entry, path: str, guide_slugs: set[str], version: int) -> dict:
    _refuse_later_fields(entry, path, version)
    settings = [f"{name}?" for name in (*_VERSION_2_SETTINGS, *_BEFORE_VERSION_4_MODE) if ADDED_IN[name] <= version]
    fields = ("slug", "difficulty?", "published?", *settings, "title", "description?", "guides?", "questions")
    check_object(entry, path, fields)
    slug = check_slug(entry["slug"], f"{path}.slug", Quiz)
    difficulty = entry.get("difficulty", Difficulty.MEDIUM)
    if difficulty not in Difficulty.values:
        refuse(f"{path}.difficulty", _("expected one of %(values)s") % {"values": ", ".join(Difficulty.values)})
    guides = check_list(entry.get("guides", []), f"{path}.guides", MAX_GUIDES_PER_QUIZ)
    for index, guide_slug in enumerate(guides):
        check_slug(guide_slug, f"{path}.guides[{index}]", Guide)
        if guide_slug not in guide_slugs and not Guide.objects.filter(slug=guide_slug).exists():
            refuse(
                f"{path}.guides[{index}]",
                _("no guide “%(slug)s” in this file or on the site") % {"slug": guide_slug},
            )
    questions = [
        _check_question(question, f"{path}.questions[{index}]", version)
        for index, question in enumerate(check_list(entry["questions"], f"{path}.questions", MAX_QUESTIONS))
    ]
    check_unique_keys(questions, f"{path}.questions", "key")
    published = check_boolean(entry.get("published", False), f"{path}.published")
    try:
        # Every question has its correct choices (checked above); what remains is having questions at all.
        check_publishable(published=published, numbers_with_correct=dict.fromkeys(range(1, len(questions) + 1), True))
    except RuleBroken as error:
        refuse(f"{path}.published", error.messages[0])
    return {
        "slug": slug,
        "difficulty": difficulty,
        "published": published,
        **_check_settings(entry, path, version),
        "title": check_translations(entry["title"], f"{path}.title", Quiz, "title"),
        "description": check_translations(entry.get("description", {}), f"{path}.description", Quiz, "description"),
        "guides": list(dict.fromkeys(guides)),
        "questions": questions,
    }


def _check_version(data: dict) -> int:
    version = data["version"]
    if isinstance(version, bool) or not isinstance(version, int):
        refuse("version", _("expected a whole number"))
    if version < OLDEST_VERSION:
        refuse(
            "version",
            _(
                "version 1 files numbered questions by position, and this site names them by key: export the "
                "quiz again (manage.py export_quiz) and edit that file"
            ),
        )
    if version > VERSION:
        refuse(
            "version",
            _("this site reads versions %(oldest)d to %(version)d") % {"oldest": OLDEST_VERSION, "version": VERSION},
        )
    return version


def quiz_check(data) -> dict:
    """Check ``quizsite-quiz`` data completely, without writing anything.

    Args:
        data: the parsed file (from ``quiz_parse`` or ``read_quiz_file``), of version 2, 3 or 4.

    Returns:
        The same content normalised to ``quiz_export``'s shape (version 4): every language present (None when
        missing), defaults filled in (a version 2 file's as the module docstring says), questions and choices in
        the file's order.

    Raises:
        ContentError: at the first problem, naming its field path: ``quiz.questions[3].text.en: missing``; first
            anything ``check_values`` refuses. A content rule's refusal (``quizzes.rules``) shows the rule's
            message.
    """
    check_values(data)
    check_object(data, "(file)", ("format", "version", "guides?", "quiz"))
    if data["format"] != FORMAT:
        refuse("format", _("expected “%(format)s”") % {"format": FORMAT})
    version = _check_version(data)
    guides = [
        _check_guide(guide, f"guides[{index}]")
        for index, guide in enumerate(check_list(data.get("guides", []), "guides", MAX_GUIDES_PER_QUIZ))
    ]
    check_unique_keys(guides, "guides", "slug")
    return {
        "format": FORMAT,
        "version": VERSION,
        "guides": guides,
        "quiz": _check_quiz(data["quiz"], "quiz", {guide["slug"] for guide in guides}, version),
    }
