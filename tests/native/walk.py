"""The walk through the admin and learner pages in French or Turkish, with the content it needs.

``build_world(language)`` loads the demo content (and a copy of its quiz that nobody answered, so its delete page
is Django's confirmation) and makes an administrator, a learner with a finished attempt and one mid-attempt, in
``language``. ``admin_visits`` and ``learner_visits`` list the pages; ``walk`` opens each and returns what
``tests.native.detect.find_offences`` finds. A new page joins the walk as one more ``Visit`` in one of the lists
(a new admin model joins by itself: every registered model's list, add, change, delete and history pages are
visited, for its first row).
"""

import copy
from dataclasses import dataclass, field

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.auth.tokens import default_token_generator
from django.db import models
from django.http import HttpRequest
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from modeltranslation.translator import translator
from modeltranslation.utils import build_localized_fieldname

from quizzes.content import DEMO_FILE, quiz_create_from_data, read_quiz_file
from quizzes.models import Attempt, Quiz
from tests.factories import PASSWORD, admin_form_data, answer_quiz, make_superuser, make_user
from tests.native.detect import Finding, find_offences
from translations.glossary import load_demo_terms

# django-axes's log of log-in attempts, for superusers: its models name their rows in English with ISO dates, in
# the library's code, so only their lists are walked (their filters, columns and counts are translated: see
# quizsite/library_strings.py and quizsite/templatetags/admin_counts.py), with the rows' names read as data.
NAMED_IN_ENGLISH = {"axes"}
ADMIN_NAME = "ada"  # usernames that are no word of any of the languages
LEARNER_NAME = "deniz"


@dataclass(frozen=True)
class Visit:
    """One page of the walk.

    Attributes:
        label: how findings name the page, e.g. "admin: quiz list".
        path: its address; "{lang}" stands for the language's prefix of learner pages.
        who: the client that opens it: "admin", "learner", or "visitor" (logged out).
        data: for a POST (a form sent, e.g. with mistakes), its fields; None for a GET.
        is_admin: the admin shows authors the English text of content not yet translated, as it is (the
            translation grid flags it); learner pages must mark it ``lang="en"``, so there it is read.
        rows_of: a library's model that names its rows in English (``NAMED_IN_ENGLISH``): its rows' names, which
            its list shows in each row's checkbox label, are not read.
    """

    label: str
    path: str
    who: str = "admin"
    data: dict | None = None
    is_admin: bool = True
    rows_of: type[models.Model] | None = None


@dataclass
class World:
    """The content and people the walk needs (``build_world``)."""

    language: str
    quiz: Quiz
    spare_quiz: Quiz
    finished: Attempt
    unfinished: Attempt
    clients: dict[str, Client] = field(default_factory=dict)


def build_world(language: str) -> World:
    """The demo content and glossary, its quiz copied as "spare" (never answered), an administrator who edited
    the quiz once (so its history has an entry), and the learner ``LEARNER_NAME`` with a finished attempt (two
    wrong answers) and one that answered 3 of 8 questions, both in ``language``, and a row in each of
    django-axes's logs for the learner (a log-in that failed twice, one that locked them out, one log-in)."""
    data = read_quiz_file(DEMO_FILE)
    quiz = quiz_create_from_data(data).quiz
    load_demo_terms()
    spare = copy.deepcopy(data)
    spare["quiz"]["slug"] = "spare-quiz"
    spare_quiz = quiz_create_from_data(spare).quiz
    learner = make_user(LEARNER_NAME)
    # A fixed salt: the admin's user page shows the hash's first characters, and a random "Ic…" reads as a dotless I.
    learner.password = make_password(PASSWORD, salt="quizsitesalt")
    learner.save(update_fields=["password"])
    tried = {"username": LEARNER_NAME, "ip_address": "192.0.2.7", "user_agent": "Mozilla/5.0", "path_info": "/"}
    AccessAttempt.objects.create(**tried, get_data="", post_data="", failures_since_start=2)
    AccessFailureLog.objects.create(**tried, locked_out=True)
    AccessLog.objects.create(**tried)
    finished = answer_quiz(learner, quiz, [1, 2, 1, 1, 3, 1, 1, 1], language=language)
    unfinished = answer_quiz(learner, quiz, [1, 1, 2], language=language)
    clients = {"admin": Client(), "learner": Client(), "visitor": Client()}
    clients["admin"].force_login(make_superuser(ADMIN_NAME))
    clients["learner"].force_login(learner)
    change = reverse("admin:quizzes_quiz_change", args=[quiz.pk])
    form = admin_form_data(clients["admin"].get(change, headers={"accept-language": language}))
    clients["admin"].post(change, {**form, "difficulty": "hard"}, headers={"accept-language": language})
    return World(language, quiz, spare_quiz, finished, unfinished, clients)


def _admin_url(model: type[models.Model], page: str, *args) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{page}", args=args)


def _superuser_request() -> HttpRequest:
    request = RequestFactory().get("/")
    request.user = get_user_model()(is_superuser=True, is_staff=True, is_active=True)
    return request


def model_visits(model: type[models.Model], obj: models.Model | None) -> list[Visit]:
    """A registered model's list, add, change, delete and history pages (the last three for ``obj``)."""
    name = model._meta.model_name
    visits = [Visit(f"admin: {name} list", _admin_url(model, "changelist"))]
    if admin.site.get_model_admin(model).has_add_permission(_superuser_request()):
        visits.append(Visit(f"admin: {name} add", _admin_url(model, "add")))
    if obj is not None:
        visits += [
            Visit(f"admin: {name} change", _admin_url(model, "change", obj.pk)),
            Visit(f"admin: {name} delete", _admin_url(model, "delete", obj.pk)),
            Visit(f"admin: {name} history", _admin_url(model, "history", obj.pk)),
        ]
    return visits


def admin_visits(world: World) -> list[Visit]:
    """Every admin page an author or administrator opens, for ``world``'s content."""
    quiz, spare = world.quiz, world.spare_quiz
    visits = [
        Visit("admin: log-in", reverse("admin:login"), who="visitor"),
        Visit("admin: log-in refused", reverse("admin:login"), who="visitor", data={"username": "x", "password": "y"}),
        Visit("admin: index", reverse("admin:index")),
        Visit("admin: password change", reverse("admin:password_change")),
        Visit("admin: password change done", reverse("admin:password_change_done")),
    ]
    visits += [
        Visit(f"admin: {label} section", reverse("admin:app_list", args=[label]))
        for label in sorted({model._meta.app_label for model in admin.site._registry})
    ]
    for model in admin.site._registry:
        if model._meta.app_label in NAMED_IN_ENGLISH:
            visits.append(
                Visit(f"admin: {model._meta.model_name} list", _admin_url(model, "changelist"), rows_of=model)
            )
            continue
        visits += model_visits(model, model._default_manager.order_by("pk").first())
    changelist = _admin_url(Quiz, "changelist")
    visits += [
        Visit("admin: spare quiz delete", _admin_url(Quiz, "delete", spare.pk)),
        Visit("admin: quiz bulk delete", changelist, data={"action": "delete_selected", "_selected_action": spare.pk}),
        Visit("admin: quiz search", f"{changelist}?q=parall"),
        Visit("admin: quiz list filtered", f"{changelist}?published__exact=1"),
        Visit("admin: quiz statistics", reverse("admin:quizzes_quiz_statistics", args=[quiz.pk])),
        Visit("admin: quiz translations", reverse("admin:quizzes_quiz_translations", args=[quiz.pk])),
        Visit("admin: quiz list, missing French", f"{changelist}?translation=missing-fr"),
        Visit("admin: attempt of a learner", _admin_url(Attempt, "change", world.finished.pk)),
        Visit("admin: user password", reverse("admin:auth_user_password_change", args=[world.finished.learner_id])),
    ]
    return visits


def learner_visits(world: World) -> list[Visit]:
    """Every page a learner or a visitor opens, for ``world``'s content."""
    quiz, learner = world.quiz.slug, world.finished.learner
    token = default_token_generator.make_token(learner)
    uid = urlsafe_base64_encode(force_bytes(learner.pk))
    common_password = {"username": "new learner!", "email": "x", "password1": "password", "password2": "password"}
    visits = [
        Visit("home", "/{lang}/", who="visitor"),
        Visit("guide", "/{lang}/guides/data-parallelism/", who="visitor"),
        Visit("quiz page", f"/{{lang}}/quizzes/{quiz}/", who="visitor"),
        Visit("log-in", "/{lang}/accounts/login/", who="visitor"),
        Visit("log-in refused", "/{lang}/accounts/login/", who="visitor", data={"username": "x", "password": "y"}),
        Visit("sign-up", "/{lang}/accounts/signup/", who="visitor"),
        Visit("sign-up refused", "/{lang}/accounts/signup/", who="visitor", data=common_password),
        Visit("password reset", "/{lang}/accounts/password_reset/", who="visitor"),
        Visit("password reset sent", "/{lang}/accounts/password_reset/done/", who="visitor"),
        Visit("password reset link", f"/{{lang}}/accounts/reset/{uid}/{token}/", who="visitor"),
        Visit("password reset complete", "/{lang}/accounts/reset/done/", who="visitor"),
        Visit("home, logged in", "/{lang}/", who="learner"),
        Visit("quiz page mid-attempt", f"/{{lang}}/quizzes/{quiz}/", who="learner"),
        Visit("question mid-attempt", f"/{{lang}}/quizzes/{quiz}/questions/4/", who="learner"),
        Visit("answered question", f"/{{lang}}/quizzes/{quiz}/questions/3/", who="learner"),
        Visit("results", f"/{{lang}}/quizzes/{quiz}/results/{world.finished.pk}/", who="learner"),
        Visit("progress", "/{lang}/progress/", who="learner"),
        Visit("account", "/{lang}/account/", who="learner"),
        Visit("account delete", "/{lang}/account/delete/", who="learner"),
        Visit("password change", "/{lang}/accounts/password_change/", who="learner"),
        Visit("password change done", "/{lang}/accounts/password_change/done/", who="learner"),
        Visit("page not found", "/{lang}/quizzes/no-such-quiz/", who="learner"),
    ]
    return [Visit(**{**visit.__dict__, "is_admin": False}) for visit in visits]


def content_sources() -> frozenset[str]:
    """The English text of every translated field of the content: what the admin shows where a translation is
    missing (see ``Visit.is_admin``)."""
    texts = set()
    for model in translator.get_registered_models():
        for name in translator.get_options_for_model(model).fields:
            english = build_localized_fieldname(name, "en")
            texts.update(text for text in model._default_manager.values_list(english, flat=True) if text)
    return frozenset(texts)


def walk(world: World, visits: list[Visit]) -> list[Finding]:
    """Open each page in ``world.language`` (the learner pages by their prefix, the admin by the browser's
    language) and return every finding; a page that does not end on 200 (after redirects) is a finding too.

    Usernames and slugs are allowed as they are; on admin pages, the content's English texts too, and the names
    of the rows of a ``Visit.rows_of``.
    """
    language = world.language
    names = {ADMIN_NAME, LEARNER_NAME, world.quiz.slug, world.spare_quiz.slug}
    with_content = frozenset(names | content_sources())
    findings = []
    for visit in visits:
        client = world.clients[visit.who]
        path = visit.path.replace("{lang}", language)
        send = client.get if visit.data is None else client.post
        response = send(path, visit.data, follow=True, headers={"accept-language": language})
        expected = 404 if "not found" in visit.label else 200
        if response.status_code != expected:
            findings.append(Finding(visit.label, "status", f"{path} answered {response.status_code}"))
            continue
        allowed = with_content if visit.is_admin else frozenset(names)
        if visit.rows_of is not None:
            allowed |= {str(row) for row in visit.rows_of._default_manager.all()}
        findings += find_offences(visit.label, response.content, language, allowed)
    return findings
