"""The tables of a round, drawn from the event's committed seed.

Every draw is a pure function of the seed, the round and what the event's record holds (the
players, who met whom): the algorithm is fixed here and documented in docs/events.md, so anyone
can draw a round again once the seed is revealed and find the same tables.

>>> seed = bytes(32)
>>> tables = draw_tables(seed, 1, [f"p{i}" for i in range(14)], TableSizes(4, 5))
>>> [len(t) for t in tables]
[5, 5, 4]
>>> draw_tables(seed, 1, [f"p{i}" for i in range(14)], TableSizes(4, 5)) == tables
True
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from judge.rules.chance import shuffled

MAX_SWAP_PASSES = 64
"""A bound on the improving passes of the seating search (each pass is quadratic in the players)."""
SEATING_TRIES = 32
"""How many shuffles the seating search starts from where repeated meetings remain."""
PAIRING_STEPS = 20_000
"""A bound on the pairing search at each number of rematches allowed: past it, one more rematch is
allowed (so a large late round is paired at once, never searched for long)."""


class SeatingError(ValueError):
    """The players cannot be seated as asked (too few for one table, sizes that cannot add up)."""


@dataclass(frozen=True)
class TableSizes:
    """How many players sit at a table of the event: ``smallest`` to ``largest``."""

    smallest: int
    largest: int

    def __post_init__(self) -> None:
        if not 1 <= self.smallest <= self.largest:
            raise SeatingError(f"table sizes {self.smallest} to {self.largest} are not a range")


def table_sizes(players: int, sizes: TableSizes) -> list[int]:
    """The sizes of the tables for ``players``: as few tables as the largest size allows, as even as
    possible, the larger ones first.

    >>> table_sizes(14, TableSizes(4, 5))
    [5, 5, 4]
    >>> table_sizes(8, TableSizes(2, 2))
    [2, 2, 2, 2]
    >>> table_sizes(7, TableSizes(4, 5))  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    judge.tournament.seating.SeatingError: 7 players cannot sit at tables of 4 to 5
    """
    if players < sizes.smallest:
        raise SeatingError(f"{players} players are too few for a table of {sizes.smallest} to {sizes.largest}")
    count = -(-players // sizes.largest)
    base, extra = divmod(players, count)
    if base < sizes.smallest:
        raise SeatingError(f"{players} players cannot sit at tables of {sizes.smallest} to {sizes.largest}")
    return [base + 1] * extra + [base] * (count - extra)


def met_counts(rounds: Iterable[Sequence[Sequence[str]]]) -> Counter[frozenset[str]]:
    """How often each pair of players sat at one table in ``rounds`` (each round a list of tables)."""
    counts: Counter[frozenset[str]] = Counter()
    for tables in rounds:
        for table in tables:
            counts.update(frozenset(pair) for pair in itertools.combinations(table, 2))
    return counts


def repeats(tables: Sequence[Sequence[str]], met: Mapping[frozenset[str], int]) -> int:
    """The meetings at ``tables`` that happened before (a pair that met twice before counts twice)."""
    return sum(met.get(frozenset(pair), 0) for table in tables for pair in itertools.combinations(table, 2))


def draw_tables(seed: bytes, round_number: int, players: Sequence[str], sizes: TableSizes,
                met: Mapping[frozenset[str], int] | None = None) -> list[list[str]]:
    """The tables of round ``round_number``.

    1. The players, in sorted order, are shuffled with the label ``seating:<round>``
       (judge.rules.chance.shuffled) and seated table after table (``table_sizes``).
    2. While some exchange of two players at different tables lowers the repeated meetings
       (``repeats`` against ``met``), the first such exchange in seat order is made (at most
       ``MAX_SWAP_PASSES`` passes). So players meet again only where no single exchange avoids it.
    3. Where repeats remain, steps 1 and 2 run again from the shuffles labelled
       ``seating:<round>:<k>`` for k = 1 to ``SEATING_TRIES`` - 1, stopping at the first seating
       without repeats; the seating with the fewest repeats is kept (the earliest of equals).
    """
    sizes_of = table_sizes(len(players), sizes)
    best: list[list[str]] = []
    best_cost = -1
    for k in range(SEATING_TRIES if met else 1):
        label = f"seating:{round_number}" if k == 0 else f"seating:{round_number}:{k}"
        order = shuffled(seed, label, sorted(players))
        tables: list[list[str]] = []
        start = 0
        for size in sizes_of:
            tables.append(order[start:start + size])
            start += size
        if not met:
            return tables
        for _ in range(MAX_SWAP_PASSES):
            if not _improve(tables, met):
                break
        cost = repeats(tables, met)
        if best_cost < 0 or cost < best_cost:
            best, best_cost = tables, cost
        if cost == 0:
            break
    return best


def _cost(table: Sequence[str], met: Mapping[frozenset[str], int]) -> int:
    return sum(met.get(frozenset(pair), 0) for pair in itertools.combinations(table, 2))


def _improve(tables: list[list[str]], met: Mapping[frozenset[str], int]) -> bool:
    """Make the first exchange (in seat order) that lowers the repeats; whether there was one."""
    for a, b in itertools.combinations(range(len(tables)), 2):
        before = _cost(tables[a], met) + _cost(tables[b], met)
        if before == 0:
            continue
        for i, j in itertools.product(range(len(tables[a])), range(len(tables[b]))):
            left, right = list(tables[a]), list(tables[b])
            left[i], right[j] = right[j], left[i]
            if _cost(left, met) + _cost(right, met) < before:
                tables[a], tables[b] = left, right
                return True
    return False


@dataclass(frozen=True)
class Pairing:
    """One round of a two-player event: the pairs, and the player who sits out (a bye), if any."""

    pairs: list[tuple[str, str]]
    bye: str | None


def swiss_pairing(seed: bytes, round_number: int, points: Mapping[str, Fraction | int],
                  met: Mapping[frozenset[str], int] | None = None,
                  had_bye: Iterable[str] = ()) -> Pairing:
    """Swiss pairing by score: the players ranked by points (equal points in the order drawn with the
    label ``pairing:<round>``), each paired with the highest-ranked player below them they have not
    met, searching back where that leaves someone without an opponent; only when no pairing without
    a rematch exists are rematches allowed (as few as the same search finds). With an odd number of
    players the lowest-ranked player who has had no bye sits out.

    >>> p = swiss_pairing(bytes(32), 1, {"a": 0, "b": 0, "c": 0, "d": 0})
    >>> sorted(x for pair in p.pairs for x in pair), p.bye
    (['a', 'b', 'c', 'd'], None)
    """
    met = met or {}
    drawn = shuffled(seed, f"pairing:{round_number}", sorted(points))
    place = {name: i for i, name in enumerate(drawn)}
    ranked = sorted(points, key=lambda name: (-points[name], place[name]))
    bye = None
    if len(ranked) % 2:
        given = set(had_bye)
        bye = next((name for name in reversed(ranked) if name not in given), ranked[-1])
        ranked.remove(bye)
    for allowed in range(0, max(met.values(), default=0) + 1):
        pairs = _pair(ranked, met, allowed, [PAIRING_STEPS])
        if pairs is not None:
            return Pairing(pairs, bye)
    # Every rematch allowed: the ranked players in twos, top-down.
    return Pairing(list(zip(ranked[::2], ranked[1::2])), bye)


def _pair(ranked: list[str], met: Mapping[frozenset[str], int], allowed: int,
          budget: list[int]) -> list[tuple[str, str]] | None:
    """Pairs top-down by rank, no pair having met more than ``allowed`` times; None if impossible or
    not found within ``budget[0]`` steps."""
    if not ranked:
        return []
    first, rest = ranked[0], ranked[1:]
    for k, other in enumerate(rest):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if met.get(frozenset((first, other)), 0) > allowed:
            continue
        tail = _pair(rest[:k] + rest[k + 1:], met, allowed, budget)
        if tail is not None:
            return [(first, other), *tail]
    return None
