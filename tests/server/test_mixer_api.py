"""Munchkin im Mixer over a real server (001 "MUNCHKIN IM MIXER"): a game of base + Babys + Star created
through CreateGame, in which a trap hits as a curse, gold and credits pay one sale, a steed turned up is
fought as a monster and a follower is sacrificed to run away."""

from __future__ import annotations

from typing import Any

import grpc
import pytest

from judge_client import JudgeClient
from judge_client.client import JudgeRpcError

SEATS = ["Anna:female", "Ben:male", "Cleo:female"]
SETS = "munchkin,babys,star"

ARMOR = {"id": "t-ruestung", "name": "Rüstung", "deck": "treasure", "kind": "item", "slot": "armor", "bonus": 1,
         "value": 500, "set": "t"}
CREDITS = {"id": "t-datenchip", "name": "Datenchip", "deck": "treasure", "kind": "item", "bonus": 1, "value": 500,
           "currency": "credits", "set": "t"}
STEED = {"id": "t-ross", "name": "Schlachtross", "deck": "door", "kind": "item", "bonus": 3, "big": True,
         "tags": ["steed"], "value": 300, "set": "t"}
MOOK = {"id": "t-mook", "name": "Mook", "deck": "door", "kind": "mook", "bonus": 1, "tags": ["carries-1hand"],
        "set": "t"}
SWORD = {"id": "t-schwert", "name": "Schwert", "deck": "treasure", "kind": "item", "slot": "1hand", "bonus": 2,
         "value": 200, "set": "t"}


def _game(client: JudgeClient, *custom: dict[str, Any], sets: str = SETS, **options: Any) -> tuple[JudgeClient, str]:
    game = client.create_game("mixer", SEATS, interference_window_ms=0, custom_cards=list(custom),
                              options={"sets": sets, **options})
    return client.with_token(game.seat_tokens[0].token), game.game_id


def test_the_mixer_is_offered_with_its_sets_and_plays_listen_at_the_door(client: JudgeClient) -> None:
    """ListRulesets names the Mixer and its options; a combined game plays with listen at the door ("Verwende
    die Regeln für Schnelleres Spiel") unless the group turns faster play off."""
    [info] = [r for r in client.list_rulesets().rulesets if r.name == "mixer"]
    assert {"sets", "faster_play"} <= {o.name for o in info.options}
    anna, gid = _game(client)
    view = anna.get_view(gid).view
    assert list(view.variants) == ["listen-at-the-door"]
    off_anna, off_gid = _game(client, faster_play=False)
    assert list(off_anna.get_view(off_gid).view.variants) == []
    assert view.seats[0].hand_size == off_anna.get_view(off_gid).view.seats[0].hand_size + 1


def test_a_set_that_cannot_be_combined_is_refused_and_nothing_is_created(client: JudgeClient) -> None:
    with pytest.raises(JudgeRpcError) as info:
        client.create_game("mixer", SEATS, options={"sets": "munchkin,monkic"})
    assert info.value.code == grpc.StatusCode.INVALID_ARGUMENT and "monkic" in info.value.message


def test_fallen_und_flueche_a_trap_hits_as_a_curse(client: JudgeClient) -> None:
    """"Fallen und Flüche werden ebenso wie Katastrophen als das gleiche behandelt": Falle! Dosenöffner (004)
    turned up waits for its victim's answer like a curse, then takes the armor."""
    anna, gid = _game(client, ARMOR)
    anna.submit(gid, 0, "play_card", card="t-ruestung")
    view = anna.submit(gid, 0, "kick_door", card="falle-dosenoeffner").view
    assert view.pending_curse.card == "falle-dosenoeffner"
    view = anna.submit(gid, 0, "answer_curse").view
    assert not view.HasField("pending_curse") and list(view.seats[0].items) == []


def test_goldstuecke_und_credits_one_sale_paid_with_both(client: JudgeClient) -> None:
    """"Goldstücke und Credits sind dasselbe": an item worth 500 gold and one worth 500 credits buy a level."""
    anna, gid = _game(client, ARMOR, CREDITS)
    view = anna.submit(gid, 0, "sell_items", cards=["t-ruestung", "t-datenchip"]).view
    assert view.seats[0].level == 2


def test_a_steed_turned_up_is_fought_as_a_monster(client: JudgeClient) -> None:
    """"Wird ein Ross offen gezogen, darf der Spieler es auch als Monster behandeln ... das Doppelte des
    aufgedruckten Bonuswertes ... Verliere eine Stufe": a +3 steed is a level-6 monster whose bad stuff takes
    a level."""
    anna, gid = _game(client, STEED)
    for _ in range(2):
        anna.submit(gid, 0, "play_card", card="1000-goldstuecke", target_seat=0)
    anna.submit(gid, 0, "kick_door", card="t-ross")
    view = anna.submit(gid, 0, "look_for_trouble", card="t-ross").view
    assert [m.card for m in view.combat.monsters] == ["t-ross"] and view.combat.monsters_strength == 6
    assert view.seats[0].level == 3
    anna.submit(gid, 0, "give_up")
    anna.submit(gid, 0, "run_away", monster_index=0, die=1)
    view = anna.submit(gid, 0, "suffer_bad_stuff", monster_index=0).view
    assert view.seats[0].level == 2 and not view.HasField("combat")


def test_a_follower_is_sacrificed_and_loses_what_it_carries(client: JudgeClient) -> None:
    """"Alle Anhänger können sich im Kampf für dich opfern, wenn du weglaufen willst, verlieren dann aber die
    von ihnen getragenen Gegenstände": a mook carrying a sword counts in the fight, is sacrificed, and the
    sword goes with it."""
    anna, gid = _game(client, MOOK, SWORD)
    view = anna.submit(gid, 0, "play_card", card="t-mook").view
    assert list(view.seats[0].other_cards) == ["t-mook"]
    anna.submit(gid, 0, "play_card", card="t-schwert", with_card="t-mook")
    view = anna.submit(gid, 0, "kick_door", card="untoter-gaul").view
    assert view.combat.players_strength == 1 + 1 + 2  # level, the mook, the sword it carries
    anna.submit(gid, 0, "give_up")
    view = anna.submit(gid, 0, "use_ability", ability="sacrifice-hireling", item="t-mook").view
    assert not view.HasField("combat") and view.seats[0].level == 1
    assert list(view.seats[0].other_cards) == [] and list(view.seats[0].items) == []
    with pytest.raises(JudgeRpcError) as info:  # the follower is gone: a second sacrifice is refused
        anna.submit(gid, 0, "use_ability", ability="sacrifice-hireling", item="t-mook")
    assert info.value.code == grpc.StatusCode.FAILED_PRECONDITION and info.value.ruling is not None
