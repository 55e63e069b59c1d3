"""A decision in progress: a working copy of the state and the effects so far.

Decisions are computed on a working copy so that later checks in the same
command see the earlier effects (a kill raises the level, then the win is
checked). Each effect is applied with the ruleset's own effect handlers, so a
set layer that adds effects sees them applied here as in ``evolve``.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judge.cards import Catalogue, load_catalogue, load_file
from judge.rules.engine import Context, canonical_json
from judge.rulesets.munchkin import reshuffle

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.state import MunchkinState


_ATOMS = (str, int, bool, type(None))


class _NotPlain(Exception):
    """A value :func:`json_clean` leaves to the round trip through ``json``."""


def json_clean(value: Any) -> Any:
    """``json.loads(json.dumps(value))``: plain data (dicts with string keys, lists, tuples, str, int,
    bool, None, exactly those types) copied directly, every decided effect being made JSON-clean; any
    other value takes the round trip."""
    try:
        return _plain(value)
    except (_NotPlain, RecursionError):
        return json.loads(json.dumps(value))


def _plain(value: Any) -> Any:
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is dict:
        out = {}
        for k, v in value.items():
            if type(k) is not str:
                raise _NotPlain
            out[k] = v if type(v) in _ATOMS else _plain(v)
        return out
    if kind is list or kind is tuple:
        return [v if type(v) in _ATOMS else _plain(v) for v in value]
    raise _NotPlain


class _Tx:
    """A decision in progress: a working copy of the state and the effects so far."""

    def __init__(self, ruleset: MunchkinHost, state: MunchkinState, context: Context, *, copy: bool = True):
        self.ruleset = ruleset
        self.state = state.copy() if copy else state
        self.context = context
        self.cards = ruleset.cards_of(state)
        self.effects: list[dict[str, Any]] = []

    @classmethod
    def reading(cls, ruleset: MunchkinHost, state: MunchkinState) -> _Tx:
        """A context for queries (views, strengths) that never emit: no copy of the state."""
        return cls(ruleset, state, Context(0), copy=False)

    def emit(self, type_: str, **data: Any) -> None:
        effect = {"type": type_, **data}
        # Effects are stored as JSON; keep them JSON-clean from the start.
        effect = json_clean(effect)
        if self.state.mode != "reported" or type_ == reshuffle.EFFECT:
            self._apply(effect)
            return
        # A reported table's reshuffle, shown by this effect, is recorded before it (reshuffle.py).
        for shuffled in reshuffle.reshuffles_before(self.state, self.cards, effect):
            self._apply(shuffled)
        piles = dict(self.state.discards)
        self._apply(effect)
        for shuffled in reshuffle.reshuffles_after(self.state, self.cards, piles):
            self._apply(shuffled)

    def _apply(self, effect: dict[str, Any]) -> None:
        self.effects.append(effect)
        self.ruleset.apply_effect(self.state, effect)


@functools.lru_cache(maxsize=64)
def catalogue_of(sets: tuple[str, ...], files: tuple[Path, ...], custom_json: str) -> Catalogue:
    """The catalogue of a game's shipped sets and a layer's own card files,
    with the group's own cards (cached)."""
    base = load_catalogue(*sets)
    if files:
        base = Catalogue([*base.values(), *(card for path in files for card in load_file(path))])
    return base.with_custom(json.loads(custom_json))


_BY_IDENTITY: dict[tuple[int, tuple[str, ...], tuple[Path, ...]], tuple[object, Catalogue]] = {}


def catalogue_of_custom(sets: tuple[str, ...], files: tuple[Path, ...], custom: Any) -> Catalogue:
    """``catalogue_of`` for a game's own ``custom_cards`` list, found by the list's identity first: a
    game's set-up is never changed in place, and writing a library of a thousand cards as canonical
    JSON at every look-up would make every decision grow with the library."""
    key = (id(custom), sets, files)
    kept = _BY_IDENTITY.get(key)
    if kept is not None and kept[0] is custom:
        return kept[1]
    found = catalogue_of(sets, files, canonical_json(list(custom)))
    if len(_BY_IDENTITY) >= 256:
        _BY_IDENTITY.clear()
    _BY_IDENTITY[key] = (custom, found)
    return found
