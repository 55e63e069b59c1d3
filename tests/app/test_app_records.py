"""Export, import and audit through the application."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from uuid import UUID

import pytest

from tests.app.app_support import SETUP, MakeApp, seat, state_json
from judge.app import JudgeApp
from judge.app.types import Created
from judge.common.errors import InvalidArgument, PermissionDenied, Unauthenticated
from judge.record import audit_record, read_record
from judge.rules.engine import ORGANIZER, Command, Viewer
from judge.rulesets.munchkin.actions import (
    KickDoor,
    LootRoom,
    PlayCard,
    RevealCard,
    SellItems,
)


@pytest.fixture
def played(app: JudgeApp, game: Created, seats: list[Viewer], organizer: Viewer) -> Created:
    """A few commands and an upheld dispute."""
    sub = app.submit
    sub(game.game_id, "id", Command(0, RevealCard(card="kettensaege")), None, seats[0])
    sub(game.game_id, "sell", Command(0, SellItems(cards=("kettensaege", "gehoernter-helm"))),
        None, seats[0])
    sub(game.game_id, "kick", Command(0, KickDoor(card="elf")), None, seats[0])
    sub(game.game_id, "race", Command(0, PlayCard(card="elf")), None, seats[0])
    opened = app.open_dispute(game.game_id, 1, 5, "the elf came too late", seats[1])
    app.resolve_dispute(game.game_id, opened.dispute_id, True, "agreed", organizer)
    sub(game.game_id, "loot", Command(0, LootRoom()), None, seats[0])
    return game


def test_export_is_the_documented_record(app: JudgeApp, played: Created) -> None:
    text = app.export_game(played.game_id, ORGANIZER)
    header, *lines = [json.loads(line) for line in text.splitlines()]
    events = [line for line in lines if "receipt" not in line and "seal" not in line]
    receipts = [line["receipt"] for line in lines if "receipt" in line]
    assert "seal" in lines[-1]
    assert header["format"] == "judge-record" and header["events"] == len(events) == 8
    assert header["receipts"] == len(receipts) == 8
    assert [(r["from_version"], r["to_version"]) for r in receipts] == [(v, v) for v in range(1, 9)]
    assert all(e["hash"] == r["chain_head"] for e, r in zip(events, receipts))
    assert header["game_id"] == played.game_id and header["redacted_for"] is None
    assert [e["kind"] for e in events] == [
        "GameCreated", "CommandAccepted", "CommandAccepted", "CommandAccepted",
        "CommandAccepted", "DisputeOpened", "DisputeResolved", "CommandAccepted",
    ]
    assert audit_record(read_record(text)).clean


def test_export_import_round_trip(app: JudgeApp, played: Created) -> None:
    text = app.export_game(played.game_id, ORGANIZER)
    created, report = app.import_game(text)
    assert report.clean and report.events_checked == 8
    assert created.game_id != played.game_id
    assert created.rules_version == played.rules_version
    assert state_json(app, created.game_id) == state_json(app, played.game_id)
    old_events = app.events(played.game_id, ORGANIZER)
    new_events = app.events(created.game_id, ORGANIZER)
    assert new_events[0].kind == "GameImported"
    assert new_events[0].payload["source_game_id"] == played.game_id
    assert [(e.kind, e.payload, e.voided) for e in new_events[1:]] == \
        [(e.kind, e.payload, e.voided) for e in old_events[1:]]
    assert app.view(created.game_id, ORGANIZER)["voided"] == ["5-6"]
    # New tokens: the old ones do not open the imported game.
    with pytest.raises(Unauthenticated):
        app.authenticate(created.game_id, played.organizer_token)
    viewer = seat(app, created, 0)
    # The imported game goes on, and remembers its command ids.
    assert app.submit(created.game_id, "loot", Command(0, LootRoom()), None, viewer).duplicate
    # Exported again, it imports again.
    again, _ = app.import_game(app.export_game(created.game_id, ORGANIZER))
    assert state_json(app, again.game_id) == state_json(app, played.game_id)
    assert app.audit(created.game_id, ORGANIZER).clean


def test_import_refuses_a_hand_edited_record_naming_line_and_problem(
    app: JudgeApp, played: Created
) -> None:
    lines = app.export_game(played.game_id, ORGANIZER).splitlines()
    # Move the sale (line 4) behind a monster at the door: a sale in combat.
    header, created_line, reveal, sale = (json.loads(x) for x in lines[:4])
    combat = json.loads(lines[4]) | {"version": 3, "command_id": "kick-goblin",
                                     "action": {"kind": "kick_door", "card": "lahmer-goblin"},
                                     "effects": [
                                         {"type": "DoorKicked", "seat": 0,
                                          "card": "lahmer-goblin", "kind": "monster"},
                                         {"type": "CombatStarted", "fighter": 0,
                                          "card": "lahmer-goblin"}]}
    sale["version"] = 4
    header["events"] = 4
    text = "\n".join(json.dumps(o) for o in (header, created_line, reveal, combat, sale)) + "\n"
    with pytest.raises(InvalidArgument) as e:
        app.import_game(text)
    assert e.value.field == "record"
    assert "line 5" in e.value.message
    assert "munchkin.sell.not-during-combat" in e.value.message
    assert e.value.message.startswith("rejected at version 4")


def test_import_refuses_unreadable_and_redacted_records(app: JudgeApp, played: Created,
                                                        seats: list[Viewer]) -> None:
    with pytest.raises(InvalidArgument) as e:
        app.import_game("hello\n")
    assert e.value.field == "record" and "line 1" in e.value.message
    redacted = app.export_game(played.game_id, seats[1])
    with pytest.raises(InvalidArgument) as e:
        app.import_game(redacted)
    assert "redacted" in e.value.message


def test_a_seat_export_is_redacted_for_that_seat(app: JudgeApp, played: Created,
                                                 seats: list[Viewer]) -> None:
    own = app.export_game(played.game_id, seats[0])
    other = app.export_game(played.game_id, seats[1])
    assert json.loads(own.splitlines()[0])["redacted_for"] == "seat 0"
    reveal_own = json.loads(own.splitlines()[2])
    reveal_other = json.loads(other.splitlines()[2])
    assert reveal_own["action"]["card"] == "kettensaege"
    assert reveal_other["action"]["card"] is None
    assert "kettensaege" not in json.dumps(reveal_other)
    # The restored state (every hand) is replaced by the viewer's view of it.
    resolved = json.loads(other.splitlines()[7])
    assert resolved["restored_state"] is None
    assert resolved["restored_view"]["seats"][0]["hand"] == []
    assert read_record(other).problems == []


def test_audit_is_for_the_organizer(app: JudgeApp, played: Created,
                                    seats: list[Viewer]) -> None:
    report = app.audit(played.game_id, ORGANIZER)
    assert report.clean and report.events_checked == 8
    assert report.rules_version == "munchkin@1"
    assert app.audit(played.game_id, ORGANIZER, current_rules=True).clean
    with pytest.raises(PermissionDenied):
        app.audit(played.game_id, seats[0])


@pytest.mark.sqlite_only
def test_audit_finds_a_tampered_snapshot(make_app: MakeApp, db_path: Path) -> None:
    app = make_app(SNAPSHOTTING_INTERVAL="2")
    created = app.create_game(SETUP)
    viewer = seat(app, created, 0)
    app.submit(created.game_id, "kick", Command(0, KickDoor(card="elf")), None, viewer)
    assert app.audit(created.game_id, ORGANIZER).clean
    with sqlite3.connect(db_path) as db:
        [(raw,)] = db.execute("SELECT state FROM stored_snapshots WHERE originator_id=?",
                              (UUID(created.game_id).hex,))
        snapshot = json.loads(raw)
        snapshot["state"]["state"]["_data_"]["players"][1]["level"] = 5
        db.execute("UPDATE stored_snapshots SET state=? WHERE originator_id=?",
                   (json.dumps(snapshot).encode(), UUID(created.game_id).hex))
    found = app.audit(created.game_id, ORGANIZER).discrepancies
    assert [(d.version, d.kind) for d in found] == [(2, "state"), (2, "state")]
    assert sorted(d.detail for d in found) == [
        "the served state differs from the replay of the events",  # loaded from the snapshot
        "the snapshot at version 2 differs from the replay of the events",
    ]
