#!/usr/bin/env python3
"""Profile what the judge's reads carry, in process (no gRPC), on a real SQLite file.

Plays one deterministic dealt Munchkin game (4 seats, the benchmark's chooser) of up to
``--commands`` commands through ``JudgeApp.submit``, then times, each converted to its protobuf
answer as the server sends it:

* ``decoding``: the game's stored events read and decoded (the ceiling of Replay);
* ``replay``: the Replay stream of the whole game (each event with the view after it), events/s,
  with no view kept from before (the judge's kept views are cleared first);
* ``replay_kept``: the same stream again right after one, its views kept (judge/app/view_cache.py);
* ``replay_events``: the Replay stream with the read mask ``event`` (no views, each event told in
  the caller's language, as the server tells it), one message per event;
* ``replay_batched``: the same in batches of ``--batch`` events per message (``max_batch``);
* ``replay_lean``: batched, and the mask leaving out the summaries (no event told, none folded);
* ``view``: GetView at the end of the game, ms per call;
* ``legal``: LegalActions of the active seat at the end of the game, ms per call.

    .venv/bin/python scripts/profile_views.py --commands 400
    py-spy record -f raw -o out.txt -- .venv/bin/python scripts/profile_views.py --only replay

``--rounds`` repeats each measurement (the median is printed); ``--only`` runs one of them.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
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
from judge.rules.engine import ORGANIZER, Command, GameSetup, SeatSetup, Viewer  # noqa: E402
from judge.server import batches, convert  # noqa: E402
from judge.v1 import judge_pb2 as pb  # noqa: E402
from judge.server.legal_actions import legal_actions_to_proto  # noqa: E402


def play(app: JudgeApp, commands: int, seed: int) -> str:
    """One dealt game of up to ``commands`` commands; its id."""
    rng = random.Random(seed)
    seats = [SeatSetup(name, {"sex": sex}) for name, sex in (s.split(":") for s in SEATS)]
    created = app.create_game(GameSetup("munchkin", (), tuple(seats), {"interference_window_ms": 0},
                                        mode="dealt"))
    game_id = created.game_id
    for n in range(commands):
        view = app.view(game_id, ORGANIZER)
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
        app.submit(game_id, f"p-{n}", Command(seat, action), None, Viewer("seat", seat))
    return game_id


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commands", type=int, default=400, help="commands in the game (default 400)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--calls", type=int, default=200, help="GetView/LegalActions calls per round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=200, help="events per message of the batched replays")
    parser.add_argument("--only", choices=("decoding", "replay", "replay_kept", "replay_events", "replay_batched",
                                           "replay_lean", "view", "legal"))
    args = parser.parse_args()

    counter = itertools.count()
    seeds = lambda: hashlib.sha256(f"views:{args.seed}:{next(counter)}".encode()).digest()  # noqa: E731
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "judge.sqlite3"
        app = JudgeApp(JudgeApp.sqlite(db), key=ServerKey.load_or_create(f"{db}.key"), seeds=seeds)
        try:
            game_id = play(app, args.commands, args.seed)
            game = app.store.current(game_id)
            print(f"one dealt game of {game.version} events")
            active = int(app.view(game_id, ORGANIZER).get("active", 0))
            seat = Viewer("seat", active)
            results: dict[str, list[float]] = {}

            def decoding() -> float:
                started = time.perf_counter()
                count = sum(1 for _ in app.events.get(game.id))
                return count / (time.perf_counter() - started)

            def replay(kept: bool = False) -> float:
                if not kept:  # the views the judge keeps, and the analyses they share (judge/app/view_cache.py)
                    app.store.view_cache.clear()
                    app.store.analysis_cache.clear()
                started = time.perf_counter()
                count = 0
                for event, view in app.replay(game_id, seat):
                    convert.event_to_proto(event).SerializeToString()
                    convert.view_to_proto(view).SerializeToString()
                    count += 1
                return count / (time.perf_counter() - started)

            def replay_events(batch: int = 1, told: tuple[str, ...] = ("en",)) -> float:
                started = time.perf_counter()
                count = 0
                steps = app.views.replay_steps(game_id, seat, folded=False, told=told)
                sent = ((convert.event_to_proto(event), None, True) for event, _ in steps)
                for events, _ in batches.batched(sent, batch):
                    if batch > 1:
                        pb.ReplayResponse(events=events).SerializeToString()
                    else:
                        pb.ReplayResponse(event=events[0]).SerializeToString()
                    count += len(events)
                return count / (time.perf_counter() - started)

            def view() -> float:
                started = time.perf_counter()
                for _ in range(args.calls):
                    convert.view_to_proto(app.view(game_id, seat)).SerializeToString()
                return (time.perf_counter() - started) / args.calls * 1000

            def legal() -> float:
                started = time.perf_counter()
                for _ in range(args.calls):
                    actions, open_choices, version = app.legal_offers(game_id, active, seat)
                    legal_actions_to_proto(actions, active, version, "en", app.card_names_of(game_id),
                                           open_choices).SerializeToString()
                return (time.perf_counter() - started) / args.calls * 1000

            runs = {"decoding": decoding, "replay": replay, "replay_kept": lambda: replay(kept=True),
                    "replay_events": replay_events, "replay_batched": lambda: replay_events(args.batch),
                    "replay_lean": lambda: replay_events(args.batch, told=()), "view": view, "legal": legal}
            for _ in range(args.rounds):
                for name, run in runs.items():
                    if args.only in (None, name):
                        results.setdefault(name, []).append(run())
        finally:
            app.close()
    units = {"decoding": "events/s", "replay": "events/s", "replay_kept": "events/s", "replay_events": "events/s",
             "replay_batched": "events/s", "replay_lean": "events/s", "view": "ms/call", "legal": "ms/call"}
    for name, values in results.items():
        print(f"{name:>11}: median {statistics.median(values):,.2f} {units[name]} "
              f"(min {min(values):,.2f}, max {max(values):,.2f})")
    for name in ("replay", "replay_kept", "replay_events", "replay_batched", "replay_lean"):
        if name in results and "decoding" in results:
            ratio = statistics.median(results[name]) / statistics.median(results["decoding"])
            print(f"{name:>14}/decoding: {ratio:.3f}")


if __name__ == "__main__":
    main()
