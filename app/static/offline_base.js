// The offline pages' shared pieces (static/offline.js and its parts): the piece kinds and box counts, and small
// helpers for text and DOM.
"use strict";
(function () {
  const KINDS = ["red", "yellow", "blue", "green"];
  const WHITE_BOXES = 6, BLUE_BOXES = 6, SHOWN = 300;

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
    const out = ["R", "Y", "B", "G", "W"].map(function (code, i) { return pool[i] ? code + pool[i] : ""; }).filter(Boolean);
    return out.join(" ") || "(empty)";
  }

  function pieceOf(kind) {
    const piece = el("span", "piece piece--" + kind, kind === "wild" ? "★" : undefined);
    piece.setAttribute("aria-hidden", "true");
    return piece;
  }

  window.WordsmithOfflineBase = {BLUE_BOXES, KINDS, SHOWN, WHITE_BOXES, andList, el, pieceOf, plural, poolText, pyStrip, splitWords};
})();
