// soulmem panel: progressive enhancement only (every form works without this file).
"use strict";
document.addEventListener("DOMContentLoaded", function () {
  // The erase form: mark the confirmation field until the typed id matches (the server
  // checks it again; nothing here decides anything).
  document.querySelectorAll("form[data-confirm-value]").forEach(function (form) {
    var expected = form.getAttribute("data-confirm-value");
    var input = form.querySelector("input[name=confirm]");
    if (!input) return;
    var sync = function () {
      input.classList.toggle("matches", input.value === expected);
    };
    input.addEventListener("input", sync);
    sync();
  });
});
