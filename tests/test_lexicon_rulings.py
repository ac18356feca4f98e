"""Issue 9's rulings on the word data: offensive words, slang spellings, letters, clipped and modern
words, contractions, hyphenated plurals, names in `large`; and that no solver entry point proposes an
offensive word. Each kind is a table of cases; the rules behind them live in wordlists/build.py and
the judgement files (wordlists/offensive.txt, slang.txt, allow.txt), described in SOURCES.md.
"""

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import big_pools

from solver import booksmack
from solver.lexicon import SIZES, check, load_lexicons
from solver.normalize import fold
from solver.pieces import KINDS, Pool
from solver.search import MAX_LIMIT, piece_index, rack_index, solve, solve_rack
from solver.wordsmith import hints

ROOT = Path(__file__).resolve().parent.parent
LEXICONS = load_lexicons()
NEEDS_WORDNET = pytest.mark.skipif(
    not Path("/usr/share/wordnet/data.noun").exists(),
    reason="needs Debian's wordnet-base (apt-get install wordnet-base)",
)


def known_with(reason: str) -> list[str]:
    """Every word the lexicon stores with `reason` as its code."""
    code = LEXICONS.code
    return sorted(w for w in LEXICONS.trie.keys() if code(w) == reason)


OFFENSIVE = known_with("offensive")
OFFENSIVE_SET = frozenset(OFFENSIVE)


@pytest.fixture(scope="module")
def build():
    sys.path.insert(0, str(ROOT / "wordlists"))
    import build

    return build


def judgements(name: str) -> dict[str, str]:
    entries = {}
    for line in (ROOT / "wordlists" / name).read_text("utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            word, _, reason = line.partition(" ")
            entries[word] = reason.strip()
    return entries


def assert_refused_everywhere(word: str, reason: str):
    for size in SIZES:
        verdict = check(word, LEXICONS[size])
        assert not verdict.valid and verdict.reason == reason, verdict


def assert_valid(word: str, size: str = "standard"):
    verdict = check(word, LEXICONS[size])
    assert verdict.valid, verdict


# --- 1. offensive words ------------------------------------------------------------------


@pytest.mark.parametrize(
    "word",
    [
        "MILF",
        "BLOWJOB",
        "BLOWJOBS",
        "DICKS",
        "TITS",
        "FUCK",
        "FUCKING",
        "SHIT",
        "CUNT",  # vulgarities
        "NIGGER",
        "KIKE",
        "WETBACK",
        "WOP",
        "FAGGOT",
        "DYKE",
        "SPICS",
        "GOOKS",  # slurs
    ],
)
def test_offensive_words_are_refused_in_every_size(word):
    assert_refused_everywhere(word, "offensive")
    assert "offensive" in check(word, LEXICONS["large"]).message


@pytest.mark.parametrize("word", ["JEW", "JEWED", "WELSHER", "REDSKINS", "SHYLOCK", "SQUAWS", "MONGOLOID"])
def test_a_name_spelled_slur_stays_refused_though_the_word_game_list_has_it(word):
    """ENABLE decides the name-spelled words SCOWL and WordNet leave open (docs/lexicon.md, Names), but a lowercase
    sense that disparages the people the capitalised word names is judged in offensive.txt, and that wins."""
    assert_refused_everywhere(word, "offensive")


@pytest.mark.parametrize("word", ["SPADE", "BUCK", "COCK", "QUEEN", "FAIRY", "PANSY", "SCREW", "TOOL", "CRAPS"])
def test_a_word_whose_main_sense_is_ordinary_stays_valid(word):
    """The ruling written in wordlists/offensive.txt: a slur in a secondary sense keeps the word (SPADE, BUCK)."""
    assert_valid(word)


@pytest.mark.parametrize("word", ["SPICED", "SPIKED", "CRAPPIES", "TITTER", "DICKER", "COCKER"])
def test_an_offensive_stem_does_not_taint_other_words(word):
    """Only a word's own inflections are refused with it: SPIC is no verb, CRAPPY no noun."""
    assert check(word, LEXICONS["large"]).reason != "offensive"


@NEEDS_WORDNET
def test_every_wordnet_slur_or_obscenity_is_refused_unless_judged_ordinary(build):
    kept = {word for word, reason in judgements("offensive.txt").items() if reason.startswith("keep")}
    marked = build.wordnet_offensive()
    assert {"nigger", "kike", "motherfucker", "spade"} <= set(marked)
    for word in set(marked) - kept:
        if LEXICONS.code(word) is not None:
            assert LEXICONS.code(word) == "offensive", word


def test_every_listed_offensive_word_is_refused():
    for word, reason in judgements("offensive.txt").items():
        if not reason.startswith("keep") and LEXICONS.code(word) is not None:
            assert LEXICONS.code(word) == "offensive", word


# --- no solver entry point proposes one ------------------------------------------------

INDEXES = {size: piece_index(LEXICONS[size]) for size in ("standard", "large")}
RACKS = {size: rack_index(LEXICONS[size]) for size in ("small", "large")}


@given(big_pools, st.sampled_from(sorted(INDEXES)))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_solve_never_returns_an_offensive_word(pool, size):
    result = solve(INDEXES[size], pool, limit=MAX_LIMIT)
    assert not {found.word for found in result.words} & OFFENSIVE_SET


def test_no_size_holds_an_offensive_word():
    """What every solver entry point draws on: the words of a size."""
    for size in SIZES:
        assert not OFFENSIVE_SET & set(LEXICONS[size])


def test_the_issue_pool_lists_no_slur():
    result = solve(INDEXES["standard"], "R12 Y12 B6 G6", limit=MAX_LIMIT)
    assert result.words and not {f.word for f in result.words} & OFFENSIVE_SET


@given(st.builds(Pool, *[st.integers(0, 6) for _ in KINDS]))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_hints_never_propose_an_offensive_word(pool):
    found = hints(INDEXES["standard"], pool)
    words = {h.word for h in found.claims} | {h.word for added in found.add.values() for h in added}
    words |= {face.best.word for face in found.roll if face.best}
    assert not words & OFFENSIVE_SET


@given(st.sampled_from([w for w in OFFENSIVE if w.isalpha() and len(w) <= 7]), st.integers(0, 1))
@settings(max_examples=40, deadline=None)
def test_racks_and_booksmack_never_spell_an_offensive_word(word, blanks):
    rack = word[blanks:] + "?" * blanks
    for size in RACKS:
        result = solve_rack(RACKS[size], rack, limit=MAX_LIMIT)
        assert not {found.word for found in result.words} & OFFENSIVE_SET
    cards = list(word) if not blanks else ["?"] + list(word[1:])
    judged = booksmack.judge_round(cards, LEXICONS["large"])
    assert judged.spells not in OFFENSIVE_SET
    assert not {w for reading in judged.readings for w in reading.words} & OFFENSIVE_SET


# --- 2. informal spellings ----------------------------------------------------------------


@pytest.mark.parametrize(
    "word", ["GONNA", "WANNA", "GOTTA", "KINDA", "SORTA", "DUNNO", "GIMME", "LEMME", "OUTTA", "BETCHA"]
)
def test_informal_spellings_are_slang(word):
    assert_refused_everywhere(word, "slang")


@pytest.mark.parametrize("word", ["AIN'T", "Y'ALL", "CIRCA", "VIA", "WHOA"])
def test_dictionary_words_that_look_informal_stay_valid(word):
    assert_valid(word)


@NEEDS_WORDNET
def test_every_informal_candidate_is_judged_in_slang_txt(build):
    """The scan that finds informal spellings (build.informal_candidates) leaves none unjudged."""
    with open(ROOT / "wordlists" / "lexicon.tsv", encoding="utf-8") as lines:
        code = dict(line.rstrip("\n").split("\t") for line in lines)
    judged = set(judgements("slang.txt"))
    candidates = build.informal_candidates(code, build.wordnet_lemmas())
    assert candidates - judged == set()


# --- 3. letters -------------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["B", "F", "M", "N", "W", "X", "KS", "BS", "MS", "LS", "TS", "CS"])
def test_letters_and_letter_plurals_are_letters(word):
    assert_refused_everywhere(word, "letter")
    assert check(word, LEXICONS["standard"]).message == f"{word} is a letter, not a word."


@pytest.mark.parametrize("word", ["A", "I", "AS", "IS", "US", "OS"])
def test_a_and_i_are_the_one_letter_words(word):
    assert_valid(word)


def test_only_a_and_i_are_valid_one_letter_words():
    assert [w for w in LEXICONS["large"] if len(w) == 1] == ["a", "i"]


@pytest.mark.parametrize("word", ["KB", "MB", "LX", "LM", "LN", "MF"])
def test_two_letter_symbols_are_abbreviations(word):
    assert_refused_everywhere(word, "abbreviation")


# --- 4. clipped everyday words, and singular/plural agreement -----------------------------


@pytest.mark.parametrize(
    "word", ["APP", "TECH", "MAX", "BIO", "BOT", "STAT", "ADMIN", "ABS", "INTRO", "MATHS", "MAG", "RAD"]
)
def test_clipped_everyday_words_are_words(word):
    assert_valid(word)


# The two-letter ENABLE words SCOWL files only among its abbreviations (wordlists/allow.txt).
@pytest.mark.parametrize(
    "word", ["AA", "AB", "AE", "AL", "AR", "AW", "BO", "ED", "EL", "HM", "LI", "MM", "MO", "OE", "OP", "OS"]
)
def test_two_letter_dictionary_words_are_valid(word):
    assert_valid(word, "large")


@pytest.mark.parametrize("word", ["ETC", "VS", "NASA", "APPROX"])
def test_real_abbreviations_stay_refused(word):
    assert check(word, LEXICONS["large"]).reason == "abbreviation"


@NEEDS_WORDNET
def test_a_singular_and_its_plural_never_get_different_verdicts(build):
    """Over every WordNet noun the lexicon knows and its plural: valid both, or refused both for one reason.

    The tier may differ (LONELINESS is everyday, LONELINESSES rare); the kind of verdict may not.
    Exempt: words a judgement file rules on one by one (CRAPS the dice game, not a form of CRAP).
    """
    judged = {w for w, r in judgements("offensive.txt").items() if r.startswith("keep")} | set(judgements("deny.txt"))

    def kind(word):
        code = LEXICONS.code(word)
        return "valid" if code in SIZES else code

    disagree = [
        (s, kind(s), p, kind(p))
        for s, p in build.noun_plurals(build.wordnet_lemmas())
        if kind(s) and kind(p) and kind(s) != kind(p) and not {s, p} & judged
    ]
    assert disagree == []


# --- 5. common modern words are standard ------------------------------------------------


@pytest.mark.parametrize(
    "word",
    [
        "LOCKDOWN",
        "RAINFOREST",
        "DONUT",
        "SNUCK",
        "DWARVES",
        "WELLBEING",
        "HOTSPOT",
        "WHISTLEBLOWER",
        "CHAI",
        "NOIR",
        "IMPROV",
        "GAMEPLAY",
        "MIXTAPE",
        "ESPORTS",
    ],
)
def test_common_modern_words_are_standard(word):
    assert_valid(word, "standard")


# --- 6. contractions and hyphenated plurals ---------------------------------------------


@pytest.mark.parametrize("word", ["THERE'LL", "THERE'D", "WHAT'D", "WHERE'D", "DAREN'T", "WHAT'LL", "WHO'D"])
def test_regular_contractions_are_valid(word):
    assert_valid(word)


@pytest.mark.parametrize("word", ["today'll", "x'ing", "in't", "ko'd"])
def test_irregular_contractions_stay_out(word):
    assert not check(word, LEXICONS["large"]).valid


@pytest.mark.parametrize("word", ["'tis", "'twas"])
def test_leading_apostrophe_contractions_are_in_the_data(word):
    # check() accepts them once normalize.is_well_formed allows a leading apostrophe (issue 9, item 8).
    assert LEXICONS.code(word) == "small"


@pytest.mark.parametrize(
    "word",
    ["MOTHERS-IN-LAW", "PASSERS-BY", "RUNNERS-UP", "COURTS-MARTIAL", "X-AXES", "X-RAYS", "HANGERS-ON", "MEN-OF-WAR"],
)
def test_hyphenated_plurals_inflect_the_head(word):
    assert_valid(word)


@pytest.mark.parametrize("word", ["MOTHER-IN-LAWS", "RUNNER-UPS", "X-AXISES", "PASSER-BYS"])
def test_hyphenated_plurals_that_inflect_the_tail_are_refused(word):
    assert not check(word, LEXICONS["large"]).valid


# --- names (docs/lexicon.md, Rulings): a spelling dictionaries list in lowercase is a word ------------


@pytest.mark.parametrize("word", ["JAMES", "PAUL", "EMMA", "CANADA", "RUSSIA", "SPAIN", "PERU", "LONDON", "JOHN"])
def test_names_that_are_only_names_are_refused_in_every_size(word):
    # SCOWL lists james, paul, emma, russia and spain in lowercase only at level 80, no WordNet
    # lemma writes them in lowercase and ENABLE does not list them: only names. JOHN: the rulebook.
    assert_refused_everywhere(word, "proper_name")


@pytest.mark.parametrize(
    "word, sense",
    [
        ("HENRY", "unit of inductance"),  # SCOWL level 70 in lowercase, and a WordNet lowercase lemma
        ("ANNA", "coin"),
        ("BERLIN", "limousine"),
        ("TESLA", "magnetic flux density"),
        ("BRAZIL", "nut"),
        ("EASTER", "wind"),  # lowercase only from SCOWL level 80, but a WordNet lemma: common, so standard
        ("MARSHALL", "officer"),
        ("TURKEY", "bird"),  # and the everyday ones, as before
        ("JACK", "lift with a special device"),
    ],
)
def test_a_name_spelled_word_with_a_lowercase_dictionary_sense_is_valid_in_standard(word, sense):
    verdict = check(word, LEXICONS["standard"])
    assert verdict.valid, verdict
    assert any(sense in gloss for gloss in verdict.definition), verdict.definition  # the word, not the name


@pytest.mark.parametrize("word", ["ENGLISH", "LOUIS", "JANE", "NANCY"])
def test_a_name_scowl_lists_in_lowercase_up_to_level_70_is_valid_in_standard(word):
    # SCOWL's levels up to 70 hold "words found in most dictionaries" (its README): english the spin on
    # a ball, louis the coin. No WordNet lemma needed.
    assert_valid(word, "standard")


@NEEDS_WORDNET
def test_no_spelling_scowl_lists_in_lowercase_up_to_level_70_is_sent_away_as_a_name(build):
    """The data rule itself, on every word: a name-spelled word SCOWL's standard levels list in lowercase
    keeps its SCOWL tier (small or standard), unless another ruling refuses it or deny.txt removes it."""
    s_contractions = set(build.read_overrides("s_contractions.txt"))
    standard_words, _ = build.valid_words(build.TIER_MAX_LEVEL["standard"], False, s_contractions)
    deny = set(build.read_overrides("deny.txt"))
    name_spelled = sorted((standard_words & build.proper_forms(s_contractions)) - deny)
    assert len(name_spelled) > 1000  # berlin, henry, english, tesla ...: the rule has work to do
    ruled = ("offensive", "letter", "slang", "abbreviation")
    sent_away = [w for w in name_spelled if LEXICONS.code(w) not in ("small", "standard", *ruled)]
    assert sent_away == []


# --- names SCOWL and WordNet leave open: the word-game list decides (docs/lexicon.md, Names) -----
# Common spellings SCOWL lists in lowercase only at level 80, with no WordNet lowercase lemma. None of
# these is in the benchmark's lists (bench/proper_names.txt, the Census given names), so the bench's
# figures do not test the same cases.


@pytest.mark.parametrize(
    "word, size",
    [
        ("GREEK", "standard"),  # ENABLE lists them: ordinary words; common, four letters or more
        ("JONES", "standard"),
        ("LABRADOR", "standard"),
        ("MERLOT", "standard"),
        ("SHERPA", "standard"),
        ("WEBSTER", "standard"),
        ("HERCULES", "standard"),
        ("TAO", "large"),  # three letters: the frequency rule leaves it in `large`
    ],
)
def test_a_name_spelled_word_enable_lists_is_an_ordinary_word(word, size):
    assert_valid(word, size)
    smaller = SIZES[: SIZES.index(size)]
    assert not any(check(word, LEXICONS[s]).valid for s in smaller)  # the usual tier rules, nothing more


@pytest.mark.parametrize(
    "word", ["AMMAN", "KANT", "CANTERBURY", "PEGASUS", "APHRODITE", "HASTINGS", "NIAGARA", "RHINE", "SUMATRA"]
)
def test_a_name_spelled_word_enable_does_not_list_is_refused_in_every_size(word):
    assert_refused_everywhere(word, "proper_name")


def scowl_lowercase(build, kind: str) -> tuple[set[str], set[str]]:
    """The spellings SCOWL writes in lowercase in the `large` recipe's `kind` lists: (below level 80, at level 80)."""
    below, at_80 = set(), set()
    stems = {f"{stem}-{kind}" for stem in build.SPELLINGS + build.VARIANT_1 + build.VARIANT_2}
    for path in build.SCOWL.glob(f"*-{kind}.*"):
        stem, level = path.name.rsplit(".", 1)
        if stem in stems and int(level) <= 80:
            lower = {fold(e) for e in path.read_text("utf-8").split("\n") if e and e == e.lower()}
            (below if int(level) < 80 else at_80).update(lower)
    return below, at_80


@NEEDS_WORDNET
def test_the_name_spelled_words_the_enable_rule_admits_are_in_enable_and_scowl_level_80(build):
    """The property, on every word: a common name-spelled word that no WordNet lowercase lemma and no SCOWL
    lowercase entry below level 80 explains is valid only if ENABLE and SCOWL's level 80 (lowercase) both
    list it; and every such spelling ENABLE does not list is refused. Set aside: the words other rules
    make valid (contractions, SCOWL's abbreviations by the clipped-word rule, WordNet nouns' plurals by
    the plural agreement) and allow.txt."""
    wordfreq = pytest.importorskip("wordfreq")
    s_contractions = set(build.read_overrides("s_contractions.txt"))
    lemmas = build.wordnet_lemmas()
    below_80, at_80 = scowl_lowercase(build, "words")
    abbreviations = set()
    for path in build.SCOWL.glob("*-abbreviations.*"):
        abbreviations |= {fold(e) for e in path.read_text("utf-8").split("\n") if e}
    other_rules = abbreviations | {plural for _, plural in build.noun_plurals(lemmas)}
    other_rules |= set(build.read_overrides("allow.txt")) | {fold(lemma) for lemma in lemmas if lemma == lemma.lower()}
    enable = set((ROOT / "wordlists" / "enable1.txt").read_text("ascii").split())
    left_open = sorted(
        word
        for word in build.proper_forms(s_contractions) - below_80 - other_rules
        if "'" not in word and wordfreq.zipf_frequency(word, "en", wordlist="best") >= build.STANDARD_MIN_ZIPF
    )
    admitted = [w for w in left_open if LEXICONS.code(w) in SIZES]
    assert len(admitted) > 200 and {"texas", "boston", "joe"} <= set(admitted)  # the rule has work to do
    assert [w for w in admitted if w not in enable or w not in at_80] == []
    not_listed = [w for w in left_open if w not in enable]
    assert len(not_listed) > 100 and {"james", "russia"} <= set(not_listed)
    assert [w for w in not_listed if LEXICONS.code(w) in SIZES] == []
