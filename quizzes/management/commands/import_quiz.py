from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from quizzes.content import VERSION, ContentError, ImportResult, quiz_import, read_quiz_file
from quizzes.content.schema import OLDEST_VERSION


def _setting_line(name: str, before, after, version: int) -> str:
    """The sentence that says the quiz's setting ``name`` changed from ``before`` to ``after``; for a file of an
    older version (which lacks the setting: ``quizzes.content.schema``), why."""
    if name in ("mode", "time_limit"):
        return _mode_line(name, before, after, version)
    things = "choices" if name == "shuffle_choices" else "questions"
    if version == OLDEST_VERSION and name == "pass_mark":
        return f"Version 2 files have no pass mark, so it no longer has one (it was {before}%)."
    if version == OLDEST_VERSION:
        return f"Version 2 files have no shuffling, so its {things} are no longer shuffled."
    if name != "pass_mark":
        return f"Its {things} are {'now' if after else 'no longer'} shuffled."
    if after is None:
        return f"It no longer has a pass mark (it was {before}%)."
    return f"Its pass mark is now {after}% ({'it had none' if before is None else f'it was {before}%'})."


def _mode_line(name: str, before, after, version: int) -> str:
    """``_setting_line`` for the quiz's mode or time limit, which files before version 4 lack."""
    older = version < VERSION
    if name == "mode" and older:
        return f"Version {version} files have no exams, so it is now a practice quiz."
    if name == "mode":
        return f"It is now {'an exam' if after == 'exam' else 'a practice quiz'}."
    if after is None and older:
        return f"Version {version} files have no time limit, so it no longer has one (it was {before} minutes)."
    if after is None:
        return f"It no longer has a time limit (it was {before} minutes)."
    return f"Its time limit is now {after} minutes ({'it had none' if before is None else f'it was {before} minutes'})."


def settings_summary(result: ImportResult, version: int) -> list[str]:
    """The lines ``import_quiz`` prints about the quiz's shuffling, pass mark, mode and time limit when the import
    changed them.

    Args:
        version: the file's format version. Importing a version 2 file switches shuffling off and removes the pass
            mark, and a version 2 or 3 file makes the quiz a practice quiz without a time limit; the lines say why,
            and how to set them again.
    """
    lines = [
        _setting_line(name, before, getattr(result.quiz, name), version) for name, before in result.settings_changed
    ]
    if version < VERSION and lines:
        lines.append(f"Set them again in the admin, or import a version {VERSION} file (export_quiz writes one).")
    return lines


def summary(result: ImportResult) -> list[str]:
    """The lines ``import_quiz`` prints after its first: what changed besides the quiz's own fields."""
    lines = [
        f"{label}: {count}."
        for label, count in (
            ("Questions added", result.questions_added),
            ("Questions updated", result.questions_updated),
            ("Questions moved", result.questions_moved),
            ("Questions removed", result.questions_removed),
        )
        if count
    ]
    lines += [f"Created the guide “{slug}”." for slug in result.guides_created]
    lines += [
        f"Updated the guide “{slug}”: every quiz linked to it shows the change." for slug in result.guides_changed
    ]
    return lines


class Command(BaseCommand):
    help = (
        "Create a quiz from a quizsite-quiz JSON file, or update the quiz with the same slug to match it: "
        "questions and choices are matched by key and put in the file's order. Nothing is written when any "
        "value in the file is wrong."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help="a quizsite-quiz file, as written by export_quiz")

    def handle(self, *args, file: Path, **options):
        try:
            data = read_quiz_file(file)
            result = quiz_import(data)
        except ContentError as error:
            raise CommandError(f"{file}: {error}") from error
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror}.") from error
        if result.created:
            self.stdout.write(self.style.SUCCESS(f"Created the quiz “{result.quiz.slug}” from {file}."))
        elif result.changed:
            self.stdout.write(self.style.SUCCESS(f"Updated the quiz “{result.quiz.slug}” from {file}."))
        else:
            self.stdout.write(f"The quiz “{result.quiz.slug}” already matches {file}; nothing changed.")
        for line in settings_summary(result, data["version"]) + summary(result):
            self.stdout.write(line)
