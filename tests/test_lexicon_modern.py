"""Today's words (docs/lexicon.md, *Today's words*; wordlists/modern.py): spellings SCOWL 2020 and WordNet 3.0
predate join `standard` when a maintained spelling dictionary lists them in lowercase, wordfreq has seen
them, they are built from known parts, and no gate explains them away as a name, a foreign word, a
misspelling, a fragment or an offensive word.

The first tests read the committed lexicon; the rest run the rule itself on a listing of our own, so each
part of it is seen to admit or refuse.
"""

import sys
from pathlib import Path

import pytest

from solver.lexicon import SIZES, check, load_lexicons

ROOT = Path(__file__).resolve().parent.parent
LEXICONS = load_lexicons()


@pytest.mark.parametrize(
    "word",
    [
        "PHOTOBOMB",  # two everyday words
        "CHATBOTS",  # the plural of a word the rule admitted
        "UPVOTED",  # a combining form and a word
        "LIVESTREAMING",
        "CYBERBULLYING",
        "CROWDSOURCED",
        "GEOTAG",  # a combining form and a three-letter everyday word
        "UNFOLLOW",
        "DECLUTTER",
        "GASLIGHTING",
    ],
)
def test_todays_words_are_valid_in_standard(word):
    verdict = check(word, LEXICONS["standard"])
    assert verdict.valid and verdict.tier == "standard", verdict


@pytest.mark.parametrize(
    "word",
    [
        "YOUTUBER",
        "REDDITOR",
        "TIKTOKER",  # brands
        "PROLLY",
        "BRUV",
        "NOOB",
        "YEET",
        "LOWKEY",  # slang
        "DOUCHEBAG",
        "DUMBASS",
        "DUMBASSES",
        "CAMGIRL",
        "PORNSTAR",
        "BUMHOLE",
        "NUTJOB",  # offensive
        "ALOT",
        "DEFINATELY",
        "UNTILL",  # misspellings
    ],
)
def test_todays_impostors_are_refused_in_every_size(word):
    for size in SIZES:
        assert not check(word, LEXICONS[size]).valid, (word, size)


def test_a_word_without_a_sense_says_so_rather_than_inventing_one():
    verdict = check("PHOTOBOMB", LEXICONS["standard"])
    assert verdict.valid and verdict.definition == []


# --- the rule itself, on a listing of our own ------------------------------------------------------


@pytest.fixture(scope="module")
def modern():
    pytest.importorskip("wordfreq")  # the build extra: pip install '.[build]'
    sys.path.insert(0, str(ROOT / "wordlists"))
    import modern

    return modern


@pytest.fixture(scope="module")
def lexicon_code():
    with open(ROOT / "wordlists" / "lexicon.tsv", encoding="utf-8") as lines:
        return dict(line.rstrip("\n").split("\t") for line in lines)


# WordNet lemmas enough for the cases below: the compound rule asks that both everyday parts be lemmas.
LEMMAS = {"photo", "bomb", "chat", "bot", "dumb", "ass", "cam", "girl", "porn", "star", "tag", "vote", "till", "do"}


def admit(modern, monkeypatch, lexicon_code, listed, *, other_case=(), counts=None, offensive=()):
    """Run modern_words with `listed` as the spelling dictionary's lowercase entries and as wordfreq's words.

    The listed spellings are taken out of the lexicon first, so each is a candidate however the
    committed build judged it.
    """
    monkeypatch.setattr(modern, "dictionary_entries", lambda: (frozenset(listed), frozenset(other_case)))
    code = {word: tier for word, tier in lexicon_code.items() if word not in listed}
    return modern.modern_words(code, LEMMAS, counts or {}, set(offensive), lambda: list(listed))


def test_a_listed_compound_of_everyday_words_is_admitted_and_so_are_its_forms(modern, monkeypatch, lexicon_code):
    admitted = admit(modern, monkeypatch, lexicon_code, ["photobomb", "photobombing", "upvote"])
    assert admitted == {"photobomb": "photo+bomb", "photobombing": "photo+bombing", "upvote": "up+vote"}


def test_a_word_built_on_a_word_the_rule_admitted_is_admitted_too(modern, monkeypatch, lexicon_code):
    # CHATBOTS has no known parts until CHATBOT is admitted (BOTS is no lemma, CHAT no combining form).
    admitted = admit(modern, monkeypatch, lexicon_code, ["chatbots", "chatbot"])
    assert admitted == {"chatbot": "chat+bot", "chatbots": "chatbot+ending"}


def test_a_listed_form_of_an_admitted_word_joins_it_however_seldom_seen(modern, monkeypatch, lexicon_code):
    # UPCYCLES is seen too seldom to be a candidate of its own (wordfreq), but the dictionary spells it, and
    # UPCYCLED and UPCYCLING are valid: one word, one verdict.
    listed = ["upcycle", "upcycled", "upcycling", "upcycles"]
    assert modern.zipf("upcycles") < modern.MODERN_MIN_ZIPF
    assert admit(modern, monkeypatch, lexicon_code, listed)["upcycles"] == "a form of upcycle"
    # still gated: written capitalised more often, it is a name
    counts = {"upcycles": -14.0, "Upcycles": -13.0}
    assert "upcycles" not in admit(modern, monkeypatch, lexicon_code, listed, counts=counts)


def test_a_listed_spelling_built_from_no_known_parts_stays_out(modern, monkeypatch, lexicon_code):
    assert admit(modern, monkeypatch, lexicon_code, ["prolly", "bruv", "noob", "yeet"]) == {}


def test_a_spelling_the_dictionary_also_lists_capitalised_stays_out(modern, monkeypatch, lexicon_code):
    listed = ["photobomb"]
    assert admit(modern, monkeypatch, lexicon_code, listed, other_case=listed) == {}


def test_a_spelling_written_capitalised_more_often_is_a_name(modern, monkeypatch, lexicon_code):
    counts = {"photobomb": -14.0, "Photobomb": -13.0}
    assert admit(modern, monkeypatch, lexicon_code, ["photobomb"], counts=counts) == {}
    counts = {"photobomb": -13.0, "Photobomb": -14.0, "PHOTOBOMB": -14.5}
    assert "photobomb" in admit(modern, monkeypatch, lexicon_code, ["photobomb"], counts=counts)


def test_a_spelling_built_on_or_containing_an_offensive_word_stays_out(modern, monkeypatch, lexicon_code):
    # ass is a valid word (the donkey) but on the content-filter lists; porn is on them too.
    assert admit(modern, monkeypatch, lexicon_code, ["dumbass", "pornstar", "camgirl"]) == {}
    # an offensive word of the lexicon's, four letters or more, anywhere inside
    assert admit(modern, monkeypatch, lexicon_code, ["photobomb"], offensive={"tobo"}) == {}


def test_a_built_misspelling_of_a_commoner_word_stays_out(modern, monkeypatch, lexicon_code):
    assert "till" in lexicon_code and "until" in lexicon_code  # un+till is built, and a slip of UNTIL
    assert admit(modern, monkeypatch, lexicon_code, ["untill"]) == {}


def test_a_piece_of_a_hyphenated_entry_is_a_fragment(modern, monkeypatch, lexicon_code):
    # GOODER is built (good+er), but the dictionary lists it for DO-GOODER.
    assert admit(modern, monkeypatch, lexicon_code, ["gooder"]) == {"gooder": "good+ending"}
    assert admit(modern, monkeypatch, lexicon_code, ["gooder", "do-gooder"]) == {}


def test_every_profanity_entry_is_one_lowercase_word(modern):
    entries = modern.profanity()
    assert len(entries) > 500 and {"porn", "camgirl"} <= entries
    assert all(entry.isalpha() and entry == entry.lower() and len(entry) >= 3 for entry in entries)
