"""The admin's lists: search in every language (Turkish i included), columns and filters, answer statistics."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.urls import reverse

from quizzes.models import Question, Quiz
from tests.factories import answer_quiz, make_guide, make_quiz, make_user

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("term", ["istanbul", "ISTANBUL", "İstanbul", "ıstanbul", "İSTANBUL", "Istanbul"])
def test_quiz_search_finds_turkish_titles_whatever_the_case_of_i(author_client, term):
    make_quiz(slug="istanbul", title="Cities", title_tr="İstanbul'un semtleri")
    make_quiz(slug="other", title="Rivers")
    response = author_client.get(reverse("admin:quizzes_quiz_changelist"), {"q": term})
    assert [quiz.slug for quiz in response.context["cl"].result_list] == ["istanbul"]


@pytest.mark.parametrize("term", ["ışık", "IŞIK", "işik", "Işık"])
def test_quiz_search_finds_question_text_in_any_language(author_client, term):
    quiz = make_quiz(slug="light", title="Light")
    Question.objects.filter(quiz=quiz, position=2).update(text_tr="Işık ne kadar hızlıdır?")
    make_quiz(slug="sound", title="Sound")
    response = author_client.get(reverse("admin:quizzes_quiz_changelist"), {"q": term})
    assert [quiz.slug for quiz in response.context["cl"].result_list] == ["light"]


def test_question_search_finds_dotted_capital_i_from_lower_case(author_client):
    quiz = make_quiz(slug="q", questions=2)
    Question.objects.filter(quiz=quiz, position=1).update(text_tr="İZMİR nerede?")
    response = author_client.get(reverse("admin:quizzes_question_changelist"), {"q": "izmir"})
    assert [question.position for question in response.context["cl"].result_list] == [1]


def test_quiz_list_shows_difficulty_guides_question_count_and_published(author_client):

    quiz = make_quiz(slug="q", title="Caching", questions=8, difficulty="hard", published=False)
    quiz.guides.add(make_guide(slug="memory", title="Memory"), make_guide(slug="cpu", title="CPU"))
    response = author_client.get(reverse("admin:quizzes_quiz_changelist"))
    (row,) = response.context["cl"].result_list
    admin = response.context["cl"].model_admin
    assert (row.title, row.difficulty, admin.guide_titles(row), admin.question_count(row), row.published) == (
        "Caching",
        "hard",
        "CPU, Memory",
        8,
        False,
    )


def test_quiz_list_filters_by_difficulty_published_and_guide(author_client):

    guide = make_guide(slug="g")
    make_quiz(slug="easy-draft", difficulty="easy", published=False).guides.add(guide)
    make_quiz(slug="easy-live", difficulty="easy")
    make_quiz(slug="hard-live", difficulty="hard")
    url = reverse("admin:quizzes_quiz_changelist")

    def slugs(**params):
        return sorted(quiz.slug for quiz in author_client.get(url, params).context["cl"].result_list)

    assert slugs(difficulty__exact="easy") == ["easy-draft", "easy-live"]
    assert slugs(published__exact="1") == ["easy-live", "hard-live"]
    assert slugs(guides__id__exact=str(guide.pk)) == ["easy-draft"]


def test_statistics_count_answers_correct_share_and_picks_exactly(author_client):
    quiz = make_quiz(questions=2, choices=3)
    answer_quiz(make_user("one"), quiz, picks=[1, 2])
    answer_quiz(make_user("two"), quiz, picks=[1, 1])
    answer_quiz(make_user("three"), quiz, picks=[3])
    make_quiz(slug="other", questions=2)  # answers elsewhere do not count
    answer_quiz(make_user("four"), Quiz.objects.get(slug="other"), picks=[1, 1])
    response = author_client.get(reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]))
    summary = [
        (
            row.question.position,
            row.answered,
            row.correct,
            row.percent_correct,
            [(item.choice.position, item.chosen, item.percent) for item in row.choices],
        )
        for row in response.context["rows"]
    ]
    assert summary == [
        (1, 3, 2, 67, [(1, 2, 67), (2, 0, 0), (3, 1, 33)]),
        (2, 2, 1, 50, [(1, 1, 50), (2, 1, 50), (3, 0, 0)]),
    ]
    content = response.content.decode()
    assert "3 attempts so far" in content
    assert "3 answers, 2 correct (67%)" in content
    assert "2 answers, 1 correct (50%)" in content


def test_statistics_of_an_unanswered_quiz_say_so(author_client):
    quiz = make_quiz(questions=1)
    response = author_client.get(reverse("admin:quizzes_quiz_statistics", args=[quiz.pk]))
    assert response.context["rows"][0].answered == 0
    assert response.context["rows"][0].percent_correct is None
    assert "Nobody has answered this question yet." in response.content.decode()


def test_statistics_need_permission_to_view_attempts(client):
    """Viewing quizzes is not enough: the statistics are learners' answers, so they need "view attempt" too."""
    quiz = make_quiz(questions=1)
    staff = make_user("staff", is_staff=True)
    staff.user_permissions.add(Permission.objects.get(codename="view_quiz"))
    client.force_login(staff)
    url = reverse("admin:quizzes_quiz_statistics", args=[quiz.pk])
    assert client.get(url).status_code == 403
    staff.user_permissions.add(Permission.objects.get(codename="view_attempt"))
    client.force_login(get_user_model().objects.get(pk=staff.pk))  # permissions are cached on the user
    assert client.get(url).status_code == 200
