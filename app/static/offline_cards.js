// Booksmack's cards and their order, offline: solver/booksmack's cards and the round's ranking (who plays highest,
// lowest, ties, links between ranks), over the word data, for static/offline_booksmack.js (the round and its
// words) and static/offline.js. The explanations and refusals are the table's booksmack.* sentences.
import {SENTENCES, andList, fieldError, sentence as said} from "./offline_base.js";
import * as W from "./words.js";

function splitCards(text) {
  const cards = [];
  text
    .normalize("NFC")
    .split(/[\s,]+/u)
    .forEach(function (token) {
      if (!token) return;
      if (token.toLowerCase() === "space" || token.toLowerCase() === "␣")
        cards.push(" "); // SPACE_NAMES
      else if (Array.from(token).length > 1 && /^\p{L}+$/u.test(token))
        Array.from(token).forEach(function (c) {
          cards.push(c);
        });
      else cards.push(token);
    });
  return cards;
}

function parseCard(deck, text, position) {
  // solver/booksmack/cards.py SPACE_NAMES: the Space card by its name too
  const canonical = deck.space_names.includes(text.normalize("NFKC").toLowerCase()) ? " " : text.normalize("NFKC");
  const refuse = function (why) {
    return fieldError("cards", said("booksmack.refuse.card", {position: position, text: W.pyRepr(text), why: why}));
  };
  if (canonical in deck.never_tapped) return {text: canonical, kind: "symbol", rank: null, tier: -1};
  if (/^[0-9]{1,3}$/.test(canonical)) {
    const value = parseInt(canonical, 10);
    if (value < deck.lowest || value > deck.highest)
      throw refuse(said("booksmack.refuse.numbers", {lowest: deck.lowest, highest: deck.highest}));
    return {text: String(value), kind: "number", rank: value, form: "number", tier: deck.tie_order.indexOf("number")};
  }
  const letter = Array.from(canonical).length === 1 ? W.fold(canonical) : "";
  if (/^[a-z]$/.test(letter)) {
    const form = /^[\x00-\x7f]$/.test(canonical)
      ? /^[A-Z]$/.test(canonical)
        ? "uppercase"
        : "lowercase"
      : "diacritic";
    return {
      text: canonical,
      kind: "letter",
      letter: letter,
      rank: letter.charCodeAt(0) - 96,
      form: form,
      tier: deck.tie_order.indexOf(form),
    };
  }
  throw refuse(said("booksmack.refuse.kinds"));
}

function shownOf(card) {
  return card.text === " " ? "Space" : card.text;
}

function compareKeys(a, b) {
  return a[0] - b[0] || a[1] - b[1];
}

function compareText(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

function keyOf(s) {
  return [s.rank, s.tier];
}

function neighbours(i, n) {
  const out = [];
  [(((i - 1) % n) + n) % n, (i + 1) % n].forEach(function (j) {
    if (j !== i && out.indexOf(j) < 0) out.push(j);
  });
  return out.sort(function (a, b) {
    return a - b;
  });
}

function standingsOf(cards) {
  const printed = cards.map(function (c) {
    return {rank: c.rank, tier: c.tier, note: null};
  });
  const standings = printed.slice();
  const n = cards.length;
  cards.forEach(function (card, i) {
    if (card.text !== "+" && card.text !== "-") return;
    const ranked = neighbours(i, n).filter(function (j) {
      return printed[j].rank !== null;
    });
    if (!ranked.length) return;
    let best = ranked[0];
    ranked.forEach(function (j) {
      if (compareKeys(keyOf(printed[j]), keyOf(printed[best])) > 0) best = j;
    });
    const step = card.text === "+" ? 1 : -1;
    const rank = printed[best].rank + step;
    const key = step === 1 ? "booksmack.plus_one" : "booksmack.minus_one";
    standings[i] = {rank: rank, tier: printed[best].tier, note: said(key, {card: shownOf(cards[best]), rank: rank})};
  });
  const chain = cards.map(function (_, i) {
    return i;
  });
  const root = function (i) {
    while (chain[i] !== i) i = chain[i];
    return i;
  };
  cards.forEach(function (card, i) {
    if (card.text !== "&") return;
    const ranked = neighbours(i, n).filter(function (j) {
      return standings[j].rank !== null;
    });
    ranked.slice(1).forEach(function (j) {
      chain[root(j)] = root(ranked[0]);
    });
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
    const total = group.reduce(function (sum, j) {
      return sum + standings[j].rank;
    }, 0);
    const ordered = group.slice().sort(function (a, b) {
      return compareKeys(keyOf(standings[a]), keyOf(standings[b])) || compareText(cards[a].text, cards[b].text);
    });
    const names = ordered
      .map(function (j) {
        return shownOf(cards[j]);
      })
      .join(" & ");
    const note = said("booksmack.linked", {cards: names, total: total});
    group.forEach(function (j) {
      linked[j] = {rank: total, tier: standings[j].tier, note: note};
    });
  });
  return linked;
}

function groupsOf(cards) {
  const periods = [];
  cards.forEach(function (c, i) {
    if (c.text === ".") periods.push(i);
  });
  const n = cards.length;
  if (!periods.length)
    return [
      cards.map(function (_, i) {
        return i;
      }),
    ];
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
  const ranked = group.filter(function (i) {
    return standings[i].rank !== null;
  });
  if (!ranked.length) return [];
  let best = keyOf(standings[ranked[0]]);
  ranked.forEach(function (i) {
    const c = compareKeys(keyOf(standings[i]), best);
    if (lowest ? c < 0 : c > 0) best = keyOf(standings[i]);
  });
  return ranked.filter(function (i) {
    return compareKeys(keyOf(standings[i]), best) === 0;
  });
}

function namesOf(seats, cards, standings, descending) {
  const keyed = function (i) {
    return standings[i].rank !== null ? keyOf(standings[i]) : [0, -1];
  };
  const order = seats.slice().sort(function (a, b) {
    // equal cards by their notes, never by their seats: the sentence is the same wherever the players sit
    const c =
      compareKeys(keyed(a), keyed(b)) ||
      compareText(cards[a].text, cards[b].text) ||
      compareText(standings[a].note || "", standings[b].note || "");
    return descending === false ? c : -c;
  });
  return andList(
    order.map(function (i) {
      return shownOf(cards[i]) + (standings[i].note ? " (" + standings[i].note + ")" : "");
    }),
  );
}

function rankSentence(cards, standings, winners, lowest) {
  const names = namesOf(winners, cards, standings);
  if (lowest) return said("booksmack.lowest", {names: names});
  const ranked = cards.filter(function (c, i) {
    return standings[i].rank !== null;
  });
  const what = ranked.every(function (c) {
    return c.kind === "letter";
  })
    ? "letter"
    : "card";
  if (winners.length > 1) return said("booksmack.tie", {names: names, what: what});
  const best = standings[winners[0]];
  const beaten = [];
  standings.forEach(function (s, i) {
    if (s.rank === best.rank && s.tier < best.tier) beaten.push(i);
  });
  let sentence = said("booksmack.highest", {names: names, what: what});
  const why = "booksmack.tie_reasons." + cards[winners[0]].form;
  if (beaten.length && why in SENTENCES)
    // only some forms win a tie by a reason
    sentence += said("booksmack.ahead", {beaten: namesOf(beaten, cards, standings), why: said(why)});
  return sentence;
}

function outright(deck, cards) {
  const texts = cards.map(function (c) {
    return c.text;
  });
  const letters = cards.filter(function (c) {
    return c.kind === "letter";
  }).length;
  const count = function (t) {
    return texts.filter(function (x) {
      return x === t;
    }).length;
  };
  const seatsOf = function (t) {
    const out = [];
    texts.forEach(function (x, i) {
      if (x === t) out.push(i);
    });
    return out;
  };
  if (texts.indexOf("~") >= 0) {
    const others = [];
    cards.forEach(function (c, i) {
      if (c.text !== "~" && !(c.text in deck.never_tapped && deck.never_tapped[c.text])) others.push(i);
    });
    return {
      rule: "tilde",
      winners: others,
      explanation: said(others.length ? "booksmack.tilde" : "booksmack.tilde_untappable"),
    };
  }
  if (count("!") > letters) {
    return {
      rule: "exclamation",
      winners: seatsOf("!"),
      explanation: said("booksmack.exclamation", {bangs: count("!"), letters: letters}),
    };
  }
  if (texts.indexOf("*") >= 0 && cards.length - letters > letters) {
    return {
      rule: "asterisk",
      winners: seatsOf("*"),
      explanation: said("booksmack.asterisk", {others: cards.length - letters, letters: letters}),
    };
  }
  return null;
}

function byRank(cards, standings) {
  const lowest = cards.some(function (c) {
    return c.text === "#";
  });
  const groups = groupsOf(cards);
  const winners = [];
  groups.forEach(function (g) {
    extremes(g, standings, lowest).forEach(function (i) {
      winners.push(i);
    });
  });
  winners.sort(function (a, b) {
    return a - b;
  });
  if (!winners.length) return {rule: "nothing", winners: [], explanation: said("booksmack.nothing")};
  let sentence;
  if (groups.length > 1) {
    sentence = said(lowest ? "booksmack.groups_lowest" : "booksmack.groups_highest", {
      groups: groups.length,
      names: namesOf(winners, cards, standings),
    });
  } else {
    sentence = rankSentence(cards, standings, winners, lowest);
  }
  const n = cards.length;
  const replaced = winners.filter(function (w) {
    return neighbours(w, n).some(function (j) {
      return cards[j].text === "@";
    });
  });
  const ats = new Set();
  replaced.forEach(function (w) {
    neighbours(w, n).forEach(function (j) {
      if (cards[j].text === "@") ats.add(j);
    });
  });
  const redirected = new Set(
    winners.filter(function (w) {
      return replaced.indexOf(w) < 0;
    }),
  );
  ats.forEach(function (j) {
    redirected.add(j);
  });
  if (replaced.length)
    // one @ between two winners counts once; two next to one winner both win
    sentence += said(ats.size === 1 ? "booksmack.at" : "booksmack.at_many", {
      names: namesOf(replaced, cards, standings),
      count: ats.size,
    });
  return {
    rule: lowest ? "lowest" : "highest",
    winners: Array.from(redirected).sort(function (a, b) {
      return a - b;
    }),
    explanation: sentence,
  };
}

export {byRank, outright, parseCard, shownOf, splitCards, standingsOf};
