"""Server interceptors: policy that applies to every RPC.

The access log and the metrics of every call are in
judge/server/access.py (``AccessInterceptor``, the outermost layer).

``GuardInterceptor`` stands in front of the servicer: it turns bytes that are
not a valid request into INVALID_ARGUMENT, applies the per-token rate limit,
and authenticates the caller, handing the servicer a :class:`CallContext`
with the authenticated ``viewer``. Authentication needs the request (the
game id is in it), so the guard wraps each method's handler rather than
deciding from the metadata alone; it runs before any servicer code.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import grpc

from judge.errors import InvalidArgument, ResourceExhausted, Unauthenticated
from judge.rules.engine import ORGANIZER, Viewer
from judge.server.convert import language, require_game_id
from judge.server.errors import abort
from judge.v1 import judge_pb2 as pb

if TYPE_CHECKING:
    from judge.app import JudgeApp

Behavior = Callable[[Any, Any], Any]
"""A method handler's behaviour: ``(request or request iterator, context) -> response(s)``."""

_HANDLER_KINDS = (
    ("unary_unary", grpc.unary_unary_rpc_method_handler),
    ("unary_stream", grpc.unary_stream_rpc_method_handler),
    ("stream_unary", grpc.stream_unary_rpc_method_handler),
    ("stream_stream", grpc.stream_stream_rpc_method_handler),
)


def rewrap(
    handler: grpc.RpcMethodHandler,
    wrap: Callable[[str, Behavior], Behavior],
    request_deserializer: Callable[[bytes], Any] | None,
) -> grpc.RpcMethodHandler:
    """``handler`` with its behaviour replaced by ``wrap(kind, behaviour)``
    (``kind`` e.g. ``"unary_stream"``) and its request deserializer by
    ``request_deserializer``."""
    for kind, make_handler in _HANDLER_KINDS:
        behavior = getattr(handler, kind)
        if behavior is not None:
            return make_handler(
                wrap(kind, behavior),
                request_deserializer=request_deserializer,
                response_serializer=handler.response_serializer,
            )
    return handler


# --------------------------------------------------------------------------- guard: bytes, rate, identity

SERVICE_NAME = pb.DESCRIPTOR.services_by_name["JudgeService"].full_name
SERVICE_PREFIX = f"/{SERVICE_NAME}/"
PUBLIC = "public"
ADMIN = "admin"
GAME = "game"
POLICY: dict[str, str] = {"CreateGame": PUBLIC, "GetServerKey": PUBLIC, "ListRulesets": PUBLIC, "ImportGame": ADMIN,
                         "ListGames": ADMIN, "CreateGameFromPosition": PUBLIC, "AskPosition": PUBLIC}
"""How each JudgeService method is authorised; every other method needs a
token of the request's game (``game_id``). Methods of other services
(health, reflection) need none."""


class Undecodable:
    """What a request that is not a valid message deserializes to: the
    guard answers it INVALID_ARGUMENT (gRPC itself would say INTERNAL)."""

    def __init__(self, error: str):
        self.error = error

    def invalid(self) -> InvalidArgument:
        """The error answering it."""
        return InvalidArgument("request", f"not a valid request message ({self.error})")


def safe_deserializer(deserialize: Callable[[bytes], Any] | None) -> Callable[[bytes], Any] | None:
    """A request deserializer that never raises: bytes that are not a
    valid message become an :class:`Undecodable`."""
    if deserialize is None:
        return None

    def read(data: bytes) -> Any:
        try:
            return deserialize(data)
        except Exception as e:  # noqa: BLE001 - any bytes at all may arrive
            return Undecodable(f"{type(e).__name__}: {e}"[:200])

    return read


class CallContext:
    """The call's ``grpc.ServicerContext`` plus who is calling: ``viewer``
    (None for calls that need no token)."""

    def __init__(self, context: grpc.ServicerContext, viewer: Viewer | None):
        self._context = context
        self.viewer = viewer
        note_viewer = getattr(context, "note_viewer", None)  # the access log's context
        if note_viewer is not None:
            note_viewer(viewer)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._context, name)


def viewer_of(context: Any) -> Viewer:
    """The authenticated caller the guard put into the call context."""
    viewer = getattr(context, "viewer", None)
    if not isinstance(viewer, Viewer):
        raise Unauthenticated("the call was not authenticated")
    return viewer


def bearer_token(metadata: Iterable[tuple[str, str | bytes]] | None) -> str:
    """The token of the ``authorization: Bearer <token>`` metadata ('' if
    absent); malformed metadata is ``Unauthenticated``. Error messages never
    contain the token."""
    for key, value in metadata or ():
        if key.lower() != "authorization":
            continue
        text = value.decode("utf-8", "replace") if isinstance(value, bytes) else value
        scheme, _, token = text.strip().partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Unauthenticated("the authorization metadata must be 'Bearer <token>'")
        return token.strip()
    return ""


def _present(token: str) -> str:
    """``token``, or ``Unauthenticated`` when the call carried none."""
    if not token:
        raise Unauthenticated("missing credentials: send the metadata 'authorization: Bearer <token>'")
    return token


@dataclass(frozen=True)
class RateLimit:
    """A token bucket per caller: ``per_second`` calls on average, at most
    ``burst`` at once."""

    per_second: float
    burst: int

    def __post_init__(self) -> None:
        if self.per_second <= 0 or self.burst < 1:
            raise ValueError("a rate limit needs per_second > 0 and burst >= 1")


class RateLimiter:
    """Token buckets keyed by caller (a hash of the bearer token, or the
    peer's address for calls without one)."""

    MAX_BUCKETS = 100_000

    def __init__(self, limit: RateLimit, clock: Callable[[], float] = time.monotonic):
        self.limit = limit
        self._clock = clock
        self._lock = threading.Lock()
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, key: str) -> bool:
        """Spend one call of ``key``'s bucket; False if it is empty."""
        now = self._clock()
        with self._lock:
            tokens, last = self._buckets.pop(key, (float(self.limit.burst), now))
            tokens = min(float(self.limit.burst), tokens + (now - last) * self.limit.per_second)
            allowed = tokens >= 1.0
            if allowed:
                tokens -= 1.0
            self._buckets[key] = (tokens, now)
            while len(self._buckets) > self.MAX_BUCKETS:
                self._buckets.popitem(last=False)
            return allowed


def caller_key(context: grpc.ServicerContext, token: str) -> str:
    """Whose bucket a call spends: the token's (hashed) or the peer host's."""
    if token:
        return "token:" + hashlib.sha256(token.encode("utf-8")).hexdigest()[:32]
    peer = context.peer() or ""
    return "peer:" + peer.rsplit(":", 1)[0]


class GuardInterceptor(grpc.ServerInterceptor):
    """Policy in front of every call, in this order:

    1. a request that is not a valid message: INVALID_ARGUMENT (field
       ``request``), never INTERNAL;
    2. the caller's rate limit (``RateLimit``): RESOURCE_EXHAUSTED naming it;
    3. identity: a JudgeService method that needs a game token gets the
       ``game_id`` checked and the bearer token authenticated for that game
       (UNAUTHENTICATED / NOT_FOUND); ``ImportGame`` needs the server's admin
       token (PERMISSION_DENIED). The servicer receives a :class:`CallContext`
       whose ``viewer`` is the authenticated caller.

    Every failure is answered through the one status table
    (judge/server/errors.py).
    """

    def __init__(self, app: JudgeApp, rate_limit: RateLimit | None = None):
        self._app = app
        self._limiter = RateLimiter(rate_limit) if rate_limit is not None else None

    def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], grpc.RpcMethodHandler | None],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler | None:
        handler = continuation(handler_call_details)
        if handler is None:
            return None
        method = handler_call_details.method
        name = method[len(SERVICE_PREFIX):] if method.startswith(SERVICE_PREFIX) else None
        policy = POLICY.get(name, GAME) if name is not None else PUBLIC

        def wrap(kind: str, behavior: Behavior) -> Behavior:
            if kind == "unary_unary":
                return self._unary(policy, behavior)
            if kind == "unary_stream":
                return self._stream(policy, behavior)
            return self._streamed_requests(behavior)

        return rewrap(handler, wrap, safe_deserializer(handler.request_deserializer))

    # ---------------------------------------------------------------- checks

    def _admit(self, policy: str, request: Any, context: grpc.ServicerContext) -> CallContext:
        """Run the checks; the call context for the servicer, or raise."""
        if isinstance(request, Undecodable):
            raise request.invalid()
        token = bearer_token(context.invocation_metadata())
        if self._limiter is not None and not self._limiter.take(caller_key(context, token)):
            limit = self._limiter.limit
            raise ResourceExhausted(
                f"rate limit: at most {limit.per_second:g} calls per second ({limit.burst} at "
                "once) per token; slow down")
        if policy == PUBLIC:
            return CallContext(context, None)
        if policy == ADMIN:
            self._app.authenticate_admin(_present(token))
            return CallContext(context, ORGANIZER)
        game_id = getattr(request, "game_id", "")
        require_game_id(game_id)
        return CallContext(context, self._app.authenticate(game_id, _present(token)))

    def _admitted(self, policy: str, request: Any, context: grpc.ServicerContext) -> CallContext:
        """``_admit``, ending the call with the status of whatever it raises."""
        try:
            return self._admit(policy, request, context)
        except Exception as exc:  # noqa: BLE001  (the status table answers everything)
            abort(context, exc, language(context.invocation_metadata()))

    def _unary(self, policy: str, behavior: Behavior) -> Behavior:
        def guarded(request: Any, context: grpc.ServicerContext) -> Any:
            return behavior(request, self._admitted(policy, request, context))

        return guarded

    def _stream(self, policy: str, behavior: Behavior) -> Behavior:
        def guarded(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
            yield from behavior(request, self._admitted(policy, request, context))

        return guarded

    def _streamed_requests(self, behavior: Behavior) -> Behavior:
        """Client-streaming methods (only reflection has them): rate-limit
        the call and answer undecodable messages INVALID_ARGUMENT."""

        def guarded(requests: Iterator[Any], context: grpc.ServicerContext) -> Any:
            self._admitted(PUBLIC, None, context)

            def checked() -> Iterator[Any]:
                for request in requests:
                    if isinstance(request, Undecodable):
                        abort(context, request.invalid(), language(context.invocation_metadata()))
                    yield request

            return behavior(checked(), context)

        return guarded
