"""Group commit on PostgreSQL (judge/domain/group_commit_pg.py), on a real
server: concurrent appends share one transaction (rows of one transaction
carry the same ``xmin``), each acknowledged only once its batch is committed;
a clash fails only its own append with the library's IntegrityError; any
other failure fails the whole batch and stores none of it; a batch NOTIFYs
the record's channel once it is committed."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import psycopg
import pytest
from eventsourcing.persistence import IntegrityError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresFactory
from eventsourcing.utils import Environment
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.app import JudgeApp
from judge.domain.command_index import GroupCommitPostgresCommandIndexRecorder, PostgresCommandIndexRecorder
from judge.domain.group_commit_pg import GroupCommitPostgresApplicationRecorder
from judge.store import Storage
from tests.app.app_support import SETUP
from tests.domain.test_group_commit import append_all
from tests.support.postgres import PostgresServer

WAIT_S = 60.0  # a safety net against a hang, never a measurement


class HeldPgRecorder(GroupCommitPostgresCommandIndexRecorder):
    """Holds each batch's leader until ``hold_for(batch)`` appends are
    queued, so batches form the same way on any machine; an append carrying
    an originator in ``fail_on`` fails like a lost database would."""

    hold_for: Callable[[int], int] = staticmethod(lambda batch: 0)  # type: ignore[assignment]
    fail_on: set[str] = set()

    def __init__(self, *args: Any, **kw: Any):
        super().__init__(*args, **kw)
        self.batch_sizes: list[int] = []
        self.fail_on = set()
        self.transaction_of: dict[str, int] = {}  # game -> the top-level transaction that wrote it

    def _write_next_batch(self) -> None:
        wanted = self.hold_for(len(self.batch_sizes))
        waited = 0.0
        # After WAIT_S the batch goes as it is (never a stuck queue): the test's check of
        # ``batch_sizes`` reports the shortfall.
        while len(self._queue) < wanted and waited < WAIT_S:
            time.sleep(0.005)
            waited += 0.005
        with self._queue_lock:
            self.batch_sizes.append(min(len(self._queue), self.max_batch))
        super()._write_next_batch()

    def _insert_events(self, curs: Any, stored_events: Sequence[StoredEvent], **kwargs: Any) -> None:
        # The hook where statements of an append's own run in its transaction.
        if any(str(e.originator_id) in self.fail_on for e in stored_events):
            raise psycopg.errors.DiskFull("could not extend file")
        curs.execute("SELECT txid_current() AS x")  # the top-level transaction, also in a savepoint
        row = curs.fetchone()
        assert row is not None
        for e in stored_events:
            self.transaction_of[str(e.originator_id)] = int(row["x"])
        super()._insert_events(curs, stored_events, **kwargs)


@pytest.fixture
def storage(postgres_server: PostgresServer) -> Storage:
    return Storage(database_url=postgres_server.url, schema=postgres_server.fresh_schema(), pool_size=2)


@pytest.fixture
def recorder(storage: Storage) -> Iterator[HeldPgRecorder]:
    env = {**storage.env(), "APPLICATION_RECORDER_TOPIC": f"{__name__}:HeldPgRecorder"}
    factory = PostgresFactory(Environment("JudgeApp", env))
    r = factory.application_recorder()
    assert isinstance(r, HeldPgRecorder)
    yield r
    factory.close()


def event(originator: uuid.UUID, version: int) -> StoredEvent:
    return StoredEvent(originator_id=originator, originator_version=version, topic="t", state=b"{}")


def rows(server: PostgresServer, storage: Storage) -> list[tuple[str, int]]:
    """(game, version) of every stored event, in the log's order."""
    found = server.sql(f"SELECT originator_id::text, originator_version "
                       f"FROM {storage.schema}.judgeapp_events ORDER BY notification_id")
    return [(str(g), int(v)) for g, v in found]  # type: ignore[call-overload]


def test_the_judges_postgres_storage_selects_group_commit_unless_told_not_to(
        storage: Storage, monkeypatch: pytest.MonkeyPatch) -> None:
    app = JudgeApp(storage.env())
    try:
        assert isinstance(app.recorder, GroupCommitPostgresApplicationRecorder)
    finally:
        app.close()
    monkeypatch.setenv("JUDGE_GROUP_COMMIT", "n")
    app = JudgeApp(storage.env())
    try:
        assert type(app.recorder) is PostgresCommandIndexRecorder
    finally:
        app.close()


def test_appends_waiting_together_share_one_transaction(
        recorder: HeldPgRecorder, storage: Storage, postgres_server: PostgresServer) -> None:
    recorder.hold_for = lambda batch: 6 if batch == 0 else 0  # type: ignore[method-assign]
    games = [uuid.uuid4() for _ in range(6)]
    results = append_all(recorder, [[event(g, 1), event(g, 2)] for g in games])
    assert all(isinstance(x, list) and len(x) == 2 for x in results), results
    assert recorder.batch_sizes == [6] and recorder.batches == 1 and recorder.appends == 6
    stored = rows(postgres_server, storage)
    assert sorted(stored) == sorted((str(g), v) for g in games for v in (1, 2))
    assert len({recorder.transaction_of[str(g)] for g in games}) == 1  # one transaction wrote them all
    ids = sorted(i for x in results for i in x)
    assert ids == list(range(ids[0], ids[0] + 12))  # contiguous notification ids, each once
    # Per game, the versions are in order in the log.
    for g in games:
        assert [v for gg, v in stored if gg == str(g)] == [1, 2]


def test_a_clash_fails_only_its_own_append(
        recorder: HeldPgRecorder, storage: Storage, postgres_server: PostgresServer) -> None:
    taken = uuid.uuid4()
    recorder.insert_events([event(taken, 1)])  # another replica wrote version 1 first
    recorder.hold_for = lambda batch: 4 if batch == 1 else 0  # type: ignore[method-assign]
    games = [uuid.uuid4() for _ in range(3)]
    results = append_all(recorder, [[event(games[0], 1)], [event(taken, 1), event(taken, 2)],
                                    [event(games[1], 1)], [event(games[2], 1)]])
    assert recorder.batch_sizes == [1, 4]
    clashed = [x for x in results if not isinstance(x, list)]
    assert len(clashed) == 1 and isinstance(clashed[0], IntegrityError) and results[1] is clashed[0]
    stored = rows(postgres_server, storage)
    assert sorted(stored) == sorted([(str(taken), 1)] + [(str(g), 1) for g in games])
    assert len({recorder.transaction_of[str(g)] for g in games}) == 1  # the other three committed together


def test_a_failed_batch_stores_and_acknowledges_none_of_its_appends(
        recorder: HeldPgRecorder, storage: Storage, postgres_server: PostgresServer) -> None:
    broken = uuid.uuid4()
    recorder.fail_on = {str(broken)}
    recorder.hold_for = lambda batch: 4 if batch == 0 else 0  # type: ignore[method-assign]
    games = [uuid.uuid4() for _ in range(3)]
    results = append_all(recorder, [[event(games[0], 1)], [event(games[1], 1)], [event(broken, 1)],
                                    [event(games[2], 1)]])
    assert recorder.batch_sizes == [4]
    assert all(isinstance(x, OperationalError) for x in results), results
    assert rows(postgres_server, storage) == []
    # The recorder goes on: the next append leads a batch of its own.
    recorder.hold_for = lambda batch: 0  # type: ignore[method-assign]
    assert isinstance(recorder.insert_events([event(games[0], 1)]), list)
    assert rows(postgres_server, storage) == [(str(games[0]), 1)]
    assert not recorder._writing and not recorder._queue


def test_a_committed_batch_notifies_the_channel_with_every_game_readable(
        recorder: HeldPgRecorder, postgres_server: PostgresServer) -> None:
    """What wakes Watch streams (ChangeListener LISTENs on this channel):
    the notification arrives once the batch is committed, and the events of
    every game of the batch are readable then."""
    with psycopg.connect(host="127.0.0.1", port=postgres_server.port, user="judge",
                         password=postgres_server.password, dbname="judge", autocommit=True) as listener:
        listener.execute(psycopg.sql.SQL("LISTEN {}").format(psycopg.sql.Identifier(recorder.channel_name)))
        recorder.hold_for = lambda batch: 5 if batch == 0 else 0  # type: ignore[method-assign]
        games = [uuid.uuid4() for _ in range(5)]
        results = append_all(recorder, [[event(g, 1)] for g in games])
        assert recorder.batch_sizes == [5] and all(isinstance(x, list) for x in results)
        notified = list(listener.notifies(timeout=WAIT_S, stop_after=1))
        assert [n.channel for n in notified] == [recorder.channel_name]
        read = recorder.select_notifications(start=None, limit=100)
        assert {n.originator_id for n in read} == set(games)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(1, 3)), min_size=1, max_size=10),
       st.integers(1, 6))
def test_stored_is_exactly_what_was_acknowledged(
        postgres_server: PostgresServer, appends: list[tuple[int, int]], first_batch: int) -> None:
    """Whatever the appends (clashing versions included) and however they
    batch, each append is stored if and only if it was acknowledged, and
    per game no version is stored twice."""
    storage = Storage(database_url=postgres_server.url, schema=postgres_server.fresh_schema(), pool_size=2)
    env = {**storage.env(), "APPLICATION_RECORDER_TOPIC": f"{__name__}:HeldPgRecorder"}
    factory = PostgresFactory(Environment("JudgeApp", env))
    try:
        r = factory.application_recorder()
        assert isinstance(r, HeldPgRecorder)
        r.hold_for = lambda b: min(first_batch, len(appends)) if b == 0 else 0  # type: ignore[method-assign]
        games = [uuid.UUID(int=i + 1) for i in range(4)]
        results = append_all(r, [[event(games[g], v)] for g, v in appends])
        assert all(isinstance(x, (list, IntegrityError)) for x in results), results
        expected = sorted({(str(games[g]), v) for (g, v), x in zip(appends, results) if isinstance(x, list)})
        stored = sorted(rows(postgres_server, storage))
        assert stored == expected
        assert len(expected) == sum(1 for x in results if isinstance(x, list))
    finally:
        factory.close()


def games_on_their_own_locks(app: JudgeApp, count: int) -> list[Any]:
    """``count`` new games no two of which share the judge's per-game lock:
    the lock is one of a fixed set of stripes (judge/app/game_store.py), and two
    games on one stripe write one after the other, so a batch held until
    ``count`` appends are queued would wait for an append that cannot come."""
    created: list[Any] = []
    while len(created) < count:
        game = app.create_game(SETUP)
        if all(app.store.lock_for(game.game_id) is not app.store.lock_for(c.game_id) for c in created):
            created.append(game)
    return created


def test_submits_of_several_games_share_a_batch_and_every_watch_wakes(
        storage: Storage, tmp_path: Any) -> None:
    """Through the judge: Submits to four games at once are written in one
    batch (one transaction), each is acknowledged with its own next version,
    a repeated command id is answered from the record without a second
    append (exactly once), and a Watch stream on each game, served by another
    judge on the same database (a replica, woken by its listener), sees its
    game's event."""
    from judge.rules.engine import ORGANIZER, Command
    from judge.rulesets.munchkin import actions as A
    from judge.server.database import ChangeListener

    key = {"JUDGE_SERVER_KEY_FILE": str(tmp_path / "server.key")}
    # The writer's pool: two connections that cannot grow (tests/domain/test_group_commit_pool.py).
    writing = JudgeApp({**storage.env(), **key, "APPLICATION_RECORDER_TOPIC": f"{__name__}:HeldPgRecorder",
                        "POSTGRES_MAX_OVERFLOW": "0"})
    watching = JudgeApp({**storage.env(), **key, "POSTGRES_POOL_SIZE": "8"})
    listener = ChangeListener(watching)
    stop = threading.Event()
    try:
        recorder = writing.recorder
        assert isinstance(recorder, HeldPgRecorder)
        created = games_on_their_own_locks(writing, 4)
        listener.start()
        seen: dict[str, list[int]] = {c.game_id: [] for c in created}
        ready = threading.Barrier(len(created) + 1, timeout=WAIT_S)

        def follow(game_id: str, token: str) -> None:
            viewer = watching.authenticate(game_id, token)
            for event, _ in watching.watch_marked(game_id, viewer, 1, stop, poll_interval=WAIT_S):
                if event is None:
                    ready.wait()  # caught up: only a wake-up brings what follows
                    continue
                seen[game_id].append(event.version)
                return

        watchers = [threading.Thread(target=follow, args=(c.game_id, c.organizer_token)) for c in created]
        for t in watchers:
            t.start()
        ready.wait()
        # Let the listener's first wake-up (when it starts listening) pass:
        # the streams now wait up to WAIT_S unless a NOTIFY wakes them.
        with watching.store.saved:
            assert watching.store.saved.wait_for(lambda: watching.store.saves >= 1, WAIT_S)
        batches_before = len(recorder.batch_sizes)
        recorder.hold_for = lambda batch: 4 if batch == batches_before else 0  # type: ignore[method-assign]
        versions: dict[str, int] = {}

        def adjust(game_id: str) -> None:
            command = Command(None, A.RecordAdjustment(reason="table", target_seat=0, set_level=2))
            versions[game_id] = writing.submit(game_id, "adjust-1", command, None, ORGANIZER).version

        submitters = [threading.Thread(target=adjust, args=(c.game_id,)) for c in created]
        for t in submitters:
            t.start()
        for t in submitters + watchers:
            t.join(WAIT_S)
        assert not any(t.is_alive() for t in submitters + watchers)
        assert recorder.batch_sizes[batches_before:] == [4]
        assert len({recorder.transaction_of[str(writing.store.uuid(c.game_id))] for c in created}) == 1
        assert versions == {c.game_id: 2 for c in created}
        assert seen == {c.game_id: [2] for c in created}
        # Exactly once: the same command id again records nothing (the database's key refuses a
        # second row for it, if the judge tries, and the answer is the recorded one).
        uid = writing.store.uuid(created[0].game_id)
        stored = len(list(writing.store.events.get(uid)))
        again = Command(None, A.RecordAdjustment(reason="table", target_seat=0, set_level=2))
        answer = writing.submit(created[0].game_id, "adjust-1", again, None, ORGANIZER)
        assert (answer.version, answer.duplicate) == (2, True)
        assert len(list(writing.store.events.get(uid))) == stored
    finally:
        stop.set()
        listener.stop()
        watching.wake_watchers()
        watching.close()
        writing.close()
