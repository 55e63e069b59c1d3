"""Cards defined the moment they turn up, over a real server and a real record on SQLite and on PostgreSQL (issue 25, 1): a
command carries the definition of a card the game does not know, the game records it in the command's
event and judges on, the collection's library learns it, the organizer corrects a misread number, and a
face-down card's definition stays hidden. The printed numbers are invented for these tests."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import grpc
import pytest

from judge.record.audit import audit_record
from judge.record.reading import read_record
from judge.record.verify import verify_record
from judge_client import JudgeClient, JudgeRpcError
from tests.server.support import SAFETY_TIMEOUT_S, Judge, open_table, running_judge


@pytest.fixture
def judge(storage: Any) -> Iterator[Judge]:
    """A judge per test, on SQLite and on PostgreSQL (the ``storage`` fixture)."""
    with running_judge(storage, max_workers=8) as running:
        yield running


@pytest.fixture
def client(judge: Judge) -> Iterator[JudgeClient]:
    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as c:
        yield c

# Five cards no shipped catalogue has (numbers of our own invention), in the base game's schema
# (docs/cards.md): a monster, a curse, an item, a race and a one-shot.
GOLEM = {"id": "glibber-golem", "name": "Glibber-Golem", "deck": "door", "kind": "monster", "level": 4,
         "treasures": 2, "text": "Schlimme Dinge: Verliere 2 Stufen.", "bad_stuff": {"lose_levels": 2}}
SOCKEN = {"id": "fluch-nasse-socken", "name": "Fluch! Nasse Socken", "deck": "door", "kind": "curse",
          "text": "Verliere 1 Stufe.", "curse": {"lose_levels": 1}}
HAMMER = {"id": "gummihammer", "name": "Gummihammer", "deck": "treasure", "kind": "item", "slot": "1hand",
          "bonus": 2, "value": 300}
TROLL = {"id": "troll", "name": "Troll", "deck": "door", "kind": "race",
         "text": "Trolle dürfen 6 Karten auf der Hand haben. Einmal pro Spiel: brüllen (gilt als Absprache).",
         "hand_limit": 6}
BONBON = {"id": "knallbonbon", "name": "Knallbonbon", "deck": "treasure", "kind": "one_shot", "bonus": 3,
          "value": 100, "text": "Im Kampf einsetzen. +3 für eine Seite."}


def _effects(response: Any) -> list[dict[str, Any]]:
    return [e for ev in response.events for e in json.loads(ev.payload_json)["effects"]]


def _defined(response: Any) -> list[dict[str, Any]]:
    return [c for e in _effects(response) if e["type"] == "CardsDefined" for c in e["cards"]]


def test_five_unknown_cards_turn_up_are_defined_and_the_game_is_judged_exported_and_verified(
        client: JudgeClient, admin: JudgeClient, tmp_path: Any) -> None:
    table = open_table(client, collection="dienstagsrunde", interference_window_ms=0)
    anna, ben, gid = table.seats[0], table.seats[1], table.game_id
    # Unknown without a definition: the error names the card in a machine-readable way.
    with pytest.raises(JudgeRpcError) as unknown:
        anna.submit(gid, 0, "play_card", card="Gummihammer")
    assert unknown.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert unknown.value.unknown_card == "Gummihammer"
    assert unknown.value.error_info is not None and unknown.value.error_info.metadata["field"] == \
        "command.play_card.card"
    played = anna.submit(gid, 0, "play_card", card="Gummihammer", define=[HAMMER])
    assert _defined(played) == [HAMMER]
    assert [i.card for i in played.view.seats[0].items] == ["gummihammer"]
    assert "Gummihammer" in played.events[0].summary
    anna.submit(gid, 0, "play_card", card="troll", define=[TROLL])
    # The curse turns up as Ben plays it on Anna: level 1 stays 1 (no lower), as the base game rules.
    ben.submit(gid, 1, "play_card", card="fluch-nasse-socken", target_seat=0, define=[SOCKEN])
    kicked = anna.submit(gid, 0, "kick_door", card="Glibber-Golem", define=[GOLEM])
    assert _defined(kicked) == [GOLEM]
    # Anna: level 1 + Gummihammer 2 = 3 against the golem's 4; the Knallbonbon's +3 wins the combat.
    anna.submit(gid, 0, "play_card", card="knallbonbon", side="players", define=[BONBON])
    won = anna.submit(gid, 0, "claim_victory")
    assert won.view.seats[0].level == 2  # 000 KAMPF: a killed monster gives a level
    # Export, verify and audit offline: the record holds every definition the rulings used.
    text = table.organizer.export_game(gid).record
    for card in (GOLEM, SOCKEN, HAMMER, TROLL, BONBON):
        assert json.dumps(card["id"]) in text
    assert verify_record(text, client.server_key_bytes() if hasattr(client, "server_key_bytes") else None).ok
    assert audit_record(read_record(text)).discrepancies == []
    assert admin.audit(gid).clean
    # The collection's library learned the five cards: the next game of the group knows them untold.
    library = {c.id for c in client.list_cards("munchkin", collection="dienstagsrunde").cards if c.from_library}
    assert {"glibber-golem", "fluch-nasse-socken", "gummihammer", "troll", "knallbonbon"} <= library
    second = open_table(client, collection="dienstagsrunde")
    second.seats[0].submit(second.game_id, 0, "kick_door", card="Glibber-Golem")
    other = open_table(client, collection="andere-runde")
    with pytest.raises(JudgeRpcError) as elsewhere:
        other.seats[0].submit(other.game_id, 0, "kick_door", card="Glibber-Golem")
    assert elsewhere.value.unknown_card == "Glibber-Golem"


def test_a_definition_is_checked_like_a_catalogue_card_and_a_clash_names_both(client: JudgeClient) -> None:
    table = open_table(client)
    anna, gid = table.seats[0], table.game_id
    for bad, field in (({**GOLEM, "level": "vier"}, "define[0].level"), ({**GOLEM, "farbe": "grün"}, "define[0].farbe"),
                       ("[1]", "define[0]")):
        with pytest.raises(JudgeRpcError) as refused:
            anna.submit(gid, 0, "kick_door", card="glibber-golem", define=[bad])
        assert refused.value.code == grpc.StatusCode.INVALID_ARGUMENT
        assert [f for f, _ in refused.value.field_violations] == [field]
    with pytest.raises(JudgeRpcError) as shipped:
        anna.submit(gid, 0, "kick_door", card="lahmer-goblin", define=[{**GOLEM, "id": "lahmer-goblin"}])
    assert "Lahmer Goblin" in shipped.value.message
    asked = anna.ask(gid, 0, "kick_door", card="glibber-golem", define=[GOLEM])  # records nothing
    assert asked.allowed and json.loads(asked.events[0].payload_json)["effects"][0]["type"] == "CardsDefined"
    assert table.organizer.get_view(gid).view.version == 1
    anna.submit(gid, 0, "kick_door", card="glibber-golem", define=[GOLEM])
    with pytest.raises(JudgeRpcError) as clash:
        table.seats[1].submit(gid, 1, "play_card", card="glibber-golem", define=[{**GOLEM, "level": 9}])
    assert '"level":4' in clash.value.message and '"level":9' in clash.value.message
    assert table.organizer.get_view(gid).view.version == 2  # nothing else was recorded


def test_the_organizer_corrects_a_misread_number_and_the_earlier_ruling_stands(client: JudgeClient) -> None:
    table = open_table(client, collection="korrektur")
    anna, gid = table.seats[0], table.game_id
    first = anna.submit(gid, 0, "play_card", card="gummihammer", define=[{**HAMMER, "bonus": 5}])
    with pytest.raises(JudgeRpcError) as a_seat:
        anna.correct_card(gid, HAMMER)
    assert a_seat.value.code == grpc.StatusCode.PERMISSION_DENIED
    corrected = table.organizer.correct_card(gid, HAMMER)
    [effect] = _effects(corrected)
    assert (effect["type"], effect["before"]["bonus"], effect["after"]["bonus"], effect["changed"]) == (
        "CardCorrected", 5, 2, ["bonus"])
    assert "bonus 5 to 2" in corrected.events[0].summary
    with JudgeClient(client.target, table.game.organizer_token, "de", client.timeout) as german:
        told = [r.event.summary for r in german.replay(gid)][-1]
    assert "korrigiert" in told and "bonus von 5 auf 2" in told
    # The play recorded before still holds the definition it was judged with.
    replayed = [r.event for r in table.organizer.replay(gid)]
    assert json.loads(replayed[1].payload_json)["effects"][0]["cards"][0]["bonus"] == 5
    assert json.loads(replayed[1].payload_json) == json.loads(first.events[0].payload_json)
    # The library followed: it held the misread number from this game.
    hammer = [c for c in client.list_cards("munchkin", collection="korrektur").cards if c.id == "gummihammer"]
    assert hammer and hammer[0].bonus == 2


def test_a_face_down_cards_definition_stays_hidden(client: JudgeClient) -> None:
    """A revealed card is seen by its seat alone (000: a card shown to no one else): its definition too."""
    table = open_table(client, collection="verdeckt")
    anna, gid = table.seats[0], table.game_id
    anna.submit(gid, 0, "reveal_card", card="troll", define=[TROLL])
    ben_sees = [json.loads(r.event.payload_json) for r in table.seats[1].replay(gid)][-1]
    [defined] = [e for e in ben_sees["effects"] if e["type"] == "CardsDefined"]
    assert defined["cards"] == [] and defined["hidden"] == 1
    assert "troll" not in json.dumps(ben_sees).casefold()
    anna_sees = [json.loads(r.event.payload_json) for r in anna.replay(gid)][-1]
    assert [e for e in anna_sees["effects"] if e["type"] == "CardsDefined"][0]["cards"] == [TROLL]
    organizer_sees = [json.loads(r.event.payload_json) for r in table.organizer.replay(gid)][-1]
    assert organizer_sees["effects"][0]["cards"] == [TROLL]
    # Nor does the collection's library, which anyone may read, learn it yet.
    assert not [c for c in client.list_cards("munchkin", collection="verdeckt").cards if c.id == "troll"]
    # The organizer's correction of it is hidden like the definition: Ben and a spectator learn only
    # that a card defined face down was corrected; Anna, who defined it, sees what changed.
    corrected = table.organizer.correct_card(gid, {**TROLL, "hand_limit": 7})
    assert "hand_limit" in _effects(corrected)[0]["changed"]
    with JudgeClient(client.target, table.game.spectator_token, "en", client.timeout) as spectator:
        for reader in (table.seats[1], spectator):
            [seen] = [r.event for r in reader.replay(gid)][-1:]
            assert "troll" not in seen.payload_json.casefold() and "troll" not in seen.summary.casefold()
            assert seen.summary == "the organizer corrects a card defined face down"
    [anna_sees] = [r.event for r in anna.replay(gid)][-1:]
    assert "Troll" in anna_sees.summary and '"hand_limit": 7' in anna_sees.payload_json.replace('":7', '": 7')
    played = anna.submit(gid, 0, "play_card", card="troll")  # face up now, judged by the definition
    assert played.version == 4 and "CardsDefined" not in played.events[0].payload_json


def test_a_printed_effect_the_schema_cannot_express_is_text_the_table_applies_by_adjustment(
        client: JudgeClient) -> None:
    """000 "Goldene Regel" ("wobei der Besitzer des Spiels das letzte Wort hat"): the Troll's kind and hand
    limit are judged, its roar is text shown to the players, which the organizer applies as an adjustment
    naming the card."""
    table = open_table(client, collection="gebruell")
    anna, gid = table.seats[0], table.game_id
    played = anna.submit(gid, 0, "play_card", card="troll", define=[TROLL])
    assert "Troll" in played.events[0].summary
    listed = [c for c in client.list_cards("munchkin", collection="gebruell").cards if c.id == "troll"]
    assert listed and "brüllen" in listed[0].text
    adjusted = table.organizer.submit(gid, None, "record_adjustment",  # type: ignore[arg-type]
                                      reason="Troll brüllt: Anna steigt eine Stufe auf", card="troll",
                                      target_seat=0, set_level=2)
    assert adjusted.view.seats[0].level == 2
