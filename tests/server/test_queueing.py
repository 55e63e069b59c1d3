"""Under load the judge queues calls instead of refusing them (issue "Fast"): calls beyond the workers
wait for one, in arrival order, up to ``max_queued``; only a call beyond those is answered
RESOURCE_EXHAUSTED at once. Counts of answers, never timings."""

from __future__ import annotations

import threading
from pathlib import Path

import grpc

from judge.v1 import judge_pb2 as pb
from judge.v1 import judge_pb2_grpc
from tests.server.support import SAFETY_TIMEOUT_S, running_judge

CALLS = 100


def _burst(target: str, token: str, game_id: str, calls: int) -> list[grpc.StatusCode]:
    """``calls`` GetView calls started together from as many threads; the status of each."""
    codes: list[grpc.StatusCode] = []
    lock = threading.Lock()
    start = threading.Barrier(calls)
    with grpc.insecure_channel(target) as channel:
        stub = judge_pb2_grpc.JudgeServiceStub(channel)

        def call() -> None:
            start.wait()
            try:
                stub.GetView(pb.GetViewRequest(game_id=game_id), metadata=[("authorization", f"Bearer {token}")],
                             timeout=SAFETY_TIMEOUT_S * 4)
                code = grpc.StatusCode.OK
            except grpc.RpcError as error:
                code = error.code()  # type: ignore[attr-defined]
            with lock:
                codes.append(code)

        threads = [threading.Thread(target=call) for _ in range(calls)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(SAFETY_TIMEOUT_S * 5)
    return codes


def test_a_hundred_calls_at_once_on_four_workers_are_all_answered(tmp_path: Path) -> None:
    """(With ``max_queued=0``, as the judge was before it queued, most of them are refused.)"""
    with running_judge(tmp_path / "q.sqlite3", max_workers=4, rate_limit=None) as judge:
        created = judge.app.create_game(_setup())
        codes = _burst(judge.target, created.spectator_token, created.game_id, CALLS)
    assert codes == [grpc.StatusCode.OK] * CALLS


def _setup():  # type: ignore[no-untyped-def]
    from tests.domain.domain_support import SETUP

    return SETUP
