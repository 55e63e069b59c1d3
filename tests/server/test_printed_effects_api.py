"""Printed effects as card data over a real server (docs/cards.md): a group's own cards, given at creation
(custom_cards), with a doubling enhancer enhancer (001 timing table), a monster that does not attack its kicker
(001 "1. Tür öffnen"), bad stuff for "alle anderen Spieler" with the alter ego (001 "MUNCHKIN FÜR ZWEI
SPIELER"), a curse for one turn (000 "Flüche") and a room's strength modifier for its player (004 "Räume").
Each test runs on SQLite and on PostgreSQL (the ``storage`` fixture)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import grpc
import pytest

from judge_client import JudgeClient
from judge_client.client import JudgeRpcError
from tests.rules.test_001_printed_effects import DOPPELT, SCHEU, SCHWAECHE, SPAM
from tests.server.support import SAFETY_TIMEOUT_S, Judge, running_judge

SEATS = ["Anna:female", "Ben:male", "Cleo:female"]
SEATS4 = ["Anna:female", "Ben:male", "Anna 2:male", "Ben 2:female"]


@pytest.fixture
def judge(storage: Any) -> Iterator[Judge]:
    with running_judge(storage, max_workers=4) as running:
        yield running


@pytest.fixture
def client(judge: Judge) -> Iterator[JudgeClient]:
    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as c:
        yield c


def _seats(client: JudgeClient, ruleset: str, seats: list[str], *custom: dict[str, Any],
           variants: tuple[str, ...] = ()) -> tuple[list[JudgeClient], JudgeClient, str]:
    game = client.create_game(ruleset, seats, interference_window_ms=0, custom_cards=list(custom),
                              variants=list(variants))
    return ([client.with_token(t.token) for t in game.seat_tokens], client.with_token(game.organizer_token),
            game.game_id)


def _types(response: object) -> list[str]:
    return [e["type"] for event in response.events  # type: ignore[attr-defined]
            for e in json.loads(event.payload_json).get("effects", [])]


def test_custom_cards_with_printed_effects_are_judged(client: JudgeClient) -> None:
    (anna, ben, cleo), organizer, gid = _seats(client, "munchkin", SEATS, DOPPELT, SCHEU, SPAM, SCHWAECHE)
    # 001 "1. Tür öffnen": "Handelt es sich um ein Monster, das dich nicht angreift, weiter bei 2."
    response = anna.submit(gid, 0, "kick_door", card="t-scheu")
    assert "MonsterDoesNotAttack" in _types(response)
    assert not response.view.HasField("combat") and response.view.phase == "after-door"
    anna.submit(gid, 0, "loot_room")
    anna.submit(gid, 0, "end_turn", discard_unknown=4)
    # 001 timing table: the doubling card lies on Wütend (+5), which counts twice.
    ben.submit(gid, 1, "kick_door", card="topfpflanze")
    cleo.submit(gid, 2, "play_card", card="wuetend")
    view = anna.submit(gid, 0, "play_card", card="t-doppelt").view
    assert view.combat.monsters_strength == 1 + 5 + 5
    [monster] = view.combat.monsters
    assert any(t.rule == "munchkin.strength.enhancer-doubled" and t.amount == 5 and t.card == "t-doppelt"
               for t in monster.breakdown.terms)


def test_bad_stuff_for_all_others_hits_the_alter_ego(client: JudgeClient) -> None:
    """001 "MUNCHKIN FÜR ZWEI SPIELER": "gilt das auch für das Alter Ego"."""
    seats, organizer, gid = _seats(client, "munchkin", SEATS4, SPAM, variants=("two-players",))
    for seat in range(4):
        organizer.submit(gid, None, "record_adjustment", reason="Stufe", target_seat=seat,  # type: ignore[arg-type]
                         set_level=5)
    anna = seats[0]
    anna.submit(gid, 0, "kick_door", card="t-spam")
    anna.submit(gid, 0, "give_up")
    anna.submit(gid, 0, "run_away", monster_index=0, die=1)
    response = anna.submit(gid, 0, "suffer_bad_stuff", monster_index=0)
    assert "BadStuffHitsOthers" in _types(response)
    assert [s.level for s in response.view.seats] == [4, 4, 4, 4]


def test_a_curse_for_one_turn(client: JudgeClient) -> None:
    (anna, ben, _), organizer, gid = _seats(client, "munchkin", SEATS, SCHWAECHE)
    organizer.submit(gid, None, "record_adjustment", reason="Stufe", target_seat=0,  # type: ignore[arg-type]
                     set_level=5)
    view = ben.submit(gid, 1, "play_card", card="t-schwaeche", target_seat=0).view
    assert view.seats[0].strength == 5 - 3 and "t-schwaeche" in view.seats[0].other_cards
    anna.submit(gid, 0, "kick_door", card="elf")
    view = anna.submit(gid, 0, "end_turn", gifts=[{"to_seat": 1, "unknown": 2}, {"to_seat": 2, "unknown": 2}]).view
    assert view.seats[0].strength == 5 and "t-schwaeche" not in view.seats[0].other_cards


def test_a_rooms_strength_modifier_for_its_player(client: JudgeClient) -> None:
    """004 "Räume": "halten nur für die Dauer des Zuges an"."""
    gym: dict[str, Any] = {"id": "t-trainingsraum", "name": "Trainingsraum", "deck": "door", "kind": "room", "set": "t",
           "player_bonus": 2, "no_trouble": True, "no_looting": True}
    (anna, _, _), _, gid = _seats(client, "star", SEATS, gym)
    view = anna.submit(gid, 0, "kick_door", card="t-trainingsraum").view
    assert view.seats[0].strength == 1 + 2
    assert any(t.rule == "star.room.player-rules" for t in view.seats[0].breakdown.terms)
    # "es sei denn, die Raumkarte sagt anderes": no looking for trouble, no looting after this room
    for kind, fields in (("loot_room", {}), ("look_for_trouble", {"card": "har-har"})):
        with pytest.raises(JudgeRpcError) as info:
            anna.submit(gid, 0, kind, **fields)
        assert info.value.rule_id == "star.room.says-otherwise"
    assert {a.kind for a in anna.legal_actions(gid, 0).actions}.isdisjoint(
        {"loot_room", "look_for_trouble"})


def test_a_bad_printed_effect_is_refused_naming_the_field(client: JudgeClient) -> None:
    with pytest.raises(JudgeRpcError) as info:
        client.create_game("munchkin", SEATS, custom_cards=[{**SPAM, "bad_stuff_others": {"discard_cards": 1}}])
    assert info.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert "bad_stuff_others.discard_cards" in str(info.value)


def test_the_printed_effects_are_told_in_german_and_english(client: JudgeClient) -> None:
    """The judge tells what happened in the reader's language, with the cards' printed names."""
    (anna, _, _), _, gid = _seats(client, "munchkin", SEATS, SCHEU, SPAM)
    kick = anna.submit(gid, 0, "kick_door", card="t-scheu")
    told = "; ".join(e.summary for e in kick.events)
    assert "Scheues Monster does not attack Anna" in told, told
    with JudgeClient(client.target, anna.token, "de", client.timeout) as german:
        replayed = "; ".join(r.event.summary for r in german.replay(gid))
    assert "Scheues Monster greift Anna nicht an" in replayed, replayed
