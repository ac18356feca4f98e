// The offline pages' shared pieces (static/offline.js and its parts): the piece kinds (the order of the
// alphabet's costs in the offline meta), and small helpers for text and DOM. The rule constants (the discard
// boxes, the rare threshold) come from the server, in meta.rules.
const KINDS = ["red", "yellow", "blue", "green"];
// Words a solver page shows: app/pages/solve.py SHOWN (kept here: app/offline.py, which builds the meta, may not
// import the pages, which import it).
const SHOWN = 300;

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
  const out = ["R", "Y", "B", "G", "W"]
    .map(function (code, i) {
      return pool[i] ? code + pool[i] : "";
    })
    .filter(Boolean);
  return out.join(" ") || "(empty)";
}

function pieceOf(kind) {
  const piece = el("span", "piece piece--" + kind, kind === "wild" ? "★" : undefined);
  piece.setAttribute("aria-hidden", "true");
  return piece;
}

export {KINDS, SHOWN, andList, el, pieceOf, plural, poolText, pyStrip, splitWords};
