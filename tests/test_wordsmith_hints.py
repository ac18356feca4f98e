"""Hints: the best claims by net points, what one more piece opens, a die's worth; solver properties; dice."""

import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles import brute_force, brute_force_left
from strategies import big_pools, pools

from solver.errors import Refused
from solver.lexicon import load_lexicons
from solver.pieces import KINDS, Pool, load_alphabet, load_box
from solver.search import MAX_LIMIT, Query, piece_index, solve
from solver.wordsmith import (
    ROLLS,
    added_pieces,
    hints,
    roll,
    roll_dice,
    starting_pieces,
    starting_pool,
    word_by_word_roll,
)
from solver.wordsmith.boxes import discard_boxes
from solver.wordsmith.hints import _best_claims, _best_claims_table, _filtered

STANDARD = load_lexicons()["standard"]
ALPHABET = load_alphabet()
INDEX = piece_index(STANDARD)
EXAMPLE_POOL = "R3 Y2 B1 G2"


def every_found(pool, query=None):
    """Return every word solve() finds, reading page after page."""
    found, offset = [], 0
    while True:
        result = solve(INDEX, pool, query, limit=MAX_LIMIT, offset=offset)
        found += result.words
        offset += MAX_LIMIT
        if offset >= result.total:
            return found


def ranked_by_net(found, boxes_left, free_left, limit, skip=lambda word: False):
    """The documented ranking, restated: claimable words by net points, then letters, fewest leftovers, most familiar, A-Z.

    `found` holds (word, letters, pieces left) rows: `rows_of` solve's words, or a scan's.
    """
    rows = []
    for word, score, left in found:
        if left > boxes_left or skip(word):
            continue
        net = score - max(0, left - free_left)
        rows.append((-net, -score, left, -STANDARD.familiarity(word), word))
    return [(word, -net) for net, *_, word in sorted(rows)[:limit]]


def scanned(pool, query=None):
    """Every word brute force finds, as ranked_by_net's rows: (word, letters, pieces left)."""
    return [(word, len(word), left) for word, left in brute_force_left(STANDARD, ALPHABET, pool, query)]


def rows_of(found) -> list[tuple[str, int, int]]:
    """Return solve's words as ranked_by_net's rows: (word, letters, pieces left)."""
    return [(f.word, f.score, f.leftover.size) for f in found]


box_states = st.tuples(st.integers(0, 6), st.integers(0, 12)).filter(lambda s: s[1] <= 12 - s[0])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pool=pools, boxes=box_states, limit=st.sampled_from([1, 5, 30]))
def test_claims_are_the_best_by_net_points(pool, boxes, limit):
    crossed, used = boxes
    result = hints(INDEX, pool, discards_used=used, crossed_white=crossed, limit=limit)
    free_left = max(0, 6 - crossed - used)
    expected = ranked_by_net(rows_of(every_found(pool)), 12 - crossed - used, free_left, limit)
    assert [(h.word, h.net) for h in result.claims] == expected


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pool=pools, used=st.integers(0, 12), limit=st.sampled_from([1, 5]))
def test_add_lists_the_best_new_words_per_piece(pool, used, limit):
    result = hints(INDEX, pool, discards_used=used, limit=limit)
    assert set(result.add) == set(KINDS) | {"wild"}
    for kind, found in result.add.items():
        bigger = pool.add(kind)
        expected = ranked_by_net(
            scanned(bigger),  # every word, scanned: not solve's pages
            12 - used,
            max(0, 6 - used),
            limit,
            skip=lambda word: pool.fits(ALPHABET.cost(word)),
        )
        assert [(h.word, h.net) for h in found] == expected
        for hint in found:
            cost = ALPHABET.cost(hint.word)
            assert not pool.fits(cost) and bigger.fits(cost)


def test_claims_page_past_the_first_solve_page():
    # this pool builds thousands of words; leftovers cost blue boxes, so net order differs from letter order
    pool = Pool(5, 4, 2, 3, 2)
    result = hints(INDEX, pool, discards_used=6, limit=40)
    assert [(h.word, h.net) for h in result.claims] == ranked_by_net(rows_of(every_found(pool)), 6, 0, 40)


def test_a_big_pool_near_the_end_of_the_boxes_needs_long_words():
    # 40 pieces, 2 boxes left: only words using 38 or more pieces can be claimed
    pool = Pool(14, 12, 5, 6, 3)
    result = hints(INDEX, pool, discards_used=10, limit=5)
    rows = []
    for word in brute_force(STANDARD, ALPHABET, pool):
        left = pool.size - sum(ALPHABET.cost(word))
        if left <= 2:
            # no free box left: each leftover costs 1
            rows.append((-(len(word) - left), -len(word), left, -STANDARD.familiarity(word), word))
    assert rows
    assert [(h.word, h.net) for h in result.claims] == [(word, -net) for net, *_, word in sorted(rows)[:5]]


def test_net_points_pay_for_blue_boxes():
    # R3 Y2 B1 G2 W1: BAG leaves the wild; with the white boxes all checked that costs one bonus point
    result = hints(INDEX, "R3 Y2 B1 G2 W1", discards_used=6, limit=MAX_LIMIT)
    bag = next(h for h in result.claims if h.word == "bag")
    assert (bag.letters, bag.leftover, bag.bonus_lost, bag.net) == (3, Pool(wild=1), 1, 2)
    free = hints(INDEX, "R3 Y2 B1 G2 W1", discards_used=5, limit=MAX_LIMIT)
    assert next(h for h in free.claims if h.word == "bag").net == 3


def test_crossed_out_white_boxes_leave_fewer_free_discards():
    result = hints(INDEX, "R3 Y2 B1 G2 W1", crossed_white=6, limit=MAX_LIMIT)
    assert result.boxes.free_left == 0
    assert all(h.net == h.letters - h.leftover.size for h in result.claims)


def test_no_boxes_left_means_every_claim_uses_every_piece():
    result = hints(INDEX, EXAMPLE_POOL, discards_used=12, limit=MAX_LIMIT)
    assert result.claims and all(h.leftover.size == 0 for h in result.claims)
    assert {"bag", "cast"} <= {h.word for h in result.claims}


def test_hints_follow_the_query():
    result = hints(INDEX, EXAMPLE_POOL, Query(previous_word="bag", claimed=("cast",)), limit=MAX_LIMIT)
    words = {h.word for h in result.claims}
    assert words and not words & {"bag", "gab", "cast"}


def test_rolling_one_die():
    result = hints(INDEX, EXAMPLE_POOL, limit=3)
    faces = Counter(face.add for face in load_box().die)  # rolled to add a piece, a star is a wild
    assert {f.face: f.chance for f in result.roll} == {face: n / 6 for face, n in faces.items()}
    assert {f.face for f in result.roll} == {"red", "yellow", "wild"}
    assert sum(f.chance for f in result.roll) == pytest.approx(1)
    for face in result.roll:
        best = hints(INDEX, Pool(3, 2, 1, 2).add(face.face), limit=1, may_roll=False).claims[0]
        assert (face.best.word, face.best.net) == (best.word, best.net)
    assert result.expected_roll_net == pytest.approx(sum(f.chance * f.best.net for f in result.roll))


def test_a_wild_face_is_worth_the_best_kind():
    result = hints(INDEX, EXAMPLE_POOL, limit=1)
    by_face = {f.face: f.best.net for f in result.roll}
    kinds = [hints(INDEX, Pool(3, 2, 1, 2).add(kind), limit=1, may_roll=False).claims[0].net for kind in KINDS]
    assert by_face["wild"] == max(kinds)


@pytest.mark.parametrize("options", [{"after_done": True}, {"may_roll": False}])
def test_no_pieces_are_suggested_when_none_may_be_added(options):
    result = hints(INDEX, EXAMPLE_POOL, limit=3, **options)
    assert result.claims and result.add == {} and result.roll == ()
    data = result.to_dict()
    assert data["may_add_pieces"] is False and data["roll"] is None and data["add"] == {}


def test_hints_to_dict_shape():
    data = hints(INDEX, EXAMPLE_POOL, limit=2).to_dict()
    assert set(data) == {
        "pool",
        "discards_used",
        "crossed_white",
        "boxes_left",
        "free_discards_left",
        "may_add_pieces",
        "claims",
        "add",
        "roll",
    }
    assert set(data["claims"][0]) == {
        "word",
        "letters",
        "net",
        "discards",
        "bonus_lost",
        "pieces",
        "leftover",
        "familiarity",
    }
    assert set(data["add"]) == {"red", "yellow", "blue", "green", "wild"}
    assert json.loads(json.dumps(data)) == data


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    pool=big_pools,
    query=st.sampled_from(
        [
            Query(),
            Query(previous_word="stone", claimed=("notes",)),
            Query(contains="e", min_length=4),
            Query(use_all=True),
        ]
    ),
    boxes=box_states,
    limit=st.sampled_from([1, 7, 60]),
    kind=st.sampled_from((None, *KINDS, "wild")),
)
def test_the_word_table_picks_the_claims_the_walk_picks(pool, query, boxes, limit, kind):
    """Big pools' claims come from the word table's groups: the same hints, in the same order, as the walk's."""
    crossed, used = boxes
    sheet = discard_boxes(crossed, used)
    bigger, since = (pool, None) if kind is None else (pool.add(kind), pool)
    walked = _best_claims(INDEX, bigger, query, sheet, limit, since)
    assert _best_claims_table(INDEX, bigger, _filtered(INDEX, query), sheet, limit, query.use_all, since) == walked


def test_impossible_hint_requests_raise():
    with pytest.raises(ValueError, match="limit"):
        hints(INDEX, EXAMPLE_POOL, limit=MAX_LIMIT + 1)
    with pytest.raises(ValueError, match="only 12 discard boxes"):
        hints(INDEX, EXAMPLE_POOL, discards_used=13)


# --- the solver's properties the rules rely on --------------------------------------


@settings(max_examples=60, deadline=None)
@given(pool=pools)
def test_every_solved_word_is_a_buildable_lexicon_word(pool):
    for found in every_found(pool):
        cost = ALPHABET.cost(found.word)
        assert found.word in STANDARD and pool.fits(cost)
        assert found.pieces.size + found.leftover.size == pool.size and found.score == len(found.word)


@settings(max_examples=40, deadline=None)
@given(pool=pools, kind=st.sampled_from(KINDS + ("wild",)))
def test_adding_a_piece_never_removes_a_word(pool, kind):
    before = {f.word for f in every_found(pool)}
    after = {f.word for f in every_found(pool.add(kind))}
    assert before <= after


# --- dice ------------------------------------------------------------------------------


def test_roll_uses_the_box_faces_and_is_repeatable():
    faces = roll(rng=random.Random(7))
    assert len(faces) == load_box().dice and set(faces) <= set(load_box().die_faces)
    assert roll(rng=random.Random(7)) == faces


def test_roll_faces_come_up_as_often_as_the_die_shows_them():
    rng = random.Random(1)
    counts = Counter(face for _ in range(3000) for face in roll(rng=rng))
    for face, n in Counter(load_box().die_faces).items():
        assert counts[face] / 12000 == pytest.approx(n / 6, abs=0.02)


# Ruling 5: a face gives a piece by when it is rolled. At the start
# "all players take a letter piece of the rolled color", so a star (blue or
# green with a star) gives its colour; rolled to add a piece it is a wild.
DIE_RULING = [
    # face,        at the start,  when adding
    ("red", "red", "red"),
    ("yellow", "yellow", "yellow"),
    ("blue_star", "blue", "wild"),
    ("green_star", "green", "wild"),
]


@pytest.mark.parametrize("face, start, add", DIE_RULING)
def test_a_face_gives_its_colour_at_the_start_and_a_star_is_wild_only_when_adding(face, start, add):
    assert starting_pieces([face]) == Pool().add(start)
    assert added_pieces([face]) == Pool().add(add)


def test_the_die_table_covers_every_face_of_the_box():
    assert {face for face, _, _ in DIE_RULING} == set(load_box().die_faces)


@given(st.integers(0, 2**32))
def test_the_starting_pool_is_two_rolls_of_four_dice_and_holds_no_wild(seed):
    rolls, pool = starting_pool(random.Random(seed))
    assert [len(r) for r in rolls] == [4, 4] and pool.size == 8 and pool.wild == 0
    faces = Counter(rolls[0] + rolls[1])
    assert pool == Pool(red=faces["red"], yellow=faces["yellow"], blue=faces["blue_star"], green=faces["green_star"])


def test_the_rulebook_practice_pool_can_be_rolled():
    """R3 Y2 B1 G2 (the rulebook's BAG/CAST pool) needs blue and green pieces: only stars give them."""
    pools = {starting_pool(random.Random(seed))[1] for seed in range(3000)}
    assert Pool(3, 2, 1, 2) in pools
    assert any(p.blue for p in pools) and any(p.green for p in pools)


def test_word_by_word_rolls_three_dice_never_only_stars():
    rng = random.Random(2)
    stars = {"blue_star", "green_star"}
    for _ in range(300):
        faces = word_by_word_roll(rng)
        assert len(faces) == 3 and not set(faces) <= stars
        pieces = added_pieces(faces)  # red and yellow pieces, a circle (wild) per star
        assert (pieces.blue, pieces.green) == (0, 0) and pieces.wild == sum(f in stars for f in faces)


@given(st.sampled_from(ROLLS), st.integers(0, 2**32))
def test_roll_dice_reports_the_faces_and_the_pieces_they_give(what, seed):
    rolled = roll_dice(what, random.Random(seed))
    assert rolled == roll_dice(what, random.Random(seed))  # a seed repeats a roll
    faces = [face for faces in rolled.rolls for face in faces]
    assert len(faces) == {"start": 8, "add": 1, "word_by_word": 3}[what]
    assert rolled.pieces == (starting_pieces(faces) if what == "start" else added_pieces(faces))
    shown = rolled.to_dict()
    assert [f for r in shown["rolls"] for f in r] == faces
    assert sum(shown["pieces"].values()) == len(faces)


@pytest.mark.parametrize("dice", [0, 5, "4"])
def test_roll_refuses_dice_the_box_does_not_hold(dice):
    with pytest.raises(ValueError, match="dice"):
        roll(dice)


@pytest.mark.parametrize("faces", [["red", "purple"], ["wild"], "red"])
def test_pieces_from_faces_refuse_unknown_faces(faces):
    with pytest.raises(ValueError, match="faces"):
        starting_pieces(faces)
    with pytest.raises(ValueError, match="faces"):
        added_pieces(faces)


def test_roll_dice_refuses_an_unknown_roll():
    with pytest.raises(ValueError, match="roll: choose start, add, word_by_word"):
        roll_dice("twice")


# --- big pools: best claims from the word table --------------------------------------

filters = st.builds(
    Query,
    required_letter=st.sampled_from(["", "e"]),
    contains=st.sampled_from(["", "st"]),
    previous_word=st.sampled_from(["", "aeiourstln"]),
    claimed=st.sampled_from([(), ("stone",)]),
    max_length=st.sampled_from([99, 9]),
    use_all=st.booleans(),
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pool=big_pools, query=filters, boxes=box_states, limit=st.sampled_from([1, 10, 1000]))
def test_claims_of_big_filtered_pools_are_the_best_by_net_points(pool, query, boxes, limit):
    crossed, used = boxes
    result = hints(INDEX, pool, query, discards_used=used, crossed_white=crossed, limit=limit)
    left = 12 - crossed - used
    found = scanned(pool, replace(query, use_all=query.use_all or left == 0))
    assert [(h.word, h.net) for h in result.claims] == ranked_by_net(found, left, max(0, 6 - crossed - used), limit)
    for kind, claims in result.add.items():
        bigger = pool.add(kind)
        expected = ranked_by_net(
            scanned(bigger, replace(query, use_all=query.use_all or left == 0)),
            left,
            max(0, 6 - crossed - used),
            limit,
            skip=lambda word: pool.fits(ALPHABET.cost(word)),
        )
        assert [(h.word, h.net) for h in claims] == expected


# --- the order of the lists ------------------------------------------------------------


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pool=pools | big_pools, used=st.integers(0, 12), limit=st.sampled_from([1, 6, 30]))
def test_sort_lists_the_same_claims_in_its_order(pool, used, limit):
    """Every `sort` lists the claims `score` chooses: by net points with the familiar first among equals,
    A to Z, or most familiar first."""
    by_score = hints(INDEX, pool, discards_used=used, limit=limit)
    lists = [by_score.claims, *by_score.add.values()]
    for claims in lists:
        keys = [(-h.net, -h.letters, h.leftover.size, -h.familiarity, h.word) for h in claims]
        assert keys == sorted(keys)
        assert all(h.familiarity == STANDARD.familiarity(h.word) for h in claims)
    for sort, key in (
        ("alphabetical", lambda h: h.word),
        ("familiar", lambda h: (-h.familiarity, -h.net, -h.letters, h.leftover.size, h.word)),
    ):
        other = hints(INDEX, pool, discards_used=used, limit=limit, sort=sort)
        for claims, again in zip(lists, [other.claims, *other.add.values()]):
            assert list(again) == sorted(claims, key=key)
        assert other.roll == by_score.roll


def test_a_familiar_word_is_the_best_claim_among_equals():
    """Among claims of equal net points, letters and leftovers, the everyday word comes before the obscure one."""
    claims = hints(INDEX, "R4 Y3 B2 G2", limit=MAX_LIMIT).claims
    five = [h.word for h in claims if h.net == 5 and h.leftover.size == 0]
    assert five.index("toast") < five.index("salol") and five.index("moist") < five.index("altos")


def test_an_unknown_sort_is_refused():
    with pytest.raises(Refused) as refused:
        hints(INDEX, EXAMPLE_POOL, sort="random")
    assert refused.value.path == ("sort",)
