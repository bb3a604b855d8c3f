// Progressive enhancement only: every page works without this file.
// - The header's menus (<details class="menu">) close on Escape, on a click elsewhere, and when another opens.
// - Printing opens every <details> (the results' explanations), and closes them again afterwards.
"use strict";

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
