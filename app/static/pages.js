// Make every page's form quicker: answer without reloading the page.
//
// Every form marked data-enhance is a GET form whose URL is the page's whole
// state, and it works without this file. Here a submit (the Judge button, a
// tapped piece chip or palette card, a colour picked) fetches that same URL —
// the form's action, rendered by url_for — and brings in the server's <main>,
// changing in place only what differs; the address bar follows with pushState
// (a new verdict: Back returns to the last one) or replaceState (one tap of a
// chip or card).
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
// three quick taps on the red chip add three red pieces. What the player typed
// or picked while an answer was on its way is carried into the new form.
//
// A tapped piece chip shows at once: its count, the pool's size and the pool
// text change here, before any answer (a slow phone took up to 7 s to show
// eight taps, and a player who thinks a tap was lost taps again). What is sent
// is then the whole form with draft=1 (no add=red), so the server's answer
// matches whatever was tapped meanwhile. When the typed pool text is not the
// chips' own (the player typed one), the tap goes to the server as a step.
//
// A verdict on screen is marked out of date (verdict--stale) as soon as any
// field of its form changes: it no longer answers the form as it stands.
//
// Text never goes into the page as HTML built here: the server's document is
// parsed by DOMParser (its scripts never run) and moved in as nodes. On any
// failure the browser simply loads the URL, as it would without this file.
"use strict";
// Make `from` (in the page) look like `to` (from the server), keeping every node that stays the
// same kind in place: a chip being tapped is never swapped out between finger down and finger up
// (that tap would be lost), and the focus stays. An open <details> matching `stayOpen` (a CSS
// selector) stays open. Fields keep their properties (what the player typed or picked): the
// attributes are the server's. Shared with static/tables.js, which a live table's page loads after
// this file: `Wordsmith.morph`.
window.Wordsmith = (function () {
  function morph(from, to, stayOpen) {
    if (from.nodeType !== to.nodeType || from.nodeName !== to.nodeName || from.nodeType !== Node.ELEMENT_NODE) {
      if (from.nodeType === to.nodeType && (from.nodeType === Node.TEXT_NODE || from.nodeType === Node.COMMENT_NODE)) {
        if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
      } else {
        from.replaceWith(to);
      }
      return;
    }
    const open = from.tagName === "DETAILS" && from.open && from.matches(stayOpen);
    Array.from(from.attributes).forEach(function (attr) {
      if (!to.hasAttribute(attr.name)) from.removeAttribute(attr.name);
    });
    Array.from(to.attributes).forEach(function (attr) {
      if (from.getAttribute(attr.name) !== attr.value) from.setAttribute(attr.name, attr.value);
    });
    if (open) from.open = true;
    const mine = Array.from(from.childNodes);
    const theirs = Array.from(to.childNodes);
    theirs.forEach(function (node, i) {
      if (i < mine.length) morph(mine[i], node, stayOpen);
      else from.appendChild(node);
    });
    mine.slice(theirs.length).forEach(function (node) {
      node.remove();
    });
  }
  return {morph: morph};
})();

(function () {
  if (!window.fetch || !window.DOMParser || !window.history || !window.history.pushState || !window.CSS) return;
  // A page with no enhanced form (a live table's: static/tables.js keeps it up to date) has nothing here to do.
  if (!document.querySelector("form[data-enhance]")) return;
  let queue = Promise.resolve();

  // What was pressed, kept as plain values: the button itself is gone once <main> is swapped.
  function pressed(form, submitter, quiet) {
    const action = submitter && submitter.hasAttribute("formaction") ? submitter.formAction : form.action;
    const name = submitter && submitter.name ? submitter.name : null;
    return {
      formId: form.id,
      action: action,
      name: name,
      value: name ? submitter.value : null,
      step: Boolean(name) || quiet,
    };
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

  // The form's fields as name -> value(s): what was sent, to tell later what the player changed meanwhile.
  function fieldsOf(form) {
    const fields = {};
    if (form)
      new FormData(form).forEach(function (value, name) {
        if (typeof value === "string") fields[name] = name in fields ? fields[name] + "\n" + value : value;
      });
    return fields;
  }

  // After a morph a field's attributes are the server's, but it shows its properties: set them from the
  // attributes, except in the fields the player changed while the answer was on its way (`keep`: their names).
  function showServerValues(root, keep) {
    root.querySelectorAll("input, select, textarea").forEach(function (field) {
      if (!field.name || keep.has(field.name)) return;
      const selected =
        field.tagName === "SELECT" ? field.querySelector("option[selected]") || field.querySelector("option") : null;
      if (field.type === "checkbox" || field.type === "radio") field.checked = field.hasAttribute("checked");
      else if (selected) field.value = selected.value;
      else if (field.tagName === "TEXTAREA") field.value = field.textContent;
      else field.value = field.getAttribute("value") || "";
    });
  }

  // Bring in the server's <main>: what the player changed since `sent` stays, and so does the focus.
  function swap(html, formId, sent) {
    const next = new DOMParser().parseFromString(html, "text/html");
    const main = document.getElementById("main");
    const fresh = next.getElementById("main");
    if (!main || !fresh) throw new Error("no <main> in the answer");
    const changed = fieldsOf(document.getElementById(formId));
    const keep = new Set(
      Object.keys(Object.assign({}, sent, changed)).filter(function (name) {
        return changed[name] !== sent[name];
      }),
    );
    // A <details> the player opened (those with an id: More, the palette's sections) stays open.
    window.Wordsmith.morph(main, document.adoptNode(fresh), "details[id]");
    showServerValues(main, keep);
    const form = document.getElementById(formId);
    if (form && keep.has("pool") && shownPools[formId]) paintPool(form, shownPools[formId]); // taps since: still shown
    document.title = next.title;
    const box = document.getElementById("verdict");
    if (box) box.dataset.source = "fetch";
  }

  async function go(press) {
    const target = targetOf(press);
    if (!target) return;
    const sent = fieldsOf(document.getElementById(press.formId));
    let response;
    try {
      if (navigator.onLine === false) throw new Error("offline"); // no round trip that cannot succeed
      response = await fetch(target.url, {headers: {Accept: "text/html"}});
      const type = response.headers.get("Content-Type") || "";
      if (!type.startsWith("text/html")) throw new Error("not a page: " + type);
      swap(await response.text(), press.formId, sent);
    } catch (error) {
      // No connection: static/offline.js answers from the word data when it can.
      const answered = window.WordsmithOffline && (await window.WordsmithOffline.answer(target.url));
      if (answered) {
        const shown =
          typeof answered === "string" ? answered : target.url.href + (target.hash ? "#" + target.hash : "");
        window.history[press.step ? "replaceState" : "pushState"](null, "", shown);
        return;
      }
      window.location.assign(target.url.href + (target.hash ? "#" + target.hash : "")); // as without JavaScript
      return;
    }
    // response.url is where a one-step tap was redirected: the page's canonical URL.
    if (press.step) {
      window.history.replaceState(null, "", response.url);
      // A form that judges on every change (Color Smash): the answer's mark is brought into view, the page moving
      // no more than that takes, so the next tap is still at hand.
      const mark = document.querySelector("#verdict .verdict__mark");
      if (document.getElementById(press.formId)?.hasAttribute("data-autosubmit") && mark)
        mark.scrollIntoView({block: "nearest"});
      return;
    }
    window.history.pushState(null, "", response.url + (target.hash ? "#" + target.hash : "")); // a copied link opens at the verdict
    const shown = target.hash && document.getElementById(target.hash);
    if (shown) {
      shown.scrollIntoView({block: "start"});
      shown.focus({preventScroll: true}); // screen readers start at the verdict
    }
  }

  // --- the pool picker: a chip tap shown at once -------------------------------------------

  function chipsOf(form) {
    return Array.from(form.querySelectorAll(".pool .chip[data-code]"));
  }

  function countOf(chip) {
    return parseInt(chip.querySelector(".chip__count").textContent, 10) || 0;
  }

  // The pool text the server writes for these chips: "R3 Y2 B1 G2", kinds in the picker's order.
  function poolText(chips, counts) {
    return chips
      .map(function (chip, i) {
        return counts[i] ? chip.dataset.code + counts[i] : "";
      })
      .filter(Boolean)
      .join(" ");
  }

  function paintPool(form, counts) {
    const chips = chipsOf(form);
    chips.forEach(function (chip, i) {
      chip.querySelector(".chip__count").textContent = String(counts[i]);
      chip.querySelector(".chip__remove").disabled = counts[i] === 0;
    });
    const size = form.querySelector(".pool__size");
    const total = counts.reduce(function (a, b) {
      return a + b;
    }, 0);
    if (size) size.textContent = total + (total === 1 ? " piece" : " pieces");
  }

  const shownPools = {}; // form id -> the counts last painted by a tap, kept across an answer for an older tap

  // Apply a chip tap (add=red, remove=red, remove=all) to the chips and the pool text; false when it cannot be.
  function tapChip(form, submitter) {
    const picker = submitter.closest(".pool");
    const text = form.querySelector("#pool-text");
    if (!picker || !text) return false;
    const chips = chipsOf(form);
    const counts = chips.map(countOf);
    if (text.value.trim().toUpperCase() !== poolText(chips, counts)) return false; // a typed pool: the server reads it
    const kind = submitter.value;
    const i = chips.findIndex(function (chip) {
      return chip.classList.contains("chip--" + kind);
    });
    const max = parseInt(picker.dataset.maxPieces, 10) || Infinity;
    if (submitter.name === "remove" && kind === "all") counts.fill(0);
    else if (i < 0) return false;
    else if (submitter.name === "add") {
      if (
        counts.reduce(function (a, b) {
          return a + b;
        }, 0) >= max
      )
        return false; // the server says why not
      counts[i] += 1;
    } else if (counts[i] > 0) counts[i] -= 1;
    paintPool(form, counts);
    text.value = poolText(chips, counts);
    shownPools[form.id] = counts;
    markStale(form);
    return true;
  }

  // --- a verdict that no longer answers the form ---------------------------------------------

  function markStale(form) {
    if (form.hasAttribute("data-autosubmit")) return; // it judges on every change anyway
    const box = document.getElementById("verdict");
    if (box && box.querySelector(".verdict__stale")) box.classList.add("verdict--stale");
  }

  function enqueue(press) {
    queue = queue.then(function () {
      return go(press);
    });
  }

  function enhanced(form) {
    return (
      form instanceof HTMLFormElement &&
      form.hasAttribute("data-enhance") &&
      form.id &&
      form.method.toLowerCase() === "get"
    );
  }

  document.addEventListener("submit", function (event) {
    if (!enhanced(event.target)) return;
    event.preventDefault();
    const form = event.target;
    const submitter = event.submitter || null;
    if (submitter && submitter.closest(".pool") && tapChip(form, submitter)) {
      enqueue({formId: form.id, action: form.action, name: "draft", value: "1", step: true});
      return;
    }
    if (submitter && submitter.name) markStale(form); // a palette card: the answer follows
    enqueue(pressed(form, submitter, false));
  });

  document.addEventListener("input", function (event) {
    const form = event.target.form;
    if (form && enhanced(form)) markStale(form);
  });

  // A form marked data-autosubmit (Color Smash) judges as soon as a choice changes, staying where the player is.
  document.addEventListener("change", function (event) {
    const form = event.target.form;
    if (!form || !enhanced(form)) return;
    if (form.hasAttribute("data-autosubmit")) enqueue(pressed(form, null, true));
    else markStale(form);
  });

  // Back and Forward: show the verdict of that URL.
  window.addEventListener("popstate", function () {
    window.location.reload();
  });
})();
