"""The events service (judge/app/tournaments.py) on a real store (SQLite and PostgreSQL): a Munchkin
event of 14 players over three rounds of tables of 4 and 5 with time called, then a final; the
record exported and checked again from the revealed seed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from judge.app import JudgeApp
from judge.app.tournament_types import EventSetup
from judge.app.tournaments import MAX_ROUNDS, EventNotFound, Tournaments
from judge.common.errors import InvalidArgument, PermissionDenied, ResourceExhausted, Unauthenticated
from judge.record.event_games import game_outcome
from judge.record.event_record import check_event_record
from judge.record.verify import verify_record
from judge.rules.engine import ORGANIZER, Command
from judge.rulesets.munchkin.actions import RecordAdjustment

PLAYERS = [f"P{n:02d}" for n in range(1, 15)]


@pytest.fixture
def app(storage: Any, tmp_path: Path) -> Any:
    key = {"JUDGE_SERVER_KEY_FILE": str(tmp_path / "server.key")} if storage.is_postgres else {}
    judge = JudgeApp({**storage.env(), **key})
    yield judge
    judge.close()


def events_of(app: JudgeApp, seeds: Callable[[], bytes] | None = None) -> Tournaments:
    """The events service on ``app``'s services, drawing its seeds from ``seeds``."""
    return Tournaments(app.store, app.access, app.games, app.stopping, app.disputes, app.records, seeds=seeds)


def set_levels(app: JudgeApp, game_id: str, levels: list[int], tag: str) -> None:
    for seat, level in enumerate(levels):
        app.submit(game_id, f"{tag}-{seat}", Command(None, RecordAdjustment(
            reason="Stufe laut Tisch", target_seat=seat, set_level=level)), None, ORGANIZER)


def test_a_munchkin_event_of_14_players_three_rounds_and_a_final(app: JudgeApp) -> None:
    events = events_of(app, seeds=lambda: bytes(range(32)))  # a fixed seed: the same draws every run
    created = events.create_event(EventSetup("Kölner Cup", "munchkin", table_sizes=(4, 5),
                                             place_points=(5, 3, 2, 1, 0), rounds=3, final_table_size=4))
    org = created.organizer_token
    tokens = {p: events.register_player(created.event_id, org, p, {"sex": "female" if n % 2 else "male"})
              for n, p in enumerate(PLAYERS)}
    with pytest.raises(PermissionDenied):
        events.register_player(created.event_id, created.spectator_token, "X", {"sex": "male"})
    with pytest.raises(Unauthenticated):
        events.start_round(created.event_id, "nope")
    for number in (1, 2, 3):
        started = events.start_round(created.event_id, org)
        assert started.round == number and sorted(len(t.players) for t in started.tables) == [4, 5, 5]
        # Every player's one token opens the player's table of this round.
        mine = events.my_table(created.event_id, tokens[started.tables[0].players[1]])
        assert (mine.round, mine.game_id, mine.seat) == (number, started.tables[0].game_id, 1)
        assert app.authenticate(mine.game_id, mine.seat_token).seat == 1
        # Table 1 ends early: its first player reaches level 10 and wins.
        first = started.tables[0]
        set_levels(app, first.game_id, [10], f"r{number}")
        board = events.board(created.event_id, created.spectator_token)
        assert [t.done for t in board.tables] == [True, False, False]
        assert board.tables[0].leaders == [first.players[0]]
        # Time is called on the others, ranked by level.
        second = started.tables[1]
        set_levels(app, second.game_id, [2, 5, 3, 5, 1][:len(second.players)], f"r{number}")
        called = events.call_time(created.event_id, org)
        assert called.time_called
    info = events.event(created.event_id, org)
    assert len(info.results) == 9 and sum(r.time_called for r in info.results) == 6
    second_result = next(r for r in info.results if r.round == 3 and r.table == 2)
    assert len(second_result.places[0]) == 2  # two players of level 5 share first place
    standing = events.standings(created.event_id, created.spectator_token)
    assert len(standing) == 14 and standing[0].rank == 1
    assert [s.points for s in standing] == sorted((s.points for s in standing), reverse=True)
    final = events.start_round(created.event_id, org, final=True)
    assert final.final and len(final.tables) == 1
    assert sorted(final.tables[0].players) == sorted(s.player for s in standing[:4])
    with pytest.raises(InvalidArgument):
        events.finish(created.event_id, org)  # the final is still played
    events.call_time(created.event_id, org)
    seed = events.finish(created.event_id, org)
    assert events.event(created.event_id, org).seed == seed

    exported = events.export_event(created.event_id, org)
    assert len(exported.games) == 10
    outcomes = {}
    for game_id, record in exported.games.items():
        assert verify_record(record).ok
        outcome = game_outcome(record)
        assert outcome["audit"].discrepancies == []
        outcomes[game_id] = outcome
    check = check_event_record(exported.record, outcomes, app.key.public_key)
    assert check.ok, check.problems
    assert check.seed_revealed and check.rounds_checked == 4 and check.tables_checked == 10
    # A seating not drawn from the seed is found.
    forged = exported.record.replace(PLAYERS[0], "P99", 1)
    assert not check_event_record(forged, outcomes).ok


def test_limits_and_unknown_events(app: JudgeApp) -> None:
    events = app.tournaments
    with pytest.raises(ResourceExhausted):
        events.create_event(EventSetup("x", "munchkin", rounds=MAX_ROUNDS + 1))
    with pytest.raises(InvalidArgument):
        events.create_event(EventSetup("x", "munchkin", table_sizes=(2, 5)))
    with pytest.raises(InvalidArgument):
        events.create_event(EventSetup("x", "munchkin", tie_breaks=("coin",)))
    with pytest.raises(EventNotFound):
        events.event("00000000-0000-0000-0000-000000000000", "t")
    created = events.create_event(EventSetup("x", "munchkin", table_sizes=(4, 5)))
    with pytest.raises(InvalidArgument):
        events.start_round(created.event_id, created.organizer_token)  # nobody registered


def test_standings_follow_the_documented_rules(app: JudgeApp) -> None:
    """docs/events.md: two players sharing first and second place of 5, 3, 2, 1 get 4 points each;
    equal points are ordered by the sum of levels, then the opponents' points."""
    from fractions import Fraction

    events = events_of(app, seeds=lambda: bytes(32))
    created = events.create_event(EventSetup("Vier", "munchkin", table_sizes=(4, 4), rounds=2))
    org = created.organizer_token
    for name in ("Anna", "Ben", "Cem", "Dora"):
        events.register_player(created.event_id, org, name, {"sex": "female"})
    seated = events.start_round(created.event_id, org).tables[0]
    levels = {"Anna": 3, "Ben": 5, "Cem": 5, "Dora": 2}
    set_levels(app, seated.game_id, [levels[p] for p in seated.players], "r1")
    events.call_time(created.event_id, org)
    lines = {s.player: s for s in events.standings(created.event_id, org)}
    assert {p: lines[p].points for p in levels} == {"Ben": 4, "Cem": 4, "Anna": 2, "Dora": 1}
    assert (lines["Ben"].rank, lines["Cem"].rank, lines["Anna"].rank, lines["Dora"].rank) == (1, 1, 3, 4)
    assert lines["Ben"].score == 5 and lines["Ben"].opponents == Fraction(7)  # Cem 4 + Anna 2 + Dora 1
    # Round 2: the same four (no other seating exists); Anna wins outright, Ben and Cem share last.
    seated = events.start_round(created.event_id, org).tables[0]
    levels2 = {"Anna": 10, "Ben": 1, "Cem": 1, "Dora": 4}
    for seat in sorted(range(4), key=lambda n: levels2[seated.players[n]]):  # the winning level last
        app.submit(seated.game_id, f"r2-{seat}", Command(None, RecordAdjustment(
            reason="Stufe laut Tisch", target_seat=seat, set_level=levels2[seated.players[seat]])), None, ORGANIZER)
    events.record_results(created.event_id, org)  # Anna's table is won: not stopped
    lines = {s.player: s for s in events.standings(created.event_id, org)}
    # Ben and Cem: 4 + 1.5 points each; Anna 2 + 5 = 7; Dora 1 + 3 = 4.
    assert lines["Anna"].rank == 1 and lines["Anna"].points == 7
    assert lines["Ben"].points == lines["Cem"].points == Fraction(11, 2) and lines["Ben"].rank == lines["Cem"].rank == 2
    assert lines["Dora"].rank == 4 and lines["Dora"].points == 4
