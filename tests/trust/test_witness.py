"""The witness beside the database: a record cut short or replaced in the
database stops the start, naming the game and the versions, although the
shorter hash chain is still a valid chain.

Issue "The record": "Deleting the newest events of a game from the database
is not detected: the start-up check passes and an acknowledged dispute
vanished."
"""

from __future__ import annotations

import sqlite3
import subprocess
from pathlib import Path

import pytest

from judge_client import JudgeClient
from tests.support.judge_process import JUDGE, START_TIMEOUT_S, start_judge_process

pytestmark = pytest.mark.slow

SEATS = ["Anna:female", "Ben:male", "Cem:male"]


def _played(tmp_path: Path) -> tuple[Path, str, str]:
    """A judge process that stored two games (one with a dispute), stopped cleanly."""
    db = tmp_path / "judge.sqlite3"
    server = start_judge_process(db, tmp_path / "server.log")
    try:
        with JudgeClient(server.target, timeout=30) as client:
            game = client.create_game("munchkin", SEATS)
            other = client.create_game("munchkin", SEATS)
            anna = client.with_token(game.seat_tokens[0].token)
            anna.submit(game.game_id, 0, "kick_door", card="elf")
            anna.submit(game.game_id, 0, "loot_room")
            client.with_token(game.seat_tokens[1].token).open_dispute(game.game_id, 1, 2, "no elf")
    finally:
        assert server.stop() == 0
    return db, game.game_id, other.game_id


def _start(db: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(JUDGE), "serve", "--listen", "127.0.0.1:0", "--db", str(db)],
                          capture_output=True, text=True, timeout=START_TIMEOUT_S)


def _delete(db: Path, game_id: str, from_version: int) -> int:
    with sqlite3.connect(db) as conn:
        [(uid,)] = {(row[0],) for row in conn.execute("SELECT originator_id FROM stored_events")
                    if str(row[0]).replace("-", "") == game_id.replace("-", "")}
        deleted = conn.execute("DELETE FROM stored_events WHERE originator_id = ? AND originator_version >= ?",
                               (uid, from_version)).rowcount
        conn.execute("DELETE FROM stored_snapshots WHERE originator_id = ?", (uid,))
    return int(deleted)


def test_the_newest_events_deleted_stop_the_start_naming_game_and_versions(tmp_path: Path) -> None:
    db, game_id, _ = _played(tmp_path)
    assert _delete(db, game_id, 4) == 1  # the dispute, acknowledged with a receipt, is gone
    result = _start(db)
    assert result.returncode == 2, result.stderr
    assert f"game {game_id}: versions 4 to 4 are missing" in result.stderr and "witness" in result.stderr


def test_judge_check_compares_the_record_with_the_witness(tmp_path: Path) -> None:
    """``judge check`` (with the key beside the database) finds the cut-off tail as the start-up check does."""
    db, game_id, _ = _played(tmp_path)
    check = [str(JUDGE), "check", "--db", str(db)]
    assert subprocess.run(check, capture_output=True, text=True, timeout=START_TIMEOUT_S).returncode == 0
    assert _delete(db, game_id, 4) == 1
    result = subprocess.run(check, capture_output=True, text=True, timeout=START_TIMEOUT_S)
    assert result.returncode == 3, result.stdout + result.stderr
    assert f"game {game_id}: versions 4 to 4 are missing" in " ".join((result.stdout + result.stderr).split())


def test_a_whole_game_deleted_stops_the_start(tmp_path: Path) -> None:
    db, _, other = _played(tmp_path)
    assert _delete(db, other, 1) == 1
    result = _start(db)
    assert result.returncode == 2 and f"game {other}: versions 1 to 1 are missing" in result.stderr


def test_a_forged_witness_line_stops_the_start_and_a_clean_one_keeps_one_line_per_game(tmp_path: Path) -> None:
    db, game_id, other = _played(tmp_path)
    witness = Path(f"{db}.witness")
    lines = witness.read_text().splitlines()
    assert len(lines) >= 4  # one line per append while the judge ran
    server = start_judge_process(db, tmp_path / "server.log")  # a clean start compacts the witness
    server.stop()
    compacted = [line for line in witness.read_text().splitlines() if '"witness":' not in line]  # the heads
    assert len(compacted) == 2 and {game_id, other} == {line.split('"game_id":"')[1][:36] for line in compacted}
    witness.write_text(compacted[0].replace('"to_version":4', '"to_version":9') + "\n" + compacted[1] + "\n")
    result = _start(db)
    assert result.returncode == 2 and "not signed by this judge's key" in result.stderr, result.stderr


def test_a_writes_head_line_is_its_receipt_and_proves_the_head_it_ends_at(tmp_path: Path) -> None:
    """The witness's line of a write is the receipt of the versions the write added (the one its
    answer carries, signed once); the witness reads its end as the game's head, beside the sealed
    ``game`` and ``credentials`` lines, and a compaction keeps that line."""
    import json

    from judge.domain.chain import Receipt, ServerKey
    from judge.store.witness import Witness

    key = ServerKey.generate()
    witness = Witness(tmp_path / "judge.sqlite3.witness", key)
    witness.new_game("g-1")
    witness.saw("g-1", 2, "aa" * 32, 1)
    witness.saw("g-1", 5, "bb" * 32, 3)
    witness.saw_credentials("g-1", 2)
    heads = witness.heads()
    assert (heads["g-1"].version, heads["g-1"].chain_head) == (5, "bb" * 32)
    written = Receipt.from_dict(json.loads(heads["g-1"].line))
    assert written == key.receipt("g-1", 3, 5, "bb" * 32) and written.verify(key.public_key)
    assert witness.games == {"g-1"} and witness.credentials == {"g-1": 2}
    witness.compact(heads)
    witness.close()
    again = Witness(tmp_path / "judge.sqlite3.witness", key, write=False)
    assert again.heads()["g-1"] == heads["g-1"] and again.credentials == {"g-1": 2}
