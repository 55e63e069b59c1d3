"""``judge bench``: the judge's speed measured against the stack's own ceiling,
in one run on one machine.

Three servers run side by side, each in its own process, with the same gRPC
settings the judge serves with (``judge/server/main.py``: the same thread pool
size, ``maximum_concurrent_rpcs`` (workers plus the queue) and message limits):

* **echo**: a bare gRPC echo, the most any unary call can do here;
* **echo+append**: the echo plus one durable eventsourcing append into a
  SQLite file with the judge's own durability (``DurableSQLiteFactory``,
  ``synchronous=FULL``), the most any call that records something can do;
* **judge**: the judge as ``judge serve`` runs it by default, on a fresh SQLite
  file: ``open_app`` (the lock, the witness of every game's head, the start-up
  check) and the server ``serve`` builds (its default rate limits per token and
  per client address, the access log at INFO as JSON into a file beside the
  database). One setting differs, the one a deployment behind a proxy makes:
  loopback is a trusted proxy (``--trusted-proxies``) and every table of the
  benchmark names its own client address in ``x-forwarded-for``, as the players
  of different tables do; from one address, the default 200 calls/s per address
  and 6 games created per minute would refuse the benchmark's own load.

The workload is deterministic: dealt Munchkin games whose secret seeds come
from ``--seed`` (game *i* of every set gets the same seed), played by a fixed
chooser over the judge's own ``LegalActions`` (``random.Random`` seeded from
``--seed`` and the game) once, untimed, to record each game's command script.
Every round then creates the same games afresh and submits their scripts.

Each round measures, interleaved (ceilings and judge in the same round):

* ``submit_peak``: accepted Submits per second with one client thread per game
  (``--games``), against echo and echo+append calls per second at the same
  concurrency;
* ``cpu_submit``: the judge's CPU time (user and system, from /proc) during the peak phase per
  accepted Submit, against ``cpu_append``, echo+append's per call during its own phase;
* ``submit_p50``/``submit_p99`` and ``single_p50``: Submit latency under that
  load and with a single client, against the same for echo+append;
* ``half_p50``/``half_p99``: Submit latency with every game paced so that all
  together offer half the round's peak rate (no ceiling: the target is absolute);
* ``legal_early``/``legal_late``, ``view_late``: LegalActions and GetView
  latency on a fresh game and at the end of a script, against the bare echo;
  ``legal_reported``: LegalActions on a reported table (one played once, untimed, by the
  same chooser; the table reports what it drew, so the choices name any card of the catalogue),
  asked again and again at one version as the phones at a table poll it; ``legal_reported_first``:
  the first LegalActions at each new version of a reported table (its script played again, seat 0
  asking once after each command), which the judge decides afresh;
  ``legal_library_100``/``legal_library_1000``: LegalActions at the opening of a reported table
  of a collection whose group library holds 100 or 1,000 cards (imported with the admin token,
  untimed), every seat holding face-down cards: flat in the library when the two are equal;
* ``ask_early``/``ask_late``: Ask latency on a fresh game and at the end of a
  script, against the bare echo;
* ``replay`` and ``watch_catchup``: events per second of a Replay stream and of a
  Watch from version 0 until its ``caught_up`` marker, against ``decoding``;
  ``replay_events``/``watch_events`` the same with the read mask ``event`` (no views);
  ``replay_batched``/``watch_batched`` the same in batches of ``BATCH`` events per message
  (``max_batch``); ``replay_lean`` batched without the events' summaries (none told or folded);
* ``single_lean_p50``: ``single_p50`` with the read mask ``events, version, receipt``.
* ``single_page_p50``: ``single_p50`` with the table page's read mask (every field but the view's two JSON
  copies, web/src/shown.ts).

Then, with the servers stopped, on the judge's database file (judge_bench/store.py):
``decoding`` (events read and decoded: the ceiling of the reads), ``rebuild`` (every
game read, decoded and folded through the rules without snapshots, against ``decoding``), start-up
with the quick and the full check for the stored events, bytes per stored event and
the memory of one loaded game.

The report gives each figure's min/median/max over ``--rounds`` rounds and the
ratio of the judge's median to the ceiling's median (a throughput ratio above
1 or a latency ratio below 1 favours the judge). Nothing here is asserted by a
test: tests only run it tiny and check the shape of what it prints. The report counts the timed
Submits the judge's limits refused (``refused_by_limits``): none, when the limits leave the
benchmark's load alone.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge_bench import store
from judge_bench.report import DESCRIPTIONS, render  # noqa: F401 (judge bench prints the table)
from judge_bench.servers import BENCH_METHOD, servers
from judge_bench.support import (BATCH, LEAN_EVENT, LIBRARY_SIZES, cpu_seconds, forwarded_for,
                                 library_cards, patiently)
from judge.v1 import judge_pb2 as pb

SEATS = ("A:male", "B:female", "C:male", "D:female")
PREFERENCE = ("choose_card", "roll_die", "loot_corpse", "pick_treasure", "answer_help", "answer_curse",
              "deal", "claim_victory", "resolve_combat", "draw_treasures", "kick_door", "play_card",
              "run_away", "suffer_bad_stuff", "loot_room", "give_up", "end_turn")
"""The chooser's order of preference among the action kinds the judge lists."""
LEAN = ["events", "version", "receipt"]
PAGE = [*(f.name for f in pb.SubmitResponse.DESCRIPTOR.fields if f.name != "view"),
        *(f"view.{f.name}" for f in pb.GameView.DESCRIPTOR.fields if f.name not in ("position_json", "state_json"))]
"""The table page's read mask of a Submit (web/src/shown.ts): everything but the view's two JSON copies."""
"""The read mask of the lean Submit figure: what a client that keeps its own view reads."""


@dataclass(frozen=True)
class BenchConfig:
    games: int = 16
    commands: int = 60
    rounds: int = 3
    calls: int = 200
    """Calls per client thread and round for the echo ceilings."""
    probes: int = 50
    """Single-client latency samples per figure and round."""
    seed: int = 1

    @classmethod
    def quick(cls, seed: int = 1) -> BenchConfig:
        return cls(games=2, commands=8, rounds=1, calls=10, probes=5, seed=seed)


# ---------------------------------------------------------------------------- load

@dataclass
class Figure:
    name: str
    unit: str
    judge: list[float] = field(default_factory=list)
    ceiling_name: str = ""
    ceiling: list[float] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        def spread(values: list[float]) -> dict[str, float] | None:
            if not values:
                return None
            return {"min": min(values), "median": statistics.median(values), "max": max(values)}
        judge, ceiling = spread(self.judge), spread(self.ceiling)
        ratio = judge["median"] / ceiling["median"] if judge and ceiling and ceiling["median"] else None
        return {"name": self.name, "unit": self.unit, "judge": judge, "ceiling_name": self.ceiling_name or None,
                "ceiling": ceiling, "ratio": ratio}


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else 0.0


def _parallel(threads: int, work: Callable[[int], list[float]]) -> tuple[float, list[float]]:
    """Run ``work(i)`` on ``threads`` threads at once; the wall time and every latency."""
    latencies: list[list[float]] = [[] for _ in range(threads)]
    barrier = threading.Barrier(threads + 1)

    def run(i: int) -> None:
        barrier.wait()
        latencies[i] = work(i)

    pool = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    for t in pool:
        t.start()
    barrier.wait()
    started = time.perf_counter()
    for t in pool:
        t.join()
    return time.perf_counter() - started, [x for part in latencies for x in part]


def _timed(call: Callable[[], Any], times: int) -> list[float]:
    out = []
    for _ in range(times):
        t0 = time.perf_counter()
        call()
        out.append(time.perf_counter() - t0)
    return out


@dataclass(frozen=True)
class Game:
    """A benchmark game: its id, an organizer's client and one client per seat."""

    game_id: str
    organizer: Any
    seats: list[Any]

    @property
    def pair(self) -> tuple[str, Any]:
        return self.game_id, self.organizer


class Bench:
    """One benchmark run against the three servers at ``targets``."""

    def __init__(self, targets: dict[str, str], config: BenchConfig, progress: Callable[[str], None],
                 admin_token: str = ""):
        import grpc

        self.config = config
        self.progress = progress
        self.targets = targets
        self.channels = {k: grpc.insecure_channel(v) for k, v in targets.items()}
        for channel in self.channels.values():
            grpc.channel_ready_future(channel).result(timeout=60)
        self.echo = {k: self.channels[k].unary_unary(BENCH_METHOD) for k in ("echo", "append")}
        self.scripts: list[list[Any]] = []
        self.created = 0
        self.accepted: list[int] = []
        self.refused: list[int] = []
        self.reported: Game | None = None
        self.reported_script: list[Any] = []
        self.admin_token = admin_token
        self.libraries: dict[int, Game] = {}  # library size -> a reported table of that collection
        self.addresses = itertools.count()

    def _client(self, number: int) -> Any:
        """A client at its own address (the ``number``-th table's), over the one connection."""
        import grpc

        from judge_client import JudgeClient

        address = f"10.{77 + number // 62500}.{number // 250 % 250}.{number % 250 + 1}"
        channel = grpc.intercept_channel(self.channels["judge"], forwarded_for(address))
        return JudgeClient(self.targets["judge"], channel=channel, timeout=120)

    def _new_game(self, mode: str = "dealt", collection: str = "") -> Game:
        client = self._client(next(self.addresses))
        created = patiently(lambda: client.create_game("munchkin", seats=list(SEATS), mode=mode,
                                                         interference_window_ms=0, collection=collection))
        self.created += mode == "dealt"  # only a dealt game takes a seed of the judge's ``seeds``
        tokens = {s.seat: s.token for s in created.seat_tokens}
        return Game(created.game_id, client.with_token(created.organizer_token),
                    [client.with_token(tokens[i]) for i in range(len(SEATS))])

    def record_scripts(self) -> None:
        """Play each game once (untimed) with the fixed chooser; keep its commands. Then play one
        reported table the same way and keep it at the end of its script for ``legal_reported``."""
        for index in range(self.config.games):
            table, script = self._record(index, "dealt")
            self.scripts.append(script)
            self.progress(f"recorded game {index + 1}/{self.config.games}: {len(script)} commands")
        self.reported, script = self._record(0, "reported")
        self.reported_script = script
        self.progress(f"played a reported table: {len(script)} commands")
        if self.admin_token:
            admin = self._client(next(self.addresses)).with_token(self.admin_token)
            for size in LIBRARY_SIZES:
                collection = f"bench-{size}"
                admin.import_cards("munchkin", json.dumps(library_cards(size)), fmt="json", collection=collection)
                self.libraries[size] = self._new_game("reported", collection)
            self.progress("opened reported tables with group libraries of "
                          + " and ".join(f"{size:,}" for size in LIBRARY_SIZES) + " cards")

    def _record(self, index: int, mode: str) -> tuple[Game, list[Any]]:
        from judge_client.messages import filled

        rng = random.Random(f"{self.config.seed}:{index}" + ("" if mode == "dealt" else f":{mode}"))
        table = self._new_game(mode)
        game, org = table.game_id, table.organizer
        script: list[Any] = []
        while len(script) < self.config.commands:
            view = patiently(lambda: org.get_view(game).view)  # noqa: B023 (used at once)
            if view.status == pb.GAME_STATUS_FINISHED:
                break
            offered = []
            for seat in [view.active_seat] + [s for s in range(len(SEATS)) if s != view.active_seat]:
                answer = patiently(lambda: org.legal_actions(game, seat))  # noqa: B023 (used at once)
                # A template (a reported table's unseen card) is played with the card the judge checked.
                offered += [(item.kind, filled(item)) for item in answer.actions]
            ranked = [(PREFERENCE.index(kind), command) for kind, command in offered if kind in PREFERENCE]
            if not ranked:
                break
            best = min(rank for rank, _ in ranked)
            command = rng.choice([command for rank, command in ranked if rank == best])
            command.command_id = f"script-{len(script)}"
            patiently(lambda: table.seats[command.seat].submit_command(game, command))  # noqa: B023
            script.append(command)
        return table, script

    def _fresh_games(self) -> list[Game]:
        # Game i of every set gets the same seed: sets start at multiples of ``games``.
        while self.created % self.config.games:
            self._new_game()
        return [self._new_game() for _ in range(self.config.games)]

    def _play(self, table: Game, script: list[Any], tag: str, interval_s: float = 0.0,
              offset_s: float = 0.0, read_mask: list[str] | None = None) -> tuple[list[float], int]:
        """Submit ``script`` to ``table`` (with ``interval_s``: one command per interval, paced
        from the start plus ``offset_s``, not from the previous answer); the latencies and how
        many were accepted."""
        from judge_client import JudgeRpcError

        latencies: list[float] = []
        started = time.perf_counter() + offset_s
        for n, recorded in enumerate(script):
            if interval_s:
                time.sleep(max(0.0, started + n * interval_s - time.perf_counter()))
            command = type(recorded)()
            command.CopyFrom(recorded)
            command.command_id = f"{tag}-{n}"
            t0 = time.perf_counter()
            try:
                table.seats[command.seat].submit_command(table.game_id, command, read_mask=read_mask)
            except JudgeRpcError as error:
                if getattr(error.code, "name", "") == "RESOURCE_EXHAUSTED":
                    self.refused.append(1)  # a limit of the judge refused the load: the report says so
                return latencies, n  # the game went another way than its script: stop it here
            latencies.append(time.perf_counter() - t0)
        return latencies, len(script)

    def round(self, number: int, figures: dict[str, Figure]) -> None:
        c = self.config
        payload = b"x" * 64
        for kind in ("echo", "append"):
            call: Callable[[], Any] = functools.partial(self.echo[kind], payload)
            cpu = cpu_seconds(kind)
            wall, lat = _parallel(c.games, lambda i: _timed(call, c.calls))  # noqa: B023 (used at once)
            after = cpu_seconds(kind)
            if cpu is not None and after is not None:
                figures[f"cpu_{kind}"].judge.append((after - cpu) * 1000 / (c.games * c.calls))
            figures[f"calls_{kind}"].judge.append(c.games * c.calls / wall)
            figures[f"p50_{kind}"].judge.append(statistics.median(lat) * 1000)
            figures[f"p99_{kind}"].judge.append(_percentile(lat, 0.99) * 1000)
            single = _timed(call, c.probes)
            figures[f"single_{kind}"].judge.append(statistics.median(single) * 1000)
        self.progress(f"round {number}: ceilings measured")
        games = self._fresh_games()
        accepted = [0] * len(games)

        def submit(i: int) -> list[float]:
            latencies, accepted[i] = self._play(games[i], self.scripts[i], f"r{number}")
            return latencies

        cpu = cpu_seconds("judge")
        wall, lat = _parallel(len(games), submit)
        after = cpu_seconds("judge")
        done = sum(accepted)
        if cpu is not None and after is not None and done:
            figures["cpu_submit"].judge.append((after - cpu) * 1000 / done)
        self.accepted.append(done)
        figures["submit_peak"].judge.append(sum(accepted) / wall)
        figures["submit_p50"].judge.append(statistics.median(lat) * 1000 if lat else 0.0)
        figures["submit_p99"].judge.append(_percentile(lat, 0.99) * 1000)
        self.progress(f"round {number}: {sum(accepted)} Submits accepted in {wall:.2f} s")
        # Half of peak: every game paced so that all together offer half the peak rate, the games'
        # commands spread evenly over each interval (game i starts i/games of an interval late), so
        # that the load is steady rather than every game's command arriving at the same instant.
        halves = self._fresh_games()
        interval_s = len(halves) / max(figures["submit_peak"].judge[-1] / 2, 1e-9)
        wall, lat = _parallel(len(halves), lambda i: self._play(halves[i], self.scripts[i], f"h{number}",
                                                                 interval_s, i * interval_s / len(halves))[0])
        figures["half_p50"].judge.append(statistics.median(lat) * 1000 if lat else 0.0)
        figures["half_p99"].judge.append(_percentile(lat, 0.99) * 1000)
        self.progress(f"round {number}: Submits at half of peak measured")
        lat, _ = self._play(self._fresh_games()[0], self.scripts[0][:c.probes], f"s{number}")
        figures["single_p50"].judge.append(statistics.median(lat) * 1000 if lat else 0.0)
        lat, _ = self._play(self._fresh_games()[0], self.scripts[0][:c.probes], f"l{number}", read_mask=LEAN)
        figures["single_lean_p50"].judge.append(statistics.median(lat) * 1000 if lat else 0.0)
        lat, _ = self._play(self._fresh_games()[0], self.scripts[0][:c.probes], f"p{number}", read_mask=PAGE)
        figures["single_page_p50"].judge.append(statistics.median(lat) * 1000 if lat else 0.0)
        fresh, fresh_org = self._fresh_games()[0].pair
        late, late_org = games[0].pair
        figures["legal_early"].judge.append(
            statistics.median(_timed(lambda: fresh_org.legal_actions(fresh, 0), c.probes)) * 1000)
        figures["legal_late"].judge.append(
            statistics.median(_timed(lambda: late_org.legal_actions(late, 0), c.probes)) * 1000)
        figures["view_late"].judge.append(statistics.median(_timed(lambda: late_org.get_view(late), c.probes)) * 1000)
        if self.reported is not None:
            reported, reported_org = self.reported.pair
            figures["legal_reported"].judge.append(
                statistics.median(_timed(lambda: reported_org.legal_actions(reported, 0), c.probes)) * 1000)
        if self.reported_script:
            # The first LegalActions at each new version (the judge keeps answers per version and seat, so
            # the polls above are answered from what it kept): the reported script played again on a
            # new table, seat 0 asking once after each of its commands.
            from judge_client import JudgeRpcError

            table = self._new_game("reported")
            first: list[float] = []
            for n, recorded in enumerate(self.reported_script[:c.probes]):
                command = type(recorded)()
                command.CopyFrom(recorded)
                command.command_id = f"f{number}-{n}"
                try:
                    table.seats[command.seat].submit_command(table.game_id, command, read_mask=LEAN)
                except JudgeRpcError:
                    break  # refused (a limit, or the game went another way): the median of the answers before
                first += _timed(lambda: table.organizer.legal_actions(table.game_id, 0), 1)  # noqa: B023
            figures["legal_reported_first"].judge.append(statistics.median(first) * 1000 if first else 0.0)
        for size, table in self.libraries.items():
            library_game, library_org = table.pair
            figures[f"legal_library_{size}"].judge.append(  # noqa: B023 (used at once)
                statistics.median(_timed(lambda: library_org.legal_actions(library_game, 0), c.probes)) * 1000)
        if self.scripts[0]:
            question = self.scripts[0][-1]
            figures["ask_early"].judge.append(
                statistics.median(_timed(lambda: fresh_org.ask_command(fresh, question), c.probes)) * 1000)
            figures["ask_late"].judge.append(
                statistics.median(_timed(lambda: late_org.ask_command(late, question), c.probes)) * 1000)
        t0 = time.perf_counter()
        events = sum(1 for _ in late_org.replay(late))
        figures["replay"].judge.append(events / (time.perf_counter() - t0))
        # Watch catch-up on another played game than the one just replayed, whose views the judge now keeps.
        watched, watched_org = games[1].pair if len(games) > 1 else (late, late_org)
        t0 = time.perf_counter()
        with watched_org.watch(watched, after_version=0, caught_up=True, timeout=120) as stream:
            caught = sum(1 for _ in itertools.takewhile(lambda r: not r.caught_up, stream))
        figures["watch_catchup"].judge.append(caught / (time.perf_counter() - t0))
        t0 = time.perf_counter()
        events = sum(1 for _ in late_org.replay(late, read_mask=["event"]))
        figures["replay_events"].judge.append(events / (time.perf_counter() - t0))
        t0 = time.perf_counter()
        with watched_org.watch(watched, after_version=0, caught_up=True, timeout=120, read_mask=["event"]) as stream:
            caught = sum(1 for _ in itertools.takewhile(lambda r: not r.caught_up, stream))
        figures["watch_events"].judge.append(caught / (time.perf_counter() - t0))
        # The same, batched (max_batch): every event told; and lean, the events without their summaries.
        for name, mask in (("replay_batched", ["event"]), ("replay_lean", LEAN_EVENT)):
            t0 = time.perf_counter()
            events = sum(1 for _ in late_org.replay_events(late, read_mask=mask, max_batch=BATCH))
            figures[name].judge.append(events / (time.perf_counter() - t0))
        t0 = time.perf_counter()
        with watched_org.watch(watched, after_version=0, caught_up=True, timeout=120, read_mask=["event"],
                               max_batch=BATCH) as stream:
            caught = sum(len(r.events) for r in itertools.takewhile(lambda r: not r.caught_up, stream))
        figures["watch_batched"].judge.append(caught / (time.perf_counter() - t0))
        self.progress(f"round {number}: reads measured")

    def close(self) -> None:
        for channel in self.channels.values():
            channel.close()


def _figures() -> dict[str, Figure]:
    plain = [Figure("calls_echo", "calls/s"), Figure("calls_append", "calls/s"), Figure("p50_echo", "ms"),
             Figure("p50_append", "ms"), Figure("p99_echo", "ms"), Figure("p99_append", "ms"),
             Figure("single_echo", "ms"), Figure("single_append", "ms"), Figure("cpu_echo", "ms"),
             Figure("cpu_append", "ms"), Figure("cpu_submit", "ms"), Figure("submit_peak", "commands/s"),
             Figure("submit_p50", "ms"), Figure("submit_p99", "ms"), Figure("half_p50", "ms"),
             Figure("half_p99", "ms"), Figure("single_p50", "ms"), Figure("single_lean_p50", "ms"), Figure("single_page_p50", "ms"),
             Figure("legal_early", "ms"), Figure("legal_late", "ms"), Figure("legal_reported", "ms"),
             Figure("legal_reported_first", "ms"),
             *(Figure(f"legal_library_{size}", "ms") for size in LIBRARY_SIZES),
             Figure("view_late", "ms"),
             Figure("ask_early", "ms"), Figure("ask_late", "ms"),
             Figure("replay", "events/s"), Figure("watch_catchup", "events/s"),
             Figure("replay_events", "events/s"), Figure("watch_events", "events/s"),
             Figure("replay_batched", "events/s"), Figure("watch_batched", "events/s"),
             Figure("replay_lean", "events/s"),
             *(Figure(name, unit) for name, unit in store.FIGURES)]
    return {f.name: f for f in plain}


CEILINGS = {"submit_peak": "calls_append", "submit_p50": "p50_append", "submit_p99": "p99_append",
            "single_p50": "single_append", "cpu_submit": "cpu_append", "single_lean_p50": "single_append", "single_page_p50": "single_append", "legal_early": "single_echo", "legal_late": "single_echo",
            "legal_reported": "single_echo", "legal_reported_first": "single_echo", **{f"legal_library_{size}": "single_echo" for size in LIBRARY_SIZES},
            "view_late": "single_echo", "ask_early": "single_echo", "ask_late": "single_echo",
            "replay": "decoding", "watch_catchup": "decoding", "replay_events": "decoding",
            "watch_events": "decoding", "replay_batched": "decoding", "watch_batched": "decoding",
            "replay_lean": "decoding", "rebuild": "decoding"}
"""Which ceiling each judge figure is compared with."""


def run(config: BenchConfig, progress: Callable[[str], None] = lambda line: None) -> dict[str, Any]:
    """Run the benchmark; the report as a JSON-able dict (see the module docstring)."""
    figures = _figures()
    accepted: list[int] = []
    refused = 0
    scripted = 0
    with tempfile.TemporaryDirectory(prefix="judge-bench-") as directory:
        progress("starting the echo, echo+append and judge servers")
        with servers(Path(directory), config.seed, config.games) as targets:
            admin_token = (Path(directory) / "judge.sqlite3.admin-token").read_text(encoding="utf-8").strip()
            bench = Bench(targets, config, progress, admin_token)
            try:
                bench.record_scripts()
                for number in range(1, config.rounds + 1):
                    bench.round(number, figures)
                accepted, scripted = bench.accepted, sum(len(s) for s in bench.scripts)
                refused = len(bench.refused)
            finally:
                bench.close()
        # The stored record, with the servers stopped: decoding, rebuilding, start-up, bytes and memory.
        for number in range(1, config.rounds + 1):
            store.measure(Path(directory) / "judge.sqlite3", figures)
            progress(f"round {number}: the stored record measured")
    ceilings = [figures[name] for name in ("calls_echo", "calls_append", "p50_append", "p99_append",
                                           "single_echo", "single_append", "cpu_append", "decoding")]
    report = []
    for name, ceiling_of in CEILINGS.items():
        figure = figures[name]
        figure.ceiling_name, figure.ceiling = ceiling_of, figures[ceiling_of].judge
        if figure.judge or name != "cpu_submit":  # no CPU figure where /proc has none
            report.append(figure.as_dict())
    report += [figures[name].as_dict() for name in ("half_p50", "half_p99", *store.PLAIN)]
    return {
        "config": {"games": config.games, "commands": config.commands, "rounds": config.rounds,
                   "calls": config.calls, "probes": config.probes, "seed": config.seed},
        "python": sys.version.split()[0],
        "ceilings": [{"name": f.name, "unit": f.unit, "value": f.as_dict()["judge"]} for f in ceilings],
        "figures": report,
        "accepted_per_round": accepted,
        "refused_by_limits": refused,
        "scripted": scripted,
        "submit_vs_bare_echo": (statistics.median(figures["submit_peak"].judge)
                                / statistics.median(figures["calls_echo"].judge)),
    }
