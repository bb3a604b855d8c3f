import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("accounts", "0001_initial")]
UNIQUE = [("accounts", "0002_user_email_unique")]

# Each test moves the schema back in time; the tests after it need the latest one (tests/conftest.py).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("latest_schema_afterwards")]


def test_an_address_shared_by_several_accounts_stays_on_the_oldest_and_the_others_lose_it():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    users = executor.loader.project_state(BEFORE).apps.get_model("accounts", "User").objects
    for username, email, joined in [
        ("newer", "ada@example.com", "2026-11-03T10:00Z"),
        ("oldest", "Ada@Example.com", "2026-11-01T10:00Z"),
        ("middle", "ADA@example.com", "2026-11-02T10:00Z"),
        ("bob", "bob@example.com", "2026-11-01T10:00Z"),
        ("none1", "", "2026-11-01T10:00Z"),
        ("none2", "", "2026-11-01T10:00Z"),
    ]:
        users.create(username=username, email=email, date_joined=joined)

    executor = MigrationExecutor(connection)
    executor.migrate(UNIQUE)

    users = executor.loader.project_state(UNIQUE).apps.get_model("accounts", "User").objects
    assert sorted(users.values_list("username", "email", "pending_email")) == [
        ("bob", "bob@example.com", ""),
        ("middle", "", ""),
        ("newer", "", ""),
        ("none1", "", ""),
        ("none2", "", ""),
        ("oldest", "Ada@Example.com", ""),
    ]
