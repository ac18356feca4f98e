"""Offensive words' forms and spellings (docs/lexicon.md, Offensive words: *Forms and spellings*): a slur's other
spellings are refused with it, its forms only in its offensive part of speech and never a form another word yields,
and the judge reads a dropped final e back only before an ending that drops one."""

import sys
from pathlib import Path

import pytest
from offline_helpers import NODE, expected, run_node, write_cases

from solver.lexicon import DERIVING_ENDINGS, E_DROPPING_ENDINGS, SIZES, check, ending_readings, load_lexicons
from solver.offline import offline_words

ROOT = Path(__file__).resolve().parent.parent
LEXICONS = load_lexicons()
NEEDS_WORDNET = pytest.mark.skipif(
    not Path("/usr/share/wordnet/data.noun").exists(),
    reason="needs Debian's wordnet-base (apt-get install wordnet-base)",
)


@pytest.fixture(scope="module")
def kinds():
    sys.path.insert(0, str(ROOT / "wordlists"))
    import kinds

    return kinds


def lexicon_codes() -> dict[str, str]:
    with open(ROOT / "wordlists" / "lexicon.tsv", encoding="utf-8") as lines:
        return dict(line.rstrip("\n").split("\t") for line in lines)


@pytest.mark.parametrize(
    "word",
    [
        *("WELCH", "WELCHES", "WELCHED", "WELCHING"),  # welsh, welch: one WordNet synset
        *("GIP", "GIPS", "GIPPED", "GIPPING", "GIPPER", "GIPPERS", "GIPPY"),  # gyp, gip
        *("SHEENIE", "DIKEY", "DIKIER", "DIKIEST", "CHINKIE"),  # -ie, -y; i, y
    ],
)
def test_a_slurs_other_spelling_is_offensive_in_every_size(word):
    for size in SIZES:
        verdict = check(word, LEXICONS[size], define=False)
        assert verdict.reason == "offensive", verdict


@pytest.mark.parametrize(
    "word",
    [
        *("DYKED", "DYKING", "DIKE", "DIKED", "DIKES"),  # the verb and noun dike, dyke: to embank
        *("FAGGED", "FAGGING", "FAGGOTED", "FAGOTED"),  # fag, to toil; faggot, to bind
        *("SKANKED", "SKANKING", "CRAPED", "CRAPING"),  # to dance the skank; crape's
        "WHITY",  # whitish
    ],
)
def test_a_form_or_spelling_another_word_has_stays_valid(word):
    assert check(word, LEXICONS["large"], define=False).valid


@pytest.mark.parametrize(
    "word", ["DYKES", "FAGS", "FAGGOTS", "SKANKS", "CRAPPED", "FUCKED", "SHITTING", "WELSHED", "WANKED"]
)
def test_the_forms_of_the_offensive_sense_stay_offensive(word):
    assert check(word, LEXICONS["large"], define=False).reason == "offensive"


@NEEDS_WORDNET
def test_no_valid_word_is_spelled_like_an_offensive_one_unless_it_is_a_word_of_its_own(kinds):
    """Every pair of spellings the alternations pair (i and y; -y, -ie, -ey): one offensive and the other valid
    only when the valid one is an ordinary word of its own (a WordNet lemma with a sense WordNet does not mark, a
    form of one, or a `keep:` judgement). The offensive words are the judged ones and their forms."""
    code = lexicon_codes()
    offensive = {word for word, kind in code.items() if kind == "offensive"}
    kept = kinds.read_judgements("offensive.txt")[1]
    wrong, pairs = [], 0
    # a content filter's word no list knows is no word to spell (MOKY, refused; MOKI, another word)
    for word in sorted(offensive - kinds.filtered_only(code)):
        for other in kinds.alternate_spellings(word):
            if code.get(other) in SIZES:
                pairs += 1
                marked = kinds.wordnet_offensive_senses_of(other)
                if not (
                    other in kept or kinds.own_innocent_sense(other, marked) or kinds.innocent_form(other, offensive)
                ):
                    wrong.append((other, word))
    assert pairs >= 5, pairs  # DIKE of DYKE, LIMY of LIMEY: ordinary words the rule keeps
    assert wrong == []


@NEEDS_WORDNET
def test_no_form_is_offensive_that_an_ordinary_lemma_yields(kinds):
    """A word refused as an inflection of a refused one (not judged itself) is no form of another lemma that is
    not refused: CRAPED is *crape*'s, DIKED *dike*'s."""
    code = lexicon_codes()
    judged = set(kinds.read_overrides("offensive.txt")) | set(kinds.wordnet_offensive())
    offensive = {word for word, kind in code.items() if kind == "offensive"}
    inflected = offensive - judged - kinds.filtered()
    assert {"crapped", "dykes", "wanked"} <= inflected
    assert sorted(word for word in inflected if kinds.innocent_form(word, offensive)) == []


@pytest.mark.parametrize("word", ["SPIKS", "CRAPNESS", "CRAPLY", "DYKEDOM"])
def test_no_final_e_is_read_back_before_an_ending_that_keeps_it(word):
    """SPIKS is spik+s, not spike+s: the e of SPIKE stays before -s, -ness, -ly, -dom (SPIKES, LATENESS)."""
    assert LEXICONS.code(word.lower()) is None
    assert check(word, LEXICONS["standard"], define=False).reason == "offensive"


def test_a_final_e_is_read_back_exactly_before_an_ending_that_starts_with_a_vowel():
    """Every seventh small word ending in e, its e dropped, with every ending: read as the e-word before a vowel's
    ending (y counts: STONY, stone+y; unless a shorter ending reads first), never before a consonant's."""
    assert set(E_DROPPING_ENDINGS) == {ending for ending in DERIVING_ENDINGS if ending[0] in "aeiouy"}
    code = LEXICONS.code
    words = [w for w in LEXICONS["small"] if w.isalpha() and w.endswith("e") and len(w) >= 5][::7]
    read, wrong = 0, []
    for word in words:
        for ending in DERIVING_ENDINGS:
            spelling = word[:-1] + ending
            if code(spelling) is not None or code(word[:-1]) is not None:
                continue
            as_e_word = word in [base for base, _ in ending_readings(spelling, code)]
            read += as_e_word
            if as_e_word and ending not in E_DROPPING_ENDINGS:
                wrong.append(spelling)
    assert read > 500 and wrong == []


@pytest.mark.skipif(not Path(NODE).exists(), reason=f"no Node at {NODE}")
def test_the_javascript_judge_reads_a_final_e_back_as_python_does(tmp_path):
    """Offensive words and words ending in e, their e dropped, with every ending: the offline judge gives Python's
    verdicts (words.js endingReadings reads `e_endings` from the data)."""
    stems = [w for w in LEXICONS.trie.keys() if LEXICONS.code(w) == "offensive" and w.isalpha()]
    stems += [w[:-1] for w in LEXICONS["small"] if w.isalpha() and w.endswith("e")][::40]
    inputs = sorted({stem + ending for stem in stems for ending in DERIVING_ENDINGS} | {"spiks", "crapness"})
    data = tmp_path / "words.gz"
    data.write_bytes(offline_words(LEXICONS))
    cases = tmp_path / "cases.jsonl"
    write_cases(cases, inputs, expected(inputs))
    summary = run_node(data, cases)
    assert summary["checked"] == len(inputs) * len(SIZES)
    assert summary["mismatches"] == []
