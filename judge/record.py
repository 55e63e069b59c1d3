"""The JSON Lines record of a game, and the offline audit.

A record is UTF-8 text, one JSON object per line (docs/record-format.md):
line 1 is the header, then one line per stored event in version order.

>>> text = write_record(RecordHeader(
...     game_id="g", ruleset="demo", variants=[], rules_version="demo@1",
...     setup={"ruleset": "demo"}, exported_at_ms=0, events=0))
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
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from judge.rules import registry
from judge.app_types import AuditReport, Discrepancy
from judge.domain.chain import (
    ALGORITHM,
    Receipt,
    ServerKey,
    genesis,
    key_id_of,
    line_hash,
    verify_seal,
)
from judge.domain.game import CREATION_KINDS, EVENT_KINDS, MAX_COMMAND_ID, OPEN, recorded_at_ms
from judge.domain.rules import (
    DIFFERENT,
    LEGAL,
    MALFORMED,
    REJECTED,
    JudgeRuleset,
    judge_recorded,
    jsonable,
    rules_version_of,
    ruleset_for,
)
from judge.errors import InvalidArgument
from judge.rules.chance import commitment
from judge.rules.engine import GameSetup, apply_all

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
SEED = "seed"
SEED_REVEALED = "SeedRevealed"
"""The effect a dealt game's rules emit when the game ends: ``{"type":
"SeedRevealed", "seed": <hex>}``."""


class RecordError(InvalidArgument):
    """A record cannot be read or imported. ``line`` is 1-based; ``item``
    names the field within the line. The request field is ``record``."""

    def __init__(self, line: int, item: str, message: str):
        super().__init__("record", f"line {line}: {item}: {message}")
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
        return f"line {self.line}: {self.item}: {self.message}"


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


# --------------------------------------------------------------------------- reading


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_str(v: Any) -> bool:
    return isinstance(v, str)


def _is_dict(v: Any) -> bool:
    return isinstance(v, dict)


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _is_list_of_dicts(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, dict) for x in v)


def _optional(check: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda v: v is None or check(v)


_TYPE_NAMES: dict[Callable[[Any], bool], str] = {
    _is_int: "an integer", _is_str: "a string", _is_dict: "an object",
    _is_bool: "true or false", _is_list_of_dicts: "a list of objects",
}

_Field = tuple[str, Callable[[Any], bool], str]


def _f(name: str, check: Callable[[Any], bool], optional: bool = False) -> _Field:
    expected = _TYPE_NAMES[check]
    if optional:
        return (name, _optional(check), f"{expected} or null")
    return (name, check, expected)


_CREATED: list[_Field] = [
    _f("setup", _is_dict), _f("rules_version", _is_str), _f("created_at_ms", _is_int),
]

EVENT_FIELDS: dict[str, list[_Field]] = {
    "GameCreated": _CREATED,
    "GameImported": [*_CREATED, _f("source_game_id", _is_str), _f("imported_at_ms", _is_int)],
    "CommandAccepted": [
        _f("command_id", _is_str), _f("seat", _is_int, optional=True), _f("action", _is_dict),
        _f("context", _is_dict), _f("effects", _is_list_of_dicts),
    ],
    "DisputeOpened": [
        _f("dispute_id", _is_int), _f("seat", _is_int), _f("event_version", _is_int),
        _f("reason", _is_str), _f("recheck", _is_dict), _f("recorded_at_ms", _is_int),
    ],
    "DisputeResolved": [
        _f("dispute_id", _is_int), _f("upheld", _is_bool), _f("note", _is_str),
        _f("restored_state", _is_dict, optional=True), _f("voided_from", _is_int, optional=True),
        _f("voided_to", _is_int, optional=True), _f("reopened_deadline_ms", _is_int, optional=True),
        _f("recorded_at_ms", _is_int),
    ],
}
assert set(EVENT_FIELDS) == set(EVENT_KINDS)

# Fields added to an event kind later: a record written before them may leave them out (read as null).
_LATER_FIELDS = {"DisputeResolved": {"reopened_deadline_ms"}}

# Keys a redacted record may carry in addition (see judge.domain.game.redacted_data).
_REDACTION_KEYS = {"DisputeResolved": {"restored_view"}}

_HEADER_FIELDS: list[_Field] = [
    _f("game_id", _is_str), _f("ruleset", _is_str), _f("rules_version", _is_str),
    _f("setup", _is_dict), _f("exported_at_ms", _is_int), _f("events", _is_int),
]


def read_record(text: str) -> GameRecord:
    """Parse a record.

    Raises :class:`RecordError` if the text is empty or the header (line 1)
    is unusable. Event lines that do not parse, name an unknown kind or miss
    a field are collected as :class:`RecordProblem` (line, field, message).
    """
    lines = text.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise RecordError(1, "header", "the record is empty")
    try:
        header = _read_header(lines[0])
    except RecordError:
        raise
    except Exception as e:  # noqa: BLE001 - untrusted input must not escape as a crash
        raise RecordError(1, "header", f"cannot be read: {type(e).__name__}: {e}") from e
    events: list[RecordedEvent] = []
    problems: list[RecordProblem] = []
    receipts: list[dict[str, Any]] = []
    seal: dict[str, Any] | None = None
    chained = header.format_version >= 2 and header.redacted_for is None
    for number, raw in enumerate(lines[1:], start=2):
        trailer = _trailer(raw) if header.format_version >= 2 else None
        if trailer is not None:
            name, value = trailer
            if name == "receipt":
                receipts.append(value)
            else:
                seal = value
            continue
        try:
            result: RecordedEvent | RecordProblem = _read_event(
                number, raw, redacted=header.redacted_for is not None, chained=chained)
        except Exception as e:  # noqa: BLE001 - untrusted input must not escape as a crash
            result = RecordProblem(number, "line", f"cannot be read: {type(e).__name__}: {e}")
        if isinstance(result, RecordedEvent):
            events.append(result)
        else:
            problems.append(result)
    return GameRecord(header, events, problems, receipts, seal)


def _loads(raw: str) -> Any:
    """``json.loads`` that reports every failure (also nesting too deep) as
    ``ValueError``."""
    if len(raw) > MAX_LINE_CHARS:
        raise ValueError(f"the line is longer than {MAX_LINE_CHARS} characters")
    try:
        return json.loads(raw)
    except json.JSONDecodeError as e:
        raise ValueError(f"not valid JSON: {e.msg} (column {e.colno})") from e
    except RecursionError as e:
        raise ValueError("not valid JSON: nested too deeply") from e


def _trailer(raw: str) -> tuple[str, dict[str, Any]] | None:
    """A receipt or seal line as ``(name, object)``; None for other lines."""
    if not raw.startswith(('{"receipt":', '{"seal":')):
        return None
    try:
        data = _loads(raw)
    except ValueError:
        return None
    if isinstance(data, dict) and len(data) == 1:
        [(name, value)] = data.items()
        if name in ("receipt", "seal") and isinstance(value, dict):
            return name, value
    return None


def _read_header(raw: str) -> RecordHeader:
    try:
        data = _loads(raw)
    except ValueError as e:
        raise RecordError(1, "header", str(e)) from e
    if not isinstance(data, dict):
        raise RecordError(1, "header", "expected a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(1, "format", f"expected {FORMAT!r}, found {data.get('format')!r}")
    format_version = data.get("format_version")
    if format_version not in READABLE_VERSIONS or isinstance(format_version, bool):
        raise RecordError(
            1, "format_version",
            f"this judge reads format versions {', '.join(map(str, READABLE_VERSIONS))}, "
            f"found {format_version!r}",
        )
    server_key = data.get("server_key")
    if server_key is not None and not (
            isinstance(server_key, dict) and all(isinstance(v, str) for v in server_key.values())):
        raise RecordError(1, "server_key", "expected an object of strings or null")
    receipts = data.get("receipts", 0)
    if not _is_int(receipts) or receipts < 0:
        raise RecordError(1, "receipts", "expected a non-negative integer")
    for name, check, expected in _HEADER_FIELDS:
        if name not in data:
            raise RecordError(1, name, "missing")
        if not check(data[name]):
            raise RecordError(1, name, f"expected {expected}")
    variants = data.get("variants", [])
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise RecordError(1, "variants", "expected a list of strings")
    redacted_for = data.get("redacted_for")
    if redacted_for is not None and not isinstance(redacted_for, str):
        raise RecordError(1, "redacted_for", "expected a string or null")
    if "@" not in data["rules_version"]:
        raise RecordError(1, "rules_version", "expected \"<ruleset>@<version>\"")
    if data["events"] < 0:
        raise RecordError(1, "events", "must not be negative")
    return RecordHeader(
        game_id=data["game_id"], ruleset=data["ruleset"], variants=list(variants),
        rules_version=data["rules_version"], setup=data["setup"],
        exported_at_ms=data["exported_at_ms"], events=data["events"], redacted_for=redacted_for,
        server_key=server_key, receipts=receipts, format_version=format_version,
    )


def _read_event(
    number: int, raw: str, *, redacted: bool, chained: bool = False
) -> RecordedEvent | RecordProblem:
    if not raw.strip():
        return RecordProblem(number, "line", "empty line")
    try:
        data = _loads(raw)
    except ValueError as e:
        return RecordProblem(number, "line", str(e))
    if not isinstance(data, dict):
        return RecordProblem(number, "line", "expected a JSON object")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        return RecordProblem(number, "version", "expected a positive integer")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in EVENT_FIELDS:
        return RecordProblem(number, "kind", f"unknown event kind {kind!r}", version)
    if not _is_int(data.get("recorded_at_ms")):
        return RecordProblem(number, "recorded_at_ms", "expected an integer", version)
    fields_ = EVENT_FIELDS[kind]
    allowed = {"version", "kind", "recorded_at_ms", *(name for name, _, _ in fields_)}
    if redacted:
        allowed |= _REDACTION_KEYS.get(kind, set())
    chain: dict[str, str] | None = None
    if chained:
        allowed |= set(CHAIN_KEYS)
        # Optional for reading (a hand-edited record is still audited); the
        # verification (verify_record) requires them.
        present = [key for key in CHAIN_KEYS if key in data]
        if present:
            chain = {}
            for key in CHAIN_KEYS:
                value = data.get(key)
                if not isinstance(value, str):
                    return RecordProblem(
                        number, key, "missing" if value is None else "expected a string", version)
                chain[key] = value
    for key in data:
        if key not in allowed:
            return RecordProblem(number, key, f"unknown field for {kind}", version)
    event_data: dict[str, Any] = {}
    for name, check, expected in fields_:
        if name not in data and name in _LATER_FIELDS.get(kind, set()):
            event_data[name] = None
            continue
        if name not in data:
            return RecordProblem(number, name, "missing", version)
        if not check(data[name]):
            return RecordProblem(number, name, f"expected {expected}", version)
        event_data[name] = data[name]
    for key in _REDACTION_KEYS.get(kind, set()):
        if redacted and key in data:
            event_data[key] = data[key]
    if kind == "CommandAccepted":
        if not 1 <= len(event_data["command_id"]) <= MAX_COMMAND_ID:
            return RecordProblem(number, "command_id", f"1 to {MAX_COMMAND_ID} characters", version)
        if not _is_int(event_data["context"].get("now_ms")):
            return RecordProblem(number, "context.now_ms", "expected an integer", version)
    when = recorded_at_ms(kind, event_data)
    if data["recorded_at_ms"] != when:
        return RecordProblem(
            number, "recorded_at_ms",
            f"{data['recorded_at_ms']} does not match the event's own time {when}", version,
        )
    return RecordedEvent(version, kind, data["recorded_at_ms"], event_data, line=number, chain=chain)


# --------------------------------------------------------------------------- auditing


@dataclass
class AuditResult:
    """What an audit found, plus the replayed states the application checks
    its stored state and snapshots against."""

    report: AuditReport
    final_state: Any = None
    final_version: int = 0
    states: dict[int, Any] = field(default_factory=dict)


def audit_record(
    record: GameRecord, current_rules: bool = False, secret_seed: bytes | None = None
) -> AuditReport:
    """Re-validate every event of a complete record, with no server and no
    database, and report each discrepancy (in version order).

    With ``current_rules`` the commands are re-judged by the current rules
    version of the record's ruleset instead of the pinned one; every event
    whose ruling would differ is listed.

    A dealt game is re-judged with its secret seed: ``secret_seed`` if given
    (the server's audit), otherwise the seed the rules revealed at the end of
    the game (a ``SeedRevealed`` effect), after checking it against the
    commitment ``setup.options.seed_sha256``. A dealt record whose seed is
    not revealed yet is reported (kind ``"seed"``) and only replayed.

    Raises :class:`RecordError` if the record is redacted or its rules
    version is unknown to this judge.
    """
    return run_audit(record, current_rules=current_rules, secret_seed=secret_seed).report


def run_audit(
    record: GameRecord,
    *,
    current_rules: bool = False,
    keep_states: Iterable[int] = (),
    secret_seed: bytes | None = None,
) -> AuditResult:
    """The audit of :func:`audit_record`, also returning the replayed final
    state and the states after the versions in ``keep_states``."""
    if not record.complete:
        raise RecordError(
            1, "redacted_for",
            f"the record is redacted for {record.header.redacted_for}; only a complete record "
            "(exported by the organizer) can be audited or imported",
        )
    try:
        ruleset = (
            registry.get(record.header.ruleset) if current_rules
            else ruleset_for(record.header.rules_version)
        )
    except InvalidArgument as e:
        raise RecordError(1, "rules_version", e.message) from e
    auditor = _Auditor(record, cast(JudgeRuleset, ruleset), current_rules, set(keep_states),
                       secret_seed)
    return auditor.run()


def revealed_seed(record: GameRecord) -> tuple[int, str] | None:
    """``(version, hex seed)`` of the first ``SeedRevealed`` effect, if any."""
    for e in record.events:
        if e.kind != "CommandAccepted":
            continue
        for effect in e.data["effects"]:
            if effect.get("type") == SEED_REVEALED:
                return e.version, str(effect.get("seed", ""))
    return None


class _Auditor:
    """Replays a record and collects discrepancies."""

    def __init__(
        self, record: GameRecord, ruleset: JudgeRuleset, current_rules: bool, keep: set[int],
        secret_seed: bytes | None = None,
    ):
        self.secret_seed = secret_seed
        self.judging = True  # False: a dealt record without its seed is only replayed
        self.record = record
        self.ruleset = ruleset
        self.current_rules = current_rules
        self.keep = keep
        self.found: list[Discrepancy] = []
        self.state: Any = None
        self.seats = 0
        self.commands: dict[str, int] = {}
        self.disputes: list[dict[str, Any]] = []
        self.voided: list[tuple[int, int]] = []
        self.states: dict[int, Any] = {}
        # Versions voided by an upheld dispute somewhere in the record: their
        # rulings are annulled, so the audit does not report them.
        self.finally_voided = self._voided_in_record()
        # States needed later: the state before each disputed event.
        for e in record.events:
            if e.kind == "DisputeOpened":
                self.keep.add(int(e.data["event_version"]) - 1)

    def _voided_in_record(self) -> set[int]:
        out: set[int] = set()
        for e in self.record.events:
            if e.kind == "DisputeResolved" and e.data["upheld"]:
                lo, hi = e.data["voided_from"], e.data["voided_to"]
                if isinstance(lo, int) and isinstance(hi, int):
                    # Bounded by the record: a hostile range must not exhaust memory.
                    out.update(v for v in range(max(lo, 1), min(hi, e.version) + 1))
        return out

    def report(self, version: int, kind: str, detail: str, ruling: Any = None) -> None:
        self.found.append(Discrepancy(version=version, kind=kind, detail=detail, ruling=ruling))

    def run(self) -> AuditResult:
        header = self.record.header
        items: list[RecordedEvent | RecordProblem] = sorted(
            [*self.record.events, *self.record.problems], key=lambda x: x.line
        )
        expected = 1
        last_version = 0
        for item in items:
            if isinstance(item, RecordProblem):
                version = item.version if item.version is not None else expected
                self.report(version, MALFORMED, str(item))
                expected = version + 1
                continue
            if item.version != expected:
                self.report(
                    item.version, MALFORMED,
                    f"line {item.line}: version: expected {expected}, found {item.version}",
                )
            expected = item.version + 1
            try:
                if self.state is None:
                    if not self._create(item):
                        break
                else:
                    self._apply(item)
            except Exception as err:  # noqa: BLE001 - a hostile record must not stop the audit
                self.report(item.version, MALFORMED,
                            f"line {item.line}: cannot be judged: {type(err).__name__}: {err}")
                if self.state is None:
                    break
            last_version = item.version
            if item.version in self.keep and self.state is not None:
                self.states[item.version] = self.state
        count = len(self.record.events) + len(self.record.problems)
        if self.state is None and not any(d.version <= 1 for d in self.found):
            self.report(1, MALFORMED, "line 2: kind: the record has no GameCreated event")
        if header.events != count:
            self.report(0, MALFORMED,
                        f"line 1: events: the header announces {header.events} events, "
                        f"the record holds {count}")
        self.found.sort(key=lambda d: d.version)
        report = AuditReport(
            events_checked=count,
            rules_version=rules_version_of(self.ruleset),
            discrepancies=self.found,
        )
        return AuditResult(report, self.state, last_version, self.states)

    # ---------------------------------------------------------------- creation

    def _create(self, e: RecordedEvent) -> bool:
        where = f"line {e.line}"
        if e.kind not in CREATION_KINDS or e.version != 1:
            self.report(e.version, MALFORMED,
                        f"{where}: kind: a game starts with GameCreated or GameImported at "
                        f"version 1, found {e.kind} at version {e.version}")
            return False
        header = self.record.header
        if e.data["setup"] != header.setup:
            self.report(e.version, MALFORMED, f"{where}: setup: differs from the header's set-up")
        if e.data["rules_version"] != header.rules_version:
            self.report(e.version, MALFORMED,
                        f"{where}: rules_version: {e.data['rules_version']!r} differs from the "
                        f"header's {header.rules_version!r}")
        try:
            setup = GameSetup.from_dict(e.data["setup"])
            self.ruleset.validate_setup(setup)
            self.state = self.ruleset.initial_state(setup)
        except InvalidArgument as err:
            self.report(e.version, MALFORMED, f"{where}: setup.{err.field}: {err.message}")
            return False
        except Exception as err:  # noqa: BLE001 - an untrusted set-up must not stop the audit
            self.report(e.version, MALFORMED,
                        f"{where}: setup: not a valid set-up: {type(err).__name__}: {err}")
            return False
        self.seats = len(setup.seats)
        if setup.mode == "dealt":
            self._find_seed(setup)
        return True

    def _find_seed(self, setup: GameSetup) -> None:
        """The seed a dealt game is re-judged with (see ``audit_record``)."""
        committed = setup.options.get("seed_sha256")
        revealed = revealed_seed(self.record)
        if revealed is not None:
            version, text = revealed
            try:
                seed = bytes.fromhex(text)
            except ValueError:
                seed = b""
            if not seed or commitment(seed) != committed:
                self.report(version, SEED,
                            f"line {self.record.line_of(version)}: the revealed seed does not match "
                            f"the commitment setup.options.seed_sha256 made at creation")
            elif self.secret_seed is None:
                self.secret_seed = seed
            elif self.secret_seed != seed:
                self.report(version, SEED, "the revealed seed is not the game's secret seed")
        if self.secret_seed is None and not self.current_rules:
            self.judging = False
            self.report(1, SEED,
                        "the seed of this dealt game is not revealed yet (it is revealed when the "
                        "game ends): its shuffles, draws and rolls cannot be checked offline; "
                        "the record was replayed, not re-judged")
        elif self.secret_seed is not None and commitment(self.secret_seed) != committed:
            self.report(1, SEED, "the secret seed does not match the commitment setup.options.seed_sha256")

    # ---------------------------------------------------------------- other events

    def _apply(self, e: RecordedEvent) -> None:
        if e.kind in CREATION_KINDS:
            self.report(e.version, MALFORMED, f"line {e.line}: kind: a second {e.kind}")
        elif e.kind == "CommandAccepted":
            self._command(e)
        elif e.kind == "DisputeOpened":
            self._dispute_opened(e)
        else:
            self._dispute_resolved(e)

    def _is_voided(self, version: int) -> bool:
        return any(lo <= version <= hi for lo, hi in self.voided)

    def _command(self, e: RecordedEvent) -> None:
        d = e.data
        where = f"line {e.line}"
        first = self.commands.get(d["command_id"])
        if first is not None:
            self.report(e.version, MALFORMED,
                        f"{where}: command_id: {d['command_id']!r} was already recorded at "
                        f"version {first}")
        else:
            self.commands[d["command_id"]] = e.version
        if e.version not in self.finally_voided and self.judging:
            verdict = judge_recorded(self.ruleset, self.state, d["seat"], d["action"],
                                     d["context"], d["effects"], secret_seed=self.secret_seed)
            if verdict.outcome == REJECTED:
                assert verdict.ruling is not None
                self.report(e.version, REJECTED,
                            f"{where}: the rules reject this command "
                            f"({verdict.ruling.rule_id}): {verdict.detail}",
                            verdict.ruling)
            elif verdict.outcome == DIFFERENT:
                self.report(e.version, DIFFERENT, f"{where}: {verdict.detail}")
            elif verdict.outcome == MALFORMED:
                self.report(e.version, MALFORMED, f"{where}: {verdict.detail}")
        # Go on with what the game recorded, so later events are judged
        # against the state the table actually had.
        try:
            self.state = apply_all(self.ruleset, self.state, d["effects"])
        except Exception as err:  # noqa: BLE001 - a hand-edited effect must not stop the audit
            self.report(e.version, MALFORMED,
                        f"{where}: effects: cannot be applied: {type(err).__name__}: {err}")

    def _dispute_opened(self, e: RecordedEvent) -> None:
        d = e.data
        where = f"line {e.line}"
        if d["dispute_id"] != len(self.disputes) + 1:
            self.report(e.version, MALFORMED,
                        f"{where}: dispute_id: expected {len(self.disputes) + 1}, "
                        f"found {d['dispute_id']}")
        if not 0 <= d["seat"] < self.seats:
            self.report(e.version, MALFORMED, f"{where}: seat: the game has no seat {d['seat']}")
        target = d["event_version"]
        if target not in self.commands.values() or target >= e.version:
            self.report(e.version, MALFORMED,
                        f"{where}: event_version: {target} is not an earlier accepted command")
        elif self._is_voided(target):
            self.report(e.version, MALFORMED,
                        f"{where}: event_version: event {target} was already void")
        elif not self.current_rules and self.judging and (target - 1) in self.states:
            self._check_recheck(e, self._command_event(target))
        self.disputes.append({"event_version": target, "status": OPEN})

    def _command_event(self, version: int) -> RecordedEvent | None:
        for other in self.record.events:
            if other.version == version and other.kind == "CommandAccepted":
                return other
        return None

    def _check_recheck(self, e: RecordedEvent, disputed: RecordedEvent | None) -> None:
        if disputed is None:
            return
        c = disputed.data
        verdict = judge_recorded(self.ruleset, self.states[disputed.version - 1], c["seat"],
                                 c["action"], c["context"], c["effects"],
                                 secret_seed=self.secret_seed)
        recorded = e.data["recheck"]
        recorded_rule = (recorded.get("ruling") or {}).get("rule_id")
        judged_rule = verdict.ruling.rule_id if verdict.ruling is not None else None
        if recorded.get("outcome") != verdict.outcome or recorded_rule != judged_rule:
            self.report(e.version, DIFFERENT,
                        f"line {e.line}: recheck: recorded {recorded.get('outcome')!r}"
                        f"{f' ({recorded_rule})' if recorded_rule else ''}, the rules give "
                        f"{verdict.outcome!r}{f' ({judged_rule})' if judged_rule else ''}")
        if bool(recorded.get("legal")) != (verdict.outcome == LEGAL):
            self.report(e.version, MALFORMED,
                        f"line {e.line}: recheck.legal: does not match its outcome")

    def _dispute_resolved(self, e: RecordedEvent) -> None:
        d = e.data
        where = f"line {e.line}"
        number = d["dispute_id"]
        if not 1 <= number <= len(self.disputes):
            self.report(e.version, MALFORMED, f"{where}: dispute_id: no dispute {number}")
            return
        dispute = self.disputes[number - 1]
        if dispute["status"] != OPEN:
            self.report(e.version, MALFORMED,
                        f"{where}: dispute_id: dispute {number} was already resolved")
            return
        dispute["status"] = "resolved"
        target = dispute["event_version"]
        if not d["upheld"]:
            if d["restored_state"] is not None or d["voided_from"] is not None \
                    or d["voided_to"] is not None or d["reopened_deadline_ms"] is not None:
                self.report(e.version, MALFORMED,
                            f"{where}: a dismissed dispute restores nothing and voids nothing")
            return
        if d["voided_from"] != target or d["voided_to"] != e.version - 1:
            self.report(e.version, MALFORMED,
                        f"{where}: voided_from/voided_to: expected {target}-{e.version - 1}, "
                        f"found {d['voided_from']}-{d['voided_to']}")
        before = self.states.get(target - 1)
        expected_state = (jsonable(self.ruleset.to_dict(before))
                          if before is not None else None)
        if d["restored_state"] is None:
            self.report(e.version, MALFORMED, f"{where}: restored_state: missing")
        elif expected_state is not None and d["restored_state"] != expected_state:
            self.report(e.version, STATE,
                        f"{where}: restored_state: differs from the replayed state before "
                        f"event {target}")
        restored: Any = None
        if d["restored_state"] is not None:
            try:
                restored = self.ruleset.from_dict(d["restored_state"])
            except Exception as err:  # noqa: BLE001 - a hand-edited state must not stop the audit
                self.report(e.version, MALFORMED,
                            f"{where}: restored_state: cannot be read: {type(err).__name__}: {err}")
        if restored is None:
            restored = before
        if restored is not None:
            reopen = getattr(self.ruleset, "reopened_deadline_ms", None)
            reopened = reopen(restored, d["recorded_at_ms"]) if reopen is not None else None
            if d["reopened_deadline_ms"] != reopened:
                self.report(e.version, STATE,
                            f"{where}: reopened_deadline_ms: expected {reopened}, "
                            f"found {d['reopened_deadline_ms']}")
            if reopened is not None:
                restored = self.ruleset.with_deadline_ms(restored, reopened)
            self.state = restored
        if isinstance(d["voided_from"], int) and isinstance(d["voided_to"], int):
            self.voided.append((d["voided_from"], d["voided_to"]))


# --------------------------------------------------------------------------- verifying


@dataclass(frozen=True)
class IntegrityProblem:
    """Something altered or missing in a record, at a line (1-based).
    ``version`` is the event's version when the line is an event line."""

    line: int
    what: str  # "header" | "event" | "receipt" | "seal" | "record"
    message: str
    version: int | None = None

    def __str__(self) -> str:
        where = f"line {self.line}"
        if self.version is not None:
            where += f" (event version {self.version})"
        elif self.what in ("header", "receipt", "seal"):
            where += f" ({self.what})"
        return f"{where}: {self.message}"


@dataclass
class IntegrityReport:
    """What :func:`verify_record` found."""

    problems: list[IntegrityProblem] = field(default_factory=list)
    events: int = 0
    receipts: int = 0
    receipts_valid: int = 0
    sealed: bool = False
    key_id: str = ""
    chain_head: str = ""
    pinned: bool = False

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def first(self) -> IntegrityProblem | None:
        """The problem at the earliest line: where the record was first altered."""
        return min(self.problems, key=lambda p: p.line) if self.problems else None


def verify_record(data: bytes | str, public_key: bytes | None = None) -> IntegrityReport:
    """Check a complete format-2 record's integrity, offline.

    * every line is exactly as the judge writes it (a changed byte that
      still parses is caught too);
    * the chain: each event's ``prev_hash`` is the ``hash`` of the one
      before it (the first event's is the genesis of the header's game id),
      and each ``hash`` is the hash of its line;
    * every receipt is signed by the server key and names a chain head of
      the record;
    * the seal (the last line) is signed by the server key and covers the
      header, the chain head and the receipts.

    ``public_key`` pins the server's key (raw 32 bytes); without it the key
    named in the header is used, which only proves the record is unaltered
    since whoever holds that key wrote it. The rules are not re-checked
    here; ``audit_record`` does that. Problems are listed by line; the first
    one names where the record was first altered.
    """
    raw = data if isinstance(data, bytes) else data.encode("utf-8")
    report = IntegrityReport()
    parts = raw.split(b"\n")
    if parts and parts[-1] == b"":
        parts.pop()  # a record ends with a newline
    if not parts:
        report.problems.append(IntegrityProblem(1, "record", "the record is empty"))
        return report
    problems = report.problems

    def parse(number: int, line: bytes, what: str, version: int | None = None) -> Any:
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            problems.append(IntegrityProblem(number, what, "not valid UTF-8 (altered)", version))
            return None
        try:
            obj = _loads(text)
        except ValueError as e:
            problems.append(IntegrityProblem(number, what, f"{e} (altered)", version))
            return None
        try:
            same = _dumps(obj) == text if isinstance(obj, dict) else False
        except (TypeError, ValueError, RecursionError):
            same = False
        if not same:
            problems.append(IntegrityProblem(
                number, what, "not written as the judge writes it (altered)", version))
            return None
        return obj

    # ---------------------------------------------------------------- header
    header: RecordHeader | None = None
    header_obj = parse(1, parts[0], "header")
    if header_obj is not None:
        try:
            header = _read_header(parts[0].decode("utf-8"))
        except RecordError as e:
            problems.append(IntegrityProblem(1, "header", f"{e.item}: {e.problem}"))
    key = public_key
    if header is not None:
        if header.format_version < 2:
            problems.append(IntegrityProblem(
                1, "header", "format version 1 has no chain, receipts or seal: nothing to verify"))
        if header.redacted_for is not None:
            problems.append(IntegrityProblem(
                1, "header", f"the record is redacted for {header.redacted_for}: only a complete "
                "record (exported by the organizer) carries the chain and can be verified"))
        named = header.public_key
        if named is None and header.format_version >= 2 and header.redacted_for is None:
            problems.append(IntegrityProblem(1, "header", "server_key: missing or not a key"))
        if public_key is not None:
            report.pinned = True
            if named is not None and named != public_key:
                problems.append(IntegrityProblem(
                    1, "header", f"signed by key {key_id_of(named)}, not by the pinned key "
                    f"{key_id_of(public_key)}"))
        else:
            key = named
    if key is not None:
        report.key_id = key_id_of(key)

    # ---------------------------------------------------------------- lines
    hashes: dict[int, str] = {}
    prev = genesis(header.game_id) if header is not None else None
    receipt_lines: list[bytes] = []
    seal: tuple[int, dict[str, Any]] | None = None
    layout_events = header.events if header is not None else None
    for index, line in enumerate(parts[1:], start=2):
        is_trailer = line.startswith((b'{"receipt":', b'{"seal":'))
        if seal is not None:
            problems.append(IntegrityProblem(index, "record", "a line after the seal (altered)"))
            continue
        if not is_trailer and not receipt_lines and (
                layout_events is None or report.events < layout_events or line.startswith(b'{"version":')):
            version = report.events + 1
            report.events += 1
            obj = parse(index, line, "event", version)
            if obj is None:
                prev = None
                continue
            if obj.get("version") != version:
                problems.append(IntegrityProblem(
                    index, "event", f"version: expected {version}, found {obj.get('version')!r}", version))
            missing = [k for k in CHAIN_KEYS if not isinstance(obj.get(k), str)]
            if missing:
                problems.append(IntegrityProblem(
                    index, "event", f"{', '.join(missing)}: missing (no chain)", version))
                prev = None
                continue
            computed = line_hash(obj)
            if obj["hash"] != computed:
                problems.append(IntegrityProblem(
                    index, "event", "the event was altered: its content does not hash to its "
                    "recorded hash", version))
            elif prev is not None and obj["prev_hash"] != prev:
                problems.append(IntegrityProblem(
                    index, "event", "prev_hash is not the hash of the event before it "
                    + ("(the chain's genesis for this game id)" if version == 1 else
                       f"(version {version - 1})"), version))
            hashes[version] = obj["hash"]
            prev = obj["hash"]
            continue
        if line.startswith(b'{"seal":'):
            obj = parse(index, line, "seal")
            if obj is not None and isinstance(obj.get("seal"), dict):
                seal = (index, obj["seal"])
            elif obj is not None:
                problems.append(IntegrityProblem(index, "seal", "expected an object"))
            if obj is None:
                seal = (index, {})
            continue
        receipt_lines.append(line)
        report.receipts += 1
        obj = parse(index, line, "receipt")
        if obj is None:
            continue
        try:
            receipt = Receipt.from_dict(obj.get("receipt") if isinstance(obj.get("receipt"), dict) else {})
        except ValueError as e:
            problems.append(IntegrityProblem(index, "receipt", f"not a receipt: {e}"))
            continue
        problem = _receipt_problem(receipt, header, hashes, key)
        expected = report.receipts  # an export holds one receipt per event, in version order
        if not problem and (receipt.from_version, receipt.to_version) != (expected, expected):
            problem = (f"expected the receipt of version {expected}, found versions "
                       f"{receipt.from_version}-{receipt.to_version} (receipts removed, moved or repeated)")
        if problem:
            problems.append(IntegrityProblem(index, "receipt", problem))
        else:
            report.receipts_valid += 1
    report.chain_head = hashes.get(report.events, "")

    # ---------------------------------------------------------------- seal
    end = len(parts) + 1
    if seal is None:
        problems.append(IntegrityProblem(end, "record", "the seal (last line) is missing"))
    else:
        number, body = seal
        if report.receipts < report.events and (header is None or header.format_version >= 2):
            problems.append(IntegrityProblem(
                number, "record", f"the receipt of version {report.receipts + 1} is missing before the seal"))
        if body and (key is None or not verify_seal(key, body)):
            # An altered seal says nothing about the rest.
            problems.append(IntegrityProblem(number, "seal", "the seal's signature is not valid"))
        elif body:
            report.sealed = True
            header_sha = hashlib.sha256(parts[0]).hexdigest()
            if body.get("header_sha256") != header_sha:
                problems.append(IntegrityProblem(
                    1, "header", "the header was altered: it differs from the sealed one"))
            if body.get("chain_head") != report.chain_head or body.get("events") != report.events:
                problems.append(IntegrityProblem(
                    end, "record", f"the sealed record has {body.get('events')!r} events ending "
                    f"in chain head {str(body.get('chain_head'))[:16]}..., this one has "
                    f"{report.events} (events were added or removed)"))
            receipts_sha = hashlib.sha256(b"\n".join(receipt_lines)).hexdigest()
            if body.get("receipts_sha256") != receipts_sha:
                problems.append(IntegrityProblem(end, "record", "receipts were added, removed or altered"))
    if header is not None:
        if header.events != report.events:
            problems.append(IntegrityProblem(
                end, "record", f"the header announces {header.events} events, the record holds "
                f"{report.events}"))
        if header.receipts != report.receipts:
            problems.append(IntegrityProblem(
                end, "record", f"the header announces {header.receipts} receipts, the record "
                f"holds {report.receipts}"))
    problems.sort(key=lambda p: p.line)
    return report


def _receipt_problem(
    receipt: Receipt, header: RecordHeader | None, hashes: Mapping[int, str], key: bytes | None
) -> str:
    """Why a receipt does not hold for this record ('' if it does)."""
    if key is None:
        return "no server key to check the signature with"
    if not receipt.verify(key):
        return (f"forged: not signed by the server key {key_id_of(key)}"
                f" (it claims key {receipt.key_id})")
    if header is not None and receipt.game_id != header.game_id:
        return f"for game {receipt.game_id}, not {header.game_id}"
    if not 1 <= receipt.from_version <= receipt.to_version:
        return f"bad version range {receipt.from_version}-{receipt.to_version}"
    head = hashes.get(receipt.to_version)
    if head is None:
        return f"version {receipt.to_version} is not in the record"
    if head != receipt.chain_head:
        return (f"the record's chain head at version {receipt.to_version} is not the one "
                f"the server acknowledged")
    return ""


def check_receipt(receipt: Receipt, record_text: str, public_key: bytes) -> str:
    """Check a receipt a client kept against a complete record: '' if the
    server signed it and the record holds the acknowledged chain head."""
    hashes: dict[int, str] = {}
    try:
        record = read_record(record_text)
    except RecordError as e:
        return str(e)
    for event in record.events:
        if event.chain is not None:
            hashes[event.version] = event.chain["hash"]
    return _receipt_problem(receipt, record.header, hashes, public_key)
