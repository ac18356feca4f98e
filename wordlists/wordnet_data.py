"""WordNet 3.0 (Debian's `wordnet-base`) as the word-list build reads it: its lemmas, its synsets, the slurs and
obscenities its usage domains mark, and the short senses `definitions.tsv` gives a word (wordlists/SOURCES.md).

Build time only, beside build.py (which imports it from its own folder).
"""

from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from solver.morphology import DETACHMENT, through_rules  # noqa: E402  (the run-time look-up the build must agree with)
from solver.normalize import fold  # noqa: E402  (the one normalization, shared)

WORDNET = Path("/usr/share/wordnet")
# A plain lowercase word, as WordNet's lemmas and the word lists spell them (inner apostrophes and hyphens).
WELLFORMED = re.compile(r"^[a-z]([a-z'-]*[a-z])?$")


def wordnet_lemmas() -> dict[str, set[str]]:
    """Each lemma of WordNet, spelled as its synsets write it (so case tells proper nouns), with its parts of speech.

    The index files lowercase everything; the data files keep `Arcado-Cyprian`
    capitalised, which is how a proper noun is told from `x-ray`. The part of
    speech is the lemma's in any case: the noun is written `X-ray`, the verb `x-ray`.
    """
    pos_of: dict[str, set[str]] = {}
    for pos in ("noun", "verb", "adj", "adv"):
        for line in (WORDNET / f"data.{pos}").read_text("utf-8").splitlines():
            if line.startswith(" "):
                continue  # licence header
            fields = line.split(" ", 4 + 2 * int(line.split(" ", 4)[3], 16))
            count = int(fields[3], 16)
            for i in range(count):
                lemma = re.sub(r"\(.*\)$", "", fields[4 + 2 * i])  # adjective markers: (a), (p), (ip)
                pos_of.setdefault(lemma, set()).add(pos)
    by_lower: dict[str, set[str]] = {}
    for lemma, parts in pos_of.items():
        by_lower.setdefault(lemma.lower(), set()).update(parts)
    return {lemma: by_lower[lemma.lower()] for lemma in pos_of}


# WordNet 3.0's usage domains for offensive words: a synset (or one lemma of
# it) marked with a `;u` pointer to one of these is a slur or an obscenity.
OFFENSIVE_DOMAINS = {"ethnic_slur", "disparagement", "obscenity", "vulgarism"}


POS_LETTERS = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}


@cache
def wordnet_synsets() -> dict[tuple[str, str], tuple[list[str], list[tuple[str, str, str, str]], str]]:
    """Every synset by (part of speech, offset): its lemmas as written (case kept; (a), (p), (ip) cut), its pointers
    (symbol, offset, pos, source/target) and its short gloss. Read once: the word list and the definitions both use it.
    """
    synsets = {}
    for pos in ("noun", "verb", "adj", "adv"):
        for line in (WORDNET / f"data.{pos}").read_text("utf-8").splitlines():
            if line.startswith(" "):
                continue  # licence header
            head, _, gloss = line.partition(" | ")
            fields = head.split()
            count = int(fields[3], 16)
            words = [re.sub(r"\(.*\)$", "", fields[4 + 2 * i]) for i in range(count)]
            at = 4 + 2 * count
            pointers = [tuple(fields[at + 1 + 4 * k : at + 5 + 4 * k]) for k in range(int(fields[at]))]
            synsets[(pos, fields[0])] = (words, pointers, short_gloss(gloss.strip()))
    return synsets


@cache
def wordnet_offensive_senses() -> dict[str, dict[tuple[str, str], str]]:
    """WordNet's slurs and obscenities: each single-word lemma marked with one of OFFENSIVE_DOMAINS, with the synsets
    (part of speech, offset) it is marked in and each one's domain.

    A pointer names one lemma of a synset or all of them; only the marked
    lemma counts (`shag` is marked in its sexual sense, the carpet is not). Lowercased: a slur WordNet
    writes capitalised (Chinaman) is refused as offensive, not as a name.
    Whether a marked lemma's *main* sense is the offensive one is a judgement
    WordNet's sense order cannot make (its senses are mostly untagged): it is
    written in wordlists/offensive.txt, where `keep` lines spare SPADE or BUCK.
    """
    synsets = wordnet_synsets()
    lowercase = {word for words, _, _ in synsets.values() for word in words if word == word.lower()}
    marked: dict[str, dict[tuple[str, str], str]] = {}
    for key, (domain_words, pointers, _) in synsets.items():
        if key[0] != "noun" or not OFFENSIVE_DOMAINS & set(domain_words):
            continue
        for symbol, offset, pos_letter, source_target in pointers:
            if symbol != "-u":
                continue
            target = (POS_LETTERS[pos_letter], offset)
            words = synsets[target][0]
            index = int(source_target[2:], 16)
            for word in words if index == 0 else [words[index - 1]]:
                # A capitalised one is a slur too (Chinaman, Injun), unless WordNet also writes the spelling
                # in lowercase: then the lowercase word is another one (Paddy, the paddy field; Guinea, the coin).
                if "_" not in word and (word == word.lower() or word.lower() not in lowercase):
                    marked.setdefault(fold(word), {}).setdefault(target, domain_words[0])
    return dict(sorted(marked.items()))


def wordnet_offensive() -> dict[str, str]:
    """WordNet's slurs and obscenities (wordnet_offensive_senses), each with the domain of its first marked sense."""
    return {word: next(iter(senses.values())) for word, senses in wordnet_offensive_senses().items()}


def offensive_senses(word: str, reason: str | None) -> set[tuple[str, str]]:
    """The synsets that are a refused word's offensive senses, as keys of wordnet_synsets().

    WordNet's marked ones, and a verb sense of the word derived from one of them (`fuck`, `shit`, `crap` the verbs
    of the marked nouns; `dyke` the verb is *dike*'s, to embank, and stays out). A word offensive.txt refuses
    (its `reason`) that WordNet does not mark: its lowercase senses, all of them, or its nouns only when the
    judgement says `noun only` (SKANK: to skank is to dance).
    """
    synsets = wordnet_synsets()
    marked = wordnet_offensive_senses().get(word)
    own = [key for key, (words, _, _) in synsets.items() if word in words]
    if not marked:
        noun_only = reason is not None and "noun only" in reason
        return {key for key in own if key[0] == "noun" or not noun_only}
    senses = set(marked)
    for key in own:
        words, pointers, _ = synsets[key]
        if key[0] != "verb":
            continue
        for symbol, offset, pos_letter, source_target in pointers:
            source, target = int(source_target[:2], 16), (POS_LETTERS[pos_letter], offset)
            if symbol == "+" and source and words[source - 1] == word and target in marked:
                senses.add(key)
    return senses


def short_gloss(gloss: str) -> str:
    """The definition part of a WordNet gloss: usage examples (in quotes) cut."""
    parts = [p.strip() for p in gloss.split(";")]
    kept = [p for p in parts if p and not p.startswith('"')]
    return "; ".join(kept) if kept else parts[0]


# Definitions: WordNet's parts of speech by their one-letter code, in the order
# that breaks a tie between equally frequent senses.
WORDNET_POS = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}


MAX_SENSES = 3


MIN_BASE = 2  # letters a detachment rule must leave (see base_forms)


def wordnet_exceptions() -> dict[str, dict[str, list[str]]]:
    """WordNet's exception lists by part of speech: inflection -> its base forms (`is` -> `be`; `his` -> `his`)."""
    exceptions: dict[str, dict[str, list[str]]] = {}
    for pos, name in WORDNET_POS.items():
        table = exceptions[pos] = {}
        for line in (WORDNET / f"{name}.exc").read_text("utf-8").splitlines():
            inflected, *bases = line.split()
            if "_" not in inflected:
                table[inflected] = [base for base in bases if "_" not in base]
    return exceptions


def wordnet_senses() -> dict[tuple[str, str], list[tuple[int, int, str]]]:
    """Each lowercase lemma's senses in one part of speech: (tag count, sense number, short gloss), in WordNet's order.

    The index files list a lemma's synsets in sense-number order, lowercased;
    the data files keep each synset's words as written, so a sense counts only
    where its synset writes the lemma in lowercase (`Be`, beryllium, is not a
    sense of *be*; `IT` is not one of *it*). `cntlist.rev` holds each sense's
    tag count in the semantic concordances: how often it was seen in running text.
    """
    synsets = wordnet_synsets()
    tag_counts: dict[tuple[str, str, int], int] = {}
    for line in (WORDNET / "cntlist.rev").read_text("utf-8").splitlines():
        sense_key, sense_number, count = line.split()
        lemma, _, lex_sense = sense_key.partition("%")
        pos = "nvara"[int(lex_sense[0]) - 1]  # ss_type 5, a satellite adjective, is an adjective
        tag_counts[lemma, pos, int(sense_number)] = int(count)
    senses: dict[tuple[str, str], list[tuple[int, int, str]]] = {}
    for pos, name in WORDNET_POS.items():
        for line in (WORDNET / f"index.{name}").read_text("utf-8").splitlines():
            if line.startswith(" "):
                continue
            fields = line.split()
            lemma = fields[0]
            if "_" in lemma:
                continue
            offsets = fields[-int(fields[2]) :]
            for number, offset in enumerate(offsets, 1):
                words, _, gloss = synsets[name, offset]
                if lemma in words:  # written in lowercase in this synset
                    senses.setdefault((lemma, pos), []).append((tag_counts.get((lemma, pos, number), 0), number, gloss))
    return senses


def base_forms(word: str, pos: str, exceptions: dict[str, dict[str, list[str]]]) -> list[str]:
    """The word and its base forms in one part of speech, as WordNet's morphy finds them.

    A word on the exception list gets only the bases listed there (`his` -> `his`
    blocks the noun rule that would make it the plural of *hi*); any other word
    gets what the detachment rules give, when that leaves two letters or more:
    a one-letter lemma is a letter or a symbol, and US is not the plural of U.
    """
    if word in exceptions[pos]:
        return list(dict.fromkeys([word, *exceptions[pos][word]]))
    bases = [word[: len(word) - len(suffix)] + ending for suffix, ending in DETACHMENT[pos] if word.endswith(suffix)]
    return list(dict.fromkeys([word] + [base for base in bases if len(base) >= MIN_BASE]))


# A gloss that is a slur's or an obscenity's ("(ethnic slur) offensive term for ...", "obscene terms for ..."):
# read out at a table, it would name the insult first where the word is valid for its other senses (TACO, CHINK).
DISPARAGING = re.compile(
    r"^\(ethnic slur\)|^(\((slang|vulgar|offensive|obscene|disparaging|derogatory)[^)]*\)\s*)?(an? |the )?"
    r"((extremely|highly|very|grossly) )?(offensive|disparaging|derogatory|contemptuous|obscene|vulgar) "
    r"(term|name|word|slang|expression)s?\b",
    re.I,
)


def word_senses(word: str, senses: dict, exceptions: dict) -> list[str]:
    """Up to MAX_SENSES glosses of a word: the senses of it and its base forms, every part of speech, most frequent first,
    a slur's or an obscenity's sense (DISPARAGING) after every other.

    Ties (most senses were never tagged) go to the word's own lemma, then to
    the lower sense number, then to the part of speech in WORDNET_POS order.
    """
    found = []
    for rank, pos in enumerate(WORDNET_POS):
        for base in base_forms(word, pos, exceptions):
            for count, number, gloss in senses.get((base, pos), ()):
                found.append((bool(DISPARAGING.search(gloss)), -count, base != word, number, rank, gloss))
    glosses: list[str] = []
    for *_, gloss in sorted(found):
        if gloss not in glosses:
            glosses.append(gloss)
    return glosses[:MAX_SENSES]


def build_definitions() -> tuple[list[str], list[str]]:
    """definitions.tsv: `word<TAB>parts of speech<TAB>senses`; morphology.tsv: the exception lists.

    Every lowercase lemma is written with its parts of speech (`bag<TAB>nv`)
    and the senses of it and its base forms. Any other word is left to the
    run-time look-up, `solver.morphology.through_rules`: the first detachment rule
    that leads it to a lemma of the rule's part of speech gives that lemma's
    senses (`bags` -> *bag*). The build runs that look-up on every word the
    rules can reach, and on the exception lists, and writes out each word it
    would answer wrongly, with its own senses and no parts of speech: `bagged`
    (the verb only), `does` (*do* before *doe*), `is` (*be*); and `his`,
    `its`, `us` with none, so they show no definition rather than a wrong one.
    """
    senses = wordnet_senses()
    exceptions = wordnet_exceptions()
    lemmas: dict[str, str] = {}  # lemma -> its parts of speech, in WORDNET_POS order
    for lemma, pos in sorted(senses, key=lambda key: (key[0], list(WORDNET_POS).index(key[1]))):
        if WELLFORMED.match(lemma) and fold(lemma) == lemma:
            lemmas[lemma] = lemmas.get(lemma, "") + pos
    table = {lemma: " | ".join(word_senses(lemma, senses, exceptions)) for lemma in lemmas}
    reachable = {
        lemma[: len(lemma) - len(ending)] + suffix
        for lemma, parts in lemmas.items()
        for pos in parts
        for suffix, ending in DETACHMENT[pos]
        if lemma.endswith(ending)
    }
    reachable |= {word for exc in exceptions.values() for word in exc}
    written = {}
    for word in sorted(reachable - set(lemmas)):
        if WELLFORMED.match(word) and fold(word) == word:
            own = " | ".join(word_senses(word, senses, exceptions))
            if (through_rules(word, table, lemmas) or "") != own:
                written[word] = own
    lines = [f"{lemma}\t{parts}\t{table[lemma]}\n" for lemma, parts in lemmas.items()]
    lines += [f"{word}\t\t{own}\n" for word, own in written.items()]
    morphology = sorted(
        {
            f"{fold(inflected)}\t{WORDNET_POS[pos]}\t{fold(base)}\n"
            for pos, exc in exceptions.items()
            for inflected, bases in exc.items()
            for base in bases
        }
    )
    return sorted(lines), morphology
