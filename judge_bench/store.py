"""The benchmark's figures of the stored record (``judge bench``, judge_bench/bench.py): measured in the
benchmark's own process on the judge's SQLite file once its server has stopped.

* ``decoding``: stored events read (one query per game) and decoded to domain events (the library's mapper and the
  judge's transcoder), events/s: the ceiling of everything that reads the record;
* ``rebuild``: every game read, decoded and folded from its first event through the rules without
  snapshots, events/s (against ``decoding``: the fold's own cost is the difference);
* ``startup_quick``/``startup_full``: seconds from opening the database to serving, with the quick
  check (the default: from the checkpoint the judge's clean shutdown left, judge/app/checkpoint.py,
  every event after it decoded and its hash chain checked) and the full one (every event decoded,
  every game replayed), for ``stored_events`` events;
* ``bytes_per_event``: the database file (with its write-ahead log) over the stored events;
* ``memory_per_game``: KiB of Python memory one game takes when loaded (tracemalloc).
"""

from __future__ import annotations

import functools
import logging
import time
import tracemalloc
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, cast

FIGURES: tuple[tuple[str, str], ...] = (
    ("decoding", "events/s"), ("rebuild", "events/s"), ("startup_quick", "s"), ("startup_full", "s"),
    ("stored_events", "events"), ("bytes_per_event", "bytes"), ("memory_per_game", "KiB"),
)
"""The figures measured here, each with its unit."""

PLAIN = ("startup_quick", "startup_full", "stored_events", "bytes_per_event", "memory_per_game")
"""The figures reported without a ceiling."""

DESCRIPTIONS = {
    "decoding": "stored events read and decoded, events/s (the ceiling of reads)",
    "rebuild": "every game folded through the rules without snapshots, events/s",
    "startup_quick": "start-up with the quick check (the default), s",
    "startup_full": "start-up with the full check (every game replayed), s",
    "stored_events": "events stored in the benchmark's database",
    "bytes_per_event": "database bytes (with its log) per stored event",
    "memory_per_game": "memory of one loaded game, KiB",
}


def _timed(work: Callable[[], Any]) -> tuple[float, Any]:
    t0 = time.perf_counter()
    result = work()
    return time.perf_counter() - t0, result


def _game_ids(app: Any) -> list[str]:
    ids: list[str] = []
    after = 0
    while True:
        page, after = app.list_games(after=after, limit=500)
        ids += [g.game_id for g in page]
        if not after:
            return ids


def _stored(app: Any, game_ids: Iterable[str]) -> list[list[Any]]:
    """Every game's stored events (not decoded)."""
    return [list(app.recorder.select_events(app.store.uuid(game_id))) for game_id in game_ids]


def measure(db: Path, figures: dict[str, Any]) -> None:
    """Append one measurement of each figure of ``FIGURES`` to ``figures`` (name -> Figure)."""
    from judge.server.main import open_app

    quiet = logging.getLogger("judge")
    level = quiet.level
    quiet.setLevel(logging.WARNING)  # start-up's own log lines are not the benchmark's output
    try:
        open_app(db, startup_check="none").close()  # warm: imports, the admin token file, the caches
        seconds, app = _timed(functools.partial(open_app, db, startup_check="quick"))
        figures["startup_quick"].judge.append(seconds)
        try:
            game_ids = _game_ids(app)
            seconds, stored = _timed(lambda: _stored(app, game_ids))
            events = sum(len(s) for s in stored)
            figures["stored_events"].judge.append(float(events))
            decode_s, decoded = _timed(lambda: [[app.mapper.to_domain_event(e) for e in s] for s in stored])
            figures["decoding"].judge.append(events / (seconds + decode_s))

            def rebuild() -> list[Any]:  # read, decode and fold, as a rebuild from the record does
                games = []
                for stored_events in _stored(app, game_ids):
                    game: Any = None
                    for e in stored_events:
                        game = app.mapper.to_domain_event(e).mutate(game)
                    games.append(game)
                return games

            seconds, _ = _timed(rebuild)
            figures["rebuild"].judge.append(events / seconds)
            size = sum(p.stat().st_size for p in db.parent.glob(db.name + "*")
                       if p.suffix in (".sqlite3", ".sqlite3-wal") or p.name.endswith(("-wal", ".sqlite3")))
            figures["bytes_per_event"].judge.append(size / max(events, 1))
            tracemalloc.start()
            try:
                before = tracemalloc.get_traced_memory()[0]
                loaded = [app.store.game(game_id) for game_id in game_ids]
                after = tracemalloc.get_traced_memory()[0]
            finally:
                tracemalloc.stop()
            figures["memory_per_game"].judge.append((after - before) / max(len(loaded), 1) / 1024)
        finally:
            app.close()
        seconds, app = _timed(functools.partial(open_app, db, startup_check="full"))
        cast(Any, app).close()
        figures["startup_full"].judge.append(seconds)
    finally:
        quiet.setLevel(level)
