"""Curse immunity and a class kept, as card data over a real server (docs/cards.md): a group's own cards given at
creation (custom_cards), an immune character (001 "1. Tür öffnen": "es sei denn, du hast ein Gegenmittel oder
bist immun"), the Kultist that may not be discarded (001 timing table), the Göttliche Intervention that frees
it (001 "MUNCHKIN IM MIXER"), a card kept through death (001 "4. Flucht") and headquarters and insanities played by
their rows of the timing table. Each test runs on SQLite and on PostgreSQL (the ``storage`` fixture)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import grpc
import pytest

from judge_client import JudgeClient
from judge_client.client import JudgeRpcError
from tests.rules.test_001_kept_effects import FEENSTAUB, HEILIGER, HQ, INTERVENTION, KULTIST, TOD, WAHN
from tests.rules.test_001_enhancer_takers import MOENCH
from tests.server.support import SAFETY_TIMEOUT_S, Judge, running_judge

SEATS = ["Anna:female", "Ben:male", "Cleo:female"]


@pytest.fixture
def judge(storage: Any) -> Iterator[Judge]:
    with running_judge(storage, max_workers=4) as running:
        yield running


@pytest.fixture
def client(judge: Judge) -> Iterator[JudgeClient]:
    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as c:
        yield c


def _seats(client: JudgeClient, *custom: dict[str, Any]) -> tuple[list[JudgeClient], JudgeClient, str]:
    game = client.create_game("munchkin", SEATS, interference_window_ms=0, custom_cards=list(custom))
    return ([client.with_token(t.token) for t in game.seat_tokens], client.with_token(game.organizer_token),
            game.game_id)


def _effects(response: object) -> list[dict[str, Any]]:
    return [e for event in response.events  # type: ignore[attr-defined]
            for e in json.loads(event.payload_json).get("effects", [])]


def test_an_immune_character_is_not_hit_by_a_curse(client: JudgeClient) -> None:
    (anna, ben, _), organizer, gid = _seats(client, HEILIGER)
    organizer.submit(gid, None, "record_adjustment", reason="Stufe", target_seat=0,  # type: ignore[arg-type]
                     set_level=3)
    anna.submit(gid, 0, "reveal_card", card="t-heiliger")
    anna.submit(gid, 0, "play_card", card="t-heiliger")
    response = anna.submit(gid, 0, "kick_door", card="fluch-verliere-eine-stufe")
    ignored = [e for e in _effects(response) if e["type"] == "CurseIgnored"]
    assert [(e["by"], e["rule"]) for e in ignored] == [("t-heiliger", "munchkin.curse.immune")]
    assert response.view.seats[0].level == 3 and not response.view.HasField("pending_curse")
    told = "; ".join(e.summary for e in response.events)
    assert "does not affect Anna" in told, told
    ben.submit(gid, 1, "reveal_card", card="fluch-verliere-eine-stufe")
    view = ben.submit(gid, 1, "play_card", card="fluch-verliere-eine-stufe", target_seat=0).view
    assert view.seats[0].level == 3


def test_a_kultist_is_kept_until_divine_intervention(client: JudgeClient) -> None:
    (anna, ben, _), _, gid = _seats(client, KULTIST, INTERVENTION)
    anna.submit(gid, 0, "reveal_card", card="t-kultist")
    anna.submit(gid, 0, "play_card", card="t-kultist")
    with pytest.raises(JudgeRpcError) as info:
        anna.submit(gid, 0, "discard_card", card="t-kultist", from_table=True)
    assert info.value.rule_id == "munchkin.discard.class-kept"
    assert not any(a.kind == "discard_card" and a.command.discard_card.card == "t-kultist"
                   for a in anna.legal_actions(gid, 0).actions)
    ben.submit(gid, 1, "reveal_card", card="t-intervention")
    response = ben.submit(gid, 1, "play_card", card="t-intervention")
    assert [e["rule"] for e in _effects(response) if e["type"] == "ClassFreed"] == ["munchkin.class.freed"]
    assert list(response.view.seats[0].classes) == []
    with JudgeClient(client.target, anna.token, "de", client.timeout) as german:
        replayed = "; ".join(r.event.summary for r in german.replay(gid))
    assert "Anna ist von der Klasse Kultist befreit" in replayed, replayed


def test_a_misplaced_field_is_refused_naming_it(client: JudgeClient) -> None:
    with pytest.raises(JudgeRpcError) as info:
        client.create_game("munchkin", SEATS, custom_cards=[{**KULTIST, "kind": "race"}])
    assert info.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert "may_not_discard" in str(info.value)


def test_a_feenstaubkarte_is_kept_through_death(client: JudgeClient) -> None:
    """001 "4. Flucht", b): "ebenso etwaige ausliegende Feenstaubkarten"."""
    (anna, ben, _), _, gid = _seats(client, FEENSTAUB, TOD)
    anna.submit(gid, 0, "reveal_card", card="t-feenstaub")
    view = anna.submit(gid, 0, "play_card", card="t-feenstaub").view
    assert list(view.seats[0].other_cards) == ["t-feenstaub"]
    ben.submit(gid, 1, "reveal_card", card="t-tod")
    response = ben.submit(gid, 1, "play_card", card="t-tod", target_seat=0)
    assert [e["rule"] for e in _effects(response) if e["type"] == "CardsKeptAtDeath"] == [
        "munchkin.death.kept-in-front"]
    assert response.view.seats[0].dead and list(response.view.seats[0].other_cards) == ["t-feenstaub"]
    told = "; ".join(e.summary for e in response.events)
    assert "Anna keeps in death: Feenstaub" in told, told


def test_headquarters_and_insanity_are_played_by_their_rows(client: JudgeClient) -> None:
    """001 timing table: "Hauptquartiere: Jederzeit während des eigenen Zuges ..."; "Flüche, Fallen, Katastrophen
    und Geisteskrankheiten: Jederzeit."; neither is refused as a card the judge cannot play."""
    (anna, ben, _), organizer, gid = _seats(client, HQ, WAHN)
    organizer.submit(gid, None, "record_adjustment", reason="Stufe", target_seat=0,  # type: ignore[arg-type]
                     set_level=3)
    anna.submit(gid, 0, "reveal_card", card="t-hq")
    view = anna.submit(gid, 0, "play_card", card="t-hq").view
    assert list(view.seats[0].other_cards) == ["t-hq"]
    ben.submit(gid, 1, "reveal_card", card="t-wahn")
    view = ben.submit(gid, 1, "play_card", card="t-wahn", target_seat=0).view
    assert view.seats[0].level == 2


def test_monster_enhancers_on_a_moench_in_a_combined_game(client: JudgeClient) -> None:
    """001 timing table: "oder jederzeit auf einen Mönch ..."; +10 counts +2 as on a Mook."""
    game = client.create_game("mixer", SEATS, interference_window_ms=0, custom_cards=[MOENCH],
                              options={"sets": "munchkin,babys,star"})
    anna = client.with_token(game.seat_tokens[0].token)
    gid = game.game_id
    anna.submit(gid, 0, "reveal_card", card="t-moench")
    anna.submit(gid, 0, "play_card", card="t-moench")
    anna.submit(gid, 0, "reveal_card", card="uralt")
    response = anna.submit(gid, 0, "play_card", card="uralt", with_card="t-moench")
    assert [e["rule"] for e in _effects(response) if e["type"] == "CardPlacedOnFollower"] == [
        "munchkin.enhancer.on-a-card-in-front"]
    told = "; ".join(e.summary for e in response.events)
    assert "Anna places Uralt on Mönch" in told, told
    assert response.view.seats[0].strength == 1 + 2
