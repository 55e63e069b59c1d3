"""Open card choices of legal actions at a reported table.

A seat holding unknown cards (drawn face down at a reported table) may play, kick or reveal any card
of the catalogue: the judge learns which only when the player names it. Listing one action per card
of the catalogue would grow with the group's card library, so the legal actions name a few example
cards of each kind instead (each checked by ``decide`` like any candidate), and ``open_choices`` tells
a caller which of the named cards stand for "any card of this kind": the server offers such an
action as a template whose card the client fills in (judge.v1 ``LegalAction.open``).

Pure: the examples follow from the state and the catalogue alone.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge.rulesets.munchkin.state import MunchkinState

EXAMPLES_PER_GROUP = 2
"""Example cards per kind (and per undead or not): a second one stands in where the first is refused
for a reason of its own (a race the seat already has), so the kind is still offered."""


@dataclass(frozen=True)
class CatalogueIndex:
    """A catalogue's card ids grouped for examples, each group sorted."""

    groups: tuple[tuple[str, tuple[str, ...]], ...]  # (kind, ids) per (kind, undead)
    doors: tuple[tuple[str, tuple[str, ...]], ...]  # the same, door cards only
    treasures: tuple[str, ...]


_INDEXES: dict[int, tuple[object, CatalogueIndex]] = {}
_LOCK = threading.Lock()


def catalogue_index(cards: Mapping[str, object]) -> CatalogueIndex:
    """The index of ``cards`` (a catalogue; kept while the catalogue lives in its own cache)."""
    kept = _INDEXES.get(id(cards))
    if kept is not None and kept[0] is cards:
        return kept[1]
    groups: dict[tuple[str, bool], list[str]] = {}
    doors: dict[tuple[str, bool], list[str]] = {}
    treasures: list[str] = []
    for cid, card in cards.items():
        key = (str(getattr(card, "kind")), bool(getattr(card, "undead", False)))
        groups.setdefault(key, []).append(cid)
        if getattr(card, "deck") == "door":
            doors.setdefault(key, []).append(cid)
        elif getattr(card, "deck") == "treasure":
            treasures.append(cid)
    index = CatalogueIndex(
        groups=tuple((kind, tuple(sorted(ids))) for (kind, _), ids in sorted(groups.items())),
        doors=tuple((kind, tuple(sorted(ids))) for (kind, _), ids in sorted(doors.items())),
        treasures=tuple(sorted(treasures)),
    )
    with _LOCK:
        if len(_INDEXES) >= 128:
            _INDEXES.clear()
        _INDEXES[id(cards)] = (cards, index)
    return index


def known_cards(s: MunchkinState, seat: int) -> set[str]:
    """Every card id the state names for ``seat`` to act on: its hand, what lies in front of any seat,
    the combat's cards, a choice's options, a corpse's known cards."""
    known: set[str] = set()
    for p in s.players:
        known.update(p.hand, p.received, p.races, p.classes, p.table, (i.card for i in p.items))
    c = s.combat
    if c is not None:
        known.update(m.card for m in c.monsters)
        known.update(mod for m in c.monsters for mod in m.mods)
        known.update(c.drawn)
    if s.choice is not None:
        known.update(s.choice.options)
    if s.corpse is not None:
        known.update(s.corpse["cards"])
    known.update(s.must_play.values())
    return known


def _pick(groups: Iterable[tuple[str, tuple[str, ...]]], known: set[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for kind, ids in groups:
        taken = 0
        for cid in ids:
            if taken == EXAMPLES_PER_GROUP:
                break
            if cid not in known:
                out[cid] = kind
                taken += 1
    return out


def examples(s: MunchkinState, seat: int, cards: Mapping[str, object]) -> dict[str, str]:
    """The example cards standing for an unknown card of ``seat`` (card id -> its kind); empty unless the
    seat holds unknown cards or a corpse it may loot does."""
    unknown = s.players[seat].unknown > 0 or (s.corpse is not None and bool(s.corpse["unknown"]))
    if not unknown:
        return {}
    return _pick(catalogue_index(cards).groups, known_cards(s, seat))


def door_examples(s: MunchkinState, seat: int, cards: Mapping[str, object]) -> dict[str, str]:
    """The example door cards a reported table's kick names (card id -> its kind)."""
    return _pick(catalogue_index(cards).doors, known_cards(s, seat))


def open_domain(kind: str) -> str:
    """The domain of an open card choice: any card of the catalogue of this kind."""
    return f"kind:{kind}"
