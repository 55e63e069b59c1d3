"""A judge in its own process, as an operator starts it: ``judge serve`` (or
the README's ``scripts/serve``) on a free loopback port with a real SQLite
file or on PostgreSQL. The end-to-end and crash tests use it; the in-process judge of the
server and trust tests is ``tests.server.support.running_judge``."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from judge.store import Storage

ROOT = Path(__file__).resolve().parents[2]
JUDGE = Path(sys.executable).parent / "judge"
"""The ``judge`` console script of the environment running the tests."""
SERVE_SCRIPT = ROOT / "scripts" / "serve"
START_TIMEOUT_S = 60.0
"""How long a start may take: a safety net on a slow machine, never a measurement."""
STOP_TIMEOUT_S = 30.0


@dataclass
class JudgeProcess:
    """A running ``judge serve``: its process, where it listens, its files."""

    proc: subprocess.Popen[str]
    target: str
    db: Path
    log: Path
    metrics_url: str = ""
    """Where its Prometheus metrics are (started with ``--metrics-listen``)."""
    web_url: str = ""
    """Where its table page is (started with ``--web-listen``)."""

    @property
    def admin_token(self) -> str:
        """The server's admin token (created beside the database at first start)."""
        return Path(f"{self.db}.admin-token").read_text().strip()

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        self.proc.kill()
        self.proc.wait(timeout=STOP_TIMEOUT_S)

    def stop(self) -> int:
        """SIGTERM (a graceful shutdown) if still running; returns the exit status."""
        if self.proc.poll() is None:
            self.proc.terminate()
        return self.proc.wait(timeout=STOP_TIMEOUT_S)


def storage_args(db: Path, storage: Storage | None) -> list[str]:
    """The command-line options of ``storage``: ``--db DB`` for SQLite; for
    PostgreSQL its URL, schema and pool size, with the key and admin token
    files beside ``db`` (where a SQLite judge keeps them by default)."""
    if storage is None or not storage.is_postgres:
        return ["--db", str(db)]
    assert storage.database_url is not None
    return ["--database-url", storage.database_url, "--database-schema", storage.schema or "public",
            "--database-pool-size", str(storage.pool_size or 2),
            "--key", f"{db}.key", "--admin-token-file", f"{db}.admin-token"]


LOOPBACK_ENV = {"JUDGE_CLIENT_RATE_LIMIT": "0", "JUDGE_CREATE_LIMIT": "0", "JUDGE_MAX_STREAMS_PER_CLIENT": "1000"}
"""The per-address limits, off for judges whose clients are all the tests' (a flag wins)."""


def start_judge_process(db: Path, log: Path, *args: str, script: bool = False,
                        storage: Storage | None = None, env: Mapping[str, str] | None = None) -> JudgeProcess:
    """Start ``judge serve --listen 127.0.0.1:0 --db DB ARGS`` (with ``script``:
    ``scripts/serve ...``, the README's command; with a PostgreSQL
    ``storage``: on that database, see ``storage_args``) and wait until it
    prints where it listens (and, with ``--metrics-listen``, where its
    metrics are), with ``env`` added to its environment. Its stdout and stderr go to ``log``. Every test client
    calls from loopback, one address: the per-address call and creation
    limits are off (``LOOPBACK_ENV``) unless ``args`` set them."""
    command = [str(SERVE_SCRIPT)] if script else [str(JUDGE), "serve"]
    out = log.open("a")
    proc = subprocess.Popen([*command, "--listen", "127.0.0.1:0", *storage_args(db, storage), *args],
                            stdout=subprocess.PIPE, stderr=out, text=True, cwd=db.parent,
                            env={**os.environ, **LOOPBACK_ENV, **(env or {})})
    listening: queue.Queue[str | None] = queue.Queue()
    announced: dict[str, str] = {}

    def pump() -> None:
        """Copy stdout to the log for the process's whole life (so it never
        blocks on a full pipe), announcing the addresses it serves on."""
        assert proc.stdout is not None
        with out:
            for line in proc.stdout:
                out.write(line)
                out.flush()
                if line.startswith("judge listening on "):
                    announced["target"] = line.split()[3]
                elif line.startswith("metrics on "):
                    announced["metrics"] = line.split()[2]
                elif line.startswith("table page on "):
                    announced["web"] = line.split()[3]
                ready = ("target" in announced and ("metrics" in announced or "--metrics-listen" not in args)
                         and ("web" in announced or "--web-listen" not in args))
                if ready and not announced.get("ready"):
                    announced["ready"] = "yes"
                    listening.put(announced["target"])
        listening.put(None)  # end of output: the process has ended

    threading.Thread(target=pump, name="judge-output", daemon=True).start()
    try:
        target = listening.get(timeout=START_TIMEOUT_S)
    except queue.Empty:
        proc.kill()
        proc.wait(STOP_TIMEOUT_S)
        raise RuntimeError(f"the judge did not start within {START_TIMEOUT_S:.0f} s:\n{_tail(log)}") from None
    if target is None:
        proc.wait(STOP_TIMEOUT_S)
        raise RuntimeError(f"the judge exited with {proc.returncode}:\n{_tail(log)}")
    return JudgeProcess(proc, target, db, log, announced.get("metrics", ""), announced.get("web", ""))


def _tail(log: Path) -> str:
    return log.read_text(errors="replace")[-3000:]
