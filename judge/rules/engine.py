"""The pure rules core shared by every ruleset.

A ruleset is an object with four pure functions:

* ``initial_state(setup) -> state``
* ``decide(state, command, context) -> list[effect]`` (raises ``Rejected`` or
  ``Malformed``)
* ``evolve(state, effect) -> state`` (never rejects, never reads a clock,
  never rolls a die; returns a new state and leaves its argument untouched),
  and ``evolve_all(state, effects)``, the same for a command's effects at once
* ``legal_actions(state, seat, context) -> list[Action]``

plus ``view(state, viewer) -> dict`` for what a caller may see.

Effects are plain JSON-compatible dicts with a ``"type"`` key; they are what
the event store records. Commands carry the acting seat and an action; the
context carries the server's clock (and, in dealt mode, the dice), so decide
stays pure and the recorded effects hold every value that came from outside.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Protocol

Effect = dict[str, Any]


# --------------------------------------------------------------------------- actions

_ACTION_TABLES: dict[str, dict[str, type[Action]]] = {}
"""Each family's actions by kind; filled as the action classes are defined."""


@dataclass(frozen=True)
class Action:
    """Base of all actions.

    A family declares its abstract base with the family name
    (``class MunchkinAction(Action, family="munchkin")``); concrete actions
    subclass it and set ``kind`` (the name of the action in the API). Each
    family has its own table of kinds, so two families may both define
    ``end_turn`` with different fields; a kind defined twice within one
    family is a ``TypeError`` at import.
    """

    kind: ClassVar[str] = ""
    family: ClassVar[str] = ""

    def __init_subclass__(cls, family: str = "", **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if family:
            if cls.family and cls.family != family:
                raise TypeError(f"{cls.__name__} is in family {cls.family!r} already, not {family!r}")
            cls.family = family
        kind = cls.__dict__.get("kind", "")
        if not kind:
            return
        if not cls.family:
            raise TypeError(f"action {cls.__name__} ({kind!r}) belongs to no family; "
                            "subclass the family's base, e.g. class MunchkinAction(Action, family=...)")
        table = _ACTION_TABLES.setdefault(cls.family, {})
        prior = table.get(kind)
        if prior is not None and (prior.__module__, prior.__qualname__) != (cls.__module__, cls.__qualname__):
            raise TypeError(f"family {cls.family!r} defines action kind {kind!r} twice: "
                            f"{prior.__module__}.{prior.__qualname__} and {cls.__module__}.{cls.__qualname__}")
        table[kind] = cls

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            name, value = f.name, getattr(self, f.name)
            if isinstance(value, tuple):
                value = [v.to_dict() if hasattr(v, "to_dict") else v for v in value]
            out[name] = value
        return out

    @staticmethod
    def from_dict(data: dict[str, Any], family: str) -> Action:
        """The action of ``family`` that ``data`` (``{"kind": ..., fields}``) describes;
        ``Malformed`` for a kind the family does not have or a field its action lacks."""
        from judge.common.i18n import N_, nsaid, said
        from judge.rules.ruling import Malformed

        kind = data.get("kind")
        cls = action_table(family).get(str(kind))
        if cls is None:
            raise Malformed("action", said(N_("unknown action kind '{kind}' for the {family} rules"), kind=str(kind),
                                           family=family))
        kwargs = {k: v for k, v in data.items() if k != "kind"}
        names = _FIELD_NAMES.get(cls)
        if names is None:
            names = _FIELD_NAMES.setdefault(cls, frozenset(f.name for f in fields(cls)))
        unknown = set(kwargs) - names
        if unknown:
            raise Malformed("action",
                            nsaid(N_("unknown field {fields} for {kind}"), N_("unknown fields {fields} for {kind}"),
                                  len(unknown), fields=", ".join(sorted(unknown)), kind=str(kind)))
        return cls._build(kwargs)

    @classmethod
    def _build(cls, kwargs: dict[str, Any]) -> Action:
        fixed = {k: tuple(v) if isinstance(v, list) else v for k, v in kwargs.items()}
        return cls(**fixed)


_FIELD_NAMES: dict[type, frozenset[str]] = {}
"""The field names of each action class (``Action.from_dict`` asks at every command)."""


def unregister_action(action: type[Action]) -> None:
    """Forget an action kind of its family (for tests of layers that are not shipped)."""
    table = _ACTION_TABLES.get(action.family, {})
    if table.get(action.kind) is action:
        del table[action.kind]


def action_table(family: str) -> Mapping[str, type[Action]]:
    """The actions of ``family`` by kind (empty for a family nobody defines).
    The installed rulesets are loaded first, so their actions are defined."""
    if family not in _ACTION_TABLES:
        from judge.rules import registry

        registry.names()
    return MappingProxyType(_ACTION_TABLES.get(family, {}))


@dataclass(frozen=True)
class Command:
    """Who does what. ``seat`` is None for the judge itself (e.g. closing
    an elapsed interference window)."""

    seat: int | None
    action: Action

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.action.to_dict()}

    @staticmethod
    def from_dict(data: dict[str, Any], family: str) -> Command:
        return Command(data.get("seat"), Action.from_dict(data["action"], family))


@dataclass(frozen=True)
class Context:
    """What comes from outside the rules: the server clock in ms since the
    epoch, the dice values to use, in order, and for a dealt table the game's
    secret seed, from which the rules derive shuffles and rolls. The seed is
    never recorded (``to_dict`` leaves it out): what it decided is in the
    effects, and the seed itself is revealed when the game ends."""

    now_ms: int
    dice: tuple[int, ...] = field(default_factory=tuple)
    secret_seed: bytes | None = field(default=None, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {"now_ms": self.now_ms, "dice": list(self.dice)}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Context:
        return Context(int(data["now_ms"]), tuple(data.get("dice", ())))


# --------------------------------------------------------------------------- setup


@dataclass(frozen=True)
class SeatSetup:
    """One seat: the player's name and the seat traits its ruleset declares
    (Munchkin: ``{"sex": "female"}``; a game without traits: ``{}``)."""

    name: str
    traits: Mapping[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The recorded form: the name and one key per trait (docs/record-format.md)."""
        return {**{k: v for k, v in sorted(self.traits.items())}, "name": self.name}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> SeatSetup:
        return SeatSetup(str(data["name"]), {str(k): str(v) for k, v in data.items() if k != "name"})


@dataclass(frozen=True)
class GameSetup:
    """Everything a game is created with; recorded in the creation event."""

    ruleset: str
    variants: tuple[str, ...]
    seats: tuple[SeatSetup, ...]
    options: dict[str, Any]
    mode: str  # "reported" | "dealt"
    custom_cards: tuple[dict[str, Any], ...] = ()
    # The table the game starts from (judge/rules/position.py), or None for a new game.
    position: dict[str, Any] | None = None
    # The group's collection whose card library the game knows (judge/domain/library.py); "" for the
    # default one. The rules never read it: the library's cards are in ``custom_cards``.
    collection: str = ""

    def to_dict(self) -> dict[str, Any]:
        out = {
            "ruleset": self.ruleset,
            "variants": list(self.variants),
            "seats": [s.to_dict() for s in self.seats],
            "options": dict(self.options),
            "mode": self.mode,
            "custom_cards": [dict(c) for c in self.custom_cards],
        }
        if self.position is not None:  # absent for a new game: older records read the same
            out["position"] = self.position
        if self.collection:  # absent for the default collection: older records read the same
            out["collection"] = self.collection
        return out

    @staticmethod
    def from_dict(data: dict[str, Any]) -> GameSetup:
        return GameSetup(
            ruleset=data["ruleset"],
            variants=tuple(data.get("variants", ())),
            seats=tuple(SeatSetup.from_dict(s) for s in data["seats"]),
            options=dict(data.get("options", {})),
            mode=data.get("mode", "reported"),
            custom_cards=tuple(data.get("custom_cards", ())),
            position=data.get("position"),
            collection=str(data.get("collection", "")),
        )


# --------------------------------------------------------------------------- rulesets


class Ruleset(Protocol):
    """What the engine needs from a ruleset (see module docstring)."""

    name: str
    rules_version: str
    # The family whose actions the ruleset judges (``action_table(family)``).
    # Optional ``api_section``: the field of judge.v1 ``Command.action`` that
    # holds them, the family's name unless declared ("" for the fields of
    # ``Command.action`` itself).
    family: str
    state_type: type
    # Action kinds the organizer may submit for the table (without a seat).
    organizer_actions: frozenset[str]
    # What a game of it is created with, as data (judge/rules/declarations.py):
    # a one-line title, the seat range, TraitSpecs, OptionSpecs, variant names
    # with a doc each, table modes, card kinds.
    title: str
    min_seats: int
    max_seats: int
    seat_traits: Sequence[Any]
    options: Sequence[Any]
    variants: Sequence[str]
    variant_docs: Mapping[str, str]
    modes: Sequence[str]
    card_kinds: Sequence[str]

    def validate_setup(self, setup: GameSetup) -> None: ...

    def initial_state(self, setup: GameSetup) -> Any: ...

    def decide(self, state: Any, command: Command, context: Context) -> list[Effect]: ...

    def evolve(self, state: Any, effect: Effect) -> Any: ...

    def evolve_all(self, state: Any, effects: list[Effect]) -> Any: ...

    def legal_actions(self, state: Any, seat: int, context: Context) -> list[Action]: ...

    def view(self, state: Any, viewer: Viewer) -> dict[str, Any]: ...

    def to_dict(self, state: Any) -> dict[str, Any]: ...

    def from_dict(self, data: dict[str, Any]) -> Any: ...

    def pending_deadline_ms(self, state: Any) -> int | None: ...

    def reopened_deadline_ms(self, state: Any, now_ms: int) -> int | None:
        """The fresh deadline a state restored at ``now_ms`` gets for a window
        that had already elapsed (None: nothing to reopen). Optional, like
        ``with_deadline_ms``: a ruleset without deadlines needs neither."""
        ...

    def with_deadline_ms(self, state: Any, deadline_ms: int) -> Any:
        """A copy of ``state`` whose pending window closes at ``deadline_ms``."""
        ...
    # The command the judge submits itself right after creation (e.g. dealing
    # the opening hands), or None. Optional, like deadline_command: a ruleset
    # without it never has the judge act on its own.
    def opening_command(self, state: Any) -> Command | None: ...

    # The command the judge submits itself once ``pending_deadline_ms`` has
    # passed (e.g. closing an elapsed interference window), or None.
    def deadline_command(self, state: Any) -> Command | None: ...

    # Optional: ``open_choices(state, seat) -> dict[str, str]``, the cards ``legal_actions`` names as
    # examples of an open choice (card id -> its domain, e.g. ``kind:monster``): an action naming one
    # stands for any card of that domain (a reported table's unseen draw); the server offers it as a
    # template (judge.v1 ``LegalAction.open``), so the list does not grow with the card library.

    # Optional, for speed: ``legal_actions_clock = "deadline"``, a class attribute saying that
    # ``legal_actions`` depends on the clock only through ``pending_deadline_ms`` (whether the
    # state's pending deadline has passed): the judge then answers LegalActions from the answer it
    # keeps for the game's version and the seat while that stays so (the phones at a table ask after
    # every event). Without it the actions are decided afresh at every call.

    # Optional, for speed: ``decide_folded(state, command, context) -> (effects, new_state)``,
    # ``decide`` together with the state its effects lead to, which must equal
    # ``evolve_all(state, effects)``: the judge then applies a decided command's effects once.

    # Optional, for speed: ``evolve_in_place(state, effects) -> None``, the same folding as
    # ``evolve_all`` onto ``state`` itself; the judge uses it only for a state nothing else
    # holds (a game being read back from the store).

    # Optional, for checking chance from the record alone (docs/record-format.md, "Chance at
    # a dealt table"): ``opening_decks(state) -> dict[str, list[str]]``, for a dealt game's
    # state at creation every shuffle label and the card ids the seed shuffles under it,
    # in the order before the shuffle; an export writes it into the header; and
    # ``chance_walk(opening_decks) -> ChanceWalk`` (judge/rules/chance_walk.py), the family's
    # walk through a finished dealt game's record: which effects reveal the seed, roll,
    # shuffle and draw, checked against the seed (judge/record/chance_check.py asks it).

    # Optional, for events (judge/rules/places.py, docs/events.md): ``table_over(state) -> bool``,
    # the game has ended by its own rules, and ``table_places(state) -> TablePlaces``, the seats in
    # places best first (groups share a place) and each seat's score, for a finished table and for
    # one stopped when an event's time is called. Default: never over by itself; stopped, every
    # seat shares one place with score 0.

    # Optional, for the property tests: ``census(state, secret_seed) -> list[str]``,
    # every card of the game wherever it is, sorted; the same after every step.

    # Optional, for a group's card library (judge/domain/library.py): ``library_entry(data) -> str``,
    # one card definition as a game of the family takes it in ``custom_cards``, checked as a game
    # checks it (raising ``InvalidArgument`` naming the field), and the card id it is kept under. A
    # ruleset without it keeps no library.

    def describe(self, effects: list[Effect]) -> str: ...

    # Optional, for telling events and actions to people (judge/app/narration.py):
    # ``card_names(state) -> dict[str, str]``, the printed name of every card id the
    # game's actions and events may name; ``narration_context(state) -> dict``, what
    # telling the next event needs from the table as it is before it (e.g. the
    # monsters of a combat a later kill names by index); and the game's words as
    # messages in its own catalogue (judge/rules/narration.py): ``tell_effects(effects,
    # context) -> list[Told]``, ``tell_action(kind) -> Told``, ``tell_waiting(text) ->
    # Told | None``, ``tell_phase(phase) -> Told | None``.

    def redact(self, effect: Effect, viewer: Viewer) -> Effect: ...

    def redact_action(self, action: dict[str, Any], seat: int | None, viewer: Viewer) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Viewer:
    """Who is looking: a seat, the organizer, or a spectator."""

    role: str  # "seat" | "organizer" | "spectator"
    seat: int | None = None
    # Other seats the same person plays with this token (Munchkin for two players: the
    # alter ego, 001 "MUNCHKIN FÜR ZWEI SPIELER"); they act and see as that seat does.
    also: tuple[int, ...] = ()

    @property
    def sees_everything(self) -> bool:
        return self.role == "organizer"

    def is_seat(self, seat: int | None) -> bool:
        """True if this viewer is ``seat`` (itself, or another character of the same person)."""
        return self.role == "seat" and seat is not None and (seat == self.seat or seat in self.also)


ORGANIZER = Viewer("organizer")
SPECTATOR = Viewer("spectator")


def canonical_json(data: Any) -> str:
    """Sorted keys, no whitespace: equal data gives equal strings."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def apply_all(ruleset: Ruleset, state: Any, effects: list[Effect]) -> Any:
    """Fold a command's effects into a new state (the ruleset copies the state once)."""
    return ruleset.evolve_all(state, effects)
