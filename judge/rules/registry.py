"""The registry of rulesets, by name and rules version.

Rulesets are found through the Python entry-point group ``judge.rulesets``:
any installed distribution may ship one. The built-in rulesets register the
same way, in the judge's own pyproject.toml::

    [project.entry-points."judge.rulesets"]
    munchkin = "judge.rulesets.munchkin:Munchkin"

An entry point names a ruleset class (instantiated without arguments), a
ruleset object, or a factory returning one ruleset or several (for instance
the current rules version and older ones that old games stay pinned to). A
ruleset with ``superseded = True`` is registered without becoming its
name's current version.

A game pins ``"<name>@<version>"``; old versions stay registered so that a
replay years later is judged by the rules the game was created with. The
entry points are read lazily, on the first lookup; ``discover()`` reads
those installed since (a running server finds them when it restarts).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from importlib import metadata
from typing import Any

from judge.common.errors import InvalidArgument
from judge.common.i18n import N_, said
from judge.rules.engine import Ruleset

ENTRY_POINT_GROUP = "judge.rulesets"

_REGISTRY: dict[str, dict[str, Ruleset]] = {}
_CURRENT: dict[str, str] = {}
_ALIASES: dict[str, str] = {}
_LOADED: dict[str, list[str]] = {}
"""Entry points (``name = value``) already loaded, with the names they gave."""
_LOCK = threading.RLock()
_GENERATION = [0]
"""Counts the changes of the registry (what a cache of lookups keys on)."""


class RulesetLoadError(RuntimeError):
    """An entry point of the group does not give a ruleset."""


def register(ruleset: Ruleset, *, current: bool = True, aliases: tuple[str, ...] = ()) -> Ruleset:
    """Register one ruleset (entry points do this for every installed ruleset)."""
    with _LOCK:
        _GENERATION[0] += 1
        _REGISTRY.setdefault(ruleset.name, {})[ruleset.rules_version] = ruleset
        if current or ruleset.name not in _CURRENT:
            _CURRENT[ruleset.name] = ruleset.rules_version
        for alias in aliases:
            _ALIASES[alias] = ruleset.name
    return ruleset


def unregister(name: str) -> None:
    """Forget every version of ``name`` (for tests of third-party rulesets)."""
    with _LOCK:
        _GENERATION[0] += 1
        _REGISTRY.pop(name, None)
        _CURRENT.pop(name, None)
        for alias in [a for a, n in _ALIASES.items() if n == name]:
            del _ALIASES[alias]
        for key in [k for k, given in _LOADED.items() if name in given]:
            del _LOADED[key]  # discovered again if still installed


def generation() -> int:
    """A number that changes whenever a ruleset is registered or forgotten: a cache of what the registry
    holds (the Mixer's sets) keys on it."""
    return _GENERATION[0]


def _is_ruleset(obj: Any) -> bool:
    return isinstance(getattr(obj, "name", None), str) and isinstance(getattr(obj, "rules_version", None), str) \
        and callable(getattr(obj, "decide", None))


def _rulesets_of(loaded: Any, where: str) -> list[Ruleset]:
    """The ruleset objects an entry point's target stands for."""
    if isinstance(loaded, type):
        loaded = loaded()
    elif not _is_ruleset(loaded) and callable(loaded):
        loaded = loaded()
    found: list[Any] = [loaded] if _is_ruleset(loaded) else list(loaded) if isinstance(loaded, Iterable) else []
    if not found or not all(_is_ruleset(r) for r in found):
        raise RulesetLoadError(f"entry point {where} of group {ENTRY_POINT_GROUP!r} gives no ruleset")
    return found


def discover() -> None:
    """Load every entry point of the group not loaded yet."""
    with _LOCK:
        for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
            key = f"{ep.name} = {ep.value}"
            if key in _LOADED:
                continue
            found = _rulesets_of(ep.load(), key)
            _LOADED[key] = [r.name for r in found]
            for ruleset in found:
                register(ruleset, current=not getattr(ruleset, "superseded", False))
        if not _REGISTRY:
            raise RulesetLoadError(
                f"no ruleset is installed: no distribution declares entry points in {ENTRY_POINT_GROUP!r} "
                "(reinstall the judge, e.g. pip install -e .)")


def _loaded() -> None:
    if not _LOADED:
        discover()


def get(name: str, version: str | None = None) -> Ruleset:
    """The ruleset ``name`` at ``version`` (default: current)."""
    _loaded()
    name = _ALIASES.get(name, name)
    versions = _REGISTRY.get(name)
    if not versions:
        raise InvalidArgument("ruleset", said(N_("unknown ruleset '{name}'; known: {known}"), name=name,
                                             known=", ".join(names())))
    version = version or _CURRENT[name]
    if version not in versions:
        raise InvalidArgument("rules_version", said(N_("ruleset '{name}' has no rules version '{version}'"), name=name,
                                                   version=version))
    return versions[version]


def pinned(rules_version: str) -> Ruleset:
    """Resolve a pinned ``"name@version"`` string (kept per registry generation: a game asks at every
    step)."""
    key = (_GENERATION[0], rules_version)
    found = _PINNED.get(key)
    if found is None:
        name, _, version = rules_version.partition("@")
        found = get(name, version or None)
        if len(_PINNED) > 1024:
            _PINNED.clear()
        _PINNED[key] = found
    return found


_PINNED: dict[tuple[int, str], Ruleset] = {}


def names() -> list[str]:
    """The names of every registered ruleset, sorted."""
    _loaded()
    return sorted(_REGISTRY)


def current(family: str | None = None) -> list[Ruleset]:
    """The current version of every registered ruleset, by name; with ``family``, of that family only (the
    Mixer finds the Munchkin family's sets so, judge/rulesets/munchkin/sets.py)."""
    _loaded()
    generation_now, kept = _CURRENT_KEPT
    if generation_now != _GENERATION[0]:  # registered or forgotten since: look again (every request asks)
        generation_now = _GENERATION[0]
        kept = tuple(get(name) for name in names())
        _CURRENT_KEPT[:] = [generation_now, kept]
    found = list(kept)
    return found if family is None else [r for r in found if getattr(r, "family", None) == family]


_CURRENT_KEPT: list[Any] = [-1, ()]
"""The registry's generation and the current rulesets then (``current``)."""
