"""JudgeApp: the judge's use cases on top of the event store.

Each use case loads a game, checks the caller's role, runs one command of the
``Game`` aggregate and saves it; queries fold stored events. Nothing here
speaks protobuf: results are the plain types of judge/app/types.py, errors
those of judge/common/errors.py plus ``Rejected``/``Malformed`` from the rules core.

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

The use cases are split by responsibility, each module a class the next one
builds on: ``base`` (configuration, persistence, loading and writing games,
pending deadlines), ``access`` (credentials, tokens, seeds, receipts,
permissions), ``views`` (views, events, Replay, Watch), ``commands`` (create,
submit, ask, legal actions, closing windows), ``disputes``, ``records``
(export, import, audit), ``integrity`` (the store's full check, sealing) and
``stopping`` (a game stopped when an event's time is called, a table's status).
"""

from __future__ import annotations

from judge.app.base import Clock, GameEventStore, wall_clock_ms
from judge.app.integrity import Integrity
from judge.app.stopping import Stopping
from judge.app.views import hidden_recheck


class JudgeApp(Stopping, Integrity):
    """The judge's use cases (see the module docstring). Its name is the
    application's name in eventsourcing, which names the stored tables: keep it."""


__all__ = ["JudgeApp", "GameEventStore", "hidden_recheck", "wall_clock_ms", "Clock"]
