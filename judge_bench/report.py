"""The report of ``judge bench`` (judge_bench/bench.py) as a table: each figure's words,
median (min-max), its ceiling and the ratio."""

from __future__ import annotations

from typing import Any

from judge_bench import store

DESCRIPTIONS = {
    "calls_echo": "bare echo, calls/s at the games' concurrency",
    "calls_append": "echo+append, calls/s at the games' concurrency",
    "p50_append": "echo+append p50 under that load",
    "p99_append": "echo+append p99 under that load",
    "single_echo": "bare echo p50, single client",
    "single_append": "echo+append p50, single client",
    "cpu_echo": "bare echo, server CPU per call",
    "cpu_append": "echo+append, server CPU per call",
    "cpu_submit": "Submit at peak, server CPU per accepted command",
    "submit_peak": "Submit at peak, accepted commands/s",
    "submit_p50": "Submit p50 under peak load",
    "submit_p99": "Submit p99 under peak load",
    "single_p50": "Submit p50, single client",
    "single_lean_p50": "Submit p50, single client, read mask: events, version, receipt",
    "single_page_p50": "Submit p50, single client, the table page's read mask",
    "half_p50": "Submit p50 at half of peak (paced)",
    "half_p99": "Submit p99 at half of peak (paced)",
    "legal_early": "LegalActions p50, fresh game",
    "legal_late": "LegalActions p50, end of a script",
    "legal_reported": "LegalActions p50, end of a script at a reported table",
    "legal_reported_first": "LegalActions p50, first ask at each new version of a reported table",
    "legal_library_100": "LegalActions p50, reported table opening, group library of 100 cards",
    "legal_library_1000": "LegalActions p50, reported table opening, group library of 1,000 cards",
    "view_late": "GetView p50, end of a script",
    "ask_early": "Ask p50, fresh game",
    "ask_late": "Ask p50, end of a script",
    "replay": "Replay stream of a played game, events/s",
    "watch_catchup": "Watch from version 0 to caught_up, events/s",
    "replay_events": "Replay with read mask event (no views), events/s",
    "watch_events": "Watch catch-up with read mask event (no views), events/s",
    "replay_batched": "Replay with read mask event, 200 events per message, events/s",
    "watch_batched": "Watch catch-up with read mask event, 200 events per message, events/s",
    "replay_lean": "Replay of the events without summaries, 200 per message, events/s",
    **store.DESCRIPTIONS,
}


def render(report: dict[str, Any]) -> Any:
    """The report as a table (rich)."""
    from rich.table import Table

    def spread(values: dict[str, float] | None) -> str:
        if values is None:
            return "-"
        return f"{values['median']:,.2f} ({values['min']:,.2f}-{values['max']:,.2f})"

    c = report["config"]
    table = Table(title=f"judge bench: {c['games']} games x {c['commands']} commands, {c['rounds']} round(s), "
                        f"seed {c['seed']}: median (min-max)")
    for column in ("figure", "unit", "judge", "ceiling", "ratio"):
        table.add_column(column, overflow="fold")
    for row in report["ceilings"]:
        if row["value"] is None:
            continue
        table.add_row(DESCRIPTIONS[row["name"]], row["unit"], "", spread(row["value"]), "")
    for row in report["figures"]:
        ratio = f"{row['ratio']:.3f}" if row["ratio"] is not None else "-"
        ceiling = f"{row['ceiling_name']}: {spread(row['ceiling'])}" if row["ceiling_name"] else "-"
        table.add_row(DESCRIPTIONS[row["name"]], row["unit"], spread(row["judge"]), ceiling, ratio)
    table.caption = (f"Submit at peak against the bare echo: {report['submit_vs_bare_echo']:.3f}; "
                     f"Submits accepted per round: {report['accepted_per_round']} of {report['scripted']} scripted; "
                     f"refused by the judge's limits: {report['refused_by_limits']}")
    return table
