"""`wordsmith table ...`: a game played through the command line, on both backends.

Without `--server` the commands work on the store the served app uses (the
session's temp SQLite file, tests/conftest.py); with it, through the client.
Either way: create, join, start, claim and show give the same table, and a
refusal is one line on stderr with a non-zero exit.
"""

from __future__ import annotations

import json
import re

import pytest

from cli import local_tables, main
from tables.state import fold

POOL = "R3 Y2 B1 G2"


@pytest.fixture(params=["local", "served"])
def wordsmith(request, capsys, monkeypatch):
    """Run `wordsmith [--server URL] ARGS...`: (exit code, stdout, stderr); `token=` goes in WORDSMITH_TOKEN."""
    server = ["--server", request.getfixturevalue("live_server")] if request.param == "served" else []

    def run(*argv: str, token: str | None = None):
        if token is None:
            monkeypatch.delenv("WORDSMITH_TOKEN", raising=False)
        else:
            monkeypatch.setenv("WORDSMITH_TOKEN", token)
        code = main([*server, *argv])
        out, err = capsys.readouterr()
        return code, out, err

    return run


def made(out: str) -> tuple[str, str]:
    """The code and the host's token that `table create` printed."""
    return out.split()[1].rstrip(":"), out.split("Host token: ")[1].split()[0]


def test_a_game_through_the_command_line(wordsmith):
    code, out, err = wordsmith("table", "create", "--seat", "Ann", "--seat", "Bob", "--lexicon", "small")
    assert code == 0 and err == ""
    table, host = made(out)
    assert f"/tables/{table}/join" in out and "Seats: 1 Ann, 2 Bob" in out

    code, out, _ = wordsmith("table", "join", table, "Ann")  # a seat by its player's name
    ann = out.strip()
    assert code == 0 and len(ann) >= 22 and "\n" not in ann  # the token alone: `export WORDSMITH_TOKEN=$(...)`
    code, out, _ = wordsmith("table", "join", table, "2")
    bob = out.strip()

    code, out, _ = wordsmith("table", "start", table, "--pool", POOL, "--token", host)
    assert code == 0 and f"challenge 1 started: pool {POOL}" in out

    code, out, err = wordsmith("table", "claim", table, "cast", token=ann)
    assert code == 0 and "Ann claims CAST: 4 letters" in out  # named as every other line names its player

    code, out, err = wordsmith("table", "claim", table, "acts", token=bob)  # Bob's first word: no new letter needed
    assert code == 0, err

    code, out, err = wordsmith("table", "claim", table, "cast", token=bob)
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and "409" in err and "already_claimed" in err

    code, out, _ = wordsmith("table", "show", table)
    assert code == 0
    assert "Claims:" in out and "Ann: CAST stands" in out and "Bob: ACTS stands" in out
    assert "1 Ann: pool" in out and "Scores: Ann " in out

    code, out, _ = wordsmith("table", "show", table, "--json")
    state = json.loads(out)
    assert [claim["word"] for claim in state["wordsmith"]["claims"]] == ["cast", "acts"]

    code, out, _ = wordsmith("table", "record", table)
    record = json.loads(out)
    assert code == 0 and record["code"] == table
    assert fold(record["events"]).to_dict()["wordsmith"]["claims"] == state["wordsmith"]["claims"]

    code, out, _ = wordsmith("table", "follow", table, "--after", "3", "--count", "2")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    assert lines[0] == f"   4  challenge 1 started: pool {POOL}" and "Ann claims CAST" in lines[1]


def test_refusals_are_one_line_and_exit_2(wordsmith):
    code, out, _ = wordsmith("table", "create", "--seat", "Ann", "--seat", "Bob")
    table, host = made(out)
    seat = wordsmith("table", "join", table, "1")[1].strip()

    refusals = [
        (("table", "join", table, "1"), None, "409", "seat 1 (ann) is taken"),
        (("table", "join", table, "1"), host, "409", "is taken"),  # join never reads WORDSMITH_TOKEN
        (("table", "start", table), seat, "403", "only the host"),
        (("table", "start", table, "--pool", "R3 Q2"), host, "422", "/pool"),
        (("table", "show", "ZZZZZ2"), None, "404", "no table has the code"),
        (("table", "claim", table, "cast"), None, "", "give --token, or set wordsmith_token"),
        (("table", "join", table, "Zed"), None, "", "no seat is called 'zed'"),
    ]
    for argv, token, status, says in refusals:
        code, out, err = wordsmith(*argv, token=token)
        assert (code, out) == (2, ""), argv
        assert err.startswith(f"wordsmith table {argv[1]}: {status}") and err.count("\n") == 1, err
        assert says in err.lower(), err


def test_the_host_gives_a_seat_to_a_new_phone(wordsmith):
    table, host = made(wordsmith("table", "create", "--seat", "Ann", "--seat", "Bob")[1])
    old = wordsmith("table", "join", table, "Bob")[1].strip()
    code, out, err = wordsmith("table", "release", table, "Bob", token=old)
    assert code == 2 and "403" in err
    code, out, err = wordsmith("table", "release", table, "2", token=host)
    assert code == 0 and "Bob's seat given to a new phone" in out, err
    code, out, err = wordsmith("table", "show", table, token=old)
    assert code == 2 and err.startswith("wordsmith table show: 403")
    code, out, _ = wordsmith("table", "join", table, "2")
    assert code == 0 and out.strip() != old
    assert "2 Bob (free)" not in wordsmith("table", "show", table, token=out.strip())[1]


def test_the_host_undoes_removes_a_seat_and_hands_the_host_role_on(wordsmith):
    table, host = made(wordsmith("table", "create", "--seat", "Ann", "--seat", "Bob", "--seat", "Cy")[1])
    ann = wordsmith("table", "join", table, "Ann")[1].strip()
    wordsmith("table", "join", table, "Bob")
    assert wordsmith("table", "start", table, "--pool", "R1 Y1 B1 G5", token=host)[0] == 0
    code, out, err = wordsmith("table", "undo", table, token=host)
    assert code == 0 and "the host takes back events" in out and "(challenge_started)" in out, err
    code, out, err = wordsmith("table", "remove", table, "Cy", token=host)
    assert code == 0 and "Cy left the table" in out, err
    code, out, err = wordsmith("table", "hand-host", table, "Ann", token=host)
    assert code == 0 and "the host role goes to Ann's phone" in out, err
    assert wordsmith("table", "start", table, token=host)[0] == 2  # the old host token acts no more
    assert wordsmith("table", "start", table, "--pool", "R3 Y2 B1 G2", token=ann)[0] == 0


def test_a_table_made_here_is_served(live_server, capsys):
    """`wordsmith table create` then `wordsmith serve`: the same store (WORDSMITH_DATABASE_URL), the same table."""
    assert main(["table", "create", "--seat", "Ann", "--seat", "Bob"]) == 0
    table, host = made(capsys.readouterr().out)
    assert main(["--server", live_server, "table", "join", table, "2"]) == 0
    capsys.readouterr()
    assert main(["table", "show", table, "--token", host]) == 0  # joined there, seen here
    out = capsys.readouterr().out
    assert "1 Ann (free)" in out and "2 Bob" in out and "2 Bob (free)" not in out


def test_help_says_where_tokens_come_from(capsys):
    with pytest.raises(SystemExit):
        main(["table", "claim", "--help"])
    assert "WORDSMITH_TOKEN" in capsys.readouterr().out


def test_without_a_database_url_tables_are_in_the_served_apps_instance_folder(app, monkeypatch, tmp_path):
    assert local_tables.instance_path() == app.instance_path  # where create_app's store is, unset
    monkeypatch.setenv("WORDSMITH_DATABASE_URL", f"sqlite:///{tmp_path}/elsewhere.sqlite3")
    assert local_tables.database_url() == f"sqlite:///{tmp_path}/elsewhere.sqlite3"
    monkeypatch.delenv("WORDSMITH_DATABASE_URL")
    monkeypatch.setattr(local_tables, "instance_path", lambda: tmp_path / "instance")  # not the checkout's folder
    assert local_tables.database_url() == f"sqlite:///{tmp_path}/instance/tables.sqlite3"


def test_a_booksmack_table_shows_hands_libraries_and_scores(wordsmith):
    table, host = made(wordsmith("table", "create", "--game", "booksmack", "--seat", "Ann", "--seat", "Bob")[1])
    code, out, _ = wordsmith("table", "show", table)
    assert code == 0 and out.startswith("booksmack (base)") and "1 Ann (free): 4 in hand, 0 won" in out
    assert "Scores" not in out
    code, out, err = wordsmith("table", "end-game", table, token=host)
    assert code == 0 and "game over" in out, err
    code, out, _ = wordsmith("table", "show", table)
    assert "Scores: Ann 0, Bob 0" in out and "Round 0: ended" in out


def test_booksmack_rounds_and_turns_through_the_command_line(wordsmith):
    table, host = made(
        wordsmith("table", "create", "--game", "booksmack", "--seat", "Ann", "--seat", "Bob", "--seat", "Cy")[1]
    )
    ann = wordsmith("table", "join", table, "Ann")[1].strip()

    code, out, err = wordsmith("table", "round", table, "c", "A", "t", token=ann)  # from any phone
    assert code == 0 and "round 1: c A t: CAT is spelled from Ann." in out and "`take`" in out, err
    code, out, err = wordsmith("table", "round", table, "b", "Z", "m", token=ann)  # the cards are still out
    assert code == 2 and out == "" and err.startswith("wordsmith table round: 409") and "say who tapped first" in err
    code, out, err = wordsmith("table", "take", table, "Bob", token=ann)  # a seat by its player's name
    assert code == 0 and "round 1: Bob takes c A t" in out, err
    code, out, _ = wordsmith("table", "show", table)
    assert "2 Bob (free): 3 in hand, 3 won" in out and "1 Ann: 3 in hand, 0 won" in out
    code, out, err = wordsmith("table", "round", table, "b", "Z", token=host)  # one card short
    assert code == 2 and "422" in err and "/cards" in err

    table, host = made(
        wordsmith("table", "create", "--game", "booksmack", "--seat", "Ann", "--seat", "Bob", "--variant", "turns")[1]
    )
    ann = wordsmith("table", "join", table, "1")[1].strip()
    bob = wordsmith("table", "join", table, "2")[1].strip()
    code, out, err = wordsmith("table", "turn", table, "b", token=ann)
    assert code == 0 and "Ann plays b: Ann played b: it is the highest card" in out, err
    code, out, err = wordsmith("table", "turn", table, "c", token=ann)
    assert code == 2 and "409" in err and "It is Bob's turn, not Ann's" in err
    code, out, err = wordsmith("table", "turn", table, "Z", "--steal", "Ann", token=bob)  # a steal says from where
    assert code == 2 and out == "" and "--steal-from" in err
    code, out, err = wordsmith("table", "turn", table, "Z", token=bob)
    assert code == 0 and "Bob plays Z" in out, err
    code, out, err = wordsmith("table", "turn", table, "a", token=ann)
    assert code == 0 and "it is the lowest card, so its player steals" in out, err
    code, out, err = wordsmith("table", "steal", table, "Bob", "table", token=ann)
    assert code == 0 and "Ann steals from Bob's table (Z)" in out, err
    code, out, _ = wordsmith("table", "show", table)
    assert "1 Ann: 6 in hand, 0 won, on the table b a" in out and "2 Bob: 6 in hand, 0 won\n" in out
    code, out, err = wordsmith("table", "steal", table, "Ann", "hand", token=bob)  # nobody is due to steal
    assert code == 2 and out == "" and "409" in err and "Nobody is due to steal" in err
    code, out, err = wordsmith("table", "end-game", table, "--hand", "a,b,c,d,e,f", "--hand", "", token=host)
    assert code == 2 and "422" in err and "/hands/1" in err  # Bob holds 6 cards
    hands = ["--hand", "a,b,c,d,e,f", "--hand", "g,h,i,j,k,Z"]
    code, out, err = wordsmith("table", "end-game", table, *hands, token=host)
    assert code == 0 and re.search(r"game over: Ann -?\d+, Bob -?\d+; \w+( and \w+)? wins?", out), out
    assert "Scores: Ann " in wordsmith("table", "show", table)[1]


def test_the_host_runs_the_table(wordsmith):
    """Lock then a refused join; rename, shown; overrule a verdict; correct a pool; delete the table."""
    table, host = made(wordsmith("table", "create", "--seat", "Ann", "--seat", "Bob", "--lexicon", "small")[1])
    ann = wordsmith("table", "join", table, "Ann")[1].strip()
    code, out, err = wordsmith("table", "lock", table, token=ann)
    assert code == 2 and err.startswith("wordsmith table lock: 403")
    code, out, err = wordsmith("table", "lock", table, token=host)
    assert code == 0 and "joining locked" in out, err
    code, out, err = wordsmith("table", "join", table, "Bob")
    assert code == 2 and out == "" and "409" in err and "locked" in err
    assert "joining locked" in wordsmith("table", "show", table)[1]
    code, out, err = wordsmith("table", "unlock", table, token=host)
    assert code == 0 and "joining open" in out, err
    bob = wordsmith("table", "join", table, "Bob")[1].strip()

    code, out, err = wordsmith("table", "rename", table, "Bob", "Roberta", token=host)
    assert code == 0 and "Bob renamed Roberta" in out, err
    assert "2 Roberta" in wordsmith("table", "show", table)[1]

    wordsmith("table", "start", table, "--pool", POOL, token=host)
    claimed = json.loads(wordsmith("table", "claim", table, "cast", "--json", token=ann)[1])
    code, out, err = wordsmith("table", "object", table, str(claimed["seq"]), token=bob)
    # two seats: no one else votes, so the judge's verdict stands at once (ruling 21)
    assert code == 0 and f"Roberta objects to claim {claimed['seq']}: the table votes" in out, err
    ruled = f"claim {claimed['seq']}: objection overruled (0 strike, 0 keep, the judge's verdict stands)"
    assert ruled in out
    code, out, err = wordsmith("table", "vote", table, str(claimed["seq"]), "--strike", token=bob)
    assert code == 2 and "409" in err and "is over" in err
    code, out, err = wordsmith("table", "settle", table, str(claimed["seq"]), "--keep", token=host)
    assert code == 2 and "409" in err and "is over: the table did not decide it" in err
    code, out, err = wordsmith("table", "vote", table, str(claimed["seq"]), "--strike", token=ann)  # Ann concedes
    assert code == 0 and f"claim {claimed['seq']}: objection upheld (0 strike, 0 keep, conceded)" in out, err
    code, out, err = wordsmith("table", "overrule", table, str(claimed["seq"]), "--struck", token=bob)
    assert code == 2 and "403" in err
    code, out, err = wordsmith("table", "overrule", table, str(claimed["seq"]), "--struck", token=host)
    assert code == 0 and f"the host overrules claim {claimed['seq']}: it is struck" in out, err
    state = json.loads(wordsmith("table", "show", table, "--json")[1])
    assert [claim["status"] for claim in state["wordsmith"]["claims"]] == ["struck"]
    assert "Ann: CAST struck" in wordsmith("table", "show", table)[1]

    code, out, err = wordsmith("table", "set-pool", table, "Roberta", "R2 Y2", token=host)
    assert code == 0 and "Roberta's pool set to R2 Y2" in out, err
    assert "2 Roberta: pool R2 Y2" in wordsmith("table", "show", table)[1]

    code, out, err = wordsmith("table", "delete", table, token=ann)
    assert code == 2 and "403" in err
    code, out, err = wordsmith("table", "delete", table, token=host)
    assert code == 0 and out == f"Table {table} deleted, with its record.\n", err
    code, out, err = wordsmith("table", "show", table)
    assert code == 2 and err.startswith("wordsmith table show: 404")


def test_word_by_word_rolls_and_the_join_qr(wordsmith):
    table, host = made(wordsmith("table", "create", "--seat", "Ann", "--seat", "Bob", "--variant", "word_by_word")[1])
    wordsmith("table", "start", table, "--pool", POOL, token=host)
    code, out, err = wordsmith("table", "roll-word", table, "red", "yellow", "blue_star", token=host)
    assert code == 0 and "word 1 rolled by the host: red, yellow and blue star" in out, err
    code, out, err = wordsmith("table", "roll-word", table, "red", token=host)
    assert code == 2 and "three dice" in err
    code, out, err = wordsmith("table", "qr", table)
    assert code == 0 and out.startswith("<svg") and "Join this table" in out


def test_the_table_is_asked_to_allow_a_word_and_a_star_is_chosen_from_the_command_line(wordsmith):
    """Ruling 22 from the command line: a claim refused only because the lists lack the word says so and names the
    attempt; `ask` puts it to the table, the other seat's `vote --keep` allows it (two seats: the one voter decides);
    `count` and `wild` are there too."""
    table, host = made(wordsmith("table", "create", "--seat", "Ann", "--seat", "Bob")[1])
    ann = wordsmith("table", "join", table, "Ann")[1].strip()
    bob = wordsmith("table", "join", table, "Bob")[1].strip()
    wordsmith("table", "start", table, "--pool", "R3 Y2 B3", token=host)  # builds VLOG exactly
    code, out, err = wordsmith("table", "claim", table, "vlog", token=ann)
    assert code == 1 and "you may ask the table to allow it" in out + err
    attempt = json.loads(wordsmith("table", "show", table, "--json")[1])["wordsmith"]["refused"][-1]["seq"]
    code, out, err = wordsmith("table", "ask", table, str(attempt), token=ann)
    assert code == 0 and "VLOG" in out.upper(), err
    code, out, err = wordsmith("table", "vote", table, str(attempt), "--keep", token=bob)
    assert code == 0, err
    state = json.loads(wordsmith("table", "show", table, "--json")[1])["wordsmith"]
    assert [claim["word"] for claim in state["claims"]] == ["vlog"] and state["house_words"][0]["word"] == "vlog"
    code, out, err = wordsmith("table", "count", table, str(attempt), token=bob)
    assert code == 0 and out == "(nothing to do: the table is as it was)\n", (out, err)  # counted already
    code, out, err = wordsmith("table", "wild", table, "B", token=bob)
    assert code == 2 and "409" in err and "star" in err.lower()  # Bob holds no star kept wild


def test_booksmack_rounds_and_turns_name_which_they_are_so_two_phones_enter_one_once(wordsmith):
    """`--round` and `--turn` (ruling 16): the slower of two phones entering round 1 reads who entered it and what the
    judge said, and round 1 stays the first phone's; a round past the next is refused, saying which is next."""
    table, _ = made(wordsmith("table", "create", "--game", "booksmack", "--seat", "Ann", "--seat", "Bob")[1])
    ann = wordsmith("table", "join", table, "Ann")[1].strip()
    bob = wordsmith("table", "join", table, "Bob")[1].strip()
    code, out, err = wordsmith("table", "round", table, "c", "A", "--round", "1", token=ann)
    assert code == 0 and "round 1: c A" in out, err
    code, out, err = wordsmith("table", "round", table, "x", "q", "--round", "1", token=bob)
    assert code == 2 and out == "" and "409" in err and "Ann already entered round 1" in err, err
    code, out, err = wordsmith("table", "take", table, "Bob", "--round", "1", token=ann)
    assert code == 0 and "round 1: Bob takes c A" in out, err
    code, out, err = wordsmith("table", "take", table, "Ann", "--round", "1", token=bob)
    assert code == 2 and "409" in err and "round 1" in err and "Bob" in err, err
    code, out, err = wordsmith("table", "round", table, "b", "Z", "--round", "3", token=bob)
    assert code == 2 and "409" in err and "round 2" in err, err

    table, _ = made(
        wordsmith("table", "create", "--game", "booksmack", "--seat", "Ann", "--seat", "Bob", "--variant", "turns")[1]
    )
    ann = wordsmith("table", "join", table, "1")[1].strip()
    bob = wordsmith("table", "join", table, "2")[1].strip()
    code, out, err = wordsmith("table", "turn", table, "b", "--turn", "1", token=ann)
    assert code == 0 and "Ann plays b" in out, err
    code, out, err = wordsmith("table", "turn", table, "c", "--turn", "1", token=bob)
    assert code == 2 and "409" in err and "Ann already entered turn 1" in err, err
    code, out, err = wordsmith("table", "turn", table, "Z", "--turn", "2", token=bob)
    assert code == 0 and "Bob plays Z" in out, err
    assert wordsmith("table", "turn", table, "a", "--turn", "3", token=ann)[0] == 0
    code, out, err = wordsmith("table", "steal", table, "Bob", "table", "--turn", "3", token=ann)
    assert code == 0 and "Ann steals from Bob's table (Z)" in out, err
    code, out, err = wordsmith("table", "steal", table, "Bob", "hand", "--turn", "3", token=bob)
    assert code == 2 and "409" in err and "Ann" in err, err


def test_a_space_card_is_named_in_the_command_lines_lines_as_the_judge_names_it(wordsmith):
    """A Space card's face is blank: the steal, the turn and the table's piles say "Space", never a blank or ' '."""
    create = ["table", "create", "--game", "booksmack", "--seat", "Ann", "--seat", "Bob", "--seat", "Cy"]
    table, host = made(wordsmith(*create, "--variant", "turns", "--variant", "glyphs")[1])
    ann, bob, cy = (wordsmith("table", "join", table, str(seat))[1].strip() for seat in (1, 2, 3))
    wordsmith("table", "turn", table, "m", token=ann)
    code, out, err = wordsmith("table", "turn", table, "space", token=bob)
    assert code == 0 and "Bob plays Space: Bob played Space: a Space card is ignored" in out, err
    wordsmith("table", "turn", table, "z", token=cy)
    assert "2 Bob: 5 in hand, 0 won, on the table Space" in wordsmith("table", "show", table)[1]
    wordsmith("table", "turn", table, "a", token=ann)  # the lowest: Ann steals
    code, out, err = wordsmith("table", "steal", table, "Bob", "table", token=ann)
    assert code == 0 and "Ann steals from Bob's table (Space)" in out, err
    assert "Latest: Ann takes Bob's Space from the table." in wordsmith("table", "show", table)[1]
