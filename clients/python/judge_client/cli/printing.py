"""Tables people read: views, events, credentials, disputes, audits, rulesets
and held receipts.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from google.protobuf.message import Message
from rich.markup import escape
from rich.table import Table

from judge.v1 import judge_pb2 as pb
from judge.v1 import rulesets_pb2 as rpb
from judge_client.families import view_renderables
from judge_client.analysis_view import analysis_renderables
from judge.common.i18n import N_, tr
from judge_client.telling import EventTeller
from judge_client.cli.common import _as_dict, _out, _ruling_lines, _word


def _events_table(events: Any, title: str = "", narrator: EventTeller | None = None) -> Table:
    """The events; with a teller, each seat by name and each summary in its language."""
    table = Table(title=title or None)
    lang = narrator.lang if narrator is not None else "en"
    for column in (N_("version"), N_("kind"), N_("seat"), N_("action"), N_("summary")):
        table.add_column(tr(lang, column), no_wrap=column != "summary")
    for event in events:
        seat = "" if not event.HasField("seat") else narrator.seat(event.seat) if narrator else str(event.seat)
        kind = f"[strike]{event.kind}[/]" if event.voided else event.kind
        summary = narrator.summary(event) if narrator is not None else event.summary
        table.add_row(str(event.version), kind, escape(seat), event.action, escape(summary))
    return table


def _print_view(view: pb.GameView, lang: str = "en", waiting: str | None = None) -> None:
    """The view; ``waiting`` is its "waiting for" line as the reader reads it (reading.waiting)."""
    out = _out()
    status = _word(pb.GameStatus.DESCRIPTOR, view.status)
    mode = _word(pb.TableMode.DESCRIPTOR, view.mode)
    out.print(
        f"[bold]game[/] {view.game_id}  version {view.version}  {escape(view.rules_version)}"
        f"  {status}  {mode}"
    )
    if view.variants:
        out.print(f"variants: {', '.join(view.variants)}")
    active = view.seats[view.active_seat].name if view.active_seat < len(view.seats) else str(view.active_seat)
    waits = waiting if waiting is not None else view.waiting_for
    out.print(
        tr(lang, "turn {turn}, {seat} ({phase})", turn=view.turn, seat=escape(active), phase=escape(view.phase))
        + (" - " + tr(lang, "waiting for: {what}", what=escape(waits)) if waits else "")
    )
    if view.winners:
        out.print(f"[bold green]winners[/]: {', '.join(str(w) for w in view.winners)}")
    own = view_renderables(view, lang)  # the family's own printing, where the client has one
    if own is not None:
        for renderable in own:
            out.print(renderable)
    else:
        _print_family_view(view)
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


def page_links(page: str, game: pb.CreateGameResponse) -> list[tuple[str, str]]:
    """Each seat's, the organizer's and the spectator's link to the table page
    (docs/web.md): the game and token in the fragment, which no browser sends."""
    base = page.split("#", 1)[0]
    links = [(f"seat {s.seat}", f"{base}#{urlencode({'game': game.game_id, 'token': s.token, 'seat': s.seat})}")
             for s in game.seat_tokens]
    for role, token in (("organizer", game.organizer_token), ("spectator", game.spectator_token)):
        links.append((role, f"{base}#{urlencode({'game': game.game_id, 'token': token, 'role': role})}"))
    return links


def _print_credentials(game: pb.CreateGameResponse, page: str | None = None, qr: bool = True) -> None:
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
        out.print("[bold]table page[/] (each link holds its token; a seat's phone opens it from its QR code):")
        for role, link in page_links(page, game):
            out.print(f"{role}: {link}", soft_wrap=True, highlight=False, markup=False)
            if qr and role.startswith("seat "):
                from judge_client.qr import qr_lines  # only here: the CLI starts without it

                for line in qr_lines(link):
                    out.print(line, soft_wrap=True, highlight=False, markup=False)


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
