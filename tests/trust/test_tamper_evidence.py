"""The tamper-evident record: a hash chain per game, signed receipts, a
sealed export, and `judge verify` offline."""

from __future__ import annotations

import base64
import json
import random
import string
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judge.domain.chain import Receipt, ServerKey
from judge.record import check_receipt, verify_record
from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient, UntrustedReceipt, receipt_of, verify_receipt
from judge_client.cli import app as cli_app
from tests.server.support import SAFETY_TIMEOUT_S, Judge, Table, open_table

FLIPS = 1500
"""Byte positions of the record changed one at a time (seeded)."""


def played(table: Table) -> list[pb.SubmitResponse]:
    gid = table.game_id
    anna, ben = table.seats[0], table.seats[1]
    answers = [anna.submit(gid, 0, "reveal_card", card="kettensaege"),
               anna.submit(gid, 0, "kick_door", card="elf"),
               ben.submit(gid, 1, "reveal_card", card="gehoernter-helm"),
               anna.submit(gid, 0, "play_card", card="elf"),
               anna.submit(gid, 0, "loot_room")]
    table.seats[2].open_dispute(gid, 2, 5, "too late")
    table.organizer.resolve_dispute(gid, 1, True, "agreed")
    return answers


@pytest.fixture
def record(table: Table) -> tuple[Table, list[pb.SubmitResponse], bytes]:
    answers = played(table)
    return table, answers, table.organizer.export_game(table.game_id).record.encode()


def test_every_write_is_acknowledged_with_a_receipt_the_server_key_signed(
        judge: Judge, client: JudgeClient, record: tuple[Table, list[pb.SubmitResponse], bytes]) -> None:
    table, answers, text = record
    key = client.get_server_key()
    assert key.algorithm == "Ed25519" and key.key_id == judge.app.key.key_id
    public = bytes(key.public_key)
    verify_receipt(table.game.receipt, public, table.game_id)
    for answer in answers:
        receipt = verify_receipt(answer.receipt, public, table.game_id)
        assert receipt.from_version == receipt.to_version == answer.version
        # Each receipt a client kept holds against the exported record.
        assert check_receipt(receipt, text.decode(), public) == ""
    report = verify_record(text, public)
    assert report.ok, [str(p) for p in report.problems]
    assert report.events == report.receipts_valid == 8 and report.sealed and report.pinned


def test_a_pinned_client_rejects_forged_receipts(judge: Judge, client: JudgeClient,
                                                  record: tuple[Table, list[pb.SubmitResponse], bytes]) -> None:
    table, answers, text = record
    public = judge.app.key.public_key
    genuine = answers[0].receipt
    forger = ServerKey.generate()
    forged = pb.Receipt()
    forged.CopyFrom(genuine)
    forged.signature = forger.receipt(genuine.game_id, genuine.from_version, genuine.to_version,
                                      genuine.chain_head).signature
    with pytest.raises(UntrustedReceipt):
        verify_receipt(forged, public)
    moved = pb.Receipt()
    moved.CopyFrom(genuine)
    moved.to_version += 1  # a genuine signature on other data
    with pytest.raises(UntrustedReceipt):
        verify_receipt(moved, public)
    # A receipt of another server does not hold against this record either.
    other = forger.receipt(table.game_id, 2, 2, receipt_of(genuine).chain_head)
    assert "not signed by the server key" in check_receipt(other, text.decode(), public)
    # A client pinned to another key refuses the server's answers.
    pinned = JudgeClient(judge.target, table.game.seat_tokens[1].token, timeout=SAFETY_TIMEOUT_S,
                         server_key=forger.public_key)
    with pytest.raises(UntrustedReceipt):
        pinned.get_server_key()
    with pytest.raises(UntrustedReceipt):
        pinned.submit(table.game_id, 1, "reveal_card", card="kettensaege")
    pinned.close()
    honest = client.with_token(table.game.seat_tokens[1].token)
    honest.server_key = public
    assert honest.submit(table.game_id, 1, "reveal_card", card="dolch-des-verrats").receipt.signature


def _line_of(text: bytes, position: int) -> int:
    return text.count(b"\n", 0, position) + 1


@pytest.mark.slow
def test_one_changed_byte_anywhere_is_found_at_its_line(
        record: tuple[Table, list[pb.SubmitResponse], bytes], judge: Judge) -> None:
    _, _, text = record
    public = judge.app.key.public_key
    events = json.loads(text.split(b"\n")[0])["events"]
    rng = random.Random(4)
    positions = sorted(rng.sample(range(len(text)), min(FLIPS, len(text))))
    for position in positions:
        altered = bytearray(text)
        altered[position] = (altered[position] + rng.randint(1, 255)) % 256
        report = verify_record(bytes(altered), public)
        line = _line_of(text, position)
        assert not report.ok, position
        first = report.first
        assert first is not None and first.line == line, (position, line, str(first))
        if 2 <= line <= 1 + events:
            assert first.version == line - 1  # names the first altered event
    assert len(positions) == FLIPS


def test_removed_reordered_and_forged_lines(record: tuple[Table, list[pb.SubmitResponse], bytes],
                                            judge: Judge) -> None:
    _, _, text = record
    public = judge.app.key.public_key
    lines = text.split(b"\n")[:-1]
    # The last event removed (and the header's count fixed): the seal names it.
    header = json.loads(lines[0])
    cut = [json.dumps({**header, "events": 7, "receipts": 7}, ensure_ascii=False,
                      separators=(",", ":")).encode(), *lines[1:8], *lines[9:16], lines[-1]]
    report = verify_record(b"\n".join(cut) + b"\n", public)
    assert not report.ok
    assert any("has 7 (events were added or removed)" in str(p) for p in report.problems), report.problems
    # Two events swapped: the first of them is named.
    swapped = [*lines[:3], lines[4], lines[3], *lines[5:]]
    assert verify_record(b"\n".join(swapped) + b"\n", public).first.line == 4  # type: ignore[union-attr]
    # A receipt re-signed by another key for an altered head is forged.
    receipt = json.loads(lines[10])["receipt"]
    forger = ServerKey.generate()
    fake = forger.receipt(receipt["game_id"], receipt["from_version"], receipt["to_version"], "0" * 64)
    fake_line = json.dumps({"receipt": fake.to_dict()}, ensure_ascii=False, separators=(",", ":")).encode()
    report = verify_record(b"\n".join([*lines[:10], fake_line, *lines[11:]]) + b"\n", public)
    assert report.first is not None and report.first.line == 11 and "forged" in report.first.message
    # A receipt line with the same meaning in other bytes (the signature's last base64 character
    # spelled so it decodes alike, or JSON spacing) is named at its own line, not at the seal.
    signature = receipt["signature"]
    body, pad = signature.rstrip("="), "=" * (len(signature) - len(signature.rstrip("=")))
    alike = next(body[:-1] + c + pad for c in string.ascii_letters + string.digits + "+/" if body[:-1] + c != body
                 and base64.b64decode(body[:-1] + c + pad) == base64.b64decode(signature))
    for respelled in (json.dumps({"receipt": {**receipt, "signature": alike}}, ensure_ascii=False,
                                 separators=(",", ":")).encode(),
                      json.dumps({"receipt": receipt}).encode(),
                      b'{"receipt":' + json.dumps(receipt).encode() + b"}"):
        report = verify_record(b"\n".join([*lines[:10], respelled, *lines[11:]]) + b"\n", public)
        assert report.first is not None and report.first.line == 11, report.problems
        assert report.first.what == "receipt"
    # Verified against the wrong pinned key, even an intact record fails.
    assert not verify_record(text, forger.public_key).ok
    assert Receipt.from_dict(receipt).verify(public)


def test_judge_verify_on_the_command_line(record: tuple[Table, list[pb.SubmitResponse], bytes],
                                          judge: Judge, tmp_path: Path) -> None:
    _, _, text = record
    runner = CliRunner()
    good = tmp_path / "game.jsonl"
    good.write_bytes(text)
    result = runner.invoke(cli_app, ["verify", str(good), "--key", judge.app.key.public_key.hex(), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["ok"] and report["events"] == 8 and report["receipts_valid"] == 8 and report["sealed"]
    position = text.index(b'"kick_door"')  # inside event 3
    bad = tmp_path / "altered.jsonl"
    bad.write_bytes(text[:position + 5] + b"X" + text[position + 6:])
    result = runner.invoke(cli_app, ["verify", str(bad), "--json"])
    assert result.exit_code == 3
    assert "no server key pinned" in result.stderr  # the warning goes to stderr, the JSON to stdout
    report = json.loads(result.stdout)
    assert report["problems"][0]["version"] == 3 and report["problems"][0]["line"] == 4
    result = runner.invoke(cli_app, ["verify", str(bad)])
    assert result.exit_code == 3
    assert "first at line 4 (event version 3)" in result.output


def test_the_stored_chain_links_every_event(client: JudgeClient, judge: Judge) -> None:
    table = open_table(client)
    played(table)
    lines = [json.loads(x) for x in table.organizer.export_game(table.game_id).record.splitlines()]
    events = [x for x in lines[1:] if "version" in x]
    for before, after in zip(events, events[1:]):
        assert after["prev_hash"] == before["hash"]
    assert len({e["salt"] for e in events}) == len(events)


def test_a_receipt_asked_for_again_is_signed_once_and_is_the_same_signature(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The witness's line of a write and the write's answer carry one receipt: it is signed once
    (Ed25519 is deterministic, so the kept one is what signing again would give) and verifies."""
    key = ServerKey.generate()
    signed: list[bytes] = []
    sign = key.sign
    monkeypatch.setattr(key, "sign", lambda message: signed.append(message) or sign(message))
    first = key.receipt("g-1", 3, 5, "ab" * 32)
    again = key.receipt("g-1", 3, 5, "ab" * 32)
    assert again == first and len(signed) == 1 and first.verify(key.public_key)
    other = key.receipt("g-1", 3, 6, "ab" * 32)
    assert len(signed) == 2 and other.verify(key.public_key)
    assert sign(first.message()) == first.signature  # deterministic: the kept signature is the one signing gives
