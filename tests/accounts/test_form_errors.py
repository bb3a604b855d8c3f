"""A refused account form: "Error:" in the page's title, a summary that takes the focus and links each problem to
its field, and each field in error marked invalid and described by its message (templates/includes/
error_summary.html, Django's own field rendering)."""

import pytest
from django import forms
from django.contrib.auth.tokens import default_token_generator
from django.template.loader import render_to_string
from django.test.html import Element
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from tests.factories import PASSWORD, make_user
from tests.pages import attribute, attributes, elements, find, has_class, url

pytestmark = pytest.mark.django_db
NEW_PASSWORD = "a new and longer passphrase 7"
ERROR_WORD = {"en": "Error:", "fr": "Erreur\u00a0:", "tr": "Hata:"}
SUMMARY_TITLE = {"en": "There is a problem", "fr": "Il y a un problème", "tr": "Bir sorun var"}
# Per form: the page's title, and the error each language shows, with the id of the field in error (None: the
# form's own error, not a field's).
LOGIN = {
    "page": "login",
    "logged_in": False,
    "data": {"username": "ada", "password": "not the password"},
    "autofocus": "id_username",
    "title": {"en": "Log in", "fr": "Se connecter", "tr": "Giriş yap"},
    "field": None,
    "error": {
        "en": "Please enter a correct username and password. Note that both fields may be case-sensitive.",
        "fr": "Saisissez un nom d’utilisateur et un mot de passe valides. Remarquez que chacun de ces champs est "
        "sensible à la casse (différenciation des majuscules/minuscules).",
        "tr": "Lütfen doğru kullanıcı adı ve parola girin. Her iki alanın da büyük/küçük harfe duyarlı olabileceğini "
        "unutmayın.",
    },
}
SIGNUP = {
    "page": "signup",
    "logged_in": False,
    "data": {"username": "bob", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD + "!"},
    "autofocus": "id_username",
    "title": {"en": "Sign up", "fr": "S’inscrire", "tr": "Kaydol"},
    "field": "id_password2",
    "error": {
        "en": "The two password fields didn’t match.",
        "fr": "Les deux mots de passe ne correspondent pas.",
        "tr": "İki parola alanı eşleşmedi.",
    },
}
PASSWORD_CHANGE = {
    "page": "password_change",
    "logged_in": True,
    "data": {"old_password": "not the password", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    "autofocus": "id_old_password",
    "title": {"en": "Change your password", "fr": "Changer votre mot de passe", "tr": "Parolanızı değiştirin"},
    "field": "id_old_password",
    "error": {
        "en": "That is not your password.",
        "fr": "Ce n’est pas votre mot de passe.",
        "tr": "Bu sizin parolanız değil.",
    },
}


def text(element: Element | str) -> str:
    """All the text inside ``element``, its children's too, as a reader hears it."""
    if isinstance(element, str):
        return element
    return " ".join(text(child) for child in element.children).strip()


def page_title(content: bytes) -> str:
    """The exact text of the page's <title>, no-break spaces kept (the HTML parser would make them spaces)."""
    page = content.decode()
    return page[page.index("<title>") + len("<title>") : page.index("</title>")]


# Between a field's label and its error in the summary ("Username: This field is required.").
LABEL_SEPARATOR = {"en": ": ", "fr": "\N{NO-BREAK SPACE}: ", "tr": ": "}


def labelled(content: bytes, field: str, error: str, language: str = "en") -> str:
    """``error`` as the summary words it for the field whose id is ``field``: after the field's label, as the
    page's <label> shows it without its suffix (":", " :")."""
    (label,) = [node for node in elements(content, "label") if attribute(node, "for") == field]
    name = text(label).removesuffix(":").rstrip("\N{NO-BREAK SPACE} ")
    return f"{name}{LABEL_SEPARATOR[language]}{error}"


def summary_of(content: bytes) -> Element | None:
    found = find(content, has_class("error-summary"))
    assert len(found) <= 1
    return found[0] if found else None


def by_id(content: bytes, element_id: str) -> Element:
    (element,) = find(content, lambda node: attribute(node, "id") == element_id)
    return element


def focused(response) -> list[str | None]:
    """The id (or else the class) of every element with ``autofocus``: HTML allows one per page."""
    found = find(response.content, lambda node: "autofocus" in attributes(node))
    return [attribute(node, "id") or attribute(node, "class") for node in found]


@pytest.mark.parametrize("language", ["en", "fr", "tr"])
@pytest.mark.parametrize("form", [LOGIN, SIGNUP, PASSWORD_CHANGE], ids=["login", "signup", "password_change"])
def test_a_refused_form_says_error_in_the_title_and_summarises_and_links_the_problem(client, language, form):
    ada = make_user("ada")
    if form["logged_in"]:
        client.force_login(ada)
    before = client.get(url(form["page"], language))
    assert page_title(before.content) == f"{form['title'][language]} · Quizsite"
    assert (summary_of(before.content), focused(before)) == (None, [form["autofocus"]])
    assert not find(before.content, lambda node: attribute(node, "aria-invalid") is not None)

    response = client.post(url(form["page"], language), form["data"])

    assert response.status_code == 200
    assert page_title(response.content) == f"{ERROR_WORD[language]} {form['title'][language]} · Quizsite"
    summary = summary_of(response.content)
    assert attributes(summary) == {
        "class": "error-summary",
        "role": "alert",
        "tabindex": "-1",
        "autofocus": None,
        "aria-labelledby": "error-summary-title",
    }
    assert focused(response) == ["error-summary"]  # no longer the field's, which Django's auth forms put there
    assert text(by_id(response.content, "error-summary-title")) == SUMMARY_TITLE[language]
    error = form["error"][language]
    links = list(elements(summary, "a"))
    if form["field"] is None:
        assert [text(item) for item in elements(summary, "li")] == [error]
        assert links == []
    else:
        expected = labelled(response.content, form["field"], error, language)
        assert [(attribute(link, "href"), text(link)) for link in links] == [(f"#{form['field']}", expected)]
        field = by_id(response.content, form["field"])
        assert (field.name, attribute(field, "aria-invalid")) == ("input", "true")
        described_by = [text(by_id(response.content, name)) for name in attribute(field, "aria-describedby").split()]
        assert error in described_by
        assert text(by_id(response.content, f"{form['field']}_error")) == error


def reset_confirm_url(client, user) -> str:
    """The "choose a new password" page of ``user``'s reset link, as Django redirects to it (token in session)."""
    uidb64, token = urlsafe_base64_encode(force_bytes(user.pk)), default_token_generator.make_token(user)
    link = url("password_reset_confirm", uidb64=uidb64, token=token)
    return client.get(link, follow=True).redirect_chain[-1][0]


@pytest.mark.parametrize(
    ("page", "data", "field", "error"),
    [
        ("account", {"email": "nope", "password": PASSWORD}, "id_email", "Enter a valid e-mail address."),
        ("account_delete", {"password": "wrong"}, "id_password", "That is not your password."),
        ("password_reset", {"email": "nope"}, "id_email", "Enter a valid e-mail address."),
        ("reset_confirm", {"new_password1": NEW_PASSWORD, "new_password2": "other"}, "id_new_password2", None),
    ],
)
def test_every_other_account_form_summarises_its_errors(client, page, data, field, error):
    user = make_user("ada")
    if page == "reset_confirm":
        address, error = reset_confirm_url(client, user), SIGNUP["error"]["en"]
    else:
        client.force_login(user)
        address = url(page)
    response = client.post(address, data)

    assert page_title(response.content).startswith("Error: ")
    summary = summary_of(response.content)
    assert attribute(summary, "role") == "alert"
    expected = labelled(response.content, field, error)
    assert [(attribute(link, "href"), text(link)) for link in elements(summary, "a")] == [(f"#{field}", expected)]
    assert attribute(by_id(response.content, field), "aria-invalid") == "true"


class RadioForm(forms.Form):
    """A form like the quiz's answer form: a radio group (no single element to label) and a hidden field."""

    choice = forms.ChoiceField(choices=[("1", "One"), ("2", "Two")], widget=forms.RadioSelect)
    step = forms.IntegerField(widget=forms.HiddenInput)

    def clean(self):
        raise forms.ValidationError("This question has changed.")


def test_the_summary_links_a_radio_group_by_its_first_radio_and_lists_other_errors_as_text():
    form = RadioForm({"step": "x"})
    summary = summary_of(render_to_string("includes/error_summary.html", {"form": form}).encode())

    assert [text(item) for item in elements(summary, "li")] == [
        "This question has changed.",
        "Choice: This field is required.",
        "Enter a whole number.",
    ]
    assert [(attribute(link, "href"), text(link)) for link in elements(summary, "a")] == [
        ("#id_choice_0", "Choice: This field is required.")
    ]


class ValidRadioForm(RadioForm):
    def clean(self):
        return self.cleaned_data


@pytest.mark.parametrize("data", [None, {"choice": "1", "step": "2"}], ids=["unbound", "valid"])
def test_the_summary_is_nothing_for_a_form_without_errors(data):
    assert render_to_string("includes/error_summary.html", {"form": ValidRadioForm(data)}).strip() == ""


@pytest.mark.parametrize("name", ["login", "signup", "password_reset", "account", "password_change", "account_delete"])
def test_forms_leave_checking_to_the_site_so_that_its_summary_reports_every_error(client, name):
    """``novalidate``: the browser's own bubbles ("Please fill out this field.") speak the browser's language, one
    field at a time, and never reach the summary."""
    if name in {"account", "password_change", "account_delete"}:
        client.force_login(make_user())
    forms = [form for form in elements(client.get(url(name, "tr")).content, "form") if has_class("stacked-form")(form)]
    expected = [True, True] if name == "account" else [True]  # the account page: e-mail, then time zone
    assert [("novalidate" in dict(form.attributes)) for form in forms] == expected
