"""High card for two: each round both seats reveal a card, the higher card wins the round, a tie is
replayed, and whoever first wins ``rounds`` rounds (3 unless the set-up says otherwise) wins the game.

One action, ``reveal``. At a reported table the player reports the value of the card they turned up
(1 to 13, the ace low); at a dealt table the judge draws it from a 52-card deck the game's seed shuffles
(judge/rules/chance.py): the n-th card drawn is position ``n % 52`` of the deck shuffled under the label
``deck:<n // 52>``, so the deck is shuffled afresh whenever it runs out, and the record's chance check
(``chance_walk``, tests/thirdgame/high_card/chance_check.py) finds every draw again from the seed the end
reveals.

There is no rule text for this game among the seeds, so it cites none and registers no rule ids: every
refusal is ``Malformed`` naming the field (a seat that acts out of turn, a value out of range, a value
sent where the judge draws), as the counting game of tests/core/tiny_ruleset.py does. The rules are pure:
the seed comes with the context, what it drew is written into the effects.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any, ClassVar

from judge.rules import chance
from judge.rules.chance_walk import ChanceWalk
from judge.rules.declarations import OptionSpec, check_setup, option
from judge.rules.engine import Action, Command, Context, GameSetup, Viewer
from judge.rules.ruling import Malformed
from tests.thirdgame.high_card.chance_check import DECK, HighCardChance, draw_label
from tests.thirdgame.high_card.narration import FAMILY, HighCardNarration

HIGHEST = 13


@dataclass(frozen=True)
class HighCardAction(Action, family=FAMILY):
    """Base of the game's actions."""


@dataclass(frozen=True)
class Reveal(HighCardAction):
    """Reveal this round's card: its value (1 to 13) at a reported table, nothing (0) at a dealt one."""

    kind: ClassVar[str] = "reveal"
    value: int = 0


@dataclass
class HighCardState:
    rules_version: str
    names: list[str]
    mode: str
    rounds: int
    round: int = 1
    revealed: list[int | None] = field(default_factory=lambda: [None, None])
    wins: list[int] = field(default_factory=lambda: [0, 0])
    drawn: int = 0
    winners: list[int] = field(default_factory=list)
    seed_sha256: str = ""
    seed_revealed: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class HighCard(HighCardNarration):
    """High card (a test game; it cites no rule text)."""

    name = "high-card"
    family = FAMILY
    rules_version = "1"
    title = "High card (two players, one card each a round; a test game)"
    state_type: type = HighCardState
    min_seats = 2
    max_seats = 2
    seat_traits = ()
    options = (OptionSpec("rounds", "int", 3, "Rounds to win the game.", minimum=1, maximum=9),)
    variants = ()
    variant_docs: dict[str, str] = {}
    modes = ("reported", "dealt")
    card_kinds = ()
    organizer_actions: frozenset[str] = frozenset()

    # ------------------------------------------------------------------ setup

    def validate_setup(self, setup: GameSetup) -> None:
        check_setup(self, setup)

    def initial_state(self, setup: GameSetup) -> HighCardState:
        state = HighCardState(f"{self.name}@{self.rules_version}", [s.name for s in setup.seats], setup.mode,
                              int(option(self, setup, "rounds")))
        if setup.mode == "dealt":
            state.seed_sha256 = str(setup.options["seed_sha256"])
        return state

    def opening_decks(self, state: HighCardState) -> dict[str, list[str]]:
        """A dealt table's deck in its order before any shuffle (docs/record-format.md, "Chance at a dealt
        table"); every shuffle ``deck:<n>`` shuffles it."""
        return {"deck": list(DECK)} if state.mode == "dealt" else {}

    def chance_walk(self, opening_decks: Any) -> ChanceWalk:
        """The check of a dealt game's draws from its record (tests/thirdgame/high_card/chance_check.py)."""
        return HighCardChance(opening_decks)

    # ------------------------------------------------------------------ pure core

    def decide(self, state: HighCardState, command: Command, context: Context) -> list[dict[str, Any]]:
        a = command.action
        seat = command.seat
        if not isinstance(a, Reveal):
            raise Malformed("action", f"{a.kind} is not an action of {state.rules_version}")
        if state.winners:
            raise Malformed("action", "the game is over")
        if seat is None or not 0 <= seat < 2:
            raise Malformed("seat", "reveal needs the acting seat, 0 or 1")
        if state.revealed[seat] is not None:
            raise Malformed("seat", f"seat {seat} has revealed its card of round {state.round} already")
        first = all(v is None for v in state.revealed)
        revealed: dict[str, Any] = {"type": "CardRevealed", "seat": seat, "round": state.round, "first": first}
        if state.mode == "dealt":
            if a.value:
                raise Malformed("reveal.value", "the judge draws the card at a dealt table: send no value")
            card = self._draw(state, context)
            revealed.update(card=card, position=state.drawn, value=int(card[1:]))
        else:
            if isinstance(a.value, bool) or not isinstance(a.value, int) or not 1 <= a.value <= HIGHEST:
                raise Malformed("reveal.value", f"report the card's value, 1 to {HIGHEST}")
            revealed["value"] = a.value
        effects = [revealed]
        other = state.revealed[1 - seat]
        if other is None:
            return effects
        mine = int(revealed["value"])
        if mine == other:
            effects.append({"type": "RoundTied", "round": state.round, "value": mine})
            return effects
        winner = seat if mine > other else 1 - seat
        wins = state.wins[winner] + 1
        effects.append({"type": "RoundWon", "round": state.round, "seat": winner, "wins": wins,
                        "rounds": state.rounds})
        if wins >= state.rounds:
            effects.append({"type": "GameWon", "seat": winner, "winners": [winner]})
            if state.mode == "dealt":
                effects.append({"type": chance.SEED_REVEALED, "seed": self._seed(state, context).hex()})
        return effects

    @staticmethod
    def _seed(state: HighCardState, context: Context) -> bytes:
        seed = context.secret_seed
        if seed is None or chance.commitment(seed) != state.seed_sha256:
            raise RuntimeError("a dealt game was judged without its seed")
        return seed

    def _draw(self, state: HighCardState, context: Context) -> str:
        """The next card of the seeded deck."""
        n = state.drawn
        return chance.shuffled(self._seed(state, context), draw_label(n), DECK)[n % len(DECK)]

    def evolve(self, state: HighCardState, effect: dict[str, Any]) -> HighCardState:
        t = effect["type"]
        if t == "CardRevealed":
            revealed = list(state.revealed)
            revealed[effect["seat"]] = effect["value"]
            return replace(state, revealed=revealed, drawn=state.drawn + (1 if "position" in effect else 0))
        if t == "RoundTied":
            return replace(state, revealed=[None, None], round=state.round + 1)
        if t == "RoundWon":
            wins = list(state.wins)
            wins[effect["seat"]] = effect["wins"]
            return replace(state, revealed=[None, None], round=state.round + 1, wins=wins)
        if t == "GameWon":
            return replace(state, winners=list(effect["winners"]))
        if t == chance.SEED_REVEALED:
            return replace(state, seed_revealed=effect["seed"])
        return state

    def evolve_all(self, state: HighCardState, effects: list[dict[str, Any]]) -> HighCardState:
        for effect in effects:
            state = self.evolve(state, effect)
        return state

    def legal_actions(self, state: HighCardState, seat: int, context: Context) -> list[Action]:
        if state.winners or not 0 <= seat < 2 or state.revealed[seat] is not None:
            return []
        if state.mode == "dealt":
            return [Reveal()]
        return [Reveal(v) for v in range(1, HIGHEST + 1)]

    # ------------------------------------------------------------------ views

    def view(self, state: HighCardState, viewer: Viewer) -> dict[str, Any]:
        """Every revealed card is face up, so every viewer sees the same. The keys every game has are at
        the top; ``rounds``, ``wins`` and ``revealed`` are the game's own (``family_view_json``)."""
        waiting = [i for i in (0, 1) if state.revealed[i] is None]
        out: dict[str, Any] = {
            "ruleset": self.name, "rules_version": state.rules_version,
            "status": "GAME_STATUS_FINISHED" if state.winners else "GAME_STATUS_ACTIVE",
            "mode": "TABLE_MODE_DEALT" if state.mode == "dealt" else "TABLE_MODE_REPORTED",
            "seats": [{"seat": i, "name": n} for i, n in enumerate(state.names)],
            "active_seat": waiting[0] if waiting and not state.winners else 0, "turn": state.round,
            "phase": "over" if state.winners else f"round {state.round}", "winners": list(state.winners),
            "waiting_for": self.waiting_for(state),
            "rounds": state.rounds, "wins": list(state.wins), "revealed": list(state.revealed),
        }
        if state.mode == "dealt":
            out["seed_sha256"], out["seed"] = state.seed_sha256, state.seed_revealed
        return out

    @staticmethod
    def waiting_for(state: HighCardState) -> str:
        """The line ``tell_waiting`` tells with names (English, seat numbers)."""
        if state.winners:
            return f"game over: seat {state.winners[0]} won"
        return " and ".join(f"seat {i}" for i in (0, 1) if state.revealed[i] is None) + " to reveal"

    def to_dict(self, state: HighCardState) -> dict[str, Any]:
        return state.to_dict()

    def from_dict(self, data: dict[str, Any]) -> HighCardState:
        return HighCardState(**data)

    def pending_deadline_ms(self, state: HighCardState) -> int | None:
        return None

    def opening_command(self, state: HighCardState) -> Command | None:
        return None

    def deadline_command(self, state: HighCardState) -> Command | None:
        return None

    def describe(self, effects: list[dict[str, Any]]) -> str:
        return "; ".join(f"{e['type']} {e.get('seat', '')}".strip() for e in effects)

    def redact(self, effect: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        return effect  # a drawn card is face up at once; the deck's order is never in an effect

    def redact_action(self, action: dict[str, Any], seat: int | None, viewer: Viewer) -> dict[str, Any]:
        return action
