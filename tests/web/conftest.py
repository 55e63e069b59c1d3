"""A real judge process serving the table page (``judge serve --web-listen``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.judge_process import JudgeProcess, start_judge_process


@pytest.fixture
def web_judge(tmp_path: Path) -> Iterator[JudgeProcess]:
    srv = start_judge_process(tmp_path / "judge.sqlite3", tmp_path / "server.log", "--web-listen", "127.0.0.1:0")
    try:
        yield srv
    finally:
        srv.stop()
