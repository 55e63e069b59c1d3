"""The ``mixer`` ruleset: a game combining sets of the Munchkin family (001 "MUNCHKIN IM MIXER").

A game names the sets it combines in the option ``sets`` (``munchkin,babys,star``). Its rules are a class
built from the sets' layers by Python's method resolution order, the Mixer's own rules first::

    Mixed_babys_munchkin_star(MixerRules, Star, Babys)  # MRO: MixerRules, Star ..., Babys ..., Munchkin

Each hook a layer overrides runs its set's rule and hands on to the next layer, so the rules of every set
hold at once; ``MixerRules`` decides where the sets disagree ("in a combined game the Mixer rules in 001
decide", seeds' README). The handler tables of the layers are merged (a clash between two layers is
refused when the class is built); the state is ``MixerState``, which derives from every layer's state type.

The registry holds one ``Mixer`` object; each call goes to the class of the game's sets (read from the
state's or the set-up's options), built once per combination.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from judge.cards import Catalogue
from judge.common.errors import InvalidArgument
from judge.rules import registry
from judge.rules.engine import Action, Command, Context, GameSetup, Viewer
from judge.rulesets.mixer import rules as _rules
from judge.rulesets.mixer.catalogue import mixer_sets
from judge.rulesets.mixer.layer import MIXER_HANDLERS, MixerRules
from judge.rulesets.mixer.setup import DEFAULT_SETS, OPTIONS, SETS_OPTION, parse_sets
from judge.rulesets.mixer.state import MixerState
from judge.rulesets.munchkin import Munchkin
from judge.rulesets.munchkin.state import MunchkinState

__all__ = ["LayerClash", "Mixer", "MixerState", "mixed_class"]

HANDLER_TABLES = ("action_handlers", "play_handlers", "ability_handlers", "effect_handlers")


class LayerClash(TypeError):
    """Two layers of a combination handle the same action, card kind, ability or effect differently."""


def _merged(table: str, layers: tuple[type[Munchkin], ...]) -> Mapping[str, Any]:
    """The handler table of the combination: the base's, each layer's own entries, then the Mixer's. Two
    layers with different entries for one name clash, unless the Mixer's own entry decides."""
    base: Mapping[str, Any] = getattr(Munchkin, table)
    own: Mapping[str, Any] = MIXER_HANDLERS.get(table, {})
    out: dict[str, Any] = dict(base)
    by: dict[str, str] = {}
    for layer in layers:
        for name, handler in getattr(layer, table).items():
            if base.get(name) is handler or name in own:
                continue
            if name in by and out[name] is not handler:
                raise LayerClash(f"{table}[{name!r}]: the layers {by[name]} and {layer.name} both handle it")
            out[name], by[name] = handler, layer.name
    out.update(own)
    return MappingProxyType(out)


def _layer_handlers(table: str, layers: tuple[type[Munchkin], ...]) -> Mapping[str, Any]:
    """The layers' merged table without the Mixer's own entries (what a Mixer handler hands on to)."""
    base: Mapping[str, Any] = getattr(Munchkin, table)
    out = dict(base)
    for layer in layers:
        out.update({k: v for k, v in getattr(layer, table).items() if base.get(k) is not v})
    return MappingProxyType(out)


def mixed_class(sets: tuple[str, ...]) -> type[MixerRules]:
    """The rules class of a game combining ``sets`` (validated names): ``MixerRules`` and the sets' layers,
    newest first; the base game's class is no layer of its own once another set is named (every layer
    ends in it). Built once per combination and state of the registry."""
    return _mixed_class(sets, registry.generation())


@functools.cache
def _mixed_class(sets: tuple[str, ...], generation: int) -> type[MixerRules]:
    known = mixer_sets()
    layers = tuple(known[name] for name in known if name in sets and (name != "munchkin" or len(sets) == 1))
    for each in layers:
        if not issubclass(MixerState, each.state_type):
            raise LayerClash(f"the state of {each.name} ({each.state_type.__name__}) is not part of MixerState")
    decisions: list[tuple[str, str, str]] = []
    for d in (*Munchkin.decisions, *(d for layer in layers for d in layer.decisions), *_rules.DECISIONS):
        if d not in decisions:
            decisions.append(d)
    play_fields: dict[str, frozenset[str]] = {}
    for layer in (Munchkin, *layers, MixerRules):
        for kind, names in getattr(layer, "play_fields", {}).items():
            play_fields[kind] = play_fields.get(kind, frozenset()) | names
    namespace: dict[str, Any] = {
        "sets": sets, "state_type": MixerState, "card_sets": (), "card_files": (), "mixer_set": None,
        "decisions": tuple(decisions), "play_fields": play_fields, "translated_rulings": {},
        **{table: _merged(table, layers) for table in HANDLER_TABLES},
        "layer_action_handlers": _layer_handlers("action_handlers", layers),
        "layer_ability_handlers": _layer_handlers("ability_handlers", layers),
    }
    return type("Mixed_" + "_".join(sorted(sets)), (MixerRules, *layers), namespace)


class Mixer:
    """The ``mixer`` ruleset as the registry holds it: each call is judged by the class of the game's sets."""

    name = "mixer"
    rules_version = "1"
    family = "munchkin"
    api_section = ""
    title = "Munchkin im Mixer (001): sets of the Munchkin family combined in one game"
    options = OPTIONS
    min_seats = Munchkin.min_seats
    max_seats = Munchkin.max_seats
    seat_traits = Munchkin.seat_traits
    modes = Munchkin.modes
    card_kinds = Munchkin.card_kinds
    # Every set's class judges as the Munchkin rules do here (judge/rules/analysis.py, judge/rules/engine.py).
    analysis_for_every_viewer = Munchkin.analysis_for_every_viewer
    legal_actions_clock = Munchkin.legal_actions_clock
    state_type = MixerState
    superseded = False
    #: The combinations of sets the random playout covers besides the default (each without variants).
    playout_options: tuple[dict[str, str], ...] = tuple(
        {SETS_OPTION: sets} for sets in ("munchkin,babys", "munchkin,star", "babys,star"))

    @functools.cached_property
    def _default(self) -> MixerRules:
        """The default combination's rules (built on first use: the sets are found in the registry, which
        may still be loading when the Mixer is instantiated)."""
        return self.rules_for(DEFAULT_SETS)

    # ------------------------------------------------------------------ which class judges

    @staticmethod
    def rules_for(sets: Any) -> MixerRules:
        if isinstance(sets, str):
            return _of_text(sets, registry.generation())
        return _instance(parse_sets(sets), registry.generation())

    def of_options(self, options: Mapping[str, Any] | None) -> MixerRules:
        value = (options or {}).get(SETS_OPTION, DEFAULT_SETS)
        try:
            return self.rules_for(value)
        except InvalidArgument:
            return self._default  # refused by validate_setup before a game exists

    def of_state(self, state: MunchkinState) -> MixerRules:
        return self.of_options(state.setup.get("options"))

    def _of_args(self, args: Iterable[Any]) -> MixerRules:
        for arg in args:
            arg = getattr(arg, "state", arg)  # a decision in progress judges by its state
            if isinstance(arg, MunchkinState):
                return self.of_state(arg)
            if isinstance(arg, GameSetup):
                return self.of_options(arg.options)
            if isinstance(arg, dict) and isinstance(arg.get("setup"), dict):
                return self.of_options(arg["setup"].get("options"))
            if isinstance(arg, dict) and isinstance(arg.get("options"), dict):
                return self.of_options(arg["options"])
        return self._default

    def __getattr__(self, name: str) -> Any:
        """Anything else of the Munchkin family's rulesets (positions, analysis, the catalogue ...): the
        class of the sets its arguments name; without one, the default combination's."""
        if name.startswith("__"):
            raise AttributeError(name)
        found = getattr(self._default, name)
        if not callable(found):
            return found
        return functools.partial(self._call, name)

    def _call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        return getattr(self._of_args(args), name)(*args, **kwargs)

    # ------------------------------------------------------------------ declarations

    @property
    def variants(self) -> tuple[str, ...]:
        return self._default.variants

    @property
    def variant_docs(self) -> dict[str, str]:
        return self._default.variant_docs

    @property
    def decisions(self) -> tuple[tuple[str, str, str], ...]:
        return self._default.decisions

    @property
    def organizer_actions(self) -> frozenset[str]:
        return self._default.organizer_actions

    @property
    def pinned(self) -> str:
        return f"{self.name}@{self.rules_version}"

    # ------------------------------------------------------------------ the Ruleset protocol

    def catalogue(self, custom: Iterable[dict[str, Any]] = ()) -> Catalogue:
        """Every card a game of the default combination knows (ListCards)."""
        return self._default.catalogue(custom)

    def validate_setup(self, setup: GameSetup) -> None:
        parse_sets(setup.options.get(SETS_OPTION, DEFAULT_SETS))
        self.of_options(setup.options).validate_setup(setup)

    def initial_state(self, setup: GameSetup) -> MunchkinState:
        return self.of_options(setup.options).initial_state(setup)

    def decide(self, state: MunchkinState, command: Command, context: Context) -> list[dict[str, Any]]:
        return self.of_state(state).decide(state, command, context)

    def evolve(self, state: MunchkinState, effect: dict[str, Any]) -> MunchkinState:
        return self.of_state(state).evolve(state, effect)

    def evolve_all(self, state: MunchkinState, effects: list[dict[str, Any]]) -> MunchkinState:
        return self.of_state(state).evolve_all(state, effects)

    def legal_actions(self, state: MunchkinState, seat: int, context: Context) -> list[Action]:
        return self.of_state(state).legal_actions(state, seat, context)

    def open_choices(self, state: MunchkinState, seat: int) -> dict[str, str]:
        return self.of_state(state).open_choices(state, seat)

    def view(self, state: MunchkinState, viewer: Viewer) -> dict[str, Any]:
        return self.of_state(state).view(state, viewer)

    def to_dict(self, state: MunchkinState) -> dict[str, Any]:
        return state.to_dict()

    def from_dict(self, data: dict[str, Any]) -> MunchkinState:
        return MixerState.from_dict(data)

    def pending_deadline_ms(self, state: MunchkinState) -> int | None:
        return self.of_state(state).pending_deadline_ms(state)

    def reopened_deadline_ms(self, state: MunchkinState, now_ms: int) -> int | None:
        return self.of_state(state).reopened_deadline_ms(state, now_ms)

    def with_deadline_ms(self, state: MunchkinState, deadline_ms: int) -> MunchkinState:
        return self.of_state(state).with_deadline_ms(state, deadline_ms)

    def opening_command(self, state: MunchkinState) -> Command | None:
        return self.of_state(state).opening_command(state)

    def deadline_command(self, state: MunchkinState) -> Command | None:
        return self.of_state(state).deadline_command(state)

    def describe(self, effects: list[dict[str, Any]]) -> str:
        return self._default.describe(effects)

    def redact(self, effect: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        return self._default.redact(effect, viewer)

    def redact_action(self, action: dict[str, Any], seat: int | None, viewer: Viewer) -> dict[str, Any]:
        return self._default.redact_action(action, seat, viewer)


@functools.cache
def _instance(sets: tuple[str, ...], generation: int) -> MixerRules:
    return _mixed_class(sets, generation)()


@functools.lru_cache(maxsize=256)
def _of_text(text: str, generation: int) -> MixerRules:
    """The rules of the option value ``text`` (each call of a game goes through here: the sets are looked up
    in the registry once per value and state of the registry, ``generation``)."""
    return _instance(parse_sets(text), generation)
