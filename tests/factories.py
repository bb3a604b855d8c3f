"""Small helpers that build test data with sensible defaults: ``make_quiz(questions=8)``."""

from django.contrib.auth import get_user_model

from guides.models import Guide
from quizzes.answering import answer_submit
from quizzes.kinds import QuestionKind, true_false_rows
from quizzes.models import Choice, Question, Quiz
from quizzes.services import attempt_start, author_grant

PASSWORD = "correct horse battery staple"


def make_user(username: str = "learner", **fields):
    """A user who can log in with ``PASSWORD``."""
    return get_user_model().objects.create_user(username=username, password=PASSWORD, **fields)


def make_guide(slug: str = "guide", title: str = "A guide", published: bool = True, **fields) -> Guide:
    return Guide.objects.create(slug=slug, title_en=title, published=published, **fields)


def make_quiz(
    slug: str = "quiz",
    title: str = "A quiz",
    questions: int = 3,
    choices: int = 4,
    correct: int = 1,
    published: bool = True,
    **fields,
) -> Quiz:
    """A quiz of ``questions`` questions with ``choices`` choices each; choice ``correct`` (1-based) is right.

    Texts are English only: ``Question 1``, ``Q1 choice 2``, ``Explanation 1``. Choices are shown in the author's
    order unless ``shuffle_choices=True`` is given (new quizzes shuffle them by default; tests of other things read
    them in order).
    """
    fields.setdefault("shuffle_choices", False)
    quiz = Quiz.objects.create(slug=slug, title_en=title, published=published, **fields)
    for number in range(1, questions + 1):
        question = Question.objects.create(
            quiz=quiz, position=number, text_en=f"Question {number}", explanation_en=f"Explanation {number}"
        )
        Choice.objects.bulk_create(
            Choice(question=question, position=c, text_en=f"Q{number} choice {c}", is_correct=c == correct)
            for c in range(1, choices + 1)
        )
    return quiz


def make_kinds_quiz(slug: str = "kinds", **fields) -> Quiz:
    """A published quiz of the three kinds, shuffled (choices and questions) with a pass mark of 60%, texts in
    English, French and Turkish:

    1. single-answer "Which is a prime number?": "4", "6", "7" (right), "None of the above" (pinned, last);
    2. multiple-answer "Which are even?": "2" (right), "3", "8" (right), "9";
    3. true-or-false "Zero is an even number." (true), the site's two choices.
    """
    fields = {"shuffle_choices": True, "shuffle_questions": True, "pass_mark": 60, **fields}
    quiz = Quiz.objects.create(
        slug=slug, title_en="Numbers", title_fr="Nombres", title_tr="Sayılar", published=True, **fields
    )
    texts = [
        ("Which is a prime number?", "Lequel est un nombre premier ?", "Hangisi asal sayıdır?"),
        ("Which are even?", "Lesquels sont pairs ?", "Hangileri çifttir?"),
        ("Zero is an even number.", "Zéro est un nombre pair.", "Sıfır bir çift sayıdır."),
    ]
    kinds = [QuestionKind.SINGLE, QuestionKind.MULTIPLE, QuestionKind.TRUE_FALSE]
    questions = [
        Question.objects.create(
            quiz=quiz,
            position=position,
            kind=kind,
            key=f"q{position}",
            text_en=en,
            text_fr=fr,
            text_tr=tr,
            explanation_en=f"Because {position}.",
            explanation_fr=f"Parce que {position}.",
            explanation_tr=f"Çünkü {position}.",
        )
        for position, (kind, (en, fr, tr)) in enumerate(zip(kinds, texts, strict=True), start=1)
    ]
    single = [("4", False, False), ("6", False, False), ("7", True, False), ("None of the above", False, True)]
    multiple = [("2", True, False), ("3", False, False), ("8", True, False), ("9", False, False)]
    for question, rows in ((questions[0], single), (questions[1], multiple)):
        Choice.objects.bulk_create(
            Choice(
                question=question,
                position=position,
                key=f"c{position}",
                text_en=text,
                is_correct=right,
                pinned=pinned,
                **({"text_fr": "Aucune de ces réponses", "text_tr": "Hiçbiri"} if pinned else {}),
            )
            for position, (text, right, pinned) in enumerate(rows, start=1)
        )
    Choice.objects.bulk_create(Choice(question=questions[2], **row) for row in true_false_rows(is_true=True))
    return quiz


def make_author(username: str = "author", **fields):
    """A staff user in the "Authors" group, as ``manage.py make_author`` makes one; password ``PASSWORD``."""
    user = make_user(username, **fields)
    author_grant(user=user)
    return user


def make_superuser(username: str = "admin"):
    return get_user_model().objects.create_superuser(username=username, password=PASSWORD)


def answer_quiz(learner, quiz: Quiz, picks: list[int], language: str = "en"):
    """Start an attempt of ``learner`` at ``quiz`` and answer its first questions, picking choice ``picks[i]``
    (by position) for question ``i + 1``. Returns the attempt (finished once every question is answered)."""
    attempt = attempt_start(learner=learner, quiz=quiz, language=language)
    for position, pick in enumerate(picks, start=1):
        question = quiz.questions.get(position=position)
        answer_submit(attempt=attempt, question=question, choice=question.choices.get(position=pick))
    attempt.refresh_from_db()
    return attempt


def admin_form_data(response) -> dict:
    """The POST data an admin add/change page would send unchanged: its form and inline forms' current values.

    Blank extra inline forms are left out (``TOTAL_FORMS`` counts the existing rows only); tests change or
    add values in the returned dict, then post it.
    """
    data = {}

    def add(form):
        for name in form.fields:
            value = form[name].value()
            key = form.add_prefix(name)
            if value is None or value is False:
                continue
            if value is True:
                data[key] = "on"
            elif isinstance(value, list | tuple):
                data[key] = [str(item) for item in value]
            else:
                data[key] = str(value)

    def add_formset(formset):
        add(formset.management_form)
        data[f"{formset.prefix}-TOTAL_FORMS"] = str(len(formset.initial_forms))
        for form in formset.initial_forms:
            add(form)
            for nested in getattr(form, "nested_formsets", ()):  # django-nested-admin's inlines within inlines
                add_formset(nested)

    add(response.context["adminform"].form)
    for inline in response.context["inline_admin_formsets"]:
        add_formset(inline.formset)
    return data
