"""The Munchkin base game to the letter over a real server (000): a card of a set the game does not
include is refused with its set named, the organizer overrules a victim who does not choose, and the
dead character's new hand is waited for and recorded at a table with physical cards."""

from __future__ import annotations

import grpc
import pytest

from judge_client import JudgeClient
from judge_client.client import JudgeRpcError
from tests.server.support import open_table


def _refused(client: JudgeClient, game_id: str, seat: int | None, kind: str, **fields: object) -> JudgeRpcError:
    with pytest.raises(JudgeRpcError) as info:
        client.submit(game_id, seat, kind, **fields)  # type: ignore[arg-type]
    assert info.value.code == grpc.StatusCode.FAILED_PRECONDITION
    assert info.value.ruling is not None and info.value.ruling.explanation_de and info.value.ruling.explanation_en
    return info.value


def test_spielmaterial_a_star_card_in_a_base_game_is_refused_with_its_set(client: JudgeClient) -> None:
    """000 "SPIELMATERIAL": "Dieses Spiel beinhaltet 168 Karten": a Star card gets the ruling a Babys card
    gets, naming its set."""
    table = open_table(client)
    anna, gid = table.seats[0], table.game_id
    for card, set_name in (("cyberdeck", "star"), ("haggis-purree", "babys")):
        error = _refused(anna, gid, 0, "reveal_card", card=card)
        assert error.rule_id == "munchkin.card.not-in-game"
        assert set_name in error.ruling.explanation_en
        assert error.ruling.section == "SPIELMATERIAL"


def test_goldene_regel_the_organizer_overrules_a_victim_who_does_not_choose(client: JudgeClient) -> None:
    """000 "SPIELVORBEREITUNGEN": "wobei der Besitzer des Spiels das letzte Wort hat": while Anna owes the
    choice of the item a curse takes, the organizer's adjustment naming the curse settles it."""
    table = open_table(client)
    anna, ben, gid = table.seats[0], table.seats[1], table.game_id
    anna.submit(gid, 0, "play_card", card="flammende-ruestung")
    anna.submit(gid, 0, "play_card", card="gehoernter-helm")
    view = ben.submit(gid, 1, "play_card", card="fluch-verliere-einen-gegenstand", target_seat=0).view
    assert "seat 0 to choose" in view.waiting_for
    assert _refused(anna, gid, 0, "kick_door", card="elf").rule_id == "munchkin.choice.pending"
    view = table.organizer.submit(gid, None, "record_adjustment",  # type: ignore[arg-type]
                                  reason="Anna wählt nicht: der Helm geht", target_seat=0,
                                  card="fluch-verliere-einen-gegenstand", discard=["gehoernter-helm"]).view
    assert [i.card for i in view.seats[0].items] == ["flammende-ruestung"]
    assert "to kick open the door" in view.waiting_for
    anna.submit(gid, 0, "kick_door", card="elf")


def test_tod_the_new_hand_is_waited_for_and_recorded(client: JudgeClient) -> None:
    """000 "Tod": "Erst zu Beginn deines nächsten Zuges ziehst du wie zu Spielbeginn verdeckt 4 Türkarten und 4
    Schatzkarten": Anna, killed by the Plutoniumdrache, is looted, and as her next turn starts the judge waits
    for her new hand (deal, sent by her seat): eight cards it does not know, as at the start."""
    table = open_table(client, interference_window_ms=0)
    anna, ben, cem, gid = table.seats[0], table.seats[1], table.seats[2], table.game_id
    table.organizer.submit(gid, None, "record_adjustment", reason="Stufe", target_seat=0,  # type: ignore[arg-type]
                           set_level=6)
    anna.submit(gid, 0, "kick_door", card="plutoniumdrache")
    anna.submit(gid, 0, "give_up")
    anna.submit(gid, 0, "run_away", monster_index=0, die=1)
    anna.submit(gid, 0, "suffer_bad_stuff", monster_index=0)
    ben.submit(gid, 1, "roll_die", die=6)
    cem.submit(gid, 2, "roll_die", die=1)
    for seat, looter in ((1, ben), (2, cem)):
        looter.submit(gid, seat, "loot_corpse", card="elf")
    for seat, player in ((1, ben), (2, cem)):
        player.submit(gid, seat, "kick_door", card="zwerg")
        view = player.submit(gid, seat, "end_turn", discard=["zwerg"], discard_unknown=4).view
    assert view.active_seat == 0 and view.seats[0].hand_size == 0
    assert "seat 0 to draw a new hand" in view.waiting_for
    assert _refused(anna, gid, 0, "kick_door", card="elf").rule_id == "munchkin.turn.draw-new-hand-first"
    view = anna.submit(gid, 0, "deal").view
    assert view.seats[0].hand_size == 8 and "to kick open the door" in view.waiting_for
