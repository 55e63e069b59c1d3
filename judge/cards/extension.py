"""What a layer adds to the family's card schema, from its own package (docs/cards.md, "Fields of a layer").

A set layer declares the fields only its rules read, the card kinds and the ability names it judges, when its
module is imported::

    from judge.cards.extension import ExtraField, register_fields

    register_fields(ExtraField("reward_doors", int, 0, "face-down doors for whoever defeats it", owner="star"))

A card file or a group's own card then takes the field like one of the schema's own, checked the same way:
its type, and the layer's own check, with an error naming the file, the card and the field. The rules read
it with ``card.get("reward_doors")`` (the card's value, or the field's default).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: The types a field of a layer may have (a TOML/JSON scalar).
FIELD_TYPES = (int, str, bool)


@dataclass(frozen=True)
class ExtraField:
    """A field a layer adds: its ``name``, ``type`` (int, str or bool), ``default``, what it means (``doc``),
    the layer that declares it (``owner``), and an optional ``check`` of a value: the message saying what is
    wrong with it, or None."""

    name: str
    type: type
    default: Any
    doc: str
    owner: str
    check: Callable[[Any], str | None] | None = None


_FIELDS: dict[str, ExtraField] = {}
_KINDS: dict[str, str] = {}
_ABILITIES: dict[str, str] = {}
_LOCK = threading.Lock()


def register_fields(*specs: ExtraField) -> None:
    """Add card fields; a name the schema or another layer has already is a ``ValueError`` (the same
    declaration again, as when a module is imported twice, is none)."""
    from judge.cards.schema import own_fields  # the schema reads this module's tables

    taken = own_fields()
    with _LOCK:
        for spec in specs:
            if spec.type not in FIELD_TYPES or not isinstance(spec.default, spec.type):
                raise ValueError(f"card field {spec.name!r}: type must be int, str or bool, with a default of it")
            known = _FIELDS.get(spec.name)
            if spec.name in taken or (known is not None and known != spec):
                owner = known.owner if known is not None else "the family's schema"
                raise ValueError(f"card field {spec.name!r} is declared by {owner} already")
            _FIELDS[spec.name] = spec


def register_kinds(owner: str, *kinds: str) -> None:
    """Add card kinds a layer judges (with a play handler of its own, docs/architecture.md)."""
    with _LOCK:
        _KINDS.update({k: owner for k in kinds})


def register_abilities(owner: str, *names: str) -> None:
    """Add ability names a card's ``abilities`` may list (with an ability handler of the layer's own)."""
    with _LOCK:
        _ABILITIES.update({a: owner for a in names})


def forget(owner: str) -> None:
    """Forget what ``owner`` added (for tests of layers that are not installed)."""
    with _LOCK:
        for table in (_FIELDS, _KINDS, _ABILITIES):
            for key in [k for k, v in table.items() if (v.owner if isinstance(v, ExtraField) else v) == owner]:
                del table[key]


def extra_field(name: str) -> ExtraField | None:
    return _FIELDS.get(name)


def default_of(name: str) -> Any:
    spec = _FIELDS.get(name)
    return None if spec is None else spec.default


def extra_fields() -> tuple[ExtraField, ...]:
    return tuple(_FIELDS.values())


def extra_kinds() -> tuple[str, ...]:
    return tuple(_KINDS)


def extra_abilities() -> tuple[str, ...]:
    return tuple(_ABILITIES)
