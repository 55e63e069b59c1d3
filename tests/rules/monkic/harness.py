"""A monkic table for rules tests: the pure core only (decide/evolve).

``t.do(seat, action)`` judges and applies a command, checking the purity
contract (decide leaves the state untouched, evolve leaves its input
untouched, the effects are JSON); ``t.rejects(rule_id, seat, action)``
asserts a ruling by id. ``put`` lays a card directly (test arrangement
only) and ``at_round`` jumps the clock of turns.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from typing import Any

import pytest

from judge.rules import Command, Context, GameSetup, Malformed, Rejected, SeatSetup, chance
from judge.rules import registry
from judge.rules.engine import canonical_json
from judge.rulesets.monkic import actions as A  # noqa: F401  (re-exported for tests)
from judge.rulesets.monkic.cards import catalogue
from judge.rulesets.monkic.state import MonkicState

# The group's values for the tests (002 prints none). Chosen so the seed's
# numbers matter: the Drache has 8 attack points (Ratte), the Golem a shield of 4 (Supercomputer).
SPECIAL: dict[str, tuple[int, int]] = {
    "joker": (0, 4), "joker-kind": (0, 3), "joker-dame": (0, 5), "kobold": (3, 4),
    "drache": (8, 5), "golem": (4, 4), "roboter": (5, 7), "ratte": (3, 3), "hexe": (4, 6),
    "zwerg": (6, 3), "ritter": (4, 5), "tastatur": (3, 5), "computer": (4, 2), "gorilla": (6, 6),
    "supercomputer": (6, 6), "boeses-schild": (2, 6), "ninja": (5, 5), "hydra": (6, 5),
}


def values(**override: tuple[int, ...]) -> list[dict[str, Any]]:
    out = []
    for cid, card in catalogue().items():
        if card.kind not in ("joker", "monster", "xxl"):
            continue
        a, s = override.get(cid, SPECIAL.get(cid, (5, 5)))[:2]
        entry: dict[str, Any] = {"card": cid, "attack": a, "shield": s}
        if card.kind == "xxl":
            aj, sj = {"xxl-drache": (12, 12), "pings": (9, 9)}[cid]
            entry |= {"attack": 10 if cid == "xxl-drache" else 6, "shield": 10 if cid == "xxl-drache" else 6,
                      "attack_joker": aj, "shield_joker": sj}
        out.append(entry)
    return out


def seat(name: str) -> SeatSetup:
    names = {f.name for f in dataclasses.fields(SeatSetup)}
    kwargs: dict[str, Any] = {"name": name}
    if "traits" in names:
        kwargs["traits"] = {}
    if "sex" in names:
        kwargs["sex"] = "female"
    return SeatSetup(**kwargs)


class Table:
    def __init__(self, *, variants: tuple[str, ...] = (), options: dict[str, Any] | None = None,
                 seed: bytes | None = None, custom: list[dict[str, Any]] | None = None):
        self.rules = registry.get("monkic")
        opts = dict(options or {})
        self.seed = seed
        if seed is not None:
            opts["seed_sha256"] = chance.commitment(seed)
        mode = "dealt" if seed is not None else "reported"
        self.setup = GameSetup("monkic", variants, (seat("Anna"), seat("Ben")), opts, mode,
                               tuple(values() if custom is None else custom))
        self.rules.validate_setup(self.setup)
        self.state: MonkicState = self.rules.initial_state(self.setup)
        self.start = copy.deepcopy(self.state)
        self.log: list[list[dict[str, Any]]] = []

    def ctx(self) -> Context:
        return Context(1_000_000, secret_seed=self.seed)

    # -------------------------------------------------------------- driving
    def do(self, seat: int | None, action: Any) -> list[dict[str, Any]]:
        before = canonical_json(self.state.to_dict())
        effects = self.rules.decide(self.state, Command(seat, action), self.ctx())
        assert canonical_json(self.state.to_dict()) == before, "decide must not mutate the state"
        assert json.loads(json.dumps(effects)) == effects
        state = self.state
        for e in effects:
            snapshot = copy.deepcopy(state.to_dict())
            new = self.rules.evolve(state, e)
            assert state.to_dict() == snapshot, "evolve must not mutate its input"
            state = new
        self.state = state
        self.log.append(effects)
        return effects

    def rejects(self, rule_id: str, seat: int | None, action: Any) -> Rejected:
        before = canonical_json(self.state.to_dict())
        with pytest.raises(Rejected) as info:
            self.rules.decide(self.state, Command(seat, action), self.ctx())
        assert info.value.ruling.rule_id == rule_id, info.value.ruling.explanation("en")
        assert canonical_json(self.state.to_dict()) == before
        return info.value

    def malformed(self, field: str, seat: int | None, action: Any) -> Malformed:
        with pytest.raises(Malformed) as info:
            self.rules.decide(self.state, Command(seat, action), self.ctx())
        assert info.value.field == field, info.value
        return info.value

    def legal(self, seat: int) -> list[Any]:
        return self.rules.legal_actions(self.state, seat, self.ctx())

    def replayed(self) -> MonkicState:
        state = copy.deepcopy(self.start)
        for effects in self.log:
            state = self.rules.evolve_all(state, effects)
        return state

    # -------------------------------------------------------------- arranging
    def put(self, seat: int, zone: str, cid: str) -> str:
        """Lay a card directly (test arrangement only)."""
        s = self.state
        uid = f"c{s.next_id}"
        s.next_id += 1
        s.cards[uid] = cid
        getattr(s.seats[seat], zone).append(uid)
        return uid

    def at_round(self, rnd: int, active: int = 0) -> None:
        """Start playing at round ``rnd`` with ``active`` to move (arrangement)."""
        s = self.state
        for p in s.seats:
            p.opened = True
        s.phase, s.first, s.active = "play", 0, active
        s.turn = 2 * rnd - 1 + active
        s.drew = s.took = False
        s.attacks = {}

    def life(self, seat: int) -> int:
        return self.state.seats[seat].life

    def hand(self, seat: int) -> list[str]:
        return [self.state.cards[u] for u in self.state.seats[seat].hand]

    def table(self, seat: int) -> list[str]:
        return [self.state.cards[u] for u in self.state.seats[seat].table]

    def graveyard(self, seat: int) -> list[str]:
        return [self.state.cards[u] for u in self.state.seats[seat].graveyard]

    @staticmethod
    def fights(effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [e for e in effects if e["type"] == "FightResolved"]
