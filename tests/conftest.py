import pytest
from django.utils import translation

from quizzes.content import DEMO_FILE, quiz_create_from_data, read_quiz_file


@pytest.fixture(autouse=True)
def _fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _english_by_default():
    """Each test starts in English: a request through LocaleMiddleware leaves its language active."""
    with translation.override("en"):
        yield


@pytest.fixture
def demo_quiz(db):
    """The seed quiz ("Data parallelism", 8 questions) loaded from the repository's demo content."""
    quiz = quiz_create_from_data(read_quiz_file(DEMO_FILE)).quiz
    return quiz
