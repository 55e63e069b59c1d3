"""Properties of the places at a table (judge/rules/places.py and the rulesets' hooks) and of the
rounds drawn for an event (judge/tournament/rounds.py)."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from judge.rules.places import ranked
from judge.tournament.rounds import EventRules, draw_round
from judge.tournament.scoring import Scoring, TableResult
from judge.tournament.seating import SeatingError, TableSizes, table_sizes


@given(st.lists(st.tuples(st.integers(0, 1), st.integers(1, 10)), min_size=1, max_size=6))
def test_places_name_every_seat_once_best_first_equal_keys_sharing(keys: list[tuple[int, int]]) -> None:
    places = ranked(keys)
    assert sorted(s for group in places for s in group) == list(range(len(keys)))
    firsts = [keys[group[0]] for group in places]
    assert firsts == sorted(firsts, reverse=True) and len(set(firsts)) == len(firsts)
    assert all(keys[s] == keys[group[0]] for group in places for s in group)


@given(st.binary(min_size=32, max_size=32), st.integers(8, 30))
def test_every_round_seats_every_player_once_and_draws_the_same_again(seed: bytes, count: int) -> None:
    rules = EventRules(TableSizes(4, 5), Scoring((5, 3, 2, 1)), rounds=3)
    try:
        table_sizes(count, rules.table_sizes)
    except SeatingError:
        assume(False)  # e.g. 11 players: two tables seat at most 10, three at least 12
    players = [f"p{i}" for i in range(count)]
    rounds: list[dict[str, object]] = []
    results: list[TableResult] = []
    for number in (1, 2, 3):
        tables, byes = draw_round(seed, rules, number, False, players, rounds, results)
        assert sorted(p for t in tables for p in t) == sorted(players) and byes == []
        assert all(4 <= len(t) <= 5 for t in tables)
        assert (tables, byes) == draw_round(seed, rules, number, False, players, rounds, results)
        rounds.append({"round": number, "final": False, "tables": [{"players": t} for t in tables], "byes": byes})
        results += [TableResult(number, tuple((p,) for p in t)) for t in tables]


@given(st.binary(min_size=32, max_size=32), st.integers(2, 12))
def test_swiss_rounds_pair_everyone_once_with_at_most_one_bye(seed: bytes, count: int) -> None:
    rules = EventRules(TableSizes(2, 2), Scoring((1, 0), bye_points=1), rounds=3)
    players = [f"p{i}" for i in range(count)]
    rounds: list[dict[str, object]] = []
    results: list[TableResult] = []
    for number in (1, 2, 3):
        tables, byes = draw_round(seed, rules, number, False, players, rounds, results)
        assert sorted([p for t in tables for p in t] + byes) == sorted(players)
        assert len(byes) == count % 2 and all(len(t) == 2 for t in tables)
        rounds.append({"round": number, "final": False, "tables": [{"players": t} for t in tables], "byes": byes})
        results += [TableResult(number, ((t[0],), (t[1],))) for t in tables]
