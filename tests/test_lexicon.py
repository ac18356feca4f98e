"""The lexicons: the rulebook's examples, every reason code, sizes and tiers."""

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.lexicon import SIZES, check, load_lexicons


@pytest.fixture(scope="module")
def lexicons():
    return load_lexicons()


@pytest.fixture(scope="module")
def standard(lexicons):
    return lexicons["standard"]


# The rulebook's own examples are law.
@pytest.mark.parametrize("word", ["BAG", "CAST", "SHE'S", "TO-DO", "she’s", "To–Do"])
def test_rulebook_valid_words(standard, word):
    verdict = check(word, standard)
    assert verdict.valid, verdict
    assert verdict.reason is None and verdict.tier == "small"


@pytest.mark.parametrize("word", ["JOHN", "BENTLEY", "PERU"])
def test_rulebook_proper_names_are_refused(lexicons, word):
    for size in SIZES:  # in every size, not just the default
        verdict = check(word, lexicons[size])
        assert not verdict.valid and verdict.reason == "proper_name", verdict


@pytest.mark.parametrize(
    "word, reason",
    [
        ("london", "proper_name"),
        ("etc", "abbreviation"),
        ("NASA", "abbreviation"),
        ("dog's", "possessive"),
        ("London's", "possessive"),
        ("gonna", "slang"),  # wordlists/slang.txt: the rulebook rules out slang
        ("clits", "offensive"),  # wordlists/offensive.txt: refused in every size
        ("B", "letter"),
        ("zzzqx", "not_in_lexicon"),
        ("dystopi", "not_in_lexicon"),  # denied in wordlists/deny.txt: a known SCOWL error
        ("<script>", "invalid_characters"),
        ("-do", "invalid_characters"),
        ("to-", "invalid_characters"),
        ("", "invalid_characters"),
        ("ca fe", "invalid_characters"),
        ("b4", "invalid_characters"),
    ],
)
def test_reason_codes(standard, word, reason):
    verdict = check(word, standard)
    assert not verdict.valid
    assert verdict.reason == reason
    assert verdict.message  # a sentence a player can read out


def test_larger_lexicon_only_names_the_tier(lexicons):
    # find a word that only the large size holds, from the data itself
    word = next(w for w in lexicons["large"] if lexicons["large"].tier(w) == "large")
    verdict = check(word, lexicons["small"])
    assert verdict.reason == "larger_lexicon_only" and verdict.tier == "large"
    assert "large" in verdict.message
    assert check(word, lexicons["large"]).valid


@pytest.mark.parametrize(
    "word, normalized",
    [
        ("CAFÉ", "cafe"),
        ("café", "cafe"),
        ("Ø", "o"),
        ("ÆON", "aeon"),
        ("Straße", "strasse"),
        ("it’s", "it's"),
        ("x‑ray", "x-ray"),
        ("well—being", "well-being"),
        ("ｂａｇ", "bag"),
    ],
)
def test_normalization(standard, word, normalized):
    assert check(word, standard).normalized == normalized


@pytest.mark.parametrize("word", ["it's", "let's", "what's", "there's", "who's", "i'm", "I'd", "I'll", "I've"])
def test_kept_contractions(standard, word):
    assert check(word, standard).valid


@pytest.mark.parametrize("word", ["n'importe", "d'accord"])
def test_foreign_contractions_are_left_out(lexicons, word):
    assert not check(word, lexicons["large"]).valid


@pytest.mark.parametrize("word", ["well-being", "x-ray", "x-rays", "mother-in-law", "t-shirt"])
def test_hyphenated_words(standard, word):
    assert check(word, standard).valid


def test_sizes_are_close_to_the_recipe(lexicons):
    sizes = {name: len(lexicons[name]) for name in SIZES}
    assert 80_000 < sizes["small"] < 95_000
    assert 115_000 < sizes["standard"] < 130_000
    assert 240_000 < sizes["large"] < 280_000


@pytest.mark.parametrize("doc", ["docs/lexicon.md", "wordlists/SOURCES.md"])
def test_the_docs_give_each_size_its_word_count(lexicons, doc):
    """The sizes table of the manual and of the recipe says how many words each size holds, as built."""
    text = (Path(__file__).resolve().parent.parent / doc).read_text("utf-8")
    written = {m[1]: int(m[2].replace(",", "")) for m in re.finditer(r"^\| `(\w+)`[^\n]*\| ([\d,]+) \|$", text, re.M)}
    assert written == {name: len(lexicons[name]) for name in SIZES}


def test_every_known_word_is_plain_letters_apostrophes_and_hyphens(lexicons):
    """The normalized form the rules promise; the API writes solved words into JSON unescaped on the strength of it."""
    # SCOWL's plural possessives end in an apostrophe; 'tis and 'twas open with one.
    shape = re.compile(r"'?[a-z](?:[a-z'-]*[a-z'])?")
    assert all(shape.fullmatch(w) for w in lexicons.trie.keys())


def test_tiers_nest(lexicons):
    small, standard, large = (lexicons[s] for s in SIZES)
    assert all(w in standard and w in large for w in small)
    assert all(w in large for w in standard)


def test_definitions_follow_inflections(standard):
    assert standard.define("x-rays") == standard.define("x-ray") != []
    assert standard.define("geese")[0] == standard.define("goose")[0]  # the noun: GEESE is no verb form
    assert len(standard.define("cast")) <= 3
    assert all('"' not in sense for sense in standard.define("cast"))  # usage examples cut


def test_matches_with_wildcards(standard):
    assert "cafe" in standard.matches("c?fe")
    assert all(len(w) == 3 and w.endswith("at") for w in standard.matches("?at"))
    assert standard.matches("zzz?") == []
    # A pattern of `?` only is every word of its length; a long one crosses the frontier into the length scan.
    for pattern in ("???", "?" * 9, "c" + "?" * 8):
        expected = sorted(
            w for w in standard if len(w) == len(pattern) and w.isalpha() and w.startswith(pattern.strip("?"))
        )
        assert standard.matches(pattern) == expected


words = st.text(alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyzABCÉéÆø’'-–  1."), max_size=12)


@given(words)
def test_normalization_is_idempotent(word):
    from solver.normalize import fold

    assert fold(fold(word)) == fold(word)


@given(words)
@settings(max_examples=200)
def test_check_ignores_case(word):
    standard = load_lexicons()["standard"]
    a, b = check(word.lower(), standard), check(word.upper(), standard)
    assert (a.valid, a.reason, a.tier, a.normalized) == (b.valid, b.reason, b.tier, b.normalized)


@given(st.sampled_from(sorted(load_lexicons()["large"])[::97]))
def test_valid_in_a_size_means_valid_in_every_larger_size(word):
    lexicons = load_lexicons()
    tier = lexicons["large"].tier(word)
    for size in SIZES[SIZES.index(tier) :]:
        assert check(word, lexicons[size]).valid


# --- familiarity ------------------------------------------------------------------------


def test_familiarity_is_the_zipf_frequency_of_valid_words():
    """familiarity.tsv: valid words only, sorted, two decimals; a word it leaves out counts 0."""
    from pathlib import Path

    lexicons = load_lexicons()
    lines = (Path(lexicons.directory) / "familiarity.tsv").read_text("utf-8").splitlines()
    words = [line.split("\t")[0] for line in lines]
    assert words == sorted(words)
    assert all(re.fullmatch(r"\d\.\d\d", line.split("\t")[1]) for line in lines)
    assert all(lexicons.code(word) in SIZES for word in words)
    assert lexicons.familiarity("the") > lexicons.familiarity("toast") > lexicons.familiarity("salol") == 0
    assert lexicons["standard"].familiarity("picul") == 0.0


def test_obscure_words_are_those_below_the_threshold():
    from solver.lexicon import OBSCURE_BELOW, is_obscure

    lexicons = load_lexicons()
    assert [is_obscure(lexicons.familiarity(w)) for w in ("toast", "stick", "picul", "lilos")] == [
        False,
        False,
        True,
        True,
    ]
    assert is_obscure(OBSCURE_BELOW - 0.01) and not is_obscure(OBSCURE_BELOW)


def test_familiarity_matches_wordfreq_at_build_time():
    """The figures are wordfreq's own (the build extra): a rebuild with another version would show here."""
    wordfreq = pytest.importorskip("wordfreq")
    lexicons = load_lexicons()
    for word in ("toast", "stick", "picul", "mother-in-law", "she's", "zori"):
        assert lexicons.familiarity(word) == wordfreq.zipf_frequency(word, "en", wordlist="best")
