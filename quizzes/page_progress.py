"""Where the request's visitor stands in one quiz, as the quiz's pages read it (practice and exam alike)."""

from django.http import Http404, HttpRequest

from quizzes.guests import session_guest
from quizzes.learner_state import quiz_state
from quizzes.progress import Progress, owner_ids, progress_at


def request_progress(request: HttpRequest, slug: str, *, preview: bool = False, lock: bool = False) -> Progress:
    """Where the request's learner, or its guest, stands in quiz ``slug`` (one query, ``quiz_state``), over the
    quiz's content in the active language.

    Args:
        preview: whether staff may see a draft here (its quiz page, as a preview); learners never do.
        lock: lock the learner's unfinished attempt first (inside a transaction: ``quiz_state``).

    Raises:
        Http404: no published quiz with this slug (nor a draft, for staff on a preview).
    """
    state = quiz_state(slug=slug, lock=lock, **owner_ids(request.user, session_guest(request)))
    visible = state is not None and (state.published or (preview and request.user.is_staff))
    progress = progress_at(state) if visible else None
    if progress is None:
        raise Http404("No such quiz.")
    return progress
