"""A tiny ruleset shipped "by a third party": it is not registered in the
judge's pyproject.toml; the registry tests install it through an entry point
of a distribution in a temporary directory.

Counting to a target: on your turn ``add`` 1 to 3 to the total, then
``end_turn``; whoever reaches the target wins. It has no seat traits, one
option, one variant and its own ``end_turn`` (Munchkin has another). Its
inputs outside the game are ``Malformed`` (it cites no rule text, so it
registers no rule ids).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any, ClassVar

from judge.rules.declarations import OptionSpec, check_setup, option
from judge.rules.engine import Action, Command, Context, GameSetup, Viewer
from judge.rules.ruling import Malformed


@dataclass(frozen=True)
class TinyAction(Action, family="tiny-count"):
    """Base of the counting game's actions."""


@dataclass(frozen=True)
class Add(TinyAction):
    """Add 1 to 3 to the total."""

    kind: ClassVar[str] = "add"
    amount: int = 1


@dataclass(frozen=True)
class EndTurn(TinyAction):
    """Pass the turn on."""

    kind: ClassVar[str] = "end_turn"


@dataclass
class TinyState:
    rules_version: str
    names: list[str]
    target: int
    total: int = 0
    active: int = 0
    turn: int = 1
    added: bool = False
    winners: list[int] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class Tiny:
    """Counting to a target."""

    name = "tiny-count"
    family = "tiny-count"
    rules_version = "1"
    title = "Counting to a target (a test ruleset)"
    state_type: type = TinyState
    min_seats = 2
    max_seats = 3
    seat_traits = ()
    options = (OptionSpec("target", "int", 5, "The total that wins.", minimum=1, maximum=20),)
    variants = ("double",)
    variant_docs = {"double": "Every amount counts twice."}
    modes = ("reported",)
    card_kinds = ()
    organizer_actions: frozenset[str] = frozenset()

    def validate_setup(self, setup: GameSetup) -> None:
        check_setup(self, setup)

    def initial_state(self, setup: GameSetup) -> TinyState:
        return TinyState(f"{self.name}@{self.rules_version}", [s.name for s in setup.seats],
                         int(option(self, setup, "target")))

    def decide(self, state: TinyState, command: Command, context: Context) -> list[dict[str, Any]]:
        a = command.action
        if state.winners:
            raise Malformed("action", "the game is over")
        if command.seat != state.active:
            raise Malformed("seat", f"it is seat {state.active}'s turn")
        if isinstance(a, Add):
            if state.added or not 1 <= a.amount <= 3:
                raise Malformed("add.amount", "add 1 to 3, once a turn")
            total = state.total + a.amount
            return [{"type": "Added", "seat": command.seat, "total": total,
                     "won": total >= state.target}]
        if not state.added:
            raise Malformed("end_turn", "add first")
        return [{"type": "TurnEnded", "next": (state.active + 1) % len(state.names)}]

    def evolve(self, state: TinyState, effect: dict[str, Any]) -> TinyState:
        if effect["type"] == "Added":
            return replace(state, total=effect["total"], added=True,
                           winners=[effect["seat"]] if effect["won"] else [])
        return replace(state, active=effect["next"], added=False, turn=state.turn + 1)

    def evolve_all(self, state: TinyState, effects: list[dict[str, Any]]) -> TinyState:
        for effect in effects:
            state = self.evolve(state, effect)
        return state

    def legal_actions(self, state: TinyState, seat: int, context: Context) -> list[Action]:
        if state.winners or seat != state.active:
            return []
        return [EndTurn()] if state.added else [Add(n) for n in (1, 2, 3)]

    def view(self, state: TinyState, viewer: Viewer) -> dict[str, Any]:
        return {
            "ruleset": self.name, "rules_version": state.rules_version,
            "status": "GAME_STATUS_FINISHED" if state.winners else "GAME_STATUS_ACTIVE",
            "mode": "TABLE_MODE_REPORTED", "seats": [{"seat": i, "name": n} for i, n in enumerate(state.names)],
            "active_seat": state.active, "turn": state.turn, "phase": f"total {state.total}",
            "winners": list(state.winners), "waiting_for": "" if state.winners else f"seat {state.active}",
        }

    def to_dict(self, state: TinyState) -> dict[str, Any]:
        return state.to_dict()

    def from_dict(self, data: dict[str, Any]) -> TinyState:
        return TinyState(**data)

    def pending_deadline_ms(self, state: TinyState) -> int | None:
        return None

    def opening_command(self, state: TinyState) -> Command | None:
        return None

    def deadline_command(self, state: TinyState) -> Command | None:
        return None

    def describe(self, effects: list[dict[str, Any]]) -> str:
        return "; ".join(f"total {e['total']}" if e["type"] == "Added" else "next turn" for e in effects)

    def redact(self, effect: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        return effect

    def redact_action(self, action: dict[str, Any], seat: int | None, viewer: Viewer) -> dict[str, Any]:
        return action
