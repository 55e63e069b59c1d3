"""A real judge on loopback for the server tests: the real application on a
SQLite file, ``create_server`` on port 0, and the real client library."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import secrets

from judge.app import JudgeApp
from judge.domain.credentials import token_hash
from judge.server.main import create_server
from judge_client import JudgeClient
from tests.server.support import SAFETY_TIMEOUT_S, Judge, Table, open_table


@pytest.fixture(scope="module")
def judge(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Judge]:
    """One judge per test module (each test makes its own game)."""
    db = tmp_path_factory.mktemp("judge") / "judge.sqlite3"
    admin = secrets.token_urlsafe(32)
    app = JudgeApp(JudgeApp.sqlite(db), admin_token_hash=token_hash(admin))
    server, port = create_server("127.0.0.1:0", app, max_workers=16)
    server.start()
    try:
        yield Judge(f"127.0.0.1:{port}", db, app, admin)
    finally:
        server.stop(grace=None).wait(SAFETY_TIMEOUT_S)


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
