"""The ``judge`` CLI: in-process through typer's CliRunner against a real
server, and as the installed console script in a subprocess."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judge_client.cli import app
from tests.server.support import SAFETY_TIMEOUT_S, SEATS, Judge

runner = CliRunner()


def judge_cli(judge: Judge, *args: str, token: str | None = None, expect: int = 0) -> str:
    """Run ``judge <args>`` against the test server; returns stdout."""
    env = {"JUDGE_TARGET": judge.target, "JUDGE_TOKEN": token or "", "COLUMNS": "200"}
    result = runner.invoke(app, list(args), env=env)
    assert result.exit_code == expect, (result.exit_code, result.output, result.exception)
    return result.stdout


def new_game(judge: Judge) -> dict:
    seats = [arg for seat in SEATS for arg in ("--seat", seat)]
    return json.loads(judge_cli(judge, "new", "munchkin", *seats, "--window-ms", "0", "--json"))


def test_new_prints_the_game_and_its_tokens(judge: Judge) -> None:
    out = judge_cli(
        judge, "new", "munchkin", "--seat", "Anna:female", "--seat", "Ben:male", "--seat", "Cem:male"
    )
    assert "game" in out and "organizer" in out and "spectator" in out
    game = new_game(judge)
    assert len(game["seat_tokens"]) == 3 and game["organizer_token"]
    assert game["view"]["seats"][0]["name"] == "Anna"


def test_submit_view_legal_and_replay(judge: Judge) -> None:
    game = new_game(judge)
    gid, anna = game["game_id"], game["seat_tokens"][0]["token"]
    accepted = judge_cli(judge, "submit", gid, "0", "kick_door", "--arg", "card=elf", token=anna)
    assert "accepted" in accepted and "version 2" in accepted

    loot = json.loads(
        judge_cli(
            judge,
            "submit",
            gid,
            "0",
            "loot_room",
            "--data",
            "{}",
            "--expected-version",
            "2",
            "--json",
            token=anna,
        )
    )
    assert loot["version"] == "3"  # proto3 JSON writes 64-bit integers as strings

    view = json.loads(judge_cli(judge, "view", gid, "--json", token=anna))
    assert view["phase"] == "charity" and "elf" in view["seats"][0]["hand"]
    past = json.loads(judge_cli(judge, "view", gid, "--at", "1", "--json", token=anna))
    assert past["version"] == "1"
    assert "Anna" in judge_cli(judge, "view", gid, token=anna)

    legal = json.loads(judge_cli(judge, "legal", gid, "0", "--json", token=anna))
    assert all(a["kind"] for a in legal["actions"])
    assert "action" in judge_cli(judge, "legal", gid, "0", token=anna)

    lines = judge_cli(
        judge, "replay", gid, "--from", "2", "--json", token=game["organizer_token"]
    ).splitlines()
    assert [json.loads(line)["event"]["action"] for line in lines] == ["kick_door", "loot_room"]
    told = judge_cli(judge, "replay", gid, token=game["organizer_token"])
    assert "kick door" in told and "kick_door" not in told  # the action as the judge names it, not its API name
    told_de = judge_cli(judge, "replay", gid, "--lang", "de", token=game["organizer_token"])
    assert "Tür eintreten" in told_de and "Raum plündern" in told_de


def test_a_rejected_action_prints_the_ruling_and_fails(judge: Judge) -> None:
    game = new_game(judge)
    ben = game["seat_tokens"][1]["token"]
    result = runner.invoke(
        app,
        ["submit", game["game_id"], "1", "kick_door", "--arg", "card=elf", "--lang", "de"],
        env={"JUDGE_TARGET": judge.target, "JUDGE_TOKEN": ben},
    )
    assert result.exit_code == 1
    assert "Fehler (nicht erlaubt)" in result.stderr and "Regel munchkin.turn.not-your-turn" in result.stderr
    assert "FAILED_PRECONDITION" not in result.stderr  # the status in words (--json: the code's name)
    assert "000_" in result.stderr  # the citation's source file

    as_json = judge_cli(
        judge, "submit", game["game_id"], "1", "kick_door", "-a", "card=elf", "--json", token=ben, expect=1
    )
    error = json.loads(as_json)["error"]
    assert error["code"] == "FAILED_PRECONDITION"
    assert error["rule_id"] == error["ruling"]["rule_id"] == "munchkin.turn.not-your-turn"


def test_ask_answers_without_recording(judge: Judge) -> None:
    game = new_game(judge)
    ben = game["seat_tokens"][1]["token"]
    out = judge_cli(judge, "ask", game["game_id"], "1", "kick_door", "--arg", "card=elf", token=ben)
    assert "not allowed" in out and "munchkin.turn.not-your-turn" in out
    answer = json.loads(
        judge_cli(judge, "ask", game["game_id"], "1", "kick_door", "--arg", "card=elf", "--json", token=ben)
    )
    assert answer["allowed"] is False


def test_bad_requests_fail_with_the_field(judge: Judge) -> None:
    game = new_game(judge)
    anna = game["seat_tokens"][0]["token"]
    result = runner.invoke(
        app,
        ["submit", game["game_id"], "0", "kick_door", "--arg", "card=no-such-card"],
        env={"JUDGE_TARGET": judge.target, "JUDGE_TOKEN": anna},
    )
    assert result.exit_code == 1
    assert "error (invalid request)" in result.stderr and "command.kick_door.card" in result.stderr
    unknown_kind = runner.invoke(
        app, ["submit", game["game_id"], "0", "fly_away"], env={"JUDGE_TARGET": judge.target}
    )
    assert unknown_kind.exit_code == 2
    unknown_field = runner.invoke(
        app,
        ["submit", game["game_id"], "0", "kick_door", "--arg", "seat=1"],
        env={"JUDGE_TARGET": judge.target},
    )
    assert unknown_field.exit_code == 2 and "no field 'seat'" in unknown_field.output
    no_token = runner.invoke(
        app, ["view", game["game_id"]], env={"JUDGE_TARGET": judge.target, "JUDGE_TOKEN": ""}
    )
    assert no_token.exit_code == 1 and "error (no valid token)" in no_token.stderr


def test_watch_and_replay_lines_read_the_events_in_batches_and_stop_at_count(judge: Judge) -> None:
    game = new_game(judge)
    gid, org, anna = game["game_id"], game["organizer_token"], game["seat_tokens"][0]["token"]
    judge_cli(judge, "submit", gid, "0", "kick_door", "--arg", "card=elf", token=anna)
    judge_cli(judge, "submit", gid, "0", "play_card", "--arg", "card=elf", token=anna)
    lines = judge_cli(judge, "watch", gid, "--count", "2", token=org).splitlines()
    assert [line.split(":")[0].split()[0] for line in lines] == ["1", "2"]
    every = judge_cli(judge, "watch", gid, "--count", "3", token=org).splitlines()
    assert [line.split(":")[0].split()[0] for line in every] == ["1", "2", "3"] and every[:2] == lines
    replayed = judge_cli(judge, "replay", gid, token=org)
    assert all(line.split(": ", 1)[1] in replayed for line in every)


def test_watch_disputes_export_import_and_audit(judge: Judge, tmp_path: Path) -> None:
    game = new_game(judge)
    gid, org = game["game_id"], game["organizer_token"]
    anna, ben = game["seat_tokens"][0]["token"], game["seat_tokens"][1]["token"]
    judge_cli(judge, "submit", gid, "0", "kick_door", "--arg", "card=elf", token=anna)

    watched = judge_cli(judge, "watch", gid, "--count", "2", "--json", token=org).splitlines()
    assert [json.loads(line)["event"]["version"] for line in watched] == ["1", "2"]

    opened = json.loads(judge_cli(judge, "dispute", "open", gid, "1", "2", "not an elf", "--json", token=ben))
    assert opened["dispute"]["status"] == "DISPUTE_STATUS_OPEN"
    assert "dispute 1" in judge_cli(judge, "dispute", "list", gid, token=ben)
    dismissed = json.loads(
        judge_cli(judge, "dispute", "resolve", gid, "1", "--dismiss", "--note", "fine", "--json", token=org)
    )
    assert dismissed["dispute"]["status"] == "DISPUTE_STATUS_DISMISSED"

    record = tmp_path / "game.jsonl"
    judge_cli(judge, "export", gid, "--out", str(record), token=org)
    assert record.read_text(encoding="utf-8").count("\n") >= 4

    assert "clean" in judge_cli(judge, "audit", gid, token=org)
    offline = json.loads(judge_cli(judge, "audit", "--file", str(record), "--json"))
    assert offline["clean"] is True
    assert json.loads(judge_cli(judge, "audit", "--file", str(record), "--current-rules", "--json"))["clean"]

    imported = json.loads(judge_cli(judge, "import", str(record), "--json", token=judge.admin_token))
    assert imported["audit"]["clean"] and imported["game"]["game_id"] != gid


# --------------------------------------------------------------------------- the console script


def console_script() -> Path:
    script = Path(sys.executable).with_name("judge")
    if not script.exists():
        pytest.fail(f"{script} is missing: install the project (pip install -e .)")
    return script


def test_console_script_serves_and_talks(tmp_path: Path) -> None:
    """`judge serve` in one process, `judge new/submit/view` in others, then
    SIGTERM: the server shuts down cleanly and the data is on disk."""
    script = console_script()
    db = tmp_path / "cli.sqlite3"
    env = {**os.environ, "JUDGE_TARGET": "", "JUDGE_TOKEN": ""}
    server = subprocess.Popen(
        [str(script), "serve", "--listen", "127.0.0.1:0", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()  # blocks until the server is listening
        assert first.startswith("judge listening on 127.0.0.1:"), first
        target = first.split()[-1]
        assert str(db.resolve()) in server.stdout.readline()

        def run(*args: str, token: str = "") -> subprocess.CompletedProcess[str]:
            return subprocess.run(
                [str(script), *args, "--target", target, *(["--token", token] if token else [])],
                capture_output=True,
                text=True,
                timeout=SAFETY_TIMEOUT_S,
                env=env,
            )

        seats = [arg for seat in SEATS for arg in ("--seat", seat)]
        created = run("new", "munchkin", *seats, "--json")
        assert created.returncode == 0, created.stderr
        game = json.loads(created.stdout)
        anna = game["seat_tokens"][0]["token"]

        submitted = run("submit", game["game_id"], "0", "kick_door", "--arg", "card=elf", token=anna)
        assert submitted.returncode == 0, submitted.stderr
        rejected = run("submit", game["game_id"], "0", "kick_door", "--arg", "card=elf", token=anna)
        assert rejected.returncode == 1
        assert "munchkin.turn.door-already-kicked" in rejected.stderr

        viewed = run("view", game["game_id"], "--json", token=anna)
        assert json.loads(viewed.stdout)["version"] == "2"
    finally:
        server.send_signal(signal.SIGTERM)
        out, err = server.communicate(timeout=SAFETY_TIMEOUT_S)
    assert server.returncode == 0, err
    assert "judge stopped" in out
    assert db.exists()
