"""The generated data set's texts, one template per kind of text and language (see ``bench.data``).

No tab, newline or backslash in the questions and choices: answers copy their texts in COPY's text format as they are.
"""

TEXTS = {
    "guide_title": {
        "en": "Guide {n}: data parallelism",
        "fr": "Guide {n} : le parallélisme",
        "tr": "Rehber {n}: paralellik",
    },
    "guide_summary": {
        "en": "What guide {n} explains, in one sentence for the cards.",
        "fr": "Ce qu’explique le guide {n}, en une phrase pour les cartes.",
        "tr": "Rehber {n} kartlar için tek cümlede ne anlatıyor.",
    },
    "guide_paragraph": {
        "en": "Paragraph {p} of guide {n}: splitting a batch across devices, then averaging the gradients.",
        "fr": "Paragraphe {p} du guide {n} : répartir un lot entre les appareils, puis moyenner les gradients.",
        "tr": "Rehber {n}, paragraf {p}: bir yığını cihazlara bölmek, sonra gradyanların ortalamasını almak.",
    },
    "quiz_title": {"en": "Quiz {n}: gradients", "fr": "Quiz {n} : les gradients", "tr": "Sınav {n}: gradyanlar"},
    "quiz_description": {
        "en": "Ten minutes on what quiz {n} covers, for learners who read its guide.",
        "fr": "Dix minutes sur ce que couvre le quiz {n}, pour qui a lu son guide.",
        "tr": "Rehberini okuyanlar için sınav {n} konusunda on dakika.",
    },
    "question": {
        "en": "Question {p} of quiz {n}: which statement about all-reduce holds?",
        "fr": "Question {p} du quiz {n} : quelle affirmation sur l’all-reduce est juste ?",
        "tr": "Sınav {n}, soru {p}: all-reduce hakkında hangi ifade doğrudur?",
    },
    "explanation": {
        "en": "All-reduce sums every worker's gradients and gives each worker the total (question {p}).",
        "fr": "L’all-reduce additionne les gradients de chaque processus et rend le total à tous (question {p}).",
        "tr": "All-reduce her işçinin gradyanlarını toplar ve toplamı herkese verir (soru {p}).",
    },
    "choice": {"en": "Answer {c} to question {p}", "fr": "Réponse {c} à la question {p}", "tr": "Soru {p}, yanıt {c}"},
}
