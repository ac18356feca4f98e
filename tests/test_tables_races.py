"""Two phones act at once: the slower one's action, aimed at the state its form was drawn for, is judged on the state
the faster one made (tables/service.py). Refused, it reads what happened meanwhile, in one sentence
(tables/wordsmith/moved.py), not only what the new state forbids. Each race is built, never timed: the first action
is applied, then the second is sent as its form had it."""

from __future__ import annotations

import pytest
from test_tables_wordsmith import EXAMPLE_POOL, HOST, SIX, Table, exact, objected, seat, six_words

from tables.events import Actor, Refused, Rejected


def refusal(table: Table, action: dict, actor: Actor = HOST) -> Rejected:
    """What the table says to `actor`'s phone about `action`; nothing is written."""
    before = len(table.events)
    with pytest.raises(Rejected) as caught:
        table.act(action, actor)
    assert len(table.events) == before
    return caught.value


def word_by_word(dice=("red", "yellow", "blue_star")) -> Table:
    """Three seats play Word by Word; the first two words are rolled and claimed by every seat."""
    table = Table(seats=3, variants=["word_by_word"], dice=list(dice) * 6)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    for round_, words in ((1, ("bag", "gab", "tab")), (2, ("cast", "act", "cat"))):
        table.act({"type": "roll_word", "round": round_}, seat(1))
        for n, word in enumerate(words, 1):
            table.claim(n, word, pool=exact(word))
    return table


def test_a_roll_for_a_word_another_phone_rolled_first_says_who_rolled_it_and_what_it_gave():
    table = word_by_word()
    table.act({"type": "roll_word", "round": 3}, seat(2))  # Bob's tap counts
    said = refusal(table, {"type": "roll_word", "round": 3}, seat(1))  # Ann's, aimed at word 3 too
    assert (said.code, said.message) == ("already_rolled", "Bob already rolled for word 3: red, yellow and blue star.")
    assert refusal(table, {"type": "roll_word", "round": 3}, seat(2)).message.startswith("You already rolled")
    assert refusal(table, {"type": "roll_word", "round": 3}).message.startswith("Bob already rolled")
    assert len(table.ws.rolls) == 3


def test_a_roll_aimed_past_the_next_word_is_refused_and_one_for_the_next_word_is_rolled():
    table = word_by_word()
    said = refusal(table, {"type": "roll_word", "round": 5}, seat(1))
    assert said.message == "The next roll is for word 3, not word 5: look again, then roll."
    table.act({"type": "roll_word", "round": 3}, seat(1))
    assert table.ws.round == 3
    with pytest.raises(Refused):
        table.act({"type": "roll_word", "round": "3"}, seat(1))


def test_a_roll_refused_while_seats_claim_calls_the_readers_own_seat_you():
    table = word_by_word()
    table.act({"type": "roll_word"}, seat(2))
    table.claim(3, "dog", pool=exact("dog"))
    said = refusal(table, {"type": "roll_word"}, seat(1))
    assert said.message == "Every seat claims word 3 before the next roll: waiting for you and Bob."
    assert refusal(table, {"type": "roll_word"}).message.endswith("waiting for Ann and Bob.")


def test_a_casting_vote_after_the_tie_was_broken_says_how_the_vote_ended():
    table, cast = objected(4)
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(4))
    table.act({"type": "settle", "claim": cast.seq, "strike": False})  # the first tap
    said = refusal(table, {"type": "settle", "claim": cast.seq, "strike": True})  # the second, on the old tie
    assert said.message == "The vote on CAST is over: you kept it with the casting vote on a tie of 1 to 1."


def test_a_vote_after_the_count_says_how_the_vote_ended():
    table, cast = objected(5)
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(3))
    table.act({"type": "vote", "claim": cast.seq, "strike": True}, seat(4))
    table.act({"type": "vote", "claim": cast.seq, "strike": False}, seat(5))  # the last vote counts them
    said = refusal(table, {"type": "vote", "claim": cast.seq, "strike": False}, seat(5))
    assert said.message == "The vote on CAST is over: the table struck it out, 2 to 1."


def test_a_second_objection_names_the_first_objector_and_what_is_left_to_do():
    table, cast = objected(4)  # Bob objected; Cy's tap came second
    said = refusal(table, {"type": "object", "claim": cast.seq}, seat(3))
    assert said.message == "Bob already objected to CAST: the table is voting; vote keep or strike."
    mine = refusal(table, {"type": "object", "claim": cast.seq}, seat(2))  # Bob's own second tap: no vote to cast
    assert (mine.code, mine.message) == ("already_objected", "You have already objected to CAST.")


def test_an_objection_to_a_word_struck_meanwhile_says_how_it_was_struck():
    table = Table(seats=3, joined=True)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    cast = table.claim(1, "cast")
    table.act({"type": "overrule", "claim": cast.seq, "stands": False})
    said = refusal(table, {"type": "object", "claim": cast.seq}, seat(2))
    assert said.message == "CAST has already been struck by the host's ruling."


def test_an_end_of_a_challenge_that_ended_by_itself_says_how_and_never_ends_the_next():
    table = Table(seats=2)
    table.act({"type": "start", "pool": EXAMPLE_POOL, "challenge": 1})
    six_words(table, 1)
    table.claim(2, "gab", pool=exact("gab"))  # Bob's one more word ends the challenge
    said = refusal(table, {"type": "end_challenge", "challenge": 1})
    assert said.message == "Challenge 1 is over already: every seat had played its one more word or passed after Done!."
    table.act({"type": "start", "pool": EXAMPLE_POOL, "challenge": 2})
    said = refusal(table, {"type": "end_challenge", "challenge": 1})  # the form drawn during challenge 1
    assert said.message == "Challenge 1 is over already: challenge 2 is on."
    assert table.ws.on
    said = refusal(table, {"type": "start", "pool": EXAMPLE_POOL, "challenge": 2})
    assert said.message == "You started challenge 2 already, from another phone or tab: it is on."
    table.act({"type": "end_challenge", "challenge": 2})
    said = refusal(table, {"type": "end_challenge", "challenge": 2})
    assert said.message == "Challenge 2 is over already: you ended it, from another phone or tab."


def test_a_piece_added_after_done_says_whose_done_it_was():
    table = Table(seats=2)
    table.act({"type": "start", "pool": EXAMPLE_POOL})
    for word in SIX:
        table.claim(2, word, pool=exact(word))
    assert refusal(table, {"type": "add", "piece": "R"}, seat(1)).message == (
        "Bob called Done!: no more pieces may be added."
    )
    assert refusal(table, {"type": "add", "piece": "R", "seat": 1}).message.startswith("Bob called Done!")
