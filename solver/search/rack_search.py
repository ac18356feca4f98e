"""The letter-rack index: a trie of anagram keys walked once per sub-multiset of the rack."""

from __future__ import annotations

from array import array
from collections import Counter
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from operator import itemgetter

import numpy as np

from .. import budget
from ..cache import cached
from ..datafiles import read_json
from ..errors import Refused
from ..lexicon import Lexicon
from ..limits import MAX_BLANKS, MAX_RACK_LETTERS
from ..normalize import fold
from ..wordtable import WordTable, familiar_places
from .query import Query, check_page, check_sort

# --- letter racks ---------------------------------------------------------------


@lru_cache(maxsize=1)
def tile_values() -> dict[str, int]:
    """Scrabble's English tile values (data/tile_values.json); a blank scores 0."""
    return read_json("tile_values.json")["values"]


@dataclass(frozen=True)
class RackWord:
    word: str
    score: int
    blanks: str  # the letters the blanks stand for
    leftover: str
    familiarity: float = 0.0  # Zipf frequency (solver.lexicon.OBSCURE_BELOW)

    def to_dict(self) -> dict:
        return {**asdict(self), "length": len(self.word)}


@dataclass(frozen=True)
class RackResult:
    rack: str
    total: int
    offset: int
    limit: int
    words: list[RackWord] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {**asdict(self), "words": [w.to_dict() for w in self.words]}


class RackIndex:
    """The plain a-z words of one lexicon, keyed by their sorted letters (anagram keys).

    The keys form a trie stored as flat arrays (compressed sparse rows): node
    `n`'s edges are `edge_letter[i]`, `edge_child[i]` for `i` in
    `edge_start[n]:edge_start[n + 1]`, letters in alphabetical order, and
    `node_key[n]` is the key id of the key ending there (-1 if none), whose
    words are `anagrams[id]`. Arrays of machine ints hold the nodes in a small
    fraction of the memory a dict of prefixes took, and the walk reads them
    without building a string per step.
    """

    def __init__(self, words, name: str = "", familiarity=None):
        """Index `words` (a Lexicon, or any iterable of words); `familiarity(word)` gives a word's Zipf frequency
        (a Lexicon's own by default, else 0 for every word)."""
        self.name = name
        familiarity = familiarity or getattr(words, "familiarity", None) or (lambda word: 0.0)
        plain = [word for word in sorted(words) if word.isalpha()]
        by_key: dict[str, list[str]] = {}
        for word in plain:  # alphabetical, so each key's words are too
            by_key.setdefault("".join(sorted(word)), []).append(word)
        keys = sorted(by_key)
        self.anagrams = [tuple(by_key[key]) for key in keys]
        self.words = plain
        self.table = WordTable(self.words)  # for big racks: whole-array passes (see _rack_table)
        # per word (alphabetical), its familiarity in hundredths of a Zipf unit, and its place in the order
        # most familiar first, ties alphabetical: the tie-break of words of equal score and length
        self.familiarity = np.array([round(familiarity(word) * 100) for word in plain], dtype=np.uint16)
        self.familiar_place = familiar_places(self.familiarity)
        node_key, parent, letter, child = _trie(keys)
        nodes = len(node_key)
        order = np.lexsort((letter, parent))  # edges by node, each node's letters in alphabetical order
        self.node_key = _int_array("i", node_key)
        self.edge_start = _int_array("i", np.concatenate(([0], np.cumsum(np.bincount(parent, minlength=nodes)))))
        self.edge_letter = _int_array("b", letter[order])
        self.edge_child = _int_array("i", child[order])
        # bit c set: the node has an edge for letter c (a node's edge letters differ, so their sum is their OR)
        self.child_mask = _int_array("i", np.bincount(parent, weights=1 << letter.astype(np.int64), minlength=nodes))


def _trie(keys: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Return the trie of the sorted, distinct `keys` as (key id per node, then per edge: parent, letter, child).

    Nodes are numbered in the order their prefixes sort (the root, "", is 0),
    which is the order sorted keys first reach them: key i adds the nodes for
    its prefixes longer than what it shares with key i - 1 (`shared`), one per
    depth. So the whole trie is one pass per depth over the keys' columns,
    not one step per prefix, which is what made a dict of prefixes slow to
    build.
    """
    count = len(keys)
    length = np.fromiter(map(len, keys), dtype=np.int64, count=count)
    width = int(length.max(initial=0))
    grid = np.full((count, width), -1, dtype=np.int8)  # grid[i, d]: key i's letter d (0 = a), -1 past its end
    text = np.frombuffer("".join(keys).encode("ascii"), dtype=np.uint8).astype(np.int8) - 97
    row = np.repeat(np.arange(count), length)
    grid[row, np.arange(len(text)) - np.repeat(np.cumsum(length) - length, length)] = text
    shared = np.zeros(count, dtype=np.int64)  # how long a prefix key i shares with key i - 1
    if count > 1:
        shared[1:] = np.argmin(grid[1:] == grid[:-1], axis=1)  # keys differ: their first unequal column
    first = 1 + np.cumsum(length - shared) - (length - shared)  # the id of the first node key i adds
    parents, letters, children = [], [], []
    path = np.zeros(count, dtype=np.int64)  # per key, its node at the previous depth (at first the root)
    for depth in range(1, width + 1):
        new = (shared < depth) & (depth <= length)
        node = np.where(new, first + depth - shared - 1, -1)
        # a key that adds no node at this depth shares the one of the key before it: node ids grow with i,
        # so the running maximum carries it down (rows of keys shorter than `depth` are never read)
        np.maximum.accumulate(node, out=node)
        parents.append(path[new])
        letters.append(grid[new, depth - 1])
        children.append(node[new])
        path = node
    nodes = 1 + int((length - shared).sum())
    node_key = np.full(nodes, -1, dtype=np.int64)
    node_key[first + length - shared - 1] = np.arange(count)
    none = [np.zeros(0, dtype=np.int64)]  # no keys: no edges
    return node_key, np.concatenate(parents or none), np.concatenate(letters or none), np.concatenate(children or none)


def _int_array(code: str, values: np.ndarray) -> array:
    """Return `values` as an `array` of machine ints (`code` "i" or "b"), as the walk reads them."""
    result = array(code)
    result.frombytes(np.asarray(values).astype(np.intc if code == "i" else np.int8).tobytes())
    return result


@lru_cache(maxsize=4)
def rack_index(lexicon: Lexicon) -> RackIndex:
    """Build (once per process, per lexicon; read from the disk cache when built before) the anagram-key trie for rack queries."""
    return cached(f"racks-{lexicon.name}", lexicon.lexicons.data_key, lambda: RackIndex(lexicon, lexicon.name))


def parse_rack(rack: str) -> tuple[Counter, int]:
    """Read a rack of letters and `?` blanks; refuse it naming what is wrong."""
    text = fold(rack).replace(" ", "")
    if not text:
        raise Refused("rack: empty; give letters like 'retains?'", ("rack",))
    if len(text) > MAX_RACK_LETTERS:
        raise Refused(f"rack: {len(text)} tiles is more than the limit of {MAX_RACK_LETTERS}", ("rack",))
    bad = [c for c in text if not ("a" <= c <= "z" or c == "?")]
    if bad:
        raise Refused(f"rack: {bad[0]!r} is not a letter a-z or a blank '?'", ("rack",))
    blanks = text.count("?")
    if blanks > MAX_BLANKS:
        raise Refused(f"rack: {blanks} blanks is more than the limit of {MAX_BLANKS}", ("rack",))
    return Counter(text.replace("?", "")), blanks


def _rack_keys(index: RackIndex, tiles: Counter, blanks: int) -> list[tuple[int, int, int, str]]:
    """Return (key id, length, score, letters taken by blanks) for every anagram key the rack builds.

    A depth-first walk of the key trie in alphabetical order: each step
    appends a letter some key continues with, from a real tile if one is left
    (a blank standing in for a letter still on the rack is never better) or
    else from a blank, which scores nothing. Recursion with one mutable tally
    is quicker than an explicit stack of immutable states.
    """
    node_key, start, letter, child, child_mask = (
        index.node_key,
        index.edge_start,
        index.edge_letter,
        index.edge_child,
        index.child_mask,
    )
    values = [tile_values()[c] for c in "abcdefghijklmnopqrstuvwxyz"]
    have = [tiles.get(c, 0) for c in "abcdefghijklmnopqrstuvwxyz"]
    found: list[tuple[int, int, int, str]] = []

    def walk(node: int, depth: int, score: int, spare: int, blank_letters: str, mask: int) -> None:
        # `mask` has bit c set while a tile c is left on the rack
        if node_key[node] >= 0:
            found.append((node_key[node], depth, score, blank_letters))
            if not len(found) & 1023:
                budget.check()
        depth += 1
        if spare:  # a blank can take any edge: look at each
            for edge in range(start[node], start[node + 1]):
                c = letter[edge]
                if have[c]:
                    have[c] -= 1
                    walk(
                        child[edge],
                        depth,
                        score + values[c],
                        spare,
                        blank_letters,
                        mask if have[c] else mask & ~(1 << c),
                    )
                    have[c] += 1
                else:
                    walk(child[edge], depth, score, spare - 1, blank_letters + chr(97 + c), mask)
        else:  # only the edges whose letter is on the rack: a bit test instead of a loop over all
            edges = child_mask[node]
            base = start[node]
            usable = edges & mask
            while usable:
                bit = usable & -usable
                c = bit.bit_length() - 1
                have[c] -= 1
                walk(
                    child[base + (edges & (bit - 1)).bit_count()],
                    depth,
                    score + values[c],
                    0,
                    blank_letters,
                    mask if have[c] else mask & ~bit,
                )
                have[c] += 1
                usable ^= bit

    walk(0, 0, 0, blanks, "", sum(1 << c for c in range(26) if have[c]))
    return found


# A rack of more tiles than this (blanks counted three times) can build tens of
# thousands of anagram keys, too many to walk and filter in Python; past it the
# rack is answered from the word table, whose cost hardly depends on the rack
# (bench/worst_case.py measures both).
SMALL_RACK = 10


def _rack_table(
    index: RackIndex, tiles: Counter, blanks: int, query: Query, offset: int, wanted: int, sort: str = "score"
) -> tuple[int, list[tuple[str, int, str]]]:
    """Return (total, results `offset` to `wanted` as (word, score, blank letters)) for a big rack, from the word table.

    Per word: how many of its letters the tiles lack (blanks must cover them)
    and the value of the letters the tiles do cover (blanks score 0), both
    whole-array sums over the 26 letter columns; then one sort of the words
    that fit, in the `sort` order (the table is alphabetical).
    """
    table = index.table
    values = tile_values()
    short = np.zeros(table.size, dtype=np.uint8)  # no word is 255 letters long
    score = np.zeros(table.size, dtype=np.int16)
    for char, column in table.letters.items():
        have = tiles.get(char, 0)
        if have:
            short += np.maximum(column, have) - have
            score += (
                np.minimum(column, have) * values[char]
            )  # at most 9 of a letter in a word, 10 points each: fits a byte
        else:
            short += column
    keep = table.matching(query)
    keep &= short <= blanks
    if query.use_all:
        keep &= table.length == sum(tiles.values()) + blanks
    budget.check()
    found = np.flatnonzero(keep)
    points = score[found].astype(np.int64) * 64 + table.length[found]  # score, then length: below 2**16
    if sort == "score":
        key = -points * table.size + index.familiar_place[found]
    elif sort == "familiar":
        key = (-index.familiarity[found].astype(np.int64) * 2**16 - points) * table.size + found
    else:
        key = found
    if wanted < len(found):  # only the page and what comes before it need sorting
        first = np.argpartition(key, wanted - 1)[:wanted] if wanted else np.zeros(0, dtype=np.int64)
        found, key = found[first], key[first]
    page = []
    words = index.words
    for i in found[np.argsort(key)][offset:].tolist():
        word = words[i]
        page.append((word, int(score[i]), _beyond(word, tiles) if short[i] else ""))
    return int(keep.sum()), page


def _beyond(word: str, tiles: Counter) -> str:
    """Return, sorted, the letters of `word` the tiles do not cover: what the blanks stand for."""
    return "".join(
        char * (count - tiles[char]) for char in sorted(set(word)) if (count := word.count(char)) > tiles[char]
    )


def solve_rack(
    index: RackIndex, rack: str, query: Query | None = None, limit: int = 100, offset: int = 0, sort: str = "score"
) -> RackResult:
    """Return every word the rack builds (blanks `?` stand for any letter), best score first.

    Score is the sum of Scrabble tile values, blanks scoring 0; ties go to the
    longer word, then the more familiar, then alphabetical. `sort`
    `alphabetical` lists them A to Z instead, `familiar` most familiar first
    (then as `score`). Words with `-` or `'` are left out: racks hold letters only.
    """
    tiles, blanks = parse_rack(rack)
    query = query or Query()
    check_page(limit, offset)
    check_sort(sort)
    keep = query.word_filter()
    rack_size = sum(tiles.values()) + blanks
    wanted = offset + limit
    if rack_size + 2 * blanks > SMALL_RACK or sort != "score":
        total, page = _rack_table(index, tiles, blanks, query, offset, wanted, sort)
        return _rack_result(index, rack, tiles, blanks, total, offset, limit, page)
    anagrams = index.anagrams
    entries = []  # one per anagram key: (-score, -length, words, blank letters)
    total = 0
    keys = _rack_keys(index, tiles, blanks)
    budget.check()
    for i, length, score, blank_letters in keys:
        if not query.min_length <= length <= query.max_length or (query.use_all and length != rack_size):
            continue
        words = anagrams[i] if keep is None else [w for w in anagrams[i] if keep(w)]
        if words:
            total += len(words)
            entries.append((-score, -length, words, blank_letters))
    entries.sort(key=itemgetter(0, 1))
    page: list[tuple[str, int, str]] = []  # (word, score, blank letters)
    i = 0
    while i < len(entries) and len(page) < wanted:
        j = i + 1
        while j < len(entries) and entries[j][:2] == entries[i][:2]:
            j += 1
        # keys of equal score and length: their words in one run, most familiar first, ties alphabetical
        run = [(index.familiar_place[index.table.rank_of(w)], w, -e[0], e[3]) for e in entries[i:j] for w in e[2]]
        page.extend(entry[1:] for entry in sorted(run))
        i = j
    return _rack_result(index, rack, tiles, blanks, total, offset, limit, page[offset:wanted])


def _rack_result(
    index: RackIndex,
    rack: str,
    tiles: Counter,
    blanks: int,
    total: int,
    offset: int,
    limit: int,
    page: list[tuple[str, int, str]],
) -> RackResult:
    """Build the result, each word with the tiles it leaves.

    A blank only ever stands for a letter the tiles run out of, so a word
    leaves of each letter what the rack holds beyond the word's own count:
    a few `str.count` calls per word, much cheaper than Counter arithmetic,
    which was a large share of a big rack's page (bench/worst_case.py).
    """
    held = sorted(tiles.items())
    words = []
    for word, score, blank_letters in page:
        left = "".join(char * (have - used) for char, have in held if (used := word.count(char)) < have)
        familiarity = int(index.familiarity[index.table.rank_of(word)]) / 100
        words.append(RackWord(word, score, blank_letters, left + "?" * (blanks - len(blank_letters)), familiarity))
    return RackResult(fold(rack).replace(" ", ""), total, offset, limit, words)
