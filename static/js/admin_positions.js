/* The quiz page's position fields count from 1, as the question headings and the saved numbers do.
   django-nested-admin numbers the rows from 0 each time it reorders them (on load, after a drag, an addition or a
   removal), setting each position field and triggering "change" on it; this adds 1 to the value it set. A number
   the author types is left as typed. Loaded by quizzes/admin/inlines.py, from this site's own static files
   (the Content-Security-Policy allows no inline script). */
"use strict";
django.jQuery(document).on("change", "input[name$='-position']", function (event) {
    if (event.isTrigger && this.value !== "") {
        this.value = String(Number(this.value) + 1);
    }
});
