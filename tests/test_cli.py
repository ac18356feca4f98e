"""The `wordsmith` command, answering here (`Local`): each subcommand's text, JSON and exit code.

The same commands through a service (`--server`) are in test_cli_server.py,
`wordsmith serve` in test_cli_serve.py, and the Local backend against the
client in test_cli_backends.py.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from cli import main
from solver.wordsmith import roll_dice

GOLDEN = Path(__file__).resolve().parent / "golden"
SHEETS = GOLDEN / "wordsmith"
SHEET_GAMES = ["standard", "secret", "advanced", "word_by_word"]
COLORSMASH_GAMES = GOLDEN / "colorsmash"
EXAMPLE_POOL = "R3 Y2 B1 G2"  # the rulebook's first practice pool


# --- Wordsmith: solve, hint, roll, rack, judge, score ----------------------------------


def test_cli_solve_groups_by_score(capsys):
    assert main(["solve", "R3", "Y2", "B1", "G2", "--limit", "1000"]) == 0
    lines = capsys.readouterr().out.splitlines()
    scores = [int(line.split()[0]) for line in lines[1:]]
    assert scores == sorted(scores, reverse=True) and len(set(scores)) == len(scores)
    four = next(line for line in lines[1:] if line.split()[0] == "4").split()[1:]
    assert "CAST" in four and "BAG" not in four


def test_cli_marks_rare_words_and_lists_familiar_ones_first(capsys):
    assert main(["solve", "R4", "Y3", "B2", "G2", "--limit", "40"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "*: a rare word most players will not know" in lines[0]
    five = next(line for line in lines[1:] if line.split()[0] == "5").split()[1:]
    assert five[:3] == ["TOAST", "SIDED", "MOIST"] and "SALOL*" in five and "TOAST*" not in five


def test_cli_sort_lists_a_word_a_line(capsys):
    assert main(["solve", EXAMPLE_POOL, "--limit", "1000", "--sort", "alphabetical"]) == 0
    words = [line.split()[0].split("+")[0].rstrip("*") for line in capsys.readouterr().out.splitlines()[1:]]
    assert words == sorted(words) and "CAST" in words
    assert main(["rack", "retains", "--limit", "5", "--sort", "familiar", "--json"]) == 0
    familiarity = [w["familiarity"] for w in json.loads(capsys.readouterr().out)["words"]]
    assert familiarity == sorted(familiarity, reverse=True)
    assert main(["hint", EXAMPLE_POOL, "--sort", "alphabetical", "--json"]) == 0
    claims = [h["word"] for h in json.loads(capsys.readouterr().out)["claims"]]
    assert claims == sorted(claims)
    with pytest.raises(SystemExit):
        main(["solve", EXAMPLE_POOL, "--sort", "random"])


def test_cli_solve_json_and_filters(capsys):
    assert main(["solve", EXAMPLE_POOL, "--previous", "bag", "--claimed", "cast,acts", "--use-all", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    words = [w["word"] for w in data["words"]]
    assert words and not {"bag", "gab", "cast", "acts"} & set(words)
    assert all(w["leftover_count"] == 0 for w in data["words"])


def test_cli_solve_with_nothing_found_exits_1(capsys):
    assert main(["solve", "Y1", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["total"] == 0


def test_cli_hint(capsys):
    assert main(["hint", EXAMPLE_POOL, "--discards", "6", "--limit", "3"]) == 0
    out = capsys.readouterr().out
    assert "6 discard boxes left, 0 of them free" in out and "Rolling one die" in out
    assert main(["hint", EXAMPLE_POOL, "--after-done", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["add"] == {} and data["roll"] is None and data["claims"]


def test_cli_roll_is_repeatable_with_a_seed(capsys):
    assert main(["roll", "--seed", "11", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["roll", "--seed", "11", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert sum(first["pool"].values()) == 8 and [len(r) for r in first["rolls"]] == [4, 4]
    assert main(["roll", "--word-by-word", "--seed", "3"]) == 0
    assert capsys.readouterr().out.startswith("Roll: ")


def test_cli_roll_json_pool_has_blue_and_green_pieces_and_no_wilds(capsys):
    seen = Counter()
    for seed in range(40):
        assert main(["roll", "--seed", str(seed), "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        faces = Counter(f for r in data["rolls"] for f in r)
        assert data["pool"]["wild"] == 0
        assert (data["pool"]["blue"], data["pool"]["green"]) == (faces["blue_star"], faces["green_star"])
        seen.update(data["pool"])
    assert seen["blue"] and seen["green"] and not seen["wild"]


def test_cli_roll_says_which_faces_came_up(capsys):
    for seed in range(40):
        main(["roll", "--seed", str(seed)])
        out = capsys.readouterr().out
        if "star" in out:
            break
    assert "blue star (blue)" in out or "green star (green)" in out
    faces = [f for r in roll_dice("start", random.Random(seed)).rolls for f in r]
    assert out.count(" star (") == sum(f.endswith("_star") for f in faces)
    assert main(["roll", "--add", "--seed", "1"]) == 0
    assert capsys.readouterr().out.startswith("Roll: ")


def test_cli_rack(capsys):
    assert main(["rack", "retains?", "--limit", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["words"]) == 5 and all(len(w["word"]) <= 8 for w in data["words"])
    assert main(["rack", "c", "a", "t", "--min-length", "3"]) == 0
    assert "CAT" in capsys.readouterr().out
    assert main(["rack", "ca7"]) == 2


def test_cli_judge_exit_codes(capsys):
    assert main(["judge", "cast", "--pool", EXAMPLE_POOL]) == 0
    assert "CAST stands: 4 points" in capsys.readouterr().out
    assert main(["judge", "gab", "--pool", EXAMPLE_POOL, "--previous", "bag"]) == 1
    assert "every letter of it was already in BAG" in capsys.readouterr().out
    assert main(["judge", "bag", "--pool", "R3 Q2"]) == 2
    assert "not a piece kind" in capsys.readouterr().err


def test_cli_judge_json_lists_every_objection(capsys):
    code = main(["judge", "bag", "--pool", "R3 Y2 B1", "--claimed", "cast,bag", "--required", "e", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    assert [o["code"] for o in data["objections"]] == ["already_claimed", "missing_required_letter", "not_buildable"]


def test_cli_judge_discard_boxes(capsys):
    assert main(["judge", "bag", "--pool", "R4 Y2 B1 G2", "--discards", "9", "--crossed-white", "3"]) == 1
    assert "[must_use_all_pieces]" in capsys.readouterr().out
    assert main(["judge", "bag", "--pool", "R4 Y2 B1 G2", "--discards", "13"]) == 2


@pytest.mark.parametrize("name", SHEET_GAMES)
def test_cli_score_json_matches_the_golden_result(name, capsys):
    assert main(["score", str(SHEETS / f"{name}.json"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads((SHEETS / f"{name}.expected.json").read_text("utf-8"))


def test_cli_score_text_names_the_winners(capsys):
    assert main(["score", str(SHEETS / "word_by_word.json")]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == "Winners (tied): Ben and Cleo with 60"
    assert "Ann: 54" in out


def test_cli_score_variant_flag_overrides_the_file(capsys, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(
        json.dumps([{"player": "Ann", "challenges": [{"words": ["bag", "peru"]}]}])
    )  # a plain list of sheets
    assert main(["score", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["sheets"][0]["total"] == 13
    assert main(["score", str(path), "--variant", "secret"]) == 0
    assert "PERU is a proper name" in capsys.readouterr().out


def test_cli_score_bad_input_exits_2(capsys, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps([{"player": "Ann", "challenges": [{"words": [], "discards": 13}]}]))
    assert main(["score", str(path)]) == 2
    assert "13 discards" in capsys.readouterr().err
    path.write_text("{not json")
    assert main(["score", str(path)]) == 2
    assert main(["score", str(tmp_path / "missing.json")]) == 2


# --- Booksmack ---------------------------------------------------------------------


def test_cli_booksmack(capsys):
    assert main(["booksmack", "b", "Z", "#", "m"]) == 0
    assert capsys.readouterr().out == "Tap seat 1 (b). # is on the table, so the lowest card wins: b.\n"
    assert main(["booksmack", "f", "é", "c", "A"]) == 0
    assert capsys.readouterr().out == "Say the word: CAFE. CAFE is spelled from seat 3.\n"
    assert main(["booksmack", "?", "."]) == 1  # nobody wins
    capsys.readouterr()
    assert main(["booksmack", "--json", "Z", "@", "m"]) == 0
    assert json.loads(capsys.readouterr().out)["winners"] == [2]
    assert main(["booksmack", "a", "%"]) == 2
    assert "card 2 ('%'): not a Booksmack card" in capsys.readouterr().err


def test_cli_booksmack_turn_based_and_score(capsys):
    assert main(["booksmack", "--turn-based", "--played", "2", "b", "Z", "m", "a"]) == 0
    assert capsys.readouterr().out.startswith("DRAW: Seat 2 played Z: it is the highest card")
    assert main(["booksmack", "--played", "3", "--json", "b", "Z", "m", "a"]) == 0
    assert json.loads(capsys.readouterr().out)["action"] == "none"
    assert main(["booksmack", "--turn-based", "b", "Z"]) == 2  # which card was just played?
    assert "--played" in capsys.readouterr().err
    assert main(["booksmack", "--played", "3", "b", "Z"]) == 2
    assert "played: give the seat of the card just played, 1 to 2" in capsys.readouterr().err
    assert main(["booksmack-score", "--variant", "turn-based", "E", "e", "z"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Total: 11"
    assert main(["booksmack-score", "a", " ", "!"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Total: 3"


# --- Color Smash ------------------------------------------------------------------


def test_cli_colorsmash(capsys):
    assert main(["colorsmash", "green", "Green"]) == 0
    assert capsys.readouterr().out.startswith("The word GREEN names the green splat: slap!")
    assert main(["colorsmash", "red", "blue"]) == 1  # a wrong slap answers no, like an invalid word
    assert main(["colorsmash", "steal"]) == 0
    assert main(["colorsmash", "--colours", "teal,coral", "teal", "TEAL"]) == 0
    capsys.readouterr()
    assert main(["colorsmash", "--json", "red"]) == 1
    assert json.loads(capsys.readouterr().out)["code"] == "no_word"
    assert main(["colorsmash", "mauve"]) == 2
    assert "not a colour of this set" in capsys.readouterr().err


def test_cli_colorsmash_replay(capsys):
    assert main(["colorsmash-replay", str(COLORSMASH_GAMES / "standard-three-players.game.json")]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Winner: bob."
    assert main(["colorsmash-replay", str(COLORSMASH_GAMES / "refused-flip-out-of-turn.game.json")]) == 2
    assert "events[2]: it is bob's turn to flip, not cat's" in capsys.readouterr().err


@pytest.mark.parametrize(
    "events, last",
    [
        ([], "No cards dealt yet: the events start with the deal, a hand for each of ann, bob and cat."),
        (
            [{"type": "deal", "hands": {"ann": 2, "bob": 2, "cat": 1}}],
            "The game is on; leading: ann and bob; next to flip: ann, bob or cat (whoever wears the most colours).",
        ),
        (
            [
                {"type": "deal", "hands": {"ann": ["red"], "bob": ["blue"], "cat": 3}},
                *[{"type": "flip", "player": p} for p in ("ann", "bob")],
            ],
            "The game is on; leading: cat; next to flip: cat.",
        ),
    ],
)
def test_cli_colorsmash_replay_says_the_table_in_words(tmp_path, capsys, events, last):
    game = tmp_path / "game.json"
    game.write_text(json.dumps({"players": ["ann", "bob", "cat"], "events": events}))
    assert main(["colorsmash-replay", str(game)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == last


@pytest.mark.parametrize("flips, pile", [(1, "Pile: 1 card."), (2, "Pile: 2 cards.")])
def test_cli_colorsmash_replay_counts_the_pile_in_words(tmp_path, capsys, flips, pile):
    events = [{"type": "deal", "hands": {"ann": ["red", "red"], "bob": ["blue", "blue"]}}]
    events += [{"type": "flip", "player": p} for p in ("ann", "bob")[:flips]]
    game = tmp_path / "game.json"
    game.write_text(json.dumps({"players": ["ann", "bob"], "events": events}))
    assert main(["colorsmash-replay", str(game)]) == 0
    assert pile in capsys.readouterr().out.splitlines()
