"""What start-up's check costs against the number of stored events.

    python scripts/startup_cost.py [--events 100000] [--per-game 64] [--db FILE] [--reuse]

Builds a SQLite store of about ``--events`` stored events with real games
played through the application in this process: Munchkin games in reported
mode, each opened and then given table adjustments by its organizer until it
holds ``--per-game`` events (with their credentials, the snapshots the
judge takes every 50 versions and the witness's line for every append). While building only, the connections run
with ``synchronous=OFF`` and without group commit (nothing durable is needed of a file made to be
measured); the events are exactly what the judge writes, so the full check
passes on the result. With ``--reuse`` an existing ``--db`` is measured as it
is; without it, games are added to an existing ``--db`` until ``--events``
more are stored.

Then times, each in a fresh application opened like ``judge serve`` opens it
(``open_app``):

* ``quick_first_s``: start-up with the quick check on a store without a
  checkpoint (every stored event decoded and its hash chain re-hashed; then
  the check's checkpoint is written);
* ``quick_s``: start-up with the quick check from that checkpoint (the
  default from then on; see judge/app/checkpoint.py);
* ``full_s``: the full check (every game replayed through the rules), what
  ``judge check`` runs.

Prints JSON with the seconds, the microseconds per stored event and the
projection of each to 1,000,000 stored events. docs/benchmark.md quotes the
figures; they depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import json
import logging
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any

from judge.app import JudgeApp
from judge.domain import persistence
from judge.domain.chain import ServerKey
from judge.store.witness import Witness
from judge.rules.engine import ORGANIZER, Action, Command, GameSetup, SeatSetup

SETUP = GameSetup(ruleset="munchkin", variants=(), mode="reported", options={},
                  seats=(SeatSetup("Anna", {"sex": "female"}), SeatSetup("Ben", {"sex": "male"}),
                         SeatSetup("Cem", {"sex": "male"})))
PROJECTED = 1_000_000


def adjustment(i: int) -> Command:
    return Command(None, Action.from_dict({"kind": "record_adjustment", "reason": "Stufe",
                                           "target_seat": i % 3, "set_level": 1 + i % 5}, "munchkin"))


def stored_events(db: Path) -> int:
    with sqlite3.connect(db) as connection:
        return int(connection.execute("SELECT COUNT(*) FROM stored_events").fetchone()[0])


def build(db: Path, events: int, per_game: int) -> dict[str, Any]:
    """Play games into ``db`` until it holds at least ``events`` stored events."""
    durable = persistence.DurableSQLiteConnectionPool._create_connection

    def fast(pool: Any) -> Any:
        connection = durable(pool)
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA synchronous=OFF;")
        return connection

    persistence.DurableSQLiteConnectionPool._create_connection = fast  # type: ignore[method-assign,assignment]
    started = time.perf_counter()
    try:
        key = ServerKey.load_or_create(f"{db}.key")
        app = JudgeApp({**JudgeApp.sqlite(db), "JUDGE_GROUP_COMMIT": "no"}, key=key,
                       witness=Witness(f"{db}.witness", key))
        games = 0
        try:
            total = 0
            while total < events:
                game_id = app.create_game(SETUP).game_id
                for i in range(per_game - 1):
                    app.submit(game_id, f"adj-{i}", adjustment(i), None, ORGANIZER)
                games += 1
                total += per_game + 1  # the game's events and its credentials
                if games % 100 == 0:
                    print(f"built {games} games, ~{total} events, {time.perf_counter() - started:.0f} s",
                          flush=True)
        finally:
            app.close()
    finally:
        persistence.DurableSQLiteConnectionPool._create_connection = durable  # type: ignore[method-assign]
    return {"games": games, "build_s": round(time.perf_counter() - started, 1)}


def timed_open(db: Path, check: str) -> float:
    from judge.server.main import open_app

    started = time.perf_counter()
    app = open_app(db, startup_check=check)
    seconds = time.perf_counter() - started
    app.close()
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--per-game", type=int, default=64)
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--reuse", action="store_true", help="measure an existing --db as it is")
    parser.add_argument("--skip-full", action="store_true", help="do not time the full check")
    args = parser.parse_args()
    logging.getLogger("judge").setLevel(logging.WARNING)
    db = args.db or Path(tempfile.mkdtemp()) / "startup.sqlite3"
    report: dict[str, Any] = {"db": str(db)}
    if not args.reuse:
        report.update(build(db, args.events, args.per_game))
    events = stored_events(db)
    report["stored_events"] = events
    report["db_bytes"] = sum(p.stat().st_size for p in db.parent.glob(db.name + "*") if p.is_file())
    timed_open(db, "none")  # warm: imports, the token files, the page cache
    figures = {"quick_first_s": timed_open(db, "quick"), "quick_s": timed_open(db, "quick")}
    if not args.skip_full:
        figures["full_s"] = timed_open(db, "full")
    for name, seconds in figures.items():
        report[name] = round(seconds, 3)
        per_event = seconds / max(events, 1)
        report[name.replace("_s", "_us_per_event")] = round(per_event * 1e6, 2)
        report[name.replace("_s", "_projected_1m_s")] = round(per_event * PROJECTED, 1)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
