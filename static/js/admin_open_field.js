/* Opens the language tab of the field a link points at: the translation grid links to, e.g.,
   /admin/quizzes/question/7/change/#id_choices-2-text_fr. modeltranslation's tabs hide every language but one,
   so the browser cannot scroll to a French field while the English tab is open; this opens the tab holding the
   field named by the address's fragment, then scrolls to it and focuses it. Runs after the tabs are made (it is
   listed after modeltranslation's script in the admin classes' Media, so its ready handler runs later), and
   again when the fragment changes. Without JavaScript there are no tabs: every language shows and the fragment
   scrolls to the field by itself. Loaded from this site's static files (the Content-Security-Policy allows no
   inline script). */
"use strict";
django.jQuery(function ($) {
    function openField() {
        var id = decodeURIComponent(window.location.hash.slice(1));
        var field = id ? document.getElementById(id) : null;
        if (!field) {
            return;
        }
        // modeltranslation wraps each language's row in a panel with id "tab_<field id>", inside a jQuery UI
        // tabs container whose list links to the panels in the same order.
        var panel = $(field).closest('[id^="tab_"]');
        var tabs = panel.closest(".ui-tabs");
        if (panel.length && tabs.length) {
            var index = tabs.children(".ui-tabs-panel").index(panel);
            if (index >= 0) {
                tabs.tabs("option", "active", index);
            }
        }
        field.scrollIntoView({block: "center"});
        field.focus({preventScroll: true});
    }
    openField();
    $(window).on("hashchange", openField);
});
