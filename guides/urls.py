from django.urls import path

from guides import views

app_name = "guides"

urlpatterns = [
    path("<slug:slug>/", views.GuideDetailView.as_view(), name="detail"),
]
