"""House words, pure (docs/rules/wordsmith.md, ruling 22): a claim refused only because the dictionary lacks the
word is put to the table, which votes on it as on an objection (rulings 16-21); allowed, the word is claimed at
once and stays a house word of the table. Actions through `decide`, events through `apply`, no store, no Flask."""

from __future__ import annotations

import pytest
from test_tables_wordsmith import HOST, LEXICONS, Table, seat

from solver.lexicon import check
from solver.pieces import load_alphabet
from tables.events import Forbidden, Refused, Rejected
from tables.state import fold
from tables.wordsmith import created_settings
from tables.wordsmith.house import HINT

POOL = "R3 Y2 B3"  # builds VLOG exactly, and ICK with three pieces over
NEW = "vlog"  # in no word list: newer than they are
RARE = "ick"  # only in the large dictionary


def test_the_words_are_what_the_tests_say():
    standard = LEXICONS["standard"]
    assert check(NEW, standard).reason == "not_in_lexicon"
    assert (check(RARE, standard).reason, check(RARE, standard).tier) == ("larger_lexicon_only", "large")
    assert check(NEW, standard).message == "VLOG is not in the standard word lists; it may be newer than they are."


def started(seats=3, **kwargs) -> Table:
    table = Table(seats=seats, joined=True, **kwargs)
    table.act({"type": "start", "pool": POOL})
    return table


def refused(table: Table, n: int, word: str) -> dict:
    """Seat n claims `word`, refused in public; the attempt as the state lists it."""
    with pytest.raises(Rejected) as caught:
        table.act({"type": "claim", "word": word}, seat(n))
    assert caught.value.code == "claim_refused"
    return table.view()["refused"][-1] | {"sent": caught.value.objections}


def asked(table: Table, n: int, word: str) -> int:
    """Seat n's refused `word`, put to the table: the seq every vote names."""
    attempt = refused(table, n, word)
    event = table.act({"type": "ask", "claim": attempt["seq"]}, seat(n))[0]
    assert event.type == "house_asked" and event.data["claim"] == attempt["seq"]
    return attempt["seq"]


def vote(table: Table, n: int, seq: int, allow: bool):
    return table.act({"type": "vote", "claim": seq, "strike": not allow}, seat(n))


def test_a_refusal_the_table_may_overrule_says_so_and_no_other_does():
    table = started()
    attempt = refused(table, 1, NEW)
    sentence = (
        "VLOG is not in the standard word lists; it may be newer than they are: Ann may ask the table to allow it."
    )
    assert attempt["message"] == sentence and attempt["askable"] and attempt["asked"] is None
    told = sentence.replace("Ann may", "you may")  # the claimant's own answer speaks to her
    assert attempt["sent"] == [{"code": "not_a_word", "message": told, "reason": "not_in_lexicon", "tier": None}]
    rare = refused(table, 1, RARE)
    assert rare["message"] == "ICK is only in the large dictionary, not in the standard one" + HINT.format(player="Ann")
    # The pool too; a proper name; the pool (VLOGS needs green); no list holds VLG, but it has no vowel: an
    # abbreviation by its shape, which the rulebook excludes, not a word the dictionary lacks.
    for word in ("zoomer", "paris", "vlogs", "vlg"):
        attempt = refused(table, 1, word)
        assert not attempt["askable"] and "ask the table" not in attempt["message"], word
        with pytest.raises(Rejected) as caught:
            table.act({"type": "ask", "claim": attempt["seq"]}, seat(1))
        assert caught.value.code == "not_askable"
    assert [o["reason"] for o in refused(table, 2, "vlg")["sent"]] == ["abbreviation"]


@pytest.mark.parametrize("word", ["nigo", "yido"])  # short enough for a starting pool of 8 pieces
def test_an_offensive_word_with_an_ending_no_list_holds_is_not_the_tables_to_allow(word):
    """No list holds NIGO, but it is an offensive word with an ending: the rulebook excludes it, as it excludes the
    word itself, so the table is not asked (ruling 22). The pool builds it exactly: its one objection is the word."""
    table = Table(seats=3, joined=True)
    table.act({"type": "start", "pool": "".join(k * n for k, n in zip("rybg", load_alphabet().cost(word)))})
    attempt = refused(table, 1, word)
    assert [o["reason"] for o in attempt["sent"]] == ["offensive"] and not attempt["askable"]
    assert attempt["message"] == f"{word.upper()} is built on an offensive word (a slur or an obscenity), and " + (
        "offensive words are not allowed."
    )
    with pytest.raises(Rejected) as caught:
        table.act({"type": "ask", "claim": attempt["seq"]}, seat(1))
    assert caught.value.code == "not_askable"


@pytest.mark.parametrize("word", ["jiga", "fux"])  # short enough for a starting pool of 8 pieces
def test_a_slur_no_word_list_knows_but_the_content_filters_hold_is_not_the_tables_to_allow(word):
    """No word list holds JIGA, but the content-filter lists do: it is refused as offensive, not as a word the
    dictionary may lack, and the table is not asked (ruling 22)."""
    table = Table(seats=3, joined=True)
    table.act({"type": "start", "pool": "".join(k * n for k, n in zip("rybg", load_alphabet().cost(word)))})
    attempt = refused(table, 1, word)
    assert [o["reason"] for o in attempt["sent"]] == ["offensive"] and not attempt["askable"]
    assert "ask the table" not in attempt["message"]
    with pytest.raises(Rejected) as caught:
        table.act({"type": "ask", "claim": attempt["seq"]}, seat(1))
    assert caught.value.code == "not_askable"


def test_a_word_put_to_the_table_waits_no_longer_for_a_removed_voter():
    """Ruling 21: a seat with no phone is no voter. Bob allows VLOG; Cy leaves before voting: 1 of 1, allowed."""
    table = started()
    seq = asked(table, 1, NEW)
    vote(table, 2, seq, allow=True)
    written = table.act({"type": "remove", "seat": 3})
    assert [(e.data["outcome"], e.data["allow"]) for e in written if e.type == "house_ruled"] == [("allowed", 1)]
    assert any(e.type == "claim" for e in written)  # the allowed word is claimed for Ann at once


def test_allowed_by_the_table_the_word_is_claimed_and_valid_for_every_seat_later():
    table = started()
    seq = asked(table, 1, NEW)
    ask = table.view()["asks"][0]
    assert ask["vote"]["voters"] == [2, 3] and ask["vote"]["state"] == "open" and ask["may_withdraw"]
    assert ask["vote"]["message"] == "VLOG is not in the standard word lists; it may be newer than they are."
    assert table.view()["latest"]["verdict"] == "asked"
    with pytest.raises(Rejected) as caught:  # the asker waits for the outcome, as a claimant does (ruling 17)
        table.act({"type": "claim", "word": "lib"}, seat(1))
    assert caught.value.code == "vote_pending"
    with pytest.raises(Rejected) as caught:
        table.act({"type": "vote", "claim": seq, "strike": False}, seat(1))
    assert caught.value.code == "not_a_voter"
    assert table.types(vote(table, 2, seq, True)) == ["house_vote"]
    last = vote(table, 3, seq, True)
    assert table.types(last) == ["house_vote", "house_ruled", "claim"]
    ruled, claimed = last[1], last[2]
    assert (ruled.data["outcome"], ruled.data["allow"], ruled.data["refuse"], ruled.data["by"]) == (
        "allowed",
        2,
        0,
        "votes",
    )
    assert (claimed.by, claimed.data["seat"], claimed.data["normalized"]) == (None, 1, NEW)
    assert claimed.data["house_word"] == "VLOG is a house word of this table, allowed by the table's vote (2 to 0)."
    # the big box says whose sheet the claim the vote made is on (a later claim's, only why it stands)
    allowed = "The table allowed VLOG (2 to 0): it is on Ann's sheet, and a house word of this table from now on."
    assert claimed.data["allowed"] == allowed
    view = table.view()
    assert [w["word"] for w in view["seats"][0]["words"]] == [NEW] and view["seats"][0]["pool"] == POOL
    assert view["latest"] == {"claim": claimed.seq, "seat": 1, "word": NEW, "verdict": "claimed", "reason": allowed}
    assert view["house_words"] == [
        {"word": NEW, "seat": 1, "challenge": 1, "seq": ruled.seq, "allow": 2, "refuse": 0, "by": "votes"}
    ]
    assert view["refused"][0]["asked"] == "allowed" and view["asks"][0]["may_withdraw"] is False
    assert fold(table.events) == table.state  # the record replays into the same table
    # An objection to it goes to the vote with the table's reason, not the dictionary's (ruling 16)
    objection = table.act({"type": "object", "claim": claimed.seq}, seat(2))[0]
    assert objection.data["verdict"] == "vote"
    assert objection.data["message"].startswith(
        "VLOG stands: it is a house word of this table, allowed by the table's vote (2 to 0), it was not claimed"
    )
    vote(table, 3, claimed.seq, True)  # the voter keeps it (strike false)
    # The next challenge: Bob claims VLOG, valid, and the verdict says why
    table.act({"type": "end_challenge"})
    table.act({"type": "start", "pool": POOL})
    again = table.claim(2, NEW)
    assert again.type == "claim" and again.data["house_word"] == claimed.data["house_word"]
    assert table.view()["latest"]["reason"] == claimed.data["house_word"] and "allowed" not in again.data


def test_refused_by_the_vote_nothing_changes_and_the_word_is_not_asked_again_this_challenge():
    table = started()
    before = table.view()["seats"]
    seq = asked(table, 1, RARE)
    vote(table, 2, seq, False)
    ruled = vote(table, 3, seq, False)[-1]
    assert (ruled.type, ruled.data["outcome"], ruled.data["by"]) == ("house_ruled", "refused", "votes")
    view = table.view()
    assert view["seats"] == before and view["house_words"] == []
    assert view["latest"]["verdict"] == "disallowed"
    assert (
        view["latest"]["reason"]
        == "The table refuses ICK (0 to allow, 2 to refuse): the dictionary's verdict stands; nothing changes."
    )
    again = refused(table, 2, RARE)  # another seat tries it: no hint, no button, and no second vote this challenge
    assert "ask the table" not in again["message"] and not again["askable"]
    with pytest.raises(Rejected) as caught:
        table.act({"type": "ask", "claim": again["seq"]}, seat(2))
    assert caught.value.code == "refused_by_table"
    table.act({"type": "end_challenge"})
    table.act({"type": "start", "pool": POOL})
    fresh = refused(table, 2, RARE)  # the next challenge starts afresh
    assert HINT.format(player="Bob") in fresh["message"] and fresh["askable"]


def test_a_word_the_table_is_voting_on_is_not_put_to_it_again_meanwhile():
    """While the table votes on ICK, another seat's refused ICK offers no ask (house.ask would refuse it:
    `vote_open`)."""
    table = started(seats=4)
    seq = asked(table, 1, RARE)
    meanwhile = refused(table, 2, RARE)
    assert not meanwhile["askable"] and "ask the table" not in meanwhile["message"]
    with pytest.raises(Rejected) as caught:
        table.act({"type": "ask", "claim": meanwhile["seq"]}, seat(2))
    assert caught.value.code == "vote_open"
    vote(table, 1, seq, False)  # withdrawn by its asker: refused, so not asked again this challenge either
    assert not next(a for a in table.view()["refused"] if a["seq"] == meanwhile["seq"])["askable"]


def test_a_tie_goes_to_the_host_unless_the_host_asked():
    table = started(seats=4)  # three voters: two must vote
    seq = asked(table, 1, NEW)
    vote(table, 2, seq, True)
    vote(table, 3, seq, False)
    tied = table.act({"type": "count_votes", "claim": seq}, seat(2), after=31)[-1]  # Di does not vote in time
    assert (tied.data["outcome"], table.view()["latest"]["verdict"]) == ("tied", "ask_tied")
    with pytest.raises(Rejected) as caught:  # the tie waits for the host: Di's vote comes too late
        vote(table, 4, seq, True)
    assert caught.value.code == "vote_closed"
    with pytest.raises(Forbidden):
        table.act({"type": "settle", "claim": seq, "strike": False}, seat(2))
    settled = table.act({"type": "settle", "claim": seq, "strike": False}, HOST)
    assert table.types(settled) == ["house_ruled", "claim"] and settled[0].data["by"] == "host"
    assert settled[1].data["house_word"].endswith("(1 to 1, and the host's casting vote).")
    assert "(1 to 1, and the host's casting vote): it is on" in settled[1].data["allowed"]
    # Ann hosts and asks: on a tie the dictionary's verdict stands (ruling 21)
    table = started(seats=3, host_plays=1)
    seq = asked(table, 1, NEW)
    vote(table, 2, seq, True)
    ruled = vote(table, 3, seq, False)[-1]
    assert (ruled.data["outcome"], ruled.data["by"], ruled.data["reason"]) == ("refused", "judge", "host_party")
    assert "the host, Ann, asked: the host does not decide their own dispute" in table.view()["latest"]["reason"]


def test_a_tie_on_a_word_put_to_the_table_ends_when_the_host_role_goes_to_the_seat_that_asked():
    """Ruling 21: the host breaks a tie unless it asked. Handed to Ann, who asked, the role cannot break it: the tie
    is counted with the hand-over, and the dictionary's verdict stands."""
    table = started(seats=4)
    seq = asked(table, 1, NEW)
    vote(table, 2, seq, True)
    vote(table, 3, seq, False)
    table.act({"type": "count_votes", "claim": seq}, seat(2), after=31)  # Di does not vote in time: tied
    written = table.act({"type": "hand_host", "seat": 1})
    assert [e.type for e in written] == ["host_handed", "house_ruled"]
    assert (written[1].data["outcome"], written[1].data["reason"]) == ("refused", "host_party")


def test_a_word_put_to_a_lone_voter_who_did_not_vote_reads_the_one_voter():
    table = started(seats=2)  # Ann asks; Bob alone votes, and does not (ruling 22's count is ruling 21's)
    seq = asked(table, 1, NEW)
    table.act({"type": "count_votes", "claim": seq}, seat(1), after=31)
    reason = table.view()["latest"]["reason"]
    assert "the one voter did not vote, so the dictionary's verdict stands" in reason and "of the 1" not in reason


def test_the_quorum_is_more_than_half_the_voters_and_two_seats_have_one_voter():
    table = started(seats=4)
    seq = asked(table, 1, NEW)
    vote(table, 2, seq, True)  # 1 of 3 voters: too few, once the window closes
    counted = table.act({"type": "count_votes", "claim": seq}, seat(3), after=31)
    assert table.types(counted) == ["house_ruled"]
    assert (counted[0].data["outcome"], counted[0].data["reason"], counted[0].data["needed"]) == (
        "refused",
        "no_quorum",
        2,
    )
    assert "only 1 of the 3 voters voted (2 needed)" in table.view()["latest"]["reason"]
    # Two seats: the other seat decides alone (the claimant asked; the objector's counterpart is the voter)
    table = started(seats=2)
    seq = asked(table, 2, NEW)
    assert table.view()["asks"][0]["vote"]["voters"] == [1]
    assert table.types(vote(table, 1, seq, True)) == ["house_vote", "house_ruled", "claim"]
    # No other phone: no voter, the dictionary's verdict stands at once
    table = Table(seats=2)
    table.act({"type": "start", "pool": POOL})
    attempt = refused(table, 1, NEW)
    made = table.act({"type": "ask", "claim": attempt["seq"], "seat": 1}, HOST)
    assert table.types(made) == ["house_asked", "house_ruled"] and made[1].data["reason"] == "no_voters"


def test_the_asker_may_withdraw_and_only_the_asker_asks_within_the_window():
    table = started()
    attempt = refused(table, 1, NEW)
    with pytest.raises(Rejected) as caught:
        table.act({"type": "ask", "claim": attempt["seq"]}, seat(2))
    assert caught.value.code == "not_your_word"
    with pytest.raises(Forbidden):  # Ann's phone holds her seat: the host does not ask for her (ruling 19)
        table.act({"type": "ask", "claim": attempt["seq"], "seat": 1}, HOST)
    with pytest.raises(Refused):
        table.act({"type": "ask", "claim": 999}, seat(1))
    late = refused(table, 1, NEW)
    with pytest.raises(Rejected) as caught:
        table.act({"type": "ask", "claim": late["seq"]}, seat(1), after=31)
    assert caught.value.code == "ask_window_closed"
    seq = asked(table, 1, NEW)
    with pytest.raises(Rejected) as caught:
        table.act({"type": "ask", "claim": seq}, seat(1))
    assert caught.value.code == "already_asked"
    withdrawn = table.act({"type": "vote", "claim": seq, "strike": True}, seat(1))[0]
    assert (withdrawn.type, withdrawn.by, withdrawn.data["by"], withdrawn.data["outcome"]) == (
        "house_ruled",
        1,
        "claimant",
        "refused",
    )
    assert table.view()["latest"]["reason"] == "Ann withdraws VLOG: nothing changes."
    assert table.claim(1, "lib", pool="R3 Y1 G2").type == "claim"  # Ann plays on


def test_an_allowed_word_the_judge_then_refuses_is_refused_in_public_and_stays_a_house_word():
    table = started()
    seq = asked(table, 1, NEW)
    table.act({"type": "set_pool", "seat": 1, "pool": "R1"})  # the host corrects Ann's pool meanwhile
    vote(table, 2, seq, True)
    made = vote(table, 3, seq, True)
    assert table.types(made) == ["house_vote", "house_ruled", "claim_refused"]
    assert "refused" not in made[-1].data  # the vote was no refused request: a retry of it is answered as done
    assert [o["code"] for o in made[-1].data["objections"]] == ["not_buildable"]
    assert table.view()["house_words"][0]["word"] == NEW
    latest = table.view()["latest"]  # the big box says the word is allowed, and why it is not on the sheet
    assert latest["verdict"] == "allowed" and latest["reason"].startswith(
        "The table allowed VLOG (2 to 0): a house word of this table from now on, but not on Ann's sheet. "
        "Ann's pool cannot build VLOG"
    )


def test_an_undone_allowing_vote_takes_back_the_refused_claim_it_made():
    """Docs/rules/tables.md, ruling 3: the claim the judge refused after the table allowed VLOG was the app's, made
    by Cy's allowing vote: no attempt of anyone's to pass over. Undoing Cy's vote takes it back with the ruling: the
    table reads as before the vote, not "The table allowed VLOG"."""
    table = started()
    seq = asked(table, 1, NEW)
    table.act({"type": "set_pool", "seat": 1, "pool": "R1"})
    vote(table, 2, seq, True)
    before = table.view()
    made = vote(table, 3, seq, True)
    assert table.types(made) == ["house_vote", "house_ruled", "claim_refused"]
    undone = table.act({"type": "undo"})[0].data
    assert (undone["type"], undone["first"], undone["last"]) == ("house_vote", made[0].seq, made[-1].seq)
    assert undone["then"] == ["house_ruled", "claim_refused"]
    after = table.view()
    assert (after["refused"], after["latest"], after["house_words"]) == (
        before["refused"],
        before["latest"],
        before["house_words"],
    )
    assert fold(table.events).to_dict(None) == table.state.to_dict(None)


def test_house_words_carried_to_a_new_table():
    table = Table(seats=2, settings={"house_words": [NEW, RARE]})
    table.act({"type": "start", "pool": POOL})
    claimed = table.claim(1, NEW)
    assert (
        claimed.data["house_word"]
        == "VLOG is a house word of this table, allowed by the table's vote at an earlier table."
    )
    assert [e["word"] for e in table.view()["house_words"]] == [NEW, RARE]
    standard = LEXICONS["standard"]
    read = created_settings({"house_words": [" Vlog", "vlog", "ICK", "cast"]}, standard, ())
    assert read == {"house_words": [NEW, RARE, "cast"]}
    for words in (["vlog", "Paris"], ["ick", "b@d"], ["ick", "gonna"], ["ick", "crap"], ["ick", "etc"]):
        with pytest.raises(Refused) as caught:  # a name, slang, an offensive word: not the table's to allow
            created_settings({"house_words": words}, standard, ())
        assert caught.value.path == ("house_words", 1), words
    with pytest.raises(Refused):
        created_settings({"house_words": [NEW]}, standard, ("secret",))


def test_a_seat_whose_word_the_table_votes_on_waits_for_the_outcome_as_its_claim_would_be_told():
    """Rulings 17 and 22: the seat that asked (or whose word is objected to) `waits` for the vote, as the claim it
    would send is refused; once the vote is over, it claims again."""
    table = started()
    seq = asked(table, 1, NEW)
    assert [s["waits"] for s in table.view()["seats"]] == ["vote", None, None]
    with pytest.raises(Rejected) as caught:
        table.act({"type": "claim", "word": "bag"}, seat(1))
    assert caught.value.code == "vote_pending"
    vote(table, 2, seq, allow=False)
    vote(table, 3, seq, allow=False)
    assert [s["waits"] for s in table.view()["seats"]] == [None, None, None]


def test_an_undone_piece_of_the_asking_seat_takes_back_the_count_a_hand_over_made_from_it():
    """Ruling 3: Bob and Cy allow Ann's VLOG, Ann adds a red piece, the window closes and the hand-over counts the
    vote: the word is claimed from Ann's pool with the red over. Undoing Ann's red takes that count and its claim
    with it (they were worked out from the pool the red was in): VLOG is off her sheet, no discard is charged for a
    piece she no longer has, and the vote is open again, to be counted afresh."""
    table = started(seats=4)
    seq = asked(table, 1, NEW)
    vote(table, 2, seq, True)
    vote(table, 3, seq, True)
    table.act({"type": "add", "piece": "R"}, seat(1))
    written = table.act({"type": "hand_host", "seat": 2}, after=31)
    assert [e.type for e in written] == ["host_handed", "house_ruled", "claim"]
    assert table.seat_view(1)["words"][0]["word"] == "vlog"
    undone = table.act({"type": "undo"}, seat(2))[0].data
    assert (undone["type"], undone["also"], undone["reopens"]) == ("piece_added", [e.seq for e in written[1:]], [seq])
    ann = table.seat_view(1)
    assert (ann["words"], ann["pool"], ann["discards_used"]) == ([], POOL, 0)
    assert table.view()["asks"][0]["vote"]["state"] == "open"
