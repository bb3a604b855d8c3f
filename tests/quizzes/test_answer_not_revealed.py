"""The correct choice must not be findable in a page before the learner has answered that question.

Each choice's markup, with its own text, value and id blanked out, must be identical to its siblings', and
nothing in the page may say "correct".
"""

import re

import pytest

from tests.factories import make_user

pytestmark = pytest.mark.django_db

CHOICE_LIST = re.compile(r'<ul class="choice-list">(.*?)</ul>', re.S)
LIST_ITEM = re.compile(r"<li[^>]*>.*?</li>", re.S)


def choice_markup(page: str) -> list[list[str]]:
    """For every choice list in ``page``: its items with the text, value and id of each choice blanked out."""
    lists = []
    for block in CHOICE_LIST.findall(page):
        items = []
        for item in LIST_ITEM.findall(block):
            item = re.sub(r'value="\d+"', 'value="PK"', item)
            item = re.sub(r"id_choice_\d+", "ID", item)
            items.append(re.sub(r">[^<>]+</(li|span)>", r">TEXT</\1>", item))
        lists.append(items)
    return lists


@pytest.mark.parametrize("language", ["en", "fr", "tr"])
def test_preview_gives_no_marker_of_the_correct_choice(client, demo_quiz, language):
    client.force_login(make_user())
    page = client.get(f"/{language}/quizzes/data-parallelism/").content.decode()
    assert "correct" not in page.casefold()
    lists = choice_markup(page)
    assert len(lists) == 8
    for items in lists:
        assert items == ["<li>TEXT</li>"] * 4


@pytest.mark.parametrize("language", ["en", "fr", "tr"])
def test_unanswered_question_page_gives_no_marker_of_the_correct_choice(client, demo_quiz, language):
    client.force_login(make_user())
    client.post(f"/{language}/quizzes/data-parallelism/start/")
    for position in range(1, 9):
        url = f"/{language}/quizzes/data-parallelism/questions/{position}/"
        page = client.get(url).content.decode()
        assert "correct" not in page.casefold()
        assert "checked" not in page
        [items] = choice_markup(page)
        assert (
            items
            == [
                '<li><label for="ID"><input type="radio" name="choice" value="PK" id="ID" required> '
                "<span>TEXT</span></label></li>"
            ]
            * 4
        )
        wrong = demo_quiz.questions.get(position=position).choices.filter(is_correct=False).first()
        client.post(url, {"choice": wrong.pk})
        assert 'class="is-correct"' in client.get(url).content.decode()
