"""The position commands of the CLI against a real judge, as a group uses them
(docs/position.md): ``judge new --position FILE``, ``judge view`` with the
strength breakdowns and the forecast, ``judge ask --position FILE SEAT ACTION``
with the ruling and when it would be legal, ``judge position GAME [--at N]``
writing a file that ``judge new --position`` loads again."""

from __future__ import annotations

import json
from pathlib import Path

from tests.server.support import Judge
from tests.server.test_cli import judge_cli

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "position" / "anna-vs-plutoniumdrache.json"


def test_new_from_a_position_and_view_prints_the_breakdowns_and_the_forecast(judge: Judge) -> None:
    """000 KAMPF / Um Hilfe bitten / Verloren!: the numbers a group reads out."""
    game = json.loads(judge_cli(judge, "new", "--position", str(EXAMPLE), "--json"))
    out = judge_cli(judge, "view", game["game_id"], token=game["organizer_token"])
    assert "10 = level 5 + Flammende Rüstung 2 + help (Ben) 3" in out
    # Beside each seat's strength and each monster's, in the seat table and the combat lines.
    assert "7 = level 5 + Flammende Rüstung 2" in out and "players: 10 = level 5" in out
    assert "strength 30 = Plutoniumdrache 20 + Uralt 10" in out
    assert "30 = Plutoniumdrache 20 + Uralt 10" in out
    assert "the monsters win, 10 against 30 (margin -20)" in out
    assert "the players need 20 more to win" in out  # Ben, a warrior, wins ties
    assert "no (nobody of level 5 or less)" in out


def test_ask_on_a_position_prints_the_ruling_and_when_it_would_be_legal(judge: Judge) -> None:
    """000 KAMPF: "Ist deine Stufe niedriger oder gleich hoch, verlierst du"."""
    out = judge_cli(judge, "ask", "--position", str(EXAMPLE), "0", "claim_victory")
    assert "not allowed" in out and "munchkin.combat.ties-lose" in out and "legal when" in out
    out = judge_cli(judge, "ask", "--position", str(EXAMPLE), "2", "play_card",
                    "--arg", "card=fluch-verliere-eine-stufe", "--arg", "target_seat=0")
    assert "allowed" in out and "not allowed" not in out
    english = judge_cli(judge, "ask", "--position", str(EXAMPLE), "0", "claim_victory")
    german = judge_cli(judge, "ask", "--lang", "de", "--position", str(EXAMPLE), "0", "claim_victory")
    assert "munchkin.combat.ties-lose" in german and german != english  # the explanation in German


def test_position_writes_a_file_that_new_loads_again(judge: Judge, tmp_path: Path) -> None:
    game = json.loads(judge_cli(judge, "new", "--position", str(EXAMPLE), "--json"))
    target = tmp_path / "table.json"
    judge_cli(judge, "position", game["game_id"], "--output", str(target), token=game["organizer_token"])
    again = json.loads(judge_cli(judge, "new", "--position", str(target), "--json"))
    first = judge_cli(judge, "position", game["game_id"], token=game["organizer_token"])
    second = judge_cli(judge, "position", again["game_id"], token=again["organizer_token"])
    assert json.loads(first) == json.loads(second)



def test_position_at_a_past_version_is_the_table_then(judge: Judge) -> None:
    """After Cem's curse (000 Flüche: Anna drops from 5 to 4), --at 1 still writes the table at the start."""
    game = json.loads(judge_cli(judge, "new", "--position", str(EXAMPLE), "--json"))
    gid, org = game["game_id"], game["organizer_token"]
    cem = game["seat_tokens"][2]["token"]
    judge_cli(judge, "submit", gid, "2", "play_card", "--arg", "card=fluch-verliere-eine-stufe",
              "--arg", "target_seat=0", token=cem)
    assert json.loads(judge_cli(judge, "position", gid, token=org))["seats"][0]["level"] == 4
    then = json.loads(judge_cli(judge, "position", gid, "--at", "1", token=org))
    assert then["seats"][0]["level"] == 5 and then["seats"][2]["hand"] == ["fluch-verliere-eine-stufe"]
    assert json.loads(judge_cli(judge, "position", gid, "--at", "2", token=org))["seats"][0]["level"] == 4


def test_new_from_an_unreachable_position_prints_the_ruling_and_the_field(judge: Judge, tmp_path: Path) -> None:
    """000 Gegenstände ("maximal einen Großen"): Ben, no dwarf, with two big items is refused, and the CLI
    says which field breaks the ruling."""
    from tests.server.test_cli import app, runner

    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["seats"][1]["items"] = [{"card": "ganzkoerper-schild", "in_use": False},
                                 {"card": "kettensaege", "in_use": False}]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["new", "--position", str(bad)], env={"JUDGE_TARGET": judge.target, "COLUMNS": "200"})
    assert result.exit_code == 1
    assert "munchkin.item.one-big" in result.output and "field: position.seats[1].items" in result.output
