"""The translated models' QuerySets (``quizsite.querysets.TranslatedQuerySet``): one class each, built once, with
modeltranslation's rewriting kept."""

import pickle

import pytest
from django.db.models import QuerySet
from django.utils import translation
from modeltranslation import manager as modeltranslation_manager

from guides.models import Guide, GuideQuerySet
from quizzes.models import Choice, ChoiceQuerySet, Question, QuestionQuerySet, Quiz, QuizQuerySet
from tests.factories import answer_quiz, make_guide, make_quiz, make_user
from tests.pages import url

pytestmark = pytest.mark.django_db


def record_built_classes(monkeypatch) -> list[str]:
    """The names of the QuerySet classes modeltranslation builds from now on (``multilingual_queryset_factory``
    builds one for each QuerySet class other than Django's own, on every call)."""
    built = []
    factory = modeltranslation_manager.multilingual_queryset_factory

    def recording(old_cls, instantiate=True):
        if old_cls is not QuerySet:
            built.append(old_cls.__name__)
        return factory(old_cls, instantiate)

    monkeypatch.setattr(modeltranslation_manager, "multilingual_queryset_factory", recording)
    return built


def test_each_translated_model_gives_its_own_queryset_class_every_time():
    quiz = make_quiz(questions=1)
    question = quiz.questions.get()
    querysets = [
        Quiz.objects.all(),
        Quiz.objects.published(),
        Question.objects.all(),
        quiz.questions.all(),
        Choice.objects.all(),
        question.choices.all(),
        Guide.objects.all(),
        quiz.guides.all(),
    ]
    assert [type(queryset) for queryset in querysets] == [
        QuizQuerySet,
        QuizQuerySet,
        QuestionQuerySet,
        QuestionQuerySet,
        ChoiceQuerySet,
        ChoiceQuerySet,
        GuideQuerySet,
        GuideQuerySet,
    ]


def test_a_learners_pages_build_no_queryset_class(client, monkeypatch):
    """11 classes per question page before (django-modeltranslation's factory, on every ``get_queryset``)."""
    quiz = make_quiz(questions=3)
    make_guide().quizzes.set([quiz])
    learner = make_user()
    answer_quiz(learner, quiz, picks=[1, 1, 1])
    answer_quiz(learner, quiz, picks=[1])
    client.force_login(learner)
    question = url("quizzes:question", slug=quiz.slug, number=2)
    pick = quiz.questions.get(position=2).choices.get(position=1).pk
    built_classes = record_built_classes(monkeypatch)
    pages = [
        client.get(question),
        client.post(question, {"choice": pick}),
        client.get(url("quizzes:detail", slug=quiz.slug)),
        client.get(url("quizzes:results", slug=quiz.slug)),
        client.get(url("progress")),
        client.get(url("home", "fr")),
        client.get(url("guides:detail", slug="guide")),
    ]
    assert [response.status_code for response in pages] == [200, 302, 200, 200, 200, 200, 200]
    assert built_classes == []


def test_lookups_and_orderings_read_the_active_languages_column():
    make_quiz(slug="b", title="B", title_fr="Alpha", questions=0)
    make_quiz(slug="a", title="A", title_fr="Zèbre", questions=0)
    with translation.override("fr"):
        assert [quiz.slug for quiz in Quiz.objects.all()] == ["b", "a"]
        assert [quiz.slug for quiz in Quiz.objects.published().filter(title="Zèbre")] == ["a"]
    assert [quiz.slug for quiz in Quiz.objects.all()] == ["a", "b"]


def test_a_pickled_queryset_keeps_its_class_and_rows():
    make_quiz(slug="kept", questions=2)
    restored = pickle.loads(pickle.dumps(Quiz.objects.with_question_count()))
    assert type(restored) is QuizQuerySet
    assert [(quiz.slug, quiz.question_count) for quiz in restored] == [("kept", 2)]
