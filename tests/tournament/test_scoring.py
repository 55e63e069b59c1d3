"""Places, points and standings of an event (judge/tournament/scoring.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge.tournament.scoring import (
    Scoring,
    ScoringError,
    TableResult,
    points_for,
    standings,
)

MUNCHKIN = Scoring(place_points=(5, 3, 2, 1), bye_points=0)


@given(st.lists(st.integers(1, 3), min_size=1, max_size=6), st.lists(st.integers(0, 9), min_size=1, max_size=6))
def test_shared_places_share_their_points_and_none_are_made_or_lost(group_sizes: list[int],
                                                                    table: list[int]) -> None:
    players = iter(f"p{i}" for i in range(100))
    places = [[next(players) for _ in range(k)] for k in group_sizes]
    got = points_for(places, table)
    seats = sum(group_sizes)
    assert sum(got.values()) == sum(table[:seats])
    for group in places:
        assert len({got[p] for p in group}) == 1


def test_a_table_stopped_by_time_ranks_by_level_and_ties_share() -> None:
    """Anna level 8, Ben and Cem level 6, Dora 3: Anna first, Ben and Cem share second and third."""
    result = TableResult(1, (("anna",), ("ben", "cem"), ("dora",)), {"anna": 8, "ben": 6, "cem": 6, "dora": 3},
                         time_called=True)
    table = standings(["anna", "ben", "cem", "dora"], [result], MUNCHKIN)
    assert [(s.rank, s.player, s.points) for s in table] == [
        (1, "anna", 5), (2, "ben", Fraction(5, 2)), (2, "cem", Fraction(5, 2)), (4, "dora", 1)]


def test_tie_breaks_in_the_order_the_event_lists_them() -> None:
    """Two rounds of two-player tables, 3 points a win: Anna and Cem both have 3 points. Cem's levels
    add up to more (17 against 16); Anna's opponents scored more (Cem 3 and Ben 6, against Anna 3 and
    Dora 0); Anna beat Cem when they met."""
    results = [
        TableResult(1, (("anna",), ("cem",)), {"anna": 10, "cem": 7}),
        TableResult(1, (("ben",), ("dora",)), {"ben": 10, "dora": 4}),
        TableResult(2, (("ben",), ("anna",)), {"ben": 10, "anna": 6}),
        TableResult(2, (("cem",), ("dora",)), {"cem": 10, "dora": 5}),
    ]
    players = ["anna", "ben", "cem", "dora"]

    def order(*tie_breaks: str) -> list[str]:
        return [s.player for s in standings(players, results, Scoring((3, 0), tie_breaks=tie_breaks))]

    assert order("score", "opponents") == ["ben", "cem", "anna", "dora"]
    assert order("opponents", "score") == ["ben", "anna", "cem", "dora"]
    assert order("head_to_head") == ["ben", "anna", "cem", "dora"]
    shared = standings(players, results, Scoring((3, 0), tie_breaks=()))
    assert [(s.rank, s.player) for s in shared] == [(1, "ben"), (2, "anna"), (2, "cem"), (4, "dora")]


def test_head_to_head_orders_players_who_met() -> None:
    r1 = TableResult(1, (("anna",), ("ben",)), {})
    r2 = TableResult(2, (("ben",), ("anna",)), {})
    r3 = TableResult(3, (("ben",), ("anna",)), {})
    r4 = TableResult(3, (("anna",), ("cem",)), {})
    table = standings(["anna", "ben", "cem"], [r1, r2, r3, r4], Scoring((1, 0), tie_breaks=("head_to_head",)))
    assert [(s.player, s.points) for s in table][:2] == [("ben", 2), ("anna", 2)]
    assert table[0].rank == 1 and table[1].rank == 2


def test_a_bye_scores_the_events_bye_points() -> None:
    swiss = Scoring((3, 0), bye_points=3)
    table = standings(["a", "b", "c"], [TableResult(1, (("a",), ("b",)))], swiss, byes=["c"])
    assert {s.player: s.points for s in table} == {"a": 3, "b": 0, "c": 3}


def test_an_unknown_tie_break_is_refused_naming_it() -> None:
    with pytest.raises(ScoringError, match="'coin_toss'"):
        Scoring((1,), tie_breaks=("coin_toss",))
