"""A table for rules tests: the pure core only (decide/evolve), no I/O.

Tests drive a game with ``t.do(seat, action)`` and assert rejections by rule
id with ``t.rejects(rule_id, seat, action)``. Every accepted command is also
checked against the purity contract: evolve leaves its input untouched.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from judge import rulesets
from judge.rules import Command, Context, GameSetup, Malformed, Rejected, SeatSetup
from judge.rules import chance
from judge.rules.engine import canonical_json
from judge.rulesets.munchkin import actions as A  # noqa: F401  (re-exported for tests)
from judge.rulesets.munchkin.state import Item, MunchkinState


class Table:
    def __init__(self, n: int = 3, *, sexes: str = "", window_ms: int = 1000, ruleset: str = "munchkin",
                 custom: tuple[dict[str, Any], ...] = (), seed: bytes | None = None,
                 options: dict[str, Any] | None = None, variants: tuple[str, ...] = ()):
        self.rules = rulesets.get(ruleset)
        seats = tuple(SeatSetup(f"P{i}", {"sex": "female" if sexes[i:i + 1] == "f" else "male"}) for i in range(n))
        options = {"interference_window_ms": window_ms, **(options or {})}
        self.seed = seed
        if seed is not None:
            options["seed_sha256"] = chance.commitment(seed)
        mode = "dealt" if seed is not None else "reported"
        self.setup = GameSetup(ruleset, variants, seats, options, mode, custom)
        self.rules.validate_setup(self.setup)
        self.state: MunchkinState = self.rules.initial_state(self.setup)
        self.now = 1_000_000
        self.log: list[list[dict[str, Any]]] = []
        self.commands: list[tuple[Command, Context]] = []  # every accepted command, as judged

    def ctx(self) -> Context:
        return Context(self.now, secret_seed=self.seed)

    # -------------------------------------------------------------- driving
    def do(self, seat: int | None, action: Any, *, at: int | None = None) -> list[dict[str, Any]]:
        if at is not None:
            self.now = at
        before = canonical_json(self.state.to_dict())
        effects = self.rules.decide(self.state, Command(seat, action), self.ctx())
        assert canonical_json(self.state.to_dict()) == before, "decide must not mutate the state"
        state = self.state
        for e in effects:
            snapshot = copy.deepcopy(state.to_dict())
            new = self.rules.evolve(state, e)
            assert state.to_dict() == snapshot, "evolve must not mutate its input"
            state = new
        self.state = state
        self.log.append(effects)
        self.commands.append((Command(seat, action), self.ctx()))
        return effects

    def rejects(self, rule_id: str, seat: int | None, action: Any, *, at: int | None = None) -> Rejected:
        if at is not None:
            self.now = at
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

    # -------------------------------------------------------------- arranging
    def give(self, seat: int, *cards: str) -> None:
        """Identify cards in a hand (as a RevealCard would), for arranging a test."""
        for c in cards:
            self.do(seat, A.RevealCard(card=c))

    def equip(self, seat: int, *cards: str, in_use: bool = True) -> None:
        """Put items in front of a player directly (test arrangement only)."""
        for c in cards:
            self.state.players[seat].items.append(Item(c, in_use))

    def set_level(self, seat: int, level: int) -> None:
        self.state.players[seat].level = level

    def p(self, seat: int) -> Any:
        return self.state.players[seat]

    @property
    def combat(self) -> Any:
        return self.state.combat

    def strengths(self) -> tuple[int, int]:
        from judge.rulesets.munchkin.ruleset import _Tx

        return self.rules.strengths(_Tx(self.rules, self.state, self.ctx()))

    def types(self, effects: list[dict[str, Any]]) -> list[str]:
        return [e["type"] for e in effects]
