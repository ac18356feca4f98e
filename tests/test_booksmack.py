"""Booksmack: one table per ruling of docs/rules/booksmack.md, their combinations, and hypothesis properties."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from solver import booksmack
from solver.booksmack import (
    MAX_CARDS,
    READING_WORDS,
    Reading,
    Shares,
    judge_round,
    parse_card,
    parse_cards,
    rank_key,
    score_collection,
    turn_state,
)
from solver.lexicon import SIZES, load_lexicons
from solver.positions import PositionIndex

LEXICON = load_lexicons()["standard"]
NEVER_TAPPED = {"?", ".", "!", "*", "@", "#", "~", " "}
PUBLISHED = [text for _, texts in booksmack.published_deck() for text in texts]
HOME_MADE = ["B", "3", "É", "26"]
ANY_CARD = st.sampled_from(sorted(set(PUBLISHED + HOME_MADE)))
PLAIN_CARD = st.sampled_from([c for c in sorted(set(PUBLISHED + HOME_MADE)) if parse_card(c).kind != "symbol"])
SLOW = settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])


def judge(*cards):
    return judge_round(list(cards), LEXICON)


def test_the_words_these_tables_rely_on_are_in_the_lexicon():
    # A failure here means the word list changed, not the judge.
    for word in ["cafe", "cat", "cot", "cut", "tap", "apt", "zoo"]:
        assert word in LEXICON, word
    for not_word in ["bzm", "pta", "eee", "xq"]:
        assert not_word not in LEXICON, not_word


# --- cards ----------------------------------------------------------------------


def test_every_card_of_the_published_set_parses():
    deck = booksmack.published_deck()
    assert [name for name, _ in deck] == [
        "base",
        "Power Punctuation",
        "Nifty Numbers",
        "Giggling Glyphs",
        "Cursed Critics",
    ]
    cards = [parse_card(text) for _, texts in deck for text in texts]
    assert len(cards) == 95
    assert all(card.published for card in cards)
    kinds = [card.kind for card in cards]
    assert (kinds.count("letter"), kinds.count("number"), kinds.count("symbol")) == (58, 9, 28)


@pytest.mark.parametrize(
    "text, kind, letter, rank, form, uppercase, published",
    [
        ("a", "letter", "a", 1, "lowercase", False, True),
        ("A", "letter", "a", 1, "uppercase", True, True),
        ("B", "letter", "b", 2, "uppercase", True, False),  # home-made: the deck has no uppercase B
        ("é", "letter", "e", 5, "diacritic", False, True),
        ("e\u0301", "letter", "e", 5, "diacritic", False, True),  # é typed as e + combining accent
        ("É", "letter", "e", 5, "diacritic", True, False),
        ("ø", "letter", "o", 15, "diacritic", False, True),  # no Unicode decomposition: mapped by hand
        ("Ａ", "letter", "a", 1, "uppercase", True, True),  # fullwidth A is A
        ("12", "number", None, 12, "number", False, True),
        ("3", "number", None, 3, "number", False, False),  # home-made number
        ("26", "number", None, 26, "number", False, False),
        ("05", "number", None, 5, "number", False, True),
        ("#", "symbol", None, None, None, False, True),
        (" ", "symbol", None, None, None, False, True),
    ],
)
def test_card_parsing(text, kind, letter, rank, form, uppercase, published):
    card = parse_card(text)
    assert (card.kind, card.letter, card.rank, card.form, card.uppercase, card.published) == (
        kind,
        letter,
        rank,
        form,
        uppercase,
        published,
    )


@pytest.mark.parametrize("bad", ["%", "27", "0", "100", "ab", "", "  ", "æ", "ß", "α", "\t", "$"])
def test_a_card_outside_the_set_is_refused_by_position(bad):
    with pytest.raises(ValueError) as error:
        parse_cards(["a", "b", bad])
    assert str(error.value).startswith(f"card 3 ({bad!r}): not a Booksmack card")


def test_the_refusal_lists_what_a_card_can_be():
    with pytest.raises(ValueError, match=r"use a letter, a number 1–26, or one of \. \? ! \+ - & \* @ ~ # and space"):
        parse_cards(["%"])


def test_round_size_limits():
    assert len(parse_cards(["a"] * MAX_CARDS)) == MAX_CARDS
    with pytest.raises(ValueError, match="at most 40 cards"):
        parse_cards(["a"] * (MAX_CARDS + 1))
    with pytest.raises(ValueError, match="at least one card"):
        parse_cards([])
    with pytest.raises(ValueError, match="list of strings"):
        parse_cards("abc")


# --- ruling 2: spelling comes first ---------------------------------------------


@pytest.mark.parametrize(
    "cards, spells, spelled_from",
    [
        (["c", "A", "f", "é"], "cafe", [1]),  # case and diacritics ignored
        (["c", "â", "f", "e"], "cafe", [1]),
        (["f", "é", "c", "A"], "cafe", [3]),  # read clockwise from any seat
        ([" ", "c", "a", " ", "t"], "cat", [2]),  # Space cards skipped, also inside the word
        (["t", "a", "p"], "tap", [1, 2]),  # TAP from seat 1, APT from seat 2: the first seat answers
        (["a", "p", "t"], "apt", [1, 3]),
        (["Z", "o", "o"], "zoo", [1]),  # a spelled word beats the highest card (Z)
        (["c", "?", "t"], "cat", [1]),  # a ? that makes a word
    ],
)
def test_spelled_words(cards, spells, spelled_from):
    result = judge(*cards)
    assert (result.action, result.rule, result.spells, result.spelled_from) == (
        "say_word",
        "spelled_word",
        spells,
        spelled_from,
    )
    assert result.winners == []  # nobody taps a card
    assert result.shares == Shares(1, len(cards), 0)


def test_the_explanation_names_the_word_and_seat():
    assert judge("f", "é", "c", "A").explanation == "CAFE is spelled from seat 3."
    assert judge("t", "a", "p").explanation == "TAP is spelled from seat 1; also spelled: APT (seat 2)."


def test_a_word_read_again_from_another_seat_is_not_listed_as_also_spelled():
    """A A spells AA from either seat, and ? A spells AA and more from seat 1 and again from seat 2: each other word
    is listed once, and never the word announced."""
    assert judge("a", "a").explanation == "AA is spelled from seat 1."
    said = judge("?", "a").explanation
    also = said.split("also spelled: ", 1)[1].rstrip(".").split(" and ")[0].split(", ")
    words = [entry.split(" (")[0] for entry in also]
    assert "AA" not in words and len(words) == len(set(words)), said


def test_a_question_mark_reports_every_word_it_makes():
    result = judge("c", "?", "t")
    assert {"cat", "cot", "cut"} <= set(result.readings[0].words)
    assert result.readings[0].words.index("cat") < result.readings[0].words.index("cot")  # same tier: alphabetical
    assert result.explanation.startswith("CAT is spelled from seat 1, with ? as A; also spelled: ")


def test_common_words_come_before_rare_ones():
    tiers = {"cat": 1, "cot": 0, "cut": 2, "etc": 0}  # the real tiers move with the word list; these stay put

    class TinyLexicon:
        rank = 2  # large: every tier
        positions = PositionIndex.build(tiers.items())

        def __contains__(self, word):
            return word in tiers

    readings = booksmack.find_words(parse_cards(["c", "?", "t"]), TinyLexicon())
    assert [(r.seat, r.words, r.count) for r in readings] == [(1, ["cot", "cat", "cut"], 3), (2, ["etc"], 1)]
    assert judge_round(["c", "?", "t"], TinyLexicon()).spells == "cot"


@pytest.mark.parametrize(
    "cards, why",
    [
        (["c", "a", "t", "5"], "a number blocks spelling"),
        (["c", "a", "t", "!"], "any other symbol blocks spelling"),
        (["c", "a", "t", "."], "a period too"),
        (["a"], "one letter is not a word"),
        (["?", "?"], "only question marks spell nothing"),
        (["?", " ", "?"], "nor with spaces"),
    ],
)
def test_no_word_is_spelled(cards, why):
    result = judge(*cards)
    assert result.spells is None and result.spelled_from == [] and result.readings == [], why
    assert result.action != "say_word"


# --- ruling 3: the highest card ------------------------------------------------


@pytest.mark.parametrize(
    "cards, winners",
    [
        (["b", "Z", "m"], [2]),
        (["z", "Z"], [2]),  # the base rule: uppercase and lowercase, tap the uppercase
        (["a", "A", "á"], [3]),  # a diacritic beats uppercase
        (["5", "E"], [1]),  # a number beats the letter at its position
        (["12", "z"], [2]),
        (["é", "è", "ê", "4"], [1, 2, 3]),  # diacritic versions of one letter tie
        (["É", "é", "5"], [3]),  # the number still beats them
        (["É", "é", "d"], [1, 2]),  # an uppercase É is a diacritic letter: it ties é
    ],
)
def test_the_highest_card_wins(cards, winners):
    result = judge(*cards)
    assert (result.action, result.rule, result.winners) == ("tap", "highest", winners)


@pytest.mark.parametrize(
    "lower, higher",
    [
        ("a", "A"),
        ("A", "á"),
        ("á", "1"),
        ("a", "1"),
        ("z", "Z"),
        ("Z", "26"),
        ("y", "z"),
        ("ø", "p"),
        ("É", "5"),
    ],
)
def test_rank_keys_follow_the_tie_break_order(lower, higher):
    assert rank_key(parse_card(lower)) < rank_key(parse_card(higher))


def test_explanations_of_the_highest_card():
    assert judge("b", "Z", "m").explanation == "Z is the highest letter."
    assert (
        judge("z", "Z").explanation == "Z is the highest letter, ahead of z at equal rank (uppercase beats lowercase)."
    )
    assert (
        judge("5", "E").explanation
        == "5 is the highest card, ahead of E at equal rank (a number beats the letter at its position)."
    )


def test_tied_winners_share_the_cards_and_discard_the_rest():
    result = judge("é", "è", "ê", "4")
    assert result.shares == Shares(3, 1, 1)
    assert result.explanation == (
        "ê, é and è tie as the highest card, so each of them wins; "
        "if 3 players tap at once, each gets 1 of the 4 cards and 1 is discarded."
    )
    assert booksmack.share_cards(7, 2) == Shares(2, 3, 1)
    assert booksmack.share_cards(6, 3) == Shares(3, 2, 0)


# --- ruling 4: powers ------------------------------------------------------------


@pytest.mark.parametrize(
    "cards, rule, winners",
    [
        # ~ : any other card wins, but never the cards that are never tapped
        (["~", "a", "?", "b"], "tilde", [2, 4]),
        (["~", "!", "!", "a"], "tilde", [4]),  # ~ comes before !
        (["~", "?"], "tilde", []),
        # ! : more ! than letters
        (["!", "!", "a"], "exclamation", [1, 2]),
        (["!", "5"], "exclamation", [1]),  # numbers are not letters
        (["!", "!", "a", "b"], "highest", [4]),  # equal is not more
        # * : more non-letters than letters
        (["*", "5", "?", "a"], "asterisk", [1]),
        (["*", "!", "a"], "asterisk", [1]),  # one ! is not more than one letter, but two non-letters are
        (["!", "!", "*", "a"], "exclamation", [1, 2]),  # ! comes before *
        (["*", "a", "b"], "highest", [3]),
    ],
)
def test_outright_powers(cards, rule, winners):
    result = judge(*cards)
    assert (result.rule, result.winners) == (rule, winners)
    assert result.action == ("tap" if winners else "none")


@pytest.mark.parametrize(
    "cards, winners, ranks",
    [
        (["y", "+", "Z"], [2], [25, 27, 26]),  # + ranks as its higher neighbour plus one
        (["x", "+", "y", "Z"], [4], [24, 26, 25, 26]),  # + counts as a lowercase z (its neighbour's form): Z beats it
        (["x", "+", "y", "z"], [2, 4], [24, 26, 25, 26]),  # ... and ties a lowercase z
        (["b", "-", "c"], [3], [2, 2, 3]),
        (["c", "+", "-", "d"], [2, 4], [3, 4, 3, 4]),  # side by side, + and - ignore each other
        (["+", "."], [], [None, None]),  # no ranked neighbour: unranked
        (["a", "&", "b"], [1, 3], [3, None, 3]),  # & ties its neighbours at the sum
        (["a", "&", "B"], [3], [3, None, 3]),  # ... the tie-break order still holds
        (["m", "&", "n", "z"], [1, 3], [27, None, 27, 26]),
        (["a", "&", "b", "&", "c", "x"], [6], [6, None, 6, None, 6, 24]),  # a chain ranks as its sum
        (["y", "+", "&", "b"], [2, 4], [25, 28, None, 28]),  # & sums the ranks after + and -
    ],
)
def test_rank_powers(cards, winners, ranks):
    result = judge(*cards)
    assert result.winners == winners
    assert result.ranks == ranks


def test_a_plus_explains_its_rank():
    assert judge("y", "+", "Z").explanation == "+ (Z plus one = 27) is the highest card."


@pytest.mark.parametrize(
    "cards, winners",
    [
        (["Z", ".", "y", "é", ".", "m", "è"], [1, 3]),  # one winner per group
        ([".", "é", "è", ".", "b"], [2, 3, 5]),  # a . with a tie: both tied cards of that group win
        (["é", "è", ".", "b"], [1, 2]),  # a single period leaves one group
        ([".", ".", "a"], [3]),  # empty groups are ignored
        ([".", "!", ".", "a"], [4]),  # a group with no ranked card has no winner
    ],
)
def test_periods_cut_the_circle_into_groups(cards, winners):
    result = judge(*cards)
    assert (result.rule, result.winners) == ("highest", winners)


def test_period_explanation():
    assert judge("Z", ".", "y", "é", ".", "m", "è").explanation == (
        "The periods cut the table into 2 groups, so the highest card of each group wins: Z and y; "
        "if 2 players tap at once, each gets 3 of the 7 cards and 1 is discarded."
    )


@pytest.mark.parametrize(
    "cards, winners",
    [
        (["b", "Z", "#", "m"], [1]),
        (["a", "A", "#"], [1]),  # at equal rank the lower of the tie-break order is lower
        (["#", "1", "a"], [3]),  # a number is above the letter at its position, so the letter is lowest
        (["#", "#", "b", "c"], [3]),  # several # do not cancel
        ([".", "b", "Z", "#", ".", "m", "a"], [2, 7]),  # # turns every group to its lowest card
    ],
)
def test_pound_makes_the_lowest_card_win(cards, winners):
    result = judge(*cards)
    assert (result.rule, result.winners) == ("lowest", winners)


def test_pound_explanation():
    assert judge("b", "Z", "#", "m").explanation == "# is on the table, so the lowest card wins: b."


@pytest.mark.parametrize(
    "cards, winners",
    [
        (["Z", "@", "m"], [2]),
        (["b", "@", "Z", "#", "m"], [2]),  # a # with an @: the @ takes the lowest card's win
        (["b", "Z", "@", "#", "m"], [1]),  # ... but only when it sits next to it
        (["é", "@", "è", "b"], [2]),  # an @ between two tied winners replaces both: one winning card
        (["z", "@", "Z", "@"], [2, 4]),  # two @ next to the winner both win
        (["Z", ".", "@", "m", "."], [1, 3]),  # per group: @ replaces m, the winner of its group
        (["@", "!", "!"], [2, 3]),  # @ does not redirect a ! ruling
    ],
)
def test_at_sign_next_to_a_winning_card_wins_instead(cards, winners):
    assert judge(*cards).winners == winners


def test_at_sign_explanation():
    assert judge("Z", "@", "m").explanation == "Z is the highest letter, but @ sits next to Z, so the @ wins instead."
    # an @ between two tied winners counts once: one @ wins, and the sentence says one
    assert judge("é", "@", "è", "b").explanation.endswith(", but @ sits next to é and è, so the @ wins instead.")


@pytest.mark.parametrize(
    "cards", [["@", "z", "@"], ["z", "@", "y", "@"], ["z", "@", "Z", "@"], [".", "Z", "@", ".", "m", "@"]]
)
def test_several_at_signs_winning_are_said_as_several(cards):
    """Every @ that takes over wins (ruling 4), and the sentence counts them as the winners list does."""
    result = judge(*cards)
    ats = [seat for seat in result.winners if cards[seat - 1] == "@"]
    assert len(ats) == 2 and "so the @ wins instead" not in result.explanation
    assert "2 @ cards sit next to " in result.explanation
    assert "so each of the 2 @ cards wins instead" in result.explanation


def test_two_at_signs_beside_one_winner_explained():
    assert judge("@", "z", "@").explanation == (
        "z is the highest letter, but 2 @ cards sit next to z, so each of the 2 @ cards wins instead; "
        "if 2 players tap at once, each gets 1 of the 3 cards and 1 is discarded."
    )


@pytest.mark.parametrize("cards", [["?", "."], ["~"], [" ", "@"], [".", "&", "."], ["+", "-"]])
def test_nothing_to_tap(cards):
    result = judge(*cards)
    assert (result.action, result.winners) == ("none", [])
    assert result.shares == Shares(0, 0, len(cards))
    assert result.explanation.endswith("nobody wins the round and its cards are discarded.")


def test_to_dict_is_json_ready():
    import json

    data = judge("b", "Z", "m").to_dict()
    assert json.loads(json.dumps(data)) == data
    assert set(data) == {
        "cards",
        "action",
        "rule",
        "spells",
        "spelled_from",
        "readings",
        "winners",
        "ranks",
        "shares",
        "explanation",
    }
    assert data["cards"][1] == {
        "text": "Z",
        "kind": "letter",
        "name": "letter Z",
        "letter": "z",
        "rank": 26,
        "form": "uppercase",
        "uppercase": True,
        "published": False,
    }
    assert data["shares"] == {"winners": 1, "each": 3, "discarded": 0}


# --- ? cards: the words listed, and the work they cost ----------------------------
# Times are measured in bench/booksmack.py, never asserted here: the tests count the work instead.

LARGE = load_lexicons()["large"]
WILD_CARD = st.sampled_from(["?"] * 6 + list("aeistrlnoucdg") + [" "])


def every_word(pattern, lexicon):
    """Every word a reading spells, found without solver/positions.py: the lexicon's own pattern match, in ruling
    2's order (smallest tier, then A to Z)."""
    if "?" not in pattern:
        return [pattern] if pattern in lexicon else []
    return sorted(lexicon.matches(pattern), key=lambda w: (SIZES.index(lexicon.tier(w)), w))


class CountingLexicon:
    """A lexicon that counts every word the judge asks it about or reads from it: a membership, prefix or tier
    question, each word a pattern match returns, and each step of its position index (one AND of a letter's bits,
    one word read)."""

    def __init__(self, lexicon):
        self.inner, self.rank, self.asked = lexicon, lexicon.rank, 0
        self.steps_before = lexicon.positions.steps

    @property
    def positions(self):
        return self.inner.positions

    def __contains__(self, word):
        self.asked += 1
        return word in self.inner

    def has_prefix(self, prefix):
        self.asked += 1
        return self.inner.has_prefix(prefix)

    def tier(self, word):
        self.asked += 1
        return self.inner.tier(word)

    def matches(self, pattern):
        found = self.inner.matches(pattern)
        self.asked += 1 + len(found)
        return found

    def work(self):
        return self.asked + self.inner.positions.steps - self.steps_before


def work_bound(cards):
    """The most a round may cost: for each reading (one per card), one step per letter card and one per word it
    lists. Each step is an operation on integers of one bit per word of that length, so its cost is bounded by the
    lexicon, whatever the cards."""
    seats = [c for c in cards if c != " "]
    letters = sum(c != "?" for c in seats)
    return len(seats) * (letters + READING_WORDS + 1)


@pytest.mark.parametrize(
    "cards",
    [
        ["?"] * 9 + ["e"],
        ["s"] + ["?"] * 8,
        ["?"] * 5 + ["e"],
        ["?", "e", "?", "s", "?", "a", "?", "t", "?", "r"],
        ["?"] * 39 + ["e"],
        ["?", "a"] * 20,
    ],
)
def test_a_round_of_question_marks_costs_the_words_it_lists_not_the_words_it_could_spell(cards):
    """Many `?` side by side match tens of thousands of words of one length: the judge reads only the words each
    reading lists (solver/positions.py), never every word of that length once per reading."""
    counting = CountingLexicon(LARGE)
    result = judge_round(cards, counting)
    assert counting.work() <= work_bound(cards)
    assert result.readings == judge_round(cards, LARGE).readings  # counting changed nothing


@SLOW
@given(st.lists(WILD_CARD, min_size=2, max_size=MAX_CARDS), st.sampled_from(["standard", "large"]))
def test_the_work_of_any_round_is_bounded_by_its_cards(cards, size):
    counting = CountingLexicon(load_lexicons()[size])
    judge_round(cards, counting)
    assert counting.work() <= work_bound(cards)


@SLOW
@given(st.lists(WILD_CARD, min_size=2, max_size=10), st.sampled_from(["standard", "large"]))
@example(["?"] * 9 + ["e"], "large")
@example(["?", "?", "a"], "standard")
def test_each_reading_lists_its_first_words_and_counts_them_all(cards, size):
    """Ruling 2: the seats, each reading's words most common first (the first READING_WORDS of them, and how many
    there are), the word said and how many other words the sentence counts are those of every word the circle
    spells, found here by the lexicon's own pattern match."""
    lexicon = load_lexicons()[size]
    result = judge_round(cards, lexicon)
    seats = [(i, c) for i, c in enumerate(cards, 1) if c != " "]
    pattern = "".join(c for _, c in seats)
    if len(seats) < 2 or set(pattern) == {"?"}:
        assert result.readings == []
        return
    found = [(seat, every_word(pattern[k:] + pattern[:k], lexicon)) for k, (seat, _) in enumerate(seats)]
    want = [Reading(seat, words[:READING_WORDS], len(words)) for seat, words in found if words]
    assert result.readings == want
    if want:
        others = len({w for _, words in found for w in words}) - 1
        assert result.spells == want[0].words[0]
        assert ("also spelled" in result.explanation) == (others > 0)
        assert result.explanation.endswith(f" and {others - 5} more.") == (others > 5), result.explanation
        assert turn_state(cards, lexicon, 1).readings == want


def test_the_rulings_and_the_api_manual_say_how_many_words_a_reading_lists():
    root = Path(__file__).resolve().parent.parent
    ruling = (root / "docs" / "rules" / "booksmack.md").read_text("utf-8")
    manual = (root / "docs" / "api.md").read_text("utf-8")
    assert f"first {READING_WORDS} of them (`READING_WORDS`)" in " ".join(ruling.split())
    assert f"lists {READING_WORDS} words at most (`READING_WORDS`)" in manual


# --- ruling 6: the Space card is ignored entirely ---------------------------------

# "Ignore it entirely": each table with Space cards is judged as the same table
# without them, for every rule; the spaces only join the round's cards.
SPACE_RULING = [
    # cards with spaces,            tap (seats),  rule,          why
    (["*", " ", " ", "a"], [4], "highest", "no card for *'s count: 1 non-letter, 1 letter"),
    (["!", " ", "a"], [3], "highest", "! vs letters: spaces are no letter either way"),
    (["!", "!", " ", "a"], [1, 2], "exclamation", "two ! against one letter"),
    (["*", " ", " ", "!", "a"], [1], "asterisk", "2 non-letters against 1 letter still taps *"),
    (["b", " ", "@", "Z"], [3], "highest", "@ sits next to Z once the space is gone"),
    (["Z", " ", "@", "b"], [3], "highest", "@'s neighbours are Z and b, across the space"),
    (["y", " ", "+", "b"], [3], "highest", "+ reads y across the space: z"),
    (["Z", "-", " ", "y"], [1], "highest", "- is Z minus one = y, not beating Z"),
    (["m", " ", "&", "n", "Y"], [1, 4], "highest", "& links m and n across the space: 27 beats Y"),
    ([" ", ".", "b", " ", "a", "."], [3], "highest", "a space splits no group"),
    (["~", " ", "a"], [3], "tilde", "a space is never tapped, even with ~"),
    ([" ", " "], [], "nothing", "a table of spaces: nothing to tap"),
]


@pytest.mark.parametrize("cards, tap, rule, why", SPACE_RULING, ids=[row[3] for row in SPACE_RULING])
def test_a_space_card_is_ignored_entirely(cards, tap, rule, why):
    result = judge_round(cards, LEXICON)
    assert (result.winners, result.rule) == (tap, rule), why
    seats = [i for i, c in enumerate(cards, 1) if c != " "]
    without = judge_round([c for c in cards if c != " "], LEXICON) if seats else None
    if without:  # the same verdict as the table without the spaces, seats mapped back
        assert [seats[p - 1] for p in without.winners] == result.winners and without.rule == result.rule
    assert result.shares.winners * result.shares.each + result.shares.discarded == len(cards)  # spaces go to the winner


NO_SPACE_CARD = st.sampled_from(sorted(set(PUBLISHED + HOME_MADE) - {" "}))


@SLOW
@given(
    st.lists(NO_SPACE_CARD, min_size=1, max_size=8).filter(lambda cs: cs.count("?") <= 2),
    st.lists(st.integers(0, 8), max_size=4),
)
def test_spaces_anywhere_change_nothing_but_the_seats(cards, spots):
    spaced = list(cards)
    for spot in sorted(spots, reverse=True):
        spaced.insert(min(spot, len(spaced)), " ")
    seats = [i for i, c in enumerate(spaced, 1) if c != " "]
    plain, with_spaces = judge_round(cards, LEXICON), judge_round(spaced, LEXICON)
    assert (with_spaces.action, with_spaces.rule, with_spaces.spells) == (plain.action, plain.rule, plain.spells)
    assert with_spaces.winners == [seats[p - 1] for p in plain.winners]
    assert [r for r, c in zip(with_spaces.ranks, spaced) if c != " "] == plain.ranks


@SLOW
@given(
    st.lists(ANY_CARD, min_size=1, max_size=8).filter(lambda cs: cs.count("?") <= 2),
    st.lists(st.integers(0, 8), max_size=3),
)
def test_an_absent_place_is_ignored_and_none_of_the_cards_shared(cards, spots):
    """A table's seat whose player left is given as a Space card that is `absent` (ruling 11): judged as the Space
    card is (ruling 6), but the round's cards are only those played, real Space cards among them."""
    row = list(cards)
    for spot in sorted(spots, reverse=True):
        row.insert(min(spot, len(row)), " ")
    absent = [i for i, c in enumerate(row, 1) if c == " "][: len(spots)]  # any of the Space cards, as many as added
    kept = [c for i, c in enumerate(row, 1) if i not in absent]
    judged, plain = judge_round(row, LEXICON, absent=absent), judge_round(kept, LEXICON)
    assert judged.shares == plain.shares
    assert plain.shares.each * plain.shares.winners + plain.shares.discarded == len(kept)
    if judged.action != "say_word":
        assert judged.explanation == plain.explanation


def test_an_absent_place_is_not_counted_in_the_share():
    assert judge(" ", "é", "è").shares == Shares(2, 1, 1)  # a Space card played goes to a winner or the discard
    result = judge_round(["é", "è", " "], LEXICON, absent=[3])
    assert (result.winners, result.shares) == ([1, 2], Shares(2, 1, 0))
    assert result.explanation.endswith("; if 2 players tap at once, each gets 1 of the 2 cards.")


# --- ruling 7: turn-based, the card just played -----------------------------------

# "If it's currently the highest card, draw a card ... If it's currently the
# lowest card, steal a card ... If you spell a word, you win all cards played."
TURN_RULING = [
    # cards,                     played, action,  why
    (["b", "Z", "m", "a"], 2, "draw", "Z is the highest"),
    (["b", "Z", "m", "a"], 4, "steal", "a is the lowest"),
    (["b", "Z", "m", "a"], 1, "none", "b is neither"),
    (["b", "Z", "m", "a"], 3, "none", "m is neither, whoever holds Z or a"),
    (["#", "b", "Z", "m"], 2, "draw", "under # the lowest card is the one to tap"),
    (["#", "b", "Z", "m"], 3, "steal", "under # the highest card is the other end"),
    (["a"], 1, "draw", "the only ranked card is highest, not also lowest"),
    (["c", "a", "t"], 2, "win", "CAT is spelled: the player who just played wins, whichever card"),
    (["c", "a", "t"], 3, "win", "spelling replaces drawing, as it comes first in the base game"),
    (["E", "e", "E"], 3, "draw", "tied highest cards: either draws"),
    ([".", "Z", "a", ".", "m", "b"], 5, "draw", "per group: m is the highest of its group"),
    ([".", "Z", "a", ".", "m", "b"], 6, "steal", "per group: b is the lowest of its group"),
    (["Z", " ", "a"], 2, "none", "a Space is ignored entirely"),
    (["Z", "@", "m"], 2, "draw", "@ next to the highest card is the card to tap"),
    (["!", "a", "b"], 1, "none", "! is never tapped: one ! against two letters"),
    (["z", "@"], 1, "none", "@ takes the win from z, the only ranked card: highest, not also lowest"),
    (["!", "!", "z"], 3, "none", "the ! cards are tapped: z, the only ranked card, does not steal"),
    (["#", "a", "@"], 2, "none", "under # a wins by rank and @ takes the tap: a is no other end"),
    (["#", "a", "@", "z"], 4, "steal", "under # the highest card steals, @ or not"),
    (["z", "@", "a"], 3, "steal", "@ takes z's win: a is still the other end of the ranking"),
    (["~", "a", "b"], 2, "draw", "~: any other card is the one to tap, the lowest too"),
]


@pytest.mark.parametrize("cards, played, action, why", TURN_RULING, ids=[row[3] for row in TURN_RULING])
def test_turn_based_acts_on_the_card_just_played(cards, played, action, why):
    state = turn_state(cards, LEXICON, played)
    assert (state.played, state.action) == (played, action), why


@SLOW
@given(st.lists(PLAIN_CARD, min_size=1, max_size=8), st.data())
def test_turn_action_follows_highest_lowest_and_spelling(cards, data):
    played = data.draw(st.integers(1, len(cards)))
    state = turn_state(cards, LEXICON, played)
    round_ = judge_round(cards, LEXICON)
    if round_.spells:
        assert state.action == "win"
    else:
        assert state.highest == round_.winners  # the card to tap, as in the base game
        expected = "draw" if played in state.highest else "steal" if played in state.lowest else "none"
        assert state.action == expected
        assert not set(state.highest) & set(state.lowest)


def groups_of(cards):
    """Seats (1-based) of each group the periods cut the circle into, Space cards left out: an oracle for ruling 4."""
    seats = [i for i, c in enumerate(cards, 1) if c != " "]
    periods = [k for k, s in enumerate(seats) if cards[s - 1] == "."]
    if not periods:
        return [seats]
    seats = seats[periods[0] :] + seats[: periods[0]]
    groups, group = [], []
    for s in seats[1:] + seats[:1]:
        if cards[s - 1] == ".":
            groups.append(group)
            group = []
        else:
            group.append(s)
    return groups


@SLOW
@given(st.lists(ANY_CARD, min_size=1, max_size=8).filter(lambda cs: cs.count("?") <= 2), st.data())
@example(["z", "@"], None)
@example(["!", "!", "z"], None)
@example(["#", "a", "@"], None)
def test_the_card_that_steals_is_never_one_to_tap_nor_its_groups_only_ranked_card(cards, data):
    """Ruling 7: the steal end is the other end of each group's ranking from the cards that win it by rank, whatever
    @, ~, ! or * then make the card to tap. So a card that steals is not a card to tap, a card of its group ranks
    beyond it toward the tapping end (higher, or lower under #), and a group's only ranked card never steals."""
    played = data.draw(st.integers(1, len(cards))) if data else len(cards)
    state = turn_state(cards, LEXICON, played)
    ranks = judge_round(cards, LEXICON).ranks
    toward_tap = (lambda a, b: a <= b) if "#" in cards else (lambda a, b: a >= b)
    assert not set(state.lowest) & set(state.highest)
    for group in groups_of(cards):
        ranked = [s for s in group if ranks[s - 1] is not None]
        if len(ranked) == 1:
            assert ranked[0] not in state.lowest, (ranked, state.lowest)
        for s in set(state.lowest) & set(group):
            assert any(toward_tap(ranks[o - 1], ranks[s - 1]) for o in ranked if o != s)
    if state.action == "steal":
        assert played in state.lowest and played not in state.highest


@pytest.mark.parametrize(
    "cards, played, why",
    [
        (["z", "@"], 1, "it wins by rank, but another card is the one to tap, so its player neither draws nor steals"),
        (["#", "a", "@", "z"], 4, "# is on the table, so the highest card is the other end from the one to tap: it is"),
        (["#", "b", "Z"], 2, "# is on the table, so the lowest card is the one to tap: it is, so its player draws"),
        (["Z", "@", "m"], 2, "it is a card to tap, so its player draws a card"),
        (["Z", "~", "b"], 1, "it is a card to tap, so its player draws a card"),  # ~: every card but it
        (["Z", "#", "~", "b"], 4, "it is a card to tap, so its player draws a card"),
        (["Z", "b"], 1, "it is the highest card (the one to tap), so its player draws a card"),
    ],
)
def test_a_turns_sentence_says_which_end_the_card_is(cards, played, why):
    """Under # the card to tap is the lowest and the card that steals the highest; a card @ (or ~, !, *) took the
    tap from is said to win by rank, not to be the lowest; a card ~ made one of the cards to tap is not said to be
    the highest or the lowest, which the rank did not decide."""
    assert turn_state(cards, LEXICON, played).explanation.startswith(f"Seat {played} played {cards[played - 1]}: {why}")


def test_turn_state_explanation_and_dict():
    state = turn_state(["b", "Z", "m", "a"], LEXICON, 4)
    assert state.explanation == (
        "Seat 4 played a: it is the lowest card, so its player steals a card from another player. "
        "To tap: Z (seat 2); the other end: a (seat 4)."
    )
    assert set(state.to_dict()) == {
        "cards",
        "played",
        "action",
        "highest",
        "lowest",
        "spells",
        "spelled_from",
        "readings",
        "explanation",
    }


def test_a_spelled_word_is_won_by_whoever_just_played_and_the_sentence_says_so():
    """CAT read from seat 1, played at seat 2: seat 2's player wins, and the sentence names no other winner."""
    state = turn_state(["c", "a", "t"], LEXICON, 2)
    assert state.action == "win" and state.spelled_from == [1]
    assert state.explanation.startswith("Seat 2 played a: CAT is spelled (read from seat 1), so the player who played")
    assert "so its player" not in state.explanation


@pytest.mark.parametrize("played", [0, 5, "2", True, None])
def test_turn_state_refuses_a_seat_not_on_the_table(played):
    with pytest.raises(ValueError, match=r"^played: give the seat of the card just played, 1 to 4"):
        turn_state(["b", "Z", "m", "a"], LEXICON, played)


# --- scoring ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "cards, variant, points",
    [
        (["a", "Z", "!", " ", "12"], "base", [1, 1, 1, 1, 1]),
        (["a", "e", "j", "z", "ö", "12", "?"], "turn-based", [0, 1, 2, 5, 3, 1, 1]),  # ö scores as o
        (["E", "e"], "turn-based", [3, 3]),  # both cases owned: +2 each
        (["e", "é", "è"], "turn-based", [-1, -1, -1]),  # several lowercase versions: -2 each
        (["E", "e", "é"], "turn-based", [3, 1, 1]),  # both at once
        (["É", "e"], "turn-based", [3, 3]),  # an uppercase É is an uppercase E
        (["E", "é"], "turn-based", [3, 3]),  # a diacritic card is lowercase (the published ones all are)
        (["E", "E"], "turn-based", [1, 1]),  # no lowercase, no bonus
    ],
)
def test_score_collection(cards, variant, points):
    result = score_collection(cards, variant)
    assert [line.points for line in result.breakdown] == points
    assert result.total == sum(points)
    assert [line.card for line in result.breakdown] == cards


def test_score_explains_each_card():
    result = score_collection(["E", "e", "é"], "turn-based")
    assert result.breakdown[1].why == (
        "E is letter 5, 5 // 5 = 1; +2: both uppercase and lowercase E owned; "
        "-2: several lowercase versions of e owned (e é)"
    )
    assert result.to_dict()["breakdown"][0] == {
        "card": "E",
        "points": 3,
        "why": "E is letter 5, 5 // 5 = 1; +2: both uppercase and lowercase E owned",
    }


def test_score_refuses_bad_input():
    with pytest.raises(ValueError, match="unknown variant"):
        score_collection(["a"], "fancy")
    with pytest.raises(ValueError, match=r"card 2 \('%'\)"):
        score_collection(["a", "%"])


# --- properties ------------------------------------------------------------------


def oracle_key(text):
    """Rank a plain card by the rulebook's order, independently of the module."""
    card = parse_card(text)
    if card.kind == "number":
        return (card.rank, 3)
    place = 2 if not text.isascii() else (1 if text.isupper() else 0)
    return ("abcdefghijklmnopqrstuvwxyz".index(card.letter) + 1, place)


@SLOW
@given(st.lists(ANY_CARD, min_size=1, max_size=10).filter(lambda cs: cs.count("?") <= 3), st.integers(0, 9))
@example(["m", "&", "10", "&", "l", "25", "&", "10"], 3)  # two tied 10s with different links: named by link, not seat
def test_rotating_the_seats_rotates_the_winners_and_changes_nothing_else(cards, shift):
    shift %= len(cards)
    rotated = cards[shift:] + cards[:shift]
    original, turned = judge_round(cards, LEXICON), judge_round(rotated, LEXICON)
    seat = lambda p: (p - 1 + shift) % len(cards) + 1  # a rotated seat's seat in the original order
    assert sorted(seat(p) for p in turned.winners) == original.winners
    assert (turned.action, turned.rule, turned.shares) == (original.action, original.rule, original.shares)
    assert turned.ranks == original.ranks[shift:] + original.ranks[:shift]
    assert sorted(seat(p) for p in turned.spelled_from) == original.spelled_from
    assert {(seat(r.seat), tuple(r.words)) for r in turned.readings} == {
        (r.seat, tuple(r.words)) for r in original.readings
    }
    if original.action != "say_word":  # a spelled word's sentence names seats; the others do not
        assert turned.explanation == original.explanation


@SLOW
@given(st.lists(PLAIN_CARD, min_size=1, max_size=12))
def test_a_round_with_no_powers_always_has_a_winner(cards):
    result = judge_round(cards, LEXICON)
    assert result.action in ("say_word", "tap")
    assert result.spells or result.winners
    if result.action == "tap":
        best = max(oracle_key(c) for c in cards)
        assert {cards[p - 1] for p in result.winners} == {c for c in cards if oracle_key(c) == best}


@SLOW
@given(PLAIN_CARD, PLAIN_CARD, st.booleans())
def test_ranks_follow_the_tie_break_order(first, second, lowest):
    assert (rank_key(parse_card(first)) < rank_key(parse_card(second))) == (oracle_key(first) < oracle_key(second))
    # A period stops spelling and leaves one group; a # turns the round to its lowest card.
    cards = [first, second, "."] + (["#"] if lowest else [])
    pick = min if lowest else max
    best = pick(oracle_key(first), oracle_key(second))
    expected = [p for p, c in ((1, first), (2, second)) if oracle_key(c) == best]
    assert judge_round(cards, LEXICON).winners == expected


@SLOW
@given(st.lists(ANY_CARD, min_size=1, max_size=10).filter(lambda cs: cs.count("?") <= 3))
def test_never_tapped_cards_win_only_by_their_own_power(cards):
    result = judge_round(cards, LEXICON)
    own = {"exclamation": "!", "asterisk": "*"}.get(result.rule)
    for position in result.winners:
        text = cards[position - 1]
        assert 1 <= position <= len(cards)
        assert text not in NEVER_TAPPED or text in (own, "@"), (cards, result.winners)
        if text == "@":
            assert result.rule in ("highest", "lowest")


@pytest.mark.parametrize("name", ["space", "SPACE", "Space", "␣"])
def test_the_space_card_is_its_name_as_well_as_a_space_for_every_caller(name):
    """A single space is hard to type on a command line or see in a box: `space` and ␣ are the Space card too, in
    the engine itself, so the pages, the command line and the API read a round alike."""
    assert parse_card(name) == parse_card(" ")
    assert judge("a", name, "b").explanation == judge("a", " ", "b").explanation
