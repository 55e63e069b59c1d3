"""The server's one interceptor: policy that applies to every RPC.

``GuardInterceptor`` wraps each method's handler once (kept per method), and its one wrapper
per call logs and counts the call (judge/server/access.py, ``CallLog``: first and last), reads
the call's metadata once for both, and guards it. One layer rather than an access interceptor
around a guard: each call passes one handler lookup, one wrapper and one call context.

The guard stands in front of the servicer: it turns bytes that are
not a valid request into INVALID_ARGUMENT, applies the rate limits (per token
and per client address), authenticates the caller and admits streams
(judge/server/admission.py), handing the servicer a :class:`CallContext`
with the authenticated ``viewer``. Authentication needs the request (the
game id is in it), so the guard wraps each method's handler rather than
deciding from the metadata alone; it runs before any servicer code.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
from collections.abc import Callable, Iterable, Iterator
from time import perf_counter
from typing import TYPE_CHECKING, Any

import grpc

from judge.domain.credentials import token_hash
from judge.common.i18n import N_, said, tr
from judge.common.errors import InvalidArgument, PermissionDenied, ResourceExhausted, Unauthenticated
from judge.rules.engine import ORGANIZER, Viewer
from judge.server.access import (REQUEST_ID_KEY, Behavior, CallContext, CallLog, code_name, fresh_request_id,
                                 usable_request_id)
from judge.server.addresses import FORWARDED_FOR, ClientAddresses, client_address, forwarded_text
from judge.server.admission import Admission, StreamGate, TableSeat, gate_of, table_seat
from judge.server.admission import RateLimit as RateLimit  # re-exported: the rate limit's old home
from judge.server.admission import RateLimiter as RateLimiter
from judge.server.convert import language, require_game_id
from judge.server.errors import abort
from judge.v1 import events_pb2 as events_pb
from judge.v1 import judge_pb2 as pb

logger = logging.getLogger(__name__)

if TYPE_CHECKING:
    from judge.app import JudgeApp


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
CREATE = "create"
LIBRARY = "library"
POLICY: dict[str, str] = {"CreateGame": CREATE, "GetServerKey": PUBLIC, "ListRulesets": PUBLIC, "ImportGame": ADMIN,
                         "ListCards": PUBLIC, "ListGames": ADMIN, "CreateGameFromPosition": CREATE, "AskPosition": PUBLIC,
                         "AddCard": LIBRARY, "EditCard": LIBRARY, "RemoveCard": LIBRARY, "ImportCards": LIBRARY,
                         "ExportCards": PUBLIC}
"""How each JudgeService method is authorised; every other method needs a
token of the request's game (``game_id``). A card library's writes take the
admin token, or the token of the game ``target.game_id`` names (the servicer
lets only its organizer write). Methods of other services (health,
reflection) need none."""
EVENT = "event"
"""The event's own credentials decide (judge/app/tournaments.py): the guard rate-limits the call
and the servicer hands its bearer token to the events service (judge/server/events.py)."""
EVENTS_SERVICE_NAME = events_pb.DESCRIPTOR.services_by_name["EventService"].full_name
EVENT_POLICY: dict[str, str] = {"CreateEvent": CREATE}
"""How each EventService method is authorised; every other method: ``EVENT``."""
SERVICE_POLICIES: dict[str, tuple[dict[str, str], str]] = {
    SERVICE_NAME: (POLICY, GAME),
    EVENTS_SERVICE_NAME: (EVENT_POLICY, EVENT),
}
"""Each service's policy table and the policy of the methods it does not name. Methods of other
services (health, reflection) need no token."""


def policy_of(method: str) -> tuple[str, str | None]:
    """The policy of a full method name (``/judge.v1.JudgeService/Submit``) and the name of a
    JudgeService method (None for other services)."""
    service, _, name = method.lstrip("/").partition("/")
    found = SERVICE_POLICIES.get(service)
    if found is None:
        return PUBLIC, None
    table, default = found
    return table.get(name, default), name if service == SERVICE_NAME else None


class Undecodable:
    """What a request that is not a valid message deserializes to: the
    guard answers it INVALID_ARGUMENT (gRPC itself would say INTERNAL)."""

    def __init__(self, error: str):
        self.error = error

    def invalid(self) -> InvalidArgument:
        """The error answering it."""
        return InvalidArgument("request", said(N_("not a valid request message ({error})"), error=self.error))


def _refusing(handler: grpc.RpcMethodHandler, refusal: Exception) -> grpc.RpcMethodHandler:
    """A handler for ``handler``'s method that answers ``refusal`` without reading the request:
    its behaviour takes the requests as a stream (as gRPC reads a client stream: one message when
    asked for it) and never asks, so the bytes of a refused request are not buffered or parsed.
    The wire is the same for a unary request and a stream of one."""

    def refuse(requests: Iterator[Any], context: grpc.ServicerContext) -> Any:
        abort(context, refusal, language(context.invocation_metadata()))

    if handler.unary_stream is not None or handler.stream_stream is not None:
        return grpc.stream_stream_rpc_method_handler(refuse, request_deserializer=None,
                                                     response_serializer=handler.response_serializer)
    return grpc.stream_unary_rpc_method_handler(refuse, request_deserializer=None,
                                                response_serializer=handler.response_serializer)


MAX_REQUEST_BYTES = 1024 * 1024
"""The largest request of a method other than ``ImportGame`` (whose record may take the server's
whole message limit): the largest a valid one can be (a position of 256 KiB, custom cards of
128 KiB) with room to spare. A larger one is not parsed: INVALID_ARGUMENT (field ``request``)."""


def safe_deserializer(deserialize: Callable[[bytes], Any] | None,
                      max_bytes: int | None = None) -> Callable[[bytes], Any] | None:
    """A request deserializer that never raises: bytes that are not a
    valid message, or more than ``max_bytes`` of them, become an :class:`Undecodable`."""
    if deserialize is None:
        return None

    def read(data: bytes) -> Any:
        if max_bytes is not None and len(data) > max_bytes:
            return Undecodable(f"{len(data)} bytes, more than the {max_bytes} this method reads; not parsed")
        try:
            return deserialize(data)
        except Exception as e:  # noqa: BLE001 - any bytes at all may arrive
            return Undecodable(f"{type(e).__name__}: {e}"[:200])

    return read


def viewer_of(context: Any) -> Viewer:
    """The authenticated caller the guard put into the call context."""
    viewer = getattr(context, "viewer", None)
    if not isinstance(viewer, Viewer):
        raise Unauthenticated(said(N_("the call was not authenticated")))
    return viewer


def bearer_token(metadata: Iterable[tuple[str, str | bytes]] | None) -> str:
    """The token of the ``authorization: Bearer <token>`` metadata ('' if
    absent); malformed metadata is ``Unauthenticated``. Error messages never
    contain the token."""
    for key, value in metadata or ():
        if key.lower() == "authorization":
            return _bearer(value)
    return ""


def _bearer(value: str | bytes) -> str:
    """The token of an ``authorization`` metadata value; ``Unauthenticated`` unless it is
    ``Bearer <token>``."""
    text = value.decode("utf-8", "replace") if isinstance(value, bytes) else value
    scheme, _, token = text.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthenticated(said(N_("the authorization metadata must be 'Bearer <token>'")))
    return token.strip()


def _read_metadata(metadata: Any) -> tuple[str | bytes | None, str, str | None]:
    """What the guard and the log read of a call's metadata, in one pass: the first
    ``authorization`` value (None if absent), the request id (``access.request_id``) and the last
    address of ``x-forwarded-for`` (``addresses.forwarded_text``; None if absent)."""
    authorization: str | bytes | None = None
    request = ""
    forwarded = None
    for key, value in metadata or ():
        key = key.lower()
        if key == "authorization":
            if authorization is None:
                authorization = value
        elif key == REQUEST_ID_KEY:
            if not request:
                request = usable_request_id(value)
        elif key == FORWARDED_FOR:
            forwarded = forwarded_text(value)
    return authorization, request or fresh_request_id(), forwarded


def _present(token: str) -> str:
    """``token``, or ``Unauthenticated`` when the call carried none."""
    if not token:
        raise Unauthenticated(said(N_("missing credentials: send the metadata 'authorization: Bearer <token>'")))
    return token


def caller_key(context: grpc.ServicerContext, token: str, client: str = "") -> str:
    """Whose bucket a call spends: the token's (hashed) or the client's
    (``client``, by default the peer host)."""
    if token:
        return token_key(token)
    return "peer:" + (client or client_address(context))


def token_key(token: str) -> str:
    """The bucket of a call with ``token`` (hashed)."""
    return "token:" + hashlib.sha256(token.encode("utf-8")).hexdigest()[:32]


class GuardInterceptor(grpc.ServerInterceptor):
    """The judge's one interceptor. Each call is logged and counted by ``log`` (a
    :class:`~judge.server.access.CallLog`: its request id sent back first, its record and metrics
    when it ends), and between the two passes the guard's policy, in this order:

    0. from the metadata alone, before the request is read (``_refused_by_metadata``): a
       malformed authorization, no token for a method that needs one, not the admin token for
       an admin method, not the creator (or admin) token for a creation when one is set. Such
       a call is answered without its message being read or parsed;
    1. a request that is not a valid message (or, for a method other than ``ImportGame``,
       larger than ``MAX_REQUEST_BYTES``): INVALID_ARGUMENT (field
       ``request``), never INTERNAL;
    2. the caller's rate limits: per token (``RateLimit``; per address for
       calls without a token) and per client address (``Admission``):
       RESOURCE_EXHAUSTED naming them;
    3. identity: a JudgeService method that needs a game token gets the
       ``game_id`` checked and the bearer token authenticated for that game
       (UNAUTHENTICATED / NOT_FOUND); ``ImportGame`` needs the server's admin
       token (PERMISSION_DENIED); ``CreateGame`` needs the creator token
       when one is configured, and spends the address's creation bucket.
       The servicer receives a :class:`CallContext` whose ``viewer`` is the
       authenticated caller;
    4. streams (``Replay``, ``Watch``): admitted by the ``StreamGate`` (a
       game's seats and organizer per seat, first from the game's
       reservation, which its creation makes; everything else from the open
       pool: per client address, ``Watch`` per game) and cancelled when
       their reader stalls (judge/server/admission.py).

    Every failure is answered through the one status table
    (judge/server/errors.py).
    """

    def __init__(self, app: JudgeApp, rate_limit: RateLimit | None = None, *,
                 streams: StreamGate | None = None, admission: Admission | None = None,
                 log: CallLog | None = None):
        self._app = app
        self.log = log if log is not None else CallLog()
        self._limiter = RateLimiter(rate_limit) if rate_limit is not None else None
        self.admission = admission if admission is not None else Admission()
        self._addresses = ClientAddresses(self.admission.trusted_proxies)
        self.streams = streams if streams is not None else gate_of(16, self.admission)
        rates = self.admission
        self._clients = RateLimiter(rates.client_rate) if rates.client_rate is not None else None
        self._creators = RateLimiter(rates.create_rate) if rates.create_rate is not None else None
        # The wrapped handler of each method, with the handler it wraps and the method's policy:
        # built once, not per call.
        self._guarded: dict[str, tuple[grpc.RpcMethodHandler, grpc.RpcMethodHandler, str]] = {}
        self._caller_keys: dict[str, str] = {}

    def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], grpc.RpcMethodHandler | None],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler | None:
        handler = continuation(handler_call_details)
        if handler is None:
            return None
        method = handler_call_details.method
        kept = self._guarded.get(method)
        if kept is not None and kept[0] is handler:
            policy = kept[2]
            if policy == PUBLIC:
                return kept[1]
            refusal = self._refused_by_metadata(policy, handler_call_details.invocation_metadata)
            return kept[1] if refusal is None else self._refusing(method, handler, refusal)
        policy, name = policy_of(method)
        refusal = self._refused_by_metadata(policy, handler_call_details.invocation_metadata)
        if refusal is not None:
            return self._refusing(method, handler, refusal)
        watch = name == "Watch"

        def wrap(kind: str, behavior: Behavior) -> Behavior:
            if kind == "unary_unary":
                return self._unary(method, policy, behavior)
            if kind == "unary_stream":
                return self._stream(method, policy, behavior, watch)
            gated = kind == "stream_stream"  # reflection: its requests and its answers stream
            streamed = self._streamed_requests(behavior, gated)
            return self.log.observed_stream(method, streamed) if gated else self.log.observed_unary(method, streamed)

        limit = None if name == "ImportGame" else MAX_REQUEST_BYTES
        guarded = rewrap(handler, wrap, safe_deserializer(handler.request_deserializer, limit))
        self._guarded[method] = (handler, guarded, policy)
        return guarded

    def _refusing(self, method: str, handler: grpc.RpcMethodHandler, refusal: Exception) -> grpc.RpcMethodHandler:
        """``_refusing``'s handler, logged and counted."""
        refusing = _refusing(handler, refusal)
        if refusing.stream_stream is not None:
            return grpc.stream_stream_rpc_method_handler(self.log.observed_stream(method, refusing.stream_stream),
                                                         response_serializer=refusing.response_serializer)
        return grpc.stream_unary_rpc_method_handler(self.log.observed_unary(method, refusing.stream_unary),
                                                    response_serializer=refusing.response_serializer)

    # ---------------------------------------------------------------- checks

    def _refused_by_metadata(self, policy: str, metadata: Any) -> Exception | None:
        """What refuses a call from its metadata alone, before its message is read (a request
        may be as large as the server's message limit, and one without the token its method
        needs is never worth reading): a malformed authorization, no token where one is needed,
        a token other than the admin token for an admin method, or other than the creator (or
        admin) token for a creation when the server has one. None: read the request and check
        the rest (``_admit``)."""
        if policy == PUBLIC or (policy == CREATE and self.admission.create_token_hash is None):
            return None
        try:
            token = bearer_token(metadata)
            if policy == ADMIN:
                self._app.authenticate_admin(token)
            elif policy == CREATE:
                self._check_creator(token)
            else:
                _present(token)
        except (Unauthenticated, PermissionDenied) as exc:
            return exc
        return None

    def _check_creator(self, token: str) -> None:
        """``PermissionDenied`` unless ``token`` is the creator token or the admin token
        (``Unauthenticated`` without a token); only called when the server has a creator token."""
        wanted = self.admission.create_token_hash
        if wanted is not None:
            if not (hmac.compare_digest(token_hash(_present(token)), wanted) or self._app.is_admin(token)):
                raise PermissionDenied(
                    said(N_("this server creates games only for its creator token (or the admin token)")))

    def _client(self, context: grpc.ServicerContext) -> str:
        """The caller's client address (judge/server/admission.py)."""
        return self._addresses.of(context)

    def _caller_key(self, token: str, address: str) -> str:
        """``caller_key``, its hash of a token kept."""
        if not token:
            return "peer:" + address
        key = self._caller_keys.get(token)
        if key is None:
            if len(self._caller_keys) >= 4096:
                self._caller_keys.clear()
            key = self._caller_keys[token] = token_key(token)
        return key

    def _admit(self, policy: str, request: Any, context: grpc.ServicerContext,
               authorization: str | bytes | None = None, forwarded: str | None = None,
               read: bool = False) -> Viewer | None:
        """Run the checks; the authenticated caller (None for calls that need no token), or raise.
        ``read``: the caller's ``authorization`` and ``forwarded`` metadata were read already
        (``_read_metadata``)."""
        if isinstance(request, Undecodable):
            raise request.invalid()
        if read:
            token = _bearer(authorization) if authorization is not None else ""
            address = self._addresses.of_peer(context.peer() or "", forwarded)
        else:
            token = bearer_token(context.invocation_metadata())
            address = self._client(context)
        if self._limiter is not None and not self._limiter.take(self._caller_key(token, address)):
            limit = self._limiter.limit
            raise ResourceExhausted(
                said(N_("rate limit: at most {per_second} calls per second ({burst} at once) per token; slow down"),
                     per_second=format(limit.per_second, "g"), burst=limit.burst))
        if self._clients is not None and not self._clients.take(address):
            limit = self._clients.limit
            raise ResourceExhausted(
                said(N_("rate limit: at most {per_second} calls per second ({burst} at once) per client address "
                         "(limit client_rate); slow down"),
                     per_second=format(limit.per_second, "g"), burst=limit.burst))
        if policy in (PUBLIC, EVENT):
            return None
        if policy == CREATE:
            self._admit_creator(token, address, context)
            return None
        if policy == ADMIN or (policy == LIBRARY and not request.target.game_id):
            self._app.authenticate_admin(_present(token))
            return ORGANIZER
        game_id = request.target.game_id if policy == LIBRARY else getattr(request, "game_id", "")
        require_game_id(game_id)
        return self._app.authenticate(game_id, _present(token))

    def _admit_creator(self, token: str, address: str, context: grpc.ServicerContext) -> None:
        """``CreateGame``: the creator token if the server requires one
        (the admin token serves too), then the address's creation bucket."""
        self._check_creator(token)
        if self._creators is not None and not self._creators.take(address):
            limit = self._creators.limit
            raise ResourceExhausted(tr(
                language(context.invocation_metadata()),
                "creation limit: at most {burst} games at once and {per_minute} a minute per client address "
                "(limit create_rate); try again later, or start the judge with a higher --create-limit "
                "(JUDGE_CREATE_LIMIT; 0: no limit)", burst=limit.burst, per_minute=f"{limit.per_second * 60:g}"))

    def _admitted(self, policy: str, request: Any, call: CallContext,
                  authorization: str | bytes | None = None, forwarded: str | None = None,
                  read: bool = False) -> CallContext:
        """``_admit``, the caller put into ``call``; ends the call with the status of whatever
        it raises."""
        try:
            call.viewer = self._admit(policy, request, call, authorization, forwarded, read)
            return call
        except Exception as exc:  # noqa: BLE001  (the status table answers everything)
            abort(call, exc, language(call.invocation_metadata()))

    def _unary(self, method: str, policy: str, behavior: Behavior) -> Behavior:
        log = self.log
        create = policy == CREATE

        def guarded(request: Any, context: grpc.ServicerContext) -> Any:
            started = perf_counter()
            authorization, request_id, forwarded = _read_metadata(context.invocation_metadata())
            record = log.begin(method, request, context, False, request_id)
            default = "OK"
            try:
                call = self._admitted(policy, request, CallContext(context, record), authorization, forwarded, True)
                response = behavior(request, call)
                if create:
                    self._reserve_streams(response, context)
                log.answered(method, record, response)
                return response
            except BaseException:
                default = "UNKNOWN"
                raise
            finally:
                log.end(method, record, code_name(context, default), started)

        return guarded

    def _reserve_streams(self, response: Any, context: grpc.ServicerContext) -> None:
        """A game just created reserves its seats' stream slots (the
        ``StreamGate``'s reservation), made for the creator's address unless
        it created with the creator or admin token; if none are free, the
        game's first own stream tries again."""
        created = getattr(response, "game", response)
        if not isinstance(created, pb.CreateGameResponse) or not created.game_id:
            return
        try:
            token = bearer_token(context.invocation_metadata())
            trusted = self.admission.create_token_hash is not None or (bool(token) and self._app.is_admin(token))
            self.streams.reserve(created.game_id, len(created.seat_tokens),
                                 None if trusted else self._client(context))
        except Exception:  # noqa: BLE001 - the game is created; its first stream reserves instead
            logger.warning("could not reserve stream slots for game %s", created.game_id, exc_info=True)

    def _stream(self, method: str, policy: str, behavior: Behavior, watch: bool) -> Behavior:
        log = self.log

        def guarded(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
            started = perf_counter()
            authorization, request_id, forwarded = _read_metadata(context.invocation_metadata())
            record = log.begin(method, request, context, True, request_id)
            with log.streaming(method, record, context, started) as streaming:
                call = self._admitted(policy, request, CallContext(context, record), authorization, forwarded, True)
                viewer, game_id = call.viewer, getattr(request, "game_id", "")
                seat = table_seat(game_id, viewer.role, viewer.seat, self._app.seat_count(game_id)) \
                    if viewer is not None and game_id and viewer.role in ("seat", "organizer") else None
                yield from self._gated(call, game_id if watch else None, lambda: behavior(request, call), seat)
                streaming.done()

        return guarded

    def _gated(self, context: grpc.ServicerContext, watch_game: str | None,
               responses: Callable[[], Iterator[Any]], seat: TableSeat | None = None) -> Iterator[Any]:
        """The stream's ``responses`` once the ``StreamGate`` admits it (else
        RESOURCE_EXHAUSTED naming the limit), each message marked as sending
        until gRPC asks for the next one, so a stalled reader is seen."""
        try:
            slot = self.streams.enter(self._client(context), watch_game, context.cancel, seat)
        except ResourceExhausted as exc:
            abort(context, exc, language(context.invocation_metadata()))
        try:
            for response in responses():
                slot.sending()  # until gRPC asks for the next one, the client is reading this one
                yield response
                slot.sent()
        finally:
            slot.leave()

    def _streamed_requests(self, behavior: Behavior, gated: bool) -> Behavior:
        """Client-streaming methods (only reflection has them, streaming its
        answers too): rate-limit the call, admit it as a stream and answer
        undecodable messages INVALID_ARGUMENT."""

        def guarded(requests: Iterator[Any], context: CallContext) -> Any:
            self._admitted(PUBLIC, None, context)

            def checked() -> Iterator[Any]:
                for request in requests:
                    if isinstance(request, Undecodable):
                        abort(context, request.invalid(), language(context.invocation_metadata()))
                    yield request

            if not gated:
                return behavior(checked(), context)
            return self._gated(context, None, lambda: behavior(checked(), context))

        return guarded
