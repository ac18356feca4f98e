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

// app/pages/offline_forms.py: the refusals the server's page gives a URL's fields before it answers ("Lexicon:
// choose one of 'small', 'standard' or 'large'"), in its order and words; [] when every field is one the page takes.
// A field given empty is not given (app/pages/blueprint.py read_query).
const WHOLE = /^[+-]?[0-9]+(?:_[0-9]+)*(?:\.0*)?$/; // what pydantic reads as a whole number from text
function fieldErrors(forms, path, params) {
  const rules = (forms && forms.pages[path]) || [];
  const words = function (type, values) {
    return forms.words[type].replace(/\{(\w+)\}/g, function (whole, key) {
      return String(values[key]);
    });
  };
  const errors = [];
  rules.forEach(function (rule) {
    const value = pyStrip(params.get(rule.name) || "");
    if (!value) return;
    let detail = null;
    const length = Array.from(value).length; // code points, as the server counts them
    if (rule.kind === "choice" && !rule.choices.includes(value))
      detail = words("literal_error", {expected: rule.expected});
    else if (rule.kind === "int") {
      const number = WHOLE.test(value) ? parseInt(value.replace(/_/g, ""), 10) : null;
      if (number === null) detail = words("int_parsing", {});
      else if (rule.ge !== undefined && number < rule.ge) detail = words("greater_than_equal", rule);
      else if (rule.le !== undefined && number > rule.le) detail = words("less_than_equal", rule);
    } else if (rule.limit !== undefined && length > rule.limit)
      detail = sentence("field.too_long", {limit: rule.limit, actual: length});
    else if (rule.max_length !== undefined && length > rule.max_length) detail = words("string_too_long", rule);
    if (detail !== null) errors.push(rule.label + ": " + detail);
  });
  return errors;
}

// An error of one field of the page's form (`field`: its name), which the page says after the field's label, as the
// server's error list does ("Pool: pool 'R3X': ...").
function fieldError(field, message) {
  const error = new Error(message);
  error.field = field;
  return error;
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
  fieldError,
  fieldErrors,
  pieceOf,
  plural,
  poolText,
  pyStrip,
  sentence,
  splitWords,
  useMeta,
};
