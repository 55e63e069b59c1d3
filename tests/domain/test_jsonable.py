"""``jsonable`` copies plain data directly; the copy equals the round trip
through ``json`` it replaces (tuples become lists, dict keys strings, a
later duplicate key wins), and what JSON cannot hold raises as before."""

from __future__ import annotations

import enum
import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.domain.rules import jsonable


class Colour(enum.IntEnum):
    RED = 1


class Word(str, enum.Enum):
    YES = "yes"


def round_trip(value: Any) -> Any:
    return json.loads(json.dumps(value, allow_nan=False))


leaves = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=5),
                   st.just(Colour.RED), st.just(Word.YES))
keys = st.one_of(st.text(max_size=3), st.integers(-3, 3), st.booleans(), st.none(), st.floats(),
                 st.just(Colour.RED))
values = st.recursive(leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.lists(inner, max_size=4).map(tuple),
    st.dictionaries(keys, inner, max_size=4)), max_leaves=20)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(values)
def test_jsonable_equals_the_round_trip_through_json(value: Any) -> None:
    try:
        expected = round_trip(value)
    except (TypeError, ValueError) as e:
        with pytest.raises(type(e)):
            jsonable(value)
        return
    got = jsonable(value)
    assert json.dumps(got) == json.dumps(expected)  # same values, same order, NaN-free
    assert got == expected


def test_duplicate_keys_and_non_finite_floats() -> None:
    assert jsonable({1: "a", "1": "b", None: "c", False: "d"}) == {"1": "b", "null": "c", "false": "d"}
    assert list(jsonable({"b": 1, 2: 2, "a": 3})) == ["b", "2", "a"]
    for bad in (math.nan, math.inf, -math.inf):
        with pytest.raises(ValueError):
            jsonable({"x": [bad]})
    with pytest.raises(TypeError):
        jsonable({"x": {1, 2}})
    assert type(jsonable(Colour.RED)) is int and type(jsonable([Word.YES])[0]) is str
