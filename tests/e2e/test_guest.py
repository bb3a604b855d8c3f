"""A guest takes the seed quiz in Turkish in a real browser, signs up at the results, and finds the attempt on the
progress page; axe-core finds nothing on the pages a guest meets."""

import re

import pytest

from quizzes.content import DEMO_FILE, quiz_create_from_data, read_quiz_file
from quizzes.models import Attempt, Choice
from tests.e2e.conftest import axe_violations

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_guest_takes_the_quiz_in_turkish_signs_up_at_the_results_and_finds_it_on_the_progress_page(page, live_server):
    quiz_create_from_data(read_quiz_file(DEMO_FILE))
    # The choice picked for each question: the right one, but a wrong one for question 2; labelled with the
    # text the page shows (English where the Turkish is missing).
    labels = {}
    for choice in Choice.objects.select_related("question").order_by("question__position", "position"):
        if choice.is_correct != (choice.question.position == 2):
            labels.setdefault(choice.question.position, choice.text_tr or choice.text_en)

    page.goto(live_server.url + "/tr/")
    card = page.locator(".card", has=page.get_by_role("link", name="Veri Paralelliği Testi"))
    assert card.locator(".quiz-standing").inner_text() == "Başlanmadı"
    page.get_by_role("link", name="Veri Paralelliği Testi").click()
    assert axe_violations(page) == []
    page.get_by_role("button", name="Başla").click()
    for position in range(1, 9):
        assert page.locator(".progress-label").inner_text() == f"8 sorudan {position}. soru"
        page.get_by_label(labels[position], exact=True).check()
        page.get_by_role("button", name="Kontrol et").click()
        if position == 3:
            assert axe_violations(page) == []
        if position < 8:
            page.get_by_role("link", name="Sonraki soru").click()
    page.get_by_role("link", name="Sonuçları gör").click()
    assert page.locator(".score-value").inner_text() == "7/8"
    assert axe_violations(page) == []
    attempt = Attempt.objects.get()
    assert (attempt.learner, attempt.guest is not None) == (None, True)

    page.locator(".guest-invitation").get_by_role("link", name="kaydolun").click()
    page.get_by_label("Kullanıcı adı").fill("deniz")
    page.locator("#id_password1").fill("a quiz for learners")
    page.locator("#id_password2").fill("a quiz for learners")
    page.get_by_role("button", name="Hesap oluştur").click()
    assert re.search(r"/tr/quizzes/data-parallelism/results/$", page.url)
    assert page.locator(".score-value").inner_text() == "7/8"
    assert page.locator(".guest-invitation").count() == 0

    page.get_by_role("link", name="İlerlemem").click()
    assert page.url == live_server.url + "/tr/progress/"
    assert axe_violations(page) == []
    section = page.locator("section.guide-progress").first
    # The guide has no Turkish title yet: it shows in English.
    assert section.locator("h2").inner_text() == "Data parallelism"
    assert section.locator(".completion").inner_text() == "1 testten 1 tanesi başarıyla tamamlandı"
    quiz_card = section.locator(".quiz-progress")
    assert re.fullmatch(r"Son puanınız: 7/8 \(.+\)", quiz_card.locator(".last-score").inner_text())
    quiz_card.locator(".finished-attempts a").click()
    attempt.refresh_from_db()
    assert attempt.learner.username == "deniz"
    assert page.url == f"{live_server.url}/tr/quizzes/data-parallelism/results/{attempt.pk}/"
    assert page.locator(".score-value").inner_text() == "7/8"
