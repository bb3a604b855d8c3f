"""A learner signs up in Turkish in a real browser, takes the seed quiz, leaves, resumes and gets the score."""

import re

import pytest

from quizzes.content import DEMO_FILE, quiz_create_from_data, read_quiz_file
from quizzes.models import Choice

pytestmark = pytest.mark.django_db(transaction=True)


def test_learner_signs_up_takes_the_quiz_in_turkish_resumes_and_sees_the_score(page, live_server, tmp_path):
    quiz = quiz_create_from_data(read_quiz_file(DEMO_FILE)).quiz
    correct = {c.question.position: c.text_tr or c.text_en for c in Choice.objects.filter(is_correct=True)}
    wrong = {c.question.position: c.text_tr or c.text_en for c in Choice.objects.filter(is_correct=False, position=4)}
    wrong[4] = Choice.objects.get(question__quiz=quiz, question__position=4, position=1).text_en

    page.goto(live_server.url + "/")
    assert page.url == live_server.url + "/tr/"
    page.get_by_role("link", name="Veri Paralelliği Testi").click()
    assert page.locator("html").get_attribute("lang") == "tr"
    page.get_by_role("link", name="Kaydol").first.click()
    page.get_by_label("Kullanıcı adı").fill("deniz")
    page.locator("#id_password1").fill("a quiz for learners")
    page.locator("#id_password2").fill("a quiz for learners")
    page.get_by_role("button", name="Hesap oluştur").click()
    assert page.url == live_server.url + "/tr/quizzes/data-parallelism/"

    page.get_by_role("button", name="Başla").click()
    # Questions 1-3: right, wrong, right; then leave.
    for position, text in [(1, correct[1]), (2, wrong[2]), (3, correct[3])]:
        assert page.locator(".progress-label").inner_text() == f"8 sorudan {position}. soru"
        page.get_by_label(text, exact=True).check()
        page.get_by_role("button", name="Kontrol et").click()
        page.get_by_role("link", name="Sonraki soru").click()
    page.screenshot(path=tmp_path / "question-4-phone.png", full_page=True)

    page.goto(live_server.url + "/tr/")
    page.get_by_role("link", name="Veri Paralelliği Testi").click()
    assert "8 sorudan 4. soru" in page.locator(".quiz-status").inner_text()
    page.get_by_role("button", name="Devam et").click()
    assert page.url.endswith("/tr/quizzes/data-parallelism/questions/4/")
    # Question 4 has no Turkish translation: it is shown in English, marked, and tagged lang="en".
    assert page.locator("article.question").get_attribute("lang") == "en"
    assert page.locator(".untranslated-marker").count() == 1
    for position in range(4, 9):
        page.get_by_label(correct[position] if position != 4 else wrong[4], exact=True).check()
        page.get_by_role("button", name="Kontrol et").click()
        feedback = page.locator(".feedback").inner_text()
        assert feedback == ("Bildiniz!" if position != 4 else "Bilemediniz.")
        assert page.locator(".explanation").count() == 1
        if position < 8:
            page.get_by_role("link", name="Sonraki soru").click()
    page.get_by_role("link", name="Sonuçları gör").click()
    assert page.locator(".score-value").inner_text() == "6/8"
    assert re.search(r"/tr/quizzes/data-parallelism/results/$", page.url)
