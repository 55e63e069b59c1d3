"""How long the ``judge`` command line takes to start.

    python scripts/cli_startup.py [--runs 15] [--judge PATH]

Measures, over several runs, (a) ``judge --version`` from start to exit and
(b) ``judge view GAME`` from start to its first request: a listener on a
loopback port stands in for the judge and notes when the command connects
(the client connects on its first call), then closes the connection (the
command then fails, which does not matter here). Prints the median and the
fastest run of each, in milliseconds. The figures depend on the machine and
its load; the README quotes them.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path


def _judge() -> str:
    return str(Path(sys.executable).parent / "judge")


def version_ms(judge: str) -> float:
    start = time.perf_counter()
    subprocess.run([judge, "--version"], check=True, capture_output=True)
    return (time.perf_counter() - start) * 1000


def first_request_ms(judge: str) -> float:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        listener.settimeout(30)
        target = f"127.0.0.1:{listener.getsockname()[1]}"
        env = {**os.environ, "JUDGE_TOKEN": "x"}
        start = time.perf_counter()
        proc = subprocess.Popen([judge, "view", "some-game", "--target", target], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            conn, _ = listener.accept()
            elapsed = (time.perf_counter() - start) * 1000
            conn.close()
        finally:
            proc.kill()
            proc.wait()
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--judge", default=_judge(), help="The judge console script to measure.")
    args = parser.parse_args()
    for name, measure in (("judge --version, to exit", version_ms), ("judge view, to the first request",
                                                                       first_request_ms)):
        measure(args.judge)  # warm the file system cache
        runs = [measure(args.judge) for _ in range(args.runs)]
        print(f"{name}: median {statistics.median(runs):.0f} ms, fastest {min(runs):.0f} ms "
              f"({args.runs} runs)")


if __name__ == "__main__":
    main()
