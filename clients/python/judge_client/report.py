"""``judge report``: the organizer's report of one game, as one self-contained HTML page.

Built offline from a complete record (``judge export``; docs/record-format.md):
the chain verification (``judge.record.verify_record``) and the audit (every
event re-judged), the timeline turn by turn in prose with the players' names,
every ruling the record holds with its citation (the re-checks of disputes and
any audit discrepancy; a refused command is never stored, so it is not in a
record), the disputes and their outcome, each player's level over time as an
inline SVG chart, and the combat strength at each claimed win. No script, no
style sheet or font from the network: the page works opened from a file.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from judge.common.i18n import N_, in_lang, tr
from judge_client.telling import RecordTeller

LEGEND_ROW = 30
"""The height of one player's line in the chart's legend (legible on a phone, where the chart is shrunk)."""
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf")


@dataclass
class Claim:
    """A claimed win and the combat as it stood then."""

    version: int
    seat: int
    players: int
    monsters: int
    monster_cards: list[str]


@dataclass
class ReportData:
    """Everything the page shows, read from the record."""

    game_id: str
    rules_version: str
    seats: list[str]
    verified: bool
    verification: list[str]
    audit_clean: bool
    audit: list[str]
    events_checked: int
    turns: list[tuple[int, list[tuple[int, str, str, bool]]]] = field(default_factory=list)
    rulings: list[dict[str, Any]] = field(default_factory=list)
    disputes: list[dict[str, Any]] = field(default_factory=list)
    levels: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    claims: list[Claim] = field(default_factory=list)
    last_version: int = 0
    outcome: str = ""
    """How the game ended (the winner) or what it waits for, in the reader's language: the page's first line."""
    finished: bool = False


def _card_names(ruleset: str) -> dict[str, str]:
    from judge.rules import registry
    from judge.server.catalogue import catalogue_cards

    try:
        return {c.id: c.name for c in catalogue_cards(registry.get(ruleset))}
    except Exception:  # noqa: BLE001  (an unknown ruleset: ids stand for themselves)
        return {}


def read_report(text: str, lang: str, public_key: bytes | None = None,
                progress: Callable[[int, int], None] | None = None) -> ReportData:
    """The report's contents from a complete record's text; ``progress(done, total)`` is told of the
    lines verified, then of the events re-judged."""
    from judge.domain.rules import ruleset_for
    from judge.record import read_record, run_audit, verify_record
    from judge.rules.engine import ORGANIZER

    record = read_record(text)
    header = record.header
    seats = [str(s.get("name", "")) for s in header.setup.get("seats", [])]
    integrity = verify_record(text, public_key, progress=progress)
    narrator = RecordTeller(lang, seats, header.rules_version, _card_names(header.ruleset))

    def marks(effects: Any) -> list[Any]:  # what each effect means for the game's story (the ruleset's words)
        return [m for m in (narrator.milestone(x) for x in effects if isinstance(x, dict)) if m is not None]

    claims = [e.version for e in record.events if e.kind == "CommandAccepted"
              and any(m.claim for m in marks(e.data.get("effects", [])))]
    # The table at the start (a game created from a position starts at its turn and levels), at each claim
    # and just before it (with no interference window, the claim and the combat's end are one command).
    audit = run_audit(record, keep_states=[1, *claims, *(v - 1 for v in claims)], progress=progress)
    ruleset = ruleset_for(header.rules_version)
    start = audit.states.get(1)
    start_view = ruleset.view(start, ORGANIZER) if start is not None else {}
    voided: set[int] = set()
    for e in record.events:
        if e.kind == "DisputeResolved" and e.data.get("upheld") and e.data.get("voided_from"):
            voided.update(range(int(e.data["voided_from"]), int(e.data.get("voided_to") or e.data["voided_from"]) + 1))
    data = ReportData(
        game_id=header.game_id, rules_version=header.rules_version, seats=seats,
        verified=integrity.ok, verification=[in_lang(p.said(), lang) for p in integrity.problems],
        audit_clean=audit.report.clean,
        audit=[f"{d.version}: {tr(lang, d.kind)}: {in_lang(d.detail, lang)}" for d in audit.report.discrepancies],
        events_checked=audit.report.events_checked,
    )
    start_seats = [s for s in start_view.get("seats", []) if isinstance(s, dict)]
    levels: dict[int, list[tuple[int, int]]] = {
        i: [(1, int(start_seats[i].get("level", 1)) if i < len(start_seats) else 1)] for i in range(len(seats))}
    first_turn = int(start_view.get("turn") or 0) or 1
    # A game created from a position is in the position's turn from its first event on.
    turn = first_turn if header.setup.get("position") else 0
    rows: list[tuple[int, str, str, bool]] = []
    for e in record.events:
        data.last_version = e.version
        effects = e.data.get("effects", []) if e.kind == "CommandAccepted" else []
        story = marks(effects)
        if e.kind == "CommandAccepted" and turn == 0 and not any(m.turn_starts for m in story):
            # A game starts in its first turn (no turn begins before the first turn passes).
            if rows:
                data.turns.append((turn, rows))
            turn, rows = first_turn, []
        for m in story:
            if m.turn_starts:
                if rows:
                    data.turns.append((turn, rows))
                turn, rows = (m.turn if m.turn is not None else turn + 1), []
            if m.score is not None and e.version not in voided and m.seat in levels:
                levels[m.seat].append((e.version, m.score))
        shown = _Event(e.kind, e.data.get("seat"), str(e.data.get("action", {}).get("kind", "")) if effects else "",
                       e.data)
        when = datetime.fromtimestamp(e.recorded_at_ms / 1000, timezone.utc).strftime("%H:%M:%S")
        rows.append((e.version, when, narrator.summary(shown), e.version in voided))
        if e.kind == "DisputeOpened":
            recheck = e.data.get("recheck", {})
            data.disputes.append({"id": e.data["dispute_id"], "seat": narrator.seat(e.data["seat"]),
                                  "event": e.data["event_version"], "reason": e.data["reason"],
                                  "recheck": tr(lang, str(recheck.get("outcome", ""))),
                                  "summary": _recheck_summary(recheck, lang), "outcome": tr(lang, "open")})
            if recheck.get("ruling"):
                data.rulings.append({"version": e.version, **recheck["ruling"]})
        if e.kind == "DisputeResolved":
            for d in data.disputes:
                if d["id"] == e.data["dispute_id"]:
                    d["outcome"] = tr(lang, "upheld") if e.data["upheld"] else tr(lang, "dismissed")
                    d["note"] = e.data.get("note", "")
    if rows:
        data.turns.append((turn, rows))
    for found in audit.report.discrepancies:
        if found.ruling is not None:
            data.rulings.append({"version": found.version, **found.ruling.to_dict()})
    for seat, points in levels.items():
        points.append((data.last_version, points[-1][1]))
        data.levels[seat] = points
    for version in claims:
        combat: Mapping[str, Any] = {}
        for at in (version, version - 1):  # the combat as the claim found it
            state = audit.states.get(at)
            combat = (ruleset.view(state, ORGANIZER) if state is not None else {}).get("combat") or {}
            if combat.get("monsters"):
                break
        claimer = next(m.seat for e in record.events if e.version == version
                       for m in marks(e.data.get("effects", [])) if m.claim)
        data.claims.append(Claim(version, claimer, int(combat.get("players_strength", 0)),
                                 int(combat.get("monsters_strength", 0)),
                                 [narrator.card(m.get("card", "")) for m in combat.get("monsters", [])]))
    if audit.final_state is not None:
        data.outcome, data.finished = _outcome(ruleset, audit.final_state, seats, lang)
    return data


def _outcome(ruleset: Any, state: Any, seats: Sequence[str], lang: str) -> tuple[str, bool]:
    """The final table's "waiting for" line told in ``lang`` (for a game over: who won), and whether the
    game is over."""
    from judge.rules.engine import ORGANIZER
    from judge.rules.narration import render as told, tell_waiting

    view = ruleset.view(state, ORGANIZER)
    finished = view.get("status") == "GAME_STATUS_FINISHED"
    waiting = str(view.get("waiting_for", ""))
    return (told(tell_waiting(ruleset, waiting), lang, seats) if waiting else ""), finished


RECHECK_OUTCOMES = (N_("legal"), N_("rejected"), N_("different"), N_("malformed"))
"""The outcomes of a dispute's re-check (judge.domain.rules.Judgement), as the report names them."""


def _recheck_summary(recheck: Mapping[str, Any], lang: str) -> str:
    """What the re-check found, in ``lang`` where the record allows: the standard sentence of a legal
    event, a ruling's explanation in ``lang``; other details as recorded (the judge's own words)."""
    ruling = recheck.get("ruling") or {}
    if recheck.get("outcome") == "legal":
        return tr(lang, "the rules give the recorded effects")
    return str(ruling.get(f"explanation_{lang}") or recheck.get("summary", ""))


@dataclass
class _Event:
    """A record's event in the shape the teller reads (that of ``judge.v1.Event``)."""

    kind: str
    seat: Any
    action: str
    data: Mapping[str, Any]

    @property
    def payload_json(self) -> str:
        import json

        return json.dumps({"effects": self.data.get("effects", [])})

    def HasField(self, name: str) -> bool:  # noqa: N802  (the protobuf spelling the narrator calls)
        return name == "seat" and self.seat is not None


def level_chart(levels: Mapping[int, Sequence[tuple[int, int]]], seats: Sequence[str], last: int) -> str:
    """Each player's level over the game's versions as an inline SVG step chart with a legend."""
    width, height, pad = 640, 260, 36
    top = max([10, *(lvl for pts in levels.values() for _, lvl in pts)])
    span = max(last - 1, 1)

    def x(v: int) -> float:
        return pad + (v - 1) / span * (width - 2 * pad)

    def y(level: int) -> float:
        return height - pad - (level - 1) / max(top - 1, 1) * (height - 2 * pad)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height + LEGEND_ROW * len(seats)}" '
             f'role="img" class="levels">']
    for level in range(1, top + 1):
        parts.append(f'<line x1="{pad}" x2="{width - pad}" y1="{y(level):.1f}" y2="{y(level):.1f}" stroke="#ddd"/>'
                     f'<text x="{pad - 6}" y="{y(level) + 5:.1f}" text-anchor="end" font-size="15">{level}</text>')
    for seat, points in sorted(levels.items()):
        colour = COLOURS[seat % len(COLOURS)]
        shift = (seat - (len(levels) - 1) / 2) * 3  # players on the same level stay visible side by side
        path: list[str] = []
        for i, (version, level) in enumerate(points):
            if i:
                path.append(f"{x(version):.1f},{y(points[i - 1][1]) + shift:.1f}")
            path.append(f"{x(version):.1f},{y(level) + shift:.1f}")
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2.5" points="{" ".join(path)}" '
                     f'data-seat="{seat}" data-final-level="{points[-1][1]}"/>')
        ly = height + LEGEND_ROW * seat + 8
        parts.append(f'<rect x="{pad}" y="{ly}" width="20" height="20" fill="{colour}"/>'
                     f'<text x="{pad + 28}" y="{ly + 17}" font-size="20">{html.escape(seats[seat])}: '
                     f'{points[-1][1]}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _outcome_line(data: ReportData, lang: str) -> str:
    """The page's first line: how the game ended, or that it is still running and what it waits for."""
    if data.finished:
        return data.outcome or tr(lang, "the game is over")
    if data.outcome:
        return tr(lang, "the game is still running; waiting for: {what}", what=data.outcome)
    return tr(lang, "the game is still running")


def render(data: ReportData, lang: str) -> str:
    """The page."""
    e = html.escape
    t = {k: e(tr(lang, k)) for k in (N_("Report"), N_("Verification"), N_("Audit"), N_("Timeline"), N_("Turn"), N_("Rulings"),
                                      N_("Disputes"), N_("Levels"), N_("Claimed wins"), N_("version"), N_("time"), N_("what happened"),
                                      N_("rule"), N_("citation"), N_("explanation"), N_("dispute"), N_("by"), N_("event"), N_("reason"),
                                      N_("re-check"), N_("outcome"), N_("players"), N_("monsters"), N_("seat"), N_("before the first turn"))}
    ok = tr(lang, "intact") if data.verified else tr(lang, "altered")
    out = [f'<!DOCTYPE html><html lang="{e(lang)}"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{t['Report']} {e(data.game_id)}</title><style>",
           "body{font-family:system-ui,sans-serif;margin:1.5em auto;padding:0 1em;max-width:60em;line-height:1.4}"
           "h1{font-size:1.5em;overflow-wrap:anywhere}table{border-collapse:collapse;width:100%}"
           ".wide{overflow-x:auto}td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left;"
           "vertical-align:top;overflow-wrap:break-word}.n{white-space:nowrap}svg.levels{width:100%;height:auto}"
           "#outcome{font-size:1.3em;font-weight:bold;padding:.5em .75em;border-radius:.4em;background:#eef6ee}"
           "#outcome.running{background:#f4f4f4}"
           ".void{text-decoration:line-through;color:#888}.ok{color:#2a7d2a}.bad{color:#b00020}"
           "@media (max-width:40em){body{margin:.75em auto;padding:0 .5em;font-size:15px}td,th{padding:.2em .3em}"
           "h1{font-size:1.2em}}</style></head><body>",
           f"<h1>{t['Report']} {e(data.game_id)}</h1>",
           f'<p id="outcome" class="{"" if data.finished else "running"}">{e(_outcome_line(data, lang))}</p>',
           f"<p>{e(data.rules_version)} · {e(', '.join(data.seats))}</p>",
           f'<h2>{t["Verification"]}</h2><p id="verification" class="{"ok" if data.verified else "bad"}">'
           f"{e(tr(lang, 'hash chain, receipts and seal: {result}', result=ok))}</p>",
           *(f"<p class=bad>{e(p)}</p>" for p in data.verification),
           f'<h2>{t["Audit"]}</h2><p id="audit" class="{"ok" if data.audit_clean else "bad"}">'
           f"{e(tr(lang, '{n} events re-judged: {result}', n=data.events_checked, result=tr(lang, 'clean') if data.audit_clean else tr(lang, 'discrepancies')))}</p>",  # noqa: E501
           *(f"<p class=bad>{e(p)}</p>" for p in data.audit),
           f"<h2>{t['Levels']}</h2>", level_chart(data.levels, data.seats, data.last_version),
           f"<h2>{t['Claimed wins']}</h2><div class=wide><table id=claims><tr><th>{t['version']}</th><th>{t['seat']}</th>"
           f"<th>{t['players']}</th><th>{t['monsters']}</th></tr>"]
    for c in data.claims:
        out.append(f"<tr><td>{c.version}</td><td>{e(data.seats[c.seat])}</td><td class=players>{c.players}</td>"
                   f"<td class=monsters>{c.monsters} ({e(', '.join(c.monster_cards))})</td></tr>")
    out.append(f"</table></div><h2>{t['Timeline']}</h2>")
    for turn, rows in data.turns:
        heading = tr(lang, "Turn {turn}", turn=turn) if turn else t["before the first turn"]
        out.append(f"<h3>{e(heading)}</h3><div class=wide><table><tr><th>{t['version']}</th><th>{t['time']}</th>"
                   f"<th>{t['what happened']}</th></tr>")
        for version, when, text, void in rows:
            out.append(f'<tr{" class=void" if void else ""}><td class=n>{version}</td><td class=n>{when}</td>'
                       f'<td>{e(text)}</td></tr>')
        out.append("</table></div>")
    out.append(f"<h2>{t['Rulings']}</h2><div class=wide><table id=rulings><tr><th>{t['event']}</th><th>{t['rule']}</th>"
               f"<th>{t['citation']}</th><th>{t['explanation']}</th></tr>")
    if not data.rulings:
        out.append(f"<tr><td colspan=4>{e(tr(lang, 'none: the record holds no ruling (refused commands are not stored)'))}"
                   "</td></tr>")
    for r in data.rulings:
        explanation = r.get(f"explanation_{lang}") or r.get("explanation_en", "")
        out.append(f"<tr><td>{r['version']}</td><td>{e(r['rule_id'])}</td><td>{e(r['source'])}, "
                   f"„{e(r['section'])}“: <q>{e(r['quote'])}</q></td><td>{e(explanation)}</td></tr>")
    out.append(f"</table></div><h2>{t['Disputes']}</h2><div class=wide><table id=disputes><tr><th>{t['dispute']}</th><th>{t['by']}</th>"
               f"<th>{t['event']}</th><th>{t['reason']}</th><th>{t['re-check']}</th><th>{t['outcome']}</th></tr>")
    for d in data.disputes:
        note = f" – {d['note']}" if d.get("note") else ""
        out.append(f"<tr><td>{d['id']}</td><td>{e(d['seat'])}</td><td>{d['event']}</td><td>{e(d['reason'])}</td>"
                   f"<td>{e(d['recheck'])}: {e(d['summary'])}</td><td>{e(d['outcome'] + note)}</td></tr>")
    out.append("</table></div></body></html>")
    return "\n".join(out)
