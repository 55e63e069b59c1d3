"""The ``judge`` commands and output a player reads: ``judge cards``, ``judge report``,
grouped ``judge legal``, and names and language in views and event summaries.

The commands register on the ``judge`` app (judge_client/cli.py imports this
module); the helpers here are what the other commands print with.
"""


import functools
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from judge.v1 import judge_pb2 as pb
from judge_client.cli.common import (
    JsonOpt,
    Language,
    LangOpt,
    TargetOpt,
    TokenOpt,
    _client,
    _out,
    _print_json,
    app,
)
from judge_client.client import DEFAULT_TARGET, JudgeClient, JudgeRpcError
from judge.common.i18n import tr
from judge_client.legal_groups import WayWords, group_actions, legal_table
from judge_client.prose import Narrator
from judge_client.table_text import cards_table
from judge_client.waiting import waiting_line


@functools.cache
def _catalogue(client: JudgeClient, ruleset: str) -> tuple[dict[str, str], dict[str, str]]:
    """Printed names and texts by card id for a ruleset (empty when the judge cannot list them)."""
    try:
        cards = client.list_cards(ruleset).cards
    except JudgeRpcError:
        return {}, {}
    return {c.id: c.name for c in cards}, {c.id: c.text for c in cards}


def ruleset_of(view: pb.GameView) -> str:
    """The ruleset name of a view ("munchkin@1" -> "munchkin")."""
    return view.rules_version.partition("@")[0]


def seat_names(view: pb.GameView) -> list[str]:
    return [s.name for s in view.seats]


def card_names(client: JudgeClient, view: pb.GameView) -> dict[str, str]:
    return _catalogue(client, ruleset_of(view))[0]


def narrator(client: JudgeClient, view: pb.GameView, lang: str) -> Narrator:
    """Tells the game's events after ``view`` in ``lang`` with its seats' and cards' names (and the
    monsters of its combat, for a kill told later)."""
    told = Narrator(lang, seat_names(view), card_names(client, view))
    if view.HasField("combat"):
        told.monsters = [m.card for m in view.combat.monsters]
    return told


def waiting(client: JudgeClient, view: pb.GameView, lang: str) -> str:
    """The view's "waiting for" line in ``lang`` with names."""
    return waiting_line(view.waiting_for, lang, seat_names(view), card_names(client, view))


def print_legal(client: JudgeClient, game_id: str, seat: int, result: pb.LegalActionsResponse, lang: str,
                show_all: bool) -> Any:
    """The table of ``judge legal``: grouped by action and card, most needed first."""
    view = client.get_view(game_id).view
    names, texts = _catalogue(client, ruleset_of(view))
    monsters = [m.card for m in view.combat.monsters] if view.HasField("combat") else []
    groups = group_actions(result.actions, WayWords(lang, seat_names(view), names, monsters), show_all=show_all)
    who = view.seats[seat].name if 0 <= seat < len(view.seats) else tr(lang, "seat {seat}", seat=seat)
    title = tr(lang, "{seat} at version {version}: {n} choices", seat=who, version=result.version,
               n=len(result.actions))
    return legal_table(groups, lang, names, texts, title=title)


@app.command()
def cards(
    search: Annotated[Optional[str], typer.Argument(
        help="Only cards whose id, printed name or text contains this (case and umlauts do not matter).",
        show_default=False)] = None,
    kind: Annotated[Optional[str], typer.Option("--kind", help="Only cards of this kind, e.g. monster.",
                                                show_default=False)] = None,
    set_: Annotated[Optional[str], typer.Option("--set", help="Only cards of this set, e.g. star.",
                                                show_default=False)] = None,
    ruleset: Annotated[str, typer.Option("--ruleset", help="Whose catalogue (judge rulesets).")] = "munchkin",
    target: TargetOpt = DEFAULT_TARGET,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """List the cards: id, printed name, kind, set, numbers and text (ListCards; no token)."""
    with _client(target, None, lang, json_output) as client:
        answer = client.list_cards(ruleset, search or "", kind or "", set_ or "")
    if json_output:
        _print_json(answer)
        return
    if not answer.cards and answer.suggestions:
        _out().print(tr(lang.value, "no card matches {search!r}; did you mean {ids}?", search=search,
                               ids=", ".join(answer.suggestions)))
        raise typer.Exit(1)
    title = tr(lang.value, "{n} cards of {ruleset}", n=len(answer.cards), ruleset=answer.ruleset)
    _out().print(cards_table(answer.cards, lang.value, title=title))

@app.command()
def report(
    source: Annotated[str, typer.Argument(help="A record file (judge export), a game id to export "
                                               "with the organizer's --token, or an event's export folder "
                                               "(judge event export).")],
    out: Annotated[Path, typer.Option("--out", help="Where to write the page.")] = Path("report.html"),
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    server_key: Annotated[Optional[str], typer.Option(
        "--key", help="The server's public key (hex) to verify the record against (default: the key "
                      "the record names).", show_default=False)] = None,
    lang: LangOpt = Language.en,
) -> None:
    """Write the organizer's report of a game as one self-contained HTML page: verification, audit,
    timeline turn by turn, rulings with citations, disputes, levels over time, strength at each claim."""
    from judge.common.receipts import public_key_from_text
    from judge_client.report import read_report, render

    path = Path(source)
    if path.is_dir():  # an event's export (judge event export): the event's report
        from judge_client.event_report import render_event_report
        from judge_client.cli.events import read_export

        out.write_text(render_event_report(*read_export(path), lang.value), encoding="utf-8")
        _out().print(tr(lang.value, "wrote {path}", path=str(out)))
        return
    if path.is_file():
        text = path.read_text(encoding="utf-8")
    else:
        with _client(target, token, lang, False) as client:
            text = client.export_game(source).record
    try:
        pin = public_key_from_text(server_key) if server_key else None
    except ValueError as exc:
        raise typer.BadParameter(f"--key: {exc}") from None
    from judge_client.cli.progress import progress, watched

    with progress("verifying and re-judging the record", show=watched()) as ticker:
        data = read_report(text, lang.value, pin, progress=ticker)
    out.write_text(render(data, lang.value), encoding="utf-8")
    verdict = tr(lang.value, "intact") if data.verified else tr(lang.value, "altered")
    audit = tr(lang.value, "clean") if data.audit_clean else tr(lang.value, "discrepancies")
    _out().print(tr(lang.value, "wrote {path}: chain {verdict}, audit {audit}", path=str(out),
                           verdict=verdict, audit=audit))
    if not (data.verified and data.audit_clean):
        raise typer.Exit(3)

