// The pages with no connection. Online nothing here changes a page: the server answers every form, as without
// JavaScript. This file registers the service worker (app/templates/sw.js), which keeps each page's empty
// form, the scripts and the word data; when the network fails, the worker answers a page's URL with that
// form, and here the answer is worked out from the word data (static/words.js) and shown as the server shows
// it: the judge's verdict (the same sentences, proven equal by the tests) and the solver's first page of words
// (in the server's order), Booksmack, Color Smash and the dice. What only the server knows (definitions,
// hints, racks, score sheets, live tables) says it needs a connection. pages.js asks
// `WordsmithOffline.answer` before it gives up on a failed fetch.
"use strict";
(function () {
  const script = document.currentScript;
  const worker = script && script.dataset.worker;
  if (worker && "serviceWorker" in navigator) navigator.serviceWorker.register(worker).catch(function () {});
  // Plain http on a LAN address is not a secure context: no service worker, so say so rather than fail silently.
  const note = document.getElementById("offline-note");
  if (note && window.isSecureContext === false) note.hidden = false;
  const metaUrl = script && script.dataset.meta;
  const W = window.WordsmithWords;
  if (!W || !metaUrl || !window.DecompressionStream) return;
  const KINDS = ["red", "yellow", "blue", "green"];
  const WHITE_BOXES = 6, BLUE_BOXES = 6, SHOWN = 300;
  let loading = null;

  // The alphabet and limits, and the word data they name: fetched once (from the worker's cache offline).
  function data() {
    if (!loading) {
      loading = fetch(metaUrl).then(function (r) { return r.json(); }).then(async function (meta) {
        const bytes = await (await fetch(meta.words)).arrayBuffer();
        return {meta: meta, words: await W.load(bytes)};
      });
      loading.catch(function () { loading = null; });
    }
    return loading;
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

  function poolText(pool) {
    const out = ["R", "Y", "B", "G", "W"].map(function (code, i) { return pool[i] ? code + pool[i] : ""; }).filter(Boolean);
    return out.join(" ") || "(empty)";
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

  function pieceOf(kind) {
    const piece = el("span", "piece piece--" + kind, kind === "wild" ? "★" : undefined);
    piece.setAttribute("aria-hidden", "true");
    return piece;
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

  function needsConnection(what) {
    const main = document.getElementById("main");
    if (!main || main.querySelector(".offline-notice")) return;
    const note = el("p", "offline-notice", (what || "This page") + " needs a connection: no network now. The judge, the solver, Booksmack, Color Smash and the dice work offline.");
    note.setAttribute("role", "status");
    main.prepend(note);
  }

  // The solver's words for a pool (solver/search: longest first, then most pieces used, then most familiar,
  // then A to Z), over one size's valid words, with the claim's filters.
  const prepared = {};
  function candidates(d, size) {
    if (prepared[size]) return prepared[size];
    const rank = W.SIZES.indexOf(size);
    const out = [];
    d.words.all().forEach(function (entry) {
      if (entry[1] > rank) return;
      const need = cost(d.meta.alphabet, entry[0]);
      if (need) out.push({word: entry[0], cost: need, pieces: need[0] + need[1] + need[2] + need[3], familiarity: entry[2]});
    });
    out.sort(function (a, b) {
      return b.word.length - a.word.length || b.pieces - a.pieces || b.familiarity - a.familiarity || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);
    });
    prepared[size] = out;
    return out;
  }

  function solvePool(d, form) {
    const size = form.lexicon || d.meta.default_lexicon;
    const pool = parsePool(form.pool, d.meta.max_pool_pieces);
    const boxes = boxesOf(form.crossed_white, form.discards_used);
    const previous = pyStrip(W.fold(form.previous));
    const required = readLetter(form.required);
    const claimed = new Set(splitWords(form.claimed).map(function (w) { return pyStrip(W.fold(w)); }));
    const found = candidates(d, size).filter(function (c) {
      return deficit(pool, c.cost) <= pool[4] && (!required || c.word.indexOf(required) >= 0) && !claimed.has(c.word) &&
        (!previous || c.word.length > previous.length || hasNewLetter(c.word, previous));
    });
    return {pool: pool, boxes: boxes, found: found, size: size};
  }

  function showWords(d, form, url) {
    const result = solvePool(d, form);
    const box = document.getElementById("verdict");
    box.replaceChildren();
    box.dataset.source = "offline";
    const total = result.found.length;
    const pages = Math.max(1, Math.ceil(total / SHOWN));
    const page = Math.min(Math.max(1, form.page), pages);
    const shown = result.found.slice((page - 1) * SHOWN, page * SHOWN);
    const text = poolText(result.pool);
    box.appendChild(el("p", "offline-notice", "Offline: the words come from this phone's word list; hints and the best claim need a connection."));
    box.appendChild(el("p", "results__count", text + " builds " + plural(total, "word") + (pages > 1 ? "; words " + ((page - 1) * SHOWN + 1) + "–" + ((page - 1) * SHOWN + shown.length) + " are shown (page " + page + " of " + pages + ")" : "") + "."));
    const byLength = new Map();
    shown.forEach(function (c) {
      if (!byLength.has(c.word.length)) byLength.set(c.word.length, []);
      byLength.get(c.word.length).push(c);
    });
    const judge = new URL(document.querySelector(".site-header .brand").href);
    byLength.forEach(function (group, n) {
      const heading = el("h2", "results__heading", plural(n, "letter") + " ");
      heading.appendChild(el("small", null, plural(result.found.filter(function (c) { return c.word.length === n; }).length, "word")));
      box.appendChild(heading);
      const list = el("ul", "words words--pieces");
      group.forEach(function (c) {
        const item = el("li");
        const link = el("a", "word-link", c.word);
        const params = new URLSearchParams({word: c.word, pool: text});
        ["previous", "claimed", "required", "discards_used", "crossed_white", "lexicon"].forEach(function (name) {
          const value = url.searchParams.get(name);
          if (value) params.set(name, value);
        });
        link.href = judge.pathname + "?" + params.toString();
        item.appendChild(link);
        const left = [0, 1, 2, 3].map(function (k) { return result.pool[k] - Math.min(c.cost[k], result.pool[k]); });
        left.push(result.pool[4] - deficit(result.pool, c.cost));
        const count = left.reduce(function (a, b) { return a + b; }, 0);
        const facts = count > result.boxes.left ? "too many leftovers" : plural(c.word.length - result.boxes.blueCost(count), "pt").replace("pts", "pts");
        item.appendChild(el("small", "word-facts", " " + facts + " · " + (count ? "leaves " + poolText(left) : "★ all") + (c.familiarity < 150 ? " · rare" : "")));
        list.appendChild(item);
      });
      box.appendChild(list);
    });
  }

  // solver/colorsmash.py judge_slap, for app/pages/colorsmash.py: the colours are the page's own choices.
  function slapFor(form, colours) {
    const splat = pyStrip(form.splat), word = pyStrip(form.word);
    if (!splat) throw new Error("Splat colour: pick the splat colour too (or Steal card).");
    const wrong = "don't slap! A slapper puts 5 of their cards under the pile (all they have if fewer).";
    if (splat.toLowerCase() === "steal") {
      return {slap: true, steal: true, outcome: "A Steal card: slap! The first slapper steals 5 collected cards from an opponent of their choice."};
    }
    const colour = function (name, what) {
      const folded = pyStrip(W.fold(name));
      if (colours.indexOf(folded) < 0) throw new Error(what + " " + W.pyRepr(name) + " is not a colour of this set: choose one of " + colours.join(", "));
      return folded;
    };
    const card = {splat: colour(splat, "splat colour"), word: word ? colour(word, "colour word") : null};
    if (card.word === null) return {slap: false, card: card, outcome: "A " + card.splat + " splat with no word: " + wrong};
    if (card.word === card.splat) {
      return {slap: true, card: card, outcome: "The word " + card.word.toUpperCase() + " names the " + card.splat + " splat: slap! The first slapper takes the pile."};
    }
    return {slap: false, card: card, outcome: "The word " + card.word.toUpperCase() + " does not name the " + card.splat + " splat: " + wrong};
  }

  function showSlap(result) {
    const box = document.getElementById("verdict");
    box.className = "verdict verdict--" + (result.slap ? "valid" : "invalid");
    box.replaceChildren(el("p", "verdict__mark", result.slap ? "SLAP!" : "DON'T SLAP"));
    const card = el("div", "splat-card");
    card.setAttribute("aria-hidden", "true");
    const splat = el("div", "splat-card__splat " + (result.steal ? "paint--steal" : "paint--" + result.card.splat));
    splat.appendChild(el("span", "splat-card__word", result.steal ? "STEAL" : result.card.word ? result.card.word.toUpperCase() : ""));
    card.appendChild(splat);
    box.appendChild(card);
    box.appendChild(el("p", "verdict__message verdict__message--big", result.outcome));
    box.dataset.source = "offline";
  }

  // Python's random.Random(seed) for a seed below 2**32 (MT19937, seeded by init_by_array), and its
  // choice(): the dice roll the server makes for the same seed (solver/wordsmith/dice.py).
  function pythonRandom(seed) {
    const mt = new Uint32Array(624);
    let index = 624;
    mt[0] = 19650218;
    for (let i = 1; i < 624; i++) mt[i] = (Math.imul(1812433253, mt[i - 1] ^ (mt[i - 1] >>> 30)) + i) >>> 0;
    let i = 1;
    for (let k = 624; k > 0; k--) {  // init_by_array with the key [seed]
      mt[i] = ((mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1664525)) + seed) >>> 0;
      i++;
      if (i >= 624) { mt[0] = mt[623]; i = 1; }
    }
    for (let k = 623; k > 0; k--) {
      mt[i] = ((mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1566083941)) - i) >>> 0;
      i++;
      if (i >= 624) { mt[0] = mt[623]; i = 1; }
    }
    mt[0] = 0x80000000;
    function next() {
      if (index >= 624) {
        for (let k = 0; k < 624; k++) {
          const y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7fffffff);
          mt[k] = mt[(k + 397) % 624] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
        }
        index = 0;
      }
      let y = mt[index++];
      y ^= y >>> 11;
      y ^= (y << 7) & 0x9d2c5680;
      y ^= (y << 15) & 0xefc60000;
      y ^= y >>> 18;
      return y >>> 0;
    }
    return {
      choice: function (list) {  // _randbelow: getrandbits(n.bit_length()), drawn again while too big
        const bits = 32 - Math.clz32(list.length);
        let r;
        do { r = next() >>> (32 - bits); } while (r >= list.length);
        return list[r];
      },
    };
  }

  const ROLL_TITLES = {start: "Starting pool", add: "A piece to add", word_by_word: "Word by Word roll"};

  function rollDice(meta, what, seed) {
    const rng = pythonRandom(seed);
    const roll = function (n) { const faces = []; for (let i = 0; i < n; i++) faces.push(rng.choice(meta.die)); return faces; };
    let rolls;
    if (what === "start") rolls = [roll(meta.dice), roll(meta.dice)];
    else if (what === "add") rolls = [roll(1)];
    else {
      let faces;
      do { faces = roll(3); } while (faces.every(function (f) { return f.add === "wild"; }));
      rolls = [faces];
    }
    const reading = what === "start" ? "start" : "add";
    const pool = [0, 0, 0, 0, 0];
    rolls.forEach(function (faces) { faces.forEach(function (f) { pool[KINDS.concat(["wild"]).indexOf(f[reading])] += 1; }); });
    return {what: what, seed: seed, reading: reading, rolls: rolls, pool: pool};
  }

  function showRoll(rolled) {
    const box = document.getElementById("roll");
    const text = poolText(rolled.pool);
    const size = rolled.pool.reduce(function (a, b) { return a + b; }, 0);
    box.replaceChildren();
    const title = el("h2", "result__title", ROLL_TITLES[rolled.what] + ": ");
    title.appendChild(el("span", "result__big", text));
    box.appendChild(title);
    rolled.rolls.forEach(function (faces, i) {
      const label = faces.length > 1 && rolled.rolls.length > 1 ? "Roll " + (i + 1) : "Faces";
      box.appendChild(el("p", "dice-roll__label", label));
      const list = el("ul", "dice-roll");
      list.setAttribute("aria-label", rolled.rolls.length > 1 ? "Roll " + (i + 1) : "Faces");
      faces.forEach(function (face) {
        const gives = face[rolled.reading];
        const item = el("li", "die die--" + face.label.replace(/ /g, "-"));
        item.appendChild(el("span", "die__face", face.label + (face.label.indexOf("star") >= 0 ? " ★" : "")));
        const what = el("span", "die__gives");
        if (gives === "wild") what.textContent = "wild: any piece";
        else { what.appendChild(pieceOf(gives)); what.appendChild(document.createTextNode(" " + gives + " piece")); }
        item.appendChild(what);
        list.appendChild(item);
      });
      box.appendChild(list);
    });
    let message;
    if (rolled.what === "start") message = "Every player starts with these " + size + " pieces: " + text + ".";
    else if (rolled.what === "add") message = "Add " + (rolled.pool[4] ? "a wild: take any piece you need" : "this piece") + " to your pool.";
    else message = "Every player adds the red and yellow pieces" + (rolled.pool[4] ? ", and notes " + rolled.pool[4] + " circle" + (rolled.pool[4] > 1 ? "s" : "") + " (a piece of any kind, taken when needed)" : "") + ".";
    box.appendChild(el("p", "result__message", message));
    const brand = new URL(document.querySelector(".site-header .brand").href).pathname;
    const site = brand.replace(/\/$/, "");
    if (rolled.what === "start") {
      const links = el("p", "result__links");
      const pool = new URLSearchParams({pool: text}).toString();
      const solve = el("a", null, "Solve this pool");
      solve.href = site + "/solve?" + pool;
      const judge = el("a", null, "Judge a word with this pool");
      judge.href = brand + "?" + pool;
      links.appendChild(solve);
      links.appendChild(document.createTextNode("\n    "));
      links.appendChild(judge);
      box.appendChild(links);
    }
    const help = el("p", "help", "Seed " + rolled.seed + ": ");
    const link = el("a", null, "link to this roll");
    link.href = document.body.dataset.path + "?" + new URLSearchParams({roll: rolled.what, seed: String(rolled.seed)}).toString();
    help.appendChild(link);
    box.appendChild(help);
    box.dataset.source = "offline";
    document.title = ROLL_TITLES[rolled.what] + ": " + text + " · Dice · Wordsmith judge";
  }

  // --- Booksmack: solver/booksmack (cards, spelling, round) and app/pages/booksmack.py, over the word data ---

  function splitCards(text) {
    const cards = [];
    text.normalize("NFC").split(/[\s,]+/u).forEach(function (token) {
      if (!token) return;
      if (token.toLowerCase() === "space" || token.toLowerCase() === "␣") cards.push(" ");
      else if (Array.from(token).length > 1 && /^\p{L}+$/u.test(token)) Array.from(token).forEach(function (c) { cards.push(c); });
      else cards.push(token);
    });
    return cards;
  }

  function parseCard(deck, text, position) {
    const canonical = text.normalize("NFKC");
    const refuse = function (why) { return new Error("card " + position + " (" + W.pyRepr(text) + "): not a Booksmack card — " + why); };
    if (canonical in deck.never_tapped) return {text: canonical, kind: "symbol", rank: null, tier: -1};
    if (/^[0-9]{1,3}$/.test(canonical)) {
      const value = parseInt(canonical, 10);
      if (value < deck.lowest || value > deck.highest) throw refuse("numbers run from " + deck.lowest + " to " + deck.highest);
      return {text: String(value), kind: "number", rank: value, form: "number", tier: deck.tie_order.indexOf("number")};
    }
    const letter = Array.from(canonical).length === 1 ? W.fold(canonical) : "";
    if (/^[a-z]$/.test(letter)) {
      const form = /^[\x00-\x7f]$/.test(canonical) ? (/^[A-Z]$/.test(canonical) ? "uppercase" : "lowercase") : "diacritic";
      return {text: canonical, kind: "letter", letter: letter, rank: letter.charCodeAt(0) - 96, form: form, tier: deck.tie_order.indexOf(form)};
    }
    throw refuse("use a letter, a number 1–26, or one of . ? ! + - & * @ ~ # and space");
  }

  function shownOf(card) {
    return card.text === " " ? "Space" : card.text;
  }

  function compareKeys(a, b) {
    return a[0] - b[0] || a[1] - b[1];
  }

  function keyOf(s) {
    return [s.rank, s.tier];
  }

  function neighbours(i, n) {
    const out = [];
    [((i - 1) % n + n) % n, (i + 1) % n].forEach(function (j) { if (j !== i && out.indexOf(j) < 0) out.push(j); });
    return out.sort(function (a, b) { return a - b; });
  }

  function standingsOf(cards) {
    const printed = cards.map(function (c) { return {rank: c.rank, tier: c.tier, note: null}; });
    const standings = printed.slice();
    const n = cards.length;
    cards.forEach(function (card, i) {
      if (card.text !== "+" && card.text !== "-") return;
      const ranked = neighbours(i, n).filter(function (j) { return printed[j].rank !== null; });
      if (!ranked.length) return;
      let best = ranked[0];
      ranked.forEach(function (j) { if (compareKeys(keyOf(printed[j]), keyOf(printed[best])) > 0) best = j; });
      const step = card.text === "+" ? 1 : -1;
      standings[i] = {rank: printed[best].rank + step, tier: printed[best].tier,
        note: shownOf(cards[best]) + " " + (step === 1 ? "plus" : "minus") + " one = " + (printed[best].rank + step)};
    });
    const chain = cards.map(function (_, i) { return i; });
    const root = function (i) { while (chain[i] !== i) i = chain[i]; return i; };
    cards.forEach(function (card, i) {
      if (card.text !== "&") return;
      const ranked = neighbours(i, n).filter(function (j) { return standings[j].rank !== null; });
      ranked.slice(1).forEach(function (j) { chain[root(j)] = root(ranked[0]); });
    });
    const members = new Map();
    for (let i = 0; i < n; i++) {
      if (standings[i].rank === null) continue;
      const r = root(i);
      if (!members.has(r)) members.set(r, []);
      members.get(r).push(i);
    }
    const linked = standings.slice();
    members.forEach(function (group) {
      if (group.length < 2) return;
      const total = group.reduce(function (sum, j) { return sum + standings[j].rank; }, 0);
      const ordered = group.slice().sort(function (a, b) {
        return compareKeys(keyOf(standings[a]), keyOf(standings[b])) || (cards[a].text < cards[b].text ? -1 : cards[a].text > cards[b].text ? 1 : 0);
      });
      const note = ordered.map(function (j) { return shownOf(cards[j]); }).join(" & ") + " = " + total;
      group.forEach(function (j) { linked[j] = {rank: total, tier: standings[j].tier, note: note}; });
    });
    return linked;
  }

  function groupsOf(cards) {
    const periods = [];
    cards.forEach(function (c, i) { if (c.text === ".") periods.push(i); });
    const n = cards.length;
    if (!periods.length) return [cards.map(function (_, i) { return i; })];
    const groups = [];
    periods.forEach(function (start, k) {
      const end = periods[(k + 1) % periods.length];
      const span = periods.length > 1 ? (((end - start - 1) % n) + n) % n : n - 1;
      const group = [];
      for (let d = 0; d < span; d++) group.push((start + 1 + d) % n);
      if (group.length) groups.push(group);
    });
    return groups;
  }

  function extremes(group, standings, lowest) {
    const ranked = group.filter(function (i) { return standings[i].rank !== null; });
    if (!ranked.length) return [];
    let best = keyOf(standings[ranked[0]]);
    ranked.forEach(function (i) {
      const c = compareKeys(keyOf(standings[i]), best);
      if (lowest ? c < 0 : c > 0) best = keyOf(standings[i]);
    });
    return ranked.filter(function (i) { return compareKeys(keyOf(standings[i]), best) === 0; });
  }

  function namesOf(seats, cards, standings, descending) {
    const keyed = function (i) { return standings[i].rank !== null ? keyOf(standings[i]) : [0, -1]; };
    const order = seats.slice().sort(function (a, b) {
      const c = compareKeys(keyed(a), keyed(b)) || (cards[a].text < cards[b].text ? -1 : cards[a].text > cards[b].text ? 1 : 0);
      return descending === false ? c : -c;
    });
    return andList(order.map(function (i) { return shownOf(cards[i]) + (standings[i].note ? " (" + standings[i].note + ")" : ""); }));
  }

  const TIE_REASONS = {uppercase: "uppercase beats lowercase", diacritic: "a diacritic beats the plain letter", number: "a number beats the letter at its position"};

  function rankSentence(cards, standings, winners, lowest) {
    const names = namesOf(winners, cards, standings);
    if (lowest) return "# is on the table, so the lowest card wins: " + names;
    const ranked = cards.filter(function (c, i) { return standings[i].rank !== null; });
    const what = ranked.every(function (c) { return c.kind === "letter"; }) ? "letter" : "card";
    if (winners.length > 1) return names + " tie as the highest " + what + ", so each of them wins";
    const best = standings[winners[0]];
    const beaten = [];
    standings.forEach(function (s, i) { if (s.rank === best.rank && s.tier < best.tier) beaten.push(i); });
    let sentence = names + " is the highest " + what;
    const form = cards[winners[0]].form;
    if (beaten.length && form in TIE_REASONS) sentence += ", ahead of " + namesOf(beaten, cards, standings) + " at equal rank (" + TIE_REASONS[form] + ")";
    return sentence;
  }

  function outright(deck, cards) {
    const texts = cards.map(function (c) { return c.text; });
    const letters = cards.filter(function (c) { return c.kind === "letter"; }).length;
    const count = function (t) { return texts.filter(function (x) { return x === t; }).length; };
    const seatsOf = function (t) { const out = []; texts.forEach(function (x, i) { if (x === t) out.push(i); }); return out; };
    if (texts.indexOf("~") >= 0) {
      const others = [];
      cards.forEach(function (c, i) { if (c.text !== "~" && !(c.text in deck.never_tapped && deck.never_tapped[c.text])) others.push(i); });
      return {rule: "tilde", winners: others, explanation: "~ is on the table, so tapping any other card wins" + (others.length ? "" : ", but no other card can be tapped")};
    }
    if (count("!") > letters) {
      return {rule: "exclamation", winners: seatsOf("!"), explanation: "There are more ! cards (" + count("!") + ") than letters (" + letters + "), so tap a !"};
    }
    if (texts.indexOf("*") >= 0 && cards.length - letters > letters) {
      return {rule: "asterisk", winners: seatsOf("*"), explanation: "* is on the table and non-letters (" + (cards.length - letters) + ") outnumber letters (" + letters + "), so tap the *"};
    }
    return null;
  }

  function byRank(cards, standings) {
    const lowest = cards.some(function (c) { return c.text === "#"; });
    const groups = groupsOf(cards);
    const winners = [];
    groups.forEach(function (g) { extremes(g, standings, lowest).forEach(function (i) { winners.push(i); }); });
    winners.sort(function (a, b) { return a - b; });
    if (!winners.length) return {rule: "nothing", winners: [], explanation: "No card can be tapped: nothing on the table has a rank"};
    let sentence;
    if (groups.length > 1) {
      sentence = "The periods cut the table into " + groups.length + " groups" + (lowest ? " and # is on the table" : "") +
        ", so the " + (lowest ? "lowest" : "highest") + " card of each group wins: " + namesOf(winners, cards, standings);
    } else {
      sentence = rankSentence(cards, standings, winners, lowest);
    }
    const n = cards.length;
    const replaced = winners.filter(function (w) { return neighbours(w, n).some(function (j) { return cards[j].text === "@"; }); });
    const ats = new Set();
    replaced.forEach(function (w) { neighbours(w, n).forEach(function (j) { if (cards[j].text === "@") ats.add(j); }); });
    const redirected = new Set(winners.filter(function (w) { return replaced.indexOf(w) < 0; }));
    ats.forEach(function (j) { redirected.add(j); });
    if (replaced.length) sentence += ", but @ sits next to " + namesOf(replaced, cards, standings) + ", so the @ wins instead";
    return {rule: lowest ? "lowest" : "highest", winners: Array.from(redirected).sort(function (a, b) { return a - b; }), explanation: sentence};
  }

  // The valid words of one size by length, in the spelling's order (smallest tier first, then A to Z).
  const byLength = {};
  function wordsOfLength(d, size, n) {
    const key = size + n;
    if (!byLength[key]) {
      const rank = W.SIZES.indexOf(size);
      byLength[key] = d.words.all().filter(function (e) { return e[1] <= rank && e[0].length === n; })
        .sort(function (a, b) { return a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0); })
        .map(function (e) { return e[0]; });
    }
    return byLength[key];
  }

  function findWords(d, size, cards) {
    if (cards.some(function (c) { return c.kind !== "letter" && c.text !== "?" && c.text !== " "; })) return [];
    const seats = [];
    cards.forEach(function (c, i) { if (c.text !== " ") seats.push([i + 1, c.text === "?" ? "?" : c.letter]); });
    if (seats.length < 2 || seats.every(function (s) { return s[1] === "?"; })) return [];
    const letters = seats.map(function (s) { return s[1]; }).join("");
    const found = {};
    const readings = [];
    seats.forEach(function (seat, k) {
      const pattern = letters.slice(k) + letters.slice(0, k);
      if (!(pattern in found)) {
        if (pattern.indexOf("?") < 0) found[pattern] = W.check(d.words, pattern, size).valid ? [pattern] : [];
        else {
          const regex = new RegExp("^" + pattern.replace(/\?/g, "[a-z]") + "$");
          found[pattern] = wordsOfLength(d, size, pattern.length).filter(function (w) { return regex.test(w); });
        }
      }
      if (found[pattern].length) readings.push({seat: seat[0], words: found[pattern]});
    });
    return readings;
  }

  function wordSentence(readings, cards) {
    const first = readings[0], word = first.words[0];
    let sentence = word.toUpperCase() + " is spelled from seat " + first.seat;
    const n = cards.length;
    const order = [];
    for (let k = 0; k < n; k++) order.push(cards[(first.seat - 1 + k) % n]);
    const wild = [];
    order.filter(function (c) { return c.text !== " "; }).forEach(function (c, k) { if (c.text === "?") wild.push(word[k].toUpperCase()); });
    if (wild.length) sentence += ", with ? as " + wild.join(", ");
    const others = [];
    readings.forEach(function (r) { r.words.forEach(function (w) { if (!(r === first && w === word)) others.push(w.toUpperCase() + " (seat " + r.seat + ")"); }); });
    if (others.length) sentence += "; also spelled: " + others.slice(0, 5).join(", ") + (others.length > 5 ? " and " + (others.length - 5) + " more" : "");
    return sentence + ".";
  }

  function judgeRound(d, texts, size) {
    const deck = d.meta.booksmack;
    if (!texts.length) throw new Error("a round needs at least one card");
    if (texts.length > 40) throw new Error("a round has at most 40 cards, got " + texts.length);
    const parsed = texts.map(function (t, i) { return parseCard(deck, t, i + 1); });
    const readings = findWords(d, size, parsed);
    const seats = [];
    parsed.forEach(function (c, i) { if (c.text !== " ") seats.push(i + 1); });
    const table = seats.map(function (s) { return parsed[s - 1]; });
    const standings = standingsOf(table);
    if (readings.length) {
      return {cards: parsed, action: "say_word", spells: readings[0].words[0], spelledFrom: readings.map(function (r) { return r.seat; }),
        winners: [], explanation: wordSentence(readings, parsed)};
    }
    const decision = outright(deck, table) || byRank(table, standings);
    const winners = decision.winners.map(function (i) { return seats[i]; });
    const total = parsed.length;
    let clause = "";
    if (!winners.length) clause = "; nobody wins the round and its cards are discarded";
    else if (winners.length > 1) {
      const each = Math.floor(total / winners.length), discarded = total % winners.length;
      clause = "; if " + winners.length + " players tap at once, each gets " + each + " of the " + total + " cards" +
        (discarded ? " and " + discarded + " " + (discarded === 1 ? "is" : "are") + " discarded" : "");
    }
    return {cards: parsed, action: winners.length ? "tap" : "none", spells: null, spelledFrom: [], winners: winners,
      explanation: decision.explanation + clause + "."};
  }

  function showRound(result) {
    const box = document.getElementById("verdict");
    box.className = "verdict verdict--" + (result.action === "say_word" ? "word" : result.action === "tap" ? "tap" : "none");
    box.replaceChildren(el("p", "verdict__stale", "Out of date: the cards changed. Press Judge again."));
    const faces = result.cards.map(shownOf);
    const tap = "Tap " + result.winners.map(function (seat) {
      const face = faces[seat - 1];
      return faces.filter(function (f) { return f === face; }).length > 1 ? "seat " + seat + " (" + face + ")" : face;
    }).join(" or ");
    box.appendChild(el("p", "verdict__mark", result.action === "say_word" ? "Say “" + result.spells.toUpperCase() + "”" : result.action === "tap" ? tap : "Nobody wins"));
    box.appendChild(el("p", "verdict__message verdict__message--big", result.explanation));
    const list = el("ol", "table-cards");
    list.setAttribute("aria-label", "The cards, seat by seat");
    result.cards.forEach(function (card, i) {
      const seat = i + 1;
      const won = result.winners.indexOf(seat) >= 0, start = result.spelledFrom.length && seat === result.spelledFrom[0];
      const item = el("li", "table-card" + (won ? " table-card--win" : "") + (start ? " table-card--start" : "") + (card.kind === "symbol" ? " table-card--symbol" : ""));
      item.appendChild(el("span", "table-card__face", shownOf(card)));
      item.appendChild(el("span", "table-card__seat", "seat " + seat));
      if (won || start) item.appendChild(el("strong", "table-card__tag", won ? "tap" : "start"));
      list.appendChild(item);
    });
    box.appendChild(list);
    box.dataset.source = "offline";
  }

  function fill(form, url) {
    if (!form) return;
    url.searchParams.forEach(function (value, name) {
      const field = form.elements.namedItem(name);
      if (field && "value" in field && field.type !== "submit") field.value = value;
    });
  }

  // Answer a URL of this page from the word data; false when this page cannot (the caller then loads it), or
  // the URL to show instead (a roll asked for with no seed gets one, as the server's redirect gives it).
  async function answer(url) {
    if (url.pathname !== document.body.dataset.path || url.searchParams.get("draft")) return Boolean(url.searchParams.get("draft")) && url.pathname === document.body.dataset.path;
    if (document.getElementById("dice-form")) {
      const what = url.searchParams.get("roll");
      if (!ROLL_TITLES[what]) return false;
      let seed = url.searchParams.get("seed");
      if (seed === null || seed === "") seed = String(crypto.getRandomValues(new Uint32Array(1))[0]);  // as the server picks one
      if (!/^[0-9]{1,10}$/.test(seed) || Number(seed) > 4294967295) return false;
      let d;
      try { d = await data(); } catch (error) { return false; }
      showRoll(rollDice(d.meta, what, Number(seed)));
      return url.pathname + "?" + new URLSearchParams({roll: what, seed: seed}).toString() + "#roll";
    }
    if (document.getElementById("booksmack-form")) {
      // A palette card (add=é) or Undo (remove=last|all) is a step, as the server's redirect makes it.
      let texts = splitCards(url.searchParams.get("cards") || "");
      const add = url.searchParams.get("add") || "", remove = url.searchParams.get("remove") || "";
      if (remove === "all") texts = [];
      else if (remove === "last") texts = texts.slice(0, -1);
      else if (remove) return false;
      else if (add) texts = texts.concat(splitCards(add));
      const text = texts.map(function (t) { return t === " " ? "space" : t; }).join(" ");
      const params = new URLSearchParams();
      if (text) params.set("cards", text);
      if (url.searchParams.get("lexicon")) params.set("lexicon", url.searchParams.get("lexicon"));
      const field = document.getElementById("cards-text");
      if (field) field.value = text;
      const shown = url.pathname + (params.toString() ? "?" + params.toString() : "") + "#verdict";
      if (!texts.length) {
        const box = document.getElementById("verdict");
        box.className = "verdict";
        box.replaceChildren(el("p", "verdict__hint", "Tap the revealed cards in seating order: the answer shows here."));
        return shown;
      }
      let d;
      try { d = await data(); } catch (error) { return false; }
      try { showRound(judgeRound(d, texts, url.searchParams.get("lexicon") || d.meta.default_lexicon)); } catch (error) { showError(error.message); }
      return shown;
    }
    if (url.searchParams.get("add") || url.searchParams.get("remove")) return false;  // a step the server reads
    const smashForm = document.getElementById("colorsmash-form");
    if (smashForm) {
      const colours = Array.from(smashForm.querySelectorAll("input[name=splat]")).map(function (i) { return i.value; })
        .filter(function (c) { return c !== "steal"; });
      const fields = {splat: url.searchParams.get("splat") || "", word: url.searchParams.get("word") || ""};
      if (!pyStrip(fields.splat) && !pyStrip(fields.word)) return false;
      try { showSlap(slapFor(fields, colours)); } catch (error) { showError(error.message); }
      return true;
    }
    const judgeForm = document.getElementById("judge-form");
    const solveForm = document.getElementById("solve-form");
    const form = formOf(url);
    let d;
    try { d = await data(); } catch (error) { return false; }
    try {
      if (judgeForm && pyStrip(form.word)) showVerdict(d, verdictFor(d, form));
      else if (solveForm && url.searchParams.get("rack")) needsConnection("The rack solver");
      else if (solveForm && pyStrip(form.pool)) showWords(d, form, url);
      else return false;
    } catch (error) {
      showError(error.message);
    }
    return true;
  }

  // The solver's words for a claim (the page's fields: pool, previous, required, claimed, lexicon), best first.
  async function solve(fields) {
    const d = await data();
    const form = Object.assign({pool: "", previous: "", claimed: "", required: "", lexicon: "", discards_used: 0, crossed_white: 0}, fields);
    return solvePool(d, form).found.map(function (c) { return c.word; });
  }

  // A Booksmack round's verdict (the cards as a list, one string each): action, word, winners, explanation.
  async function booksmack(cards, size) {
    const d = await data();
    const result = judgeRound(d, cards, size || d.meta.default_lexicon);
    return {action: result.action, spells: result.spells, spelled_from: result.spelledFrom, winners: result.winners, explanation: result.explanation};
  }

  window.WordsmithOffline = {answer: answer, data: data, solve: solve, booksmack: booksmack};

  // A page the worker answered from its cache: fill the form from the URL and answer it here.
  function start() {
    const url = new URL(window.location.href);
    const body = document.body.dataset;
    if (url.pathname === body.path && url.search.slice(1) === body.query) return;  // the server's own answer
    if (url.pathname !== body.path) { needsConnection(); return; }
    fill(document.getElementById("judge-form") || document.getElementById("solve-form") || document.getElementById("colorsmash-form") ||
      document.getElementById("booksmack-form"), url);
    answer(url).then(function (done) {
      if (!done) needsConnection();
      else if (typeof done === "string") window.history.replaceState(null, "", done);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
