"""The card library over the API (AddCard, EditCard, RemoveCard, ImportCards, ExportCards, ListCards of a
collection, CreateGame's collection): who may write, what a later game knows, what a bad card says."""

from __future__ import annotations

import json

import grpc
import pytest

from judge_client import JudgeClient, JudgeRpcError
from tests.server.support import SEATS, Judge

SLIME = {"id": "schleimiger-schleim", "name": "Schleimiger Schleim", "deck": "door", "kind": "monster",
         "level": 3, "treasures": 1, "text": "Schlimme Dinge: Verliere 1 Stufe.", "bad_stuff": {"lose_levels": 1}}


def test_the_admin_adds_a_card_and_the_next_game_of_the_collection_knows_it(client: JudgeClient,
                                                                            admin: JudgeClient) -> None:
    added = admin.add_card("munchkin", SLIME, collection="api-gruppe")
    assert (added.card_id, added.added, added.collection, added.family) == (
        "schleimiger-schleim", True, "api-gruppe", "munchkin")
    assert not admin.add_card("munchkin", SLIME, collection="api-gruppe").added  # the same again: no change
    listed = client.list_cards("munchkin", search="schleimiger", collection="api-gruppe").cards
    assert [(c.id, c.from_library, c.level) for c in listed] == [("schleimiger-schleim", True, 3)]
    assert not client.list_cards("munchkin", search="schleimiger").cards  # the shipped catalogue alone
    game = client.create_game("munchkin", SEATS, collection="api-gruppe")
    anna = client.with_token(game.seat_tokens[0].token)
    anna.submit(game.game_id, 0, "kick_door", card="Schleimiger Schleim")
    other = client.create_game("munchkin", SEATS, collection="andere-gruppe")
    with pytest.raises(JudgeRpcError) as unknown:
        client.with_token(other.seat_tokens[0].token).submit(other.game_id, 0, "kick_door", card="Schleimiger Schleim")
    assert unknown.value.code == grpc.StatusCode.INVALID_ARGUMENT


def test_a_games_organizer_writes_its_own_collection_only(client: JudgeClient) -> None:
    game = client.create_game("munchkin", SEATS, collection="orga-gruppe")
    organizer = client.with_token(game.organizer_token)
    assert organizer.add_card("munchkin", {**SLIME, "id": "orga-schleim"}, game_id=game.game_id).collection == \
        "orga-gruppe"
    with pytest.raises(JudgeRpcError) as elsewhere:
        organizer.add_card("munchkin", {**SLIME, "id": "fremd"}, collection="andere", game_id=game.game_id)
    assert elsewhere.value.code == grpc.StatusCode.PERMISSION_DENIED
    with pytest.raises(JudgeRpcError) as a_seat:
        client.with_token(game.seat_tokens[0].token).add_card("munchkin", {**SLIME, "id": "x"}, game_id=game.game_id)
    assert a_seat.value.code == grpc.StatusCode.PERMISSION_DENIED
    with pytest.raises(JudgeRpcError) as nobody:
        client.add_card("munchkin", {**SLIME, "id": "y"}, collection="orga-gruppe")
    assert nobody.value.code == grpc.StatusCode.UNAUTHENTICATED


def test_edit_remove_import_and_export(admin: JudgeClient, client: JudgeClient) -> None:
    admin.add_card("munchkin", SLIME, collection="werkstatt")
    edited = admin.edit_card("munchkin", {**SLIME, "level": 4}, collection="werkstatt")
    assert json.loads(edited.before_json)["level"] == 3
    exported = client.export_cards("munchkin", collection="werkstatt")
    assert exported.count == 1 and "level = 4" in exported.toml
    assert admin.remove_card("munchkin", "schleimiger-schleim", collection="werkstatt").card_id == "schleimiger-schleim"
    imported = admin.import_cards("munchkin", exported.toml, collection="werkstatt")
    assert list(imported.added) == ["schleimiger-schleim"] and imported.unchanged == 0


def test_a_bad_card_is_refused_naming_the_field_and_changes_nothing(admin: JudgeClient, client: JudgeClient) -> None:
    for card, field in (({**SLIME, "level": "drei"}, "card.level"), ("[1]", "card_json"), ("{", "card_json")):
        with pytest.raises(JudgeRpcError) as refused:
            admin.add_card("munchkin", card, collection="fehler")
        assert refused.value.code == grpc.StatusCode.INVALID_ARGUMENT and field in str(refused.value)
    with pytest.raises(JudgeRpcError) as name:
        admin.add_card("munchkin", SLIME, collection="zwei wörter")
    assert name.value.code == grpc.StatusCode.INVALID_ARGUMENT and "collection" in str(name.value)
    assert client.export_cards("munchkin", collection="fehler").count == 0


def test_a_monkic_game_starts_from_the_librarys_values(judge: Judge, admin: JudgeClient, client: JudgeClient) -> None:
    from tests.support.judge_process import ROOT

    text = (ROOT / "examples" / "monkic" / "karten.toml").read_text(encoding="utf-8")
    assert len(admin.import_cards("monkic", text, collection="mia-und-tom").added) == 30
    game = client.create_game("monkic", ["Mia", "Tom"], collection="mia-und-tom")
    assert game.game_id
    drache = [c for c in client.list_cards("monkic", search="drache", collection="mia-und-tom").cards
              if c.id == "drache"][0]
    assert (drache.attack, drache.shield, drache.from_library) == (10, 7, False)
