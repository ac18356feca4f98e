"""Rebuild the generated word lists from Debian's `scowl`, `wordnet-base`, `hunspell-en-gb` and Ding.

    apt-get install scowl wordnet-base hunspell-en-gb hunspell-tools dict-freedict-eng-deu
    python wordlists/build.py            # writes the files next to this script
    python wordlists/build.py --check    # exit 1 if a rebuild differs from what is committed

The output is deterministic (sorted, no timestamps), so CI can rebuild and compare. What goes in, and why, is
written in wordlists/SOURCES.md; the recipe in short:

* valid words: SCOWL `english`, `american`, `british`, `british_z`, `canadian` words lists and their `variant_1`
  lists, at levels <= 60 (tier `small`), <= 70 (`standard`), <= 80 plus the `variant_2` lists (`large`); contractions
  from `english-contractions` <= 60 (every tier); WordNet's lowercase hyphenated lemmas and the regular plurals of the
  noun ones (every tier); `allow.txt` (every tier), minus `deny.txt`.
* today's words (modern.py): a spelling SCOWL and WordNet predate joins `standard` when hunspell's British English
  dictionary lists it in lowercase, wordfreq has seen it, it is built from known parts (photo+bomb, up+vote, vape+ing)
  and no gate explains it away (a name, a foreign word, a misspelling, a fragment, an offensive word).
* names first: a spelling used most as a name is one in every size (SCOWL's levels where they tell, case-aware counts
  beyond chance, WordNet's tags, ENABLE for a tie: names_first; china a word, paris not; lowercased names: pearce).
* slang: the words in `slang.txt` are known but invalid, category `slang`.
* offensive: WordNet's slurs and obscenities (in any case), `offensive.txt`'s and the unknown words of the content
  filters (unlisted_profanity), in every size, over any other code; a scan (offensive_candidates) proposes more.
  Inflected in the offensive sense's part of speech only (dyked is dike's verb), a form of another lemma spared
  (craped: crape), with their other spellings (welch, gip, dikey, sheenie) that are no ordinary word of their own.
* no vowel (a, e, i, o, u, or y after the first letter): an abbreviation, but for the words `vowelless.txt` keeps (hmm,
  cwm, nth); `sounds.txt`'s interjections (hmph) are unknown. Chat abbreviations (`chat.txt`: lol) are abbreviations.
  `edges.txt`: the letters valid words begin and end with, by which the judge reads a y-only spelling (pkwy).
* children's words current dictionaries list (`family.txt`: owie, jammies) are `small`.
* one word, one verdict: a hyphenated and a closed-up spelling of a compound (e-book, ebook) get one code, when a
  dictionary lists both: the British one, Ding (hand-made), or WordNet spelling it open and closed (web-site); and
  the spellings of one word (variants.py: colour, color; dialogue, dialog) its best tier, and no name's verdict.
* known but invalid: proper names (SCOWL `proper-names` and `upper` lists, and capitalised words), abbreviations
  (SCOWL `abbreviations` lists, all-capital or mixed-case words such as `kW`; a spelling filed as both is the name
  when SCOWL ranks the name commoner, it has three letters or more and is no shortening WordNet gives of a synonym:
  jim, lisa; but feb), possessives (`dog's`, a name's `mia's`; an abbreviation's `ceo's` is one; the `'s`
  contractions in `s_contractions.txt` are valid words). Accents are folded with the library's own normalization.
* familiarity: each valid word's wordfreq Zipf frequency (familiarity.tsv); equal scores list the most familiar first.
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from kinds import (  # noqa: E402, F401  (beside this script; tests and the benchmark reach these through build)
    agree_on_spellings,
    compound_parts_file,
    derived_forms,
    ding_hyphenated,
    ding_installed,
    ding_notice,
    edges_file,
    filtered,
    names_among_abbreviations,
    offensive_candidates,
    read_judgements,
    read_overrides,
    sounds,
    spelling_pairs,
    unlisted_profanity,
)
from kinds import offensive_words as kinds_offensive_words  # noqa: E402  (beside this script)
from modern import dictionary_entries, dictionary_installed, modern_words  # noqa: E402  (beside this script)
from names import abbreviations_possessives, case_margin, case_noise, lowercased_names, ranks_that_tell  # noqa: E402
from variants import agree_on_variants, scowl_spellings, spelling_groups  # noqa: E402  (beside this script)
from wordnet_data import (  # noqa: E402, F401  (beside this script; tests and the benchmark reach wordnet_offensive through build)
    WELLFORMED,
    WORDNET,
    WORDNET_POS,
    build_definitions,
    wordnet_lemmas,
    wordnet_offensive,
    wordnet_synsets,
)

from solver.lexicon import has_vowel  # noqa: E402  (the one vowel rule, shared with the judge)
from solver.normalize import fold  # noqa: E402  (the one normalization, shared)

SCOWL = Path("/usr/share/dict/scowl")
# The British English dictionary's authors and licence (today's words, modern.py).
DICTIONARY_README = Path("/usr/share/doc/hunspell-en-gb/README_en_GB.txt.gz")

LEVELS = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)
# The tier of a valid word is the smallest size whose recipe holds it.
TIER_MAX_LEVEL = {"small": 60, "standard": 70, "large": 80}
SPELLINGS = ("english", "american", "british", "british_z", "canadian")
VARIANT_1 = ("variant_1", "british_variant_1", "canadian_variant_1")
VARIANT_2 = ("variant_2", "british_variant_2", "canadian_variant_2")
CONTRACTION_MAX_LEVEL = 60  # above it contractions turn foreign or dialect (n'importe, d'accord)
# SCOWL capitalises the first-person contractions; they are ordinary words.
LOWERCASE_CONTRACTIONS = {"I'm", "I'd", "I'll", "I've"}

# A lexicon word may also open with an apostrophe: the clipped archaic contractions ('tis, 'twas) in allow.txt.
LEXICON_WORD = re.compile(r"^'?[a-z]([a-z'-]*[a-z])?$")


def read_scowl(stem: str, max_level: int) -> set[str]:
    words: set[str] = set()
    for level in LEVELS:
        path = SCOWL / f"{stem}.{level}"
        if level <= max_level and path.exists():
            words.update(line.strip() for line in path.read_text("utf-8").splitlines() if line.strip())
    return words


def read_scowl_level(stem: str, level: int) -> set[str]:
    path = SCOWL / f"{stem}.{level}"
    return {line.strip() for line in path.read_text("utf-8").splitlines() if line.strip()} if path.exists() else set()


def classify_raw(raw: str, s_contractions: set[str] = frozenset()) -> str | None:
    """The category of a raw SCOWL entry from its spelling alone, or None for a plain word.

    Any `'s` form that is not a kept contraction is a possessive, whatever its
    case (`London's` too): the category must not depend on which list is read first.
    """
    if raw.endswith("'s") and fold(raw) not in s_contractions:
        return "possessive"
    body = raw
    if any(c.isupper() for c in body[1:]):
        return "abbreviation"  # NASA, kW, dB, OK
    if body[:1].isupper():
        return "proper_name"  # London, Bentley
    return None


def valid_words(max_level: int, with_variant_2: bool, s_contractions: set[str]) -> tuple[set[str], dict[str, str]]:
    """The valid words of one size, and the invalid ones its lists mention (with category)."""
    stems = list(SPELLINGS) + list(VARIANT_1) + (list(VARIANT_2) if with_variant_2 else [])
    raw: set[str] = set()
    for stem in stems:
        raw |= read_scowl(f"{stem}-words", max_level)
    valid: set[str] = set()
    invalid: dict[str, str] = {}
    for entry in sorted(raw):
        word = fold(entry)
        category = classify_raw(entry, s_contractions)
        if category is None:
            valid.add(word)
        else:
            invalid.setdefault(word, category)
    everyday = read_scowl("english-contractions", min(max_level, CONTRACTION_MAX_LEVEL))
    for entry in sorted(everyday):
        if entry in LOWERCASE_CONTRACTIONS or classify_raw(entry) is None:
            valid.add(fold(entry))
        else:
            invalid.setdefault(fold(entry), classify_raw(entry))
    # Above level 60 only the contractions built like the everyday ones: a host
    # that already takes a clitic at the everyday levels (there, what, where,
    # who ...) with 'll 'd 're 've, or a verb with n't (daren't).
    hosts, verbs = contraction_hosts(everyday | s_contractions)
    for entry in sorted(read_scowl("english-contractions", 95) - everyday):
        word = fold(entry)
        if classify_raw(entry) is None and is_regular_contraction(word, hosts, verbs):
            valid.add(word)
    return valid, invalid


CLITICS = ("'ll", "'d", "'re", "'ve")


def contraction_hosts(everyday: set[str]) -> tuple[set[str], set[str]]:
    """The words that take a clitic in the everyday contractions, and the verbs that take n't."""
    hosts, verbs = set(), set()
    for entry in everyday:
        word = fold(entry)
        for clitic in CLITICS + ("'s",):
            if word.endswith(clitic):
                hosts.add(word[: -len(clitic)])
        if word.endswith("n't"):
            verbs.add(word[:-3])
    return hosts, verbs


def is_regular_contraction(word: str, hosts: set[str], verbs: set[str]) -> bool:
    """Host plus 'll/'d/'re/'ve (what'd, there'll), or a modal verb plus n't (daren't: dare)."""
    for clitic in CLITICS:
        if word.endswith(clitic) and word[: -len(clitic)] in hosts:
            return True
    return word.endswith("n't") and (word[:-3] in verbs or word[:-3] in MODAL_VERBS)


# The English modal verbs (closed class): their n't forms are standard even where SCOWL files them high.
MODAL_VERBS = {"can", "could", "may", "might", "must", "shall", "should", "will", "would", "ought", "need", "dare"}


def simple_plurals(noun: str) -> list[str]:
    """The plural by -s, and by -es after x, ch, sh (max, tech): never a guess that could be another word's verb form (doz: dozes)."""
    return [noun + "s", noun + "es"] if re.search(r"(x|ch|sh)$", noun) else [noun + "s"]


def regular_plural(noun: str) -> str:
    if re.search(r"(s|x|z|ch|sh)$", noun):
        return noun + "es"
    if re.search(r"[^aeiou]y$", noun):
        return noun[:-1] + "ies"
    return noun + "s"


def irregular_plurals() -> dict[str, list[str]]:
    """WordNet's noun.exc turned around: base noun -> its irregular plurals (`axis` -> `axes`)."""
    plurals: dict[str, list[str]] = {}
    for line in (WORDNET / "noun.exc").read_text("utf-8").splitlines():
        inflected, *bases = line.replace("_", "-").split()
        for base in bases:
            plurals.setdefault(base, []).append(inflected)
    return plurals


# A compound noun whose second element is one of these is headed by its first
# element: mother-in-law, passer-by, runner-up, man-of-war.
POSTMODIFIER_PARTICLES = {"in", "by", "up", "of", "on", "at", "about"}


def compound_plurals(noun: str, lemmas: dict[str, set[str]], plurals: dict[str, list[str]]) -> list[str]:
    """The plurals of a hyphenated noun: WordNet's own (noun.exc), else its head noun inflected.

    The head is the first element when a particle follows it and it is only a
    noun (passers-by, mothers-in-law; not good-for-nothing, whose `good` is
    also an adjective), else the last element (x-rays, x-axes).
    """
    if noun in plurals:
        return plurals[noun]
    parts = noun.split("-")
    first_parts = lemmas.get(parts[0], set())
    head = (
        0
        if parts[1] in POSTMODIFIER_PARTICLES and "noun" in first_parts and "adj" not in first_parts
        else len(parts) - 1
    )
    return [
        "-".join(parts[:head] + [form] + parts[head + 1 :])
        for form in plurals.get(parts[head], [regular_plural(parts[head])])
    ]


def hyphenated_words(lemmas: dict[str, set[str]]) -> set[str]:
    words = set()
    plurals = irregular_plurals()
    for lemma, parts in lemmas.items():
        if "-" in lemma and "_" not in lemma and lemma == lemma.lower() and WELLFORMED.match(lemma):
            words.add(lemma)
            if "noun" in parts:
                words.update(compound_plurals(lemma, lemmas, plurals))
    return words


# The parts of speech whose open compounds take a hyphen: an adverb spelled open is a phrase (in so far).
HYPHENATED_PARTS = ("noun", "verb", "adj")


def open_compound_spellings(lemmas: dict[str, set[str]]) -> set[str]:
    """The hyphenated spellings of the compounds WordNet spells both open and closed in one synset (web site and
    website: web-site), with their forms, for agree_on_spellings to pair with the closed-up words.

    The shared synset is the evidence that the closed-up word is that compound and not letters that split into
    words by chance: drag on and dragon, leg it and legit, the rapist and therapist share none.
    """
    plurals = irregular_plurals()
    spellings = set()
    for (pos, _), (words, _, _) in wordnet_synsets().items():
        if pos not in HYPHENATED_PARTS:
            continue
        for word in words:
            if "_" in word and "-" not in word and word == word.lower() and word.replace("_", "") in words:
                spelling = word.replace("_", "-")
                spellings.add(spelling)
                if pos == "noun":
                    spellings.update(compound_plurals(spelling, lemmas, plurals))
                elif pos == "verb":
                    spellings.update(inflections(spelling, plurals, True, True))
    return spellings


def spelling_listings(lemmas: dict[str, set[str]]) -> set[str]:
    """The spellings a dictionary lists, for agree_on_spellings: the British dictionary's words, WordNet's
    hyphenated spellings of its open and closed compounds (open_compound_spellings), and Ding's hyphenated
    headwords with their forms (match-box, match-boxes: ding_hyphenated)."""
    plurals = irregular_plurals()
    ding = {form for word in ding_hyphenated() for form in {word} | inflections(word, plurals, True, True)}
    return set(dictionary_entries()[0]) | open_compound_spellings(lemmas) | ding


def inflections(word: str, plurals: dict[str, list[str]], noun: bool, verb: bool) -> set[str]:
    """A noun's plural and a verb's forms (-s, -ed, -ing), spelled by the regular rules (and WordNet's exceptions).

    Only the forms of the word's own parts of speech: SPIC is no verb, so
    SPICED is not its form; CRAPPY is an adjective, so CRAPPIES is the fish.
    """
    forms = ({regular_plural(word), word + "s"} | set(plurals.get(word, ()))) if noun else set()
    if not verb:
        return forms
    forms.update({regular_plural(word), word + "s", word + "ed", word + "ing", word + "d"})  # welches, welched
    if word.endswith("e"):
        forms.add(word[:-1] + "ing")
    if re.search(r"[^aeiou][aeiou][bdfgklmnprtvz]$", word):  # shag -> shagged
        forms.update({word + word[-1] + "ed", word + word[-1] + "ing"})
    return forms


# Informal spellings: a short word run into a reduced to/of/you/me/know/it.
INFORMAL = re.compile(r"^([a-z]{2,5}?)(a|ta|na|da|cha|tcha|ya|me|mme|no|nno|nit|nnit)$")


def informal_candidates(code: dict[str, str], lemmas: Iterable[str]) -> set[str]:
    """Everyday words that read as informal spellings and no WordNet lemma (any case) or inflection explains: each is judged in slang.txt."""
    lemmas = {fold(lemma) for lemma in lemmas}
    inflected = {
        line.split()[0]
        for pos in ("noun", "verb", "adj", "adv")
        for line in (WORDNET / f"{pos}.exc").read_text("utf-8").splitlines()
    }
    candidates = set()
    for word, tier in code.items():
        match = INFORMAL.match(word)
        if tier == "small" and match and word not in lemmas and word not in inflected:
            stem = match.group(1)
            if (
                code.get(stem) == "small"
                or code.get(stem[:-1]) == "small"
                or code.get(stem + match.group(2)[0]) == "small"
            ):
                candidates.add(word)
    return candidates


# Zipf frequency (log10 of occurrences per billion words, wordfreq 3.1.1's
# "best" English list) from which a word valid in `large`, of four letters or
# more, joins `standard`.
# The measurement is in bench/README.md (the lexicon benchmark): below it the
# next words are mostly misspellings and informal forms (altho, alway, afterall).
STANDARD_MIN_ZIPF = 2.7
# One-letter words: the rulebook's A and I; every other letter is a letter.
ONE_LETTER_WORDS = {"a", "i"}
# A word with no vowel letter (has_vowel: a, e, i, o, u, or y after the first letter, the vowel of gym and fly) is a
# symbol or an abbreviation (kb, csch, mss), except the words vowelless.txt judges: the interjections and
# the few loanwords dictionaries list (hmm, psst, tsk, cwm, crwth, nth).
VOWELLESS_FILE = "vowelless.txt"
# The chat and texting abbreviations SCOWL's abbreviation lists lack (lol, omg, idk, fomo), judged by hand.
CHAT_FILE = "chat.txt"
# Children's words current dictionaries list (owie, blankie, jammies), judged in family.txt: in `small`.
FAMILY_FILE = "family.txt"
# The word-game list that breaks a tie between a name and a word no count tells apart (names_first).
ENABLE_FILE = "enable1.txt"
# The level of a spelling SCOWL does not list as a lowercase word: above every level.
NO_LEVEL = 100


def build_lexicon() -> list[str]:
    s_contractions = set(read_overrides("s_contractions.txt"))
    allow = read_overrides("allow.txt")
    deny = read_overrides("deny.txt")
    lemmas = wordnet_lemmas()
    extra = hyphenated_words(lemmas) | set(allow)

    code: dict[str, str] = {}
    for tier, max_level in TIER_MAX_LEVEL.items():
        valid, invalid = valid_words(max_level, tier == "large", s_contractions)
        for word in sorted((valid | extra) - set(deny)):
            code.setdefault(word, tier)
        for word, category in sorted(invalid.items()):
            code.setdefault(word, category)  # a valid spelling elsewhere wins

    # Known invalid words from every level, so a verdict can say why.
    clipped: dict[str, str] = {}
    abbreviated: dict[str, int] = {}  # each spelling's lowest level in the abbreviation lists
    for stem_suffix, category in (
        ("abbreviations", "abbreviation"),
        ("upper", "proper_name"),
        ("proper-names", "proper_name"),
    ):
        for stem in SPELLINGS + VARIANT_1 + VARIANT_2:
            for level in LEVELS:
                for entry in sorted(read_scowl_level(f"{stem}-{stem_suffix}", level)):
                    word = fold(entry)
                    category_here = "possessive" if classify_raw(entry, s_contractions) == "possessive" else category
                    code.setdefault(word, category_here)
                    if category == "abbreviation":
                        abbreviated[word] = min(abbreviated.get(word, level), level)
                    if category == "abbreviation" and entry == word:
                        clipped.setdefault(word, tier_of_level(level))
    for word in read_overrides(CHAT_FILE):
        code.setdefault(word, "abbreviation")  # a word or a name spelled alike keeps its verdict (til, yolo)
    for word in deny:
        if code.get(word) in TIER_MAX_LEVEL:
            del code[word]
    # A clipped word SCOWL files among the abbreviations (app, stat, bio) is an
    # ordinary word when SCOWL lists its plural as a word (apps): a singular
    # and its plural get one verdict. Three letters at least, with a vowel.
    # And the other way round: the plural of a valid word is no abbreviation (abs: ab).
    for word, category in list(code.items()):
        for plural in simple_plurals(word):
            if (
                category == "abbreviation"
                and word in clipped
                and word not in deny
                and len(word) >= 3
                and has_vowel(word)
                and code.get(plural) in TIER_MAX_LEVEL
            ):
                code[word] = category = code[plural]  # the plural's tier: cits is rare, so is cit
            elif category in TIER_MAX_LEVEL and len(word) >= 2 and code.get(plural) == "abbreviation":  # not v: vs
                code[plural] = category
    for word in names_among_abbreviations(code, abbreviated, scowl_levels(s_contractions)[1]):
        code[word] = "proper_name"  # JIM, LISA: SCOWL ranks the name commoner than the abbreviation (kinds)
    # A `large` word common in current English joins `standard`.
    for word, tier in code.items():
        if tier == "large" and len(word) >= 4 and is_common(word):
            code[word] = "standard"  # three letters and fewer: foreign and abbreviated uses swamp the counts (das, dui)
    # Today's words (modern.py): listed by a maintained spelling dictionary, seen, built from known parts, and
    # through the gates that keep names, foreign words, misspellings and offensive words out.
    # Read once: today's words add no form of an offensive word (one built on it is refused), so the list the
    # gate reads is the one refused at the end.
    offensive = offensive_words(code)
    for word in modern_words(code, lemmas, case_counts(), set(offensive), english_words):
        code[word] = "standard"
    agree_on_plurals(code, lemmas)
    vowelless = set(read_overrides(VOWELLESS_FILE))
    for word, tier in list(code.items()):
        if tier not in TIER_MAX_LEVEL:
            continue
        if len(word) == 1 and word not in ONE_LETTER_WORDS:
            code[word] = "letter"
        elif len(word) == 2 and word[1] == "s" and word[0] not in "aeiou":
            code[word] = "letter"  # bs, ks, ms: letter plurals
        elif not has_vowel(word) and word not in vowelless:
            code[word] = "abbreviation"  # csch, mss, kbs: no vowel, and no word vowelless.txt keeps
    # Names first (docs/lexicon.md, Names): a spelling used more as a name is one in every size, however a word list
    # spells a rarer lowercase sense; a name SCOWL lowercased is no word (names.py: pearce; None: in no list). After
    # the plural agreement and the letters: JEAN is a name, JEANS still a word.
    code = {word: kind for word, kind in (code | names_first(code, s_contractions)).items() if kind}
    # Children's words current dictionaries list are everyday words at a family table (owie, jammies), and
    # the baby talk they do not list stays out (din-din): family.txt. After the names: TEDDY is the bear.
    family, not_family = read_judgements(FAMILY_FILE, keep="out")
    for word in family:
        code[word] = "small"
    for word in not_family:
        if code.get(word) in TIER_MAX_LEVEL:
            del code[word]
    for word in read_judgements("slang.txt")[0]:
        code[word] = "slang"
    for word, category in offensive.items():
        code[word] = category
    for word in unlisted_profanity(code):
        code[word] = "offensive"  # uninflected: a form of a word no list knows is another's (PUSSES, of PUSS)
    # Last: the spellings of one word (variants.py: colour, color) and of one compound (e-book, ebook) get one
    # verdict, each agreement run again while the other changes a code.
    listed, listings = dictionary_entries()[0], spelling_listings(lemmas)
    groups, joinable = (
        spelling_groups(listed),
        (set(scowl_spellings()) | listed) - set(deny) - set(not_family) - filtered(),
    )
    before = None
    while code != before:
        before = dict(code)
        agree_on_variants(code, groups, joinable)
        agree_on_spellings(code, listings)
    code.update(abbreviations_possessives(code, case_counts()) | sounds(code))  # ceo's; mia's a name's; hmph (kinds)
    return [f"{w}\t{c}\n" for w, c in sorted(code.items()) if LEXICON_WORD.match(w)]


def noun_plurals(lemmas: dict[str, set[str]]) -> Iterator[tuple[str, str]]:
    """Each lowercase WordNet noun of three letters or more with its plural: WordNet's irregular ones, else the regular one."""
    plurals = irregular_plurals()
    for lemma, parts in sorted(lemmas.items()):
        if "noun" in parts and lemma == lemma.lower() and len(lemma) >= 3 and LEXICON_WORD.match(lemma):
            for plural in plurals.get(lemma) or [regular_plural(lemma)]:
                yield lemma, plural


def agree_on_plurals(code: dict[str, str], lemmas: dict[str, set[str]]) -> None:
    """A singular and its plural get one verdict: a valid noun's plural is no name or abbreviation (catholics, sera), and back.

    The tier may differ (loneliness is everyday, lonelinesses rare); the kind of verdict may not.
    """
    for singular, plural in noun_plurals(lemmas):
        one, other = code.get(singular), code.get(plural)
        if one in TIER_MAX_LEVEL and other in ("proper_name", "abbreviation"):
            code[plural] = one
        elif other in TIER_MAX_LEVEL and one in ("proper_name", "abbreviation"):
            code[singular] = other


def offensive_words(code: dict[str, str]) -> dict[str, str]:
    """The offensive words the lexicon holds and the judgements' bases (kinds.offensive_words), inflected here."""
    plurals = irregular_plurals()
    return kinds_offensive_words(code, lambda base, noun, verb: inflections(base, plurals, noun, verb))


def english_words() -> Iterator[str]:
    """wordfreq's English words, commonest first (its `best` list)."""
    from wordfreq import iter_wordlist  # build time only: pip install '.[build]'

    return iter_wordlist("en", "best")


def is_common(word: str) -> bool:
    """Whether a word is common in current English: wordfreq's Zipf frequency at least STANDARD_MIN_ZIPF."""
    from wordfreq import zipf_frequency  # build time only: pip install '.[build]'

    return zipf_frequency(word, "en", wordlist="best") >= STANDARD_MIN_ZIPF


def enable_words() -> frozenset[str]:
    """The ENABLE word list (enable1, 172,820 words, public domain; wordlists/SOURCES.md), vendored as enable1.txt.

    Read for one tie only (names_first): a name-spelled word SCOWL ranks level
    with its name and no count tells apart. It never adds a word.
    """
    return frozenset((HERE / ENABLE_FILE).read_text("ascii").split())


def scowl_levels(s_contractions: set[str]) -> tuple[dict[str, int], dict[str, int]]:
    """The lowest SCOWL level of each spelling as a lowercase word, and as a capitalised name (upper, proper-names).

    Every list of the `large` recipe (variant_2 included) and every level up to
    95: SCOWL's levels rank spellings by how common they are, so the two levels
    of one spelling say which of its uses is the commoner (china: word at 35,
    name at 50; henry: word at 70, name at 50).
    """
    word_level: dict[str, int] = {}
    name_level: dict[str, int] = {}
    for stem in SPELLINGS + VARIANT_1 + VARIANT_2:
        for level in LEVELS:
            for entry in read_scowl_level(f"{stem}-words", level):
                if classify_raw(entry, s_contractions) is None:
                    word = fold(entry)
                    word_level[word] = min(word_level.get(word, level), level)
            for suffix in ("upper", "proper-names"):
                for entry in read_scowl_level(f"{stem}-{suffix}", level):
                    if classify_raw(entry, s_contractions) == "proper_name":
                        word = fold(entry)
                        name_level[word] = min(name_level.get(word, level), level)
    return word_level, name_level


@cache
def case_counts() -> dict[str, float]:
    """Case-aware word frequencies: log probabilities of each spelling *as written* (`Paris` and `paris` apart).

    From spaCy's lookups package (spacy-lookups-data, the `build` extra; its
    English `lexeme_prob` table, Good-Turing smoothed counts from Reddit
    comments: wordlists/SOURCES.md). Build time only.
    """
    import json
    from importlib import resources

    table = resources.files("spacy_lookups_data") / "data" / "en_lexeme_prob.json.gz"
    with table.open("rb") as raw, gzip.open(raw, "rt", encoding="utf-8") as text:
        return json.load(text)


def wordnet_tags_by_case() -> dict[str, tuple[int, int]]:
    """Each WordNet lemma's tagged uses (cntlist.rev) in running text: (as a lowercase word, as a capitalised name).

    A sense counts as capitalised where its synset writes the lemma so
    (`Paris`, the city; `paris`, the herb, is lowercase).
    """
    synsets = wordnet_synsets()
    tag_counts: dict[tuple[str, str, int], int] = {}
    for line in (WORDNET / "cntlist.rev").read_text("utf-8").splitlines():
        sense_key, sense_number, count = line.split()
        lemma, _, lex_sense = sense_key.partition("%")
        tag_counts[lemma, "nvara"[int(lex_sense[0]) - 1], int(sense_number)] = int(count)
    tags: dict[str, list[int]] = {}
    for pos, name in WORDNET_POS.items():
        for line in (WORDNET / f"index.{name}").read_text("utf-8").splitlines():
            if line.startswith(" ") or "_" in line.split(" ", 1)[0]:
                continue
            fields = line.split()
            lemma = fields[0]
            for number, offset in enumerate(fields[-int(fields[2]) :], 1):
                words = synsets[name, offset][0]
                count = tag_counts.get((lemma, pos, number), 0)
                side = 0 if lemma in words else 1 if any(w.lower() == lemma for w in words) else None
                if side is not None:
                    tags.setdefault(fold(lemma), [0, 0])[side] += count
    return {lemma: (low, cap) for lemma, (low, cap) in tags.items()}


def is_name_first(word: str, word_level: int, name_level: int, case_ratio: float | None, tags, enable, ranks) -> bool:
    """Whether a spelling that is both a lowercase word and a capitalised name is used more as the name.

    In order, the first measure that can tell decides:
    1. SCOWL ranks the lowercase word commoner than the name (china, turkey, may): a word.
    2. Running text, case kept: the name when the capitalised spelling is the commoner (paris, henry), beyond
       chance for an ordinary word so rare (names.py: not gibbon); a word must beat first capitals (doctor).
    3. WordNet's tagged uses: lowercase senses against capitalised ones.
    4. SCOWL ranks the name commoner, at a pair of levels where running text agrees beyond chance (`ranks`,
       names.py: tod, not popper), or lists no lowercase word: a name.
    5. Nothing above tells: ENABLE, the word-game list, breaks the tie (a word if it lists the spelling).
    """
    if word_level < name_level:
        return False
    if case_ratio is not None:
        return case_ratio < 0
    low, cap = tags.get(word, (0, 0))
    if low != cap:
        return cap > low
    if word_level > name_level and (word_level == NO_LEVEL or (word_level, name_level) in ranks):
        return True
    return word not in enable


def names_first(code: dict[str, str], s_contractions: set[str]) -> dict[str, str | None]:
    """The valid spellings used more as names (is_name_first): `name_first`; and the names SCOWL lowercased (names.py).

    Candidates: every valid spelling SCOWL lists capitalised as a name, but for one letter and contractions (`I'm`).
    """
    word_levels, name_levels = scowl_levels(s_contractions)
    counts = case_counts()
    noise = case_noise(counts, word_levels, name_levels)
    tags, enable = wordnet_tags_by_case(), enable_words()
    ranks = ranks_that_tell(counts, word_levels, name_levels, noise)  # the levels at which SCOWL's ranking tells
    named = (
        name_levels.keys() | dictionary_entries()[1]
    )  # a capitalised listing: SCOWL's names, the British dictionary's
    found = lowercased_names(code, word_levels, counts, noise, enable, named)
    for word in sorted(name_levels):
        if code.get(word) not in TIER_MAX_LEVEL or len(word) == 1 or "'" in word:
            continue
        ratio = case_margin(word, counts, noise)  # None within chance (names.py: gibbon)
        if is_name_first(word, word_levels.get(word, NO_LEVEL), name_levels[word], ratio, tags, enable, ranks):
            found[word] = "name_first"
    return found


def tier_of_level(level: int) -> str:
    """The smallest size whose SCOWL levels hold `level` (95 counts as large)."""
    return next((tier for tier, top in TIER_MAX_LEVEL.items() if level <= top), "large")


def build_familiarity(lexicon: list[str]) -> list[str]:
    """familiarity.tsv: `word<TAB>Zipf frequency` for every valid word wordfreq has seen, sorted by word.

    The Zipf frequency is log10 of the word's occurrences per billion words of
    current English (wordfreq 3.1.1's "best" English list, two decimals, as
    wordfreq rounds it): 7.73 for `the`, 3 for once per million words. A valid
    word it has never seen is left out and counts 0. The solver ranks words of
    equal score by it, so the service reads it from here with no wordfreq at run time.
    """
    from wordfreq import zipf_frequency  # build time only: pip install '.[build]'

    lines = []
    for line in lexicon:
        word, code = line.rstrip("\n").split("\t")
        if code in TIER_MAX_LEVEL and (zipf := zipf_frequency(word, "en", wordlist="best")) > 0:
            lines.append(f"{word}\t{zipf:.2f}\n")
    return lines


def build() -> dict[str, str]:
    definitions, morphology = build_definitions()
    lexicon = build_lexicon()
    familiarity = build_familiarity(lexicon)
    return {
        "lexicon.tsv": "".join(lexicon),
        "familiarity.tsv": "".join(familiarity),
        "definitions.tsv": "".join(definitions),
        "morphology.tsv": "".join(morphology),
        "compound_parts.txt": compound_parts_file(lexicon, familiarity),
        "edges.txt": edges_file(lexicon),
        # The licences ask for their notices to travel with the data: copied verbatim.
        "LICENSE.scowl.txt": Path("/usr/share/doc/scowl/copyright").read_text("utf-8"),
        "LICENSE.wordnet.txt": Path("/usr/share/doc/wordnet-base/copyright").read_text("utf-8"),
        "LICENSE.hunspell-en-gb.txt": gzip.decompress(DICTIONARY_README.read_bytes()).decode("utf-8"),
        "LICENSE.freedict-eng-deu.txt": ding_notice(),
    }


DEBIAN_PACKAGES = "scowl wordnet-base hunspell-en-gb hunspell-tools dict-freedict-eng-deu"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare a rebuild with the committed files")
    args = parser.parse_args(argv)
    if not SCOWL.is_dir() or not WORDNET.is_dir() or not dictionary_installed() or not ding_installed():
        print("needs Debian's packages: apt-get install " + DEBIAN_PACKAGES, file=sys.stderr)
        return 2
    outputs = build()
    if args.check:
        stale = [name for name, text in outputs.items() if (HERE / name).read_text("utf-8") != text]
        for name in stale:
            print(f"wordlists/{name} differs from a rebuild: run python wordlists/build.py", file=sys.stderr)
        return 1 if stale else 0
    for name, text in outputs.items():
        (HERE / name).write_text(text, "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
