"""The ``judge`` CLI with monkic games (issue 8, part 2), in-process through
typer's CliRunner against a real server: ``judge rulesets``, ``judge new
monkic --seat Mia --seat Tom`` with a TOML card file and options,
``judge submit GAME SEAT ACTION --arg ...``, ``judge legal`` and ``judge
view`` (a table, and ``--json``)."""

from __future__ import annotations

import json
from pathlib import Path

from judge_client.cli import app
from tests.rules.monkic.harness import values
from tests.server.monkic_support import OPENING
from tests.server.support import Judge
from tests.server.test_cli import judge_cli, runner


def cards_file(path: Path) -> Path:
    lines = []
    for entry in values():
        lines += ["[[card]]", *(f"{k} = {json.dumps(v)}" for k, v in entry.items()), ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def new_monkic(judge: Judge, tmp_path: Path, *args: str) -> dict:
    return json.loads(judge_cli(judge, "new", "monkic", "--seat", "Mia", "--seat", "Tom", "--cards",
                                str(cards_file(tmp_path / "karten.toml")), *args, "--json"))


def test_rulesets_lists_monkic_with_its_options(judge: Judge) -> None:
    out = judge_cli(judge, "rulesets")
    assert "monkic" in out and "life_points" in out and "graveyard-fights" in out and "munchkin" in out


def test_new_monkic_with_a_toml_card_file_and_options(judge: Judge, tmp_path: Path) -> None:
    game = new_monkic(judge, tmp_path, "--option", "life_points=30", "--variant", "extra")
    view = game["view"]
    assert view["family"] == "monkic" and view["variants"] == ["extra"]
    assert [s["life"] for s in view["monkic"]["seats"]] == [30, 30]
    # A seat trait monkic does not declare, and an option out of range, are refused.
    result = runner.invoke(app, ["new", "monkic", "--seat", "Mia:sex=female", "--seat", "Tom", "--cards",
                                 str(tmp_path / "karten.toml")], env={"JUDGE_TARGET": judge.target})
    assert result.exit_code == 1 and "error (invalid request)" in result.output and "seats[0]" in result.output
    result = runner.invoke(app, ["new", "monkic", "--seat", "Mia", "--seat", "Tom", "--option", "life_points=0",
                                 "--cards", str(tmp_path / "karten.toml")], env={"JUDGE_TARGET": judge.target})
    assert result.exit_code == 1 and "life_points" in result.output


def test_submit_legal_and_view_of_a_monkic_game(judge: Judge, tmp_path: Path) -> None:
    game = new_monkic(judge, tmp_path)
    gid = game["game_id"]
    mia, tom = (t["token"] for t in game["seat_tokens"])
    out = judge_cli(judge, "submit", gid, "0", "report_opening", "--arg", f"cards={','.join(OPENING[0])}", token=mia)
    assert "accepted: game at version 2" in out
    judge_cli(judge, "submit", gid, "1", "report_opening", "--arg", f"cards={','.join(OPENING[1])}", token=tom)
    legal = judge_cli(judge, "legal", gid, "0", token=mia)
    assert "take_to_hand" in legal and "Attack with a hand card." not in legal  # no attack in round 1
    judge_cli(judge, "submit", gid, "0", "take_to_hand", "--arg", "card=c1", token=mia)
    judge_cli(judge, "submit", gid, "0", "protect", "--arg", "guard=c2", "--arg", "card=c1", token=mia)
    shown = judge_cli(judge, "view", gid, token=tom)
    assert "Drache c1 [Joker c2]" in shown and "Tom" in shown and "round 1" in shown
    as_json = json.loads(judge_cli(judge, "view", gid, "--json", token=tom))
    [hand_card] = as_json["monkic"]["seats"][0]["hand"]
    assert hand_card["guard"]["card"] == "joker" and as_json["monkic"]["took"] is True
    # A ruling and a malformed field, as the CLI prints them.
    refused = json.loads(judge_cli(judge, "submit", gid, "0", "draw", "--arg", "card=kein-monster", "--json",
                                   token=mia, expect=1))["error"]
    assert refused["code"] == "INVALID_ARGUMENT" and "command.monkic.draw.card" in json.dumps(refused)
    ruled = json.loads(judge_cli(judge, "submit", gid, "0", "take_to_hand", "--arg", "card=c3", "--json",
                                 token=mia, expect=1))["error"]
    assert ruled["rule_id"] == "monkic.hand.one-per-turn"


def test_an_empty_legal_says_whom_the_game_waits_for_and_rulesets_says_exactly_two(judge: Judge,
                                                                                  tmp_path: Path) -> None:
    """Tom has nothing to do during Mia's turn: ``judge legal`` says so and whom the game waits for,
    instead of an empty table; monkic is played by exactly two (002 Vorbereitung)."""
    game = new_monkic(judge, tmp_path)
    tokens = [t["token"] for t in game["seat_tokens"]]
    for seat, cards in enumerate(OPENING):
        judge_cli(judge, "submit", game["game_id"], str(seat), "report_opening", "--arg", f"cards={','.join(cards)}",
                  token=tokens[seat])
    out = judge_cli(judge, "legal", game["game_id"], "1", token=tokens[1])
    assert "Tom at version 3: nothing to do now" in out and "waiting for: Mia" in out
    german = judge_cli(judge, "legal", game["game_id"], "1", "--lang", "de", token=tokens[1])
    assert "Tom bei Version 3: jetzt nichts zu tun" in german
    assert "seats: exactly 2 players" in judge_cli(judge, "rulesets")
    assert "Plätze: genau 2 Spieler" in judge_cli(judge, "rulesets", "--lang", "de")


def test_legal_at_a_reported_table_offers_the_drawn_card_to_report(judge: Judge, tmp_path: Path) -> None:
    """At a reported table the player names the card drawn (002 Erste Runde: one card from the stack onto
    the table): ``judge legal`` shows the listed card as an example to report, in German too, and not as
    the card the draw is about (no card column, no card text, no card in the description)."""
    game = new_monkic(judge, tmp_path)
    gid = game["game_id"]
    mia, tom = (t["token"] for t in game["seat_tokens"])
    for seat, token in enumerate((mia, tom)):
        judge_cli(judge, "submit", gid, str(seat), "report_opening", "--arg", f"cards={','.join(OPENING[seat])}",
                  token=token)
    draw = next(line for line in judge_cli(judge, "legal", gid, "0", token=mia).splitlines() if "draw (1)" in line)
    assert "the card drawn to report (e.g. " in draw and "Draw one card from the stack onto the table." in draw
    german = judge_cli(judge, "legal", gid, "0", "--lang", "de", token=mia)
    assert "die gezogene Karte melden (z. B. " in german
    assert "Eine Karte vom Stapel auf den Tisch ziehen." in german
    listed = json.loads(judge_cli(judge, "legal", gid, "0", "--json", token=mia))["actions"]
    [offered] = [a for a in listed if a["kind"] == "draw"]
    assert offered["description"] == "Draw one card from the stack onto the table."
