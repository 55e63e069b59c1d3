"""The database under a running judge: removed, unwritable, held by another
judge. The judge never acknowledges a write it did not store, says that
nothing was recorded and why (UNAVAILABLE), turns its health to NOT_SERVING
while it cannot write, recovers by itself when writing works again, never
starts silently on a fresh database where one existed, and never shares its
port or its database with a second judge.
"""

from __future__ import annotations

import resource
import subprocess
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from judge_client import JudgeClient, JudgeRpcError
from tests.support.judge_process import JUDGE, START_TIMEOUT_S, JudgeProcess, start_judge_process

SEATS = ["Anna:female", "Ben:male", "Cem:male"]
SAFETY_S = 60.0  # a safety net for waiting on a status change, never a measurement


@pytest.fixture
def judge(tmp_path: Path) -> Iterator[JudgeProcess]:
    srv = start_judge_process(tmp_path / "judge.sqlite3", tmp_path / "server.log")
    try:
        yield srv
    finally:
        srv.stop()


def _health(target: str) -> int:
    with grpc.insecure_channel(target) as channel:
        return health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=10).status


def _await_health(target: str, status: int) -> None:
    """Block until the judge reports ``status`` (it polls its database every few ms)."""
    with grpc.insecure_channel(target) as channel:
        stream = health_pb2_grpc.HealthStub(channel).Watch(health_pb2.HealthCheckRequest(), timeout=SAFETY_S)
        for answer in stream:
            if answer.status == status:
                stream.cancel()
                return


def _start(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``judge serve`` expected to refuse to start: its exit status and output."""
    return subprocess.run([str(JUDGE), "serve", "--db", str(db), *args], capture_output=True, text=True,
                          timeout=START_TIMEOUT_S, cwd=db.parent)


@pytest.mark.slow
def test_a_removed_database_answers_unavailable_and_is_not_recreated_silently(judge: JudgeProcess) -> None:
    with JudgeClient(judge.target, timeout=30) as client:
        game = client.create_game("munchkin", SEATS)
        anna = client.with_token(game.seat_tokens[0].token)
        anna.submit(game.game_id, 0, "kick_door", card="elf")
        judge.db.unlink()
        with pytest.raises(JudgeRpcError) as caught:
            anna.submit(game.game_id, 0, "loot_room")
        assert caught.value.code == grpc.StatusCode.UNAVAILABLE
        assert "nothing was recorded" in caught.value.message and "was removed" in caught.value.message
        with pytest.raises(JudgeRpcError) as created:
            client.create_game("munchkin", SEATS)
        assert created.value.code == grpc.StatusCode.UNAVAILABLE
    _await_health(judge.target, health_pb2.HealthCheckResponse.NOT_SERVING)
    judge.stop()
    for name in (judge.db.name + "-wal", judge.db.name + "-shm"):
        (judge.db.parent / name).unlink(missing_ok=True)
    refused = _start(judge.db, "--listen", "127.0.0.1:0")
    assert refused.returncode == 2 and "--init" in refused.stderr and "does not exist" in refused.stderr
    assert not judge.db.exists()
    fresh = start_judge_process(judge.db, judge.log, "--init")
    try:
        with JudgeClient(fresh.target, timeout=30) as client:
            assert client.create_game("munchkin", SEATS).view.version == 1
    finally:
        fresh.stop()


def test_writes_that_fail_are_unavailable_and_the_judge_recovers_by_itself(judge: JudgeProcess) -> None:
    """A file size limit of 0 makes every write to a file fail, as a full disk does."""
    with JudgeClient(judge.target, timeout=30) as client:
        game = client.create_game("munchkin", SEATS)
        anna = client.with_token(game.seat_tokens[0].token)
        anna.submit(game.game_id, 0, "kick_door", card="elf")
        limit = resource.prlimit(judge.proc.pid, resource.RLIMIT_FSIZE)
        resource.prlimit(judge.proc.pid, resource.RLIMIT_FSIZE, (0, limit[1]))
        try:
            with pytest.raises(JudgeRpcError) as caught:
                anna.submit(game.game_id, 0, "loot_room", command_id="loot")
            assert caught.value.code == grpc.StatusCode.UNAVAILABLE
            assert "nothing was recorded" in caught.value.message
            assert anna.get_view(game.game_id).view.version == 2  # reads go on
            _await_health(judge.target, health_pb2.HealthCheckResponse.NOT_SERVING)
        finally:
            resource.prlimit(judge.proc.pid, resource.RLIMIT_FSIZE, limit)
        _await_health(judge.target, health_pb2.HealthCheckResponse.SERVING)
        retried = anna.submit(game.game_id, 0, "loot_room", command_id="loot")
        assert retried.version == 3 and not retried.duplicate
        assert [s.event.version for s in client.with_token(game.organizer_token).replay(game.game_id)] == [1, 2, 3]


def test_a_second_judge_on_the_same_database_or_port_does_not_start(judge: JudgeProcess, tmp_path: Path) -> None:
    held = _start(judge.db, "--listen", "127.0.0.1:0")
    assert held.returncode == 2 and f"pid {judge.proc.pid}" in held.stderr, held.stderr
    other = tmp_path / "other" / "judge.sqlite3"
    other.parent.mkdir()
    taken = _start(other, "--listen", judge.target)
    assert taken.returncode == 2 and "in use" in taken.stderr, taken.stderr
    assert _health(judge.target) == health_pb2.HealthCheckResponse.SERVING
