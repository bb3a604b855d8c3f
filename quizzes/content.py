"""Quizzes as files: the ``quizsite-quiz`` JSON format (demo content, ``export_quiz``, ``import_quiz``).

A file holds one quiz with its questions, choices, explanations and related guides, every translated text as
an object ``{"en": …, "fr": …, "tr": …}`` whose missing translations are ``null``. See
``quizzes/demo/data-parallelism.json`` for a complete example. Files are UTF-8, letters written as letters,
keys in a fixed order, so two exports of the same quiz are identical and edits diff cleanly.

Positions identify questions (within the quiz) and choices (within their question): importing a file over an
existing quiz updates the question at each position in place, adds the new ones and removes the ones the file
no longer has. Learners' answers keep pointing at the questions and choices they answered, so an import that
would remove an answered one is refused, as the admin refuses to delete it.
"""

import json
from pathlib import Path
from typing import NoReturn

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from modeltranslation.utils import build_localized_fieldname

from guides.models import Guide
from quizzes.models import MAX_POSITION, Answer, Choice, Difficulty, Question, Quiz

FORMAT = "quizsite-quiz"
VERSION = 1
DEMO_FILE = Path(__file__).resolve().parent / "demo" / "data-parallelism.json"
LANGUAGE_CODES = [code for code, _name in settings.LANGUAGES]
SOURCE_LANGUAGE = settings.MODELTRANSLATION_DEFAULT_LANGUAGE
# The largest value of a PositiveIntegerField on every supported database.
MAX_ORDERING = 2_147_483_647


class ContentError(Exception):
    """A ``quizsite-quiz`` file or data that cannot be imported.

    ``str(error)`` names the place at fault, as a JSON line and column or a field path such as
    ``quiz.questions[3].choices[1].text.en`` (list indexes count from 0), followed by what is wrong.
    """


# --- Export -----------------------------------------------------------------------------------------------


def _texts(instance, field: str) -> dict:
    """``{"en": …, "fr": …, "tr": …}`` of ``instance.<field>``; an empty translation is ``None``."""
    return {code: getattr(instance, build_localized_fieldname(field, code)) or None for code in LANGUAGE_CODES}


def guide_export(guide: Guide) -> dict:
    """One entry of a file's ``guides`` list: the guide's slug, ordering, published flag and translated texts."""
    return {
        "slug": guide.slug,
        "ordering": guide.ordering,
        "published": guide.published,
        "title": _texts(guide, "title"),
        "summary": _texts(guide, "summary"),
        "body": _texts(guide, "body"),
    }


def quiz_export(quiz: Quiz) -> dict:
    """The ``quizsite-quiz`` data of ``quiz``: its guides, questions, choices and every translation.

    Args:
        quiz: any quiz, published or not.

    Returns:
        A dict in the file's key order (as in the demo file); ``quiz_dump`` turns it into the file's text.
    """
    guides = list(quiz.guides.order_by("ordering", "slug"))
    questions = quiz.questions.prefetch_related("choices").order_by("position")
    return {
        "format": FORMAT,
        "version": VERSION,
        "guides": [guide_export(guide) for guide in guides],
        "quiz": {
            "slug": quiz.slug,
            "difficulty": quiz.difficulty,
            "published": quiz.published,
            "title": _texts(quiz, "title"),
            "description": _texts(quiz, "description"),
            "guides": [guide.slug for guide in guides],
            "questions": [
                {
                    "position": question.position,
                    "text": _texts(question, "text"),
                    "explanation": _texts(question, "explanation"),
                    "choices": [
                        {
                            "position": choice.position,
                            "text": _texts(choice, "text"),
                            "is_correct": choice.is_correct,
                        }
                        for choice in sorted(question.choices.all(), key=lambda choice: choice.position)
                    ],
                }
                for question in questions
            ],
        },
    }


def quiz_dump(data: dict) -> str:
    """The text of a ``quizsite-quiz`` file: JSON indented by 2, letters as letters, ending with a newline."""
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


# --- Reading and checking ---------------------------------------------------------------------------------


def quiz_parse(text: str) -> dict:
    """Parse the text of a ``quizsite-quiz`` file (JSON).

    Raises:
        ContentError: the text is not JSON, naming the line and column at fault.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ContentError(
            _("line %(line)d, column %(column)d: %(problem)s (not valid JSON)")
            % {"line": error.lineno, "column": error.colno, "problem": error.msg}
        ) from error


def read_quiz_file(path: Path) -> dict:
    """Read a ``quizsite-quiz`` file (UTF-8 JSON) and return its data (dict).

    Raises:
        ContentError: the file is not UTF-8 or not JSON.
        OSError: the file cannot be read.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise ContentError(_("byte %(offset)d: the file is not UTF-8 text") % {"offset": error.start}) from error
    return quiz_parse(text)


def _refuse(path: str, problem: str) -> NoReturn:
    raise ContentError(f"{path}: {problem}")


def _object(value, path: str, fields: tuple[str, ...]) -> dict:
    """Check that ``value`` is an object with exactly ``fields`` (one that may be left out ends in "?")."""
    if not isinstance(value, dict):
        _refuse(path, _("expected an object {…}"))
    required = {name for name in fields if not name.endswith("?")}
    allowed = required | {name.removesuffix("?") for name in fields}
    for name in sorted(required - value.keys()):
        _refuse(f"{path}.{name}", _("missing"))
    for name in sorted(value.keys() - allowed, key=str):
        _refuse(f"{path}.{name}", _("unknown field"))
    return value


def _list(value, path: str) -> list:
    if not isinstance(value, list):
        _refuse(path, _("expected a list […]"))
    return value


def _boolean(value, path: str) -> bool:
    if not isinstance(value, bool):
        _refuse(path, _("expected true or false"))
    return value


def _integer(value, path: str, minimum: int, maximum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        _refuse(path, _("expected a whole number"))
    if value < minimum:
        _refuse(path, _("must be %(minimum)d or more") % {"minimum": minimum})
    if value > maximum:
        _refuse(path, _("must be %(maximum)d or less") % {"maximum": maximum})
    return value


def _run_validators(model_field, value, path: str) -> None:
    """Apply a model field's validators (length, slug) to ``value``, refusing with their message."""
    try:
        model_field.run_validators(value)
    except ValidationError as error:
        _refuse(path, " ".join(error.messages))


def _slug(value, path: str, model) -> str:
    if not isinstance(value, str) or not value:
        _refuse(path, _("expected a slug (letters, digits, hyphens, underscores)"))
    _run_validators(model._meta.get_field("slug"), value, path)
    return value


def _translations(value, path: str, model, field: str) -> dict:
    """Check one translated text: an object of language codes to strings or null, English required if the
    model field is.

    Returns:
        ``{code: str or None}`` for every language (missing and empty translations are None).
    """
    if not isinstance(value, dict):
        _refuse(path, _('expected an object of translations, e.g. {"en": "…", "fr": null}'))
    for code in sorted(value.keys() - set(LANGUAGE_CODES), key=str):
        _refuse(
            f"{path}.{code}",
            _("unknown language (expected one of %(codes)s)") % {"codes": ", ".join(LANGUAGE_CODES)},
        )
    texts = {}
    for code in LANGUAGE_CODES:
        text = value.get(code)
        if text is not None and not isinstance(text, str):
            _refuse(f"{path}.{code}", _("expected text or null"))
        if text and "\x00" in text:
            # PostgreSQL cannot store it, and no page should show it.
            _refuse(f"{path}.{code}", _("contains a NUL character (\\u0000)"))
        if text:
            _run_validators(model._meta.get_field(build_localized_fieldname(field, code)), text, f"{path}.{code}")
        texts[code] = text or None
    if not texts[SOURCE_LANGUAGE] and not model._meta.get_field(field).blank:
        _refuse(f"{path}.{SOURCE_LANGUAGE}", _("required: every text is written in English first"))
    return texts


def _unique_positions(entries: list[dict], path: str) -> None:
    seen = set()
    for index, entry in enumerate(entries):
        if entry["position"] in seen:
            _refuse(
                f"{path}[{index}].position",
                _("position %(position)d is used twice") % {"position": entry["position"]},
            )
        seen.add(entry["position"])


def _check_guide(entry, path: str) -> dict:
    _object(entry, path, ("slug", "ordering?", "published?", "title", "summary?", "body?"))
    return {
        "slug": _slug(entry["slug"], f"{path}.slug", Guide),
        "ordering": _integer(entry.get("ordering", 0), f"{path}.ordering", 0, MAX_ORDERING),
        "published": _boolean(entry.get("published", False), f"{path}.published"),
        "title": _translations(entry["title"], f"{path}.title", Guide, "title"),
        "summary": _translations(entry.get("summary", {}), f"{path}.summary", Guide, "summary"),
        "body": _translations(entry.get("body", {}), f"{path}.body", Guide, "body"),
    }


def _check_choice(entry, path: str) -> dict:
    _object(entry, path, ("position", "text", "is_correct"))
    return {
        "position": _integer(entry["position"], f"{path}.position", 1, MAX_POSITION),
        "text": _translations(entry["text"], f"{path}.text", Choice, "text"),
        "is_correct": _boolean(entry["is_correct"], f"{path}.is_correct"),
    }


def _check_question(entry, path: str) -> dict:
    _object(entry, path, ("position", "text", "explanation?", "choices"))
    choices = [
        _check_choice(choice, f"{path}.choices[{index}]")
        for index, choice in enumerate(_list(entry["choices"], f"{path}.choices"))
    ]
    if len(choices) < 2:
        _refuse(f"{path}.choices", _("a question needs at least two choices"))
    _unique_positions(choices, f"{path}.choices")
    correct = sum(choice["is_correct"] for choice in choices)
    if correct != 1:
        _refuse(
            f"{path}.choices",
            _("exactly one choice must be correct, but %(count)d are") % {"count": correct},
        )
    return {
        "position": _integer(entry["position"], f"{path}.position", 1, MAX_POSITION),
        "text": _translations(entry["text"], f"{path}.text", Question, "text"),
        "explanation": _translations(entry.get("explanation", {}), f"{path}.explanation", Question, "explanation"),
        "choices": sorted(choices, key=lambda choice: choice["position"]),
    }


def _check_quiz(entry, path: str, guide_slugs: set[str]) -> dict:
    _object(entry, path, ("slug", "difficulty?", "published?", "title", "description?", "guides?", "questions"))
    difficulty = entry.get("difficulty", Difficulty.MEDIUM)
    if difficulty not in Difficulty.values:
        _refuse(
            f"{path}.difficulty",
            _("expected one of %(values)s") % {"values": ", ".join(Difficulty.values)},
        )
    guides = _list(entry.get("guides", []), f"{path}.guides")
    for index, slug in enumerate(guides):
        _slug(slug, f"{path}.guides[{index}]", Guide)
        if slug not in guide_slugs and not Guide.objects.filter(slug=slug).exists():
            _refuse(
                f"{path}.guides[{index}]",
                _("no guide “%(slug)s” in this file or on the site") % {"slug": slug},
            )
    questions = [
        _check_question(question, f"{path}.questions[{index}]")
        for index, question in enumerate(_list(entry["questions"], f"{path}.questions"))
    ]
    _unique_positions(questions, f"{path}.questions")
    published = _boolean(entry.get("published", False), f"{path}.published")
    if published and not questions:
        _refuse(f"{path}.published", _("a published quiz needs at least one question"))
    return {
        "slug": _slug(entry["slug"], f"{path}.slug", Quiz),
        "difficulty": difficulty,
        "published": published,
        "title": _translations(entry["title"], f"{path}.title", Quiz, "title"),
        "description": _translations(entry.get("description", {}), f"{path}.description", Quiz, "description"),
        "guides": list(dict.fromkeys(guides)),
        "questions": sorted(questions, key=lambda question: question["position"]),
    }


def quiz_check(data) -> dict:
    """Check ``quizsite-quiz`` data completely, without writing anything.

    Args:
        data: the parsed file (from ``quiz_parse`` or ``read_quiz_file``).

    Returns:
        The same content normalised to ``quiz_export``'s shape: every language present (None when missing),
        defaults filled in, questions and choices sorted by position.

    Raises:
        ContentError: at the first problem, naming its field path: ``quiz.questions[3].text.en: missing``.
    """
    _object(data, "(file)", ("format", "version", "guides?", "quiz"))
    if data["format"] != FORMAT:
        _refuse("format", _("expected “%(format)s”") % {"format": FORMAT})
    if data["version"] != VERSION:
        _refuse("version", _("this site reads version %(version)d") % {"version": VERSION})
    guides = [
        _check_guide(guide, f"guides[{index}]") for index, guide in enumerate(_list(data.get("guides", []), "guides"))
    ]
    slugs = [guide["slug"] for guide in guides]
    for index, slug in enumerate(slugs):
        if slugs.index(slug) != index:
            _refuse(f"guides[{index}].slug", _("guide “%(slug)s” appears twice") % {"slug": slug})
    return {
        "format": FORMAT,
        "version": VERSION,
        "guides": guides,
        "quiz": _check_quiz(data["quiz"], "quiz", set(slugs)),
    }


def guides_changed_by(content: dict) -> list[str]:
    """The slugs of existing guides that importing ``content`` would change.

    A guide is shared by every quiz linked to it, so an import that rewrites one changes what other quizzes'
    learners see; ``manage.py import_quiz`` names them.

    Args:
        content: checked data, as returned by ``quiz_check``.
    """
    entries = {entry["slug"]: entry for entry in content["guides"]}
    return [
        guide.slug
        for guide in Guide.objects.filter(slug__in=entries).order_by("slug")
        if guide_export(guide) != entries[guide.slug]
    ]


def _check_removals(quiz: Quiz, content: dict) -> None:
    """Refuse an import that would remove a question or choice that learners have answered, or move the
    correct mark of an answered question.

    Raises:
        ContentError: naming the question's or choice's place.
    """
    answered = set(Answer.objects.filter(question__quiz=quiz).values_list("question__position", "choice__position"))
    correct_positions = dict(
        Choice.objects.filter(question__quiz=quiz, is_correct=True).values_list("question__position", "position")
    )
    entries = {question["position"]: (index, question) for index, question in enumerate(content["questions"])}
    for question_position, choice_position in sorted(answered):
        if question_position not in entries:
            _refuse(
                "quiz.questions",
                _(
                    "the question at position %(position)d is missing from the file, but learners have "
                    "answered it, so it cannot be removed; unpublish the quiz instead"
                )
                % {"position": question_position},
            )
        index, question = entries[question_position]
        if correct_positions.get(question_position) != next(
            (choice["position"] for choice in question["choices"] if choice["is_correct"]), None
        ):
            _refuse(
                f"quiz.questions[{index}].choices",
                _(
                    "learners have already answered the question at position %(position)d, so its correct choice "
                    "cannot change: their scores were given against it; add a new question instead"
                )
                % {"position": question_position},
            )
        if choice_position not in {choice["position"] for choice in question["choices"]}:
            _refuse(
                f"quiz.questions[{index}].choices",
                _(
                    "the choice at position %(position)d is missing from the file, but learners have "
                    "picked it, so it cannot be removed; unpublish the quiz instead"
                )
                % {"position": choice_position},
            )


# --- Writing ----------------------------------------------------------------------------------------------


def _set_texts(instance, field: str, texts: dict) -> None:
    """Set every language of ``instance.<field>``. A missing translation is stored as NULL (never "", so it
    cannot collide with anything); a missing English text, allowed only where the field may be blank, as ""
    like the admin stores it."""
    for code, text in texts.items():
        empty = "" if code == SOURCE_LANGUAGE else None
        setattr(instance, build_localized_fieldname(field, code), text or empty)


def _save_guide(content: dict, *, update_existing: bool) -> Guide:
    guide = Guide.objects.filter(slug=content["slug"]).first()
    if guide is not None and not update_existing:
        return guide
    guide = guide or Guide(slug=content["slug"])
    guide.ordering = content["ordering"]
    guide.published = content["published"]
    for field in ("title", "summary", "body"):
        _set_texts(guide, field, content[field])
    guide.save()
    return guide


def _save_choices(question: Question, entries: list[dict]) -> None:
    existing = {choice.position: choice for choice in question.choices.all()}
    positions = {entry["position"] for entry in entries}
    question.choices.exclude(position__in=positions).delete()
    correct_position = next(entry["position"] for entry in entries if entry["is_correct"])
    # Unmark the old correct choice first: the database allows one correct choice per question at any time.
    question.choices.filter(is_correct=True).exclude(position=correct_position).update(is_correct=False)
    for entry in entries:
        choice = existing.get(entry["position"]) or Choice(question=question, position=entry["position"])
        choice.is_correct = entry["is_correct"]
        _set_texts(choice, "text", entry["text"])
        choice.save()


def _save_quiz(content: dict, *, update_existing_guides: bool) -> tuple[Quiz, bool]:
    guides = {entry["slug"]: _save_guide(entry, update_existing=update_existing_guides) for entry in content["guides"]}
    entry = content["quiz"]
    quiz = Quiz.objects.select_for_update().filter(slug=entry["slug"]).first()
    created = quiz is None
    quiz = quiz or Quiz(slug=entry["slug"])
    quiz.difficulty = entry["difficulty"]
    quiz.published = entry["published"]
    _set_texts(quiz, "title", entry["title"])
    _set_texts(quiz, "description", entry["description"])
    quiz.save()
    quiz.guides.set(guides.get(slug) or Guide.objects.get(slug=slug) for slug in entry["guides"])
    existing = {question.position: question for question in quiz.questions.all()}
    quiz.questions.exclude(position__in=[question["position"] for question in entry["questions"]]).delete()
    for question_entry in entry["questions"]:
        question = existing.get(question_entry["position"]) or Question(quiz=quiz, position=question_entry["position"])
        _set_texts(question, "text", question_entry["text"])
        _set_texts(question, "explanation", question_entry["explanation"])
        question.save()
        _save_choices(question, question_entry["choices"])
    return quiz, created


@transaction.atomic
def quiz_import(data) -> tuple[Quiz, bool]:
    """Create the quiz in ``data``, or update the one with its slug to match the file exactly.

    Every value is checked before anything is written, and all writes happen in one transaction: a refused
    import changes nothing. The file's guides are created or updated too. Importing the same file twice
    changes nothing the second time (nothing is written when the quiz already matches).

    Args:
        data: the parsed file (from ``quiz_parse`` or ``read_quiz_file``).

    Returns:
        ``(quiz, created)``.

    Raises:
        ContentError: a bad value (naming its field path), or a question or choice that learners have
            answered would be removed.
    """
    content = quiz_check(data)
    quiz = Quiz.objects.select_for_update().filter(slug=content["quiz"]["slug"]).first()
    if quiz is not None:
        _check_removals(quiz, content["quiz"])
        if quiz_export(quiz) == content:
            return quiz, False
    return _save_quiz(content, update_existing_guides=True)


@transaction.atomic
def quiz_create_from_data(data) -> tuple[Quiz, bool]:
    """Create the quiz (and any guide it names that does not exist yet) from ``quizsite-quiz`` data.

    Content that already exists is left exactly as it is, so loading twice, or after authors edited the
    content, changes nothing (``manage.py load_demo`` relies on this).

    Args:
        data: the parsed file, as from ``read_quiz_file``.

    Returns:
        ``(quiz, created)``.

    Raises:
        ContentError: a bad value, naming its field path.
    """
    content = quiz_check(data)
    existing = Quiz.objects.filter(slug=content["quiz"]["slug"]).first()
    if existing is not None:
        return existing, False
    return _save_quiz(content, update_existing_guides=False)
