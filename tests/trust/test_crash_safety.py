"""Crash safety against a real judge process: SIGKILL at random moments
while clients write, import records and resolve disputes, restart on the
same file, and check that every acknowledged command, import and resolution
is there, that nothing half-written is visible or stored twice, and that
every game replays; a damaged database refuses to start, naming the
game and the version (also with ``--startup-check quick``), and the server's
key and admin token files are private.

DESIGN "Trust": "an accepted action is on disk before it is acknowledged".
SQLite runs in WAL mode with ``synchronous=FULL`` (judge/domain/persistence.py);
the SIGKILL test runs on PostgreSQL too (a committed transaction is the
database's to keep).
"""

from __future__ import annotations

import json
import logging
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
from judge.common.errors import CorruptRecord
from judge.record import verify_record
from judge.rules.engine import ORGANIZER, Command, GameSetup, SeatSetup
from judge.rulesets.munchkin import actions as A
from judge.server.main import StartupError, open_app
from judge.store import Storage
from judge.app.compose import migrate
from judge_client import JudgeClient, JudgeRpcError
from tests.support.judge_process import JUDGE, START_TIMEOUT_S, JudgeProcess, start_judge_process

KILLS = 20
SEED = 1234
GAMES = 3
WRITERS_PER_GAME = 2
CALL_TIMEOUT_S = 30.0
PER_ROUND = 3
"""Imports, and dispute cycles (an adjustment, a dispute about it, its resolution), per kill round."""
KILL_MOMENTS = ("command", "import", "resolve")
"""What the kill of each round is counted in, in turn: acknowledged commands, or the import or
resolution requests sent (the kill then lands while one is being stored)."""
GONE = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.CANCELLED,
        grpc.StatusCode.UNKNOWN)


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
    version, imports with their game, resolutions with their version, and
    what was sent without an answer (in flight at a kill)."""

    acked: dict[tuple[str, str], int] = field(default_factory=dict)
    in_flight: dict[tuple[str, str], dict[str, object]] = field(default_factory=dict)
    imports: dict[str, str] = field(default_factory=dict)  # request id -> imported game
    imports_in_flight: set[str] = field(default_factory=set)
    opened: dict[int, int] = field(default_factory=dict)  # dispute id -> disputed version
    resolved: dict[str, tuple[int, int]] = field(default_factory=dict)  # request id -> (dispute, version)
    resolves_in_flight: dict[str, tuple[int, str]] = field(default_factory=dict)  # request id -> (dispute, note)
    lock: threading.Lock = field(default_factory=threading.Lock)
    # The moment to kill, counted in acknowledgements (or requests sent) rather than on a clock:
    # ``reached`` is set once ``kill_at`` of ``kill_moment`` are counted in this round.
    kill_moment: str = "command"
    kill_at: int = 0
    counted: dict[str, int] = field(default_factory=dict)
    reached: threading.Event = field(default_factory=threading.Event)

    def count(self, moment: str, total: int | None = None) -> None:
        """Count one ``moment`` of this round (or set its count to ``total``); under ``lock``."""
        self.counted[moment] = total if total is not None else self.counted.get(moment, 0) + 1
        if moment == self.kill_moment and self.counted[moment] >= self.kill_at:
            self.reached.set()


def adjust(client: JudgeClient, game: str, cid: str, fields: dict[str, object], ledger: Ledger) -> int | None:
    """Record one adjustment (the organizer's, always legal) through the
    ledger; its version, or None when the server is gone."""
    with ledger.lock:
        ledger.in_flight[(game, cid)] = fields
    try:
        result = client.submit(game, 0, "record_adjustment", command_id=cid, **fields)  # type: ignore[arg-type]
    except JudgeRpcError as e:
        if e.code in GONE:
            return None  # this one stays in flight
        raise
    with ledger.lock:
        del ledger.in_flight[(game, cid)]
        ledger.acked[(game, cid)] = result.version
        ledger.count("command", len(ledger.acked))
    return int(result.version)


def writer(target: str, game: str, token: str, name: str, rng: random.Random, ledger: Ledger,
           stop: threading.Event) -> None:
    """Records adjustments until the server dies."""
    with JudgeClient(target, token, timeout=CALL_TIMEOUT_S) as client:
        n = 0
        while not stop.is_set():
            n += 1
            fields = {"reason": f"{name} {n}", "target_seat": rng.randrange(3), "set_level": rng.randint(1, 9)}
            if adjust(client, game, f"{name}-{n}", fields, ledger) is None:
                return


def importer(target: str, admin_token: str, record: str, name: str, ledger: Ledger, stop: threading.Event) -> None:
    """Imports ``record`` ``PER_ROUND`` times, each with its own request id."""
    with JudgeClient(target, admin_token, timeout=CALL_TIMEOUT_S) as admin:
        for n in range(1, PER_ROUND + 1):
            if stop.is_set():
                return
            request_id = f"{name}-{n}"
            with ledger.lock:
                ledger.imports_in_flight.add(request_id)
                ledger.count("import")
            try:
                result = admin.import_game(record, request_id=request_id)
            except JudgeRpcError as e:
                if e.code in GONE:
                    return
                raise
            with ledger.lock:
                ledger.imports_in_flight.discard(request_id)
                ledger.imports[request_id] = result.game.game_id


def resolver(target: str, game: str, organizer: str, seat_token: str, name: str, ledger: Ledger,
             stop: threading.Event) -> None:
    """``PER_ROUND`` times: an adjustment, seat 1's dispute about it, and its dismissal."""
    with JudgeClient(target, organizer, timeout=CALL_TIMEOUT_S) as org, \
            JudgeClient(target, seat_token, timeout=CALL_TIMEOUT_S) as seat:
        for n in range(1, PER_ROUND + 1):
            if stop.is_set():
                return
            version = adjust(org, game, f"{name}-a{n}", {"reason": f"{name} {n}", "target_seat": 1,
                                                         "set_level": 2}, ledger)
            if version is None:
                return
            request_id, note = f"{name}-{n}", f"dismissed {name} {n}"
            try:
                opened = seat.open_dispute(game, 1, version, f"{name} {n}")
                dispute = int(opened.dispute.dispute_id)
                with ledger.lock:
                    ledger.opened[dispute] = version
                    ledger.resolves_in_flight[request_id] = (dispute, note)
                    ledger.count("resolve")
                resolved = org.resolve_dispute(game, dispute, False, note, request_id=request_id)
            except JudgeRpcError as e:
                if e.code in GONE:
                    return
                raise
            with ledger.lock:
                del ledger.resolves_in_flight[request_id]
                ledger.resolved[request_id] = (dispute, int(resolved.dispute.resolved_at_version))


def stored_commands(org: JudgeClient, game: str) -> tuple[dict[str, int], dict[int, int]]:
    """The game's stored command ids with their version, and how many
    resolutions each dispute has, from its complete record (gap-free)."""
    lines = [json.loads(line) for line in org.export_game(game).record.splitlines()[1:]]
    events = [e for e in lines if "version" in e]
    assert [e["version"] for e in events] == list(range(1, len(events) + 1))
    commands = {e["command_id"]: e["version"] for e in events if e["kind"] == "CommandAccepted"}
    assert len(commands) == sum(1 for e in events if e["kind"] == "CommandAccepted")  # no command twice
    resolutions: dict[int, int] = {}
    for e in events:
        if e["kind"] == "DisputeResolved":
            resolutions[e["dispute_id"]] = resolutions.get(e["dispute_id"], 0) + 1
    return commands, resolutions


def check(target: str, admin_token: str, games: dict[str, str], source: str, record: str,
          ledger: Ledger) -> dict[str, int]:
    """After a restart: every acknowledged command, import and resolution is
    stored; those in flight were stored whole or not at all (a retry with
    the same id or request id answers the stored one or stores it now), and
    nothing is stored twice. Returns how many of each were checked."""
    counts = {"commands": 0, "in_flight": 0, "imports": 0, "imports_in_flight": 0, "resolutions": 0,
              "resolutions_in_flight": 0}
    dispute_game = next(iter(games))
    for game, organizer in games.items():
        with JudgeClient(target, organizer, timeout=CALL_TIMEOUT_S) as org:
            stored, resolutions = stored_commands(org, game)
            for (g, cid), version in ledger.acked.items():
                if g == game:
                    assert stored.get(cid) == version, (cid, version, stored.get(cid))
                    counts["commands"] += 1
            for (g, cid), fields in list(ledger.in_flight.items()):
                if g != game:
                    continue
                retry = org.submit(game, 0, "record_adjustment", command_id=cid, **fields)  # type: ignore[arg-type]
                assert retry.duplicate == (cid in stored)
                if cid in stored:
                    assert retry.version == stored[cid]
                ledger.acked[(g, cid)] = retry.version
                del ledger.in_flight[(g, cid)]
                counts["in_flight"] += 1
            if game != dispute_game:
                continue
            disputes = {d.dispute_id: d for d in org.list_disputes(game).disputes}
            assert all(disputes[d].event_version == v for d, v in ledger.opened.items())
            assert all(n == 1 for n in resolutions.values())  # no dispute resolved twice
            for dispute, version in ledger.resolved.values():
                assert disputes[dispute].resolved_at_version == version
                counts["resolutions"] += 1
            for request_id, (dispute, note) in list(ledger.resolves_in_flight.items()):
                was = disputes[dispute].resolved_at_version
                retry_resolution = org.resolve_dispute(game, dispute, False, note, request_id=request_id)
                if was:
                    assert retry_resolution.dispute.resolved_at_version == was
                ledger.resolved[request_id] = (dispute, int(retry_resolution.dispute.resolved_at_version))
                del ledger.resolves_in_flight[request_id]
                counts["resolutions_in_flight"] += 1
    with JudgeClient(target, admin_token, timeout=CALL_TIMEOUT_S) as admin:
        held = {g.game_id for g in admin.all_games() if g.imported_from == source}
        assert set(ledger.imports.values()) <= held
        counts["imports"] = len(ledger.imports)
        for request_id in sorted(ledger.imports_in_flight):
            ledger.imports[request_id] = admin.import_game(record, request_id=request_id).game.game_id
            ledger.imports_in_flight.discard(request_id)
            counts["imports_in_flight"] += 1
        held = {g.game_id for g in admin.all_games() if g.imported_from == source}
        assert held == set(ledger.imports.values())  # one game per request id: none imported twice
        assert len(held) == len(ledger.imports)
    return counts


@pytest.mark.slow
def test_acknowledged_writes_survive_sigkill_at_random_moments(tmp_path: Path, storage: Storage) -> None:
    """On each backend (on PostgreSQL the judge keeps its key and token
    files beside ``db``): ``KILLS`` kills while six clients record commands,
    one imports records and one opens and resolves disputes."""
    rng = random.Random(SEED)
    db, log = tmp_path / "judge.sqlite3", tmp_path / "judge.log"
    migrate(storage)
    server = start(db, log, storage)
    admin_token = server.admin_token
    with JudgeClient(server.target, timeout=CALL_TIMEOUT_S) as client:
        created = [client.create_game("munchkin", ["A:male", "B:female", "C:male"]) for _ in range(GAMES)]
        source = client.create_game("munchkin", ["A:male", "B:female", "C:male"])
        source_org = client.with_token(source.organizer_token)
        source_org.submit(source.game_id, 0, "record_adjustment", reason="setup", target_seat=0, set_level=3)
        record = source_org.export_game(source.game_id).record
    games = {g.game_id: g.organizer_token for g in created}
    dispute_game, seat_token = created[0].game_id, created[0].seat_tokens[1].token
    ledger = Ledger()
    rounds: list[dict[str, int]] = []
    try:
        for kill in range(KILLS):
            stop = threading.Event()
            with ledger.lock:
                ledger.kill_moment = KILL_MOMENTS[kill % len(KILL_MOMENTS)]
                before = len(ledger.acked)
                ledger.counted = {"command": before}
                # A random moment of the writing, counted in commands or requests, never in seconds.
                ledger.kill_at = before + 10 + rng.randrange(20) if ledger.kill_moment == "command" \
                    else 1 + rng.randrange(PER_ROUND)
                ledger.reached.clear()
            threads = [
                threading.Thread(target=writer, args=(server.target, game, token, f"k{kill}w{w}",
                                                      random.Random(rng.random()), ledger, stop))
                for game, token in games.items() for w in range(WRITERS_PER_GAME)]
            threads.append(threading.Thread(target=importer, args=(server.target, admin_token, record,
                                                                   f"k{kill}i", ledger, stop)))
            threads.append(threading.Thread(target=resolver, args=(server.target, dispute_game, games[dispute_game],
                                                                   seat_token, f"k{kill}r", ledger, stop)))
            for t in threads:
                t.start()
            assert ledger.reached.wait(CALL_TIMEOUT_S * 4)  # a safety net, not a measurement
            server.kill()  # SIGKILL: no shutdown code runs, while the clients are mid-call
            stop.set()
            for t in threads:
                t.join(CALL_TIMEOUT_S * 2)
            assert not any(t.is_alive() for t in threads)  # nobody writes while the ledger is checked
            server = start(db, log, storage)  # the full start-up check runs on the killed record
            rounds.append(check(server.target, admin_token, games, source.game_id, record, ledger))
        with JudgeClient(server.target, timeout=CALL_TIMEOUT_S) as client:
            key = bytes(client.get_server_key().public_key)
            for game, organizer in games.items():
                org = client.with_token(organizer)
                assert org.audit(game).clean
                assert verify_record(org.export_game(game).record, key).ok
    finally:
        server.kill()
    assert len(rounds) == KILLS >= 20
    total = {k: sum(r[k] for r in rounds) for k in rounds[0]}
    # Each kill found acknowledged writes to check, and kills landed while commands, imports and
    # resolutions were in flight: every branch of ``check`` ran.
    assert all(r["commands"] >= 10 for r in rounds)
    assert total["in_flight"] > 0 and total["imports_in_flight"] > 0 and total["resolutions_in_flight"] > 0, total
    assert rounds[-1]["imports"] > 0 and rounds[-1]["resolutions"] > 0
    print(f"kills survived: {KILLS}; acknowledged writes checked after the last kill: {rounds[-1]}; "
          f"in flight at the kills: commands {total['in_flight']}, imports {total['imports_in_flight']}, "
          f"resolutions {total['resolutions_in_flight']}")


def test_the_kill_moment_is_counted_in_acknowledgements_not_on_a_clock() -> None:
    """The crash test picks its kill moment by counting acknowledged commands (or import and
    resolution requests sent): no sleep, no clock reading decides when the server dies (a slow
    machine must not change what is tested)."""
    import inspect

    source = "".join(inspect.getsource(f) for f in (
        test_acknowledged_writes_survive_sigkill_at_random_moments, writer, importer, resolver, adjust,
        check, Ledger))
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


def test_start_up_runs_the_quick_check_by_default_and_judge_check_the_full_one(
        stored_game: tuple[Path, str], caplog: pytest.LogCaptureFixture) -> None:
    """Start-up time must not grow with the rules' work on every stored event: the default start-up
    check is the quick one (decoding and hash chains), and the full one (every game replayed) is
    ``--startup-check full`` or ``judge check``."""
    db, _ = stored_game
    with caplog.at_level(logging.INFO, logger="judge"):
        open_app(db).close()
    assert any("record checked (quick)" in r.getMessage() for r in caplog.records)
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="judge"):
        open_app(db, startup_check="full").close()
    assert any("record checked (full)" in r.getMessage() for r in caplog.records)
