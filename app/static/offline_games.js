// Offline Color Smash slaps (solver/colorsmash.py) and the dice (solver/wordsmith/dice.py, with Python's
// random.Random reproduced so a seed rolls what the server rolls), for static/offline.js.
import {KINDS, RULES, SENTENCES, el, fieldError, pieceOf, poolText, pyStrip, sentence} from "./offline_base.js";
import * as W from "./words.js";

// solver/colorsmash.py judge_slap, for app/pages/colorsmash.py: the colours are the page's own choices, the
// sentences the table's colorsmash.*, the penalty and the steal meta.rules.
function slapFor(form, colours) {
  const splat = pyStrip(form.splat),
    word = pyStrip(form.word);
  // The page's error at its field, as the server's summary shows it: the label, then the sentence.
  if (!splat) throw fieldError("splat", sentence("colorsmash.no_splat"));
  const wrong = sentence("colorsmash.wrong", {penalty: RULES.penalty});
  if (splat.toLowerCase() === "steal")
    return {slap: true, steal: true, outcome: sentence("colorsmash.steal", {steal: RULES.steal})};
  const colour = function (name, what) {
    const folded = pyStrip(W.fold(name));
    if (colours.indexOf(folded) < 0)
      throw new Error(
        sentence("colorsmash.not_a_colour", {what: what, name: W.pyRepr(name), colours: colours.join(", ")}),
      );
    return folded;
  };
  const card = {
    splat: colour(splat, sentence("colorsmash.splat_field")),
    word: word ? colour(word, sentence("colorsmash.word_field")) : null,
  };
  if (card.word === null)
    return {slap: false, card: card, outcome: sentence("colorsmash.no_word", {splat: card.splat, wrong: wrong})};
  const match = card.word === card.splat;
  const values = {WORD: card.word.toUpperCase(), splat: card.splat, wrong: wrong};
  return {slap: match, card: card, outcome: sentence(match ? "colorsmash.match" : "colorsmash.mismatch", values)};
}

function showSlap(result) {
  const box = document.getElementById("verdict");
  box.className = "verdict verdict--" + (result.slap ? "valid" : "invalid");
  box.replaceChildren(
    el("p", "verdict__mark", sentence(result.slap ? "page.colorsmash.slap" : "page.colorsmash.no_slap")),
  );
  const card = el("div", "splat-card");
  card.setAttribute("aria-hidden", "true");
  const splat = el("div", "splat-card__splat " + (result.steal ? "paint--steal" : "paint--" + result.card.splat));
  splat.appendChild(
    el("span", "splat-card__word", result.steal ? "STEAL" : result.card.word ? result.card.word.toUpperCase() : ""),
  );
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
  for (let k = 624; k > 0; k--) {
    // init_by_array with the key [seed]
    mt[i] = ((mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1664525)) + seed) >>> 0;
    i++;
    if (i >= 624) {
      mt[0] = mt[623];
      i = 1;
    }
  }
  for (let k = 623; k > 0; k--) {
    mt[i] = ((mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1566083941)) - i) >>> 0;
    i++;
    if (i >= 624) {
      mt[0] = mt[623];
      i = 1;
    }
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
    choice: function (list) {
      // _randbelow: getrandbits(n.bit_length()), drawn again while too big
      const bits = 32 - Math.clz32(list.length);
      let r;
      do {
        r = next() >>> (32 - bits);
      } while (r >= list.length);
      return list[r];
    },
  };
}

// A roll's title (the table's dice.titles.*), or undefined for a roll there is none of.
function rollTitle(what) {
  return SENTENCES["dice.titles." + what] === undefined ? undefined : sentence("dice.titles." + what);
}

function rollDice(meta, what, seed) {
  const rng = pythonRandom(seed);
  const roll = function (n) {
    const faces = [];
    for (let i = 0; i < n; i++) faces.push(rng.choice(meta.die));
    return faces;
  };
  let rolls;
  if (what === "start") rolls = [roll(meta.dice), roll(meta.dice)];
  else if (what === "add") rolls = [roll(1)];
  else {
    let faces;
    do {
      faces = roll(3);
    } while (
      faces.every(function (f) {
        return f.add === "wild";
      })
    );
    rolls = [faces];
  }
  const reading = what === "start" ? "start" : "add";
  const pool = [0, 0, 0, 0, 0];
  rolls.forEach(function (faces) {
    faces.forEach(function (f) {
      pool[KINDS.concat(["wild"]).indexOf(f[reading])] += 1;
    });
  });
  return {what: what, seed: seed, reading: reading, rolls: rolls, pool: pool};
}

function showRoll(rolled) {
  const box = document.getElementById("roll");
  const text = poolText(rolled.pool);
  const size = rolled.pool.reduce(function (a, b) {
    return a + b;
  }, 0);
  box.replaceChildren();
  const title = el("h2", "result__title", rollTitle(rolled.what) + ": ");
  title.appendChild(el("span", "result__big", text));
  box.appendChild(title);
  rolled.rolls.forEach(function (faces, i) {
    const roll = sentence("page.dice.roll", {n: i + 1}),
      faced = sentence("page.dice.faces");
    box.appendChild(el("p", "dice-roll__label", faces.length > 1 && rolled.rolls.length > 1 ? roll : faced));
    const list = el("ul", "dice-roll");
    list.setAttribute("aria-label", rolled.rolls.length > 1 ? roll : faced);
    faces.forEach(function (face) {
      const gives = face[rolled.reading];
      const item = el("li", "die die--" + face.label.replace(/ /g, "-"));
      item.appendChild(el("span", "die__face", face.label + (face.label.indexOf("star") >= 0 ? " ★" : "")));
      const what = el("span", "die__gives");
      if (gives === "wild") what.textContent = sentence("dice.wild");
      else {
        what.appendChild(pieceOf(gives));
        what.appendChild(document.createTextNode(" " + sentence("dice.gives", {kind: gives})));
      }
      item.appendChild(what);
      list.appendChild(item);
    });
    box.appendChild(list);
  });
  const wild = rolled.pool[4];
  let message;
  if (rolled.what === "start") message = sentence("dice.start", {size: size, pool: text});
  else if (rolled.what === "add") message = sentence(wild ? "dice.add_wild" : "dice.add");
  else if (wild)
    message = sentence(wild === 1 ? "dice.word_by_word_circle" : "dice.word_by_word_circles", {circles: wild});
  else message = sentence("dice.word_by_word");
  box.appendChild(el("p", "result__message", message));
  const brand = new URL(document.querySelector(".site-header .brand").href).pathname;
  const site = brand.replace(/\/$/, "");
  if (rolled.what === "start") {
    const links = el("p", "result__links");
    const pool = new URLSearchParams({pool: text}).toString();
    const solve = el("a", null, sentence("page.dice.solve"));
    solve.href = site + "/solve?" + pool;
    const judge = el("a", null, sentence("page.dice.judge"));
    judge.href = brand + "?" + pool;
    links.appendChild(solve);
    links.appendChild(document.createTextNode("\n    "));
    links.appendChild(judge);
    box.appendChild(links);
  }
  const help = el("p", "help", sentence("page.dice.seed", {seed: rolled.seed}));
  const link = el("a", null, sentence("page.dice.seed_link"));
  link.href =
    document.body.dataset.path + "?" + new URLSearchParams({roll: rolled.what, seed: String(rolled.seed)}).toString();
  help.appendChild(link);
  box.appendChild(help);
  box.dataset.source = "offline";
  document.title = sentence("page.dice_title", {title: rollTitle(rolled.what), pool: text});
}

export {pythonRandom, rollTitle, rollDice, showRoll, showSlap, slapFor};
