"""Helpers of ``judge bench`` (judge_bench/bench.py): the servers' CPU time, a table's own client
address, and patience with the judge's limits while the scripts are recorded."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

PIDS: dict[str, int] = {}
"""The server processes of the running benchmark, by kind (for their CPU time)."""


def cpu_seconds(kind: str) -> float | None:
    """CPU seconds (user and system) the server ``kind`` has used so far; None where /proc has none."""
    try:
        fields = Path(f"/proc/{PIDS[kind]}/stat").read_text().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (KeyError, OSError, ValueError, IndexError):
        return None



def forwarded_for(address: str) -> Any:
    """A client interceptor naming the table's own client address ``address`` in ``x-forwarded-for``,
    as a proxy does (the judge trusts loopback for it: ``--trusted-proxies``)."""
    import grpc

    class Details(grpc.ClientCallDetails):  # type: ignore[misc]
        pass

    def details_of(details: Any) -> Any:
        call = Details()
        call.method, call.timeout, call.credentials = details.method, details.timeout, details.credentials
        call.wait_for_ready, call.compression = details.wait_for_ready, details.compression
        call.metadata = [*(details.metadata or ()), ("x-forwarded-for", address)]
        return call

    class ForwardedFor(grpc.UnaryUnaryClientInterceptor, grpc.UnaryStreamClientInterceptor):  # type: ignore[misc]
        def intercept_unary_unary(self, continuation: Any, details: Any, request: Any) -> Any:
            return continuation(details_of(details), request)

        def intercept_unary_stream(self, continuation: Any, details: Any, request: Any) -> Any:
            return continuation(details_of(details), request)

    return ForwardedFor()


def patiently(call: Callable[[], Any]) -> Any:
    """``call()``, waiting and trying again while the judge answers RESOURCE_EXHAUSTED (its rate
    limits, as a polite client does): for the untimed recording of the scripts only."""
    from judge_client import JudgeRpcError

    while True:
        try:
            return call()
        except JudgeRpcError as error:
            if getattr(error.code, "name", "") != "RESOURCE_EXHAUSTED":
                raise
            time.sleep(0.5)


LIBRARY_SIZES = (100, 1000)
"""The sizes of the group libraries the benchmark's reported tables play with (``legal_library_<n>``)."""

# The events per message of the batched Replay and Watch, and the fields of each event the lean Replay
# reads (every one but the summary: no event is told, none folded through the rules).
BATCH = 200
LEAN_EVENT = ["event.version", "event.kind", "event.seat", "event.command_id", "event.action",
              "event.recorded_at_ms", "event.payload_json", "event.voided"]


def library_cards(size: int) -> list[dict[str, Any]]:
    """A group's own cards for the benchmark: monsters, curses, items and level-ups in turn, each of
    the kinds a reported table's LegalActions names in its templates."""
    out: list[dict[str, Any]] = []
    for i in range(size):
        match i % 4:
            case 0:
                out.append({"id": f"bench-monster-{i}", "name": f"Bankmonster {i}", "deck": "door",
                            "kind": "monster", "level": 1 + i % 18, "treasures": 1, "bad_stuff": {"lose_levels": 1}})
            case 1:
                out.append({"id": f"bench-curse-{i}", "name": f"Bankfluch {i}", "deck": "door", "kind": "curse",
                            "curse": {}})
            case 2:
                out.append({"id": f"bench-item-{i}", "name": f"Bankgegenstand {i}", "deck": "treasure",
                            "kind": "item", "bonus": 1, "value": 100, "slot": ""})
            case _:
                out.append({"id": f"bench-level-{i}", "name": f"Bankstufe {i}", "deck": "treasure",
                            "kind": "level_up"})
    return out
