// Progressive enhancement only: every page works without this file.
// - The header's menus (<details class="menu">) close on Escape, on a click elsewhere, and when another opens.
// - Printing opens every <details> (the results' explanations), and closes them again afterwards.
// - The browser's time zone goes to the server in a cookie (quizsite/timezones.py), which then shows times in it,
//   labelled, until the learner chooses a zone; the account page's select offers it while none is chosen.
"use strict";

(() => {
  let zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return;
  }
  // An IANA name ("Europe/Istanbul") holds only these characters, all allowed in a cookie's value as they are.
  if (!zone || !/^[A-Za-z0-9_+\-/]{1,63}$/.test(zone)) return;
  const cookie = `quizsite_tz=${zone}`;
  if (!document.cookie.split("; ").includes(cookie)) {
    const secure = location.protocol === "https:" ? "; secure" : "";
    document.cookie = `${cookie}; path=/; max-age=31536000; samesite=lax${secure}`;
  }
  const select = document.querySelector("select[data-browser-zone]");
  if (select && select.value === "" && [...select.options].some((option) => option.value === zone)) {
    select.value = zone;
  }
})();

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  for (const menu of document.querySelectorAll("details.menu[open]")) {
    const hadFocus = menu.contains(document.activeElement);
    menu.open = false;
    if (hadFocus) menu.querySelector("summary").focus();
  }
});

document.addEventListener("click", (event) => {
  for (const menu of document.querySelectorAll("details.menu[open]")) {
    if (!menu.contains(event.target)) menu.open = false;
  }
});

let openedForPrint = [];
window.addEventListener("beforeprint", () => {
  openedForPrint = [...document.querySelectorAll("details:not([open]):not(.menu)")];
  for (const details of openedForPrint) details.open = true;
});
window.addEventListener("afterprint", () => {
  for (const details of openedForPrint) details.open = false;
  openedForPrint = [];
});
