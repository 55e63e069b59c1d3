"""Building and running the judge's gRPC server.

``create_server`` wires the servicer, standard health checking, server
reflection, the interceptors (access log and metrics; the guard: undecodable
requests, rate limit, authentication) and the window closer (a thread that resolves
combats whose interference window has elapsed) onto a new ``grpc.Server``,
listening in plain text or with TLS (``TlsConfig``, mutual TLS optional);
tests bind port 0. ``serve`` opens the storage (a SQLite file or PostgreSQL,
judge/store/config.py; an unreachable database is retried with back-off), checks
its integrity (refusing to start on a damaged record), loads or creates the
server key and the admin token, and runs a server until SIGTERM or SIGINT,
then shuts it down gracefully; it sets up the log (judge/server/logs.py) and,
with ``metrics_listen``, serves Prometheus metrics (judge/server/metrics.py).
Health readiness follows the database (judge/server/database.py).
"""

from __future__ import annotations

import ctypes
import fcntl
import ipaddress
import logging
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent import futures
from dataclasses import dataclass, replace
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from judge.server import reflection

from judge.server import logs
from judge.server.access import CallLog
from judge.server.startup import StartupError, admin_token_hash, creator_token_hash  # noqa: F401 (re-exported)
from judge.server.database import DEFAULT_HEALTH_INTERVAL_S, CloserLease, DatabaseHealth, start_listener
from judge.server.admission import Admission, gate_of
from judge.server.interceptors import EVENTS_SERVICE_NAME, SERVICE_NAME, GuardInterceptor, RateLimit
from judge.server.metrics import Metrics, MetricsEndpoint, expose
from judge.server.servicer import JudgeServiceServicer
from judge.store import Storage, StorageError, missing_tables, wait_for
from judge.v1 import events_pb2_grpc, judge_pb2_grpc

if TYPE_CHECKING:
    from judge.app import JudgeApp

logger = logging.getLogger(__name__)

MAX_MESSAGE_BYTES = 32 * 1024 * 1024
"""Largest request or response (an exported record of a long game)."""
SHUTDOWN_GRACE_S = 5.0
DEFAULT_MAX_WORKERS = 64
DEFAULT_MAX_QUEUED = 1024
"""Calls that wait for a worker when every worker is busy; beyond them a call is answered
RESOURCE_EXHAUSTED at once (a bound on the memory an overload takes)."""
DEFAULT_WINDOW_POLL_MS = 50
LISTENING_WATCH_POLL_S = 1.0
"""How often a served Watch stream reads the log by itself: every append wakes it (a save of
this process, and on PostgreSQL the ``ChangeListener`` for the other replicas'), so this poll
is only a safety net, not a read every 50 ms per stream."""
# The web bridge's own calls come from here (judge/web/bridge.py).
LOOPBACK = (ipaddress.ip_network("127.0.0.0/8"), ipaddress.ip_network("::1/128"))
DEFAULT_RATE_LIMIT = RateLimit(per_second=50.0, burst=200)
"""Per token (or per peer host for calls without one)."""


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


def _close_windows(app: JudgeApp, server: grpc.Server, interval_s: float, metrics: Metrics) -> None:
    """Resolve elapsed interference windows every ``interval_s`` until the
    server has terminated, counting them in ``metrics``, while this process
    holds the closer's lease (one replica at a time on a shared database)
    and the judge can store what it decides. A failure is logged once per
    run of failures and never ends the loop."""
    failing = False
    lease = CloserLease(app)
    # wait_for_termination returns True when it timed out, i.e. the server still runs.
    while server.wait_for_termination(timeout=interval_s):
        if app.storage_problem() is not None:
            continue  # nothing could be recorded; DatabaseHealth reports it
        try:
            if not lease.held():
                continue
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
    lease.release()


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
    health_interval_s: float = DEFAULT_HEALTH_INTERVAL_S,
    metrics: Metrics | None = None,
    admission: Admission | None = None,
    max_queued: int = DEFAULT_MAX_QUEUED,
) -> tuple[grpc.Server, int]:
    """A judge server bound to ``address`` (with ``tls``, else in plain
    text), not yet started.

    Returns the server and the port it bound (useful with ``host:0``). At most
    ``max_streams`` (default: half the workers) threads serve Replay and Watch
    streams, so unary calls always find a worker; ``admission`` (default
    ``Admission()``) bounds the streams per client address and per game,
    cancels streams whose reader stalls, and limits calls and game creation
    per client address (judge/server/admission.py). Calls beyond
    ``max_workers`` wait in a queue for a worker, up to ``max_queued`` of
    them; a call beyond those is answered RESOURCE_EXHAUSTED at once, and
    so are calls beyond a token's ``rate_limit`` (None: no limit) and
    messages larger than ``max_message_bytes``. The window closer runs every ``window_poll_ms`` ms
    and ends when the server has terminated. The health service answers
    SERVING while the database answers (probed every ``health_interval_s``).
    Calls, commands, streams, closed windows, saves and games are counted in
    ``metrics`` (a fresh, unexposed ``Metrics`` if None).
    """
    server, port, _ = _build_server(
        address, app, max_workers=max_workers, max_streams=max_streams, window_poll_ms=window_poll_ms,
        tls=tls, rate_limit=rate_limit, max_message_bytes=max_message_bytes,
        health_interval_s=health_interval_s, metrics=metrics, admission=admission, max_queued=max_queued,
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
    health_interval_s: float = DEFAULT_HEALTH_INTERVAL_S,
    watch_poll_s: float | None = None,
    metrics: Metrics | None = None,
    admission: Admission | None = None,
    max_queued: int = DEFAULT_MAX_QUEUED,
) -> tuple[grpc.Server, int, threading.Thread]:
    """``create_server``, also returning the window closer's thread. Watch
    streams poll the log every ``watch_poll_s`` (default: the window
    closer's interval) unless woken earlier by an append."""
    if max_workers < 2:
        raise ValueError("max_workers must be at least 2")
    if max_queued < 0:
        raise ValueError("max_queued must not be negative")
    admission = admission if admission is not None else Admission()
    gate = gate_of(max_streams if max_streams is not None else max_workers // 2, admission)
    metrics = metrics if metrics is not None else Metrics()
    app.on_save = metrics.appended
    metrics.count_games(lambda: app.game_count)
    log = CallLog(metrics, ruleset_of=lambda game_id: app.ruleset_of(game_id).name)
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=max_workers, thread_name_prefix="judge-rpc"),
        interceptors=[GuardInterceptor(app, rate_limit, streams=gate, admission=admission, log=log)],
        options=[
            ("grpc.max_receive_message_length", max_message_bytes),
            ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
            # A port another process listens on is an error, not a second listener.
            ("grpc.so_reuseport", 0),
            # Each stream's receive window stays at gRPC's initial size instead of growing with the
            # measured bandwidth: a request refused from its metadata is never read, and without this
            # the bytes its sender got in before the refusal (megabytes per stream) sat in the judge's
            # memory (tests/trust/test_hostile_low.py). The judge's requests are small.
            ("grpc.http2.bdp_probe", 0),
        ],
        # Calls beyond the workers wait in the executor's queue, in arrival order, up to max_queued.
        maximum_concurrent_rpcs=max_workers + max_queued,
    )
    judge_pb2_grpc.add_JudgeServiceServicer_to_server(
        JudgeServiceServicer(app, poll_interval=watch_poll_s if watch_poll_s is not None else window_poll_ms / 1000),
        server,
    )
    from judge.server.events import EventServiceServicer

    # events (docs/events.md), served beside the games
    events_pb2_grpc.add_EventServiceServicer_to_server(EventServiceServicer(app.tournaments), server)

    health_servicer = health.HealthServicer()
    database_health = DatabaseHealth(app, health_servicer, ("", SERVICE_NAME))
    database_health.check()  # SERVING once the database answers, NOT_SERVING while it does not
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)

    reflection.enable_server_reflection(
        (SERVICE_NAME, EVENTS_SERVICE_NAME, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name),
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
        args=(app, server, window_poll_ms / 1000, metrics),
        name="judge-window-closer",
        daemon=True,
    )
    closer.start()
    prober = threading.Thread(target=database_health.run, args=(server, health_interval_s),
                              name="judge-db-health", daemon=True)
    prober.start()
    # Both use the application until the server has stopped: closing it waits for them.
    app.attach(closer)
    app.attach(prober)
    return server, port, closer


def open_app(
    db: str | Path | Storage,
    *,
    key_file: str | Path | None = None,
    admin_token_file: str | Path | None = None,
    startup_check: str | None = None,
    max_games: int | None = None,
    max_events_per_game: int | None = None,
    init: bool = False,
    seal_credentials: bool = False,
    accept_missing_witness: bool = False,
    witness_file: str | Path | None = None,
    seeds: Callable[[], bytes] | None = None,
) -> JudgeApp:
    """Open the judge's application on its storage (a SQLite file path, or
    a ``Storage``: SQLite or PostgreSQL), with the server key and admin token
    (beside a SQLite file by default: ``<db>.key``, ``<db>.admin-token``;
    required on PostgreSQL, where replicas must share them), after checking
    the stored record (``startup_check``: "full" replays every game, "quick"
    checks decoding and the hash chains, "none" skips it; default quick, so
    start-up time does not grow with the rules' work on every stored event:
    ``judge check`` runs the full one, on a live database too). On SQLite a
    passing check is written as the checkpoint the next quick check starts
    from (judge/app/checkpoint.py), so that it decodes only the events
    stored after it.
    An unreachable database is retried with back-off for the storage's
    ``wait_s``. Raises ``StartupError`` naming what is wrong.

    On SQLite the judge holds the database (a lock on ``<db>.lock``) until
    the application is closed, so a second judge on the same file does not
    start, and keeps a signed witness of every game's head in
    ``<db>.witness``. A missing database is created only on a first start:
    where its key file, admin token file or witness shows that a judge ran
    here before, it is created only with ``init`` (``judge serve --init``),
    never silently. A stored game the witness does not name stops the start unless
    ``accept_missing_witness`` (recorded in the witness); on PostgreSQL each replica
    keeps its own witness in ``witness_file`` (judge/store/witness.py).

    The check also verifies every game's credentials with the server key
    (judge/domain/sealing.py); credentials stored before they were sealed
    stop the start unless ``seal_credentials`` (``--seal-credentials``), which
    seals them after an otherwise clean check. ``seeds`` makes each new game's secret seed
    (default: random; ``judge bench`` gives fixed ones so that its games replay alike)."""
    from judge.app import JudgeApp
    from judge.domain.chain import KeyFileError, ServerKey
    from judge.common.errors import CorruptRecord
    from judge.store.witness import Witness

    storage = db if isinstance(db, Storage) else Storage(db_path=Path(db))
    where = storage.describe()
    if startup_check is None:
        startup_check = "quick"
    if startup_check not in ("full", "quick", "none"):
        raise StartupError(f"--startup-check must be full, quick or none, not {startup_check!r}")
    if seal_credentials and startup_check == "none":
        raise StartupError("--seal-credentials seals what the start-up check found intact: "
                           "it needs --startup-check full or quick")
    if storage.is_postgres and (key_file is None or admin_token_file is None):
        raise StartupError(
            "on PostgreSQL every replica must sign with the same server key and accept the same admin "
            "token: give --key (JUDGE_SERVER_KEY_FILE) and --admin-token-file (JUDGE_ADMIN_TOKEN_FILE), "
            "the same files for every replica")
    path = storage.path
    key_path = Path(key_file or f"{path}.key")
    token_path = Path(admin_token_file or f"{path}.admin-token")
    witness_path = Path(witness_file or f"{path}.witness")
    lock: int | None = None
    witness: Witness | None = None
    set_aside = False
    if not storage.is_postgres:
        if not path.exists() and not init:
            traces = [str(p) for p in (key_path, token_path, witness_path) if p.exists()]
            if traces:
                raise StartupError(
                    f"the database {path} does not exist, but {' and '.join(traces)} show(s) that a judge "
                    "ran here: restore the database file, or start with --init to begin a new, empty one")
        lock = hold_database(path)
        if init and not path.exists() and witness_path.exists():
            # A new, empty database on purpose: the old witness is kept aside, not compared with it.
            witness_path.replace(witness_path.with_name(witness_path.name + ".before-init"))
            set_aside = True
    try:
        try:
            key = ServerKey.load_or_create(key_path)
        except KeyFileError as e:
            raise StartupError(str(e)) from e
        admin = admin_token_hash(token_path)
        if lock is not None or witness_file is not None:
            try:
                witness = Witness(witness_path, key)
            except OSError as e:
                raise StartupError(f"cannot open the witness {witness_path}: {e.strerror or e}") from e
            witness.covers_every_game = not storage.is_postgres
            if set_aside:  # the operator's deliberate --init: recorded in the new witness
                witness.accepted("init", [], time.time_ns() // 1_000_000)

        def connect() -> JudgeApp:
            missing = missing_tables(storage)
            if missing:
                raise StartupError(f"the database {where} has no judge tables ({', '.join(missing)}): "
                                   "run judge migrate with the same --database-url first")
            return JudgeApp(storage.env(create_tables=not storage.is_postgres), key=key,
                            admin_token_hash=admin, max_games=max_games,
                            max_events_per_game=max_events_per_game, witness=witness, seeds=seeds)

        try:
            app = wait_for(f"the database {where}", connect, storage.wait_s)
        except (StartupError, StorageError) as e:
            raise StartupError(str(e)) from e
        except Exception as e:  # noqa: BLE001 - a damaged file fails in many ways
            raise StartupError(f"cannot open the database {where}: {type(e).__name__}: {e}") from e
    except BaseException:
        if witness is not None:
            witness.close()
        if lock is not None:
            os.close(lock)
        raise
    if lock is not None:
        app.hold(lock, sole_writer=True)  # no other process writes the file while the lock is held
        for place in (path, path.parent):
            if not os.access(place, os.W_OK):
                app.close()
                raise StartupError(f"the judge cannot write {place}: it would answer every write with an "
                                   "error; make it writable for the user the judge runs as")
    if startup_check != "none":
        try:
            stats = app.check_integrity(replay=startup_check == "full", allow_unsealed=seal_credentials,
                                        checkpoint=True,
                                        accept_missing="accept-missing-witness" if accept_missing_witness else None)
            if seal_credentials:
                logger.warning("sealed the credentials of %d games with the server key",
                               app.seal_credentials())
        except CorruptRecord as e:
            app.close()
            raise StartupError(f"the database {where} holds a damaged record: {e}") from e
        logger.info("record checked (%s): %d game(s); %d event(s) decoded and chained, %d more vouched for by "
                    "the checkpoint of the last check (judge check reads them all); %d snapshot(s)",
                    startup_check, stats["games"], stats["events"], stats["checkpointed"], stats["snapshots"])
        if witness is not None:
            witness.compact(app.witness_heads)  # one line per game from here on
            if not witness.covers_every_game:  # a replica notes every head it checked (judge/store/witness.py)
                for game_id, (version, head) in app.integrity.stored_heads.items():
                    witness.seen(game_id, version, head)
        app.write_checkpoint()  # the next start checks in full only what is stored after this
    return app


def checkpoint_at_shutdown(app: JudgeApp) -> None:
    """At a clean shutdown (SQLite): check what was stored since the
    checkpoint and make the end of the record the new checkpoint, so the next
    start decodes nothing stored before now. A problem found is logged (the
    next start's check then stops on it) and leaves the checkpoint as it was."""
    from judge.common.errors import CorruptRecord

    if app.checkpoint_store() is None:
        return
    try:
        app.check_integrity(replay=False, checkpoint=True)
        app.write_checkpoint()
    except CorruptRecord as e:
        logger.error("no checkpoint written at shutdown: the record holds a problem: %s", e)
    except Exception:  # noqa: BLE001 - the stop goes on; the next start checks from the old checkpoint
        logger.warning("no checkpoint written at shutdown", exc_info=True)


M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES = -3, 256 * 1024  # glibc's mallopt parameter (malloc.h), its value


def return_large_buffers() -> bool:
    """Have glibc map every allocation of ``MMAP_THRESHOLD_BYTES`` or more on its own and give it
    back to the system when freed. By default the threshold grows with the largest buffer freed
    (up to 32 MiB): after a run of large requests (each buffered whole by gRPC before it is
    refused) their memory stayed with the process. Whether it was set (not on other C libraries)."""
    try:
        libc = ctypes.CDLL(None)
        return bool(libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES))
    except (OSError, AttributeError):
        return False


def hold_database(path: Path) -> int:
    """Lock ``<path>.lock`` for this process (the open descriptor; closing it
    releases the lock), or raise ``StartupError`` if another judge holds it."""
    lock_path = path.with_name(path.name + ".lock")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as e:  # a read-only file system, a folder the judge may not write
        raise StartupError(f"cannot write beside the database: {lock_path}: {e.strerror or e}; the judge "
                           "needs a folder it can write for the database, its lock and its witness") from None
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
    db: str | Path | Storage,
    *,
    tls: TlsConfig | None = None,
    key_file: str | Path | None = None,
    admin_token_file: str | Path | None = None,
    rate_limit: RateLimit | None = DEFAULT_RATE_LIMIT,
    max_games: int | None = None,
    max_events_per_game: int | None = None,
    max_message_bytes: int = MAX_MESSAGE_BYTES,
    startup_check: str | None = None,
    metrics_listen: str | None = None,
    log_format: str = "auto",
    log_level: str = "INFO",
    init: bool = False,
    seal_credentials: bool = False,
    accept_missing_witness: bool = False,
    witness_file: str | Path | None = None,
    admission: Admission | None = None,
    create_token_file: str | Path | None = None,
    max_workers: int = DEFAULT_MAX_WORKERS,
    web_listen: str | None = None,
    max_queued: int = DEFAULT_MAX_QUEUED,
) -> None:
    """Run a judge on ``listen`` with its storage ``db`` (a SQLite file path
    or a ``Storage``) until SIGTERM or SIGINT; then finish running calls (up
    to a grace period) and stop. Logs go to stderr in ``log_format`` (auto,
    json or text) from ``log_level`` up; with ``metrics_listen`` (HOST:PORT)
    Prometheus metrics are served at ``http://HOST:PORT/metrics``. Raises
    ``StartupError`` if the record is damaged, the database cannot be
    reached or a file or address cannot be used (see ``open_app``).
    ``admission`` holds the per-client limits (judge/server/admission.py);
    with ``create_token_file`` CreateGame needs the token in that file;
    ``max_workers`` calls run at once, half of them streams at most, and up
    to ``max_queued`` more wait for a worker. With
    ``web_listen`` (HOST:PORT) the table page and gRPC-Web are served there
    (judge/web/bridge.py); its calls reach this server over loopback, which
    then speaks for the browsers it names in x-forwarded-for."""
    if web_listen is not None and tls is not None:
        raise StartupError("--web-listen serves plain HTTP and calls the gRPC port over loopback in plain text: "
                           "put a TLS-terminating proxy in front of the web port instead of --tls-cert")
    try:
        logs.configure(log_format, log_level)
    except ValueError as e:
        raise StartupError(str(e)) from e
    # gRPC's core writes to fd 2 itself (quoting peers): from here on every line there is one
    # escaped record of the log, never a line of its own (judge/server/logs.py).
    capture = logs.capture_stderr()
    logs.configure(log_format, log_level, stream=capture.stream)
    return_large_buffers()
    try:
        admission = admission if admission is not None else Admission()
        if web_listen is not None:
            admission = replace(admission, trusted_proxies=admission.trusted_proxies + LOOPBACK)
        if create_token_file is not None:
            admission = replace(admission, create_token_hash=creator_token_hash(create_token_file))
        storage = db if isinstance(db, Storage) else Storage(db_path=Path(db))
        app = open_app(storage, key_file=key_file, admin_token_file=admin_token_file,
                       startup_check=startup_check, max_games=max_games,
                       max_events_per_game=max_events_per_game, init=init, seal_credentials=seal_credentials,
                       accept_missing_witness=accept_missing_witness, witness_file=witness_file)
        metrics = Metrics()
        endpoint: MetricsEndpoint | None = None
        if metrics_listen:
            try:
                endpoint = expose(metrics, metrics_listen)
            except (ValueError, OSError) as e:
                app.close()
                raise StartupError(f"cannot serve metrics on {metrics_listen}: {e}") from e
        try:
            # On SQLite every append is this process's own save, which wakes the streams; on PostgreSQL
            # the listener wakes them for the other replicas' appends. Their own poll is a safety net.
            listener = start_listener(app)
            server, port, closer = _build_server(listen, app, tls=tls, rate_limit=rate_limit, admission=admission,
                                                 max_workers=max_workers, max_queued=max_queued,
                                                 max_message_bytes=max_message_bytes, metrics=metrics,
                                                 watch_poll_s=LISTENING_WATCH_POLL_S)
        except BaseException:
            if endpoint is not None:
                endpoint.stop()
            app.close()
            raise
        server.start()
        host = listen.rpartition(":")[0] or "[::]"
        print(f"judge listening on {host}:{port}" + (" (TLS)" if tls else ""), flush=True)
        web = None
        if web_listen is not None:
            from judge.web.bridge import WebServer

            try:
                web = WebServer(web_listen, f"{'[::1]' if host == '[::1]' else '127.0.0.1'}:{port}")
            except (ValueError, OSError) as e:
                server.stop(None)
                closer.join()
                if listener is not None:
                    listener.stop()
                if endpoint is not None:
                    endpoint.stop()
                app.close()
                raise StartupError(f"cannot serve the web page on {web_listen}: {e}") from e
            web.start()
            print(f"table page on {web.url}", flush=True)
            print(f"event board on {web.url}board", flush=True)
        print(f"database {storage.describe()}", flush=True)
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
        if startup_check != "none":
            checkpoint_at_shutdown(app)
        if web is not None:
            web.stop()
        if listener is not None:
            listener.stop()
        if endpoint is not None:
            endpoint.stop()
        app.close()
        print("judge stopped", flush=True)
    finally:
        capture.stop()
