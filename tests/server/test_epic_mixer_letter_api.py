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
