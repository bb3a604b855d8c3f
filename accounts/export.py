"""A learner's data, as the JSON document "Download my data" gives them."""

from axes.models import AccessAttempt
from django.db.models import Prefetch
from django.utils import timezone, translation

from quizzes import scoring
from quizzes.models import Answer, Attempt

#: Bumped when the document's shape changes, so that a reader can tell versions apart (2: times in the learner's
#: zone, named in "time_zone"; the account's chosen zone).
EXPORT_FORMAT = 2


def learner_data(user) -> dict:
    """Everything the site keeps about ``user``, in a JSON-serialisable dict.

    Args:
        user: an ``accounts.User``.

    Returns:
        ``{"format": 2, "time_zone", "exported_at", "account": {"username", "email", "pending_email" (a new
        address not confirmed yet, else ""), "time_zone", "date_joined", "last_login"}, "attempts": [...],
        "failed_logins": [...]}``, times in ISO 8601 with the offset of the active zone (the learner's, see
        ``quizsite.timezones``: "2026-12-01T22:30:00+03:00"), whose IANA name is the top-level ``time_zone``; the
        account's ``time_zone`` is the zone the learner chose, or "". Each attempt, newest first:
        ``quiz`` (``slug`` and ``title`` in the attempt's language), ``language``, ``started_at``,
        ``finished_at`` (None while unfinished), ``closed_at`` (None unless it was closed when a guest's attempt
        further along joined the account), ``score`` (correct answers, ``quizzes.scoring.score``), ``answer_count``,
        and
        ``answers`` in the order given, each with the ``language`` it was given in, the ``question`` and
        ``choice`` texts as the learner saw them in it, ``correct`` and ``answered_at``. Then
        ``failed_logins``: the wrong-password records kept for throttling under the account's username
        (``last_failure_at``, ``failures``, ``ip_address``, ``user_agent``). Three queries, whatever the
        number of attempts and answers.
    """
    zone = timezone.get_current_timezone()

    def _when(moment) -> str | None:
        return timezone.localtime(moment, zone).isoformat() if moment is not None else None

    attempts = (
        Attempt.objects.filter(learner=user)
        .select_related("quiz")
        .prefetch_related(Prefetch("answers", queryset=Answer.objects.order_by("answered_at", "pk")))
        .order_by("-started_at", "-pk")
    )
    exported = []
    for attempt in attempts:
        answers = list(attempt.answers.all())
        with translation.override(attempt.language):
            quiz_title = attempt.quiz.title
        exported.append(
            {
                "quiz": {"slug": attempt.quiz.slug, "title": quiz_title},
                "language": attempt.language,
                "started_at": _when(attempt.started_at),
                "finished_at": _when(attempt.finished_at),
                "closed_at": _when(attempt.closed_at),
                "score": scoring.score(answer.is_correct for answer in answers),
                "answer_count": len(answers),
                "answers": [
                    {
                        "language": answer.language,
                        "question": answer.question_text,
                        "choice": answer.choice_text,
                        "correct": answer.is_correct,
                        "answered_at": _when(answer.answered_at),
                    }
                    for answer in answers
                ],
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
