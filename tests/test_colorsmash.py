"""Color Smash: the slap judge, the scorekeeper's rulings, and golden replays of whole games.

The golden games are tests/golden/colorsmash/NAME.game.json (hand-written
inputs) with NAME.expected.json beside each (recorded output). Re-record only
on purpose, then read the diff: `python -m pytest --record-golden tests/test_colorsmash.py`.
"""

import json
from pathlib import Path

import pytest

from solver.colorsmash import DEFAULT_COLOURS, MAX_HAND, Card, ImpossibleEvent, judge_slap, parse_card, replay

GOLDEN = Path(__file__).resolve().parent / "golden" / "colorsmash"
GAMES = sorted(GOLDEN.glob("*.game.json"))


# --- cards and the slap judge ----------------------------------------------------


@pytest.mark.parametrize(
    "card, slap, code",
    [
        ({"splat": "green", "word": "Green"}, True, "match"),  # the rulebook's example
        ("RED/red", True, "match"),  # colour names are case-insensitive
        ("red/blue", False, "mismatch"),
        ({"splat": "red"}, False, "no_word"),
        ("red", False, "no_word"),
        ({"splat": "red", "word": None}, False, "no_word"),
        ("steal", True, "steal"),
        ({"steal": True}, True, "steal"),
        (Card("blue", "blue"), True, "match"),
    ],
)
def test_judge_slap(card, slap, code):
    result = judge_slap(card)
    assert (result.slap, result.code) == (slap, code)


def test_slap_outcomes_say_what_happens():
    assert (
        judge_slap("green/green").outcome
        == "The word GREEN names the green splat: slap! The first slapper takes the pile."
    )
    assert judge_slap("red/blue").outcome == (
        "The word BLUE does not name the red splat: don't slap! "
        "A slapper puts 5 of their cards under the pile (all they have if fewer)."
    )
    assert judge_slap("red").outcome.startswith("A red splat with no word: don't slap! A slapper puts 5")
    assert judge_slap("steal").outcome == (
        "A Steal card: slap! The first slapper steals 5 collected cards from an opponent of their choice."
    )
    assert judge_slap("red/blue").to_dict() == {
        "card": {"splat": "red", "word": "blue", "steal": False},
        "text": "red/blue",
        "slap": False,
        "code": "mismatch",
        "outcome": judge_slap("red/blue").outcome,
    }


def test_the_colour_set_is_data_and_configurable():
    assert DEFAULT_COLOURS[:5] == ("red", "orange", "yellow", "green", "blue")
    assert judge_slap("Teal/teal", colours=["teal", "coral"]).code == "match"
    with pytest.raises(ValueError, match="not a colour of this set: choose one of teal, coral"):
        judge_slap("red/red", colours=["teal", "coral"])


@pytest.mark.parametrize(
    "card, message",
    [
        ("mauve", "splat colour 'mauve' is not a colour of this set"),
        ({"splat": "red", "word": "mauve"}, "colour word 'mauve' is not a colour"),
        ({"steal": True, "splat": "red"}, "a Steal card has no splat colour or word"),
        ({"splat": "red", "colour": "red"}, "a card has no field colour"),
        (5, "a card is text like red/blue, red or steal, .* not the number 5"),
        ({}, r"pick the splat colour too \(or Steal card\)"),
        ({"steal": False, "word": "red"}, "pick the splat colour too"),
    ],
)
def test_bad_cards_are_refused(card, message):
    with pytest.raises(ValueError, match=message):
        parse_card(card)


@pytest.mark.parametrize("colours", [[], "red,blue", ["red", "Red"], ["red", "steal"], ["red", ""]])
def test_bad_colour_sets_are_refused(colours):
    with pytest.raises(ValueError):
        judge_slap("red", colours=colours)


# --- the scorekeeper: one ruling per test ----------------------------------------


def deal(hands, first=None):
    event = {"type": "deal", "hands": hands}
    if first:
        event["first"] = first
    return event


def flip(player, card=None):
    return {"type": "flip", "player": player} | ({"card": card} if card else {})


def slap(player, steal_from=None):
    return {"type": "slap", "player": player} | ({"steal_from": steal_from} if steal_from else {})


def player(result, name):
    return next(p for p in result.players if p.name == name)


def test_a_match_takes_the_pile_to_the_side_in_standard_style():
    result = replay(
        "standard",
        ["ann", "bob"],
        [
            deal({"ann": ["red", "blue/blue"], "bob": ["pink", "black"]}),
            flip("ann"),
            flip("bob"),
            flip("ann"),
            slap("bob"),
        ],
    )
    assert player(result, "bob").side == ["red", "pink", "blue/blue"]
    assert player(result, "bob").hand == ["black"]
    assert result.pile == []


def test_a_match_goes_under_the_hand_in_competition_style():
    result = replay(
        "competition",
        ["ann", "bob"],
        [
            deal({"ann": ["red", "blue/blue", "green"], "bob": ["pink", "black"]}),
            flip("ann"),
            flip("bob"),
            flip("ann"),
            slap("bob"),
        ],
    )
    assert player(result, "bob").hand == ["black", "red", "pink", "blue/blue"]
    assert player(result, "bob").side == []


def test_a_wrong_slap_puts_the_top_five_hand_cards_under_the_pile():
    hands = {"ann": ["red/blue", "blue"], "bob": ["pink", "black", "brown", "green", "orange/orange", "yellow"]}
    result = replay("standard", ["ann", "bob"], [deal(hands), flip("ann"), slap("bob")])
    assert player(result, "bob").hand == ["yellow"]
    assert result.pile == ["pink", "black", "brown", "green", "orange/orange", "red/blue"]


def test_a_wrong_slap_with_fewer_than_five_cards_pays_them_all_and_is_out():
    result = replay(
        "standard",
        ["ann", "bob", "cat"],
        [deal({"ann": ["red"], "bob": ["pink", "black"], "cat": ["blue"]}), flip("ann"), slap("bob")],
    )
    assert player(result, "bob").out and player(result, "bob").hand == []
    assert result.pile == ["pink", "black", "red"]
    assert (
        result.log[-1]
        == "bob slaps red wrongly (no word) and puts 2 cards under the pile. bob is out of cards and out of the game."
    )


def test_turns_skip_players_who_are_out():
    hands = {"ann": ["red", "blue", "green"], "bob": ["pink"], "cat": ["black", "brown"]}
    events = [deal(hands), flip("ann"), flip("bob"), flip("cat"), flip("ann")]
    assert replay("standard", ["ann", "bob", "cat"], events).next_player == "cat"  # bob flipped his last card: out
    with pytest.raises(ImpossibleEvent, match="it is cat's turn to flip, not ann's"):
        replay("standard", ["ann", "bob", "cat"], events + [flip("ann")])


def test_in_competition_the_game_is_over_when_one_player_alone_has_cards():
    events = [deal({"ann": ["red", "blue/blue"], "bob": ["pink", "black"]}), flip("ann"), flip("bob"), flip("ann")]
    result = replay("competition", ["ann", "bob"], events)
    assert result.finished and result.winners == ["bob"]
    with pytest.raises(ImpossibleEvent, match="the game is over"):
        replay("competition", ["ann", "bob"], events + [slap("bob")])


def test_a_steal_takes_the_last_collected_cards_and_leaves_the_pile():
    hands = {
        "ann": ["red/red", "blue/blue", "pink/pink", "black", "steal"],
        "bob": ["green", "yellow", "brown", "orange", "purple"],
    }
    events = [
        deal(hands),
        flip("ann"),
        slap("ann"),
        flip("bob"),
        flip("ann"),
        slap("ann"),
        flip("bob"),
        flip("ann"),
        slap("ann"),
        flip("bob"),
        flip("ann"),
        flip("bob"),
        flip("ann"),
        slap("bob", steal_from="ann"),
    ]
    result = replay("standard", ["ann", "bob"], events)
    # ann collected red/red, then green + blue/blue, then yellow + pink/pink: bob takes the last five.
    assert player(result, "ann").side == []
    assert player(result, "bob").side == ["red/red", "green", "blue/blue", "yellow", "pink/pink"]
    assert result.pile == ["brown", "black", "orange", "steal"]


def test_a_steal_in_competition_takes_from_the_bottom_of_the_hand():
    hands = {"ann": ["steal", "red"], "bob": ["pink", "black", "brown", "green", "orange", "yellow", "blue"]}
    result = replay("competition", ["ann", "bob"], [deal(hands), flip("ann"), slap("ann", steal_from="bob")])
    assert player(result, "ann").hand == ["red", "brown", "green", "orange", "yellow", "blue"]
    assert player(result, "bob").hand == ["pink", "black"]
    assert result.pile == ["steal"]


def test_only_the_first_slap_on_a_steal_card_is_rewarded():
    hands = {"ann": ["steal", "red"], "bob": ["pink", "black"], "cat": ["blue", "green"]}
    result = replay("standard", ["ann", "bob", "cat"], [deal(hands), flip("ann"), slap("bob", "cat"), slap("cat")])
    assert player(result, "cat").out  # paid both cards
    assert result.log[-1].startswith("cat slaps steal wrongly (a Steal card already claimed) and puts 2 cards")


def test_standard_ends_when_every_hand_is_empty_and_the_most_cards_win():
    hands = {"ann": ["red/red", "blue"], "bob": ["pink", "black"]}
    events = [deal(hands), flip("ann"), slap("bob"), flip("bob"), flip("ann"), flip("bob")]
    result = replay("standard", ["ann", "bob"], events)
    assert result.finished and result.winners == ["bob"] and result.next_player is None
    assert [p.total for p in result.players] == [0, 1]
    assert result.pile == ["pink", "blue", "black"]  # left in the middle: counts for nobody
    with pytest.raises(ImpossibleEvent, match="the game is over"):
        replay("standard", ["ann", "bob"], events + [slap("ann")])


def test_a_tie_shares_the_win():
    hands = {"ann": ["red/red", "blue"], "bob": ["pink/pink", "black"]}
    result = replay(
        "standard",
        ["ann", "bob"],
        [deal(hands), flip("ann"), slap("ann"), flip("bob"), slap("bob"), flip("ann"), flip("bob")],
    )
    assert result.winners == ["ann", "bob"]


def test_competition_ends_when_one_player_alone_has_cards():
    result = replay(
        "competition", ["ann", "bob"], [deal({"ann": ["red", "blue"], "bob": ["pink"]}), flip("ann"), flip("bob")]
    )
    assert result.finished and result.winners == ["ann"]


def test_an_unfinished_game_has_leaders_but_no_winners():
    result = replay(
        "standard",
        ["ann", "bob"],
        [deal({"ann": ["red/red", "blue"], "bob": ["pink", "black"]}), flip("ann"), slap("bob")],
    )
    assert not result.finished and result.winners == [] and result.leaders == ["bob"]
    assert result.next_player == "bob"  # a slap does not change whose turn it is


def test_flip_checks_the_known_top_card_and_needs_one_when_face_down():
    with pytest.raises(ImpossibleEvent, match="ann's top card is red, not blue"):
        replay("standard", ["ann", "bob"], [deal({"ann": ["red"], "bob": ["blue"]}), flip("ann", "blue")])
    with pytest.raises(ImpossibleEvent, match="the flip must say which card it is"):
        replay("standard", ["ann", "bob"], [deal({"ann": 3, "bob": 3}), flip("ann")])


@pytest.mark.parametrize(
    "events, index, reason",
    [
        ([flip("ann")], 0, "deal the cards first"),
        ([deal({"ann": 1, "bob": 1}), deal({"ann": 1, "bob": 1})], 1, "the cards were already dealt"),
        ([deal({"ann": 1})], 0, "a deal gives a hand to every player and nobody else"),
        ([deal({"ann": 1, "bob": 1, "eve": 1})], 0, "a deal gives a hand to every player and nobody else"),
        ([deal({"ann": 0, "bob": 1})], 0, "every player must be dealt at least one card; ann got none"),
        ([deal({"ann": True, "bob": 1})], 0, "ann's hand must be a list of cards or a number"),
        (
            [deal({"ann": 1, "bob": 1}, first="eve")],
            0,
            "first player eve is not at the table: the players are ann and bob",
        ),
        ([deal({"ann": 2, "bob": 2}, first="bob"), flip("ann", "red")], 1, "it is bob's turn to flip, not ann's"),
        ([deal({"ann": 2, "bob": 2}), slap("ann")], 1, "the pile is empty: there is nothing to slap"),
        ([deal({"ann": 2, "bob": 2}), flip("eve", "red")], 1, "player eve is not at the table: the players are"),
        (
            [deal({"ann": ["red", "blue"], "bob": ["green"]}, first="bob"), flip("bob"), slap("bob")],
            2,
            "bob is out of cards and out of the game",
        ),
        (
            [deal({"ann": ["steal", "red"], "bob": 2}), flip("ann"), slap("bob")],
            2,
            "a slap on a Steal card must say whom it steals from (steal_from)",
        ),
        (
            [deal({"ann": ["steal", "red"], "bob": 2}), flip("ann"), slap("bob", "bob")],
            2,
            "steal_from must name an opponent of bob (ann), not bob",
        ),
        (
            [deal({"ann": ["red", "red"], "bob": 2}), flip("ann"), slap("bob", "ann")],
            2,
            "steal_from is only for a slap on a Steal card",
        ),
        ([{"type": "shuffle"}], 0, "there is no shuffle event: an event's type is deal, flip or slap"),
        (["flip"], 0, "each event is an object whose type is deal, flip or slap"),
        (
            [deal({"ann": 1, "bob": 1}), {"type": "flip", "player": "ann", "colour": "red"}],
            1,
            "a flip event has no field colour",
        ),
        ([deal({"ann": ["mauve"], "bob": 1})], 0, "splat colour 'mauve' is not a colour of this set"),
    ],
)
def test_impossible_events_are_refused_with_index_and_reason(events, index, reason):
    with pytest.raises(ImpossibleEvent) as error:
        replay("standard", ["ann", "bob"], events)
    assert isinstance(error.value, ValueError)
    assert error.value.index == index
    assert error.value.reason.startswith(reason)
    assert str(error.value) == f"events[{index}]: {error.value.reason}"


COLOURS_OR = "red, orange, yellow, green, blue, purple, pink, brown or black"


@pytest.mark.parametrize(
    "players, events, said",
    [
        (
            ["ann", "bob"],
            [deal({"ann": 1, "bob": 1}), {"type": "flip"}],
            "name the player: the players are ann and bob",
        ),
        (
            ["ann", "bob"],
            [deal({"ann": 1, "bob": 1}), flip(["ann"])],
            "the player is a name, not a list: the players are ann and bob",
        ),
        (
            ["ann", "bob", "cat"],
            [deal({"ann": 1, "bob": 1, "cat": 1}, first=7)],
            "the first player is a name, not the number 7: the players are ann, bob and cat",
        ),
        (
            ["ann", "bob", "cat"],
            [deal({"ann": 1, "dan": 1, "eve": 1})],
            "a deal gives a hand to every player and nobody else (ann, bob and cat): "
            "bob and cat got no hand; dan and eve are not at the table",
        ),
        (
            ["ann", "bob", "cat"],
            [deal({"ann": ["steal", "red"], "bob": 2, "cat": 2}), flip("ann"), slap("bob", "zed")],
            "steal_from must name an opponent of bob (ann or cat), not zed",
        ),
        (["ann", "bob"], [5], "each event is an object whose type is deal, flip or slap"),
        (["ann", "bob"], [{"type": None}], "each event is an object whose type is deal, flip or slap"),
        (["ann", "bob"], [{"type": ["deal"]}], "each event is an object whose type is deal, flip or slap"),
        (
            ["ann", "bob"],
            [{"type": "deal", "hands": {"ann": 1, "bob": 1}, "x": 1, "y": 2}],
            "a deal event has no fields x and y",
        ),
        (
            ["ann", "bob"],
            [deal({"ann": [["red"]], "bob": 1})],
            'a card is text like red/blue, red or steal, or an object like {"splat": "red", "word": "blue"}, not a list',
        ),
        (
            ["ann", "bob"],
            [deal({"ann": [{"splat": None, "word": "red"}], "bob": 1})],
            "pick the splat colour too (or Steal card)",
        ),
        (
            ["ann", "bob"],
            [deal({"ann": [{"splat": ["red"]}], "bob": 1})],
            f"splat colour: give a colour's name ({COLOURS_OR}), not a list",
        ),
    ],
)
def test_refusals_say_names_and_values_in_words_never_as_python_writes_them(players, events, said):
    with pytest.raises(ImpossibleEvent) as error:
        replay("standard", players, events)
    assert error.value.reason == said
    assert "None" not in said and "['" not in said and "{'" not in said


def test_the_table_and_the_colours_are_listed_as_a_sentence_lists_them():
    with pytest.raises(ValueError) as error:
        replay("standard", ["ann", "ann"], [])
    assert str(error.value) == "a game needs at least two players with distinct names, got ann and ann"
    with pytest.raises(ValueError) as error:
        judge_slap("red", colours=["red", "RED"])
    assert str(error.value).endswith("not 'steal': got red and RED")
    with pytest.raises(ValueError) as error:
        replay(None, ["ann", "bob"], [])
    assert str(error.value) == "choose the mode: standard or competition"


def test_nobody_leads_before_the_deal():
    assert replay("standard", ["ann", "bob"], []).leaders == []
    assert replay("competition", ["ann", "bob"], []).leaders == []
    assert replay("standard", ["ann", "bob"], [deal({"ann": 2, "bob": 2})]).leaders == ["ann", "bob"]


@pytest.mark.parametrize(
    "mode, players, message",
    [
        ("speed", ["ann", "bob"], "unknown mode speed: choose standard or competition"),
        ("standard", ["ann"], "at least two players"),
        ("standard", ["ann", "ann"], "distinct names"),
        ("standard", "ann,bob", "list of names"),
    ],
)
def test_bad_games_are_refused(mode, players, message):
    with pytest.raises(ValueError, match=message):
        replay(mode, players, [])


def test_replay_to_dict_is_json_ready():
    result = replay("standard", ["ann", "bob"], [deal({"ann": 2, "bob": ["red"]}), flip("ann", "red/red"), slap("bob")])
    data = result.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["players"][0] == {
        "name": "ann",
        "hand": [None],
        "hand_count": 1,
        "side": [],
        "side_count": 0,
        "out": False,
        "total": 1,
    }
    assert set(data) == {
        "mode",
        "players",
        "pile",
        "pile_count",
        "next_player",
        "finished",
        "winners",
        "leaders",
        "log",
    }


# --- golden replays --------------------------------------------------------------


def run_game(path: Path) -> dict:
    game = json.loads(path.read_text("utf-8"))
    try:
        return replay(game["mode"], game["players"], game["events"]).to_dict()
    except ImpossibleEvent as error:
        return {"error": {"index": error.index, "reason": error.reason}}


def expected_path(path: Path) -> Path:
    return path.with_name(path.name.replace(".game.json", ".expected.json"))


def test_there_are_golden_games():
    assert len(GAMES) >= 4


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name.split(".")[0])
def test_golden_replay(path, golden):
    result = run_game(path)
    assert result == golden.json(expected_path(path), result)


def test_golden_standard_game_in_brief():
    # The recorded file is long; these are the facts it must hold, checked by hand.
    result = run_game(GOLDEN / "standard-three-players.game.json")
    assert result["finished"] and result["winners"] == ["bob"]
    assert [(p["name"], p["total"], p["out"]) for p in result["players"]] == [
        ("ann", 4, True),
        ("bob", 12, True),
        ("cat", 0, True),
    ]
    assert result["pile"] == ["red/blue", "brown/brown"]


def test_a_deal_past_the_whole_deck_is_refused_before_any_card_is_dealt():
    """The rules engine's own limit, which the API, the page and the CLI meet alike: no caller deals a hundred
    million face-down cards."""
    for hand in (MAX_HAND + 1, 10**11, ["red"] * (MAX_HAND + 1)):
        with pytest.raises(ImpossibleEvent, match=f"at most {MAX_HAND} cards"):
            replay("standard", ["ann", "bob"], [{"type": "deal", "hands": {"ann": hand, "bob": 1}}])
    assert replay("standard", ["ann", "bob"], [{"type": "deal", "hands": {"ann": MAX_HAND, "bob": 1}}])
