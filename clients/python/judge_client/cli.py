"""The ``judge`` command line: run a judge, or talk to one.

    judge serve --listen 127.0.0.1:50051 --db ./judge.sqlite3
    judge rulesets
    judge new munchkin --seat Anna:female --seat Ben:male --seat Cem:male
    export JUDGE_TOKEN=<Anna's token>
    judge submit <game> 0 kick_door --arg card=lahmer-goblin
    judge view <game>

The CLI knows no game: ``judge rulesets`` lists what the judge judges (seat
traits, options, variants, action kinds), ``judge new RULESET`` takes seats
as ``NAME``, ``NAME:trait=value`` or ``NAME:value`` and options as
``--option name=value``, and ``judge submit`` sends an action in the place
of the game's family.

Client commands reach the judge at ``--target`` (or ``$JUDGE_TARGET``) with
``--token`` (or ``$JUDGE_TOKEN``), explain in ``--lang`` (or ``$JUDGE_LANG``)
and print tables, or JSON with ``--json`` (streams: one JSON object a line).
A failed call prints the judge's answer (for a rejected action the ruling:
rule id, citation, explanation) and exits with status 1.

Options before the command apply to every client command: ``--tls-ca`` (or
``$JUDGE_TLS_CA``) connects with TLS, ``--tls-cert``/``--tls-key`` add a
client certificate, ``--server-key`` (or ``$JUDGE_SERVER_KEY``) pins the
server's public key and checks every receipt against it:

    judge --tls-ca ca.pem --server-key 3f2a... submit <game> 0 loot_room
"""

from __future__ import annotations

import json
import sys
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Optional
from urllib.parse import urlencode

import grpc
import typer
from google.protobuf import json_format
from google.protobuf.descriptor import EnumDescriptor
from google.protobuf.message import Message
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from judge_client.enums import enum_word
from judge.v1 import judge_pb2 as pb
from judge.v1 import rulesets_pb2 as rpb
from judge_client.client import (
    DEFAULT_TARGET,
    ROOT_FAMILY,
    JudgeClient,
    JudgeRpcError,
    UntrustedReceipt,
    action_of,
    command_of,
)
from judge_client.analysis_view import analysis_renderables, reads
from judge_client.monkic_view import monkic_renderables

app = typer.Typer(
    name="judge",
    help="A rules judge for tabletop card games: run the server or talk to it.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


class _Connection:
    """Connection settings given before the command (``judge --tls-ca ... CMD``)."""

    tls_ca: bytes | None = None
    tls_cert: bytes | None = None
    tls_key: bytes | None = None
    server_key: str | None = None


_CONNECTION = _Connection()


def _read(path: Path | None, option: str) -> bytes | None:
    if path is None:
        return None
    try:
        return path.read_bytes()
    except OSError as exc:
        raise typer.BadParameter(f"{option} {path}: {exc.strerror or exc}") from None


def _print_version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("judge")
        except PackageNotFoundError:  # the client package installed alone
            number = version("judge-client")
        typer.echo(f"judge {number}")
        raise typer.Exit()


@app.callback()
def connection(
    tls_ca: Annotated[Optional[Path], typer.Option(
        "--tls-ca", envvar="JUDGE_TLS_CA", help="PEM CA certificate: connect with TLS.",
        show_default=False)] = None,
    tls_cert: Annotated[Optional[Path], typer.Option(
        "--tls-cert", envvar="JUDGE_TLS_CERT", help="PEM client certificate (mutual TLS).",
        show_default=False)] = None,
    tls_key: Annotated[Optional[Path], typer.Option(
        "--tls-key", envvar="JUDGE_TLS_KEY", help="PEM client key (mutual TLS).",
        show_default=False)] = None,
    server_key: Annotated[Optional[str], typer.Option(
        "--server-key", envvar="JUDGE_SERVER_KEY",
        help="Pin the server's public key (hex); every receipt is checked against it.",
        show_default=False)] = None,
    version: Annotated[bool, typer.Option(
        "--version", callback=_print_version, is_eager=True, help="Print the version and exit.")] = False,
) -> None:
    """A rules judge for tabletop card games: run the server or talk to it."""
    _CONNECTION.tls_ca = _read(tls_ca, "--tls-ca")
    _CONNECTION.tls_cert = _read(tls_cert, "--tls-cert")
    _CONNECTION.tls_key = _read(tls_key, "--tls-key")
    _CONNECTION.server_key = server_key
dispute_app = typer.Typer(help="Open, resolve and list disputes.", no_args_is_help=True)
app.add_typer(dispute_app, name="dispute")


class Language(str, Enum):
    """Languages of the judge's explanations."""

    en = "en"
    de = "de"


class Mode(str, Enum):
    """Table modes (see TableMode in the API)."""

    reported = "reported"
    dealt = "dealt"


TargetOpt = Annotated[str, typer.Option("--target", envvar="JUDGE_TARGET", help="The judge's HOST:PORT.")]
TokenOpt = Annotated[
    Optional[str],
    typer.Option(
        "--token", envvar="JUDGE_TOKEN", help="Seat, organizer or spectator token.", show_default=False
    ),
]
LangOpt = Annotated[Language, typer.Option("--lang", envvar="JUDGE_LANG", help="Language of explanations.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")]
GameArg = Annotated[str, typer.Argument(help="The game.")]


# --------------------------------------------------------------------------- output


def _out() -> Console:
    return Console(soft_wrap=True, highlight=False)


def _err() -> Console:
    return Console(stderr=True, soft_wrap=True, highlight=False)


def _as_dict(message: Message) -> dict[str, Any]:
    return json_format.MessageToDict(
        message, preserving_proto_field_name=True, always_print_fields_with_no_presence=True
    )


def _print_json(message: Message | dict[str, Any], *, compact: bool = False) -> None:
    data = message if isinstance(message, dict) else _as_dict(message)
    text = json.dumps(data, ensure_ascii=False, indent=None if compact else 2)
    typer.echo(text)


def _ruling_lines(ruling: pb.Ruling, *, explain: bool = True) -> list[str]:
    """The ruling as console lines; ``explain=False`` leaves out the
    explanation (when it has been printed already)."""
    lines = [f"[bold]rule[/] {escape(ruling.rule_id)}"]
    if ruling.source or ruling.section:
        lines.append(f"  source: {escape(ruling.source)}, section “{escape(ruling.section)}”")
    if ruling.quote:
        lines.append(f"  quote: „{escape(ruling.quote)}“")
    if explain and ruling.explanation:
        lines.append(f"  {escape(ruling.explanation)}")
    if ruling.legal_when:
        lines.append(f"  legal when: {escape(ruling.legal_when)}")
    return lines


def _error_dict(error: JudgeRpcError) -> dict[str, Any]:
    return {
        "error": {
            "code": error.code.name,
            "message": error.message,
            "rule_id": error.rule_id,
            "ruling": _as_dict(error.ruling) if error.ruling is not None else None,
            "field_violations": [{"field": f, "description": d} for f, d in error.field_violations],
        }
    }


@contextmanager
def _answering(json_output: bool) -> Iterator[None]:
    """Turn a failed call into a printed answer and exit status 1."""
    try:
        yield
    except JudgeRpcError as error:
        if json_output:
            _print_json(_error_dict(error))
        else:
            err = _err()
            if error.code == grpc.StatusCode.UNAVAILABLE:
                err.print(f"[red]error[/]: the judge is not reachable ({escape(error.message)})")
            else:
                err.print(f"[red]error[/] {error.code.name}: {escape(error.message)}")
            if error.ruling is not None:
                for line in _ruling_lines(error.ruling, explain=error.ruling.explanation != error.message):
                    err.print(line)
            for field, description in error.field_violations:
                err.print(f"  {escape(field)}: {escape(description)}")
        raise typer.Exit(1) from None
    except UntrustedReceipt as error:
        _err().print(f"[red]error[/]: untrusted answer: {escape(str(error))}")
        raise typer.Exit(4) from None
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None


@contextmanager
def _client(target: str, token: str | None, lang: Language, json_output: bool) -> Iterator[JudgeClient]:
    """A client for one command, with the connection settings given before
    it; a failed call is printed (``_answering``)."""
    with _answering(json_output), JudgeClient(
        target, token=token, language=lang.value, tls_ca=_CONNECTION.tls_ca, tls_cert=_CONNECTION.tls_cert,
        tls_key=_CONNECTION.tls_key, server_key=_CONNECTION.server_key,
    ) as client:
        yield client


def _word(enum: EnumDescriptor, number: int) -> str:
    """How an enum value is shown: ``GAME_STATUS_ACTIVE`` -> ``active``."""
    word = enum_word(enum, number)
    return "unspecified" if word == "" else word or str(number)


def _events_table(events: Any, title: str = "") -> Table:
    table = Table(title=title or None)
    for column in ("version", "kind", "seat", "action", "summary"):
        table.add_column(column, overflow="fold")
    for event in events:
        seat = str(event.seat) if event.HasField("seat") else ""
        kind = f"[strike]{event.kind}[/]" if event.voided else event.kind
        table.add_row(str(event.version), kind, seat, event.action, escape(event.summary))
    return table


def _print_view(view: pb.GameView) -> None:
    out = _out()
    status = _word(pb.GameStatus.DESCRIPTOR, view.status)
    mode = _word(pb.TableMode.DESCRIPTOR, view.mode)
    out.print(
        f"[bold]game[/] {view.game_id}  version {view.version}  {escape(view.rules_version)}"
        f"  {status}  {mode}"
    )
    if view.variants:
        out.print(f"variants: {', '.join(view.variants)}")
    out.print(
        f"turn {view.turn}, seat {view.active_seat} ({escape(view.phase)})"
        + (f" - waiting for {escape(view.waiting_for)}" if view.waiting_for else "")
    )
    if view.winners:
        out.print(f"[bold green]winners[/]: {', '.join(str(w) for w in view.winners)}")
    if view.family and view.family != ROOT_FAMILY:
        _print_family_view(view)
    else:
        _print_munchkin_view(view)
    if view.HasField("analysis"):
        for renderable in analysis_renderables(view.analysis):
            out.print(renderable)
    if view.voided:
        out.print(f"voided versions: {', '.join(view.voided)}")
    if view.open_disputes:
        out.print(f"open disputes: {view.open_disputes}")


def _shown(value: Any) -> str:
    """A field value in a table cell."""
    if isinstance(value, list):
        return ", ".join(_shown(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_shown(v)}" for k, v in value.items())
    return str(value)


def _print_family_view(view: pb.GameView) -> None:
    """A family's own view (the GameView field named after it): its plain
    fields as lines, each list of messages as a table."""
    out = _out()
    seats = Table()
    seats.add_column("seat")
    seats.add_column("name", overflow="fold")
    for seat in view.seats:
        marker = "▶ " if seat.seat == view.active_seat else ""
        seats.add_row(f"{marker}{seat.seat}", escape(seat.name))
    if view.family not in pb.GameView.DESCRIPTOR.fields_by_name or not view.HasField(view.family):  # type: ignore[arg-type]
        out.print(seats)
        return
    if view.family == "monkic":
        for part in monkic_renderables(view):
            out.print(part)
        return
    section: Message = getattr(view, view.family)
    data = _as_dict(section)
    for field in section.DESCRIPTOR.fields:
        rows = data.get(field.name)
        if field.is_repeated and field.message_type is not None and not field.message_type.GetOptions().map_entry:
            table = Table(title=field.name)
            columns = [f.name for f in field.message_type.fields]
            for column in columns:
                table.add_column(column, overflow="fold")
            for row in rows or []:
                table.add_row(*(escape(_shown(row.get(c, ""))) for c in columns))
            out.print(table)
        elif rows not in (None, "", [], {}):
            out.print(f"{field.name}: {escape(_shown(rows))}")
    if not any(f.name == "seats" for f in section.DESCRIPTOR.fields):
        out.print(seats)


def _print_munchkin_view(view: pb.GameView) -> None:
    """The munchkin family's view: seats with level, race/class, items and hand, and the combat."""
    out = _out()
    seats = Table()
    for column in ("seat", "name", "sex", "level", "race/class", "items", "hand", "strength"):
        seats.add_column(column, overflow="fold")
    for seat in view.seats:
        items = ", ".join(f"{i.card}{'' if i.in_use else ' (carried)'}" for i in seat.items)
        known = [*seat.hand, *([f"{seat.hand_unknown} unknown"] if seat.hand_unknown else [])]
        hand = f"{seat.hand_size} ({', '.join(known)})" if known else str(seat.hand_size)
        marker = "▶ " if seat.seat == view.active_seat else ""
        seats.add_row(
            f"{marker}{seat.seat}",
            escape(seat.name) + (" †" if seat.dead else ""),
            _word(pb.Sex.DESCRIPTOR, seat.sex),
            str(seat.level),
            ", ".join([*seat.races, *seat.classes]) or "human",
            escape(items),
            escape(hand),
            escape(reads(seat.breakdown)) if seat.HasField("breakdown") else "",
        )
    out.print(seats)
    if view.HasField("combat"):
        combat = view.combat
        out.print(
            f"[bold]combat[/] ({escape(combat.stage)}): seat {combat.fighter}"
            + (f" helped by seat {combat.helper}" if combat.HasField("helper") else "")
            + f", players {combat.players_strength} vs monsters {combat.monsters_strength}"
        )
        if combat.HasField("players_breakdown"):
            out.print(f"  players: {escape(reads(combat.players_breakdown))}")
            out.print(f"  monsters: {escape(reads(combat.monsters_breakdown))}")
        for index, monster in enumerate(combat.monsters):
            gone = " (eliminated)" if monster.eliminated else ""
            mods = f" [{', '.join(monster.modifiers)}]" if monster.modifiers else ""
            out.print(
                f"  {index}: {escape(monster.card)} level {monster.level}, "
                f"strength {escape(reads(monster.breakdown)) if monster.HasField('breakdown') else monster.strength}"
                f"{escape(mods)}{gone}"
            )


def page_links(page: str, game: pb.CreateGameResponse) -> list[tuple[str, str]]:
    """Each seat's, the organizer's and the spectator's link to the table page
    (docs/web.md): the game and token in the fragment, which no browser sends."""
    base = page.split("#", 1)[0]
    links = [(f"seat {s.seat}", f"{base}#{urlencode({'game': game.game_id, 'token': s.token, 'seat': s.seat})}")
             for s in game.seat_tokens]
    links.append(("organizer", f"{base}#{urlencode({'game': game.game_id, 'token': game.organizer_token})}"))
    links.append(("spectator", f"{base}#{urlencode({'game': game.game_id, 'token': game.spectator_token})}"))
    return links


def _print_credentials(game: pb.CreateGameResponse, page: str | None = None) -> None:
    out = _out()
    out.print(f"[bold]game[/] {game.game_id}  ({escape(game.rules_version)})")
    tokens = [*(t.token for t in game.seat_tokens), game.organizer_token, game.spectator_token]
    table = Table()
    table.add_column("role", no_wrap=True)
    table.add_column("name", overflow="fold")
    # Tokens are never wrapped or cropped, so they can be copied as printed.
    table.add_column("token", no_wrap=True, min_width=max(map(len, tokens)))
    names = {s.seat: s.name for s in game.view.seats}
    for seat in game.seat_tokens:
        table.add_row(f"seat {seat.seat}", escape(names.get(seat.seat, "")), seat.token)
    table.add_row("organizer", "", game.organizer_token)
    table.add_row("spectator", "", game.spectator_token)
    out.print(table)
    if page is not None:
        out.print("[bold]table page[/] (each link holds its token):")
        for role, link in page_links(page, game):
            out.print(f"{role}: {link}", soft_wrap=True, highlight=False, markup=False)


def _print_dispute(dispute: pb.Dispute) -> None:
    out = _out()
    status = _word(pb.DisputeStatus.DESCRIPTOR, dispute.status)
    out.print(
        f"[bold]dispute {dispute.dispute_id}[/] ({status}) by seat {dispute.opened_by} "
        f"about version {dispute.event_version}: {escape(dispute.reason)}"
    )
    verdict = "legal" if dispute.recheck_legal else "[red]not legal[/]"
    out.print(f"re-check: {verdict} - {escape(dispute.recheck_summary)}")
    if dispute.recheck_ruling.rule_id:
        for line in _ruling_lines(dispute.recheck_ruling):
            out.print(line)
    if dispute.resolution_note:
        out.print(f"note: {escape(dispute.resolution_note)}")


def _print_audit(audit: pb.AuditResponse) -> None:
    out = _out()
    verdict = "[green]clean[/]" if audit.clean else f"[red]{len(audit.discrepancies)} discrepancies[/]"
    out.print(f"audit ({escape(audit.rules_version)}): {audit.events_checked} events checked, {verdict}")
    if audit.discrepancies:
        table = Table()
        for column in ("version", "kind", "rule", "detail"):
            table.add_column(column, overflow="fold")
        for d in audit.discrepancies:
            rule = d.ruling.rule_id
            detail = d.detail or d.ruling.explanation
            table.add_row(str(d.version), d.kind, rule, escape(detail))
        out.print(table)


# --------------------------------------------------------------------------- action fields


def _action_fields(args: list[str], data: str | None) -> dict[str, Any]:
    """The action's fields from ``--data`` JSON and ``--arg key=value`` pairs
    (``--arg`` wins; a key given twice collects a list)."""
    fields: dict[str, Any] = {}
    if data:
        try:
            loaded = json.loads(data)
        except ValueError as exc:
            raise typer.BadParameter(f"--data is not valid JSON: {exc}") from None
        if not isinstance(loaded, dict):
            raise typer.BadParameter("--data must be a JSON object")
        fields.update(loaded)
    pairs: dict[str, Any] = {}
    for arg in args:
        key, sep, value = arg.partition("=")
        key = key.strip()
        if not sep or not key:
            raise typer.BadParameter(f"--arg {arg!r} must look like key=value")
        if key in pairs:
            previous = pairs[key]
            pairs[key] = [*previous, value] if isinstance(previous, list) else [previous, value]
        else:
            pairs[key] = value
    fields.update(pairs)
    return fields


ArgOpt = Annotated[
    Optional[list[str]],
    typer.Option(
        "--arg", "-a", help="An action field as key=value (repeat for several).", show_default=False
    ),
]
DataOpt = Annotated[
    Optional[str],
    typer.Option("--data", "-d", help="The action's fields as one JSON object.", show_default=False),
]
FamilyOpt = Annotated[
    Optional[str],
    typer.Option("--family", help="The family of the action (default: the game's).", show_default=False),
]


# --------------------------------------------------------------------------- commands


def _print_rulesets(response: rpb.ListRulesetsResponse) -> None:
    out = _out()
    for info in response.rulesets:
        out.print(f"[bold]{escape(info.name)}[/] ({escape(info.rules_version)}, family {escape(info.family)}): "
                  f"{escape(info.title)}")
        out.print(f"  seats: {info.min_seats} to {info.max_seats}; modes: {', '.join(info.modes)}")
        for trait in info.seat_traits:
            out.print(f"  seat trait [bold]{escape(trait.name)}[/]: {' | '.join(trait.values)} - {escape(trait.doc)}")
        if not info.seat_traits:
            out.print("  seat traits: none (--seat NAME)")
        if info.options:
            table = Table(title=f"options of {info.name} (--option name=value)")
            for column in ("option", "type", "default", "range", "doc"):
                table.add_column(column, overflow="fold")
            for o in info.options:
                low = str(o.minimum) if o.HasField("minimum") else ""
                high = str(o.maximum) if o.HasField("maximum") else ""
                table.add_row(o.name, o.type, o.default_value, f"{low} to {high}" if low or high else "",
                              escape(o.doc))
            out.print(table)
        for variant in info.variants:
            out.print(f"  variant [bold]{escape(variant.name)}[/]: {escape(variant.doc)}")
        out.print(f"  actions: {', '.join(info.action_kinds)}")
        if info.card_kinds:
            out.print(f"  card kinds: {', '.join(info.card_kinds)}")


@app.command()
def rulesets(
    target: TargetOpt = DEFAULT_TARGET,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """List the rulesets the judge knows: seats, traits, options, variants, actions."""
    with _client(target, None, lang, json_output) as client:
        response = client.list_rulesets()
    if json_output:
        _print_json(response)
    else:
        _print_rulesets(response)


DbOpt = Annotated[Path, typer.Option(
    "--db", envvar="JUDGE_DB", help="The SQLite database file (created if missing), unless --database-url.")]
DatabaseUrlOpt = Annotated[Optional[str], typer.Option(
    "--database-url", envvar="JUDGE_DATABASE_URL",
    help="postgresql://USER:PASSWORD@HOST:PORT/DBNAME: keep the record in PostgreSQL instead.",
    show_default=False)]
PoolSizeOpt = Annotated[Optional[int], typer.Option(
    "--database-pool-size", envvar="JUDGE_DATABASE_POOL_SIZE",
    help="PostgreSQL connections kept open per process (default 5).", show_default=False)]
SchemaOpt = Annotated[Optional[str], typer.Option(
    "--database-schema", envvar="JUDGE_DATABASE_SCHEMA",
    help="PostgreSQL schema holding the tables (default public).", show_default=False)]
WaitOpt = Annotated[float, typer.Option(
    "--database-wait", envvar="JUDGE_DATABASE_WAIT",
    help="Seconds to keep retrying an unreachable database before giving up.")]


def _storage(db: Path, database_url: str | None, pool_size: int | None, schema: str | None,
             wait: float) -> Any:
    """The configured storage (judge/storage.py); a bad setting is a usage error."""
    from judge.storage import Storage, StorageError

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
    from judge.storage import StorageError
    from judge.storage import migrate as run

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
        help="The judge's signing key (PEM): check every game's credentials with it; default DB.key "
             "beside a SQLite file, if there is one.", show_default=False)] = None,
    json_output: JsonOpt = False,
) -> None:
    """Run the full integrity check of the stored record; exit 3 if damaged.

    Every event decodes, every hash chain holds, every game replays through
    the rules and matches its snapshots; with the server key, every stored
    token hash carries a valid MAC and every sealed seed opens. A running
    judge may share the database meanwhile."""
    from judge.domain.chain import KeyFileError, ServerKey
    from judge.errors import CorruptRecord
    from judge.storage import StorageError, open_for_check

    storage = _storage(db, database_url, pool_size, schema, wait)
    key_file = key
    if key_file is None and not storage.is_postgres and Path(f"{storage.path}.key").exists():
        key_file = Path(f"{storage.path}.key")
    try:
        server_key = ServerKey.load(key_file) if key_file is not None else None
    except KeyFileError as exc:
        raise typer.BadParameter(f"--key: {exc}") from None
    try:
        app_ = open_for_check(storage, server_key)
    except StorageError as exc:
        _err().print(f"[red]error[/]: {escape(str(exc))}")
        raise typer.Exit(2) from None
    try:
        stats = app_.check_integrity(replay=True, credentials=server_key is not None)
    except CorruptRecord as exc:
        if json_output:
            _print_json({"ok": False, "problem": str(exc)})
        else:
            _err().print(f"[red]damaged[/]: {escape(str(exc))}")
        raise typer.Exit(3) from None
    finally:
        app_.close()
    if json_output:
        _print_json({"ok": True, **stats, "credentials_checked": server_key is not None})
    else:
        _out().print(f"[green]record intact[/] in {escape(storage.describe())}: {stats['games']} games, "
                     f"{stats['events']} events, {stats['snapshots']} snapshots, "
                     + (f"{stats['credentials']} games' credentials" if server_key is not None else
                        "credentials not checked (give --key)"))



@app.command()
def bench(
    quick: Annotated[bool, typer.Option("--quick", help="A tiny run that proves the benchmark works "
                                        "(its figures mean nothing).")] = False,
    games: Annotated[int, typer.Option(min=1, max=32, help="Games played at once (one client thread each).")] = 16,
    commands: Annotated[int, typer.Option(min=1, help="Commands per game and round.")] = 60,
    rounds: Annotated[int, typer.Option(min=1, help="Rounds; each figure shows min/median/max.")] = 3,
    seed: Annotated[int, typer.Option(help="Seed of the deals and of the chooser (same seed, same games).")] = 1,
    json_output: JsonOpt = False,
) -> None:
    """Measure the judge against the stack's own ceiling (a bare gRPC echo,
    and an echo plus one durable append) in one run; see docs/benchmark.md."""
    from judge.bench import BenchConfig, render, run

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
        str, typer.Option(envvar="JUDGE_LISTEN", help="HOST:PORT to listen on (port 0: any free port).")
    ] = "127.0.0.1:50051",
    db: DbOpt = Path("./judge.sqlite3"),
    database_url: DatabaseUrlOpt = None,
    pool_size: PoolSizeOpt = None,
    schema: SchemaOpt = None,
    wait: WaitOpt = 60.0,
    tls_cert: Annotated[Optional[Path], typer.Option(
        "--tls-cert", envvar="JUDGE_SERVER_TLS_CERT", help="PEM server certificate (chain): serve with TLS.",
        show_default=False)] = None,
    tls_key: Annotated[Optional[Path], typer.Option(
        "--tls-key", envvar="JUDGE_SERVER_TLS_KEY", help="PEM private key of the server certificate.",
        show_default=False)] = None,
    tls_client_ca: Annotated[Optional[Path], typer.Option(
        "--tls-client-ca", envvar="JUDGE_SERVER_TLS_CLIENT_CA",
        help="PEM CA: require client certificates it signed (mutual TLS).", show_default=False)] = None,
    key: Annotated[Optional[Path], typer.Option(
        "--key", envvar="JUDGE_SERVER_KEY_FILE",
        help="Ed25519 signing key (PEM, mode 0600); default DB.key, created on first start.",
        show_default=False)] = None,
    admin_token_file: Annotated[Optional[Path], typer.Option(
        "--admin-token-file", envvar="JUDGE_ADMIN_TOKEN_FILE",
        help="File with the admin token (imports; organizer of every game); default "
             "DB.admin-token, created on first start.", show_default=False)] = None,
    rate_limit: Annotated[float, typer.Option(
        "--rate-limit", envvar="JUDGE_RATE_LIMIT", help="Calls per second per token (0: no limit).")] = 50.0,
    rate_burst: Annotated[int, typer.Option(
        "--rate-burst", envvar="JUDGE_RATE_BURST", help="Calls at once per token.")] = 200,
    client_rate_limit: Annotated[float, typer.Option(
        "--client-rate-limit", envvar="JUDGE_CLIENT_RATE_LIMIT",
        help="Calls per second per client address, all its tokens together (0: no limit).")] = 200.0,
    client_rate_burst: Annotated[int, typer.Option(
        "--client-rate-burst", envvar="JUDGE_CLIENT_RATE_BURST", help="Calls at once per client address.")] = 400,
    create_limit: Annotated[float, typer.Option(
        "--create-limit", envvar="JUDGE_CREATE_LIMIT",
        help="Games created per minute per client address (0: no limit).")] = 6.0,
    create_burst: Annotated[int, typer.Option(
        "--create-burst", envvar="JUDGE_CREATE_BURST", help="Games created at once per client address.")] = 50,
    create_token_file: Annotated[Optional[Path], typer.Option(
        "--create-token-file", envvar="JUDGE_CREATE_TOKEN_FILE",
        help="File with a creator token (mode 0600) that CreateGame then needs (the admin token serves too); "
             "default: anyone may create games.", show_default=False)] = None,
    workers: Annotated[int, typer.Option(
        "--workers", envvar="JUDGE_WORKERS",
        help="Calls served at once (worker threads); at most half of them streams.")] = 64,
    max_streams_per_client: Annotated[int, typer.Option(
        "--max-streams-per-client", envvar="JUDGE_MAX_STREAMS_PER_CLIENT",
        help="Replay and Watch streams open at once per client address.")] = 8,
    max_watch_per_game: Annotated[int, typer.Option(
        "--max-watch-per-game", envvar="JUDGE_MAX_WATCH_PER_GAME", help="Watch streams open at once per game.")
    ] = 16,
    trusted_proxies: Annotated[str, typer.Option(
        "--trusted-proxies", envvar="JUDGE_TRUSTED_PROXIES",
        help="Comma-separated addresses or networks of proxies (e.g. Envoy) whose calls count for the client "
             "their x-forwarded-for names (default: none).", show_default=False)] = "",
    stream_stall_timeout: Annotated[float, typer.Option(
        "--stream-stall-timeout", envvar="JUDGE_STREAM_STALL_TIMEOUT",
        help="Seconds a stream's message may wait for its client to read before the stream is cancelled "
             "(0: never).")] = 30.0,
    max_games: Annotated[Optional[int], typer.Option(
        "--max-games", envvar="JUDGE_MAX_GAMES", help="Most games the server holds.", show_default=False)] = None,
    max_events_per_game: Annotated[Optional[int], typer.Option(
        "--max-events-per-game", envvar="JUDGE_MAX_EVENTS_PER_GAME", help="Most events a game may have.",
        show_default=False)] = None,
    max_message_bytes: Annotated[int, typer.Option(
        "--max-message-bytes", envvar="JUDGE_MAX_MESSAGE_BYTES", help="Largest request in bytes.")
    ] = 32 * 1024 * 1024,
    startup_check: Annotated[Optional[str], typer.Option(
        "--startup-check", envvar="JUDGE_STARTUP_CHECK",
        help="full (replay every game), quick (decoding and hash chains) or none; "
             "default full on SQLite, quick on PostgreSQL (judge check runs the full one).",
        show_default=False)] = None,
    metrics_listen: Annotated[Optional[str], typer.Option(
        "--metrics-listen", envvar="JUDGE_METRICS_LISTEN",
        help="HOST:PORT to serve Prometheus metrics on, at /metrics (default: no metrics).",
        show_default=False)] = None,
    web_listen: Annotated[Optional[str], typer.Option(
        "--web-listen", envvar="JUDGE_WEB_LISTEN",
        help="HOST:PORT to serve the table page and gRPC-Web for browsers on (default: none).",
        show_default=False)] = None,
    log_format: Annotated[str, typer.Option(
        "--log-format", envvar="JUDGE_LOG_FORMAT",
        help="auto (text on a terminal, else JSON lines), json or text.")] = "auto",
    log_level: Annotated[str, typer.Option(
        "--log-level", envvar="JUDGE_LOG_LEVEL", help="DEBUG, INFO, WARNING or ERROR.")] = "INFO",
    init: Annotated[bool, typer.Option(
        "--init", envvar="JUDGE_INIT", help="Create a new, empty database even where a key or admin token file shows that "
                       "a judge ran here before (otherwise a missing database stops the start).")] = False,
    seal_credentials: Annotated[bool, typer.Option(
        "--seal-credentials", envvar="JUDGE_SEAL_CREDENTIALS",
        help="Once, after upgrading a database written before credentials were sealed: seal its "
             "credentials with the server key (otherwise they stop the start).")] = False,
) -> None:
    """Run a judge server until SIGTERM or Ctrl-C."""
    from judge.server.admission import Admission, parse_networks
    from judge.server.interceptors import RateLimit
    from judge.server.main import StartupError, TlsConfig
    from judge.server.main import serve as run

    if (tls_cert is None) != (tls_key is None):
        raise typer.BadParameter("--tls-cert and --tls-key go together")
    if tls_client_ca is not None and tls_cert is None:
        raise typer.BadParameter("--tls-client-ca needs --tls-cert and --tls-key")
    if min(client_rate_burst, create_burst, max_streams_per_client, max_watch_per_game) < 1:
        raise typer.BadParameter("bursts and stream limits must be at least 1")
    if workers < 2:
        raise typer.BadParameter("at least 2", param_hint="--workers")
    try:
        proxies = parse_networks(trusted_proxies)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--trusted-proxies") from None
    admission = Admission(
        trusted_proxies=proxies, streams_per_client=max_streams_per_client, watch_per_game=max_watch_per_game,
        stall_s=stream_stall_timeout if stream_stall_timeout > 0 else None,
        client_rate=RateLimit(client_rate_limit, client_rate_burst) if client_rate_limit > 0 else None,
        create_rate=RateLimit(create_limit / 60, create_burst) if create_limit > 0 else None)
    try:
        tls = TlsConfig.from_files(tls_cert, tls_key, tls_client_ca) if tls_cert and tls_key else None
        run(listen, _storage(db, database_url, pool_size, schema, wait), tls=tls, key_file=key, admin_token_file=admin_token_file,
            rate_limit=RateLimit(rate_limit, rate_burst) if rate_limit > 0 else None,
            max_games=max_games, max_events_per_game=max_events_per_game,
            max_message_bytes=max_message_bytes, startup_check=startup_check, init=init,
            seal_credentials=seal_credentials,
            metrics_listen=metrics_listen, log_format=log_format, log_level=log_level,
            admission=admission, create_token_file=create_token_file, max_workers=workers,
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
        "--service", help="The service to ask about ('' for the whole server).")] = "",
    timeout: Annotated[float, typer.Option("--timeout", help="Seconds to wait for the answer.")] = 5.0,
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


@app.command()
def new(
    ruleset: Annotated[
        Optional[str], typer.Argument(help="Ruleset, e.g. munchkin (not with --position).", show_default=False)
    ] = None,
    seat: Annotated[
        Optional[list[str]],
        typer.Option("--seat", "-s", help="A seat in turn order, repeat: NAME, NAME:trait=value,... or "
                                          "NAME:value (e.g. Anna:female); see judge rulesets.",
                     show_default=False),
    ] = None,
    position: Annotated[
        Optional[Path],
        typer.Option("--position", help="Start from this position (a JSON file, docs/position.md): its ruleset, "
                                        "seats and options make the game.", show_default=False),
    ] = None,
    variant: Annotated[
        Optional[list[str]],
        typer.Option("--variant", help="A variant name; repeat for several.", show_default=False),
    ] = None,
    window_ms: Annotated[
        Optional[int], typer.Option("--window-ms", help="Interference window in ms.", show_default=False)
    ] = None,
    first_seat: Annotated[
        Optional[int], typer.Option("--first-seat", help="Seat taking the first turn.", show_default=False)
    ] = None,
    mode: Annotated[Mode, typer.Option("--mode", help="reported (physical cards) or dealt.")] = Mode.reported,
    option: Annotated[
        Optional[list[str]],
        typer.Option("--option", "-o", help="An option of the ruleset as name=value (see judge rulesets); repeat.",
                     show_default=False),
    ] = None,
    cards: Annotated[
        Optional[Path],
        typer.Option(
            "--cards", help="Custom cards: a JSON file (an object or a list), or a TOML file of [[card]] tables.",
            show_default=False
        ),
    ] = None,
    target: TargetOpt = DEFAULT_TARGET,
    token: Annotated[Optional[str], typer.Option(
        "--token", envvar="JUDGE_TOKEN", help="The creator token, where the judge requires one for new games.",
        show_default=False)] = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
    page: Annotated[Optional[str], typer.Option(
        "--page", envvar="JUDGE_PAGE",
        help="The judge's table page (judge serve --web-listen), e.g. http://192.0.2.7:8080/: also print each "
             "seat's link to it (secret, like the tokens).", show_default=False)] = None,
) -> None:
    """Create a game, or start one from a position; prints its id and the secret tokens (shown only once)."""
    if page is not None and not page.startswith(("http://", "https://")):
        raise typer.BadParameter("must start with http:// or https://", param_hint="--page")
    if position is not None:
        if ruleset or seat:
            raise typer.BadParameter("--position gives the ruleset and the seats; name neither")
        text = _position_text(position)
        with _client(target, None, lang, json_output) as client:
            game = client.create_game_from_position(text)
        if json_output:
            _print_json(game)
        else:
            _print_credentials(game, page)
        return
    if not ruleset or not seat:
        raise typer.BadParameter("name the ruleset and at least one --seat (or give --position)")
    custom: list[Any] = []
    if cards is not None:
        try:
            text = cards.read_text(encoding="utf-8")
            # A TOML file lists its cards as [[card]] tables (docs/monkic.md).
            loaded = tomllib.loads(text).get("card", []) if cards.suffix == ".toml" else json.loads(text)
        except (OSError, ValueError) as exc:
            raise typer.BadParameter(f"--cards {cards}: {exc}") from None
        custom = loaded if isinstance(loaded, list) else [loaded]
    options: dict[str, str] = {}
    for given in option or ():
        name, sep, value = given.partition("=")
        if not sep or not name.strip():
            raise typer.BadParameter(f"--option {given!r} must look like name=value")
        options[name.strip()] = value.strip()
    with _client(target, token, lang, json_output) as client:
        game = client.create_game(
            ruleset,
            seat,
            variants=variant or (),
            mode=mode.value,
            interference_window_ms=window_ms,
            first_seat=first_seat,
            custom_cards=custom,
            options=options,
        )
    if json_output:
        _print_json(game)
    else:
        _print_credentials(game, page)


@app.command()
def submit(
    game_id: GameArg,
    seat: Annotated[int, typer.Argument(help="The acting seat.")],
    kind: Annotated[str, typer.Argument(help="The action, e.g. kick_door (judge rulesets lists each game's).")],
    arg: ArgOpt = None,
    data: DataOpt = None,
    family: FamilyOpt = None,
    command_id: Annotated[
        Optional[str],
        typer.Option("--command-id", help="Id for safe retries (default: a new UUID).", show_default=False),
    ] = None,
    expected_version: Annotated[
        Optional[int],
        typer.Option("--expected-version", help="Apply only at this game version.", show_default=False),
    ] = None,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Submit an action; a rejected one prints the ruling."""
    fields = _action_fields(arg or [], data)
    with _client(target, token, lang, json_output) as client:
        command = command_of(
            seat, kind, fields, family=family or client.family_for(game_id, kind), command_id=command_id or "",
            expected_version=expected_version,
        )
        result = client.submit_command(game_id, command)
    if json_output:
        _print_json(result)
        return
    note = " (duplicate: already recorded)" if result.duplicate else ""
    _out().print(f"[green]accepted[/]: game at version {result.version}{note}")
    _out().print(_events_table(result.events))


@app.command()
def ask(
    game_id: Annotated[str, typer.Argument(help="The game (with --position: the seat).")],
    seat: Annotated[str, typer.Argument(help="The seat that would act (with --position: the action).")],
    kind: Annotated[Optional[str], typer.Argument(help="The action.", show_default=False)] = None,
    arg: ArgOpt = None,
    data: DataOpt = None,
    family: FamilyOpt = None,
    position: Annotated[
        Optional[Path],
        typer.Option("--position", help="Ask on this position (a JSON file) instead of a game.", show_default=False),
    ] = None,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Would this action be allowed now? Records nothing. With --position FILE SEAT ACTION: on a
    position, with no game kept; prints the ruling and the position's breakdowns and forecast."""
    fields = _action_fields(arg or [], data)
    if position is not None:
        if kind is not None:
            raise typer.BadParameter("with --position give SEAT ACTION, no game")
        _ask_position(position, game_id, seat, fields, family, target, lang, json_output)
        return
    if kind is None:
        raise typer.BadParameter("give GAME SEAT ACTION (or --position FILE SEAT ACTION)")
    with _client(target, token, lang, json_output) as client:
        command = command_of(_seat_number(seat), kind, fields, family=family or client.family_for(game_id, kind))
        answer = client.ask_command(game_id, command)
    if json_output:
        _print_json(answer)
        return
    out = _out()
    if answer.allowed:
        out.print("[green]allowed[/]")
        if answer.events:
            out.print(_events_table(answer.events, "it would record"))
    else:
        out.print("[red]not allowed[/]")
        for line in _ruling_lines(answer.ruling):
            out.print(line)


def _seat_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise typer.BadParameter(f"the seat is a number, not {text!r}") from None


def _position_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise typer.BadParameter(f"--position {path}: {exc}") from None


def _ask_position(path: Path, seat: str, kind: str, fields: dict[str, Any], family: str | None, target: str,
                  lang: Language, json_output: bool) -> None:
    text = _position_text(path)
    try:
        named = json.loads(text).get("family", ROOT_FAMILY)
    except (ValueError, AttributeError):
        named = ROOT_FAMILY  # the judge names what is wrong with the file
    with _client(target, None, lang, json_output) as client:
        command = command_of(_seat_number(seat), kind, fields, family=family or str(named))
        answer = client.ask_position(text, command)
    if json_output:
        _print_json(answer)
        return
    out = _out()
    if answer.allowed:
        out.print("[green]allowed[/]")
        if answer.events:
            out.print(_events_table(answer.events, "it would record"))
    else:
        out.print("[red]not allowed[/]")
        for line in _ruling_lines(answer.ruling):
            out.print(line)
    for renderable in analysis_renderables(answer.analysis):
        out.print(renderable)


@app.command()
def position(
    game_id: GameArg,
    at: Annotated[int, typer.Option("--at", help="A past version (0: now).")] = 0,
    output: Annotated[
        Optional[Path], typer.Option("--output", "-o", help="Write to this file (default: print).",
                                     show_default=False)
    ] = None,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Write the game's position (as your token may see it), now or at --at N; judge new --position loads it."""
    with _client(target, token, lang, json_output) as client:
        data = client.get_position(game_id, at)
    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if output is None:
        typer.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8")


@app.command()
def legal(
    game_id: GameArg,
    seat: Annotated[int, typer.Argument(help="The seat asked about.")],
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """List the actions a seat may take now."""
    with _client(target, token, lang, json_output) as client:
        result = client.legal_actions(game_id, seat)
    if json_output:
        _print_json(result)
        return
    table = Table(title=f"seat {seat} at version {result.version}")
    for column in ("action", "fields", "description"):
        table.add_column(column, overflow="fold")
    described: set[str] = set()
    for action in result.actions:
        _, message = action_of(action.command)
        fields = json_format.MessageToDict(message, preserving_proto_field_name=True) if message else {}
        description = "" if action.kind in described else action.description
        described.add(action.kind)
        shown = json.dumps(fields, ensure_ascii=False) if fields else ""
        table.add_row(action.kind, escape(shown), escape(description))
    _out().print(table)


@app.command()
def view(
    game_id: GameArg,
    at: Annotated[int, typer.Option("--at", help="A past version (0: now).")] = 0,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Show the game as your token may see it."""
    with _client(target, token, lang, json_output) as client:
        result = client.get_view(game_id, at)
    if json_output:
        _print_json(result.view)
    else:
        _print_view(result.view)


@app.command()
def replay(
    game_id: GameArg,
    from_version: Annotated[int, typer.Option("--from", help="First version.")] = 1,
    to_version: Annotated[int, typer.Option("--to", help="Last version (0: the newest).")] = 0,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Replay stored events (with --json: one step a line, each with its state)."""
    with _client(target, token, lang, json_output) as client:
        steps = list(client.replay(game_id, from_version, to_version))
    if json_output:
        for step in steps:
            _print_json(step, compact=True)
        return
    _out().print(_events_table([s.event for s in steps]))
    if steps:
        last = steps[-1].view
        _out().print(
            f"after version {last.version}: turn {last.turn}, seat {last.active_seat}, {escape(last.phase)}"
        )


@app.command()
def watch(
    game_id: GameArg,
    after: Annotated[int, typer.Option("--after", help="Start after this version (0: from the start).")] = 0,
    count: Annotated[int, typer.Option("--count", help="Stop after this many events (0: never).")] = 0,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Follow a game live until Ctrl-C (or --count events)."""
    seen = 0
    with _client(target, token, lang, json_output) as client:
        with client.watch(game_id, after) as stream:
            try:
                for step in stream:
                    if json_output:
                        _print_json(step, compact=True)
                    else:
                        e = step.event
                        seat = f" seat {e.seat}" if e.HasField("seat") else ""
                        _out().print(f"{e.version} {e.kind}{seat} {e.action} {escape(e.summary)}".rstrip())
                    sys.stdout.flush()
                    seen += 1
                    if count and seen >= count:
                        break
            except KeyboardInterrupt:
                pass


@dispute_app.command("open")
def dispute_open(
    game_id: GameArg,
    seat: Annotated[int, typer.Argument(help="Your seat.")],
    version: Annotated[int, typer.Argument(help="The disputed event's version.")],
    reason: Annotated[str, typer.Argument(help="The complaint, in your words.")],
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Dispute an event; prints the judge's immediate re-check."""
    with _client(target, token, lang, json_output) as client:
        result = client.open_dispute(game_id, seat, version, reason)
    if json_output:
        _print_json(result)
    else:
        _print_dispute(result.dispute)


@dispute_app.command("resolve")
def dispute_resolve(
    game_id: GameArg,
    dispute_id: Annotated[int, typer.Argument(help="The dispute.")],
    uphold: Annotated[bool, typer.Option("--uphold/--dismiss", help="Uphold (roll back) or dismiss.")],
    note: Annotated[str, typer.Option("--note", help="Your note on the decision.")] = "",
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Uphold or dismiss a dispute (organizer token)."""
    with _client(target, token, lang, json_output) as client:
        result = client.resolve_dispute(game_id, dispute_id, uphold, note)
    if json_output:
        _print_json(result)
    else:
        _print_dispute(result.dispute)
        _out().print(f"game now at version {result.view.version}")


@dispute_app.command("list")
def dispute_list(
    game_id: GameArg,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """List a game's disputes, oldest first."""
    with _client(target, token, lang, json_output) as client:
        result = client.list_disputes(game_id)
    if json_output:
        _print_json(result)
        return
    if not result.disputes:
        _out().print("no disputes")
    for dispute in result.disputes:
        _print_dispute(dispute)


@app.command()
def export(
    game_id: GameArg,
    out: Annotated[
        Optional[Path],
        typer.Option("--out", "-o", help="Write to this file instead of stdout.", show_default=False),
    ] = None,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
) -> None:
    """Export a game's record (JSON Lines)."""
    with _client(target, token, lang, False) as client:
        record = client.export_game(game_id).record
    if out is None:
        typer.echo(record, nl=not record.endswith("\n"))
    else:
        out.write_text(record, encoding="utf-8")
        _err().print(f"wrote {out}")


@app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="A record written by export ('-': stdin).", allow_dash=True)],
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Import a record as a new game (with new tokens) after auditing it
    (the server's admin token)."""
    record = sys.stdin.read() if str(file) == "-" else file.read_text(encoding="utf-8")
    with _client(target, token, lang, json_output) as client:
        result = client.import_game(record)
    if json_output:
        _print_json(result)
    else:
        _print_credentials(result.game)
        _print_audit(result.audit)


@app.command()
def audit(
    game_id: Annotated[
        Optional[str], typer.Argument(help="A game on the server.", show_default=False)
    ] = None,
    file: Annotated[
        Optional[Path],
        typer.Option("--file", help="Audit a record file offline instead (no server).", show_default=False),
    ] = None,
    current_rules: Annotated[
        bool, typer.Option("--current-rules", help="Judge with today's rules, not the pinned ones.")
    ] = False,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Re-check every stored event of a game, on the server or offline.

    Exits with status 3 when the audit finds discrepancies."""
    if (game_id is None) == (file is None):
        raise typer.BadParameter("give either a GAME_ID or --file FILE")
    if file is not None:
        result = _audit_offline(file, current_rules, lang.value)
    else:
        assert game_id is not None
        with _client(target, token, lang, json_output) as client:
            result = client.audit(game_id, current_rules)
    if json_output:
        _print_json(result)
    else:
        _print_audit(result)
    if not result.clean:
        raise typer.Exit(3)


def _audit_offline(file: Path, current_rules: bool, lang: str) -> pb.AuditResponse:
    """Audit a record file with the judge's own code, no server involved."""
    from judge.record import RecordError, audit_record, read_record
    from judge.server.convert import audit_to_proto

    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise typer.BadParameter(f"--file {file}: {exc}") from None
    try:
        record = read_record(text)
    except RecordError as exc:
        _err().print(f"[red]error[/]: {escape(str(file))}: {escape(exc.message)}")
        raise typer.Exit(1) from None
    return audit_to_proto(audit_record(record, current_rules=current_rules), lang)


class Role(str, Enum):
    """Whose token ``rotate`` replaces."""

    seat = "seat"
    organizer = "organizer"
    spectator = "spectator"


@app.command()
def rotate(
    game_id: GameArg,
    role: Annotated[Role, typer.Argument(help="seat, organizer or spectator.")],
    seat: Annotated[int, typer.Option("--seat", help="The seat, for role seat.")] = 0,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Replace a token of a game (organizer token); prints the new one."""
    with _client(target, token, lang, json_output) as client:
        new_token = client.rotate_token(game_id, role.value, seat)
    if json_output:
        _print_json({"token": new_token})
    else:
        _out().print(new_token, soft_wrap=True)


@app.command()
def key(
    target: TargetOpt = DEFAULT_TARGET,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Show the server's public signing key (to pin with --server-key)."""
    with _client(target, None, lang, json_output) as client:
        result = client.get_server_key()
    if json_output:
        _print_json({"algorithm": result.algorithm, "public_key": bytes(result.public_key).hex(),
                     "key_id": result.key_id})
    else:
        _out().print(f"{result.algorithm} key {result.key_id}\npublic key {bytes(result.public_key).hex()}")


@app.command()
def verify(
    file: Annotated[Path, typer.Argument(help="A complete record written by export.")],
    server_key: Annotated[Optional[str], typer.Option(
        "--key", help="The server's public key (hex) to check against; default: the key named in "
                      "the record (then $JUDGE_SERVER_KEY, if set, pins it).",
        show_default=False)] = None,
    receipts: Annotated[Optional[Path], typer.Option(
        "--receipts", help="Receipts a client kept (JSON lines or a JSON list; as the judge's receipts or "
                           "protobuf JSON): report every one the record does not contain.",
        show_default=False)] = None,
    json_output: JsonOpt = False,
) -> None:
    """Verify a record offline: every line as written, the hash chain, every
    receipt and the seal against the server key, then the rules (the audit;
    for a finished dealt game with its revealed seed); with --receipts, also
    that the record contains every receipt a client holds. Exits 3 when
    anything is wrong."""
    from judge_client.receipts import public_key_from_text
    from judge.held_receipts import ReceiptsReport, check_receipts, parse_receipts
    from judge.record import SEED, RecordError, audit_record, read_record, revealed_seed, verify_record

    try:
        data = file.read_bytes()
    except OSError as exc:
        raise typer.BadParameter(f"{file}: {exc.strerror or exc}") from None
    pin_text = server_key or _CONNECTION.server_key
    try:
        pin = public_key_from_text(pin_text) if pin_text else None
    except ValueError as exc:
        raise typer.BadParameter(f"--key: {exc}") from None
    integrity = verify_record(data, pin)
    if pin is None:
        # A record re-signed with another key names that key in its header: only a pin finds it.
        _err().print("[yellow]warning[/]: no server key pinned (--key, judge --server-key or "
                     "JUDGE_SERVER_KEY): checked against the key the record names itself, which "
                     "proves only that whoever holds that key wrote it")
    held: ReceiptsReport | None = None
    if receipts is not None:
        try:
            held_text = receipts.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise typer.BadParameter(f"--receipts {receipts}: {exc}") from None
        held = check_receipts(data.decode("utf-8", "replace"), parse_receipts(held_text), pin)
    discrepancies: list[dict[str, Any]] = []
    audited = False
    seed_pending = False
    try:
        record = read_record(data.decode("utf-8", "replace"))
        report = audit_record(record)
        audited = True
        # A dealt game still running: its seed is not revealed, so it was replayed, not re-judged.
        seed_pending = (record.header.setup.get("mode") == "dealt" and revealed_seed(record) is None
                        and bool(report.discrepancies) and all(d.kind == SEED for d in report.discrepancies))
        discrepancies = [{"version": d.version, "kind": d.kind, "detail": d.detail,
                          "rule_id": d.ruling.rule_id if d.ruling else ""} for d in report.discrepancies]
    except RecordError as exc:
        discrepancies = [{"version": 0, "kind": "malformed", "detail": exc.message, "rule_id": ""}]
    ok = integrity.ok and audited and not discrepancies and (held is None or held.ok)
    pending = integrity.ok and audited and seed_pending and (held is None or held.ok)
    if json_output:
        _print_json({
            "ok": ok,
            "seed_pending": pending,
            "key_id": integrity.key_id,
            "pinned": integrity.pinned,
            "events": integrity.events,
            "receipts_valid": integrity.receipts_valid,
            "sealed": integrity.sealed,
            "chain_head": integrity.chain_head,
            "problems": [{"line": p.line, "version": p.version, "what": p.what, "message": p.message}
                         for p in integrity.problems],
            "discrepancies": discrepancies,
            **({"receipts_held": {
                "contained": len(held.contained),
                "other_games": [h.number for h in held.other_games],
                "missing": [{"receipt": h.number, "game_id": h.receipt.game_id if h.receipt else "",
                             "from_version": h.receipt.from_version if h.receipt else 0,
                             "to_version": h.receipt.to_version if h.receipt else 0,
                             "problem": h.problem} for h in held.missing],
            }} if held is not None else {}),
        })
    else:
        out = _out()
        signer = f"key {integrity.key_id}" + (" (pinned)" if integrity.pinned else " (named in the record)")
        out.print(f"record {escape(str(file))}: {integrity.events} events, "
                  f"{integrity.receipts_valid}/{integrity.receipts} receipts valid, "
                  f"{'sealed' if integrity.sealed else 'not sealed'} by {signer}")
        if integrity.problems:
            first = integrity.first
            assert first is not None
            out.print(f"[red]altered[/]: first at {escape(str(first))}")
            for problem in integrity.problems[1:]:
                out.print(f"  {escape(str(problem))}")
        else:
            out.print("[green]chain, receipts and seal intact[/]")
        if discrepancies:
            out.print(f"[red]audit: {len(discrepancies)} discrepancies[/]")
            for d in discrepancies:
                out.print(f"  version {d['version']} {d['kind']} {escape(d['rule_id'])} {escape(d['detail'])}")
        elif audited:
            out.print("[green]audit clean[/]: every event follows from the rules")
        if held is not None:
            _print_held(held)
        if pending:
            out.print("[yellow]intact[/], but the seed of this dealt game is not revealed yet "
                      "(exit status 4): verify again when the game has ended")
    if pending:
        raise typer.Exit(4)
    if not ok:
        raise typer.Exit(3)


def _print_held(held: Any) -> None:
    """The result of ``judge verify --receipts`` (a ``ReceiptsReport``)."""
    out = _out()
    if held.other_games:
        out.print(f"receipts: {len(held.other_games)} for other games than {escape(held.game_id)} not checked "
                  f"(receipts {', '.join(str(h.number) for h in held.other_games)})")
    if held.missing:
        out.print(f"[red]receipts: {len(held.missing)} not contained in the record[/] "
                  f"({len(held.contained)} contained)")
        for h in held.missing:
            out.print(f"  {escape(str(h))}: {escape(h.problem)}")
    elif held.contained:
        out.print(f"[green]receipts: all {len(held.contained)} contained in the record[/]")
    else:
        out.print(f"[red]receipts: none is for game {escape(held.game_id)}[/]")


def main() -> None:
    """Entry point of the ``judge`` console script.

    The client package installs without the server (clients/python); the
    commands that run or read a judge's own database or re-judge a record
    (serve, migrate, check, verify, audit --offline) need the server package
    and say so instead of failing with a traceback."""
    try:
        app()
    except ModuleNotFoundError as exc:
        if not _is_server_module(exc.name):
            raise
        _err().print("[red]error[/]: this command needs the judge server package "
                     "(install the project itself, not only clients/python)")
        raise SystemExit(2) from None


def _is_server_module(name: str | None) -> bool:
    """A module of the server package (``judge.*`` but not the API's ``judge.v1``)."""
    return bool(name) and name is not None and (name == "judge" or name.startswith("judge.")) \
        and not name.startswith("judge.v1")


if __name__ == "__main__":
    main()
