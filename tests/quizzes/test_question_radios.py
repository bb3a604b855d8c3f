"""The question page writes its radio buttons itself (templates/quizzes/question.html), as Django's RadioSelect
of ``AnswerForm`` would: the same id, name, value, ``required``, ``aria-invalid`` on a refused answer and
``checked`` on the value sent, compared as parsed HTML."""

import pytest
from django.http import QueryDict
from django.test.html import parse_html

from quizzes.catalogue import current_version
from quizzes.forms import AnswerForm
from quizzes.snapshots import quiz_content
from tests.factories import make_quiz
from tests.pages import attribute, elements, url


def radios(page: bytes) -> list:
    return [node for node in elements(page, "input") if attribute(node, "type") == "radio"]


@pytest.mark.parametrize(
    "sent",
    [None, "", "choice=999999", "choice={first}&choice={third}"],
    ids=["unanswered", "nothing chosen", "not a choice", "two choices"],
)
def test_the_radio_buttons_are_those_django_would_write(learner_client, sent):
    quiz = make_quiz(questions=2, choices=4)
    question = quiz.questions.order_by("position").first()
    first, _second, third, _fourth = question.choices.order_by("position")
    learner_client.post(url("quizzes:start", slug=quiz.slug))
    address = url("quizzes:question", slug=quiz.slug, number=1)
    if sent is None:
        response, data = learner_client.get(address), None
    else:
        body = sent.format(first=first.pk, third=third.pk)
        data = QueryDict(body)
        response = learner_client.post(address, body, content_type="application/x-www-form-urlencoded")
    form = AnswerForm(data, question=quiz_content(quiz.pk, current_version()).questions[0])
    django_radios = [parse_html(str(radio.tag())) for radio in form["choice"]]

    assert response.status_code == (200 if sent is None else 400)
    assert radios(response.content) == django_radios
    assert [attribute(radio, "value") for radio in radios(response.content)] == [
        str(choice.pk) for choice in question.choices.order_by("position")
    ]
    checked = [attribute(radio, "value") for radio in radios(response.content) if "checked" in dict(radio.attributes)]
    assert checked == ([str(third.pk)] if sent and "&" in sent else [])
