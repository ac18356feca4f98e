"""The contract: `Local` answers every operation exactly as `WordsmithClient` does against the served app.

The CLI asks one of the two, so this is what makes `wordsmith --server URL`
print what `wordsmith` prints; test_cli_server.py checks the printing.
"""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest

from cli.local import Local
from client import TABLE_OPERATIONS, WordsmithClient

GAME = json.loads(
    (Path(__file__).resolve().parent / "golden" / "colorsmash" / "standard-three-players.game.json").read_text("utf-8")
)
EXAMPLE_POOL = "R3 Y2 B1 G2"
SHEETS = [
    {"player": "Ann", "challenges": [{"words": ["bag", "cast", "she's"], "discards": 8}]},
    {
        "player": "Bo",
        "challenges": [{"words": ["to-do", "she's"], "discards": 2}, {"words": ["qi"], "crossed_white": 2}],
    },
]
SECRET_SHEETS = [
    {"player": "Ann", "challenges": [{"words": ["bag", "gab", {"word": "Peru"}, "cast"], "required": "abcdet"}]}
]

# (method, positional arguments, keyword arguments): every method at least once.
CALLS = [
    ("health", (), {}),
    ("lexicons", (), {}),
    ("word", ("qi",), {}),
    ("word", ("Peru",), {"lexicon": "large"}),
    ("check", (["zyzzyva", "Peru", "<script>", "colour", "aesacus's"],), {"lexicon": "large"}),
    ("alphabet", (), {}),
    ("solve", (EXAMPLE_POOL,), {"limit": 1000}),
    (
        "solve",
        ({"red": 3, "yellow": 2, "blue": 1, "green": 2},),
        {"previous_word": "bag", "use_all": True, "starts_with": "ca"},
    ),
    (
        "solve",
        ("R8 Y6 B3 G3 W1",),
        {"limit": 20, "offset": 5, "min_length": 3, "contains": "e", "claimed": ["tree"], "lexicon": "small"},
    ),
    ("hints", (EXAMPLE_POOL,), {"limit": 3, "discards_used": 6}),
    ("hints", ("R8 Y6 B3 G3",), {"may_roll": False, "crossed_white": 2, "required_letter": "e"}),
    ("judge", ("cast", EXAMPLE_POOL), {}),
    ("judge", ("bag", "R3 Y2 B1"), {"claimed": ["cast", "bag"], "required_letter": "e"}),
    ("judge", ("zyzzyva", "W20"), {"lexicon": "large", "after_done": True, "words_written": 5}),
    ("score", (SHEETS,), {}),
    ("score", (SECRET_SHEETS,), {"variant": "secret+advanced", "lexicon": "small"}),
    ("roll", ("start", 7), {}),
    ("roll", ("add",), {"seed": 1}),
    ("roll", ("word_by_word",), {"seed": 3}),
    ("rack", ("retains?",), {"limit": 12}),
    ("rack", ("cat",), {"min_length": 3, "ends_with": "t"}),
    ("booksmack", (["c", "A", "f", "é"],), {}),
    ("booksmack", (["b", "Z", "m"],), {"lexicon": "small"}),
    ("booksmack_turn", (["b", "Z", "m", "a"], 4), {}),
    ("booksmack_score", (["E", "e", "é", "z", "!"],), {"variant": "turn-based"}),
    ("colorsmash", ({"splat": "green", "word": "Green"},), {}),
    ("colorsmash", ("teal/coral",), {"colours": ["teal", "coral"]}),
    ("colorsmash_replay", (GAME["mode"], GAME["players"], GAME["events"]), {}),
]


def operations(cls) -> set[str]:
    """The methods compared here: all but the live-table ones, which need a server (Local has none: cli/local.py)."""
    found = {name for name, _ in inspect.getmembers(cls, inspect.isfunction) if not name.startswith("_")}
    return found - TABLE_OPERATIONS


def test_local_has_the_clients_methods_and_arguments():
    assert operations(Local) == operations(WordsmithClient)
    for name in operations(WordsmithClient):
        local = inspect.signature(getattr(Local, name)).parameters
        for parameter in inspect.signature(getattr(WordsmithClient, name)).parameters.values():
            if parameter.kind is not parameter.VAR_KEYWORD:  # the client's **filters: Local names each one
                assert local[parameter.name].default == parameter.default, (name, parameter.name)


def test_every_operation_is_compared():
    assert {name for name, _, _ in CALLS} == operations(WordsmithClient) - {"close"}


@pytest.fixture(scope="module")
def backends(live_server):
    with WordsmithClient(live_server) as remote:
        yield Local(), remote


@pytest.mark.parametrize(
    "name, args, kwargs", CALLS, ids=[f"{name}-{number}" for number, (name, _, _) in enumerate(CALLS)]
)
def test_local_answers_as_the_service_does(backends, name, args, kwargs):
    local, remote = backends
    assert getattr(local, name)(*args, **kwargs) == getattr(remote, name)(*args, **kwargs)


def test_an_unseeded_roll_answers_its_seed(backends):
    for backend in backends:
        rolled = backend.roll("start")
        assert 0 <= rolled["seed"] < 2**32 and rolled == backend.roll("start", rolled["seed"])
