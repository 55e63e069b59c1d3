"""Start-up's quick check from a verified checkpoint (judge/app/checkpoint.py,
docs/architecture.md "Start-up checks").

After a passing start-up check the judge stores, under a MAC derived from the
server key, the position it checked up to and every aggregate's head there.
The next quick check verifies the part up to the checkpoint in bulk (versions
1 .. n, nothing added or removed, the heads' bytes unchanged) and decodes only
the events stored after it; without a checkpoint it decodes everything.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from judge.app.checkpoint import TABLE
from judge.rules.engine import ORGANIZER, Action, Command, GameSetup, SeatSetup
from judge.server.main import StartupError, open_app

SETUP = GameSetup(ruleset="munchkin", variants=(), mode="reported", options={},
                  seats=(SeatSetup("Anna", {"sex": "female"}), SeatSetup("Ben", {"sex": "male"}),
                         SeatSetup("Cem", {"sex": "male"})))
VERSIONS = 6


def adjustment(level: int) -> Command:
    return Command(None, Action.from_dict({"kind": "record_adjustment", "reason": "Stufe", "target_seat": 0,
                                           "set_level": level}, "munchkin"))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "judge.sqlite3"


def play(db: Path) -> str:
    """A game of ``VERSIONS`` events, then a start that checks it and makes the checkpoint."""
    app = open_app(db, init=True)
    try:
        game_id = app.create_game(SETUP).game_id
        for i in range(VERSIONS - 1):
            app.submit(game_id, f"adj-{i}", adjustment(2 + i), None, ORGANIZER)
    finally:
        app.close()
    open_app(db).close()  # checks the game and writes the checkpoint
    return game_id


def hex_id(game_id: str) -> str:
    return game_id.replace("-", "")


def row(db: Path, game_id: str, version: int) -> tuple[int, bytes]:
    with sqlite3.connect(db) as conn:
        rowid, state = conn.execute("SELECT rowid, state FROM stored_events WHERE originator_id = ? AND "
                                    "originator_version = ?", (hex_id(game_id), version)).fetchone()
    return int(rowid), bytes(state)


def alter(db: Path, game_id: str, version: int) -> None:
    """Change a stored event's content in place (its recorded hash left as it was)."""
    rowid, state = row(db, game_id, version)
    changed = state.replace(f'"set_level":{version}'.encode(), f'"set_level":{version + 1}'.encode())
    assert changed != state
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE stored_events SET state = ? WHERE rowid = ?", (changed, rowid))


def quick_check(db: Path) -> dict[str, int]:
    app = open_app(db, startup_check="none")
    try:
        return app.check_integrity(replay=False, checkpoint=True)
    finally:
        app.close()


def test_the_quick_check_decodes_only_what_was_stored_after_the_checkpoint(db: Path) -> None:
    game_id = play(db)
    stats = quick_check(db)
    assert stats["events"] == 0 and stats["checkpointed"] == VERSIONS + 1  # the game and its credentials
    assert stats["games"] == 1
    app = open_app(db)
    try:
        app.submit(game_id, "later", adjustment(3), None, ORGANIZER)
    finally:
        app.close()
    stats = quick_check(db)
    assert stats["events"] == 1 and stats["checkpointed"] == VERSIONS + 1


def test_a_tampered_head_before_the_checkpoint_stops_the_start(db: Path) -> None:
    game_id = play(db)
    alter(db, game_id, VERSIONS)
    with pytest.raises(StartupError, match=f"game {game_id} version {VERSIONS}: the stored event was altered "
                                           "since the checkpoint"):
        open_app(db)


def test_an_event_appended_behind_the_judges_back_after_the_checkpoint_stops_the_start(db: Path) -> None:
    game_id = play(db)
    _, state = row(db, game_id, VERSIONS)
    with sqlite3.connect(db) as conn:
        topic = conn.execute("SELECT topic FROM stored_events WHERE originator_id = ? AND originator_version = ?",
                             (hex_id(game_id), VERSIONS)).fetchone()[0]
        conn.execute("INSERT INTO stored_events (originator_id, originator_version, topic, state) "
                     "VALUES (?, ?, ?, ?)", (hex_id(game_id), VERSIONS + 1, topic,
                                             state.replace(b'"originator_version":%d' % VERSIONS,
                                                           b'"originator_version":%d' % (VERSIONS + 1))))
    with pytest.raises(StartupError, match=f"game {game_id} version {VERSIONS + 1}: the hash chain is broken"):
        open_app(db)


def test_a_forged_checkpoint_stops_the_start(db: Path) -> None:
    """A checkpoint moved on (to vouch for a changed head) without the server key does not verify."""
    game_id = play(db)
    alter(db, game_id, VERSIONS)
    _, state = row(db, game_id, VERSIONS)
    import hashlib

    with sqlite3.connect(db) as conn:
        body = json.loads(conn.execute(f"SELECT body FROM {TABLE}").fetchone()[0])
        body["heads"][hex_id(game_id)][2] = hashlib.sha256(state).hexdigest()
        conn.execute(f"UPDATE {TABLE} SET body = ?", (json.dumps(body),))
    with pytest.raises(StartupError, match="the checkpoint's MAC does not hold with the server key"):
        open_app(db)


def test_a_gap_in_the_versions_before_the_checkpoint_stops_the_start(db: Path) -> None:
    game_id = play(db)
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM stored_events WHERE originator_id = ? AND originator_version = 3",
                     (hex_id(game_id),))
    with pytest.raises(StartupError, match=f"game {game_id} version 3: the event is missing"):
        open_app(db)


def test_a_game_cut_short_before_the_checkpoint_stops_the_start(db: Path) -> None:
    game_id = play(db)
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM stored_events WHERE originator_id = ? AND originator_version = ?",
                     (hex_id(game_id), VERSIONS))
    with pytest.raises(StartupError, match=f"game {game_id}: versions {VERSIONS} to {VERSIONS} are missing"):
        open_app(db)


def test_without_a_checkpoint_the_quick_check_decodes_every_event(db: Path) -> None:
    """The fallback: with the checkpoint removed, an event altered in the middle of a game is found
    again by the quick check; with the checkpoint it is left to the full check (``judge check``)."""
    game_id = play(db)
    alter(db, game_id, 3)
    open_app(db).close()  # the checkpoint does not read the middle of the game
    app = open_app(db, startup_check="none")
    try:
        from judge.common.errors import CorruptRecord

        with pytest.raises(CorruptRecord, match=f"game {game_id} version 3: the stored event was altered"):
            app.check_integrity(replay=True)
        app.checkpoint_store().remove()  # type: ignore[union-attr]
    finally:
        app.close()
    with pytest.raises(StartupError, match=f"game {game_id} version 3: the stored event was altered"):
        open_app(db)


def test_witness_lines_vouched_for_by_the_checkpoint_are_verified_again_once_changed(db: Path) -> None:
    """The checkpoint spares verifying the witness lines it saw verified, only while they are unchanged."""
    play(db)
    witness = Path(f"{db}.witness")
    assert quick_check(db)["checkpointed"] > 0  # the witness as compacted is vouched for
    line = json.loads(witness.read_text().splitlines()[0])
    line["chain_head"] = "0" * 64
    witness.write_text(json.dumps(line, separators=(",", ":"), sort_keys=True) + "\n")
    with pytest.raises(StartupError, match="line 1 is not signed by this judge's key"):
        open_app(db)


def test_a_clean_shutdown_checks_what_was_stored_since_and_moves_the_checkpoint(db: Path) -> None:
    """Also: credentials rotated after the checkpoint are read whole again and hold."""
    from judge.server.main import checkpoint_at_shutdown

    game_id = play(db)
    app = open_app(db)
    try:
        app.submit(game_id, "later", adjustment(3), None, ORGANIZER)
        app.rotate_token(game_id, "spectator", None, ORGANIZER)
        stats = app.check_integrity(replay=False, checkpoint=True)
        assert stats["events"] == 2 and stats["credentials"] == 1
        checkpoint_at_shutdown(app)
    finally:
        app.close()
    stats = quick_check(db)
    assert stats["events"] == 0 and stats["checkpointed"] == VERSIONS + 1 + 2


def test_a_problem_found_at_shutdown_leaves_the_checkpoint_as_it_was(db: Path) -> None:
    from judge.server.main import checkpoint_at_shutdown

    game_id = play(db)
    with sqlite3.connect(db) as conn:
        before = conn.execute(f"SELECT body FROM {TABLE}").fetchone()[0]
    app = open_app(db)
    try:
        app.submit(game_id, "later", adjustment(3), None, ORGANIZER)
        rowid, state = row(db, game_id, VERSIONS + 1)
        with sqlite3.connect(db) as conn:
            conn.execute("UPDATE stored_events SET state = ? WHERE rowid = ?",
                         (state.replace(b'"set_level":3', b'"set_level":4'), rowid))
        checkpoint_at_shutdown(app)
    finally:
        app.close()
    with sqlite3.connect(db) as conn:
        assert conn.execute(f"SELECT body FROM {TABLE}").fetchone()[0] == before
    with pytest.raises(StartupError, match=f"game {game_id} version {VERSIONS + 1}: the stored event was altered"):
        open_app(db)
