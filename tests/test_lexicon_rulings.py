"""The rulings on the word data: offensive words, slang spellings, letters, clipped and modern
words, contractions, hyphenated plurals, names first; and that no solver entry point proposes an
offensive word. Each kind is a table of cases; the rules behind them live in wordlists/build.py and
the judgement files (wordlists/offensive.txt, slang.txt, allow.txt), described in SOURCES.md.
"""

import re
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import big_pools

from solver import booksmack
from solver.lexicon import DERIVING_ENDINGS, SIZES, check, load_lexicons
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
def test_a_name_spelled_slur_is_refused_as_offensive(word):
    """A lowercase sense that disparages the people the capitalised word names is judged in offensive.txt, and
    that wins over the names ruling (docs/lexicon.md, Names)."""
    assert_refused_everywhere(word, "offensive")


@pytest.mark.parametrize(
    "word",
    [
        "SPADE",
        "BUCK",
        "COCK",
        "QUEEN",
        "FAIRY",
        "PANSY",
        "SCREW",
        "TOOL",
        "CRAPS",
        "ANUS",
        "PORN",
        "HOMOGRAPH",
        "CRAPSHOOT",
    ],
)
def test_a_word_whose_main_sense_is_ordinary_stays_valid(word):
    """The ruling written in wordlists/offensive.txt: a slur in a secondary sense keeps the word (SPADE, BUCK)."""
    assert_valid(word)


@pytest.mark.parametrize(
    "word", ["NIGGAZ", "MINDFUCK", "MINDFUCKS", "GANGBANG", "WHORES", "APESHIT", "SMARTARSE", "SQUAWFISH", "TOSSER"]
)
def test_vulgar_slang_and_slurs_the_filter_lists_name_are_refused(word):
    """Candidates offensive_candidates finds and offensive.txt refuses: their main sense is the vulgar or slurring one."""
    assert_refused_everywhere(word, "offensive")


@NEEDS_WORDNET
def test_every_offensive_candidate_is_judged_in_offensive_txt(build):
    """The scan for possibly offensive words (build.offensive_candidates: the content-filter lists' words, and
    compounds on a refused word) leaves none unjudged."""
    pytest.importorskip("wordfreq")  # the build extra
    with open(ROOT / "wordlists" / "lexicon.tsv", encoding="utf-8") as lines:
        code = dict(line.rstrip("\n").split("\t") for line in lines)
    candidates = build.offensive_candidates(code, build.wordnet_lemmas())
    assert {"anus", "homograft"} <= candidates  # the scan finds ordinary words too; each is judged
    assert candidates - set(judgements("offensive.txt")) == set()


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


@pytest.mark.parametrize(
    "word",
    ["GYPPO", "GYPPOS", "LESBO", "LEZZIE", "LEZZY", "LEZZIES", "FAGGY", "FAGGIER", "MINGE", "BOONG", "PAKI"],
)
def test_slurs_and_vulgarities_of_every_size_are_offensive(word):
    """Refused as offensive in `small` too: never "only in the large dictionary", which would tell a table the
    slur is a word one size up."""
    assert_refused_everywhere(word, "offensive")
    assert "large dictionary" not in check(word, LEXICONS["small"]).message


@pytest.mark.parametrize(
    "word",
    ["NIGGERED", "NIGGERISH", "NIGGERDOM", "NEGROIDAL", "SHYLOCKING", "SPAZZING", "SHITTINESS", "ARSED", "GOLLIWOGG"]
    + ["SLUTTISH", "FUCKED-UP", "DIDDLY-SHIT", "SQUAW-BUSH"],
)
def test_a_listed_slur_or_vulgarity_with_any_deriving_ending_or_in_a_hyphenated_word_is_refused(word):
    """The scan reads every ending of DERIVING_ENDINGS (-ed, -ing, -ish, -ery, -ness, -dom, -al too), a derived
    word that is a lemma of its own (GOLLIWOGG), and every hyphenated word with a refused part, and offensive.txt
    judges what it finds: a slur with -ed or -ish is never a valid word in `large`, nor FUCKED-UP in `small`."""
    assert_refused_everywhere(word, "offensive")


@pytest.mark.parametrize(
    "word", ["SHEMALE", "PIKEY", "KNOBHEAD", "FUDGEPACKER", "FUCKWIT", "JIGGABOO", "HALFCASTE", "HEEB", "SANDNIGGER"]
)
def test_a_word_no_list_knows_that_the_content_filters_hold_is_refused_as_offensive(word):
    """Unknown to every word list, but on profanity.txt or rated likely profane by cuss.txt: offensive, not merely
    "not in the word lists", so a table cannot vote it in (ruling 22)."""
    assert_refused_everywhere(word, "offensive")


@pytest.mark.parametrize("word", ["DRAGQUEEN", "PEEPEE", "CHEESEHEAD", "TESTICAL"])
def test_a_content_filter_word_offensive_txt_keeps_stays_only_unknown(word):
    assert_refused_everywhere(word, "not_in_lexicon")
    assert judgements("offensive.txt")[word.lower()].startswith("keep:")


@pytest.mark.parametrize("word", ["PUSSES", "CRACKABLE", "UNSTAFFED"])
def test_an_unknown_filter_word_taints_no_listed_word(word):
    """PUSSE, CRACKA and TAFF are refused, but PUSSES is PUSS's plural, and CRACKABLE and UNSTAFFED only hold the
    letters: a word no list knows has no forms of its own, and is no part today's words are refused for."""
    assert_valid(word, "standard")


@NEEDS_WORDNET
def test_every_unknown_content_filter_word_is_refused_unless_kept(build):
    pytest.importorskip("wordfreq")
    kept = {word for word, reason in judgements("offensive.txt").items() if reason.startswith("keep")}
    code = {w: LEXICONS.code(w) for w in LEXICONS.trie.keys()}
    listed = build.unlisted_profanity({})  # every filter word: those the lexicon knows are judged elsewhere
    unknown_then = {word for word in listed if code.get(word) in (None, "offensive")}
    assert len(unknown_then) > 800
    assert {word for word in unknown_then - kept if code.get(word) != "offensive"} == set()
    assert {word for word in kept & listed if code.get(word) == "offensive"} == set()


@pytest.mark.parametrize("word", ["OCTAROON", "GOLLYWOG", "POUFTER", "BALLOCKS", "SHICKSA", "DIDICOY", "GRINGA"])
def test_another_spelling_of_a_slur_or_vulgarity_is_refused(word):
    """offensive.txt's own list: spellings one letter from a refused word (OCTOROON, GOLLIWOG) that dictionaries
    give as variants, in `large` and `standard` before."""
    assert_refused_everywhere(word, "offensive")


@pytest.mark.parametrize(
    "word", ["MINGING", "MONGERY", "SHATTERY", "WOPPED", "PUTZING", "SPICY", "DOO-WOP", "SPIC-AND-SPAN", "WREN-TIT"]
)
def test_a_listed_word_that_only_looks_built_on_a_refused_one_stays(word):
    """Judged `keep` in offensive.txt: MINGING is Scots ming, MONGERY ironmongery's, SPICY spice's, a WREN-TIT a
    bird."""
    assert_valid(word, "large")


@pytest.mark.parametrize(
    "word", ["YIDO", "CUNTISH", "CUNTY", "WANKERISH", "TWATTIES", "FUCKERY", "SPAZZY", "LEZZOS", "TRANNYS", "PISSY"]
)
def test_an_unlisted_offensive_word_with_an_ending_is_refused_as_offensive(word):
    """No list holds it, but it is an offensive word with one of DERIVING_ENDINGS, read as no other word: refused as
    offensive in every size, with its own sentence (solver/lexicon.py offensive_base), never "not in the word lists",
    which a table may vote on."""
    assert LEXICONS.code(word.lower()) is None
    assert_refused_everywhere(word, "offensive")
    assert check(word, LEXICONS["small"]).message == (
        f"{word} is built on an offensive word (a slur or an obscenity), and offensive words are not allowed."
    )


@pytest.mark.parametrize("word", ["SPICERISH", "SHATTERERY", "TITTERINGNESS", "CRAPIER"])
def test_an_unlisted_spelling_read_as_an_inoffensive_word_with_an_ending_is_only_not_in_the_lists(word):
    """A reading as a word that is not offensive wins: SPICERISH is spicer's, CRAPIER may be crape's."""
    assert LEXICONS.code(word.lower()) is None
    assert check(word, LEXICONS["large"]).reason == "not_in_lexicon"


def listed(code: str) -> list[str]:
    with open(ROOT / "wordlists" / "lexicon.tsv", encoding="utf-8") as lines:
        return [word for word, kind in (line.rstrip("\n").split("\t")[:2] for line in lines) if kind == code]


def readings(spelling: str) -> set[str]:
    """Every listed word `spelling` is with one of DERIVING_ENDINGS: the word as it is, its final e dropped before a
    vowel (y counts), its last consonant doubled, or its final y turned to i, before the ending."""
    found = set()
    for ending in DERIVING_ENDINGS:
        stem = spelling[: -len(ending)]
        if not spelling.endswith(ending) or len(stem) < 3:
            continue
        bases = {stem, stem + "e"} if ending[0] in "aeiouy" else {stem}
        if re.search("([b-df-hj-np-tv-z])\\1$", stem):
            bases.add(stem[:-1])
        if stem.endswith("i"):
            bases.add(stem[:-1] + "y")
        found |= {base for base in bases if LEXICONS.code(base) is not None}
    return found


def test_an_unlisted_word_with_an_ending_is_offensive_when_it_reads_only_as_offensive_words_and_not_when_it_never_does():
    """Every offensive word and a sample of small words, each with every ending of DERIVING_ENDINGS: a spelling no
    list holds that reads only as offensive words with an ending is refused as offensive, and one that reads only as
    other words is not. (Read both ways, the shortest ending decides: PISSY, SPICERISH above.)"""
    words = [w for w in listed("offensive") if w.isalpha()] + [w for w in listed("small") if w.isalpha()][::25]
    made = {word + ending for word in words for ending in DERIVING_ENDINGS}
    # unlisted, and with a vowel: WTFS has none, so it is an abbreviation by its shape first
    unlisted = sorted(w for w in made if LEXICONS.code(w) is None and re.search("[aeiouy]", w))
    wrong, offensive, other = [], 0, 0
    for spelling in unlisted:
        kinds = {LEXICONS.code(base) == "offensive" for base in readings(spelling)}
        if len(kinds) != 1:
            continue
        expected = kinds == {True}
        offensive, other = offensive + expected, other + (not expected)
        if (check(spelling, LEXICONS["standard"], define=False).reason == "offensive") != expected:
            wrong.append(spelling)
    assert offensive > 1_000 and other > 10_000, (offensive, other)
    assert wrong == []


@pytest.mark.parametrize("word", ["CHINAMAN", "CHINAMEN", "INJUN", "EYETIE", "POLACK"])
def test_a_slur_spelled_like_a_name_is_refused_as_offensive(word):
    """WordNet writes some slurs capitalised (Chinaman, Injun): their reason is that they are offensive."""
    assert_refused_everywhere(word, "offensive")


@pytest.mark.parametrize("word", ["HUN", "GYPSY", "NIGGLE", "SPICY", "TITTER", "SKANKER", "POM"])
def test_a_word_that_only_looks_derived_from_a_slur_keeps_its_verdict(word):
    assert check(word, LEXICONS["large"]).reason != "offensive"


def test_the_scan_derives_the_forms_a_slur_takes(build):
    """Derived and inflected forms (-y, -ie, -o, -s, -er, -est): what the scan looks for beside the lists."""
    assert {"gyppo", "gyppos"} <= build.derived_forms("gyp")
    assert {"faggy", "faggier", "faggiest"} <= build.derived_forms("fag")
    assert {"lezzie", "lezzies", "lezzy"} <= build.derived_forms("lez")
    assert {"sluttier", "sluttiest"} <= build.derived_forms("slutty")


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


def test_a_big_everyday_pool_lists_no_slur():
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


@pytest.mark.parametrize("word", ["AITCH", "ZED", "AR", "EL", "ESS"])
def test_spelled_out_letter_names_are_words(word):
    """A letter is refused; its name spelled out is a word dictionaries list (README.md and docs/lexicon.md)."""
    assert_valid(word, "large")


@pytest.mark.parametrize("word", ["CSCH", "CSC", "MSS", "KBS", "DKL", "HHD", "MFS", "RSS"])
def test_vowelless_abbreviations_are_refused_as_abbreviations(word):
    assert_refused_everywhere(word, "abbreviation")


@pytest.mark.parametrize("word", ["MGMT", "CTRL", "SQFT", "SMH", "TBH", "XKCD", "MGMT'S", "B-W", "XXX", "TTTT"])
def test_unlisted_vowelless_spellings_are_refused_as_abbreviations(word):
    """No word list holds them, and their shape says what they are: no vowel, so an abbreviation or a symbol."""
    assert LEXICONS.code(word.lower()) is None
    assert_refused_everywhere(word, "abbreviation")
    assert check(word, LEXICONS["large"]).message == (
        f"{word.upper()} has no vowel: it is an abbreviation or a symbol, not a word, and abbreviations are not allowed."
    )


@pytest.mark.parametrize("word", ["SHHH", "HMMM", "GRRR", "ZZZZ", "PSSST", "BRRRR"])
def test_a_sound_drawn_out_is_not_in_the_word_lists_rather_than_an_abbreviation(word):
    assert LEXICONS.code(word.lower()) is None
    assert_refused_everywhere(word, "not_in_lexicon")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="bcdfghjklmnpqrstvwxz", min_size=2, max_size=8))
def test_every_spelling_without_a_vowel_is_a_word_kept_or_refused_as_an_abbreviation(letters):
    """The rule stated generally: a spelling of two letters or more with no vowel (y counts) is valid only when
    vowelless.txt keeps it, is refused as a letter or for its listed kind when a list files it, and otherwise is an
    abbreviation, unless a sound in it is drawn out (a letter that can be held, three times running: SHHH), when it
    is merely not in the lists, as is an interjection sounds.txt lists (HMPH)."""
    kept = judgements("vowelless.txt")
    listed = LEXICONS.code(letters)
    for size in SIZES:
        verdict = check(letters, LEXICONS[size])
        if verdict.valid:
            assert letters in kept
        elif listed is None:
            drawn_out = re.search(r"([fhlmnrsvwz])\1\1", letters) is not None
            assert verdict.reason == ("not_in_lexicon" if drawn_out else "abbreviation"), verdict
        elif listed == "sound":
            assert verdict.reason == "not_in_lexicon" and "abbreviation" not in verdict.message, verdict
        elif listed not in SIZES:
            assert verdict.reason in ("abbreviation", "letter", "proper_name", "offensive", "slang"), verdict


def test_every_valid_vowelless_word_is_listed_with_why_it_stays():
    """No a, e, i, o, u or y: an abbreviation or a symbol, but for the words vowelless.txt keeps, each with a
    reason (the interjections HMM, PSST, TSK; the Welsh CWM and CRWTH; NTH). Y counts as a vowel (GYM, MYTH)."""
    kept = judgements("vowelless.txt")
    assert all(reason for reason in kept.values())
    vowelless = {w for w in LEXICONS["large"] if not re.search("[aeiouy]", w)}
    assert vowelless == {w for w in kept if LEXICONS.code(w) is not None}
    assert {"nth", "cwm", "crwth", "psst", "tsk", "hmm", "sh"} <= vowelless
    assert {"gym", "myth", "rhythm", "crypt", "fly"} <= set(LEXICONS["small"])


# --- 4. clipped everyday words, and singular/plural agreement -----------------------------


@pytest.mark.parametrize(
    "word", ["APP", "TECH", "MAX", "BIO", "BOT", "STAT", "ADMIN", "ABS", "INTRO", "MATHS", "MAG", "RAD"]
)
def test_clipped_everyday_words_are_words(word):
    assert_valid(word)


# The two-letter ENABLE words SCOWL files only among its abbreviations (wordlists/allow.txt); BO and LI are
# names first (Bo, Li: docs/lexicon.md, Names).
@pytest.mark.parametrize("word", ["AA", "AB", "AE", "AL", "AR", "AW", "ED", "EL", "HM", "MM", "MO", "OE", "OP", "OS"])
def test_two_letter_dictionary_words_are_valid(word):
    assert_valid(word, "large")


@pytest.mark.parametrize("word", ["ETC", "VS", "NASA", "APPROX"])
def test_real_abbreviations_stay_refused(word):
    assert check(word, LEXICONS["large"]).reason == "abbreviation"


@NEEDS_WORDNET
def test_a_singular_and_its_plural_never_get_different_verdicts(build):
    """Over every WordNet noun the lexicon knows and its plural: valid both, or refused both for one reason.

    The tier may differ (LONELINESS is everyday, LONELINESSES rare); the kind of verdict may not.
    Exempt: words a judgement file rules on one by one (CRAPS the dice game, not a form of CRAP), and the
    singulars whose commonest use is as a name (JEAN; JEANS is the trousers).
    """
    judged = {w for w, r in judgements("offensive.txt").items() if r.startswith("keep")} | set(judgements("deny.txt"))
    judged |= name_first_spellings()  # JEAN is a name first, JEANS a word: each spelling's commonest use decides

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
    # check() accepts them because normalize.is_well_formed allows a leading apostrophe.
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


# --- 7. one word, one verdict, whatever the spelling ----------------------------------------


@pytest.mark.parametrize(
    "pair",
    [
        ("E-BOOK", "EBOOK"),
        ("AFTER-HOURS", "AFTERHOURS"),
        ("HALF-BREED", "HALFBREED"),
        ("WEE-WEE", "WEEWEE"),
        ("BINGE-WATCH", "BINGEWATCH"),  # no dictionary here lists either spelling: out in both
        ("SELF-ISOLATE", "SELFISOLATE"),
        ("WEB-SITE", "WEBSITE"),  # WordNet spells the compound open and closed in one synset
        ("DAY-CARE", "DAYCARE"),
        ("HOME-PAGES", "HOMEPAGES"),
        ("SKY-DIVING", "SKYDIVING"),
        ("HAND-MADE", "HANDMADE"),  # Ding lists the hyphenated spelling, the British dictionary the closed one
        ("ON-LINE", "ONLINE"),
        ("NON-STOP", "NONSTOP"),
        ("CO-OPERATE", "COOPERATE"),
        ("RE-ELECT", "REELECT"),
        ("WELL-BEING", "WELLBEING"),
        ("ASH-TRAYS", "ASHTRAYS"),  # a form of a listed spelling: ASH-TRAY's plural
    ],
)
def test_a_hyphenated_and_a_closed_up_spelling_get_one_verdict(pair):
    for size in SIZES:
        one, other = (check(word, LEXICONS[size]) for word in pair)
        assert (one.valid, one.tier, one.reason) == (other.valid, other.tier, other.reason), (one, other)


@NEEDS_WORDNET
def test_every_pair_of_spellings_the_lexicon_forms_is_alike(build):
    """Every hyphenated spelling and its closed-up one (build.spelling_pairs: both known to the lexicon or the
    dictionary, each part a word or a combining form) have one code: the same tier, or the same refusal.

    Exempt: a name or an abbreviation spelled like the compound, which is another word (TRYON, the name, and
    TRY-ON; CANDO and CAN-DO).
    """
    pytest.importorskip("wordfreq")  # the build extra
    modern = pytest.importorskip("modern")
    if not modern.dictionary_installed():
        pytest.skip("needs Debian's hunspell-en-gb and hunspell-tools")
    if not build.ding_installed():
        pytest.skip("needs Debian's dict-freedict-eng-deu")
    code = {w: LEXICONS.code(w) for w in LEXICONS.trie.keys()}
    pairs = build.spelling_pairs(code, build.spelling_listings(build.wordnet_lemmas()))
    assert len(pairs) > 4000 and {("e-book", "ebook"), ("web-site", "website"), ("hand-made", "handmade")} <= set(pairs)
    other_word = ("proper_name", "name_first", "abbreviation")
    unlike = [
        (one, other, code.get(one), code.get(other))
        for one, other in pairs
        if code.get(one) != code.get(other) and not {code.get(one), code.get(other)} & set(other_word)
    ]
    assert unlike == []


def test_the_listed_hyphenated_spelling_is_valid_with_its_closed_up_one():
    """Not only a same refusal: HAND-MADE and ON-LINE are words, everyday as HANDMADE and ONLINE are."""
    for spelling in ("HAND-MADE", "ON-LINE", "NON-STOP", "WELL-BEING", "MATCH-BOX", "MATCH-BOXES"):
        assert check(spelling, LEXICONS["small"]).valid, spelling


@pytest.mark.skipif(
    not Path("/usr/share/dictd/freedict-eng-deu.dict.dz").exists(), reason="needs dict-freedict-eng-deu"
)
def test_ding_lists_hyphenated_spellings_as_printed_and_no_chance_split(build):
    """Ding's hyphenated headwords (an entry's first line or a reference to one): the compounds as printed, never
    letters that split into words by chance, and no capitalised name."""
    listed = build.ding_hyphenated()
    assert {"hand-made", "match-box", "on-line", "re-elect", "well-being", "ash-tray"} <= listed
    assert not {"drag-on", "leg-it", "the-rapist", "key-board", "bath-room"} & listed
    assert all(word == word.lower() and "--" not in word for word in listed)


@pytest.mark.parametrize("spelling", ["DRAG-ON", "LEG-IT", "THE-RAPIST", "IN-SO-FAR", "AS-WELL", "DO-IT"])
def test_letters_that_split_into_words_by_chance_make_no_hyphenated_spelling(spelling):
    """DRAGON splits into DRAG and ON, but no dictionary spells the dragon DRAG-ON: the hyphen joins only the parts
    of a compound a dictionary lists in both spellings (WordNet's web site and website, one synset). An adverb
    spelled open is a phrase (IN SO FAR, AS WELL), never hyphenated."""
    assert check(spelling.replace("-", ""), LEXICONS["large"]).valid
    assert_refused_everywhere(spelling, "not_in_lexicon")


@NEEDS_WORDNET
def test_wordnet_spells_a_compound_open_and_closed_in_one_synset_and_its_forms_follow(build):
    spellings = build.open_compound_spellings(build.wordnet_lemmas())
    assert {"web-site", "web-sites", "day-care", "sky-dive", "sky-dived", "sky-diving"} <= spellings
    assert not {"drag-on", "leg-it", "the-rapist", "work-out", "in-so-far"} & spellings


@pytest.mark.parametrize(
    "forms",
    [
        ("TEXTER", "TEXTERS"),
        ("EBOOK", "EBOOKS"),
        ("VAPE", "VAPED", "VAPING"),
        ("UPCYCLE", "UPCYCLED", "UPCYCLING", "UPCYCLES"),
        ("DOWNVOTE", "DOWNVOTED", "DOWNVOTING", "DOWNVOTES"),
    ],
)
def test_a_word_and_its_forms_get_one_kind_of_verdict(forms):
    """A singular and its plural, a verb and its forms: valid all, whatever gate judged one spelling alone
    (TEXTER is no misspelling of TEXTED, nor the German Texter, beside TEXTERS)."""
    assert all(check(word, LEXICONS["standard"]).valid for word in forms), forms


# --- 8. children's words ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "word", ["OWIE", "OWIES", "BLANKIE", "JAMMIES", "TUMMY", "POTTY", "BOO-BOO", "TEDDY", "ONESIE", "NIGHT-NIGHT"]
)
def test_childrens_words_dictionaries_list_are_everyday(word):
    assert_valid(word, "small")


@pytest.mark.parametrize("word", ["DIN-DIN", "BEDDY-BYE", "DIN-DINS", "BEDDY-BYES"])
def test_baby_talk_no_dictionary_lists_stays_out(word):
    assert_refused_everywhere(word, "not_in_lexicon")


def test_every_family_judgement_has_its_reason_and_holds():
    for word, reason in judgements("family.txt").items():
        assert reason, word
        expected = None if reason.startswith("out") else "small"
        assert LEXICONS.code(word) == expected, word


# --- names first (docs/lexicon.md, Names): the commonest use of a spelling decides -----------------


@pytest.mark.parametrize(
    "word",
    ["PARIS", "TEXAS", "HENRY", "ANNA", "ENGLISH", "JOHN", "JAMES", "PAUL", "RUSSIA", "PERU", "LONDON", "BERLIN"],
)
def test_a_spelling_used_most_as_a_name_is_refused_in_every_size(word):
    assert_refused_everywhere(word, "proper_name")
    assert check(word, LEXICONS["small"]).message.startswith(f"{word} is a proper name")  # not "only in large"


@pytest.mark.parametrize(
    "word", ["CHINA", "TURKEY", "JACK", "MARK", "ROSE", "FRANK", "GRACE", "MAY", "BILL", "DOCTOR", "BROWN"]
)
def test_a_spelling_used_most_as_an_ordinary_word_stays_valid(word):
    verdict = check(word, LEXICONS["small"])
    assert verdict.valid and verdict.definition, verdict


@pytest.mark.parametrize("word, sense", [("HENRY", "unit of inductance"), ("ANNA", "coin"), ("TESLA", "flux density")])
def test_a_name_first_verdict_shows_the_rare_word_too(word, sense):
    """Both sides: the ruling, and the rare lowercase word someone had in mind, marked `also:`."""
    for size in SIZES:
        verdict = check(word, LEXICONS[size])
        assert verdict.message == (
            f"{word} is a proper name, and proper names are not allowed."
            " It is also spelled as a rare lowercase word, but a name is its commonest use."
        )
        assert verdict.definition and all(gloss.startswith("also: ") for gloss in verdict.definition)
        assert any(sense in gloss for gloss in verdict.definition), verdict.definition


def test_a_name_only_verdict_shows_no_senses():
    """JAMES is no lemma of its own: no senses through another word's (*jam*)."""
    verdict = check("JAMES", LEXICONS["standard"])
    assert verdict.definition == [] and "also spelled" in verdict.message
    assert (
        check("BENTLEY", LEXICONS["standard"]).message == "BENTLEY is a proper name, and proper names are not allowed."
    )


@pytest.mark.parametrize("word", ["JEANS", "CHINAS", "TURKEYS"])
def test_a_plural_keeps_its_own_verdict(word):
    """JEAN is a name first; JEANS is the trousers. The names ruling judges each spelling."""
    assert_valid(word, "large")


@pytest.fixture(scope="module")
def name_data(build):
    pytest.importorskip("spacy_lookups_data")  # the build extra's case-aware counts
    s_contractions = set(build.read_overrides("s_contractions.txt"))
    word_levels, name_levels = build.scowl_levels(s_contractions)
    return word_levels, name_levels, build.case_counts()


def name_first_spellings() -> set[str]:
    return set(known_with("name_first"))


@NEEDS_WORDNET
def test_no_spelling_scowl_ranks_commoner_as_a_word_is_refused_as_a_name(name_data, build):
    """The first measure, on every spelling: SCOWL's lowercase level below its name level means a word, but for a
    name SCOWL lowercased at its rare levels, which no other dictionary lists in lowercase (names.py: pearce)."""
    from names import LOWERCASED_NAME_LEVELS, lowercase_elsewhere

    word_levels, name_levels, _ = name_data
    denied = set(judgements("deny.txt"))  # the rulebook's JOHN (and JOHNS)
    ranked_word = [w for w in name_levels if word_levels.get(w, 100) < name_levels[w] and w not in denied]
    assert len(ranked_word) > 5000 and {"china", "turkey", "may"} <= set(ranked_word)
    refused = [w for w in ranked_word if LEXICONS.code(w) in ("name_first", "proper_name")]
    confirmed = lowercase_elsewhere(build.enable_words())
    assert "pearce" in refused
    assert [w for w in refused if word_levels[w] not in LOWERCASED_NAME_LEVELS or confirmed(w)] == []


@NEEDS_WORDNET
def test_every_spelling_commoner_capitalised_in_running_text_is_refused(name_data, build):
    """The second measure, on every spelling SCOWL does not rank commoner as a word: capitalised commoner
    in running text, beyond chance (names.py), means a name in every size (but the other rulings: offensive words
    stay offensive, and a spelling of a word another of whose spellings is a word is that word: CHIMERA, of
    CHIMAERA)."""
    word_levels, name_levels, counts = name_data
    noise = build.case_noise(counts, word_levels, name_levels)
    ruled = {
        w: margin
        for w in name_levels
        if len(w) > 1
        and "'" not in w
        and word_levels.get(w, 100) >= name_levels[w]
        and (margin := build.case_margin(w, counts, noise)) is not None
    }
    names = [w for w, margin in ruled.items() if margin < 0]
    words = [w for w, margin in ruled.items() if margin >= 0]
    assert len(names) > 1000 and {"paris", "henry", "john", "english"} <= set(names)
    family = set(judgements("family.txt"))  # the children's words a judgement file rules on (TEDDY, the bear)
    groups = build.spelling_groups(build.dictionary_entries()[0])
    spelled = {w for group in groups if any(LEXICONS.code(x) in SIZES for x in group) for w in group}
    assert "chimera" in spelled and "paris" not in spelled
    assert [w for w in names if LEXICONS.code(w) in SIZES and w not in family | spelled] == []
    assert [w for w in words if LEXICONS.code(w) == "name_first"] == []
