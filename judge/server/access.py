"""The access log: one log record and the metrics of every call.

The judge's one interceptor (``GuardInterceptor``, judge/server/interceptors.py) wraps each
method's behaviour once, and its wrapper does the work of the :class:`CallLog` first and last,
around the guard's checks and the servicer. For each call the log

- takes the caller's ``x-request-id`` metadata (letters, digits and
  ``._:-``, at most 64) or makes one, and sends it back, so a client can
  quote it: for a unary call in the trailing metadata, which travels with
  the status (initial metadata sent by itself costs the call a round of the
  server's completion queue, a third of a GetView's time), and for a stream
  in the initial metadata, before its first message;
- hands the guard and the servicer a :class:`CallContext`, through which it
  learns the authenticated caller (the guard puts it there) and the rule id
  of a refusal (from the status the call is aborted with);
- when the call ends, logs one record at INFO (a failed call at WARNING,
  an answered health check at DEBUG: probes ask every few seconds; so is a
  judged ``Submit``, accepted or a duplicate: the command is in the record
  and counted in the metrics, and its line cost more than the rules' own work
  under load; a refused or failed one is a WARNING; and so are answered
  ``GetView``, ``LegalActions`` and ``Ask``, which the phones at a table poll
  after every event); message ``<method> <STATUS> <ms>ms``
  plus ``key=value`` pairs; the record's fields ``request_id``, ``rpc``,
  ``status``, ``duration_ms``, ``game``, ``seat``, ``role``, ``rule_id``
  become JSON keys with ``--log-format json``) and counts it in the
  :class:`~judge.server.metrics.Metrics`: the call by method and status, its
  latency, open server streams, and for ``Submit`` the command by ruleset,
  result (``duplicate`` for a retried command id answered from the record)
  and rule id.

It never looks at tokens: request bodies are read for ``game_id`` only.
"""

from __future__ import annotations

import collections
import logging
import os
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import grpc
from google.rpc import code_pb2, error_details_pb2, status_pb2

from judge.rules.engine import Viewer
from judge.v1 import judge_pb2 as pb
from judge.server.metrics import ACCEPTED, DUPLICATE, MALFORMED, REJECTED, Metrics

logger = logging.getLogger("judge.server.access")

Behavior = Callable[[Any, Any], Any]
"""A method handler's behaviour: ``(request or request iterator, context) -> response(s)``."""

SERVICE_PREFIX = f"/{pb.DESCRIPTOR.services_by_name['JudgeService'].full_name}/"

REQUEST_ID_KEY = "x-request-id"
_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")
_STATUS_DETAILS_KEY = "grpc-status-details-bin"
_SUBMIT = SERVICE_PREFIX + "Submit"
_RESULTS = {"OK": ACCEPTED, "FAILED_PRECONDITION": REJECTED, "INVALID_ARGUMENT": MALFORMED}
_HEALTH_PREFIX = "/grpc.health.v1.Health/"
_QUIET = frozenset(SERVICE_PREFIX + name for name in ("Submit", "GetView", "LegalActions", "Ask"))
"""Methods whose answered calls are logged at DEBUG (see ``_end``)."""


def request_id(metadata: Any) -> str:
    """The caller's request id if it sent a usable one, else a fresh one."""
    for key, value in metadata or ():
        if key.lower() == REQUEST_ID_KEY:
            text = usable_request_id(value)
            if text:
                return text
    return fresh_request_id()


def usable_request_id(value: str | bytes) -> str:
    """An ``x-request-id`` value if it is usable as one, else ''."""
    text = value.decode("ascii", "replace") if isinstance(value, bytes) else str(value)
    return text if _REQUEST_ID.fullmatch(text) else ""


def fresh_request_id() -> str:
    """A request id for a call that sent none: 16 random hex digits."""
    return os.urandom(8).hex()


def rule_id_of(status: grpc.Status) -> str:
    """The rule id of a refusal (FAILED_PRECONDITION with the judge's
    ErrorInfo); '' for any other status."""
    if getattr(status, "code", None) != grpc.StatusCode.FAILED_PRECONDITION:
        return ""
    for key, value in getattr(status, "trailing_metadata", None) or ():
        if key != _STATUS_DETAILS_KEY:
            continue
        details = status_pb2.Status.FromString(value)
        if details.code != code_pb2.FAILED_PRECONDITION:
            return ""
        for packed in details.details:
            info = error_details_pb2.ErrorInfo()
            if packed.Unpack(info) and info.domain == "judge":
                return info.reason
    return ""


@dataclass
class CallRecord:
    """What one call has shown about itself so far."""

    request_id: str
    rpc: str
    game: str = ""
    viewer: Viewer | None = None
    rule_id: str = ""
    duplicate: bool = False  # a Submit answered from the record (a retried command id)
    trailing: tuple[tuple[str, str], ...] = ()  # trailing metadata the call sends (Submit's request id)


class CallContext:
    """The call's ``grpc.ServicerContext`` as the guard and the servicer see it: every attribute is
    the context's; ``viewer`` is the authenticated caller (None for calls that need no token), put
    there by the guard and named in the call's log record; aborting notes the rule id of a refusal
    and keeps the request id in the trailing metadata."""

    __slots__ = ("_context", "_record")

    def __init__(self, context: grpc.ServicerContext, record: CallRecord):
        self._context = context
        self._record = record

    @property
    def viewer(self) -> Viewer | None:
        return self._record.viewer

    @viewer.setter
    def viewer(self, viewer: Viewer | None) -> None:
        self._record.viewer = viewer

    def __getattr__(self, name: str) -> Any:
        return getattr(self._context, name)

    def invocation_metadata(self) -> Any:
        return self._context.invocation_metadata()

    def abort_with_status(self, status: grpc.Status) -> None:
        self._record.rule_id = rule_id_of(status)
        if self._record.trailing:  # the status's trailing metadata replaces what was set before
            status = _WithTrailing(status.code, status.details,
                                   (*(status.trailing_metadata or ()), *self._record.trailing))
        self._context.abort_with_status(status)


class _WithTrailing(collections.namedtuple("_WithTrailing", ("code", "details", "trailing_metadata")),
                    grpc.Status):  # type: ignore[misc]
    """A status with more trailing metadata (the request id)."""


def code_name(context: grpc.ServicerContext, default: str) -> str:
    code = context.code()
    if code is None:
        return default
    return code.name if isinstance(code, grpc.StatusCode) else str(code)


class CallLog:
    """Logs and counts every call (see the module docstring). ``ruleset_of``
    names a game's ruleset for the command metrics (it may raise for an
    unknown game)."""

    def __init__(self, metrics: Metrics | None = None, ruleset_of: Callable[[str], str] | None = None,
                 log: logging.Logger = logger):
        self.metrics = metrics if metrics is not None else Metrics()
        self._ruleset_of = ruleset_of
        self._log = log

    # ---------------------------------------------------------------- calls

    def begin(self, method: str, request: Any, context: grpc.ServicerContext, streaming: bool,
              request_id_text: str) -> CallRecord:
        """The record of a call that has begun, its request id sent back (``request_id_text``, from
        ``request_id``)."""
        game = getattr(request, "game_id", "")
        record = CallRecord(request_id_text, method.lstrip("/"), game if isinstance(game, str) else "")
        if not streaming:
            record.trailing = ((REQUEST_ID_KEY, request_id_text),)
            context.set_trailing_metadata(record.trailing)
            return record
        try:
            context.send_initial_metadata(((REQUEST_ID_KEY, request_id_text),))
        except Exception:  # noqa: BLE001 - the call may have ended already; the id is only a courtesy
            pass
        return record

    def answered(self, method: str, record: CallRecord, response: Any) -> None:
        """Note what a unary call's ``response`` shows: the game it created, a duplicate Submit."""
        if not record.game:
            game = getattr(response, "game_id", "")  # CreateGame names its new game
            if not game and hasattr(response, "game"):  # CreateGameFromPosition too
                game = getattr(response.game, "game_id", "")
            record.game = game if isinstance(game, str) else ""
        record.duplicate = method == _SUBMIT and getattr(response, "duplicate", False) is True

    def observed_unary(self, method: str, behavior: Behavior) -> Behavior:
        """``behavior`` (a unary answer) logged and counted, handed a :class:`CallContext`."""
        def observed(request: Any, context: grpc.ServicerContext) -> Any:
            started = time.perf_counter()
            record = self.begin(method, request, context, False, request_id(context.invocation_metadata()))
            default = "OK"
            try:
                response = behavior(request, CallContext(context, record))
                self.answered(method, record, response)
                return response
            except BaseException:
                default = "UNKNOWN"
                raise
            finally:
                self.end(method, record, code_name(context, default), started)

        return observed

    def observed_stream(self, method: str, behavior: Behavior) -> Behavior:
        """``behavior`` (a stream of answers) logged and counted, handed a :class:`CallContext`."""
        def observed(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
            started = time.perf_counter()
            record = self.begin(method, request, context, True, request_id(context.invocation_metadata()))
            with self.streaming(method, record, context, started) as call:
                yield from behavior(request, CallContext(context, record))
                call.done()

        return observed

    def streaming(self, method: str, record: CallRecord, context: grpc.ServicerContext,
                  started: float) -> _Streaming:
        """What a stream's generator runs in: counted as open, logged and counted when it ends."""
        return _Streaming(self, method, record, context, started)

    # ---------------------------------------------------------------- the end of a call

    def end(self, method: str, record: CallRecord, status: str, started: float) -> None:
        seconds = time.perf_counter() - started
        self.metrics.finished(record.rpc, status, seconds)
        if method == _SUBMIT and status in _RESULTS:
            result = DUPLICATE if record.duplicate else _RESULTS[status]
            self.metrics.judged(self._ruleset(record.game), result, record.rule_id)
        if status not in ("OK", "CANCELLED"):
            level = logging.WARNING
        elif method.startswith(_HEALTH_PREFIX) or method in _QUIET:
            # Probes ask every few seconds, the phones at a table poll their reads after every event, and a
            # judged command is in the record: counted in the metrics, logged at DEBUG.
            level = logging.DEBUG
        else:
            level = logging.INFO
        if not self._log.isEnabledFor(level):
            return
        fields: dict[str, Any] = {
            "request_id": record.request_id, "rpc": record.rpc, "status": status,
            "duration_ms": round(seconds * 1000, 3),
        }
        if record.game:
            fields["game"] = record.game
        if record.viewer is not None:
            fields["role"] = record.viewer.role
            if record.viewer.seat is not None:
                fields["seat"] = record.viewer.seat
        if record.rule_id:
            fields["rule_id"] = record.rule_id
        if record.duplicate:
            fields["duplicate"] = True
        pairs = "".join(f" {key}={fields[key]}" for key in ("request_id", "game", "seat", "rule_id", "duplicate")
                        if key in fields)
        self._log.log(level, "%s %s %.1fms%s", method, status, seconds * 1000, pairs, extra=fields)

    def _ruleset(self, game: str) -> str:
        if not game or self._ruleset_of is None:
            return ""
        try:
            return self._ruleset_of(game)
        except Exception:  # noqa: BLE001 - an unknown game has no ruleset to count under
            return ""


class _Streaming:
    """A stream's time as an open stream; the status it ended with: ``done`` when its generator
    ran to the end, CANCELLED when the client went away, UNKNOWN when it raised."""

    __slots__ = ("_log", "_method", "_record", "_context", "_started", "_streams", "_finished")

    def __init__(self, log: CallLog, method: str, record: CallRecord, context: grpc.ServicerContext,
                 started: float):
        self._log, self._method, self._record, self._context = log, method, record, context
        self._started = started
        self._streams = log.metrics.open_streams.labels(rpc=record.rpc)
        self._finished = False

    def __enter__(self) -> _Streaming:
        self._streams.inc()
        return self

    def done(self) -> None:
        self._finished = True

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: Any) -> None:
        if kind is None:
            default = "OK" if self._finished and self._context.is_active() else "CANCELLED"
        elif issubclass(kind, GeneratorExit):
            default = "CANCELLED"
        else:
            default = "UNKNOWN"
        try:
            self._log.end(self._method, self._record, code_name(self._context, default), self._started)
        finally:
            self._streams.dec()
