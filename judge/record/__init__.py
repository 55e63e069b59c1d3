"""The JSON Lines record of a game, and the offline audit.

A record is UTF-8 text, one JSON object per line (docs/record-format.md):
line 1 is the header, then one line per stored event in version order.

>>> text = write_record(RecordHeader(
...     game_id="g", ruleset="demo", variants=[], rules_version="demo@1",
...     setup={"ruleset": "demo"}, exported_at_ms=0, events=0), events=[])
>>> read_record(text).header.rules_version
'demo@1'

``read_record`` raises :class:`RecordError` (with line number and field) only
when the header is unusable; a bad event line is collected in
``GameRecord.problems`` and the audit reports it as ``"malformed"``, so one
broken line does not hide the rest of the record (like python-chess's PGN
reader collecting ``game.errors``).

``audit_record`` needs no server and no database: it replays the record
from its set-up with the pinned rules (or the current ones), re-judges every
command against the state before it with the recorded context, checks the
disputes and rollbacks and the version sequence, and reports each
discrepancy. The application's ``audit`` and ``import_game`` use it too.

The package is split by responsibility: ``format`` (the vocabulary and
writing), ``reading``, ``audit`` and ``verify`` (chain, receipts, seal).
"""

from __future__ import annotations

from judge.record.format import (
    FORMAT,
    FORMAT_VERSION,
    READABLE_VERSIONS,
    MAX_LINE_CHARS,
    CHAIN_KEYS,
    STATE,
    SEED,
    SEED_REVEALED,
    RecordError,
    RecordHeader,
    server_key_dict,
    RecordedEvent,
    RecordProblem,
    GameRecord,
    write_record,
)
from judge.record.reading import (
    EVENT_FIELDS,
    read_record,
)
from judge.record.audit import (
    AuditResult,
    audit_record,
    run_audit,
    revealed_seed,
)
from judge.record.verify import (
    IntegrityProblem,
    IntegrityReport,
    verify_record,
    check_receipt,
)

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "READABLE_VERSIONS",
    "MAX_LINE_CHARS",
    "CHAIN_KEYS",
    "STATE",
    "SEED",
    "SEED_REVEALED",
    "RecordError",
    "RecordHeader",
    "server_key_dict",
    "RecordedEvent",
    "RecordProblem",
    "GameRecord",
    "write_record",
    "EVENT_FIELDS",
    "read_record",
    "AuditResult",
    "audit_record",
    "run_audit",
    "revealed_seed",
    "IntegrityProblem",
    "IntegrityReport",
    "verify_record",
    "check_receipt",
]
