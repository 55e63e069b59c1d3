"""Plain result types of the application service (judge/app/).

The server converts these to protobuf messages; the application never sees
protobuf. Views are dicts whose keys are the field names of the
``judge.v1.GameView`` message (enum values by name), so the server can parse
them with ``google.protobuf.json_format.ParseDict``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.domain.chain import Receipt
from judge.rules.ruling import Ruling


@dataclass(frozen=True)
class EventRecord:
    """One stored event as a caller sees it (payload already redacted)."""

    version: int
    kind: str  # GameCreated | CommandAccepted | DisputeOpened | DisputeResolved | GameImported
    recorded_at_ms: int
    payload: dict[str, Any]
    seat: int | None = None
    command_id: str = ""
    action: str = ""
    voided: bool = False
    summary: str = ""  # in English
    # The summary in each language the judge speaks (judge/app/narration.py), by language tag.
    summaries: dict[str, str] = field(default_factory=dict)
    # The payload as canonical JSON where it is at hand (kept, judge/app/told.py); else written from it.
    payload_json: str = field(default="", compare=False, repr=False)


@dataclass(frozen=True)
class Created:
    game_id: str
    seat_tokens: list[str]
    organizer_token: str
    spectator_token: str
    rules_version: str
    view: dict[str, Any]
    receipt: Receipt | None = None


@dataclass(frozen=True)
class SubmitResult:
    events: list[EventRecord]
    version: int
    duplicate: bool
    view: dict[str, Any] | None
    """None when the caller asked for no view (``with_view=False``)."""
    receipt: Receipt | None = None


@dataclass(frozen=True)
class AskResult:
    allowed: bool
    ruling: Ruling | None
    events: list[EventRecord]


@dataclass(frozen=True)
class DisputeRecord:
    dispute_id: int
    opened_by: int
    event_version: int
    reason: str
    status: str  # "open" | "upheld" | "dismissed"
    recheck_legal: bool
    recheck_ruling: Ruling | None
    recheck_summary: str
    resolution_note: str = ""
    opened_at_version: int = 0
    resolved_at_version: int = 0
    receipt: Receipt | None = field(default=None, compare=False)
    """The receipt of the write that opened or resolved it (None in lists)."""


@dataclass(frozen=True)
class GameSummary:
    """One game as the admin's list shows it (from its first event)."""

    game_id: str
    ruleset: str
    rules_version: str
    created_at_ms: int
    seats: list[str]
    imported_from: str  # the source game id of an imported record, else ""
