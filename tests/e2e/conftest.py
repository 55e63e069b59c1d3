"""End-to-end fixtures: a real judge started with the README's command
(``scripts/serve``) in its own process, on loopback, with a real SQLite file,
and the ``judge`` command line."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.judge_process import JUDGE, JudgeProcess, start_judge_process


@pytest.fixture
def server(tmp_path: Path) -> Iterator[JudgeProcess]:
    srv = start_judge_process(tmp_path / "judge.sqlite3", tmp_path / "server.log", script=True)
    try:
        yield srv
    finally:
        srv.stop()


def cli(target: str, *args: str, token: str | None = None, lang: str = "en",
        check: bool = True) -> subprocess.CompletedProcess[str]:
    """Run the ``judge`` command line against the server."""
    env = {**os.environ, "JUDGE_TARGET": target, "JUDGE_LANG": lang}
    env.pop("JUDGE_TOKEN", None)
    if token:
        env["JUDGE_TOKEN"] = token
    result = subprocess.run([str(JUDGE), *args], env=env, capture_output=True, text=True, timeout=120)
    if check and result.returncode != 0:
        raise AssertionError(f"judge {' '.join(args)} exited {result.returncode}:\n{result.stdout}\n{result.stderr}")
    return result


def cli_json(target: str, *args: str, token: str | None = None) -> Any:
    return json.loads(cli(target, *args, "--json", token=token).stdout)
