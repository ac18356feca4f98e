// The offline pages' shared pieces (static/offline.js and its parts): the server's rules and sentences, and
// small helpers for text and DOM.
import {say} from "./sentences.js";

// The rule constants and the sentences come from the server (meta.rules, meta.sentences: app/offline.py), set
// here once the meta is loaded (useMeta), so no script holds a copy: KINDS is the piece kinds in the order of the
// alphabet's costs, CODES each kind's pool-text letter (wild last), SHOWN the words a solver page shows.
let KINDS = null,
  CODES = null,
  SHOWN = null,
  RULES = null,
  SENTENCES = null;

function useMeta(meta) {
  RULES = meta.rules;
  KINDS = RULES.kinds;
  CODES = RULES.codes;
  SHOWN = RULES.shown;
  SENTENCES = meta.sentences;
}

// The server's sentence under `key`, filled from `values` (static/sentences.js).
function sentence(key, values) {
  return say(SENTENCES, key, values);
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function plural(n, thing) {
  if (n === 1) return n + " " + thing;
  return n + " " + thing + (/[xs]$/.test(thing) ? "es" : "s");
}

function andList(parts) {
  return parts.length === 1 ? parts[0] : parts.slice(0, -1).join(", ") + " and " + parts[parts.length - 1];
}

function pyStrip(text) {
  return text.replace(/^[\s\x1c-\x1f\x85]+|[\s\x1c-\x1f\x85]+$/g, "");
}

function splitWords(text) {
  return text.split(/[\s,]+/).filter(Boolean);
}

function poolText(pool) {
  const out = CODES.map(function (code, i) {
    return pool[i] ? code + pool[i] : "";
  }).filter(Boolean);
  return out.join(" ") || "(empty)";
}

function pieceOf(kind) {
  const piece = el("span", "piece piece--" + kind, kind === "wild" ? "★" : undefined);
  piece.setAttribute("aria-hidden", "true");
  return piece;
}

export {
  CODES,
  KINDS,
  RULES,
  SENTENCES,
  SHOWN,
  andList,
  el,
  pieceOf,
  plural,
  poolText,
  pyStrip,
  sentence,
  splitWords,
  useMeta,
};
