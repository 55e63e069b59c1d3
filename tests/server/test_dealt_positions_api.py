"""A dealt table's position over the real API (docs/position.md, "A dealt
table"): CreateGameFromPosition starts a dealt game whose draw piles are the
position's, the judge draws and rolls from the new game's seed, a card placed
twice is refused with its ruling and field, AskPosition draws from a seed it
keeps nowhere, and the audit and the offline check (judge verify's audit)
take the position as the given start: the same record with other piles in
its position no longer checks (000 SPIELVORBEREITUNGEN, Gewonnen!, SPIELENDE)."""

from __future__ import annotations

import json
from typing import Any

import grpc
import pytest

from judge.record import audit_record, read_record
from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient, JudgeRpcError
from judge_client.client import command_of
from tests.server.support import Table


def _position() -> dict[str, Any]:
    """Anna, level 9 with a Flammende Rüstung, before the door; the door pile holds one Lahmer Goblin."""
    return {
        "format": "judge-position", "family": "munchkin", "version": 1, "ruleset": "munchkin", "mode": "dealt",
        "options": {"interference_window_ms": 0},
        "seats": [{"name": "Anna", "sex": "female", "level": 9,
                   "items": [{"card": "flammende-ruestung", "in_use": True}], "hand": ["elf"]},
                  {"name": "Ben", "sex": "male", "level": 3, "hand": ["zwerg"]},
                  {"name": "Cem", "sex": "male", "level": 4, "hand": []}],
        "piles": {"door": ["lahmer-goblin"], "treasure": ["kettensaege", "dolch-des-verrats"]},
    }


def _tables(client: JudgeClient, created: pb.CreateGameResponse) -> Table:
    return Table(game=created, seats=[client.with_token(t.token) for t in created.seat_tokens],
                 organizer=client.with_token(created.organizer_token),
                 spectator=client.with_token(created.spectator_token))


def test_a_dealt_position_plays_from_its_piles_to_the_win_and_checks_offline_from_the_position(
        client: JudgeClient) -> None:
    """000 Phase 1 (the judge kicks the door open from the pile), Gewonnen! and SPIELENDE: Anna kills the
    Lahmer Goblin for level 10; the revealed seed re-judges the record from the position as given."""
    table = _tables(client, client.create_game_from_position(_position()))
    gid = table.game_id
    view = table.organizer.get_view(gid).view
    assert view.mode == 2 and len(view.seed_sha256) == 64  # TABLE_MODE_DEALT, committed to a fresh seed
    assert dict(view.draw_piles) == {"door": 1, "treasure": 2}
    assert json.loads(view.position_json)["piles"] == {"door": ["lahmer-goblin"],
                                                       "treasure": ["dolch-des-verrats", "kettensaege"]}
    assert "piles" not in json.loads(table.seats[1].get_view(gid).view.position_json)
    anna = table.seats[0]
    anna.submit(gid, 0, "kick_door")
    view = table.organizer.get_view(gid).view
    assert view.combat.monsters[0].card == "lahmer-goblin" and view.combat.players_strength == 11
    # After a draw the organizer's position still lists what the piles hold (the seed says which cards).
    assert json.loads(view.position_json)["piles"] == {"door": [], "treasure": ["dolch-des-verrats", "kettensaege"]}
    anna.submit(gid, 0, "claim_victory")
    view = table.organizer.get_view(gid).view
    if view.HasField("combat") and view.combat.stage == "claimed":
        table.organizer.submit(gid, None, "resolve_combat")
        view = table.organizer.get_view(gid).view
    assert view.status == 2 and list(view.winners) == [0] and view.seed  # finished, the seed revealed
    record = table.organizer.export_game(gid).record
    assert audit_record(read_record(record)).clean
    # The position is the given start: other piles in it and the recorded draws no longer follow.
    lines = record.splitlines()
    header = json.loads(lines[0])
    position = header["setup"]["position"]
    position["piles"]["door"] = ["bigfoot"]
    lines[0] = json.dumps(header)
    altered = audit_record(read_record("\n".join(lines) + "\n"))
    assert not altered.clean


def test_a_card_twice_at_a_dealt_table_is_refused_with_its_ruling_and_field(client: JudgeClient) -> None:
    """000 SPIELVORBEREITUNGEN: one Flammende Rüstung in the game, placed in front of Anna and in a pile."""
    p = _position()
    p["piles"]["treasure"].append("flammende-ruestung")
    for call in (client.create_game_from_position, client.ask_position):
        with pytest.raises(JudgeRpcError) as caught:
            call(p)
        assert caught.value.code == grpc.StatusCode.FAILED_PRECONDITION
        assert caught.value.rule_id == "munchkin.position.card-twice"
        assert caught.value.error_info is not None
        assert caught.value.error_info.metadata["field"] == "position.piles.treasure[2]"


def test_ask_on_a_dealt_position_draws_from_its_piles_and_keeps_nothing(client: JudgeClient, judge: Any) -> None:
    """000 Phase 1: Tür eintreten at a dealt table: the judge turns up the door (the only one in the pile)."""
    games = judge.app.game_count
    answer = client.ask_position(_position(), command_of(0, "kick_door", {}))
    assert answer.allowed
    after = json.loads(answer.position_after_json)
    assert after["combat"]["monsters"][0]["card"] == "lahmer-goblin" and after["piles"]["door"] == []
    assert judge.app.game_count == games
