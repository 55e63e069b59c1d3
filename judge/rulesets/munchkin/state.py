"""The state of a Munchkin game: plain data, serialisable to canonical JSON.

``evolve`` never mutates a state it was given: it works on a deep copy.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class Item:
    card: str
    in_use: bool = True


@dataclass
class Player:
    name: str
    sex: str  # "male" | "female"
    level: int = 1
    races: list[str] = field(default_factory=list)
    classes: list[str] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    table: list[str] = field(default_factory=list)  # Super Munchkin, Half-Breed, lasting curses
    hand: list[str] = field(default_factory=list)  # identified cards
    unknown: int = 0  # face-down draws nobody has identified
    dead: bool = False
    needs_hand: bool = False  # draws 4 + 4 at the start of the next own turn
    received: list[str] = field(default_factory=list)  # playable "at once, when received"

    @property
    def hand_size(self) -> int:
        return len(self.hand) + self.unknown


@dataclass
class Monster:
    card: str
    mods: list[str] = field(default_factory=list)  # enhancers and one-shots played on it
    # The seat that played each of ``mods``, in the same order (None: not known, e.g. a state
    # from before this was kept; a list shorter than ``mods`` leaves the rest unknown).
    played_by: list[int | None] = field(default_factory=list)
    bonus: int = 0
    extra_treasures: int = 0
    floor: int = 0  # lowest level its enhancers allow ("mindestens Stufe 1"); 0 = none
    mate_of: int | None = None  # a Kumpel: index of the monster it copies (that one's modifiers count too)
    eliminated: bool = False
    elimination_treasure: bool = False  # eliminated, but its treasure still counts
    # Run-away state per runner (seat number as a string: JSON keys are strings):
    # "pending" | "escaped" | "caught" | "done"
    runs: dict[str, str] = field(default_factory=dict)


@dataclass
class Combat:
    fighter: int
    monsters: list[Monster]
    helper: int | None = None
    player_mods: list[dict[str, Any]] = field(default_factory=list)  # {seat, card, bonus}
    stage: str = "fighting"  # "fighting" | "claimed" | "running" | "treasures"
    window_closes_at_ms: int = 0
    request: dict[str, Any] | None = None  # open request for help: {seat, bribe}
    bribe: dict[str, Any] | None = None  # the accepted agreement
    used: dict[str, int] = field(default_factory=dict)  # ability use this combat, e.g. "berserk:0" -> 2
    run_bonus: dict[str, int] = field(default_factory=dict)  # flight spell: seat -> bonus
    drawn: list[str] = field(default_factory=list)  # treasures drawn face up (with a helper)
    treasures_due: int = 0
    helper_owed: int = 0
    next_picker: int | None = None
    dead: list[int] = field(default_factory=list)  # died in this combat; looted after it


@dataclass
class Choice:
    """A decision a rule leaves to one seat (e.g. which item a curse takes)."""

    seat: int
    # "curse" (which item a curse takes) | "keep-big" (a former dwarf keeps one big item) | "discard" (a hand card
    # bad stuff or a curse makes its victim discard) | a layer's own (Star: "cyborg")
    reason: str
    source: str  # the card causing it
    options: list[str]
    count: int = 1  # "discard": how many cards are still owed, this one included


@dataclass
class Trade:
    proposer: int
    with_seat: int
    give: list[str]
    receive: list[str]


@dataclass
class MunchkinState:
    rules_version: str
    setup: dict[str, Any]
    window_ms: int
    players: list[Player]
    mode: str = "reported"  # "reported" | "dealt"
    # Dealt table: the published commitment, the seed once revealed, the draw
    # piles (composition in id order, cards taken, shuffle number) and dice cast.
    seed_sha256: str = ""
    seed_revealed: str = ""
    piles: dict[str, dict[str, Any]] = field(default_factory=dict)
    rolls: int = 0
    dealt_out: bool = False
    active: int = 0
    turn: int = 1
    phase: str = "start"  # "start" | "combat" | "after-door" | "charity"
    met_monster: bool = False
    combat: Combat | None = None
    trade: Trade | None = None
    choice: Choice | None = None
    winners: list[int] = field(default_factory=list)
    finished: bool = False
    corpse: dict[str, Any] | None = None  # looting in progress
    corpse_piles: dict[str, dict[str, Any]] = field(default_factory=dict)  # dead seat -> {cards, unknown}
    looting_queue: list[int] = field(default_factory=list)  # dead characters still to be looted
    # Characters whose death is being resolved (not "lebend", 001 4. b) / 6.): from the looting's
    # start until it finishes. The dead of a running combat are in combat.dead until it ends.
    dying: list[int] = field(default_factory=list)
    choices_waiting: list[Choice] = field(default_factory=list)  # choices owed after the current one
    pending_curse: dict[str, Any] | None = None  # a curse from the door awaiting its victim: {seat, card}
    epic_kick: dict[str, Any] | None = None  # an Epic two-door kick being resolved: {seat, cards not yet resolved}
    after_looting: str = ""  # "" | "next-turn"
    adjustment: dict[str, Any] | None = None  # open proposal: {proposer, action, approvals}
    turn_flags: list[str] = field(default_factory=list)  # once-per-turn uses, reset each turn
    must_play: dict[str, str] = field(default_factory=dict)  # seat -> card that must be played at once
    discards: dict[str, list[str]] = field(default_factory=lambda: {"door": [], "treasure": []})

    def copy(self) -> MunchkinState:
        """A copy that later folds may change without touching this state. The
        discard piles, which grow with the game's length, are shared with the copy:
        evolve replaces a pile instead of changing it in place, so copying costs the
        same at version 4,000 as at version 100. The set-up, which holds the group's
        own cards (a library of a thousand), is never changed and is shared as it is."""
        clone = _clone(self, _SHARED, _KEPT)
        assert isinstance(clone, MunchkinState)
        return clone

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MunchkinState:
        """The state ``to_dict`` gave; a layer's subclass (with fields of its own,
        all defaulted) is rebuilt as that subclass."""
        d = copy.deepcopy(data)
        players = []
        for p in d.pop("players"):
            p["items"] = [Item(**i) for i in p["items"]]
            players.append(Player(**p))
        combat = d.pop("combat")
        if combat is not None:
            combat["monsters"] = [Monster(**m) for m in combat["monsters"]]
            combat = Combat(**combat)
        trade = d.pop("trade")
        choice = d.pop("choice")
        d["choices_waiting"] = [Choice(**c) for c in d.get("choices_waiting", [])]
        return cls(
            players=players,
            combat=combat,
            trade=Trade(**trade) if trade else None,
            choice=Choice(**choice) if choice else None,
            **d,
        )


_ATOMS = (str, int, float, bool, type(None))


_SHARED = frozenset({"discards"})
"""Fields of ``MunchkinState`` whose dict is copied but whose lists are shared
with the copy (evolve replaces them, never changes them in place)."""

_KEPT = frozenset({"setup"})
"""Fields of ``MunchkinState`` shared with the copy as they are (nothing changes them after creation)."""

_Copier = Callable[[Any], Any]
_COPIERS: dict[tuple[type, frozenset[str], frozenset[str]], _Copier] = {}


def _clone(value: Any, shared: frozenset[str] = frozenset(), kept: frozenset[str] = frozenset()) -> Any:
    """A deep copy of plain state data (dicts, lists, dataclasses, atoms), several times
    faster than ``copy.deepcopy``: every decision works on a copy of the state. A
    dataclass field named in ``shared`` (a dict of lists) gets a new dict holding
    the same lists; one named in ``kept`` is the same object in the copy."""
    if not shared and not kept:
        return _copy(value)
    kind = type(value)
    copier = _COPIERS.get((kind, shared, kept))
    if copier is None:
        copier = _COPIERS[(kind, shared, kept)] = _copier(kind, shared, kept)
    return copier(value)


def _copy(value: Any) -> Any:
    # Atoms (most of the state: card ids in hands and piles) are taken as they are without a call.
    kind = type(value)
    if kind is list:
        return [v if type(v) in _ATOMS else _copy(v) for v in value] if value else []
    if kind in _ATOMS:
        return value
    if kind is dict:
        return {k: v if type(v) in _ATOMS else _copy(v) for k, v in value.items()} if value else {}
    if kind is tuple:
        return tuple(v if type(v) in _ATOMS else _copy(v) for v in value)
    copier = _COPIERS.get((kind, frozenset(), frozenset()))
    if copier is None:
        copier = _COPIERS[(kind, frozenset(), frozenset())] = _copier(kind, frozenset(), frozenset())
    return copier(value)


def _copier(kind: type, shared: frozenset[str], kept: frozenset[str]) -> _Copier:
    """The copy of one dataclass type, its fields read and written through the instances' ``__dict__``
    (frozen ones too) with the field names worked out once per type; anything else is deep-copied."""
    if not dataclasses.is_dataclass(kind):
        return copy.deepcopy
    names = tuple(f.name for f in dataclasses.fields(kind))
    if "__dict__" not in dir(kind) and hasattr(kind, "__slots__"):
        return functools.partial(_copy_slots, kind, names, shared, kept)
    plain = tuple(n for n in names if n not in shared and n not in kept)
    dicts = tuple(n for n in names if n in shared)
    same = tuple(n for n in names if n in kept)
    new_object = object.__new__

    def copied(value: Any) -> Any:
        old = value.__dict__
        new = new_object(kind)
        fields = new.__dict__
        for name in plain:
            v = old[name]
            fields[name] = v if type(v) in _ATOMS else _copy(v)
        for name in dicts:
            fields[name] = dict(old[name])
        for name in same:
            fields[name] = old[name]
        return new

    return copied


def _copy_slots(kind: type, names: tuple[str, ...], shared: frozenset[str], kept: frozenset[str], value: Any) -> Any:
    new: Any = object.__new__(kind)
    for name in names:
        v = getattr(value, name)
        if name in shared:
            v = dict(v)
        elif name not in kept and type(v) not in _ATOMS:
            v = _copy(v)
        object.__setattr__(new, name, v)
    return new
