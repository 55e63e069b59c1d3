"""Verifying a record without trusting its writer: the hash chain, the
receipts and the seal, checked against the server's public key.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.common.i18n import N_, Said, nsaid, said
from judge.domain.chain import Receipt, genesis, key_id_of, line_hash, verify_seal
from judge.record.chance_check import check_chance
from judge.record.format import CHAIN_KEYS, Progress, RecordError, RecordHeader, _dumps
from judge.record.reading import EVENT_FIELDS, _loads, _read_header, read_record


KEYS_OUT_OF_ORDER = N_("its keys are not in the order the judge writes them (altered)")
HEADER_KEYS = ("format", "format_version", "game_id", "ruleset", "variants", "rules_version", "setup",
               "exported_at_ms", "events", "redacted_for", "server_key", "receipts", "opening_decks")
RECEIPT_KEYS = ("game_id", "from_version", "to_version", "chain_head", "key_id", "signature")
SEAL_KEYS = ("header_sha256", "chain_head", "events", "receipts_sha256", "key_id", "signature")


def event_keys(kind: Any) -> tuple[str, ...] | None:
    """The keys of an event line in the order the judge writes them (None for an unknown kind)."""
    fields = EVENT_FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        return None
    names = [name for name, _, _ in fields if name != "recorded_at_ms"]
    return ("version", "kind", "recorded_at_ms", *names, *CHAIN_KEYS)


def in_order(obj: Mapping[str, Any], order: tuple[str, ...] | None) -> bool:
    """Whether an object's keys are among ``order`` and come in that order (some may be left out)."""
    if order is None:
        return True
    keys = list(obj)
    return keys == [k for k in order if k in obj] and len(keys) == len(set(keys) & set(order))


@dataclass(frozen=True)
class IntegrityProblem:
    """Something altered or missing in a record, at a line (1-based).
    ``version`` is the event's version when the line is an event line."""

    line: int
    what: str  # "header" | "event" | "receipt" | "seal" | "record"
    message: str
    version: int | None = None

    def __str__(self) -> str:
        return str(self.said())

    def said(self) -> Said:
        """The problem and where it is, in any language (``message`` may itself be a ``Said`` message)."""
        if self.version is not None:
            where = said(N_("line {line} (event version {version})"), line=self.line, version=self.version)
        elif self.what in WHAT:
            where = said(N_("line {line} ({what})"), line=self.line, what=said(WHAT[self.what]))
        else:
            where = said(N_("line {line}"), line=self.line)
        return said(N_("{where}: {problem}"), where=where, problem=self.message)


WHAT = {"header": N_("header"), "receipt": N_("receipt"), "seal": N_("seal")}
"""The lines a problem names by what they are."""


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
    seed_pending: bool = False
    """A dealt game whose seed is not revealed yet: its chance cannot be checked."""

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def first(self) -> IntegrityProblem | None:
        """The problem at the earliest line: where the record was first altered."""
        return min(self.problems, key=lambda p: p.line) if self.problems else None


def verify_record(data: bytes | str, public_key: bytes | None = None,
                  progress: Progress | None = None) -> IntegrityReport:
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
    one names where the record was first altered. ``progress(done, total)``
    is told of every line checked (a progress bar of the command line).
    """
    raw = data if isinstance(data, bytes) else data.encode("utf-8")
    report = IntegrityReport()
    parts = raw.split(b"\n")
    if parts and parts[-1] == b"":
        parts.pop()  # a record ends with a newline
    if not parts:
        report.problems.append(IntegrityProblem(1, "record", said(N_("the record is empty"))))
        return report
    problems = report.problems

    def parse(number: int, line: bytes, what: str, version: int | None = None) -> Any:
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            problems.append(IntegrityProblem(number, what, said(N_("not valid UTF-8 (altered)")), version))
            return None
        try:
            obj = _loads(text)
        except ValueError as e:
            problems.append(IntegrityProblem(number, what, said(N_("{problem} (altered)"), problem=e.args[0]), version))
            return None
        try:
            same = _dumps(obj) == text if isinstance(obj, dict) else False
        except (TypeError, ValueError, RecursionError):
            same = False
        if not same:
            problems.append(IntegrityProblem(
                number, what, said(N_("not written as the judge writes it (altered)")), version))
            return None
        return obj

    # ---------------------------------------------------------------- header
    header: RecordHeader | None = None
    header_obj = parse(1, parts[0], "header")
    if header_obj is not None and not in_order(header_obj, HEADER_KEYS):
        problems.append(IntegrityProblem(1, "header", said(KEYS_OUT_OF_ORDER)))
    if header_obj is not None:
        try:
            header = _read_header(parts[0].decode("utf-8"))
        except RecordError as e:
            problems.append(IntegrityProblem(1, "header",
                                              said(N_("{item}: {problem}"), item=e.item, problem=e.problem)))
    key = public_key
    if header is not None:
        if header.format_version < 2:
            problems.append(IntegrityProblem(
                1, "header", said(N_("format version 1 has no chain, receipts or seal: nothing to verify"))))
        if header.redacted_for is not None:
            problems.append(IntegrityProblem(
                1, "header", said(N_("the record is redacted for {reader}: only a complete record (exported by "
                                     "the organizer) carries the chain and can be verified"),
                                  reader=header.redacted_for)))
        named = header.public_key
        if named is None and header.format_version >= 2 and header.redacted_for is None:
            problems.append(IntegrityProblem(1, "header", said(N_("server_key: missing or not a key"))))
        if public_key is not None:
            report.pinned = True
            if named is not None and named != public_key:
                problems.append(IntegrityProblem(
                    1, "header", said(N_("signed by key {key}, not by the pinned key {pinned}"), key=key_id_of(named),
                                      pinned=key_id_of(public_key))))
        else:
            key = named
    if key is not None:
        report.key_id = key_id_of(key)

    # ---------------------------------------------------------------- lines
    hashes: dict[int, str] = {}
    event_objects: list[tuple[int, dict[str, Any]]] = []
    prev = genesis(header.game_id) if header is not None else None
    receipt_lines: list[bytes] = []
    seal: tuple[int, dict[str, Any]] | None = None
    layout_events = header.events if header is not None else None
    stopped = 0  # the version of a GameStopped event: nothing is judged after it
    for index, line in enumerate(parts[1:], start=2):
        if progress is not None:
            progress(index - 2, len(parts) - 1)
        is_trailer = line.startswith((b'{"receipt":', b'{"seal":'))
        if seal is not None:
            problems.append(IntegrityProblem(index, "record", said(N_("a line after the seal (altered)"))))
            continue
        if not is_trailer and not receipt_lines and (
                layout_events is None or report.events < layout_events or line.startswith(b'{"version":')):
            version = report.events + 1
            report.events += 1
            obj = parse(index, line, "event", version)
            if obj is None:
                prev = None
                continue
            if not in_order(obj, event_keys(obj.get("kind"))):
                problems.append(IntegrityProblem(
                    index, "event", said(KEYS_OUT_OF_ORDER), version))
            if obj.get("version") != version:
                problems.append(IntegrityProblem(
                    index, "event", said(N_("version: expected {expected}, found {found}"), expected=version,
                                           found=repr(obj.get("version"))), version))
            if stopped and obj.get("kind") in ("CommandAccepted", "GameStopped"):
                problems.append(IntegrityProblem(
                    index, "event", said(N_("{kind} after the game was stopped at version {version}"),
                                           kind=obj.get("kind"), version=stopped), version))
            if obj.get("kind") == "GameStopped" and not stopped:
                stopped = version
            missing = [k for k in CHAIN_KEYS if not isinstance(obj.get(k), str)]
            if missing:
                problems.append(IntegrityProblem(
                    index, "event", said(N_("{fields}: missing (no chain)"), fields=", ".join(missing)), version))
                prev = None
                continue
            computed = line_hash(obj)
            if obj["hash"] != computed:
                problems.append(IntegrityProblem(
                    index, "event", said(N_("the event was altered: its content does not hash to its recorded hash")),
                    version))
            elif prev is not None and obj["prev_hash"] != prev:
                problems.append(IntegrityProblem(
                    index, "event",
                    said(N_("prev_hash is not the hash of the event before it (the chain's genesis for this game id)"))
                    if version == 1 else
                    said(N_("prev_hash is not the hash of the event before it (version {version})"),
                         version=version - 1),
                    version))
            hashes[version] = obj["hash"]
            prev = obj["hash"]
            event_objects.append((index, obj))
            continue
        if line.startswith(b'{"seal":'):
            obj = parse(index, line, "seal")
            if obj is not None and isinstance(obj.get("seal"), dict):
                seal = (index, obj["seal"])
                if not in_order(obj["seal"], SEAL_KEYS):
                    problems.append(IntegrityProblem(
                        index, "seal", said(KEYS_OUT_OF_ORDER)))
            elif obj is not None:
                problems.append(IntegrityProblem(index, "seal", said(N_("expected an object"))))
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
            problems.append(IntegrityProblem(index, "receipt", said(N_("not a receipt: {problem}"), problem=str(e))))
            continue
        problem = _receipt_problem(receipt, header, hashes, key)
        if not problem and not in_order(obj["receipt"], RECEIPT_KEYS):
            problem = said(KEYS_OUT_OF_ORDER)
        expected = report.receipts  # an export holds one receipt per event, in version order
        if not problem and (receipt.from_version, receipt.to_version) != (expected, expected):
            problem = said(N_("expected the receipt of version {version}, found versions {found} (receipts removed, "
                              "moved or repeated)"), version=expected,
                           found=f"{receipt.from_version}-{receipt.to_version}")
        if problem:
            problems.append(IntegrityProblem(index, "receipt", problem))
        else:
            report.receipts_valid += 1
    report.chain_head = hashes.get(report.events, "")
    if header_obj is not None:
        # A finished dealt game: every shuffle, draw and roll follows from the revealed seed.
        chance_report = check_chance(header_obj, event_objects)
        report.seed_pending = chance_report.dealt and not chance_report.seed_revealed
        problems.extend(IntegrityProblem(p.line, "event", p.message, p.version) for p in chance_report.problems)
    if progress is not None:
        progress(len(parts) - 1, len(parts) - 1)

    # ---------------------------------------------------------------- seal
    end = len(parts) + 1
    if seal is None:
        problems.append(IntegrityProblem(end, "record", said(N_("the seal (last line) is missing"))))
    else:
        number, body = seal
        if report.receipts < report.events and (header is None or header.format_version >= 2):
            problems.append(IntegrityProblem(
                number, "record", said(N_("the receipt of version {version} is missing before the seal"),
                                       version=report.receipts + 1)))
        if body and (key is None or not verify_seal(key, body)):
            # An altered seal says nothing about the rest.
            problems.append(IntegrityProblem(number, "seal", said(N_("the seal's signature is not valid"))))
        elif body:
            report.sealed = True
            header_sha = hashlib.sha256(parts[0]).hexdigest()
            if body.get("header_sha256") != header_sha:
                problems.append(IntegrityProblem(
                    1, "header", said(N_("the header was altered: it differs from the sealed one"))))
            if body.get("chain_head") != report.chain_head or body.get("events") != report.events:
                problems.append(IntegrityProblem(
                    end, "record", said(N_("the sealed record has {sealed} events ending in chain head {head}..., "
                                           "this one has {events} (events were added or removed)"),
                                        sealed=repr(body.get("events")), head=str(body.get("chain_head"))[:16],
                                        events=report.events)))
            receipts_sha = hashlib.sha256(b"\n".join(receipt_lines)).hexdigest()
            if body.get("receipts_sha256") != receipts_sha:
                problems.append(IntegrityProblem(end, "record", said(N_("receipts were added, removed or altered"))))
    if header is not None:
        if header.events != report.events:
            problems.append(IntegrityProblem(
                end, "record", nsaid(N_("the header announces {n} event, the record holds {count}"),
                                     N_("the header announces {n} events, the record holds {count}"), header.events,
                                     count=report.events)))
        if header.receipts != report.receipts:
            problems.append(IntegrityProblem(
                end, "record", nsaid(N_("the header announces {n} receipt, the record holds {count}"),
                                     N_("the header announces {n} receipts, the record holds {count}"),
                                     header.receipts, count=report.receipts)))
    problems.sort(key=lambda p: p.line)
    return report


def _receipt_problem(
    receipt: Receipt, header: RecordHeader | None, hashes: Mapping[int, str], key: bytes | None
) -> str:
    """Why a receipt does not hold for this record ('' if it does)."""
    if key is None:
        return said(N_("no server key to check the signature with"))
    if not receipt.verify(key):
        return said(N_("forged: not signed by the server key {key} (it claims key {claimed})"), key=key_id_of(key),
                    claimed=receipt.key_id)
    if header is not None and receipt.game_id != header.game_id:
        return said(N_("for game {game}, not {expected}"), game=receipt.game_id, expected=header.game_id)
    if not 1 <= receipt.from_version <= receipt.to_version:
        return said(N_("bad version range {low}-{high}"), low=receipt.from_version, high=receipt.to_version)
    head = hashes.get(receipt.to_version)
    if head is None:
        return said(N_("version {version} is not in the record"), version=receipt.to_version)
    if head != receipt.chain_head:
        return said(N_("the record's chain head at version {version} is not the one the server acknowledged"),
                    version=receipt.to_version)
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
