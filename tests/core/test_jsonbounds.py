"""judge/common/jsonbounds.py: the depth scan agrees with the parsed value's real depth for any
JSON (strings full of brackets and escapes included), refuses a deep text before ``json.loads``
sees it, and finds every number outside a view's range by its path."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.common import jsonbounds

values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.sampled_from('[]{}"\\ab\n'), max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=20,
)


def _depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    return 0


@settings(max_examples=300, derandomize=True, database=None)
@given(values)
def test_the_scan_measures_the_depth_of_any_json(value: Any) -> None:
    text = json.dumps(value)
    assert jsonbounds.depth(text) == _depth(value)
    assert jsonbounds.loads(text) == value


def test_a_deep_text_is_refused_before_it_is_parsed() -> None:
    for text in ("[" * 5000 + "]" * 5000, '{"a":' * 3000 + "1" + "}" * 3000, "[" * 100_000):
        with pytest.raises(jsonbounds.JsonBoundsError, match="nested more than 64"):
            jsonbounds.loads(text)
    assert jsonbounds.loads("[" * 64 + "]" * 64) is not None
    assert jsonbounds.loads('["' + "[" * 5000 + '"]') == ["[" * 5000]  # brackets in a string do not count


def test_constants_json_does_not_have_are_refused_unless_allowed() -> None:
    with pytest.raises(ValueError):
        jsonbounds.loads('{"turn": NaN}')
    assert jsonbounds.loads("[Infinity]", allow_constants=True) == [float("inf")]


def test_the_first_number_out_of_range_is_named_by_its_path() -> None:
    top = jsonbounds.MAX_TABLE_NUMBER
    assert jsonbounds.out_of_range({"a": [1, -top, top], "at_ms": 2**40}, "p") is None
    found = jsonbounds.out_of_range({"seats": [{"x": 1}, {"hand_unknown": 2**32}]}, "p")
    assert found is not None and found[0] == "p.seats[1].hand_unknown"
    found = jsonbounds.out_of_range({"window_closes_at_ms": -1}, "p")
    assert found is not None and found[0] == "p.window_closes_at_ms"
    assert jsonbounds.out_of_range([float("nan")], "p") is not None
    assert jsonbounds.out_of_range({"b": True}, "p") is None
