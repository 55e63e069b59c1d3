"""``judge event ...``: run an event (a tournament of many tables, docs/events.md) as its organizer,
follow its board, and check and report its export offline.

Every word printed comes from the message catalogues (judge/common/locale), in the language of
``--lang``.
"""

from __future__ import annotations

import shlex
import time
from pathlib import Path
from typing import Annotated, Any, Optional
from urllib.parse import urlencode

import typer

from judge.common.i18n import N_, ntr, said, tr
from judge_client.card_files import read_card_file
from judge_client.client import DEFAULT_TARGET
from judge_client.event_report import STANDING_COLUMNS, STATUSES

from judge_client.cli.common import (
    JsonOpt, LangOpt, Language, Mode, TargetOpt, TokenOpt, _as_dict, _client, _err, _out, _print_json, app,
    escape,
)

event_app = typer.Typer(help="Run an event: many tables of one game, its rounds, standings and board.",
                        no_args_is_help=True)
app.add_typer(event_app, name="event")

EventArg = Annotated[str, typer.Argument(help="The event.")]
PageOpt = Annotated[Optional[str], typer.Option(
    "--page", envvar="JUDGE_PAGE",
    help="The judge's pages (judge serve --web-listen), e.g. http://192.0.2.7:8080/: also print the links to "
         "them (secret, like the tokens).", show_default=False)]
EVENT_FILE = "event.jsonl"
"""The event's own record in an export folder; every table's game record beside it as <game id>.jsonl."""


def _sizes(text: str) -> tuple[int, int]:
    low, _, high = text.partition("-")
    try:
        return int(low), int(high or low)
    except ValueError:
        raise typer.BadParameter(said(N_("--tables: expected SMALLEST-LARGEST, e.g. 4-5, not {text}"),
                                      text=repr(text))) from None


def _numbers(text: str, option: str) -> list[int]:
    try:
        return [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise typer.BadParameter(said(N_("{option}: expected numbers separated by commas, e.g. 5,3,2,1"),
                                      option=option)) from None


def _traits(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise typer.BadParameter(said(N_("--trait: expected KEY=VALUE, not {pair}"), pair=repr(pair)))
        out[key] = value
    return out


@event_app.command("create")
def create(
    name: Annotated[str, typer.Argument(help="The event's name.")],
    ruleset: Annotated[str, typer.Option("--ruleset", help="The ruleset every table plays (judge rulesets).")],
    tables: Annotated[Optional[str], typer.Option("--tables", help="Table sizes SMALLEST-LARGEST (default: the "
                                                  "ruleset's seat range).", show_default=False)] = None,
    rounds: Annotated[int, typer.Option("--rounds", help="The number of rounds.")] = 3,
    final: Annotated[int, typer.Option("--final", help="The size of the final table of the top players (0: none).")] = 0,
    points: Annotated[str, typer.Option("--points", help="Points by place, first place first.")] = "5,3,2,1",
    bye_points: Annotated[int, typer.Option("--bye-points", help="The points of a bye (two-player events).")] = 0,
    tie_breaks: Annotated[str, typer.Option("--tie-breaks", help="Tie-breaks in order.")] = "score,opponents,head_to_head",
    mode: Annotated[Mode, typer.Option("--mode", help="Table mode of every table.")] = Mode.reported,
    variant: Annotated[Optional[list[str]], typer.Option("--variant", help="A variant (repeatable).")] = None,
    cards: Annotated[Optional[Path], typer.Option("--cards", help="Custom cards of every table: a JSON file (an "
                                                  "object or a list), or a TOML file of \\[\\[card]] tables.",
                                                  show_default=False)] = None,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
    page: PageOpt = None,
    env: Annotated[bool, typer.Option(
        "--env", help='Print the id and tokens as shell export lines (EVENT, ORGANIZER, SPECTATOR): '
                      'eval "$(judge event create ... --env)", then --token "$ORGANIZER" (or '
                      'JUDGE_TOKEN=$ORGANIZER) for the organizer\'s commands.')] = False,
) -> None:
    """Create an event; prints its id, the organizer's and the spectators' token (shown once), and with
    --page the links to the event's live board: the organizer's (with the dispute queue) and the
    spectators' (read-only, for a big screen)."""
    _check_page(page)
    if env and json_output:
        raise typer.BadParameter("--env and --json are two ways to print the tokens; choose one")
    custom: list[Any] = []
    if cards is not None:
        try:
            custom = read_card_file(cards)  # JSON or TOML, as judge new --cards reads it
        except (OSError, ValueError) as exc:
            raise typer.BadParameter(f"--cards {cards}: {exc}") from None
    with _client(target, token, lang, json_output) as client:
        created = client.create_event(
            name, ruleset, variants=variant or (), mode=mode.value, table_sizes=_sizes(tables) if tables else None,
            place_points=_numbers(points, "--points"), bye_points=bye_points,
            tie_breaks=[t for t in tie_breaks.split(",") if t], rounds=rounds, final_table_size=final,
            custom_cards=custom)
    if json_output:
        _print_json(created)
        return
    if env:
        typer.echo("\n".join(f"export {name}={shlex.quote(value)}" for name, value in (
            ("EVENT", created.event_id), ("ORGANIZER", created.organizer_token),
            ("SPECTATOR", created.spectator_token))))
        return
    out, lg = _out(), lang.value
    out.print(tr(lg, "event {event}", event=created.event_id))
    out.print(tr(lg, "organizer token: {token}", token=created.organizer_token))
    out.print(tr(lg, "spectator token: {token}", token=created.spectator_token))
    out.print(tr(lg, "seed commitment (SHA-256): {commitment}", commitment=created.seed_sha256))
    if page is not None:
        for role, label, secret in (("organizer", N_("board (organizer)"), created.organizer_token),
                                    ("spectator", N_("board (spectators, for a big screen)"), created.spectator_token)):
            link = board_link(page, created.event_id, secret, role)
            out.print(f"{tr(lg, label)}: {link}", soft_wrap=True, highlight=False, markup=False)


def _check_page(page: str | None) -> None:
    if page is not None and not page.startswith(("http://", "https://")):
        raise typer.BadParameter("must start with http:// or https://", param_hint="--page")


def board_link(page: str, event_id: str, token: str, role: str) -> str:
    """The link to an event's live board (docs/events.md): the event, token and role in the fragment,
    which no browser sends."""
    base = page.split("#", 1)[0].rstrip("/")
    return f"{base}/board#{urlencode({'event': event_id, 'token': token, 'role': role})}"


def player_link(page: str, event_id: str, token: str) -> str:
    """A player's one link for the whole event: the table page opens the player's current table."""
    base = page.split("#", 1)[0]
    return f"{base}#{urlencode({'event': event_id, 'token': token})}"


@event_app.command("register")
def register(
    event_id: EventArg,
    player: Annotated[str, typer.Argument(help="The player's name.")],
    trait: Annotated[Optional[list[str]], typer.Option("--trait", help="A seat trait KEY=VALUE, e.g. sex=female.")] = None,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
    page: PageOpt = None,
    qr: Annotated[bool, typer.Option(
        "--qr/--no-qr", help="With --page: print the player's link as a QR code too.")] = True,
) -> None:
    """Register a player (organizer); prints the player's event token, which opens their table every round,
    and with --page the player's one link for the whole event (with its QR code for the player's phone)."""
    _check_page(page)
    with _client(target, token, lang, json_output) as client:
        player_token = client.register_player(event_id, player, _traits(trait or []))
    link = player_link(page, event_id, player_token) if page is not None else None
    if json_output:
        _print_json({"player": player, "player_token": player_token, **({"link": link} if link else {})})
        return
    out = _out()
    out.print(tr(lang.value, "{player}'s event token: {token}", player=escape(player), token=player_token))
    if link is not None:
        out.print(tr(lang.value, "{player}'s link (every round's table): {link}", player=player, link=link),
                  soft_wrap=True, highlight=False, markup=False)
        if qr:
            from judge_client.qr import qr_lines  # only here: the CLI starts without it

            for line in qr_lines(link):
                out.print(line, soft_wrap=True, highlight=False, markup=False)


@event_app.command("drop")
def drop(
    event_id: EventArg,
    player: Annotated[str, typer.Argument(help="The player's name.")],
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
) -> None:
    """Drop a player between rounds (organizer)."""
    with _client(target, token, lang, False) as client:
        client.drop_player(event_id, player)
    _out().print(tr(lang.value, "{player} is dropped", player=escape(player)))


def _print_round(r: Any, lang: str) -> None:
    out = _out()
    title = tr(lang, "final table (round {round})", round=r.number) if r.final else tr(lang, "round {round}", round=r.number)
    out.print(f"[bold]{escape(title)}[/]" + (f" — {tr(lang, 'time called')}" if r.time_called else ""))
    for t in r.tables:
        out.print("  " + tr(lang, "table {table}: {players}", table=t.table, players=escape(", ".join(t.players)))
                  + f"  [dim]{t.game_id}[/]")
    if r.byes:
        out.print("  " + tr(lang, "bye: {players}", players=escape(", ".join(r.byes))))


@event_app.command("round")
def round_(
    event_id: EventArg,
    final: Annotated[bool, typer.Option("--final", help="Seat the final table of the top players.")] = False,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Draw the next round from the event's seed and start its tables (organizer)."""
    with _client(target, token, lang, json_output) as client:
        started = client.start_round(event_id, final)
    if json_output:
        _print_json(started)
    else:
        _print_round(started, lang.value)


@event_app.command("time")
def time_(
    event_id: EventArg,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Call time: every table of the round not yet done ends as it stands (organizer)."""
    with _client(target, token, lang, json_output) as client:
        called = client.call_time(event_id)
    if json_output:
        _print_json(called)
        return
    _print_round(called.round, lang.value)
    stopped = sum(1 for r in called.results if r.round == called.round.number and r.time_called)
    _out().print(ntr(lang.value, "time called at {n} table", "time called at {n} tables", stopped))
    for r in called.results:
        if r.round == called.round.number:
            places = " > ".join(" = ".join(p.players) for p in r.places)
            _out().print("  " + tr(lang.value, "table {table}: {places}", table=r.table, places=escape(places)))


@event_app.command("finish")
def finish(
    event_id: EventArg,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
) -> None:
    """End the event and reveal its seed (organizer)."""
    with _client(target, token, lang, False) as client:
        seed = client.finish_event(event_id)
    _out().print(tr(lang.value, "the event is finished; its seed: {seed}", seed=seed))


@event_app.command("standings")
def standings(
    event_id: EventArg,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """The standings (spectator or organizer token)."""
    with _client(target, token, lang, json_output) as client:
        lines = client.standings(event_id)
    if json_output:
        _print_json({"lines": [_line_dict(s) for s in lines]})
        return
    _print_standings([_line_dict(s) for s in lines], lang.value)


def _line_dict(s: Any) -> dict[str, Any]:
    return {"rank": s.rank, "player": s.player, "points": s.points, "score": s.score, "opponents": s.opponents,
            "head_to_head": s.head_to_head, "tables": s.tables, "dropped": s.dropped}


def _print_standings(lines: list[dict[str, Any]], lang: str) -> None:
    from rich.table import Table

    table = Table(title=tr(lang, "standings"))
    for column in STANDING_COLUMNS:
        table.add_column(tr(lang, column))
    for s in lines:
        name = escape(s["player"]) + (f" ({tr(lang, 'dropped')})" if s["dropped"] else "")
        table.add_row(str(s["rank"]), name, str(s["points"]), str(s["score"]), str(s["opponents"]),
                      str(s["head_to_head"]), str(s["tables"]))
    _out().print(table)


def _print_board(board: Any, lang: str) -> None:
    from rich.table import Table

    title = tr(lang, "round {round}", round=board.round) + (f" — {tr(lang, 'time called')}" if board.time_called else "")
    table = Table(title=title)
    for column in (N_("table"), N_("players"), N_("turn"), N_("leading"), N_("disputes"), N_("window"), N_("state")):
        table.add_column(tr(lang, column))
    for t in board.tables:
        state = tr(lang, "time called") if t.stopped else tr(lang, "done") if t.done else tr(lang, "playing")
        window = time.strftime("%H:%M:%S", time.gmtime(t.window_closes_at_ms / 1000)) if t.window_closes_at_ms else ""
        table.add_row(str(t.table), escape(", ".join(t.players)), escape(t.turn_player),
                      escape(", ".join(t.leaders)), str(t.open_disputes), window, state)
    _out().print(table)


@event_app.command("board")
def board(
    event_id: EventArg,
    follow: Annotated[bool, typer.Option("--follow", help="Print the board again whenever a table changes.")] = False,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Every table of the current round: turn, leader, open disputes, running window (spectator token)."""
    with _client(target, token, lang, json_output) as client:
        for shown in client.board(event_id):
            if json_output:
                _print_json(shown, compact=follow)
            else:
                _print_board(shown, lang.value)
            if not follow:
                break


@event_app.command("disputes")
def disputes(
    event_id: EventArg,
    resolved: Annotated[bool, typer.Option("--all", help="Resolved disputes too.")] = False,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """The organizer's dispute queue across every table of the event."""
    with _client(target, token, lang, json_output) as client:
        found = client.event_disputes(event_id, include_resolved=resolved)
    if json_output:
        _print_json({"disputes": [_as_dict(d) for d in found]})
        return
    out, lg = _out(), lang.value
    out.print(ntr(lg, "{n} dispute", "{n} disputes", len(found)))
    for d in found:
        out.print("  " + escape(tr(lg, "round {round}, table {table}: dispute {dispute} by {player} about event "
                                       "{version}: {reason} ({status}) {note}", round=d.round, table=d.table,
                                   dispute=d.dispute_id, player=d.opened_by, version=d.event_version, reason=d.reason,
                                   status=tr(lg, STATUSES.get(d.status, d.status)), note=d.note))
                  + f"  [dim]{d.game_id}[/]")
        if d.event_summary:  # what was disputed, as the table's history tells it (in --lang)
            out.print("    " + escape(d.event_summary))


@event_app.command("resolve")
def resolve(
    event_id: EventArg,
    game_id: Annotated[str, typer.Argument(help="The table's game.")],
    dispute_id: Annotated[int, typer.Argument(help="The dispute.")],
    uphold: Annotated[bool, typer.Option("--uphold/--dismiss", help="Uphold (roll the table back) or dismiss.")],
    note: Annotated[str, typer.Option("--note", help="The organizer's note.")] = "",
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
) -> None:
    """Resolve a dispute at one of the event's tables (organizer)."""
    with _client(target, token, lang, False) as client:
        d = client.resolve_table_dispute(event_id, game_id, dispute_id, uphold, note)
    _out().print(escape(tr(lang.value, "dispute {dispute} {status}", dispute=d.dispute_id,
                           status=tr(lang.value, STATUSES.get(d.status, d.status)))))


@event_app.command("export")
def export(
    event_id: EventArg,
    out: Annotated[Path, typer.Option("--out", "-o", help="The folder to write the records into.")] = Path("event"),
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
) -> None:
    """Export the event's record and every table's game record into a folder (organizer)."""
    with _client(target, token, lang, False) as client:
        exported = client.export_event(event_id)
    out.mkdir(parents=True, exist_ok=True)
    (out / EVENT_FILE).write_text(exported.record, encoding="utf-8")
    for game_id, record in exported.games.items():
        (out / f"{game_id}.jsonl").write_text(record, encoding="utf-8")
    _err().print(ntr(lang.value, "wrote the event and {n} game record to {path}",
                     "wrote the event and {n} game records to {path}", len(exported.games), path=str(out)))


def read_export(folder: Path) -> tuple[str, dict[str, str]]:
    """The event's record and its games' records (game id -> text) of an export folder."""
    try:
        record = (folder / EVENT_FILE).read_text(encoding="utf-8")
    except OSError as exc:
        raise typer.BadParameter(said(N_("{folder}: {value}"), folder=folder, value=exc.strerror or exc)) from None
    games = {p.stem: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.jsonl")) if p.name != EVENT_FILE}
    return record, games


def verify_folder(folder: Path, pin: bytes | None, lang: str, json_output: bool) -> int:
    """Check an event export offline (``judge verify FOLDER``): every game record (chain, receipts, seal,
    audit), the event's record (chain, receipt), the seed against its commitment, every round's tables
    drawn again from the seed, and every table's result against its game. Returns the exit status."""
    from judge.record.event_games import game_outcome
    from judge.record.event_record import check_event_record
    from judge.record.verify import verify_record

    record, games = read_export(folder)
    problems: list[str] = []
    outcomes: dict[str, dict[str, Any]] = {}
    for game_id, text in games.items():
        verified = verify_record(text.encode("utf-8"), pin)
        outcome = game_outcome(text)
        outcomes[game_id] = outcome
        problems += [f"{game_id}: {p}" for p in verified.problems]
        problems += [f"{game_id}: {d.detail}" for d in outcome["audit"].discrepancies]
    check = check_event_record(record, outcomes, pin)
    problems += check.problems
    if json_output:
        _print_json({"ok": not problems, "problems": problems, "rounds_checked": check.rounds_checked,
                     "tables_checked": check.tables_checked, "seed_revealed": check.seed_revealed})
    else:
        out = _out()
        for problem in problems:
            out.print(f"[red]✗[/] {escape(problem)}")
        out.print(ntr(lang, "{n} game record checked", "{n} game records checked", len(games)))
        out.print(ntr(lang, "{n} round drawn again from the seed", "{n} rounds drawn again from the seed",
                      check.rounds_checked))
        if not check.seed_revealed:
            out.print(tr(lang, "the event's seed is not revealed yet: its seating cannot be checked"))
        out.print(tr(lang, "the event is intact") if not problems else tr(lang, "the event was altered"))
    return 0 if not problems else 3


@event_app.command("verify")
def verify(
    folder: Annotated[Path, typer.Argument(help="A folder written by judge event export.")],
    server_key: Annotated[Optional[str], typer.Option("--key", help="The server's public key (hex).",
                                                      show_default=False)] = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Verify an event's export offline, the seating draws included (as judge verify FOLDER). Exits 3
    when anything is wrong."""
    from judge.common.receipts import public_key_from_text

    pin = public_key_from_text(server_key) if server_key else None
    raise typer.Exit(verify_folder(folder, pin, lang.value, json_output))


@event_app.command("report")
def report(
    folder: Annotated[Path, typer.Argument(help="A folder written by judge event export.")],
    out: Annotated[Path, typer.Option("--out", help="Where to write the page.")] = Path("event-report.html"),
    lang: LangOpt = Language.en,
) -> None:
    """Write the event's report as one HTML page: standings, each table's summary, disputes (as judge
    report FOLDER)."""
    from judge_client.event_report import render_event_report

    record, games = read_export(folder)
    out.write_text(render_event_report(record, games, lang.value), encoding="utf-8")
    _out().print(tr(lang.value, "wrote {path}", path=str(out)))
