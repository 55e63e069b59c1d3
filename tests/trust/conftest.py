"""Fixtures of the trust tests: a real judge on loopback with an admin
token, the real client library, and helpers to build tables."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from judge.app import JudgeApp
from judge.domain.credentials import token_hash
from judge.server.main import create_server
from judge_client import JudgeClient
from tests.server.support import SAFETY_TIMEOUT_S, Judge, Table, open_table


def start_judge(db: Path, **server_options: object) -> tuple[Judge, object]:
    """A judge on a SQLite file with an admin token; returns it and the grpc server."""
    admin = secrets.token_urlsafe(32)
    app = JudgeApp(JudgeApp.sqlite(db), admin_token_hash=token_hash(admin))
    options = {"max_workers": 40, "rate_limit": None, **server_options}
    server, port = create_server("127.0.0.1:0", app, **options)  # type: ignore[arg-type]
    server.start()
    return Judge(f"127.0.0.1:{port}", db, app, admin), server


@pytest.fixture(scope="module")
def judge(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Judge]:
    running, server = start_judge(tmp_path_factory.mktemp("trust") / "judge.sqlite3")
    try:
        yield running
    finally:
        server.stop(grace=None).wait(SAFETY_TIMEOUT_S)  # type: ignore[attr-defined]
        running.app.close()


@pytest.fixture
def client(judge: Judge) -> Iterator[JudgeClient]:
    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as c:
        yield c


@pytest.fixture
def admin(judge: Judge, client: JudgeClient) -> JudgeClient:
    return client.with_token(judge.admin_token)


@pytest.fixture
def table(client: JudgeClient) -> Table:
    return open_table(client)
