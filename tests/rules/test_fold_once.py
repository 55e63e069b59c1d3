"""A decided command's effects are applied once: ``decide_folded`` gives the
effects ``decide`` gives and, as the next state, the decision's own working
copy, which must be the state ``evolve_all`` folds from the recorded effects
(what every replay, audit and restart computes). Held over random playouts of
every ruleset, reported and dealt (docs/architecture.md, the ruleset protocol)."""

from __future__ import annotations

import hashlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge import rulesets
from judge.rules import ORGANIZER, Command, Context, GameSetup, SeatSetup
from judge.rules.chance import commitment
from judge.rules.engine import canonical_json
from tests.bot import awaited, choose
from tests.rules.monkic.harness import values as monkic_values

NAMES = ("munchkin", "babys", "star", "mixer", "monkic")


@pytest.mark.parametrize("mode", ("reported", "dealt"))
@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_decisions_own_state_is_the_folded_state(name: str, mode: str, seed: int) -> None:
    rules = rulesets.get(name)
    secret = hashlib.sha256(f"fold:{seed}".encode()).digest()
    traits = {"sex": "female"} if name != "monkic" else {}
    custom = tuple(monkic_values()) if name == "monkic" else ()
    options = {"seed_sha256": commitment(secret)} if mode == "dealt" else {}
    setup = GameSetup(name, (), tuple(SeatSetup(f"P{i}", traits) for i in range(rules.min_seats)), options,
                      mode, custom)
    rules.validate_setup(setup)
    state = rules.initial_state(setup)
    rng = random.Random(seed)
    cards = rules.catalogue() if hasattr(rules, "catalogue") else None
    now, folded_steps = 1_000_000, 0
    opening = rules.opening_command(state)
    for _ in range(60):
        view = rules.view(state, ORGANIZER)
        if view.get("status") == "GAME_STATUS_FINISHED":
            break
        now += rng.choice([0, 3000])
        ctx = Context(now, secret_seed=secret if mode == "dealt" else None)
        deadline = rules.pending_deadline_ms(state)
        if opening is not None:
            command, opening = opening, None
        elif deadline is not None and now >= deadline and rules.deadline_command(state) is not None:
            command = rules.deadline_command(state)
        else:
            seat = rng.choice(awaited(view) or [int(view.get("active_seat", 0))])
            legal = rules.legal_actions(state, seat, ctx)
            if not legal:
                continue
            command = Command(seat, choose(rng, legal, seat, cards))
        before = canonical_json(rules.to_dict(state))
        effects, folded = rules.decide_folded(state, command, ctx)
        assert effects == rules.decide(state, command, ctx)
        assert canonical_json(rules.to_dict(state)) == before, "deciding changed the state it decided on"
        replayed = rules.evolve_all(state, effects)
        assert canonical_json(rules.to_dict(folded)) == canonical_json(rules.to_dict(replayed)), command
        state = folded
        folded_steps += 1
    assert folded_steps > 0
