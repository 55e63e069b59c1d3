"""A scripted Munchkin game against a real judge process (started with the
README's command), driven by the command line and by the client library from
this separate process:

* several turns, including a combat whose claimed win is contested inside the
  interference window and then resolved by the judge when the window closes;
* a sale rejected during combat, with its ruling;
* a dispute upheld with a rollback, history kept and marked void;
* an export and an offline audit, which catches a hand-edited illegal event;
* health SERVING and reflection listing the service.
"""

from __future__ import annotations

import json
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase

from judge_client import JudgeClient, JudgeRpcError
from tests.e2e.conftest import cli, cli_json
from tests.support.judge_process import JudgeProcess

WINDOW_MS = 10_000  # generous: the contest must land inside it even on a loaded machine
RPCS = {"CreateGame", "Submit", "Ask", "LegalActions", "GetView", "Replay", "Watch", "OpenDispute",
        "ResolveDispute", "ListDisputes", "ExportGame", "ImportGame", "Audit", "RotateToken",
        "GetServerKey", "ListRulesets", "ListCards", "ListGames", "CreateGameFromPosition", "AskPosition",
        "AddCard", "EditCard", "RemoveCard", "ImportCards", "ExportCards", "CorrectCard"}


def _wait_for_version(client: JudgeClient, game: str, after: int, version: int) -> list:
    """Follow the game with Watch until it reaches ``version``; return the events seen."""
    seen = []
    stream = client.watch(game, after_version=after, timeout=120)
    try:
        for item in stream:
            seen.append(item)
            if item.event.version >= version:
                break
    finally:
        stream.cancel()
    return seen


def test_scripted_game_over_the_real_api(server: JudgeProcess, tmp_path: Path) -> None:
    t = server.target
    # ---------------------------------------------------------------- creation (CLI)
    created = cli_json(t, "new", "munchkin", "--seat", "Anna:female", "--seat", "Ben:male", "--seat", "Cem:male",
                       "--window-ms", str(WINDOW_MS))
    game = created["game_id"]
    tokens = {s["seat"]: s["token"] for s in created["seat_tokens"]}
    organizer = created["organizer_token"]
    anna = JudgeClient(t, tokens[0])
    ben = JudgeClient(t, tokens[1])
    cem = JudgeClient(t, tokens[2])
    org = JudgeClient(t, organizer)

    # ---------------------------------------------------------------- turn 1: Anna
    cli(t, "submit", game, "0", "kick_door", "--arg", "card=topfpflanze", token=tokens[0])          # v2
    sale = cli(t, "submit", game, "0", "sell_items", "--arg", "cards=flammende-ruestung", "--json",
               token=tokens[0], check=False)
    assert sale.returncode == 1
    error = json.loads(sale.stdout)["error"]
    assert error["code"] == "FAILED_PRECONDITION" and error["rule_id"] == "munchkin.sell.not-during-combat"
    assert error["ruling"]["source"] == "000_c61f154748b3a975.txt"
    assert error["ruling"]["section"] == "Gegenstände verkaufen"
    # The same ruling in German, through the client library.
    with pytest.raises(JudgeRpcError) as info:
        JudgeClient(t, tokens[0], language="de").submit(game, 0, "sell_items", cards=["flammende-ruestung"])
    assert info.value.rule_id == "munchkin.sell.not-during-combat"
    assert info.value.message == "Während eines Kampfes darf nichts verkauft werden."
    assert org.get_view(game).view.version == 2  # nothing recorded

    anna.submit(game, 0, "play_card", card="trank-der-idiotischen-tapferkeit", side="players")      # v3
    claim = anna.submit(game, 0, "claim_victory")                                                   # v4
    assert claim.view.combat.stage == "claimed"
    # Contested inside the window: Ben makes the plant angry (+5).
    contest = ben.submit(game, 1, "play_card", card="wuetend", monster_index=0)                     # v5
    assert contest.view.combat.stage == "fighting"
    assert (contest.view.combat.players_strength, contest.view.combat.monsters_strength) == (3, 6)
    with pytest.raises(JudgeRpcError) as info:
        ben.submit(game, 1, "resolve_combat")
    assert info.value.rule_id == "munchkin.combat.not-claimed"
    anna.submit(game, 0, "play_card", card="eiskalter-sprengtrank", side="players")                 # v6
    with pytest.raises(JudgeRpcError) as info:
        anna.submit(game, 0, "claim_victory")
    assert info.value.rule_id == "munchkin.combat.ties-lose"
    anna.submit(game, 0, "play_card", card="trank-der-idiotischen-tapferkeit", side="players")      # v7
    claimed = anna.submit(game, 0, "claim_victory")                                                 # v8
    assert claimed.version == 8
    # Nobody acts: the judge itself resolves the combat when the window has passed.
    events = _wait_for_version(org, game, 8, 9)
    resolved = events[-1]
    assert resolved.event.action == "resolve_combat" and not resolved.event.HasField("seat")
    payload = json.loads(resolved.event.payload_json)
    closed = next(e for e in payload["effects"] if e["type"] == "WindowClosed")
    assert closed["closed_at_ms"] >= claimed.view.combat.window_closes_at_ms
    view = org.get_view(game).view
    assert view.seats[0].level == 2 and view.phase == "charity" and not view.HasField("combat")
    assert view.seats[0].hand_size == 8 - 3 + 2  # three potions played, two treasures (plant + angry)
    # Charity: 7 cards, keep 5; Ben and Cem share the lowest level: one each.
    anna.submit(game, 0, "end_turn", gifts=[{"to_seat": 1, "unknown": 1}, {"to_seat": 2, "unknown": 1}])  # v10

    # ---------------------------------------------------------------- turn 2: Ben (CLI)
    cli(t, "submit", game, "1", "kick_door", "--arg", "card=uralt", token=tokens[1])                     # v11
    cli(t, "submit", game, "1", "loot_room", token=tokens[1])                                              # v12
    # 8 - Wütend + 1 gift + Uralt + 1 loot = 10 cards; Ben is (one of) the lowest: he discards 5.
    cli(t, "submit", game, "1", "end_turn", "--data", '{"discard": ["uralt"], "discard_unknown": 4}',
        token=tokens[1])                                                                                   # v13

    # ---------------------------------------------------------------- turn 3: Cem
    cem.submit(game, 2, "kick_door", card="elf")                                                    # v14
    played = cem.submit(game, 2, "play_card", card="elf")                                           # v15
    assert list(played.view.seats[2].races) == ["elf"]

    # ---------------------------------------------------------------- dispute upheld with rollback
    opened = cli_json(t, "dispute", "open", game, "1", "15", "Cem kicked a dwarf, not an elf", token=tokens[1])
    dispute = opened["dispute"]
    assert int(dispute["event_version"]) == 15
    assert dispute["recheck_legal"] is True  # the automatic re-check finds the event legal
    with pytest.raises(JudgeRpcError) as info:
        ben.resolve_dispute(game, dispute["dispute_id"], uphold=True, note="mine")
    assert info.value.code == grpc.StatusCode.PERMISSION_DENIED
    resolved = org.resolve_dispute(game, dispute["dispute_id"], uphold=True, note="the table saw a dwarf")
    view = resolved.view
    assert list(view.seats[2].races) == [] and "elf" in view.seats[2].hand  # back to the state before v15
    assert list(view.voided) == ["15-16"]
    history = list(org.replay(game))
    assert [r.event.version for r in history] == list(range(1, view.version + 1))
    assert [r.event.voided for r in history if r.event.version in (15, 16)] == [True, True]
    assert list(history[14].view.seats[2].races) == ["elf"]  # history kept
    # The game goes on from the restored state.
    cem.submit(game, 2, "loot_room")
    assert org.list_disputes(game).disputes[0].status == 2  # DISPUTE_STATUS_UPHELD

    # ---------------------------------------------------------------- export and offline audit
    record = tmp_path / "game.jsonl"
    cli(t, "export", game, "--out", str(record), token=organizer)
    audit = cli(t, "audit", "--file", str(record), "--json")
    report = json.loads(audit.stdout)
    assert report["clean"] is True and int(report["events_checked"]) == org.get_view(game).view.version

    # A hand-edited record: a sale slipped in during the combat of turn 1.
    lines = record.read_text().splitlines()
    header = json.loads(lines[0])
    events = [json.loads(line) for line in lines[1:]]
    forged = dict(events[2], command_id="forged-sale", action={"kind": "sell_items",
                                                              "cards": ["kettensaege", "gehoernter-helm"]})
    forged["effects"] = [{"type": "ItemsSold", "seat": 0, "cards": ["kettensaege", "gehoernter-helm"], "gold": 1200},
                         {"type": "LevelChanged", "seat": 0, "level": 2, "delta": 1, "reason": "sale"}]
    events.insert(2, forged)
    for version, event in enumerate(events, start=1):
        event["version"] = version
    header["events"] = len(events)
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(json.dumps(x) for x in [header, *events]) + "\n")
    audit = cli(t, "audit", "--file", str(tampered), "--json", check=False)
    assert audit.returncode == 3
    report = json.loads(audit.stdout)
    assert report["clean"] is False
    first = report["discrepancies"][0]
    assert int(first["version"]) == 3 and first["kind"] == "rejected"
    assert first["ruling"]["rule_id"] == "munchkin.sell.not-during-combat"

    # The clean record imports as a new game with new tokens.
    with pytest.raises(JudgeRpcError) as info:
        org.import_game(record.read_text())  # a game's organizer is not the server's admin
    assert info.value.code == grpc.StatusCode.PERMISSION_DENIED
    imported = JudgeClient(t, server.admin_token).import_game(record.read_text())
    assert imported.audit.clean and imported.game.game_id != game


def test_health_and_reflection_on_the_real_server(server: JudgeProcess) -> None:
    with grpc.insecure_channel(server.target) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        for service in ("", "judge.v1.JudgeService"):
            reply = health.Check(health_pb2.HealthCheckRequest(service=service), timeout=30)
            assert reply.status == health_pb2.HealthCheckResponse.SERVING
        db = ProtoReflectionDescriptorDatabase(channel)
        services = set(db.get_services())
        assert {"judge.v1.JudgeService", "grpc.health.v1.Health"} <= services
        descriptor = db.FindFileContainingSymbol("judge.v1.JudgeService")
        methods = {m.name for s in descriptor.service if s.name == "JudgeService" for m in s.method}
        assert methods == RPCS

