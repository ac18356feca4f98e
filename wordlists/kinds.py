"""The rulings on kinds of words the build makes by scan, listing or agreement (docs/lexicon.md, Rulings on kinds of
words): the scan that finds possibly offensive words for offensive.txt to judge, and the content filters' words no
list knows, refused; one verdict for the hyphenated and the closed-up spelling of a compound, with Ding's
hyphenated headwords as a listing. And the judgement files' readers (offensive.txt, slang.txt, allow.txt...).

Build time only, beside build.py (which imports it from its own folder; tests and the benchmark reach these through
`build`).
"""

from __future__ import annotations

import gzip
import re
import sys
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from modern import COMBINING_FORMS, PART_MIN_ZIPF, profanity  # noqa: E402  (beside this script)
from wordnet_data import (  # noqa: E402  (beside this script)
    WORDNET_POS,
    base_forms,
    offensive_senses,
    wordnet_exceptions,
    wordnet_offensive,
    wordnet_synsets,
)

from solver.lexicon import (  # noqa: E402  (one rule for the build and the judge)
    DERIVING_ENDINGS,
    E_DROPPING_ENDINGS,
    OFFENSIVE_PART_MIN,
    SIZES,
    common_word_parts,
    has_vowel,
    offensive_base,
    word_edges,
)
from solver.normalize import fold  # noqa: E402  (the one normalization, shared)

# The sizes, smallest first: a valid word's code is the smallest that holds it (build.TIER_MAX_LEVEL).
TIERS = ("small", "standard", "large")


# The offensive words a compound is not read as built on (compound_parts_file).
NOT_PARTS_FILE = "not_parts.txt"
# The content-filter list with ratings (cuss.txt): 2 is "likely profane", 1 "maybe".
CUSS_FILE = "cuss.txt"
# The codes a scan for offensive words looks through: every size, and the refusals for another reason
# (CHINAMAN was refused as a name; its reason is that it is offensive).
SCANNED_CODES = frozenset(("small", "standard", "large", "proper_name", "name_first", "abbreviation", "slang"))


def read_overrides(name: str) -> dict[str, str]:
    """Read `word<whitespace>reason` lines; `#` starts a comment."""
    entries = {}
    for line in (HERE / name).read_text("utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            word, _, reason = line.partition(" ")
            entries[fold(word)] = reason.strip()
    return entries


def read_judgements(name: str, keep: str = "keep") -> tuple[dict[str, str], set[str]]:
    """Read a judgement file: the words it rules on with their reason, and the words a `keep:` line (or `out:`) spares."""
    refused, kept = {}, set()
    for word, reason in read_overrides(name).items():
        if reason.startswith(keep):
            kept.add(word)
        else:
            refused[word] = reason
    return refused, kept


@cache
def cuss() -> dict[str, int]:
    """The cuss list's words with their rating, 1 (maybe profane) or 2 (likely): cuss.txt, its header names the source."""
    lines = (HERE / CUSS_FILE).read_text("utf-8").splitlines()
    return {
        word: int(rating) for word, _, rating in (line.partition("\t") for line in lines if line and line[0] != "#")
    }


def unlisted_profanity(code: dict[str, str]) -> set[str]:
    """The words the content-filter lists hold that no word list knows (SHEMALE, PIKEY, KNOBHEAD, FUDGEPACKER):
    profanity.txt's and those cuss.txt rates likely profane. Refused as offensive, not merely unknown, so a table
    never votes one in as a house word; offensive.txt's `keep:` lines spare the ones that are no slur or obscenity
    (DRAGQUEEN, PEEPEE)."""
    kept = read_judgements("offensive.txt")[1]
    return {word for word in filtered() if word not in code} - kept


def filtered() -> set[str]:
    """The content filters' words: profanity.txt's, and those cuss.txt rates likely profane."""
    return set(profanity()) | {word for word, rating in cuss().items() if rating == 2}


def filtered_only(code: dict[str, str]) -> set[str]:
    """The words of a built lexicon refused only because the content filters hold them (unlisted_profanity): no
    judgement or WordNet mark explains the refusal. No scan derives from them: a form of a word no list knows is
    another word's (PUDDING is no form of PUDD)."""
    judged = set(read_overrides("offensive.txt")) | set(wordnet_offensive())
    return {word for word in filtered() if code.get(word) == "offensive"} - judged


def derived_forms(base: str) -> set[str]:
    """The spellings DERIVING_ENDINGS make of a word: its last consonant doubled after one vowel (gyp -> gyppo,
    lez -> lezzie; and the doubled spelling alone, spaz -> spazz), a final e dropped before a vowel
    (E_DROPPING_ENDINGS: skate -> skater), a final y turned to i (slutty -> sluttier)."""
    stems = {base}
    doubled = set()
    if re.search("[^aeiouy][aeiouy][b-df-hj-np-tv-z]$", base):
        doubled.add(base + base[-1])
        stems |= doubled
    if base.endswith("y"):
        stems.add(base[:-1] + "i")
    dropped = {base[:-1] + ending for ending in E_DROPPING_ENDINGS} if base.endswith("e") else set()
    return ({stem + ending for stem in stems for ending in DERIVING_ENDINGS} | doubled | dropped) - {base}


def offensive_candidates(code: dict[str, str], lemmas: Iterable[str]) -> set[str]:
    """Words that may be offensive, each judged in offensive.txt (offensive, or `keep:`).

    Looked for in every size and among the words refused for another reason (SCANNED_CODES):

    * a word the content-filter lists hold: profanity.txt (GANGBANG, and ANUS), and cuss.txt, every word it
      rates likely profane, and those it rates maybe profane outside the everyday level (LUBRA, and KUMQUAT);
    * a lemma WordNet marks as a slur or an obscenity in any case (CHINAMAN, INJUN: wordnet_offensive);
    * a word derived from a refused word by an ending (derived_forms: GYPPO, FAGGY, LEZZIES, FAGGIER, NIGGERDOM),
      when it is no form of another WordNet lemma (SPICY is of *spice*, not of SPIC), a lemma of its own included
      (GOLLIWOGG, and SHATTER);
    * a hyphenated word with a refused word for a part, in any size (FUCKED-UP, and WREN-TIT);
    * outside the everyday levels, a compound of a refused word (four letters or more) and a common word, a
      WordNet lemma of Zipf PART_MIN_ZIPF or more (MINDFUCK, and HOMOGRAFT).

    A word refused only as a content filter's that no list knows (filtered_only) is read as no part of another.
    """
    from wordfreq import zipf_frequency  # build time only: pip install '.[build]'

    scanned = {word for word, kind in code.items() if kind in SCANNED_CODES}
    refused = {word for word, kind in code.items() if kind == "offensive"} - filtered_only(code)
    offensive = sorted(word for word in refused if len(word) >= 4)
    lowercase = {lemma for lemma in lemmas if lemma == lemma.lower() and "_" not in lemma}
    exceptions = wordnet_exceptions()
    listed = profanity() | {word for word, rating in cuss().items() if rating == 2 or code.get(word) != "small"}
    candidates = scanned & (listed | set(wordnet_offensive()))
    for bad in refused:
        for word in derived_forms(bad) & scanned:
            others = {base for pos in WORDNET_POS for base in base_forms(word, pos, exceptions)} - {bad, word}
            if not others & lowercase:
                candidates.add(word)
    candidates |= {word for word in scanned if "-" in word and not refused.isdisjoint(word.split("-"))}
    for word in scanned:
        if code[word] != "small" and code[word] in TIERS:
            for bad in offensive:
                rest = word[len(bad) :] if word.startswith(bad) else word[: -len(bad)] if word.endswith(bad) else ""
                if (
                    len(rest) >= 3
                    and rest in lowercase
                    and zipf_frequency(rest, "en", wordlist="best") >= PART_MIN_ZIPF
                ):
                    candidates.add(word)
    return candidates


def one_edit(one: str, other: str) -> bool:
    """Whether two spellings differ by one letter changed, added or dropped (WELSH, WELCH; GYP, GIP)."""
    if abs(len(one) - len(other)) > 1 or one == other:
        return False
    if len(one) == len(other):
        return sum(a != b for a, b in zip(one, other)) == 1
    short, long = sorted((one, other), key=len)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def synset_spellings(word: str, senses: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """The other spellings of a refused word WordNet writes in its offensive senses, each with the sense's part of
    speech: a lowercase lemma of one of those synsets one letter from it (WELCH in *welsh, welch*; GIP in *gyp, gip*).
    A synonym is another word, not a spelling (BUNCO beside GYP, BANG beside FUCK), and stays out."""
    synsets = wordnet_synsets()
    return {
        (fold(other), key[0])
        for key in senses
        for other in synsets[key][0]
        if other == other.lower() and "_" not in other and one_edit(fold(other), word)
    }


@cache
def lowercase_senses() -> dict[str, set[tuple[str, str]]]:
    """Each lowercase WordNet lemma's synsets, as keys of wordnet_synsets()."""
    senses: dict[str, set[tuple[str, str]]] = {}
    for key, (words, _, _) in wordnet_synsets().items():
        for word in words:
            if word == word.lower():
                senses.setdefault(fold(word), set()).add(key)
    return senses


def own_innocent_sense(word: str, senses: set[tuple[str, str]]) -> bool:
    """Whether a spelling is an ordinary word of its own: a lowercase WordNet lemma with a sense outside `senses`
    (DIKE, the embankment, beside DYKE)."""
    return bool(lowercase_senses().get(word, set()) - senses)


def innocent_form(form: str, refused: set[str]) -> bool:
    """Whether a form the rules spell of a refused word is also a form of another lemma, not refused (CRAPED, of
    *crape*; DIKES, of *dike*): WordNet's morphology, a base that is a lowercase lemma of the part of speech whose
    rule or exception list gives it. The form's own lemma is judged apart."""
    exceptions, senses = wordnet_exceptions(), lowercase_senses()
    return any(
        base != form and base not in refused and any(key[0] == WORDNET_POS[pos] for key in senses.get(base, ()))
        for pos in WORDNET_POS
        for base in base_forms(form, pos, exceptions)
    )


# The spellings that alternate in one word (SCOWL lists them apart, variant or not): an i and a y anywhere (GYP, GIP;
# DYKEY, DIKEY), and the ending -y, -ie, -ey (SHEENY, SHEENIE, SHEENEY; CHINKY, CHINKIE).
_FINAL_Y = re.compile(r"(?<=[^aeiou])(y|ie|ey)$")


def alternate_spellings(word: str) -> set[str]:
    """A word's spellings by one alternation of i and y, or of the endings -y, -ie, -ey."""
    spellings = {word[:i] + "iy"[c == "i"] + word[i + 1 :] for i, c in enumerate(word) if c in "iy" and i}
    if match := _FINAL_Y.search(word):
        spellings |= {word[: match.start()] + ending for ending in ("y", "ie", "ey")}
    return spellings - {word}


def other_spellings(code: dict[str, str], refused: set[str], kept: set[str]) -> set[str]:
    """The valid words that are another spelling of a refused word, by an alternation (alternate_spellings, so GIPS
    of GYPS, DIKIER of DYKIER, MAMMIE of MAMMY), and no ordinary word of their own: not a lowercase WordNet lemma
    with a sense WordNet does not mark, nor a form of one (DIKE and DIKES, of *dike*, stay), nor kept by
    offensive.txt. A name so spelled is a name (COOLEY, beside COOLIE). What one such spelling brings in is read
    again (SHEENEY, SHEENY, SHEENIE)."""
    found: set[str] = set()
    todo = sorted(refused)
    while todo:
        for spelling in alternate_spellings(todo.pop()):
            if code.get(spelling) not in TIERS or spelling in kept or spelling in found | refused:
                continue
            marked = wordnet_offensive_senses_of(spelling)
            if own_innocent_sense(spelling, marked) or innocent_form(spelling, refused | found):
                continue
            found.add(spelling)
            todo.append(spelling)
    return found


def wordnet_offensive_senses_of(word: str) -> set[tuple[str, str]]:
    """The synsets WordNet marks a word offensive in (none for an unmarked word)."""
    return offensive_senses(word, None) if word in wordnet_offensive() else set()


def offensive_words(code: dict[str, str], inflect: Callable[[str, bool, bool], set[str]]) -> dict[str, str]:
    """WordNet's slurs and obscenities less the `keep` judgements, plus offensive.txt, and the other spellings of
    their offensive senses (synset_spellings: WELCH of WELSH), with the inflections the lexicon holds of their
    offensive senses' parts of speech (offensive_senses: FUCKED, but not DYKED, *dike*'s verb; `inflect(word, noun,
    verb)` spells them) that no other lemma yields (innocent_form: CRAPED is *crape*'s); then the lexicon's words
    spelled like one by an alternation (other_spellings: GIPS, DIKEY, SHEENIE)."""
    listed, kept = read_judgements("offensive.txt")
    marked = wordnet_offensive()
    bases = {base: offensive_senses(base, None if base in marked else listed[base]) for base in set(marked) - kept}
    bases.update((base, offensive_senses(base, listed[base])) for base in set(listed) - set(marked))
    # A word offensive.txt refuses is a noun too, the part of speech of what it adds (milf; negro, WordNet's Negro).
    parts = {
        base: {pos for pos, _ in senses} | ({"noun"} if base not in marked else set()) for base, senses in bases.items()
    }
    for base, senses in list(bases.items()):
        for spelling, pos in synset_spellings(base, senses):
            if spelling not in bases and spelling not in kept and not own_innocent_sense(spelling, senses):
                parts.setdefault(spelling, set()).add(pos)
    offensive = {}
    for base in sorted(parts):
        offensive[base] = "offensive"
        for word in inflect(base, "noun" in parts[base], "verb" in parts[base]) - {base}:
            if word in code and word not in kept and not innocent_form(word, set(parts)):
                offensive[word] = "offensive"
    for word in other_spellings(code, set(offensive), kept):
        offensive[word] = "offensive"
    return offensive


# Ding, the English-German dictionary (Debian's dict-freedict-eng-deu; wordlists/SOURCES.md): its English headwords
# are printed as the compounds are spelled (hand-made, match-box, on-line, re-elect). Only its lowercase hyphenated
# headwords are read, an entry's first line (`hand-made /...`) or a reference to one (`{hand-made}`): the listing
# of a compound's hyphenated spelling.
DING = Path("/usr/share/dictd/freedict-eng-deu.dict.dz")
DING_HYPHENATED = re.compile(r"(?m)(?:^\n|\{)([a-z]+(?:-[a-z]+)+)(?: /|\})")


def ding_installed() -> bool:
    """Whether Ding's dictionary is here (Debian's dict-freedict-eng-deu): the build needs it."""
    return DING.is_file()


def ding_notice() -> str:
    """Ding's copyright and licence, verbatim from the package's copyright file: its head, Ding's paragraph and the
    licence's, to travel with the spellings it lists (LICENSE.freedict-eng-deu.txt)."""
    paragraphs = Path("/usr/share/doc/dict-freedict-eng-deu/copyright").read_text("utf-8").split("\n\n")
    kept = [p for p in paragraphs if p.startswith(("Format:", "Files: eng-deu/", "License: GPL-3+"))]
    return "\n\n".join(kept) + "\n"


@cache
def ding_hyphenated() -> frozenset[str]:
    """Ding's lowercase hyphenated English headwords (DING_HYPHENATED)."""
    with gzip.open(DING, "rt", encoding="utf-8", errors="replace") as text:
        return frozenset(DING_HYPHENATED.findall(text.read()))


def spelling_pairs(code: dict[str, str], listed: Iterable[str]) -> list[tuple[str, str]]:
    """Each hyphenated spelling with its closed-up one, when both are known (the lexicon or `listed`, a
    dictionary's words) and each part is a valid word or a combining form joined at its boundary: (e-book,
    ebook), (after-shave, aftershave), (blow-job, blowjob). Sorted.

    A part must be a word or a form, so that letters run together by chance make no pair (x-ray and xray:
    `x` is a letter); both spellings must be listed, so that a closed-up word splits into no spelling no
    dictionary has (the-rapist).
    """
    known = set(code) | set(listed)
    forms = set(COMBINING_FORMS)
    pairs = []
    for spelling in sorted(word for word in known if "-" in word):
        parts = spelling.split("-")
        closed = "".join(parts)
        if closed in known and all(part in forms or code.get(part) in TIERS for part in parts):
            pairs.append((spelling, closed))
    return pairs


# The refusals that go with a word whatever its spelling: the other spelling of an offensive compound is
# offensive too (halfbreed, half-breed). A name or an abbreviation spelled like a compound is another word
# (Tryon, try-on), and keeps its verdict.
SPELLING_CATEGORIES = ("offensive", "slang")
SPELLING_KINDS = (*TIERS, *SPELLING_CATEGORIES)


def agree_on_spellings(code: dict[str, str], listed: Iterable[str]) -> None:
    """A hyphenated and a closed-up spelling of one compound (spelling_pairs) get one verdict.

    Both valid: the smaller tier, for both (after-hours is everyday, so is afterhours). One valid and the
    other known to no size: the other joins with the same tier (e-book, as ebook). One offensive or slang:
    the other too.
    """
    for spelling, closed in spelling_pairs(code, listed):
        one, other = code.get(spelling), code.get(closed)
        if one in TIERS and other in TIERS:
            code[spelling] = code[closed] = min(one, other, key=TIERS.index)
        elif one in SPELLING_KINDS and other is None:
            code[closed] = one
        elif other in SPELLING_KINDS and one is None:
            code[spelling] = other
        elif one in SPELLING_CATEGORIES and other in TIERS:
            code[closed] = one
        elif other in SPELLING_CATEGORIES and one in TIERS:
            code[spelling] = other


def compound_parts_file(lexicon: Iterable[str], familiarity: Iterable[str]) -> str:
    """wordlists/compound_parts.txt from lexicon.tsv's and familiarity.tsv's lines: the offensive words a compound no
    list holds is read as built on (solver/lexicon.py offensive_compound). A refused word of four letters or more, but
    a content filter's word no judgement or WordNet mark explains (KOCK, CUNN; its forms of a judged word stay:
    NIGGERS, FUCKED), a word not_parts.txt spares (WELSH), and one a common word holds as a part (HOMO)."""
    code = dict(line.rstrip("\n").split("\t") for line in lexicon)
    zipf = {word: float(value) for word, value in (line.rstrip("\n").split("\t") for line in familiarity)}
    refused = {
        word
        for word, kind in code.items()
        if kind == "offensive" and len(word) >= OFFENSIVE_PART_MIN and word.isalpha()  # a part holds no hyphen
    }
    fragments = {word for word in filtered_only(code) if offensive_base(word, code.get) is None}
    judged = frozenset(refused - fragments - set(read_overrides(NOT_PARTS_FILE)))
    parts = judged - common_word_parts(code, lambda word: zipf.get(word, 0.0), judged)
    head = (
        "# The slurs and obscenities a spelling no list holds is read as a compound of (SHIT in SHITSHOW): offensive\n"
        "# by a judgement, WordNet's mark or as a form of one, four letters or more, spared by no line of\n"
        "# not_parts.txt, and a part of no common word (solver/lexicon.py offensive_compound). Written by\n"
        "# wordlists/build.py.\n"
    )
    return head + "".join(part + "\n" for part in sorted(parts))


def edges_file(lexicon: Iterable[str]) -> str:
    """wordlists/edges.txt from lexicon.tsv's lines: the letters a valid word (every size, of letters alone, with a
    vowel) begins with before its first vowel (`bl-`) and ends with after its last (`-mph`), by which the judge reads
    a y-only spelling no list holds (solver/lexicon.py unspoken_edges: PKWY begins as no word does)."""
    onsets, codas = set(), set()
    for line in lexicon:
        word, _, kind = line.rstrip("\n").partition("\t")
        if kind in SIZES and word.isalpha() and has_vowel(word):
            onset, coda = word_edges(word)
            onsets.add(onset)
            codas.add(coda)
    head = (
        "# The letters valid words begin with before their first vowel (`bl-`) and end with after their last\n"
        "# (`-mph`), of letters alone; a vowel is a, e, i, o, u, or a y after the first letter. A spelling no list holds\n"
        "# whose only vowel is y, with an edge not here, is an abbreviation (solver/lexicon.py unspoken_edges).\n"
        "# Written by wordlists/build.py.\n"
    )
    lines = [f"{onset}-\n" for onset in sorted(onsets - {""})] + [f"-{coda}\n" for coda in sorted(codas - {""})]
    return head + "".join(lines)


# A name and an abbreviation spelled alike (JIM, JESUS, LISA, OSCAR; SCOWL's abbreviation lists hold rare acronyms
# so spelled): the name when it is the commoner and has three letters or more (two-letter ones the name lists hold
# are mostly symbols: Au, Hz, Pb), but for a shortening WordNet gives of a one-word synonym (Feb: February).
NAME_OVER_ABBREVIATION_MIN = 3


def shortens_a_synonym(word: str) -> bool:
    """Whether WordNet gives `word` (any case) in a synset with a longer one-word lemma it shortens: the same first
    letter, and its letters in that order (Feb: February, Oct: October, Hz: hertz)."""
    shortening = re.compile(".*?".join(map(re.escape, word)))
    return any(
        len(other) > len(word) and "_" not in other and shortening.match(other)
        for other in synonyms_any_case().get(word, ())
    )


@cache
def synonyms_any_case() -> dict[str, set[str]]:
    """Each WordNet lemma, lowercased, with the lemmas (lowercased) of every synset it is in, itself among them."""
    synonyms: dict[str, set[str]] = {}
    for words, _, _ in wordnet_synsets().values():
        lowered = {word.lower() for word in words}
        for word in lowered:
            synonyms.setdefault(word, set()).update(lowered)
    return synonyms


# The interjections written as sounds that no list holds (hmph, grr), judged by hand.
SOUNDS_FILE = "sounds.txt"


def sounds(code: dict[str, str]) -> dict[str, str]:
    """The interjections sounds.txt lists that no list holds, coded `sound`: judged `not_in_lexicon` (a table may
    vote one in), never an abbreviation by their shape (solver/lexicon.py check)."""
    return {word: "sound" for word in read_overrides(SOUNDS_FILE) if word not in code}


def names_among_abbreviations(
    code: dict[str, str], abbreviation_level: dict[str, int], name_level: dict[str, int]
) -> list[str]:
    """The spellings filed as abbreviations that are names, sorted: SCOWL's name lists (upper, proper-names) rank the
    capitalised spelling commoner (a lower level) than its abbreviation lists rank any of theirs (Jim at 50, JIM at
    95; Lisa, LISA; Ann, ann for annual), in NAME_OVER_ABBREVIATION_MIN letters or more, and no shortening
    (shortens_a_synonym). A tie stays an abbreviation (Mia, MIA; Eula, EULA): SCOWL reads them alike."""
    return sorted(
        word
        for word, level in name_level.items()
        if code.get(word) == "abbreviation"
        and len(word) >= NAME_OVER_ABBREVIATION_MIN
        and level < abbreviation_level.get(word, level)
        and not shortens_a_synonym(word)
    )
