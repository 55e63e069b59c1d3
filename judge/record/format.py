"""The record's vocabulary (format constants, the header, events, problems)
and writing a record (docs/record-format.md).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from judge.domain.chain import ALGORITHM, Receipt, ServerKey
from judge.common.errors import InvalidArgument
from judge.common.i18n import N_, Said, said
from judge.rules import chance


FORMAT = "judge-record"
FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)
"""Format 1 has no chain, receipts or seal; this judge still reads (audits,
imports) it, but only format 2 can be verified."""
MAX_LINE_CHARS = 8 * 1024 * 1024
"""Longest line a record may have (a rollback's restored state is the longest)."""

CHAIN_KEYS = ("salt", "prev_hash", "hash")
"""Fields a complete format-2 event line carries for the chain."""

# Discrepancy kinds (see judge.v1.Discrepancy).
STATE = "state"

Progress = Callable[[int, int], None]
"""``progress(done, total)``: told how far a long check of a record has come (a progress bar)."""
SEED = "seed"
SEED_REVEALED = chance.SEED_REVEALED
"""The effect a dealt game's rules emit when the game ends (judge/rules/chance.py)."""


class RecordError(InvalidArgument):
    """A record cannot be read or imported. ``line`` is 1-based; ``item``
    names the field within the line. The request field is ``record``."""

    def __init__(self, line: int, item: str, message: str):
        super().__init__("record", said(N_("line {line}: {item}: {problem}"), line=line, item=item, problem=message))
        self.line = line
        self.item = item
        self.problem = message


@dataclass(frozen=True)
class RecordHeader:
    """Line 1 of a record.

    ``redacted_for`` is None for a complete record (exported by the
    organizer), otherwise the viewer it was redacted for (``"seat 2"``,
    ``"spectator"``); only complete records can be audited or imported.
    """

    game_id: str
    ruleset: str
    variants: list[str]
    rules_version: str
    setup: dict[str, Any]
    exported_at_ms: int
    events: int
    redacted_for: str | None = None
    server_key: dict[str, str] | None = None
    receipts: int = 0
    format_version: int = FORMAT_VERSION
    opening_decks: dict[str, list[str]] | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "format_version": self.format_version,
            "game_id": self.game_id,
            "ruleset": self.ruleset,
            "variants": list(self.variants),
            "rules_version": self.rules_version,
            "setup": self.setup,
            "exported_at_ms": self.exported_at_ms,
            "events": self.events,
            "redacted_for": self.redacted_for,
        }
        if self.format_version >= 2:
            out["server_key"] = self.server_key
            out["receipts"] = self.receipts
        if self.opening_decks is not None:
            out["opening_decks"] = {label: list(cards) for label, cards in self.opening_decks.items()}
        return out

    @property
    def public_key(self) -> bytes | None:
        """The raw public key of ``server_key``, if the header names one."""
        key = self.server_key or {}
        try:
            raw = bytes.fromhex(str(key.get("public_key", "")))
        except ValueError:
            return None
        return raw if len(raw) == 32 else None


def server_key_dict(key: ServerKey) -> dict[str, str]:
    """The header's ``server_key`` for a signing key."""
    return {"algorithm": ALGORITHM, "public_key": key.public_key.hex(), "key_id": key.key_id}


@dataclass(frozen=True)
class RecordedEvent:
    """One event line: version, kind, when, and the event's data (the fields
    of the kind; see ``EVENT_FIELDS``). ``line`` is its line number when
    read from text (0 when built in memory)."""

    version: int
    kind: str
    recorded_at_ms: int
    data: dict[str, Any]
    line: int = 0
    chain: dict[str, str] | None = None
    """``salt``, ``prev_hash`` and ``hash`` (complete format-2 records)."""

    def to_dict(self) -> dict[str, Any]:
        return {"version": self.version, "kind": self.kind,
                "recorded_at_ms": self.recorded_at_ms, **self.data, **(self.chain or {})}


@dataclass(frozen=True)
class RecordProblem:
    """An event line that could not be read. ``version`` is the version the
    line claims, if it could be read."""

    line: int
    item: str
    message: str
    version: int | None = None

    def __str__(self) -> str:
        return str(self.said())

    def said(self) -> Said:
        """The problem in words, in any language (``message`` may itself be a ``Said`` message)."""
        return said(N_("line {line}: {item}: {problem}"), line=self.line, item=self.item, problem=self.message)


@dataclass(frozen=True)
class GameRecord:
    """A parsed record: header, readable events, and unreadable lines."""

    header: RecordHeader
    events: list[RecordedEvent]
    problems: list[RecordProblem] = field(default_factory=list)
    receipts: list[dict[str, Any]] = field(default_factory=list)
    seal: dict[str, Any] | None = None

    @property
    def complete(self) -> bool:
        return self.header.redacted_for is None

    def line_of(self, version: int) -> int:
        """The line number holding ``version`` (0 if none does)."""
        for e in self.events:
            if e.version == version:
                return e.line
        for p in self.problems:
            if p.version == version:
                return p.line
        return 0


# --------------------------------------------------------------------------- writing


def write_record(
    header: RecordHeader,
    events: Iterable[RecordedEvent],
    receipts: Iterable[Receipt] = (),
    key: ServerKey | None = None,
) -> str:
    """The record as text: the header line, one line per event, one line per
    receipt, and (with ``key``) the seal; each line ends with a newline."""
    events = list(events)
    header_line = _dumps(header.to_dict())
    lines = [header_line]
    lines.extend(_dumps(e.to_dict()) for e in events)
    receipt_lines = [_dumps({"receipt": r.to_dict()}) for r in receipts]
    lines.extend(receipt_lines)
    if key is not None:
        head = (events[-1].chain or {}).get("hash", "") if events else ""
        lines.append(_dumps({"seal": key.seal(_seal_body(header_line, head, len(events),
                                                         receipt_lines))}))
    return "\n".join(lines) + "\n"


def _seal_body(header_line: str, chain_head: str, events: int, receipt_lines: list[str]) -> dict[str, Any]:
    return {
        "header_sha256": hashlib.sha256(header_line.encode("utf-8")).hexdigest(),
        "chain_head": chain_head,
        "events": events,
        "receipts_sha256": hashlib.sha256("\n".join(receipt_lines).encode("utf-8")).hexdigest(),
    }


def _dumps(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
