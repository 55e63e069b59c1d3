"""A real judge on loopback for the server tests: the real application on a
SQLite file, ``create_server`` on port 0, and the real client library."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge.app import JudgeApp
from judge.server.main import create_server
from judge_client import JudgeClient
from tests.server.support import SAFETY_TIMEOUT_S, Judge, Table, open_table


@pytest.fixture(scope="module")
def judge(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Judge]:
    """One judge per test module (each test makes its own game)."""
    db = tmp_path_factory.mktemp("judge") / "judge.sqlite3"
    app = JudgeApp(JudgeApp.sqlite(db))
    server, port = create_server("127.0.0.1:0", app, max_workers=16)
    server.start()
    try:
        yield Judge(f"127.0.0.1:{port}", db, app)
    finally:
        server.stop(grace=None).wait(SAFETY_TIMEOUT_S)


@pytest.fixture
def client(judge: Judge) -> Iterator[JudgeClient]:
    """A client without a token (CreateGame, ImportGame)."""
    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as c:
        yield c


@pytest.fixture
def table(client: JudgeClient) -> Table:
    """A fresh three-seat munchkin game."""
    return open_table(client)
