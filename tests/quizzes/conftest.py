from tests.quizzes.admin_forms import author_client  # noqa: F401  (a fixture for the admin tests)
