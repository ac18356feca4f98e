"""The indexes' whole-array construction builds what the plain one built, field for field.

The piece index, the rack index and the word table were first built with a
dict or a sort step per word and per prefix (36 s of CPU for the three
lexicon sizes, paid on every fresh machine before the first test). They are
now built with a few numpy passes and one sort per bucket. The plain
constructions are kept here as the definition: each test builds both from
the same words, real (a slice of every lexicon size) and generated (a small
alphabet, so keys share prefixes, are anagrams of each other and prefixes of
each other), and compares every field.
"""

from array import array
from itertools import chain

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.lexicon import SIZES, load_lexicons
from solver.pieces import load_alphabet
from solver.search import PieceIndex, RackIndex
from solver.search.piece_search import _nest
from solver.wordtable import row_keys

ALPHABET = load_alphabet()

# Distinct words of a few letters (a lexicon's words are distinct), in any order (a lexicon's is alphabetical), with
# characters that are not a-z: racks leave those words out (- and '), and the piece index leaves out a word with a
# character the alphabet gives no pieces (é).
WORDS = st.lists(st.text(alphabet="abcz-'", min_size=1, max_size=6), unique=True, max_size=60)
PIECE_WORDS = st.lists(st.text(alphabet="abcz-'é", min_size=1, max_size=6), unique=True, max_size=60)


def plain_rack_trie(words) -> dict:
    """The rack index's fields as the first construction built them: a dict of every key's prefixes."""
    by_key: dict[str, list[str]] = {}
    for word in words:
        if word.isalpha():
            by_key.setdefault("".join(sorted(word)), []).append(word)
    keys = sorted(by_key)
    follow: dict[str, set[str]] = {"": set()}
    for key in keys:
        for i in range(len(key)):
            follow.setdefault(key[:i], set()).add(key[i])
        follow.setdefault(key, set())
    prefixes = sorted(follow)
    node_of = {prefix: n for n, prefix in enumerate(prefixes)}
    key_id = {key: i for i, key in enumerate(keys)}
    fields = {
        "anagrams": [tuple(sorted(by_key[key])) for key in keys],
        "words": sorted(chain.from_iterable(by_key.values())),
        "node_key": array("i", (key_id.get(prefix, -1) for prefix in prefixes)),
        "edge_start": array("i", [0]),
        "edge_letter": array("b"),
        "edge_child": array("i"),
        "child_mask": array("i"),
    }
    for prefix in prefixes:
        mask = 0
        for c in sorted(follow[prefix]):
            fields["edge_letter"].append(ord(c) - 97)
            fields["edge_child"].append(node_of[prefix + c])
            mask |= 1 << (ord(c) - 97)
        fields["edge_start"].append(len(fields["edge_child"]))
        fields["child_mask"].append(mask)
    return fields


def plain_piece_index(words) -> dict:
    """The piece index's fields as the first construction built them: one sort of (-length, -pieces, word) tuples."""
    groups: dict[tuple, list[str]] = {}
    for word in words:
        c = ALPHABET.cost(word)
        if c is not None:
            groups.setdefault(c + (len(word),), []).append(word)
    order = sorted((-len(w), -sum(key[:4]), w, key[:4]) for key, members in groups.items() for w in members)
    rank = {w: i for i, (_, _, w, _) in enumerate(order)}
    by_length: dict[int, dict[tuple, list]] = {}
    combined: dict[tuple, list] = {}
    for (r, y, b, g, n), members in groups.items():
        group = (-(n * 1024 + r + y + b + g), n, (r, y, b, g), tuple(sorted(rank[w] for w in members)))
        by_length.setdefault(n, {})[(r, y, b, g)] = [group]
        combined.setdefault((r, y, b, g), []).append(group)
    return {
        "ranked": [w for _, _, w, _ in order],
        "costs": [c for _, _, _, c in order],
        "lengths": sorted(by_length, reverse=True),
        "fewest_pieces": {n: min(map(sum, leaves)) for n, leaves in by_length.items()},
        "_by_length": {n: _nest(leaves, ranks_only=True) for n, leaves in by_length.items()},
        "_all": _nest(combined),
        "group_count": len(groups),
    }


def assert_rack_index_is_the_plain_one(words):
    index = RackIndex(words)
    for name, expected in plain_rack_trie(words).items():
        assert getattr(index, name) == expected, name
        assert type(getattr(index, name)) is type(expected), name


def assert_piece_index_is_the_plain_one(words):
    index = PieceIndex(words, ALPHABET)
    for name, expected in plain_piece_index(words).items():
        assert getattr(index, name) == expected, name
    assert list(index.fewest_pieces) == list(expected_order := plain_piece_index(words)["fewest_pieces"])
    assert list(index._by_length) == list(expected_order)
    # one tuple per distinct cost, shared by the words of that cost (the pickle holds each once)
    assert len({id(c) for c in index.costs}) == len(set(index.costs))


@pytest.mark.parametrize("size", SIZES)
def test_a_slice_of_each_lexicon_builds_the_same_indexes(size):
    words = list(load_lexicons()[size])[::97]  # ~900-2,700 real words, in the lexicon's (alphabetical) order
    assert_rack_index_is_the_plain_one(words)
    assert_piece_index_is_the_plain_one(words)


@given(WORDS)
def test_generated_words_build_the_same_rack_trie(words):
    assert_rack_index_is_the_plain_one(words)


@given(PIECE_WORDS)
def test_generated_words_build_the_same_piece_index(words):
    assert_piece_index_is_the_plain_one(words)


def test_no_words_build_an_empty_trie():
    assert_rack_index_is_the_plain_one([])
    assert RackIndex([]).edge_start == array("i", [0, 0])


@given(st.lists(st.tuples(*[st.integers(0, 60)] * 5), min_size=1, max_size=40))
def test_row_keys_order_rows_like_numpy_unique(rows):
    rows = np.array(rows, dtype=np.int16)
    expected, expected_inverse = np.unique(rows, axis=0, return_inverse=True)
    _, first, inverse = np.unique(row_keys(rows), return_index=True, return_inverse=True)
    assert np.array_equal(rows[first], expected)
    assert np.array_equal(inverse.ravel(), expected_inverse.ravel())


def test_row_keys_refuse_what_one_int64_cannot_hold():
    with pytest.raises(ValueError, match="do not fit"):
        row_keys(np.array([[30_000] * 5], dtype=np.int16))
