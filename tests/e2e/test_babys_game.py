"""A golden game of Munchkin Babys (003) against a real judge process, driven
by the command line and by the client library: ListRulesets shows the set,
CreateGame accepts it, and the 003 rules are judged over the API, refused
actions naming their ``babys.*`` rulings and citing 003 by section:

* an Elfling helper gains a level for the monster killed (003 "Gewonnen!");
* an undead monster follows an undead one into a combat without a Wandering
  Monster, a non-undead one may not (003 "Untote Monster");
* a Krümeldieb backstabs only a player in the fight and may not steal once the
  monster is turned up (003 "Rassen / Klassen"); after the combat he steals on a 4.
"""

from __future__ import annotations

import json

import pytest

from judge_client import JudgeClient, JudgeRpcError
from tests.e2e.conftest import cli, cli_json
from tests.support.judge_process import JudgeProcess

SEED_003 = "003_5944831c1b2c812a.txt"


def test_a_babys_game_over_the_real_api(server: JudgeProcess) -> None:
    t = server.target
    listed = {r.name: r for r in JudgeClient(t).list_rulesets().rulesets}
    assert "babys" in listed and [v.name for v in listed["babys"].variants] == [
        "shared-victory", "listen-at-the-door", "epic-kick", "two-players"]
    assert listed["babys"].title.startswith("Munchkin Babys (003)")

    created = cli_json(t, "new", "babys", "--seat", "Anna:female", "--seat", "Ben:male", "--seat", "Cem:male",
                       "--window-ms", "0")
    game = created["game_id"]
    tokens = {s["seat"]: s["token"] for s in created["seat_tokens"]}
    anna, ben, cem = (JudgeClient(t, tokens[i]) for i in range(3))
    org = JudgeClient(t, created["organizer_token"])
    assert org.get_view(game).view.ruleset.startswith("babys")

    # ---------------------------------------------------------------- turn 1: Anna becomes an Elfling
    cli(t, "submit", game, "0", "kick_door", "--arg", "card=elfling", token=tokens[0])
    played = anna.submit(game, 0, "play_card", card="elfling")
    assert list(played.view.seats[0].races) == ["elfling"]
    anna.submit(game, 0, "loot_room")
    anna.submit(game, 0, "end_turn", discard_unknown=4)  # 9 cards, all at level 1: she discards 4

    # ---------------------------------------------------------------- turn 2: Ben, helped by the Elfling
    ben.submit(game, 1, "kick_door", card="lahmer-goblin")  # level 1
    with pytest.raises(JudgeRpcError) as info:
        ben.submit(game, 1, "claim_victory")
    assert info.value.rule_id == "munchkin.combat.ties-lose"  # 1 against 1: 003 repeats the base text
    ben.submit(game, 1, "ask_for_help", helper=0)
    helped = anna.submit(game, 0, "answer_help", accept=True)
    assert (helped.view.combat.players_strength, helped.view.combat.monsters_strength) == (2, 1)
    won = ben.submit(game, 1, "claim_victory")
    # 003 "Gewonnen!": "Elflinge steigen für jedes Monster, das sie als Helfer erschlagen haben, 1 Stufe auf."
    assert [s.level for s in won.view.seats] == [2, 2, 1]
    ben.submit(game, 1, "draw_treasures", cards=["haggis-purree"])  # drawn face up: a helper fought
    carried = ben.submit(game, 1, "play_card", card="haggis-purree")  # outside combat: carried
    assert [i.card for i in carried.view.seats[1].items] == ["haggis-purree"]
    ben.submit(game, 1, "end_turn", gifts=[{"to_seat": 2, "unknown": 3}])  # 8 cards: 3 to Cem, the lowest

    # ---------------------------------------------------------------- turn 3: Cem, the Krümeldieb
    cli(t, "submit", game, "2", "play_card", "--arg", "card=kruemeldieb", token=tokens[2])
    cem.submit(game, 2, "kick_door", card="koenig-tut")  # 16, undead
    # 003 "Untote Monster": Anna's Impfgegner follows the undead König Tut without a Wandering Monster ...
    follows = anna.submit(game, 0, "play_card", card="impfgegner")
    assert [m.card for m in follows.view.combat.monsters] == ["koenig-tut", "impfgegner"]
    assert (follows.view.combat.players_strength, follows.view.combat.monsters_strength) == (1, 32)
    # ... but the Netztroll is not undead.
    refused = cli(t, "submit", game, "0", "play_card", "--arg", "card=netztroll", "--json", token=tokens[0],
                  check=False)
    assert refused.returncode == 1
    error = json.loads(refused.stdout)["error"]
    assert error["code"] == "FAILED_PRECONDITION" and error["rule_id"] == "babys.undead.not-undead"
    assert (error["ruling"]["source"], error["ruling"]["section"]) == (SEED_003, "Untote Monster")
    # 003 "Rassen / Klassen": no stealing once the monster is turned up, in German through the client.
    with pytest.raises(JudgeRpcError) as info:
        JudgeClient(t, tokens[2], language="de").submit(game, 2, "use_ability", ability="steal", target_seat=1,
                                                        item="haggis-purree", discard_unknown=1, die=6)
    assert info.value.rule_id == "babys.thief.no-stealing-in-combat"
    assert "sobald das Monster aufgedeckt ist" in info.value.message
    # Backstabbing Ben, who is not in the fight: asked, not recorded (003 "Weitere Aktionen im Kampf").
    asked = cem.ask(game, 2, "use_ability", ability="backstab", target_seat=1, discard_unknown=1)
    assert not asked.allowed and asked.ruling.rule_id == "babys.thief.backstab-target"
    version = org.get_view(game).view.version
    ran = cem.submit(game, 2, "give_up")  # König Tut does not pursue a level-1 character
    assert ran.view.combat.stage == "running"
    cem.submit(game, 2, "run_away", monster_index=1, die=2)
    hit = cem.submit(game, 2, "suffer_bad_stuff", monster_index=1)  # Impfgegner: race and 1 level
    assert hit.view.seats[2].level == 1 and list(hit.view.seats[2].classes) == ["kruemeldieb"]
    assert hit.version == version + 3
    # After the combat the Krümeldieb steals Ben's Haggis-Püree on a 4.
    stolen = cem.submit(game, 2, "use_ability", ability="steal", target_seat=1, item="haggis-purree",
                        discard_unknown=1, die=4)
    assert [i.card for i in stolen.view.seats[2].items] == ["haggis-purree"] and not stolen.view.seats[1].items
