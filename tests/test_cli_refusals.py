"""A refusal reads the same whichever backend refuses it.

Each case runs as `wordsmith ARGS...` (Local, in this process) and as
`wordsmith --server URL ARGS...`, and both must print the same one line on
stderr, nothing on stdout, and exit with the same code (2; a refused claim 1).
The tables each case needs are made the same way on each backend, and their
codes and tokens are blanked before the two are compared.

`check`, `define` and `roll` are not here: nothing they are given is refused by
the engine, only by a server's request limits (MAX_WORD_LENGTH, the seed's
range), which Local does not apply (cli/local.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from service_helpers import GunicornServer

from cli import build_parser, main
from cli.local import Local
from client import WordsmithClient

GOLDEN = Path(__file__).resolve().parent / "golden" / "colorsmash"
POOL = "R3 Y2 B1 G2"
GARBAGE = "not-a-token-of-any-table-at-all"
# Commands no case here can try: see the module's docstring (`serve` never asks a backend).
UNTRIED = {"check", "define", "roll", "serve"}

# Files the commands refuse, by name.
FILES = {
    "variant.json": {"variant": "standard+nope", "sheets": [{"player": "Ann", "challenges": [{"words": ["bag"]}]}]},
    "sheet.json": [{"player": "Ann", "challenges": [{"words": ["bag"], "discards": 3}]}],
    "not-a-game.json": [1, 2],
    "extra-field.json": {  # a field another event type has, and one none has: the rules' words, not the model's
        "players": ["ann", "bob"],
        "events": [
            {"type": "deal", "hands": {"ann": 2, "bob": 2}},
            {"type": "flip", "player": "ann", "steal_from": "bob"},
        ],
    },
    "unknown-field.json": {
        "players": ["ann", "bob"],
        "events": [{"type": "deal", "hands": {"ann": 2, "bob": 2}}, {"type": "flip", "player": "ann", "extra": 1}],
    },
}

# (argv, whose token is in WORDSMITH_TOKEN). {W}: a started Wordsmith table where Ann claimed CAST (claim {cast});
# {F}: one not started; {B}: a Booksmack table of three; {T}: turn-based Booksmack; {V}: Word by Word, not started;
# {dir}: the folder of FILES; {golden}: Color Smash's golden games.
CASES = [
    (["solve", "R3 Q2"], None),
    (["solve", ""], None),
    (["solve", "R300"], None),
    (["hint", "R3 Q2", "--limit", "3"], None),
    (["judge", "bag", "--pool", "R3 Q2"], None),
    (["score", "{dir}/variant.json"], None),
    (["score", "{dir}/sheet.json", "--variant", "secret+nope"], None),
    (["score", "{dir}/missing.json"], None),
    (["rack", "ca7"], None),
    (["rack", "???"], None),
    (["booksmack", "a", "%"], None),
    (["booksmack", "27", "b"], None),
    (["booksmack", "--played", "9", "a", "b"], None),
    (["booksmack", "--turn-based", "a", "b"], None),
    (["booksmack-score", "a", "%"], None),
    (["colorsmash", "mauve"], None),
    (["colorsmash-replay", "{dir}/extra-field.json"], None),
    (["colorsmash-replay", "{dir}/unknown-field.json"], None),
    (["colorsmash", "red", "mauve"], None),
    (["colorsmash", "--colours", "red,red", "red"], None),
    (["colorsmash", "steal", "red"], None),
    (["colorsmash-replay", "{golden}/refused-flip-out-of-turn.game.json"], None),
    (["colorsmash-replay", "{golden}/refused-slap-when-out.game.json"], None),
    (["colorsmash-replay", "{dir}/not-a-game.json"], None),
    # live tables
    (["table", "create", "--seat", "Ann"], None),
    (["table", "create", "--seat", "Ann", "--seat", "ANN"], None),
    (["table", "create", "--seat", "Ann", "--seat", "B" * 41], None),
    (["table", "create", "--seat", "Ann", "--seat", "Bob", "--variant", "nope"], None),
    (["table", "create", "--game", "booksmack", "--seat", "Ann", "--seat", "Bob", "--variant", "secret"], None),
    (["table", "join", "{W}", "1"], None),
    (["table", "join", "{W}", "Zed"], None),
    (["table", "join", "ZZZZZ2", "1"], None),
    (["table", "show", "ZZZZZ2"], None),
    (["table", "show", "{W}", "--token", GARBAGE], None),
    (["table", "start", "{F}"], "ann_f"),
    (["table", "start", "{F}", "--pool", "R3 Q2"], "host_f"),
    (["table", "start", "{F}", "--required", "abcdef"], "host_f"),
    (["table", "start", "{W}"], "host"),
    (["table", "start", "{W}"], None),
    (["table", "claim", "{W}", "cast"], "bob"),
    (["table", "claim", "{W}", "zzzq"], "bob"),
    (["table", "claim", "{W}", "cast", "--row", "2"], "bob"),
    (["table", "claim", "{F}", "cast"], "ann_f"),
    (["table", "add", "{F}", "R"], "ann_f"),
    (["table", "add", "{W}", "W", "--wild-as", "B"], GARBAGE),
    (["table", "object", "{W}", "999"], "bob"),
    (["table", "vote", "{W}", "{cast}", "--keep"], "bob"),
    (["table", "ask", "{W}", "{cast}"], "bob"),
    (["table", "count", "{W}", "{cast}"], "bob"),
    (["table", "wild", "{W}", "R"], "bob"),
    (["table", "settle", "{W}", "{cast}", "--keep"], "host"),
    (["table", "overrule", "{W}", "{cast}", "--stands"], "ann"),
    (["table", "pass", "{F}"], "ann_f"),
    (["table", "end-challenge", "{F}"], "host_f"),
    (["table", "end-game", "{T}", "--hand", "%"], "host_t"),
    (["table", "roll-word", "{W}", "red", "red", "red"], "host"),
    (["table", "roll-word", "{V}", "red"], "host_v"),
    (["table", "set-pool", "{W}", "1", "R3 Q2"], "host"),
    (["table", "set-pool", "{W}", "Zed", "R3"], "host"),
    (["table", "round", "{B}", "a", "%", "b"], "host_b"),
    (["table", "round", "{W}", "a", "b"], "host"),
    (["table", "take", "{B}", "2"], "host_b"),
    (["table", "turn", "{T}", "%"], "host_t"),
    (["table", "turn", "{T}", "b", "--steal", "2"], "host_t"),
    (["table", "turn", "{B}", "b"], "host_b"),
    (["table", "steal", "{T}", "2", "hand"], "host_t"),
    (["table", "release", "{W}", "1"], "ann"),
    (["table", "remove", "{W}", "2"], "ann"),
    (["table", "hand-host", "{W}", "2"], "bob"),
    (["table", "undo", "{F}"], "host_f"),
    (["table", "rename", "{W}", "1", "Bob"], "host"),
    (["table", "rename", "{W}", "1", "A" * 41], "host"),  # a seat's name is bounded by the table, for every caller
    (["table", "lock", "{W}"], "ann"),
    (["table", "unlock", "{W}"], "bob"),
    (["table", "delete", "{W}"], "ann"),
    (["table", "qr", "ZZZZZ2"], None),
    (["table", "record", "{W}", "--token", GARBAGE], None),
    (["table", "follow", "ZZZZZ2", "--count", "1"], None),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A server of this module's own: its cases try unknown codes and seats, which the join-code limit counts
    against the address, and make tables, which TABLES_PER_HOUR counts; the session's server is left its own."""
    limits = {"WORDSMITH_TABLE_GUESS_BURST": "10000", "WORDSMITH_TABLES_PER_HOUR": "10000"}
    served = GunicornServer(tmp_path_factory.mktemp("refusals") / "gunicorn.log", workers=1, env=limits).start()
    yield served.url
    served.stop()


def made(backend) -> dict[str, str]:
    """The tables the cases refer to, made on `backend`: each code and token by its name in CASES."""
    wordsmith = backend.create_table("wordsmith", ["Ann", "Bob"], lexicon="small")
    code, host = wordsmith["code"], wordsmith["host_token"]
    ann = backend.join_table(code, 1)["token"]
    bob = backend.join_table(code, 2)["token"]
    backend.start_challenge(code, host, pool=POOL)
    cast = backend.claim(code, "cast", ann)["seq"]
    fresh = backend.create_table("wordsmith", ["Ann", "Bob"])
    names = {"W": code, "host": host, "ann": ann, "bob": bob, "cast": str(cast)}
    names |= {"F": fresh["code"], "host_f": fresh["host_token"], "ann_f": backend.join_table(fresh["code"], 1)["token"]}
    for key, game, seats, variants in [
        ("B", "booksmack", ["Ann", "Bob", "Cy"], []),
        ("T", "booksmack", ["Ann", "Bob"], ["turns"]),
        ("V", "wordsmith", ["Ann", "Bob"], ["word_by_word"]),
    ]:
        table = backend.create_table(game, seats, variants=variants)
        names |= {key: table["code"], f"host_{key.lower()}": table["host_token"]}
    return names


@pytest.fixture(scope="module")
def backends(server, tmp_path_factory):
    """For each backend: the arguments that choose it, and the names of the tables made on it."""
    folder = tmp_path_factory.mktemp("refused-files")
    for name, content in FILES.items():
        (folder / name).write_text(json.dumps(content), "utf-8")
    folders = {"dir": str(folder), "golden": str(GOLDEN)}
    with Local() as local, WordsmithClient(server) as remote:
        yield {"local": ([], made(local) | folders), "served": (["--server", server], made(remote) | folders)}


def said(argv: list[str], token: str | None, names: dict[str, str], capsys, monkeypatch) -> tuple[int, str, str]:
    """Run one case: (exit code, stdout, stderr), with this backend's codes and tokens blanked."""
    if token is None:
        monkeypatch.delenv("WORDSMITH_TOKEN", raising=False)
    else:
        monkeypatch.setenv("WORDSMITH_TOKEN", names.get(token, token))
    code = main([part.format(**names) for part in argv])
    out, err = capsys.readouterr()
    for key, value in names.items():
        if key not in ("dir", "golden", "cast"):
            out, err = out.replace(value, f"<{key}>"), err.replace(value, f"<{key}>")
    return code, out, err


@pytest.mark.parametrize("argv, token", CASES, ids=[" ".join(argv)[:50] for argv, _ in CASES])
def test_a_refusal_reads_the_same_from_either_backend(backends, capsys, monkeypatch, argv, token):
    answers = {
        name: said([*chosen, *argv], token, names, capsys, monkeypatch) for name, (chosen, names) in backends.items()
    }
    assert answers["served"] == answers["local"]
    code, out, err = answers["local"]
    command = " ".join(["wordsmith", *argv[: 2 if argv[0] == "table" else 1]])
    assert code in (1, 2) and out == "", answers["local"]
    assert err.startswith(f"{command}: ") and err.count("\n") == 1, err


def test_every_command_that_can_refuse_is_tried():
    commands = build_parser()._subparsers._group_actions[0].choices
    every = {name for name in commands if name != "table"}
    every |= {f"table {name}" for name in commands["table"]._subparsers._group_actions[0].choices}
    tried = {" ".join(argv[: 2 if argv[0] == "table" else 1]) for argv, _ in CASES}
    assert tried == every - UNTRIED
