// The offline judge: solver/pieces.py's pool reading, solver/wordsmith/judge.py's claim judge and app/pages/judge.py's
// verdict, over the word data, shown as the server shows it (static/offline.js answers the page with it).
"use strict";
(function () {
  const {BLUE_BOXES, KINDS, WHITE_BOXES, andList, el, pieceOf, plural, pyStrip, splitWords} = window.WordsmithOfflineBase;
  const W = window.WordsmithWords;

  function cost(alphabet, word) {
    const total = [0, 0, 0, 0];
    for (const c of word) {
      const piece = alphabet[c];
      if (!piece) return null;
      for (let k = 0; k < 4; k++) total[k] += piece[k];
    }
    return total;
  }

  // solver/pieces.py parse_pool (and Pool's size limit): "R3 Y2 B1 G2 W1" or "rrryybgg", refused in its words.
  function parsePool(value, maxPieces) {
    const codes = {r: 0, y: 1, b: 2, g: 3, w: 4};
    const counts = [0, 0, 0, 0, 0];
    const text = pyStrip(value);
    const token = /\s*(?:([A-Za-z])([0-9]*))\s*,?/y;
    let position = 0;
    while (position < text.length) {
      token.lastIndex = position;
      const match = token.exec(text);
      const kind = match ? codes[match[1].toLowerCase()] : undefined;
      if (kind === undefined) {
        const bad = pyStrip(text.slice(position)).slice(0, 1) || text[position];
        throw new Error("pool " + W.pyRepr(value) + ": " + W.pyRepr(bad) + " at position " + (position + 1) + " is not a piece kind; " +
          "use R (red), Y (yellow), B (blue), G (green) or W (wild), each with an optional count: 'R3 Y2 B1 G2'");
      }
      if (match[2].replace(/^0+/, "").length > 3) {
        throw new Error("pool " + W.pyRepr(value) + ": count " + match[2] + " is too large (at most " + maxPieces + " pieces)");
      }
      counts[kind] += match[2] ? parseInt(match[2], 10) : 1;
      position = token.lastIndex;
    }
    if (!counts.some(Boolean)) throw new Error("pool: empty; give at least one piece, like 'R3 Y2 B1 G2'");
    const size = counts.reduce(function (a, b) { return a + b; }, 0);
    if (size > maxPieces) throw new Error("pool: " + size + " pieces is more than the limit of " + maxPieces);
    return counts;
  }

  function deficit(pool, need) {
    let d = 0;
    for (let k = 0; k < 4; k++) d += Math.max(0, need[k] - pool[k]);
    return d;
  }

  function boxesOf(crossed, used) {
    const white = WHITE_BOXES - crossed, total = white + BLUE_BOXES;
    if (!(crossed >= 0 && crossed <= WHITE_BOXES) || !(used >= 0) || used > total) {
      throw new Error("discards_used: " + used + " discards, but the sheet has only " + total + " discard boxes.");
    }
    return {total: total, left: total - used, blueCost: function (n) { return Math.max(0, Math.min(n, total - used) - Math.max(0, white - used)); }};
  }

  function hasNewLetter(word, previous) {
    const have = {};
    for (const c of previous) have[c] = (have[c] || 0) + 1;
    const mine = {};
    for (const c of word) mine[c] = (mine[c] || 0) + 1;
    return Object.keys(mine).some(function (c) { return mine[c] > (have[c] || 0); });
  }

  function readLetter(value) {
    const letter = pyStrip(W.fold(value));
    if (letter.length > 1 || (letter && !/^[a-z]$/.test(letter))) throw new Error("required_letter: give a single letter a-z.");
    return letter;
  }

  // solver/wordsmith/judge.py judge_claim, for the page: the objections' sentences, or what the claim costs.
  function judgeClaim(words, alphabet, word, pool, size, form, boxes) {
    const normalized = pyStrip(W.fold(word));
    const shout = normalized.toUpperCase() || W.pyRepr(word);
    const previous = pyStrip(W.fold(form.previous));
    const required = readLetter(form.required);
    const objections = [];
    const found = W.check(words, normalized, size);
    if (found.reason === "invalid_characters" || !found.valid) objections.push(found.message);
    const claimed = splitWords(form.claimed).map(function (w) { return pyStrip(W.fold(w)); });
    if (claimed.indexOf(normalized) >= 0) objections.push(shout + " has already been claimed in this challenge.");
    if (previous && normalized && !hasNewLetter(normalized, previous)) {
      objections.push(shout + " has no new letter: every letter of it was already in " + previous.toUpperCase() + ".");
    }
    if (required && normalized.indexOf(required) < 0) objections.push(shout + " does not contain the required letter " + required.toUpperCase() + ".");
    const need = W.isWellFormed(normalized) ? cost(alphabet, normalized) : null;
    let left = null;
    if (need === null) {
      if (found.reason !== "invalid_characters") objections.push(shout + " holds a character the letter-piece alphabet has no pieces for.");
    } else if (deficit(pool, need) > pool[4]) {
      const short = [0, 1, 2, 3].map(function (k) { return Math.max(0, need[k] - pool[k]); });
      let spare = pool[4];
      const missing = [];
      short.forEach(function (lack, k) {
        const covered = Math.min(lack, spare);
        spare -= covered;
        if (lack - covered) missing.push(plural(lack - covered, KINDS[k] + " piece"));
      });
      objections.push("Your pool cannot build " + shout + ": it is short of " + andList(missing) + ".");
    } else {
      const wildUsed = deficit(pool, need);
      left = [0, 1, 2, 3].map(function (k) { return pool[k] - Math.min(need[k], pool[k]); });
      left.push(pool[4] - wildUsed);
      left.wildUsed = wildUsed;
      const count = left.reduce(function (a, b) { return a + b; }, 0);
      if (count && boxes.left === 0) {
        objections.push("You have checked all " + boxes.total + " discard boxes, so you must use every piece in your pool: " + shout + " leaves " + plural(count, "piece") + " over.");
      } else if (count > boxes.left) {
        objections.push(shout + " leaves " + plural(count, "piece") + " over, but you have only " + plural(boxes.left, "discard box") + " left: a word may leave at most " + boxes.left + ".");
      }
    }
    return {valid: objections.length === 0, objections: objections, normalized: normalized, left: left};
  }

  // app/pages/judge.py claim_facts.
  function claimFacts(claim, boxes) {
    const facts = ["Scores " + plural(claim.normalized.length, "point") + "."];
    if (claim.left.wildUsed) facts.push("Uses " + plural(claim.left.wildUsed, "wild") + " as any piece.");
    const left = claim.left.reduce(function (a, b) { return a + b; }, 0);
    if (!left) { facts.push("Uses every piece: nothing to discard."); return facts; }
    const kinds = KINDS.concat(["wild"]).map(function (kind, k) { return claim.left[k] ? claim.left[k] + " " + kind : ""; }).filter(Boolean).join(", ");
    const they = left === 1 ? "it goes" : "they go";
    const blue = boxes.blueCost(left);
    let where;
    if (!blue) where = left === 1 ? "a white discard box, which costs nothing" : "white discard boxes, which cost nothing";
    else if (left === 1) where = "a blue discard box, so you lose " + plural(blue, "bonus point");
    else where = left + " discard boxes, " + blue + " of them blue, so you lose " + plural(blue, "bonus point");
    facts.push("Leaves " + plural(left, "piece") + " over (" + kinds + "): " + they + " in " + where + ".");
    return facts;
  }

  function formOf(url) {
    const get = function (name) { return url.searchParams.get(name) || ""; };
    return {
      word: get("word"), pool: get("pool"), previous: get("previous"), claimed: get("claimed"), required: get("required"),
      lexicon: get("lexicon"), discards_used: parseInt(get("discards_used") || "0", 10), crossed_white: parseInt(get("crossed_white") || "0", 10),
      page: parseInt(get("page") || "1", 10),
    };
  }

  // app/pages/judge.py verdict_for, over the word data.
  function verdictFor(d, form) {
    const size = form.lexicon || d.meta.default_lexicon;
    const alphabet = d.meta.alphabet;
    const word = pyStrip(form.word);
    const found = W.check(d.words, word, size);
    const missing = [];
    if (!pyStrip(form.pool)) missing.push("the pieces (no pool)");
    if (!pyStrip(form.previous)) missing.push("a new letter (no previous word)");
    if (!pyStrip(form.claimed)) missing.push("already claimed (no claimed words)");
    let line = found.lexicon + " lexicon";
    if (found.valid && found.tier && found.tier !== found.lexicon) line += " (in the " + found.tier + " one too)";
    const verdict = {
      valid: found.valid, word: found.normalized.toUpperCase() || found.word, normalized: found.normalized, messages: [found.message],
      facts: [], unchecked: missing.length ? "Not checked: " + missing.join(", ") + "." : "", lexicon: line,
      defined: found.valid || found.reason === "larger_lexicon_only",
    };
    const rulesGiven = pyStrip(form.previous) || pyStrip(form.claimed) || pyStrip(form.required);
    const poolGiven = Boolean(pyStrip(form.pool));
    let pool = poolGiven ? parsePool(form.pool, d.meta.max_pool_pieces) : null;
    const boxes = boxesOf(form.crossed_white, form.discards_used);
    if (!poolGiven && rulesGiven) {
      const need = cost(alphabet, found.normalized);
      if (need === null) pool = [0, 0, 0, 0, 0];
      else if (need.reduce(function (a, b) { return a + b; }, 0) <= d.meta.max_pool_pieces) pool = need.concat([0]);
      else { verdict.unchecked = "Not checked: too long to judge without a pool, so only the dictionary was."; return verdict; }
    } else if (!poolGiven) {
      return verdict;
    }
    const claim = judgeClaim(d.words, alphabet, word, pool, size, form, boxes);
    verdict.valid = claim.valid;
    if (claim.valid) verdict.facts = poolGiven ? claimFacts(claim, boxes) : ["Scores " + plural(claim.normalized.length, "point") + "."];
    else verdict.messages = claim.objections;
    return verdict;
  }

  function drawnWord(alphabet, normalized) {
    const list = el("ol", "letters");
    list.setAttribute("aria-label", "Letter pieces");
    for (const char of normalized) {
      const costs = alphabet[char];
      const item = el("li", "letter");
      item.appendChild(el("span", "letter__char", char.toUpperCase()));
      const pieces = el("span", "letter__pieces");
      const spoken = [];
      if (costs) KINDS.forEach(function (kind, k) {
        for (let n = 0; n < costs[k]; n++) pieces.appendChild(pieceOf(kind));
        if (costs[k]) spoken.push(costs[k] + " " + kind);
      });
      item.appendChild(pieces);
      item.appendChild(el("span", "vh", ": " + (costs ? spoken.join(", ") : "no pieces")));
      list.appendChild(item);
    }
    return list;
  }

  function showVerdict(d, verdict) {
    const box = document.getElementById("verdict");
    box.className = "verdict verdict--" + (verdict.valid ? "valid" : "invalid");
    box.replaceChildren();
    box.appendChild(el("p", "verdict__stale", "Out of date: a field changed. Press Judge again."));
    box.appendChild(el("p", "verdict__mark", verdict.valid ? "VALID" : "NOT VALID"));
    box.appendChild(el("p", "verdict__word", verdict.word));
    const messages = el("ul", "verdict__messages");
    verdict.messages.forEach(function (m) { messages.appendChild(el("li", "verdict__message", m)); });
    box.appendChild(messages);
    if (verdict.unchecked) box.appendChild(el("p", "verdict__unchecked", verdict.unchecked));
    if (verdict.normalized) box.appendChild(drawnWord(d.meta.alphabet, verdict.normalized));
    if (verdict.facts.length) {
      const facts = el("ul", "verdict__facts");
      verdict.facts.forEach(function (f) { facts.appendChild(el("li", null, f)); });
      box.appendChild(facts);
    }
    box.appendChild(el("p", "verdict__lexicon", verdict.lexicon));
    if (verdict.defined) box.appendChild(el("p", "verdict__offline", "Definition: needs a connection."));
    box.dataset.source = "offline";
    if (performance.mark) performance.mark("wordsmith-verdict");  // bench/offline.py reads when it showed
    document.title = verdict.word + ": " + (verdict.valid ? "valid" : "not valid") + " · Judge · Wordsmith judge";
  }

  function showError(message) {
    const box = document.getElementById("verdict");
    box.className = "verdict verdict--invalid";
    box.replaceChildren(el("p", "verdict__message", message));
    box.dataset.source = "offline";
  }

  window.WordsmithOfflineJudge = {boxesOf, claimFacts, cost, deficit, drawnWord, formOf, hasNewLetter, judgeClaim, parsePool, readLetter, showError, showVerdict, verdictFor};
})();
