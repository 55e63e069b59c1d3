"""Time called ends a table at its recorded state: ``GameStopped`` (judge/domain/game.py), the
ranking hooks ``table_places``/``table_over`` (judge/rulesets/munchkin/places.py,
judge/rulesets/monkic/places.py), the record's audit and both offline verifiers."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from judge.app import JudgeApp
from judge.common.errors import InvalidArgument, PermissionDenied
from judge.domain.game import TIME_CALLED
from judge.record import audit_record, read_record
from judge.record.verify import verify_record
from judge.rules import registry
from judge.rules.engine import ORGANIZER, SPECTATOR, Command, GameSetup, SeatSetup
from judge.rules.places import is_over, places_of
from judge.rulesets.munchkin.actions import EndTurn, RecordAdjustment
from tests.domain.domain_support import SETUP
from tests.rules.monkic.harness import values

ROOT = Path(__file__).resolve().parents[2]


def offline(record: str) -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location("verify_record", ROOT / "clients/record_verifier/verify_record.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module.verify(record.encode("utf-8"))


def test_munchkin_ranks_a_stopped_table_winners_first_then_by_level_equal_levels_sharing() -> None:
    ruleset = registry.get("munchkin")
    state = ruleset.initial_state(SETUP)
    for seat, level in enumerate((4, 7, 4)):
        state.players[seat].level = level
    assert not is_over(ruleset, state)
    found = places_of(ruleset, state, 3)
    assert found.places == [[1], [0, 2]] and found.scores == [4, 7, 4]
    state.winners, state.finished = [2], True
    assert is_over(ruleset, state)
    assert places_of(ruleset, state, 3).places == [[2], [1], [0]]


def test_monkic_ranks_the_winner_first_then_by_life_points() -> None:
    ruleset = registry.get("monkic")
    setup = GameSetup("monkic", (), (SeatSetup("Anna", {}), SeatSetup("Ben", {})), {}, "reported",
                      custom_cards=tuple(values()))
    state = ruleset.initial_state(setup)
    state.seats[0].life, state.seats[1].life = 12, 20
    assert places_of(ruleset, state, 2).places == [[1], [0]]
    state.winner, state.phase = 0, "over"
    assert is_over(ruleset, state) and places_of(ruleset, state, 2).places == [[0], [1]]


@pytest.fixture
def app(storage: Any, tmp_path: Path) -> Any:
    key = {"JUDGE_SERVER_KEY_FILE": str(tmp_path / "server.key")} if storage.is_postgres else {}
    judge = JudgeApp({**storage.env(), **key})
    yield judge
    judge.close()


def test_time_called_stops_the_game_at_its_levels_and_the_record_checks(app: JudgeApp) -> None:
    game = app.create_game(SETUP)
    for seat, level in ((0, 3), (1, 5), (2, 3)):
        app.submit(game.game_id, f"level-{seat}", Command(None, RecordAdjustment(
            reason="Stufe laut Tisch", target_seat=seat, set_level=level)), None, ORGANIZER)
    with pytest.raises(PermissionDenied):
        app.stop_game(game.game_id, TIME_CALLED, SPECTATOR)
    status = app.stop_game(game.game_id, TIME_CALLED, ORGANIZER)
    assert status.stopped and not status.over
    assert status.places == [[1], [0, 2]] and status.scores == [3, 5, 3]
    assert status.receipt is not None and status.window_closes_at_ms == 0
    with pytest.raises(InvalidArgument):
        app.submit(game.game_id, "late", Command(0, EndTurn()), None, app.authenticate(game.game_id, game.seat_tokens[0]))
    with pytest.raises(InvalidArgument):
        app.stop_game(game.game_id, TIME_CALLED, ORGANIZER)
    assert app.table_status(game.game_id, SPECTATOR).places == [[1], [0, 2]]
    assert app.check_integrity(replay=True)["games"] == 1

    record = app.export_game(game.game_id, ORGANIZER)
    kinds = [json.loads(line)["kind"] for line in record.split("\n")[1:] if line.startswith('{"version":')]
    assert kinds[-1] == "GameStopped"
    assert audit_record(read_record(record)).discrepancies == []
    assert verify_record(record).ok
    assert offline(record).ok

    # A stop that misstates the places is caught by the audit's re-ranking.
    lines = record.split("\n")
    for n, line in enumerate(lines):
        if '"kind":"GameStopped"' in line:
            event = json.loads(line)
            event["places"] = [[0], [1, 2]]
            lines[n] = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
    found = audit_record(read_record("\n".join(lines))).discrepancies
    assert [d.kind for d in found if d.version == len(kinds)] == ["state"]


def test_a_command_after_a_stop_is_refused_by_both_verifiers() -> None:
    from tests.e2e.test_node_record_verifier import forged  # the record re-chained and re-sealed by a forger

    from judge.domain.chain import ServerKey

    judge = JudgeApp({"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        game = judge.create_game(SETUP)
        judge.stop_game(game.game_id, TIME_CALLED, ORGANIZER)
        record = judge.export_game(game.game_id, ORGANIZER)
    finally:
        judge.close()

    def edit(header: dict[str, Any], events: list[dict[str, Any]]) -> None:
        stop = events[-1]
        events.append({**stop, "version": stop["version"] + 1})
        header["events"] = len(events)

    twice = forged(record.encode("utf-8"), edit, ServerKey.generate()).decode("utf-8")
    assert not offline(twice).ok and not verify_record(twice).ok
    assert any("after the game was stopped" in str(p) for p in offline(twice).problems)


def test_a_stop_is_told_by_the_shared_narration_in_german_and_english() -> None:
    from judge.rules.narration import in_every, tell_event

    ruleset = registry.get("munchkin")
    told = tell_event(ruleset, "GameStopped", {"reason": TIME_CALLED, "places": [[1], [0, 2]]}, None, "")
    assert in_every(("en", "de"), told) == {"en": "time is called: the game ends as it stands",
                                           "de": "Die Zeit ist um: das Spiel endet, wie es steht"}
