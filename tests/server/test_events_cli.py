"""``judge event ...`` against a real server (clients/python/judge_client/cli/events.py): an organizer
creates an event, registers players, seats a round, calls time, reads standings and the board,
finishes, exports, and checks and reports the export offline (``judge verify FOLDER``,
``judge report FOLDER``); in German too."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.server.test_cli import judge_cli
from tests.server.support import Judge


def test_an_organizer_runs_an_event_from_the_command_line(judge: Judge, tmp_path: Path) -> None:
    created = json.loads(judge_cli(judge, "event", "create", "Abendturnier", "--ruleset", "munchkin",
                                   "--tables", "3-4", "--rounds", "1", "--points", "3,2,1", "--json"))
    event, org = created["event_id"], created["organizer_token"]
    for n, name in enumerate(("Anna", "Ben", "Cem", "Dora", "Emil", "Fay", "Gus")):
        out = judge_cli(judge, "event", "register", event, name, "--trait", f"sex={'female' if n % 2 else 'male'}",
                        token=org)
        assert re.search(rf"{name}'s event token: \S+", out)
    judge_cli(judge, "event", "drop", event, "Gus", token=org)
    seated = judge_cli(judge, "event", "round", event, token=org)
    assert "round 1" in seated and "table 1:" in seated and "table 2:" in seated
    assert "0 disputes" in judge_cli(judge, "event", "disputes", event, token=org)
    board = judge_cli(judge, "event", "board", event, token=created["spectator_token"])
    assert "playing" in board
    called = judge_cli(judge, "event", "time", event, token=org)
    assert "time called at 2 tables" in called
    german = judge_cli(judge, "event", "standings", event, "--lang", "de", token=created["spectator_token"])
    assert "Tabelle" in german and "Punkte" in german
    assert "seed" in judge_cli(judge, "event", "finish", event, token=org)
    folder = tmp_path / "export"
    judge_cli(judge, "event", "export", event, "--out", str(folder), token=org)
    assert (folder / "event.jsonl").exists() and len(list(folder.glob("*.jsonl"))) == 3
    checked = json.loads(judge_cli(judge, "verify", str(folder), "--key", judge.app.key.public_key.hex(), "--json"))
    assert checked["ok"] and checked["rounds_checked"] == 1 and checked["tables_checked"] == 2, checked
    assert "2 rounds" not in judge_cli(judge, "event", "verify", str(folder), "--lang", "de")
    # A seating changed after the export is found.
    record = (folder / "event.jsonl").read_text(encoding="utf-8")
    (folder / "event.jsonl").write_text(record.replace('"Anna"', '"Anne"'), encoding="utf-8")
    judge_cli(judge, "verify", str(folder), expect=3)
    (folder / "event.jsonl").write_text(record, encoding="utf-8")
    report = tmp_path / "report.html"
    judge_cli(judge, "report", str(folder), "--out", str(report), "--lang", "de")
    page = report.read_text(encoding="utf-8")
    assert "Abendturnier" in page and "Tabelle" in page and "Zeit abgelaufen" in page


def test_event_create_prints_shell_export_lines_and_board_links(judge: Judge) -> None:
    """``--env`` for ``eval "$(judge event create ... --env)"``; ``--page`` the board's two links."""
    lines = judge_cli(judge, "event", "create", "Abend", "--ruleset", "munchkin", "--env").splitlines()
    assert [line.split("=", 1)[0] for line in lines] == ["export EVENT", "export ORGANIZER", "export SPECTATOR"]
    out = judge_cli(judge, "event", "create", "Abend", "--ruleset", "munchkin", "--page", "http://192.0.2.7:8080/",
                    "--lang", "de")
    organizer = re.search(r"Token der Turnierleitung: (\S+)", out).group(1)  # type: ignore[union-attr]
    assert "Anzeigetafel (Turnierleitung): http://192.0.2.7:8080/board#event=" in out
    assert f"&token={organizer}&role=organizer" in out
    assert "Anzeigetafel (Zuschauer, für einen großen Bildschirm): http://192.0.2.7:8080/board#event=" in out
