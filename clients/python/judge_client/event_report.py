"""The report of an event (``judge event report``, ``judge report FOLDER``): one self-contained HTML
page from an event's export: the standings (and the final table's order), each table's summary
(players, places, time called, events, disputes) and every dispute with its resolution."""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from typing import Any

from judge.common.i18n import N_, ntr, tr

STANDING_COLUMNS = (N_("rank"), N_("player"), N_("points"), N_("score"), N_("opponents"), N_("head to head"),
                    N_("tables"))
STATUSES = {"open": N_("open"), "upheld": N_("upheld"), "dismissed": N_("dismissed")}


def _e(text: object) -> str:
    return html.escape(str(text))


def _game_summary(text: str) -> dict[str, Any]:
    lines = [json.loads(line) for line in text.split("\n") if line.startswith('{"version":')]
    header = json.loads(text.split("\n", 1)[0])
    disputes: dict[int, dict[str, Any]] = {}
    for e in lines:
        if e["kind"] == "DisputeOpened":
            disputes[e["dispute_id"]] = {"event_version": e["event_version"], "seat": e["seat"], "reason": e["reason"],
                                         "status": "open", "note": ""}
        elif e["kind"] == "DisputeResolved" and e["dispute_id"] in disputes:
            disputes[e["dispute_id"]].update(status="upheld" if e["upheld"] else "dismissed", note=e["note"])
    seats = [s.get("name", "") for s in header.get("setup", {}).get("seats", [])]
    return {"events": len(lines), "seats": seats, "disputes": disputes,
            "stopped": any(e["kind"] == "GameStopped" for e in lines)}


def render_event_report(record: str, games: Mapping[str, str], lang: str) -> str:
    """The report page in ``lang``."""
    from judge.record.event_record import read_event_lines
    from judge.tournament.rounds import EventRules, event_standings, final_ranking, result_of
    from judge.tournament.scoring import format_points

    _, events, _ = read_event_lines(record)
    created = events[0]
    rules = EventRules.from_created(created)
    players = [e["player"] for e in events if e["kind"] == "PlayerRegistered"]
    rounds = [e for e in events if e["kind"] == "RoundStarted"]
    results = [result_of(e) for e in events if e["kind"] == "TableFinished"]
    standing = event_standings(players, rounds, results, rules.scoring)
    finals = {r["round"] for r in rounds if r["final"]}
    final = next((r for r in results if r.round in finals), None)
    parts = [f"<!doctype html><html lang='{_e(lang)}'><meta charset='utf-8'><title>{_e(created['name'])}</title>",
             "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
             "td,th{border:1px solid #999;padding:.2em .5em}</style>",
             f"<h1>{_e(created['name'])}</h1>",
             f"<p>{_e(tr(lang, 'ruleset'))}: {_e(created['ruleset'])} · "
             f"{_e(ntr(lang, '{n} player', '{n} players', len(players)))} · "
             f"{_e(ntr(lang, '{n} round', '{n} rounds', len(rounds)))}</p>",
             f"<h2>{_e(tr(lang, 'standings'))}</h2><table><tr>"]
    for column in STANDING_COLUMNS:
        parts.append(f"<th>{_e(tr(lang, column))}</th>")
    parts.append("</tr>")
    for s in standing:
        parts.append(f"<tr><td>{s.rank}</td><td>{_e(s.player)}</td><td>{format_points(s.points)}</td><td>{s.score}</td>"
                     f"<td>{format_points(s.opponents)}</td><td>{s.head_to_head}</td><td>{s.tables}</td></tr>")
    parts.append("</table>")
    if final is not None:
        order = final_ranking(standing, final)
        parts.append(f"<h2>{_e(tr(lang, 'final order'))}</h2><ol>")
        parts += [f"<li>{_e(p)}</li>" for p in order[:len(final.players)]]
        parts.append("</ol>")
    disputes: list[str] = []
    for r in rounds:
        title = tr(lang, "final table (round {round})", round=r["round"]) if r["final"] \
            else tr(lang, "round {round}", round=r["round"])
        parts.append(f"<h2>{_e(title)}</h2><table>")
        for t in r["tables"]:
            result = next((x for x in results if x.round == r["round"] and x.players and
                           set(x.players) == set(t["players"])), None)
            places = " > ".join(" = ".join(g) for g in result.places) if result else tr(lang, "no result")
            summary = _game_summary(games[t["game_id"]]) if t["game_id"] in games else None
            told = ntr(lang, "{n} event", "{n} events", summary["events"]) if summary else tr(lang, "no record")
            called = tr(lang, "time called") if result is not None and result.time_called else ""
            parts.append(f"<tr><td>{_e(tr(lang, 'table {table}', table=t['table']))}</td><td>{_e(', '.join(t['players']))}"
                         f"</td><td>{_e(places)}</td><td>{_e(called)}</td><td>{_e(told)}</td></tr>")
            for number, d in (summary or {}).get("disputes", {}).items():
                seat = t["players"][d["seat"]] if 0 <= d["seat"] < len(t["players"]) else str(d["seat"])
                disputes.append(_e(tr(lang, "round {round}, table {table}: dispute {dispute} by {player} about event "
                                             "{version}: {reason} ({status}) {note}", round=r["round"],
                                      table=t["table"], dispute=number, player=seat, version=d["event_version"],
                                      reason=d["reason"], status=tr(lang, STATUSES.get(d["status"], d["status"])), note=d["note"])))
        parts.append("</table>")
    parts.append(f"<h2>{_e(tr(lang, 'disputes'))}</h2>")
    parts.append("<ul>" + "".join(f"<li>{d}</li>" for d in disputes) + "</ul>" if disputes
                 else f"<p>{_e(tr(lang, 'no disputes'))}</p>")
    parts.append("</html>\n")
    return "".join(parts)
