from axes.admin import AccessAttemptAdmin, IsLockedOutFilter
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminPasswordChangeForm, SetUnusablePasswordMixin, UserChangeForm
from django.db import models
from django.http import HttpRequest
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.forms import UniqueEmailMixin
from accounts.models import User
from quizsite.admin import SafeActionsMixin
from quizsite.timezones import format_moment


class PasswordChangeForm(AdminPasswordChangeForm):
    """The admin's form that sets a user's password, with its help text in the administrator's language.

    Django 6.1 builds that text by adding a string to a translated one when it imports the form, which fixes it
    in English; this builds the same text when the form is shown.
    """

    # The admin shows help texts as HTML (as Django's own text here is).
    usable_password_help_text = format_lazy(
        '{}<ul id="id_unusable_warning" class="messagelist"><li class="warning">{}</li></ul>',
        SetUnusablePasswordMixin.usable_password_help_text,
        _("If disabled, the current password for this user will be lost."),
    )


class AdminUserForm(UniqueEmailMixin, UserChangeForm):
    """Django's form for a user in the admin: an address that another account has is refused on its field."""


@admin.register(User)
class QuizsiteUserAdmin(SafeActionsMixin, UserAdmin):
    """Django's user admin, with ``PasswordChangeForm``, one account per e-mail address, and the address waiting
    for confirmation shown beside the e-mail address (an administrator sets an address directly); its dates
    ("Last login", "Date joined") say their zone, the site's, which the admin always uses
    (``quizsite.timezones.TimeZoneMiddleware``)."""

    form = AdminUserForm
    change_password_form = PasswordChangeForm
    readonly_fields = ("pending_email",)
    fieldsets = [
        (
            name,
            {**options, "fields": (*options["fields"], "pending_email")} if "email" in options["fields"] else options,
        )
        for name, options in UserAdmin.fieldsets
    ]

    def formfield_for_dbfield(self, db_field, request: HttpRequest, **kwargs):
        formfield = super().formfield_for_dbfield(db_field, request, **kwargs)
        if isinstance(db_field, models.DateTimeField) and formfield is not None:
            formfield.help_text = gettext("In %(zone)s, the site’s time zone.") % {"zone": settings.TIME_ZONE}
        return formfield


class LockedHereFilter(IsLockedOutFilter):
    """django-axes's "Locked out" filter, counted as ``LoginAttemptAdmin.status`` counts: a row is locked once its
    wrong passwords pass ``LOGIN_FAILURE_LIMIT`` (axes's own compares with ``AXES_FAILURE_LIMIT``, which is 1
    here, so it would call every row locked)."""

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(failures_since_start__gt=settings.LOGIN_FAILURE_LIMIT)
        if self.value() == "no":
            return queryset.filter(failures_since_start__lte=settings.LOGIN_FAILURE_LIMIT)
        return queryset


class LoginAttemptAdmin(SafeActionsMixin, AccessAttemptAdmin):
    """django-axes's list of counted log-in attempts (see ``quizsite.login_limits``), with its "status" column
    named in the administrator's language: django-axes gives that column no name, so Django shows the method's,
    in English ("Status"). Its values ("3 essai(s) restant(s)", "Bloqué") are re-translated in
    ``quizsite/library_strings.py``. Times are in the site's zone and say so ("19:30 UTC"), as everywhere in the
    admin (``quizsite.timezones``)."""

    list_display = [
        "attempt_time_in_site_zone" if name == "attempt_time" else name for name in AccessAttemptAdmin.list_display
    ]
    list_filter = [LockedHereFilter if item is IsLockedOutFilter else item for item in AccessAttemptAdmin.list_filter]

    @admin.display(description=AccessAttempt._meta.get_field("attempt_time").verbose_name, ordering="attempt_time")
    def attempt_time_in_site_zone(self, obj: AccessAttempt) -> str:
        return format_moment(obj.attempt_time)

    @admin.display(description=_("status"))
    def status(self, obj: AccessAttempt) -> str:
        """How many wrong passwords this username may still get from this address and browser before it is
        locked there (the sixth by default, ``LOGIN_FAILURE_LIMIT``), or that it is locked (django-axes's
        wording). django-axes's own counts down to ``AXES_FAILURE_LIMIT``, which is not a count of failures
        here; the site's other two limits add up several rows."""
        left = settings.LOGIN_FAILURE_LIMIT + 1 - obj.failures_since_start
        return f"{left} {gettext('Attempt Remaining')}" if left > 0 else gettext("Locked Out")


# Importing axes.admin (above) registers django-axes's own list (when AXES_ENABLE_ADMIN); ours takes its place.
if admin.site.is_registered(AccessAttempt):
    admin.site.unregister(AccessAttempt)
    admin.site.register(AccessAttempt, LoginAttemptAdmin)
