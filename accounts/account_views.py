"""The learner's account pages: the account itself (username, e-mail address and its confirmation), the data
export and deletion. Sign-up, login and the password views are in ``accounts.views``."""

import json

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts.email_change import (
    EmailChangeRefused,
    RedirectThenSend,
    email_change_check,
    email_change_confirm,
    email_change_request,
)
from accounts.export import learner_data
from accounts.forms import (
    AccountDeleteForm,
    AccountEmailForm,
    AccountTimeZoneForm,
)
from quizsite.limits import form_seconds_left, may_email, throttled_response


@never_cache
@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def account_view(request: HttpRequest) -> HttpResponse:
    """The learner's account: username and e-mail (which they may change), their time zone (saved by
    ``account_time_zone_view``), and links to change the password, download their data and delete the account.

    A new address is only asked for (``accounts.email_change``): the page says a link was sent to it, whether
    or not another account has it. Removing the address, or typing the current one (which cancels a change
    being confirmed), takes effect at once. Each change asked for sends an e-mail to an address of the
    learner's choosing, so an account may ask for so many an hour (``FORM_RATES["email_change"]``, past which
    the 429 page), and the e-mail goes only while that address may be sent one (``quizsite.limits.may_email``;
    past it the page says the same and nothing is sent).
    """
    user = request.user
    form = AccountEmailForm(request.POST or None, user=user, request=request)
    context = {"form": form, "time_zone_form": AccountTimeZoneForm(instance=user)}
    if request.method == "POST":
        if not form.is_valid():
            return render(request, "accounts/account.html", context, status=400)
        address = form.cleaned_data["email"]
        if address and address != user.email:
            seconds = form_seconds_left(request, action="email_change", count=True, target=f"account:{user.pk}")
            if seconds is not None:
                return throttled_response(request, action="email_change", seconds=seconds)
            send = email_change_request(request=request, user=user, address=address)
            messages.success(
                request,
                _("We sent a link to %(address)s. Your e-mail address changes once you follow it.")
                % {"address": address},
            )
            if not may_email(request, address):
                return redirect("account")  # the same answer, as if sent
            return RedirectThenSend(reverse("account"), send=send)
        user.email, user.pending_email = address, ""
        user.save(update_fields=["email", "pending_email"])
        messages.success(
            request, _("Your e-mail address was saved.") if address else _("Your e-mail address was removed.")
        )
        return redirect("account")
    return render(request, "accounts/account.html", context)


@never_cache
@login_required
@require_POST
def account_time_zone_view(request: HttpRequest) -> HttpResponse:
    """Save the time zone chosen on the account page, then show the page again with a message; a zone that is not
    in the list (a crafted form) saves nothing and shows the account page with the error (400)."""
    form = AccountTimeZoneForm(request.POST, instance=request.user)
    if form.is_valid():
        form.save()
        messages.success(request, _("Your time zone was saved."))
        return redirect("account")
    email_form = AccountEmailForm(user=request.user, request=request)
    return render(request, "accounts/account.html", {"form": email_form, "time_zone_form": form}, status=400)


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def email_confirm_view(request: HttpRequest, uidb64: str, token: str) -> HttpResponse:
    """Confirm a new e-mail address from the link sent to it (``accounts.email_change``), logged in or not.

    GET asks to confirm with a button (mail scanners that open links must not confirm); POST confirms and says
    so. A link that is not valid (tampered with, used, too old, superseded) changes nothing: 400 with the reason.
    """
    try:
        if request.method == "POST":
            context = {"confirmed": email_change_confirm(uidb64=uidb64, token=token)}
        else:
            context = {"address": email_change_check(uidb64=uidb64, token=token).pending_email}
    except EmailChangeRefused as refusal:
        return render(request, "accounts/email_confirm.html", {"refusal": refusal.message}, status=400)
    return render(request, "accounts/email_confirm.html", context)


@never_cache
@login_required
@require_safe
def account_export_view(request: HttpRequest) -> HttpResponse:
    """Download everything kept about the learner as a JSON attachment (``accounts.export.learner_data``)."""
    document = json.dumps(learner_data(request.user), ensure_ascii=False, indent=2)
    filename = f"quizsite-data-{timezone.localdate():%Y-%m-%d}.json"
    response = HttpResponse(document, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(as_attachment=True, filename=filename)
    return response


@never_cache
@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def account_delete_view(request: HttpRequest) -> HttpResponse:
    """Delete the learner's account, with every attempt and answer of it, once confirmed with the password.

    GET shows what will be deleted and asks for the password; a valid POST deletes, logs out and says so on
    the home page. A wrong password deletes nothing and shows the form again (400).
    """
    form = AccountDeleteForm(request.POST or None, user=request.user, request=request)
    if request.method == "POST" and form.is_valid():
        request.user.delete()
        logout(request)
        messages.success(request, _("Your account and your quiz history have been deleted."))
        return redirect("home")
    status = 400 if form.is_bound else 200
    return render(request, "accounts/account_delete.html", {"form": form}, status=status)
