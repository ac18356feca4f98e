// Offline Booksmack rounds: solver/booksmack (spelling, round) and app/pages/booksmack.py, over the word data, for
// static/offline.js; the cards and their ranking are static/offline_cards.js's. The explanations and refusals are
// the table's booksmack.* sentences.
import {el, fieldError, sentence as said} from "./offline_base.js";
import {byRank, outright, parseCard, shownOf, standingsOf} from "./offline_cards.js";
import * as W from "./words.js";

// The valid words of one size by length, in the spelling's order (smallest tier first, then A to Z).
const byLength = {};
function wordsOfLength(d, size, n) {
  const key = size + n;
  if (!byLength[key]) {
    const rank = W.SIZES.indexOf(size);
    byLength[key] = d.words
      .all()
      .filter(function (e) {
        return e[1] <= rank && e[0].length === n;
      })
      .sort(function (a, b) {
        return a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
      })
      .map(function (e) {
        return e[0];
      });
  }
  return byLength[key];
}

// solver/booksmack/spelling.py: each seat's reading lists its first rules.reading_words words with how many it
// spells; `distinct` is how many different words all the readings spell.
function findWords(d, size, cards) {
  const none = {readings: [], distinct: 0};
  if (
    cards.some(function (c) {
      return c.kind !== "letter" && c.text !== "?" && c.text !== " ";
    })
  )
    return none;
  const seats = [];
  cards.forEach(function (c, i) {
    if (c.text !== " ") seats.push([i + 1, c.text === "?" ? "?" : c.letter]);
  });
  if (
    seats.length < 2 ||
    seats.every(function (s) {
      return s[1] === "?";
    })
  )
    return none;
  const letters = seats
    .map(function (s) {
      return s[1];
    })
    .join("");
  const found = {};
  const every = new Set();
  const readings = [];
  seats.forEach(function (seat, k) {
    const pattern = letters.slice(k) + letters.slice(0, k);
    if (!(pattern in found)) {
      if (pattern.indexOf("?") < 0) found[pattern] = W.check(d.words, pattern, size).valid ? [pattern] : [];
      else {
        const regex = new RegExp("^" + pattern.replace(/\?/g, "[a-z]") + "$");
        found[pattern] = wordsOfLength(d, size, pattern.length).filter(function (w) {
          return regex.test(w);
        });
      }
      found[pattern].forEach(function (w) {
        every.add(w);
      });
    }
    const words = found[pattern];
    if (words.length)
      readings.push({seat: seat[0], words: words.slice(0, d.meta.rules.reading_words), count: words.length});
  });
  return {readings: readings, distinct: every.size};
}

function wordSentence(spelled, cards) {
  const readings = spelled.readings,
    first = readings[0],
    word = first.words[0];
  let sentence = said("booksmack.spelled", {WORD: word.toUpperCase(), seat: first.seat});
  const n = cards.length;
  const order = [];
  for (let k = 0; k < n; k++) order.push(cards[(first.seat - 1 + k) % n]);
  const wild = [];
  order
    .filter(function (c) {
      return c.text !== " ";
    })
    .forEach(function (c, k) {
      if (c.text === "?") wild.push(word[k].toUpperCase());
    });
  if (wild.length) sentence += said("booksmack.wild", {letters: wild.join(", ")});
  // solver/booksmack/round.py: each other word once, from the first seat it reads from; five named, the rest counted.
  const named = [];
  const seen = new Set([word]);
  readings.forEach(function (r) {
    r.words.forEach(function (w) {
      if (seen.has(w) || named.length >= 5) return;
      seen.add(w);
      named.push(said("booksmack.also_one", {WORD: w.toUpperCase(), seat: r.seat}));
    });
  });
  const others = spelled.distinct - 1;
  if (others)
    sentence += said(others > 5 ? "booksmack.also_more" : "booksmack.also", {
      words: named.join(", "),
      more: others - 5,
    });
  return sentence + ".";
}

function judgeRound(d, texts, size) {
  const deck = d.meta.booksmack;
  if (!texts.length) throw fieldError("cards", said("booksmack.refuse.no_cards"));
  const most = d.meta.rules.max_cards;
  if (texts.length > most)
    throw fieldError("cards", said("booksmack.refuse.too_many", {most: most, count: texts.length}));
  const parsed = texts.map(function (t, i) {
    return parseCard(deck, t, i + 1);
  });
  const spelled = findWords(d, size, parsed);
  const readings = spelled.readings;
  const seats = [];
  parsed.forEach(function (c, i) {
    if (c.text !== " ") seats.push(i + 1);
  });
  const table = seats.map(function (s) {
    return parsed[s - 1];
  });
  const standings = standingsOf(table);
  if (readings.length) {
    return {
      cards: parsed,
      action: "say_word",
      spells: readings[0].words[0],
      spelledFrom: readings.map(function (r) {
        return r.seat;
      }),
      winners: [],
      readings: readings,
      explanation: wordSentence(spelled, parsed),
    };
  }
  const decision = outright(deck, table) || byRank(table, standings);
  const winners = decision.winners.map(function (i) {
    return seats[i];
  });
  const total = parsed.length;
  let clause = "";
  if (!winners.length) clause = said("booksmack.share_none");
  else if (winners.length > 1) {
    const each = Math.floor(total / winners.length),
      discarded = total % winners.length;
    clause = said("booksmack.share", {winners: winners.length, each: each, total: total});
    if (discarded)
      clause += said(discarded === 1 ? "booksmack.share_discarded_one" : "booksmack.share_discarded", {
        discarded: discarded,
      });
  }
  return {
    cards: parsed,
    action: winners.length ? "tap" : "none",
    spells: null,
    spelledFrom: [],
    readings: [],
    winners: winners,
    explanation: decision.explanation + clause + ".",
  };
}

function showRound(result) {
  const box = document.getElementById("verdict");
  box.className =
    "verdict verdict--" + (result.action === "say_word" ? "word" : result.action === "tap" ? "tap" : "none");
  box.replaceChildren(el("p", "verdict__stale", said("page.booksmack.stale")));
  const faces = result.cards.map(shownOf);
  // app/pages/booksmack.py tap_label
  const cards = result.winners
    .map(function (seat) {
      const face = faces[seat - 1];
      return faces.filter(function (f) {
        return f === face;
      }).length > 1
        ? said("page.booksmack.tap_seat", {seat: seat, face: face})
        : face;
    })
    .join(said("page.booksmack.or"));
  box.appendChild(
    el(
      "p",
      "verdict__mark",
      result.action === "say_word"
        ? said("page.booksmack.say_word", {WORD: result.spells.toUpperCase()})
        : result.action === "tap"
          ? said("page.booksmack.tap", {cards: cards})
          : said("page.booksmack.nobody"),
    ),
  );
  box.appendChild(el("p", "verdict__message verdict__message--big", result.explanation));
  const list = el("ol", "table-cards");
  list.setAttribute("aria-label", said("page.booksmack.cards"));
  result.cards.forEach(function (card, i) {
    const seat = i + 1;
    const won = result.winners.indexOf(seat) >= 0,
      start = result.spelledFrom.length && seat === result.spelledFrom[0];
    const item = el(
      "li",
      "table-card" +
        (won ? " table-card--win" : "") +
        (start ? " table-card--start" : "") +
        (card.kind === "symbol" ? " table-card--symbol" : ""),
    );
    item.appendChild(el("span", "table-card__face", shownOf(card)));
    item.appendChild(el("span", "table-card__seat", said("page.booksmack.seat", {seat: seat})));
    if (won || start) item.appendChild(el("strong", "table-card__tag", won ? "tap" : "start"));
    list.appendChild(item);
  });
  box.appendChild(list);
  box.dataset.source = "offline";
}

export {judgeRound, showRound};
