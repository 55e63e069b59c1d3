"""The places at a table: how a game ranks its seats when it ends, or when an event's round ends
before it does ("time called", docs/events.md).

A ruleset may offer two hooks (judge/rules/engine.py, ``Ruleset``):

- ``table_over(state) -> bool``: the game has ended by its own rules (a winner);
- ``table_places(state) -> TablePlaces``: the seats in places, best first (the winners first,
  then as the game's documented ranking of an unfinished table says), and each seat's score.

Without them a table is never over by itself and, stopped, all its seats share one place with
score 0 (``places_of``).

>>> places_of(object(), None, 3)
TablePlaces(places=[[0, 1, 2]], scores=[0, 0, 0])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TablePlaces:
    """Groups of seats, best first (a group shares its places), and each seat's final score."""

    places: list[list[int]]
    scores: list[int]


def ranked(keys: Sequence[Sequence[int]]) -> list[list[int]]:
    """Seats grouped by their ranking keys, the greatest first; equal keys share a place.

    >>> ranked([(0, 5), (1, 10), (0, 5), (0, 7)])
    [[1], [3], [0, 2]]
    """
    groups: dict[tuple[int, ...], list[int]] = {}
    for seat, key in enumerate(keys):
        groups.setdefault(tuple(key), []).append(seat)
    return [groups[k] for k in sorted(groups, reverse=True)]


def places_of(ruleset: Any, state: Any, seats: int) -> TablePlaces:
    """The ruleset's ``table_places`` of ``state``, or the default: one shared place, score 0."""
    hook = getattr(ruleset, "table_places", None)
    if hook is None:
        return TablePlaces([list(range(seats))], [0] * seats)
    found: TablePlaces = hook(state)
    return found


def is_over(ruleset: Any, state: Any) -> bool:
    """The ruleset's ``table_over`` of ``state`` (False without the hook)."""
    hook = getattr(ruleset, "table_over", None)
    return bool(hook(state)) if hook is not None else False
