"""Cards defined when they turn up, from the command line (issue 25, 1): ``judge submit`` answers the
judge's "unknown card" with a few questions and submits again, or takes ``--define FILE`` and
``--define-json``; ``judge cards correct`` records the organizer's correction. The numbers are invented."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from judge_client.cli import app
from tests.server.support import Judge
from tests.server.test_cli import judge_cli, new_game

runner = CliRunner()


def test_the_cli_asks_for_an_unknown_cards_kind_and_numbers_and_submits_again(judge: Judge) -> None:
    game = new_game(judge)
    gid, anna = game["game_id"], game["seat_tokens"][0]["token"]
    env = {"JUDGE_TARGET": judge.target, "JUDGE_TOKEN": anna, "COLUMNS": "200"}
    # kind, level, treasures, levels, bad stuff's levels, text
    answers = "monster\n4\n2\n1\n2\nSchlimme Dinge: Verliere 2 Stufen.\n"
    result = runner.invoke(app, ["submit", gid, "0", "kick_door", "--arg", "card=Glibber-Golem",
                                 "--ask-definitions"], env=env, input=answers)
    assert result.exit_code == 0, (result.output, result.exception)
    assert "The judge does not know the card 'Glibber-Golem'" in result.output
    assert "accepted" in result.output and "Glibber-Golem" in result.output
    replayed = judge_cli(judge, "replay", gid, "--json", token=game["organizer_token"])
    assert "CardsDefined" in replayed and "glibber-golem" in replayed


def test_the_cli_asks_in_german(judge: Judge) -> None:
    game = new_game(judge)
    gid, anna = game["game_id"], game["seat_tokens"][0]["token"]
    env = {"JUDGE_TARGET": judge.target, "JUDGE_TOKEN": anna, "COLUMNS": "200"}
    result = runner.invoke(app, ["submit", gid, "0", "kick_door", "--arg", "card=Nebelwurm", "--lang", "de",
                                 "--ask-definitions"], env=env, input="monster\n2\n1\n1\n0\n\n")
    assert result.exit_code == 0, (result.output, result.exception)
    assert "Der Schiedsrichter kennt die Karte 'Nebelwurm' nicht" in result.output and "ihre gedruckte Stufe" in result.output


def test_define_from_a_file_or_json_without_questions_and_the_organizers_correction(judge: Judge,
                                                                                   tmp_path: Path) -> None:
    game = new_game(judge)
    gid, anna, organizer = game["game_id"], game["seat_tokens"][0]["token"], game["organizer_token"]
    # Without a definition and not on a terminal: the error names the unknown card, nothing is asked.
    refused = runner.invoke(app, ["submit", gid, "0", "play_card", "--arg", "card=gummihammer"],
                            env={"JUDGE_TARGET": judge.target, "JUDGE_TOKEN": anna})
    assert refused.exit_code != 0 and "gummihammer" in refused.output
    assert "--define FILE" in refused.output and "--define-json" in refused.output  # and how to describe it
    german = runner.invoke(app, ["submit", gid, "0", "play_card", "--arg", "card=gummihammer", "--lang", "de"],
                           env={"JUDGE_TARGET": judge.target, "JUDGE_TOKEN": anna, "COLUMNS": "200"})
    assert german.exit_code != 0 and "beschreibe die Karte einmal mit --define DATEI" in german.output
    hammer = tmp_path / "gummihammer.toml"
    hammer.write_text('[[card]]\nid = "gummihammer"\nname = "Gummihammer"\ndeck = "treasure"\nkind = "item"\n'
                      'slot = "1hand"\nbonus = 5\nvalue = 300\n', encoding="utf-8")
    said = judge_cli(judge, "submit", gid, "0", "play_card", "--arg", "card=gummihammer", "--define", str(hammer),
                     token=anna)
    assert "accepted" in said
    troll = {"id": "troll", "name": "Troll", "deck": "door", "kind": "race", "hand_limit": 6}
    judge_cli(judge, "submit", gid, "0", "play_card", "--arg", "card=troll", "--define-json", json.dumps(troll),
              token=anna)
    hammer.write_text(hammer.read_text(encoding="utf-8").replace("bonus = 5", "bonus = 2"), encoding="utf-8")
    corrected = judge_cli(judge, "cards", "correct", gid, str(hammer), token=organizer)
    assert "corrected at version 4" in corrected and "bonus 5 to 2" in corrected
    german = runner.invoke(app, ["cards", "correct", gid, str(hammer), "--lang", "de"],
                           env={"JUDGE_TARGET": judge.target, "JUDGE_TOKEN": organizer})
    assert german.exit_code != 0 and "schon genau so definiert" in german.output
