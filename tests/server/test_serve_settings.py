"""``judge serve`` as an operator runs it: configured by ``JUDGE_*`` variables
alone, logging JSON lines (or text), serving metrics over HTTP; every flag
has its variable and the README names it; ``judge --version`` and
``judge health``."""

from __future__ import annotations

import json
import subprocess
import urllib.request
from importlib.metadata import version
from pathlib import Path

import grpc
import pytest
import typer
from prometheus_client.parser import text_string_to_metric_families

from judge_client import JudgeClient, JudgeRpcError
from judge_client.cli import app
from tests.server.support import SAFETY_TIMEOUT_S, open_table
from tests.support.judge_process import JUDGE, ROOT
from tests.support.launch import launched

ACCESS_FIELDS = {"ts", "level", "logger", "message", "request_id", "rpc", "status", "duration_ms"}


def serve_options() -> list[typer.core.TyperOption]:
    command = typer.main.get_command(app)
    serve = command.commands["serve"]  # type: ignore[attr-defined]
    return [p for p in serve.params if isinstance(p, typer.core.TyperOption) and p.name != "help"]


def scrape(url: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    with urllib.request.urlopen(url, timeout=SAFETY_TIMEOUT_S) as response:
        text = response.read().decode("utf-8")
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def run_judge(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(JUDGE), *args], capture_output=True, text=True, timeout=SAFETY_TIMEOUT_S)


def test_every_serve_flag_has_a_judge_variable_named_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    options = serve_options()
    assert len(options) >= 16
    for option in options:
        assert isinstance(option.envvar, str) and option.envvar.startswith("JUDGE_"), option.opts
        assert f"`{option.envvar}`" in readme, option.envvar
        assert f"`{option.opts[0]}" in readme, option.opts[0]


def test_serve_takes_every_setting_from_the_environment(tmp_path: Path) -> None:
    """No flag at all: address, database, key and token files, limits, the
    startup check, metrics and the JSON log come from JUDGE_* variables."""
    env = {
        "JUDGE_LISTEN": "127.0.0.1:0",
        "JUDGE_DB": str(tmp_path / "data" / "env.sqlite3"),
        "JUDGE_SERVER_KEY_FILE": str(tmp_path / "signing.pem"),
        "JUDGE_ADMIN_TOKEN_FILE": str(tmp_path / "admin-token"),
        "JUDGE_MAX_GAMES": "1",
        "JUDGE_STARTUP_CHECK": "none",
        "JUDGE_RATE_LIMIT": "0",
        "JUDGE_METRICS_LISTEN": "127.0.0.1:0",
        "JUDGE_LOG_FORMAT": "json",
    }
    with launched([str(JUDGE), "serve"], tmp_path / "stderr.log", env=env, metrics=True) as judge:
        assert judge.target.startswith("127.0.0.1:")
        assert f"database {tmp_path / 'data' / 'env.sqlite3'}" in judge.stdout
        assert (tmp_path / "signing.pem").exists() and (tmp_path / "admin-token").exists()
        assert not Path(f"{env['JUDGE_DB']}.key").exists()
        with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
            table = open_table(client)
            with pytest.raises(JudgeRpcError) as full:
                open_table(client)  # JUDGE_MAX_GAMES=1
            assert full.value.code == grpc.StatusCode.RESOURCE_EXHAUSTED
            with pytest.raises(JudgeRpcError) as refused:
                table.seats[1].submit(table.game_id, 1, "kick_door", card="elf")
            rule_id = refused.value.rule_id
        samples = scrape(judge.metrics_url)
        create = "judge.v1.JudgeService/CreateGame"
        assert samples[("judge_requests_total", frozenset({("rpc", create), ("code", "OK")}))] == 1
        assert samples[("judge_requests_total", frozenset({("rpc", create), ("code", "RESOURCE_EXHAUSTED")}))] == 1
        assert samples[("judge_commands_total", frozenset(
            {("ruleset", "munchkin"), ("result", "rejected"), ("rule_id", rule_id)}))] == 1
        assert samples[("judge_games", frozenset())] == 1
        assert judge.stop() == 0

    lines = [json.loads(line) for line in judge.log_lines()]  # every line is one JSON object
    access = [line for line in lines if line["logger"] == "judge.server.access"]
    assert access and all(ACCESS_FIELDS <= set(line) for line in access)
    [created] = [line for line in access if line["rpc"] == create and line["status"] == "OK"]
    assert created["game"] == table.game_id and "seat" not in created
    [submitted] = [line for line in access if line["rpc"].endswith("/Submit")]
    assert submitted["status"] == "FAILED_PRECONDITION" and submitted["rule_id"] == rule_id
    assert submitted["game"] == table.game_id and submitted["seat"] == 1 and submitted["role"] == "seat"
    assert len({line["request_id"] for line in access}) == len(access)
    everything = judge.stderr.read_text()
    assert table.game.seat_tokens[1].token not in everything
    assert (tmp_path / "admin-token").read_text().strip() not in everything


def test_text_logs_health_and_a_stopped_judge(tmp_path: Path) -> None:
    """``--log-format text`` writes plain lines; ``judge health`` exits 0 on
    a serving judge and 1 once it is gone."""
    db = tmp_path / "text.sqlite3"
    with launched([str(JUDGE), "serve", "--listen", "127.0.0.1:0", "--db", str(db), "--log-format", "text"],
                  tmp_path / "stderr.log") as judge:
        healthy = run_judge("health", "--target", judge.target)
        assert healthy.returncode == 0 and healthy.stdout.strip() == "SERVING", healthy.stderr
        service = run_judge("health", "--target", judge.target, "--service", "judge.v1.JudgeService")
        assert service.returncode == 0
        unknown = run_judge("health", "--target", judge.target, "--service", "no.such.Service")
        assert unknown.returncode == 1 and unknown.stdout.strip() == "NOT_FOUND"
        with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
            client.list_rulesets()
        assert judge.stop() == 0
    gone = run_judge("health", "--target", judge.target, "--timeout", "5")
    assert gone.returncode == 1 and gone.stdout.strip() == "UNAVAILABLE"
    access = [line for line in judge.log_lines() if " judge.server.access: " in line]
    assert any(" INFO judge.server.access: /judge.v1.JudgeService/ListRulesets OK " in line for line in access)
    # Answered health checks are DEBUG (probes ask every few seconds); a failed one is a warning.
    assert not any("/grpc.health.v1.Health/Check OK" in line for line in access)
    assert any(" WARNING judge.server.access: /grpc.health.v1.Health/Check NOT_FOUND " in line for line in access)
    for line in judge.log_lines():
        with pytest.raises(json.JSONDecodeError):
            json.loads(line)


def test_a_bad_metrics_address_refuses_to_start(tmp_path: Path) -> None:
    result = subprocess.run(
        [str(JUDGE), "serve", "--listen", "127.0.0.1:0", "--db", str(tmp_path / "j.sqlite3"),
         "--metrics-listen", "no-port"], capture_output=True, text=True, timeout=SAFETY_TIMEOUT_S)
    assert result.returncode == 2
    assert "metrics" in result.stderr


def test_version_prints_the_installed_version() -> None:
    result = run_judge("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"judge {version('judge')}"
