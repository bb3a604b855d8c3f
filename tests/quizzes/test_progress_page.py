""" "My progress": every quiz a learner started, grouped by guide, with statuses, scores and completion counts."""

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from pytest_django.asserts import assertContains, assertInHTML, assertNotContains

from quizzes.models import Attempt
from quizzes.standings import learner_standings
from tests.factories import answer_quiz, make_guide, make_quiz, make_user
from tests.pages import attribute, elements, find, has_class, own_text, texts_of, url

pytestmark = pytest.mark.django_db

# The page's queries: the session, the user, then quizzes.overview.learner_overview's five.
PROGRESS_PAGE_QUERIES = 7


def finished_on(attempt: Attempt, when: datetime) -> Attempt:
    """Give a finished attempt a known finishing date (and a start five minutes before it)."""
    Attempt.objects.filter(pk=attempt.pk).update(started_at=when - timedelta(minutes=5), finished_at=when)
    attempt.refresh_from_db()
    return attempt


def closed(attempt: Attempt) -> Attempt:
    """Close an unfinished attempt, as a guest's joining the account does to the one left behind."""
    Attempt.objects.filter(pk=attempt.pk).update(closed_at=datetime(2026, 3, 9, tzinfo=UTC))
    return attempt


def sections(page: bytes) -> list:
    return find(page, has_class("guide-progress"))


def heading(section) -> str:
    """A section's heading text: the guide's title (inside its link) or "Other quizzes"."""
    h2 = next(elements(section, "h2"))
    link = next(elements(h2, "a"), None)
    return own_text(link if link is not None else h2)


def quiz_titles(section) -> list[str]:
    titles = []
    for h3 in elements(section, "h3"):
        link = next(elements(h3, "a"), None)
        titles.append(own_text(link if link is not None else h3))
    return titles


@pytest.fixture
def known_attempts(learner):
    """A learner's known set of attempts, with other visitors' around them.

    - "Guide one" (published): Alpha (finished 3/3 on 1 March, then 1/3 on 2 March), Beta (finished 2/3 on
      3 March), Gamma (8 questions, 3 answered); Zeta, no longer published, finished 1/2 on 4 March.
    - "Guide two" (published): Gamma again, and Delta, which the learner did not start (only a closed attempt),
      which another learner and a guest finished.
    - "Guide three" (draft): Epsilon, finished 2/2 on 5 March.
    - Eta, in no guide, with only a closed attempt of the learner.
    """
    one = make_guide(slug="one", title="Guide one", ordering=1)
    two = make_guide(slug="two", title="Guide two", ordering=2)
    three = make_guide(slug="three", title="Guide three", published=False)
    alpha = make_quiz(slug="alpha", title="Alpha", questions=3)
    beta = make_quiz(slug="beta", title="Beta", questions=3)
    gamma = make_quiz(slug="gamma", title="Gamma", questions=8)
    delta = make_quiz(slug="delta", title="Delta", questions=2)
    epsilon = make_quiz(slug="epsilon", title="Epsilon", questions=2)
    zeta = make_quiz(slug="zeta", title="Zeta", questions=2)
    eta = make_quiz(slug="eta", title="Eta", questions=2)
    one.quizzes.set([alpha, beta, gamma, zeta])
    two.quizzes.set([gamma, delta])
    three.quizzes.set([epsilon])
    attempts = {
        "alpha_first": finished_on(answer_quiz(learner, alpha, [1, 1, 1]), datetime(2026, 3, 1, 9, 5, tzinfo=UTC)),
        "alpha_last": finished_on(answer_quiz(learner, alpha, [1, 2, 2]), datetime(2026, 3, 2, 14, 30, tzinfo=UTC)),
        "beta": finished_on(answer_quiz(learner, beta, [1, 2, 1]), datetime(2026, 3, 3, 10, 0, tzinfo=UTC)),
        "gamma": answer_quiz(learner, gamma, [1, 1, 2]),
        "zeta": finished_on(answer_quiz(learner, zeta, [2, 1]), datetime(2026, 3, 4, 16, 45, tzinfo=UTC)),
        "epsilon": finished_on(answer_quiz(learner, epsilon, [1, 1]), datetime(2026, 3, 5, 8, 0, tzinfo=UTC)),
        "delta_closed": closed(answer_quiz(learner, delta, [1])),
        "eta_closed": closed(answer_quiz(learner, eta, [1])),
        "delta_other": answer_quiz(make_user("other"), delta, [1, 1]),
    }
    zeta.published = False
    zeta.save()
    return attempts


def test_anonymous_visitor_is_sent_to_log_in_and_back(client):
    response = client.get(url("progress", "fr"))
    assert response.status_code == 302
    assert response.url == f"{url('login', 'fr')}?next=/fr/progress/"


def test_other_visitors_and_closed_attempts_never_appear(learner_client, known_attempts):
    """Delta (taken by another learner and a guest, only a closed attempt of the learner's) is not started;
    Eta (only a closed attempt) is not listed."""
    Client().post(url("quizzes:start", slug="delta"))  # a guest, in another browser
    assert Attempt.objects.filter(guest__isnull=False, quiz__slug="delta").count() == 1
    page = learner_client.get(url("progress")).content
    assert [heading(section) for section in sections(page)] == ["Guide one", "Guide two", "Other quizzes"]
    assert [quiz_titles(section) for section in sections(page)] == [
        ["Alpha", "Beta", "Gamma"],
        ["Delta", "Gamma"],
        ["Epsilon", "Zeta"],
    ]
    delta = find(sections(page)[1], has_class("quiz-progress"))[0]
    assert texts_of(str(delta), "status") == ["Not started"]
    assert texts_of(str(delta), "last-score") == []
    assert Attempt.objects.filter(quiz__slug="delta", finished_at__isnull=False).count() == 1  # the other's


COMPLETION = {
    "en": ["2 of 3 quizzes completed", "0 of 2 quizzes completed"],
    "fr": ["Quiz validés\u00a0: 2 sur 3", "Quiz validés\u00a0: 0 sur 2"],
    "tr": ["3 testten 2 tanesi başarıyla tamamlandı", "2 testten 0 tanesi başarıyla tamamlandı"],
}
STATUSES = {
    "en": ["Question 4 of 8", "Not started", "Question 4 of 8", "No longer available"],
    "fr": ["Question 4 de 8", "Pas encore commencé", "Question 4 de 8", "Plus disponible"],
    "tr": ["8 sorudan 4. soru", "Başlanmadı", "8 sorudan 4. soru", "Artık yayında değil"],
}
LAST_SCORES = {
    "en": [
        "Last score: 1/3, on March 2, 2026, 2:30 p.m.\u00a0UTC",
        "Last score: 2/3, on March 3, 2026, 10 a.m.\u00a0UTC",
        "Last score: 2/2, on March 5, 2026, 8 a.m.\u00a0UTC",
        "Last score: 1/2, on March 4, 2026, 4:45 p.m.\u00a0UTC",
    ],
    "fr": [
        "Dernier score\u00a0: 1/3, le 2 mars 2026 14:30\u00a0UTC",
        "Dernier score\u00a0: 2/3, le 3 mars 2026 10:00\u00a0UTC",
        "Dernier score\u00a0: 2/2, le 5 mars 2026 08:00\u00a0UTC",
        "Dernier score\u00a0: 1/2, le 4 mars 2026 16:45\u00a0UTC",
    ],
    "tr": [
        "Son puanınız: 1/3 (02 Mart 2026 14:30\u00a0UTC)",
        "Son puanınız: 2/3 (03 Mart 2026 10:00\u00a0UTC)",
        "Son puanınız: 2/2 (05 Mart 2026 08:00\u00a0UTC)",
        "Son puanınız: 1/2 (04 Mart 2026 16:45\u00a0UTC)",
    ],
}
BEST_SCORES = {
    "en": ["Best score: 3/3", "Best score: 2/3", "Best score: 2/2", "Best score: 1/2"],
    "fr": [f"Meilleur score\u00a0: {score}" for score in ("3/3", "2/3", "2/2", "1/2")],
    "tr": [f"En iyi puanınız: {score}" for score in ("3/3", "2/3", "2/2", "1/2")],
}
ALPHA_ATTEMPTS = {
    "en": [("March 2, 2026, 2:30 p.m.\u00a0UTC", "1/3"), ("March 1, 2026, 9:05 a.m.\u00a0UTC", "3/3")],
    "fr": [("2 mars 2026 14:30\u00a0UTC", "1/3"), ("1 mars 2026 09:05\u00a0UTC", "3/3")],
    "tr": [("02 Mart 2026 14:30\u00a0UTC", "1/3"), ("01 Mart 2026 09:05\u00a0UTC", "3/3")],
}


@pytest.mark.parametrize("language", ["en", "fr", "tr"])
def test_statuses_scores_dates_and_completion_are_exact_in_each_language(learner_client, known_attempts, language):
    page = learner_client.get(url("progress", language)).content
    assert texts_of(page, "completion") == COMPLETION[language]
    bars = [
        (attribute(bar, "value"), attribute(bar, "max"), attribute(bar, "aria-labelledby"))
        for bar in elements(page, "progress")
    ]
    assert bars == [("2", "3", "section-1-completion"), ("0", "2", "section-2-completion")]
    assert texts_of(page, "status") == STATUSES[language]
    assert texts_of(page, "last-score") == LAST_SCORES[language]
    assert texts_of(page, "best-score") == BEST_SCORES[language]
    alpha = find(page, has_class("finished-attempts"))[0]
    rows = [[own_text(next(elements(td, "a"), td)) for td in elements(row, "td")] for row in elements(alpha, "tr")]
    assert [tuple(row) for row in rows if row] == ALPHA_ATTEMPTS[language]
    assert [attribute(link, "href") for link in elements(alpha, "a")] == [
        url("quizzes:attempt_results", language, slug="alpha", pk=known_attempts[key].pk)
        for key in ("alpha_last", "alpha_first")
    ]


def test_standings_count_every_question_of_each_quiz(learner):
    """``learner_standings`` groups question counts by quiz alone, not per question (the default ordering)."""
    eight, three = make_quiz(slug="eight", questions=8), make_quiz(slug="three", questions=3)
    answer_quiz(learner, eight, [1, 1, 2])
    answer_quiz(learner, three, [1])
    standings = learner_standings(learner=learner, quiz_ids=[eight.pk, three.pk])
    assert [(standings[quiz.pk].number, standings[quiz.pk].question_count) for quiz in (eight, three)] == [
        (4, 8),
        (2, 3),
    ]


def test_unfinished_quiz_offers_resume_which_goes_to_the_next_question(learner_client, known_attempts):
    page = learner_client.get(url("progress")).content
    gamma = find(sections(page)[0], has_class("quiz-progress"))[2]
    form = next(elements(gamma, "form"))
    assert (attribute(form, "method"), attribute(form, "action")) == ("post", url("quizzes:start", slug="gamma"))
    assert [attribute(field, "name") for field in elements(form, "input")] == ["csrfmiddlewaretoken"]
    assert [own_text(button) for button in elements(form, "button")] == ["Resume"]
    response = learner_client.post(url("quizzes:start", slug="gamma"))
    assert response.url == url("quizzes:question", slug="gamma", number=4)


def test_unfinished_attempt_with_nothing_left_offers_its_results(learner, learner_client):
    """An author removed the questions the attempt had left: no "Question N of M", a button to its results."""
    quiz = make_quiz(slug="cut", title="Cut short", questions=2)
    make_guide().quizzes.add(quiz)
    answer_quiz(learner, quiz, [1])
    quiz.questions.get(position=2).delete()
    page = learner_client.get(url("progress", "fr")).content
    assert texts_of(page, "status") == ["Vous avez répondu à toutes les questions."]
    assert texts_of(page, "completion") == ["Quiz validé\u00a0: 0 sur 1"]
    form = next(elements(find(page, has_class("quiz-progress"))[0], "form"))
    assert attribute(form, "action") == url("quizzes:start", "fr", slug="cut")
    assert [own_text(button) for button in elements(form, "button")] == ["Voir vos résultats"]


def test_a_quiz_no_longer_published_shows_its_results_without_a_way_to_its_page(learner_client, known_attempts):
    page = learner_client.get(url("progress")).content
    zeta = find(page, has_class("quiz-progress"))[-1]
    assert quiz_titles(zeta) == ["Zeta"]
    assert [attribute(link, "href") for link in elements(zeta, "a")] == [
        url("quizzes:attempt_results", slug="zeta", pk=known_attempts["zeta"].pk)
    ]
    assert list(elements(zeta, "form")) == []
    response = learner_client.get(url("quizzes:attempt_results", slug="zeta", pk=known_attempts["zeta"].pk))
    assertInHTML('<span class="score-value">1/2</span>', response.content.decode())


def test_a_quiz_in_a_guide_links_to_its_page_and_the_guide_heading_to_the_guide(learner_client, known_attempts):
    page = learner_client.get(url("progress", "fr")).content.decode()
    assertInHTML(
        '<h2 id="section-1-heading" lang="en"><a href="/fr/guides/one/">Guide one</a></h2>'
        '<span class="untranslated-marker is-short" lang="fr"><span class="language-code" aria-hidden="true">en</span>'
        '<span class="visually-hidden">En anglais</span></span>',
        page,
    )
    assertInHTML(
        f'<h3 id="quiz-2-{known_attempts["delta_closed"].quiz_id}" lang="en">'
        '<a href="/fr/quizzes/delta/">Delta</a></h3>',
        page,
    )


def test_translated_guide_and_quiz_titles_carry_no_fallback_marker(learner, learner_client):
    guide = make_guide(title="Parallel computing", title_tr="Paralel hesaplama")
    quiz = make_quiz(title="Data parallelism", title_tr="Veri paralelliği", questions=2)
    guide.quizzes.add(quiz)
    answer_quiz(learner, quiz, [1])
    page = learner_client.get(url("progress", "tr")).content.decode()
    assertInHTML('<h2 id="section-1-heading" lang="tr"><a href="/tr/guides/guide/">Paralel hesaplama</a></h2>', page)
    assertInHTML(f'<h3 id="quiz-1-{quiz.pk}" lang="tr"><a href="/tr/quizzes/quiz/">Veri paralelliği</a></h3>', page)
    assertNotContains(learner_client.get(url("progress", "tr")), "untranslated-marker")


def test_a_learner_who_started_nothing_is_pointed_to_the_home_page(learner_client):
    make_quiz()
    response = learner_client.get(url("progress", "fr"))
    assertContains(
        response,
        '<p class="empty">Vous n’avez encore commencé aucun quiz. '
        '<a href="/fr/">Choisissez-en un parmi les guides et les quiz</a>.</p>',
        html=True,
    )
    assert sections(response.content) == []


def test_header_links_to_my_progress_for_learners_marked_current_on_it(client, learner_client):
    on_page = learner_client.get(url("progress", "tr")).content.decode()
    assertInHTML('<a class="nav-link" href="/tr/progress/" aria-current="page">İlerlemem</a>', on_page)
    elsewhere = learner_client.get(url("home", "tr")).content.decode()
    assertInHTML('<a class="nav-link" href="/tr/progress/">İlerlemem</a>', elsewhere)
    learner_client.logout()
    assertNotContains(client.get(url("home")), "/en/progress/")


class TestAttemptResults:
    """``quizzes:attempt_results``, where the page's attempt links lead: a learner's own finished attempts only."""

    def test_each_of_the_learners_finished_attempts_opens_its_own_results(self, learner_client, known_attempts):
        for key, score in [("alpha_first", "3/3"), ("alpha_last", "1/3")]:
            response = learner_client.get(url("quizzes:attempt_results", slug="alpha", pk=known_attempts[key].pk))
            assertInHTML(f'<span class="score-value">{score}</span>', response.content.decode())

    def test_another_learners_attempt_is_not_found(self, learner_client, known_attempts):
        pk = known_attempts["delta_other"].pk
        assert learner_client.get(url("quizzes:attempt_results", slug="delta", pk=pk)).status_code == 404

    def test_a_guests_attempt_is_not_found(self, learner_client, known_attempts):
        guest = Client()
        guest.post(url("quizzes:start", slug="beta"))
        for position in (1, 2, 3):
            choice = Attempt.objects.get(guest__isnull=False).quiz.questions.get(position=position).choices.first()
            guest.post(url("quizzes:question", slug="beta", number=position), {"choice": choice.pk})
        attempt = Attempt.objects.get(guest__isnull=False)
        assert attempt.is_finished
        assert guest.get(url("quizzes:attempt_results", slug="beta", pk=attempt.pk)).status_code == 200
        assert learner_client.get(url("quizzes:attempt_results", slug="beta", pk=attempt.pk)).status_code == 404

    def test_an_unfinished_or_closed_attempt_is_not_found(self, learner_client, known_attempts):
        for slug, key in [("gamma", "gamma"), ("delta", "delta_closed"), ("eta", "eta_closed")]:
            response = learner_client.get(url("quizzes:attempt_results", slug=slug, pk=known_attempts[key].pk))
            assert response.status_code == 404

    def test_an_attempt_at_another_quiz_is_not_found(self, learner_client, known_attempts):
        pk = known_attempts["beta"].pk
        assert learner_client.get(url("quizzes:attempt_results", slug="alpha", pk=pk)).status_code == 404
