// An exam's countdown (templates/quizzes/exam_clock.html, quizzes/clock.py). Progressive enhancement: without
// this file the page says when the time ends, and the server, which keeps the time, closes the exam all the same.
// - It counts down the seconds the server gave, from the page's arrival: a browser clock set wrong changes nothing.
// - The countdown on screen is hidden from screen readers; they hear the time left at a few moments only (the
//   list under the clock: 10, 5 and 1 minute left, then the end), through a polite live region.
// - At the deadline a form marked data-exam-clock-send (the page's answer, if its page marks it) is sent, within
//   the server's grace; after the grace the page is loaded again, and the server submits the exam.
"use strict";

(() => {
  const clock = document.querySelector("[data-exam-clock]");
  if (!clock) return;
  const secondsLeft = Number(clock.dataset.secondsLeft);
  const grace = Number(clock.dataset.grace);
  if (!Number.isFinite(secondsLeft) || !Number.isFinite(grace)) return;
  const end = Date.now() + secondsLeft * 1000;
  const countdown = clock.querySelector("[data-countdown]");
  const announcer = clock.querySelector("[data-announcer]");
  const pending = [...clock.querySelectorAll("[data-at]")]
    .map((item) => ({ at: Number(item.dataset.at), text: item.textContent.trim() }))
    .filter((item) => item.at < secondsLeft || item.at === 0)
    .sort((first, second) => second.at - first.at);
  let sent = secondsLeft <= 0;
  let reloading = false;

  const digits = (seconds) => {
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    const rest = String(seconds % 60).padStart(2, "0");
    return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
  };

  const tick = () => {
    const left = Math.ceil((end - Date.now()) / 1000);
    countdown.textContent = countdown.dataset.countdown.replace("{time}", digits(Math.max(left, 0)));
    clock.classList.toggle("is-ending", left <= 60);
    // After a sleep several moments may have passed: only the latest is said.
    let said = null;
    while (pending.length && left <= pending[0].at) said = pending.shift();
    if (said) announcer.textContent = said.text;
    if (left <= 0 && !sent) {
      sent = true;
      const form = document.querySelector("form[data-exam-clock-send]");
      if (form) form.requestSubmit();
    }
    // A page drawn after the server closed the exam would be drawn again and again: only one drawn before.
    if (left <= -grace - 1 && secondsLeft > -grace && !reloading) {
      reloading = true;
      window.location.replace(window.location.href);
    }
    if (!reloading) window.setTimeout(tick, ((end - Date.now()) % 1000 + 1000) % 1000 || 1000);
  };

  countdown.hidden = false;
  tick();
})();
