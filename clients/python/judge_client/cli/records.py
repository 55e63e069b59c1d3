"""Commands about a game's record: disputes, export, import, audit, token
rotation, the server key and verification.
"""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.markup import escape

from judge.v1 import judge_pb2 as pb
from judge_client.client import DEFAULT_TARGET
from judge_client.cli.common import (
    GameArg,
    JsonOpt,
    LangOpt,
    Language,
    TargetOpt,
    TokenOpt,
    _CONNECTION,
    _client,
    _err,
    _out,
    _print_json,
    app,
    dispute_app,
)
from judge_client.cli.printing import _print_audit, _print_credentials, _print_dispute, _print_held
from judge_client.cli.progress import progress, watched
from judge.common.i18n import N_, in_lang, ntr, said, tr


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
        names = None if json_output else _names(client, game_id)
    if json_output:
        _print_json(result)
    else:
        _print_dispute(result.dispute, lang.value, names)


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
        _print_dispute(result.dispute, lang.value, [s.name for s in result.view.seats])
        _out().print(tr(lang.value, "game now at version {version}", version=result.view.version))


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
        names = None if json_output else _names(client, game_id)
    if json_output:
        _print_json(result)
        return
    if not result.disputes:
        _out().print(tr(lang.value, "no disputes"))
    for dispute in result.disputes:
        _print_dispute(dispute, lang.value, names)


def _names(client: Any, game_id: str) -> list[str] | None:
    """The game's seat names, as the caller's token may read the view (None if it may not)."""
    from judge_client.errors import JudgeRpcError

    try:
        return [s.name for s in client.get_view(game_id, read_mask=["view.seats"]).view.seats]
    except JudgeRpcError:
        return None


app.add_typer(dispute_app, name="dispute")


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
        _err().print(tr(lang.value, "wrote {path}", path=escape(str(out))))


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
    events = sum(1 for line in record.splitlines() if line.startswith('{"version":'))
    with _client(target, token, lang, json_output) as client, \
            progress(ntr(lang.value, "importing {n} event (the judge re-judges each)",
                         "importing {n} events (the judge re-judges each)", events), show=watched(json_output)):
        result = client.import_game(record)
    if json_output:
        _print_json(result)
    else:
        _print_credentials(result.game, lang=lang.value)
        _print_audit(result.audit, lang.value)


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
        raise typer.BadParameter(said(N_("give either a GAME_ID or --file FILE")))
    if file is not None:
        result = _audit_offline(file, current_rules, lang.value, watched(json_output))
    else:
        assert game_id is not None
        with _client(target, token, lang, json_output) as client, \
                progress(tr(lang.value, "auditing on the judge"), show=watched(json_output)):
            result = client.audit(game_id, current_rules)
    if json_output:
        _print_json(result)
    else:
        _print_audit(result, lang.value)
    if not result.clean:
        raise typer.Exit(3)


def _audit_offline(file: Path, current_rules: bool, lang: str, show: bool) -> pb.AuditResponse:
    """Audit a record file with the judge's own code, no server involved."""
    from judge.record import RecordError, audit_record, read_record
    from judge.server.convert import audit_to_proto

    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise typer.BadParameter(said(N_("--file {file}: {exc}"), file=file, exc=exc)) from None
    try:
        record = read_record(text)
    except RecordError as exc:
        _err().print(tr(lang, "[red]error[/]: {file}: {reason}", file=escape(str(file)), reason=escape(exc.message)))
        raise typer.Exit(1) from None
    with progress(tr(lang, "re-judging the events"), total=len(record.events), show=show) as ticker:
        report = audit_record(record, current_rules=current_rules, progress=ticker)
    return audit_to_proto(report, lang)


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
        names = None if json_output or role != Role.seat else _names(client, game_id)  # before the token changes
        new_token = client.rotate_token(game_id, role.value, seat)
    if json_output:
        _print_json({"token": new_token})
        return
    whose = tr(lang.value, "seat {seat}", seat=seat) if role == Role.seat else tr(lang.value, role.value)
    if names is not None and seat < len(names):
        whose = f"{whose} ({names[seat]})"
    # A labelled line; the token stays whole (never wrapped), so it is copied as printed.
    _out().print(tr(lang.value, "new token of {whose}: {token}", whose=escape(whose), token=new_token), soft_wrap=True)
    _out().print(tr(lang.value, "the old token no longer works"))


@app.command()
def key(
    target: TargetOpt = DEFAULT_TARGET,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
    hex_only: Annotated[bool, typer.Option("--hex", help="Print only the public key in hex (for --key).")] = False,
) -> None:
    """Show the server's public signing key (to pin with --server-key)."""
    with _client(target, None, lang, json_output) as client:
        result = client.get_server_key()
    if hex_only:
        typer.echo(bytes(result.public_key).hex())
    elif json_output:
        _print_json({"algorithm": result.algorithm, "public_key": bytes(result.public_key).hex(),
                     "key_id": result.key_id})
    else:
        _out().print(tr(lang.value, "{algorithm} key {key_id}", algorithm=result.algorithm, key_id=result.key_id))
        _out().print(tr(lang.value, "public key {hex}", hex=bytes(result.public_key).hex()))


@app.command()
def verify(
    file: Annotated[Path, typer.Argument(help="A complete record written by export, or a folder written by "
                                              "judge event export.")],
    server_key: Annotated[Optional[str], typer.Option(
        "--key", help="The server's public key (hex) to check against; default: the key named in "
                      "the record (then $JUDGE_SERVER_KEY, if set, pins it).",
        show_default=False)] = None,
    receipts: Annotated[Optional[Path], typer.Option(
        "--receipts", help="Receipts a client kept (JSON lines or a JSON list; as the judge's receipts or "
                           "protobuf JSON): report every one the record does not contain.",
        show_default=False)] = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Verify a record offline: every line as written, the hash chain, every
    receipt and the seal against the server key, then the rules (the audit;
    for a finished dealt game with its revealed seed); with --receipts, also
    that the record contains every receipt a client holds. A folder of an
    event's export is checked as judge event verify checks it (every game,
    the event's record and its seating draws). Exits 3 when anything is wrong."""
    from judge.common.receipts import public_key_from_text
    from judge.record.held_receipts import ReceiptsReport, check_receipts, parse_receipts
    from judge.record import SEED, RecordError, audit_record, read_record, revealed_seed, verify_record

    pin_text = server_key or _CONNECTION.server_key
    try:
        pin = public_key_from_text(pin_text) if pin_text else None
    except ValueError as exc:
        raise typer.BadParameter(said(N_("--key: {exc}"), exc=exc)) from None
    if file.is_dir():
        from judge_client.cli.events import verify_folder

        raise typer.Exit(verify_folder(file, pin, "en", json_output))
    try:
        data = file.read_bytes()
    except OSError as exc:
        raise typer.BadParameter(said(N_("{file}: {value}"), file=file, value=exc.strerror or exc)) from None
    show = watched(json_output)
    language = lang.value
    with progress(tr(language, "checking the chain, receipts and seal"), show=show) as ticker:
        integrity = verify_record(data, pin, progress=ticker)
    if pin is None:
        # A record re-signed with another key names that key in its header: only a pin finds it.
        _err().print(tr(language, "[yellow]warning[/]: no server key pinned (--key, judge --server-key or "
                               "JUDGE_SERVER_KEY): checked against the key the record names itself, which "
                               "proves only that whoever holds that key wrote it"))
    held: ReceiptsReport | None = None
    if receipts is not None:
        try:
            held_text = receipts.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise typer.BadParameter(said(N_("--receipts {receipts}: {exc}"), receipts=receipts, exc=exc)) from None
        held = check_receipts(data.decode("utf-8", "replace"), parse_receipts(held_text), pin)
    discrepancies: list[dict[str, Any]] = []
    audited = False
    seed_pending = False
    try:
        record = read_record(data.decode("utf-8", "replace"))
        with progress(tr(language, "re-judging the events"), total=len(record.events), show=show) as ticker:
            report = audit_record(record, progress=ticker)
        audited = True
        # A dealt game still running: its seed is not revealed, so it was replayed, not re-judged.
        seed_pending = (record.header.setup.get("mode") == "dealt" and revealed_seed(record) is None
                        and bool(report.discrepancies) and all(d.kind == SEED for d in report.discrepancies))
        discrepancies = [{"version": d.version, "line": record.line_of(d.version) or 1, "kind": d.kind,
                          "detail": d.detail,
                          "rule_id": d.ruling.rule_id if d.ruling else ""} for d in report.discrepancies]
    except RecordError as exc:
        discrepancies = [{"version": 0, "line": exc.line, "kind": "malformed", "detail": exc.message,
                          "rule_id": ""}]
    ok = integrity.ok and audited and not discrepancies and (held is None or held.ok)
    pending = integrity.ok and audited and seed_pending and (held is None or held.ok)
    if json_output:
        _print_json({
            "ok": ok,
            "seed_pending": pending,
            # Where the record was first altered: the smallest line of a problem or a discrepancy.
            # (The note that a running dealt game's seed is not revealed yet is no alteration.)
            "first_line": None if ok or pending else min(
                [p.line for p in integrity.problems]
                + [d["line"] for d in discrepancies if not (d["kind"] == SEED and integrity.seed_pending)],
                default=None),
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
        signer = tr(language, "key {key_id} (pinned)", key_id=integrity.key_id) if integrity.pinned else \
            tr(language, "key {key_id} (named in the record)", key_id=integrity.key_id)
        sealed = tr(language, "sealed by {signer}", signer=signer) if integrity.sealed else \
            tr(language, "not sealed; {signer}", signer=signer)
        out.print(ntr(language, "record {file}: {n} event, {valid}/{receipts} receipts valid, {sealed}",
                      "record {file}: {n} events, {valid}/{receipts} receipts valid, {sealed}", integrity.events,
                      file=escape(str(file)), valid=integrity.receipts_valid, receipts=integrity.receipts,
                      sealed=sealed))
        if integrity.problems:
            first = integrity.first
            assert first is not None
            out.print(tr(language, "[red]altered[/]: first at {where}", where=escape(in_lang(first.said(), language))))
            for problem in integrity.problems[1:]:
                out.print(f"  {escape(in_lang(problem.said(), language))}")
        else:
            out.print(tr(language, "[green]chain, receipts and seal intact[/]"))
        if discrepancies:
            out.print("[red]" + ntr(language, "audit: {n} discrepancy", "audit: {n} discrepancies",
                                    len(discrepancies)) + "[/]")
            for d in discrepancies:
                out.print("  " + tr(language, "line {line} (version {version})", line=d["line"], version=d["version"])
                          + f" {escape(tr(language, d['kind']))} {escape(d['rule_id'])}"
                          + f" {escape(in_lang(d['detail'], language))}")
        elif audited:
            out.print(tr(language, "[green]audit clean[/]: every event follows from the rules"))
        if held is not None:
            _print_held(held, language)
        if pending:
            out.print(tr(language, "[yellow]intact[/], but the seed of this dealt game is not revealed yet "
                                   "(exit status 4): verify again when the game has ended"))
    if pending:
        raise typer.Exit(4)
    if not ok:
        raise typer.Exit(3)
