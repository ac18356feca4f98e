"""Objections after the game's end (ruling 18a of docs/rules/wordsmith.md): the window stays open whoever ended the
game, the state says the winners may still change until it closes and every vote is counted, and an upheld
objection after the host ended the game changes the sheets but never reopens play; after the automatic end that
follows the third challenge, ruling 18 stands."""

from __future__ import annotations

import pytest
from test_tables_wordsmith import EXAMPLE_POOL, SIX, Table, exact, seat, six_words

from tables.events import Rejected
from tables.service import stamp
from tables.wordsmith.vote import epoch

WINDOW = 30  # the default objection_seconds


def done_challenge(table: Table) -> tuple[int, int]:
    """Ann (seat 1) claims six words and calls Done!, Bob claims GAB as his extra word and Cy passes: the challenge
    ends by itself. The seqs of Ann's Done! word and of Bob's extra word."""
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    sixth = [e for e in six_words(table, 1) if e.type == "claim"][-1]
    extra = table.claim(2, "gab", exact("gab"))
    ended = table.act({"type": "pass"}, seat(3))
    assert [e.type for e in ended][:2] == ["passed", "challenge_ended"] and ended[1].data["reason"] == "done"
    return sixth.seq, extra.seq


def totals(table: Table) -> list[int]:
    return [sheet["total"] for sheet in table.view()["scores"]["sheets"]]


def test_after_the_host_ends_the_game_an_upheld_objection_to_the_done_word_changes_the_scores_not_the_end():
    table = Table(seats=3, joined=True)
    done_word, extra = done_challenge(table)
    (ended,) = table.act({"type": "end_game"})
    # the last word open to objection is Bob's extra word: its window is the last to close
    closes = stamp(epoch(table.ws.claims[extra].at) + WINDOW)
    assert (ended.by, ended.data["objections_close_at"]) == (0, closes)
    view = table.view()
    assert view["phase"] == "game_over" and view["winners"] == [1]
    assert view["winners_may_change"] == {"objections_close_at": closes, "votes": []}
    before = totals(table)

    table.act({"type": "object", "claim": done_word}, seat(2))  # within the window: the game's end does not close it
    assert table.view()["winners_may_change"] == {"objections_close_at": closes, "votes": [done_word]}
    ruled = table.act({"type": "vote", "claim": done_word, "strike": True}, seat(3))[-1]
    assert (ruled.data["outcome"], ruled.data["reopen"], ruled.data["struck"]) == ("upheld", False, [done_word])
    view = table.view()
    assert view["phase"] == "game_over" and view["done_by"] == 1  # the game stays over, Done! with it
    assert [w["word"] for w in table.seat_view(1)["words"]] == SIX[:-1]  # TREE is off Ann's sheet
    assert totals(table)[0] == before[0] - len("tree") and totals(table)[1:] == before[1:]
    assert view["winners"] == [1] and view["winners_may_change"] == {"objections_close_at": closes, "votes": []}
    assert "off Ann's sheet" in view["latest"]["reason"] and "finding words" not in view["latest"]["reason"]
    with pytest.raises(Rejected) as caught:  # play does not go on: no word is taken
        table.act({"type": "claim", "word": "tree"}, seat(1))
    assert caught.value.code == "no_challenge" and str(caught.value).startswith("The game is over")


def test_after_the_host_ends_the_game_striking_the_extra_word_does_not_reopen_it():
    table = Table(seats=3, joined=True)
    _, extra = done_challenge(table)
    table.act({"type": "end_game"})
    table.act({"type": "object", "claim": extra}, seat(3))
    ruled = table.act({"type": "vote", "claim": extra, "strike": True}, seat(1))[-1]
    assert (ruled.data["reopen"], ruled.data["struck"]) == (False, [extra])
    assert table.view()["phase"] == "game_over" and table.seat_view(2)["words"] == []


def test_the_window_after_the_game_is_the_usual_one():
    table = Table(seats=3, joined=True)
    done_word, _ = done_challenge(table)
    table.act({"type": "end_game"})
    with pytest.raises(Rejected) as caught:
        table.act({"type": "object", "claim": done_word}, seat(2), after=WINDOW)
    assert caught.value.code == "objection_window_closed"


def test_after_the_automatic_end_striking_the_done_word_takes_the_end_back_as_ruling_18_says():
    table = Table(seats=3, joined=True)
    for _ in range(2):
        table.act({"type": "start", "pool": EXAMPLE_POOL})
        table.claim(1, "cast")
        table.act({"type": "end_challenge"})
    done_word, extra = done_challenge(table)
    ended = table.events[-1]
    assert (ended.type, ended.by, ended.data["challenge"]) == ("game_ended", None, 3)
    closes = stamp(epoch(table.ws.claims[extra].at) + WINDOW)
    assert table.view()["winners_may_change"] == {"objections_close_at": closes, "votes": []}
    table.act({"type": "object", "claim": done_word}, seat(2))
    ruled = table.act({"type": "vote", "claim": done_word, "strike": True}, seat(3))[-1]
    assert (ruled.data["outcome"], ruled.data["reopen"]) == ("upheld", True)
    view = table.view()
    assert (view["phase"], view["done_by"], view["winners"], view["winners_may_change"]) == (
        "playing",
        None,
        None,
        None,
    )
    assert view["latest"]["reason"].endswith(
        "is struck out; the game's end is taken back, and Ann goes back to finding words."
    )
    assert [e.type for e in table.act({"type": "claim", "word": "rete"}, seat(1))] == ["claim", "done"]


def test_a_game_over_with_no_word_open_to_objection_is_final():
    table = Table(seats=2, joined=True)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    table.act({"type": "end_challenge"})  # nobody claimed a word
    (ended,) = table.act({"type": "end_game"})
    assert ended.data["objections_close_at"] is None and table.view()["winners_may_change"] is None
