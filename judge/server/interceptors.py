"""Server interceptors: policy that applies to every RPC.

``LoggingInterceptor`` writes one line per finished call: the method, the
status code and the duration. It never looks at request bodies or metadata,
so tokens cannot end up in a log.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from typing import Any

import grpc

logger = logging.getLogger("judge.server.access")


def _code_name(context: grpc.ServicerContext, default: grpc.StatusCode) -> str:
    code = context.code()
    if code is None:
        return default.name
    if isinstance(code, grpc.StatusCode):
        return code.name
    return str(code)


class LoggingInterceptor(grpc.ServerInterceptor):
    """Logs ``<method> <STATUS> <ms>ms`` for each call at INFO (errors at WARNING)."""

    def __init__(self, log: logging.Logger = logger):
        self._log = log

    def _record(self, method: str, status: str, started: float) -> None:
        millis = (time.perf_counter() - started) * 1000
        level = logging.INFO if status in ("OK", "CANCELLED") else logging.WARNING
        self._log.log(level, "%s %s %.1fms", method, status, millis)

    def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], grpc.RpcMethodHandler | None],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler | None:
        handler = continuation(handler_call_details)
        if handler is None:
            return None
        method = handler_call_details.method
        if handler.unary_unary is not None:
            return grpc.unary_unary_rpc_method_handler(
                self._wrap_unary(method, handler.unary_unary),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        if handler.unary_stream is not None:
            return grpc.unary_stream_rpc_method_handler(
                self._wrap_stream(method, handler.unary_stream),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        if handler.stream_unary is not None:
            return grpc.stream_unary_rpc_method_handler(
                self._wrap_unary(method, handler.stream_unary),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        if handler.stream_stream is not None:
            return grpc.stream_stream_rpc_method_handler(
                self._wrap_stream(method, handler.stream_stream),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        return handler

    def _wrap_unary(
        self, method: str, behavior: Callable[[Any, grpc.ServicerContext], Any]
    ) -> Callable[[Any, grpc.ServicerContext], Any]:
        def wrapper(request: Any, context: grpc.ServicerContext) -> Any:
            started = time.perf_counter()
            failed = False
            try:
                return behavior(request, context)
            except BaseException:
                failed = True
                raise
            finally:
                default = grpc.StatusCode.UNKNOWN if failed else grpc.StatusCode.OK
                self._record(method, _code_name(context, default), started)

        return wrapper

    def _wrap_stream(
        self, method: str, behavior: Callable[[Any, grpc.ServicerContext], Iterator[Any]]
    ) -> Callable[[Any, grpc.ServicerContext], Iterator[Any]]:
        def wrapper(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
            started = time.perf_counter()
            default = grpc.StatusCode.OK
            try:
                yield from behavior(request, context)
            except GeneratorExit:
                default = grpc.StatusCode.CANCELLED
                raise
            except BaseException:
                default = grpc.StatusCode.UNKNOWN
                raise
            finally:
                self._record(method, _code_name(context, default), started)

        return wrapper
