"""What the client knows of each family's own part of the API, one module a family: how its view is
printed (``judge view``), which of its actions a player most likely needs and how the fields of its
actions read (``judge legal``), and the words of its data (for the catalogues).

The API has one family at its root (its actions are the fields of ``Command.action`` itself, its view
``GameView``'s own fields: the API began with it) and a section named after each other family. Only
this package names a family; the rest of the client finds a family's module here by the name a view
or a command carries (tests/core/test_neutral_layers.py holds the rest to that). A family this client
has no module for is still shown: its section field by field.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

ROOT_FAMILY = "munchkin"
"""The family whose actions are the fields of ``Command.action`` itself."""

DEFAULT_RULESET = "munchkin"
"""The ruleset ``judge cards`` lists when none is named."""

MODULES = {"munchkin": "judge_client.families.munchkin", "monkic": "judge_client.families.monkic"}
"""Each family's module (imported when first needed: the command line starts without them)."""


FORMS = {"munchkin": "judge_client.families.munchkin_form", "monkic": "judge_client.families.monkic_form"}
"""Each family's definition form: what ``judge submit`` asks of a card the game does not know."""


@dataclass(frozen=True)
class Question:
    """One question of a family's definition form: the field it fills (``bad_stuff.lose_levels``: a
    field of a table), what it asks (a message of the catalogues), its type and default."""

    field: str
    ask: str
    type: type
    default: Any


def definition_form(family: str) -> ModuleType | None:
    """The definition form of ``family`` ("" for the root family), or None: a module with ``KINDS``,
    ``questions(kind)`` and ``definition(name, kind, answers)``."""
    name = FORMS.get(family or ROOT_FAMILY)
    return importlib.import_module(name) if name else None


def family_module(family: str) -> ModuleType | None:
    """The module of ``family`` ("" for the root family), or None."""
    name = MODULES.get(family or ROOT_FAMILY)
    return importlib.import_module(name) if name else None


def view_renderables(view: Any, lang: str, width: int | None = None,
                     cards: Mapping[str, str] | None = None) -> list[Any] | None:
    """What ``judge view`` prints of ``view``'s game after its header, in ``lang``, cards by their printed
    ``cards`` names where known, the tables folded for a console ``width`` too narrow (None: the family has
    no printing of its own)."""
    module = family_module(view.family)
    hook = getattr(module, "view_renderables", None)
    return list(hook(view, lang, width=width, cards=cards)) if callable(hook) else None


def action_priority() -> tuple[str, ...]:
    """The action kinds a player most likely needs, first first (every family's)."""
    return tuple(k for family in MODULES for k in getattr(family_module(family), "ACTION_PRIORITY", ()))


def way_word(family: str, words: Any, name: str, value: Any) -> str | None:
    """A field of one of ``family``'s actions in words (``words``: the reader's language, the seats' and
    cards' names, the game's view; judge_client/legal_groups.py); "" to leave it out, None where the family
    has no words for it."""
    hook = getattr(family_module(family), "way_word", None)
    return hook(words, name, value) if callable(hook) else None  # type: ignore[no-any-return]


def reported_fields(family: str) -> dict[str, frozenset[str]]:
    """The fields of ``family``'s actions, by action kind, whose values in a listed action stand for what a
    player reports at a reported table (the card drawn, the dice rolled): examples, not choices."""
    found = getattr(family_module(family), "REPORTED_FIELDS", {})
    return {kind: frozenset(names) for kind, names in found.items()}


def catalogue_wide() -> frozenset[str]:
    """The action kinds whose choices are the whole catalogue: counted, listed only when asked."""
    return frozenset(k for family in MODULES for k in getattr(family_module(family), "CATALOGUE_WIDE", ()))


def instance_cards(view: Any, names: Mapping[str, str],
                   texts: Mapping[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """The printed names and texts of the cards ``judge legal`` names, by catalogue id, and by the instance id
    of each card in play where ``view``'s family names its cards in play so (``names``, ``texts`` unchanged
    where it does not)."""
    hook = getattr(family_module(view.family), "instance_cards", None)
    return hook(view, names, texts) if callable(hook) else (dict(names), dict(texts))  # type: ignore[no-any-return]
