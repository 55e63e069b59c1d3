"""Star Munchkin (004) over the real API: the worked example "Kampfbeispiel mit
Zahlen und allem Drumherum" (Lars, Sven, Har Har) played against a judge
process through the command line and the client library, every number of the
example read from the views, and refused actions with their ``star.*`` rulings."""

from __future__ import annotations

import json
from typing import Any

import pytest

from judge_client import JudgeClient, JudgeRpcError
from tests.e2e.conftest import cli, cli_json
from tests.support.judge_process import JudgeProcess

WINDOW_MS = 1500  # "Irgendwelche Einwände?": the judge decides the combat when the window has passed
SEED_004 = "004_d45839f1d9a5a3b7.txt"


def _effects(response: Any) -> list[dict[str, Any]]:
    return [e for ev in response.events for e in json.loads(ev.payload_json).get("effects", [])]


def _wait_for_version(client: JudgeClient, game: str, after: int, version: int) -> list[Any]:
    seen = []
    stream = client.watch(game, after_version=after, timeout=120)
    try:
        for item in stream:
            seen.append(item)
            if item.event.version >= version:
                break
    finally:
        stream.cancel()
    return seen


def test_star_is_listed_with_its_variants(server: JudgeProcess) -> None:
    info = JudgeClient(server.target).ruleset_info("star")
    assert info is not None and "Star Munchkin" in info.title
    assert "shared-victory" in [v.name for v in info.variants]


def test_kampfbeispiel_mit_zahlen_over_the_api(server: JudgeProcess) -> None:
    """004 "Kampfbeispiel mit Zahlen und allem Drumherum": Lars (Katze, Stufe 4, Diamanten Zähne +2) kicks open
    Har Har (Stufe 4): 6 against 4. Sven plays "... aus einer anderen Dimension" (+10): 14 against 6. Sven, a
    Stufe-5 Kopfgeldjäger with a Bobaser, is at 9 and helps for the second treasure: 15 against 14. Lars goes up
    1 level and draws 4 treasures (2 for Har Har, 2 for the Dimension); Lars picks first, Sven second, Lars takes
    the other two; both draw a face-down door (Lars for defeating Har Har, Sven as a Kopfgeldjäger)."""
    t = server.target
    created = cli_json(t, "new", "star", "--seat", "Lars:male", "--seat", "Sven:male", "--seat", "Mia:female",
                       "--window-ms", str(WINDOW_MS))
    game = created["game_id"]
    tokens = {s["seat"]: s["token"] for s in created["seat_tokens"]}
    lars = JudgeClient(t, tokens[0])
    sven = JudgeClient(t, tokens[1])
    org = JudgeClient(t, created["organizer_token"])

    # ------------------------------------------------------------ the table as the example has it
    org.submit(game, None, "record_adjustment", reason="Lars ist Stufe 4", target_seat=0, set_level=4)
    org.submit(game, None, "record_adjustment", reason="Sven ist Stufe 5", target_seat=1, set_level=5)
    cli(t, "submit", game, "0", "play_card", "--arg", "card=katze", token=tokens[0])
    lars.submit(game, 0, "play_card", card="diamanten-zaehne")
    sven.submit(game, 1, "play_card", card="kopfgeldjaeger")  # the opening lay-out
    laid = sven.submit(game, 1, "play_card", card="bobaser")
    seats = laid.view.seats
    assert (seats[0].level, list(seats[0].races), [i.card for i in seats[0].items]) == (4, ["katze"],
                                                                                       ["diamanten-zaehne"])
    assert (seats[1].level, list(seats[1].classes), [i.card for i in seats[1].items]) == (5, ["kopfgeldjaeger"],
                                                                                         ["bobaser"])
    # A complex item the Kopfgeldjäger may carry once, not twice (004 "Gegenstände"): refused with star.*.
    sven.submit(game, 1, "play_card", card="cyberdeck")
    refused = cli(t, "submit", game, "1", "play_card", "--arg", "card=cyberdeck", "--json", token=tokens[1],
                  check=False)
    assert refused.returncode == 1
    error = json.loads(refused.stdout)["error"]
    assert error["rule_id"] == "star.item.one-complex"
    assert error["ruling"]["source"] == SEED_004 and error["ruling"]["section"] == "Gegenstände"
    sven.submit(game, 1, "discard_card", card="cyberdeck", from_table=True)

    # ------------------------------------------------------------ "Lars ist auf 6 und Har Har auf 4"
    kicked = lars.submit(game, 0, "kick_door", card="har-har")
    c = kicked.view.combat
    assert (c.players_strength, c.monsters_strength) == (6, 4)
    assert [m.card for m in c.monsters] == ["har-har"] and c.monsters[0].level == 4

    # ------------------------------------------------------------ "Jetzt verliert Lars mit 14 zu 6"
    enhanced = sven.submit(game, 1, "play_card", card="aus-einer-anderen-dimension", monster_index=0)
    c = enhanced.view.combat
    assert (c.monsters_strength, c.players_strength) == (14, 6)
    # Trading in a combat stays refused as in the base game; a new contract too (004 Kopfgeldjäger).
    with pytest.raises(JudgeRpcError) as contract:
        sven.submit(game, 1, "use_ability", ability="new-contract")
    assert contract.value.rule_id == "star.contract.not-in-combat"
    assert contract.value.ruling is not None and contract.value.ruling.source == SEED_004

    # ------------------------------------------------------------ Sven at 9 helps: 15 against 14
    lars.submit(game, 0, "ask_for_help", helper=1, bribe={"treasures": 1})
    helped = sven.submit(game, 1, "answer_help", accept=True)
    c = helped.view.combat
    assert c.helper == 1 and (c.players_strength, c.monsters_strength) == (15, 14)
    assert c.players_strength - 6 == 9  # Sven: Stufe 5 with the Bobaser

    # ------------------------------------------------------------ "Irgendwelche Einwände?" nobody objects
    hand_before = [s.hand_size for s in org.get_view(game).view.seats]
    claim = lars.submit(game, 0, "claim_victory")
    assert claim.view.combat.stage == "claimed"
    events = _wait_for_version(org, game, claim.version, claim.version + 1)
    resolved = [e for item in events for e in json.loads(item.event.payload_json).get("effects", [])]
    defeated = next(e for e in resolved if e["type"] == "MonstersDefeated")
    assert (defeated["levels"], defeated["treasures"]) == (1, 4)  # 2 for Har Har, 2 for the Dimension
    view = org.get_view(game).view
    assert view.seats[0].level == 5 and view.seats[1].level == 5
    # "Zusätzlich bekommen beide eine verdeckte Türkarte"
    assert [view.seats[i].hand_size - hand_before[i] for i in (0, 1)] == [1, 1]
    assert view.combat.stage == "treasures" and view.combat.helper_share == 1 and view.combat.next_picker == 0

    # ------------------------------------------------------------ four treasures, face up, in the agreed order
    drawn = lars.submit(game, 0, "draw_treasures", cards=["laser", "dazer", "biergasgranate", "comics-leihen"])
    assert sorted(drawn.view.combat.drawn_treasures) == sorted(["laser", "dazer", "biergasgranate", "comics-leihen"])
    with pytest.raises(JudgeRpcError) as not_yet:
        sven.submit(game, 1, "pick_treasure", card="dazer")
    assert not_yet.value.rule_id == "munchkin.treasure.not-your-pick"
    first = lars.submit(game, 0, "pick_treasure", card="laser")  # "Lars sucht sich die erste aus"
    assert first.view.combat.next_picker == 1
    second = sven.submit(game, 1, "pick_treasure", card="dazer")  # "Sven die zweite"
    assert second.view.combat is None or not second.view.HasField("combat")
    final = org.get_view(game).view
    # "und Lars nimmt sich die restlichen beiden Karten"
    assert sorted(final.seats[0].hand) == sorted(["biergasgranate", "comics-leihen", "laser"])
    assert list(final.seats[1].hand) == ["dazer"]
    taken = next(e for e in _effects(second) if e["type"] == "TreasuresTaken")
    assert taken["seat"] == 0 and sorted(taken["cards"]) == ["biergasgranate", "comics-leihen"]
