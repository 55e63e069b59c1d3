"""The legal actions a ruleset lists are exactly its candidates that ``decide`` accepts, each decided on
its own copy of the state and told apart by canonical JSON, as every faster listing (a cheaper copy of the
state, candidates told apart by their typed values) must keep them; and listing them changes nothing in
the state. Held for every seat at every step of random playouts of every family (Munchkin, Babys, Star,
the mixer and monkic), with random combinations of their variants, reported and dealt."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge import rulesets
from judge.common.errors import InvalidArgument
from judge.rules import ORGANIZER, Command, Context, GameSetup, Rejected, SeatSetup
from judge.rules.chance import commitment
from judge.rules.engine import Action, canonical_json
from judge.rules.ruling import Malformed
from tests.bot import awaited, choose
from tests.rules.monkic.harness import values as monkic_values

NAMES = ("munchkin", "babys", "star", "mixer", "monkic")
STEPS = 40


def decided_on_copies(rules: Any, state: Any, seat: int, ctx: Context) -> list[str]:
    """The legal actions listed the plain way: every candidate decided by ``decide`` on its own copy."""
    lister = rules.of_state(state) if hasattr(rules, "of_state") else rules
    out: list[str] = []
    seen: set[str] = set()
    for action in lister._candidates(state, seat):
        key = canonical_json(action.to_dict())
        if key in seen:
            continue
        seen.add(key)
        try:
            rules.decide(state, Command(seat, action), ctx)
        except (Rejected, Malformed):
            continue
        out.append(key)
    return out


def listed(actions: list[Action]) -> list[str]:
    return [canonical_json(a.to_dict()) for a in actions]


@pytest.mark.parametrize("mode", ("reported", "dealt"))
@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_legal_actions_are_the_candidates_decide_accepts_on_copies(name: str, mode: str, seed: int) -> None:
    rules = rulesets.get(name)
    if mode not in getattr(rules, "modes", (mode,)):
        return
    rng = random.Random(seed)
    secret = hashlib.sha256(f"legal:{seed}".encode()).digest()
    monkic = name == "monkic"
    variants = tuple(v for v in getattr(rules, "variants", ()) if rng.random() < 0.5)
    traits = {} if monkic else {"sex": "female"}
    options = {"seed_sha256": commitment(secret)} if mode == "dealt" else {}
    setup = None
    for seats in (rules.min_seats + rng.randrange(2), rules.min_seats, 4):  # a variant may want 4 seats
        setup = GameSetup(name, variants, tuple(SeatSetup(f"P{i}", traits) for i in range(seats)), options,
                          mode, tuple(monkic_values()) if monkic else ())
        try:
            rules.validate_setup(setup)
            break
        except InvalidArgument:
            setup = None
    assert setup is not None, variants
    state = rules.initial_state(setup)
    cards = rules.catalogue() if hasattr(rules, "catalogue") and not monkic else None
    now, compared = 1_000_000, 0
    opening = rules.opening_command(state)
    for _ in range(STEPS):
        view = rules.view(state, ORGANIZER)
        if view.get("status") == "GAME_STATUS_FINISHED":
            break
        ctx = Context(now, secret_seed=secret if mode == "dealt" else None)
        before = canonical_json(rules.to_dict(state))
        legal: dict[int, list[Action]] = {}
        for seat in range(seats):
            legal[seat] = rules.legal_actions(state, seat, ctx)
            assert listed(legal[seat]) == decided_on_copies(rules, state, seat, ctx), (name, mode, seat)
            compared += bool(legal[seat])
        assert canonical_json(rules.to_dict(state)) == before, "listing legal actions changed the state"
        if opening is not None:
            command, opening = opening, None
        else:
            seat = rng.choice(awaited(view) or [int(view.get("active_seat", 0))])
            if not legal[seat]:
                now += 3000
                continue
            command = Command(seat, choose(rng, legal[seat], seat, cards))
        state = rules.evolve_all(state, rules.decide(state, command, ctx))
        now += rng.choice([0, 3000])
    assert compared > 0
