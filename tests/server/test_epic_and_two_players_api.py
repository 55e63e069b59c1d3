"""The variants of 001 over a real server: the Epic two-door kick (001 "1. Alternatives Türöffnen für
Epische Munchkins") and two players with two characters each (001 "MUNCHKIN FÜR ZWEI SPIELER")."""

from __future__ import annotations

import grpc
import pytest

from judge_client import JudgeClient
from judge_client.client import JudgeRpcError

SEATS4 = ["Anna:female", "Ben:male", "Anna 2:male", "Ben 2:female"]


def _refused(client: JudgeClient, game_id: str, seat: int, kind: str, **fields: object) -> str:
    """The rule id a submitted command is refused with (nothing is recorded)."""
    with pytest.raises(JudgeRpcError) as info:
        client.submit(game_id, seat, kind, **fields)
    assert info.value.code == grpc.StatusCode.FAILED_PRECONDITION
    assert info.value.ruling is not None and info.value.ruling.explanation_de and info.value.ruling.explanation_en
    return info.value.rule_id or ""


# ------------------------------------------------------------------ the Epic kick

def test_epische_munchkins_a_curse_then_the_monster_and_a_monster_with_its_enhancer(client: JudgeClient) -> None:
    """"Ziehe zwei Türkarten. Zunächst werden Fallen und Flüche ... abgearbeitet"; "Hast du dazu einen
    Monsterverstärker gezogen, wirkt dieser auf das Monster.\""""
    [info] = [r for r in client.list_rulesets().rulesets if r.name == "munchkin"]
    assert "epic-kick" in [v.name for v in info.variants] and "epic_goal" in [o.name for o in info.options]
    game = client.create_game("munchkin", SEATS4[:3], variants=["epic-kick"], interference_window_ms=0,
                              options={"epic_goal": True})
    anna = client.with_token(game.seat_tokens[0].token)
    gid = game.game_id
    assert _refused(anna, gid, 0, "kick_door", card="elf") == "epic.kick.two-doors"
    view = anna.submit(gid, 0, "kick_two_doors", cards=["fluch-verliere-eine-stufe", "gewaltiger-kaefer"]).view
    assert view.pending_curse.card == "fluch-verliere-eine-stufe" and list(view.epic_kick_cards) == ["gewaltiger-kaefer"]
    view = anna.submit(gid, 0, "answer_curse").view
    assert [m.card for m in view.combat.monsters] == ["gewaltiger-kaefer"] and not view.epic_kick_cards

    game = client.create_game("munchkin", SEATS4[:3], variants=["epic-kick"], interference_window_ms=0)
    anna = client.with_token(game.seat_tokens[0].token)
    view = anna.submit(game.game_id, 0, "kick_two_doors", cards=["wuetend", "gewaltiger-kaefer"]).view
    [monster] = view.combat.monsters
    assert monster.card == "gewaltiger-kaefer" and list(monster.modifiers) == ["wuetend"]
    assert view.combat.monsters_strength == 11  # Gewaltiger Käfer 6, Wütend +5


def test_epische_munchkins_the_kicker_orders_two_curses(client: JudgeClient) -> None:
    """"in beliebiger Reihenfolge": the judge waits for the kicker's choice, a recorded command."""
    game = client.create_game("munchkin", SEATS4[:3], variants=["epic-kick"], interference_window_ms=0)
    anna = client.with_token(game.seat_tokens[0].token)
    view = anna.submit(game.game_id, 0, "kick_two_doors",
                       cards=["fluch-verliere-eine-stufe", "geschlechtsumwandlung"]).view
    assert "seat 0 to choose" in view.waiting_for
    view = anna.submit(game.game_id, 0, "choose_card", card="geschlechtsumwandlung").view
    assert view.pending_curse.card == "geschlechtsumwandlung"


# ------------------------------------------------------------------ two players

def test_zwei_spieler_the_alter_ego_restrictions_and_the_charity(client: JudgeClient) -> None:
    """001 "MUNCHKIN FÜR ZWEI SPIELER": every alter-ego restriction refused with its ruling, one token for both
    characters of a person, and charity to the alter ego when both of the opponent's characters are as high."""
    generous = {"id": "t-gross", "name": "Fluch! Großzügigkeit", "deck": "door", "kind": "curse", "set": "t",
                "curse": {"lose_levels": 1}}
    game = client.create_game("munchkin", SEATS4, variants=["two-players"], interference_window_ms=0,
                              custom_cards=[generous])
    gid = game.game_id
    anna = client.with_token(game.seat_tokens[0].token)  # plays seats 0 and 2
    ben = client.with_token(game.seat_tokens[1].token)  # plays seats 1 and 3
    view = game.view
    assert list(view.alter_egos) == [2, 3, 0, 1]
    assert [s.hand_size for s in view.seats] == [9, 8, 8, 8]  # listen at the door is always played

    # Seat 0's token acts for seat 2 as well (a level-up on itself, any time); not for the opponent's.
    anna.submit(gid, 2, "play_card", card="1000-goldstuecke", target_seat=2)
    with pytest.raises(JudgeRpcError) as info:
        ben.submit(gid, 2, "play_card", card="trank-der-allgemeinbildung", target_seat=2)
    assert info.value.code == grpc.StatusCode.PERMISSION_DENIED

    anna.submit(gid, 0, "play_card", card="gehoernter-helm")
    assert _refused(anna, gid, 0, "give_item", card="gehoernter-helm", to_seat=2) == "twoplayer.alter-ego.no-gift"
    assert _refused(anna, gid, 0, "propose_trade", with_seat=2, give=["gehoernter-helm"]) == \
        "twoplayer.alter-ego.no-trade"
    assert _refused(anna, gid, 0, "play_card", card="fluch-verliere-eine-stufe", target_seat=2) == \
        "twoplayer.alter-ego.no-curse"
    assert _refused(anna, gid, 0, "play_card", card="trank-der-allgemeinbildung", target_seat=2) == \
        "twoplayer.alter-ego.no-level-up"
    # "Bei diesen Karten darf das Alter Ego in keinem Fall involviert werden: Fluch! Großzügigkeit ..."
    assert _refused(anna, gid, 0, "play_card", card="t-gross", target_seat=2) == "twoplayer.alter-ego.never-involved"

    anna.submit(gid, 0, "kick_door", card="gewaltiger-kaefer")
    assert _refused(anna, gid, 0, "ask_for_help", helper=2) == "twoplayer.alter-ego.no-interference"
    assert _refused(anna, gid, 2, "play_card", card="wuetend", monster_index=0) == \
        "twoplayer.alter-ego.no-interference"
    anna.submit(gid, 0, "give_up")
    anna.submit(gid, 0, "run_away", monster_index=0, die=6)
    view = anna.get_view(gid).view
    assert not view.HasField("combat")

    # Levels: seat 0 at 1, seat 2 at 2, the opponent's seats 1 and 3 at 1: both as high as the giver.
    excess = view.seats[0].hand_size - 5  # 8 + the listened door - the helmet played: 3 too many
    assert excess == 3
    assert _refused(anna, gid, 0, "end_turn", gifts=[{"to_seat": 1, "unknown": excess}]) == \
        "twoplayer.charity.alter-ego"
    assert _refused(anna, gid, 0, "end_turn", discard_unknown=excess) == "twoplayer.charity.alter-ego"
    anna.submit(gid, 0, "end_turn", gifts=[{"to_seat": 2, "cards": ["elf"], "unknown": excess - 1}])
    seats = anna.get_view(gid).view.seats
    assert seats[2].hand_size == 8 - 1 + excess and "elf" in seats[2].hand  # the person sees both hands
    assert list(ben.get_view(gid).view.seats[2].hand) == []
