"""The event stream's contract is stated once, in docs/api.md, "Event streams"; the server's two routes, the pages'
script and the Python client follow that statement, and this file holds each of them to it: a message the server
writes with a field or a name the statement lacks, an event whose data has other keys, a follower that is not told
where the contract lives, fails here."""

from __future__ import annotations

import json
import re

from service_helpers import ROOT
from test_tables_live_part import claim, four, read_messages  # noqa: F401 (`four` is a fixture)

from client import read_events

SECTION = re.compile(r"^### Event streams\n(.*?)(?=^##)", flags=re.S | re.M)


def statement() -> str:
    return SECTION.search((ROOT / "docs" / "api.md").read_text("utf-8")).group(1)


def documented_messages() -> list[list[tuple[str, str]]]:
    """The statement's example stream, message by message: each line as (field, value); a comment's field is ""."""
    block = re.search(r"```\n(.*?)```", statement(), flags=re.S).group(1)
    return [parse(message) for message in block.strip().split("\n\n")]


def parse(message: str) -> list[tuple[str, str]]:
    lines = []
    for line in message.splitlines():
        field, _, value = line.partition(":")
        lines.append((field, value.removeprefix(" ")))
    return lines


def shapes(messages) -> set[tuple[str, ...]]:
    """What kinds of message a stream holds: each message's fields in order, an event's type as `event`, a part's
    as `event: part`."""
    found = set()
    for message in messages:
        fields = []
        for field, value in message:
            fields.append("event: part" if (field, value) == ("event", "part") else field)
        found.add(tuple(dict.fromkeys(fields)))
    return found


def written(text: str) -> list[list[tuple[str, str]]]:
    return [parse(message) for message in text.strip().split("\n\n") if message]


def test_the_statement_shows_every_kind_of_message():
    assert shapes(documented_messages()) == {("retry",), ("id", "event", "data"), ("event: part", "data"), ("",)}


def test_the_api_stream_writes_the_stated_messages_and_its_events_carry_the_stated_keys(four):  # noqa: F811
    code, host, (ann, bob, *_), tv, _ = four
    claim(ann, code, "cot")
    answer = tv.get(f"/api/v1/tables/{code}/events", buffered=False)
    text = b"".join([next(answer.response), next(answer.response)]).decode()  # the delay, then the events so far
    answer.close()
    assert shapes(written(text)) <= shapes(documented_messages())
    stated = next(value for message in documented_messages() for field, value in message if field == "data")
    keys = json.loads(stated.replace("{...}", "{}")).keys()
    events = [value for field, value in read_events(text.splitlines()) if field == "event"]
    assert events and all(event.keys() == keys for event in events)
    for message in written(text):
        if message[0][0] == "id":  # the id is the seq, the event name its type
            data = json.loads(message[2][1])
            assert (message[0][1], message[1][1]) == (str(data["seq"]), data["type"])


def test_the_pages_stream_writes_the_stated_messages_parts_included(four):  # noqa: F811
    code, host, (ann, bob, *_), tv, _ = four
    claim(ann, code, "cot")
    seq = bob.application.extensions["tables"].state(code).seq
    answer = bob.get(f"/tables/{code}/events?after={seq - 1}&parts=1", buffered=False)
    text = ""
    for chunk in answer.response:
        text += chunk.decode()
        if "event: part" in text and text.endswith("\n\n"):
            break
    answer.close()
    assert ("event: part", "data") in shapes(written(text)) <= shapes(documented_messages())
    part = next(message for message in written(text) if message[0] == ("event", "part"))
    stated = next(message for message in documented_messages() if message[0] == ("event", "part"))
    for (field, value), (stated_field, stated_value) in zip(part, stated):
        # "..." in the statement stands for the rest of the line
        assert field == stated_field and value.startswith(stated_value.removesuffix("...")), (value, stated_value)


def test_the_client_reads_the_stated_example():
    """Every event of the statement's example reaches the client's reader, and nothing else does (a part is not an
    event of the API's stream, whose follower never asks for parts)."""
    block = re.search(r"```\n(.*?)```", statement(), flags=re.S).group(1).replace("{...}", "{}")
    api_only = "\n\n".join(message for message in block.split("\n\n") if "event: part" not in message)
    read = list(read_events(api_only.splitlines() + [""]))
    assert [field for field, _ in read] == ["retry", "event"] and read[0][1] == 2731 and read[1][1]["seq"] == 7


def test_every_party_to_the_stream_points_at_the_statement():
    for path in ("app/serving/streams.py", "app/api/table_events.py", "app/static/tables.js", "client/__init__.py"):
        assert 'docs/api.md, "Event streams"' in (ROOT / path).read_text("utf-8"), path


def test_the_pages_listen_to_every_event_type_a_game_writes_in_any_module():
    """A type missing from the page's list (`data-event-types`) would never reach its script: every type written
    under tables/, its games' packages included (tables/wordsmith/), is there."""
    from app.pages.tables import EVENT_TYPES

    written = set()
    for module in (ROOT / "tables").rglob("*.py"):
        written |= set(re.findall(r'NewEvent\(\s*"(\w+)"', module.read_text("utf-8")))
    assert {"objection", "house_vote", "round", "seat_asked"} <= written  # the games' own modules are read
    assert written <= set(EVENT_TYPES)
