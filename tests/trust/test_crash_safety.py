"""Crash safety against a real judge process: SIGKILL at random moments
while clients write, restart on the same file, and check that every
acknowledged command is there, that nothing half-written is visible, and
that every game replays; a damaged database refuses to start, naming the
game and the version (also with ``--startup-check quick``), and the server's
key and admin token files are private.

DESIGN "Trust": "an accepted action is on disk before it is acknowledged".
SQLite runs in WAL mode with ``synchronous=FULL`` (judge/domain/persistence.py);
the SIGKILL test runs on PostgreSQL too (a committed transaction is the
database's to keep).
"""

from __future__ import annotations

import json
import random
import sqlite3
import stat
import subprocess
import threading
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import pytest

from judge.app import JudgeApp
from judge.errors import CorruptRecord
from judge.record import verify_record
from judge.rules.engine import ORGANIZER, Command, GameSetup, SeatSetup
from judge.rulesets.munchkin import actions as A
from judge.server.main import StartupError, open_app
from judge.storage import Storage, migrate
from judge_client import JudgeClient, JudgeRpcError
from tests.support.judge_process import JUDGE, START_TIMEOUT_S, JudgeProcess, start_judge_process

KILLS = 5
SEED = 1234
GAMES = 3
WRITERS_PER_GAME = 2
CALL_TIMEOUT_S = 30.0


def start(db: Path, log: Path, storage: Storage | None = None) -> JudgeProcess:
    """``judge serve`` on ``db`` (or ``storage``) without a rate limit (the
    writers are fast); the full start-up check on either backend."""
    return start_judge_process(db, log, "--rate-limit", "0", "--startup-check", "full", storage=storage)


def refused_start(db: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(JUDGE), "serve", "--listen", "127.0.0.1:0", "--db", str(db)],
                          capture_output=True, text=True, timeout=START_TIMEOUT_S)


@dataclass
class Ledger:
    """What the clients were told: acknowledged command ids with their
    version, and the commands sent without an answer (in flight at a kill)."""

    acked: dict[tuple[str, str], int] = field(default_factory=dict)
    in_flight: dict[tuple[str, str], dict[str, object]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    # The moment to kill, counted in acknowledgements rather than on a clock: ``reached`` is set
    # once ``kill_at`` commands are acknowledged.
    kill_at: int = 0
    reached: threading.Event = field(default_factory=threading.Event)


def writer(target: str, game: str, token: str, name: str, rng: random.Random, ledger: Ledger,
           stop: threading.Event) -> None:
    """Records adjustments (the organizer's, always legal) until the server dies."""
    with JudgeClient(target, token, timeout=CALL_TIMEOUT_S) as client:
        n = 0
        while not stop.is_set():
            n += 1
            cid = f"{name}-{n}"
            fields = {"reason": f"{name} {n}", "target_seat": rng.randrange(3), "set_level": rng.randint(1, 9)}
            with ledger.lock:
                ledger.in_flight[(game, cid)] = fields
            try:
                result = client.submit(game, 0, "record_adjustment", command_id=cid, **fields)
            except JudgeRpcError as e:
                if e.code in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED,
                              grpc.StatusCode.CANCELLED, grpc.StatusCode.UNKNOWN):
                    return  # the server is gone: this one stays in flight
                raise
            with ledger.lock:
                del ledger.in_flight[(game, cid)]
                ledger.acked[(game, cid)] = result.version
                if len(ledger.acked) >= ledger.kill_at:
                    ledger.reached.set()


def check(target: str, games: dict[str, str], ledger: Ledger) -> tuple[int, int]:
    """After a restart: every acknowledged command is stored at its version,
    in-flight ones were stored whole or not at all, every game replays.
    Returns how many acknowledged and how many in-flight commands were checked."""
    checked = in_flight = 0
    for game, organizer in games.items():
        with JudgeClient(target, organizer, timeout=CALL_TIMEOUT_S) as org:
            steps = list(org.replay(game))
            assert [s.event.version for s in steps] == list(range(1, len(steps) + 1))
            stored = {s.event.command_id: s.event.version for s in steps[1:]}
            assert len(stored) == len(steps) - 1  # no command twice
            for (g, cid), version in ledger.acked.items():
                if g == game:
                    assert stored.get(cid) == version, (cid, version, stored.get(cid))
                    checked += 1
            # In flight at the kill: stored whole (a retry is a duplicate at
            # that version) or not at all (a retry records it now).
            for (g, cid), fields in list(ledger.in_flight.items()):
                if g != game:
                    continue
                retry = org.submit(game, 0, "record_adjustment", command_id=cid, **fields)  # type: ignore[arg-type]
                assert retry.duplicate == (cid in stored)
                if cid in stored:
                    assert retry.version == stored[cid]
                ledger.acked[(g, cid)] = retry.version
                del ledger.in_flight[(g, cid)]
                in_flight += 1
            assert org.audit(game).clean
            assert verify_record(org.export_game(game).record, bytes(org.get_server_key().public_key)).ok
    return checked, in_flight


def test_acknowledged_commands_survive_sigkill_at_random_moments(tmp_path: Path, storage: Storage) -> None:
    """On each backend (on PostgreSQL the judge keeps its key and token
    files beside ``db``)."""
    rng = random.Random(SEED)
    db, log = tmp_path / "judge.sqlite3", tmp_path / "judge.log"
    migrate(storage)
    server = start(db, log, storage)
    with JudgeClient(server.target, timeout=CALL_TIMEOUT_S) as client:
        created = [client.create_game("munchkin", ["A:male", "B:female", "C:male"]) for _ in range(GAMES)]
    games = {g.game_id: g.organizer_token for g in created}
    ledger = Ledger()
    checked_after_each_kill, in_flight_after_each_kill = [], []
    try:
        for kill in range(KILLS):
            stop = threading.Event()
            # Kill after 10 more acknowledgements and a random number more: a random moment of
            # the writing, counted in commands, never in seconds.
            before = len(ledger.acked)
            ledger.kill_at = before + 10 + rng.randrange(40)
            ledger.reached.clear()
            threads = [
                threading.Thread(target=writer, args=(server.target, game, token, f"k{kill}w{w}",
                                                      random.Random(rng.random()), ledger, stop))
                for game, token in games.items() for w in range(WRITERS_PER_GAME)]
            for t in threads:
                t.start()
            assert ledger.reached.wait(CALL_TIMEOUT_S * 4)  # a safety net, not a measurement
            server.kill()  # SIGKILL: no shutdown code runs, while the writers are mid-call
            stop.set()
            for t in threads:
                t.join(CALL_TIMEOUT_S * 2)
            assert not any(t.is_alive() for t in threads)  # nobody writes while the ledger is checked
            assert len(ledger.acked) >= before + 10
            server = start(db, log, storage)  # the full start-up check runs on the killed record
            checked, in_flight = check(server.target, games, ledger)
            checked_after_each_kill.append(checked)
            in_flight_after_each_kill.append(in_flight)
    finally:
        server.kill()
    assert len(checked_after_each_kill) == KILLS
    assert all(n >= 10 for n in checked_after_each_kill)
    # Six writers were mid-call at the kills: the in-flight branch of ``check`` ran.
    assert sum(in_flight_after_each_kill) > 0, in_flight_after_each_kill
    print(f"kills survived: {KILLS}; acknowledged commands checked after each kill: {checked_after_each_kill}; "
          f"in flight: {in_flight_after_each_kill}")


def test_the_kill_moment_is_counted_in_acknowledgements_not_on_a_clock() -> None:
    """The crash test picks its kill moment by counting acknowledged commands: no sleep, no
    clock reading decides when the server dies (a slow machine must not change what is tested)."""
    import inspect

    source = "".join(inspect.getsource(f) for f in (
        test_acknowledged_commands_survive_sigkill_at_random_moments, writer, check, Ledger))
    assert "ledger.reached.wait(" in source
    for clock in ("sleep(", "monotonic(", "time.time(", "perf_counter("):
        assert clock not in source, clock


# --------------------------------------------------------------------------- damaged files


@pytest.fixture
def stored_game(tmp_path: Path) -> tuple[Path, str]:
    """A database with one game of a few events, cleanly closed (written by
    the application directly: what is tested is the start on it)."""
    db = tmp_path / "judge.sqlite3"
    app = JudgeApp(JudgeApp.sqlite(db))
    try:
        game = app.create_game(GameSetup("munchkin", (), (SeatSetup("A", {"sex": "male"}), SeatSetup("B", {"sex": "female"}),
                                                         SeatSetup("C", {"sex": "male"})), {}, "reported"))
        anna = app.authenticate(game.game_id, game.seat_tokens[0])
        for n, action in enumerate([A.RevealCard(card="kettensaege"), A.KickDoor(card="elf"), A.LootRoom()]):
            app.submit(game.game_id, f"c{n}", Command(0, action), None, anna)
        assert app.view(game.game_id, ORGANIZER)["version"] == 4
    finally:
        app.close()
    return db, game.game_id


def _update(db: Path, version: int, state: bytes, game_id: str) -> None:
    with sqlite3.connect(db) as conn:
        changed = conn.execute(
            "UPDATE stored_events SET state = ? WHERE originator_version = ? AND topic LIKE '%CommandAccepted' ",
            (state, version)).rowcount
        assert changed == 1


def _state(db: Path, version: int) -> bytes:
    with sqlite3.connect(db) as conn:
        [(state,)] = conn.execute("SELECT state FROM stored_events WHERE originator_version = ? AND topic "
                                  "LIKE '%CommandAccepted'", (version,)).fetchall()
    return bytes(state)


def test_an_altered_event_refuses_the_start_naming_game_and_version(stored_game: tuple[Path, str]) -> None:
    db, game_id = stored_game
    state = _state(db, 3)
    assert b"elf" in state
    _update(db, 3, state.replace(b'"elf"', b'"zwerg"'), game_id)  # decodes fine, different content
    result = refused_start(db)
    assert result.returncode == 2
    assert f"game {game_id} version 3" in result.stderr and "altered" in result.stderr


def test_an_event_that_no_longer_decodes_refuses_the_start(stored_game: tuple[Path, str]) -> None:
    db, game_id = stored_game
    _update(db, 4, b'{"broken": ', game_id)
    result = refused_start(db)
    assert result.returncode == 2
    assert f"game {game_id} version 4" in result.stderr and "does not decode" in result.stderr


def test_a_missing_event_refuses_the_start(stored_game: tuple[Path, str]) -> None:
    db, game_id = stored_game
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM stored_events WHERE originator_version = 3 AND topic LIKE '%CommandAccepted'")
    result = refused_start(db)
    assert result.returncode == 2 and f"game {game_id} version 4" in result.stderr


def test_a_truncated_database_file_refuses_the_start(stored_game: tuple[Path, str]) -> None:
    db, _ = stored_game
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2])
    result = refused_start(db)
    assert result.returncode == 2, result.stderr
    assert "does not start" in result.stderr and str(db.name) in result.stderr
    assert "judge listening" not in result.stdout


def test_json_of_a_damaged_record_is_never_served(stored_game: tuple[Path, str]) -> None:
    """With the check skipped, the altered event still fails loudly when the
    game is loaded: the aggregate checks each event's hash as it applies it."""
    db, game_id = stored_game
    _update(db, 3, _state(db, 3).replace(b'"elf"', b'"zwerg"'), game_id)
    app = JudgeApp({**JudgeApp.sqlite(db), "IS_SNAPSHOTTING_ENABLED": "n"})
    try:
        with pytest.raises(CorruptRecord, match=f"game {game_id} version 3"):
            app.view(game_id, ORGANIZER)
    finally:
        app.close()
    assert json.loads(_state(db, 3))  # the file itself is readable


def test_the_quick_check_also_refuses_an_altered_event_and_none_still_never_serves_it(
        stored_game: tuple[Path, str]) -> None:
    """``--startup-check quick`` skips the replay but checks the hash chains;
    ``none`` starts, and the game still fails loudly when it is loaded."""
    db, game_id = stored_game
    _update(db, 3, _state(db, 3).replace(b'"elf"', b'"zwerg"'), game_id)
    with pytest.raises(StartupError, match=f"game {game_id} version 3"):
        open_app(db, startup_check="quick")
    app = open_app(db, startup_check="none")
    try:
        with pytest.raises(CorruptRecord, match=f"game {game_id} version 3"):
            app.view(game_id, ORGANIZER)
    finally:
        app.close()


def test_the_key_and_admin_token_files_are_private_and_readable_ones_are_refused(tmp_path: Path) -> None:
    """Both are created with mode 0600 at the first start; a file others may
    read stops the start, naming the file."""
    db = tmp_path / "judge.sqlite3"
    key, token = Path(f"{db}.key"), Path(f"{db}.admin-token")
    open_app(db).close()
    assert stat.S_IMODE(key.stat().st_mode) == 0o600 and stat.S_IMODE(token.stat().st_mode) == 0o600
    open_app(db).close()  # the same files start the judge again
    for file in (key, token):
        file.chmod(0o640)
        with pytest.raises(StartupError, match=f"{file} may be read by others"):
            open_app(db)
        file.chmod(0o600)
