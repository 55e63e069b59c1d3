"""The places at a monkic table (the ``table_places`` hook, judge/rules/places.py).

The winner is first. When an event's round ends before the game does ("time called",
docs/events.md), the players are ranked by their life points, the more first; equal life points
share the place. A seat's score is its life points.
"""

from __future__ import annotations

from judge.rules.places import TablePlaces, ranked
from judge.rulesets.monkic.state import MonkicState


def table_over(state: MonkicState) -> bool:
    """The game has a winner."""
    return state.winner is not None or state.phase == "over"


def table_places(state: MonkicState) -> TablePlaces:
    """The winner first, then by life points.

    >>> from types import SimpleNamespace as S
    >>> table_places(S(winner=None, seats=[S(life=4), S(life=9)]))  # type: ignore[arg-type]
    TablePlaces(places=[[1], [0]], scores=[4, 9])
    """
    keys = [(1 if state.winner == seat else 0, p.life) for seat, p in enumerate(state.seats)]
    return TablePlaces(ranked(keys), [p.life for p in state.seats])
