"""clients/record_verifier/verify_record.py, the verifier written from
docs/record-format.md alone (standard library and ``cryptography``, none of
the judge's code), gives the same verdict as ``judge.record.verify_record`` on
the same exported records, intact and tampered, and names the same first line."""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from judge.domain.chain import ServerKey
from judge.record import verify_record
from judge_client import JudgeClient
from tests.server.support import Judge, Table
from tests.trust.test_tamper_evidence import played

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "clients" / "record_verifier" / "verify_record.py"
FLIPS = 400
"""Byte positions of the record changed one at a time (seeded)."""


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("independent_verify_record", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


independent = _load()


@pytest.fixture
def exported(table: Table) -> bytes:
    played(table)
    return table.organizer.export_game(table.game_id).record.encode()


def _same_verdict(data: bytes, key: bytes | None) -> None:
    ours, theirs = verify_record(data, key), independent.verify(data, key)
    assert ours.ok == theirs.ok, ([str(p) for p in ours.problems], [str(p) for p in theirs.problems])
    if not ours.ok:
        assert ours.first is not None and theirs.first is not None
        assert ours.first.line == theirs.first.line, (str(ours.first), str(theirs.first))


def test_the_verifier_uses_none_of_the_judges_code() -> None:
    tree = ast.parse(SCRIPT.read_text(encoding="utf-8"))
    roots = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
             for alias in node.names}
    roots |= {node.module.split(".")[0] for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom) and node.module}
    assert roots - set(sys.stdlib_module_names) == {"cryptography"}


def test_an_intact_export_passes_both(exported: bytes, judge: Judge) -> None:
    public = judge.app.key.public_key
    report = independent.verify(exported, public)
    assert report.ok and report.events == 8 and report.receipts == 8
    _same_verdict(exported, public)
    _same_verdict(exported, None)


def test_changed_bytes_get_the_same_verdict_and_line(exported: bytes, judge: Judge) -> None:
    public = judge.app.key.public_key
    rng = random.Random(16)
    for position in sorted(rng.sample(range(len(exported)), FLIPS)):
        altered = bytearray(exported)
        altered[position] = (altered[position] + rng.randint(1, 255)) % 256
        assert not independent.verify(bytes(altered), public).ok, position
        _same_verdict(bytes(altered), public)


def test_removed_swapped_duplicated_and_forged_lines(exported: bytes, judge: Judge) -> None:
    public = judge.app.key.public_key
    lines = exported.split(b"\n")[:-1]  # header, 8 events, 8 receipts, seal

    def joined(parts: list[bytes]) -> bytes:
        return b"\n".join(parts) + b"\n"

    header = json.loads(lines[0])
    recounted = json.dumps({**header, "events": 7, "receipts": 7}, ensure_ascii=False,
                           separators=(",", ":")).encode()
    forger = ServerKey.generate()
    receipt = json.loads(lines[10])["receipt"]
    fake = forger.receipt(receipt["game_id"], receipt["from_version"], receipt["to_version"], "0" * 64)
    fake_line = json.dumps({"receipt": fake.to_dict()}, ensure_ascii=False, separators=(",", ":")).encode()
    cases = {
        "last event removed": [recounted, *lines[1:8], *lines[9:16], lines[-1]],
        "two events swapped": [*lines[:3], lines[4], lines[3], *lines[5:]],
        "an event duplicated": [*lines[:4], lines[3], *lines[4:]],
        "a receipt deleted": [*lines[:11], *lines[12:]],
        "two receipts swapped": [*lines[:10], lines[11], lines[10], *lines[12:]],
        "a receipt duplicated": [*lines[:11], lines[10], *lines[11:]],
        "a forged receipt": [*lines[:10], fake_line, *lines[11:]],
        "the seal removed": lines[:-1],
        "a line after the seal": [*lines, lines[10]],
        "keys of an event respaced": [*lines[:2], json.dumps(json.loads(lines[2])).encode(), *lines[3:]],
    }
    cases["the last receipt deleted"] = [*lines[:16], lines[-1]]
    for name, parts in cases.items():
        data = joined(parts)
        assert not independent.verify(data, public).ok, name
        _same_verdict(data, public)
    # A receipt removed, moved or repeated is named at its own line (lines 10-17 held the
    # receipts of versions 1-8, line 18 the seal), not past the end.
    for name, line in (("a receipt deleted", 12), ("two receipts swapped", 11), ("a receipt duplicated", 12),
                       ("the last receipt deleted", 17)):
        first = verify_record(joined(cases[name]), public).first
        assert first is not None and first.line == line, (name, str(first))
    # Re-signed with another key named in the header: only a pinned key finds it.
    assert not independent.verify(exported, forger.public_key).ok
    _same_verdict(exported, forger.public_key)


def test_the_script_on_the_command_line(exported: bytes, judge: Judge, tmp_path: Path) -> None:
    """Run as a program in an isolated interpreter: exit 0 intact, 3 altered,
    and a warning when no key is pinned."""
    good, bad = tmp_path / "game.jsonl", tmp_path / "altered.jsonl"
    good.write_bytes(exported)
    position = exported.index(b'"kick_door"')  # inside event 3, line 4
    bad.write_bytes(exported[:position + 5] + b"X" + exported[position + 6:])
    key = judge.app.key.public_key.hex()

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-I", str(SCRIPT), *args], capture_output=True, text=True,
                              timeout=120, cwd=tmp_path)

    intact = run(str(good), "--key", key)
    assert intact.returncode == 0 and intact.stdout.startswith("intact: 8 events"), intact.stderr
    assert "no key pinned" not in intact.stderr
    altered = run(str(bad), "--key", key)
    assert altered.returncode == 3 and altered.stdout.startswith("line 4:")
    assert "no key pinned" in run(str(good)).stderr


def test_judge_verify_warns_without_a_pinned_key(exported: bytes, judge: Judge, tmp_path: Path) -> None:
    """A record re-signed by another key that its header names passes the
    chain, receipt and seal checks against that key: ``judge verify`` says so
    when no key is pinned, and finds it once the server's key is pinned."""
    from typer.testing import CliRunner

    from judge_client.cli import app as cli_app

    forger = ServerKey.generate()
    lines = exported.split(b"\n")[:-1]
    header = json.loads(lines[0])
    header["server_key"] = {**header["server_key"], "public_key": forger.public_key.hex(),
                            "key_id": forger.key_id}
    resigned = _resign(lines, header, forger)
    path = tmp_path / "resigned.jsonl"
    path.write_bytes(resigned)
    runner = CliRunner()
    unpinned = runner.invoke(cli_app, ["verify", str(path)])
    assert unpinned.exit_code == 0, unpinned.output  # intact as far as the named key tells
    assert "no server key pinned" in unpinned.output
    assert independent.verify(resigned, None).ok
    pinned = runner.invoke(cli_app, ["verify", str(path), "--key", judge.app.key.public_key.hex()])
    assert pinned.exit_code == 3 and "no server key pinned" not in pinned.output
    assert not independent.verify(resigned, judge.app.key.public_key).ok
    _same_verdict(resigned, judge.app.key.public_key)


def _resign(lines: list[bytes], header: dict[str, object], key: ServerKey) -> bytes:
    """The record with its header replaced and every receipt and the seal signed by ``key``."""
    def dumps(obj: object) -> bytes:
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode()

    events = int(header["events"])  # type: ignore[call-overload]
    event_lines = lines[1:1 + events]
    receipts = []
    for line in lines[1 + events:-1]:
        r = json.loads(line)["receipt"]
        receipts.append(dumps({"receipt": key.receipt(r["game_id"], r["from_version"], r["to_version"],
                                                      r["chain_head"]).to_dict()}))
    header_line = dumps(header)
    seal = json.loads(lines[-1])["seal"]
    body = {"header_sha256": hashlib.sha256(header_line).hexdigest(), "chain_head": seal["chain_head"],
            "events": seal["events"], "receipts_sha256": hashlib.sha256(b"\n".join(receipts)).hexdigest()}
    return b"\n".join([header_line, *event_lines, *receipts, dumps({"seal": key.seal(body)})]) + b"\n"


def test_judge_verify_tells_a_running_dealt_game_from_an_altered_record(
        client: JudgeClient, judge: Judge, tmp_path: Path) -> None:
    """A dealt game still running (its seed not revealed; docs/record-format.md,
    "Chance at a dealt table"): intact, exit status 4; the same record altered: 3."""
    from typer.testing import CliRunner

    from judge_client.cli import app as cli_app

    game = client.create_game("munchkin", ["Anna:female", "Ben:male", "Cem:male"], mode="dealt")
    organizer = client.with_token(game.organizer_token)
    text = organizer.export_game(game.game_id).record.encode()
    key = judge.app.key.public_key.hex()
    good, bad = tmp_path / "dealt.jsonl", tmp_path / "dealt-altered.jsonl"
    good.write_bytes(text)
    position = text.index(b'"DealStarted"')
    bad.write_bytes(text[:position + 2] + b"X" + text[position + 3:])
    runner = CliRunner()
    running = runner.invoke(cli_app, ["verify", str(good), "--key", key, "--json"])
    assert running.exit_code == 4, running.output
    assert json.loads(running.output)["seed_pending"] is True
    altered = runner.invoke(cli_app, ["verify", str(bad), "--key", key, "--json"])
    assert altered.exit_code == 3, altered.output
    assert json.loads(altered.output)["seed_pending"] is False
    assert independent.verify(text, judge.app.key.public_key).ok
    _same_verdict(bad.read_bytes(), judge.app.key.public_key)
