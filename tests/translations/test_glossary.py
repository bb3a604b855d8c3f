"""The glossary: which translations lack the approved term (``translations.glossary``), on made-up texts and
exactly on the demo quiz."""

from io import StringIO

import pytest
from django.core.management import call_command

from quizzes.translation_rows import quiz_texts
from translations.glossary import Entry, load_demo_terms, load_glossary, off_glossary
from translations.models import GlossaryRendering, GlossaryTerm
from translations.states import rows

GLOSSARY = [
    Entry("all-reduce", keep_as_is=True),
    Entry("batch", renderings={"fr": "lot", "tr": "yığın"}),
    Entry("GPU", keep_as_is=True),
    Entry("gradient", renderings={"fr": "gradient", "tr": "gradyan"}),
    Entry("layer", renderings={"fr": "couche", "tr": "katman"}),
    Entry("worker", keep_as_is=True),
]


def flagged(english: str, translation: str, language: str) -> tuple[str, ...]:
    return off_glossary(english, translation, language, GLOSSARY)


@pytest.mark.parametrize(
    "translation",
    [
        "Tüm gradyanları topla.",
        "Her gradyan'ı topla.",
        "GRADYANLARIN toplamı.",
        "Gradyan hesaplanır.",
    ],
)
def test_turkish_suffixes_and_apostrophes_keep_the_term(translation):
    assert flagged("Sum the gradients.", translation, "tr") == ()


@pytest.mark.parametrize(
    ("english", "translation"),
    [
        ("Each GPU holds a replica.", "Her GPU'nun bir kopyası var."),
        ("Across all GPUs.", "Tüm GPU'lar arasında."),
        ("A slice of the model's layers.", "Modelin katmanlarının farklı bir dilimi."),
    ],
)
def test_turkish_keep_as_is_and_renderings_with_suffixes(english, translation):
    assert flagged(english, translation, "tr") == ()


@pytest.mark.parametrize("translation", ["YIĞIN boyutu", "Yığının boyutu", "yiğin boyutu"])
def test_turkish_dotted_and_dotless_i_match_whatever_the_case(translation):
    """İ/I/ı/i fold to one letter (``quizsite.search.fold_text``): "YIĞIN" is "yığın"."""
    assert flagged("The batch size", translation, "tr") == ()


def test_dotted_capital_i_in_the_english_term_matches():
    glossary = [Entry("Istanbul", renderings={"tr": "İstanbul"})]
    assert off_glossary("ISTANBUL is big", "İSTANBUL büyük", "tr", glossary) == ()
    assert off_glossary("istanbul is big", "Ankara büyük", "tr", glossary) == ("Istanbul",)


@pytest.mark.parametrize(
    ("english", "translation"),
    [
        ("Average the gradients.", "Moyenner les gradients."),
        ("The layers", "Les couches"),
        ("Several batches", "Plusieurs lots"),
        ("The workers", "Les workers"),
        ("Overlap the all-reduce", "Superposer l'all-reduce"),
        ("A batch", "Un LOT"),
    ],
)
def test_french_plural_case_and_elision_keep_the_term(english, translation):
    assert flagged(english, translation, "fr") == ()


def test_french_rendering_does_not_match_a_longer_word():
    assert flagged("The batch", "La lotion", "fr") == ("batch",)


@pytest.mark.parametrize(
    ("translation", "language"),
    [("La moyenne des dégradés", "fr"), ("La moyenne des degrades", "fr"), ("Degradelerin ortalaması", "tr")],
)
def test_accents_are_not_ignored_and_a_lookalike_is_no_rendering(translation, language):
    assert flagged("The average of gradients", translation, language) == ("gradient",)


def test_decomposed_accents_match_composed_ones():
    glossary = [Entry("layer", renderings={"fr": "épaisseur"})]
    assert off_glossary("The layer", "L'e\u0301paisseur", "fr", glossary) == ()


def test_english_term_inside_another_word_is_not_checked():
    assert flagged("Sum over microbatches", "Somme sur les micro-parties", "fr") == ()
    assert flagged("A multilayer model", "Un modèle multicalque", "fr") == ()


@pytest.mark.parametrize("english", ["The batches", "A batch", "BATCH size", "batch-size"])
def test_english_plural_case_and_hyphen_find_the_term(english):
    assert flagged(english, "parti", "tr") == ("batch",)


def test_keep_as_is_term_translated_is_flagged():
    assert flagged("All-reduce, which averages gradients", "Gradyanların ortalamasını alan All-azaltma", "tr") == (
        "all-reduce",
    )


def test_hyphenated_term_matches_unicode_hyphens_and_case():
    assert flagged("An ALL-REDUCE", "Un All\u2011reduce", "fr") == ()


def test_every_flagged_term_in_glossary_order():
    assert flagged("By overlapping gradient all-reduce on GPUs", "Degradeyi tamamen azaltın (GPU)", "tr") == (
        "all-reduce",
        "gradient",
    )


def test_term_absent_for_a_language_is_not_checked_there():
    glossary = [Entry("layer", renderings={"fr": "couche"})]
    assert off_glossary("The layers", "Katmanlar", "tr", glossary) == ()
    assert off_glossary("The layers", "Les calques", "fr", glossary) == ("layer",)


def test_keep_as_is_wins_over_renderings():
    glossary = [Entry("GPU", keep_as_is=True, renderings={"fr": "processeur graphique"})]
    assert off_glossary("Each GPU", "Chaque processeur graphique", "fr", glossary) == ("GPU",)


def test_no_term_in_the_english_flags_nothing():
    assert flagged("Which communication operation keeps replicas synchronized?", "Quelle opération ?", "fr") == ()


# --- The demo glossary ----------------------------------------------------------------------------------------

DEMO_TERMS = [
    ("GPU", True, {}),
    ("NCCL", True, {}),
    ("all-reduce", True, {}),
    ("batch", False, {"fr": "lot", "tr": "yığın"}),
    ("gradient", False, {"fr": "gradient", "tr": "gradyan"}),
    ("layer", False, {"fr": "couche", "tr": "katman"}),
    ("worker", True, {}),
]


def glossary_rows() -> list[tuple[str, bool, dict[str, str]]]:
    return sorted(
        (term.term, term.keep_as_is, {rendering.language: rendering.rendering for rendering in term.renderings.all()})
        for term in GlossaryTerm.objects.prefetch_related("renderings")
    )


@pytest.mark.django_db
def test_load_demo_adds_the_demo_terms_once_and_keeps_an_authors_changes():
    output = StringIO()
    call_command("load_demo", stdout=output)
    assert output.getvalue().splitlines()[3:] == [
        "Added the glossary terms “gradient”, “layer”, “batch”, “worker”, “all-reduce”, “NCCL”, “GPU”."
    ]
    assert glossary_rows() == DEMO_TERMS

    GlossaryRendering.objects.filter(term__term="batch", language="tr").update(rendering="parti")
    GlossaryTerm.objects.filter(term="layer").update(term="Layer")
    output = StringIO()
    call_command("load_demo", stdout=output)
    assert output.getvalue().splitlines()[3:] == [
        "The glossary terms “gradient”, “layer”, “batch”, “worker”, “all-reduce”, “NCCL”, “GPU” are already "
        "there; left unchanged."
    ]
    assert glossary_rows() == [
        ("GPU", True, {}),
        ("Layer", False, {"fr": "couche", "tr": "katman"}),
        ("NCCL", True, {}),
        ("all-reduce", True, {}),
        ("batch", False, {"fr": "lot", "tr": "parti"}),
        ("gradient", False, {"fr": "gradient", "tr": "gradyan"}),
        ("worker", True, {}),
    ]


@pytest.mark.django_db
def test_load_demo_terms_adds_only_the_missing_ones():
    GlossaryTerm.objects.create(term="GPU", keep_as_is=False)
    result = load_demo_terms()
    assert (result.added, result.kept) == (["gradient", "layer", "batch", "worker", "all-reduce", "NCCL"], ["GPU"])
    assert GlossaryTerm.objects.get(term="GPU").keep_as_is is False


@pytest.mark.django_db
def test_load_glossary_orders_terms_the_same_on_every_database():
    load_demo_terms()
    assert [entry.term for entry in load_glossary()] == [
        "all-reduce",
        "batch",
        "GPU",
        "gradient",
        "layer",
        "NCCL",
        "worker",
    ]


# Every off-glossary text of the demo quiz and its guide, read by hand from quizzes/demo/data-parallelism.json:
# (model, question key or "", choice key or "", field, language) → the terms flagged.
DEMO_FLAGS = {
    # "…de la formation entre les travailleurs": workers translated.
    ("quiz", "", "", "description", "fr"): ("worker",),
    # "…partinin kendisine düşen dilimi": batch as "parti".
    ("question", "what-each-gpu-holds", "", "explanation", "tr"): ("batch",),
    ("choice", "what-each-gpu-holds", "full-replica", "text", "tr"): ("batch",),
    # "…des calques du modèle".
    ("choice", "what-each-gpu-holds", "slice-of-layers", "text", "fr"): ("layer",),
    # "…la moyenne des dégradés…" / "…degradelerin ortalamasını alan All-azaltma".
    ("choice", "replica-synchronization", "all-reduce", "text", "fr"): ("gradient",),
    ("choice", "replica-synchronization", "all-reduce", "text", "tr"): ("all-reduce", "gradient"),
    # "En superposant le dégradé, réduisez tout…" / "…degradeyi tamamen azaltın".
    ("choice", "ddp-latency-hiding", "overlap-with-backward", "text", "fr"): ("all-reduce", "gradient"),
    ("choice", "ddp-latency-hiding", "overlap-with-backward", "text", "tr"): ("all-reduce", "gradient"),
    ("choice", "ddp-latency-hiding", "skip-alternate-steps", "text", "fr"): ("gradient",),
    ("choice", "ddp-latency-hiding", "skip-alternate-steps", "text", "tr"): ("gradient",),
    ("choice", "ddp-latency-hiding", "single-number", "text", "fr"): ("gradient",),
    ("choice", "ddp-latency-hiding", "single-number", "text", "tr"): ("gradient",),
}


def where(instance) -> tuple[str, str, str]:
    """``(model, question key, choice key)`` of a demo text's instance."""
    model = instance._meta.model_name
    if model == "choice":
        return (model, instance.question.key, instance.key)
    if model == "question":
        return (model, instance.key, "")
    return (model, "", "")


@pytest.mark.django_db
def test_demo_glossary_flags_exactly_the_demos_wrong_terms(demo_quiz):
    load_demo_terms()
    found = {
        (*where(row.instance), row.field, code): cell.off_glossary
        for row in rows(quiz_texts(demo_quiz))
        for code, cell in row.cells.items()
        if cell.off_glossary
    }
    assert found == DEMO_FLAGS


CORRECT_USES = [
    ("question", "replica-synchronization", "", "explanation", "tr"),  # "gradyanları tüm GPU'lar arasında"
    ("question", "ddp-latency-hiding", "", "explanation", "tr"),  # "DDP gradyanları…all-reduce"
    ("question", "replica-synchronization", "", "explanation", "fr"),  # "un all-reduce…des gradients…GPU"
    ("question", "what-each-gpu-holds", "", "explanation", "fr"),  # "…portion du lot"
    ("choice", "what-each-gpu-holds", "slice-of-layers", "text", "tr"),  # "katmanlarının"
    ("guide", "", "", "summary", "fr"),  # "GPU…chaque lot…les gradients par all-reduce"
    ("guide", "", "", "body", "fr"),  # "worker…workers…micro-lots…NCCL"
]


@pytest.mark.django_db
def test_demo_glossary_accepts_the_correct_uses(demo_quiz):
    """Texts whose English has glossary terms and whose translation uses the approved ones are checked and pass."""
    load_demo_terms()
    checked = {
        (*where(row.instance), row.field, code): cell.off_glossary
        for row in rows(quiz_texts(demo_quiz))
        for code, cell in row.cells.items()
        if cell.text
    }
    assert [checked[key] for key in CORRECT_USES] == [()] * len(CORRECT_USES)


def test_typographic_apostrophes_count_as_the_plain_one():
    glossary = [Entry("optimizer state", renderings={"fr": "état de l'optimiseur"}), Entry("GPU", keep_as_is=True)]

    assert off_glossary("The optimizer state.", "L’état de l’optimiseur.", "fr", glossary) == ()
    assert off_glossary("Each GPU.", "Her GPU’nun bir kopyası var.", "tr", glossary) == ()
    assert off_glossary("The optimizer state.", "L’état de l’optimisation.", "fr", glossary) == ("optimizer state",)
