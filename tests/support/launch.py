"""A judge started from any command line and environment, as a deployment
starts it (a systemd unit's ExecStart, a container's entry point, settings
in ``JUDGE_*`` variables only): stdout is read for what the judge announces,
stderr (its log) goes to a file of its own."""

from __future__ import annotations

import os
import queue
import subprocess
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from tests.support.judge_process import START_TIMEOUT_S, STOP_TIMEOUT_S

LISTENING = "judge listening on "
METRICS = "metrics on "


@dataclass
class Launched:
    """A running judge: its process, what it printed, its log file."""

    proc: subprocess.Popen[str]
    stderr: Path
    stdout: list[str] = field(default_factory=list)
    target: str = ""
    metrics_url: str = ""

    def log_lines(self) -> list[str]:
        return [line for line in self.stderr.read_text(encoding="utf-8").splitlines() if line.strip()]

    def stop(self) -> int:
        """SIGTERM (a graceful shutdown) if still running; the exit status."""
        if self.proc.poll() is None:
            self.proc.terminate()
        return self.proc.wait(timeout=STOP_TIMEOUT_S)


@contextmanager
def launched(command: Sequence[str], stderr: Path, *, env: Mapping[str, str] | None = None,
             cwd: Path | None = None, metrics: bool = False) -> Iterator[Launched]:
    """Run ``command`` (with ``env`` added to this process's environment,
    ``JUDGE_*`` variables of the caller removed) until the judge says where
    it listens (and, with ``metrics``, where its metrics are); stopped
    after the block."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("JUDGE_")}
    errors = stderr.open("w", encoding="utf-8")
    proc = subprocess.Popen(list(command), stdout=subprocess.PIPE, stderr=errors, text=True,
                            env={**base, **(env or {})}, cwd=cwd)
    judge = Launched(proc, stderr)
    announced: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        """Read stdout for the process's whole life (it never blocks on a full pipe)."""
        assert proc.stdout is not None
        for line in proc.stdout:
            judge.stdout.append(line.rstrip("\n"))
            if line.startswith(LISTENING) or line.startswith(METRICS):
                announced.put(line.rstrip("\n"))
        announced.put(None)

    threading.Thread(target=pump, name="judge-stdout", daemon=True).start()
    try:
        wanted = 2 if metrics else 1
        while wanted:
            try:
                line = announced.get(timeout=START_TIMEOUT_S)
            except queue.Empty:
                raise RuntimeError(f"the judge did not start: {stderr.read_text()[-3000:]}") from None
            if line is None:
                proc.wait(STOP_TIMEOUT_S)
                raise RuntimeError(f"the judge exited with {proc.returncode}: {stderr.read_text()[-3000:]}")
            if line.startswith(LISTENING):
                judge.target = line.split()[3]
            else:
                judge.metrics_url = line.split()[2]
            wanted -= 1
        yield judge
    finally:
        judge.stop()
        errors.close()
