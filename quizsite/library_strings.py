"""Django's own interface strings that Quizsite translates again, in ``locale/``.

Our catalogues come first (``LOCALE_PATHS``), so a msgid translated there replaces Django's translation of it,
where Django's reads wrong on our pages (tr "Bu parola çok geneldir." for a common password, filter headings
without the dative, "8 adet testler"; fr "lettres, nombres" for letters and digits, "Par publié"). ``makemessages``
keeps only msgids found in our sources, so each one is listed here, exactly as Django writes it, with
``gettext_noop``: nothing imports this module, it is only read by ``makemessages``. A Django upgrade that
changes one of these msgids makes ours unused; ``tests/native/test_native_pages.py`` then finds the old
wording again.
"""

from django.utils.translation import gettext_noop, ngettext_lazy

LIBRARY_STRINGS = [
    # django.contrib.auth: password validation, usernames.
    gettext_noop("This password is too common."),
    gettext_noop("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."),
    gettext_noop("Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters."),
    gettext_noop("permissions"),
    # django.contrib.admin: filters, page titles and headings that put a model's name first or decline it.
    gettext_noop(" By %(filter_title)s "),
    gettext_noop("Filter by %(field_name)s"),
    gettext_noop("%(app)s administration"),
    gettext_noop("Add %s"),
    gettext_noop("Add %(name)s"),
    gettext_noop("Change %s"),
    gettext_noop("View %s"),
    gettext_noop("Search %(name)s"),
    gettext_noop("Pagination %(name)s"),
    gettext_noop("Change selected %(model)s"),
    gettext_noop("View selected %(model)s"),
    gettext_noop("Delete selected %(verbose_name_plural)s"),
    gettext_noop(
        "Are you sure you want to delete the %(object_name)s “%(escaped_object)s”? All of the following related "
        "items will be deleted:"
    ),
    gettext_noop(
        "Are you sure you want to delete the selected %(objects_name)s? All of the following objects and their "
        "related items will be deleted:"
    ),
    gettext_noop("Successfully deleted %(count)d %(items)s."),
    ngettext_lazy("%(count)s %(name)s was changed successfully.", "%(count)s %(name)s were changed successfully."),
    # django.contrib.admin's Turkish misspells the password change page's title ("Parola değiştime").
    gettext_noop("Password change"),
    # django-axes: names its Turkish catalogue lacks (an admin section's entry read "Access failures").
    gettext_noop("access failure"),
    gettext_noop("access failures"),
    # django-axes's admin (superusers): its filters, columns and fields, which its catalogues leave in English
    # ("Süzgeç: Locked Out", "Selon « Locked Out »") or write in German-style Title Case ("GET-Verisi",
    # "Girişim Zamanı"). "Attempt Remaining" follows a number: "3 essai(s) restant(s)", "3 deneme hakkı kaldı".
    gettext_noop("Locked Out"),
    gettext_noop("Access lock out"),
    gettext_noop("Attempt Remaining"),
    gettext_noop("Attempt Time"),
    gettext_noop("Logout Time"),
    gettext_noop("Expires At"),
    gettext_noop("Not set"),
    gettext_noop("IP Address"),
    gettext_noop("User Agent"),
    gettext_noop("HTTP Accept"),
    gettext_noop("Failed Logins"),
    gettext_noop("GET Data"),
    gettext_noop("POST Data"),
    gettext_noop("Form Data"),
    gettext_noop("Meta Data"),
    gettext_noop("Session key hash (sha256)"),
    gettext_noop("Clean up expired attempts"),
]
