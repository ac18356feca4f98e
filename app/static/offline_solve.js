// The solver with no connection: a pool's words from the word data, in the server's order and on its pages, and
// the pool picker drawn as the server draws it. static/offline.js answers the solver's page with them.
import {CODES, SHOWN, el, plural, poolText, pyStrip, sentence, splitWords} from "./offline_base.js";
import {boxesOf, cost, deficit, hasNewLetter, parsePool, readLetter} from "./offline_judge.js";
import * as W from "./words.js";

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
    if (need)
      out.push({word: entry[0], cost: need, pieces: need[0] + need[1] + need[2] + need[3], familiarity: entry[2]});
  });
  out.sort(function (a, b) {
    return (
      b.word.length - a.word.length ||
      b.pieces - a.pieces ||
      b.familiarity - a.familiarity ||
      (a.word < b.word ? -1 : a.word > b.word ? 1 : 0)
    );
  });
  prepared[size] = out;
  return out;
}

function solvePool(d, form) {
  const size = form.lexicon || d.meta.default_lexicon;
  const pool = parsePool(form.pool, d.meta.max_pool_pieces);
  const boxes = boxesOf(d.meta.rules, form.crossed_white, form.discards_used);
  const previous = pyStrip(W.fold(form.previous));
  const required = readLetter(form.required);
  const claimed = new Set(
    splitWords(form.claimed).map(function (w) {
      return pyStrip(W.fold(w));
    }),
  );
  const found = candidates(d, size).filter(function (c) {
    return (
      deficit(pool, c.cost) <= pool[4] &&
      (!required || c.word.indexOf(required) >= 0) &&
      !claimed.has(c.word) &&
      (!previous || c.word.length > previous.length || hasNewLetter(c.word, previous))
    );
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
  if (form.page > pages)
    throw new Error(pages === 1 ? sentence("field.no_such_page_one") : sentence("field.no_such_page", {pages: pages}));
  const page = Math.max(1, form.page);
  const shown = result.found.slice((page - 1) * SHOWN, page * SHOWN);
  const text = poolText(result.pool);
  box.appendChild(el("p", "offline-notice", sentence("page.solve.offline")));
  const counted = {pool: text, words: plural(total, "word")};
  const paged = {first: (page - 1) * SHOWN + 1, last: (page - 1) * SHOWN + shown.length, page: page, pages: pages};
  const said =
    pages > 1
      ? sentence("page.solve.count_paged", Object.assign(counted, paged))
      : sentence("page.solve.count", counted);
  box.appendChild(el("p", "results__count", said));
  const byLength = new Map();
  shown.forEach(function (c) {
    if (!byLength.has(c.word.length)) byLength.set(c.word.length, []);
    byLength.get(c.word.length).push(c);
  });
  const judge = new URL(document.querySelector(".site-header .brand").href);
  byLength.forEach(function (group, n) {
    const heading = el("h2", "results__heading", plural(n, "letter") + " ");
    heading.appendChild(
      el(
        "small",
        null,
        plural(
          result.found.filter(function (c) {
            return c.word.length === n;
          }).length,
          "word",
        ),
      ),
    );
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
      const left = [0, 1, 2, 3].map(function (k) {
        return result.pool[k] - Math.min(c.cost[k], result.pool[k]);
      });
      left.push(result.pool[4] - deficit(result.pool, c.cost));
      const count = left.reduce(function (a, b) {
        return a + b;
      }, 0);
      const facts =
        count > result.boxes.left
          ? sentence("page.solve.too_many_leftovers")
          : plural(c.word.length - result.boxes.blueCost(count), "pt").replace("pts", "pts");
      item.appendChild(
        el(
          "small",
          "word-facts",
          " " +
            facts +
            " · " +
            (count ? "leaves " + poolText(left) : "★ all") +
            (c.familiarity < d.meta.rules.rare_below ? " · rare" : ""),
        ),
      );
      list.appendChild(item);
    });
    box.appendChild(list);
  });
}

// The pool picker's chips and size as the server draws them for the pool text the form holds (a pool the server
// would refuse leaves them as they are: the verdict says why). After the word data: the piece codes are its.
function showPool(form) {
  const text = form.querySelector("#pool-text");
  if (!text || !pyStrip(text.value)) return;
  let counts;
  try {
    counts = parsePool(text.value, Infinity);
  } catch (error) {
    return;
  }
  let total = 0;
  form.querySelectorAll(".pool .chip[data-code]").forEach(function (chip) {
    const count = counts[CODES.indexOf(chip.dataset.code)] || 0;
    chip.querySelector(".chip__count").textContent = String(count);
    chip.querySelector(".chip__remove").disabled = count === 0;
    total += count;
  });
  const size = form.querySelector(".pool__size");
  if (size) size.textContent = plural(total, "piece");
}

export {showPool, showWords, solvePool};
