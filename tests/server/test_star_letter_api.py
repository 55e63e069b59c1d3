"""Star Munchkin (004) to the letter over a real server: an undead monster follows another into a combat, an
item its holder cannot use is shown carried, and the fighter's decision for the helper comes before the
helper's roll (issue "To the letter, every set", section "Star Munchkin (004)")."""

from __future__ import annotations

import grpc
import pytest

from judge_client import JudgeClient
from judge_client.client import JudgeRpcError

SEATS = ["Anna:female", "Ben:male", "Cleo:female"]
ZOMBIE = {"id": "t-weltraumzombie", "name": "Weltraumzombie", "deck": "door", "kind": "monster", "level": 6,
          "treasures": 2, "undead": True, "bad_stuff": {"lose_levels": 1}, "set": "t"}
GEIST = {**ZOMBIE, "id": "t-geisterschiff", "name": "Geisterschiff", "level": 4, "treasures": 1}


def _game(client: JudgeClient, *custom: dict[str, object]) -> tuple[JudgeClient, JudgeClient, str]:
    anna, ben, _, gid = _game_with_organizer(client, *custom)
    return anna, ben, gid


def _game_with_organizer(client: JudgeClient,
                         *custom: dict[str, object]) -> tuple[JudgeClient, JudgeClient, JudgeClient, str]:
    game = client.create_game("star", SEATS, interference_window_ms=0, custom_cards=list(custom))
    return (client.with_token(game.seat_tokens[0].token), client.with_token(game.seat_tokens[1].token),
            client.with_token(game.organizer_token), game.game_id)


def test_untote_monster_one_follows_another_into_the_combat(client: JudgeClient) -> None:
    """004 "Untote Monster": "Jedes Untote Monster kann einem anderen Untoten Monster in den Kampf folgen, ohne
    dass dafür eine Wanderndes Monster-Karte benötigt wird.\""""
    anna, ben, gid = _game(client, ZOMBIE, GEIST)
    anna.submit(gid, 0, "kick_door", card="t-weltraumzombie")
    view = ben.submit(gid, 1, "play_card", card="t-geisterschiff").view
    assert [m.card for m in view.combat.monsters] == ["t-weltraumzombie", "t-geisterschiff"]
    assert view.combat.monsters_strength == 6 + 4


def test_gegenstaende_the_cyberdeck_without_a_gadgeteer_is_carried_not_in_use(client: JudgeClient) -> None:
    """004 "Gegenstände": "„Nur von Gadgeteeren nutzbar“. Andere Charaktere können solche Gegenstände zwar auch
    tragen, aber sie können ihre Fähigkeit nicht nutzen.\""""
    anna, _, gid = _game(client)
    view = anna.submit(gid, 0, "play_card", card="cyberdeck").view
    [item] = view.seats[0].items
    assert item.card == "cyberdeck" and not item.in_use and view.seats[0].strength == 1


def test_handlanger_the_decision_for_the_helper_comes_before_its_roll(client: JudgeClient) -> None:
    """004 "Handlanger": "entscheidest DU, ob diese Person ebenfalls automatisch entkommt oder würfeln muss":
    once the helper has rolled against Gehirn im Glas, taking it along is refused with the ruling."""
    anna, ben, organizer, gid = _game_with_organizer(client)
    # Gehirn im Glas "Wird niemanden der Stufe 3 oder niedriger verfolgen": both at level 4.
    for seat in (0, 1):
        organizer.submit(gid, None, "record_adjustment", reason="Stufe 4", target_seat=seat, set_level=4)
    anna.submit(gid, 0, "play_card", card="rothemd")
    anna.submit(gid, 0, "kick_door", card="gehirn-im-glas")
    anna.submit(gid, 0, "ask_for_help", helper=1)
    ben.submit(gid, 1, "answer_help", accept=True)
    anna.submit(gid, 0, "give_up")
    ben.submit(gid, 1, "run_away", monster_index=0, die=6)  # "Für alle anderen ist Flucht unmöglich!"
    with pytest.raises(JudgeRpcError) as info:
        anna.submit(gid, 0, "use_ability", ability="sacrifice-hireling", item="rothemd", target_seat=1)
    assert info.value.code == grpc.StatusCode.FAILED_PRECONDITION
    assert info.value.rule_id == "star.hireling.helper-has-rolled"
    assert info.value.ruling is not None and info.value.ruling.explanation_de and info.value.ruling.explanation_en
    view = anna.submit(gid, 0, "use_ability", ability="sacrifice-hireling", item="rothemd").view
    assert list(view.seats[0].other_cards) == []
