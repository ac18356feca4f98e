// The offline judge: solver/pieces.py's pool reading, solver/wordsmith/judge.py's claim judge and app/pages/judge.py's
// verdict, over the word data, shown as the server shows it (static/offline.js answers the page with it). Its
// sentences are the server's (meta.sentences, through static/sentences.js) and its markup is the server's own
// partial, rendered empty into the judge page's <template id="verdict-parts"> and filled here with text.
import {CODES, KINDS, andList, el, fieldError, plural, pyStrip, sentence, splitWords} from "./offline_base.js";
import {say} from "./sentences.js";
import * as W from "./words.js";

function cost(alphabet, word) {
  const total = [0, 0, 0, 0];
  for (const c of word) {
    const piece = alphabet[c];
    if (!piece) return null;
    for (let k = 0; k < 4; k++) total[k] += piece[k];
  }
  return total;
}

// solver/pieces.py parse_pool (and Pool's size limit): "R3 Y2 B1 G2 W1" or "rrryybgg", refused in its words
// (the table's pool.*).
function parsePool(value, maxPieces) {
  const counts = [0, 0, 0, 0, 0];
  const text = pyStrip(value);
  const token = /\s*(?:([A-Za-z])([0-9]*))\s*,?/y;
  let position = 0;
  while (position < text.length) {
    token.lastIndex = position;
    const match = token.exec(text);
    const kind = match ? CODES.indexOf(match[1].toUpperCase()) : -1;
    if (kind < 0) {
      const bad = pyStrip(text.slice(position)).slice(0, 1) || text[position];
      throw fieldError(
        "pool",
        sentence("pool.not_a_kind", {value: W.pyRepr(value), bad: W.pyRepr(bad), position: position + 1}),
      );
    }
    if (match[2].replace(/^0+/, "").length > 3) {
      throw fieldError("pool", sentence("pool.too_large", {value: W.pyRepr(value), number: match[2], most: maxPieces}));
    }
    counts[kind] += match[2] ? parseInt(match[2], 10) : 1;
    position = token.lastIndex;
  }
  if (!counts.some(Boolean)) throw fieldError("pool", sentence("pool.empty"));
  const size = counts.reduce(function (a, b) {
    return a + b;
  }, 0);
  if (size > maxPieces) throw fieldError("pool", sentence("pool.over_limit", {size: size, most: maxPieces}));
  return counts;
}

function deficit(pool, need) {
  let d = 0;
  for (let k = 0; k < 4; k++) d += Math.max(0, need[k] - pool[k]);
  return d;
}

// solver/wordsmith/boxes.py discard_boxes, with its box counts (`rules`: meta.rules), refused in its words (the
// table's sheet.*) at the field the page names it by.
function boxesOf(rules, crossed, used) {
  const white = rules.white_boxes - crossed,
    total = white + rules.blue_boxes;
  if (!(Number.isInteger(crossed) && crossed >= 0 && crossed <= rules.white_boxes))
    throw fieldError("crossed_white", sentence("sheet.crossed_white", {most: rules.white_boxes, given: crossed}));
  if (!(Number.isInteger(used) && used >= 0))
    throw fieldError("discards_used", sentence("sheet.discards_whole", {given: used}));
  if (used > total) {
    const key = crossed ? "sheet.discards_over_crossed" : "sheet.discards_over";
    throw fieldError("discards_used", sentence(key, {checked: used, total: total, crossed: crossed}));
  }
  return {
    total: total,
    left: total - used,
    blueCost: function (n) {
      return Math.max(0, Math.min(n, total - used) - Math.max(0, white - used));
    },
  };
}

function hasNewLetter(word, previous) {
  const have = {};
  for (const c of previous) have[c] = (have[c] || 0) + 1;
  const mine = {};
  for (const c of word) mine[c] = (mine[c] || 0) + 1;
  return Object.keys(mine).some(function (c) {
    return mine[c] > (have[c] || 0);
  });
}

// solver/text.py read_letter, refused in its words (the table's sheet.required_letter) at the page's field.
function readLetter(value) {
  const letter = pyStrip(W.fold(value));
  if (letter.length > 1 || (letter && !/^[a-z]$/.test(letter)))
    throw fieldError("required", sentence("sheet.required_letter", {given: W.pyRepr(pyStrip(value))}));
  return letter;
}

// solver/wordsmith/judge.py judge_claim, for the page: the objections' sentences, or what the claim costs.
function judgeClaim(d, word, pool, size, form, boxes) {
  const words = d.words,
    alphabet = d.meta.alphabet;
  const says = function (key, values) {
    return say(d.meta.sentences, "claim." + key, Object.assign({W: shout}, d.meta.you, values));
  };
  const normalized = pyStrip(W.fold(word));
  const shout = normalized.toUpperCase() || W.pyRepr(word);
  const previous = pyStrip(W.fold(form.previous));
  const required = readLetter(form.required);
  const objections = [];
  const found = W.check(words, normalized, size);
  if (found.reason === "invalid_characters" || !found.valid) objections.push(found.message);
  const claimed = splitWords(form.claimed).map(function (w) {
    return pyStrip(W.fold(w));
  });
  if (claimed.indexOf(normalized) >= 0) objections.push(says("already_claimed"));
  if (previous && normalized && !hasNewLetter(normalized, previous))
    objections.push(says("no_new_letter", {previous: previous.toUpperCase()}));
  if (required && normalized.indexOf(required) < 0)
    objections.push(says("missing_required_letter", {letter: required.toUpperCase()}));
  const need = W.isWellFormed(normalized) ? cost(alphabet, normalized) : null;
  let left = null;
  if (need === null) {
    if (found.reason !== "invalid_characters") objections.push(says("no_pieces"));
  } else if (deficit(pool, need) > pool[4]) {
    const short = [0, 1, 2, 3].map(function (k) {
      return Math.max(0, need[k] - pool[k]);
    });
    let spare = pool[4];
    const missing = [];
    short.forEach(function (lack, k) {
      const covered = Math.min(lack, spare);
      spare -= covered;
      if (lack - covered) missing.push(plural(lack - covered, sentence("noun.kind_piece", {kind: KINDS[k]})));
    });
    objections.push(says("short", {missing: andList(missing)}));
  } else {
    const wildUsed = deficit(pool, need);
    left = [0, 1, 2, 3].map(function (k) {
      return pool[k] - Math.min(need[k], pool[k]);
    });
    left.push(pool[4] - wildUsed);
    left.wildUsed = wildUsed;
    const count = left.reduce(function (a, b) {
      return a + b;
    }, 0);
    if (count && boxes.left === 0) {
      objections.push(says("must_use_all_pieces", {total: boxes.total, left: plural(count, sentence("noun.piece"))}));
    } else if (count > boxes.left) {
      objections.push(
        says("too_many_leftovers", {
          left: plural(count, sentence("noun.piece")),
          boxes: plural(boxes.left, sentence("noun.discard_box")),
          most: boxes.left,
        }),
      );
    }
  }
  return {valid: objections.length === 0, objections: objections, normalized: normalized, left: left};
}

// app/pages/judge.py claim_facts.
function claimFacts(sentences, claim, boxes) {
  const says = function (key, values) {
    return say(sentences, "verdict." + key, values);
  };
  const facts = [says("scores", {points: plural(claim.normalized.length, sentence("noun.point"))})];
  if (claim.left.wildUsed) facts.push(says("uses_wild", {wilds: plural(claim.left.wildUsed, sentence("noun.wild"))}));
  const left = claim.left.reduce(function (a, b) {
    return a + b;
  }, 0);
  if (!left) {
    facts.push(says("uses_every_piece"));
    return facts;
  }
  const kinds = KINDS.concat(["wild"])
    .map(function (kind, k) {
      return claim.left[k] ? claim.left[k] + " " + kind : "";
    })
    .filter(Boolean)
    .join(", ");
  const blue = boxes.blueCost(left);
  const where = says("leaves_" + (blue ? "blue" : "white") + (left === 1 ? "_one" : ""), {
    left: left,
    blue: blue,
    lost: plural(blue, sentence("noun.bonus_point")),
  });
  facts.push(says("leaves", {pieces: plural(left, sentence("noun.piece")), kinds: kinds, where: where}));
  return facts;
}

function formOf(url) {
  const get = function (name) {
    return url.searchParams.get(name) || "";
  };
  return {
    word: get("word"),
    pool: get("pool"),
    previous: get("previous"),
    claimed: get("claimed"),
    required: get("required"),
    lexicon: get("lexicon"),
    discards_used: parseInt(get("discards_used") || "0", 10),
    crossed_white: parseInt(get("crossed_white") || "0", 10),
    page: parseInt(get("page") || "1", 10),
  };
}

// app/pages/judge.py verdict_for, over the word data.
function verdictFor(d, form) {
  const says = function (key, values) {
    return say(d.meta.sentences, "verdict." + key, values);
  };
  const size = form.lexicon || d.meta.default_lexicon;
  const alphabet = d.meta.alphabet;
  const sent = Array.from(form.word).length; // counted as the server counts it: code points, as sent
  if (sent > d.meta.max_word_length)
    throw new Error(say(d.meta.sentences, "field.too_long", {limit: d.meta.max_word_length, actual: sent}));
  const word = pyStrip(form.word);
  const found = W.check(d.words, word, size);
  const missing = [];
  if (!pyStrip(form.pool)) missing.push(says("no_pool"));
  if (!pyStrip(form.previous)) missing.push(says("no_previous"));
  if (!pyStrip(form.claimed)) missing.push(says("no_claimed"));
  const tierToo = found.valid && found.tier && found.tier !== found.lexicon;
  const line = says(tierToo ? "lexicon_tier" : "lexicon", {lexicon: found.lexicon, tier: found.tier});
  const verdict = {
    valid: found.valid,
    word: found.normalized.toUpperCase() || found.word,
    normalized: found.normalized,
    messages: [found.message],
    facts: [],
    unchecked: missing.length ? says("not_checked", {missing: missing.join(", ")}) : "",
    lexicon: line,
    defined: found.valid || found.reason === "larger_lexicon_only",
  };
  const rulesGiven = pyStrip(form.previous) || pyStrip(form.claimed) || pyStrip(form.required);
  const poolGiven = Boolean(pyStrip(form.pool));
  let pool = poolGiven ? parsePool(form.pool, d.meta.max_pool_pieces) : null;
  const boxes = boxesOf(d.meta.rules, form.crossed_white, form.discards_used);
  if (!poolGiven && rulesGiven) {
    const need = cost(alphabet, found.normalized);
    if (need === null) pool = [0, 0, 0, 0, 0];
    else if (
      need.reduce(function (a, b) {
        return a + b;
      }, 0) <= d.meta.max_pool_pieces
    )
      pool = need.concat([0]);
    else {
      verdict.unchecked = says("too_long");
      return verdict;
    }
  } else if (!poolGiven) {
    return verdict;
  }
  const claim = judgeClaim(d, word, pool, size, form, boxes);
  verdict.valid = claim.valid;
  if (claim.valid)
    verdict.facts = poolGiven
      ? claimFacts(d.meta.sentences, claim, boxes)
      : [says("scores", {points: plural(claim.normalized.length, sentence("noun.point"))})];
  else verdict.messages = claim.objections;
  return verdict;
}

// One copy of a part of the template per item, each with its text (the template holds one of each).
function repeat(list, texts) {
  const part = list.firstElementChild;
  list.replaceChildren(
    ...texts.map(function (text) {
      const item = part.cloneNode(true);
      item.textContent = text;
      return item;
    }),
  );
}

// app/pages/judge.py letter_pieces, into the template's letter list: each letter with its pieces and, for a
// screen reader, their count.
function drawWord(list, d, normalized) {
  const letter = list.querySelector(".letter"),
    piece = letter.querySelector(".piece");
  list.replaceChildren(
    ...Array.from(normalized, function (char) {
      const costs = d.meta.alphabet[char];
      const item = letter.cloneNode(true);
      item.querySelector(".letter__char").textContent = char.toUpperCase();
      const spoken = [],
        pieces = [];
      if (costs)
        KINDS.forEach(function (kind, k) {
          for (let n = 0; n < costs[k]; n++) {
            const one = piece.cloneNode(true);
            one.className = "piece piece--" + kind;
            pieces.push(one);
          }
          if (costs[k]) spoken.push(costs[k] + " " + kind);
        });
      item.querySelector(".letter__pieces").replaceChildren(...pieces);
      item.querySelector(".vh").textContent =
        ": " + (costs ? spoken.join(", ") : say(d.meta.sentences, "verdict.no_letter_pieces"));
      return item;
    }),
  );
}

// The verdict in the server's markup: partials/verdict_parts.html, as the judge page's <template> holds it.
function showVerdict(d, verdict) {
  const box = document.getElementById("verdict");
  const parts = document.getElementById("verdict-parts").content.cloneNode(true);
  const part = function (selector) {
    return parts.querySelector(selector);
  };
  const keep = function (selector, wanted) {
    if (!wanted) part(selector).remove();
    return Boolean(wanted);
  };
  part(".verdict__mark").textContent = say(
    d.meta.sentences,
    verdict.valid ? "verdict.mark_valid" : "verdict.mark_invalid",
  );
  part(".verdict__word").textContent = verdict.word;
  repeat(part(".verdict__messages"), verdict.messages);
  if (keep(".verdict__unchecked", verdict.unchecked)) part(".verdict__unchecked").textContent = verdict.unchecked;
  if (keep(".letters", verdict.normalized)) drawWord(part(".letters"), d, verdict.normalized);
  if (keep(".verdict__facts", verdict.facts.length)) repeat(part(".verdict__facts"), verdict.facts);
  part(".verdict__lexicon").textContent = verdict.lexicon;
  keep(".verdict__offline", verdict.defined);
  box.className = "verdict verdict--" + (verdict.valid ? "valid" : "invalid");
  box.replaceChildren(parts);
  box.dataset.source = "offline";
  if (performance.mark) performance.mark("wordsmith-verdict"); // bench/offline.py reads when it showed
  document.title = sentence(verdict.valid ? "page.judge_valid_title" : "page.judge_invalid_title", {W: verdict.word});
}

function showError(message) {
  const box = document.getElementById("verdict");
  box.className = "verdict verdict--invalid";
  // A sentence that starts with its field's name ("pool: empty; ...") is said as the page labels the field.
  const said = message.replace(/^([a-z]+): /, function (whole, field) {
    return field[0].toUpperCase() + field.slice(1) + ": ";
  });
  box.replaceChildren(el("p", "verdict__message", said));
  box.dataset.source = "offline";
}

export {
  boxesOf,
  claimFacts,
  cost,
  deficit,
  formOf,
  hasNewLetter,
  judgeClaim,
  parsePool,
  readLetter,
  showError,
  showVerdict,
  verdictFor,
};
