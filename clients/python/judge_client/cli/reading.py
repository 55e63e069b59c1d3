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
from judge.common.i18n import N_, ntr, said, tr
from rich.console import Group
from rich.markup import escape
from judge_client.families import instance_cards, reported_fields
from judge_client.legal_groups import WayWords, group_actions, legal_table
from judge_client.telling import EventTeller


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


def narrator(client: JudgeClient, view: pb.GameView, lang: str) -> EventTeller:
    """Tells the game's events in ``lang`` (the judge's summaries, asked for in ``lang``) with its seats'
    names and its actions' words (``view`` names its ruleset: its ``rules_version``)."""
    return EventTeller(lang, seat_names(view), action_words(client, ruleset_of(view)))


def action_words(client: JudgeClient, ruleset: str) -> dict[str, str]:
    """The actions of ``ruleset`` as the judge names them in the client's language (ListRulesets)."""
    info = client.ruleset_info(ruleset)
    return dict(info.action_words) if info is not None else {}


def waiting(client: JudgeClient, view: pb.GameView, lang: str) -> str:
    """The view's "waiting for" line in ``lang`` with names, as the judge tells it."""
    return view.waiting_for_told.get(lang) or view.waiting_for


def print_legal(client: JudgeClient, game_id: str, seat: int, result: pb.LegalActionsResponse, lang: str,
                show_all: bool) -> Any:
    """The table of ``judge legal``: grouped by action and card, most needed first."""
    view = client.get_view(game_id).view
    names, texts = _catalogue(client, ruleset_of(view))
    names, texts = instance_cards(view, names, texts)  # cards in play by instance id, where a family has them
    groups = group_actions(result.actions, WayWords(lang, seat_names(view), names, view), show_all=show_all,
                           reported=reported_fields(view.family))
    who = view.seats[seat].name if 0 <= seat < len(view.seats) else tr(lang, "seat {seat}", seat=seat)
    if not result.actions:  # say whom the game waits for instead of an empty table
        title = tr(lang, "{seat} at version {version}: nothing to do now", seat=who, version=result.version)
        line = waiting(client, view, lang)
        return Group(escape(title), escape(tr(lang, "waiting for: {what}", what=line)) if line else
                     escape(tr(lang, "the game is over") if view.status == pb.GAME_STATUS_FINISHED
                            else tr(lang, "nobody has to act now")))
    title = ntr(lang, "{seat} at version {version}: {n} choice", "{seat} at version {version}: {n} choices",
                len(result.actions), seat=who, version=result.version)
    return legal_table(groups, lang, names, texts, title=title, width=_out().width,
                       actions=action_words(client, ruleset_of(view)))


@app.command()
def report(
    source: Annotated[str, typer.Argument(help=N_("A record file (judge export), a game id to export "
                                                  "with the organizer's --token, or an event's export folder "
                                                  "(judge event export)."))],
    out: Annotated[Path, typer.Option("--out", help=N_("Where to write the page."))] = Path("report.html"),
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    server_key: Annotated[Optional[str], typer.Option(
        "--key", help=N_("The server's public key (hex) to verify the record against (default: the key "
                         "the record names)."), show_default=False)] = None,
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
        raise typer.BadParameter(said(N_("--key: {exc}"), exc=exc)) from None
    from judge_client.cli.progress import progress, watched

    with progress(tr(lang.value, "verifying and re-judging the record"), show=watched()) as ticker:
        data = read_report(text, lang.value, pin, progress=ticker)
    out.write_text(render(data, lang.value), encoding="utf-8")
    verdict = tr(lang.value, "intact") if data.verified else tr(lang.value, "altered")
    audit = tr(lang.value, "clean") if data.audit_clean else tr(lang.value, "discrepancies")
    _out().print(tr(lang.value, "wrote {path}: chain {verdict}, audit {audit}", path=str(out),
                           verdict=verdict, audit=audit))
    if not (data.verified and data.audit_clean):
        raise typer.Exit(3)

