"""Prometheus metrics of one judge process.

Each ``Metrics`` has its own registry (several servers may run in one
process, as in the tests); ``serve`` exposes it over HTTP with
``--metrics-listen HOST:PORT`` (``JUDGE_METRICS_LISTEN``), at ``/metrics``.

| metric                                  | labels                     | what                                     |
|-----------------------------------------|----------------------------|------------------------------------------|
| ``judge_requests_total``                | rpc, code                  | finished calls by method and gRPC status |
| ``judge_request_duration_seconds``      | rpc                        | latency histogram of each method         |
| ``judge_commands_total``                | ruleset, result, rule_id   | submitted commands: accepted, rejected   |
|                                         |                            | (rule id of the ruling), malformed or    |
|                                         |                            | duplicate (a retried command id)         |
| ``judge_open_streams``                  | rpc                        | server streams (Watch, Replay) now open  |
| ``judge_windows_closed_total``          |                            | deadline commands the judge submitted    |
|                                         |                            | itself (elapsed interference windows)    |
| ``judge_appends_total``                 |                            | saves to the event store                 |
| ``judge_append_duration_seconds``       |                            | latency histogram of those saves         |
| ``judge_games``                         |                            | games the record holds, created by any   |
|                                         |                            | replica (read at each scrape)            |

``rpc`` is the full method name without the leading slash, e.g.
``judge.v1.JudgeService/Submit``; ``code`` the status name, e.g. ``OK``.
"""

from __future__ import annotations

from typing import Any

import threading
from collections.abc import Callable
from dataclasses import dataclass
from wsgiref.simple_server import WSGIServer

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server

ACCEPTED = "accepted"
REJECTED = "rejected"
MALFORMED = "malformed"
DUPLICATE = "duplicate"
"""A retried command id, answered from the record without judging it again."""

_LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Metrics:
    """The judge's metrics, registered in ``registry`` (a fresh one by default)."""

    def __init__(self, registry: CollectorRegistry | None = None):
        self.registry = registry if registry is not None else CollectorRegistry()
        r = self.registry
        self.requests = Counter("judge_requests", "Finished calls by method and status.",
                                ["rpc", "code"], registry=r)
        self.request_seconds = Histogram("judge_request_duration_seconds", "Latency of calls by method.",
                                         ["rpc"], buckets=_LATENCY_BUCKETS, registry=r)
        self.commands = Counter("judge_commands", "Submitted commands by ruleset, result and rule id.",
                                ["ruleset", "result", "rule_id"], registry=r)
        self.open_streams = Gauge("judge_open_streams", "Server streams now open, by method.",
                                  ["rpc"], registry=r)
        self.windows_closed = Counter("judge_windows_closed",
                                      "Deadline commands the judge submitted itself (elapsed windows).",
                                      registry=r)
        self.appends = Counter("judge_appends", "Saves to the event store.", registry=r)
        self.append_seconds = Histogram("judge_append_duration_seconds", "Latency of saves to the event store.",
                                        buckets=_LATENCY_BUCKETS, registry=r)
        self.games = Gauge("judge_games", "Games the record holds, created by any replica.", registry=r)
        self._calls: dict[tuple[str, str], tuple[Any, Any]] = {}  # (rpc, code) -> its counter and histogram

    def count_games(self, count: Callable[[], int]) -> None:
        """Read ``judge_games`` from ``count`` at every scrape."""
        self.games.set_function(lambda: float(count()))

    def appended(self, seconds: float) -> None:
        """One save to the event store took ``seconds``."""
        self.appends.inc()
        self.append_seconds.observe(seconds)

    def finished(self, rpc: str, code: str, seconds: float) -> None:
        """A call of ``rpc`` ended with status ``code`` after ``seconds``."""
        counted = self._calls.get((rpc, code))
        if counted is None:  # each method's and status's series, looked up once
            counted = self._calls.setdefault((rpc, code), (self.requests.labels(rpc=rpc, code=code),
                                                           self.request_seconds.labels(rpc=rpc)))
        counted[0].inc()
        counted[1].observe(seconds)

    def judged(self, ruleset: str, result: str, rule_id: str = "") -> None:
        """A submitted command of ``ruleset`` was ``result`` (by ``rule_id``)."""
        self.commands.labels(ruleset=ruleset, result=result, rule_id=rule_id).inc()


@dataclass
class MetricsEndpoint:
    """The HTTP server exposing a registry: where it listens, and how to stop it."""

    host: str
    port: int
    _server: WSGIServer
    _thread: threading.Thread

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/metrics"

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()


def split_address(address: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[v6]:PORT``; port 0: any free port) as host and port;
    ``ValueError`` naming the problem otherwise."""
    host, sep, port_text = address.rpartition(":")
    if not sep or not port_text.isdigit() or int(port_text) > 65535:
        raise ValueError(f"the metrics address must be HOST:PORT, not {address!r}")
    host = host.strip("[]") or "0.0.0.0"
    return host, int(port_text)


def expose(metrics: Metrics, address: str) -> MetricsEndpoint:
    """Serve ``metrics`` at ``http://address/metrics`` in a daemon thread.
    Raises ``ValueError`` for a malformed address and ``OSError`` if it
    cannot be bound."""
    host, port = split_address(address)
    server, thread = start_http_server(port, addr=host, registry=metrics.registry)
    return MetricsEndpoint(host, int(server.server_address[1]), server, thread)
