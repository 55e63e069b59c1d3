"""How the judge writes its log: JSON lines or plain text, on stderr.

``--log-format json`` writes one JSON object per line (``ts``, ``level``,
``logger``, ``message`` and the record's fields: an access line carries
``request_id``, ``rpc``, ``status``, ``duration_ms`` and, where they apply,
``game``, ``seat``, ``role`` and ``rule_id``); ``text`` writes the familiar
``time LEVEL logger: message`` line; ``auto`` (the default) is text when
stderr is a terminal and JSON otherwise (a container, a service manager).
"""

from __future__ import annotations

import json
import logging
import sys
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
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.setFormatter(JsonFormatter() if chosen == "json" else logging.Formatter(TEXT_FORMAT))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(numeric)
    return chosen
