"""``scripts/bench_replicas_pg.py --quick``: the measurement of several judge processes on one
PostgreSQL database runs end to end (its own durable server, ``judge serve`` replicas, the recorded
scripts, the load) and prints its report in the documented shape. Its figures are never asserted:
only that each is there, is a number and spreads as min <= median <= max."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.support.judge_process import ROOT

pytestmark = pytest.mark.slow

SCRIPT = ROOT / "scripts" / "bench_replicas_pg.py"
UNAVAILABLE = 3
"""The script's exit status when no PostgreSQL server can run here."""
FIGURES = {"submits_per_s", "p50_ms", "p99_ms", "server_cpu_ms", "postgres_cpu_ms", "load_cpu_ms",
           "per_server_core", "server_cores", "busy_cores", "other_cores", "wal_syncs_per_submit",
           "backends_active", "events_lock_held", "events_lock_waiters"}


def test_quick_run_reports_every_figure_per_number_of_processes() -> None:
    result = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--json", "--replicas", "1,2", "--seed", "3"],
                            capture_output=True, text=True, timeout=240, cwd=ROOT)
    if result.returncode == UNAVAILABLE:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is required in CI: {result.stderr}")
        pytest.skip(result.stderr.strip())
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["config"]["replicas"] == [1, 2] and report["config"]["seed"] == 3
    assert report["postgres"] == {"fsync": True, "synchronous_commit": True, "full_page_writes": True}
    assert set(report["units"]) == FIGURES
    assert [entry["replicas"] for entry in report["by_replicas"]] == [1, 2]
    for entry in report["by_replicas"]:
        assert entry["accepted_per_round"] and all(n > 0 for n in entry["accepted_per_round"])
        assert entry["refused_by_limits"] == 0
        for name in FIGURES:
            spread = entry[name]
            assert set(spread) == {"min", "median", "max"}, name
            assert spread["min"] <= spread["median"] <= spread["max"], name
    assert {(r["round"], r["replicas"]) for r in report["rounds"]} == {(1, 1), (1, 2)}
