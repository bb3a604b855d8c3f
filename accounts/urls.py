"""Account addresses, under each language prefix.

Names are not namespaced: Django's own auth views reverse ``login``, ``password_reset_done`` and the others
by their plain names. Django's password views get the site's templates here, under ``accounts/``, so that
the admin keeps its own (``registration/…``) for its password change.
"""

from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import account_views, views

urlpatterns = [
    path("accounts/signup/", views.SignupView.as_view(), name="signup"),
    path("accounts/login/", views.LoginView.as_view(), name="login"),
    path("accounts/logout/", views.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password_change/",
        views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(template_name="accounts/password_change_done.html"),
        name="password_change_done",
    ),
    path(
        "accounts/password_reset/",
        views.PasswordResetView.as_view(),
        name="password_reset",
    ),
    path(
        "accounts/password_reset/done/",
        auth_views.PasswordResetDoneView.as_view(template_name="accounts/password_reset_done.html"),
        name="password_reset_done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(template_name="accounts/password_reset_complete.html"),
        name="password_reset_complete",
    ),
    path("account/", account_views.account_view, name="account"),
    path("account/email/<uidb64>/<token>/", account_views.email_confirm_view, name="email_confirm"),
    path("account/time-zone/", account_views.account_time_zone_view, name="account_time_zone"),
    path("account/export/", account_views.account_export_view, name="account_export"),
    path("account/delete/", account_views.account_delete_view, name="account_delete"),
]
