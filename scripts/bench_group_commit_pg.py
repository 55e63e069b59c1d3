"""Accepted Submits per second on PostgreSQL, in process, with and without
group commit.

    python scripts/bench_group_commit_pg.py --database-url postgresql://USER:PASSWORD@HOST:PORT/DBNAME

Each round creates a fresh schema, a judge on it, ``--games`` games, and
then one thread per game submits ``--commands`` organizer adjustments
(always accepted, so every Submit is one durable append) as fast as it can.
Prints commands/s and the transactions the recorder committed, for
``JUDGE_GROUP_COMMIT=y`` and ``=n`` interleaved over ``--rounds`` rounds.
See docs/benchmark.md, "Group commit".
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import threading
import time
from typing import Any

from judge.app import JudgeApp
from judge.rules.engine import ORGANIZER, Command, GameSetup, SeatSetup
from judge.rulesets.munchkin import actions as A
from judge.store import Storage

SETUP = GameSetup(ruleset="munchkin", variants=(), options={}, mode="reported",
                  seats=(SeatSetup("Anna", {"sex": "female"}), SeatSetup("Ben", {"sex": "male"}),
                         SeatSetup("Cem", {"sex": "male"})))


def one_run(url: str, grouped: bool, games: int, commands: int) -> tuple[float, int, int]:
    """(accepted commands/s, transactions, appends) of one run."""
    import psycopg

    schema = f"bench_{secrets.token_hex(5)}"
    storage = Storage(database_url=url, schema=schema, pool_size=max(2, games // 2))
    with storage.connect() as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    os.environ["JUDGE_GROUP_COMMIT"] = "y" if grouped else "n"
    app = JudgeApp(storage.env())
    try:
        ids = [app.create_game(SETUP).game_id for _ in range(games)]
        recorder: Any = app.recorder
        before = getattr(recorder, "batches", 0), getattr(recorder, "appends", 0)
        start = threading.Barrier(games + 1)

        def play(game_id: str) -> None:
            start.wait()
            for n in range(commands):
                command = Command(None, A.RecordAdjustment(reason=f"b{n}", target_seat=0, set_level=1 + n % 8))
                app.submit(game_id, f"b-{n}", command, None, ORGANIZER)

        threads = [threading.Thread(target=play, args=(g,)) for g in ids]
        for t in threads:
            t.start()
        start.wait()
        began = time.perf_counter()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - began
        batches = getattr(recorder, "batches", 0) - before[0]
        appends = getattr(recorder, "appends", 0) - before[1]
        return games * commands / elapsed, batches, appends
    finally:
        app.close()
        with psycopg.connect(storage.database_url or "", autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--commands", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    figures: dict[bool, list[float]] = {True: [], False: []}
    for r in range(args.rounds):
        for grouped in (False, True):
            rate, batches, appends = one_run(args.database_url, grouped, args.games, args.commands)
            figures[grouped].append(rate)
            shared = f", {appends} appends in {batches} transactions" if grouped else ""
            print(f"round {r + 1}: group commit {'on ' if grouped else 'off'}: {rate:7.1f} commands/s{shared}",
                  flush=True)
    for grouped in (False, True):
        values = figures[grouped]
        print(f"group commit {'on ' if grouped else 'off'}: min {min(values):.1f} median "
              f"{statistics.median(values):.1f} max {max(values):.1f} commands/s")


if __name__ == "__main__":
    main()
