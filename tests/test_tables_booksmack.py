"""Booksmack at a table (tables/booksmack.py): rounds, turns, the end and the scores, through decide and apply.

Pure: no store, no Flask. Each test builds a table's record event by event the
way the service does (decide, then apply at the next seq) and checks the state;
the replay property folds the exported record again and gets the same state.
Rulings 9-13 of docs/rules/booksmack.md are cited by number.
"""

import json
import random
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from solver.booksmack import published_deck, turn_state
from solver.lexicon import load_lexicons
from tables.booksmack import EMPTY_PLACE, VARIANTS, card_set
from tables.events import Actor, Context, Event, Forbidden, Refused, Rejected
from tables.state import apply, decide, fold

LEXICONS = {"standard": load_lexicons()["standard"]}
HOST = Actor(host=True)
ANN, BOB, CY = Actor(seat=1), Actor(seat=2), Actor(seat=3)


class Table:
    """A table's record and its state, grown the way the service grows them."""

    def __init__(self, seats=("Ann", "Bob", "Cy"), variants=(), table_settings=None):
        data = {
            "game": "booksmack",
            "lexicon": "standard",
            "variants": list(variants),
            "seats": list(seats),
            "settings": dict(table_settings or {}),
        }
        self.events = [Event(1, "table_created", "2026-11-30T18:00:00.000Z", 0, data)]
        self.state = fold(self.events)
        self.context = Context(LEXICONS, random.Random(7), 0.0)

    def act(self, actor, **action):
        """Do one action; the new events' types."""
        new = decide(self.state, actor, action, self.context)
        for made in new:
            event = Event(self.state.seq + 1, made.type, "2026-11-30T18:00:01.000Z", made.by, made.data)
            self.events.append(event)
            apply(self.state, event)
        return [made.type for made in new]

    @property
    def game(self):
        return self.state.to_dict()["booksmack"]

    def libraries(self):
        return [seat["library"] for seat in self.game["seats"]]

    def hands(self):
        return [seat["hand"] for seat in self.game["seats"]]


def test_the_words_these_tests_rely_on_are_in_the_lexicon():
    # A failure here means the word list changed, not the table.
    lexicon = LEXICONS["standard"]
    assert all(word in lexicon for word in ["cat", "at", "be"])
    assert not any(word in lexicon for word in ["bz", "zb", "az", "za", "qc", "cq", "eb", "bmz"])


# --- creating the table: variants and the deal (rulings 9 and 10) --------------------------


def test_a_new_base_table_deals_four_cards_and_waits_for_the_first_round():
    game = Table().game
    assert game["variant"] == "base" and game["expansions"] == []
    assert game["phase"] == "playing" and game["round"] == 0 and game["turn"] is None
    assert [seat["hand"] for seat in game["seats"]] == [4, 4, 4]
    assert game["deck"] == 39 - 12  # the base set is 39 cards
    assert game["scores"] is None and game["winners"] is None


def test_turn_based_deals_six_and_seat_one_plays_first():
    game = Table(variants=["turns", "glyphs"]).game
    assert game["variant"] == "turns" and game["expansions"] == ["glyphs"]
    assert game["turn"] == 1 and [s["hand"] for s in game["seats"]] == [6, 6, 6]
    assert game["deck"] == 39 + 16 - 18


@pytest.mark.parametrize(
    "variants, table_settings, path",
    [
        (["turns", "speed"], {}, ("variants", 1)),
        (["Turns"], {}, ("variants", 0)),  # names are exact
        ([], {"hand": 14}, ("settings", "hand")),  # 3 seats x 14 > the 39 base cards
        ([], {"hand": 0}, ("settings", "hand")),
        ([], {"hand": "4"}, ("settings", "hand")),
    ],
)
def test_a_table_the_rules_cannot_deal_is_refused_at_creation(variants, table_settings, path):
    with pytest.raises(Refused) as refused:
        Table(variants=variants, table_settings=table_settings)
    assert refused.value.path == path


def test_every_expansion_of_the_data_file_has_a_variant():
    sets = [name for name, _ in published_deck()]
    assert sorted(filter(None, VARIANTS.values())) == sorted(sets[1:])
    assert card_set("B") == "base"  # home-made: the deck has no uppercase B
    assert card_set("3") == "Nifty Numbers" and card_set("É") == "Cursed Critics"


# --- base rounds (ruling 11) -------------------------------------------------------------


@pytest.mark.parametrize(
    "variants, cards, takers, action, winners, libraries, discarded",
    [
        ([], ["c", "a", "t"], [2], "say_word", [], [[], ["c", "a", "t"], []], []),
        # whoever tapped Z first takes the cards, not necessarily Z's owner
        ([], ["b", "Z", "m"], [3], "tap", [2], [[], [], ["b", "Z", "m"]], []),
        ([], ["z", "Z", "m"], [1], "tap", [2], [["z", "Z", "m"], [], []], []),
        # three tied winning cards, two players tapped at once: one card each, one discarded, in circle order
        (["accents"], ["é", "è", "ê"], [3, 1], "tap", [1, 2, 3], [["è"], [], ["é"]], ["ê"]),
        # nothing can be tapped: the cards are discarded and nobody is named
        (["punctuation"], ["?", "?", "."], None, "none", [], [[], [], []], ["?", "?", "."]),
        (["numbers"], ["5", "E", "b"], [2], "tap", [1], [[], ["5", "E", "b"], []], []),
    ],
)
def test_a_round_is_judged_and_its_takers_get_the_cards(variants, cards, takers, action, winners, libraries, discarded):
    table = Table(variants=variants)
    extra = {} if takers is None else {"takers": takers}
    assert table.act(BOB, type="round", cards=cards, **extra) == ["round"]
    game = table.game
    (entered,) = game["rounds"]
    assert entered["answer"]["action"] == action and entered["answer"]["winners"] == winners
    assert entered["open"] is False and entered["discarded"] == discarded
    assert table.libraries() == libraries
    assert [s["cards_won"] for s in game["seats"]] == [len(lib) for lib in libraries]
    assert game["round"] == 1 and table.hands() == [3, 3, 3]
    names = {1: "Ann", 2: "Bob", 3: "Cy"}
    took = " and ".join(names[seat] for seat in takers or [])
    took = f" {took} take{'s' * (len(takers) == 1)} the cards." if takers else ""  # who took them, for the table
    assert game["latest"] == "Round 1: " + entered["answer"]["explanation"] + took
    assert table.events[-1].by == 2
    # the table's sentence names the players; the record keeps the judge's own words (ruling 15)
    said = table.events[-1].data["answer"]["explanation"]
    assert entered["answer"]["explanation"] == said.replace("seat 1", "Ann").replace("seat 2", "Bob").replace(
        "seat 3", "Cy"
    )
    assert not re.search(r"\bseat \d", game["latest"], flags=re.I)


def test_a_round_entered_without_takers_waits_for_them():
    table = Table()
    table.act(HOST, type="round", cards=["b", "Z", "m"])
    assert table.game["phase"] == "taking" and table.libraries() == [[], [], []]
    assert table.events[-1].by == 0
    with pytest.raises(Rejected) as rejected:
        table.act(ANN, type="round", cards=["a", "b", "c"])
    assert rejected.value.code == "round_open" and rejected.value.message.endswith("before the next round.")
    with pytest.raises(Rejected) as rejected:  # another phone entered the very same round at the same moment
        table.act(ANN, type="round", cards=["b", "Z", "m"])
    assert rejected.value.message == "Round 1 is in already, with these very cards: say who tapped first."
    assert table.act(CY, type="take", takers=[1]) == ["round_taken"]
    assert table.game["latest"] == "Round 1: Ann takes the cards."  # the big box tells the table
    assert table.libraries() == [["b", "Z", "m"], [], []]
    assert table.game["phase"] == "playing" and table.game["rounds"][0]["takers"] == [1]
    with pytest.raises(Rejected) as rejected:
        table.act(CY, type="take", takers=[1])
    assert rejected.value.code == "no_open_round"


@given(rounds=st.integers(1, 3), late=st.integers(0, 2), with_takers=st.booleans())
def test_a_round_sent_with_its_number_is_entered_once_and_only_as_that_round(rounds, late, with_takers):
    """Ruling 16: cards sent for round k go in as round k, or not at all (another phone entered it, or it is
    not yet the next), however the rounds before closed (takers given or not); a number is checked as a number.
    Four cards a hand: the fourth round ends the game."""
    table = Table(variants=["punctuation"])
    for n in range(1, rounds + 1):
        if with_takers:
            table.act(BOB, type="round", cards=["b", "Z", "m"], takers=[2], round=n)
        else:  # no card can be tapped: the round closes at once, its cards discarded
            table.act(BOB, type="round", cards=["?", "?", "?"], round=n)
    assert len(table.game["rounds"]) == rounds
    stale = max(1, rounds - late)
    with pytest.raises(Rejected) as rejected:
        table.act(ANN, type="round", cards=["?", "?", "?"], round=stale)
    assert rejected.value.code == "round_entered"  # Bob entered it: what the judge said, who took the cards
    these = "" if with_takers else " with these very cards"  # the rounds without takers were ? ? ? too
    assert rejected.value.message.startswith(f"Bob already entered round {stale}{these}: ")
    assert rejected.value.message.endswith("Bob takes the cards." if with_takers else "No one takes the cards.")
    with pytest.raises(Rejected) as ahead:
        table.act(ANN, type="round", cards=["?", "?", "?"], round=rounds + 2)
    assert ahead.value.code == "round_moved" and f"the next is round {rounds + 1}" in ahead.value.message
    for bad in (0, True, "2", 1.0):
        with pytest.raises(Refused) as refused:
            table.act(ANN, type="round", cards=["?", "?", "?"], round=bad)
        assert refused.value.path == ("round",) and "(got " in refused.value.message
    assert len(table.game["rounds"]) == rounds  # nothing entered by any of them
    table.act(ANN, type="round", cards=["?", "?", "?"], round=rounds + 1)
    assert len(table.game["rounds"]) == rounds + 1


def test_the_last_round_ends_the_game_with_base_scores():
    table = Table(seats=("Ann", "Bob"), table_settings={"hand": 2})
    assert table.act(ANN, type="round", cards=["b", "e"], takers=[1]) == ["round"]  # BE: Ann said it
    assert table.act(ANN, type="round", cards=["b", "Z"]) == ["round"]
    assert table.game["phase"] == "taking"  # the last round, but its takers are not named yet
    assert table.act(BOB, type="take", takers=[2]) == ["round_taken", "game_ended"]
    game = table.game
    assert game["phase"] == "ended" and table.events[-1].by is None
    assert [(s["seat"], s["total"], s["library"], s["hand"]) for s in game["scores"]] == [(1, 2, 2, 0), (2, 2, 2, 0)]
    assert game["winners"] == [1, 2]  # a tie shares the win
    assert game["latest"] == "Game over: Ann and Bob tie with 2 points."
    with pytest.raises(Rejected) as rejected:
        table.act(HOST, type="end_game")
    assert rejected.value.code == "game_over"


def test_the_host_may_end_a_base_game_early_and_hands_do_not_score():
    table = Table()
    table.act(ANN, type="round", cards=["c", "a", "t"], takers=[3])
    with pytest.raises(Forbidden):
        table.act(ANN, type="end_game")
    assert table.act(HOST, type="end_game") == ["game_ended"]
    game = table.game
    assert [s["total"] for s in game["scores"]] == [0, 0, 3] and game["winners"] == [3]
    assert table.events[-1].data["reason"] == "host"
    assert game["latest"] == "Game over: Cy wins with 3 points. The host ended the game after round 1."


# --- refusals: bad input names its field, a rule names its code -------------------------


@pytest.mark.parametrize(
    "variants, action, path",
    [
        ([], {"type": "fly"}, ("type",)),
        ([], {"type": "round", "cards": ["a", "b"]}, ("cards",)),  # three seats play
        ([], {"type": "round", "cards": "abc"}, ("cards",)),
        ([], {"type": "round", "cards": ["a", "bb", "c"]}, ("cards", 1)),
        ([], {"type": "round", "cards": ["a", "b", "5"]}, ("cards", 2)),  # no Nifty Numbers at this table
        ([], {"type": "round", "cards": ["a", "é", "c"]}, ("cards", 1)),  # nor Cursed Critics
        (["glyphs"], {"type": "round", "cards": ["a", "?", "c"]}, ("cards", 1)),  # ? is Power Punctuation
        ([], {"type": "round", "cards": ["a", "b", "c"], "takers": [4]}, ("takers", 0)),
        ([], {"type": "round", "cards": ["a", "b", "c"], "takers": [3, 3]}, ("takers", 1)),
        ([], {"type": "round", "cards": ["a", "b", "c"], "takers": [1, 2]}, ("takers",)),  # one winning card
        ([], {"type": "round", "cards": ["a", "b", "c"], "takers": []}, ("takers",)),
        ([], {"type": "round", "cards": ["c", "a", "t"], "takers": [1, 2]}, ("takers",)),  # one seat says a word
        ([], {"type": "round", "cards": ["a", "b", "c"], "takers": 2}, ("takers",)),
        (["punctuation"], {"type": "round", "cards": ["?", "?", "."], "takers": [1]}, ("takers",)),
        (["turns"], {"type": "turn", "seat": 0, "card": "a"}, ("seat",)),
        (["turns"], {"type": "turn", "seat": 1}, ("card",)),
        (["turns"], {"type": "turn", "seat": 1, "card": "5"}, ("card",)),
        (["turns"], {"type": "turn", "seat": 1, "card": "ab"}, ("card",)),
        (["turns"], {"type": "turn", "seat": 1, "card": "b", "steal": {"seat": 2, "from": "hand"}}, ("steal",)),
        (["turns"], {"type": "end_game", "hands": [[], [], []]}, ("hands", 0)),  # each holds 6
        (["turns"], {"type": "end_game"}, ("hands",)),
    ],
)
def test_bad_input_is_refused_with_its_path_and_changes_nothing(variants, action, path):
    table = Table(variants=variants)
    before = table.state.to_dict()
    with pytest.raises(Refused) as refused:
        table.act(HOST, **action)
    assert refused.value.path == path
    assert table.state.to_dict() == before


@pytest.mark.parametrize(
    "variants, action, code",
    [
        (["turns"], {"type": "round", "cards": ["a", "b", "c"]}, "turn_based"),
        (["turns"], {"type": "take", "takers": [1]}, "turn_based"),
        ([], {"type": "turn", "seat": 1, "card": "a"}, "not_turn_based"),
        (["turns"], {"type": "turn", "seat": 2, "card": "a"}, "not_your_turn"),
        (["turns"], {"type": "steal", "seat": 2, "from": "hand"}, "no_steal_pending"),
        ([], {"type": "take", "takers": [1]}, "no_open_round"),
    ],
)
def test_an_action_the_rules_do_not_allow_now_is_rejected(variants, action, code):
    table = Table(variants=variants)
    with pytest.raises(Rejected) as rejected:
        table.act(ANN, **action)
    assert rejected.value.code == code


def test_a_viewer_without_a_seat_cannot_enter_cards():
    with pytest.raises(Forbidden):
        Table().act(Actor(), type="round", cards=["a", "b", "c"])


# --- turn-based play (ruling 12) -----------------------------------------------------------


def test_a_turn_based_game_draws_steals_and_wins():
    table = Table(seats=("Ann", "Bob"), variants=["turns"], table_settings={"hand": 3})
    assert table.game["deck"] == 33

    table.act(ANN, type="turn", seat=1, card="b")  # alone on the table: the highest card, so Ann draws
    assert table.events[-1].data["action"] == "draw" and table.hands() == [3, 3] and table.game["deck"] == 32
    assert table.game["turn"] == 2

    table.act(ANN, type="turn", seat=2, card="Z")  # any phone may enter Bob's card; Z is highest: Bob draws
    assert table.events[-1].by == 1 and table.events[-1].data["highest"] == [2]
    assert table.hands() == [3, 3] and table.game["deck"] == 31

    table.act(BOB, type="turn", seat=1, card="a")  # a covers b and is the lowest: Ann must steal
    assert table.game["phase"] == "stealing" and table.game["stealing"] == 1 and table.hands() == [2, 3]
    with pytest.raises(Rejected) as rejected:
        table.act(BOB, type="turn", seat=2, card="t")
    assert rejected.value.code == "steal_pending"
    with pytest.raises(Refused) as refused:
        table.act(ANN, type="steal", seat=1, **{"from": "table"})
    assert refused.value.path == ("seat",)
    assert table.act(ANN, type="steal", seat=2, **{"from": "table"}) == ["steal"]
    assert table.events[-1].data == {"seat": 1, "victim": 2, "from": "table", "card": "Z"}
    assert table.hands() == [3, 3] and [s["table"] for s in table.game["seats"]] == [["b", "a"], []]
    assert table.game["plays"][-1]["steal"]["card"] == "Z"
    assert table.game["latest"] == "Ann takes Bob's Z from the table."  # the big box tells the table, Bob too

    table.act(BOB, type="turn", seat=2, card="t")  # a t spells AT: Bob wins every card played
    assert table.events[-1].data["spells"] == "at"
    assert table.libraries() == [[], ["b", "a", "t"]] and table.hands() == [3, 2]
    assert [s["table"] for s in table.game["seats"]] == [[], []]

    table.act(ANN, type="turn", seat=1, card="q")
    table.act(BOB, type="turn", seat=2, card="c", steal={"seat": 1, "from": "hand"})  # c is lowest: steal inline
    assert table.events[-1].data["steal"] == {"seat": 2, "victim": 1, "from": "hand", "card": None}
    assert table.hands() == [2, 2] and table.game["phase"] == "playing" and table.game["turn"] == 1

    with pytest.raises(Forbidden):
        table.act(ANN, type="end_game", hands=[["E", "e"], ["z", "y"]])
    with pytest.raises(Refused) as refused:
        table.act(HOST, type="end_game", hands=[["E", "e"], ["z", "!"]])  # no Power Punctuation here
    assert refused.value.path == ("hands", 1, 1)
    assert table.act(HOST, type="end_game", hands=[["E", "e"], ["z", "y"]]) == ["game_ended"]
    game = table.game
    # Ann: E and e, 5 // 5 = 1 each, +2 each for owning both cases: 6.
    # Bob: b 0, a 0, t 4 from the library, z 5 and y 5 in hand: 14.
    assert [(s["total"], s["library"], s["hand"]) for s in game["scores"]] == [(6, 0, 2), (14, 3, 2)]
    assert game["winners"] == [2] and game["turn"] is None


def test_with_a_hash_on_the_table_the_highest_card_steals_and_every_sentence_says_so_truly():
    """Ruling 7: with # on the table the lowest card is the one to tap and the highest steals. The judge's sentence
    names the ends by what they do, and the table's refusal while the steal waits says whose card steals, never that
    it was the lowest."""
    table = Table(seats=("Ann", "Bob", "Cy"), variants=["turns", "glyphs"], table_settings={"hand": 3})
    table.act(ANN, type="turn", seat=1, card="#")
    with pytest.raises(Refused) as refused:  # b is the lowest, which with # is the card to tap, not the thief
        table.act(ANN, type="turn", seat=2, card="b", steal={"seat": 1, "from": "hand"})
    assert str(refused.value) == "steal: seat 2's card does not steal, so leave steal out"
    table.act(ANN, type="turn", seat=2, card="b")  # the only ranked card: the one to tap, so Bob draws
    assert table.events[-1].data["action"] == "draw"
    table.act(ANN, type="turn", seat=3, card="Z")  # above b: the other end, which steals with # out
    assert table.events[-1].data["action"] == "steal" and table.game["stealing"] == 3
    assert table.game["latest"] == (
        "Cy played Z: # is on the table, so the highest card is the other end from the one to tap: it is, so its "
        "player steals a card from another player. To tap: b (Bob); the other end: Z (Cy)."
    )
    with pytest.raises(Rejected) as rejected:
        table.act(ANN, type="turn", seat=1, card="c")
    assert rejected.value.code == "steal_pending"
    assert rejected.value.message == "Cy's card steals: say whom they steal from."


def test_an_empty_hand_ends_play_and_any_seat_enters_the_hands():
    table = Table(seats=("Ann", "Bob"), variants=["turns"], table_settings={"hand": 1})
    assert table.act(ANN, type="turn", seat=1, card="b") == ["turn"]  # highest: Ann draws, so her hand is not empty
    assert table.act(BOB, type="turn", seat=2, card="e") == ["turn", "play_ended"]  # BE: Bob wins, his hand is empty
    game = table.game
    assert game["phase"] == "hands" and game["turn"] is None and table.hands() == [1, 0]
    assert table.events[-1].data == {"seat": 2} and table.events[-1].by is None
    with pytest.raises(Rejected) as rejected:
        table.act(ANN, type="turn", seat=1, card="a")
    assert rejected.value.code == "play_over"
    with pytest.raises(Refused) as refused:
        table.act(ANN, type="end_game", hands=[[], []])
    assert refused.value.path == ("hands", 0)
    assert table.act(ANN, type="end_game", hands=[["a"], []]) == ["game_ended"]
    assert [s["total"] for s in table.game["scores"]] == [0, 1]  # a: 1 // 5 = 0; b 0 + e 1
    assert table.game["latest"] == "Game over: Bob wins with 1 point."
    assert table.events[-1].data["reason"] == "rules"


def test_the_judges_sentence_names_the_table_seats_when_some_have_no_card():
    table = Table(variants=["turns"], table_settings={"hand": 2})
    table.act(ANN, type="turn", seat=1, card="b")
    table.act(BOB, type="turn", seat=2, card="e")  # BE: Bob takes both cards, the table is empty
    assert table.libraries() == [[], ["b", "e"], []]
    table.act(CY, type="turn", seat=3, card="m")  # alone on the table, at seat 3
    assert table.events[-1].data["highest"] == [3] and table.events[-1].data["action"] == "draw"
    # the judge's positions are the table's seats, and every table sentence names them by their players
    assert table.game["latest"].startswith("Cy played m:")
    assert table.game["latest"].endswith("To tap: m (Cy); the other end: none.")
    assert table.game["plays"][-1]["explanation"] == table.game["latest"]
    assert "seat 3" in table.events[-1].data["explanation"].lower()  # the record keeps the judge's own words


def test_drawing_from_an_empty_deck_draws_nothing():
    # Two seats of 19 from the 39 base cards leave one card to draw.
    table = Table(seats=("Ann", "Bob"), variants=["turns"], table_settings={"hand": 19})
    table.act(ANN, type="turn", seat=1, card="b")
    assert table.game["deck"] == 0 and table.hands() == [19, 19]
    table.act(BOB, type="turn", seat=2, card="Z")
    assert table.events[-1].data["drew"] is False and table.hands() == [19, 18]
    assert "nothing to draw" in table.game["latest"]


# --- replay: the record folds into the same state ------------------------------------------

BASE_LETTERS = list("abcdefghijklmnopqrstuvwxyzACDEILNOPRSTU")
FROM = st.sampled_from(["hand", "table"])


def next_action(data, table, seats):
    """A random action, mostly one the table's phase allows, sometimes one it refuses."""
    game = table.game
    letter = st.sampled_from(BASE_LETTERS)
    seat = st.integers(1, seats)
    takers = st.lists(seat, min_size=1, max_size=3, unique=True)
    if data.draw(st.integers(0, 9)) == 0:  # now and then an action out of turn, or the host ending the game
        kind = data.draw(st.sampled_from(["round", "take", "turn", "steal", "end_game"]))
    elif game["phase"] == "taking":
        kind = "take"
    elif game["phase"] == "stealing":
        kind = "steal"
    elif game["phase"] == "hands":
        kind = "end_game"
    else:
        kind = "turn" if game["variant"] == "turns" else "round"
    if kind == "round":
        cards = data.draw(st.lists(letter, min_size=seats, max_size=seats))
        return {"type": "round", "cards": cards} | ({"takers": data.draw(takers)} if data.draw(st.booleans()) else {})
    if kind == "take":
        return {"type": "take", "takers": data.draw(takers)}
    if kind == "turn":
        played = {
            "type": "turn",
            "seat": data.draw(st.sampled_from([game["turn"] or 1]) | seat),
            "card": data.draw(letter),
        }
        if data.draw(st.booleans()):
            played["steal"] = {"seat": data.draw(seat), "from": data.draw(FROM)}
        return played
    if kind == "steal":
        return {"type": "steal", "seat": data.draw(seat), "from": data.draw(FROM)}
    hands = [data.draw(st.lists(letter, min_size=held, max_size=held)) for held in table.hands()]
    return {"type": "end_game", "hands": hands}


@given(st.data(), st.integers(2, 4), st.sampled_from([[], ["turns"]]), st.integers(1, 3))
# Each example plays up to 30 actions; 40 examples take about 8 s on the shared 2-core machine.
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_record_replays_into_the_same_state(data, seats, variants, hand):
    table = Table(seats=["Ann", "Bob", "Cy", "Di"][:seats], variants=variants, table_settings={"hand": hand})
    actors = [HOST, *(Actor(seat=n) for n in range(1, seats + 1))]
    for _ in range(data.draw(st.integers(0, 30))):
        actor = data.draw(st.sampled_from(actors))
        try:
            table.act(actor, **next_action(data, table, seats))
        except (Refused, Rejected, Forbidden):
            pass  # a refused action changes nothing; the next one is judged against the same state
        game = table.game
        assert all(held >= 0 for held in table.hands()) and game["deck"] >= 0
        # No card is lost or doubled: every card of the 39-card base deck is in a hand, the draw pile,
        # a library, on the table (turn-based piles, or a round waiting for its takers) or discarded.
        placed = sum(table.hands()) + game["deck"] + sum(len(library) for library in table.libraries())
        placed += sum(len(seat["table"]) for seat in game["seats"])
        placed += sum(len(r["cards"]) if r["open"] else len(r["discarded"]) for r in game["rounds"])
        assert placed == 39
    record = json.loads(json.dumps([event.to_dict() for event in table.events]))
    assert fold(record).to_dict() == table.state.to_dict()


TOPS = sorted({text for _, texts in published_deck() for text in texts})


@given(
    st.lists(st.one_of(st.none(), st.sampled_from(TOPS), st.sampled_from("catbe")), min_size=1, max_size=6), st.data()
)
@settings(max_examples=200, deadline=None)
def test_an_empty_place_judged_as_a_space_is_as_if_it_were_not_there(tops, data):
    # Ruling 12 leans on ruling 6: the turn-based table fills a seat with no card with a Space
    # card so the judge's positions are seats. This is the same verdict as the circle without them.
    seats = [s for s, top in enumerate(tops, 1) if top is not None]
    assume(seats)
    played = data.draw(st.sampled_from(seats))
    lexicon = LEXICONS["standard"]
    closed_up = turn_state([tops[s - 1] for s in seats], lexicon, seats.index(played) + 1)
    spaced = turn_state([EMPTY_PLACE if top is None else top for top in tops], lexicon, played)
    assert (spaced.action, spaced.spells) == (closed_up.action, closed_up.spells)
    assert spaced.highest == [seats[p - 1] for p in closed_up.highest]
    assert spaced.lowest == [seats[p - 1] for p in closed_up.lowest]


def test_the_slower_phone_entering_a_round_another_phone_entered_is_told_who_entered_it_and_what_it_gave():
    """Ruling 16: Ann's and Cy's cards for round 3 reach the table at once; Ann's count, and Cy reads that round 3
    is Ann's, never that his cards wait for the next round (nor, once Bob says who took them, that they are entered
    as round 4)."""
    table = Table()
    for n in (1, 2):
        table.act(BOB, type="round", cards=["b", "Z", "m"], takers=[2], round=n)
    table.act(ANN, type="round", cards=["d", "o", "g"], round=3)
    spelled = table.game["rounds"][2]["answer"]["explanation"]
    with pytest.raises(Rejected) as cy:
        table.act(CY, type="round", cards=["x", "y", "q"], round=3)
    assert (cy.value.code, cy.value.message) == (
        "round_entered",
        f"Ann already entered round 3: {spelled} Say who tapped first.",
    )
    with pytest.raises(Rejected) as again:  # the very same cards, sent by the host's page
        table.act(HOST, type="round", cards=["d", "o", "g"], round=3)
    assert again.value.message.startswith("Ann already entered round 3 with these very cards: ")
    with pytest.raises(Rejected) as own:  # Ann's own second tab
        table.act(ANN, type="round", cards=["x", "y", "q"], round=3)
    assert own.value.message.startswith("You already entered round 3: ")
    table.act(BOB, type="take", takers=[1], round=3)
    with pytest.raises(Rejected) as late:
        table.act(CY, type="round", cards=["x", "y", "q"], round=3)
    assert late.value.message == f"Ann already entered round 3: {spelled} Ann takes the cards."
    assert len(table.game["rounds"]) == 3


def test_takers_named_for_a_round_another_phone_named_them_for_say_who_named_them():
    """Two phones tick who took round 1 at once: the second reads who named them and who takes the cards, not
    that no round waits (nor that its takers are applied to a later round)."""
    table = Table()
    table.act(HOST, type="round", cards=["b", "Z", "m"], round=1)
    table.act(BOB, type="take", takers=[2], round=1)
    with pytest.raises(Rejected) as cy:
        table.act(CY, type="take", takers=[3], round=1)
    assert (cy.value.code, cy.value.message) == (
        "round_taken",
        "Bob already said who takes round 1: Bob takes the cards.",
    )
    table.act(ANN, type="round", cards=["a", "b", "c"], round=2)  # round 2 waits for its takers now
    with pytest.raises(Rejected) as stale:
        table.act(CY, type="take", takers=[3], round=1)
    assert stale.value.message.startswith("Bob already said who takes round 1")
    with pytest.raises(Rejected) as own:  # the host's entered round, taken with its own takers
        table.act(HOST, type="take", takers=[3], round=1)
    assert own.value.message.startswith("Bob already said")
    with pytest.raises(Rejected) as ahead:
        table.act(CY, type="take", takers=[3], round=3)
    assert ahead.value.code == "round_moved"
    assert table.act(CY, type="take", takers=[3], round=2) == ["round_taken"]
    table.act(ANN, type="round", cards=["b", "Z", "m"], takers=[1], round=3)  # takers named as it is entered
    with pytest.raises(Rejected) as none:
        table.act(BOB, type="take", takers=[2], round=3)
    assert none.value.message == "Ann already said who takes round 3: Ann takes the cards."


def test_a_turn_or_a_steal_another_phone_entered_first_says_who_entered_it_and_what_it_gave():
    """A turn is entered on its seat's phone and on the host's page: when both send turn 2, the slower reads who
    entered it and the judge's sentence, not that it is someone else's turn or that a steal is due; a steal sent
    twice reads whose steal was entered and what it took."""
    table = Table(variants=["turns"])
    table.act(ANN, type="turn", seat=1, card="m", turn=1)
    table.act(HOST, type="turn", seat=2, card="b", turn=2)  # the lowest card: Bob steals
    said = table.game["plays"][1]["explanation"]
    with pytest.raises(Rejected) as bob:
        table.act(BOB, type="turn", seat=2, card="x", turn=2)
    assert (bob.value.code, bob.value.message) == ("turn_entered", f"The host already entered turn 2. {said}")
    with pytest.raises(Rejected) as ahead:
        table.act(CY, type="turn", seat=3, card="x", turn=4)
    assert ahead.value.code == "turn_moved"
    table.act(BOB, type="steal", seat=1, turn=2, **{"from": "table"})
    for actor, by in ((BOB, "You"), (HOST, "Bob")):  # Bob's phone tapped twice; the host's page sent it too
        with pytest.raises(Rejected) as again:
            table.act(actor, type="steal", seat=3, turn=2, **{"from": "hand"})
        assert (again.value.code, again.value.message) == (
            "steal_entered",
            f"{by} already entered the steal: Bob takes Ann's m from the table.",
        )
    assert len(table.game["plays"]) == 2 and table.game["turn"] == 3


def test_a_round_or_a_turn_sent_before_any_is_entered_reads_that_none_is_yet_never_round_0():
    """A page still showing round 2's form after the host undid round 1 (or a turn-based table's first turn): the
    table has no round or turn yet, said as such, not "Round 0 is the latest entered"."""
    with pytest.raises(Rejected) as early:
        Table().act(ANN, type="round", cards=["?", "?", "?"], round=2)
    assert early.value.message == "No round has been entered yet: the next is round 1."
    with pytest.raises(Rejected) as turn:
        Table(variants=["turns"]).act(ANN, type="turn", seat=1, card="m", turn=2)
    assert turn.value.message == "No turn has been entered yet: the next is turn 1."


def test_the_round_or_turn_that_ends_the_game_or_play_entered_twice_reads_who_entered_it():
    """Ruling 16: the slower phone sending the round that ends the game, or the turn that empties a hand, reads who
    entered it and what the judge said, not that the game or play is over; a number past the next reads that it is."""
    table = Table(variants=["punctuation"])
    for n in range(1, 5):  # four cards a hand: the fourth round ends the game
        table.act(BOB, type="round", cards=["?", "?", "?"], round=n)
    assert table.game["phase"] == "ended"
    with pytest.raises(Rejected) as last:
        table.act(ANN, type="round", cards=["?", "?", "?"], round=4)
    assert last.value.code == "round_entered"
    assert last.value.message.startswith("Bob already entered round 4 with these very cards: ")
    with pytest.raises(Rejected) as ahead:
        table.act(ANN, type="round", cards=["?", "?", "?"], round=5)
    assert ahead.value.code == "game_over"

    turns = Table(seats=("Ann", "Bob"), variants=["turns"], table_settings={"hand": 1})
    turns.act(ANN, type="turn", seat=1, card="b", turn=1)
    assert turns.act(HOST, type="turn", seat=2, card="e", turn=2) == ["turn", "play_ended"]  # Bob's hand is empty
    said = turns.game["plays"][1]["explanation"]
    with pytest.raises(Rejected) as bob:  # Bob's own phone sent the same turn
        turns.act(BOB, type="turn", seat=2, card="e", turn=2)
    assert (bob.value.code, bob.value.message) == ("turn_entered", f"The host already entered turn 2. {said}")
    with pytest.raises(Rejected) as next_turn:
        turns.act(ANN, type="turn", seat=1, card="a", turn=3)
    assert next_turn.value.code == "play_over"


def test_both_games_races_say_who_by_one_rule():
    """Booksmack's and Wordsmith's slower phones are told who entered a thing by the same rule (tables/events.py):
    "You" for its own (the host's own when it has no seat), the seat's name, or the host."""
    from types import SimpleNamespace

    from tables import booksmack_moved, events
    from tables.wordsmith import moved

    assert booksmack_moved.who is events.who and moved.who is events.who
    seats = [SimpleNamespace(name="Ann"), SimpleNamespace(name="Bob")]
    assert events.who(seats, ANN, 1) == "You" and events.who(seats, ANN, 2) == "Bob"
    assert events.who(seats, ANN, 0) == "The host" and events.who(seats, ANN, None, capital=False) == "the host"
    assert events.who(seats, HOST, 0, capital=False) == "you" and events.who(seats, Actor(seat=2, host=True), 0) == (
        "The host"
    )
