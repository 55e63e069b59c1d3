#!/usr/bin/env python3
"""Profile the judge's own work per Submit, in process (no gRPC), on a real SQLite file.

Plays deterministic dealt Munchkin games (4 seats, the benchmark's chooser, fixed seeds) through
``JudgeApp.submit`` until each has ``--commands`` commands (a finished game is followed by a new
one), and prints:

* the median wall time per Submit in bands of the game's version (does a command cost more late
  in a long game?), and the size of the game's state then (canonical JSON bytes);
* with ``--profile FILE``, a cProfile of every Submit (``python -m pstats FILE``), and the top
  functions by cumulative time.

    .venv/bin/python scripts/profile_submit.py --commands 600 --profile /tmp/submit.prof

The figures are the judge's CPU and one fsync per command on this machine; ``judge bench``
compares the served judge with its stack's ceiling.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import itertools
import pstats
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.app import JudgeApp  # noqa: E402
from judge_bench.bench import PREFERENCE, SEATS  # noqa: E402
from judge.domain.chain import ServerKey  # noqa: E402
from judge.rules.engine import ORGANIZER, Command, GameSetup, SeatSetup, Viewer, canonical_json  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commands", type=int, default=400, help="commands in all (default 400)")
    parser.add_argument("--band", type=int, default=100, help="versions per band (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mode", choices=("dealt", "reported"), default="dealt",
                        help="dealt (the judge draws and rolls) or reported (the chooser names cards)")
    parser.add_argument("--profile", type=Path, help="write a cProfile of the Submits here")
    parser.add_argument("--db", type=Path, help="keep the games in this SQLite file (default: a temporary one)")
    args = parser.parse_args()

    counter = itertools.count()
    seeds = lambda: hashlib.sha256(f"profile:{args.seed}:{next(counter)}".encode()).digest()  # noqa: E731
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or Path(folder) / "judge.sqlite3"
        app = JudgeApp(JudgeApp.sqlite(db), key=ServerKey.load_or_create(f"{db}.key"), seeds=seeds)
        rng = random.Random(args.seed)
        profiler = cProfile.Profile() if args.profile else None
        timings: dict[int, list[float]] = {}
        sizes: dict[int, int] = {}
        done = 0
        games = 0
        ids = itertools.count()
        try:
            while done < args.commands:
                seats = [SeatSetup(name, {"sex": sex}) for name, sex in (s.split(":") for s in SEATS)]
                games += 1
                created = app.create_game(GameSetup("munchkin", (), tuple(seats), {"interference_window_ms": 0},
                                                    mode=args.mode))
                game_id = created.game_id
                while done < args.commands:
                    view = app.view(game_id, ORGANIZER)
                    version = app.store.current(game_id).version
                    if view.get("finished"):
                        break
                    active = int(view.get("active", 0))
                    offered = []
                    for seat in [active] + [s for s in range(len(SEATS)) if s != active]:
                        actions, _ = app.legal_actions(game_id, seat, ORGANIZER)
                        offered += [(seat, a) for a in actions if a.kind in PREFERENCE]
                    if not offered:
                        break
                    best = min(PREFERENCE.index(a.kind) for _, a in offered)
                    seat, action = rng.choice([(s, a) for s, a in offered if PREFERENCE.index(a.kind) == best])
                    viewer = Viewer("seat", seat)
                    started = time.perf_counter()
                    if profiler is not None:
                        profiler.enable()
                    app.submit(game_id, f"p-{next(ids)}", Command(seat, action), None, viewer)
                    if profiler is not None:
                        profiler.disable()
                    band = version // args.band
                    timings.setdefault(band, []).append(time.perf_counter() - started)
                    done += 1
                    if band not in sizes:
                        game = app.store.current(game_id)
                        sizes[band] = len(canonical_json(game.ruleset.to_dict(game.state)).encode())
        finally:
            app.close()
    print(f"{done} Submits in process ({args.mode} Munchkin, 4 seats, one fsync each)")
    print(f"{games} game(s)")
    print(f"{'versions':>12} {'submits':>8} {'median ms':>10} {'mean ms':>8} {'state bytes':>12}")
    for band in sorted(timings):
        values = timings[band]
        print(f"{band * args.band:>5}-{(band + 1) * args.band - 1:<6} {len(values):>8} "
              f"{statistics.median(values) * 1000:>10.2f} {statistics.fmean(values) * 1000:>8.2f} "
              f"{sizes.get(band, 0):>12}")
    if profiler is not None:
        profiler.dump_stats(str(args.profile))
        pstats.Stats(str(args.profile)).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
