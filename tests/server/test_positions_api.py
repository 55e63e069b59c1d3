"""Positions over the real API (issue "Rulings mid-game"), as a group would:
write a position file by hand from docs/position.md, load it, ask three
questions and get cited answers with the numbers; export a running game's
position and load it into a new game that plays on identically; bad input
answers INVALID_ARGUMENT naming the field, a table no legal game reaches
FAILED_PRECONDITION with the ruling and the field; a seat's view, position
and replay never show another seat's hand. For Munchkin (000) and monkic (002)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import grpc
from google.protobuf import json_format
import pytest

from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient, JudgeRpcError
from judge_client.client import command_of
from tests.server.monkic_support import opened
from tests.server.support import Table

DOCS = Path(__file__).resolve().parents[2] / "docs" / "position"


def _hand_written() -> dict[str, Any]:
    return dict(json.loads((DOCS / "anna-vs-plutoniumdrache.json").read_text(encoding="utf-8")))


def _tables(client: JudgeClient, created: pb.CreateGameResponse) -> Table:
    return Table(game=created, seats=[client.with_token(t.token) for t in created.seat_tokens],
                 organizer=client.with_token(created.organizer_token),
                 spectator=client.with_token(created.spectator_token))


def _comparable(view: pb.GameView) -> dict[str, Any]:
    data = json.loads(view.state_json)
    for key in ("game_id", "version", "state_json", "voided", "open_disputes", "window_closes_at_ms"):
        data.pop(key, None)
    return data


def test_a_hand_written_position_loads_and_answers_three_questions_with_numbers(client: JudgeClient) -> None:
    """000 KAMPF, Um Hilfe bitten, Weitere Aktionen im Kampf, Verloren!, Gewonnen!, Flüche: Anna (level 5 elf,
    Flammende Rüstung) and Ben fight the Plutoniumdrache with Uralt on it; Cem holds a curse."""
    table = _tables(client, client.create_game_from_position(_hand_written()))
    view = table.organizer.get_view(table.game_id).view
    assert (view.combat.players_strength, view.combat.monsters_strength) == (10, 30)
    by = {b.subject: b for b in view.analysis.breakdowns}
    assert [(t.label, t.card, t.amount, t.rule) for t in by["players"].terms] == [
        ("level", "", 5, "munchkin.strength.level"),
        ("item", "flammende-ruestung", 2, "munchkin.strength.item"),
        ("help", "", 3, "munchkin.strength.help")]
    assert by["monsters"].total == 30 and by["seat:0"].total == 7
    # 1. Who wins? The monsters, by 20; a claim is refused with the ruling and when it would be legal.
    forecast = view.analysis.forecast
    assert (forecast.winner, forecast.margin) == ("monsters", -20)
    anna = table.seats[0]
    answer = anna.ask_command(table.game_id, command_of(0, "claim_victory", {}))
    assert not answer.allowed and answer.ruling.rule_id == "munchkin.combat.ties-lose"
    assert answer.ruling.legal_when and answer.ruling.source.startswith("000_")
    # 2. What does Ben need to run? Nothing: the dragon pursues nobody of level 5 or less.
    ben_run = next(r for r in forecast.runs if r.seat == 1)
    assert not ben_run.pursues and ben_run.rule == "munchkin.forecast.pursuit" and ben_run.pursuit_limit == 5
    assert forecast.treasures.total == 7 and forecast.levels == 2
    # 3. May Cem still curse her? Yes: she drops to level 4.
    cem = table.seats[2]
    answer = cem.ask_command(table.game_id, command_of(2, "play_card", {"card": "fluch-verliere-eine-stufe",
                                                                          "target_seat": 0}))
    assert answer.allowed
    effects = json.loads(answer.events[0].payload_json)["effects"]
    assert {"type": "LevelChanged", "seat": 0, "level": 4, "delta": -1,
            "reason": "fluch-verliere-eine-stufe"} in effects


def test_the_view_has_a_breakdown_beside_every_strength_read_out_by_the_cards_names(client: JudgeClient) -> None:
    """000 KAMPF ("Die Kampfstärke errechnet sich aus deiner eigenen Stufe plus sämtlichen Modifizierern"),
    Um Hilfe bitten, Weitere Aktionen im Kampf: SeatView, CombatView and MonsterView carry their breakdowns;
    and what Cem may still play (his curse on Anna) is among his legal actions."""
    table = _tables(client, client.create_game_from_position(_hand_written()))
    for who in (table.organizer, table.seats[1], table.spectator):
        view = who.get_view(table.game_id).view
        anna = view.seats[0]
        assert anna.strength == anna.breakdown.total == 7
        assert [(t.card_name, t.amount, t.rule) for t in anna.breakdown.terms] == [
            ("", 5, "munchkin.strength.level"), ("Flammende Rüstung", 2, "munchkin.strength.item")]
        combat = view.combat
        assert (combat.players_breakdown.total, combat.monsters_breakdown.total) == \
            (combat.players_strength, combat.monsters_strength) == (10, 30)
        dragon = combat.monsters[0]
        assert dragon.strength == dragon.breakdown.total == 30
        assert [(t.card_name, t.amount) for t in dragon.breakdown.terms] == [("Plutoniumdrache", 20), ("Uralt", 10)]
    forecast = table.organizer.get_view(table.game_id).view.analysis.forecast
    assert forecast.players_need == 20  # Ben, a warrior, wins ties (000 Um Hilfe bitten)
    cem = table.seats[2].legal_actions(table.game_id, 2).actions
    assert any(json.loads(json_format.MessageToJson(a.command)).get("playCard", {}).get("card")
               == "fluch-verliere-eine-stufe" for a in cem)


def test_ask_on_a_position_keeps_no_game_and_answers_like_ask(client: JudgeClient, judge: Any) -> None:
    """The same questions with no game kept (AskPosition); German explanations with accept-language de."""
    games = judge.app.game_count
    answer = client.ask_position(_hand_written(), command_of(0, "claim_victory", {}))
    assert not answer.allowed and answer.ruling.rule_id == "munchkin.combat.ties-lose"
    assert answer.analysis.forecast.players == 10 and answer.analysis.forecast.monsters == 30
    answer = client.ask_position(_hand_written(), command_of(2, "play_card", {"card": "fluch-verliere-eine-stufe",
                                                                             "target_seat": 0}))
    assert answer.allowed and json.loads(answer.position_after_json)["seats"][0]["level"] == 4
    # Told as a game's event is, with the players' and the cards' names.
    [event] = answer.events
    assert "Cem" in event.summary and "Anna" in event.summary and "curse" in event.summary.lower(), event.summary
    only = client.ask_position(_hand_written())
    assert only.allowed and not only.events and only.analysis.forecast.winner == "monsters"
    with JudgeClient(judge.target, language="de") as german:
        refused = german.ask_position(_hand_written(), command_of(0, "claim_victory", {}))
        assert refused.ruling.explanation == refused.ruling.explanation_de != refused.ruling.explanation_en
    assert judge.app.game_count == games


def test_a_running_games_position_loads_into_a_new_game_that_plays_on_identically(
        client: JudgeClient, table: Table) -> None:
    """Export a Munchkin game mid-combat and continue both the same way."""
    gid = table.game_id
    anna = table.seats[0]
    anna.submit(gid, 0, "kick_door", card="bigfoot")
    position = json.loads(table.organizer.get_view(gid).view.position_json)
    copy = _tables(client, client.create_game_from_position(position))
    assert _comparable(copy.organizer.get_view(copy.game_id).view) == \
        _comparable(table.organizer.get_view(gid).view)
    for t in (table, copy):
        t.seats[0].submit(t.game_id, 0, "ask_for_help", helper=1)
        t.seats[1].submit(t.game_id, 1, "answer_help", accept=True)
        t.seats[0].submit(t.game_id, 0, "give_up")
        t.seats[0].submit(t.game_id, 0, "run_away", monster_index=0, die=6)
    assert _comparable(copy.organizer.get_view(copy.game_id).view) == \
        _comparable(table.organizer.get_view(gid).view)


def test_a_monkic_position_round_trips_and_answers(client: JudgeClient) -> None:
    """002: a monkic table after both openings, exported, loaded and asked about."""
    table, _ = opened(client)
    position = json.loads(table.organizer.get_view(table.game_id).view.position_json)
    assert position["family"] == "monkic" and [s["life"] for s in position["seats"]] == [20, 20]
    copy = _tables(client, client.create_game_from_position(position))
    assert _comparable(copy.organizer.get_view(copy.game_id).view) == \
        _comparable(table.organizer.get_view(table.game_id).view)
    kind = table.seats[0].legal_actions(table.game_id, 0).actions[0].command
    for t in (table, copy):
        t.seats[0].submit_command(t.game_id, kind)
    assert _comparable(copy.organizer.get_view(copy.game_id).view) == \
        _comparable(table.organizer.get_view(table.game_id).view)
    # Plays on identically: each step the first legal action of the seat to act, in both games.
    played = 0
    for _ in range(6):
        view = table.organizer.get_view(table.game_id).view
        seat = json.loads(view.position_json)["active_seat"]
        actions = table.seats[seat].legal_actions(table.game_id, seat).actions
        if not actions:
            break
        for t in (table, copy):
            t.seats[seat].submit_command(t.game_id, actions[0].command)
        played += 1
        assert _comparable(copy.organizer.get_view(copy.game_id).view) == \
            _comparable(table.organizer.get_view(table.game_id).view)
    assert played >= 3
    answer = client.ask_position(position, kind)
    assert answer.allowed and answer.events


@pytest.mark.parametrize("change, field", [
    (lambda p: "{", "position_json"),
    (lambda p: "", "position_json"),
    (lambda p: {**p, "padding": "x" * (256 * 1024)}, "position_json"),  # longer than MAX_POSITION_CHARS
    (lambda p: {**p, "format": "fen"}, "position.format"),
    (lambda p: {**p, "ruleset": "schach"}, "position.ruleset"),
    (lambda p: {**p, "active_seat": 9}, "position.active_seat"),
    (lambda p: {**p, "seats": [{**p["seats"][0], "hand": ["no-such-card"]}, *p["seats"][1:]]},
     "position.seats[0].hand[0]"),
    (lambda p: {**p, "combat": {**p["combat"], "monsters": [{"card": "elf"}]}}, "position.combat.monsters[0].card"),
])
def test_a_malformed_position_answers_invalid_argument_naming_the_field(client: JudgeClient, change: Any,
                                                                         field: str) -> None:
    bad = change(_hand_written())
    for call in (client.create_game_from_position, client.ask_position):
        with pytest.raises(JudgeRpcError) as caught:
            call(bad)
        assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT, caught.value
        assert field in dict(caught.value.field_violations), caught.value.field_violations


def test_ask_position_with_a_seat_the_position_lacks_is_invalid_argument(client: JudgeClient) -> None:
    with pytest.raises(JudgeRpcError) as caught:
        client.ask_position(_hand_written(), command_of(5, "claim_victory", {}))
    assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert "command.seat" in dict(caught.value.field_violations)


def test_an_unreachable_table_is_refused_with_its_ruling_and_field(client: JudgeClient) -> None:
    """000 SPIELVORBEREITUNGEN ("Deine Stufe kann nie unter 1 sinken") and Gegenstände (one big item)."""
    p = _hand_written()
    p["seats"][1]["level"] = 0
    with pytest.raises(JudgeRpcError) as caught:
        client.create_game_from_position(p)
    assert caught.value.code == grpc.StatusCode.FAILED_PRECONDITION
    assert caught.value.rule_id == "munchkin.position.level"
    assert caught.value.error_info is not None and caught.value.error_info.metadata["field"] == "position.seats[1].level"


def test_no_seat_sees_another_seats_hand_through_view_position_or_replay(client: JudgeClient) -> None:
    """Cem's curse in hand stays Cem's: Anna's and the spectator's view, position and the creation event
    show a count; Cem and the organizer see the card."""
    table = _tables(client, client.create_game_from_position(_hand_written()))
    secret = "fluch-verliere-eine-stufe"
    for who in (table.seats[0], table.seats[1], table.spectator):
        view = who.get_view(table.game_id).view
        assert secret not in view.state_json
        cem = json.loads(view.position_json)["seats"][2]
        assert cem["hand"] == [] and cem["hand_unknown"] == 3
        for event in who.replay(table.game_id):
            assert secret not in event.event.payload_json
        assert secret not in who.export_game(table.game_id).record
    assert secret in json.loads(table.seats[2].get_view(table.game_id).view.position_json)["seats"][2]["hand"]
    first = next(iter(table.organizer.replay(table.game_id))).event
    assert secret in first.payload_json


def test_a_game_from_a_position_audits_clean_and_imports_again(client: JudgeClient, admin: JudgeClient) -> None:
    """The position is the recorded start: the audit replays from it, an export imports as the same game."""
    table = _tables(client, client.create_game_from_position(_hand_written()))
    table.seats[2].submit(table.game_id, 2, "play_card", card="fluch-verliere-eine-stufe", target_seat=0)
    audit = table.organizer.audit(table.game_id)
    assert audit.clean and audit.events_checked == 2
    record = table.organizer.export_game(table.game_id).record
    imported = admin.import_game(record)
    assert imported.audit.clean
    copy = client.with_token(imported.game.organizer_token)
    assert _comparable(copy.get_view(imported.game.game_id).view) == \
        _comparable(table.organizer.get_view(table.game_id).view)
    assert json.loads(copy.get_view(imported.game.game_id).view.position_json)["seats"][0]["level"] == 4


def _monkic_written() -> dict[str, Any]:
    return dict(json.loads((DOCS / "mia-vs-tom.json").read_text(encoding="utf-8")))


def _attack(targets: list[str]) -> pb.Command:
    return command_of(0, "attack", {"card": "c1", "targets": targets, "dice": [3], "defence_dice": [2]},
                      family="monkic")


def test_a_hand_written_monkic_position_answers_three_questions(client: JudgeClient) -> None:
    """002: Mia's Drache (8) against Tom's Golem (shield 4) in round 2; in round 1 nobody attacks (Start)."""
    table = _tables(client, client.create_game_from_position(_monkic_written()))
    view = table.organizer.get_view(table.game_id).view
    assert [s.life for s in view.monkic.seats] == [14, 20]
    # 1. May Mia attack the Golem now, and what happens? Allowed: 8 + 3 beats 4 + 2.
    answer = table.seats[0].ask_command(table.game_id, _attack(["c4"]))
    assert answer.allowed, answer.ruling
    after = client.ask_position(_monkic_written(), _attack(["c4"]))
    assert after.allowed
    effects = [e for ev in after.events for e in json.loads(ev.payload_json)["effects"]]
    fight = next(e for e in effects if e["type"] == "FightResolved")
    assert (fight["attack"], fight["shield"], fight["winner"]) == ("11", "6", "attacker")  # 8 + 3 against 4 + 2
    tom = json.loads(after.position_after_json)["seats"][1]
    assert "c4" not in [c["id"] for c in tom["hand"]] and {"id": "c4", "card": "golem"} in tom["graveyard"]
    # 2. Could she have in round 1? No, with the ruling and when it would be legal.
    first_round = {**_monkic_written(), "turn": 1}
    refused = client.ask_position(first_round, _attack(["c4"]))
    assert not refused.allowed and refused.ruling.rule_id == "monkic.attack.first-round"
    assert refused.ruling.legal_when and refused.ruling.source.startswith("002_")
    # 3. May Tom act now? Not in Mia's turn.
    tom = client.ask_position(_monkic_written(), command_of(1, "end_turn", {}, family="monkic"))
    assert not tom.allowed and tom.ruling.rule_id.startswith("monkic.")
