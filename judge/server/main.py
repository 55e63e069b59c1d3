"""Building and running the judge's gRPC server.

``create_server`` wires the servicer, standard health checking, server
reflection, the interceptors (access log and metrics; the guard: undecodable
requests, rate limit, authentication) and the window closer (a thread that resolves
combats whose interference window has elapsed) onto a new ``grpc.Server``,
listening in plain text or with TLS (``TlsConfig``, mutual TLS optional);
tests bind port 0. ``serve`` opens the database, checks its integrity
(refusing to start on a damaged record), loads or creates the server key and
the admin token, and runs a server until SIGTERM or SIGINT, then shuts it
down gracefully; it sets up the log (judge/server/logs.py) and, with
``metrics_listen``, serves Prometheus metrics (judge/server/metrics.py).
"""

from __future__ import annotations

import fcntl
import logging
import os
import secrets
import signal
import threading
from concurrent import futures
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from judge.domain.credentials import token_hash
from judge.server import logs
from judge.server.access import AccessInterceptor
from judge.server.interceptors import SERVICE_NAME, GuardInterceptor, RateLimit
from judge.server.metrics import Metrics, MetricsEndpoint, expose
from judge.server.servicer import JudgeServiceServicer
from judge.v1 import judge_pb2_grpc

if TYPE_CHECKING:
    from judge.app import JudgeApp

logger = logging.getLogger(__name__)

MAX_MESSAGE_BYTES = 32 * 1024 * 1024
"""Largest request or response (an exported record of a long game)."""
SHUTDOWN_GRACE_S = 5.0
DEFAULT_MAX_WORKERS = 32
DEFAULT_WINDOW_POLL_MS = 50
DEFAULT_RATE_LIMIT = RateLimit(per_second=50.0, burst=200)
"""Per token (or per peer host for calls without one)."""


class StartupError(Exception):
    """The judge refuses to start; the message says why (and where)."""


@dataclass(frozen=True)
class TlsConfig:
    """TLS for the server: PEM certificate chain and private key; with
    ``client_ca`` (PEM) clients must present a certificate it signed."""

    certificate_chain: bytes
    private_key: bytes
    client_ca: bytes | None = None

    @classmethod
    def from_files(cls, cert: str | Path, key: str | Path, client_ca: str | Path | None = None) -> TlsConfig:
        try:
            return cls(Path(cert).read_bytes(), Path(key).read_bytes(),
                       Path(client_ca).read_bytes() if client_ca else None)
        except OSError as e:
            raise StartupError(f"cannot read a TLS file: {e}") from e

    def credentials(self) -> grpc.ServerCredentials:
        return grpc.ssl_server_credentials(
            [(self.private_key, self.certificate_chain)],
            root_certificates=self.client_ca,
            require_client_auth=self.client_ca is not None,
        )


def _set_health(health_servicer: health.HealthServicer, app: JudgeApp, serving: bool) -> bool:
    """NOT_SERVING while the judge cannot store anything, SERVING again when
    that clears; returns whether it serves now (logging each change)."""
    problem = app.storage_problem()
    if (problem is None) == serving:
        return serving
    status = health_pb2.HealthCheckResponse.SERVING if problem is None else \
        health_pb2.HealthCheckResponse.NOT_SERVING
    for name in ("", SERVICE_NAME):
        health_servicer.set(name, status)
    if problem is None:
        logger.warning("the database can be written again: serving")
    else:
        logger.error("not serving: %s", problem)
    return problem is None


def _close_windows(app: JudgeApp, server: grpc.Server, interval_s: float, metrics: Metrics,
                   health_servicer: health.HealthServicer | None = None) -> None:
    """Resolve elapsed interference windows every ``interval_s`` until the
    server has terminated, counting them in ``metrics``, and keep the health
    status in step with the database. A failure is logged once per run of
    failures and never ends the loop."""
    failing = False
    serving = True
    # wait_for_termination returns True when it timed out, i.e. the server still runs.
    while server.wait_for_termination(timeout=interval_s):
        if health_servicer is not None:
            serving = _set_health(health_servicer, app, serving)
            if not serving:
                continue
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
            metrics.windows_closed.inc(closed)
            logger.debug("resolved %d combat(s) after their interference window", closed)


def create_server(
    address: str,
    app: JudgeApp,
    *,
    max_workers: int = DEFAULT_MAX_WORKERS,
    max_streams: int | None = None,
    window_poll_ms: int = DEFAULT_WINDOW_POLL_MS,
    tls: TlsConfig | None = None,
    rate_limit: RateLimit | None = DEFAULT_RATE_LIMIT,
    max_message_bytes: int = MAX_MESSAGE_BYTES,
    metrics: Metrics | None = None,
) -> tuple[grpc.Server, int]:
    """A judge server bound to ``address`` (with ``tls``, else in plain
    text), not yet started.

    Returns the server and the port it bound (useful with ``host:0``). At most
    ``max_streams`` (default: half the workers) threads serve Watch streams,
    so unary calls always find a worker; calls beyond ``max_workers`` are
    answered RESOURCE_EXHAUSTED rather than queued, and so are calls beyond
    a token's ``rate_limit`` (None: no limit) and messages larger than
    ``max_message_bytes``. The window closer runs every ``window_poll_ms`` ms
    and ends when the server has terminated. Calls, commands, streams,
    closed windows, saves and games are counted in ``metrics`` (a fresh,
    unexposed ``Metrics`` if None).
    """
    server, port, _ = _build_server(
        address, app, max_workers=max_workers, max_streams=max_streams, window_poll_ms=window_poll_ms,
        tls=tls, rate_limit=rate_limit, max_message_bytes=max_message_bytes, metrics=metrics,
    )
    return server, port


def _build_server(
    address: str,
    app: JudgeApp,
    *,
    max_workers: int = DEFAULT_MAX_WORKERS,
    max_streams: int | None = None,
    window_poll_ms: int = DEFAULT_WINDOW_POLL_MS,
    tls: TlsConfig | None = None,
    rate_limit: RateLimit | None = DEFAULT_RATE_LIMIT,
    max_message_bytes: int = MAX_MESSAGE_BYTES,
    metrics: Metrics | None = None,
) -> tuple[grpc.Server, int, threading.Thread]:
    """``create_server``, also returning the window closer's thread."""
    if max_workers < 2:
        raise ValueError("max_workers must be at least 2")
    streams = max_streams if max_streams is not None else max_workers // 2
    metrics = metrics if metrics is not None else Metrics()
    app.on_save = metrics.appended
    metrics.count_games(lambda: app.game_count)
    access = AccessInterceptor(metrics, ruleset_of=lambda game_id: app.ruleset_of(game_id).name)
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=max_workers, thread_name_prefix="judge-rpc"),
        interceptors=[access, GuardInterceptor(app, rate_limit)],
        options=[
            ("grpc.max_receive_message_length", max_message_bytes),
            ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
            # A port another process listens on is an error, not a second listener.
            ("grpc.so_reuseport", 0),
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

    # Both raise RuntimeError if the address cannot be bound (also when another process listens there).
    try:
        port = server.add_secure_port(address, tls.credentials()) if tls else server.add_insecure_port(address)
    except RuntimeError as e:
        raise StartupError(f"cannot listen on {address}: the port is in use or the address is not "
                           "this machine's") from e

    closer = threading.Thread(
        target=_close_windows,
        args=(app, server, window_poll_ms / 1000, metrics, health_servicer),
        name="judge-window-closer",
        daemon=True,
    )
    closer.start()
    return server, port, closer


def admin_token_hash(path: str | Path) -> str:
    """The hash of the admin token in ``path``; a missing file is created
    with a fresh token (mode 0600). Only the hash is kept in memory."""
    file = Path(path)
    if not file.exists():
        token = secrets.token_urlsafe(32)
        try:
            fd = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            return admin_token_hash(file)
        with os.fdopen(fd, "w") as out:
            out.write(token + "\n")
        logger.warning("admin token written to %s (keep it secret)", file)
        return token_hash(token)
    if file.stat().st_mode & 0o077:
        raise StartupError(f"the admin token file {file} may be read by others; run: chmod 600 {file}")
    token = file.read_text(encoding="utf-8").strip()
    if len(token) < 16:
        raise StartupError(f"the admin token in {file} is too short (at least 16 characters)")
    return token_hash(token)


def open_app(
    db_path: str | Path,
    *,
    key_file: str | Path | None = None,
    admin_token_file: str | Path | None = None,
    startup_check: str = "full",
    max_games: int | None = None,
    max_events_per_game: int | None = None,
    init: bool = False,
) -> JudgeApp:
    """Open the judge's application on its SQLite file, with the server key
    (default ``<db>.key``) and admin token (default ``<db>.admin-token``),
    after checking the stored record (``startup_check``: "full" replays
    every game, "quick" checks the file, decoding and the hash chains,
    "none" skips it). Raises ``StartupError`` naming what is wrong.

    The judge holds the database (a lock on ``<db>.lock``) until the
    application is closed: a second judge on the same file does not start.
    A missing database is created only on a first start: where its key file
    or admin token file shows that a judge ran here before, it is created
    only with ``init`` (``judge serve --init``), never silently."""
    from judge.app import JudgeApp
    from judge.domain.chain import KeyFileError, ServerKey
    from judge.errors import CorruptRecord

    path = Path(db_path).expanduser().resolve()
    if startup_check not in ("full", "quick", "none"):
        raise StartupError(f"--startup-check must be full, quick or none, not {startup_check!r}")
    key_path = Path(key_file or f"{path}.key")
    token_path = Path(admin_token_file or f"{path}.admin-token")
    if not path.exists() and not init:
        traces = [str(p) for p in (key_path, token_path) if p.exists()]
        if traces:
            raise StartupError(
                f"the database {path} does not exist, but {' and '.join(traces)} show(s) that a judge "
                "ran here: restore the database file, or start with --init to begin a new, empty one")
    lock = hold_database(path)
    try:
        try:
            key = ServerKey.load_or_create(key_path)
        except KeyFileError as e:
            raise StartupError(str(e)) from e
        admin = admin_token_hash(token_path)
        try:
            app = JudgeApp(JudgeApp.sqlite(path), key=key, admin_token_hash=admin, max_games=max_games,
                           max_events_per_game=max_events_per_game)
        except Exception as e:  # noqa: BLE001 - a damaged file fails in many ways
            raise StartupError(f"cannot open the database {path}: {type(e).__name__}: {e}") from e
    except BaseException:
        os.close(lock)
        raise
    app.hold(lock)
    for where in (path, path.parent):
        if not os.access(where, os.W_OK):
            app.close()
            raise StartupError(f"the judge cannot write {where}: it would answer every write with an "
                               "error; make it writable for the user the judge runs as")
    if startup_check != "none":
        try:
            stats = app.check_integrity(replay=startup_check == "full")
        except CorruptRecord as e:
            app.close()
            raise StartupError(f"the database {path} holds a damaged record: {e}") from e
        logger.info("record checked: %(games)d games, %(events)d events, %(snapshots)d snapshots", stats)
    return app


def hold_database(path: Path) -> int:
    """Lock ``<path>.lock`` for this process (the open descriptor; closing it
    releases the lock), or raise ``StartupError`` if another judge holds it."""
    lock_path = path.with_name(path.name + ".lock")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(fd, 32).decode("ascii", "replace").strip() or "?"
        os.close(fd)
        raise StartupError(f"another judge (pid {holder}) holds the database {path}; stop it first, "
                           "or give this one its own --db") from None
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode("ascii"))
    return fd


def serve(
    listen: str,
    db_path: str | Path,
    *,
    tls: TlsConfig | None = None,
    key_file: str | Path | None = None,
    admin_token_file: str | Path | None = None,
    rate_limit: RateLimit | None = DEFAULT_RATE_LIMIT,
    max_games: int | None = None,
    max_events_per_game: int | None = None,
    max_message_bytes: int = MAX_MESSAGE_BYTES,
    startup_check: str = "full",
    metrics_listen: str | None = None,
    log_format: str = "auto",
    log_level: str = "INFO",
    init: bool = False,
) -> None:
    """Run a judge on ``listen`` with its SQLite database at ``db_path`` until
    SIGTERM or SIGINT; then finish running calls (up to a grace period) and
    stop. Logs go to stderr in ``log_format`` (auto, json or text) from
    ``log_level`` up; with ``metrics_listen`` (HOST:PORT) Prometheus metrics
    are served at ``http://HOST:PORT/metrics``. Raises ``StartupError`` if
    the record is damaged or a file or address cannot be used (see
    ``open_app``)."""
    try:
        logs.configure(log_format, log_level)
    except ValueError as e:
        raise StartupError(str(e)) from e
    path = Path(db_path).expanduser().resolve()
    app = open_app(path, key_file=key_file, admin_token_file=admin_token_file,
                   startup_check=startup_check, max_games=max_games,
                   max_events_per_game=max_events_per_game, init=init)
    metrics = Metrics()
    endpoint: MetricsEndpoint | None = None
    if metrics_listen:
        try:
            endpoint = expose(metrics, metrics_listen)
        except (ValueError, OSError) as e:
            app.close()
            raise StartupError(f"cannot serve metrics on {metrics_listen}: {e}") from e
    try:
        server, port, closer = _build_server(listen, app, tls=tls, rate_limit=rate_limit,
                                             max_message_bytes=max_message_bytes, metrics=metrics)
    except BaseException:
        if endpoint is not None:
            endpoint.stop()
        app.close()
        raise
    server.start()
    host = listen.rpartition(":")[0] or "[::]"
    print(f"judge listening on {host}:{port}" + (" (TLS)" if tls else ""), flush=True)
    print(f"database {path}", flush=True)
    print(f"server key {app.key.key_id} (public key {app.key.public_key.hex()})", flush=True)
    if endpoint is not None:
        print(f"metrics on {endpoint.url}", flush=True)

    def stop(signum: int, frame: FrameType | None) -> None:
        logger.info("received %s, shutting down", signal.Signals(signum).name)
        server.stop(SHUTDOWN_GRACE_S)

    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, stop)
    server.wait_for_termination()
    closer.join()
    if endpoint is not None:
        endpoint.stop()
    app.close()
    print("judge stopped", flush=True)
