"""Epic, Mixer and two players (001) to the letter over a real server: the organizer sets a level up to the Epic
goal, and a second card of the Halb-Blut family is refused with its ruling (issue "To the letter, every set",
section "Epic, Mixer and two players")."""

from __future__ import annotations

import grpc
import pytest

from judge_client import JudgeClient
from judge_client.client import JudgeRpcError

SEATS = ["Anna:female", "Ben:male", "Cleo:female"]
DRITTEL = {"id": "t-drittel-blut", "name": "Drittel-Blut", "deck": "door", "kind": "other", "set": "t"}


def test_epic_goal_the_organizer_sets_level_15(client: JudgeClient) -> None:
    """001: "die Stufe 10 (bzw. 20 beim Epischen Spiel)": in an Epic game the organizer's adjustment sets
    level 15; beyond 20 it is a malformed request."""
    game = client.create_game("munchkin", SEATS, variants=["epic-kick"], interference_window_ms=0,
                              options={"epic_goal": True})
    organizer = client.with_token(game.organizer_token)
    view = organizer.submit(game.game_id, None, "record_adjustment", reason="Stufe nach Kartentext",
                            target_seat=1, set_level=15).view
    assert view.seats[1].level == 15
    with pytest.raises(JudgeRpcError) as info:
        organizer.submit(game.game_id, None, "record_adjustment", reason="zu hoch", target_seat=1, set_level=21)
    assert info.value.code == grpc.StatusCode.INVALID_ARGUMENT


def test_mixer_a_second_card_of_the_half_breed_family_is_refused(client: JudgeClient) -> None:
    """001: "Alle Einschränkungen für Halb-Blut gelten ebenso für Drittel-Blut und Chimäre": beside Halb-Blut,
    Drittel-Blut is refused with the ruling that cites it."""
    game = client.create_game("mixer", SEATS, interference_window_ms=0, custom_cards=[DRITTEL],
                              options={"sets": "munchkin,babys"})
    anna = client.with_token(game.seat_tokens[0].token)
    gid = game.game_id
    anna.submit(gid, 0, "play_card", card="elf")
    view = anna.submit(gid, 0, "play_card", card="halb-blut").view
    assert list(view.seats[0].other_cards) == ["halb-blut"]
    with pytest.raises(JudgeRpcError) as info:
        anna.submit(gid, 0, "play_card", card="t-drittel-blut")
    assert info.value.code == grpc.StatusCode.FAILED_PRECONDITION
    assert info.value.rule_id == "mixer.identity.one-half-breed"
    assert info.value.ruling is not None and "Drittel-Blut" in info.value.ruling.quote


def _goth(i: int) -> dict[str, object]:
    return {"id": f"t-goth{i}", "name": f"Goth-Vampir {i}", "deck": "door", "kind": "monster", "level": 2,
            "treasures": 1, "bad_stuff": {}, "set": "t"}


def test_mixer_the_goth_monsters_go_round_the_table_from_the_player_whose_turn_it_is(client: JudgeClient) -> None:
    """001: "Wann immer ein Goth-Monster auftaucht, darf reihum jeder Spieler – beginnend mit dem Spieler am Zug –
    ein weiteres Goth-Monster in den Kampf werfen, insgesamt jedoch nur eines": Anna kicks open the door to a
    Goth monster; Cleo's Goth monster is refused until Anna and Ben have passed (pass_in_round, offered to the
    seat asked), and the round is told in English and German."""
    game = client.create_game("mixer", SEATS, interference_window_ms=0, custom_cards=[_goth(i) for i in range(2)],
                              options={"sets": "munchkin,babys"})
    anna, ben, cleo = (client.with_token(s.token) for s in game.seat_tokens)
    gid = game.game_id
    kick = anna.submit(gid, 0, "kick_door", card="t-goth0")
    assert "the Goth monsters go round the table, starting with Anna" in "; ".join(e.summary for e in kick.events)
    with pytest.raises(JudgeRpcError) as info:
        cleo.submit(gid, 2, "play_card", card="t-goth1")
    assert info.value.code == grpc.StatusCode.FAILED_PRECONDITION
    assert info.value.rule_id == "mixer.family.goth-not-your-turn"
    assert info.value.ruling is not None and "beginnend mit dem Spieler am Zug" in info.value.ruling.quote
    assert "pass_in_round" in [a.kind for a in anna.legal_actions(gid, 0).actions]
    assert "pass_in_round" not in [a.kind for a in cleo.legal_actions(gid, 2).actions]
    anna.submit(gid, 0, "pass_in_round")
    passed = ben.submit(gid, 1, "pass_in_round")
    assert "Ben throws no Goth monster into the combat" in "; ".join(e.summary for e in passed.events)
    view = cleo.submit(gid, 2, "play_card", card="t-goth1").view
    assert [m.card for m in view.combat.monsters] == ["t-goth0", "t-goth1"]
    with JudgeClient(client.target, anna.token, "de", client.timeout) as german:
        replayed = "; ".join(r.event.summary for r in german.replay(gid))
    assert "die Goth-Monster gehen reihum, beginnend mit Anna" in replayed, replayed
    assert "Ben wirft kein Goth-Monster in den Kampf" in replayed, replayed
