"""Progress bars on long work (issue 15, section 2 "The catalogue and the CLI": "Progress bars
(rich) on long work: import, audit, verify and replay of big records"): the record checks tell
their progress callback of every line, the bar is drawn on a terminal, and a command piped or
with --json prints only its result."""

from __future__ import annotations

import io
import json
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from judge.record import audit_record, read_record, verify_record
from judge_client import JudgeClient
from judge_client.cli import app
from judge_client.cli.progress import Ticker, progress
from tests.server.support import Judge, open_table

TERMINAL = {"TTY_COMPATIBLE": "1", "COLUMNS": "120"}
"""rich takes stdout and stderr for terminals (what a person at a shell has)."""


def _record(client: JudgeClient) -> tuple[str, str, str]:
    """A short game's complete record, its id and the organizer's token."""
    table = open_table(client, interference_window_ms=0)
    anna = table.seats[0]
    anna.submit(table.game_id, 0, "kick_door", card="Topfpflanze")
    anna.submit(table.game_id, 0, "give_up")
    return table.organizer.export_game(table.game_id).record, table.game_id, table.game.organizer_token


def _run(judge: Judge, *args: str, env: dict[str, str] | None = None, token: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"JUDGE_TARGET": judge.target, "JUDGE_TOKEN": token,
                                                      **(env or {})})
    return result.exit_code, result.stdout, result.stderr


def test_verify_and_audit_tell_the_callback_of_every_line(client: JudgeClient) -> None:
    text, _, _ = _record(client)
    lines = text.rstrip("\n").split("\n")
    checked = Ticker()
    assert verify_record(text, progress=checked).ok
    assert (checked.done, checked.total) == (len(lines) - 1, len(lines) - 1)  # every line after the header
    assert checked.updates == len(lines)  # once per line and once at the end
    record = read_record(text)
    judged = Ticker()
    assert audit_record(record, progress=judged).clean
    assert (judged.done, judged.total, judged.updates) == (len(record.events),) * 3


def test_a_bar_is_drawn_on_a_terminal_and_nothing_otherwise() -> None:
    screen = io.StringIO()
    with progress("re-judging the events", total=3, console=Console(file=screen, force_terminal=True)) as ticker:
        for _ in range(3):
            ticker.advance()
    assert ticker.shown and ticker.done == 3
    assert "re-judging the events" in screen.getvalue() and "3/3" in screen.getvalue()
    piped = io.StringIO()
    with progress("re-judging the events", total=3, console=Console(file=piped)) as quiet:
        quiet.advance(3)
    assert not quiet.shown and quiet.done == 3 and piped.getvalue() == ""


def test_verify_shows_its_bars_on_a_terminal_only(judge: Judge, client: JudgeClient, tmp_path: Path) -> None:
    text, _, _ = _record(client)
    path = tmp_path / "game.jsonl"
    path.write_text(text, encoding="utf-8")
    code, out, err = _run(judge, "verify", str(path), env=TERMINAL)
    assert code == 0 and "audit clean" in out
    assert "checking the chain, receipts and seal" in err and "re-judging the events" in err
    code, out, err = _run(judge, "verify", str(path))  # piped
    assert code == 0 and "re-judging" not in err and "checking the chain" not in err
    code, out, err = _run(judge, "verify", str(path), "--json", env=TERMINAL)
    assert code == 0 and json.loads(out)["ok"] and "re-judging" not in err


def test_audit_import_and_replay_show_their_bars_on_a_terminal(judge: Judge, client: JudgeClient,
                                                               tmp_path: Path) -> None:
    text, gid, organizer = _record(client)
    path = tmp_path / "game.jsonl"
    path.write_text(text, encoding="utf-8")
    code, out, err = _run(judge, "audit", "--file", str(path), env=TERMINAL)
    assert code == 0 and "re-judging the events" in err
    code, _, err = _run(judge, "audit", gid, env=TERMINAL, token=organizer)
    assert code == 0 and "auditing on the judge" in err
    code, _, err = _run(judge, "replay", gid, env=TERMINAL, token=organizer)
    assert code == 0 and "replaying" in err
    code, out, err = _run(judge, "replay", gid, "--json", env=TERMINAL, token=organizer)
    assert code == 0 and "replaying" not in err and int(json.loads(out.splitlines()[0])["event"]["version"]) == 1
    events = len(read_record(text).events)
    code, _, err = _run(judge, "import", str(path), env=TERMINAL, token=judge.admin_token)
    assert code == 0 and f"importing {events} events" in err
    code, _, err = _run(judge, "import", str(path), token=judge.admin_token)
    assert code == 0 and "importing" not in err


def test_report_shows_its_bar_on_a_terminal(judge: Judge, client: JudgeClient, tmp_path: Path) -> None:
    text, _, _ = _record(client)
    path = tmp_path / "game.jsonl"
    path.write_text(text, encoding="utf-8")
    code, out, err = _run(judge, "report", str(path), "--out", str(tmp_path / "r.html"), env=TERMINAL)
    assert code == 0 and "verifying and re-judging the record" in err and "chain intact" in out
    code, _, err = _run(judge, "report", str(path), "--out", str(tmp_path / "r.html"))
    assert code == 0 and "re-judging" not in err
