/* A language tab whose field has an error is flagged and opened; the first such tab of each field when several
   are (English, the required source, comes first in the tab order: settings.LANGUAGES).

   modeltranslation's tab script (modeltranslation/js/tabbed_translation_fields.js, 0.20) looks for the class
   "errors" on the field's ".form-row"; Django 6.1's admin/includes/fieldset.html puts it on the ".flex-container"
   inside instead, so a refused English text stayed on a hidden tab, unflagged. This runs after that script (its
   ready handler is registered later, see quizsite/admin.py TABBED_TRANSLATION_JS) and reads each tab's panel for
   Django's error list: on the admin's own fields and in (nested) stacked inlines alike. A flagged tab gets
   modeltranslation's class "ui-tab-has-errors" (drawn in red by css/admin_translation_tabs.css) and, for screen
   readers, visually hidden text from this script's data-error-label attribute (a translated string: the site's
   Content-Security-Policy allows no inline script). Without JavaScript there are no tabs: every field shows,
   with Django's error list beside it. */
"use strict";
{
    const errorLabel = document.currentScript.dataset.errorLabel;
    const jQuery = window.jQuery || django.jQuery;

    function flagTabsWithErrors(tabs) {
        const tabItems = tabs.querySelectorAll(":scope > .ui-tabs-nav > li[role=tab]");
        let firstWithError = -1;
        tabItems.forEach(function (tab, index) {
            const panel = document.getElementById(tab.getAttribute("aria-controls"));
            if (!panel || !panel.querySelector(".errorlist, .errors")) {
                return;
            }
            tab.classList.add("ui-tab-has-errors");
            const label = document.createElement("span");
            label.className = "visually-hidden tab-error-label";
            label.textContent = " " + errorLabel;
            tab.querySelector("a").append(label);
            if (firstWithError === -1) {
                firstWithError = index;
            }
        });
        if (firstWithError !== -1) {
            jQuery(tabs).tabs("option", "active", firstWithError);
        }
    }

    jQuery(function () {
        document.querySelectorAll(".ui-tabs").forEach(flagTabsWithErrors);
    });
}
