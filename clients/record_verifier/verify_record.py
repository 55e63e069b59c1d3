#!/usr/bin/env python3
"""Check a judge record (docs/record-format.md) without the judge's code.

Uses only the Python standard library and the ``cryptography`` package (for
Ed25519), and follows docs/record-format.md, "Checking a record": every line
as the judge writes it, the hash chain, every receipt, the seal. It does not
re-judge the rules (``judge verify`` also runs the audit).

    python verify_record.py RECORD.jsonl [--key HEX]

Prints ``intact`` or one problem per line (``line N: ...``, the first one is
where the record was first altered) and exits 0 when intact, 3 when not, 2
for a usage error. Without ``--key`` the key named in the record's header is
used, which proves only that whoever holds that key wrote it: pin the key
the server shows (``GetServerKey``) to prove that the judge did.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import sys
from dataclasses import dataclass, field
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

GENESIS_PREFIX = b"judge-chain/1\x00"
RECEIPT_FORMAT = "judge-receipt/1"
SEAL_FORMAT = "judge-seal/1"
CHAIN_KEYS = ("salt", "prev_hash", "hash")
MAX_LINE_CHARS = 8 * 1024 * 1024
HEADER_KEYS = ("format", "format_version", "game_id", "ruleset", "variants", "rules_version", "setup",
               "exported_at_ms", "events", "redacted_for", "server_key", "receipts", "opening_decks")
RECEIPT_KEYS = ("game_id", "from_version", "to_version", "chain_head", "key_id", "signature")
SEAL_KEYS = ("header_sha256", "chain_head", "events", "receipts_sha256", "key_id", "signature")
_CREATED = ("setup", "rules_version", "created_at_ms")
KIND_KEYS = {  # docs/record-format.md, "Event lines": each kind's fields in the order of its table
    "GameCreated": _CREATED,
    "GameImported": (*_CREATED, "source_game_id", "imported_at_ms"),
    "CommandAccepted": ("command_id", "seat", "action", "context", "effects"),
    "DisputeOpened": ("dispute_id", "seat", "event_version", "reason", "recheck"),
    "DisputeResolved": ("dispute_id", "upheld", "note", "restored_state", "voided_from", "voided_to",
                        "reopened_deadline_ms"),
    "GameStopped": ("reason", "places", "scores", "seed"),
}


def in_order(obj: dict[str, Any], order: tuple[str, ...] | None) -> bool:
    """Whether the keys are among ``order`` and in that order (some may be left out)."""
    if order is None:
        return True
    keys = list(obj)
    return keys == [k for k in order if k in obj] and len(keys) == len(set(keys) & set(order))


def event_keys(kind: Any) -> tuple[str, ...] | None:
    fields = KIND_KEYS.get(kind) if isinstance(kind, str) else None
    return None if fields is None else ("version", "kind", "recorded_at_ms", *fields, *CHAIN_KEYS)


@dataclass(order=True)
class Problem:
    line: int
    message: str = field(compare=False)

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass
class Report:
    problems: list[Problem] = field(default_factory=list)
    events: int = 0
    receipts: int = 0
    pinned: bool = False

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def first(self) -> Problem | None:
        return min(self.problems) if self.problems else None


def canonical(data: Any) -> bytes:
    """Canonical JSON: keys sorted, no white space, UTF-8, no escapes but the required ones."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def written(data: Any) -> str:
    """A record line as the judge writes it: keys in their order, no white space."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def key_id(public_key: bytes) -> str:
    return hashlib.sha256(public_key).hexdigest()[:16]


def signed_by(public_key: bytes, signature_b64: Any, message: bytes) -> bool:
    if not isinstance(signature_b64, str):
        return False
    try:
        signature = base64.b64decode(signature_b64.encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError):
        return False
    if base64.b64encode(signature).decode("ascii") != signature_b64:
        return False  # only canonical base64
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(signature, message)
    except (InvalidSignature, ValueError):
        return False
    return True


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def verify(data: bytes, pinned: bytes | None = None) -> Report:
    """Check a complete record; problems by line, sorted."""
    report = Report(pinned=pinned is not None)
    problems = report.problems
    parts = data.split(b"\n")
    if parts and parts[-1] == b"":
        parts.pop()
    if not parts:
        problems.append(Problem(1, "the record is empty"))
        return report

    def parse(number: int, line: bytes) -> Any:
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            problems.append(Problem(number, "not valid UTF-8"))
            return None
        try:
            if len(text) > MAX_LINE_CHARS:
                raise ValueError("line too long")
            obj = json.loads(text, parse_constant=_reject_constant)
            same = isinstance(obj, dict) and written(obj) == text
        except (ValueError, RecursionError):
            problems.append(Problem(number, "not JSON"))
            return None
        if not same:
            problems.append(Problem(number, "not written as the judge writes it"))
            return None
        return obj

    # The header.
    header = parse(1, parts[0])
    game_id: str | None = None
    announced_events: int | None = None
    announced_receipts: int | None = None
    named: bytes | None = None
    if header is not None and not in_order(header, HEADER_KEYS):
        problems.append(Problem(1, "keys not in the order the judge writes them"))
    if header is not None:
        if header.get("format") != "judge-record" or header.get("format_version") != 2:
            problems.append(Problem(1, "not a judge-record of format version 2"))
        if header.get("redacted_for") is not None:
            problems.append(Problem(1, "a redacted record carries no chain"))
        if isinstance(header.get("game_id"), str):
            game_id = header["game_id"]
        else:
            problems.append(Problem(1, "game_id: expected a string"))
        events, receipts = header.get("events"), header.get("receipts", 0)
        if isinstance(events, int) and not isinstance(events, bool) and events >= 0:
            announced_events = events
        else:
            problems.append(Problem(1, "events: expected a non-negative integer"))
        if isinstance(receipts, int) and not isinstance(receipts, bool) and receipts >= 0:
            announced_receipts = receipts
        else:
            problems.append(Problem(1, "receipts: expected a non-negative integer"))
        server_key = header.get("server_key")
        text = server_key.get("public_key") if isinstance(server_key, dict) else None
        try:
            raw = bytes.fromhex(text) if isinstance(text, str) else b""
        except ValueError:
            raw = b""
        named = raw if len(raw) == 32 else None
        if named is None:
            problems.append(Problem(1, "server_key: missing or not a key"))
    key = pinned if pinned is not None else named
    if pinned is not None and named is not None and named != pinned:
        problems.append(Problem(1, f"signed by key {key_id(named)}, not by the pinned key {key_id(pinned)}"))

    # Events, then receipts, then the seal.
    hashes: dict[int, str] = {}
    prev: str | None = (hashlib.sha256(GENESIS_PREFIX + game_id.encode("utf-8")).hexdigest()
                        if game_id is not None else None)
    receipt_lines: list[bytes] = []
    seal: tuple[int, dict[str, Any]] | None = None
    stopped = 0  # the version of a GameStopped event: nothing is judged after it
    for number, line in enumerate(parts[1:], start=2):
        trailer = line.startswith((b'{"receipt":', b'{"seal":'))
        if seal is not None:
            problems.append(Problem(number, "a line after the seal"))
            continue
        if not trailer and not receipt_lines and (
                announced_events is None or report.events < announced_events
                or line.startswith(b'{"version":')):
            report.events += 1
            version = report.events
            event = parse(number, line)
            if event is None:
                prev = None
                continue
            if not in_order(event, event_keys(event.get("kind"))):
                problems.append(Problem(number, "keys not in the order the judge writes them"))
            if event.get("version") != version:
                problems.append(Problem(number, f"version: expected {version}"))
            if stopped and event.get("kind") in ("CommandAccepted", "GameStopped"):
                problems.append(Problem(number, f"{event.get('kind')} after the game was stopped at version {stopped}"))
            if event.get("kind") == "GameStopped" and not stopped:
                stopped = version
            if not all(isinstance(event.get(k), str) for k in CHAIN_KEYS):
                problems.append(Problem(number, "salt, prev_hash or hash missing"))
                prev = None
                continue
            content = {k: v for k, v in event.items() if k != "hash"}
            if event["hash"] != hashlib.sha256(canonical(content)).hexdigest():
                problems.append(Problem(number, f"event {version} does not hash to its hash"))
            elif prev is not None and event["prev_hash"] != prev:
                problems.append(Problem(number, f"event {version}: prev_hash is not the hash before it"))
            hashes[version] = event["hash"]
            prev = event["hash"]
            continue
        if line.startswith(b'{"seal":'):
            obj = parse(number, line)
            body = obj.get("seal") if obj is not None else None
            if obj is not None and not isinstance(body, dict):
                problems.append(Problem(number, "seal: expected an object"))
            seal = (number, body if isinstance(body, dict) else {})
            if isinstance(body, dict) and not in_order(body, SEAL_KEYS):
                problems.append(Problem(number, "keys not in the order the judge writes them"))
            continue
        receipt_lines.append(line)
        report.receipts += 1
        obj = parse(number, line)
        if obj is None:
            continue
        problem = _receipt_problem(obj.get("receipt"), game_id, hashes, key)
        expected = report.receipts  # one receipt per event, in version order
        if not problem and (obj["receipt"]["from_version"], obj["receipt"]["to_version"]) != (expected, expected):
            problem = f"expected the receipt of version {expected}"
        if not problem and not in_order(obj["receipt"], RECEIPT_KEYS):
            problem = "keys not in the order the judge writes them"
        if problem:
            problems.append(Problem(number, problem))

    end = len(parts) + 1
    chain_head = hashes.get(report.events, "")
    if seal is None:
        problems.append(Problem(end, "the seal (last line) is missing"))
    else:
        number, body = seal
        if report.receipts < report.events:
            problems.append(Problem(number, f"the receipt of version {report.receipts + 1} is missing"))
        message_body = {k: v for k, v in body.items() if k not in ("key_id", "signature")}
        valid = (key is not None and body.get("key_id") == key_id(key)
                 and signed_by(key, body.get("signature"),
                               _canonical_or_empty({"format": SEAL_FORMAT, **message_body})))
        if body and not valid:
            problems.append(Problem(number, "the seal's signature is not valid"))
        elif body:
            if body.get("header_sha256") != hashlib.sha256(parts[0]).hexdigest():
                problems.append(Problem(1, "the header differs from the sealed one"))
            if body.get("chain_head") != chain_head or body.get("events") != report.events:
                problems.append(Problem(end, "events were added or removed since the seal"))
            if body.get("receipts_sha256") != hashlib.sha256(b"\n".join(receipt_lines)).hexdigest():
                problems.append(Problem(end, "receipts were added, removed or altered"))
    if announced_events is not None and announced_events != report.events:
        problems.append(Problem(end, f"the header announces {announced_events} events"))
    if announced_receipts is not None and announced_receipts != report.receipts:
        problems.append(Problem(end, f"the header announces {announced_receipts} receipts"))
    problems.sort()
    return report


def _canonical_or_empty(data: Any) -> bytes:
    try:
        return canonical(data)
    except (TypeError, ValueError):
        return b""


def _receipt_problem(receipt: Any, game_id: str | None, hashes: dict[int, str], key: bytes | None) -> str:
    fields = (("game_id", str), ("from_version", int), ("to_version", int), ("chain_head", str),
              ("key_id", str), ("signature", str))
    if not isinstance(receipt, dict) or any(
            not isinstance(receipt.get(n), t) or isinstance(receipt.get(n), bool) for n, t in fields):
        return "not a receipt"
    if key is None:
        return "no server key to check the receipt with"
    message = canonical({"format": RECEIPT_FORMAT, **{n: receipt[n] for n, _ in fields[:5]}})
    if receipt["key_id"] != key_id(key) or not signed_by(key, receipt["signature"], message):
        return "forged: not signed by the server key"
    if game_id is not None and receipt["game_id"] != game_id:
        return "a receipt of another game"
    if not 1 <= receipt["from_version"] <= receipt["to_version"]:
        return "bad version range"
    head = hashes.get(receipt["to_version"])
    if head is None:
        return f"version {receipt['to_version']} is not in the record"
    if head != receipt["chain_head"]:
        return f"the chain head at version {receipt['to_version']} is not the acknowledged one"
    return ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check a judge record without the judge.")
    parser.add_argument("record", help="the record file (JSON Lines)")
    parser.add_argument("--key", help="the server's Ed25519 public key, 64 hex digits (pins it)")
    args = parser.parse_args(argv)
    try:
        pinned = bytes.fromhex(args.key) if args.key else None
        if pinned is not None and len(pinned) != 32:
            raise ValueError
    except ValueError:
        parser.error("--key: expected 64 hex digits")
    try:
        with open(args.record, "rb") as f:
            data = f.read()
    except OSError as e:
        parser.error(f"{args.record}: {e.strerror or e}")
    report = verify(data, pinned)
    if pinned is None:
        print("warning: no key pinned; checked against the key the record names itself",
              file=sys.stderr)
    if report.ok:
        print(f"intact: {report.events} events, {report.receipts} receipts, sealed")
        return 0
    for problem in report.problems:
        print(problem)
    return 3


if __name__ == "__main__":
    sys.exit(main())
