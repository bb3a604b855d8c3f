from django.urls import path

from quizzes import exam_views, round_views, views

app_name = "quizzes"

urlpatterns = [
    path("<slug:slug>/", views.quiz_detail_view, name="detail"),
    path("<slug:slug>/start/", views.attempt_start_view, name="start"),
    path("<slug:slug>/questions/<int:number>/", views.question_view, name="question"),
    path("<slug:slug>/results/", views.results_view, name="results"),
    path("<slug:slug>/results/<int:pk>/", views.results_view, name="attempt_results"),
    # Practice rounds of missed questions (quizzes.rounds): started from results, with pages of their own.
    path("<slug:slug>/results/<int:pk>/practise/", round_views.practice_round_start_view, name="round_start"),
    path("<slug:slug>/practice/<int:pk>/", round_views.round_view, name="round"),
    path(
        "<slug:slug>/practice/<int:pk>/questions/<int:number>/", round_views.round_question_view, name="round_question"
    ),
    # An exam under way: the overview of its questions, and the confirmation that submits it.
    path("<slug:slug>/overview/", exam_views.exam_overview_view, name="overview"),
    path("<slug:slug>/submit/", exam_views.exam_submit_view, name="submit"),
]
