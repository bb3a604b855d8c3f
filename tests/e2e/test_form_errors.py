"""A refused form in a real browser, in Turkish on a 320 px phone: the page opens with the focus on the error
summary (no script: autofocus), says "Hata:" first in its title, and each summary link takes the focus to its
field; axe-core finds nothing. Each submission waits for the page it leads to (``submit``): the refused form comes
back at the same address, so waiting for the address would not wait at all."""

import pytest

from tests.e2e.conftest import axe_violations
from tests.e2e.support import submit
from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def focused_element(page) -> dict:
    return page.evaluate("({id: document.activeElement.id, classes: [...document.activeElement.classList]})")


def test_a_wrong_password_opens_the_login_page_on_the_error_summary(page, live_server):
    make_user("ada")
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(live_server.url + "/tr/accounts/login/")
    assert page.title() == "Giriş yap · Quizsite"
    assert focused_element(page) == {"id": "id_username", "classes": []}

    page.locator("#id_username").fill("ada")
    page.locator("#id_password").fill("not the password")
    submit(page, page.get_by_role("main").get_by_role("button", name="Giriş yap"))

    assert focused_element(page) == {"id": "", "classes": ["error-summary"]}
    assert page.title() == "Hata: Giriş yap · Quizsite"
    assert page.get_by_role("alert").get_by_role("heading", level=2).inner_text() == "Bir sorun var"
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    assert axe_violations(page) == []


def test_a_summary_link_takes_the_focus_to_the_field_in_error(page, live_server):
    page.goto(live_server.url + "/tr/accounts/signup/")
    page.locator("#id_username").fill("ada")
    page.locator("#id_password1").fill("a long passphrase 9")
    page.locator("#id_password2").fill("another passphrase 9")
    submit(page, page.get_by_role("main").get_by_role("button", name="Hesap oluştur"))

    assert focused_element(page) == {"id": "", "classes": ["error-summary"]}
    page.get_by_role("alert").get_by_role("link", name="İki parola alanı eşleşmedi.").click()
    assert focused_element(page) == {"id": "id_password2", "classes": []}
    assert axe_violations(page) == []
