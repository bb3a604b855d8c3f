from django.urls import path

from quizzes import exam_views, views

app_name = "quizzes"

urlpatterns = [
    path("<slug:slug>/", views.quiz_detail_view, name="detail"),
    path("<slug:slug>/start/", views.attempt_start_view, name="start"),
    path("<slug:slug>/questions/<int:number>/", views.question_view, name="question"),
    path("<slug:slug>/results/", views.results_view, name="results"),
    path("<slug:slug>/results/<int:pk>/", views.results_view, name="attempt_results"),
    # An exam under way: the overview of its questions, and the confirmation that submits it.
    path("<slug:slug>/overview/", exam_views.exam_overview_view, name="overview"),
    path("<slug:slug>/submit/", exam_views.exam_submit_view, name="submit"),
]
