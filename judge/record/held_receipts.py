"""Receipts a client holds, checked against a game's record.

Every write is acknowledged with a receipt signed by the server key (game,
version range, chain head; judge/domain/chain.py). A client that keeps them
holds a witness the operator cannot rewrite: ``judge verify RECORD
--receipts FILE`` reports every receipt the record does not contain, i.e.
each acknowledged version that is missing from the record (its newest events
were deleted) or whose event is not the one acknowledged (replaced).

The receipts file is JSON lines or one JSON list. Each item is a receipt as
``Receipt.to_dict()`` writes it (snake_case), or as protobuf JSON
(camelCase, 64-bit integers as strings), or any object holding one under
``"receipt"`` (e.g. a whole ``SubmitResponse`` in protobuf JSON).
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.common.i18n import N_, Said, said
from judge.domain.chain import Receipt, key_id_of
from judge.record import RecordError, read_record

FIELDS = {
    "game_id": "gameId", "from_version": "fromVersion", "to_version": "toVersion",
    "chain_head": "chainHead", "key_id": "keyId", "signature": "signature",
}
INTEGERS = ("from_version", "to_version")


@dataclass(frozen=True)
class HeldReceipt:
    """One item of a receipts file: its number (1-based), the receipt, or
    why it is not one."""

    number: int
    receipt: Receipt | None
    problem: str = ""

    def __str__(self) -> str:
        return str(self.said())

    def said(self) -> Said:
        """Which receipt it is, in any language."""
        if self.receipt is None:
            return said(N_("receipt {number}"), number=self.number)
        r = self.receipt
        versions = said(N_("version {version}"), version=r.to_version) if r.from_version == r.to_version else \
            said(N_("versions {low}-{high}"), low=r.from_version, high=r.to_version)
        return said(N_("receipt {number} (game {game}, {versions}, chain head {head}...)"), number=self.number,
                    game=r.game_id, versions=versions, head=r.chain_head[:16])


@dataclass
class ReceiptsReport:
    """What :func:`check_receipts` found: receipts the record contains, and
    those it does not (each with the reason), and those of other games."""

    game_id: str = ""
    contained: list[HeldReceipt] = field(default_factory=list)
    missing: list[HeldReceipt] = field(default_factory=list)
    other_games: list[HeldReceipt] = field(default_factory=list)
    last_version: int = 0

    @property
    def ok(self) -> bool:
        """Every receipt of this game is contained (and there is one)."""
        return not self.missing and bool(self.contained)


def _receipt_fields(item: Any) -> Mapping[str, Any]:
    """The receipt's own fields of an item (unwrapping ``{"receipt": ...}``)."""
    while isinstance(item, Mapping) and isinstance(item.get("receipt"), Mapping):
        item = item["receipt"]
    if not isinstance(item, Mapping):
        raise ValueError("not a JSON object")
    return item


def receipt_from_json(item: Any) -> Receipt:
    """A receipt from either JSON form (see the module docstring);
    ``ValueError`` names the field that is wrong."""
    data = _receipt_fields(item)
    plain: dict[str, Any] = {}
    for name, camel in FIELDS.items():
        value = data.get(name, data.get(camel))
        if name in INTEGERS and isinstance(value, str) and value.isdigit() and value.isascii():
            value = int(value)  # protobuf JSON writes 64-bit integers as strings
        if name == "signature" and isinstance(value, str):
            value = _standard_base64(value)
        plain[name] = value
    return Receipt.from_dict(plain)


def _standard_base64(text: str) -> str:
    """Protobuf JSON may write bytes URL-safe or unpadded: the canonical form."""
    padded = text + "=" * (-len(text) % 4)
    try:
        raw = base64.b64decode(padded.replace("-", "+").replace("_", "/"), validate=True)
    except (binascii.Error, ValueError):
        return text  # Receipt.from_dict names it
    return base64.b64encode(raw).decode("ascii")


def parse_receipts(text: str) -> list[HeldReceipt]:
    """The items of a receipts file (JSON lines or a JSON list), each parsed."""
    stripped = text.strip()
    items: list[tuple[int, Any, str]] = []
    if stripped.startswith("["):
        try:
            loaded = json.loads(stripped)
        except ValueError as e:
            return [HeldReceipt(1, None, said(N_("the file is not a JSON list: {problem}"), problem=str(e)))]
        items = [(n, item, "") for n, item in enumerate(loaded, start=1)]
    else:
        for n, line in enumerate((ln for ln in text.splitlines() if ln.strip()), start=1):
            try:
                items.append((n, json.loads(line), ""))
            except ValueError as e:
                items.append((n, None, said(N_("not JSON: {problem}"), problem=str(e))))
    held = []
    for number, item, problem in items:
        if problem:
            held.append(HeldReceipt(number, None, problem))
            continue
        try:
            held.append(HeldReceipt(number, receipt_from_json(item)))
        except ValueError as e:
            held.append(HeldReceipt(number, None, said(N_("not a receipt: {problem}"), problem=str(e))))
    return held


def check_receipts(record_text: str, held: list[HeldReceipt], public_key: bytes | None) -> ReceiptsReport:
    """Which held receipts the record contains: signed by the server key
    (``public_key``; default: the one named in the record), for the record's
    game, with the acknowledged version in the record and its chain hash
    equal to the acknowledged chain head."""
    report = ReceiptsReport()
    try:
        record = read_record(record_text)
    except RecordError as e:
        unreadable = said(N_("the record cannot be read: {problem}"), problem=e.message)
        report.missing = [HeldReceipt(h.number, h.receipt, unreadable) for h in held]
        return report
    report.game_id = record.header.game_id
    key = public_key if public_key is not None else record.header.public_key
    hashes = {e.version: e.chain["hash"] for e in record.events if e.chain is not None}
    report.last_version = max(hashes, default=0)
    for item in held:
        receipt = item.receipt
        if receipt is None:
            report.missing.append(item)
            continue
        if receipt.game_id != report.game_id:
            report.other_games.append(item)
            continue
        problem = ""
        if key is None:
            problem = said(N_("no server key to check its signature with (the record names none: give --key)"))
        elif not receipt.verify(key):
            problem = said(N_("not signed by the server key {key} (it names key {named})"), key=key_id_of(key),
                           named=receipt.key_id)
        elif receipt.to_version not in hashes:
            problem = said(N_("version {version} is not in the record, which ends at version {last}: acknowledged "
                              "events are missing"), version=receipt.to_version, last=report.last_version)
        elif hashes[receipt.to_version] != receipt.chain_head:
            problem = said(N_("the record's event at version {version} is not the one the server acknowledged: "
                              "the stream was replaced"), version=receipt.to_version)
        if problem:
            report.missing.append(HeldReceipt(item.number, receipt, problem))
        else:
            report.contained.append(item)
    return report


__all__ = ["HeldReceipt", "ReceiptsReport", "check_receipts", "parse_receipts", "receipt_from_json"]
