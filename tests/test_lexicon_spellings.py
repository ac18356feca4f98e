"""The spellings of one word get one verdict (docs/lexicon.md, *Spellings of one word*; wordlists/variants.py):
colour and color, realise and realize, dialogue and dialog, haloes and halos are judged alike in every size."""

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.lexicon import SIZES, check, load_lexicons

ROOT = Path(__file__).resolve().parent.parent
LEXICONS = load_lexicons()
NEEDS_SOURCES = pytest.mark.skipif(
    not Path("/usr/share/dict/scowl").is_dir() or not Path("/usr/share/wordnet/data.noun").exists(),
    reason="needs Debian's scowl and wordnet-base (the build's sources)",
)
# The codes of another word spelled the same way (a name only, an abbreviation, a letter, a possessive) and the
# refusals a group keeps whole (offensive, slang): the documented exceptions to one verdict per group.
OTHER_WORDS = ("proper_name", "abbreviation", "letter", "possessive")
KEPT_WHOLE = ("offensive", "slang")


@pytest.fixture(scope="module")
def variants():
    sys.path.insert(0, str(ROOT / "wordlists"))
    import variants

    return variants


@pytest.fixture(scope="module")
def groups(variants):
    from modern import dictionary_entries, dictionary_installed

    if not dictionary_installed():
        pytest.skip("needs Debian's hunspell-en-gb and hunspell-tools")
    return variants.spelling_groups(dictionary_entries()[0])


def verdicts(word: str) -> list[tuple[bool, str | None, str | None]]:
    return [(v.valid, v.tier, v.reason) for v in (check(word, LEXICONS[size]) for size in SIZES)]


@NEEDS_SOURCES
def test_every_group_the_build_makes_has_one_verdict_and_one_tier(groups):
    """For every pair of spellings the build calls one word's: the same code (so the same verdict and tier in
    every size), but for another word's spelling (a name only, an abbreviation) and a group with an offensive or
    slang spelling, which is left whole."""
    assert len(groups) > 10000
    disagree = []
    for group in groups:
        codes = {word: LEXICONS.code(word) for word in group}
        if any(code in KEPT_WHOLE for code in codes.values()):
            continue
        judged = {code for code in codes.values() if code is not None and code not in OTHER_WORDS}
        if len(judged) > 1:
            disagree.append(codes)
    assert disagree == []


@NEEDS_SOURCES
@given(st.data())
@settings(max_examples=200, deadline=None)
def test_two_spellings_of_one_word_get_the_same_verdict_in_every_size(groups, data):
    group = data.draw(st.sampled_from(groups))
    one, other = data.draw(st.permutations(group))[:2]
    codes = (LEXICONS.code(one), LEXICONS.code(other))
    if any(code in KEPT_WHOLE for code in codes) or any(code in OTHER_WORDS for code in codes):
        return
    if None in codes:  # a spelling no source attests enough to list stays unknown, and its partner is no word
        assert all(code is None or code == "name_first" or code in SIZES for code in codes)
        return
    assert verdicts(one.upper()) == verdicts(other.upper())


@pytest.mark.parametrize(
    "word, partner",
    [
        ("BALKANISE", "BALKANIZE"),
        ("BALKANISATION", "BALKANIZATION"),
        ("BALKANISING", "BALKANIZING"),
        ("ARABISE", "ARABIZE"),
        ("BOLSHEVISE", "BOLSHEVIZE"),
        ("GALLICISED", "GALLICIZED"),
        ("GERMANISES", "GERMANIZES"),
        ("HELLENISING", "HELLENIZING"),
        ("SOVIETISE", "SOVIETIZE"),
        ("ANGLICIZATION", "ANGLICISATION"),
        ("ARABIZATION", "ARABISATION"),
        ("PALAEOLITHIC", "PALEOLITHIC"),
        ("CHIMERA", "CHIMAERA"),
        ("AEOLIAN", "EOLIAN"),
        ("CHAMAELEON", "CHAMELEON"),
        ("LOUVRE", "LOUVER"),
        ("CAYMAN", "CAIMAN"),
        ("LABOURITE", "LABORITE"),
        ("HARBORSIDE", "HARBOURSIDE"),
        ("ALTHEA", "ALTHAEA"),
        ("PRAETORIANS", "PRETORIANS"),
    ],
)
def test_a_spelling_shared_with_a_name_is_judged_as_its_word(word, partner):
    """The names ruling decides a word, not one of its spellings: when another spelling is a word, so is this."""
    assert check(partner, LEXICONS["large"]).valid
    assert verdicts(word) == verdicts(partner)


@pytest.mark.parametrize(
    "word, partner, tier",
    [
        ("DELEGITIMIZE", "DELEGITIMISE", "standard"),  # today's words read the British dictionary
        ("ELECTROLYZER", "ELECTROLYSER", "standard"),
        ("UNFAVORED", "UNFAVOURED", "standard"),
        ("MULTICENTER", "MULTICENTRE", "standard"),
        ("RACIALISED", "RACIALIZED", "standard"),
        ("COLOURECTAL", "COLORECTAL", "standard"),  # wordfreq counts one spelling
        ("DIALOGS", "DIALOGUES", "small"),  # SCOWL's variant_2 lists
        ("MONOLOG", "MONOLOGUE", "small"),
        ("SYNAGOGS", "SYNAGOGUES", "small"),
        ("HALOES", "HALOS", "small"),
        ("LASSOES", "LASSOS", "small"),
        ("CRANIA", "CRANIUMS", "small"),
        ("BUFFALOS", "BUFFALOES", "small"),
        ("HYAENA", "HYENA", "small"),
        ("PORTMANTEAUX", "PORTMANTEAUS", "small"),
    ],
)
def test_a_spelling_takes_the_best_tier_of_its_word(word, partner, tier):
    assert verdicts(word) == verdicts(partner)
    assert check(word, LEXICONS[tier]).valid and check(word, LEXICONS[tier]).tier == tier


@NEEDS_SOURCES
@pytest.mark.parametrize(
    "one, other",
    [
        ("tour", "tor"),
        ("steps", "stoeps"),
        ("premium", "proemium"),
        ("chyle", "chile"),
        ("argyll", "argil"),
        ("where're", "where'er"),  # where are, wherever: an apostrophe is no consonant
        ("spiled", "spilled"),  # spilled is a variant of spilt, not of spiled
        ("impatienses", "impatiences"),
        ("sempre", "semper"),  # foreign words SCOWL files under re/er
        ("notre", "noter"),
        ("serre", "serer"),
        ("ultimas", "ultimata"),  # ultima's plural, ultimatum's
        ("ultimas", "ultimatums"),
        ("vertebras", "vertebrata"),
        ("minae", "minas"),
        ("minae", "mynas"),
        ("cocoa", "cocoons"),  # no plural of cocoon: SCOWL's main list holds it
        ("waifs", "waives"),
        ("antlia", "antlions"),
        ("latens", "latina"),
        ("solatia", "solations"),
    ],
)
def test_two_words_that_only_look_like_spellings_of_one_are_not_grouped(groups, one, other):
    """An alternation pairs two spellings only on evidence about the pair: complementary regional listings, a
    variant at its main spelling's level, the British dictionary against SCOWL, or WordNet's synonymy (steps and
    stoeps are two words, though oe/e turns one into the other)."""
    assert not any(one in group and other in group for group in groups)


@NEEDS_SOURCES
@given(st.data())
@settings(max_examples=300, deadline=None)
def test_every_two_spellings_of_a_group_pair_on_their_own_evidence(variants, groups, data):
    """A group is never joined through a spelling of two words: any two of its spellings pair directly."""
    from modern import dictionary_entries

    group = data.draw(st.sampled_from(groups))
    one, other = data.draw(st.permutations(group))[:2]
    pairs = [(a, b, variants.alternatives(a).get(b)) for a, b in ((one, other), (other, one))]
    if any(steps and variants.is_pair(a, b, *steps, dictionary_entries()[0]) for a, b, steps in pairs):
        return
    # Else a square's side or diagonal: four attested spellings of the group, each side a pair of its own.
    paired = variants.word_pairs(dictionary_entries()[0])
    assert any(
        {frozenset((one, near)), frozenset((near, far)), frozenset((far, other))} <= paired.keys()
        or {frozenset((one, near)), frozenset((near, other)), frozenset((one, far)), frozenset((far, other))}
        <= paired.keys()
        for near in group
        for far in group
        if len({one, other, near, far}) == 4
    ), (one, other)


# Spellings of one word the sources tell apart only through its forms or its other spellings: two plurals SCOWL files
# as variants beside their singular; derived forms of two spellings of one word, listed at levels apart; the four
# spellings two alternations make (l/ll and ise/ize, our/or and ise/ize, ae/e and a plural).
@NEEDS_SOURCES
@pytest.mark.parametrize(
    "one, other",
    [
        ("virtuosi", "virtuosos"),
        ("tranquillisation", "tranquilization"),
        ("tranquilisation", "tranquillisation"),
        ("tranquilisations", "tranquillizations"),
        ("glamourise", "glamorize"),
        ("glamourisation", "glamorization"),
        ("haematomata", "hematomas"),
        ("oesophagi", "esophaguses"),
        ("mediaevalist", "medievalist"),
        ("instilment", "instillment"),
    ],
)
def test_the_spellings_of_one_word_its_forms_or_its_squares_tell_get_one_verdict(groups, one, other):
    assert any(one in group and other in group for group in groups)
    assert verdicts(one.upper()) == verdicts(other.upper())


def test_the_group_rule_makes_a_name_first_spelling_its_word_and_no_other_refused_one_valid(variants):
    """Offensive and slang groups stay whole; a name only or an abbreviation is another word; an unattested
    spelling does not join; a spelling refused only as a name's first (louvre, of louver) is its word's, and takes
    the group's tier."""
    code = {
        "colour": "small",
        "color": "large",
        "slurr": "offensive",
        "slur": "large",
        "nasa": "abbreviation",
        "nasae": "small",
        "louvre": "name_first",
        "louver": "small",
    }
    groups = [["color", "colour", "colur"], ["slur", "slurr", "slurre"], ["nasa", "nasae"], ["louver", "louvre"]]
    variants.agree_on_variants(code, groups, joinable={"slurre"})
    assert code == {
        "colour": "small",
        "color": "small",
        "slurr": "offensive",
        "slur": "large",
        "nasa": "abbreviation",
        "nasae": "small",
        "louvre": "small",
        "louver": "small",
    }
