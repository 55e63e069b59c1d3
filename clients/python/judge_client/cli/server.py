"""Commands that run or look after a judge: serve, health, migrate, check
and bench (the server package is needed for all but health).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.markup import escape

from judge.common.i18n import N_, said
from judge_client.client import DEFAULT_TARGET, JudgeClient, JudgeRpcError
from judge_client.cli.common import JsonOpt, LangOpt, Language, TargetOpt, _CONNECTION, _err, _out, _print_json, app
from judge_client.cli.helptext import JudgeTyper


DbOpt = Annotated[Path, typer.Option(
    "--db", envvar="JUDGE_DB", help=N_("The SQLite database file (created if missing), unless --database-url."))]


DatabaseUrlOpt = Annotated[Optional[str], typer.Option(
    "--database-url", envvar="JUDGE_DATABASE_URL",
    help=N_("postgresql://USER:PASSWORD@HOST:PORT/DBNAME: keep the record in PostgreSQL instead."),
    show_default=False)]


PoolSizeOpt = Annotated[Optional[int], typer.Option(
    "--database-pool-size", envvar="JUDGE_DATABASE_POOL_SIZE",
    help=N_("PostgreSQL connections kept open per process (default 5)."), show_default=False)]


SchemaOpt = Annotated[Optional[str], typer.Option(
    "--database-schema", envvar="JUDGE_DATABASE_SCHEMA",
    help=N_("PostgreSQL schema holding the tables (default public)."), show_default=False)]


WaitOpt = Annotated[float, typer.Option(
    "--database-wait", envvar="JUDGE_DATABASE_WAIT",
    help=N_("Seconds to keep retrying an unreachable database before giving up."))]


def _storage(db: Path, database_url: str | None, pool_size: int | None, schema: str | None,
             wait: float) -> Any:
    """The configured storage (judge/store/config.py); a bad setting is a usage error."""
    from judge.store import Storage, StorageError

    try:
        return Storage(db_path=db, database_url=database_url or None, pool_size=pool_size,
                       schema=schema or None, wait_s=wait)
    except StorageError as exc:
        raise typer.BadParameter(str(exc)) from None


@app.command()
def migrate(
    db: DbOpt = Path("./judge.sqlite3"),
    database_url: DatabaseUrlOpt = None,
    pool_size: PoolSizeOpt = None,
    schema: SchemaOpt = None,
    wait: WaitOpt = 60.0,
) -> None:
    """Create or update the judge's tables (run before the first start on
    PostgreSQL; safe to run again, also by several replicas at once)."""
    from judge.store import StorageError
    from judge.app.compose import migrate as run

    storage = _storage(db, database_url, pool_size, schema, wait)
    try:
        tables = run(storage)
    except StorageError as exc:
        _err().print(f"[red]error[/]: {escape(str(exc))}")
        raise typer.Exit(2) from None
    _out().print(f"schema ready in {escape(storage.describe())}: {', '.join(tables)}")


@app.command()
def check(
    db: DbOpt = Path("./judge.sqlite3"),
    database_url: DatabaseUrlOpt = None,
    pool_size: PoolSizeOpt = None,
    schema: SchemaOpt = None,
    wait: WaitOpt = 60.0,
    key: Annotated[Optional[Path], typer.Option(
        "--key", envvar="JUDGE_SERVER_KEY_FILE",
        help=N_("The judge's signing key (PEM): check every game's credentials with it; default DB.key "
                "beside a SQLite file, if there is one."), show_default=False)] = None,
    witness: Annotated[Optional[list[Path]], typer.Option(
        "--witness", help=N_("A witness copy (judge witness export) kept elsewhere: prove the record against it "
                             "(needs the key); may be given more than once."), show_default=False)] = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Run the full integrity check of the stored record; exit 3 if damaged.

    Every event decodes, every hash chain holds, every game replays through
    the rules and matches its snapshots; with the server key, every stored
    token hash carries a valid MAC and every sealed seed opens, and every
    stored game is named in the witness beside a SQLite file and is as long
    as it (and each --witness copy) saw it. A running judge may share the
    database meanwhile."""
    from judge.common.errors import CorruptRecord
    from judge.common.i18n import tr
    from judge.store import StorageError
    from judge.store.witness import Witness
    from judge.app.compose import open_for_check

    storage = _storage(db, database_url, pool_size, schema, wait)
    server_key = _server_key(storage, key)
    if witness and server_key is None:
        raise typer.BadParameter(tr(lang.value, "a witness copy is proved with the server key: give --key"),
                                 param_hint="--witness")
    copies = [Witness(path, server_key, write=False) for path in witness or () if server_key is not None]
    for path in witness or ():
        if not path.is_file():
            raise typer.BadParameter(tr(lang.value, "there is no file {path}", path=str(path)), param_hint="--witness")
    try:
        app_ = open_for_check(storage, server_key)
    except StorageError as exc:
        _err().print(f"[red]error[/]: {escape(str(exc))}")
        raise typer.Exit(2) from None
    try:
        stats = app_.check_integrity(replay=True, credentials=server_key is not None, copies=copies)
    except CorruptRecord as exc:
        message = _problem(exc, lang.value)
        if json_output:
            _print_json({"ok": False, "problem": message})
        else:
            _err().print(f"[red]damaged[/]: {escape(message)}")
        raise typer.Exit(3) from None
    finally:
        app_.close()
    if json_output:
        _print_json({"ok": True, **stats, "credentials_checked": server_key is not None,
                     "witness_copies": len(copies)})
    else:
        _out().print(f"[green]record intact[/] in {escape(storage.describe())}: {stats['games']} games, "
                     f"{stats['events']} events, {stats['snapshots']} snapshots, "
                     + (f"{stats['credentials']} games' credentials" if server_key is not None else
                        "credentials not checked (give --key)"))
        for path in witness or ():
            _out().print(tr(lang.value, "as long as the witness copy {path} holds every game", path=escape(str(path))))


def _problem(exc: Exception, lang: str) -> str:
    """What the check found, in ``lang`` where the words are in the catalogue (the witness's findings)."""
    from judge.store.witness_check import WitnessAlarm
    from judge.common.i18n import tr

    return tr(lang, exc.message, **exc.values) if isinstance(exc, WitnessAlarm) else str(exc)


def _server_key(storage: Any, key: Path | None) -> Any:
    """The server key of ``--key``, else ``<db>.key`` beside a SQLite file if there is one (None: no key)."""
    from judge.domain.chain import KeyFileError, ServerKey

    key_file = key
    if key_file is None and not storage.is_postgres and Path(f"{storage.path}.key").exists():
        key_file = Path(f"{storage.path}.key")
    try:
        return ServerKey.load(key_file) if key_file is not None else None
    except KeyFileError as exc:
        raise typer.BadParameter(said(N_("--key: {exc}"), exc=exc)) from None


witness_app = JudgeTyper(help=N_("Keep a copy of the witness elsewhere."), no_args_is_help=True)
app.add_typer(witness_app, name="witness")


@witness_app.command("export")
def witness_export(
    out: Annotated[Path, typer.Argument(help=N_("The file to write the copy to (kept elsewhere by the organizer)."))],
    db: DbOpt = Path("./judge.sqlite3"),
    database_url: DatabaseUrlOpt = None,
    pool_size: PoolSizeOpt = None,
    schema: SchemaOpt = None,
    wait: WaitOpt = 60.0,
    key: Annotated[Optional[Path], typer.Option(
        "--key", envvar="JUDGE_SERVER_KEY_FILE", help=N_("The judge's signing key (PEM); default DB.key beside a "
        "SQLite file."), show_default=False)] = None,
    lang: LangOpt = Language.en,
) -> None:
    """Check the record and write the signed head of every game (and the
    version of its credentials) to OUT; later, judge check --witness OUT
    names any game cut short since. Exit 3 if the record is damaged."""
    from judge.common.errors import CorruptRecord
    from judge.common.i18n import tr
    from judge.store import StorageError
    from judge.store.witness import write_copy
    from judge.app.compose import open_for_check

    storage = _storage(db, database_url, pool_size, schema, wait)
    server_key = _server_key(storage, key)
    if server_key is None:
        raise typer.BadParameter(tr(lang.value, "the copy is signed with the server key: give --key"),
                                 param_hint="--key")
    try:
        app_ = open_for_check(storage, server_key)
    except StorageError as exc:
        _err().print(f"[red]error[/]: {escape(str(exc))}")
        raise typer.Exit(2) from None
    try:
        app_.check_integrity(replay=False, credentials=True)
        heads, credentials = app_.integrity.stored_heads, app_.integrity.stored_credentials
    except CorruptRecord as exc:
        message = _problem(exc, lang.value)
        _err().print(f"[red]damaged[/]: {escape(message)}")
        raise typer.Exit(3) from None
    finally:
        app_.close()
    write_copy(out, server_key, heads, credentials)
    _out().print(tr(lang.value, "wrote the signed heads of {count} games to {path}: keep it where the judge's "
                                "operator cannot change it", count=len(heads), path=escape(str(out))))


@app.command()
def bench(
    quick: Annotated[bool, typer.Option("--quick", help=N_("A tiny run that proves the benchmark works "
                                        "(its figures mean nothing)."))] = False,
    games: Annotated[int, typer.Option(min=1, max=32, help=N_("Games played at once (one client thread each)."))] = 16,
    commands: Annotated[int, typer.Option(min=1, help=N_("Commands per game and round."))] = 60,
    rounds: Annotated[int, typer.Option(min=1, help=N_("Rounds; each figure shows min/median/max."))] = 3,
    seed: Annotated[int, typer.Option(help=N_("Seed of the deals and of the chooser (same seed, same games)."))] = 1,
    json_output: JsonOpt = False,
) -> None:
    """Measure the judge against the stack's own ceiling (a bare gRPC echo,
    and an echo plus one durable append) in one run; see docs/benchmark.md."""
    from judge_bench.bench import BenchConfig, render, run

    config = BenchConfig.quick(seed) if quick else BenchConfig(games=games, commands=commands, rounds=rounds,
                                                                  seed=seed)
    report = run(config, progress=lambda line: _err().print(f"[dim]bench: {escape(line)}[/]"))
    if json_output:
        _print_json(report)
    else:
        _out().print(render(report))


@app.command()
def serve(
    listen: Annotated[
        str, typer.Option(envvar="JUDGE_LISTEN", help=N_("HOST:PORT to listen on (port 0: any free port)."))
    ] = "127.0.0.1:50051",
    db: DbOpt = Path("./judge.sqlite3"),
    database_url: DatabaseUrlOpt = None,
    pool_size: PoolSizeOpt = None,
    schema: SchemaOpt = None,
    wait: WaitOpt = 60.0,
    tls_cert: Annotated[Optional[Path], typer.Option(
        "--tls-cert", envvar="JUDGE_SERVER_TLS_CERT", help=N_("PEM server certificate (chain): serve with TLS."),
        show_default=False)] = None,
    tls_key: Annotated[Optional[Path], typer.Option(
        "--tls-key", envvar="JUDGE_SERVER_TLS_KEY", help=N_("PEM private key of the server certificate."),
        show_default=False)] = None,
    tls_client_ca: Annotated[Optional[Path], typer.Option(
        "--tls-client-ca", envvar="JUDGE_SERVER_TLS_CLIENT_CA",
        help=N_("PEM CA: require client certificates it signed (mutual TLS)."), show_default=False)] = None,
    key: Annotated[Optional[Path], typer.Option(
        "--key", envvar="JUDGE_SERVER_KEY_FILE",
        help=N_("Ed25519 signing key (PEM, mode 0600); default DB.key, created on first start."),
        show_default=False)] = None,
    admin_token_file: Annotated[Optional[Path], typer.Option(
        "--admin-token-file", envvar="JUDGE_ADMIN_TOKEN_FILE",
        help=N_("File with the admin token (imports; organizer of every game); default "
                "DB.admin-token, created on first start."), show_default=False)] = None,
    rate_limit: Annotated[float, typer.Option(
        "--rate-limit", envvar="JUDGE_RATE_LIMIT", help=N_("Calls per second per token (0: no limit)."))] = 50.0,
    rate_burst: Annotated[int, typer.Option(
        "--rate-burst", envvar="JUDGE_RATE_BURST", help=N_("Calls at once per token."))] = 200,
    client_rate_limit: Annotated[float, typer.Option(
        "--client-rate-limit", envvar="JUDGE_CLIENT_RATE_LIMIT",
        help=N_("Calls per second per client address, all its tokens together (0: no limit)."))] = 200.0,
    client_rate_burst: Annotated[int, typer.Option(
        "--client-rate-burst", envvar="JUDGE_CLIENT_RATE_BURST", help=N_("Calls at once per client address."))] = 400,
    create_limit: Annotated[float, typer.Option(
        "--create-limit", envvar="JUDGE_CREATE_LIMIT",
        help=N_("Games created per minute per client address (0: no limit)."))] = 6.0,
    create_burst: Annotated[int, typer.Option(
        "--create-burst", envvar="JUDGE_CREATE_BURST", help=N_("Games created at once per client address."))] = 50,
    create_token_file: Annotated[Optional[Path], typer.Option(
        "--create-token-file", envvar="JUDGE_CREATE_TOKEN_FILE",
        help=N_("File with a creator token (mode 0600) that CreateGame then needs (the admin token serves too); "
                "default: anyone may create games."), show_default=False)] = None,
    workers: Annotated[int, typer.Option(
        "--workers", envvar="JUDGE_WORKERS",
        help=N_("Calls served at once (worker threads); at most half of them streams."))] = 64,
    max_queued: Annotated[int, typer.Option(
        "--max-queued", envvar="JUDGE_MAX_QUEUED",
        help=N_("Calls that wait for a worker when all are busy; beyond them RESOURCE_EXHAUSTED."))] = 1024,
    max_streams_per_client: Annotated[int, typer.Option(
        "--max-streams-per-client", envvar="JUDGE_MAX_STREAMS_PER_CLIENT",
        help=N_("Replay and Watch streams open at once per client address."))] = 8,
    max_watch_per_game: Annotated[int, typer.Option(
        "--max-watch-per-game", envvar="JUDGE_MAX_WATCH_PER_GAME",
        help=N_("Watch streams open at once per game without a seat's token."))] = 16,
    max_streams_per_seat: Annotated[int, typer.Option(
        "--max-streams-per-seat", envvar="JUDGE_MAX_STREAMS_PER_SEAT",
        help=N_("Replay and Watch streams open at once per seat (and organizer) of a game, with its own token; "
                "admitted apart from every other stream."))] = 4,
    reserved_streams_per_seat: Annotated[int, typer.Option(
        "--reserved-streams-per-seat", envvar="JUDGE_RESERVED_STREAMS_PER_SEAT",
        help=N_("Of those, streams each seat (and organizer) of a game that streams keeps reserved, so that no "
                "other game or stranger can take them (0: none)."))] = 1,
    max_stream_games_per_client: Annotated[int, typer.Option(
        "--max-stream-games-per-client", envvar="JUDGE_MAX_STREAM_GAMES_PER_CLIENT",
        help=N_("Games whose stream reservations one client address makes at once (creations with the "
                "creator or admin token count for none)."))] = 4,
    stream_reservation_grace: Annotated[float, typer.Option(
        "--stream-reservation-grace", envvar="JUDGE_STREAM_RESERVATION_GRACE",
        help=N_("Seconds a game's stream reservation outlives its creation or its last own stream."))] = 120.0,
    max_open_streams: Annotated[Optional[int], typer.Option(
        "--max-open-streams", envvar="JUDGE_MAX_OPEN_STREAMS",
        help=N_("Streams open at once without a seat's or organizer's token (spectators, health, reflection); "
                "default: half the streams."), show_default=False)] = None,
    trusted_proxies: Annotated[str, typer.Option(
        "--trusted-proxies", envvar="JUDGE_TRUSTED_PROXIES",
        help=N_("Comma-separated addresses or networks of proxies (e.g. Envoy) whose calls count for the client "
                "their x-forwarded-for names (default: none)."), show_default=False)] = "",
    stream_stall_timeout: Annotated[float, typer.Option(
        "--stream-stall-timeout", envvar="JUDGE_STREAM_STALL_TIMEOUT",
        help=N_("Seconds a stream's message may wait for its client to read before the stream is cancelled "
                "(0: never)."))] = 30.0,
    max_games: Annotated[Optional[int], typer.Option(
        "--max-games", envvar="JUDGE_MAX_GAMES", help=N_("Most games the server holds."), show_default=False)] = None,
    max_events_per_game: Annotated[Optional[int], typer.Option(
        "--max-events-per-game", envvar="JUDGE_MAX_EVENTS_PER_GAME", help=N_("Most events a game may have."),
        show_default=False)] = None,
    max_message_bytes: Annotated[int, typer.Option(
        "--max-message-bytes", envvar="JUDGE_MAX_MESSAGE_BYTES", help=N_("Largest request in bytes."))
    ] = 32 * 1024 * 1024,
    startup_check: Annotated[Optional[str], typer.Option(
        "--startup-check", envvar="JUDGE_STARTUP_CHECK",
        help=N_("full (replay every game), quick (decoding and hash chains) or none; "
                "default quick (judge check runs the full one)."),
        show_default=False)] = None,
    metrics_listen: Annotated[Optional[str], typer.Option(
        "--metrics-listen", envvar="JUDGE_METRICS_LISTEN",
        help=N_("HOST:PORT to serve Prometheus metrics on, at /metrics (default: no metrics)."),
        show_default=False)] = None,
    web_listen: Annotated[Optional[str], typer.Option(
        "--web-listen", envvar="JUDGE_WEB_LISTEN",
        help=N_("HOST:PORT to serve the table page and gRPC-Web for browsers on (default: none)."),
        show_default=False)] = None,
    log_format: Annotated[str, typer.Option(
        "--log-format", envvar="JUDGE_LOG_FORMAT",
        help=N_("auto (text on a terminal, else JSON lines), json or text."))] = "auto",
    log_level: Annotated[str, typer.Option(
        "--log-level", envvar="JUDGE_LOG_LEVEL", help=N_("DEBUG, INFO, WARNING or ERROR."))] = "INFO",
    init: Annotated[bool, typer.Option(
        "--init", envvar="JUDGE_INIT",
        help=N_("Create a new, empty database even where a key or admin token file shows that "
                "a judge ran here before (otherwise a missing database stops the start)."))] = False,
    seal_credentials: Annotated[bool, typer.Option(
        "--seal-credentials", envvar="JUDGE_SEAL_CREDENTIALS",
        help=N_("Once, after upgrading a database written before credentials were sealed: seal its "
                "credentials with the server key (otherwise they stop the start)."))] = False,
    accept_missing_witness: Annotated[bool, typer.Option(
        "--accept-missing-witness", envvar="JUDGE_ACCEPT_MISSING_WITNESS",
        help=N_("Once, deliberately: accept the stored games the witness does not name (a lost witness file) as "
                "they are stored; the witness records that (otherwise they stop the start)."))] = False,
    witness: Annotated[Optional[Path], typer.Option(
        "--witness", envvar="JUDGE_WITNESS_FILE",
        help=N_("The witness file of the heads this judge wrote: default DB.witness beside a SQLite file; on "
                "PostgreSQL each replica's own file (default: none)."), show_default=False)] = None,
) -> None:
    """Run a judge server until SIGTERM or Ctrl-C."""
    from judge.server.admission import Admission, parse_networks
    from judge.server.interceptors import RateLimit
    from judge.server.main import StartupError, TlsConfig
    from judge.server.main import serve as run

    if (tls_cert is None) != (tls_key is None):
        raise typer.BadParameter(said(N_("--tls-cert and --tls-key go together")))
    if tls_client_ca is not None and tls_cert is None:
        raise typer.BadParameter(said(N_("--tls-client-ca needs --tls-cert and --tls-key")))
    if min(client_rate_burst, create_burst, max_streams_per_client, max_watch_per_game, max_streams_per_seat,
           max_open_streams or 1, max_stream_games_per_client) < 1:
        raise typer.BadParameter(said(N_("bursts and stream limits must be at least 1")))
    if not 0 <= reserved_streams_per_seat <= max_streams_per_seat:
        raise typer.BadParameter(said(N_("0 to --max-streams-per-seat")), param_hint="--reserved-streams-per-seat")
    if stream_reservation_grace < 0:
        raise typer.BadParameter(said(N_("0 or more")), param_hint="--stream-reservation-grace")
    if workers < 2:
        raise typer.BadParameter(said(N_("at least 2")), param_hint="--workers")
    if max_queued < 0:
        raise typer.BadParameter(said(N_("0 or more")), param_hint="--max-queued")
    try:
        proxies = parse_networks(trusted_proxies)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--trusted-proxies") from None
    admission = Admission(
        trusted_proxies=proxies, streams_per_client=max_streams_per_client, watch_per_game=max_watch_per_game,
        streams_per_seat=max_streams_per_seat, open_streams=max_open_streams,
        reserved_streams_per_seat=reserved_streams_per_seat, stream_games_per_client=max_stream_games_per_client,
        reservation_grace_s=stream_reservation_grace,
        stall_s=stream_stall_timeout if stream_stall_timeout > 0 else None,
        client_rate=RateLimit(client_rate_limit, client_rate_burst) if client_rate_limit > 0 else None,
        create_rate=RateLimit(create_limit / 60, create_burst) if create_limit > 0 else None)
    try:
        tls = TlsConfig.from_files(tls_cert, tls_key, tls_client_ca) if tls_cert and tls_key else None
        run(listen, _storage(db, database_url, pool_size, schema, wait), tls=tls, key_file=key, admin_token_file=admin_token_file,
            rate_limit=RateLimit(rate_limit, rate_burst) if rate_limit > 0 else None,
            max_games=max_games, max_events_per_game=max_events_per_game,
            max_message_bytes=max_message_bytes, startup_check=startup_check, init=init,
            seal_credentials=seal_credentials, accept_missing_witness=accept_missing_witness,
            witness_file=witness, metrics_listen=metrics_listen, log_format=log_format, log_level=log_level,
            admission=admission, create_token_file=create_token_file, max_workers=workers,
            max_queued=max_queued,
            web_listen=web_listen)
    except StartupError as exc:
        _err().print(f"[red]error[/]: the judge does not start: {escape(str(exc))}")
        raise typer.Exit(2) from None
    except RuntimeError as exc:  # e.g. the address cannot be bound
        _err().print(f"[red]error[/]: {escape(str(exc))}")
        raise typer.Exit(1) from None


@app.command()
def health(
    target: TargetOpt = DEFAULT_TARGET,
    service: Annotated[str, typer.Option(
        "--service", help=N_("The service to ask about ('' for the whole server)."))] = "",
    timeout: Annotated[float, typer.Option("--timeout", help=N_("Seconds to wait for the answer."))] = 5.0,
) -> None:
    """Ask the judge's gRPC health service; exit 0 when it is SERVING, else 1.

    For container health checks and probes (no token needed)."""
    try:
        with JudgeClient(target, timeout=timeout, tls_ca=_CONNECTION.tls_ca, tls_cert=_CONNECTION.tls_cert,
                         tls_key=_CONNECTION.tls_key) as client:
            status = client.health(service)
    except JudgeRpcError as error:
        status = error.code.name
    typer.echo(status)
    if status != "SERVING":
        raise typer.Exit(1)
