"""Registry of rulesets by name and rules version.

A game pins ``"<name>@<version>"``; old versions stay registered so that a
replay years later is judged by the rules the game was created with.
"""

from __future__ import annotations

from judge.errors import InvalidArgument
from judge.rules.engine import Ruleset

_REGISTRY: dict[str, dict[str, Ruleset]] = {}
_CURRENT: dict[str, str] = {}
_ALIASES: dict[str, str] = {}


def register(ruleset: Ruleset, *, current: bool = True, aliases: tuple[str, ...] = ()) -> Ruleset:
    _REGISTRY.setdefault(ruleset.name, {})[ruleset.rules_version] = ruleset
    if current:
        _CURRENT[ruleset.name] = ruleset.rules_version
    for alias in aliases:
        _ALIASES[alias] = ruleset.name
    return ruleset


def _load_builtin() -> None:
    if not _REGISTRY:
        import judge.rulesets.munchkin  # noqa: F401  (registers itself)


def get(name: str, version: str | None = None) -> Ruleset:
    """The ruleset ``name`` at ``version`` (default: current)."""
    _load_builtin()
    name = _ALIASES.get(name, name)
    versions = _REGISTRY.get(name)
    if not versions:
        raise InvalidArgument("ruleset", f"unknown ruleset {name!r}; known: {', '.join(names())}")
    version = version or _CURRENT[name]
    if version not in versions:
        raise InvalidArgument("rules_version", f"ruleset {name!r} has no rules version {version!r}")
    return versions[version]


def pinned(rules_version: str) -> Ruleset:
    """Resolve a pinned ``"name@version"`` string."""
    name, _, version = rules_version.partition("@")
    return get(name, version or None)


def names() -> list[str]:
    _load_builtin()
    return sorted(_REGISTRY)
