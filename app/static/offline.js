// The pages with no connection. Online nothing here changes a page: the server answers every form, as without
// JavaScript. This file registers the service worker (app/templates/sw.js), which keeps each page's empty
// form, the scripts and the word data; when the network fails, the worker answers a page's URL with that
// form, and here the answer is worked out from the word data (static/words.js) and shown as the server shows
// it: the judge's verdict (the same sentences, proven equal by the tests) and the solver's first page of words
// (in the server's order), Booksmack, Color Smash and the dice. What only the server knows (definitions,
// hints, racks, score sheets, live tables) says it needs a connection. pages.js asks
// `WordsmithOffline.answer` before it gives up on a failed fetch. An ES module; the modules it imports, one
// concern each: offline_base.js (shared helpers), offline_judge.js (the claim judge and verdict), offline_solve.js
// (the solver's words and the pool picker), offline_games.js
// (Color Smash and the dice), offline_booksmack.js and offline_cards.js (Booksmack rounds), words.js (the word judge) and
// sentences.js (the server's sentences, filled). app/assets.py points each import at its fingerprinted name.
import {el, fieldErrors, pyStrip, sentence, useMeta} from "./offline_base.js";
import {judgeRound, showRound} from "./offline_booksmack.js";
import {splitCards} from "./offline_cards.js";
import {rollDice, rollTitle, showRoll, showSlap, slapFor} from "./offline_games.js";
import {formOf, showError, showVerdict, verdictFor} from "./offline_judge.js";
import {showPool, showWords, solvePool} from "./offline_solve.js";
import * as W from "./words.js";

// A module has no document.currentScript: the tag that loads it carries the worker's and the meta's URLs.
const script = document.querySelector("script[data-meta]");
const worker = script && script.dataset.worker;
if (worker && "serviceWorker" in navigator) navigator.serviceWorker.register(worker).catch(function () {});
// Plain http on a LAN address is not a secure context: no service worker, so say so rather than fail silently.
const note = document.getElementById("offline-note");
if (note && window.isSecureContext === false) note.hidden = false;
const metaUrl = script && script.dataset.meta;
let loading = null;
let metaLoading = null;

// The alphabet, the limits and the sentences (useMeta): fetched once (from the worker's cache offline).
function meta() {
  if (!metaLoading) {
    metaLoading = fetch(metaUrl)
      .then(function (r) {
        return r.json();
      })
      .then(function (meta) {
        useMeta(meta);
        return meta;
      });
    metaLoading.catch(function () {
      metaLoading = null;
    });
  }
  return metaLoading;
}

// The meta and the word data it names: fetched once.
function data() {
  if (!loading) {
    loading = meta().then(async function (meta) {
      const bytes = await (await fetch(meta.words)).arrayBuffer();
      return {meta: meta, words: await W.load(bytes, meta.sentences)};
    });
    loading.catch(function () {
      loading = null;
    });
  }
  return loading;
}

// Says that this page (or `what`: a key of the table's page.*) needs a connection, in the server's words (the
// meta's sentences: the worker keeps the meta with the pages).
function needsConnection(what) {
  const main = document.getElementById("main");
  if (!main || main.querySelector(".offline-notice")) return;
  meta()
    .then(function () {
      if (main.querySelector(".offline-notice")) return;
      const said = sentence("page.needs_connection", {what: sentence(what || "page.this_page")});
      const note = el("p", "offline-notice", said);
      note.setAttribute("role", "status");
      main.prepend(note);
    })
    .catch(function () {});
}

function fill(form, url) {
  if (!form) return;
  url.searchParams.forEach(function (value, name) {
    // Every field of that name: a radio is checked when it is the value, a text box takes it (the solve form has
    // more than one field named pool, so the form's namedItem is a list whose value sets nothing).
    form.querySelectorAll("[name='" + CSS.escape(name) + "']").forEach(function (field) {
      if (field.type === "radio") field.checked = field.value === value;
      else if ("value" in field && !["submit", "button", "checkbox"].includes(field.type)) field.value = value;
    });
  });
}

// The word data (with the sentences and rules it carries), then `show(data)`: false when the data is out of reach
// (the page then asks the server), and a refusal shown as the page's error.
// A field the server's page would refuse (a 422) is refused here in its words, never judged (`fieldErrors`).
async function showWith(show, url) {
  let d;
  try {
    d = await data();
  } catch (error) {
    return false;
  }
  const refused = url ? fieldErrors(d.meta.forms, url.pathname, url.searchParams) : [];
  try {
    if (refused.length) showError(refused.join(" "));
    else show(d);
  } catch (error) {
    // A field's refusal is said after its label, as the server's error list says it (app/pages/offline_forms.py).
    // A detail that starts with its field's name ("pool: ...") is said after the label once (partials/form_errors.html).
    const rule = url && error.field && (d.meta.forms.pages[url.pathname] || []).find((r) => r.name === error.field);
    const detail =
      rule && error.message.startsWith(rule.name + ": ") ? error.message.slice(rule.name.length + 2) : error.message;
    showError(rule ? rule.label + ": " + detail : error.message);
  }
  return true;
}

// Answer a URL of this page from the word data; false when this page cannot (the caller then loads it), or
// the URL to show instead (a roll asked for with no seed gets one, as the server's redirect gives it).
async function answer(url) {
  if (url.pathname !== document.body.dataset.path || url.searchParams.get("draft"))
    return Boolean(url.searchParams.get("draft")) && url.pathname === document.body.dataset.path;
  if (document.getElementById("dice-form")) {
    const what = url.searchParams.get("roll");
    let d;
    try {
      d = await data(); // the rolls' titles are in its sentences
    } catch (error) {
      return false;
    }
    if (!what || !rollTitle(what)) return false;
    let seed = url.searchParams.get("seed");
    if (seed === null || seed === "") seed = String(crypto.getRandomValues(new Uint32Array(1))[0]); // as the server picks one
    if (!/^[0-9]{1,10}$/.test(seed) || Number(seed) > d.meta.rules.max_seed) return false;
    showRoll(rollDice(d.meta, what, Number(seed)));
    return url.pathname + "?" + new URLSearchParams({roll: what, seed: seed}).toString() + "#roll";
  }
  if (document.getElementById("booksmack-form")) {
    // A palette card (add=é) or Undo (remove=last|all) is a step, as the server's redirect makes it.
    let texts = splitCards(url.searchParams.get("cards") || "");
    const add = url.searchParams.get("add") || "",
      remove = url.searchParams.get("remove") || "";
    if (remove === "all") texts = [];
    else if (remove === "last") texts = texts.slice(0, -1);
    else if (remove) return false;
    else if (add) texts = texts.concat(splitCards(add));
    const text = texts
      .map(function (t) {
        return t === " " ? "space" : t;
      })
      .join(" ");
    const params = new URLSearchParams();
    if (text) params.set("cards", text);
    if (url.searchParams.get("lexicon")) params.set("lexicon", url.searchParams.get("lexicon"));
    const field = document.getElementById("cards-text");
    if (field) field.value = text;
    const shown = url.pathname + (params.toString() ? "?" + params.toString() : "") + "#verdict";
    if (!texts.length) {
      const box = document.getElementById("verdict");
      box.className = "verdict";
      try {
        await meta(); // its sentences
      } catch (error) {
        return false;
      }
      box.replaceChildren(el("p", "verdict__hint", sentence("page.booksmack.hint")));
      return shown;
    }
    const lexicon = url.searchParams.get("lexicon");
    const done = await showWith(function (d) {
      showRound(judgeRound(d, texts, lexicon || d.meta.default_lexicon));
    }, url);
    return done && shown;
  }
  if (url.searchParams.get("add") || url.searchParams.get("remove")) return false; // a step the server reads
  const smashForm = document.getElementById("colorsmash-form");
  if (smashForm) {
    const colours = Array.from(smashForm.querySelectorAll("input[name=splat]"))
      .map(function (i) {
        return i.value;
      })
      .filter(function (c) {
        return c !== "steal";
      });
    const fields = {splat: url.searchParams.get("splat") || "", word: url.searchParams.get("word") || ""};
    if (!pyStrip(fields.splat) && !pyStrip(fields.word)) return false;
    return showWith(function () {
      showSlap(slapFor(fields, colours)); // the data first: the sentences and the rules
    }, url);
  }
  const judgeForm = document.getElementById("judge-form");
  const solveForm = document.getElementById("solve-form");
  const form = formOf(url);
  const judging = judgeForm && pyStrip(form.word);
  const rack = solveForm && url.searchParams.get("rack");
  if (!judging && !rack && !(solveForm && pyStrip(form.pool))) return false;
  return showWith(function (d) {
    showPool(judgeForm || solveForm);
    if (judging) showVerdict(d, verdictFor(d, form));
    else if (rack) needsConnection("page.rack_solver");
    else showWords(d, form, url);
  }, url);
}

// The solver's words for a claim (the page's fields: pool, previous, required, claimed, lexicon), best first.
async function solve(fields) {
  const d = await data();
  const form = Object.assign(
    {pool: "", previous: "", claimed: "", required: "", lexicon: "", discards_used: 0, crossed_white: 0},
    fields,
  );
  return solvePool(d, form).found.map(function (c) {
    return c.word;
  });
}

// A Booksmack round's verdict (the cards as a list, one string each): action, word, readings, winners, explanation.
async function booksmack(cards, size) {
  const d = await data();
  const result = judgeRound(d, cards, size || d.meta.default_lexicon);
  return {
    action: result.action,
    spells: result.spells,
    spelled_from: result.spelledFrom,
    readings: result.readings,
    winners: result.winners,
    explanation: result.explanation,
  };
}

// For pages.js (a classic script) and the browser tests: the page's answer and the judges behind it.
if (metaUrl && window.DecompressionStream) {
  window.WordsmithOffline = {answer: answer, data: data, solve: solve, booksmack: booksmack};
  window.WordsmithWords = W;
}

// A page the worker answered from its cache: fill the form from the URL and answer it here.
function start() {
  const url = new URL(window.location.href);
  const body = document.body.dataset;
  if (url.pathname === body.path && url.search.slice(1) === body.query) return; // the server's own answer
  if (url.pathname !== body.path) {
    needsConnection();
    return;
  }
  fill(
    document.getElementById("judge-form") ||
      document.getElementById("solve-form") ||
      document.getElementById("colorsmash-form") ||
      document.getElementById("booksmack-form"),
    url,
  );
  answer(url).then(function (done) {
    if (!done) needsConnection();
    else if (typeof done === "string") window.history.replaceState(null, "", done);
  });
}
if (metaUrl && window.DecompressionStream) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}
