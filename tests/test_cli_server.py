"""`wordsmith --server URL ...` prints what the command prints answering here, and exits with the same code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app import DEFAULTS
from cli import main

GOLDEN = Path(__file__).resolve().parent / "golden" / "colorsmash"
EXAMPLE_POOL = "R3 Y2 B1 G2"


def run(capsys, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "qi", "zyzzyva", "Peru", "<script>", "cmmu"],
        ["check", "--lexicon", "large", "zyzzyva", "qi"],
        ["check", "--json", "colour", "aesacus's"],
        ["check", "cat"],
        ["check", *(["cat", "dog", "zzzq"] * 20)],  # more words than one request takes
        ["define", "bag"],
        ["define", "zzzq"],
    ],
)
def test_server_word_output_is_identical(capsys, live_server, argv):
    local = run(capsys, argv)
    remote = run(capsys, ["--server", live_server, *argv])
    assert remote == local


def test_server_error_is_reported(capsys, live_server):
    code, out, err = run(capsys, ["--server", live_server, "check", "a" * (DEFAULTS["MAX_WORD_LENGTH"] + 1)])
    assert code == 2 and out == ""
    assert "422" in err and "/words/0" in err


def test_unreachable_server(capsys):
    from service_helpers import free_port

    code, out, err = run(capsys, ["--server", f"http://127.0.0.1:{free_port()}", "check", "cat"])
    assert code == 2 and err.startswith("wordsmith check: ")


def test_commands_without_server_support_refuse_it(capsys):
    code, _, err = run(capsys, ["--server", "http://127.0.0.1:9", "serve"])
    assert code == 2 and "--server" in err


@pytest.fixture(scope="module")
def sheet_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sheets")
    standard = folder / "standard.json"
    standard.write_text(
        json.dumps(
            {
                "sheets": [
                    {"player": "Ann", "challenges": [{"words": ["bag", "cast", "she's"], "discards": 8}]},
                    {
                        "player": "Bo",
                        "challenges": [
                            {"words": ["to-do", "she's"], "discards": 2},
                            {"words": ["qi"], "crossed_white": 2},
                        ],
                    },
                ]
            }
        )
    )
    secret = folder / "secret.json"
    secret.write_text(
        json.dumps(
            {
                "variant": "secret+advanced",
                "sheets": [
                    {
                        "player": "Ann",
                        "challenges": [{"words": ["bag", "gab", {"word": "Peru"}, "cast"], "required": "abcdet"}],
                    },
                ],
            }
        )
    )
    return {"standard": str(standard), "secret": str(secret)}


GAME_COMMANDS = [
    ["solve", "R3", "Y2", "B1", "G2", "--limit", "1000"],
    ["solve", "R8 Y6 B3 G3", "--limit", "20", "--offset", "5"],
    ["solve", EXAMPLE_POOL, "--previous", "bag", "--claimed", "cast,acts", "--use-all", "--json"],
    ["solve", "Y1"],  # nothing found: exit 1 both ways
    ["solve", "W3", "--starts-with", "q", "--required", "i", "--min-length", "2", "--max-length", "3", "--json"],
    ["hint", EXAMPLE_POOL, "--discards", "6", "--limit", "3"],
    ["hint", EXAMPLE_POOL, "--after-done", "--json"],
    ["hint", "R8 Y6 B3 G3", "--no-rolling", "--crossed-white", "2", "--contains", "e"],
    ["judge", "cast", "--pool", EXAMPLE_POOL],
    ["judge", "gab", "--pool", EXAMPLE_POOL, "--previous", "bag"],
    ["judge", "bag", "--pool", "R3 Y2 B1", "--claimed", "cast,bag", "--required", "e", "--json"],
    ["judge", "bag", "--pool", "R4 Y2 B1 G2", "--discards", "9", "--crossed-white", "3"],
    ["judge", "zyzzyva", "--pool", "W20", "--lexicon", "large", "--after-done", "--words-written", "5"],
    ["judge", "John", "--pool", "W20"],
    ["rack", "retains?", "--limit", "12"],
    ["rack", "c", "a", "t", "--min-length", "3", "--json"],
    ["booksmack", "c", "A", "f", "é"],
    ["booksmack", "b", "Z", "#", "m"],
    ["booksmack", "?", "."],
    ["booksmack", "Z", ".", "y", "é", ".", "m", "è", "--json"],
    ["booksmack", "--turn-based", "--played", "2", "b", "Z", "m", "a"],
    ["booksmack", "--played", "4", "--json", "b", "Z", "m", "a"],
    ["booksmack", "--lexicon", "small", "q", "?"],
    ["booksmack-score", "--variant", "turn-based", "E", "e", "é", "z", "!"],
    ["booksmack-score", "a", " ", "!", "--json"],
    ["colorsmash", "green", "Green"],
    ["colorsmash", "red", "blue"],
    ["colorsmash", "steal", "--json"],
    ["colorsmash", "--colours", "teal,coral", "teal", "TEAL"],
    *[["colorsmash-replay", str(path)] for path in sorted(GOLDEN.glob("*.game.json")) if "refused" not in path.name],
    ["colorsmash-replay", str(GOLDEN / "standard-face-down.game.json"), "--json"],
    ["roll", "--seed", "7"],  # the same seed rolls the same dice here and on the server
    ["roll", "--add", "--seed", "7", "--json"],
]


@pytest.mark.parametrize("argv", GAME_COMMANDS, ids=lambda argv: " ".join(argv)[:60])
def test_server_game_output_is_identical(capsys, live_server, argv):
    local = run(capsys, argv)
    remote = run(capsys, ["--server", live_server, *argv])
    assert remote == local
    assert local[0] in (0, 1) and local[1]


@pytest.mark.parametrize("name", ["standard", "secret"])
def test_server_score_is_identical(capsys, live_server, sheet_files, name):
    for extra in ([], ["--json"]):
        local = run(capsys, ["score", sheet_files[name], *extra])
        assert run(capsys, ["--server", live_server, "score", sheet_files[name], *extra]) == local
        assert local[0] == 0


@pytest.mark.parametrize(
    "argv, pointer",
    [
        (["judge", "bag", "--pool", "R3 Q2"], "/pool"),
        (["solve", "R3", "--limit", "1001"], "/limit"),
        (["rack", "ca7"], "/rack"),
        (["booksmack", "a", "%"], "/cards/1"),
        (["colorsmash", "mauve"], "/card"),
        (["colorsmash-replay", str(GOLDEN / "refused-flip-out-of-turn.game.json")], "/events/2"),
    ],
)
def test_server_errors_exit_2_like_local_ones(capsys, live_server, argv, pointer):
    local = run(capsys, argv)
    code, out, err = run(capsys, ["--server", live_server, *argv])
    assert local[0] == code == 2 and out == local[1] == ""
    assert "422" in err and pointer in err
