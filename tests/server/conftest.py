"""A real judge on loopback for the server tests: the real application on a
SQLite file, ``create_server`` on port 0, and the real client library."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judge_client import JudgeClient
from tests.server.support import SAFETY_TIMEOUT_S, Judge, Table, open_table, running_judge


@pytest.fixture(scope="module")
def judge(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Judge]:
    """One judge per test module (each test makes its own game)."""
    with running_judge(tmp_path_factory.mktemp("judge") / "judge.sqlite3", max_workers=16) as running:
        yield running


@pytest.fixture
def client(judge: Judge) -> Iterator[JudgeClient]:
    """A client without a token (CreateGame)."""
    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as c:
        yield c


@pytest.fixture
def admin(judge: Judge, client: JudgeClient) -> JudgeClient:
    """A client with the server's admin token (ImportGame)."""
    return client.with_token(judge.admin_token)


@pytest.fixture
def table(client: JudgeClient) -> Table:
    """A fresh three-seat munchkin game."""
    return open_table(client)
