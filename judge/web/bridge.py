"""The web bridge: the table page and gRPC-Web for browsers, on a port of its own.

``judge serve --web-listen HOST:PORT`` starts it beside the gRPC server, in
the same process. It serves

- ``GET /`` (and ``/table``): the table page (judge/web/static/table.html),
  ``GET /board`` an event's live board (board.html, docs/events.md), and
  ``GET /static/<file>`` their assets, shipped built in the package;
- ``POST /judge.v1.JudgeService/<Method>`` (and ``/judge.v1.EventService/<Method>``: an
  event's board, docs/events.md) in the gRPC-Web protocol
  (``application/grpc-web+proto``), as the maintained browser client
  ``@connectrpc/connect-web`` speaks it.

A gRPC-Web call is passed on, message bytes unchanged, over a gRPC channel
to the judge's own gRPC port: it reaches the same servicer through the same
interceptors, so the same authentication (the ``authorization: Bearer``
header), validation, rate limits and stream limits apply, and a refusal
carries the same ``grpc-status-details-bin`` (the ruling) in its trailers.
The browser's address goes along as ``x-forwarded-for``. Only the methods of
``judge.v1.JudgeService`` and ``judge.v1.EventService`` pass; anything else is 404.

gRPC-Web frames messages exactly as gRPC does (a flag byte and a 4-byte
big-endian length before each message); the call's status and trailers
follow as a last frame with the flag 0x80, as ``key: value`` lines
(binary ``-bin`` values in base64). That framing is all the bridge adds.

The page takes its game id and token from the URL's fragment
(``#game=...&token=...``), which browsers never send to a server, so no
token appears in any request line or log.
"""

from __future__ import annotations

import base64
import logging
import select
import socket
import struct
import threading
from collections.abc import Iterable, Iterator
from importlib import resources
from socketserver import ThreadingMixIn
from typing import Any, Callable
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import grpc

from judge.v1 import events_pb2, judge_pb2

logger = logging.getLogger("judge.web")

SERVICE = "judge.v1.JudgeService"
SERVICES = ((judge_pb2, "JudgeService"), (events_pb2, "EventService"))
"""The services the bridge passes on: the games', and the events' (the board of an event)."""
CONTENT_TYPE = "application/grpc-web+proto"
# Request headers passed on as call metadata (everything else stays behind).
FORWARDED_HEADERS = ("authorization", "accept-language", "x-request-id", "x-judge-language")
MAX_REQUEST_BYTES = 4 * 1024 * 1024
STATIC_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
CONNECTION = "judge.web.connection"
"""The environ key under which the request handler leaves the browser's socket (for streams)."""
CLOSED_POLL_S = 0.1
"""How often a stream's watcher looks whether the browser has closed its connection."""

StartResponse = Callable[..., Any]


def _methods() -> dict[str, bool]:
    """Each passed method's path (``/judge.v1.JudgeService/Submit``) and whether it streams its answers."""
    found: dict[str, bool] = {}
    for module, name in SERVICES:
        service = module.DESCRIPTOR.services_by_name[name]
        found.update({f"/{service.full_name}/{m.name}": bool(m.server_streaming)
                      for m in service.methods if not m.client_streaming})
    return found


def frame(payload: bytes, *, trailers: bool = False) -> bytes:
    """One gRPC-Web frame: flag byte (0x80 for trailers), length, payload."""
    return struct.pack(">BI", 0x80 if trailers else 0, len(payload)) + payload


def unframe(body: bytes) -> bytes | None:
    """The single message of a unary request body, or None if the body is
    not exactly one uncompressed message frame."""
    if len(body) < 5:
        return None
    flags, length = struct.unpack(">BI", body[:5])
    if flags != 0 or len(body) != 5 + length:
        return None
    return body[5:]


def trailer_frame(code: grpc.StatusCode, message: str, metadata: Iterable[tuple[str, str | bytes]] = ()) -> bytes:
    lines = [f"grpc-status: {code.value[0]}", f"grpc-message: {_percent(message)}"]
    for key, value in metadata:
        if isinstance(value, bytes):
            value = base64.b64encode(value).decode("ascii")
        if "\r" in value or "\n" in value:
            continue
        lines.append(f"{key.lower()}: {value}")
    return frame(("\r\n".join(lines) + "\r\n").encode("utf-8"), trailers=True)


def _percent(text: str) -> str:
    """grpc-message is percent-encoded outside printable ASCII (gRPC spec)."""
    out = []
    for byte in text.encode("utf-8"):
        out.append(chr(byte) if 0x20 <= byte < 0x7F and byte != 0x25 else f"%{byte:02X}")
    return "".join(out)


class Bridge:
    """The WSGI application: static page and gRPC-Web over ``channel``."""

    def __init__(self, channel: grpc.Channel) -> None:
        self.channel = channel
        self.methods = _methods()

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "") or "/"
        method = environ.get("REQUEST_METHOD", "GET")
        if method == "GET" and path in ("/", "/table"):
            return self._static("table.html", start_response)
        if method == "GET" and path == "/board":
            return self._static("board.html", start_response)
        if method == "GET" and path.startswith("/static/"):
            return self._static(path[len("/static/"):], start_response)
        if method == "POST" and path in self.methods:
            return self._call(path, self.methods[path], environ, start_response)
        return _plain(start_response, "404 Not Found", "not found\n")

    def _static(self, name: str, start_response: StartResponse) -> Iterable[bytes]:
        suffix = name[name.rfind("."):] if "." in name else ""
        if "/" in name or name.startswith(".") or suffix not in STATIC_TYPES:
            return _plain(start_response, "404 Not Found", "not found\n")
        resource = resources.files("judge.web").joinpath("static", name)
        if not resource.is_file():
            return _plain(start_response, "404 Not Found", "not found\n")
        body = resource.read_bytes()
        start_response("200 OK", [("Content-Type", STATIC_TYPES[suffix]), ("Content-Length", str(len(body))),
                                  ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff"),
                                  ("Referrer-Policy", "no-referrer")])
        return [body]

    def _call(self, path: str, streaming: bool, environ: dict[str, Any],
              start_response: StartResponse) -> Iterable[bytes]:
        content_type = (environ.get("CONTENT_TYPE") or "").split(";")[0].strip()
        if content_type not in ("application/grpc-web", CONTENT_TYPE):
            return _plain(start_response, "415 Unsupported Media Type", f"send {CONTENT_TYPE}\n")
        try:
            length = int(environ.get("CONTENT_LENGTH") or "0")
        except ValueError:
            length = -1
        if not 0 <= length <= MAX_REQUEST_BYTES:
            return _plain(start_response, "413 Content Too Large", "request too large\n")
        request = unframe(environ["wsgi.input"].read(length))
        start_response("200 OK", [("Content-Type", CONTENT_TYPE), ("Cache-Control", "no-store")])
        if request is None:
            return [trailer_frame(grpc.StatusCode.INVALID_ARGUMENT, "the body must be one uncompressed message")]
        metadata = self._metadata(environ)
        if streaming:
            return self._stream(path, request, metadata, environ.get(CONNECTION))
        call = self.channel.unary_unary(path)
        try:
            answer = call(request, metadata=metadata)
        except grpc.RpcError as e:
            return [_error_frame(e)]
        return [frame(answer), trailer_frame(grpc.StatusCode.OK, "")]

    def _stream(self, path: str, request: bytes, metadata: list[tuple[str, str]],
                connection: socket.socket | None) -> Iterator[bytes]:
        call = self.channel.unary_stream(path)(request, metadata=metadata)
        done = threading.Event()
        if connection is not None:
            # A Watch of an idle game sends nothing for minutes: without a write, nothing here would
            # notice that the browser closed the tab. The watcher ends the judge's stream (and frees
            # its slot) as soon as the browser's side of the connection is closed.
            threading.Thread(target=_cancel_when_closed, args=(connection, call, done),
                             name="judge-web-stream", daemon=True).start()
        try:
            for answer in call:
                yield frame(answer)
            yield trailer_frame(grpc.StatusCode.OK, "")
        except grpc.RpcError as e:
            yield _error_frame(e)
        finally:
            done.set()
            call.cancel()  # the browser went away: end the judge's stream too

    @staticmethod
    def _metadata(environ: dict[str, Any]) -> list[tuple[str, str]]:
        metadata = []
        for name in FORWARDED_HEADERS:
            value = environ.get("HTTP_" + name.upper().replace("-", "_"))
            if value:
                metadata.append((name, value))
        address = environ.get("REMOTE_ADDR")
        if address:
            metadata.append(("x-forwarded-for", address))
        return metadata


def _cancel_when_closed(connection: socket.socket, call: Any, done: threading.Event) -> None:
    """Cancel ``call`` once the browser has closed ``connection`` (it reads as at its end), or
    return when the stream is ``done``. The request was read whole before the stream started, so
    anything readable now is the end of the connection (or a byte the protocol does not expect)."""
    while not done.is_set():
        try:
            readable, _, _ = select.select([connection], [], [], CLOSED_POLL_S)
            if not readable:
                continue
            closed = connection.recv(1, socket.MSG_PEEK) == b""
        except (OSError, ValueError):  # reset, or the socket was closed and its descriptor is gone
            closed = True
        if closed:
            call.cancel()
            return
        done.wait(CLOSED_POLL_S)  # unexpected bytes: keep looking, without spinning


def _error_frame(error: grpc.RpcError) -> bytes:
    code = error.code() if hasattr(error, "code") else grpc.StatusCode.UNKNOWN
    details = (error.details() if hasattr(error, "details") else "") or ""
    trailing = error.trailing_metadata() if hasattr(error, "trailing_metadata") else ()
    return trailer_frame(code, details, [(k, v) for k, v in trailing or () if k.endswith("-bin")])


def _plain(start_response: StartResponse, status: str, text: str) -> list[bytes]:
    body = text.encode("utf-8")
    start_response(status, [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body)))])
    return [body]


class _ThreadingServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _QuietHandler(WSGIRequestHandler):
    def get_environ(self) -> dict[str, Any]:
        environ = super().get_environ()
        environ[CONNECTION] = self.connection  # streams watch it for the browser going away
        return environ

    def log_message(self, format: str, *args: Any) -> None:
        # The request line holds no secret (tokens travel in the fragment and a header), but
        # the judge's own access log already records every call: one line per request is enough.
        logger.debug("web %s", format % args)


class WebServer:
    """The bridge on its own port, in threads of this process."""

    def __init__(self, listen: str, target: str) -> None:
        host, _, port = listen.rpartition(":")
        if not host or not port.isdigit():
            raise ValueError(f"--web-listen must be HOST:PORT, not {listen!r}")
        self.channel = grpc.insecure_channel(target)
        self.httpd = make_server(host.strip("[]"), int(port), Bridge(self.channel),
                                 server_class=_ThreadingServer, handler_class=_QuietHandler)
        self.port = int(self.httpd.server_address[1])
        self.host = host
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="judge-web", daemon=True)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.channel.close()
