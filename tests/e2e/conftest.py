"""End-to-end fixtures: a real judge started with the README's command
(``scripts/serve``) in its own process, on loopback, with a real SQLite file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
JUDGE = Path(sys.executable).parent / "judge"
START_TIMEOUT_S = 60


@dataclass
class ServerProcess:
    proc: subprocess.Popen[str]
    target: str
    db: Path
    log: Path

    @property
    def admin_token(self) -> str:
        """The server's admin token (created beside the database at first start)."""
        return Path(f"{self.db}.admin-token").read_text().strip()

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        self.proc.kill()
        self.proc.wait(timeout=30)

    def stop(self) -> int:
        self.proc.terminate()
        return self.proc.wait(timeout=30)


def start_server(db: Path, log: Path) -> ServerProcess:
    """Start ``scripts/serve`` on a free loopback port and wait until it listens."""
    out = log.open("a")
    proc = subprocess.Popen(
        [str(ROOT / "scripts" / "serve"), "--listen", "127.0.0.1:0", "--db", str(db)],
        stdout=subprocess.PIPE, stderr=out, text=True, cwd=db.parent,
    )
    assert proc.stdout is not None
    deadline = time.monotonic() + START_TIMEOUT_S
    target = ""
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            if proc.poll() is not None:
                raise RuntimeError(f"judge exited with {proc.returncode}: {log.read_text()}")
            continue
        out.write(line)
        if line.startswith("judge listening on "):
            target = line.split()[-1]
            break
    if not target:
        proc.kill()
        raise RuntimeError("judge did not start in time")
    return ServerProcess(proc, target, db, log)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    srv = start_server(tmp_path / "judge.sqlite3", tmp_path / "server.log")
    try:
        yield srv
    finally:
        if srv.proc.poll() is None:
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
