// Make the word-check form quicker: ask the JSON API and show the verdict without
// reloading. The form works without this file; on any failure it falls back to
// submitting the form. Text goes in with textContent only, never as HTML.
"use strict";
(function () {
  const form = document.querySelector('form[data-enhance="word-check"]');
  const box = document.getElementById("verdict");
  const api = window.WORDSMITH && window.WORDSMITH.checkWords;
  if (!form || !box || !api || !window.fetch) return;

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // The same markup as templates/partials/verdict.html.
  function showVerdict(verdict) {
    box.className = "verdict verdict--" + (verdict.valid ? "valid" : "invalid");
    box.replaceChildren(
      element("p", "verdict__mark", verdict.valid ? "VALID" : "NOT VALID"),
      element("p", "verdict__word", verdict.normalized.toUpperCase() || verdict.word),
      element("p", "verdict__message", verdict.message),
      element("p", "verdict__lexicon", verdict.lexicon + " lexicon" + (verdict.tier ? " · tier " + verdict.tier : ""))
    );
    if (verdict.definition.length) {
      const details = element("details", "verdict__definition");
      const list = element("ol");
      verdict.definition.forEach(function (sense) { list.append(element("li", null, sense)); });
      details.append(element("summary", null, "Definition"), list);
      box.append(details);
    }
    box.dataset.source = "api";
    document.querySelectorAll(".form-errors").forEach(function (node) { node.remove(); });
    document.title = (verdict.normalized.toUpperCase() || verdict.word) + ": " + (verdict.valid ? "valid" : "not valid") + " · Wordsmith judge";
  }

  form.addEventListener("submit", async function (event) {
    const word = form.elements.word.value.trim();
    const lexicon = form.elements.lexicon.value;
    if (!word) return;
    event.preventDefault();
    try {
      const response = await fetch(api, {
        method: "POST",
        headers: {"Content-Type": "application/json", "Accept": "application/json"},
        body: JSON.stringify({words: [word], lexicon: lexicon}),
      });
      if (!response.ok) throw new Error("status " + response.status);
      showVerdict((await response.json()).verdicts[0]);
    } catch (error) {
      form.submit();  // let the server render the verdict or the error
      return;
    }
    const url = new URL(form.action, window.location.href);
    url.searchParams.set("word", word);
    url.searchParams.set("lexicon", lexicon);
    window.history.pushState(null, "", url);  // the state stays in the URL: shareable, and Back works
    form.elements.word.select();
  });
  window.addEventListener("popstate", function () { window.location.reload(); });
})();
