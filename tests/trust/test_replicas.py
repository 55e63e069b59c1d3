"""Several judge replicas on one PostgreSQL database (judge/store/,
judge/server/database.py): two real ``judge serve`` processes sharing the
database, key and admin token take concurrent clients on the same games.

Checked: optimistic concurrency decides between replicas (every command is
judged once, the streams stay gap-free and the replays served by either
replica agree); a command id is recorded once whichever replica gets it,
also when both get it at once; a client that sent an expected version is
answered ABORTED when the other replica appended first; a Watch on one
replica sees what the other appended; SIGKILL of one replica under load
loses nothing acknowledged and the other keeps serving; one replica at a
time holds the window closer's lease; ``judge check`` runs the full check
beside them; health readiness follows the database. Both replicas serve
Prometheus metrics, scraped over HTTP while the tests run: each counts the
calls, commands, appends and closed windows it handled, and both count the
games either created.
"""

from __future__ import annotations

import secrets
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest
from eventsourcing.persistence import InterfaceError, OperationalError
from prometheus_client.parser import text_string_to_metric_families
from typer.testing import CliRunner

from judge.app import JudgeApp
from judge.server.database import CloserLease
from judge.server.errors import to_status
from judge.server.interceptors import SERVICE_NAME
from judge.server.main import create_server
from judge.store import Storage
from judge.app.compose import migrate
from judge_client import JudgeClient, JudgeRpcError
from judge_client.cli import app as cli_app
from tests.support.judge_process import JudgeProcess, start_judge_process
from tests.support.postgres import USER, PostgresServer

pytestmark = pytest.mark.slow

CALL_TIMEOUT_S = 30.0
GAMES = 2
WRITERS = 4
COMMANDS = 12
SEATS = ["A:male", "B:female", "C:male"]
HEALTH_SAFETY_S = 120.0


@dataclass
class Replicas:
    storage: Storage
    a: JudgeProcess
    b: JudgeProcess
    db: Path

    @property
    def targets(self) -> tuple[str, str]:
        return self.a.target, self.b.target


@pytest.fixture
def replicas(postgres_server: PostgresServer, tmp_path: Path) -> Iterator[Replicas]:
    """Two judges on one fresh schema, sharing the key and admin token files."""
    storage = Storage(database_url=postgres_server.url, schema=postgres_server.fresh_schema(), pool_size=3)
    migrate(storage)
    db = tmp_path / "shared"
    a = start_judge_process(db, tmp_path / "a.log", "--rate-limit", "0", "--metrics-listen", "127.0.0.1:0",
                            storage=storage)
    b = start_judge_process(db, tmp_path / "b.log", "--rate-limit", "0", "--metrics-listen", "127.0.0.1:0",
                            storage=storage)
    try:
        yield Replicas(storage, a, b, db)
    finally:
        for proc in (a, b):
            if proc.proc.poll() is None:
                proc.kill()


def scrape(replica: JudgeProcess, name: str, **labels: str) -> float:
    """One sample of the replica's metrics, read over HTTP as Prometheus would (0 if absent)."""
    with urllib.request.urlopen(replica.metrics_url, timeout=CALL_TIMEOUT_S) as response:
        text = response.read().decode("utf-8")
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == name and sample.labels == labels:
                return float(sample.value)
    return 0.0


def adjust(client: JudgeClient, game: str, cid: str, level: int, expected: int | None = None) -> tuple[int, bool]:
    """The organizer's adjustment (always legal); returns (version, duplicate)."""
    result = client.submit(game, 0, "record_adjustment", command_id=cid, expected_version=expected,
                           reason=cid, target_seat=level % 3, set_level=level)
    return result.version, result.duplicate


def replay_of(target: str, token: str, game: str) -> list[tuple[int, str, str]]:
    """(version, command id, state after it) of every stored event."""
    with JudgeClient(target, token, timeout=CALL_TIMEOUT_S) as client:
        return [(s.event.version, s.event.command_id, s.view.SerializeToString(deterministic=True).hex())
                for s in client.replay(game)]


def test_two_replicas_judge_concurrent_clients_on_the_same_games_once(replicas: Replicas) -> None:
    a, b = replicas.targets
    both = (replicas.a, replicas.b)
    accepted = {"ruleset": "munchkin", "result": "accepted", "rule_id": ""}
    duplicate = {**accepted, "result": "duplicate"}
    assert [scrape(r, "judge_commands_total", **accepted) for r in both] == [0, 0]
    with JudgeClient(a, timeout=CALL_TIMEOUT_S) as client:
        games = [client.create_game("munchkin", SEATS) for _ in range(GAMES)]
    organizer = {g.game_id: g.organizer_token for g in games}
    first = games[0].game_id

    # A Watch on replica B, opened before anything is written through A.
    watched: list[int] = []
    watch_client = JudgeClient(b, organizer[first], timeout=CALL_TIMEOUT_S)
    stream = watch_client.watch(first, after_version=0)
    expected_last = 1 + WRITERS * COMMANDS + 1  # creation, the writers, the raced command below
    done_watching = threading.Event()

    def watch() -> None:
        for step in stream:
            watched.append(step.event.version)
            if step.event.version >= expected_last:
                break
        done_watching.set()

    watcher = threading.Thread(target=watch, name="watch-on-b")
    watcher.start()

    acked: dict[tuple[str, str], int] = {}
    lock = threading.Lock()
    failures: list[BaseException] = []

    def writer(n: int) -> None:
        """Alternates replicas; every command is then retried on the other replica."""
        try:
            clients = [JudgeClient(t, timeout=CALL_TIMEOUT_S) for t in (a, b)]
            for i in range(COMMANDS):
                for game in organizer:
                    here, there = clients[(n + i) % 2], clients[(n + i + 1) % 2]
                    cid = f"w{n}-{i}"
                    version, duplicate = adjust(here.with_token(organizer[game]), game, cid, 1 + (n + i) % 9)
                    assert not duplicate
                    again, duplicate = adjust(there.with_token(organizer[game]), game, cid, 1 + (n + i) % 9)
                    assert duplicate and again == version  # exactly once across replicas
                    with lock:
                        acked[(game, cid)] = version
            for c in clients:
                c.close()
        except BaseException as e:  # noqa: BLE001 - reported by the test thread
            failures.append(e)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(WRITERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(CALL_TIMEOUT_S * 4)
    assert not failures, failures
    assert not any(t.is_alive() for t in threads)
    # The Watch on B (it has seen the writers' events, and waits for the raced command) is B's open stream.
    watch_rpc = "judge.v1.JudgeService/Watch"
    assert [scrape(r, "judge_open_streams", rpc=watch_rpc) for r in both] == [0, 1]

    # The same command id sent to both replicas at once: recorded once.
    barrier = threading.Barrier(2)
    answers: list[tuple[int, bool]] = []

    def racer(target: str) -> None:
        with JudgeClient(target, organizer[first], timeout=CALL_TIMEOUT_S) as c:
            barrier.wait()
            answers.append(adjust(c, first, "raced", 5))

    racers = [threading.Thread(target=racer, args=(t,)) for t in (a, b)]
    for t in racers:
        t.start()
    for t in racers:
        t.join(CALL_TIMEOUT_S)
    assert sorted(d for _, d in answers) == [False, True]
    assert answers[0][0] == answers[1][0]

    watcher.join(CALL_TIMEOUT_S * 2)
    stream.cancel()
    watch_client.close()
    assert done_watching.is_set()
    assert watched == list(range(1, expected_last + 1))  # B saw every event A and B appended, in order

    for game, token in organizer.items():
        from_a, from_b = replay_of(a, token, game), replay_of(b, token, game)
        assert from_a == from_b  # both replicas serve the same stream and the same states
        assert [v for v, _, _ in from_a] == list(range(1, len(from_a) + 1))  # gap-free
        stored = {cid: v for v, cid, _ in from_a[1:]}
        assert len(stored) == len(from_a) - 1  # no command twice
        for (g, cid), version in acked.items():
            if g == game:
                assert stored[cid] == version
        with JudgeClient(b, token, timeout=CALL_TIMEOUT_S) as c:
            assert c.audit(game).clean

    # Scraped while both still run: each replica counted what it judged, together exactly the commands
    # (each sent once new and once as a retry to the other replica), and both count the games A created.
    judged = GAMES * WRITERS * COMMANDS + 1
    per_replica = [scrape(r, "judge_commands_total", **accepted) for r in both]
    assert all(n > 0 for n in per_replica) and sum(per_replica) == judged
    assert sum(scrape(r, "judge_commands_total", **duplicate) for r in both) == judged
    submits_ok = sum(scrape(r, "judge_requests_total", rpc="judge.v1.JudgeService/Submit", code="OK") for r in both)
    assert submits_ok == 2 * judged
    appends = [scrape(r, "judge_appends_total") for r in both]
    assert all(n > 0 for n in appends) and sum(appends) == GAMES + judged  # a creation, then one save a command
    assert [scrape(r, "judge_append_duration_seconds_count") for r in both] == appends
    assert [scrape(r, "judge_games") for r in both] == [GAMES, GAMES]

    storage = replicas.storage
    assert storage.database_url is not None and storage.schema is not None
    result = CliRunner().invoke(cli_app, ["check", "--database-url", storage.database_url,
                                          "--database-schema", storage.schema, "--json"])
    assert result.exit_code == 0, result.output
    assert '"ok": true' in result.output


def test_a_stale_expected_version_loses_to_the_other_replica_with_aborted(replicas: Replicas) -> None:
    a, b = replicas.targets
    with JudgeClient(a, timeout=CALL_TIMEOUT_S) as client:
        game = client.create_game("munchkin", SEATS)
    for round_ in range(4):
        at = 1 + round_  # the game's version: its creation, then one command a round
        barrier = threading.Barrier(2)
        outcomes: list[str] = []

        def racer(target: str, name: str, at: int) -> None:
            with JudgeClient(target, game.organizer_token, timeout=CALL_TIMEOUT_S) as c:
                barrier.wait()
                try:
                    adjust(c, game.game_id, f"{name}-{round_}", 2 + round_, expected=at)
                    outcomes.append("ok")
                except JudgeRpcError as e:
                    outcomes.append(e.code.name)

        racers = [threading.Thread(target=racer, args=(t, n, at)) for t, n in ((a, "a"), (b, "b"))]
        for t in racers:
            t.start()
        for t in racers:
            t.join(CALL_TIMEOUT_S)
        assert sorted(outcomes) == ["ABORTED", "ok"], outcomes
    steps = replay_of(b, game.organizer_token, game.game_id)
    assert [v for v, _, _ in steps] == [1, 2, 3, 4, 5]


def test_a_resolution_retried_on_the_other_replica_answers_the_stored_one(replicas: Replicas) -> None:
    """Issue "Hostile input, round three": a ResolveDispute that replica A stored (upheld), retried with
    the same request_id through replica B (which keeps an older copy of the game), was answered OK with
    the dispute OPEN and resolved_at_version 0."""
    a, b = replicas.targets
    with JudgeClient(a, timeout=CALL_TIMEOUT_S) as on_a, JudgeClient(b, timeout=CALL_TIMEOUT_S) as on_b:
        game = on_a.create_game("munchkin", SEATS)
        on_b.with_token(game.seat_tokens[0].token).submit(game.game_id, 0, "kick_door", card="elf")  # B keeps v2
        on_a.with_token(game.seat_tokens[0].token).submit(game.game_id, 0, "loot_room")
        opened = on_a.with_token(game.seat_tokens[1].token).open_dispute(game.game_id, 1, 3, "no loot")
        organizer_a, organizer_b = on_a.with_token(game.organizer_token), on_b.with_token(game.organizer_token)
        dispute_id = opened.dispute.dispute_id
        stored = organizer_a.resolve_dispute(game.game_id, dispute_id, True, "upheld", request_id="resolve-1")
        retried = organizer_b.resolve_dispute(game.game_id, dispute_id, True, "upheld", request_id="resolve-1")
        assert (stored.dispute.status, stored.dispute.resolved_at_version) == (retried.dispute.status,
                                                                                retried.dispute.resolved_at_version)
        assert retried.dispute.resolved_at_version == 5
        [listed] = organizer_b.list_disputes(game.game_id).disputes
        assert listed == retried.dispute
        assert retried.receipt == stored.receipt


def test_an_import_retried_on_the_other_replica_imports_once(replicas: Replicas) -> None:
    """Issue "Hostile input, round three": an idempotent retry is answered with the stored result by
    whichever replica receives it. An ImportGame stored through replica A, retried with the same
    request_id through replica B, imports nothing again: B answers with the game A imported (and
    fresh tokens for it: only the retry's answer reached the client), and the same key with another
    record is refused on B too."""
    a, b = replicas.targets
    admin_token = replicas.a.admin_token
    with JudgeClient(a, timeout=CALL_TIMEOUT_S) as on_a, JudgeClient(b, timeout=CALL_TIMEOUT_S) as on_b:
        game = on_a.create_game("munchkin", SEATS)
        on_a.with_token(game.seat_tokens[0].token).submit(game.game_id, 0, "kick_door", card="elf")
        record = on_a.with_token(game.organizer_token).export_game(game.game_id).record
        admin_a, admin_b = on_a.with_token(admin_token), on_b.with_token(admin_token)
        before = {g.game_id for g in admin_b.all_games()}
        first = admin_a.import_game(record, request_id="import-across")
        again = admin_b.import_game(record, request_id="import-across")
        assert again.game.game_id == first.game.game_id
        assert [g.game_id for g in admin_b.all_games() if g.game_id not in before] == [first.game.game_id]
        assert on_b.with_token(again.game.seat_tokens[0].token).get_view(first.game.game_id).view.version == 2
        with pytest.raises(JudgeRpcError) as old:
            on_a.with_token(first.game.seat_tokens[0].token).get_view(first.game.game_id)
        assert old.value.code == grpc.StatusCode.UNAUTHENTICATED
        on_a.with_token(game.seat_tokens[0].token).submit(game.game_id, 0, "loot_room")
        longer = on_a.with_token(game.organizer_token).export_game(game.game_id).record
        with pytest.raises(JudgeRpcError) as reused:
            admin_b.import_game(longer, request_id="import-across")
        assert reused.value.code == grpc.StatusCode.INVALID_ARGUMENT
        assert reused.value.field_violations[0][0] == "request_id"


def test_sigkill_of_one_replica_under_load_loses_nothing_and_the_other_serves(replicas: Replicas) -> None:
    a, b = replicas.targets
    with JudgeClient(b, timeout=CALL_TIMEOUT_S) as client:
        game = client.create_game("munchkin", SEATS)
    acked: dict[str, int] = {}
    lock = threading.Lock()
    stop = threading.Event()
    killed = threading.Event()
    after_kill = {"count": 0}

    def writer(target: str, name: str) -> None:
        with JudgeClient(target, game.organizer_token, timeout=CALL_TIMEOUT_S) as c:
            n = 0
            while not stop.is_set():
                n += 1
                try:
                    version, _ = adjust(c, game.game_id, f"{name}-{n}", 1 + n % 9)
                except JudgeRpcError as e:
                    if e.code == grpc.StatusCode.ABORTED:
                        # The other replica appended first at every attempt (rare, with four writers on
                        # one game): a client sends the same command again, as the answer says.
                        assert e.error_info is not None and e.error_info.reason == "WRITE_CONTENTION", e
                        n -= 1
                        continue
                    assert e.code in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED,
                                      grpc.StatusCode.UNKNOWN, grpc.StatusCode.DEADLINE_EXCEEDED)
                    return  # the killed replica is gone
                with lock:
                    acked[f"{name}-{n}"] = version
                    if killed.is_set():
                        after_kill["count"] += 1
                        if after_kill["count"] >= 10:
                            stop.set()

    threads = [threading.Thread(target=writer, args=(t, f"{n}{i}")) for t, n in ((a, "a"), (b, "b"))
               for i in range(2)]
    for t in threads:
        t.start()
    while len(acked) < 10 and all(t.is_alive() for t in threads):
        threading.Event().wait(0.01)
    replicas.a.kill()  # SIGKILL under load
    killed.set()
    for t in threads:
        t.join(CALL_TIMEOUT_S * 2)
    assert not any(t.is_alive() for t in threads)
    assert after_kill["count"] >= 10  # replica B kept judging after A died
    steps = replay_of(b, game.organizer_token, game.game_id)
    stored = {cid: v for v, cid, _ in steps[1:]}
    assert [v for v, _, _ in steps] == list(range(1, len(steps) + 1))
    for cid, version in acked.items():
        assert stored[cid] == version  # nothing acknowledged is lost


def test_one_replica_at_a_time_holds_the_window_closers_lease(postgres_server: PostgresServer) -> None:
    storage = Storage(database_url=postgres_server.url, schema=postgres_server.fresh_schema(), pool_size=1)
    migrate(storage)
    first, second = JudgeApp(storage.env()), JudgeApp(storage.env())
    one, two = CloserLease(first, check_every_s=0), CloserLease(second, check_every_s=0)
    try:
        assert one.held()
        assert not two.held()
        assert one.held()  # kept while its connection lives
        one.release()  # the replica stops (or dies: its session ends)
        assert two.held()
        assert not one.held()
    finally:
        one.release()
        two.release()
        first.close()
        second.close()


def test_health_readiness_follows_the_database(postgres_server: PostgresServer) -> None:
    """NOT_SERVING while the judge cannot reach its database (its role may
    no longer log in and its sessions were ended), SERVING again after."""
    role = f"probe_{secrets.token_hex(4)}"
    password = secrets.token_urlsafe(12)
    postgres_server.sql(f"CREATE ROLE {role} LOGIN PASSWORD '{password}'")
    postgres_server.sql(f"CREATE SCHEMA {role} AUTHORIZATION {role}")
    url = f"postgresql://{role}:{password}@127.0.0.1:{postgres_server.port}/{USER}"
    storage = Storage(database_url=url, schema=role, pool_size=1)
    migrate(storage)
    app = JudgeApp(storage.env(create_tables=False))
    server, port = create_server("127.0.0.1:0", app, health_interval_s=0.1)
    server.start()

    def until(status: str) -> str:
        deadline = time.monotonic() + HEALTH_SAFETY_S  # a safety net, not a measurement
        seen = ""
        while time.monotonic() < deadline:
            seen = client.health(SERVICE_NAME)
            if seen == status:
                break
            time.sleep(0.1)
        return seen

    try:
        with JudgeClient(f"127.0.0.1:{port}", timeout=CALL_TIMEOUT_S) as client:
            assert client.health(SERVICE_NAME) == "SERVING"
            postgres_server.sql(f"ALTER ROLE {role} NOLOGIN")
            postgres_server.sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s", role)
            assert until("NOT_SERVING") == "NOT_SERVING"
            assert client.health("") == "NOT_SERVING"
            postgres_server.sql(f"ALTER ROLE {role} LOGIN")
            assert until("SERVING") == "SERVING"
    finally:
        server.stop(grace=None).wait(CALL_TIMEOUT_S)
        app.close()


def test_judges_in_different_schemas_each_have_a_window_closer(postgres_server: PostgresServer) -> None:
    apps = []
    for _ in range(2):
        storage = Storage(database_url=postgres_server.url, schema=postgres_server.fresh_schema(), pool_size=1)
        apps.append(JudgeApp(storage.env()))
    leases = [CloserLease(app, check_every_s=0) for app in apps]
    try:
        assert all(lease.held() for lease in leases)
    finally:
        for lease, app in zip(leases, apps):
            lease.release()
            app.close()


def test_one_replica_closes_elapsed_windows_seen_live_on_the_other(replicas: Replicas) -> None:
    """000 "Weitere Aktionen im Kampf": once a claimed win's window has
    elapsed the judge resolves the combat; with two replicas one of them
    holds the closer's lease and resolves each combat once, and a Watch on
    the other replica sees it."""
    a, b = replicas.targets
    with JudgeClient(a, timeout=CALL_TIMEOUT_S) as client:
        games = [client.create_game("munchkin", SEATS, interference_window_ms=1) for _ in range(3)]
        for game in games:
            anna = client.with_token(game.seat_tokens[0].token)
            anna.submit(game.game_id, 0, "reveal_card", card="kettensaege")
            anna.submit(game.game_id, 0, "play_card", card="kettensaege")
            anna.submit(game.game_id, 0, "kick_door", card="lahmer-goblin")
            claimed = anna.submit(game.game_id, 0, "claim_victory")
            with JudgeClient(b, game.spectator_token, timeout=CALL_TIMEOUT_S) as spectator, \
                    spectator.watch(game.game_id, after_version=claimed.version, timeout=CALL_TIMEOUT_S) as stream:
                resolved = next(stream).event
            assert (resolved.kind, resolved.action) == ("CommandAccepted", "resolve_combat")
    for game in games:
        steps = replay_of(b, game.organizer_token, game.game_id)
        assert sum(1 for _, cid, _ in steps if cid.startswith("judge:deadline:")) == 1
    closers = [p for p in (replicas.a, replicas.b) if "now closes elapsed windows" in p.log.read_text()]
    assert len(closers) == 1
    # The scrape: the lease holder counted the three closed windows, the other replica none.
    assert {p.target: scrape(p, "judge_windows_closed_total") for p in (replicas.a, replicas.b)} == {
        p.target: (3.0 if p is closers[0] else 0.0) for p in (replicas.a, replicas.b)}


def test_a_database_outage_is_answered_unavailable_without_its_details() -> None:
    """A call failing because the database cannot be reached may be retried
    (here or on another replica): UNAVAILABLE, not an internal error."""
    for failure in (OperationalError('connection to server at "10.0.0.7", port 5432 failed'),
                    InterfaceError("the connection is closed")):
        status = to_status(failure)
        assert status.code == grpc.StatusCode.UNAVAILABLE
        assert "10.0.0.7" not in status.details
