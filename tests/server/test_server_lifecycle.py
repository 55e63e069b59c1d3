"""create_server's own duties: the window closer's life, access logging."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

import pytest

from judge.app import JudgeApp
from judge.server.main import create_server
from judge_client import JudgeClient, JudgeRpcError
from tests.server.support import SAFETY_TIMEOUT_S, Judge, open_table


def closers() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name == "judge-window-closer"}


def test_the_window_closer_stops_with_the_server(tmp_path: Path) -> None:
    before = closers()
    app = JudgeApp(JudgeApp.sqlite(tmp_path / "judge.sqlite3"))
    server, port = create_server("127.0.0.1:0", app, max_workers=2)
    [closer] = closers() - before
    server.start()
    with JudgeClient(f"127.0.0.1:{port}", timeout=SAFETY_TIMEOUT_S) as client:
        assert client.health() == "SERVING"
    assert closer.is_alive()
    server.stop(grace=None).wait(SAFETY_TIMEOUT_S)
    closer.join(SAFETY_TIMEOUT_S)
    assert not closer.is_alive()
    app.close()


def test_each_call_is_logged_without_its_token(judge: Judge, caplog: pytest.LogCaptureFixture) -> None:
    """The interceptor logs a call before its answer is sent, so the records
    are there when the client has its answer (an answered GetView at DEBUG: the phones poll it)."""
    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        table = open_table(client)
        with caplog.at_level(logging.DEBUG, logger="judge.server.access"):
            table.organizer.get_view(table.game_id)
            with pytest.raises(JudgeRpcError):
                client.with_token("wrong-token").get_view(table.game_id)
    lines = {r.getMessage().split("ms")[0].rsplit(" ", 1)[0]: r.levelno for r in caplog.records
             if r.name == "judge.server.access"}
    assert lines["/judge.v1.JudgeService/GetView OK"] == logging.DEBUG
    assert lines["/judge.v1.JudgeService/GetView UNAUTHENTICATED"] == logging.WARNING
    everything = "\n".join(r.getMessage() for r in caplog.records)
    assert table.game.organizer_token not in everything and "wrong-token" not in everything
