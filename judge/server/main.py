"""Building and running the judge's gRPC server.

``create_server`` wires the servicer, standard health checking, server
reflection, the logging interceptor and the window closer (a thread that
resolves combats whose interference window has elapsed) onto a new
``grpc.Server``; tests bind port 0. ``serve`` runs one until SIGTERM or
SIGINT, then shuts it down gracefully.
"""

from __future__ import annotations

import logging
import signal
import threading
from concurrent import futures
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from judge.server.interceptors import LoggingInterceptor
from judge.server.servicer import JudgeServiceServicer
from judge.v1 import judge_pb2, judge_pb2_grpc

if TYPE_CHECKING:
    from judge.app import JudgeApp

logger = logging.getLogger(__name__)

SERVICE_NAME = judge_pb2.DESCRIPTOR.services_by_name["JudgeService"].full_name
MAX_MESSAGE_BYTES = 32 * 1024 * 1024
"""Largest request or response (an exported record of a long game)."""
SHUTDOWN_GRACE_S = 5.0
DEFAULT_MAX_WORKERS = 32
DEFAULT_WINDOW_POLL_MS = 50


def _close_windows(app: JudgeApp, server: grpc.Server, interval_s: float) -> None:
    """Resolve elapsed interference windows every ``interval_s`` until the
    server has terminated. A failure is logged once per run of failures and
    never ends the loop."""
    failing = False
    # wait_for_termination returns True when it timed out, i.e. the server still runs.
    while server.wait_for_termination(timeout=interval_s):
        try:
            closed = app.close_elapsed_windows()
        except Exception:  # noqa: BLE001  (keep closing windows whatever happens)
            if not failing:
                logger.exception("closing elapsed interference windows failed")
            failing = True
            continue
        if failing:
            logger.info("closing elapsed interference windows works again")
            failing = False
        if closed:
            logger.debug("resolved %d combat(s) after their interference window", closed)


def create_server(
    address: str,
    app: JudgeApp,
    *,
    max_workers: int = DEFAULT_MAX_WORKERS,
    max_streams: int | None = None,
    window_poll_ms: int = DEFAULT_WINDOW_POLL_MS,
) -> tuple[grpc.Server, int]:
    """A judge server bound (insecurely) to ``address``, not yet started.

    Returns the server and the port it bound (useful with ``host:0``). At most
    ``max_streams`` (default: half the workers) threads serve Watch streams,
    so unary calls always find a worker; calls beyond ``max_workers`` are
    answered RESOURCE_EXHAUSTED rather than queued. The window closer runs
    every ``window_poll_ms`` ms and ends when the server has terminated.
    """
    server, port, _ = _build_server(
        address, app, max_workers=max_workers, max_streams=max_streams, window_poll_ms=window_poll_ms
    )
    return server, port


def _build_server(
    address: str,
    app: JudgeApp,
    *,
    max_workers: int = DEFAULT_MAX_WORKERS,
    max_streams: int | None = None,
    window_poll_ms: int = DEFAULT_WINDOW_POLL_MS,
) -> tuple[grpc.Server, int, threading.Thread]:
    """``create_server``, also returning the window closer's thread."""
    if max_workers < 2:
        raise ValueError("max_workers must be at least 2")
    streams = max_streams if max_streams is not None else max_workers // 2
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=max_workers, thread_name_prefix="judge-rpc"),
        interceptors=[LoggingInterceptor()],
        options=[
            ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
            ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
        ],
        maximum_concurrent_rpcs=max_workers,
    )
    judge_pb2_grpc.add_JudgeServiceServicer_to_server(
        JudgeServiceServicer(app, max_streams=streams, poll_interval=window_poll_ms / 1000),
        server,
    )

    health_servicer = health.HealthServicer()
    for name in ("", SERVICE_NAME):
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)

    reflection.enable_server_reflection(
        (
            SERVICE_NAME,
            health_pb2.DESCRIPTOR.services_by_name["Health"].full_name,
            reflection.SERVICE_NAME,
        ),
        server,
    )

    port = server.add_insecure_port(address)  # raises RuntimeError if it cannot bind

    closer = threading.Thread(
        target=_close_windows,
        args=(app, server, window_poll_ms / 1000),
        name="judge-window-closer",
        daemon=True,
    )
    closer.start()
    return server, port, closer


def serve(listen: str, db_path: str | Path) -> None:
    """Run a judge on ``listen`` with its SQLite database at ``db_path`` until
    SIGTERM or SIGINT; then finish running calls (up to a grace period) and stop."""
    from judge.app import JudgeApp

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    path = Path(db_path).expanduser().resolve()
    app = JudgeApp(JudgeApp.sqlite(path))
    server, port, closer = _build_server(listen, app)
    server.start()
    host = listen.rpartition(":")[0] or "[::]"
    print(f"judge listening on {host}:{port}", flush=True)
    print(f"database {path}", flush=True)

    def stop(signum: int, frame: FrameType | None) -> None:
        logger.info("received %s, shutting down", signal.Signals(signum).name)
        server.stop(SHUTDOWN_GRACE_S)

    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, stop)
    server.wait_for_termination()
    closer.join()
    app.close()
    print("judge stopped", flush=True)
