"""The seating draws of an exported event are checked offline against the revealed seed
(docs/events.md, "The record"), even where the record's chain and receipt hold: a judge that
seated a round otherwise than its seed draws, and signed that record with its own key, is found
by the draw check, not by the chain. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from judge.app import JudgeApp
from judge.app.tournament_types import EventSetup
from judge.domain.chain import ServerKey, genesis, line_hash
from judge.record.event_games import game_outcome
from judge.record.event_record import check_event_record, read_event_lines
from judge.record.verify import verify_record

PLAYERS = ("Anna", "Ben", "Cem", "Dora", "Emil", "Fay", "Gus", "Hanna")


@pytest.fixture
def app(storage: Any, tmp_path: Path) -> Iterator[JudgeApp]:
    key = {"JUDGE_SERVER_KEY_FILE": str(tmp_path / "server.key")} if storage.is_postgres else {}
    judge = JudgeApp({**storage.env(), **key})
    yield judge
    judge.close()


def resigned(record: str, key: ServerKey, change: Callable[[list[dict[str, Any]]], None]) -> str:
    """``record`` with its events changed by ``change``, chained and signed again with ``key``: what a
    judge holding its own key could write."""
    header, events, _ = read_event_lines(record)
    change(events)
    prev = genesis(header["event_id"])
    for line in events:
        line["prev_hash"] = prev
        line["hash"] = line_hash(line)
        prev = line["hash"]
    receipt = key.receipt(header["event_id"], 1, len(events), prev)
    rows = [header, *events, {"receipt": receipt.to_dict()}]
    return "\n".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in rows) + "\n"


def test_a_seating_the_seed_does_not_draw_is_found_though_the_record_is_signed(app: JudgeApp) -> None:
    events = app.tournaments
    created = events.create_event(EventSetup("Abend", "munchkin", table_sizes=(4, 4), rounds=1))
    org = created.organizer_token
    for n, player in enumerate(PLAYERS):
        events.register_player(created.event_id, org, player, {"sex": "female" if n % 2 else "male"})
    events.start_round(created.event_id, org)
    events.call_time(created.event_id, org)
    events.finish(created.event_id, org)
    exported = events.export_event(created.event_id, org)
    outcomes = {game_id: game_outcome(record) for game_id, record in exported.games.items()}
    assert all(verify_record(record).ok for record in exported.games.values())
    public = app.key.public_key
    honest = check_event_record(exported.record, outcomes, public)
    assert honest.ok and honest.seed_revealed and honest.rounds_checked == 1, honest.problems

    def swap_across_tables(lines: list[dict[str, Any]]) -> None:
        started = next(line for line in lines if line["kind"] == "RoundStarted")
        one, two = started["tables"][0]["players"], started["tables"][1]["players"]
        one[0], two[0] = two[0], one[0]

    def reorder_seats(lines: list[dict[str, Any]]) -> None:
        started = next(line for line in lines if line["kind"] == "RoundStarted")
        started["tables"][0]["players"].reverse()

    for change in (swap_across_tables, reorder_seats):
        forged = check_event_record(resigned(exported.record, app.key, change), outcomes, public)
        assert not forged.ok
        assert not any("prev_hash" in p or "altered" in p or "receipt" in p for p in forged.problems), forged.problems
        assert any("are not the ones the seed draws" in p for p in forged.problems), forged.problems

    def another_seed(lines: list[dict[str, Any]]) -> None:
        finished = next(line for line in lines if line["kind"] == "TournamentFinished")
        finished["seed"] = "00" * 32

    forged = check_event_record(resigned(exported.record, app.key, another_seed), outcomes, public)
    assert [p for p in forged.problems if "does not match the commitment" in p], forged.problems
