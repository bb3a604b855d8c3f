"""A learner's data, as the JSON document "Download my data" gives them."""

from axes.models import AccessAttempt
from django.db.models import Exists, OuterRef, Prefetch
from django.utils import timezone, translation

from quizzes import scoring
from quizzes.models import Answer, Attempt, Question, RegradedAnswer

#: Bumped when the document's shape changes, so that a reader can tell versions apart (2: times in the learner's
#: zone, named in "time_zone"; the account's chosen zone. 3: each answer's question kind, the choices chosen and
#: every choice in the order shown. 4: each attempt's mode, time limit, deadline, practice round and flagged
#: questions; an exam question left unanswered; no verdict while an exam is under way. 5: each attempt's regrades).
EXPORT_FORMAT = 5


def _answer_data(answer: Answer, *, reveals: bool) -> dict:
    """The export's account of ``answer`` (its times aside): what it chose and how its choices were shown, and
    when ``reveals`` (not for an exam under way: ``quizzes.modes``) which choices were right and its verdict.

    ``Answer.shown`` holds every choice as the learner saw it, in the order shown (``[[pk, text, right, chosen],
    ...]``); an answer given before it existed has none, and was shown in the author's order with its one choice
    ``choice_text``. An exam question left unanswered has an empty answer (``chosen`` ""): nothing chosen, wrong.
    """
    shown = [{"text": text, "right": right, "chosen": chosen} for _pk, text, right, chosen in answer.shown]
    if not answer.chosen:
        chosen = []
    else:
        chosen = [item["text"] for item in shown if item["chosen"]] if shown else [answer.choice_text]
    data = {
        "language": answer.language,
        "question": answer.question_text,
        "kind": answer.kind,
        "choice": answer.choice_text if answer.chosen else None,
        "chosen": chosen,
        "shown": shown,
        "correct": answer.is_correct,
    }
    if not reveals:
        del data["correct"]
        data["shown"] = [{"text": item["text"], "chosen": item["chosen"]} for item in shown]
    return data


def _flagged_texts(attempts: list[Attempt]) -> dict[tuple[int, str], str]:
    """``{(question pk, language): text}`` of every question that ``attempts`` flagged for review, each in its
    attempt's language: one query when any is flagged, none otherwise."""
    wanted = {(pk, attempt.language) for attempt in attempts for pk in attempt.flagged_pks}
    questions = Question.objects.filter(pk__in={pk for pk, _language in wanted}) if wanted else ()
    texts = {}
    for question in questions:
        for language in {language for pk, language in wanted if pk == question.pk}:
            with translation.override(language):
                texts[question.pk, language] = question.text
    return texts


def _regrades(answers: list[Answer]) -> dict[int, list[RegradedAnswer]]:
    """``{answer pk: its regrades, oldest first}`` for those of ``answers`` that a regrade judged again (their
    ``regraded`` annotation): one query when any was, none otherwise."""
    regraded = [answer.pk for answer in answers if answer.regraded]
    rows = RegradedAnswer.objects.filter(answer_id__in=regraded).select_related("regrade") if regraded else ()
    found: dict[int, list[RegradedAnswer]] = {}
    for row in sorted(rows, key=lambda row: (row.regrade.regraded_at, row.regrade_id)):
        found.setdefault(row.answer_id, []).append(row)
    return found


def _regrade_data(answer: Answer, row: RegradedAnswer, *, reveals: bool, when) -> dict:
    """One regrade of ``answer`` (``quizzes.regrading``): the question as the learner saw it, when, and unless an
    exam under way hides verdicts (``reveals``), the verdict and the attempt's score before and after."""
    data = {"question": answer.question_text, "regraded_at": when(row.regrade.regraded_at)}
    if reveals:
        data |= {"correct_before": row.was_correct, "correct_after": row.is_correct}
        data |= {"score_before": row.score_before, "score_after": row.score_after, "out_of": row.out_of}
    return data


def _attempt_data(attempt: Attempt, answers: list[Answer], flagged: list[str], when, regrades=None) -> dict:
    """The export's account of ``attempt`` besides its quiz, language and times: its score and pass (withheld,
    None, for an exam under way, as its pages withhold them), how it was taken, the ``flagged`` questions' texts,
    its ``answers``, and the ``regrades`` of its answers (``_regrades``)."""
    reveals = not (attempt.is_exam and not attempt.is_finished)
    regrades = regrades or {}
    score = scoring.score(answer.is_correct for answer in answers) if reveals else None
    return {
        "mode": attempt.mode,
        "time_limit": attempt.time_limit,
        "deadline": when(attempt.deadline),
        "practice_round": attempt.is_practice_round,
        "practice_round_of": when(attempt.practice_of.started_at) if attempt.is_practice_round else None,
        "flagged": flagged,
        "score": score,
        "answer_count": len(answers),
        "pass_mark": attempt.pass_mark,
        "passed": scoring.passed(score, len(answers), attempt.pass_mark) if attempt.is_finished else None,
        "answers": [
            {**_answer_data(answer, reveals=reveals), "answered_at": when(answer.answered_at)} for answer in answers
        ],
        "regrades": sorted(
            (
                _regrade_data(answer, row, reveals=reveals, when=when)
                for answer in answers
                for row in regrades.get(answer.pk, ())
            ),
            key=lambda data: data["regraded_at"],
        ),
    }


def learner_data(user) -> dict:
    """Everything the site keeps about ``user``, in a JSON-serialisable dict.

    Args:
        user: an ``accounts.User``.

    Returns:
        ``{"format": 5, "time_zone", "exported_at", "account": {"username", "email", "pending_email" (a new
        address not confirmed yet, else ""), "time_zone", "date_joined", "last_login"}, "attempts": [...],
        "failed_logins": [...]}``, times in ISO 8601 with the offset of the active zone (the learner's, see
        ``quizsite.timezones``: "2026-12-01T22:30:00+03:00"), whose IANA name is the top-level ``time_zone``; the
        account's ``time_zone`` is the zone the learner chose, or "". Each attempt, newest first:
        ``quiz`` (``slug`` and ``title`` in the attempt's language), ``language``, ``started_at``,
        ``finished_at`` (None while unfinished), ``closed_at`` (None unless it was closed when a guest's attempt
        further along joined the account), ``mode`` ("practice" or "exam", ``quizzes.modes``), ``time_limit``
        (minutes, or None), ``deadline`` (None without a time limit), ``practice_round`` (whether it is a practice
        round of missed questions) and ``practice_round_of`` (the ``started_at`` of the attempt it practises, or
        None), ``flagged`` (the texts of the questions flagged for review, in the attempt's language), ``score``
        (correct answers, ``quizzes.scoring.score``; None for an exam under way), ``answer_count``,
        ``pass_mark`` (the percentage the attempt started with, or None), ``passed`` (``quizzes.scoring.passed``:
        None while unfinished or without a pass mark), and ``answers`` in the order given, each with the
        ``language`` it was given in, the ``question`` text as the learner saw it in that language, the question's
        ``kind`` when it was answered (``quizzes.kinds.QuestionKind``: "single", "multiple", "true_false"),
        ``choice`` (the chosen texts as
        shown, joined by "; "), ``chosen`` (the same texts as a list, in the order shown), ``shown`` (every choice
        in the order the learner saw it, ``{"text", "right", "chosen"}``; empty for answers given before the site
        kept it, which were shown in the author's order), ``correct`` and ``answered_at``. An exam question left
        unanswered reads ``"choice": None, "chosen": []``, wrong. For an exam under way no verdict is given: its
        answers have no ``correct`` and their ``shown`` no ``right``, as its pages reveal none. Each attempt's
        ``regrades``, oldest first (``quizzes.regrading``): the ``question`` as the learner saw it, ``regraded_at``,
        and unless it is an exam under way, ``correct_before``, ``correct_after`` and the attempt's ``score_before``
        and ``score_after`` out of ``out_of`` (None for an attempt under way when regraded). Then
        ``failed_logins``: the wrong-password records kept for throttling under the account's username
        (``last_failure_at``, ``failures``, ``ip_address``, ``user_agent``). Three queries, one more for the
        flagged questions' texts when any is flagged and one more for the regrades when any answer was regraded,
        whatever the number of attempts and answers.
    """
    zone = timezone.get_current_timezone()

    def _when(moment) -> str | None:
        return timezone.localtime(moment, zone).isoformat() if moment is not None else None

    attempts = (
        Attempt.objects.filter(learner=user)
        .select_related("quiz", "practice_of")
        .prefetch_related(
            Prefetch(
                "answers",
                queryset=Answer.objects.select_related("question")
                .annotate(regraded=Exists(RegradedAnswer.objects.filter(answer=OuterRef("pk"))))
                .order_by("answered_at", "pk"),
            )
        )
        .order_by("-started_at", "-pk")
    )
    attempts = list(attempts)
    flagged = _flagged_texts(attempts)
    regrades = _regrades([answer for attempt in attempts for answer in attempt.answers.all()])
    exported = []
    for attempt in attempts:
        with translation.override(attempt.language):
            quiz_title = attempt.quiz.title
        exported.append(
            {
                "quiz": {"slug": attempt.quiz.slug, "title": quiz_title},
                "language": attempt.language,
                "started_at": _when(attempt.started_at),
                "finished_at": _when(attempt.finished_at),
                "closed_at": _when(attempt.closed_at),
                **_attempt_data(
                    attempt,
                    list(attempt.answers.all()),
                    [flagged[pk, attempt.language] for pk in attempt.flagged_pks if (pk, attempt.language) in flagged],
                    _when,
                    regrades,
                ),
            }
        )
    failed_logins = AccessAttempt.objects.filter(username=user.get_username()).order_by("attempt_time")
    return {
        "format": EXPORT_FORMAT,
        "time_zone": str(zone),
        "exported_at": _when(timezone.now()),
        "account": {
            "username": user.get_username(),
            "email": user.email,
            "pending_email": user.pending_email,
            "time_zone": user.time_zone,
            "date_joined": _when(user.date_joined),
            "last_login": _when(user.last_login),
        },
        "attempts": exported,
        "failed_logins": [
            {
                "last_failure_at": _when(record.attempt_time),
                "failures": record.failures_since_start,
                "ip_address": record.ip_address,
                "user_agent": record.user_agent,
            }
            for record in failed_logins
        ],
    }
