"""Fixtures of the trust tests: a real judge on loopback (on each storage
backend, tests/conftest.py) with an admin token (``tests.server.support.running_judge``, without a rate limit and with
enough workers for the concurrency tests), the real client library, and
helpers to build tables."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest

from judge_client import JudgeClient
from judge.store import Storage
from tests.conftest import make_storage
from tests.server.support import SAFETY_TIMEOUT_S, Judge, Table, open_table, running_judge

TRUST_SERVER = {"max_workers": 40, "rate_limit": None}
"""40 workers: the exactly-once test keeps 24 connections busy at once."""


def trust_judge(db: Path | Storage, **server_options: Any) -> AbstractContextManager[Judge]:
    """``running_judge`` with the trust tests' defaults (``server_options`` override them)."""
    return running_judge(db, **{**TRUST_SERVER, **server_options})


@pytest.fixture(scope="module")
def judge(backend: str, tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[Judge]:
    """The module's judge, on each backend (tests/conftest.py)."""
    with trust_judge(make_storage(backend, tmp_path_factory.mktemp("trust"), request)) as running:
        yield running


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
