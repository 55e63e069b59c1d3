"""What a second (third, ...) judge process on one PostgreSQL database buys.

    python scripts/bench_replicas_pg.py [--replicas 1,2] [--games 32] [--commands 40] [--rounds 3] [--json]
    python scripts/bench_replicas_pg.py --quick --json     # a tiny run that proves it works

Starts a throw-away PostgreSQL server on loopback, as the tests do
(tests/support/postgres.py), but durable: ``fsync``, ``synchronous_commit`` and
``full_page_writes`` on, as a real deployment runs. Then, for each number N of
``--replicas``, interleaved over ``--rounds`` rounds (the order reversed every
other round): a fresh schema (``judge migrate``), N ``judge serve`` processes on
it started as an operator starts replicas (the same ``--key`` and
``--admin-token-file``, a ``--witness`` each, ``--database-pool-size 5``;
tests/support/judge_process.py), ``--games`` dealt Munchkin games spread over them
(game i on replica i mod N), each loaded by its replica (one GetView) before the clock
starts, and then one client thread per game submitting that game's recorded
script to its replica as fast as it answers.

The scripts are ``judge bench``'s (judge_bench/bench.py): its chooser plays each game once,
untimed, over LegalActions, and its games replay alike because game i of every set gets the same
secret seed. ``judge serve`` takes no seeds, so this process deals the games itself: it opens the
application on the same schema with the replicas' key and admin token (``open_app`` with the
bench's seeds), creates the games, closes it, and only then the replicas serve them; creation is
never timed. The load runs in this process, a separate one from every server; its own CPU
is reported beside theirs, as on a 2-core machine it competes with them.

The limits: ``judge serve``'s per-token limit stays at its default (50 calls/s, a burst of 200 per
seat's token: far above what one table's seat sends here); the per-address limits are off
(``LOOPBACK_ENV`` of the tests' judge processes), as every table here calls from loopback. A
Submit a limit refused would be counted (``refused_by_limits``).

Per N and round: accepted Submits/s, p50/p99 latency, the judge processes' CPU seconds per Submit
(user and system, from /proc, as ``judge bench``'s ``cpu_submit``), PostgreSQL's (its postmaster and
every process it started: backends, WAL writer, checkpointer, and the ones that ended, which it
reaped), the load process's, Submits per second per core the judge processes used, the cores busy
in all (judge, PostgreSQL and load), the cores the machine's other processes kept busy meanwhile
(``/proc/stat``: the machine is shared), the WAL flushes (``pg_stat_wal.wal_sync``) per Submit, and,
sampled every 20 ms (``LockSampler``), the judges' backends running a statement, the share of the
time a transaction holds the events table's lock and the backends waiting for it. The report gives each figure's
min/median/max over the rounds. See docs/benchmark.md, "Several processes on PostgreSQL".
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import os
import statistics
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager, redirect_stdout
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # tests.support: the tests' PostgreSQL server and judge processes
    sys.path.insert(0, str(ROOT))

from judge.server.main import open_app  # noqa: E402
from judge.store import Storage  # noqa: E402
from judge_bench.bench import SEATS, BenchConfig, Bench, Game, _parallel, _percentile  # noqa: E402
from tests.support.judge_process import JUDGE, JudgeProcess, start_judge_process  # noqa: E402
from tests.support.postgres import USER, PostgresServer, PostgresUnavailable, start_postgres  # noqa: E402

POOL_SIZE = 5
"""Each replica's PostgreSQL connections (``judge serve``'s default)."""
UNAVAILABLE = 3
"""The exit status when no PostgreSQL server can run here (the message says why)."""
SAMPLE_S = 0.02
"""How often the lock sampler looks at PostgreSQL's backends."""
FIGURES = (("submits_per_s", "Submits/s"), ("p50_ms", "ms"), ("p99_ms", "ms"),
           ("server_cpu_ms", "ms per Submit"), ("postgres_cpu_ms", "ms per Submit"),
           ("load_cpu_ms", "ms per Submit"), ("per_server_core", "Submits/s per core"),
           ("server_cores", "cores"), ("busy_cores", "cores"), ("other_cores", "cores"),
           ("wal_syncs_per_submit", "flushes per Submit"),
           ("backends_active", "backends"), ("events_lock_held", "share of the time"),
           ("events_lock_waiters", "backends"))


def _ticks(pid: int, children: bool = False) -> int:
    """User and system clock ticks of ``pid`` (with ``children``: also of its children it reaped)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        return int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if children else 0)
    except (OSError, ValueError, IndexError):
        return 0  # it has ended since it was listed


def cpu_of(pids: list[int]) -> float:
    """CPU seconds the processes ``pids`` have used so far."""
    return sum(_ticks(pid) for pid in pids) / os.sysconf("SC_CLK_TCK")


def postgres_cpu(server: PostgresServer) -> float:
    """CPU seconds of the cluster: the postmaster, every live process it started, and the ones that
    ended (the postmaster reaps them, so they count among its children's)."""
    postmaster = int((server.folder / "data" / "postmaster.pid").read_text().split()[0])
    ticks = _ticks(postmaster, children=True)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rpartition(")")[2].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            if parent == postmaster:
                ticks += _ticks(int(entry.name))
    return ticks / os.sysconf("SC_CLK_TCK")


def wal_syncs(server: PostgresServer) -> int:
    """WAL flushes to disk so far (``pg_stat_wal``; the stopped replicas' backends have reported theirs)."""
    return int(server.sql("SELECT wal_sync FROM pg_stat_wal")[0][0])  # type: ignore[call-overload]


def machine_busy() -> float:
    """CPU seconds every core of the machine has spent busy so far (``/proc/stat``): ours and everyone's."""
    try:
        ticks = [int(n) for n in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    except (OSError, ValueError):
        return 0.0
    return (sum(ticks[:8]) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")  # all but idle and iowait


class LockSampler:
    """Samples PostgreSQL every ``SAMPLE_S`` while the load runs: the judges' backends running a
    statement (``pg_stat_activity``), whether a transaction holds the events table's lock (the
    recorder takes it in EXCLUSIVE mode with a batch's first insert and holds it to the commit:
    judge/domain/group_commit_pg.py) and how many wait for it (``pg_locks``)."""

    def __init__(self, server: PostgresServer, schema: str):
        self.server, self.events = server, f"{schema}.judgeapp_events"
        self.samples: list[tuple[int, int, int]] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="lock-sampler", daemon=True)

    def _run(self) -> None:
        import psycopg

        with psycopg.connect(host="127.0.0.1", port=self.server.port, user=USER, password=self.server.password,
                             dbname=USER, autocommit=True) as conn:
            while not self.stop.wait(SAMPLE_S):
                row = conn.execute(
                    "SELECT (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                    "        AND state = 'active' AND pid <> pg_backend_pid()), "
                    "       count(*) FILTER (WHERE granted), count(*) FILTER (WHERE NOT granted) "
                    "FROM pg_locks WHERE locktype = 'relation' AND mode = 'ExclusiveLock' "
                    "AND relation = to_regclass(%s)", (self.events,)).fetchone()
                if row is not None:
                    self.samples.append((int(row[0]), int(row[1]), int(row[2])))

    def __enter__(self) -> LockSampler:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join()

    def means(self) -> tuple[float, float, float]:
        """Mean active backends, share of the time the events table lock is held, mean waiters for it."""
        if not self.samples:
            return 0.0, 0.0, 0.0
        active, held, waiting = (statistics.fmean(sample[i] for sample in self.samples) for i in range(3))
        return active, held, waiting


def dealt_setup() -> Any:
    """The set-up ``judge bench`` creates its games with: four seats, dealt, no interference window."""
    from judge.server.convert import setup_from_proto
    from judge.v1 import judge_pb2 as pb

    seats = [pb.SeatSpec(name=name, traits={"sex": sex}) for name, sex in (s.split(":") for s in SEATS)]
    return setup_from_proto(pb.CreateGameRequest(ruleset="munchkin", seats=seats, mode=pb.TABLE_MODE_DEALT,
                                                 options=pb.GameOptions(interference_window_ms=0)))


class Deployment:
    """A fresh schema, the application that deals its games, and N replicas serving it."""

    def __init__(self, server: PostgresServer, folder: Path, config: BenchConfig):
        self.server, self.folder, self.config = server, folder, config
        self.storage = Storage(database_url=server.url, schema=server.fresh_schema(), pool_size=POOL_SIZE)
        self.shared = folder / "shared"  # the key and admin token files every replica reads: shared.key, ...
        self.replicas: list[JudgeProcess] = []
        self.channels: dict[str, Any] = {}

    def migrate(self) -> None:
        import subprocess

        assert self.storage.database_url is not None
        subprocess.run([str(JUDGE), "migrate", "--database-url", self.storage.database_url,
                        "--database-schema", self.storage.schema or "public"], check=True, capture_output=True)

    def start(self, replicas: int) -> None:
        for number in range(replicas):
            name = f"{self.storage.schema}-{number}"
            self.replicas.append(start_judge_process(self.shared, self.folder / f"{name}.log", "--witness",
                                                     str(self.folder / f"{name}.witness"), storage=self.storage))
        import grpc

        for replica in self.replicas:
            self.channels[replica.target] = channel = grpc.insecure_channel(replica.target)
            grpc.channel_ready_future(channel).result(timeout=60)

    def deal(self, games: int) -> list[Game]:
        """``games`` dealt games (game i with ``judge bench``'s seed i), game i on replica i mod N."""
        from judge_client import JudgeClient

        counter = itertools.count()

        def seeds() -> bytes:  # as judge_bench/servers.py's _judge_server: game i of a set gets seed i
            return hashlib.sha256(f"judge-bench:{self.config.seed}:{next(counter) % games}".encode()).digest()

        dealer = open_app(self.storage, key_file=f"{self.shared}.key", admin_token_file=f"{self.shared}.admin-token",
                          startup_check="none", seeds=seeds)
        try:
            created = [dealer.create_game(dealt_setup()) for _ in range(games)]
        finally:
            dealer.close()
        tables = []
        for number, game in enumerate(created):
            target = self.replicas[number % len(self.replicas)].target
            client = JudgeClient(target, channel=self.channels[target], timeout=120)
            tables.append(Game(game.game_id, client.with_token(game.organizer_token),
                               [client.with_token(token) for token in game.seat_tokens]))
        return tables

    def close(self) -> None:
        for channel in self.channels.values():
            channel.close()
        for replica in self.replicas:
            replica.stop()


@contextmanager
def deployment(server: PostgresServer, folder: Path, config: BenchConfig, replicas: int) -> Iterator[Deployment]:
    """A migrated fresh schema with ``replicas`` judge processes running on it."""
    where = Deployment(server, folder, config)
    try:
        where.migrate()
        if not Path(f"{where.shared}.key").exists():  # the first start makes the shared files, as an operator's would
            with redirect_stdout(sys.stderr):  # where it tells where it wrote the admin token
                open_app(where.storage, key_file=f"{where.shared}.key",
                         admin_token_file=f"{where.shared}.admin-token", startup_check="none").close()
        where.start(replicas)
        yield where
    finally:
        where.close()


class Recorder(Bench):
    """``judge bench``'s chooser and player (``Bench._record``, ``Bench._play``) on games this
    process deals onto a deployment's replicas."""

    def __init__(self, where: Deployment, config: BenchConfig, progress: Callable[[str], None]):
        # Not Bench.__init__: no echo servers here, and the games come from ``Deployment.deal``.
        self.config, self.progress, self.where = config, progress, where
        self.scripts: list[list[Any]] = []
        self.refused: list[int] = []
        self.dealt: list[Game] = []

    def _new_game(self, mode: str = "dealt", collection: str = "") -> Game:
        if not self.dealt:
            self.dealt = self.where.deal(self.config.games)[::-1]
        return self.dealt.pop()


def record(server: PostgresServer, folder: Path, config: BenchConfig, progress: Callable[[str], None]
           ) -> list[list[Any]]:
    """Each game's command script, played once, untimed, on one replica."""
    with deployment(server, folder, config, 1) as where:
        recorder = Recorder(where, config, progress)
        scripts = [recorder._record(index, "dealt")[1] for index in range(config.games)]
    progress(f"recorded {len(scripts)} scripts: {sum(len(s) for s in scripts)} commands")
    return scripts


def measure(server: PostgresServer, folder: Path, config: BenchConfig, scripts: list[list[Any]], replicas: int,
            tag: str) -> dict[str, float]:
    """One round's figures with ``replicas`` judge processes."""
    with deployment(server, folder, config, replicas) as where:
        player = Recorder(where, config, lambda line: None)
        games = where.deal(config.games)
        for table in games:  # each game loaded by its replica before the clock starts
            table.organizer.get_view(table.game_id)
        accepted = [0] * len(games)

        def submit(i: int) -> list[float]:
            latencies, accepted[i] = player._play(games[i], scripts[i], tag)
            return latencies

        pids = [replica.proc.pid for replica in where.replicas]
        own = [os.getpid()]
        syncs = wal_syncs(server)
        with LockSampler(server, where.storage.schema or "public") as sampler:
            before = cpu_of(pids), postgres_cpu(server), cpu_of(own), machine_busy()
            wall, latencies = _parallel(len(games), submit)
            after = cpu_of(pids), postgres_cpu(server), cpu_of(own), machine_busy()
        active, held, waiting = sampler.means()
    syncs = wal_syncs(server) - syncs  # read once the replicas' backends have ended and reported theirs
    done = sum(accepted)
    server_s, postgres_s, load_s, machine_s = (b - a for a, b in zip(before, after, strict=True))
    per = 1000 / max(done, 1)
    return {"replicas": replicas, "accepted": done, "refused_by_limits": len(player.refused),
            "submits_per_s": done / wall, "p50_ms": statistics.median(latencies) * 1000 if latencies else 0.0,
            "p99_ms": _percentile(latencies, 0.99) * 1000, "server_cpu_ms": server_s * per,
            "postgres_cpu_ms": postgres_s * per, "load_cpu_ms": load_s * per,
            "per_server_core": done / server_s if server_s else 0.0, "server_cores": server_s / wall,
            "busy_cores": (server_s + postgres_s + load_s) / wall,
            "other_cores": max(0.0, machine_s - server_s - postgres_s - load_s) / wall,
            "wal_syncs_per_submit": syncs / max(done, 1),
            "backends_active": active, "events_lock_held": held, "events_lock_waiters": waiting}


def spread(values: list[float]) -> dict[str, float]:
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def run(config: BenchConfig, counts: list[int], progress: Callable[[str], None]) -> dict[str, Any]:
    rounds: list[dict[str, float]] = []
    with ExitStack() as stack:
        server = start_postgres(durable=True)
        stack.callback(server.stop)
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="judge-replicas-")))
        scripts = record(server, folder, config, progress)
        for number in range(1, config.rounds + 1):
            for replicas in counts if number % 2 else counts[::-1]:
                figures = measure(server, folder, config, scripts, replicas, f"r{number}")
                rounds.append({"round": number, **figures})
                progress(f"round {number}, {replicas} replica(s): {figures['accepted']:.0f} Submits, "
                         f"{figures['submits_per_s']:.0f}/s, judge CPU {figures['server_cpu_ms']:.2f} ms, "
                         f"PostgreSQL {figures['postgres_cpu_ms']:.2f} ms, load {figures['load_cpu_ms']:.2f} ms "
                         f"per Submit")
    by_count = []
    for replicas in counts:
        mine = [r for r in rounds if r["replicas"] == replicas]
        by_count.append({"replicas": replicas, "accepted_per_round": [int(r["accepted"]) for r in mine],
                         "refused_by_limits": sum(int(r["refused_by_limits"]) for r in mine),
                         **{name: spread([r[name] for r in mine]) for name, _ in FIGURES}})
    return {"config": {"games": config.games, "commands": config.commands, "rounds": config.rounds,
                       "seed": config.seed, "replicas": counts, "pool_size": POOL_SIZE},
            "postgres": {"fsync": True, "synchronous_commit": True, "full_page_writes": True},
            "cores": os.cpu_count(), "load_average": list(os.getloadavg()),
            "scripted": sum(len(s) for s in scripts), "units": dict(FIGURES), "by_replicas": by_count,
            "rounds": rounds}


def render(report: dict[str, Any]) -> str:
    lines = [f"{report['cores']} cores, load average {report['load_average'][0]:.1f} at the end; PostgreSQL "
             f"durable; {report['config']['games']} games, {report['scripted']} scripted Submits a round; "
             "median (min-max) over the rounds"]
    head = ["figure", *(f"{entry['replicas']} process(es)" for entry in report["by_replicas"])]
    lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, unit in FIGURES:
        cells = [f"{e[name]['median']:.2f} ({e[name]['min']:.2f}-{e[name]['max']:.2f})"
                 for e in report["by_replicas"]]
        lines.append(f"| {name}, {unit} | " + " | ".join(cells) + " |")
    lines.append("| refused by the limits | " + " | ".join(str(e["refused_by_limits"]) for e in report["by_replicas"])
                 + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--replicas", default="1,2", help="numbers of judge processes, comma-separated")
    parser.add_argument("--games", type=int, default=32)
    parser.add_argument("--commands", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a tiny run (its figures mean nothing)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args()
    config = (BenchConfig(games=2, commands=6, rounds=1, seed=args.seed) if args.quick
              else BenchConfig(games=args.games, commands=args.commands, rounds=args.rounds, seed=args.seed))
    counts = [int(n) for n in args.replicas.split(",")]
    if not counts or min(counts) < 1:
        parser.error("--replicas: one or more numbers of at least 1, e.g. 1,2")
    try:
        report = run(config, counts, lambda line: print(line, file=sys.stderr, flush=True))
    except PostgresUnavailable as e:
        print(f"PostgreSQL is not available here: {e}", file=sys.stderr)
        raise SystemExit(UNAVAILABLE) from e
    print(json.dumps(report, indent=2) if args.json else render(report))


if __name__ == "__main__":
    main()
