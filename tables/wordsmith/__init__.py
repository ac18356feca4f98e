"""Wordsmith at a table: what an action makes (`decide`) and what an event does to the state (`apply`).

The rules are the solver's (`solver.wordsmith`: judge_claim, the dice, score_sheets);
this module only keeps the state they are judged against: each seat's pool,
previous word, sheet and discard boxes, the claims of the challenge, Done!,
the rolls of Word by Word, the house words. Rulings 7-22 of docs/rules/wordsmith.md are the
points the rulebook leaves open about a table; the code cites them.

Actions (dicts, as the API and the pages send them) are start, add, choose_wild, claim, object, ask, vote, settle,
count_votes, overrule, pass, end_challenge, end_game, roll_word and set_pool; a seat acts for itself, the host for
a seat no phone holds by naming it (`seat`), and a vote comes only from the voter's own phone (ruling 19).
Events (`by`: the seat that acted for itself, 0 the host, also when it acts for a seat, None the app):

    challenge_started {challenge, pool, rolls, required_letters, crossed_white: {seat: n}}      by 0
    piece_added       {seat, piece: red|yellow|blue|green|wild, rolled: [face] | None, wild_as}
    wild_chosen       {seat, piece: red|yellow|blue|green}        a star kept wild in the pool becomes that piece
    claim             {seat, challenge, word, normalized, letters, pieces, wilds_used, leftover, discards,
                       row, circles, checked, judged_on: {...the judge's inputs, for objections},
                       house_word: its sentence, when the word is a house word (ruling 22)}
    claim_refused     {seat, challenge, word, normalized, message, objections, row, refused}   (ruling 15; no
                      `refused` when it follows a word the table allowed, ruling 22)
    done              {seat}                                                            by None
    objection         {claim, seat, verdict: vote, message, definition, dictionary, voters, closes_at}
                      (ruling 16; records made before votes: verdict stands|struck, objections, strikes, pool)
    objection_vote    {claim, seat, strike}
    objection_ruled   {claim, outcome: upheld|overruled|tied, keep, strike, by: votes|host|judge|claimant,
                       struck: [claim], pool, reopen, reason: no_voters|no_quorum|host_party, needed, host}
                      by None (counted), 0 (the host's casting vote) or the claimant's seat (a concession, ruling 21);
                      counted_by: the seat (0 the host) that tapped "Count the votes", when a tap made the count
    house_asked       {claim, seat, word, row, reason, message, definition, dictionary, voters, closes_at}
                      a refused claim (`claim`: its seq) put to the table (ruling 22)
    house_vote        {claim, seat, allow}
    house_ruled       {claim, word, outcome: allowed|refused|tied, allow, refuse, by: votes|host|judge|claimant,
                       reason, needed, host, counted_by}   by as objection_ruled; allowed, a `claim` (by None,
                       with `allowed` and `counted_by`) follows at once
    overrule          {claim, stands, changes, pool}                                    by 0
                      (pool: the seat's pool after a strike while the challenge is on, ruling 10)
    passed            {seat}
    word_rolled       {round, faces, red, yellow, circles}    (Word by Word; faces rolled by the app or as entered)
    pool_set          {seat, pool}                                                      by 0
    challenge_ended   {challenge, reason, judged, scores}          (judged and scores: Secret Wordsmith)
    game_ended        {challenge, objections_close_at}    by 0 (the host) or None (after the third challenge); when
                      the last word of the final challenge stops being open to objection (ruling 18a)
"""

from __future__ import annotations

import sys

from ..state import register_game
from .apply import apply, seat_left
from .automatic import after_hosting
from .decide import decide, undone_names
from .house import created_settings
from .model import ClaimRecord, SeatState, WordsmithState, initial, may_hide, scratch, seats_allowed, visible
from .vote import objectors, overrulable, reopen_votes, undo_reopens, undo_riders

__all__ = [
    "ClaimRecord",
    "after_hosting",
    "created_settings",
    "SeatState",
    "WordsmithState",
    "apply",
    "decide",
    "initial",
    "may_hide",
    "objectors",
    "overrulable",
    "scratch",
    "seat_left",
    "seats_allowed",
    "undone_names",
    "undo_reopens",
    "undo_riders",
    "reopen_votes",
    "visible",
]

register_game("wordsmith", sys.modules[__name__])
