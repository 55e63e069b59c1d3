"""A real judge process serving the table page (``judge serve --web-listen``),
and where the browser tests keep their screenshots."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.judge_process import JudgeProcess, start_judge_process

RESULTS = Path(os.environ.get("JUDGE_TEST_RESULTS") or Path(__file__).resolve().parents[2] / "test-results")
"""The suite's artefacts (screenshots) stay here after the run: test-results/ in the checkout
(ignored by git), or the directory JUDGE_TEST_RESULTS names (a CI job's artefact upload)."""


@pytest.fixture
def web_judge(tmp_path: Path) -> Iterator[JudgeProcess]:
    srv = start_judge_process(tmp_path / "judge.sqlite3", tmp_path / "server.log", "--web-listen", "127.0.0.1:0")
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def screenshots(request: pytest.FixtureRequest) -> Path:
    """A fresh directory for this test's screenshots under the suite's results."""
    folder = RESULTS / "web" / re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.png"):
        old.unlink()
    return folder
