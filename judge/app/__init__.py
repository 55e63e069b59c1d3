"""JudgeApp: the judge's use cases on top of the event store.

Each use case loads a game, checks the caller's role, runs one command of the
``Game`` aggregate and saves it; queries fold stored events. Nothing here
speaks protobuf: results are the plain types of judge/app/types.py, errors
those of judge/common/errors.py plus ``Rejected``/``Malformed`` from the rules core.

The application is services with explicit dependencies behind the thin
``JudgeApp`` facade below, which builds them and hands out their public
methods under the names the server, the web bridge and the tools use. Each
service takes, as constructor arguments, exactly what it uses, and uses
only the public methods of the others (tests/app/test_structure.py holds this true):

* ``GameStore`` (game_store.py), the context: the eventsourcing
  ``Application`` (configuration, persistence, the exactly-once index), the
  server key and seal, witness, clock, limits, per-game lock stripes, the
  live games and the views built, and the one write path (load, one step,
  save, retry when another writer appended first);
* ``Access`` (access.py; store): credentials, tokens, seeds, receipts, permissions;
* ``Views`` (views.py; store, access): views, events, Replay;
* ``Watch`` (watch.py; store, access, views): the Watch stream;
* ``Deadlines`` (deadlines.py; store): the pending deadlines of every game;
* ``CardLibraries`` (library.py; the store, its clock): the groups' card
  libraries, and a collection's cards pinned into a new game;
* ``Games`` (games.py; store, access, views, deadlines, library): create,
  submit, ask, legal actions, closing windows whose deadline passed, the list
  of games;
* ``Disputes`` (disputes.py; store, access, views);
* ``Records`` (records.py; store, access, views, games): export, import, audit;
* ``Checkpoints`` (checkpoint.py; store) and ``Integrity`` (integrity.py;
  store, access, checkpoints): the start-up and full checks, sealing;
* ``Stopping`` (stopping.py; store, access): a game stopped when an event's
  time is called, a table's status;
* ``Tournaments`` (tournaments.py; store, access, games, stopping, disputes,
  records): events, many tables as one tournament (docs/events.md);
* positions.py: a game from a position, a ruling on a position (functions).

The facade keeps the services as ``app.store``, ``app.access``, ``app.views``,
``app.watching``, ``app.deadlines``, ``app.library``, ``app.games``, ``app.disputes``,
``app.records``, ``app.checkpoints``, ``app.integrity``, ``app.stopping`` and
``app.tournaments`` (the events service judge/server/events.py serves), for the tests and
scripts that need a lower level than the use cases.

Persistence is configured like any eventsourcing application, from the
environment (``PERSISTENCE_MODULE``, ``SQLITE_DBNAME``, ``POSTGRES_*`` ...);
``JudgeApp.sqlite(path)`` builds the environment for a SQLite file. SQLite
connections run with ``synchronous=FULL`` in WAL mode, so an acknowledged
command is on disk. Snapshots of games are taken every
``SNAPSHOTTING_INTERVAL`` events (default 50; ``IS_SNAPSHOTTING_ENABLED=n``
turns them off). The application's name in eventsourcing, which names the
stored tables, is ``JudgeApp`` (``GameStore.name``).

``app.events`` is eventsourcing's event store (``app.events.get(...)``) and,
called, the use case listing a game's events for a viewer
(``app.events(game_id, viewer, from_version, to_version)``, also available
as ``event_records``).

Concurrency is optimistic: two writers can never both append version N of a
game. A writer that loses reloads and tries again after a random wait (so a
concurrent retry of the same command id returns the first result and records
once); with an ``expected_version`` a lost race is a ``VersionConflict``, and
a writer that loses every attempt raises ``WriteContention``. Within one
process a per-game lock avoids needless conflicts.

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
game), or at start-up those stored after the verified checkpoint
(judge/app/checkpoint.py), and raises ``CorruptRecord`` naming the game and
the version.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from judge.app.access import Access
from judge.app.checkpoint import Checkpoints
from judge.app.deadlines import Deadlines
from judge.app.game_store import Clock, GameEventStore, GameStore, wall_clock_ms
from judge.app.games import Games
from judge.app.library import CardLibraries
from judge.app.integrity import Integrity
from judge.app.records import Records
from judge.app.disputes import Disputes
from judge.app.stopping import Stopping
from judge.app.tournaments import Tournaments
from judge.app.views import Views, hidden_recheck
from judge.app.watch import Watch
from judge.domain.chain import ServerKey
from judge.store.witness import Head as WitnessHead, Witness


class JudgeApp:
    """The judge's use cases (see the module docstring): the services, put
    together, and their public methods under one roof."""

    sqlite = staticmethod(GameStore.sqlite)

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
        store = GameStore(env, clock, key=key, max_games=max_games, max_events_per_game=max_events_per_game,
                          witness=witness, seeds=seeds)
        self.store = store
        self.access = Access(store, admin_token_hash)
        self.views = Views(store, self.access)
        self.watching = Watch(store, self.access, self.views)
        self.deadlines = Deadlines(store)
        self.library = CardLibraries(store, store.now_ms)
        self.games = Games(store, self.access, self.views, self.deadlines, self.library)
        self.disputes = Disputes(store, self.access, self.views)
        self.records = Records(store, self.access, self.views, self.games)
        self.checkpoints = Checkpoints(store)
        self.integrity = Integrity(store, self.access, self.checkpoints)
        self.stopping = Stopping(store, self.access)
        self.tournaments = Tournaments(store, self.access, self.games, self.stopping, self.disputes, self.records)
        store.events.lister = self.views.event_records  # ``app.events(game_id, viewer, ...)``

        # The store: persistence, trust, limits, lifecycle.
        self.env = store.env
        self.factory = store.factory
        self.recorder = store.recorder
        self.mapper = store.mapper
        self.events: GameEventStore = store.events
        self.snapshots = store.snapshots
        self.repository = store.repository
        self.notification_log = store.notification_log
        self.command_index = store.command_index
        self.session_locks = store.session_locks
        self.key = store.key
        self.seal = store.seal
        self.witness = store.witness
        self.file_guard = store.file_guard
        self.max_games = store.max_games
        self.max_events_per_game = store.max_events_per_game
        self.save = store.save
        self.take_snapshot = store.take_snapshot
        self.now_ms = store.now_ms
        self.hold = store.hold
        self.attach = store.attach
        self.close = store.close
        self.storage_problem = store.storage_problem
        self.wake_watchers = store.wake_watchers
        # Access.
        self.ruleset_of = self.access.ruleset_of
        self.is_admin = self.access.is_admin
        self.seat_count = self.access.seat_count
        self.authenticate = self.access.authenticate
        self.authenticate_admin = self.access.authenticate_admin
        self.rotate_token = self.access.rotate_token
        # Views and Watch.
        self.view = self.views.view
        self.card_names_of = self.views.card_names_of
        self.event_records = self.views.event_records
        self.replay = self.views.replay
        self.watch = self.watching.watch
        self.watch_marked = self.watching.watch_marked
        # Games.
        self.create_game = self.games.create_game
        self.submit = self.games.submit
        self.correct_card = self.games.correct_card
        self.ask = self.games.ask
        self.legal_actions = self.games.legal_actions
        self.legal_offers = self.games.legal_offers
        self.close_elapsed_windows = self.games.close_elapsed_windows
        self.list_games = self.games.list_games
        self.pending_deadlines = self.deadlines.pending_deadlines
        # Disputes and records.
        self.open_dispute = self.disputes.open_dispute
        self.resolve_dispute = self.disputes.resolve_dispute
        self.list_disputes = self.disputes.list_disputes
        self.export_game = self.records.export_game
        # Stopping (an event's time called) and a table's status.
        self.stop_game = self.stopping.stop_game
        self.table_status = self.stopping.table_status
        self.import_game = self.records.import_game
        self.audit = self.records.audit
        # Integrity.
        self.check_integrity = self.integrity.check_integrity
        self.seal_credentials = self.integrity.seal_credentials
        self.write_checkpoint = self.checkpoints.write_checkpoint
        self.checkpoint_store = self.checkpoints.checkpoint_store

    @property
    def name(self) -> str:
        """The application's name in eventsourcing (the stored tables' prefix)."""
        return self.store.name

    @property
    def game_count(self) -> int:
        """How many games the store holds (``GameStore.game_count``)."""
        return self.store.game_count

    @property
    def on_save(self) -> Callable[[float], None] | None:
        """Told each save's seconds (metrics)."""
        return self.store.on_save

    @on_save.setter
    def on_save(self, listener: Callable[[float], None] | None) -> None:
        self.store.on_save = listener

    @property
    def witness_heads(self) -> dict[str, WitnessHead]:
        """The witness's heads as the last check read them."""
        return self.integrity.witness_heads


__all__ = ["JudgeApp", "GameEventStore", "GameStore", "hidden_recheck", "wall_clock_ms", "Clock"]
