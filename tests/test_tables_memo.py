"""tables/memo.py: an answer is made once for the same values, again for any other, and the least recently used
goes past the bound."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tables.memo import Memo

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8,
)


@given(st.lists(JSON, max_size=12))
def test_an_answer_is_made_once_for_each_value_and_is_that_values(values):
    memo, made = Memo(100), []
    for value in values:
        answer = memo(value, lambda value=value: made.append(value) or repr(value))
        assert answer == repr(value)
    assert len(made) == len({repr(value) for value in values})


def test_past_the_bound_the_least_recently_used_goes():
    memo, made = Memo(2), []
    make = lambda name: lambda: made.append(name) or name  # noqa: E731
    for name in ("a", "b", "a", "c", "a", "b"):
        memo(name, make(name))
    assert made == ["a", "b", "c", "b"]  # "b" went when "c" came (the last used was "a"), "a" stayed
