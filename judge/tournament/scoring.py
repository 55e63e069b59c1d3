"""Places, points and standings of an event.

A table's result is its places: groups of players, best first, the players of one group sharing the
place. The ruleset says how a table ranks (a winner first; when time was called, Munchkin by level);
an event gives points by place, shared places sharing their points evenly (two players sharing second
and third place of 5, 3, 2, 1 points get 2.5 each).

The standings add up the points of every round; players with equal points are ordered by the event's
tie-breaks, in the order it lists them:

- ``score``: the sum of the player's final scores at their tables (Munchkin: levels; monkic: life
  points), as the ruleset reports them;
- ``opponents``: the sum of the points of every opponent the player met (Buchholz);
- ``head_to_head``: how often the player finished ahead of another player with equal points at a
  table both sat at, less how often behind.

Players still equal after every tie-break share the rank (1, 2, 2, 4).

>>> points_for([["anna"], ["ben", "cem"], ["dora"]], (5, 3, 2, 1))
{'anna': Fraction(5, 1), 'ben': Fraction(5, 2), 'cem': Fraction(5, 2), 'dora': Fraction(1, 1)}
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

TIE_BREAKS = ("score", "opponents", "head_to_head")


class ScoringError(ValueError):
    """An event's scoring that cannot be used (a tie-break the judge does not know, negative points)."""


@dataclass(frozen=True)
class Scoring:
    """How an event scores: points by place (first place first; places beyond the list score 0),
    the points of a bye, and the tie-breaks in order."""

    place_points: tuple[int, ...]
    bye_points: int = 0
    tie_breaks: tuple[str, ...] = ("score", "opponents", "head_to_head")

    def __post_init__(self) -> None:
        if not self.place_points or any(p < 0 for p in self.place_points) or self.bye_points < 0:
            raise ScoringError("points by place must be given and none may be negative")
        unknown = [t for t in self.tie_breaks if t not in TIE_BREAKS]
        if unknown:
            raise ScoringError(f"unknown tie-break {unknown[0]!r} (known: {', '.join(TIE_BREAKS)})")


@dataclass(frozen=True)
class TableResult:
    """One finished table: its places (groups of players, best first) and each player's final score."""

    round: int
    places: tuple[tuple[str, ...], ...]
    scores: Mapping[str, int] = field(default_factory=dict)
    time_called: bool = False

    @property
    def players(self) -> list[str]:
        return [p for group in self.places for p in group]


@dataclass(frozen=True)
class Standing:
    """A player's line of the standings."""

    rank: int
    player: str
    points: Fraction
    score: int
    opponents: Fraction
    head_to_head: int
    tables: int


def places_by(keys: Mapping[str, Sequence[int]]) -> tuple[tuple[str, ...], ...]:
    """Players grouped into places by their ranking keys, the greatest first; equal keys share a place.

    >>> places_by({"anna": (10, 1), "ben": (7, 0), "cem": (7, 0), "dora": (9, 0)})
    (('anna',), ('dora',), ('ben', 'cem'))
    """
    groups: dict[tuple[int, ...], list[str]] = defaultdict(list)
    for player, key in keys.items():
        groups[tuple(key)].append(player)
    return tuple(tuple(sorted(groups[k])) for k in sorted(groups, reverse=True))


def points_for(places: Sequence[Sequence[str]], place_points: Sequence[int]) -> dict[str, Fraction]:
    """Each player's points for ``places``: a group sharing places shares their points evenly."""
    out: dict[str, Fraction] = {}
    start = 0
    for group in places:
        spanned = [place_points[i] if i < len(place_points) else 0 for i in range(start, start + len(group))]
        share = Fraction(sum(spanned), len(group)) if group else Fraction(0)
        for player in group:
            out[player] = share
        start += len(group)
    return out


def standings(players: Iterable[str], results: Iterable[TableResult], scoring: Scoring,
              byes: Iterable[str] = ()) -> list[Standing]:
    """The standings after ``results`` (and ``byes``, one entry per bye a player had)."""
    names = sorted(set(players))
    results = list(results)
    points: dict[str, Fraction] = {p: Fraction(0) for p in names}
    score: dict[str, int] = {p: 0 for p in names}
    tables: dict[str, int] = {p: 0 for p in names}
    opponents: dict[str, list[str]] = {p: [] for p in names}
    for result in results:
        for player, got in points_for(result.places, scoring.place_points).items():
            if player in points:
                points[player] += got
                tables[player] += 1
                score[player] += int(result.scores.get(player, 0))
                opponents[player] += [o for o in result.players if o != player]
    for player in byes:
        if player in points:
            points[player] += scoring.bye_points
    buchholz = {p: sum((points.get(o, Fraction(0)) for o in opponents[p]), Fraction(0)) for p in names}

    def h2h(player: str, tied: set[str]) -> int:
        ahead = 0
        for result in results:
            where = {p: i for i, group in enumerate(result.places) for p in group}
            if player not in where:
                continue
            for other in tied - {player}:
                if other in where:
                    ahead += (where[player] < where[other]) - (where[player] > where[other])
        return ahead

    def key(player: str, tied: set[str]) -> tuple[object, ...]:
        values = {"score": score[player], "opponents": buchholz[player], "head_to_head": h2h(player, tied)}
        return (points[player], *(values[t] for t in scoring.tie_breaks))

    by_points: dict[Fraction, set[str]] = defaultdict(set)
    for p in names:
        by_points[points[p]].add(p)
    keyed = {p: key(p, by_points[points[p]]) for p in names}
    ordered = sorted(names, key=lambda p: keyed[p], reverse=True)
    out: list[Standing] = []
    for i, p in enumerate(ordered):
        rank = out[-1].rank if out and keyed[ordered[i - 1]] == keyed[p] else i + 1
        out.append(Standing(rank, p, points[p], score[p], buchholz[p], h2h(p, by_points[points[p]]), tables[p]))
    return out


def format_points(points: Fraction) -> str:
    """Points as people write them: ``5``, ``2.5``, ``3.33``.

    >>> format_points(Fraction(5, 2)), format_points(Fraction(10, 3)), format_points(Fraction(4))
    ('2.5', '3.33', '4')
    """
    if points.denominator == 1:
        return str(points.numerator)
    return f"{float(points):.2f}".rstrip("0").rstrip(".")
