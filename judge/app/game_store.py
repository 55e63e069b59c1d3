"""The application's context: the one write path of the judge and what it
keeps (``GameStore``).

``GameStore`` is the eventsourcing ``Application`` of the judge: its
configuration from the environment, its persistence (factory, recorder with
the exactly-once index, event and snapshot stores), the server key and seal,
the witness, the clock, the limits, the per-game lock stripes, the games this
process last saved (judge/app/live_games.py), the views built
(judge/app/view_cache.py), and the write path: load a game, run one step,
save it, and retry when another writer appended first. The services of
judge/app take it as their first argument; nothing here knows a use case.

Its ``name`` stays ``JudgeApp``: eventsourcing names the stored tables and
reads prefixed environment variables after it.
"""

from __future__ import annotations

import logging
import os
import random
import secrets
import threading
import time
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar, cast
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application, ProjectorFunction
from eventsourcing.application import project_aggregate
from eventsourcing.persistence import (
    AggregateRecorder,
    EventStore,
    InfrastructureFactory,
    IntegrityError,
    JSONTranscoder,
    Mapper,
    Notification,
    PersistenceError,
)
from eventsourcing.popo import POPOFactory
from eventsourcing.postgres import PostgresFactory
from eventsourcing.sqlite import SQLiteFactory
from eventsourcing.system import NotificationLogReader
from eventsourcing.utils import Environment, get_topic, resolve_topic

from judge.app.told import ToldCache
from judge.app.topics import CREATION_TOPICS
from judge.app.view_cache import LEGAL_KEPT, NAMES_KEPT, ViewCache
from judge.app.types import EventRecord
from judge.domain.chain import ServerKey
from judge.domain.command_index import (
    CommandIndex,
    POPOCommandIndexRecorder,
    PostgresCommandIndexRecorder,
    fill_from_events,
    rows_of,
)
from judge.domain.credentials import Credentials
from judge.domain.sealing import CredentialSeal
from judge.domain.game import Game
from judge.domain.request_keys import RequestKey, request_key_id
from judge.domain.persistence import CheckedMapper, DurableSQLiteFactory, register_state_transcodings
from judge.app.live_games import DEFAULT_LIVE_GAMES, LiveGames, fork
from judge.common.errors import GameNotFound, ResourceExhausted, Unavailable, WriteContention
from judge.common.i18n import N_, said
from judge.store import sqlite_env
from judge.store.locks import SessionLocks, shared_lock
from judge.store.guard import FileGuard
from judge.store.witness import Witness
from judge.rules.engine import Viewer

log = logging.getLogger(__name__)

T = TypeVar("T")

Clock = Callable[[], int]

DEFAULT_SNAPSHOTTING_INTERVAL = 50
MAX_WRITE_ATTEMPTS = 8
WRITE_BACKOFF_S = 0.002
"""The longest wait before the first retry of a write another writer beat; it doubles for each
further retry, up to WRITE_BACKOFF_CAP_S."""
WRITE_BACKOFF_CAP_S = 0.05
LOCK_STRIPES = 64
NOTIFICATION_BATCH = 500
DEFAULT_MAX_GAMES = 100_000
DEFAULT_MAX_EVENTS_PER_GAME = 10_000
GAMES_LOCK = "judge.games"
"""The lock held across processes while a game is counted against max_games and saved."""



def wall_clock_ms() -> int:
    """Milliseconds since the Unix epoch, from the system clock."""
    return time.time_ns() // 1_000_000


EventLister = Callable[[str, Viewer, int, "int | None"], list[EventRecord]]


class GameEventStore(EventStore[UUID]):
    """The application's event store; calling it is the ``events`` use case.

    eventsourcing's ``Application`` keeps its event store in the attribute
    ``events``, the name of our use case too: ``app.events.get(...)`` reads
    stored domain events, ``app.events(game_id, viewer, ...)`` lists a
    game's events for a viewer (``Views.event_records``, judge/app/views.py,
    set as ``lister`` when the application is put together).
    """

    def __init__(self, mapper: Mapper[UUID], recorder: AggregateRecorder):
        super().__init__(mapper=mapper, recorder=recorder)
        self.lister: EventLister | None = None

    def __call__(
        self, game_id: str, viewer: Viewer, from_version: int = 1, to_version: int | None = None
    ) -> list[EventRecord]:
        if self.lister is None:
            raise RuntimeError("no use case lists the events of this store")
        return self.lister(game_id, viewer, from_version, to_version)


WORKER_JOIN_S = 30.0
"""How long ``close`` waits for a background thread (it ends within one of
its rounds once the server has stopped)."""


class GameStore(Application[UUID]):
    """The judge's persistence and its one write path (see the module docstring)."""

    name = "JudgeApp"  # the stored tables' and the environment's prefix: never change it
    snapshotting_intervals = {Game: DEFAULT_SNAPSHOTTING_INTERVAL}
    log_section_size = NOTIFICATION_BATCH  # the notification log is read in batches this big
    events: GameEventStore

    def __init__(
        self,
        env: Mapping[str, str] | None = None,
        clock: Clock | None = None,
        *,
        key: ServerKey | None = None,
        max_games: int | None = None,
        max_events_per_game: int | None = None,
        witness: Witness | None = None,
        seeds: Callable[[], bytes] | None = None,
    ):
        self.clock: Clock = clock or wall_clock_ms
        # Where a dealt game's secret seed comes from: fresh random bytes, or a
        # fixed sequence for a reproducible benchmark (judge_bench/bench.py).
        self.new_seed: Callable[[], bytes] = seeds or (lambda: secrets.token_bytes(32))
        self.witness = witness
        self._held: list[int] = []
        self._workers: list[threading.Thread] = []
        self._count_lock = threading.Lock()
        self.session_locks = SessionLocks(self)  # PostgreSQL's advisory locks, off the pool
        self._locks = [threading.Lock() for _ in range(LOCK_STRIPES)]
        self.saved = threading.Condition()
        """Notified after every save (and by ``wake_watchers``); ``saves`` counts them."""
        self.saves = 0
        self.closing_down = False  # set by close: every Watch of this process ends
        self.on_save: Callable[[float], None] | None = None  # told each save's seconds (metrics)
        self._saved_game_listeners: list[Callable[[Game], None]] = []
        self._saved_credentials_listeners: list[Callable[[Credentials], None]] = []
        self.sole_writer = False
        """True while this process holds the database's lock: nothing else appends (``hold``)."""
        self.view_cache = ViewCache()  # views built, per version and viewer (judge/app/view_cache.py)
        self.name_cache = ViewCache(NAMES_KEPT)  # the card names of a version (kept apart: they must not evict views)
        self.analysis_cache = ViewCache(NAMES_KEPT)  # a version's analysis where every viewer gets the same
        self.legal_cache = ViewCache(LEGAL_KEPT)  # a version's legal actions per seat (Games.legal_offers_made)
        self.told_cache = ToldCache()  # stored events told, per viewer (judge/app/told.py)
        super().__init__(dict(env) if env is not None else None)
        # An instance setting of the class variable eventsourcing reads.
        setattr(self, "snapshotting_intervals",  # noqa: B010
                {Game: self.env_int("SNAPSHOTTING_INTERVAL", DEFAULT_SNAPSHOTTING_INTERVAL)})
        self.max_games = max_games if max_games is not None else \
            self.env_int("JUDGE_MAX_GAMES", DEFAULT_MAX_GAMES)
        self.max_events_per_game = max_events_per_game if max_events_per_game is not None else \
            self.env_int("JUDGE_MAX_EVENTS_PER_GAME", DEFAULT_MAX_EVENTS_PER_GAME)
        # The games this process last saved, where writes start from (judge/app/live_games.py).
        self.live: LiveGames[Game] = LiveGames(self.env_int("JUDGE_LIVE_GAMES", DEFAULT_LIVE_GAMES))
        self.key = key or self._default_key()
        if self.witness is None and key is None:
            self.witness = self._default_witness()
        self.seal = CredentialSeal(self.key)
        self.file_guard = self._file_guard()
        self._games = 0
        self._games_position = 0  # creation notifications up to here are counted in _games
        # A database written before the exactly-once index existed gets it filled once.
        fill_from_events(self.command_index, self.mapper, get_topic(Game.CommandAccepted))  # type: ignore[attr-defined]
        self._count_new_games()

    def env_int(self, name: str, default: int) -> int:
        """The positive integer setting ``name`` of the environment (``default`` when unset)."""
        text = self.env.get(name)
        if not text:
            return default
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"{name} must be an integer, got {text!r}") from None
        if value < 1:
            raise ValueError(f"{name} must be at least 1, got {value}")
        return value

    def now_ms(self) -> int:
        """The server clock."""
        return self.clock()

    def _default_key(self) -> ServerKey:
        """The server key: ``JUDGE_SERVER_KEY_FILE``, else ``<database>.key``
        beside a SQLite file (created with mode 0600 on first use), else a
        key for this process only."""
        path = self.env.get("JUDGE_SERVER_KEY_FILE")
        if not path and isinstance(self.factory, SQLiteFactory):
            name = self.env.get("SQLITE_DBNAME", "")
            if name and ":memory:" not in name and "mode=memory" not in name:
                path = f"{name}.key"
        if path:
            return ServerKey.load_or_create(path)
        log.warning("no server key file: receipts are signed with a key for this process only")
        return ServerKey.generate()

    def _default_witness(self) -> Witness | None:
        """Beside a SQLite file whose key file beside it signs (``<database>.key``), the witness
        ``<database>.witness`` (judge/store/witness.py), so that every writer of the file keeps it."""
        name = self.env.get("SQLITE_DBNAME", "")
        if self.env.get("JUDGE_SERVER_KEY_FILE") or not isinstance(self.factory, SQLiteFactory) or not name \
                or ":memory:" in name or "mode=memory" in name:
            return None
        return Witness(f"{name}.witness", self.key)

    def hold(self, fd: int, *, sole_writer: bool = False) -> None:
        """Keep the open file descriptor ``fd`` (e.g. a lock) until ``close``. With ``sole_writer``
        it is the database's lock (judge/server/main.py ``hold_database``): no other process writes
        the database while it is held, so what this process keeps of what it saved needs no check
        against the store (``sole_writer``)."""
        self._held.append(fd)
        if sole_writer:
            self.sole_writer = True

    def attach(self, worker: threading.Thread) -> None:
        """Note a background thread that uses this application (the window
        closer, the health probe): ``close`` waits for it to end first, so no
        thread is inside the database while its connections close."""
        self._workers.append(worker)

    def close(self) -> None:
        self.closing_down = True
        self.wake_watchers()
        for worker in self._workers:
            if worker is not threading.current_thread():
                worker.join(WORKER_JOIN_S)
        super().close()
        self.session_locks.close()
        if self.witness is not None:
            self.witness.close()
        while self._held:
            os.close(self._held.pop())

    def _file_guard(self) -> FileGuard | None:
        """The guard of the SQLite database file (None for other stores)."""
        name = self.env.get("SQLITE_DBNAME", "")
        if not isinstance(self.factory, SQLiteFactory) or not name or ":memory:" in name \
                or "mode=memory" in name or not Path(name).exists():
            return None
        return FileGuard(name)

    def storage_problem(self) -> str | None:
        """What keeps the judge from storing anything now (None: nothing);
        clears by itself when the cause is gone (see ``FileGuard``)."""
        return self.file_guard.problem() if self.file_guard is not None else None

    def notifications(
        self, after: int, topics: Sequence[str] = ()
    ) -> Iterator[Sequence[Notification]]:
        """The notification log after position ``after`` (of ``topics``; all
        if empty), in batches of at most ``NOTIFICATION_BATCH``."""
        reader = NotificationLogReader(self.notification_log, section_size=NOTIFICATION_BATCH)
        return reader.select(start=after, topics=topics, inclusive_of_start=False)

    def _count_new_games(self) -> None:
        """Bring ``_games`` up to date: add the creation events the log holds
        since the last count (games created by any process sharing the store)."""
        for batch in self.notifications(self._games_position, CREATION_TOPICS):
            self._games_position = batch[-1].id
            self._games += len(batch)

    @property
    def game_count(self) -> int:
        """How many games the store holds, created by any process sharing it
        (read from the log's new creation events; the last count while the
        store cannot be read)."""
        with self._count_lock:
            try:
                self._count_new_games()
            except Exception:  # noqa: BLE001 - a metrics scrape must not fail with the database
                log.warning("cannot count the stored games", exc_info=True)
            return self._games

    @contextmanager
    def admitting_a_game(self) -> Iterator[None]:
        """Held while a new game is counted against ``max_games`` and saved:
        ``ResourceExhausted`` when the store holds the limit. The count and
        the save run under a lock every replica takes, so the limit holds
        exactly across them."""
        with self._count_lock, shared_lock(self, GAMES_LOCK):
            self._count_new_games()  # the games every replica created so far, ours included
            if self._games >= self.max_games:
                raise ResourceExhausted(
                    said(N_("this server holds the limit of {max_games} games (max_games)"), max_games=self.max_games))
            yield

    @staticmethod
    def sqlite(path: str | Path) -> dict[str, str]:
        """The environment for a SQLite database file (``judge.store.sqlite_env``)."""
        return sqlite_env(path)

    def construct_factory(self, env: Environment) -> InfrastructureFactory:
        """The library's factory, with durable SQLite connections whenever
        SQLite is selected (also as plain ``eventsourcing.sqlite``)."""
        factory: InfrastructureFactory[Any] = super().construct_factory(env)
        if type(factory) is SQLiteFactory:
            factory.close()
            factory = DurableSQLiteFactory(env)
        return factory

    def construct_recorder(self) -> Any:
        """The library's application recorder of the selected storage, keeping
        the exactly-once index of command ids too (judge/domain/command_index.py)."""
        factory: Any = self.factory
        if isinstance(factory, PostgresFactory):
            # Storage.env names the class (group commit or not); PostgresCommandIndexRecorder otherwise.
            topic = factory.env.get("APPLICATION_RECORDER_TOPIC")
            recorder_class = resolve_topic(topic) if topic else PostgresCommandIndexRecorder
            if not issubclass(recorder_class, CommandIndex):
                raise ValueError(f"the recorder {topic} keeps no index of command ids")
            recorder: Any = recorder_class(
                factory.datastore, events_table_name=f"{factory.env.name.lower() or 'stored'}_events")
            if factory.env_create_table():
                recorder.create_table()
            return recorder
        if isinstance(factory, POPOFactory):
            return POPOCommandIndexRecorder()
        recorder = factory.application_recorder()
        if not isinstance(recorder, CommandIndex):
            raise ValueError(f"the storage {type(factory).__name__} keeps no index of command ids")
        return recorder

    @property
    def command_index(self) -> CommandIndex:
        """Where the versions of the games' command ids are looked up."""
        return cast(CommandIndex, self.recorder)

    def construct_mapper(self) -> Mapper[UUID]:
        """The library's mapper, whose decoding failures are ``CorruptRecord`` (DATA_LOSS)."""
        return CheckedMapper.of(super().construct_mapper())

    def construct_event_store(self) -> GameEventStore:
        return GameEventStore(self.mapper, self.recorder)

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        super().register_transcodings(transcoder)
        register_state_transcodings(transcoder)

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """Save, keep the saved games for the next write, tell the witness and
        the listeners of saved games (``when_saved``: the deadline table need
        not load them again) and wake up local watchers.

        Nothing is written into a database file that was removed or replaced
        under the judge, and a write the store refuses (disk full, read-only)
        is ``Unavailable`` saying that nothing was recorded (see
        ``storage_problem``)."""
        guard = self.file_guard
        if guard is not None and (moved := guard.moved()) is not None:
            raise Unavailable(said(N_("nothing was recorded: {moved}"), moved=moved))
        started = time.perf_counter()
        changed = [obj for obj in objs if isinstance(obj, Game) and obj.pending_events]
        firsts = {game.game_id: game.pending_events[0].originator_version for game in changed}
        # The exactly-once index rows of the accepted commands, stored in the events' transaction.
        kwargs["command_ids"] = [row for game in changed for row in rows_of(game.id, game.pending_events)]
        if self.witness is not None:
            # A new game is named in the witness before it is stored, so a stored game without a
            # line is one whose line was removed, even right after a crash (judge/store/witness.py).
            for game in changed:
                if game.pending_events[0].originator_version == 1:
                    self.witness.new_game(game.game_id)
        try:
            recordings = super().save(*objs, **kwargs)
        except IntegrityError:
            raise  # another writer was first: the callers re-read and retry
        except PersistenceError as e:
            if guard is None:
                raise
            raise Unavailable(said(N_("nothing was recorded: {value}"), value=guard.failed(e))) from e
        if guard is not None:
            guard.succeeded()
        for game in changed:
            self.live.saved(game.game_id, game)
        if self.witness is not None:
            for obj in objs:
                if isinstance(obj, Game):
                    self.witness.saw(obj.game_id, obj.version, obj.chain_head, firsts.get(obj.game_id))
                elif isinstance(obj, Credentials):
                    self.witness.saw_credentials(obj.game_id, obj.version)
        if self.on_save is not None:
            self.on_save(time.perf_counter() - started)
        for obj in objs:
            if isinstance(obj, Game):
                for listener in self._saved_game_listeners:
                    listener(obj)
            elif isinstance(obj, Credentials):
                for heed in self._saved_credentials_listeners:
                    heed(obj)
        self.wake_watchers()
        return recordings

    def when_saved(self, listener: Callable[[Game], None]) -> None:
        """Call ``listener`` with every game this process saves, after the save."""
        self._saved_game_listeners.append(listener)

    def when_credentials_saved(self, listener: Callable[[Credentials], None]) -> None:
        """Call ``listener`` with every game's credentials this process saves, after the save."""
        self._saved_credentials_listeners.append(listener)

    def wake_watchers(self) -> None:
        """Make every Watch of this process read the log now (after a local
        save, or when another process sharing the database appended)."""
        with self.saved:
            self.saves += 1
            self.saved.notify_all()

    def _take_snapshots(self, processing_event: Any) -> None:
        """Snapshot a game at each multiple of its interval. A game saved with that version as
        its newest is snapshotted as it is in memory (the state its events fold to, which the
        full start-up check compares with a replay): the library would read it back from the
        store first, which cost a Submit that reached the interval a whole reload. Any other
        (a multiple in the middle of a save's events) is read back as before."""
        if not self.snapshots or not self.snapshotting_intervals:
            return
        snapshots = self.snapshots
        for event in processing_event.events:
            aggregate = processing_event.aggregates.get(event.originator_id)
            interval = self.snapshotting_intervals.get(type(aggregate)) if aggregate is not None else None
            if interval is None or event.originator_version % interval:
                continue
            if aggregate.version == event.originator_version and not aggregate.pending_events:
                snapshot_class: Any = getattr(type(aggregate), "Snapshot", type(self).snapshot_class)
                try:
                    snapshots.put([snapshot_class.take(aggregate)])
                except IntegrityError:
                    pass  # the same snapshot exists already (replay is deterministic)
                except PersistenceError as e:
                    log.warning("snapshot of %s at version %s not written: %s",
                                event.originator_id, event.originator_version, e)
            else:
                self.take_snapshot(event.originator_id, event.originator_version)

    def take_snapshot(
        self,
        aggregate_id: UUID,
        version: int | None = None,
        projector_func: ProjectorFunction[Any, Any] = project_aggregate,
    ) -> None:
        """Snapshots are an optimisation: one that cannot be written (e.g.
        another replica wrote the same one) never fails a saved command."""
        try:
            super().take_snapshot(aggregate_id, version, projector_func)
        except IntegrityError:
            pass  # the same snapshot exists already (replay is deterministic)
        except PersistenceError as e:
            log.warning("snapshot of %s at version %s not written: %s", aggregate_id, version, e)

    @staticmethod
    def uuid(game_id: str) -> UUID:
        """The game's UUID from its one canonical spelling (lower-case hex with
        dashes, as the judge issues it): ``{...}``, ``urn:uuid:``, upper case or
        no dashes name no game, so a game has exactly one id."""
        try:
            uid = UUID(str(game_id))
        except (TypeError, ValueError):
            raise GameNotFound(str(game_id)) from None
        if str(uid) != game_id:
            raise GameNotFound(str(game_id))
        return uid

    def game(self, game_id: str, version: int | None = None) -> Game:
        """The game loaded from the store (at ``version``; None: the newest);
        ``GameNotFound`` for an unknown game."""
        try:
            game: object = self.repository.get(self.uuid(game_id), version=version)
        except AggregateNotFoundError:
            raise GameNotFound(str(game_id)) from None
        if not isinstance(game, Game):
            raise GameNotFound(str(game_id))
        return game

    def stored_beyond(self, game_id: str, version: int) -> bool:
        """Whether the store holds an event of the game after ``version``."""
        return bool(self.recorder.select_events(self.uuid(game_id), gt=version, limit=1))

    def current(self, game_id: str) -> Game:
        """The game now, for reading only: the game kept in memory when the store holds no later event of
        it (another writer may have appended; a sole writer, ``hold``, does not ask: every save is its own
        and keeps or drops the game it saved), else the game loaded from the store. A kept game is never
        changed (writes work on a fork), so it may be read without the game's lock."""
        live = self.live.get(game_id)
        if live is not None and (self.sole_writer or not self.stored_beyond(game_id, live.version)):
            return live
        return self.game(game_id)

    @staticmethod
    def back_off(retry: int) -> None:
        """Wait a random time before retry number ``retry`` (1, 2, ...) of a write another writer
        beat (full jitter: up to WRITE_BACKOFF_S * 2 ** (retry - 1), at most WRITE_BACKOFF_CAP_S).
        Retrying at once would keep the writers in step: the one that re-reads the game from the
        store would keep losing to one that writes from the game it keeps in memory."""
        time.sleep(random.uniform(0, min(WRITE_BACKOFF_CAP_S, WRITE_BACKOFF_S * 2 ** (retry - 1))))

    def lock_for(self, game_id: str) -> threading.Lock:
        """The lock stripe of a game: held by this process's writers of it."""
        return self._locks[zlib.crc32(str(game_id).encode()) % LOCK_STRIPES]

    def write(
        self, game_id: str, step: Callable[[Game], T], also: list[Any] | None = None
    ) -> tuple[Game, list[Any], T]:
        """Load the game, run ``step`` (which validates and triggers events)
        and save; if another writer appended first (the save clashes, or
        ``step`` refuses the copy kept in memory while the store holds a later
        event), reload and run ``step`` again. Returns the game, the events saved and ``step``'s result.
        Aggregates ``step`` puts in ``also`` (emptied before each attempt) are
        saved in the same transaction as the game."""
        for attempt in range(MAX_WRITE_ATTEMPTS):
            if attempt:
                self.back_off(attempt)  # outside the lock: other games of its stripe need not wait
            with self.lock_for(game_id):
                if also is not None:
                    also.clear()
                live = self.live.get(game_id)
                game = fork(live) if live is not None else self.game(game_id)
                if live is None and self.witness is not None and not self.witness.covers_every_game:
                    self.witness.seen(game.game_id, game.version, game.chain_head)  # a replica notes what it saw
                # A step that fails leaves the cached game as it was: it worked on a fork.
                try:
                    result = step(game)
                except Exception:
                    if live is None or self.sole_writer or not self.stored_beyond(game_id, live.version):
                        raise
                    # Refused by the copy kept here while another writer (a replica) has appended
                    # since: the answer must come from the game as stored.
                    self.live.drop(game_id)
                    continue
                pending = list(game.pending_events)
                if pending and game.version > self.max_events_per_game:
                    raise ResourceExhausted(
                        said(N_("the game has reached the limit of {max_events_per_game} events per game "
                                 "(max_events_per_game)"), max_events_per_game=self.max_events_per_game))
                if pending:
                    try:
                        self.save(game, *(also or ()))
                    except IntegrityError:
                        self.live.drop(game_id)
                        continue  # another writer appended this version first: re-load from the store
                    except BaseException:
                        self.live.drop(game_id)  # whether anything reached the store is not known
                        raise
                return game, pending, result
        raise WriteContention(MAX_WRITE_ATTEMPTS, self.game(game_id).version)

    def request_outcome(self, scope: str, key: str) -> dict[str, Any] | None:
        """What the request with idempotency key ``key`` in ``scope`` did, if
        it was stored (judge/domain/request_keys.py)."""
        try:
            used: object = self.repository.get(request_key_id(scope, key))
        except AggregateNotFoundError:
            return None
        return dict(used.outcome) if isinstance(used, RequestKey) else None
