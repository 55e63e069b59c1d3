"""The JSON Lines record and the offline audit (no server, no database)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.domain.domain_support import (
    START_MS,
    act,
    new_game,
    record_events,
    record_text,
)
from judge.domain.rules import Judgement, jsonable
from judge.record import (
    FORMAT,
    RecordedEvent,
    RecordError,
    audit_record,
    read_record,
    write_record,
)
from judge.rules.engine import Command, Context, GameSetup
from judge.rules.ruling import RULES, Citation, Rule, reject
from judge.rules import registry
from judge.rulesets.munchkin import Munchkin
from judge.rulesets.munchkin.actions import (
    ClaimVictory,
    KickDoor,
    LootRoom,
    PlayCard,
    SellItems,
)

SALE = SellItems(cards=("gehoernter-helm", "kettensaege"))


def lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


def unlines(objs: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(o) + "\n" for o in objs)


def sale_then_combat() -> str:
    """v2 a legal sale (own turn, no combat), v3 a door with a monster."""
    game = new_game()
    act(game, "sell", 0, SALE)
    act(game, "kick", 0, KickDoor(card="lahmer-goblin"))
    return record_text(game)


# --------------------------------------------------------------------------- format


def test_write_then_read_gives_the_same_record() -> None:
    game = new_game()
    act(game, "kick", 0, KickDoor(card="elf"))
    text = record_text(game)
    header, *events = lines(text)
    assert header["format"] == FORMAT and header["format_version"] == 2
    assert header["events"] == 2 and header["rules_version"] == "munchkin@1"
    assert [(e["version"], e["kind"]) for e in events] == [(1, "GameCreated"),
                                                          (2, "CommandAccepted")]
    record = read_record(text)
    assert record.problems == []
    assert [e.data for e in record.events] == [e.data for e in record_events(game)]
    assert [e.line for e in record.events] == [2, 3]
    assert write_record(record.header, record.events) == text


@pytest.mark.parametrize(("text", "item"), [
    ("", "header"),
    ("{not json\n", "header"),
    ('["a"]\n', "header"),
    ('{"format": "pgn"}\n', "format"),
    ('{"format": "judge-record", "format_version": 3}\n', "format_version"),
    ('{"format": "judge-record", "format_version": 1, "game_id": "g"}\n', "ruleset"),
])
def test_unusable_headers_are_errors_with_line_and_field(text: str, item: str) -> None:
    with pytest.raises(RecordError) as e:
        read_record(text)
    assert (e.value.line, e.value.item) == (1, item)
    assert e.value.field == "record"
    assert "line 1" in e.value.message


def test_bad_event_lines_are_collected_not_raised() -> None:
    header, created, sale, kick = lines(sale_then_combat())
    del sale["effects"]
    header["events"] = 4
    text = unlines([header, created]) + "{oops\n" + unlines([sale, kick])
    record = read_record(text)
    assert [(p.line, p.item) for p in record.problems] == [(3, "line"), (4, "effects")]
    assert [e.line for e in record.events] == [2, 5]


# --------------------------------------------------------------------------- audit


def test_a_clean_record_audits_clean() -> None:
    report = audit_record(read_record(sale_then_combat()))
    assert report.clean
    assert report.events_checked == 3
    assert report.rules_version == "munchkin@1"


def test_audit_catches_a_hand_edited_sale_during_combat() -> None:
    # Swap the two commands: the sale now happens during the combat.
    header, created, sale, kick = lines(sale_then_combat())
    kick["version"], sale["version"] = 2, 3
    report = audit_record(read_record(unlines([header, created, kick, sale])))
    assert not report.clean
    [d] = report.discrepancies
    assert (d.version, d.kind) == (3, "rejected")
    assert d.ruling is not None
    assert d.ruling.rule_id == "munchkin.sell.not-during-combat"
    assert "line 4" in d.detail


def test_audit_reports_different_effects() -> None:
    header, created, sale, kick = lines(sale_then_combat())
    level = next(e for e in sale["effects"] if e["type"] == "LevelChanged")
    level["level"], level["delta"] = 3, 2  # two levels for 1,200 gold
    report = audit_record(read_record(unlines([header, created, sale, kick])))
    [d] = report.discrepancies
    assert (d.version, d.kind) == (2, "different")
    assert "LevelChanged" in d.detail


def test_audit_keeps_going_after_each_discrepancy() -> None:
    header, created, sale, kick = lines(sale_then_combat())
    header["events"] = 4
    sale["version"], sale["seat"] = 3, 1  # not seat 1's turn
    kick["version"], kick["effects"] = 4, []  # the rules give other effects
    text = unlines([header, created]) + "not json\n" + unlines([sale, kick])
    report = audit_record(read_record(text))
    assert [(d.version, d.kind) for d in report.discrepancies] == [
        (2, "malformed"), (3, "rejected"), (4, "different"),
    ]
    assert report.discrepancies[0].detail.startswith("line 3: line: not valid JSON")
    assert report.events_checked == 4


def test_audit_checks_version_continuity_and_the_event_count() -> None:
    header, created, sale, kick = lines(sale_then_combat())
    kick["version"] = 5
    report = audit_record(read_record(unlines([header, created, sale, kick])))
    [d] = report.discrepancies
    assert (d.version, d.kind) == (5, "malformed")
    assert "expected 3, found 5" in d.detail
    header["events"] = 7
    report = audit_record(read_record(unlines([header, created, sale])))
    [d] = report.discrepancies
    assert (d.version, d.kind) == (0, "malformed") and "announces 7" in d.detail


def test_audit_refuses_redacted_records() -> None:
    header, *rest = lines(sale_then_combat())
    header["redacted_for"] = "seat 1"
    with pytest.raises(RecordError) as e:
        audit_record(read_record(unlines([header, *rest])))
    assert e.value.item == "redacted_for"


def test_audit_checks_rollbacks() -> None:
    game = new_game()
    act(game, "kick", 0, KickDoor(card="elf"))
    before = jsonable(game.ruleset.to_dict(game.state))
    act(game, "race", 0, PlayCard(card="elf"))
    act(game, "loot", 0, LootRoom())
    dispute = game.open_dispute(1, 3, "no", Judgement("legal", "the rules give the recorded "
                                                      "effects"), START_MS, "CommandAccepted")
    game.resolve_dispute(dispute, True, "", before, START_MS)
    text = record_text(game)
    assert audit_record(read_record(text)).clean

    header, *events = lines(text)
    events[-1]["restored_state"]["players"][0]["level"] = 9
    [d] = audit_record(read_record(unlines([header, *events]))).discrepancies
    assert (d.version, d.kind) == (6, "state")

    header, *events = lines(text)
    events[-1]["voided_to"] = 4
    [d] = audit_record(read_record(unlines([header, *events]))).discrepancies
    assert (d.version, d.kind) == (6, "malformed") and "voided" in d.detail

    header, *events = lines(text)
    events[-2]["recheck"]["outcome"] = "rejected"
    [d] = audit_record(read_record(unlines([header, *events]))).discrepancies
    assert (d.version, d.kind) == (5, "different") and "recheck" in d.detail


def test_voided_events_are_not_reported_again() -> None:
    # An illegal sale was disputed and the dispute upheld: the record is clean.
    header, created, sale, kick = lines(sale_then_combat())
    kick["version"], sale["version"] = 2, 3
    game = new_game()
    act(game, "kick", 0, KickDoor(card="lahmer-goblin"))
    state_before_sale = jsonable(game.ruleset.to_dict(game.state))
    opened: dict[str, Any] = {
        "version": 4, "kind": "DisputeOpened", "recorded_at_ms": START_MS,
        "dispute_id": 1, "seat": 1, "event_version": 3, "reason": "sold in combat",
    }
    report = audit_record(read_record(unlines([header, created, kick, sale])))
    ruling = report.discrepancies[0].ruling
    assert ruling is not None
    opened["recheck"] = {"legal": False, "outcome": "rejected", "summary": "",
                         "ruling": {"rule_id": ruling.rule_id}}
    resolved = {"version": 5, "kind": "DisputeResolved", "recorded_at_ms": START_MS,
                "dispute_id": 1, "upheld": True, "note": "", "restored_state": state_before_sale,
                "voided_from": 3, "voided_to": 4}
    header["events"] = 5
    report = audit_record(read_record(unlines([header, created, kick, sale, opened, resolved])))
    assert report.clean, report.discrepancies


# --------------------------------------------------------------------------- current rules


class _StricterMunchkin(Munchkin):
    """A later rules version of a test ruleset: a level-1 goblin may no
    longer be met at the door."""

    name = "audit-test-munchkin"
    rules_version = "2"

    def _strict_kick_door(self, tx: Any, seat: int, a: KickDoor) -> None:
        if a.card == "lahmer-goblin":
            raise reject("audit-test.kick.no-goblins")
        Munchkin.action_handlers["kick_door"](self, tx, seat, a)

    action_handlers = {**Munchkin.action_handlers, "kick_door": _strict_kick_door}


class _OldMunchkin(Munchkin):
    name = "audit-test-munchkin"
    rules_version = "1"


@pytest.fixture
def two_rules_versions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the test ruleset (old pinned version, stricter current one)
    and its extra rule for one test only."""
    monkeypatch.setitem(RULES, "audit-test.kick.no-goblins", Rule(
        "audit-test.kick.no-goblins", Citation("test", "test", "-"), de="Keine Goblins.",
        en="No goblins."))
    monkeypatch.setitem(registry._REGISTRY, "audit-test-munchkin",
                        {"1": _OldMunchkin(), "2": _StricterMunchkin()})
    monkeypatch.setitem(registry._CURRENT, "audit-test-munchkin", "2")


@pytest.mark.usefixtures("two_rules_versions")
def test_current_rules_list_every_event_whose_ruling_would_differ() -> None:
    from judge.domain.game import Game

    setup = GameSetup.from_dict({**new_game().setup, "ruleset": "audit-test-munchkin"})
    game = Game.create(setup, "audit-test-munchkin@1", START_MS)
    game.accept("sell", Command(0, SALE), Context(now_ms=START_MS))
    game.accept("kick", Command(0, KickDoor(card="lahmer-goblin")), Context(now_ms=START_MS))
    text = record_text(game, record_events(game))
    record = read_record(text.replace('"ruleset":"munchkin"', '"ruleset":"audit-test-munchkin"'))
    assert audit_record(record).clean
    report = audit_record(record, current_rules=True)
    assert report.rules_version == "audit-test-munchkin@2"
    [d] = report.discrepancies
    assert (d.version, d.kind) == (3, "rejected")
    assert d.ruling is not None and d.ruling.rule_id == "audit-test.kick.no-goblins"


def test_claim_effects_carry_the_recorded_clock() -> None:
    # Time enters through the context: the audit re-judges with the recorded
    # clock, so a window deadline replays exactly.
    game = new_game()
    act(game, "armour", 0, PlayCard(card="flammende-ruestung"))
    act(game, "kick", 0, KickDoor(card="lahmer-goblin"))
    act(game, "claim", 0, ClaimVictory(), now_ms=START_MS + 12_345)
    events = record_events(game)
    assert events[-1].data["context"]["now_ms"] == START_MS + 12_345
    assert audit_record(read_record(record_text(game, events))).clean
    edited = [*events[:-1], RecordedEvent(
        events[-1].version, events[-1].kind, START_MS + 1,
        {**events[-1].data, "context": {"now_ms": START_MS + 1, "dice": []}},
    )]
    [d] = audit_record(read_record(record_text(game, edited))).discrepancies
    assert d.kind == "different"


def test_a_record_without_events_is_malformed() -> None:
    header = lines(sale_then_combat())[0] | {"events": 0}
    [d] = audit_record(read_record(unlines([header]))).discrepancies
    assert (d.version, d.kind) == (1, "malformed")
