"""``judge bench --quick``: the benchmark runs end to end (three servers, the
recorded scripts, every figure) and prints its report in the documented shape.
Its figures are never asserted: only that each is there and is a number."""

from __future__ import annotations

import json
import subprocess

from tests.support.judge_process import JUDGE

FIGURES = {"submit_peak", "submit_p50", "submit_p99", "half_p50", "half_p99", "single_p50", "legal_early", "legal_late",
           "legal_reported", "legal_reported_first", "legal_library_100", "legal_library_1000", "single_lean_p50",
           "single_page_p50",
           "replay_events", "watch_events", "cpu_submit", "replay_batched", "watch_batched", "replay_lean",
           "view_late", "ask_early", "ask_late", "replay", "watch_catchup", "rebuild", "startup_quick", "startup_full",
           "stored_events", "bytes_per_event", "memory_per_game"}
CEILINGS = {"calls_echo", "calls_append", "p50_append", "p99_append", "single_echo", "single_append", "cpu_append",
            "decoding"}
PLAIN = {"half_p50", "half_p99", "startup_quick", "startup_full", "stored_events", "bytes_per_event",
         "memory_per_game"}
"""The figures without a ceiling (the target is absolute, or the figure is a size)."""


def _spread_ok(spread: dict[str, float]) -> bool:
    return set(spread) == {"min", "median", "max"} and spread["min"] <= spread["median"] <= spread["max"]


def test_quick_bench_reports_every_figure_against_its_ceiling() -> None:
    result = subprocess.run([str(JUDGE), "bench", "--quick", "--json", "--seed", "7"], capture_output=True,
                            text=True, timeout=240)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["config"]["seed"] == 7 and report["config"]["rounds"] == 1
    assert {c["name"] for c in report["ceilings"]} == CEILINGS
    assert all(_spread_ok(c["value"]) for c in report["ceilings"])
    figures = {f["name"]: f for f in report["figures"]}
    assert set(figures) == FIGURES
    for name, figure in figures.items():
        assert _spread_ok(figure["judge"]), name
        if name not in PLAIN:
            assert figure["ceiling_name"] in CEILINGS and _spread_ok(figure["ceiling"])
            assert figure["ratio"] > 0
    # The same seed gives the same games: every scripted command is accepted again.
    assert report["scripted"] > 0 and report["accepted_per_round"] == [report["scripted"]]
    assert report["refused_by_limits"] == 0  # the default limits, with a table per client address
    assert figures["replay"]["ceiling_name"] == "decoding" and figures["rebuild"]["ceiling_name"] == "decoding"
    assert figures["stored_events"]["judge"]["min"] > report["scripted"]  # every command, and the creations
    assert figures["startup_quick"]["ratio"] is None and figures["memory_per_game"]["judge"]["min"] > 0
    assert "bench:" in result.stderr  # progress is shown while it runs


def test_bench_table_names_the_ratio_to_the_bare_echo() -> None:
    result = subprocess.run([str(JUDGE), "bench", "--quick"], capture_output=True, text=True, timeout=240)
    assert result.returncode == 0, result.stderr
    assert "Submit at peak against the bare echo" in result.stdout
    assert "echo+append" in result.stdout
