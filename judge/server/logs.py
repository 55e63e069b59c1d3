"""How the judge writes its log: JSON lines or plain text, on stderr.

``--log-format json`` writes one JSON object per line (``ts``, ``level``,
``logger``, ``message`` and the record's fields: an access line carries
``request_id``, ``rpc``, ``status``, ``duration_ms`` and, where they apply,
``game``, ``seat``, ``role`` and ``rule_id``); ``text`` writes the familiar
``time LEVEL logger: message`` line; ``auto`` (the default) is text when
stderr is a terminal and JSON otherwise (a container, a service manager).

Nothing but the judge's own records reaches stderr while it serves:
``capture_stderr`` moves the process's file descriptor 2 onto a pipe and
logs every line written there (gRPC's core writes its messages to fd 2
itself, and quotes peers in them: an HTTP/2 GOAWAY's debug text) as the
``message`` of one record of the logger ``stderr``, escaped like any field.
A peer's text therefore never starts a line of the log, and cannot pass for
an access record.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import threading
from datetime import datetime, timezone
from typing import IO, Any

FORMATS = ("auto", "json", "text")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

ACCESS_FIELDS = ("request_id", "rpc", "status", "duration_ms", "game", "seat", "role", "rule_id", "duplicate", "peer")
"""The fields an access record may carry (``extra=`` of the logging call)."""

_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time (UTC, ISO 8601), level, logger,
    message, the record's own fields and, for an exception, its traceback."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                line[key] = value if isinstance(value, (str, int, float, bool, type(None))) else str(value)
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


class _Handler(logging.StreamHandler):  # type: ignore[type-arg]
    """A stream handler that reports a record it could not write on its own stream, never on
    ``sys.stderr``: while fd 2 is captured (``capture_stderr``), stderr is a pipe back into this
    log, and a write that keeps failing (a full disk, a file size limit) would feed itself."""

    def handleError(self, record: logging.LogRecord) -> None:
        try:
            error = sys.exc_info()[1]
            self.stream.write(json.dumps({"level": "ERROR", "logger": "logging", "message": (
                f"a record of {record.name} could not be written: {type(error).__name__}: {error}")}) + "\n")
            self.flush()
        except Exception:  # noqa: BLE001 - nowhere left to report it
            pass


def resolve_format(log_format: str, stream: IO[str] | None = None) -> str:
    """``json`` or ``text``: ``auto`` is text on a terminal, else JSON."""
    if log_format not in FORMATS:
        raise ValueError(f"the log format must be one of {', '.join(FORMATS)}, not {log_format!r}")
    if log_format != "auto":
        return log_format
    out = stream if stream is not None else sys.stderr
    isatty = getattr(out, "isatty", None)
    return "text" if isatty is not None and isatty() else "json"


def configure(log_format: str = "auto", level: str = "INFO", stream: IO[str] | None = None) -> str:
    """Send the root logger's records to ``stream`` (stderr) in
    ``log_format``, at ``level``; returns the format chosen."""
    chosen = resolve_format(log_format, stream)
    numeric = logging.getLevelName(level.upper())
    if not isinstance(numeric, int):
        raise ValueError(f"unknown log level {level!r}")
    handler = _Handler(stream if stream is not None else sys.stderr)
    handler.setFormatter(JsonFormatter() if chosen == "json" else logging.Formatter(TEXT_FORMAT))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(numeric)
    return chosen


STDERR_LOGGER = "stderr"
MAX_CAPTURED_LINE = 4096
"""Characters of one captured line kept in its record (the rest is cut, and says so)."""


def _printable(text: str) -> str:
    """``text`` with control characters written as escapes (``\\x1b``): a
    captured line cannot move a terminal's cursor or hide itself either."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


class StderrCapture:
    """File descriptor 2 redirected to a pipe whose lines are logged (see the
    module docstring); ``stream`` writes to the real stderr, for the log's
    own handler. ``stop`` puts fd 2 back."""

    def __init__(self) -> None:
        self._saved = os.dup(2)
        self.stream: IO[str] = os.fdopen(os.dup(self._saved), "w", buffering=1, encoding="utf-8",
                                         errors="backslashreplace")
        read, write = os.pipe()
        sys.stderr.flush()
        os.dup2(write, 2)
        os.close(write)
        self._read = read
        self._logger = logging.getLogger(STDERR_LOGGER)
        self._thread = threading.Thread(target=self._pump, name="judge-stderr", daemon=True)
        self._thread.start()

    def _pump(self) -> None:
        pending = b""
        while True:
            try:
                chunk = os.read(self._read, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for line in lines:
                self._emit(line)
            if len(pending) > MAX_CAPTURED_LINE:
                self._emit(pending)
                pending = b""
        if pending:
            self._emit(pending)
        os.close(self._read)

    def _emit(self, raw: bytes) -> None:
        text = raw.decode("utf-8", "replace").rstrip("\r")
        if not text.strip():
            return
        if len(text) > MAX_CAPTURED_LINE:
            text = text[:MAX_CAPTURED_LINE] + f" [cut: {len(text) - MAX_CAPTURED_LINE} more characters]"
        self._logger.warning("%s", _printable(text), extra={"source": "fd2"})

    def stop(self) -> None:
        """Put the real stderr back on fd 2; lines written before are logged first."""
        try:
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
        os.dup2(self._saved, 2)  # closes the pipe's write end: the pump reads to its end
        os.close(self._saved)
        self._thread.join(5.0)


def capture_stderr() -> StderrCapture:
    """Start capturing fd 2 (see ``StderrCapture``)."""
    return StderrCapture()
