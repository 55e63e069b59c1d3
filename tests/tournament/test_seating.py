"""Seating an event's round from its committed seed (judge/tournament/seating.py): table sizes within
the event's range, the same tables again from the same seed, players who met kept apart while an
exchange of seats avoids it, Swiss pairs by score without rematches while possible."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from judge.tournament.seating import (
    TableSizes,
    SeatingError,
    draw_tables,
    met_counts,
    repeats,
    swiss_pairing,
    table_sizes,
)

SEEDS = st.binary(min_size=32, max_size=32)


def names(n: int) -> list[str]:
    return [f"p{i:02d}" for i in range(n)]


@given(st.integers(1, 80), st.integers(1, 8), st.integers(0, 4))
def test_table_sizes_fit_the_range_and_are_as_even_as_possible(players: int, smallest: int, spread: int) -> None:
    sizes = TableSizes(smallest, smallest + spread)
    try:
        got = table_sizes(players, sizes)
    except SeatingError:
        # No way to seat them: no count of tables of allowed sizes adds up to the players.
        assert not any(t * sizes.smallest <= players <= t * sizes.largest for t in range(1, players + 1))
        return
    assert sum(got) == players
    assert all(sizes.smallest <= s <= sizes.largest for s in got)
    assert max(got) - min(got) <= 1
    assert len(got) == -(-players // sizes.largest)  # as few tables as the largest size allows


def test_fourteen_players_sit_at_tables_of_five_five_and_four() -> None:
    assert [len(t) for t in draw_tables(bytes(32), 1, names(14), TableSizes(4, 5))] == [5, 5, 4]


@given(SEEDS, st.integers(1, 9), st.integers(4, 30))
def test_a_draw_seats_every_player_once_and_is_the_same_again(seed: bytes, round_number: int, n: int) -> None:
    players = names(n)
    tables = draw_tables(seed, round_number, players, TableSizes(3, 6))
    assert sorted(p for t in tables for p in t) == players
    assert draw_tables(seed, round_number, list(reversed(players)), TableSizes(3, 6)) == tables


@given(SEEDS, st.integers(8, 20), st.integers(2, 4))
def test_no_exchange_of_two_players_would_lower_the_repeated_meetings(seed: bytes, n: int, rounds: int) -> None:
    """Players meet again only where no exchange of seats avoids it (the draw's guarantee)."""
    players = names(n)
    history: list[list[list[str]]] = []
    for r in range(1, rounds + 1):
        met = met_counts(history)
        tables = draw_tables(seed, r, players, TableSizes(3, 5), met)
        cost = repeats(tables, met)
        for a, b in itertools.combinations(range(len(tables)), 2):
            for i, j in itertools.product(range(len(tables[a])), range(len(tables[b]))):
                swapped = [list(t) for t in tables]
                swapped[a][i], swapped[b][j] = swapped[b][j], swapped[a][i]
                assert repeats(swapped, met) >= cost
        history.append(tables)


def test_a_second_round_of_fourteen_repeats_no_more_meetings_than_it_must() -> None:
    """14 players at 5, 5 and 4. In round 2 the five of a first-round table of 5 spread over three
    tables at best as 2, 2 and 1 (two repeated meetings), the four of the table of 4 as 2, 1 and 1
    (one): no seating repeats fewer than 2 + 2 + 1 = 5 meetings, and the draw finds one with 5."""
    for k in range(4):
        seed = bytes([k]) * 32
        first = draw_tables(seed, 1, names(14), TableSizes(4, 5))
        met = met_counts([first])
        assert repeats(draw_tables(seed, 2, names(14), TableSizes(4, 5), met), met) == 5


def rematch_free_pairing_exists(players: list[str], met: dict[frozenset[str], int]) -> bool:
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(rematch_free_pairing_exists(rest[:k] + rest[k + 1:], met)
               for k, other in enumerate(rest) if not met.get(frozenset((first, other))))


@given(SEEDS, st.sampled_from([4, 6, 8, 10]))
def test_swiss_rounds_pair_everyone_without_a_rematch_while_one_can_be_avoided(seed: bytes, n: int) -> None:
    players = names(n)
    points = {p: 0 for p in players}
    history: list[list[list[str]]] = []
    for r in range(1, min(4, n - 1) + 1):
        met = met_counts(history)
        pairing = swiss_pairing(seed, r, points, met)
        assert pairing.bye is None
        assert sorted(p for pair in pairing.pairs for p in pair) == players
        if rematch_free_pairing_exists(players, dict(met)):
            assert repeats([list(pair) for pair in pairing.pairs], met) == 0
        for winner, _loser in pairing.pairs:  # the higher-ranked player wins, for the test
            points[winner] += 3
        history.append([list(pair) for pair in pairing.pairs])


def test_swiss_pairs_the_leaders_together() -> None:
    """After round 1 of 8, the four winners (3 points) meet each other, the four losers each other."""
    points = {p: (3 if p in {"p00", "p01", "p02", "p03"} else 0) for p in names(8)}
    met = met_counts([[["p00", "p04"], ["p01", "p05"], ["p02", "p06"], ["p03", "p07"]]])
    pairing = swiss_pairing(bytes(32), 2, points, met)
    for pair in pairing.pairs:
        assert points[pair[0]] == points[pair[1]]


def test_the_bye_goes_to_the_lowest_ranked_player_who_had_none() -> None:
    points = {"a": 6, "b": 3, "c": 3, "d": 0, "e": 0}
    first = swiss_pairing(bytes(32), 3, points)
    assert first.bye in {"d", "e"}
    other = ({"d", "e"} - {first.bye}).pop()
    assert swiss_pairing(bytes(32), 3, points, had_bye=[first.bye]).bye == other
