#!/usr/bin/env python3
"""Measure LegalActions in process (no gRPC), on a real SQLite file, at the benchmark's tables.

Plays a Munchkin game of four seats (reported or dealt, the benchmark's chooser) and, at the opening
and after ``--commands`` commands, times for the active seat, each as the fastest of ``--rounds``
medians of ``--calls`` calls:

* ``rules``: the rules deciding the legal actions afresh (``legal_actions`` and ``open_choices``: the
  uncached cost);
* ``message``: the answer's message built from a decided answer (descriptions, commands, templates);
* ``first``: a LegalActions answer with nothing kept (decided, message built), as at a new version;
* ``kept``: the answer asked again at the same version (``Games.legal_offers_made``).

    .venv/bin/python scripts/profile_legal.py --mode reported --commands 40
    py-spy record -f raw -o out.txt -- .venv/bin/python scripts/profile_legal.py --only rules
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
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge.app import JudgeApp  # noqa: E402
from judge.domain.chain import ServerKey  # noqa: E402
from judge.rules.engine import ORGANIZER, Action, Command, GameSetup, SeatSetup, Viewer  # noqa: E402
from judge.server.legal_actions import legal_actions_to_proto  # noqa: E402
from judge_bench.bench import PREFERENCE, SEATS  # noqa: E402


def step(app: JudgeApp, game_id: str, rng: random.Random, n: int) -> bool:
    """One command of the benchmark's chooser; False when the game is over or stuck."""
    view = app.view(game_id, ORGANIZER)
    if view.get("status") == "GAME_STATUS_FINISHED":
        return False
    active = int(view.get("active_seat", view.get("active", 0)))
    offered = []
    for seat in [active] + [s for s in range(len(SEATS)) if s != active]:
        actions, _ = app.legal_actions(game_id, seat, ORGANIZER)
        offered += [(seat, a) for a in actions if a.kind in PREFERENCE]
    if not offered:
        return False
    best = min(PREFERENCE.index(a.kind) for _, a in offered)
    seat, action = rng.choice([(s, a) for s, a in offered if PREFERENCE.index(a.kind) == best])
    app.submit(game_id, f"p-{n}", Command(seat, action), None, Viewer("seat", seat))
    return True


def timed(call: Callable[[], object], calls: int, rounds: int) -> float:
    """The fastest of ``rounds`` medians of ``calls`` calls, in ms."""
    best = float("inf")
    for _ in range(rounds):
        samples = []
        for _ in range(calls):
            started = time.perf_counter()
            call()
            samples.append(time.perf_counter() - started)
        best = min(best, statistics.median(samples))
    return best * 1000


def measure(app: JudgeApp, game_id: str, args: argparse.Namespace, label: str) -> None:
    game = app.store.current(game_id)
    active = int(app.view(game_id, ORGANIZER).get("active_seat", 0))
    viewer = Viewer("seat", active)
    names = app.card_names_of(game_id)
    context = app.access.context(game)

    def rules() -> tuple[list[Action], dict[str, str]]:
        actions = list(game.ruleset.legal_actions(game.state, active, context))
        hook = getattr(game.ruleset, "open_choices", None)
        return actions, dict(hook(game.state, active)) if hook is not None and actions else {}

    actions, offered = rules()

    def message() -> object:
        return legal_actions_to_proto(actions, active, game.version, "en", names, offered).SerializeToString()

    def ask() -> object:
        return app.games.legal_offers_made(game_id, active, viewer, "message:en", lambda kept: legal_actions_to_proto(
            kept["actions"], active, kept["version"], "en", app.card_names_of(game_id),
            kept["offered"])).SerializeToString()

    def first() -> object:
        app.store.legal_cache.clear()
        return ask()

    figures = {"rules": rules, "message": message, "first": first, "kept": ask}
    shown = []
    for name, call in figures.items():
        if args.only in (None, name):
            shown.append(f"{name} {timed(call, args.calls, args.rounds):.3f} ms")
    print(f"{label}: version {game.version}, seat {active}, {len(actions)} actions: " + ", ".join(shown))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=("reported", "dealt"), default="reported")
    parser.add_argument("--commands", type=int, default=40, help="commands before the second measurement")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--calls", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=("rules", "message", "first", "kept"))
    args = parser.parse_args()

    counter = itertools.count()
    seeds = lambda: hashlib.sha256(f"legal:{args.seed}:{next(counter)}".encode()).digest()  # noqa: E731
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "judge.sqlite3"
        app = JudgeApp(JudgeApp.sqlite(db), key=ServerKey.load_or_create(f"{db}.key"), seeds=seeds)
        try:
            seats = [SeatSetup(name, {"sex": sex}) for name, sex in (s.split(":") for s in SEATS)]
            game_id = app.create_game(GameSetup("munchkin", (), tuple(seats), {"interference_window_ms": 0},
                                                mode=args.mode)).game_id
            measure(app, game_id, args, f"{args.mode} opening")
            played = 0
            while played < args.commands and step(app, game_id, rng, played):
                played += 1
            measure(app, game_id, args, f"{args.mode} after {played} commands")
        finally:
            app.close()


if __name__ == "__main__":
    main()
