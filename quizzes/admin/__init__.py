"""The authoring admin: a quiz written whole on its page, questions with their choices, learners' attempts, and
accommodations (more time on timed exams, or none, for a learner).

Authors (the "Authors" group, see README) write every text in English and translate it in the French and
Turkish tabs. The quiz's page holds its questions and each question's choices (django-nested-admin); the
question's own page stays for deep links. The content rules live in ``quizzes/rules.py``: the inline formsets
(``quizzes/admin/forms.py``), the delete views and the bulk delete only call them and show their message.
"""

from quizzes.admin import accommodation, attempt, question, quiz  # noqa: F401  (each module registers its admin)
