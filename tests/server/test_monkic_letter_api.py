"""monkic (002) to the letter over the real API: a table from a hand-written position (round 2,
Tom to play; Mia's Dornenfalle activated) on a judge served on loopback.

002 Karten, Dornenfalle: "Wenn die Karte aktiviert ist, kannst du diese einsetzten, wenn dich jemand
angreift." Mia lets Tom's Zwerg through and springs the trap on his Drache (``attack.trap``); the
defence dice a reporter gets wrong are refused with the count the attack uses and why, in German and
English (``monkic.dice.defence-count``). "Gorilla: Würfel vier mal. Wenn du einmal eine fünf gewürfel
hast, hast du gewonnen, sonst verloren.": on the life points too."""

from __future__ import annotations

from typing import Any

import pytest

from judge_client import JudgeClient, JudgeRpcError
from judge.rules.narration import render
from judge.rulesets.monkic.narration import MonkicNarration
from tests.rules.monkic.harness import values
from tests.server.support import Table


def _card(uid: str, cid: str) -> dict[str, str]:
    return {"id": uid, "card": cid}


def _position(mia_hand: list[dict[str, str]], tom_hand: list[dict[str, str]]) -> dict[str, Any]:
    return {
        "format": "judge-position", "family": "monkic", "version": 1, "ruleset": "monkic",
        "seats": [
            {"name": "Mia", "life": 20, "opened": True, "hand": mia_hand,
             "table": [_card("c3", "dornenfalle")], "graveyard": []},
            {"name": "Tom", "life": 20, "opened": True, "hand": tom_hand, "table": [], "graveyard": []},
        ],
        "phase": "play", "active_seat": 1, "turn": 4, "drew": True, "took": True, "traps": ["c3"],
        "custom_cards": values(),
    }


def _table(client: JudgeClient, position: dict[str, Any]) -> Table:
    created = client.create_game_from_position(position)
    return Table(game=created, seats=[client.with_token(t.token) for t in created.seat_tokens],
                 organizer=client.with_token(created.organizer_token),
                 spectator=client.with_token(created.spectator_token))


def test_the_defender_chooses_the_attack_for_the_dornenfalle_over_the_api(client: JudgeClient) -> None:
    table = _table(client, _position([_card("c1", "golem"), _card("c2", "roboter")],
                                     [_card("c4", "zwerg"), _card("c5", "drache"), _card("c6", "hydra")]))
    gid, tom = table.game_id, table.seats[1]
    # The reporter gives three dice with the trap: its five ends the attack after two.
    asked = tom.ask(gid, 1, "attack", card="c5", targets=["c2"], dice=[1], defence_dice=[5, 1, 3], trap="c3")
    assert not asked.allowed and asked.ruling.rule_id == "monkic.dice.defence-count"
    assert "this attack uses 2" in asked.ruling.explanation_en and "the Dornenfalle rolled a five" in \
        asked.ruling.explanation_en
    assert "dieser Angriff braucht 2" in asked.ruling.explanation_de
    assert asked.ruling.section == "Angriff und Verteidigung"
    # Mia lets the Zwerg through: no trap dice, 6 + 1 against 4 + 1.
    first = tom.submit(gid, 1, "attack", card="c4", targets=["c1"], dice=[1], defence_dice=[1])
    assert [c.card for c in first.view.monkic.seats[0].graveyard] == ["golem"]
    assert list(first.view.monkic.traps_used) == []
    # And springs the trap on the Drache: a five, the Drache lost.
    second = tom.submit(gid, 1, "attack", card="c5", targets=["c2"], dice=[6], defence_dice=[2, 5], trap="c3")
    assert [c.card for c in second.view.monkic.seats[1].graveyard] == ["drache"]
    assert [c.card for c in second.view.monkic.seats[0].hand] == ["roboter"]
    assert list(second.view.monkic.traps_used) == ["c3"]
    # Once per turn: a named trap already used is refused with the sentence it rests on.
    with pytest.raises(JudgeRpcError) as refused:
        tom.submit(gid, 1, "attack", card="c6", targets=["c2"], dice=[1], defence_dice=[5, 5, 1], trap="c3")
    assert refused.value.rule_id == "monkic.trap.not-active"
    assert refused.value.ruling is not None and "wenn dich jemand angreift" in refused.value.ruling.quote


def test_a_gorilla_without_a_five_does_no_damage_to_the_life_points_over_the_api(client: JudgeClient) -> None:
    table = _table(client, {**_position([], [_card("c4", "gorilla"), _card("c5", "zyklop")]), "traps": []})
    gid, tom = table.game_id, table.seats[1]
    missed = tom.submit(gid, 1, "attack", card="c4", dice=[6, 6, 6, 6])
    assert [s.life for s in missed.view.monkic.seats] == [20, 20]
    assert [c.card for c in missed.view.monkic.seats[1].graveyard] == ["gorilla"]
    hit = tom.submit(gid, 1, "attack", card="c5", dice=[3])  # Zyklop 5 + 3
    assert [s.life for s in hit.view.monkic.seats] == [12, 20]


def test_a_roll_that_loses_on_the_life_points_is_told_as_no_damage() -> None:
    fight = {"type": "FightResolved", "attacker": "c4", "defender": "", "attack": "6", "shield": "0",
             "winner": "defender", "reason": "gorilla"}
    cards = {"c4": "Gorilla (c4)"}
    told = MonkicNarration().tell_effect(fight)
    assert render(told, "de", ["Mia", "Tom"], cards) == "Gorilla (c4) richtet an den Lebenspunkten keinen Schaden an"
    assert render(told, "en", ["Mia", "Tom"], cards) == "Gorilla (c4) does no damage to the life points"
