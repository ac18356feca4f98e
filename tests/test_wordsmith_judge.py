"""Judging a claimed word: the rulebook's examples, one table row per objection, and the solver's agreement."""

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from strategies import pools

from solver.lexicon import check, load_lexicons
from solver.pieces import Pool, load_alphabet
from solver.search import MAX_LIMIT, Query, piece_index, solve
from solver.wordsmith import judge_claim

STANDARD = load_lexicons()["standard"]
ALPHABET = load_alphabet()
EXAMPLE_POOL = "R3 Y2 B1 G2"  # the rulebook's first practice pool


def exact_pool(*words: str, extra: Pool = Pool()) -> Pool:
    """Return the pool that builds all these words' letters exactly, plus `extra`."""
    cost = [0, 0, 0, 0]
    for word in words:
        cost = [a + b for a, b in zip(cost, ALPHABET.cost(word))]
    return Pool(*(c + e for c, e in zip(cost, extra.counts)), wild=extra.wild)


# --- the rulebook's examples -------------------------------------------------------


@pytest.mark.parametrize("word", ["BAG", "CAST"])
def test_rulebook_pool_builds_bag_and_cast_exactly(word):
    verdict = judge_claim(word, EXAMPLE_POOL, STANDARD)
    assert verdict.valid and verdict.objections == ()
    assert verdict.leftover == Pool() and verdict.discards == 0
    assert verdict.pieces == Pool(3, 2, 1, 2)
    assert verdict.score == len(word)


def test_gab_after_bag_is_refused():
    verdict = judge_claim("gab", EXAMPLE_POOL, STANDARD, previous_word="BAG")
    assert not verdict.valid and verdict.score == 0
    assert verdict.codes == ("no_new_letter",)
    assert verdict.objections[0].message == "GAB has no new letter: every letter of it was already in BAG."


@pytest.mark.parametrize("word", ["JOHN", "BENTLEY", "PERU"])
def test_proper_names_are_refused(word):
    verdict = judge_claim(word, exact_pool(word.lower()), STANDARD)
    assert verdict.codes == ("not_a_word",)
    assert verdict.objections[0].detail["reason"] == "proper_name"
    assert verdict.objections[0].message == f"{word} is a proper name, and proper names are not allowed."


@pytest.mark.parametrize("word", ["SHE'S", "TO-DO"])
def test_hyphens_and_apostrophes_count_as_letters(word):
    verdict = judge_claim(word, exact_pool(word.lower()), STANDARD)
    assert verdict.valid and verdict.score == 5 and verdict.letters == 5


# --- one row per objection --------------------------------------------------------


@pytest.mark.parametrize(
    "word, pool, options, codes",
    [
        ("cast", EXAMPLE_POOL, {}, ()),
        ("to do", EXAMPLE_POOL, {}, ("invalid_characters",)),
        ("cas7", EXAMPLE_POOL, {}, ("invalid_characters",)),
        ("etc", exact_pool("etc"), {}, ("not_a_word",)),  # abbreviation
        ("dog's", exact_pool("dog's"), {}, ("not_a_word",)),  # possessive
        ("sial", exact_pool("sial"), {}, ("not_a_word",)),  # only in the large dictionary
        ("castx", exact_pool("castx"), {}, ("not_a_word",)),  # in no dictionary
        ("bag", "R9 Y9 B9 G9", {}, ("too_many_leftovers",)),  # 28 pieces over, 12 boxes
        ("cast", "R3 Y2 G2", {}, ("not_buildable",)),  # no blue arc for the C
        ("cast", "R3 Y2 G2 W1", {}, ()),  # a wild stands in for the blue arc
        ("cast", EXAMPLE_POOL, {"claimed": ["bag", "CAST"]}, ("already_claimed",)),
        ("cast", EXAMPLE_POOL, {"previous_word": "acts"}, ("no_new_letter",)),
        ("cast", EXAMPLE_POOL, {"previous_word": "bag"}, ()),
        ("cast", EXAMPLE_POOL, {"required_letter": "e"}, ("missing_required_letter",)),
        ("cast", EXAMPLE_POOL, {"required_letter": "T"}, ()),
        ("bag", "R3 Y2 B1 G2 R1", {"discards_used": 12}, ("must_use_all_pieces",)),
        ("bag", "R3 Y2 B1 G2 R1", {"discards_used": 11}, ()),  # one box left, one piece over
        ("bag", "R3 Y2 B1 G2 R2", {"discards_used": 11}, ("too_many_leftovers",)),
        ("bag", "R3 Y2 B1 G2 R1", {"crossed_white": 6, "discards_used": 6}, ("must_use_all_pieces",)),
        ("bag", EXAMPLE_POOL, {"discards_used": 12}, ()),  # uses every piece: no box needed
        ("bag", EXAMPLE_POOL, {"words_written": 6}, ("sheet_full",)),
        ("bag", EXAMPLE_POOL, {"challenge_over": True}, ("challenge_over",)),
        ("bag", EXAMPLE_POOL, {"after_done": True}, ()),
    ],
)
def test_objections(word, pool, options, codes):
    verdict = judge_claim(word, pool, STANDARD, **options)
    assert verdict.codes == codes
    assert verdict.valid == (codes == ())


@pytest.mark.parametrize(
    "word, reason",
    [("etc", "abbreviation"), ("dog's", "possessive"), ("sial", "larger_lexicon_only"), ("castx", "not_in_lexicon")],
)
def test_not_a_word_carries_the_lexicon_reason_and_message(word, reason):
    objection = judge_claim(word, exact_pool(word), STANDARD).objections[0]
    lexicon_verdict = check(word, STANDARD, define=False)
    assert objection.detail["reason"] == reason == lexicon_verdict.reason
    assert objection.message == lexicon_verdict.message


def test_every_objection_that_holds_is_listed():
    # BAG again, after BAG, lacking the required E, from a pool with no green U-curves
    verdict = judge_claim(
        "bag", "R3 Y2 B1", STANDARD, previous_word="bag", claimed=["bag"], required_letter="e", words_written=6
    )
    assert verdict.codes == (
        "sheet_full",
        "already_claimed",
        "no_new_letter",
        "missing_required_letter",
        "not_buildable",
    )
    assert verdict.objections[-1].detail["missing"] == {"green": 2}
    assert verdict.pieces is None and verdict.leftover is None


def test_a_proper_name_that_the_pool_cannot_build_has_both_objections():
    verdict = judge_claim("peru", EXAMPLE_POOL, STANDARD)
    assert verdict.codes == ("not_a_word", "not_buildable")


def test_not_buildable_names_the_missing_pieces():
    objection = judge_claim("cast", "R3 Y2", STANDARD).objections[0]
    assert objection.detail["missing"] == {"blue": 1, "green": 2}
    assert objection.message == "Your pool cannot build CAST: it is short of 1 blue piece and 2 green pieces."


def test_wilds_cover_missing_pieces_before_they_are_named():
    objection = judge_claim("cast", "R3 Y2 W2", STANDARD).objections[0]
    assert sum(objection.detail["missing"].values()) == 1  # three pieces short, two wilds


def test_after_done_says_no_pieces_may_be_added():
    verdict = judge_claim("cast", "R3 Y2", STANDARD, after_done=True)
    assert verdict.objections[0].message.endswith("and no pieces may be added after Done!.")
    assert verdict.to_dict()["may_add_pieces"] is False


def test_no_new_letter_counts_repeats():
    assert judge_claim("noon", exact_pool("noon"), STANDARD, previous_word="on").valid  # a second O is new
    assert judge_claim("inn", exact_pool("inn"), STANDARD, previous_word="nine").codes == ("no_new_letter",)


# --- discards ----------------------------------------------------------------------


def test_an_unspent_wild_is_a_leftover_piece():
    verdict = judge_claim("bag", "R3 Y2 B1 G2 W1", STANDARD)
    assert verdict.leftover == Pool(wild=1) and verdict.discards == 1


@pytest.mark.parametrize(
    "used, crossed, leftover, lost, after",
    [
        (0, 0, 2, 0, 2),  # white boxes first
        (5, 0, 3, 2, 8),  # one white box left, then two blue
        (6, 0, 1, 1, 7),
        (0, 3, 4, 1, 4),  # three white boxes crossed out: three free discards
        (0, 6, 1, 1, 1),  # no free discard at all
    ],
)
def test_leftovers_check_white_boxes_first(used, crossed, leftover, lost, after):
    pool = exact_pool("bag", extra=Pool(red=leftover))
    verdict = judge_claim("bag", pool, STANDARD, discards_used=used, crossed_white=crossed)
    assert verdict.valid
    assert (verdict.discards, verdict.bonus_lost, verdict.discards_after) == (leftover, lost, after)
    assert verdict.boxes_left == 12 - crossed - used


def test_too_many_leftovers_says_how_many_boxes_are_left():
    verdict = judge_claim("bag", exact_pool("bag", extra=Pool(red=3)), STANDARD, discards_used=10)
    assert verdict.objections[0].message == (
        "BAG leaves 3 pieces over, but you have only 2 discard boxes left: a word may leave at most 2."
    )


def test_must_use_all_pieces_counts_crossed_out_boxes():
    verdict = judge_claim("bag", exact_pool("bag", extra=Pool(red=1)), STANDARD, discards_used=9, crossed_white=3)
    assert verdict.codes == ("must_use_all_pieces",)
    assert "all 9 discard boxes" in verdict.objections[0].message


@pytest.mark.parametrize(
    "options, fragment",
    [
        ({"discards_used": 13}, "only 12 discard boxes"),
        ({"discards_used": 10, "crossed_white": 3}, "only 9 discard boxes"),
        ({"crossed_white": 7}, "crossed_white"),
        ({"discards_used": -1}, "discards"),
        ({"required_letter": "ab"}, "required_letter"),
        ({"words_written": 7}, "words_written"),
    ],
)
def test_impossible_table_states_raise(options, fragment):
    with pytest.raises(ValueError, match=fragment):
        judge_claim("bag", EXAMPLE_POOL, STANDARD, **options)


def test_a_bad_pool_raises_naming_the_part():
    with pytest.raises(ValueError, match="'Q'"):
        judge_claim("bag", "R3 Q2", STANDARD)


def test_to_dict_is_plain_json():
    data = judge_claim("gab", EXAMPLE_POOL, STANDARD, previous_word="bag").to_dict()
    assert data["objections"] == [
        {
            "code": "no_new_letter",
            "previous_word": "bag",
            "message": "GAB has no new letter: every letter of it was already in BAG.",
        }
    ]
    assert data["leftover"] == {"red": 0, "yellow": 0, "blue": 0, "green": 0, "wild": 0}
    assert data["valid"] is False and data["score"] == 0 and data["letters"] == 3


# --- the judge accepts exactly what the solver finds -------------------------------


def every_found(index, pool, query=None):
    """Return every word solve() finds, reading page after page."""
    found, offset = [], 0
    while True:
        result = solve(index, pool, query, limit=MAX_LIMIT, offset=offset)
        found += result.words
        offset += MAX_LIMIT
        if offset >= result.total:
            return found


SHORT_WORDS = random.Random(3).sample([w for w in STANDARD if len(w) <= 5], 400)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pool=pools, boxes_left=st.sampled_from([0, 1, 2, 12]), data=st.data())
def test_judge_accepts_exactly_the_words_solve_returns(pool, boxes_left, data):
    index = piece_index(STANDARD)
    buildable = [f.word for f in every_found(index, pool)]
    assume(buildable)
    previous = data.draw(st.sampled_from(buildable) | st.just(""), label="previous")
    claimed = data.draw(st.lists(st.sampled_from(buildable), max_size=3), label="claimed")
    required = data.draw(st.sampled_from(sorted(set("".join(buildable)) - {"-", "'"})) | st.just(""), label="required")
    query = Query(previous_word=previous, claimed=tuple(claimed), required_letter=required, use_all=boxes_left == 0)
    accepted = {f.word for f in every_found(index, pool, query) if f.leftover.size <= boxes_left}
    for word in set(SHORT_WORDS) | set(buildable):
        verdict = judge_claim(
            word,
            pool,
            STANDARD,
            previous_word=previous,
            claimed=claimed,
            required_letter=required,
            discards_used=12 - boxes_left,
        )
        assert verdict.valid == (word in accepted), (word, verdict.codes)


def test_at_a_table_the_judge_says_why_a_seats_part_is_over_and_names_every_free_rows_letter():
    """The table's own sentences come from the judge itself (tables/wordsmith/claiming.py passes what it knows): a
    seat's part of the challenge over after Done!, and an Advanced word written for none of the free rows."""
    lexicon = load_lexicons()["standard"]
    for over, said in (
        ("passed", "Bob has passed: no more words this challenge."),
        ("extra_word_played", "Bob has played their one more word after Done!: no more words this challenge."),
        ("", "The challenge is over: no more words may be claimed."),
    ):
        verdict = judge_claim("bag", EXAMPLE_POOL, lexicon, challenge_over=True, part_over=over, player="Bob")
        assert [(o.code, o.message) for o in verdict.objections] == [("challenge_over", said)]
    verdict = judge_claim("bag", EXAMPLE_POOL, lexicon, required_letter="t", free_rows="tm", player="Bob")
    assert verdict.objections[0].message == "BAG contains none of the required letters of the free rows: T, M."
    verdict = judge_claim("bag", EXAMPLE_POOL, lexicon, required_letter="t", free_rows="t")  # one free row: its letter
    assert verdict.objections[0].message == "BAG does not contain the required letter T."
    with pytest.raises(ValueError, match="part_over"):
        judge_claim("bag", EXAMPLE_POOL, lexicon, challenge_over=True, part_over="bored")
