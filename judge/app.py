"""JudgeApp: the judge's use cases on top of the event store.

Each use case loads a game, checks the caller's role, runs one command of the
``Game`` aggregate and saves it; queries fold stored events. Nothing here
speaks protobuf: results are the plain types of judge/app_types.py, errors
those of judge/errors.py plus ``Rejected``/``Malformed`` from the rules core.

Persistence is configured like any eventsourcing application, from the
environment (``PERSISTENCE_MODULE``, ``SQLITE_DBNAME``, ``POSTGRES_*`` ...);
``JudgeApp.sqlite(path)`` builds the environment for a SQLite file. SQLite
connections run with ``synchronous=FULL`` in WAL mode, so an acknowledged
command is on disk. Snapshots of games are taken every
``SNAPSHOTTING_INTERVAL`` events (default 50; ``IS_SNAPSHOTTING_ENABLED=n``
turns them off).

``app.events`` is eventsourcing's event store (``app.events.get(...)``) and,
called, the use case listing a game's events for a viewer
(``app.events(game_id, viewer, from_version, to_version)``, also available
as ``event_records``).

Concurrency is optimistic: two writers can never both append version N of a
game. A writer that loses reloads and tries again (so a concurrent retry of
the same command id returns the first result and records once); with an
``expected_version`` a lost race is a ``VersionConflict``. Within one process
a per-game lock avoids needless conflicts.

Trust (docs/security.md): every write is acknowledged with a ``Receipt``
signed by the server key (``key``; by default the file ``<database>.key``,
created with mode 0600, or ``JUDGE_SERVER_KEY_FILE``); game events form a
hash chain (judge/domain/chain.py); ``admin_token_hash`` is the hash of the
server-wide admin token, which acts as the organizer of every game and may
import records. Limits: ``max_games`` (``JUDGE_MAX_GAMES``) games in the
store (counted from the log before each creation, under a lock every
process sharing the store takes, so replicas sharing a database share the
limit exactly) and ``max_events_per_game`` (``JUDGE_MAX_EVENTS_PER_GAME``) events
per game, each a ``ResourceExhausted`` naming the limit. A dealt game's
secret seed is kept with its credentials and handed to the rules in every
``Context``. ``check_integrity`` reads every stored event (and replays every
game) and raises ``CorruptRecord`` naming the game and the version.
"""

from __future__ import annotations

import hashlib
import logging
import os
import secrets
import threading
import time
import weakref
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
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
from eventsourcing.sqlite import SQLiteFactory
from eventsourcing.system import NotificationLogReader
from eventsourcing.utils import Environment, get_topic

from judge.rules import registry
from judge.app_types import (
    AskResult,
    AuditReport,
    Created,
    Discrepancy,
    DisputeRecord,
    EventRecord,
    GameSummary,
    SubmitResult,
)
from judge.domain.chain import Receipt, ServerKey, genesis
from judge.domain.credentials import ROLES, Credentials, Tokens, credentials_id, token_hash
from judge.domain.request_keys import RequestKey, request_key_id
from judge.domain.sealing import CredentialSeal, SealError
from judge.domain.game import (
    MAX_COMMAND_ID,
    Game,
    chain_data,
    event_data,
    event_hash,
    event_kind,
    recorded_at_ms,
    redacted_data,
)
from judge.domain.persistence import (
    SQLITE_TOPIC,
    DurableSQLiteFactory,
    register_state_transcodings,
)
from judge.live_games import DEFAULT_LIVE_GAMES, LiveGames, fork
from judge.positions import analysis_of, position_of
from judge.domain.rules import (
    JudgeRuleset,
    judge_recorded,
    jsonable,
    rules_version_of,
    ruling_from_dict,
    same_state,
)
from judge.errors import (
    CorruptRecord,
    GameNotFound,
    InvalidArgument,
    PermissionDenied,
    ResourceExhausted,
    Unauthenticated,
    Unavailable,
    VersionConflict,
)
from judge.storage import shared_lock
from judge.storage_guard import FileGuard
from judge.witness import Witness, WitnessError
from judge.record import (
    STATE,
    GameRecord,
    RecordedEvent,
    RecordHeader,
    read_record,
    revealed_seed,
    run_audit,
    server_key_dict,
    write_record,
)
from judge.rules.chance import commitment
from judge.rules.engine import (
    ORGANIZER,
    Action,
    Command,
    Context,
    GameSetup,
    Viewer,
    canonical_json,
)
from judge.rules.ruling import Malformed, Rejected

log = logging.getLogger(__name__)

T = TypeVar("T")

Clock = Callable[[], int]

DEFAULT_SNAPSHOTTING_INTERVAL = 50
MAX_WRITE_ATTEMPTS = 8
LOCK_STRIPES = 64
NOTIFICATION_BATCH = 500
DEFAULT_MAX_GAMES = 100_000
DEFAULT_MAX_EVENTS_PER_GAME = 10_000
GAMES_LOCK = "judge.games"
"""The lock held across processes while a game is counted against max_games and saved."""
HIDDEN = "(hidden)"

CREATION_EVENT_CLASSES: tuple[type, ...] = (
    Game.GameCreated,  # type: ignore[attr-defined]
    Game.GameImported,
)
GAME_EVENT_CLASSES: tuple[type, ...] = (
    *CREATION_EVENT_CLASSES,
    Game.CommandAccepted,  # type: ignore[attr-defined]
    Game.DisputeOpened,  # type: ignore[attr-defined]
    Game.DisputeResolved,  # type: ignore[attr-defined]
)


def wall_clock_ms() -> int:
    """Milliseconds since the Unix epoch, from the system clock."""
    return time.time_ns() // 1_000_000


class GameEventStore(EventStore[UUID]):
    """The application's event store; calling it is the ``events`` use case.

    eventsourcing's ``Application`` keeps its event store in the attribute
    ``events``, the name of our use case too: ``app.events.get(...)`` reads
    stored domain events, ``app.events(game_id, viewer, ...)`` lists a
    game's events for a viewer (``JudgeApp.event_records``).
    """

    def __init__(self, mapper: Mapper[UUID], recorder: AggregateRecorder, app: JudgeApp):
        super().__init__(mapper=mapper, recorder=recorder)
        self._app = weakref.ref(app)

    def __call__(
        self, game_id: str, viewer: Viewer, from_version: int = 1, to_version: int | None = None
    ) -> list[EventRecord]:
        app = self._app()
        if app is None:
            raise RuntimeError("the application of this event store is gone")
        return app.event_records(game_id, viewer, from_version, to_version)


WORKER_JOIN_S = 30.0
"""How long ``close`` waits for a background thread (it ends within one of
its rounds once the server has stopped)."""


class JudgeApp(Application[UUID]):
    """The judge's use cases (see the module docstring)."""

    snapshotting_intervals = {Game: DEFAULT_SNAPSHOTTING_INTERVAL}
    log_section_size = NOTIFICATION_BATCH  # the notification log is read in batches this big
    events: GameEventStore

    def __init__(
        self,
        env: Mapping[str, str] | None = None,
        clock: Clock | None = None,
        *,
        key: ServerKey | None = None,
        admin_token_hash: str | None = None,
        max_games: int | None = None,
        max_events_per_game: int | None = None,
        witness: Witness | None = None,
        seeds: Callable[[], bytes] | None = None,
    ):
        self._clock: Clock = clock or wall_clock_ms
        # Where a dealt game's secret seed comes from: fresh random bytes, or a
        # fixed sequence for a reproducible benchmark (judge/bench.py).
        self._new_seed: Callable[[], bytes] = seeds or (lambda: secrets.token_bytes(32))
        self.witness = witness
        self._held: list[int] = []
        self._workers: list[threading.Thread] = []
        self._admin_hash = admin_token_hash
        self._count_lock = threading.Lock()
        self._rulesets_of_games: dict[str, JudgeRuleset] = {}  # a game never changes its ruleset
        self._people: dict[tuple[str, int], tuple[int, ...]] = {}  # nor the seats one person plays
        self._seeds: dict[str, bytes | None] = {}
        self._locks = [threading.Lock() for _ in range(LOCK_STRIPES)]
        self._saved = threading.Condition()
        self._saves = 0
        self.on_save: Callable[[float], None] | None = None  # told each save's seconds (metrics)
        self._follow_lock = threading.Lock()  # one reader of the notification log at a time
        self._deadline_lock = threading.Lock()  # guards the two tables below
        self._deadlines: dict[str, int] = {}
        self._deadline_versions: dict[str, int] = {}  # game id -> version _deadlines reflects
        self._deadline_position = 0  # notifications up to here are followed (read lazily)
        self._actors: dict[tuple[str, int], int | None] = {}
        self._game_topics = tuple(get_topic(cls) for cls in GAME_EVENT_CLASSES)
        self._rotation_topic = get_topic(Credentials.TokenRotated)  # type: ignore[attr-defined]
        self._credentials_topics = (
            get_topic(Credentials.CredentialsIssued),  # type: ignore[attr-defined]
            self._rotation_topic,
            get_topic(Credentials.CredentialsSealed),  # type: ignore[attr-defined]
        )
        super().__init__(dict(env) if env is not None else None)
        # An instance setting of the class variable eventsourcing reads.
        setattr(self, "snapshotting_intervals",  # noqa: B010
                {Game: self._env_int("SNAPSHOTTING_INTERVAL", DEFAULT_SNAPSHOTTING_INTERVAL)})
        self.max_games = max_games if max_games is not None else \
            self._env_int("JUDGE_MAX_GAMES", DEFAULT_MAX_GAMES)
        self.max_events_per_game = max_events_per_game if max_events_per_game is not None else \
            self._env_int("JUDGE_MAX_EVENTS_PER_GAME", DEFAULT_MAX_EVENTS_PER_GAME)
        # The games this process last saved, where writes start from (judge/live_games.py).
        self._live: LiveGames[Game] = LiveGames(self._env_int("JUDGE_LIVE_GAMES", DEFAULT_LIVE_GAMES))
        self.key = key or self._default_key()
        self.seal = CredentialSeal(self.key)
        self.file_guard = self._file_guard()
        self._games = 0
        self._games_position = 0  # creation notifications up to here are counted in _games
        self._count_new_games()

    def _env_int(self, name: str, default: int) -> int:
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

    def hold(self, fd: int) -> None:
        """Keep the open file descriptor ``fd`` (e.g. a lock) until ``close``."""
        self._held.append(fd)

    def attach(self, worker: threading.Thread) -> None:
        """Note a background thread that uses this application (the window
        closer, the health probe): ``close`` waits for it to end first, so no
        thread is inside the database while its connections close."""
        self._workers.append(worker)

    def close(self) -> None:
        for worker in self._workers:
            if worker is not threading.current_thread():
                worker.join(WORKER_JOIN_S)
        super().close()
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

    def _notification_batches(
        self, after: int, topics: Sequence[str] = ()
    ) -> Iterator[Sequence[Notification]]:
        """The notification log after position ``after`` (of ``topics``; all
        if empty), in batches of at most ``NOTIFICATION_BATCH``."""
        reader = NotificationLogReader(self.notification_log, section_size=NOTIFICATION_BATCH)
        return reader.select(start=after, topics=topics, inclusive_of_start=False)

    def list_games(self, after: int = 0, limit: int = 100) -> tuple[list[GameSummary], int]:
        """Up to ``limit`` games in the order they were created or imported,
        after the position ``after`` of the store's log; with the position to
        continue from (0 when there are no more)."""
        topics = tuple(get_topic(cls) for cls in CREATION_EVENT_CLASSES)
        found: list[GameSummary] = []
        position = after
        for batch in self._notification_batches(after, topics):
            for n in batch:
                if len(found) == limit:
                    return found, position
                first = self.mapper.to_domain_event(n)
                data = event_data(first)
                setup = data["setup"]
                found.append(GameSummary(
                    game_id=str(n.originator_id), ruleset=str(setup.get("ruleset", "")),
                    rules_version=str(data["rules_version"]), created_at_ms=recorded_at_ms(event_kind(first), data),
                    seats=[str(seat.get("name", "")) for seat in setup.get("seats", [])],
                    imported_from=str(data.get("source_game_id", "")),
                ))
                position = n.id
        return found, 0

    def _count_new_games(self) -> None:
        """Bring ``_games`` up to date: add the creation events the log holds
        since the last count (games created by any process sharing the store)."""
        topics = tuple(get_topic(cls) for cls in CREATION_EVENT_CLASSES)
        for batch in self._notification_batches(self._games_position, topics):
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

    # ------------------------------------------------------------------ set-up

    @staticmethod
    def sqlite(path: str | Path) -> dict[str, str]:
        """The environment for a SQLite database file with durable
        (``synchronous=FULL``) WAL connections. The file (and its directory)
        is created if absent when the application opens it."""
        file = Path(path)
        file.parent.mkdir(parents=True, exist_ok=True)
        return {
            "PERSISTENCE_MODULE": SQLITE_TOPIC,
            "SQLITE_DBNAME": str(file),
            "SQLITE_LOCK_TIMEOUT": "30",
        }

    def construct_factory(self, env: Environment) -> InfrastructureFactory:
        """The library's factory, with durable SQLite connections whenever
        SQLite is selected (also as plain ``eventsourcing.sqlite``)."""
        factory: InfrastructureFactory[Any] = super().construct_factory(env)
        if type(factory) is SQLiteFactory:
            factory.close()
            factory = DurableSQLiteFactory(env)
        return factory

    def construct_event_store(self) -> GameEventStore:
        return GameEventStore(self.mapper, self.recorder, self)

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        super().register_transcodings(transcoder)
        register_state_transcodings(transcoder)

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """Save, note the saved games' pending deadlines (so the deadline
        table need not load them again) and wake up local watchers.

        Nothing is written into a database file that was removed or replaced
        under the judge, and a write the store refuses (disk full, read-only)
        is ``Unavailable`` saying that nothing was recorded (see
        ``storage_problem``)."""
        guard = self.file_guard
        if guard is not None and (moved := guard.moved()) is not None:
            raise Unavailable(f"nothing was recorded: {moved}")
        started = time.perf_counter()
        changed = [obj for obj in objs if isinstance(obj, Game) and obj.pending_events]
        try:
            recordings = super().save(*objs, **kwargs)
        except IntegrityError:
            raise  # another writer was first: the callers re-read and retry
        except PersistenceError as e:
            if guard is None:
                raise
            raise Unavailable(f"nothing was recorded: {guard.failed(e)}") from e
        if guard is not None:
            guard.succeeded()
        for game in changed:
            self._live.saved(game.game_id, game)
        if self.witness is not None:
            for obj in objs:
                if isinstance(obj, Game):
                    self.witness.saw(obj.game_id, obj.version, obj.chain_head)
        if self.on_save is not None:
            self.on_save(time.perf_counter() - started)
        for obj in objs:
            if isinstance(obj, Game):
                self._note_deadline(obj)
        self.wake_watchers()
        return recordings

    def wake_watchers(self) -> None:
        """Make every Watch of this process read the log now (after a local
        save, or when another process sharing the database appended)."""
        with self._saved:
            self._saves += 1
            self._saved.notify_all()

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

    # ------------------------------------------------------------------ loading

    @staticmethod
    def _uuid(game_id: str) -> UUID:
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

    def _game(self, game_id: str, version: int | None = None) -> Game:
        try:
            game: object = self.repository.get(self._uuid(game_id), version=version)
        except AggregateNotFoundError:
            raise GameNotFound(str(game_id)) from None
        if not isinstance(game, Game):
            raise GameNotFound(str(game_id))
        return game

    def _current(self, game_id: str) -> Game:
        """The game now, for reading only: the game kept in memory when the
        store holds no later event of it (another writer may have appended),
        else the game loaded from the store. A kept game is never changed
        (writes work on a fork), so it may be read without the game's lock."""
        live = self._live.get(game_id)
        if live is not None and not self.recorder.select_events(self._uuid(game_id), gt=live.version, limit=1):
            return live
        return self._game(game_id)

    def _lock_for(self, game_id: str) -> threading.Lock:
        return self._locks[zlib.crc32(str(game_id).encode()) % LOCK_STRIPES]

    def _write(
        self, game_id: str, step: Callable[[Game], T], also: list[Any] | None = None
    ) -> tuple[Game, list[Any], T]:
        """Load the game, run ``step`` (which validates and triggers events)
        and save; if another writer appended first, reload and run ``step``
        again. Returns the game, the events saved and ``step``'s result.
        Aggregates ``step`` puts in ``also`` (emptied before each attempt) are
        saved in the same transaction as the game."""
        with self._lock_for(game_id):
            seen = 0
            for _ in range(MAX_WRITE_ATTEMPTS):
                if also is not None:
                    also.clear()
                live = self._live.get(game_id)
                game = fork(live) if live is not None else self._game(game_id)
                seen = game.version
                # A step that fails leaves the cached game as it was: it worked on a fork.
                result = step(game)
                pending = list(game.pending_events)
                if pending and game.version > self.max_events_per_game:
                    raise ResourceExhausted(
                        f"the game has reached the limit of {self.max_events_per_game} events "
                        "per game (max_events_per_game)")
                if pending:
                    try:
                        self.save(game, *(also or ()))
                    except IntegrityError:
                        self._live.drop(game_id)
                        continue  # another writer appended this version first: re-load from the store
                    except BaseException:
                        self._live.drop(game_id)  # whether anything reached the store is not known
                        raise
                return game, pending, result
            raise VersionConflict(seen, self._game(game_id).version)

    # ------------------------------------------------------------------ creation and auth

    def create_game(self, setup: GameSetup) -> Created:
        """Create a game pinned to the current rules version of its ruleset.

        A dealt game gets a fresh 32-byte secret seed; the set-up commits to
        it (``options["seed_sha256"]``) before the ruleset sees it, and the
        seed itself is kept with the credentials."""
        ruleset = cast(JudgeRuleset, registry.get(setup.ruleset))
        setup = replace(setup, ruleset=ruleset.name)
        seed: bytes | None = None
        if setup.mode == "dealt":
            seed = self._new_seed()
            setup = replace(setup, options={**setup.options, "seed_sha256": commitment(seed)})
        ruleset.validate_setup(setup)
        game = Game.create(setup, rules_version_of(ruleset), self._clock())
        created = self._issue(game, seed)
        opening_of = getattr(ruleset, "opening_command", None)  # optional: a game may open with no command
        opening = opening_of(game.state) if opening_of is not None else None
        if opening is not None:
            # The judge opens the game itself (a dealt table: the opening
            # hands), so every seat sees the result right away.
            opened = self.submit(created.game_id, f"judge:{opening.action.kind}", opening, 1, ORGANIZER)
            created = replace(created, view=opened.view)
        return created

    def now_ms(self) -> int:
        """The server clock (what a quick ruling on a position is judged at)."""
        return self._clock()

    def ruleset_of(self, game_id: str) -> JudgeRuleset:
        """The ruleset a game is judged by (``GameNotFound`` for an unknown game)."""
        with self._count_lock:
            known = self._rulesets_of_games.get(game_id)
        if known is None:
            known = self._game(game_id).ruleset
            with self._count_lock:
                self._rulesets_of_games[game_id] = known
        return known

    def _issue(self, game: Game, seed: bytes | None = None, *also: Any) -> Created:
        tokens = Tokens.issue(game.seat_count)
        # Counting and saving under a lock every replica takes: max_games holds exactly across them.
        with self._count_lock, shared_lock(self, GAMES_LOCK):
            self._count_new_games()  # the games every replica created so far, ours included
            if self._games >= self.max_games:
                raise ResourceExhausted(
                    f"this server holds the limit of {self.max_games} games (max_games)")
            # (An imported record longer than max_events_per_game was refused before its audit.)
            self.save(game, Credentials.issue(game.game_id, tokens, seed, self.seal), *also)
        self._seeds[game.game_id] = seed
        return Created(
            game_id=game.game_id,
            seat_tokens=list(tokens.seats),
            organizer_token=tokens.organizer,
            spectator_token=tokens.spectator,
            rules_version=game.rules_version,
            view=self._view(game, ORGANIZER),
            receipt=self.key.receipt(game.game_id, 1, game.version, game.chain_head),
        )

    def _credentials(self, game_id: str) -> Credentials:
        try:
            credentials: object = self.repository.get(credentials_id(str(self._uuid(game_id))))
        except AggregateNotFoundError:
            raise GameNotFound(str(game_id)) from None
        if not isinstance(credentials, Credentials):
            raise GameNotFound(str(game_id))
        return credentials

    def is_admin(self, token: str) -> bool:
        """True if ``token`` is the server's admin token."""
        return bool(self._admin_hash and token) and \
            secrets.compare_digest(token_hash(token), self._admin_hash or "")

    def authenticate(self, game_id: str, token: str) -> Viewer:
        """The viewer a token stands for in a game (the admin token is the
        organizer of every game)."""
        credentials = self._credentials(game_id)
        if not token:
            raise Unauthenticated("a token is required")
        viewer = credentials.identify(token, self.seal)
        if viewer is None and self.is_admin(token):
            viewer = ORGANIZER
        if viewer is None:
            raise Unauthenticated("the token is not valid for this game")
        if viewer.role == "seat" and viewer.seat is not None:
            viewer = replace(viewer, also=self._same_person(game_id, viewer.seat))
        return viewer

    def _same_person(self, game_id: str, seat: int) -> tuple[int, ...]:
        """The other seats the person playing ``seat`` plays (Munchkin for two players: the alter ego,
        001 "MUNCHKIN FÜR ZWEI SPIELER"); its token acts and sees for them too."""
        with self._count_lock:
            known = self._people.get((game_id, seat))
        if known is None:
            person = getattr(self.ruleset_of(game_id), "person_seats", None)
            seats = person(self._current(game_id).state, seat) if person is not None else (seat,)
            known = tuple(s for s in seats if s != seat)
            with self._count_lock:
                self._people[(game_id, seat)] = known
        return known

    def authenticate_admin(self, token: str) -> None:
        """Raise unless ``token`` is the server's admin token."""
        if not token:
            raise Unauthenticated("a token is required")
        if not self._admin_hash:
            raise PermissionDenied("this server has no admin token: start it with one to allow this")
        if not self.is_admin(token):
            raise PermissionDenied("only the server's admin token may do this")

    def rotate_token(self, game_id: str, role: str, seat: int | None, viewer: Viewer) -> str:
        """Replace a token of the game with a fresh one (organizer only) and
        return it; the old token stops working at once."""
        game = self._game(game_id)
        self._require_organizer(viewer, "rotate tokens")
        if role not in ROLES:
            raise InvalidArgument("role", f"one of {', '.join(ROLES)}")
        if role == "seat" and (seat is None or not 0 <= seat < game.seat_count):
            raise InvalidArgument("seat", f"the game has no seat {seat}")
        with self._lock_for(game_id):
            for _ in range(MAX_WRITE_ATTEMPTS):
                credentials = self._credentials(game_id)
                token = credentials.rotate(role, seat if role == "seat" else None, self.seal)
                try:
                    self.save(credentials)
                except IntegrityError:
                    continue
                return token
        raise ResourceExhausted("the credentials are being changed concurrently; try again")

    # ------------------------------------------------------------------ dealt games

    def _seed(self, game: Game) -> bytes | None:
        """The secret seed of a dealt game (None for other games)."""
        if game.setup.get("mode") != "dealt":
            return None
        if game.game_id not in self._seeds:
            try:
                self._seeds[game.game_id] = self._credentials(game.game_id).seed(self.seal)
            except SealError as e:
                raise CorruptRecord(f"game {game.game_id}: {e}") from e
        return self._seeds[game.game_id]

    def _context(self, game: Game) -> Context:
        """The context the rules judge with now: the server clock and, for a
        dealt game, its secret seed."""
        return Context(now_ms=self._clock(), secret_seed=self._seed(game))

    # ------------------------------------------------------------------ receipts and the chain

    def _receipt(self, game: Game, first: int, last: int, head: str | None = None) -> Receipt:
        return self.key.receipt(game.game_id, first, last, head if head is not None else game.chain_head)

    @staticmethod
    def _hash_of(domain_event: Any) -> str:
        """The chain hash of a stored game event (recomputed, not trusted)."""
        return event_hash(domain_event, chain_data(domain_event)["prev_hash"])

    # ------------------------------------------------------------------ permissions

    @staticmethod
    def _require_actor(viewer: Viewer, command: Command) -> None:
        """A seat acts only for itself; the organizer only for the judge
        (commands without a seat); spectators never."""
        if viewer.role == "seat":
            if not viewer.is_seat(command.seat):
                raise PermissionDenied(f"seat {viewer.seat} may only act for itself")
        elif viewer.role == "organizer":
            if command.seat is not None:
                raise PermissionDenied("the organizer may not act for a seat")
        else:
            raise PermissionDenied("spectators may not submit commands")

    @staticmethod
    def _require_observer(viewer: Viewer, seat: int | None) -> None:
        """Questions about a seat (ask, legal actions) reveal its hand: only
        the seat itself and the organizer may ask them."""
        if viewer.sees_everything:
            return
        if not viewer.is_seat(seat):
            raise PermissionDenied("only the seat itself and the organizer may ask about a seat")

    @staticmethod
    def _require_organizer(viewer: Viewer, what: str) -> None:
        if not viewer.sees_everything:
            raise PermissionDenied(f"only the organizer may {what}")

    # ------------------------------------------------------------------ commands

    def submit(
        self,
        game_id: str,
        command_id: str,
        command: Command,
        expected_version: int | None,
        viewer: Viewer,
    ) -> SubmitResult:
        """Judge a command and record it if the rules allow it.

        Checks, in order: the game exists; the viewer may act for the
        command's seat; a known command id returns the first result
        (``duplicate=True``, the same events, the game's current version and
        view); a stale ``expected_version`` raises ``VersionConflict``; then
        the rules decide (``Rejected``/``Malformed``) and the events are saved.
        """

        def step(game: Game) -> int | None:
            nonlocal command
            # The organizer acts for the table itself (e.g. recording an agreed
            # adjustment): such actions carry no seat, whatever the request said.
            if viewer.role == "organizer" and command.action.kind in getattr(
                    game.ruleset, "organizer_actions", frozenset()):
                command = Command(None, command.action)
            self._require_actor(viewer, command)
            if not isinstance(command_id, str) or not 1 <= len(command_id) <= MAX_COMMAND_ID:
                raise InvalidArgument("command.command_id", f"1 to {MAX_COMMAND_ID} characters")
            if expected_version is not None and expected_version < 1:
                raise InvalidArgument("command.expected_version", "versions start at 1")
            first = game.command_version(command_id)
            if first is not None:
                return first
            if expected_version is not None and expected_version != game.version:
                raise VersionConflict(expected_version, game.version)
            game.accept(command_id, command, self._context(game))
            return None

        game, saved, first = self._write(game_id, step)
        if first is not None:
            [stored] = list(self.events.get(game.id, gt=first - 1, lte=first))
            recorded = event_data(stored)
            if (recorded["seat"], recorded["action"]) != (command.seat, jsonable(command.action.to_dict())):
                raise InvalidArgument(
                    "command.command_id",
                    f"{command_id!r} was already used for a different command (version {first}); "
                    "a retry must send the same command")
            return SubmitResult(
                events=[self._event_record(game, stored, viewer)],
                version=first,
                duplicate=True,
                view=self._view(self._game(game_id, version=first), viewer),
                receipt=self._receipt(game, first, first, self._hash_of(stored)),
            )
        return SubmitResult(
            events=[self._event_record(game, e, viewer) for e in saved],
            version=game.version,
            duplicate=False,
            view=self._view(game, viewer),
            receipt=self._receipt(game, saved[0].originator_version, game.version),
        )

    def ask(self, game_id: str, command: Command, viewer: Viewer) -> AskResult:
        """Judge a hypothetical command against the current state; records
        nothing. ``Malformed`` is raised; a rule violation is an answer."""
        game = self._current(game_id)
        self._require_observer(viewer, command.seat)
        context = self._context(game)
        try:
            effects = jsonable(game.ruleset.decide(game.state, command, context))
        except Rejected as e:
            return AskResult(allowed=False, ruling=e.ruling, events=[])
        if context.secret_seed is not None:
            # What a dealt game's seed would draw or roll must not be seen
            # before it is committed: the answer is yes or no only.
            return AskResult(allowed=True, ruling=None, events=[])
        data = {
            "command_id": "",
            "seat": command.seat,
            "action": jsonable(command.action.to_dict()),
            "context": jsonable(context.to_dict()),
            "effects": effects,
        }
        record = self._record_of(game, game.version + 1, "CommandAccepted", data, viewer)
        return AskResult(allowed=True, ruling=None, events=[record])

    def legal_actions(self, game_id: str, seat: int, viewer: Viewer) -> tuple[list[Action], int]:
        """The actions ``seat`` may take now, and the version they are for."""
        game = self._current(game_id)
        if not 0 <= seat < game.seat_count:
            raise InvalidArgument("seat", f"the game has no seat {seat}")
        self._require_observer(viewer, seat)
        actions = game.ruleset.legal_actions(game.state, seat, self._context(game))
        return list(actions), game.version

    # ------------------------------------------------------------------ views and events

    def view(self, game_id: str, viewer: Viewer, at_version: int | None = None) -> dict[str, Any]:
        """The game as ``viewer`` may see it, now or at a past version
        (``at_version`` None or 0: now)."""
        if not at_version:
            return self._view(self._current(game_id), viewer)
        # Asked for a version after the newest, the store gives the newest.
        game = self._game(game_id, version=at_version if at_version > 0 else None)
        if game.version != at_version:
            raise InvalidArgument(
                "at_version", f"the game has versions 1 to {game.version}, not {at_version}"
            )
        return self._view(game, viewer)

    def _view(self, game: Game, viewer: Viewer) -> dict[str, Any]:
        view = dict(jsonable(game.ruleset.view(game.state, viewer)))
        view.update(
            game_id=game.game_id,
            family=game.ruleset.family,
            version=game.version,
            voided=game.voided_ranges,
            open_disputes=game.open_dispute_count,
        )
        # The position and the numbers behind it (judge/positions.py), as this viewer may see them.
        position = position_of(game.ruleset, game.state, viewer)
        if position is not None:
            view["position_json"] = canonical_json(position)
        view["analysis"] = analysis_of(game.ruleset, game.state, viewer)
        view["state_json"] = canonical_json(view)
        return view

    def _event_record(self, game: Game, domain_event: Any, viewer: Viewer) -> EventRecord:
        """A stored event as ``viewer`` sees it; ``game`` says what is void."""
        return self._record_of(
            game, domain_event.originator_version, event_kind(domain_event),
            event_data(domain_event), viewer,
        )

    def _record_of(
        self, game: Game, version: int, kind: str, data: dict[str, Any], viewer: Viewer
    ) -> EventRecord:
        ruleset = game.ruleset
        payload = self._shown(game, kind, data, viewer)
        seat: int | None = None
        command_id = action = ""
        if kind == "CommandAccepted":
            seat = payload["seat"]
            command_id = payload["command_id"]
            action = str(payload["action"].get("kind", ""))
            summary = ruleset.describe(payload["effects"]) or f"{action} (no change)"
        elif kind in ("GameCreated", "GameImported"):
            seats = len(payload["setup"].get("seats", ()))
            summary = f"game created: {payload['rules_version']}, {seats} seats"
            if kind == "GameImported":
                summary = f"game imported from {payload['source_game_id']}: " \
                          f"{payload['rules_version']}, {seats} seats"
        elif kind == "DisputeOpened":
            summary = (f"seat {payload['seat']} disputes event {payload['event_version']}: "
                       f"re-check {payload['recheck'].get('outcome', '?')}")
        else:
            summary = (
                f"dispute {payload['dispute_id']} upheld: events "
                f"{payload['voided_from']}-{payload['voided_to']} void"
                if payload["upheld"] else f"dispute {payload['dispute_id']} dismissed"
            )
        return EventRecord(
            version=version,
            kind=kind,
            recorded_at_ms=recorded_at_ms(kind, data),
            payload=payload,
            seat=seat,
            command_id=command_id,
            action=action,
            voided=game.is_voided(version),
            summary=summary,
        )

    def _range(
        self, game: Game, from_version: int, to_version: int | None
    ) -> tuple[int, int]:
        last = game.version if not to_version else to_version
        if from_version < 1:
            raise InvalidArgument("from_version", "versions start at 1")
        if last > game.version:
            raise InvalidArgument(
                "to_version", f"the game has versions 1 to {game.version}, not {last}"
            )
        if from_version > last:
            raise InvalidArgument("from_version", f"{from_version} is after {last}")
        return from_version, last

    def event_records(
        self, game_id: str, viewer: Viewer, from_version: int = 1, to_version: int | None = None
    ) -> list[EventRecord]:
        """The stored events of a version range (``to_version`` None or 0:
        the newest), redacted for ``viewer``. Also callable as
        ``app.events(game_id, viewer, from_version, to_version)``."""
        game = self._game(game_id)
        first, last = self._range(game, from_version, to_version)
        stored = self.events.get(game.id, gt=first - 1, lte=last)
        return [self._event_record(game, e, viewer) for e in stored]

    def replay(
        self, game_id: str, viewer: Viewer, from_version: int = 1, to_version: int | None = None
    ) -> Iterator[tuple[EventRecord, dict[str, Any]]]:
        """Each stored event of a range with the view right after it.

        Loads the state before ``from_version`` once (from a snapshot where
        there is one) and folds forward. Argument errors are raised at once.
        """
        game = self._game(game_id)
        first, last = self._range(game, from_version, to_version)
        return self._replay(game, viewer, first, last)

    def _replay(
        self, game: Game, viewer: Viewer, first: int, last: int
    ) -> Iterator[tuple[EventRecord, dict[str, Any]]]:
        folded: Game | None = self._game(game.game_id, version=first - 1) if first > 1 else None
        for e in self.events.get(game.id, gt=first - 1, lte=last):
            folded = cast(Game, e.mutate(folded))  # type: ignore[attr-defined]
            yield self._event_record(game, e, viewer), self._view(folded, viewer)

    def watch(
        self,
        game_id: str,
        viewer: Viewer,
        after_version: int,
        stop: threading.Event,
        poll_interval: float = 0.05,
        token: str | None = None,
    ) -> Iterator[tuple[EventRecord, dict[str, Any]]]:
        """The events after ``after_version`` with the view after each: first
        those stored, then new ones as they are stored (by this process or any
        other sharing the database), until ``stop`` is set.

        Follows the application's notification log, filtered to this game;
        a local save wakes the poll early. Argument errors are raised at once.
        With the ``token`` the stream was opened with, the stream ends with
        ``Unauthenticated`` as soon as that token is rotated out (here or on
        another replica), so a replaced token sees nothing more.
        """
        game = self._game(game_id)
        if not 0 <= after_version <= game.version:
            raise InvalidArgument(
                "after_version", f"the game has versions 1 to {game.version}, not {after_version}"
            )
        return self._watch(game, viewer, after_version, stop, poll_interval, token)

    def _watch(
        self,
        game: Game,
        viewer: Viewer,
        after_version: int,
        stop: threading.Event,
        poll_interval: float,
        token: str | None = None,
    ) -> Iterator[tuple[EventRecord, dict[str, Any]]]:
        uid = game.id
        credentials_uid = credentials_id(game.game_id)
        topics = self._game_topics + (self._rotation_topic,) if token is not None else self._game_topics
        position = self.recorder.max_notification_id() or 0
        folded: Game | None = (
            self._game(game.game_id, version=after_version) if after_version else None
        )
        last = after_version
        # ``game`` (loaded by ``watch``) says which stored events are void;
        # for events stored since, the fold so far does.
        for e in self.events.get(uid, gt=last):
            folded = cast(Game, e.mutate(folded))  # type: ignore[attr-defined]
            last = e.originator_version
            yield self._event_record(game if last <= game.version else folded, e, viewer), \
                self._view(folded, viewer)
        while not stop.is_set():
            with self._saved:
                seen = self._saves
            for batch in self._notification_batches(position, topics):
                position = batch[-1].id
                for n in batch:
                    if n.originator_id == credentials_uid and token is not None:
                        self._still_valid(game.game_id, token, viewer)
                        continue
                    if n.originator_id != uid or n.originator_version <= last:
                        continue
                    if n.originator_version > last + 1:
                        gap = list(self.events.get(uid, gt=last, lte=n.originator_version - 1))
                    else:
                        gap = []
                    for e in [*gap, self.mapper.to_domain_event(n)]:
                        folded = cast(Game, e.mutate(folded))  # type: ignore[attr-defined]
                        last = e.originator_version
                        yield self._event_record(folded, e, viewer), self._view(folded, viewer)
                        if stop.is_set():
                            return
                if stop.is_set():
                    return
            with self._saved:
                if self._saves == seen and not stop.is_set():
                    self._saved.wait(timeout=poll_interval)

    def _still_valid(self, game_id: str, token: str, viewer: Viewer) -> None:
        """Raise ``Unauthenticated`` unless ``token`` still stands for ``viewer``."""
        credentials = self._credentials(game_id)
        now = credentials.identify(token, self.seal)
        if now is None and self.is_admin(token):
            now = ORGANIZER
        if now is None or replace(now, also=viewer.also) != viewer:
            raise Unauthenticated("the token this stream was opened with was rotated out; open it with the new one")

    # ------------------------------------------------------------------ disputes

    def open_dispute(
        self, game_id: str, seat: int, event_version: int, reason: str, viewer: Viewer
    ) -> DisputeRecord:
        """A seat disputes a recorded command; the judge re-checks it at once
        against the state before it, with its recorded context."""

        def step(game: Game) -> int:
            if not viewer.is_seat(seat):
                raise PermissionDenied("only a seat may open a dispute, and only for itself")
            game.check_disputable(seat, event_version, reason)
            before = self._game(game_id, version=event_version - 1)
            [disputed] = list(self.events.get(game.id, gt=event_version - 1, lte=event_version))
            data = event_data(disputed)
            self._actors[(game.game_id, event_version)] = data["seat"]  # read once: see _actor
            recheck = judge_recorded(
                game.ruleset, before.state, data["seat"], data["action"], data["context"],
                data["effects"], secret_seed=self._seed(game),
            )
            return game.open_dispute(seat, event_version, reason, recheck, self._clock())

        game, _, dispute_id = self._write(game_id, step)
        return replace(self._dispute_record(game, game.dispute(dispute_id), viewer),
                       receipt=self._receipt(game, game.version, game.version))

    def resolve_dispute(
        self, game_id: str, dispute_id: int, uphold: bool, note: str, viewer: Viewer,
        request_id: str = "",
    ) -> DisputeRecord:
        """The organizer upholds (rolls back to the state before the disputed
        event, voiding it and everything after it) or dismisses a dispute.

        With a ``request_id`` (idempotency key), a retry of a resolution that
        was stored gets the stored resolution and its receipt; the key sent
        with another resolution is refused."""
        scope = f"resolve:{game_id}"
        wanted = {"dispute_id": dispute_id, "uphold": uphold, "note": note}
        keys: list[Any] = []

        def step(game: Game) -> dict[str, Any] | None:
            self._require_organizer(viewer, "resolve a dispute")
            if request_id:
                done = self._used_key(scope, request_id)
                if done is not None:
                    return done
            disputed = game.check_resolvable(dispute_id, uphold, note)
            restored = None
            if uphold:
                before = self._game(game_id, version=disputed - 1)
                restored = jsonable(game.ruleset.to_dict(before.state))
            game.resolve_dispute(dispute_id, uphold, note, restored, self._clock())
            if request_id:
                keys.append(RequestKey(scope, request_id, {**wanted, "version": game.version}))
            return None

        game, _, done = self._write(game_id, step, keys)
        if done is None:
            return replace(self._dispute_record(game, game.dispute(dispute_id), viewer),
                           receipt=self._receipt(game, game.version, game.version))
        version = int(done["version"])
        if {k: done[k] for k in wanted} != wanted:
            raise InvalidArgument(
                "request_id", f"{request_id!r} was already used for another resolution (version {version}); "
                "a retry must send the same request")
        [stored] = list(self.events.get(game.id, gt=version - 1, lte=version))
        return replace(self._dispute_record(game, game.dispute(dispute_id), viewer),
                       receipt=self._receipt(game, version, version, self._hash_of(stored)))

    def _used_key(self, scope: str, key: str) -> dict[str, Any] | None:
        """What the request with idempotency key ``key`` did, if it was stored."""
        try:
            used: object = self.repository.get(request_key_id(scope, key))
        except AggregateNotFoundError:
            return None
        return dict(used.outcome) if isinstance(used, RequestKey) else None

    def list_disputes(self, game_id: str, viewer: Viewer) -> list[DisputeRecord]:
        """All disputes of a game, oldest first (any viewer of the game)."""
        game = self._game(game_id)
        return [self._dispute_record(game, d, viewer) for d in game.disputes]

    def _actor(self, game: Game, version: int) -> int | None:
        """The seat that sent the command stored at ``version`` (None if it
        is not a command). Stored events never change, so it is read once."""
        key = (game.game_id, version)
        if key not in self._actors:
            stored = list(self.events.get(game.id, gt=version - 1, lte=version))
            seat = None
            if stored and event_kind(stored[0]) == "CommandAccepted":
                seat = event_data(stored[0])["seat"]
            if len(self._actors) > 65536:
                self._actors.clear()
            self._actors[key] = seat
        return self._actors[key]

    def _sees_disputed(self, game: Game, event_version: int, viewer: Viewer) -> bool:
        """Whether ``viewer`` may see the re-check of a disputed command in
        full: its rulings and summaries can name cards only the command's
        seat (and the organizer) may see."""
        return viewer.sees_everything or (
            viewer.is_seat(self._actor(game, event_version)))

    def _dispute_record(self, game: Game, d: dict[str, Any], viewer: Viewer) -> DisputeRecord:
        recheck = d["recheck"]
        if not self._sees_disputed(game, int(d["event_version"]), viewer):
            recheck = hidden_recheck(recheck)
        ruling = recheck.get("ruling")
        return DisputeRecord(
            dispute_id=d["dispute_id"],
            opened_by=d["seat"],
            event_version=d["event_version"],
            reason=d["reason"],
            status=d["status"],
            recheck_legal=bool(recheck.get("legal")),
            recheck_ruling=ruling_from_dict(ruling) if ruling else None,
            recheck_summary=str(recheck.get("summary", "")),
            resolution_note=d["note"],
            opened_at_version=d["opened_at_version"],
            resolved_at_version=d["resolved_at_version"],
        )

    # ------------------------------------------------------------------ records

    def _game_record(self, game: Game, viewer: Viewer) -> GameRecord:
        """The game's record as ``viewer`` may see it (complete for the
        organizer). Line numbers are those of the exported text. Its
        receipts are not signed here but by ``export_game`` (the audit needs
        none): the header counts one per event of a complete record."""
        events = []
        for e in self.events.get(game.id, lte=game.version):
            kind = event_kind(e)
            data = event_data(e)
            shown = self._shown(game, kind, data, viewer)
            chain = chain_data(e) if viewer.sees_everything else None
            events.append(RecordedEvent(
                version=e.originator_version,
                kind=kind,
                recorded_at_ms=recorded_at_ms(kind, data),
                data=shown,
                line=e.originator_version + 1,
                chain=chain,
            ))
        if viewer.sees_everything:
            redacted_for = None
        elif viewer.role == "seat":
            redacted_for = f"seat {viewer.seat}"
        else:
            redacted_for = viewer.role
        header = RecordHeader(
            game_id=game.game_id,
            ruleset=str(game.setup.get("ruleset", "")),
            variants=list(game.setup.get("variants", [])),
            rules_version=game.rules_version,
            setup=redacted_data(game.ruleset, "GameCreated", {"setup": game.setup}, viewer)["setup"],
            exported_at_ms=self._clock(),
            events=len(events),
            redacted_for=redacted_for,
            server_key=server_key_dict(self.key) if viewer.sees_everything else None,
            receipts=len(events) if viewer.sees_everything else 0,
        )
        return GameRecord(header, events)

    def _shown(self, game: Game, kind: str, data: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        """Event data as ``viewer`` may see it (see ``redacted_data``; a
        dispute's re-check is hidden from seats that may not see the
        disputed command)."""
        shown = redacted_data(game.ruleset, kind, data, viewer)
        if kind == "DisputeOpened" and not self._sees_disputed(game, int(data["event_version"]), viewer):
            shown = {**shown, "recheck": hidden_recheck(shown["recheck"])}
        return shown

    def export_game(self, game_id: str, viewer: Viewer) -> str:
        """The game as a JSON Lines record (docs/record-format.md): complete
        for the organizer (with the hash chain, the receipts of every event
        and the seal, all signed with the server key), redacted for a seat
        or a spectator (without chain, receipts and seal: hashes of hidden
        data are not handed out)."""
        game = self._game(game_id)
        record = self._game_record(game, viewer)
        receipts = [self._receipt(game, e.version, e.version, e.chain["hash"])
                    for e in record.events if e.chain is not None]
        return write_record(record.header, record.events, receipts,
                            self.key if viewer.sees_everything else None)

    def import_game(self, record: str, request_id: str = "") -> tuple[Created, AuditReport]:
        """Import a complete record as a new game (new id, new tokens).

        The record is audited first; any discrepancy refuses the import with
        ``InvalidArgument`` (field ``record``) naming the line and the problem.

        With a ``request_id`` (idempotency key), a retry of an import that was
        stored imports nothing again: it answers with the game already
        imported and fresh tokens for it (the lost answer's tokens stop
        working, since only the retry's answer reached the client).
        """
        parsed = read_record(record)
        count = len(parsed.events) + len(parsed.problems)
        if count > self.max_events_per_game:
            raise ResourceExhausted(
                f"the record has {count} events, more than the limit of "
                f"{self.max_events_per_game} events per game (max_events_per_game)")
        audit = run_audit(parsed).report
        if not audit.clean:
            first = audit.discrepancies[0]
            more = len(audit.discrepancies) - 1
            raise InvalidArgument(
                "record",
                f"{first.kind} at version {first.version}: {first.detail}"
                + (f" (and {more} more discrepancies)" if more else ""),
            )
        creation, *rest = parsed.events
        try:
            game = Game.imported(
                setup=creation.data["setup"],
                rules_version=creation.data["rules_version"],
                created_at_ms=creation.data["created_at_ms"],
                source_game_id=parsed.header.game_id,
                imported_at_ms=self._clock(),
            )
            for e in rest:
                game.restore(e.kind, e.data)
        except InvalidArgument as e:
            raise InvalidArgument("record", f"{e.field}: {e.message}") from e
        except Exception as e:  # noqa: BLE001 - an untrusted record must not crash the import
            raise InvalidArgument("record", f"cannot be restored: {type(e).__name__}: {e}") from e
        digest = hashlib.sha256(record.encode("utf-8")).hexdigest()
        if request_id:
            done = self._used_key("import", request_id)
            if done is not None:
                return self._imported_again(done, digest, request_id), audit
        seed = None
        if creation.data["setup"].get("mode") == "dealt":
            # A clean dealt record has revealed its seed (the audit checked
            # it against the commitment); the copy keeps it for its audits.
            revealed = revealed_seed(parsed)
            seed = bytes.fromhex(revealed[1]) if revealed is not None else None
        if not request_id:
            return self._issue(game, seed), audit
        key = RequestKey("import", request_id, {"game_id": game.game_id, "record_sha256": digest})
        try:
            return self._issue(game, seed, key), audit
        except IntegrityError:  # the same key, stored by a concurrent retry first
            done = self._used_key("import", request_id)
            if done is None:
                raise
            return self._imported_again(done, digest, request_id), audit

    def _imported_again(self, done: dict[str, Any], digest: str, request_id: str) -> Created:
        """The answer to a retried import: the stored game, with fresh tokens."""
        if done["record_sha256"] != digest:
            raise InvalidArgument(
                "request_id", f"{request_id!r} was already used to import another record "
                f"(game {done['game_id']}); a retry must send the same record")
        game_id = str(done["game_id"])
        game = self._game(game_id)
        with self._lock_for(game_id):
            credentials = self._credentials(game_id)
            seats = [credentials.rotate("seat", seat, self.seal) for seat in range(game.seat_count)]
            organizer = credentials.rotate("organizer", None, self.seal)
            spectator = credentials.rotate("spectator", None, self.seal)
            self.save(credentials)
        return Created(
            game_id=game_id, seat_tokens=seats, organizer_token=organizer, spectator_token=spectator,
            rules_version=game.rules_version, view=self._view(game, ORGANIZER),
            receipt=self.key.receipt(game_id, 1, game.version, game.chain_head),
        )

    def audit(self, game_id: str, viewer: Viewer, current_rules: bool = False) -> AuditReport:
        """Re-validate every stored event (organizer only).

        Uses the offline audit of judge/record.py on the game's complete
        record, and (with the pinned rules) also checks that the served state
        and every stored snapshot equal the replay (kind ``"state"``).
        """
        game = self._game(game_id)
        self._require_organizer(viewer, "audit a game")
        record = self._game_record(game, ORGANIZER)
        snapshots: list[Any] = (
            list(self.snapshots.get(game.id, lte=game.version))
            if self.snapshots is not None and not current_rules else []
        )
        result = run_audit(record, current_rules=current_rules,
                           keep_states=[s.originator_version for s in snapshots],
                           secret_seed=self._seed(game))
        if current_rules:
            return result.report
        found = list(result.report.discrepancies)
        ruleset = game.ruleset
        for snap in snapshots:
            v = snap.originator_version
            if not same_state(ruleset, snap.state.get("state"), result.states.get(v)):
                found.append(Discrepancy(
                    version=v, kind=STATE,
                    detail=f"the snapshot at version {v} differs from the replay of the events",
                ))
        if not same_state(ruleset, game.state, result.final_state) or result.final_version != game.version:
            found.append(Discrepancy(
                version=game.version, kind=STATE,
                detail="the served state differs from the replay of the events",
            ))
        found.sort(key=lambda d: d.version)
        return AuditReport(
            events_checked=result.report.events_checked,
            rules_version=result.report.rules_version,
            discrepancies=found,
        )

    # ------------------------------------------------------------------ deadlines

    def _note_deadline(self, game: Game) -> None:
        """Record the pending deadline of ``game`` (its ruleset's
        ``pending_deadline_ms``, e.g. a Munchkin interference window) as of its version,
        unless the table already reflects that version or a later one."""
        try:
            deadline = game.pending_deadline_ms()
        except Exception:  # noqa: BLE001 - a saved command must not fail here
            self._forget_deadline(game.game_id)
            return
        with self._deadline_lock:
            if game.version <= self._deadline_versions.get(game.game_id, 0):
                return
            self._deadline_versions[game.game_id] = game.version
            if deadline is None:
                self._deadlines.pop(game.game_id, None)
            else:
                self._deadlines[game.game_id] = deadline

    def _forget_deadline(self, game_id: str) -> None:
        """Drop a game whose deadline cannot be read (one unreadable game must
        not stop the others); a newer event of it makes the follower retry."""
        log.exception("cannot follow the pending deadline of game %s", game_id)
        with self._deadline_lock:
            self._deadlines.pop(game_id, None)

    def _follow_deadlines(self) -> None:
        """Bring the deadline table up to date with the notification log
        (every game event stored by any process since the last call). A game
        is loaded only if the log holds a version newer than the table's
        (games saved by this process were noted when they were saved)."""
        with self._follow_lock:
            touched: dict[str, int] = {}
            for batch in self._notification_batches(self._deadline_position, self._game_topics):
                self._deadline_position = batch[-1].id
                for n in batch:
                    game_id = str(n.originator_id)
                    touched[game_id] = max(touched.get(game_id, 0), n.originator_version)
            for game_id, version in touched.items():
                with self._deadline_lock:
                    if version <= self._deadline_versions.get(game_id, 0):
                        continue
                try:
                    game = self._game(game_id)
                except Exception:  # noqa: BLE001
                    self._forget_deadline(game_id)
                    continue
                self._note_deadline(game)

    def pending_deadlines(self) -> dict[str, int]:
        """Game id -> when its pending deadline passes (ms since the epoch),
        for every game with one."""
        self._follow_deadlines()
        with self._deadline_lock:
            return dict(self._deadlines)

    def close_elapsed_windows(self) -> int:
        """Submit, as the judge (no seat), the ruleset's deadline command of
        every game whose deadline (e.g. an interference window) has passed.
        Returns how many this call closed; a deadline met meanwhile by a
        player or another replica is skipped."""
        now = self._clock()
        closed = 0
        for game_id, deadline in sorted(self.pending_deadlines().items()):
            if deadline > now:
                continue
            try:
                game = self._game(game_id)
                current = game.pending_deadline_ms()
                if current is None or current > now:
                    continue
                deadline_of = getattr(game.ruleset, "deadline_command", None)
                command = deadline_of(game.state) if deadline_of is not None else None
                if command is None:
                    continue
                result = self.submit(
                    game_id,
                    f"judge:deadline:{game_id}:{game.version}",
                    command,
                    expected_version=game.version,
                    viewer=ORGANIZER,
                )
            except (Rejected, Malformed, VersionConflict, GameNotFound):
                continue
            if not result.duplicate:
                closed += 1
        return closed

    # ------------------------------------------------------------------ integrity

    def check_integrity(
        self, replay: bool = True, credentials: bool = True, allow_unsealed: bool = False
    ) -> dict[str, int]:
        """Check the stored record before serving it; raise ``CorruptRecord``
        with a message naming the game and the version at the first problem.

        * SQLite: ``PRAGMA quick_check`` (a damaged or truncated file);
        * every stored event decodes (game events and credentials);
        * every game's versions are 1, 2, 3 ... and its hash chain holds:
          each event hashes to its recorded hash and names the hash of the
          one before it (an event altered in the database is caught);
        * with ``replay``: every game replays from its events through the
          rules, and every snapshot equals the replay at its version;
        * with ``credentials`` (needs the server key the judge wrote them
          with): every stored token hash carries a MAC that verifies, and a
          dealt game's sealed seed opens (judge/domain/sealing.py). Credentials
          stored before they were sealed are refused unless ``allow_unsealed``
          (``seal_credentials`` then seals them).

        Returns counts: ``games``, ``events``, ``snapshots``, ``credentials``
        (checked) and ``unsealed`` (credentials stored before sealing).
        """
        stats = {"games": 0, "events": 0, "snapshots": 0, "credentials": 0, "unsealed": 0}
        folded: dict[UUID, Credentials] = {}
        self._check_sqlite_file()
        try:
            witnessed = {UUID(g): h for g, h in self.witness.heads().items()} if self.witness else {}
        except (WitnessError, ValueError) as e:
            raise CorruptRecord(str(e)) from e
        heads: dict[UUID, tuple[int, str]] = {}
        position = 0
        batches = self._notification_batches(position)
        while True:
            try:
                batch = next(batches, None)
            except Exception as failure:  # noqa: BLE001 - any storage failure here is fatal
                raise CorruptRecord(
                    f"the stored events cannot be read after position {position}: "
                    f"{type(failure).__name__}: {failure}") from failure
            if batch is None:
                break
            position = batch[-1].id
            for n in batch:
                is_game = n.topic in self._game_topics
                what = f"game {n.originator_id}" if is_game else f"aggregate {n.originator_id}"
                try:
                    stored = self.mapper.to_domain_event(n)
                except Exception as err:  # noqa: BLE001
                    raise CorruptRecord(
                        f"{what} version {n.originator_version}: the stored event does not decode "
                        f"({type(err).__name__}: {err})") from err
                stats["events"] += 1
                if not is_game:
                    if credentials and n.topic in self._credentials_topics:
                        folded[n.originator_id] = stored.mutate(folded.get(n.originator_id))  # type: ignore[index,arg-type,attr-defined]
                    continue
                uid = n.originator_id
                version, head = heads.get(uid, (0, ""))  # type: ignore[arg-type]
                if stored.originator_version != version + 1:
                    raise CorruptRecord(
                        f"{what} version {stored.originator_version}: expected version {version + 1} "
                        "(events are missing)")
                chain = chain_data(stored)
                expected = genesis(str(uid)) if version == 0 else head
                digest = self._hash_of(stored)
                if chain["prev_hash"] != expected:
                    raise CorruptRecord(
                        f"{what} version {stored.originator_version}: the hash chain is broken (the "
                        f"event does not follow version {version}); the stored stream was altered")
                if chain["hash"] != digest:
                    raise CorruptRecord(
                        f"{what} version {stored.originator_version}: the stored event was altered "
                        "(its content does not hash to its recorded hash)")
                heads[uid] = (stored.originator_version, digest)  # type: ignore[index]
                seen = witnessed.get(uid)  # type: ignore[arg-type]
                if seen is not None and seen.version == stored.originator_version and seen.chain_head != digest:
                    raise CorruptRecord(
                        f"{what} version {seen.version}: the stored event is not the one the judge "
                        f"wrote (the witness {self.witness.path if self.witness else ''} saw another); "
                        "the stored stream was replaced")
        for uid, seen in witnessed.items():
            have = heads.get(uid, (0, ""))[0]
            if have < seen.version:
                raise CorruptRecord(
                    f"game {uid}: versions {have + 1} to {seen.version} are missing (the witness "
                    f"{self.witness.path if self.witness else ''} saw them written); the record was "
                    "cut short")
        stats["games"] = len(heads)
        for held in folded.values():
            self._check_credentials(held, allow_unsealed, stats)
        if replay:
            for uid in heads:
                stats["snapshots"] += self._check_replay(uid)
        return stats

    def _check_credentials(self, held: Credentials, allow_unsealed: bool, stats: dict[str, int]) -> None:
        """Raise ``CorruptRecord`` naming the game if a stored token hash or
        seed does not hold with the server key (see ``check_integrity``)."""
        stats["credentials"] += 1
        unsealed = not held.sealed
        stats["unsealed"] += unsealed
        problems = held.problems(self.seal, unsealed_ok=allow_unsealed and unsealed)
        if not problems:
            return
        advice = ("; if nothing altered the database since an older judge wrote these credentials, start "
                  "once with --seal-credentials to seal them with the server key") if unsealed else \
            "; the stored credentials were altered (rotate the tokens named to give their seats new ones)"
        raise CorruptRecord(f"game {held.game_id}: the credentials do not hold: {'; '.join(problems)}{advice}")

    def seal_credentials(self) -> int:
        """Seal every game's credentials stored before credentials were
        sealed (MACs for the hashes they hold now, the seed encrypted);
        returns how many were sealed. Run after a clean check only: whatever
        hashes the credentials hold now are vouched for from then on."""
        sealed = 0
        topics = (get_topic(Credentials.CredentialsIssued),)  # type: ignore[attr-defined]
        for batch in self._notification_batches(0, topics):
            for n in batch:
                held: object = self.repository.get(n.originator_id)  # type: ignore[arg-type]
                if not isinstance(held, Credentials) or held.sealed:
                    continue
                held.seal(self.seal)
                try:
                    self.save(held)
                except IntegrityError:
                    continue  # another replica sealed it first
                self._seeds.pop(held.game_id, None)
                sealed += 1
        return sealed

    def _check_sqlite_file(self) -> None:
        if not isinstance(self.factory, SQLiteFactory):
            return
        name = self.env.get("SQLITE_DBNAME", "")
        try:
            with self.factory.datastore.transaction(commit=False) as cursor:  # type: ignore[attr-defined]
                cursor.execute("PRAGMA quick_check")
                rows = [str(r[0]) for r in cursor.fetchall()]
        except Exception as e:  # noqa: BLE001
            raise CorruptRecord(f"the database {name} cannot be read: {type(e).__name__}: {e}") from e
        if rows != ["ok"]:
            raise CorruptRecord(f"the database {name} is damaged: {'; '.join(rows[:5])}")

    def _check_replay(self, uid: UUID) -> int:
        """Replay one game from its events (no snapshot) and compare every
        snapshot with the replay; returns the number of snapshots checked."""
        game_id = str(uid)
        snapshots = list(self.snapshots.get(uid)) if self.snapshots is not None else []
        at = {s.originator_version: s for s in snapshots}
        folded: Game | None = None
        for e in self.events.get(uid):
            try:
                folded = cast(Game, e.mutate(folded))  # type: ignore[attr-defined]
            except CorruptRecord:
                raise
            except Exception as err:  # noqa: BLE001
                raise CorruptRecord(
                    f"game {game_id} version {e.originator_version}: the event does not replay "
                    f"({type(err).__name__}: {err})") from err
            snap = at.get(e.originator_version)
            if snap is not None:
                assert folded is not None
                try:
                    restored = cast(Game, snap.mutate(None))  # type: ignore[attr-defined]
                    same = restored.chain_head == folded.chain_head and \
                        same_state(folded.ruleset, restored.state, folded.state)
                except Exception:  # noqa: BLE001
                    same = False
                if not same:
                    raise CorruptRecord(
                        f"game {game_id} version {e.originator_version}: the stored snapshot "
                        "differs from the replay of the events")
        return len(snapshots)


def hidden_recheck(recheck: dict[str, Any]) -> dict[str, Any]:
    """A dispute's re-check for a viewer who may not see the disputed
    command: the outcome and the rule, without details or texts that could
    name hidden cards."""
    ruling = recheck.get("ruling")
    shown = None
    if ruling:
        shown = {k: ruling.get(k, "") for k in ("rule_id", "source", "section", "quote")}
        shown.update(explanation_de=HIDDEN, explanation_en=HIDDEN, legal_when_de="",
                     legal_when_en="", details={})
    return {"legal": recheck.get("legal"), "outcome": recheck.get("outcome"),
            "summary": f"{HIDDEN}: the re-check concerns cards only the command's seat may see",
            "ruling": shown}



__all__ = ["JudgeApp", "GameEventStore", "hidden_recheck", "wall_clock_ms", "Clock"]
