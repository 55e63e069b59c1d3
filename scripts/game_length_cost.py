"""What one game's commands cost early and late in the game, in process.

    python scripts/game_length_cost.py [--commands 4000] [--db FILE]

Plays one Munchkin game on a durable SQLite file: the organizer records
``--commands`` table adjustments (a level set, so the rules' own state does
not grow), then prints, as JSON, the median CPU and wall time of a Submit at
versions 100-299 and in the last 200 versions, the mean CPU of the Submits
that take a snapshot (every 50th) early and late, the size of the newest
snapshot, the time to load the game from its store (snapshot plus one
event) and to fork a kept game, at version ~100 and at the end, and a
duplicate's answer late in the game. docs/benchmark.md quotes the figures;
they depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from judge.app import JudgeApp
from judge.app.live_games import fork
from judge.rules.engine import ORGANIZER, Action, Command, GameSetup, SeatSetup

START_MS = 1_700_000_000_000
SETUP = GameSetup(ruleset="munchkin", variants=(), mode="reported", options={},
                  seats=(SeatSetup("Anna", {"sex": "female"}), SeatSetup("Ben", {"sex": "male"}),
                         SeatSetup("Cem", {"sex": "male"})))


def adjustment(i: int) -> Command:
    return Command(None, Action.from_dict({"kind": "record_adjustment", "reason": "Stufe", "target_seat": 1,
                                           "set_level": 1 + i % 5}, "munchkin"))


def range_median_ms(of: dict[int, float], low: int, high: int) -> float:
    """The median, in ms, of the seconds ``of`` holds for versions ``low`` to ``high`` - 1."""
    return round(statistics.median(v for k, v in of.items() if low <= k < high) * 1000, 3)


def snapshot_mean_ms(cpu: dict[int, float], low: int, high: int) -> float:
    """The mean, in ms, of the Submits among versions ``low`` to ``high`` - 1 that took a snapshot
    (every 50th version)."""
    return round(statistics.mean(v for k, v in cpu.items() if low <= k < high and k % 50 == 0) * 1000, 3)


def per_call_ms(call: Callable[[], Any], times: int) -> float:
    started = time.process_time()
    for _ in range(times):
        call()
    return round((time.process_time() - started) / times * 1000, 4)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=4000)
    parser.add_argument("--db", type=Path, default=None)
    args = parser.parse_args()
    n = args.commands
    db = args.db or Path(tempfile.mkdtemp()) / "game-length.sqlite3"
    now = [START_MS]
    app = JudgeApp(JudgeApp.sqlite(db), clock=lambda: now[0])
    game_id = app.create_game(SETUP).game_id
    cpu: dict[int, float] = {}
    wall: dict[int, float] = {}
    for i in range(n):
        cpu_0, wall_0 = time.process_time(), time.perf_counter()
        version = app.submit(game_id, f"adj-{i}", adjustment(i), None, ORGANIZER).version
        cpu[version], wall[version] = time.process_time() - cpu_0, time.perf_counter() - wall_0
        now[0] += 1

    assert app.snapshots is not None
    newest = list(app.snapshots.get(app.store.uuid(game_id)))[-1]
    late = app.store.game(game_id)
    duplicate = app.submit(game_id, "adj-5", adjustment(5), None, ORGANIZER)
    short_id = app.create_game(SETUP).game_id
    for i in range(100):
        app.submit(short_id, f"adj-{i}", adjustment(i), None, ORGANIZER)
    short = app.store.game(short_id)
    print(json.dumps({
        "versions": late.version,
        "submit_cpu_ms_median_v100_299": range_median_ms(cpu, 100, 300),
        "submit_cpu_ms_median_last_200": range_median_ms(cpu, n - 200, n + 2),
        "submit_wall_ms_median_v100_299": range_median_ms(wall, 100, 300),
        "submit_wall_ms_median_last_200": range_median_ms(wall, n - 200, n + 2),
        "snapshot_submit_cpu_ms_v100_299": snapshot_mean_ms(cpu, 100, 300),
        "snapshot_submit_cpu_ms_last_200": snapshot_mean_ms(cpu, n - 200, n + 2),
        "newest_snapshot_version": newest.originator_version,
        "newest_snapshot_bytes": len(app.snapshots.mapper.to_stored_event(newest).state),
        "load_ms_v101": per_call_ms(lambda: app.store.game(short_id), 50),
        "load_ms_end": per_call_ms(lambda: app.store.game(game_id), 50),
        "fork_ms_v101": per_call_ms(lambda: fork(short), 2000),
        "fork_ms_end": per_call_ms(lambda: fork(late), 2000),
        "late_duplicate": {"duplicate": duplicate.duplicate, "version": duplicate.version},
    }, indent=1))
    app.close()


if __name__ == "__main__":
    main()
