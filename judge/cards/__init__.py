"""The card catalogue: the cards the rule texts name, plus a group's own.

>>> cat = load_catalogue("munchkin")
>>> cat["sabbernder-schleim"].bonuses[0].amount
4
"""

from __future__ import annotations

import functools
import json
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from judge.cards.schema import Card, CardError, parse_card
from judge.common.i18n import N_, said

DATA = Path(__file__).parent / "data"

__all__ = ["Card", "CardError", "Catalogue", "load_catalogue", "parse_card", "load_file", "shipped_sets"]


class Catalogue(Mapping[str, Card]):
    """An immutable mapping card id -> Card."""

    def __init__(self, cards: Iterable[Card]):
        self._cards: dict[str, Card] = {}
        for c in cards:
            self._cards[c.id] = c

    def __getitem__(self, key: str) -> Card:
        return self._cards[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    # The rules ask these at every decision and view: the dict's own, not the generic Mapping's (which go
    # through ``__getitem__`` and an exception for every miss).
    def __contains__(self, key: object) -> bool:
        return key in self._cards

    def get(self, key: str, default: Any = None) -> Any:
        return self._cards.get(key, default)

    def keys(self) -> Any:
        return self._cards.keys()

    def values(self) -> Any:
        return self._cards.values()

    def items(self) -> Any:
        return self._cards.items()

    @functools.cached_property
    def names(self) -> Mapping[str, str]:
        """The printed name of every card, by id (read only: shared by every reader)."""
        return MappingProxyType({cid: card.name for cid, card in self._cards.items()})

    def with_custom(self, custom: Iterable[dict[str, Any]]) -> Catalogue:
        """A catalogue with a group's own cards added (they may not replace one)."""
        extra = []
        for i, data in enumerate(custom):
            card = parse_card(data, f"custom_cards[{i}]")
            if card.id in self._cards:
                raise CardError(f"custom_cards[{i}]", card.id, "id", said(N_("a catalogue card already has this id")))
            extra.append(card)
        return Catalogue([*self._cards.values(), *extra])


def load_file(path: Path) -> list[Card]:
    """Load one catalogue file; errors name the file, the card and the field."""
    origin = path.name
    try:
        if path.suffix == ".json":
            data = json.loads(path.read_text(encoding="utf-8"))
        else:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as e:
        raise CardError(origin, "?", "file", said(N_("not valid: {problem}"), problem=str(e))) from e
    entries = data.get("card") if isinstance(data, dict) else data
    if not isinstance(entries, list):
        raise CardError(origin, "?", "card", said(N_("expected a list of [[card]] tables")))
    cards = [parse_card(entry, origin) for entry in entries]
    seen: set[str] = set()
    for c in cards:
        if c.id in seen:
            raise CardError(origin, c.id, "id", said(N_("duplicate id")))
        seen.add(c.id)
    return cards


@functools.cache
def load_catalogue(*sets: str) -> Catalogue:
    """The shipped catalogue for the given sets (file names in data/)."""
    cards: list[Card] = []
    for name in sets:
        cards.extend(load_file(DATA / f"{name}.toml"))
    return Catalogue(cards)


@functools.cache
def shipped_sets() -> tuple[str, ...]:
    """The sets the judge ships catalogue files for (file names in data/)."""
    return tuple(sorted(p.stem for p in DATA.glob("*.toml")))
