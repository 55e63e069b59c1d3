"""Folding a command's effects shares the state's discard piles with the state
it came from (``MunchkinState.copy``): random playouts check that the fold gives
exactly the state the old folding gave (a deep copy of the whole state, then the
effects applied one by one) and that no kept state is ever changed by a later
decide or fold, as the live games and the record assume."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from judge import rulesets
from judge.rules import Command, Context, Rejected
from judge.rules.engine import canonical_json
from tests.bot import awaited, choose
from tests.rules.test_random_playout import ORGANIZER, _setup

FAMILY = ("munchkin", "star", "babys")
STEPS = 400


def _deep_fold(rules: Any, state: Any, effects: list[dict[str, Any]]) -> Any:
    """The old folding: a deep copy of the whole state, each effect applied to it."""
    new = copy.deepcopy(state)
    for effect in effects:
        rules.apply_effect(new, effect)
    return new


def _json(rules: Any, state: Any) -> str:
    return canonical_json(rules.to_dict(state))


@pytest.mark.slow
@settings(max_examples=12, derandomize=True, deadline=None, database=None,
          phases=(Phase.explicit, Phase.generate),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(name=st.sampled_from(FAMILY), n=st.integers(3, 5), dealt=st.booleans(),
       seed=st.binary(min_size=32, max_size=32), play=st.integers(0, 2**32))
def test_folding_with_shared_piles_equals_the_deep_copy_fold(
        name: str, n: int, dealt: bool, seed: bytes, play: int) -> None:
    rules: Any = rulesets.get(name)
    rng = random.Random(play)
    secret = seed if dealt and "dealt" in rules.modes else None
    state = rules.initial_state(_setup(rules, name, (), n, 0, secret))
    kept: list[tuple[Any, str]] = [(state, _json(rules, state))]
    now = 1_000_000
    opening = rules.opening_command(state)
    pending = [opening] if opening is not None else []
    for _ in range(STEPS):
        ctx = Context(now, secret_seed=secret)
        if pending:
            command = pending.pop()
        else:
            if rules.view(state, ORGANIZER).get("status") == "GAME_STATUS_FINISHED":
                break
            now += rng.choice([0, 3000])
            ctx = Context(now, secret_seed=secret)
            seat = rng.choice(awaited(rules.view(state, ORGANIZER)) or [state.active])
            legal = rules.legal_actions(state, seat, ctx)
            if not legal:
                continue
            command = Command(seat, choose(rng, legal, seat, rules.cards_of(state)))
        try:
            effects = rules.decide(state, command, ctx)
        except Rejected:
            continue
        expected = _json(rules, _deep_fold(rules, state, effects))
        state = rules.evolve_all(state, effects)
        assert _json(rules, state) == expected
        kept.append((state, expected))
    for old, recorded in kept:
        assert _json(rules, old) == recorded, "a later decide or fold changed a kept state"
    assert len(kept) > 20
