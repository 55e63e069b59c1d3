"""The places at a Munchkin table (the ``table_places`` hook, judge/rules/places.py).

The winners (000: the first to reach the last level) share first place. When an event's round
ends before anyone has won ("time called", docs/events.md), the other players are ranked by level,
the higher first; players of equal level share their place. A seat's score is its level.
"""

from __future__ import annotations

from judge.rules.places import TablePlaces, ranked
from judge.rulesets.munchkin.state import MunchkinState


def table_over(state: MunchkinState) -> bool:
    """The game is won."""
    return bool(state.finished)


def table_places(state: MunchkinState) -> TablePlaces:
    """Winners first, then by level.

    >>> from types import SimpleNamespace as S
    >>> s = S(winners=[], players=[S(level=3), S(level=5), S(level=3)])
    >>> table_places(s)  # type: ignore[arg-type]
    TablePlaces(places=[[1], [0, 2]], scores=[3, 5, 3])
    """
    winners = set(state.winners)
    keys = [(1 if seat in winners else 0, p.level) for seat, p in enumerate(state.players)]
    return TablePlaces(ranked(keys), [p.level for p in state.players])
