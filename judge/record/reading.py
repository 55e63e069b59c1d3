"""Reading a record: ``read_record`` checks every line's fields and collects
the problems of bad event lines instead of stopping at the first.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from judge.common import jsonbounds
from judge.common.i18n import N_, said
from judge.domain.game import EVENT_KINDS, MAX_COMMAND_ID, recorded_at_ms
from judge.record.format import (
    CHAIN_KEYS,
    FORMAT,
    GameRecord,
    MAX_LINE_CHARS,
    READABLE_VERSIONS,
    RecordError,
    RecordHeader,
    RecordProblem,
    RecordedEvent,
)


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


def _is_int_groups(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(g, list) and g and all(_is_int(x) for x in g) for g in v)


def _is_int_list(v: Any) -> bool:
    return isinstance(v, list) and all(_is_int(x) for x in v)


def _optional(check: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda v: v is None or check(v)


_TYPE_NAMES: dict[Callable[[Any], bool], str] = {
    _is_int: N_("an integer"), _is_str: N_("a string"), _is_dict: N_("an object"),
    _is_bool: N_("true or false"), _is_list_of_dicts: N_("a list of objects"),
    _is_int_groups: N_("a list of non-empty lists of integers"), _is_int_list: N_("a list of integers"),
}

_Field = tuple[str, Callable[[Any], bool], str]


def _f(name: str, check: Callable[[Any], bool], optional: bool = False) -> _Field:
    expected = said(_TYPE_NAMES[check])
    if optional:
        return (name, _optional(check), said(N_("{what} or null"), what=expected))
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
    "GameStopped": [
        _f("reason", _is_str), _f("places", _is_int_groups), _f("scores", _is_int_list),
        _f("seed", _is_str, optional=True), _f("recorded_at_ms", _is_int),
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
        raise RecordError(1, "header", said(N_("the record is empty")))
    try:
        header = _read_header(lines[0])
    except RecordError:
        raise
    except Exception as e:  # noqa: BLE001 - untrusted input must not escape as a crash
        raise RecordError(1, "header", said(N_("cannot be read: {problem}"), problem=f"{type(e).__name__}: {e}")) from e
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
            result = RecordProblem(number, "line", said(N_("cannot be read: {problem}"),
                                                        problem=f"{type(e).__name__}: {e}"))
        if isinstance(result, RecordedEvent):
            events.append(result)
        else:
            problems.append(result)
    return GameRecord(header, events, problems, receipts, seal)


def _loads(raw: str) -> Any:
    """``json.loads`` that reports every failure (also nesting too deep) as
    ``ValueError``."""
    if len(raw) > MAX_LINE_CHARS:
        raise ValueError(said(N_("the line is longer than {n} characters"), n=MAX_LINE_CHARS))
    try:
        return jsonbounds.loads(raw, allow_constants=True)
    except jsonbounds.JsonBoundsError as e:
        raise ValueError(said(N_("not accepted: {problem}"), problem=e.args[0])) from e
    except json.JSONDecodeError as e:
        raise ValueError(said(N_("not valid JSON: {problem} (column {column})"), problem=e.msg, column=e.colno)) from e


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
        raise RecordError(1, "header", e.args[0]) from e
    if not isinstance(data, dict):
        raise RecordError(1, "header", said(N_("expected a JSON object")))
    if data.get("format") != FORMAT:
        raise RecordError(1, "format", said(N_("expected {expected}, found {found}"), expected=repr(FORMAT),
                                            found=repr(data.get("format"))))
    format_version = data.get("format_version")
    if format_version not in READABLE_VERSIONS or isinstance(format_version, bool):
        raise RecordError(
            1, "format_version",
            said(N_("this judge reads format versions {versions}, found {found}"),
                 versions=", ".join(map(str, READABLE_VERSIONS)), found=repr(format_version)),
        )
    server_key = data.get("server_key")
    if server_key is not None and not (
            isinstance(server_key, dict) and all(isinstance(v, str) for v in server_key.values())):
        raise RecordError(1, "server_key", said(N_("expected an object of strings or null")))
    receipts = data.get("receipts", 0)
    if not _is_int(receipts) or receipts < 0:
        raise RecordError(1, "receipts", said(N_("expected a non-negative integer")))
    for name, check, expected in _HEADER_FIELDS:
        if name not in data:
            raise RecordError(1, name, said(N_("missing")))
        if not check(data[name]):
            raise RecordError(1, name, said(N_("expected {what}"), what=expected))
    variants = data.get("variants", [])
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise RecordError(1, "variants", said(N_("expected a list of strings")))
    redacted_for = data.get("redacted_for")
    if redacted_for is not None and not isinstance(redacted_for, str):
        raise RecordError(1, "redacted_for", said(N_("expected a string or null")))
    if "@" not in data["rules_version"]:
        raise RecordError(1, "rules_version", said(N_("expected {shape}"), shape='"<ruleset>@<version>"'))
    if data["events"] < 0:
        raise RecordError(1, "events", said(N_("must not be negative")))
    opening_decks = data.get("opening_decks")
    if opening_decks is not None and not (
            isinstance(opening_decks, dict)
            and all(isinstance(cards, list) and all(isinstance(c, str) for c in cards)
                    for cards in opening_decks.values())):
        raise RecordError(1, "opening_decks", said(N_("expected an object of lists of card ids")))
    return RecordHeader(
        game_id=data["game_id"], ruleset=data["ruleset"], variants=list(variants),
        rules_version=data["rules_version"], setup=data["setup"],
        exported_at_ms=data["exported_at_ms"], events=data["events"], redacted_for=redacted_for,
        server_key=server_key, receipts=receipts, format_version=format_version,
        opening_decks=opening_decks,
    )


def _read_event(
    number: int, raw: str, *, redacted: bool, chained: bool = False
) -> RecordedEvent | RecordProblem:
    if not raw.strip():
        return RecordProblem(number, "line", said(N_("empty line")))
    try:
        data = _loads(raw)
    except ValueError as e:
        return RecordProblem(number, "line", e.args[0])
    if not isinstance(data, dict):
        return RecordProblem(number, "line", said(N_("expected a JSON object")))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        return RecordProblem(number, "version", said(N_("expected a positive integer")))
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in EVENT_FIELDS:
        return RecordProblem(number, "kind", said(N_("unknown event kind {kind}"), kind=repr(kind)), version)
    if not _is_int(data.get("recorded_at_ms")):
        return RecordProblem(number, "recorded_at_ms", said(N_("expected an integer")), version)
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
                        number, key, said(N_("missing")) if value is None else said(N_("expected a string")), version)
                chain[key] = value
    for key in data:
        if key not in allowed:
            return RecordProblem(number, key, said(N_("unknown field for {kind}"), kind=kind), version)
    event_data: dict[str, Any] = {}
    for name, check, expected in fields_:
        if name not in data and name in _LATER_FIELDS.get(kind, set()):
            event_data[name] = None
            continue
        if name not in data:
            return RecordProblem(number, name, said(N_("missing")), version)
        if not check(data[name]):
            return RecordProblem(number, name, said(N_("expected {what}"), what=expected), version)
        event_data[name] = data[name]
    for key in _REDACTION_KEYS.get(kind, set()):
        if redacted and key in data:
            event_data[key] = data[key]
    if kind == "CommandAccepted":
        if not 1 <= len(event_data["command_id"]) <= MAX_COMMAND_ID:
            return RecordProblem(number, "command_id", said(N_("1 to {n} characters"), n=MAX_COMMAND_ID), version)
        if not _is_int(event_data["context"].get("now_ms")):
            return RecordProblem(number, "context.now_ms", said(N_("expected an integer")), version)
    when = recorded_at_ms(kind, event_data)
    if data["recorded_at_ms"] != when:
        return RecordProblem(
            number, "recorded_at_ms",
            said(N_("{found} does not match the event's own time {when}"), found=data["recorded_at_ms"], when=when),
            version,
        )
    return RecordedEvent(version, kind, data["recorded_at_ms"], event_data, line=number, chain=chain)
