"""Every decided effect is made JSON-clean (judge/rulesets/munchkin/tx.py ``json_clean``): the direct copy
of plain data equals the round trip through ``json`` it stands for, for any data, plain or not."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from judge.rulesets.munchkin.tx import json_clean

ATOMS = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5),
                  st.floats(allow_nan=False, allow_infinity=False))
KEYS = st.one_of(st.text(max_size=5), st.integers(), st.booleans(), st.none())
DATA = st.recursive(ATOMS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.lists(inner, max_size=4).map(tuple),
    st.dictionaries(KEYS, inner, max_size=4)), max_leaves=20)


@given(DATA)
def test_json_clean_is_the_round_trip(value: Any) -> None:
    cleaned = json_clean(value)
    expected = json.loads(json.dumps(value))
    assert cleaned == expected
    assert json.dumps(cleaned, sort_keys=False) == json.dumps(expected, sort_keys=False)


def test_the_copy_shares_nothing_mutable() -> None:
    effect = {"type": "CardsDrawn", "cards": ["a", "b"], "bribe": {"items": ("x",)}}
    cleaned = json_clean(effect)
    assert cleaned == {"type": "CardsDrawn", "cards": ["a", "b"], "bribe": {"items": ["x"]}}
    assert cleaned["cards"] is not effect["cards"]
