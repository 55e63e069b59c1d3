"""A verified checkpoint of the stored record, so that start-up's quick check
does not re-read every event ever stored (SQLite).

After a start-up check passes, the judge writes a checkpoint into the
database (table ``judge_checkpoint``, one row): the position in the
notification log up to which every stored event was checked, and for every
aggregate (game, credentials) stored up to there its head at that position:
its version, for a game its chain hash, and the SHA-256 of the stored bytes
of that head event. The checkpoint carries an HMAC-SHA256 under a key
derived from the server key (``ServerKey.derive``, as the credentials' MACs
in judge/domain/sealing.py), so whoever can write the database but does not
hold the server key cannot forge or alter one.

The quick check (``Integrity``, judge/app/integrity.py) with a checkpoint whose MAC holds:

* checks the part up to the checkpoint structurally, in SQL: every aggregate
  stored there is one the checkpoint names, with exactly its versions
  1 .. n (no gap, nothing added, nothing removed), and the stored bytes of
  every head still hash to what the checkpoint recorded;
* checks every event after the checkpoint in full (it decodes; its version
  follows its aggregate's previous one; a game's event names the hash of the
  one before, continuing from the checkpointed head, and hashes to its
  recorded hash);
* checks the witness and the credentials written since, as without one.

What it leaves to ``judge check`` (the full check), the audit and the
clients' receipts: an event before the checkpoint that was altered in place
while its game's newest checked event was not (its bytes are not read).
Without a checkpoint (the first start, PostgreSQL, a checkpoint removed) the
quick check reads and hashes every stored event.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from eventsourcing.sqlite import SQLiteFactory

from judge.app.game_store import GameStore
from judge.app.topics import GAME_TOPICS
from judge.domain.chain import ServerKey, canonical_bytes
from judge.common.errors import CorruptRecord
from judge.store.witness import Verified

FORMAT = "judge-checkpoint/1"
MAC_PURPOSE = "judge-checkpoint-mac/1"
TABLE = "judge_checkpoint"


class CheckpointError(Exception):
    """A stored checkpoint that cannot be read or whose MAC does not hold."""


@dataclass(frozen=True)
class Head:
    """An aggregate's newest event at the checkpoint."""

    version: int
    chain_hash: str  # a game's chain hash at that version ("" for other aggregates)
    stored_sha256: str  # SHA-256 of the stored bytes of that event


def stored_sha256(state: bytes) -> str:
    return hashlib.sha256(state).hexdigest()


@dataclass(frozen=True)
class Checkpoint:
    """The position up to which the record was checked, and every
    aggregate's head there (originator id -> ``Head``)."""

    position: int
    heads: Mapping[str, Head]
    witness: Verified | None = None  # the start of the witness file whose lines were verified

    def _fields(self) -> dict[str, Any]:
        return {"format": FORMAT, "position": self.position,
                "witness": [self.witness.length, self.witness.sha256] if self.witness is not None else None,
                "heads": {k: [h.version, h.chain_hash, h.stored_sha256] for k, h in self.heads.items()}}

    def _message(self) -> bytes:
        return canonical_bytes(self._fields())

    def to_text(self, key: ServerKey) -> str:
        mac = hmac.new(key.derive(MAC_PURPOSE), self._message(), hashlib.sha256).hexdigest()
        return json.dumps({**self._fields(), "mac": mac}, separators=(",", ":"))

    @classmethod
    def from_text(cls, text: str, key: ServerKey) -> Checkpoint:
        """The checkpoint ``text`` holds; ``CheckpointError`` if it cannot
        be read or its MAC does not hold with ``key``."""
        try:
            data = json.loads(text)
            if data.get("format") != FORMAT:
                raise ValueError(f"format {data.get('format')!r}, not {FORMAT}")
            witness = data.get("witness")
            checkpoint = cls(int(data["position"]),
                             {str(k): Head(int(v[0]), str(v[1]), str(v[2])) for k, v in data["heads"].items()},
                             Verified(int(witness[0]), str(witness[1])) if witness is not None else None)
            mac = data["mac"]
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
            raise CheckpointError(f"the checkpoint cannot be read ({e})") from e
        expected = hmac.new(key.derive(MAC_PURPOSE), checkpoint._message(), hashlib.sha256).hexdigest()
        if not isinstance(mac, str) or not hmac.compare_digest(expected, mac):
            raise CheckpointError("the checkpoint's MAC does not hold with the server key (it was altered, "
                                  "forged, or written with another key)")
        return checkpoint


class CheckpointStore:
    """The checkpoint row and the bulk queries on a SQLite events table."""

    def __init__(self, datastore: Any, events_table: str):
        self._datastore = datastore
        self._events = events_table

    def read(self) -> str | None:
        """The stored checkpoint text (None: there is none)."""
        with self._datastore.transaction(commit=False) as cursor:
            cursor.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?", (TABLE,))
            if cursor.fetchone() is None:
                return None
            cursor.execute(f"SELECT body FROM {TABLE} WHERE id = 1")
            row = cursor.fetchone()
        return None if row is None else str(row[0])

    def write(self, text: str) -> None:
        with self._datastore.transaction(commit=True) as cursor:
            cursor.execute(f"CREATE TABLE IF NOT EXISTS {TABLE} (id INTEGER PRIMARY KEY CHECK (id = 1), "
                           "body TEXT NOT NULL)")
            cursor.execute(f"INSERT OR REPLACE INTO {TABLE} (id, body) VALUES (1, ?)", (text,))

    def remove(self) -> None:
        with self._datastore.transaction(commit=True) as cursor:
            cursor.execute(f"DROP TABLE IF EXISTS {TABLE}")

    def heads_up_to(self, position: int, after: int = 0) -> list[tuple[str, int, int, int, str, bytes]]:
        """Every aggregate with events stored after ``after`` up to
        ``position``: (originator id as stored, the number of those events,
        their lowest and highest version, the topic and the stored bytes of
        the event with the highest). One query: the counts come from the
        primary key's index, each head's row from one lookup in it."""
        with self._datastore.transaction(commit=False) as cursor:
            cursor.execute(
                "SELECT e.originator_id, g.n, g.low, g.high, e.topic, e.state FROM (SELECT originator_id, "
                "COUNT(*) AS n, MIN(originator_version) AS low, MAX(originator_version) AS high "
                f"FROM {self._events} WHERE rowid > ? AND rowid <= ? GROUP BY originator_id) AS g "
                f"JOIN {self._events} AS e ON e.originator_id = g.originator_id AND e.originator_version = g.high",
                (after, position))
            return [(str(r[0]), int(r[1]), int(r[2]), int(r[3]), str(r[4]), bytes(r[5])) for r in cursor.fetchall()]

    def missing_version(self, originator_id: str, position: int, highest: int) -> int:
        """The lowest version in 1 .. ``highest`` that ``originator_id`` lacks up to ``position``."""
        with self._datastore.transaction(commit=False) as cursor:
            cursor.execute(f"SELECT originator_version FROM {self._events} WHERE originator_id = ? "
                           "AND rowid <= ? ORDER BY originator_version", (originator_id, position))
            have = [int(r[0]) for r in cursor.fetchall()]
        expected = 1
        for version in have:
            if version > expected:
                return expected
            expected = max(expected, version + 1)
        return min(expected, highest)




class Checkpoints:
    """The application's side of the checkpoint: reading, verifying and
    writing it on the ``GameStore``'s database. ``Integrity`` tells it where
    a passing check ended (``passed``) and which checkpoint a check started
    from (``verify``)."""

    def __init__(self, store: GameStore):
        self.store = store
        self._checked: tuple[int, dict[str, tuple[int, str]]] | None = None
        """Where the last passing check ended and every game's head there."""
        self._used: Checkpoint | None = None
        """The checkpoint the last check started from (or the last one written)."""

    def starting(self) -> None:
        """A check starts: until it passes there is nothing to write."""
        self._checked = None
        self._used = None

    def passed(self, position: int, heads: dict[str, tuple[int, str]]) -> None:
        """A check passed up to ``position``, every game (by hex id) with its
        (version, chain hash) there."""
        self._checked = (position, heads)

    def checkpoint_store(self) -> CheckpointStore | None:
        """The checkpoint's store (SQLite only; None elsewhere)."""
        store = self.store
        if not isinstance(store.factory, SQLiteFactory):
            return None
        return CheckpointStore(store.factory.datastore,  # type: ignore[attr-defined]
                               getattr(store.recorder, "events_table_name", "stored_events"))

    def write_checkpoint(self) -> Checkpoint | None:
        """Make the position the last passing check reached the checkpoint
        (None: no check passed in this process, or not SQLite). Started from
        a checkpoint, only the aggregates stored after it are read again."""
        table = self.checkpoint_store()
        if table is None or self._checked is None:
            return None
        position, chains = self._checked
        since = self._used
        witness = self.store.witness.verified if self.store.witness is not None else None
        if since is not None and since.position == position and since.witness == witness:
            return since  # nothing was stored after it
        after = since.position if since is not None else 0
        heads: dict[str, Head] = dict(since.heads) if since is not None else {}
        for key, _count, _low, version, _topic, state in table.heads_up_to(position, after):
            chain = chains.get(key)
            if chain is not None and chain[0] != version:
                return None  # the record changed since it was checked: no checkpoint
            heads[key] = Head(version, chain[1] if chain is not None else "", stored_sha256(state))
        if any(key not in heads or heads[key].version != chain[0] for key, chain in chains.items()):
            return None
        checkpoint = Checkpoint(position, heads, witness)
        table.write(checkpoint.to_text(self.store.key))
        self._used = checkpoint
        return checkpoint

    def stored(self) -> Checkpoint | None:
        """The stored checkpoint (None: there is none, or not SQLite);
        ``CorruptRecord`` if its MAC does not hold."""
        table = self.checkpoint_store()
        text = table.read() if table is not None else None
        if text is None:
            return None
        try:
            return Checkpoint.from_text(text, self.store.key)
        except CheckpointError as e:
            raise CorruptRecord(f"{e}; if the record is otherwise intact, remove the table {TABLE} to check "
                                "every stored event again") from e

    def verify(self, checkpoint: Checkpoint, stats: dict[str, int],
               witnessed: Mapping[UUID, Any]) -> Checkpoint:
        """``checkpoint``, once the record up to it is found intact in
        structure (see the module's text). Raises ``CorruptRecord`` naming
        the aggregate and version at a problem (``witnessed``: the witness's
        heads, named where they saw what is gone)."""
        witness = self.store.witness

        def seen(key: str, version: int) -> str:
            saw = witnessed.get(UUID(key))
            return f"; the witness {witness.path} saw them written" \
                if saw is not None and saw.version >= version and witness is not None else ""

        table = self.checkpoint_store()
        assert table is not None  # a checkpoint was read from it
        position = checkpoint.position
        games = set(GAME_TOPICS)
        found: set[str] = set()
        for key, count, lowest, highest, topic, state in table.heads_up_to(position):
            head = checkpoint.heads.get(key)
            what = f"game {UUID(key)}" if topic in games or (head is not None and head.chain_hash) \
                else f"aggregate {UUID(key)}"
            if head is None or highest > head.version:
                raise CorruptRecord(
                    f"{what} version {head.version + 1 if head is not None else 1}: stored before the checkpoint "
                    f"(position {position}) but not there when it was made; events were added behind the "
                    "judge's back")
            if highest < head.version:
                raise CorruptRecord(
                    f"{what}: versions {highest + 1} to {head.version} are missing (they were checked at the "
                    f"checkpoint, position {position}{seen(key, head.version)}); the record was cut short")
            if lowest < 1:
                raise CorruptRecord(f"{what} version {lowest}: a version below 1 is stored")
            if count != highest:
                missing = table.missing_version(key, position, highest)
                raise CorruptRecord(f"{what} version {missing}: the event is missing (a gap in the versions)")
            if stored_sha256(state) != head.stored_sha256:
                raise CorruptRecord(
                    f"{what} version {head.version}: the stored event was altered since the checkpoint "
                    f"(position {position}): its bytes do not hash to what was checked")
            found.add(key)
            stats["checkpointed"] += count
        for key in checkpoint.heads.keys() - found:
            head = checkpoint.heads[key]
            what = f"game {UUID(key)}" if head.chain_hash else f"aggregate {UUID(key)}"
            raise CorruptRecord(f"{what}: versions 1 to {head.version} are missing (they were checked at the "
                                f"checkpoint, position {position}{seen(key, head.version)}); the record was cut "
                                "short")
        self._used = checkpoint
        return checkpoint


__all__ = ["Checkpoint", "CheckpointError", "CheckpointStore", "Checkpoints", "Head", "stored_sha256"]
