/* Every text opens on its English tab, whatever the page's language: English is the required source (the
   fallback, settings.MODELTRANSLATION_DEFAULT_LANGUAGE, first in settings.LANGUAGES), so an author starts where a
   first save would otherwise fail. modeltranslation's tab script (0.20) opens the tab of the page's language
   unless this flag is false; it must be set before that script runs, from a file (the Content-Security-Policy
   allows no inline script). A tab whose field has an error is opened all the same (admin_translation_tabs.js). */
"use strict";
window.MODELTRANSLATION_AUTO_SELECT_CURRENT_LANGUAGE = false;
