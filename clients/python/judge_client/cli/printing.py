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
from judge_client.analysis_view import analysis_renderables, reads
from judge.common.i18n import N_, in_lang, ntr, tr
from judge_client.fitted import Column, fitted_table
from judge_client.table_text import kind_word
from judge_client.telling import EventTeller
from judge_client.families import view_renderables
from judge_client.cli.common import _as_dict, _out, _ruling_lines, _word


# How an event's kind reads (the action column names an accepted command's action instead, in the teller's words).
EVENT_KINDS = {"GameCreated": N_("game created"), "GameImported": N_("game imported"),
               "DisputeOpened": N_("dispute opened"), "DisputeResolved": N_("dispute resolved")}
# Words shown from the API's enums and the rules' phase and combat stage names, for translation.
SHOWN = (N_("active"), N_("finished"), N_("reported"), N_("dealt"), N_("male"), N_("female"), N_("open"),
         N_("upheld"), N_("dismissed"), N_("unspecified"), N_("start"), N_("combat"), N_("after-door"),
         N_("charity"), N_("over"), N_("opening"), N_("play"), N_("fighting"), N_("running"), N_("table"),
         N_("claimed"), N_("resolved"))
# The kinds of an audit's discrepancies (judge/record/audit.py), as a reader reads them.
DISCREPANCY_KINDS = (N_("rejected"), N_("different"), N_("state"), N_("seed"), N_("malformed"))


# Sentences of the judge's own that a command shows as they come (a dispute's re-check, an offline
# audit's note), marked so the catalogues translate them.
JUDGE_SENTENCES = (
    N_("the rules give the recorded effects"),
    N_("(hidden): the re-check concerns cards only the command's seat may see"),
    N_("the seed of this dealt game is not revealed yet (it is revealed when the game ends): its shuffles, draws "
       "and rolls cannot be checked offline; the record was replayed, not re-judged"),
)


def shown(lang: str, enum: Any, number: int) -> str:
    """An enum value as a reader reads it: ``GAME_STATUS_ACTIVE`` -> "active" ("aktiv")."""
    return tr(lang, _word(enum, number))


def _events_table(events: Any, title: str = "", narrator: EventTeller | None = None, lang: str | None = None,
                  width: int | None = None) -> Table:
    """The events; with a teller, each seat by name and each summary in its language."""
    lang = lang or (narrator.lang if narrator is not None else "en")
    columns = [Column(tr(lang, "version")), Column(tr(lang, "seat")), Column(tr(lang, "action")),
               Column(tr(lang, "summary"), wraps=True)]
    rows = []
    for event in events:
        seat = "" if not event.HasField("seat") else narrator.seat(event.seat) if narrator else str(event.seat)
        action = (narrator.action(event.action) if narrator is not None else event.action) if event.action \
            else tr(lang, EVENT_KINDS.get(event.kind, event.kind))
        action = f"[strike]{escape(action)}[/]" if event.voided else escape(action)
        summary = narrator.summary(event) if narrator is not None else event.summary
        rows.append([str(event.version), escape(seat), action, escape(summary)])
    return fitted_table(columns, rows, width=width if width is not None else _out().width, title=title, keep=2)


def _print_view(view: pb.GameView, lang: str = "en", waiting: str | None = None,
                cards: dict[str, str] | None = None) -> None:
    """The view; ``waiting`` is its "waiting for" line as the reader reads it (reading.waiting), ``cards``
    the printed names by catalogue id (where a family's view names cards by id)."""
    out = _out()
    status = shown(lang, pb.GameStatus.DESCRIPTOR, view.status)
    mode = shown(lang, pb.TableMode.DESCRIPTOR, view.mode)
    out.print(tr(lang, "[bold]game[/] {game}  version {version}  {rules}  {status}  {mode}", game=view.game_id,
                 version=view.version, rules=escape(view.rules_version), status=status, mode=mode))
    if view.variants:
        out.print(tr(lang, "variants: {names}", names=escape(", ".join(view.variants))))
    names = [s.name for s in view.seats]
    active = names[view.active_seat] if view.active_seat < len(names) else str(view.active_seat)
    waits = waiting if waiting is not None else view.waiting_for
    out.print(
        tr(lang, "turn {turn}, {seat} ({phase})", turn=view.turn, seat=escape(active),
           phase=escape(view.phase_told.get(lang) or tr(lang, view.phase)))
        + (" - " + tr(lang, "waiting for: {what}", what=escape(waits)) if waits else "")
    )
    if view.winners:
        won = ", ".join(names[w] if w < len(names) else str(w) for w in view.winners)
        out.print(tr(lang, "[bold green]winners[/]: {names}", names=escape(won)))
    own = view_renderables(view, lang, width=out.width, cards=cards)  # the family's own printing, if any
    if own is not None:
        for renderable in own:
            out.print(renderable)
    else:
        _print_family_view(view, lang, cards)
    if view.HasField("analysis"):
        for renderable in analysis_renderables(view.analysis, lang, names, width=out.width):
            out.print(renderable)
    if view.voided:
        out.print(tr(lang, "voided versions: {versions}", versions=", ".join(view.voided)))
    if view.open_disputes:
        out.print(ntr(lang, "{n} open dispute", "{n} open disputes", view.open_disputes))


def _shown(value: Any) -> str:
    """A field value in a table cell."""
    if isinstance(value, list):
        return ", ".join(_shown(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_shown(v)}" for k, v in value.items())
    return str(value)


def _print_family_view(view: pb.GameView, lang: str = "en", cards: dict[str, str] | None = None) -> None:
    """A family's own view (the GameView field named after it): its plain
    fields as lines, each list of messages as a table."""
    out = _out()
    seats = Table()
    seats.add_column(tr(lang, "seat"))
    seats.add_column(tr(lang, "name"), overflow="fold")
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


def page_links(page: str, game: pb.CreateGameResponse, lang: str = "en") -> list[tuple[str, str]]:
    """Each seat's, the organizer's and the spectator's link to the table page
    (docs/web.md): the game and token in the fragment, which no browser sends."""
    base = page.split("#", 1)[0]
    links = [(tr(lang, "seat {seat}", seat=s.seat),
              f"{base}#{urlencode({'game': game.game_id, 'token': s.token, 'seat': s.seat})}")
             for s in game.seat_tokens]
    for role, token in (("organizer", game.organizer_token), ("spectator", game.spectator_token)):
        links.append((tr(lang, role), f"{base}#{urlencode({'game': game.game_id, 'token': token, 'role': role})}"))
    return links


def _print_credentials(game: pb.CreateGameResponse, page: str | None = None, qr: bool = True,
                       lang: str = "en") -> None:
    out = _out()
    out.print(tr(lang, "[bold]game[/] {game}  ({rules})", game=game.game_id, rules=escape(game.rules_version)))
    tokens = [*(t.token for t in game.seat_tokens), game.organizer_token, game.spectator_token]
    table = Table()
    table.add_column(tr(lang, "role"), no_wrap=True)
    table.add_column(tr(lang, "name"), overflow="fold")
    # Tokens are never wrapped or cropped, so they can be copied as printed.
    table.add_column(tr(lang, "token"), no_wrap=True, min_width=max(map(len, tokens)))
    names = {s.seat: s.name for s in game.view.seats}
    for seat in game.seat_tokens:
        table.add_row(tr(lang, "seat {seat}", seat=seat.seat), escape(names.get(seat.seat, "")), seat.token)
    table.add_row(tr(lang, "organizer"), "", game.organizer_token)
    table.add_row(tr(lang, "spectator"), "", game.spectator_token)
    out.print(table)
    if page is not None:
        out.print(tr(lang, "[bold]table page[/] (each link holds its token; a seat's phone opens it from its QR "
                           "code):"))
        for (role, link), seat in zip(page_links(page, game, lang), [*game.seat_tokens, None, None]):
            out.print(f"{role}: {link}", soft_wrap=True, highlight=False, markup=False)
            if qr and seat is not None:
                from judge_client.qr import qr_lines  # only here: the CLI starts without it

                # The caption names whose code it is, so each player points a phone at their own.
                out.print(tr(lang, "{name} ({seat}): scan with the phone", name=names.get(seat.seat, ""), seat=role),
                          soft_wrap=True, highlight=False, markup=False)
                for line in qr_lines(link):
                    out.print(line, soft_wrap=True, highlight=False, markup=False)


def _print_dispute(dispute: pb.Dispute, lang: str = "en", names: list[str] | None = None) -> None:
    out = _out()
    status = shown(lang, pb.DisputeStatus.DESCRIPTOR, dispute.status)
    seats = names or []
    by = seats[dispute.opened_by] if dispute.opened_by < len(seats) else tr(lang, "seat {seat}",
                                                                             seat=dispute.opened_by)
    out.print(tr(lang, "[bold]dispute {id}[/] ({status}) by {seat} about version {version}: {reason}",
                 id=dispute.dispute_id, status=status, seat=escape(by), version=dispute.event_version,
                 reason=escape(dispute.reason)))
    verdict = tr(lang, "legal") if dispute.recheck_legal else f"[red]{tr(lang, 'not legal')}[/]"
    # The judge's summary of its re-check, in the reader's language: a ruling's explanation (the judge sends
    # it in the caller's language), or the judge's own sentence where the catalogue knows it.
    ruled = dispute.recheck_ruling.rule_id and dispute.recheck_ruling.explanation
    summary = dispute.recheck_ruling.explanation if ruled else tr(lang, dispute.recheck_summary)
    out.print(tr(lang, "re-check: {verdict} - {summary}", verdict=verdict, summary=escape(summary)))
    if dispute.recheck_ruling.rule_id:
        for line in _ruling_lines(dispute.recheck_ruling, explain=not ruled, lang=lang):
            out.print(line)
    if dispute.resolution_note:
        out.print(tr(lang, "note: {note}", note=escape(dispute.resolution_note)))


def _print_audit(audit: pb.AuditResponse, lang: str = "en") -> None:
    out = _out()
    verdict = f"[green]{tr(lang, 'clean')}[/]" if audit.clean else \
        f"[red]{ntr(lang, '{n} discrepancy', '{n} discrepancies', len(audit.discrepancies))}[/]"
    out.print(ntr(lang, "audit ({rules}): {n} event checked, {verdict}",
                  "audit ({rules}): {n} events checked, {verdict}", audit.events_checked,
                  rules=escape(audit.rules_version), verdict=verdict))
    if audit.discrepancies:
        columns = [Column(tr(lang, "version")), Column(tr(lang, "kind")), Column(tr(lang, "rule")),
                   Column(tr(lang, "detail"), wraps=True)]
        rows = [[str(d.version), escape(tr(lang, d.kind)), escape(d.ruling.rule_id),
                 escape(d.detail or d.ruling.explanation)]
                for d in audit.discrepancies]
        out.print(fitted_table(columns, rows, width=out.width, keep=1))


def _print_rulesets(response: rpb.ListRulesetsResponse, lang: str = "en",
                    kinds_used: dict[str, list[str]] | None = None) -> None:
    """The rulesets; ``kinds_used`` (by ruleset) narrows each one's card kinds to those its cards have."""
    out = _out()
    for info in response.rulesets:
        out.print(tr(lang, "[bold]{name}[/] ({rules}, family {family}): {title}", name=escape(info.name),
                     rules=escape(info.rules_version), family=escape(info.family), title=escape(tr(lang, info.title))))
        out.print("  " + tr(lang, "seats: {players}; modes: {modes}", players=players(lang, info.min_seats,
                                                                                      info.max_seats),
                            modes=", ".join(tr(lang, m) for m in info.modes)))
        for trait in info.seat_traits:
            out.print("  " + tr(lang, "seat trait [bold]{name}[/]: {values} - {doc}", name=escape(tr(lang, trait.name)),
                                values=" | ".join(tr(lang, v) for v in trait.values), doc=escape(tr(lang, trait.doc))))
        if not info.seat_traits:
            out.print("  " + tr(lang, "seat traits: none (--seat NAME)"))
        if info.options:
            columns = [Column(tr(lang, "option")), Column(tr(lang, "type")), Column(tr(lang, "default")),
                       Column(tr(lang, "range")), Column(tr(lang, "what it does"), wraps=True)]
            rows = []
            for o in info.options:
                low = str(o.minimum) if o.HasField("minimum") else ""
                high = str(o.maximum) if o.HasField("maximum") else ""
                span = tr(lang, "{low} to {high}", low=low, high=high) if low or high else ""
                rows.append([o.name, tr(lang, o.type), o.default_value, span, escape(tr(lang, o.doc))])
            out.print(fitted_table(columns, rows, width=out.width, keep=1,
                                   title=tr(lang, "options of {name} (--option name=value)", name=info.name)))
        for variant in info.variants:
            out.print("  " + tr(lang, "variant [bold]{name}[/]: {doc}", name=escape(variant.name),
                                doc=escape(tr(lang, variant.doc))))
        out.print("  " + tr(lang, "actions: {kinds}", kinds=", ".join(info.action_kinds)))
        kinds = list(info.card_kinds)
        if kinds_used is not None and info.name in kinds_used:
            kinds = [k for k in kinds if k in kinds_used[info.name]] or kinds_used[info.name]
        if kinds:
            out.print("  " + tr(lang, "card kinds: {kinds}", kinds=", ".join(kind_word(lang, k) for k in kinds)))


def players(lang: str, low: int, high: int) -> str:
    """How many play: "3 to 6 players", "exactly 2 players"."""
    if low == high:
        return ntr(lang, "exactly {n} player", "exactly {n} players", low)
    return ntr(lang, "{low} to {n} player", "{low} to {n} players", high, low=low)


def _print_held(held: Any, lang: str = "en") -> None:
    """The result of ``judge verify --receipts`` (a ``ReceiptsReport``)."""
    out = _out()
    if held.other_games:
        out.print(ntr(lang, "receipts: {n} for another game than {game} not checked (receipt {numbers})",
                      "receipts: {n} for other games than {game} not checked (receipts {numbers})",
                      len(held.other_games), game=escape(held.game_id),
                      numbers=", ".join(str(h.number) for h in held.other_games)))
    if held.missing:
        out.print("[red]" + ntr(lang, "receipts: {n} not contained in the record", "receipts: {n} not contained "
                                "in the record", len(held.missing)) + "[/] "
                  + ntr(lang, "({n} contained)", "({n} contained)", len(held.contained)))
        for h in held.missing:
            out.print(f"  {escape(in_lang(h.said(), lang))}: {escape(in_lang(h.problem, lang))}")
    elif held.contained:
        out.print("[green]" + ntr(lang, "receipts: the one is contained in the record",
                                  "receipts: all {n} contained in the record", len(held.contained)) + "[/]")
    else:
        out.print("[red]" + tr(lang, "receipts: none is for game {game}", game=escape(held.game_id)) + "[/]")
