"""The admin's yes/no icons, with an alt text in the admin's language ("Oui", "Evet") instead of "True".

Django draws the icon of a boolean value (a list's column such as the quiz list's "Published", a read-only
field) with ``django.contrib.admin.templatetags.admin_list._boolean_icon``, which writes the Python value as the
alt text: ``alt="True"``, read out by screen readers and shown when the image does not load. The icon is made in
Python, so no template override reaches it, and there is no setting. The ways round it:

- a display method with its own icon for each boolean column: it would miss Django's own admins (the user
  list's "Staff status"), django-axes's, read-only fields and every boolean added later;
- replacing the one function, once, when the project starts (``QuizsiteConfig.ready``): every caller in Django
  (``admin_list``'s columns through ``utils.display_for_value``, ``utils.display_for_field`` for model fields,
  ``helpers.AdminReadonlyField.contents`` for read-only fields) imports it from ``admin_list`` when it draws an
  icon, so all of them get ours.

We do the second: ``boolean_icon`` writes the same markup as Django's, with the alt text in words. It is
private Django API, so two guards: ``translate_boolean_icons`` refuses to start if Django no longer has the
function, and ``tests/quizsite/test_admin_icons.py`` compares our markup with Django's own (kept as
``DJANGO_BOOLEAN_ICON``), so an upgrade that changes the icon fails a test instead of drifting.
"""

from django.contrib.admin.templatetags import admin_list
from django.core.exceptions import ImproperlyConfigured
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

DJANGO_BOOLEAN_ICON = getattr(admin_list, "_boolean_icon", None)

# The words for each value: Django's own admin msgids (the choices of its filter on a boolean field), which its
# catalogues translate ("Oui", "Evet"); written as plain strings so that ``makemessages`` leaves them to Django.
ALT_TEXTS = {True: "Yes", False: "No", None: "Unknown"}
ICONS = {True: "yes", False: "no", None: "unknown"}


def boolean_icon(field_val: bool | None) -> SafeString:
    """Django's icon for ``field_val`` (True, False or None: unknown), with its alt text in the active language.

    Raises:
        KeyError: for any other value, as Django's does.
    """
    return format_html(
        '<img src="{}" alt="{}">', static(f"admin/img/icon-{ICONS[field_val]}.svg"), gettext(ALT_TEXTS[field_val])
    )


def translate_boolean_icons() -> None:
    """Make the admin draw every yes/no icon with ``boolean_icon``; called once, by ``QuizsiteConfig.ready``.

    Raises:
        ImproperlyConfigured: Django no longer has ``admin_list._boolean_icon``: its icons may be drawn
            elsewhere now, so this module needs a look before the upgrade goes on.
    """
    if DJANGO_BOOLEAN_ICON is None:
        raise ImproperlyConfigured(
            "django.contrib.admin.templatetags.admin_list._boolean_icon is gone: see quizsite/admin_icons.py."
        )
    admin_list._boolean_icon = boolean_icon
