"""A learner on a 320 px phone, in French: forgets the password, resets it from the e-mail, changes the e-mail
address and confirms it from the link sent to it, downloads their data and deletes the account, in a real browser."""

import json
import re
import time

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from quizzes.models import Answer
from tests.e2e.conftest import axe_violations
from tests.factories import answer_quiz, make_quiz, make_user

pytestmark = pytest.mark.django_db(transaction=True)
NEW_PASSWORD = "un nouveau mot de passe 42"


def mails(count: int) -> list:
    """The e-mails sent, once there are ``count``: the site sends them after its answer has gone
    (``accounts.email_change.RedirectThenSend``), so the browser may show the next page a moment before."""
    deadline = time.monotonic() + 5
    while len(mail.outbox) < count and time.monotonic() < deadline:
        time.sleep(0.05)
    return list(mail.outbox)


def test_learner_resets_the_password_downloads_the_data_and_deletes_the_account(browser, live_server):
    quiz = make_quiz(slug="parallel", title="Parallel", questions=2)
    ada = make_user("ada", email="ada@example.com")
    answer_quiz(ada, quiz, [1, 2], language="fr")
    context = browser.new_context(viewport={"width": 320, "height": 640}, locale="fr-FR", accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(live_server.url + "/fr/accounts/login/")
        assert axe_violations(page) == []
        page.get_by_role("link", name="Mot de passe oublié\u00a0?").click()
        assert axe_violations(page) == []
        page.get_by_label("Adresse e-mail").fill("ada@example.com")
        page.get_by_role("button", name="M’envoyer le lien").click()
        assert page.get_by_role("heading", level=1).inner_text() == "Consultez vos e-mails"

        assert [message.subject for message in mails(1)] == ["Réinitialisez votre mot de passe Quizsite"]
        link = re.search(r"http://\S+/fr/accounts/reset/\S+/", mail.outbox[0].body).group(0)
        page.goto(link)
        assert axe_violations(page) == []
        page.locator("#id_new_password1").fill(NEW_PASSWORD)
        page.locator("#id_new_password2").fill(NEW_PASSWORD)
        page.get_by_role("button", name="Enregistrer mon nouveau mot de passe").click()
        assert page.get_by_role("heading", level=1).inner_text() == "Mot de passe enregistré"

        page.get_by_role("main").get_by_role("link", name="Se connecter").click()
        page.get_by_label("Nom d’utilisateur").fill("ada")
        page.get_by_label("Mot de passe").fill(NEW_PASSWORD)
        page.get_by_role("main").get_by_role("button", name="Se connecter").click()
        # The header's account menu opens, then leads to the account page.
        page.get_by_role("navigation", name="Compte").get_by_text("Compte", exact=True).click()
        page.get_by_role("link", name="Votre compte").click()
        page.wait_for_url(live_server.url + "/fr/account/")
        page.wait_for_load_state()
        # Nothing sticks out of a 320 px screen.
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
        assert axe_violations(page) == []

        page.get_by_label("Adresse e-mail").fill("ada@example.org")
        page.get_by_label("Votre mot de passe").fill(NEW_PASSWORD)
        with page.expect_navigation():
            page.get_by_role("button", name="Enregistrer", exact=True).click()
        assert page.locator(".pending-email").inner_text() == (
            "En attente de confirmation\u00a0: ada@example.org. Nous avons envoyé un lien à cette adresse\u00a0; "
            "votre adresse e-mail changera quand vous l’aurez suivi."
        )
        assert axe_violations(page) == []
        confirmation = mails(2)[1]
        assert (confirmation.to, confirmation.subject) == (
            ["ada@example.org"],
            "Confirmez votre nouvelle adresse e-mail Quizsite",
        )
        page.goto(re.search(r"http://\S+/fr/account/email/\S+/", confirmation.body).group(0))
        assert axe_violations(page) == []
        page.get_by_role("button", name="Confirmer cette adresse").click()
        assert "Votre adresse e-mail est désormais ada@example.org." in page.get_by_role("main").inner_text()
        assert axe_violations(page) == []
        page.get_by_role("main").get_by_role("link", name="Votre compte").click()

        with page.expect_download() as download:
            page.get_by_role("link", name="Télécharger mes données").click()
        data = json.loads(download.value.path().read_text())
        assert (data["account"]["username"], data["account"]["email"]) == ("ada", "ada@example.org")
        assert [(a["question"], a["choice"], a["correct"]) for a in data["attempts"][0]["answers"]] == [
            ("Question 1", "Q1 choice 1", True),
            ("Question 2", "Q2 choice 2", False),
        ]

        page.get_by_role("link", name="Supprimer mon compte").click()
        assert axe_violations(page) == []
        page.get_by_label("Votre mot de passe").fill(NEW_PASSWORD)
        page.get_by_role("button", name="Supprimer définitivement mon compte").click()
        assert page.url == live_server.url + "/fr/"
        assert "Votre compte et votre historique de quiz ont été supprimés." in page.get_by_role("main").inner_text()
        assert not get_user_model().objects.filter(username="ada").exists()
        assert not Answer.objects.exists()
    finally:
        context.close()
