// The word judge with no server: solver/normalize.py's fold and solver/lexicon.py's check, over the word
// data solver/offline.py writes (every key of lexicon.tsv with its code, front-coded in blocks; its format
// is described there). The same input gives the same normalized word, verdict, reason, tier and sentence
// as the Python judge: tests/test_offline_judge.py runs both on every key and on generated odd inputs.
//
// An ES module: the offline pages import it (static/offline.js and its parts), and so does Node (the
// differential tests' runner, tests/js/). Its sentences are the server's own table (static/sentences.js), given
// with the data: it holds none of its own.
import {say} from "./sentences.js";

const SIZES = ["small", "standard", "large"];

// --- normalization: solver/normalize.py -------------------------------------------------------

const APOSTROPHES = "\u2019\u2018\u201b\u02bc\u02bb\u02b9\u2032`\u00b4\uff07";
const DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d";
const BY_HAND = {ø: "o", æ: "ae", œ: "oe", ß: "ss", đ: "d", ł: "l", ħ: "h", ı: "i", þ: "th", ð: "d"};
// Python's str.strip(): the characters str.isspace() is true of (JavaScript's trim() differs on a few).
const PY_SPACE = "\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const STRIP = new RegExp("^[" + PY_SPACE + "]+|[" + PY_SPACE + "]+$", "g");
const DROPPED = /[\p{Mn}\p{Me}\p{Cf}]/gu;
const WELL_FORMED = /^'?[a-z](?:[a-z'-]*[a-z])?$/;
// solver/lexicon.py abbreviated_shape: no vowel letter in two letters or more (a, e, i, o, u, or a y after the first
// letter: has_vowel), no sound drawn out (SHHH).
const AEIOU = /[aeiou]/;
const DRAWN_OUT = /([fhlmnrsvwz])\1\1/;
// offensive_base's undoing of a doubled consonant (its endings come with the data: Words.endings).
const DOUBLED = /([b-df-hj-np-tv-z])\1$/;
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function punctuation(text) {
  let out = "";
  for (const c of text) out += APOSTROPHES.includes(c) ? "'" : DASHES.includes(c) ? "-" : c;
  return out;
}

function strip(text) {
  return text.replace(STRIP, "");
}

function isAscii(text) {
  return /^[\x00-\x7f]*$/.test(text);
}

function fold(text) {
  if (isAscii(text)) return strip(text).toLowerCase().replace(/`/g, "'");
  const composed = punctuation(punctuation(text).normalize("NFKC"));
  const decomposed = composed.toLowerCase().normalize("NFD").replace(DROPPED, "");
  let out = "";
  for (const c of decomposed) out += BY_HAND[c] || c;
  return strip(out);
}

function isWellFormed(word) {
  return WELL_FORMED.test(word);
}

function letters(normalized) {
  return normalized.replace(/['-]/g, "");
}

function hasVowel(spelling) {
  const only = letters(spelling);
  return AEIOU.test(only) || only.slice(1).includes("y");
}

function abbreviatedShape(normalized) {
  const only = letters(normalized);
  return only.length >= 2 && !hasVowel(only) && !DRAWN_OUT.test(only);
}

// solver/lexicon.py word_edges: the letters before a spelling's first vowel and after its last.
function wordEdges(spelling) {
  const only = letters(spelling);
  const vowels = [];
  for (let i = 0; i < only.length; i++) if ("aeiou".includes(only[i]) || (only[i] === "y" && i > 0)) vowels.push(i);
  return [only.slice(0, vowels[0]), only.slice(vowels[vowels.length - 1] + 1)];
}

// solver/lexicon.py unspoken_edges: letters alone (a possessive's 's aside), y the only vowel, and an edge no valid
// word has (the data's edges; none: no rule).
function unspokenEdges(normalized, words) {
  const only = possessiveOf(normalized) || normalized;
  if (!words.edges || !/^[a-z]+$/.test(only) || AEIOU.test(only) || !hasVowel(only) || DRAWN_OUT.test(only))
    return false;
  const edges = wordEdges(only);
  return !words.edges.onsets.has(edges[0]) || !words.edges.codas.has(edges[1]);
}

// solver/lexicon.py abbreviation_form: the listed abbreviation a spelling is the plural of (of the least letters the
// data gives or more, or two with no vowel), or is with 's, with the sentence that says so, or null.
function abbreviationForm(normalized, words) {
  let base = possessiveOf(normalized);
  if (base !== null) return words.code(base) === "abbreviation" ? [base, "word.abbreviation_s"] : null;
  base = normalized.slice(0, -1);
  const only = letters(base);
  const long = only.length >= words.abbreviationPluralBaseMin || (only.length >= 2 && !hasVowel(only));
  if (normalized.endsWith("s") && long && !DRAWN_OUT.test(normalized))
    return words.code(base) === "abbreviation" ? [base, "word.abbreviation_plural"] : null;
  return null;
}

// solver/lexicon.py ending_readings: the listed words (with their codes) an unlisted spelling reads as with the
// shortest ending that leaves one (the stem with a final e only before an ending that drops one), or [].
function endingReadings(normalized, words) {
  const read = function (bases) {
    return bases
      .filter(function (base) {
        return base !== "";
      })
      .map(function (base) {
        return [base, words.code(base)];
      })
      .filter(function (pair) {
        return pair[1] !== null;
      });
  };
  for (const ending of words.endings) {
    const stem = normalized.slice(0, normalized.length - ending.length);
    if (!normalized.endsWith(ending) || stem.length < 3) continue;
    let kinds = read([stem, words.eEndings.includes(ending) ? stem + "e" : ""]);
    if (!kinds.length)
      kinds = read([DOUBLED.test(stem) ? stem.slice(0, -1) : "", stem.endsWith("i") ? stem.slice(0, -1) + "y" : ""]);
    if (kinds.length) return kinds;
  }
  return [];
}

// solver/lexicon.py possessive_of: the spelling an 's spelling is the possessive of, or null.
function possessiveOf(normalized) {
  return normalized.endsWith("'s") && normalized.length > 2 ? normalized.slice(0, -2) : null;
}

// solver/lexicon.py built_offensive: an unlisted spelling (or a listed possessive) built on an offensive word: the
// possessive of one or of a spelling built on one; by an ending (every reading offensive); else, read as no innocent
// word with an ending, as a compound.
function builtOffensive(normalized, words) {
  const base = possessiveOf(normalized);
  if (base !== null) {
    const code = words.code(base);
    return code === "offensive" || (code === null && builtOffensive(base, words));
  }
  const kinds = endingReadings(normalized, words);
  if (kinds.length)
    return kinds.every(function (pair) {
      return pair[1] === "offensive";
    });
  return offensiveCompound(normalized, words);
}

// solver/lexicon.py offensive_compound: whether an unlisted spelling reads through as a compound (at its hyphens and
// apostrophes, a contraction's ending a word part; else in two, else in three parts: _read_through, each head and
// tail looked up once) and every reading has one of the data's compound parts.
const COMPOUND = /^[a-z]+(?:[-'][a-z]+)*$/;
const JOINS = /[-']/;
function offensiveCompound(normalized, words) {
  if (!COMPOUND.test(normalized)) return false;
  const least = words.compound.word_part_min;
  const kindOf = function (part) {
    if (words.compoundParts.has(part)) return "offensive";
    if (words.compound.contractions.includes(part)) return "word";
    const code = words.code(part);
    return part.length >= least && (SIZES.includes(code) || code === "name_first") ? "word" : null;
  };
  const offensiveAll = function (readings) {
    return (
      readings.length > 0 &&
      readings.every(function (kinds) {
        return kinds.includes("offensive");
      })
    );
  };
  if (JOINS.test(normalized)) {
    const kinds = normalized.split(JOINS).map(kindOf);
    return !kinds.includes(null) && kinds.includes("offensive");
  }
  const heads = new Map(),
    tails = new Map();
  for (let cut = least; cut <= normalized.length - least; cut++) {
    const head = kindOf(normalized.slice(0, cut)),
      tail = kindOf(normalized.slice(cut));
    if (head) heads.set(cut, head);
    if (tail) tails.set(cut, tail);
  }
  const two = [];
  heads.forEach(function (head, cut) {
    if (tails.has(cut)) two.push([head, tails.get(cut)]);
  });
  if (two.length) return offensiveAll(two);
  const three = [];
  heads.forEach(function (head, first) {
    tails.forEach(function (tail, second) {
      if (second - first < least) return;
      const middle = kindOf(normalized.slice(first, second));
      if (middle) three.push([head, middle, tail]);
    });
  });
  return offensiveAll(three);
}

// Python's repr() of a string: how the verdict names an input that folds to nothing.
function pyRepr(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const c of text) {
    const n = c.codePointAt(0);
    const hex = function (width) {
      return n.toString(16).padStart(width, "0");
    };
    if (c === quote || c === "\\") out += "\\" + c;
    else if (c === "\t") out += "\\t";
    else if (c === "\n") out += "\\n";
    else if (c === "\r") out += "\\r";
    else if (n < 0x20 || n === 0x7f) out += "\\x" + hex(2);
    else if (n < 0x7f || c === " " || !NOT_PRINTABLE.test(c)) out += c;
    else if (n <= 0xff) out += "\\x" + hex(2);
    else if (n <= 0xffff) out += "\\u" + hex(4);
    else out += "\\U" + hex(8);
  }
  return out + quote;
}

// --- the word data --------------------------------------------------------------------------

// One line of the data: [shared prefix length, rest of the word, code, whether the possessive follows].
function splitLine(line) {
  let i = 0;
  while (line.charCodeAt(i) >= 48 && line.charCodeAt(i) <= 57) i++;
  const possessive = line.charCodeAt(line.length - 1) === 43; // "+"
  const end = line.length - (possessive ? 2 : 1);
  return [parseInt(line.slice(0, i), 10), line.slice(i, end), line.charCodeAt(end) - 48, possessive];
}

// The data's text, with where each key's line starts (no string per line until one is read: a look-up
// reads at most one block's lines), and the server's sentences (the "sentences" of /offline/meta.json).
function Words(text, sentences) {
  this.sentences = sentences;
  const headerEnd = text.indexOf("\n");
  const header = JSON.parse(text.slice(0, headerEnd));
  this.header = header;
  this.checksum = header.checksum;
  this.codes = header.codes;
  this.endings = header.endings; // solver/lexicon.py DERIVING_ENDINGS, shortest first
  this.eEndings = header.e_endings; // solver/lexicon.py E_DROPPING_ENDINGS: a dropped final e is restored before these
  this.compound = header.compound; // solver/lexicon.py's compound parts and the least letters of a word part
  this.compoundParts = new Set(header.compound.parts);
  this.abbreviationPluralBaseMin = header.abbreviation_plural_base_min; // least letters of a plural's abbreviation
  // solver/lexicon.py Lexicons.edges: the letters valid words begin and end with, the empty edge included
  this.edges = header.edges && {
    onsets: new Set([""].concat(header.edges.onsets)),
    codas: new Set([""].concat(header.edges.codas)),
  };
  this.text = text;
  this.entries = header.entries;
  this.block = header.block;
  const starts = new Int32Array(header.entries + 1);
  let at = headerEnd + 1;
  for (let i = 0; i < header.entries; i++) {
    starts[i] = at;
    at = text.indexOf("\n", at) + 1;
  }
  starts[header.entries] = at; // where the familiarity column begins
  this.starts = starts;
  this.heads = [];
  for (let i = 0; i < this.entries; i += this.block) this.heads.push(splitLine(this.line(i))[1]);
}

Words.prototype.line = function (i) {
  return this.text.slice(this.starts[i], this.starts[i + 1] - 1);
};

// The code of a normalized word (its tier or refusal category), or null for a word no list holds.
Words.prototype.code = function (word) {
  const heads = this.heads;
  let lo = 0,
    hi = heads.length;
  while (lo < hi) {
    // the last block whose head is <= word
    const mid = (lo + hi) >> 1;
    if (heads[mid] <= word) lo = mid + 1;
    else hi = mid;
  }
  if (lo === 0) return null;
  const start = (lo - 1) * this.block;
  const stop = Math.min(start + this.block, this.entries);
  let previous = "";
  for (let i = start; i < stop; i++) {
    const parts = splitLine(this.line(i));
    const key = previous.slice(0, parts[0]) + parts[1];
    if (key === word) return this.codes[parts[2]];
    if (parts[3] && key + "'s" === word) return "possessive";
    if (key > word) return null;
    previous = key;
  }
  return null;
};

// Every key in order as [word, code index, familiarity in hundredths]: what the solver indexes.
Words.prototype.all = function () {
  if (this._all) return this._all;
  const all = [];
  const text = this.text;
  let known = this.starts[this.entries];
  let previous = "";
  for (let i = 0; i < this.entries; i++) {
    const parts = splitLine(this.line(i));
    const key = previous.slice(0, parts[0]) + parts[1];
    let familiarity = 0;
    if (parts[2] < SIZES.length) {
      const end = text.indexOf("\n", known);
      familiarity = end > known ? parseInt(text.slice(known, end), 10) : 0;
      known = end + 1;
    }
    all.push([key, parts[2], familiarity]);
    if (parts[3]) all.push([key + "'s", this.codes.indexOf("possessive"), 0]);
    previous = key;
  }
  this._all = all;
  return all;
};

// --- the verdict: solver/lexicon.py check -----------------------------------------------------

function check(words, word, size) {
  const rank = SIZES.indexOf(size);
  const normalized = fold(word);
  const shout = normalized.toUpperCase() || pyRepr(word);
  let reason = null,
    tier = null,
    shaped = null, // the sentence of a refusal by the spelling's shape alone, no list holding it
    base = ""; // the listed abbreviation it is a form of (MIN of MINS)
  if (!isWellFormed(normalized)) {
    reason = "invalid_characters";
  } else {
    const code = words.code(normalized);
    let form = null;
    const codeRank = SIZES.indexOf(code);
    if (codeRank >= 0 && codeRank <= rank) tier = code;
    else if (codeRank >= 0) {
      reason = "larger_lexicon_only";
      tier = code;
    } else if (
      (code === null || (code === "abbreviation" && possessiveOf(normalized) !== null)) &&
      (form = abbreviationForm(normalized, words))
    ) {
      reason = "abbreviation";
      shaped = form[1];
      base = form[0].toUpperCase();
    } else if (code === null && abbreviatedShape(normalized)) {
      reason = "abbreviation";
      shaped = "word.no_vowel";
    } else if ((code === null || code === "possessive") && builtOffensive(normalized, words)) {
      reason = "offensive";
      shaped = "word.built_offensive";
    } else if (code === null && unspokenEdges(normalized, words)) {
      reason = "abbreviation";
      shaped = "word.unspoken_edges";
    } else if (code === null && possessiveOf(normalized) !== null) reason = "possessive";
    else reason = code !== null && code !== "sound" ? code : "not_in_lexicon"; // a sound no list holds: HMPH
  }
  const nameFirst = reason === "name_first";
  if (nameFirst) reason = "proper_name";
  const table = words.sentences;
  let message;
  if (reason === null) message = say(table, "word.valid", {W: shout});
  else if (shaped) message = say(table, shaped, {W: shout, B: base});
  else message = say(table, "word.reasons." + reason, {W: shout, size: size, tier: tier});
  if (nameFirst) message += " " + say(table, "word.name_first");
  return {
    word: word,
    normalized: normalized,
    valid: reason === null,
    lexicon: size,
    tier: tier,
    reason: reason,
    message: message,
  };
}

// Read the gzipped data (bytes, as the server sends them) into a Words that speaks with `sentences`.
async function load(bytes, sentences) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Words(await new Response(stream).text(), sentences);
}

export {SIZES, fold, isWellFormed, pyRepr, Words, check, load};
