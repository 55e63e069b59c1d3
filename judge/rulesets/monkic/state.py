"""The state of a monkic game: plain data, serialisable to canonical JSON.

Every card in play is an instance with its own id (``"c1"``, ``"c2"`` ...)
mapped to its catalogue id in ``cards``: several sets mean several copies of
a card, and each copy has its own protection and its own attack count.
Zones are lists of instance ids, left to right (a graveyard: bottom to top).
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from typing import Any

from judge.rules import chance


@dataclass
class Seat:
    name: str
    life: int
    hand: list[str] = field(default_factory=list)
    table: list[str] = field(default_factory=list)
    graveyard: list[str] = field(default_factory=list)
    opened: bool = False  # its opening cards are on the table


@dataclass
class MonkicState:
    rules_version: str
    setup: dict[str, Any]
    mode: str  # "reported" | "dealt"
    seats: list[Seat]
    variants: list[str]
    cards: dict[str, str] = field(default_factory=dict)  # instance id -> catalogue id
    next_id: int = 1
    # The draw stack: its composition (catalogue ids, sorted); a dealt table
    # also takes cards by position of the seed's shuffled order.
    stack: list[str] = field(default_factory=list)
    stack_taken: list[int] = field(default_factory=list)  # dealt: positions taken
    xxl: list[str] = field(default_factory=list)  # the XXL reserve (Extra)
    xxl_taken: list[int] = field(default_factory=list)
    seed_sha256: str = ""
    seed_revealed: str = ""
    rolls: int = 0
    phase: str = "opening"  # "opening" | "play" | "over"
    active: int = 0
    first: int = 0
    turn: int = 0  # 1, 2 are round 1; 3, 4 round 2 ...
    drew: bool = False
    took: bool = False
    attacks: dict[str, int] = field(default_factory=dict)  # instance -> attacks this turn
    guards: dict[str, str] = field(default_factory=dict)  # protected instance -> guard instance
    keeps_guard: list[str] = field(default_factory=list)  # SuperPower guards that survive, the card dies
    traps: list[str] = field(default_factory=list)  # activated Dornenfallen
    trap_turn: list[str] = field(default_factory=list)  # Dornenfallen used this turn
    used: list[str] = field(default_factory=list)  # Joker in Hand instances already used
    bars: list[dict[str, Any]] = field(default_factory=list)  # {seat, turn, what, reason}
    borrowed: dict[str, int] = field(default_factory=dict)  # Psycho: instance -> owner seat
    pending: list[dict[str, Any]] = field(default_factory=list)
    out: list[str] = field(default_factory=list)  # instances out of play (exchanged for an XXL card)
    turn_over: bool = False  # the turn has ended; the next begins when nothing is pending
    winner: int | None = None

    @property
    def round(self) -> int:
        return (self.turn + 1) // 2

    def copy(self) -> MonkicState:
        return copy.deepcopy(self)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_dict(data: dict[str, Any]) -> MonkicState:
        d = copy.deepcopy(data)
        seats = [Seat(**s) for s in d.pop("seats")]
        return MonkicState(seats=seats, **d)

    def census(self, seed: bytes | None) -> list[str]:
        """Every card of the game wherever it is, as catalogue ids, sorted: the
        seats' hands, tables and graveyards, the cards laid under others, those
        out of play, and the stack and the XXL reserve not yet taken (at a
        dealt table the positions taken of the seed's orders, ``seed``). No
        card is created or lost: it is the same from creation to the end."""
        found = [self.cards[uid] for p in self.seats for uid in (*p.hand, *p.table, *p.graveyard)]
        found += [self.cards[uid] for uid in (*self.guards.values(), *self.out)]
        if self.mode == "dealt" and seed is not None:
            for pile, name, taken in ((self.stack, "stack", self.stack_taken), (self.xxl, "xxl", self.xxl_taken)):
                order = chance.shuffled(seed, name, pile)
                found += [cid for k, cid in enumerate(order) if k not in taken]
        else:
            found += [*self.stack, *self.xxl]
        return sorted(found)

    def zone_of(self, uid: str) -> tuple[int, str]:
        """(seat, zone) of an instance; zone "guard" for a card laid under another,
        "" if out of play."""
        for i, s in enumerate(self.seats):
            for zone in ("hand", "table", "graveyard"):
                if uid in getattr(s, zone):
                    return i, zone
        for card, guard in self.guards.items():
            if guard == uid:
                return self.zone_of(card)[0], "guard"
        return -1, ""
