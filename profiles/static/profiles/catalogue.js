// Progressive enhancement only: the filter forms are plain GET forms that work without
// JavaScript; with it, changing a drop-down applies the filter at once.
"use strict";

document.addEventListener("change", (event) => {
  const field = event.target;
  if (!(field instanceof HTMLSelectElement)) return;
  const form = field.closest("form[data-autosubmit]");
  if (form) form.requestSubmit();
});
