"""The contract: `Local` answers every operation exactly as `WordsmithClient` does against the served app.

The CLI asks one of the two, so this is what makes `wordsmith --server URL`
print what `wordsmith` prints; test_cli_server.py checks the printing.
"""

from __future__ import annotations

import inspect
import itertools
import json
from pathlib import Path

import pytest

from cli.local import Local
from client import TABLE_OPERATIONS, WordsmithClient, WordsmithError
from client.table_actions import ACTIONS

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
    ("solve", ("R4 Y3 B2 G2",), {"limit": 30, "offset": 4, "sort": "familiar"}),
    ("solve", ("R4 Y3 B2 G2 W1",), {"limit": 30, "sort": "alphabetical", "ends_with": "s"}),
    ("hints", (EXAMPLE_POOL,), {"limit": 3, "discards_used": 6}),
    ("hints", ("R4 Y3 B2 G2",), {"limit": 8, "sort": "familiar"}),
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
    ("rack", ("retains",), {"limit": 12, "sort": "alphabetical"}),
    ("booksmack", (["c", "A", "f", "é"],), {}),
    ("booksmack", (["b", "Z", "m"],), {"lexicon": "small"}),
    ("booksmack_turn", (["b", "Z", "m", "a"], 4), {}),
    ("booksmack_score", (["E", "e", "é", "z", "!"],), {"variant": "turn-based"}),
    ("colorsmash", ({"splat": "green", "word": "Green"},), {}),
    ("colorsmash", ("teal/coral",), {"colours": ["teal", "coral"]}),
    ("colorsmash_replay", (GAME["mode"], GAME["players"], GAME["events"]), {}),
]


def operations(cls) -> set[str]:
    """The public methods: the operations, live tables' included (Local's come from cli/local_tables.py)."""
    return {name for name, _ in inspect.getmembers(cls, inspect.isfunction) if not name.startswith("_")}


def test_local_has_the_clients_methods_and_arguments():
    assert operations(Local) == operations(WordsmithClient)
    assert TABLE_OPERATIONS <= operations(Local)
    for name in operations(WordsmithClient):
        local = inspect.signature(getattr(Local, name)).parameters
        for parameter in inspect.signature(getattr(WordsmithClient, name)).parameters.values():
            if parameter.kind is not parameter.VAR_KEYWORD:  # the client's **filters: Local names each one
                assert local[parameter.name].default == parameter.default, (name, parameter.name)


def test_every_operation_is_compared():
    compared = {name for name, _, _ in CALLS} | TABLE_OPERATIONS
    assert compared == operations(WordsmithClient) - {"close"}
    played_here = {name for name, _ in played(Recorder())}
    assert played_here == TABLE_OPERATIONS
    assert {action.name for action in ACTIONS} <= played_here  # a new row of the table of actions is played too


@pytest.mark.parametrize("action", ACTIONS, ids=[action.name for action in ACTIONS])
def test_each_action_is_the_apis_operation(client, action):
    """The table of actions the backends share says what the API takes: the path, and the body's fields."""
    document = client.get("/openapi.json").get_json()
    operation = document["paths"][f"/api/v1/tables/{{code}}{action.path}"]["post"]
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    schema = document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[-1]]
    body = {field.sent_as for field in action.fields if not field.in_path}
    required = {field.sent_as for field in action.fields if field.required and not field.in_path}
    assert body | {"request_id"} <= set(schema["properties"])
    assert set(schema.get("required", [])) == required | {"request_id"}
    assert [p["name"] for p in operation["parameters"] if p["in"] == "path"] == ["code"] + [
        field.name for field in action.fields if field.in_path
    ]


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


# --- live tables ---------------------------------------------------------------------------
#
# A table's answers carry what no two tables share (its code, tokens, the times of its
# events) and the join link names the server: `same_shape` blanks those, so the rest
# (every seat, pool, claim, verdict, score and refusal) must be equal. Nothing is left
# to the dice: every pool and piece is given.

POOL = "R3 Y2 B1 G2"


class Recorder:
    """Stands in for a backend: records which operation each step calls (test_every_operation_is_compared)."""

    def __getattr__(self, name):
        return lambda *args, **kwargs: {"code": "C", "host_token": "H", "token": "T", "events": [], "state": None}


def last_refused(state: dict) -> int:
    """The seq of a Wordsmith table's newest refused attempt (1 from a stand-in backend's empty answer)."""
    return ((state.get("wordsmith") or {}).get("refused") or [{"seq": 1}])[-1]["seq"]


def played(backend) -> list[tuple[str, object]]:
    """Play the same games on `backend`: (operation, its answer or its refusal) for each call, in order."""
    steps: list[tuple[str, object]] = []

    def call(name, *args, **kwargs):
        try:
            answer = getattr(backend, name)(*args, **kwargs)
        except WordsmithError as error:
            answer = {
                "refused": error.status,
                "title": error.title,
                "code": error.code,
                "objections": error.objections,
                "pointers": [e.get("pointer") for e in error.errors],
            }
        if name == "events":
            answer = list(itertools.islice(answer, 4))
        steps.append((name, answer))
        return answer

    created = call("create_table", "wordsmith", ["Ann", "Bob"], lexicon="small")
    code, host = created["code"], created["host_token"]
    ann = call("join_table", code, 1)["token"]
    call("join_table", code, 1)  # taken: 409 seat_taken
    call("ask_seat", code, 1)  # that phone asks for Ann's seat back: no token needed
    call("ask_seat", code, 3)  # no such seat: 422
    bob = call("join_table", code, 2, token=host)["token"]  # the host seats a phone
    call("rename_seat", code, 2, "Bo", host)
    call("release_seat", code, 2, ann)  # host only: 403
    call("release_seat", code, 2, host)  # Bob's phone is lost: the seat goes to a new one
    call("table", code, token=bob)  # the old token: 403
    bob = call("join_table", code, 2)["token"]
    call("start_challenge", code, ann)  # a seat is not the host: 403
    call("start_challenge", code, host, pool="R3 Q2")  # 422 at /pool
    call("start_challenge", code, host, pool=POOL)
    call("claim", code, "cast", ann)
    call("claim", code, "cast", bob)  # 409 claim_refused, already claimed
    already = last_refused(call("table", code, token=bob))
    call("ask_table", code, already, bob)  # a rule's refusal is not the table's to allow: 409 not_askable
    call("claim", code, "vlog", ann)  # no word list holds it: 409, and it may be put to the table
    vlog = last_refused(call("table", code, token=ann))
    call("ask_table", code, vlog, ann)
    call("vote", code, vlog, False, bob)  # Bob allows it: a house word of this table
    call("claim", code, "cast", None)  # no token: 401
    call("add_piece", code, bob, piece="W", wild_as="blue")  # 422 at /wild_as: a piece's code, B
    call("add_piece", code, bob, piece="W", wild_as="B")
    call("add_piece", code, bob, piece="W")  # a star kept wild: the seat says later which piece it is
    call("choose_wild", code, "Q", bob)  # 422: not a piece
    call("choose_wild", code, "G", bob)
    claimed = call("claim", code, "bag", bob)
    call("object_to", code, claimed["seq"] if "seq" in claimed else 1, ann)
    call("vote", code, claimed["seq"] if "seq" in claimed else 1, True, ann)  # the objector does not vote: 409
    call("count_votes", code, claimed["seq"] if "seq" in claimed else 1, bob)  # no voter at two seats: tied
    call("settle_vote", code, claimed["seq"] if "seq" in claimed else 1, False, host)  # the casting vote
    call("overrule", code, claimed["seq"] if "seq" in claimed else 1, True, host)
    call("set_pool", code, 1, "R2 Y2", host)
    call("pass_challenge", code, ann)
    call("lock_table", code, host)
    call("end_challenge", code, host)
    call("table", code)
    call("table", code, token=bob)
    call("table_record", code)
    call("events", code, after=2, token=ann)
    call("table_qr", code)
    call("end_game", code, host)
    call("table", "ZZZZZ2")  # no such table: 404
    call("create_table", "wordsmith", ["Ann", "Bob"], house_words=["vlog", "paris"])  # a name: 422 at the word
    call("create_table", "wordsmith", ["Ann", "Bob"], house_words=["vlog"])

    words = call("create_table", "wordsmith", ["Ann", "Bob"], variants=["word_by_word"])
    call("roll_word", words["code"], words["host_token"], faces=["red", "yellow", "blue_star"])  # not started: 409
    call("undo", words["code"], words["host_token"])  # nothing done yet: 409
    call("start_challenge", words["code"], words["host_token"], pool=POOL, challenge=1)
    call("start_challenge", words["code"], words["host_token"], pool=POOL, challenge=1)  # started already: 409
    call("roll_word", words["code"], words["host_token"], faces=["red", "yellow", "blue_star"], round=1)
    call("roll_word", words["code"], words["host_token"], faces=["red", "red", "red"], round=1)  # rolled: 409
    call("undo", words["code"], words["host_token"], seq=1)  # not the last action: 409
    call("undo", words["code"], words["host_token"])  # the roll taken back
    words_ann = call("join_table", words["code"], 1)["token"]
    call("join_table", words["code"], 2)
    call("hand_host", words["code"], 3, words["host_token"])  # no such seat: 422
    call("remove_seat", words["code"], 2, words["host_token"])  # Bob left
    call("remove_seat", words["code"], 1, words["host_token"])  # the last seat: 409
    call("hand_host", words["code"], 1, words["host_token"])
    call("delete_table", words["code"], words["host_token"])  # the old host token stopped: 403
    call("delete_table", words["code"], words_ann)

    books = call("create_table", "booksmack", ["Ann", "Bob", "Cy"])
    call("play_round", books["code"], ["c", "A", "t"], books["host_token"])
    call("take_round", books["code"], [2], books["host_token"])
    turns = call("create_table", "booksmack", ["Ann", "Bob"], variants=["turns"])
    call("play_turn", turns["code"], "b", turns["host_token"], seat=1)
    call("steal", turns["code"], 2, "hand", turns["host_token"])
    return steps


# The fields that hold a time (the two tables' clocks differ).
TIMES = ("at", "created_at", "updated_at", "closes_at", "objections_close_at")


def same_shape(value, code_and_tokens: set[str]):
    """`value` with what differs between two tables blanked: codes, tokens, times, the server's address."""
    if isinstance(value, dict):
        return {key: "<at>" if key in TIMES else same_shape(item, code_and_tokens) for key, item in value.items()}
    if isinstance(value, list):
        return [same_shape(item, code_and_tokens) for item in value]
    if isinstance(value, str):
        if value.lstrip().startswith("<svg"):
            return "<svg>"  # the QR code draws the join link, which names the server
        for secret in code_and_tokens:
            value = value.replace(secret, "<secret>")
        return value.split("/tables/")[-1] if "/tables/" in value else value
    return value


def secrets_of(steps) -> set[str]:
    found = set()
    for _, answer in steps:
        if isinstance(answer, dict):
            found |= {answer[key] for key in ("code", "host_token", "token") if isinstance(answer.get(key), str)}
    return found


def test_a_table_plays_the_same_on_both_backends(backends):
    local, remote = (played(backend) for backend in backends)
    assert [name for name, _ in local] == [name for name, _ in remote]
    local_secrets, remote_secrets = secrets_of(local), secrets_of(remote)
    for (name, mine), (_, theirs) in zip(local, remote):
        assert same_shape(mine, local_secrets) == same_shape(theirs, remote_secrets), name


def test_a_table_made_here_is_the_served_tables(backends):
    """Without --server, tables live in the store the served app uses: one made here is shown there."""
    local, remote = backends
    created = local.create_table("wordsmith", ["Ann", "Bob"])
    ann = remote.join_table(created["code"], 1)["token"]
    local.start_challenge(created["code"], created["host_token"], pool=POOL)
    assert local.claim(created["code"], "cast", ann)["claim"]["word"] == "cast"
    assert remote.table(created["code"])["wordsmith"]["claims"][0]["word"] == "cast"
