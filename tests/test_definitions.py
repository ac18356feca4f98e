"""Definitions: the common sense first, the base form's senses for an inflection, none rather than a wrong one."""

import random
import sys
from pathlib import Path

import pytest

from solver.lexicon import load_lexicons

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def lexicons():
    return load_lexicons()


# The first sense of each word is its base form's most tagged sense. Glosses
# are WordNet's own words, quoted as samples of each kind of error a naive look-up
# makes; the properties below check the rule on every word.
@pytest.mark.parametrize(
    "word, first_sense",
    [
        ("is", "have the quality of being"),  # not beryllium: that sense is the capitalised lemma `Be`
        ("was", "have the quality of being"),
        ("were", "have the quality of being"),
        ("are", "have the quality of being"),
        ("be", "have the quality of being"),
        ("has", "have or possess"),  # not "a person who possesses great material wealth" (the noun, never tagged)
        ("had", "have or possess"),
        ("does", "engage in"),  # the verb do, not the plural of doe
        ("did", "engage in"),
        ("went", "change location"),
        ("bags", "a flexible container with a single opening"),
        ("geese", "web-footed long-necked"),
    ],
)
def test_first_sense_is_the_base_forms_commonest(lexicons, word, first_sense):
    assert lexicons.define(word)[0].startswith(first_sense)
    assert lexicons.define(word.upper()) == lexicons.define(word)  # shouted at the table, same senses


# WordNet has no sense of these words; what it has belongs to another lemma
# (HIS is not the plural of the greeting HI: noun.exc lists `his his`; ITS
# would be the plural of IT, information technology, a capitalised lemma).
@pytest.mark.parametrize("word", ["his", "its", "him", "hers", "ours", "us"])  # US: not the plural of the letter U
def test_no_definition_rather_than_a_wrong_one(lexicons, word):
    assert lexicons.define(word) == []


def test_an_inflection_gets_only_its_part_of_speech(lexicons):
    # BAGGED is a verb form: the noun's senses (a container) are not its senses.
    assert lexicons.define("bagged") and not any("container" in sense for sense in lexicons.define("bagged"))
    assert any("container" in sense for sense in lexicons.define("bag"))


def test_check_carries_the_same_definition(lexicons):
    from solver.lexicon import check

    assert check(" IS ", lexicons["standard"]).definition == lexicons.define("be")


@pytest.fixture(scope="module")
def wordnet():
    """WordNet read by the build's own functions, when Debian's wordnet-base is installed (CI has it)."""
    if not Path("/usr/share/wordnet/cntlist.rev").exists():
        pytest.skip("needs apt-get install wordnet-base")
    sys.path.insert(0, str(ROOT / "wordlists"))
    import wordnet_data

    return wordnet_data, wordnet_data.wordnet_senses(), wordnet_data.wordnet_exceptions()


def test_every_sense_is_a_lowercase_lemmas_in_frequency_order(lexicons, wordnet):
    """For a sample of words: each sense is a sense of the word or a base form, written lowercase, tag counts non-increasing."""
    build, senses, exceptions = wordnet
    from wordnet_data import DISPARAGING  # beside build, on the path the fixture set

    rng = random.Random(9)
    words = rng.sample(sorted(lexicons._definitions[0]), 1500) + rng.sample(sorted(lexicons.trie.keys()), 3000)
    for word in words + ["is", "was", "has", "does", "saw", "left", "glasses", "bags", "bagged", "his", "us"]:
        reachable = {}  # gloss -> its highest tag count among the word's bases
        for pos in build.WORDNET_POS:
            for base in build.base_forms(word, pos, exceptions):
                for count, _, gloss in senses.get((base, pos), ()):
                    reachable[gloss] = max(count, reachable.get(gloss, -1))
        shown = lexicons.define(word)
        assert bool(shown) == bool(reachable), word  # a definition exactly when WordNet has a sense to give
        if not shown:
            continue
        assert all(sense in reachable for sense in shown), word
        # A slur's or an obscenity's sense comes after every other (HALF-BREED), whatever its tag count.
        plain = [sense for sense in shown if not DISPARAGING.search(sense)]
        assert shown[: len(plain)] == plain, word
        counts = [reachable[sense] for sense in plain]
        assert counts == sorted(counts, reverse=True), word
        others = [count for gloss, count in reachable.items() if not DISPARAGING.search(gloss)]
        assert not counts or counts[0] == max(others), word  # nothing more frequent left out


def test_a_slurs_or_an_obscenitys_sense_comes_after_every_other(lexicons):
    """TACO is defined as the food, CHINK as the narrow opening: a sense WordNet glosses as a slur or an obscenity
    ("(ethnic slur) offensive term for ...", "obscene terms for ...") is read after every other sense of the word,
    in every word the definitions table holds."""
    sys.path.insert(0, str(ROOT / "wordlists"))
    from wordnet_data import DISPARAGING

    checked = 0
    for line in (ROOT / "wordlists" / "definitions.tsv").read_text("utf-8").splitlines():
        word = line.split("\t", 1)[0]
        senses = lexicons.define(word, normalized=True)
        marks = [bool(DISPARAGING.search(sense)) for sense in senses]
        assert marks == sorted(marks), (word, senses)
        checked += any(marks) and not all(marks)
    assert checked >= 30  # words with both kinds of sense: the rule is exercised
    assert lexicons.define("taco")[0] == "a tortilla rolled cupped around a filling"
    assert "(ethnic slur)" not in " ".join(lexicons.define("chink"))  # three other senses fill its three
