"""The servers ``judge bench`` measures (judge_bench/bench.py), each in a child process of its own: the
bare echo, the echo plus one durable eventsourcing append, and the judge as ``judge serve`` runs it."""

from __future__ import annotations

import hashlib
import itertools
import multiprocessing
from collections.abc import Iterator
from concurrent import futures
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from judge_bench.support import PIDS

BENCH_METHOD = "/judge_bench.bench.Echo/Echo"
"""The echo servers' one method."""




def _server_options() -> tuple[int, int, list[tuple[str, Any]]]:
    """The judge's worker threads, its bound on calls in flight (workers and queue) and its options."""
    from judge.server.main import DEFAULT_MAX_QUEUED, DEFAULT_MAX_WORKERS, MAX_MESSAGE_BYTES
    return DEFAULT_MAX_WORKERS, DEFAULT_MAX_WORKERS + DEFAULT_MAX_QUEUED, [("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
                                 ("grpc.max_send_message_length", MAX_MESSAGE_BYTES), ("grpc.so_reuseport", 0)]


def _echo_server(append_to: Path | None) -> Any:
    """The bare echo, or (``append_to``) the echo plus one durable append per call."""
    import grpc

    workers, in_flight, options = _server_options()

    def append() -> None:
        return None

    if append_to is not None:
        from eventsourcing.application import Application
        from eventsourcing.domain import Aggregate

        from judge.app import JudgeApp
        from judge.domain.persistence import DurableSQLiteFactory

        class Ledger(Application[Any]):
            def construct_factory(self, env: Any) -> Any:
                return DurableSQLiteFactory(env)

        # The ceiling is the library's durable append, one transaction per
        # call: the judge's group commit is the judge's own doing.
        ledger = Ledger({**JudgeApp.sqlite(append_to), "JUDGE_GROUP_COMMIT": "n"})
        def append() -> None:
            ledger.save(Aggregate())

    def echo(request: bytes, context: Any) -> bytes:
        append()
        return request

    handler = grpc.method_handlers_generic_handler(
        BENCH_METHOD.split("/")[1], {"Echo": grpc.unary_unary_rpc_method_handler(echo)})
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=workers), handlers=[handler], options=options,
                         maximum_concurrent_rpcs=in_flight)
    return server, server.add_insecure_port("127.0.0.1:0"), None


def _judge_server(db: Path, seed: int, games: int) -> Any:
    """The judge as ``judge serve`` runs it by default: ``open_app`` (the lock, the witness, the
    start-up check), the server ``serve`` builds (its default per-token and per-address limits,
    the Watch wake-ups, the window closer) and the access log at INFO, written as JSON to a file
    beside the database. One flag differs, the one a deployment behind a proxy sets:
    ``--trusted-proxies`` names loopback, so that each benchmark table counts as its own client
    address (``x-forwarded-for``) rather than all of them as the benchmark's one address."""
    from judge.server import logs
    from judge.server.admission import Admission
    from judge.server.database import start_listener
    from judge.server.main import LISTENING_WATCH_POLL_S, LOOPBACK, _build_server, open_app

    counter = itertools.count()

    def seeds() -> bytes:  # game i of every set of ``games`` gets the same seed
        return hashlib.sha256(f"judge-bench:{seed}:{next(counter) % games}".encode()).digest()

    log = open(f"{db}.log", "w", encoding="utf-8")  # noqa: SIM115 - open while the server runs
    logs.configure("json", "INFO", stream=log)
    # The key and admin token files beside the database, as `judge serve` keeps them: the stored
    # record's figures (judge_bench/store.py) open the same database once this server has stopped.
    app = open_app(db, init=True, seeds=seeds)
    listener = start_listener(app)
    server, port, _ = _build_server("127.0.0.1:0", app, admission=Admission(trusted_proxies=LOOPBACK),
                                    watch_poll_s=LISTENING_WATCH_POLL_S)
    return server, port, (app, listener, log)


def _serve(kind: str, directory: str, seed: int, games: int, ports: Any, stop: Any) -> None:
    where = Path(directory)
    if kind == "judge":
        server, port, app = _judge_server(where / "judge.sqlite3", seed, games)
    else:
        server, port, app = _echo_server(where / "ledger.sqlite3" if kind == "append" else None)
    server.start()
    ports.put(port)
    stop.wait()
    server.stop(1).wait()
    if app is not None:
        judge, listener, log = app
        if listener is not None:
            listener.stop()
        judge.close()
        log.close()


@contextmanager
def servers(directory: Path, seed: int, games: int) -> Iterator[dict[str, str]]:
    """The echo, echo+append and judge servers, each in a process of its own, by kind: their targets."""
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    targets: dict[str, str] = {}
    children = []
    try:
        for kind in ("echo", "append", "judge"):
            ports = context.Queue()
            child = context.Process(target=_serve, args=(kind, str(directory), seed, games, ports, stop),
                                    name=f"judge-bench-{kind}", daemon=True)
            child.start()
            children.append(child)
            targets[kind] = f"127.0.0.1:{ports.get(timeout=120)}"
            PIDS[kind] = child.pid or 0
        yield targets
    finally:
        stop.set()
        for child in children:
            child.join(30)
            if child.is_alive():
                child.terminate()
