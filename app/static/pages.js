// Make every page's form quicker: answer without reloading the page.
//
// Every form marked data-enhance is a GET form whose URL is the page's whole
// state, and it works without this file. Here a submit (the Judge button, a
// tapped piece chip or palette card, a colour picked) fetches that same URL —
// the form's action, rendered by url_for — and swaps the page's <main> for the
// one the server sent; the address bar follows with pushState (a new verdict:
// Back returns to the last one) or replaceState (one tap of a chip or card).
//
// Why not the JSON API: the verdicts are rendered once, by the Jinja templates,
// so with or without JavaScript the page shows the same words, the same letter
// pieces and the same error sentences, escaped by the same autoescaping — no
// second renderer here to drift from them or to build HTML from strings. It
// also depends on no JSON shape, so the pages never break when the API grows.
// A round trip costs the same: the server makes one solver call either way.
//
// Taps are queued, not raced: each one is sent after the answer to the one
// before has been swapped in, and reads the form as that answer left it, so
// three quick taps on the red chip add three red pieces.
//
// Text never goes into the page as HTML built here: the server's document is
// parsed by DOMParser (its scripts never run) and moved in as nodes. On any
// failure the browser simply loads the URL, as it would without this file.
"use strict";
(function () {
  if (!window.fetch || !window.DOMParser || !window.history || !window.history.pushState || !window.CSS) return;
  let queue = Promise.resolve();

  // What was pressed, kept as plain values: the button itself is gone once <main> is swapped.
  function pressed(form, submitter, quiet) {
    const action = submitter && submitter.hasAttribute("formaction") ? submitter.formAction : form.action;
    const name = submitter && submitter.name ? submitter.name : null;
    return {formId: form.id, action: action, name: name, value: name ? submitter.value : null, step: Boolean(name) || quiet};
  }

  // The URL the form would load: the action, its non-empty fields, and the pressed button's name=value.
  function targetOf(press) {
    const form = document.getElementById(press.formId);
    if (!form) return null;
    const url = new URL(press.action, window.location.href);
    const hash = url.hash.slice(1);
    url.hash = "";
    const params = new URLSearchParams();
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string" && value.trim() !== "") params.append(name, value);
    });
    if (press.name) params.append(press.name, press.value);
    url.search = params.toString();
    return {url: url, hash: hash};
  }

  function focusSelector(node) {
    if (node.id) return "#" + CSS.escape(node.id);
    if (node.name) return node.tagName.toLowerCase() + '[name="' + CSS.escape(node.name) + '"][value="' + CSS.escape(node.value) + '"]';
    return null;
  }

  // Swap <main>, keeping open what the player opened and the focus where it was.
  function swap(html) {
    const next = new DOMParser().parseFromString(html, "text/html");
    const main = document.getElementById("main");
    const fresh = next.getElementById("main");
    if (!main || !fresh) throw new Error("no <main> in the answer");
    const opened = Array.from(main.querySelectorAll("details[open][id]"), function (node) { return node.id; });
    const active = document.activeElement;
    const focusKey = active && main.contains(active) ? focusSelector(active) : null;
    const adopted = document.adoptNode(fresh);
    opened.forEach(function (id) {
      const node = adopted.querySelector("#" + CSS.escape(id));
      if (node && node.tagName === "DETAILS") node.open = true;
    });
    main.replaceWith(adopted);
    document.title = next.title;
    if (focusKey) {
      const again = adopted.querySelector(focusKey);
      if (again && !again.disabled) again.focus({preventScroll: true});
    }
    const box = document.getElementById("verdict");
    if (box) box.dataset.source = "fetch";
  }

  async function go(press) {
    const target = targetOf(press);
    if (!target) return;
    let response;
    try {
      response = await fetch(target.url, {headers: {"Accept": "text/html"}});
      const type = response.headers.get("Content-Type") || "";
      if (!type.startsWith("text/html")) throw new Error("not a page: " + type);
      swap(await response.text());
    } catch (error) {
      window.location.assign(target.url.href + (target.hash ? "#" + target.hash : ""));  // as without JavaScript
      return;
    }
    // response.url is where a one-step tap was redirected: the page's canonical URL.
    if (press.step) {
      window.history.replaceState(null, "", response.url);
      return;
    }
    window.history.pushState(null, "", response.url + (target.hash ? "#" + target.hash : ""));  // a copied link opens at the verdict
    const shown = target.hash && document.getElementById(target.hash);
    if (shown) {
      shown.scrollIntoView({block: "start"});
      shown.focus({preventScroll: true});  // screen readers start at the verdict
    }
  }

  function enqueue(press) {
    queue = queue.then(function () { return go(press); });
  }

  function enhanced(form) {
    return form instanceof HTMLFormElement && form.hasAttribute("data-enhance") && form.id && form.method.toLowerCase() === "get";
  }

  document.addEventListener("submit", function (event) {
    if (!enhanced(event.target)) return;
    event.preventDefault();
    enqueue(pressed(event.target, event.submitter || null, false));
  });

  // A form marked data-autosubmit (Color Smash) judges as soon as a choice changes, staying where the player is.
  document.addEventListener("change", function (event) {
    const form = event.target.form;
    if (form && enhanced(form) && form.hasAttribute("data-autosubmit")) enqueue(pressed(form, null, true));
  });

  // Back and Forward: show the verdict of that URL.
  window.addEventListener("popstate", function () { window.location.reload(); });
})();
