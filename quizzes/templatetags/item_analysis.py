"""Filters of the admin's statistics page (``templates/django/admin/quizzes/quiz/item_analysis.html``): the item
analysis's numbers as ``quizzes.item_report`` formats them."""

from django import template

from quizzes import item_report

register = template.Library()
register.filter("as_percent", item_report.as_percent)
register.filter("as_index", item_report.as_index)
