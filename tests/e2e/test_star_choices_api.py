"""Star Munchkin (004) over the real API: the Cyborg's choice at death as a prompt
the judge waits for, and a Gadgeteer's defusing refused with its ``star.*``
ruling, through the command line and the client library."""

from __future__ import annotations

import json
from pathlib import Path

from judge_client import JudgeClient
from tests.e2e.conftest import cli, cli_json
from tests.support.judge_process import JudgeProcess

SEED_004 = "004_d45839f1d9a5a3b7.txt"
# A deadly monster the group adds (004 prints none): bad stuff "Du bist tot".
TOD = {"id": "t-tod", "name": "Tod", "deck": "door", "kind": "monster", "level": 20, "treasures": 1,
       "bad_stuff": {"death": True}, "set": "t"}


def test_cyborg_choice_and_gadgeteer_defusing_over_the_api(server: JudgeProcess, tmp_path: Path) -> None:
    """004 cyBorg: "Wenn er getötet wird, kann der Cyborg wählen, stattdessen 2 Stufen zu verlieren ... und am
    Leben zu bleiben": the judge waits for the choice, refuses everything else meanwhile, and the Cyborg lives.
    004 "Kombiniere ...": "Ja, Gadgeteere können Flüche „entschärfen“": with nothing to defuse, refused."""
    t = server.target
    cards = tmp_path / "tod.json"
    cards.write_text(json.dumps([TOD]), encoding="utf-8")
    created = cli_json(t, "new", "star", "--seat", "Ada:female", "--seat", "Bo:male", "--seat", "Cy:male",
                       "--window-ms", "0", "--cards", str(cards))
    game = created["game_id"]
    tokens = {s["seat"]: s["token"] for s in created["seat_tokens"]}
    ada = JudgeClient(t, tokens[0])
    bo = JudgeClient(t, tokens[1])
    org = JudgeClient(t, created["organizer_token"])

    org.submit(game, None, "record_adjustment", reason="Ada ist Stufe 5", target_seat=0, set_level=5)
    ada.submit(game, 0, "play_card", card="cyborg")
    cli(t, "submit", game, "0", "play_card", "--arg", "card=gadgeteer", token=tokens[0])
    refused = cli(t, "submit", game, "0", "use_ability", "--arg", "ability=defuse", "--arg", "discard_unknown=1",
                  "--json", token=tokens[0], check=False)
    assert refused.returncode == 1
    error = json.loads(refused.stdout)["error"]
    assert error["rule_id"] == "star.defuse.nothing-to-defuse" and error["ruling"]["source"] == SEED_004

    ada.submit(game, 0, "kick_door", card="t-tod")
    ada.submit(game, 0, "give_up")
    ada.submit(game, 0, "run_away", monster_index=0, die=1)
    caught = ada.submit(game, 0, "suffer_bad_stuff", monster_index=0)
    assert caught.view.waiting_for == "seat 0 to choose a card (cyborg: cyborg, t-tod)"
    assert caught.view.seats[0].level == 5
    kinds = {a.kind for a in ada.legal_actions(game, 0).actions}
    assert "choose_card" in kinds and "run_away" not in kinds
    waiting = cli(t, "submit", game, "1", "kick_door", "--json", token=tokens[1], check=False)
    assert json.loads(waiting.stdout)["error"]["rule_id"] == "munchkin.choice.pending"
    cli(t, "submit", game, "0", "choose_card", "--arg", "card=cyborg", token=tokens[0])
    view = bo.get_view(game).view
    assert view.seats[0].level == 3 and not view.seats[0].dead and list(view.seats[0].races) == ["cyborg"]
