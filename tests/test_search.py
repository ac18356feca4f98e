"""The solver finds exactly what a brute-force scan finds, in the documented order."""

from collections import Counter

import oracles
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from oracles import brute_force
from strategies import big_pools, pools

from solver.lexicon import load_lexicons
from solver.pieces import KINDS, Pool, load_alphabet, parse_pool
from solver.search import (
    MAX_LIMIT,
    Query,
    new_letter,
    parse_rack,
    piece_index,
    rack_index,
    solve,
    solve_rack,
)
from solver.search.piece_search import brute_force as listed_brute_force

STANDARD = load_lexicons()["standard"]
ALPHABET = load_alphabet()


@pytest.fixture(scope="module")
def index():
    return piece_index(STANDARD)


def test_rulebook_example_pool_builds_bag_and_cast_exactly(index):
    result = solve(index, "R3 Y2 B1 G2", limit=MAX_LIMIT)
    by_word = {f.word: f for f in result.words}
    for word in ("bag", "cast"):
        assert by_word[word].leftover.size == 0
        assert by_word[word].pieces == Pool(3, 2, 1, 2)


def test_sort_order_is_score_then_leftovers_then_familiarity_then_alphabet(index):
    words = solve(index, "R5 Y4 B1 G2 W1", limit=MAX_LIMIT).words
    keys = [(-w.score, w.leftover.size, -w.familiarity, w.word) for w in words]
    assert keys == sorted(keys)
    assert all(w.familiarity == STANDARD.familiarity(w.word) for w in words)


def test_no_gab_after_bag(index):
    result = solve(index, "R3 Y2 B1 G2", Query(previous_word="bag"), limit=MAX_LIMIT)
    found = {f.word for f in result.words}
    assert "gab" not in found and "bag" not in found
    assert "cast" in found


def test_previous_word_counts_repeats():
    assert not new_letter("nie", Counter("eine"))
    assert new_letter("noon", Counter("on"))  # a second O is a new letter


def test_claimed_words_are_left_out(index):
    result = solve(index, "R3 Y2 B1 G2", Query(claimed=("CAST", "bag")), limit=MAX_LIMIT)
    assert {"cast", "bag"}.isdisjoint(f.word for f in result.words)


def test_use_all_leaves_nothing(index):
    result = solve(index, "R3 Y2 B1 G2", Query(use_all=True), limit=MAX_LIMIT)
    assert result.total > 0 and all(f.leftover.size == 0 for f in result.words)


def test_wild_stands_for_any_kind(index):
    # CAST needs a blue arc: without the blue piece, a wild must stand in for it
    without_blue = {f.word for f in solve(index, "R3 Y2 G2", limit=MAX_LIMIT).words}
    with_wild = {f.word: f for f in solve(index, "R3 Y2 G2 W1", limit=MAX_LIMIT).words}
    assert "cast" not in without_blue
    assert with_wild["cast"].pieces.wild == 1 and with_wild["cast"].leftover.size == 0


def test_paging_and_total(index):
    full = solve(index, "R8 Y6 B3 G3", limit=MAX_LIMIT)
    page = solve(index, "R8 Y6 B3 G3", limit=20, offset=40)
    assert page.total == full.total
    assert [f.word for f in page.words] == [f.word for f in full.words[40:60]]


@pytest.mark.parametrize("bad", [{"limit": MAX_LIMIT + 1}, {"limit": -1}, {"offset": -1}])
def test_bad_paging_is_refused(index, bad):
    with pytest.raises(ValueError):
        solve(index, "R3", **bad)


@pytest.mark.parametrize(
    "text, message_part",
    [("R3 X2", "'X'"), ("R3 Y2 %", "'%'"), ("", "empty"), ("R9999", "too large"), ("R61", "limit")],
)
def test_bad_pool_text_says_what_is_wrong(text, message_part):
    with pytest.raises(ValueError, match=message_part):
        parse_pool(text)


def test_pool_forms_agree():
    assert (
        parse_pool("R3 Y2 B1 G2 W1")
        == parse_pool("rrryybggw")
        == parse_pool({"red": 3, "yellow": 2, "blue": 1, "green": 2, "wild": 1})
        == Pool(3, 2, 1, 2, 1)
    )
    with pytest.raises(ValueError, match="purple"):
        parse_pool({"purple": 1})


# --- properties ---------------------------------------------------------------

letters = st.sampled_from("abcdefghijklmnopqrstuvwxyz")
queries = st.builds(
    Query,
    min_length=st.integers(1, 4),
    max_length=st.integers(4, 20),
    starts_with=st.sampled_from(["", "c", "st"]),
    ends_with=st.sampled_from(["", "s", "ed"]),
    contains=st.sampled_from(["", "a", "in"]),
    required_letter=st.sampled_from(["", "e", "t"]),
    previous_word=st.sampled_from(["", "bag", "stone", "cast"]),
    claimed=st.lists(st.sampled_from(["bag", "cast", "cats", "act", "gab"]), max_size=3).map(tuple),
    use_all=st.booleans(),
)


@given(pools, queries)
@settings(max_examples=40, deadline=None)
def test_solve_matches_brute_force(pool, query):
    index = piece_index(STANDARD)
    expected = brute_force(STANDARD, ALPHABET, pool, query)
    result = solve(index, pool, query, limit=MAX_LIMIT)
    assert result.total == len(expected)
    assert [f.word for f in result.words] == expected[:MAX_LIMIT]


@given(pools, queries)
@settings(max_examples=40, deadline=None)
def test_a_count_alone_matches_brute_force(pool, query):
    """limit=0 asks for the total only (hints does, per length): counted from the index when no per-word filter applies."""
    assert solve(piece_index(STANDARD), pool, query, limit=0).total == len(brute_force(STANDARD, ALPHABET, pool, query))


@given(pools)
@settings(max_examples=40, deadline=None)
def test_every_word_returned_is_buildable_and_valid(pool):
    for found in solve(piece_index(STANDARD), pool, limit=MAX_LIMIT).words:
        cost = ALPHABET.cost(found.word)
        assert found.word in STANDARD and pool.fits(cost)
        # pieces used and pieces left over add up to the pool
        assert (
            Pool(
                *(used + left for used, left in zip(found.pieces.counts, found.leftover.counts)),
                wild=found.pieces.wild + found.leftover.wild,
            )
            == pool
        )


@given(big_pools)
@settings(max_examples=60, deadline=None)
def test_count_matches_brute_force_for_pools_of_any_size(pool):
    """The count of a wild-free pool comes from the planes, with wilds from the walk: both must agree with a scan."""
    index = piece_index(STANDARD)
    found = brute_force(STANDARD, ALPHABET, pool)
    assert index.count(pool) == len(found)
    for lengths in ([5], [9, 10, 11], list(range(12, 40))):
        assert index.count(pool, lengths) == sum(len(w) in lengths for w in found)


@given(big_pools, st.integers(1, 120), st.integers(0, 400))
@settings(max_examples=60, deadline=None)
def test_any_page_of_a_big_pool_matches_brute_force(pool, limit, offset):
    """A big pool's page is taken from the longest words down, a few or all of each length: the same words as a scan."""
    expected = brute_force(STANDARD, ALPHABET, pool)
    result = solve(piece_index(STANDARD), pool, limit=limit, offset=offset)
    assert result.total == len(expected)
    assert result.page == expected[offset : offset + limit]


@given(st.data())
@settings(max_examples=40, deadline=None)
def test_a_deep_page_of_a_big_pool_matches_brute_force(data):
    """A page deep into a big pool skips whole lengths by their counts (with wilds, counts from the word table)."""
    pool = data.draw(big_pools.filter(lambda p: p.size >= 16), label="pool")
    expected = brute_force(STANDARD, ALPHABET, pool)
    offset = data.draw(st.integers(0, len(expected) + 5), label="offset")
    limit = data.draw(st.integers(1, 300), label="limit")
    result = solve(piece_index(STANDARD), pool, limit=limit, offset=offset)
    assert result.total == len(expected)
    assert result.page == expected[offset : offset + limit]
    assert result.by_length == dict(sorted(Counter(map(len, expected)).items(), reverse=True))


@given(big_pools)
@settings(max_examples=40, deadline=None)
def test_to_dict_gives_each_word_its_own_pieces_and_leftover(pool):
    result = solve(piece_index(STANDARD), pool, limit=200)
    assert [entry for entry in result.to_dict()["words"]] == [found.to_dict() for found in result.words]


@given(pools, st.sampled_from(KINDS + ("wild",)))
@settings(max_examples=30, deadline=None)
def test_adding_a_piece_never_removes_a_word(pool, kind):
    assume(pool.size < 20)
    index = piece_index(STANDARD)
    before = {f.word for f in solve(index, pool, limit=MAX_LIMIT).words}
    after_result = solve(index, pool.add(kind), limit=MAX_LIMIT)
    assert solve(index, pool, limit=0).total <= after_result.total
    if after_result.total <= MAX_LIMIT:
        assert before <= {f.word for f in after_result.words}


# --- letter racks ---------------------------------------------------------------


def rack_brute_force(rack: str) -> set[str]:
    tiles, blanks = parse_rack(rack)
    return oracles.rack_brute_force(STANDARD, tiles, blanks)


@given(st.text(alphabet="abcdeilnorst", min_size=1, max_size=8), st.integers(0, 2))
@settings(max_examples=25, deadline=None)
def test_rack_matches_brute_force(letters_, blanks):
    rack = letters_ + "?" * blanks
    result = solve_rack(rack_index(STANDARD), rack, limit=MAX_LIMIT)
    expected = rack_brute_force(rack)
    assert result.total == len(expected)
    assert {w.word for w in result.words} <= expected
    keys = [(-w.score, -len(w.word), -w.familiarity, w.word) for w in result.words]
    assert keys == sorted(keys)


@given(st.text(alphabet="abcdeilnorstuy", min_size=1, max_size=18), st.integers(0, 2))
@settings(max_examples=25, deadline=None)
def test_rack_words_account_for_every_tile(letters_, blanks):
    """A word's letters are the tiles it takes plus what its blanks stand for; the leftover is the rest of the rack."""
    rack = letters_ + "?" * blanks
    for word in solve_rack(rack_index(STANDARD), rack, limit=300).words:
        taken = Counter(word.word) - Counter(word.blanks)
        assert Counter(word.word) == taken + Counter(word.blanks) and len(word.blanks) <= blanks
        left = Counter(letters_) - taken
        assert sorted(word.leftover) == sorted("".join(left.elements()) + "?" * (blanks - len(word.blanks)))
        assert not taken - Counter(letters_)  # only tiles on the rack are taken


def test_rack_blank_scores_zero():
    result = solve_rack(rack_index(STANDARD), "qu?", limit=MAX_LIMIT)
    qua = next(w for w in result.words if w.word == "qua")
    assert qua.blanks == "a" and qua.score == 11  # Q 10 + U 1 + blank 0


@pytest.mark.parametrize("rack, part", [("abc???", "blanks"), ("a" * 21, "limit"), ("ab1", "'1'"), ("", "empty")])
def test_bad_racks_are_refused(rack, part):
    with pytest.raises(ValueError, match=part):
        solve_rack(rack_index(STANDARD), rack)


@given(st.one_of(pools, big_pools), queries | st.just(Query()))
@settings(max_examples=60, deadline=None)
def test_counts_by_length_match_brute_force(pool, query):
    """by_length counts every found word by its length, not only the page's, on the count path and the walk alike."""
    expected = Counter(len(word) for word in brute_force(STANDARD, ALPHABET, pool, query))
    result = solve(piece_index(STANDARD), pool, query, limit=3)
    assert result.by_length == dict(sorted(expected.items(), reverse=True))
    assert list(result.by_length) == sorted(result.by_length, reverse=True)  # longest first


# --- filters over big pools: the word table (solver/wordtable.py) ------------------------

fragments = st.text(alphabet="aeinrst'-", min_size=0, max_size=3)
big_queries = st.builds(
    Query,
    min_length=st.integers(1, 8),
    max_length=st.integers(8, 30),
    starts_with=fragments,
    ends_with=fragments,
    contains=fragments,
    required_letter=st.sampled_from(["", "e", "q", "z"]),
    previous_word=st.sampled_from(["", "aeiourstln", "stone", "bookkeeper", "x-ray"]),
    claimed=st.lists(st.sampled_from(["stone", "notes", "rest", "zzz", "eat"]), max_size=3).map(tuple),
    use_all=st.booleans(),
)


@given(big_pools, big_queries, st.integers(0, 300), st.integers(0, 3000))
@settings(max_examples=25, deadline=None)
def test_filters_over_big_pools_match_brute_force(pool, query, limit, offset):
    """Past a few hundred words a filtered solve is answered from the word table: the same words as a scan."""
    expected = brute_force(STANDARD, ALPHABET, pool, query)
    result = solve(piece_index(STANDARD), pool, query, limit=limit, offset=offset)
    assert result.total == len(expected)
    assert result.page == expected[offset : offset + limit]


@given(st.text(alphabet="abest'-", min_size=1, max_size=4), st.sampled_from(["start", "end", "any"]))
@settings(max_examples=40, deadline=None)
def test_word_table_finds_fragments_like_str_methods(fragment, where):
    index = piece_index(STANDARD)
    found = index.table.holding(fragment, where)
    expected = oracles.holding(index.ranked, fragment, where)
    assert [r for r in range(len(index.ranked)) if found[r]] == expected
    # the vectorized oracle is the str methods: checked word by word on every 37th word
    test = {"start": str.startswith, "end": str.endswith, "any": lambda w, f: f in w}[where]
    sample = range(0, len(index.ranked), 37)
    assert [r for r in sample if test(index.ranked[r], fragment)] == [r for r in expected if r % 37 == 0]


@given(st.text(alphabet="abeorst-", max_size=8))
@settings(max_examples=40, deadline=None)
def test_word_table_new_letters_match_new_letter(previous):
    index = piece_index(STANDARD)
    found, counts = index.table.has_new_letter(previous), Counter(previous)
    expected = oracles.without_new_letter(index.ranked, previous)
    assert [r for r in range(len(index.ranked)) if not found[r]] == expected
    # the vectorized oracle is new_letter: checked word by word on every 37th word
    sample = range(0, len(index.ranked), 37)
    assert [r for r in sample if not new_letter(index.ranked[r], counts)] == [r for r in expected if r % 37 == 0]


def test_the_word_table_knows_each_words_rank():
    index = piece_index(STANDARD)
    for rank in (0, 1, 500, len(index.ranked) - 1):
        assert index.table.rank_of(index.ranked[rank]) == rank
    assert index.table.rank_of("zzzzzz") is None and index.table.rank_of("") is None


@given(
    st.text(alphabet="abcdeilnorstuz", min_size=1, max_size=9),
    st.integers(0, 2),
    st.sampled_from(
        [
            Query(),
            Query(previous_word="stone"),
            Query(contains="e", min_length=3),
            Query(use_all=True),
            Query(starts_with="re", claimed=("rest",)),
        ]
    ),
    st.integers(0, 50),
)
@settings(max_examples=20, deadline=None)
def test_big_racks_from_the_word_table_match_the_walk(letters_, blanks, query, offset):
    """Racks past SMALL_RACK are answered from the word table: the same words, scores, blanks and order as the walk."""
    import solver.search.rack_search as search  # the walk reads its own module's SMALL_RACK

    rack, index, small = letters_ + "?" * blanks, rack_index(STANDARD), search.SMALL_RACK
    try:
        search.SMALL_RACK = 100  # every rack walked
        walked = solve_rack(index, rack, query, limit=200, offset=offset)
        search.SMALL_RACK = 0  # every rack from the table
        assert solve_rack(index, rack, query, limit=200, offset=offset) == walked
    finally:
        search.SMALL_RACK = small


# --- the order: familiar words first among equals; `sort` changes the order, never the words ---------------


def ordered(words: list[str], sort: str) -> list[str]:
    """The brute-force scan's words (in the score order) listed in another `sort` order, as documented."""
    if sort == "alphabetical":
        return sorted(words)
    place = {word: i for i, word in enumerate(words)}
    return sorted(words, key=lambda word: (-STANDARD.familiarity(word), place[word]))


@given(pools | big_pools, queries | st.just(Query()), st.sampled_from(["alphabetical", "familiar"]), st.data())
@settings(max_examples=40, deadline=None)
def test_every_sort_lists_the_same_words_in_its_order(pool, query, sort, data):
    expected = brute_force(STANDARD, ALPHABET, pool, query)
    offset = data.draw(st.integers(0, len(expected) + 2), label="offset")
    limit = data.draw(st.integers(0, 300), label="limit")
    result = solve(piece_index(STANDARD), pool, query, limit=limit, offset=offset, sort=sort)
    assert result.total == len(expected)
    assert result.page == ordered(expected, sort)[offset : offset + limit]
    assert result.by_length == dict(sorted(Counter(map(len, expected)).items(), reverse=True))


@given(pools)
@settings(max_examples=30, deadline=None)
def test_within_a_score_and_leftovers_familiar_words_come_first(pool):
    """The rule, stated on solve's own words: within equal score and leftovers, familiarity never rises; ties A-Z."""
    words = solve(piece_index(STANDARD), pool, limit=MAX_LIMIT).words
    for before, after in zip(words, words[1:]):
        if (before.score, before.leftover.size) == (after.score, after.leftover.size):
            assert (-before.familiarity, before.word) < (-after.familiarity, after.word)


def test_the_issue_pool_lists_everyday_words_first(index):
    """R4 Y3 B2 G2: among its 5-letter words that use every piece, TOAST and MOIST before ALTOS and SALOL."""
    words = [w.word for w in solve(index, "R4 Y3 B2 G2", limit=MAX_LIMIT).words if w.score == 5 and not w.leftover.size]
    assert words[:4] == ["toast", "sided", "moist", "noisy"]
    assert words.index("sloth") < words.index("altos") < words.index("salol")


def test_the_slow_scan_sorts_like_solve(index):
    pool = parse_pool("R3 Y2 B1 G2 W1")
    assert listed_brute_force(STANDARD, ALPHABET, pool) == solve(index, pool, limit=MAX_LIMIT).page


@pytest.mark.parametrize("sort", ["", "Score", "random"])
def test_an_unknown_sort_is_refused(index, sort):
    with pytest.raises(ValueError, match="sort") as refused:
        solve(index, "R3 Y2 B1 G2", sort=sort)
    assert refused.value.path == ("sort",)
    with pytest.raises(ValueError, match="sort"):
        solve_rack(rack_index(STANDARD), "retains", sort=sort)


@given(
    st.text(alphabet="abcdeilnorstuz", min_size=1, max_size=12),
    st.integers(0, 2),
    st.sampled_from(["alphabetical", "familiar"]),
)
@settings(max_examples=25, deadline=None)
def test_rack_sorts_list_the_same_words(letters_, blanks, sort):
    rack, index = letters_ + "?" * blanks, rack_index(STANDARD)
    by_score = solve_rack(index, rack, limit=MAX_LIMIT)
    other = solve_rack(index, rack, limit=MAX_LIMIT, sort=sort)
    assert other.total == by_score.total
    if by_score.total <= MAX_LIMIT:
        assert sorted(other.words, key=repr) == sorted(by_score.words, key=repr)
    if sort == "alphabetical":
        assert [w.word for w in other.words] == sorted(w.word for w in other.words)
    else:
        keys = [(-w.familiarity, -w.score, -len(w.word), w.word) for w in other.words]
        assert keys == sorted(keys)
    assert all(w.familiarity == STANDARD.familiarity(w.word) for w in other.words)
