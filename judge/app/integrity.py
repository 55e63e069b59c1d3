"""The integrity check of the whole store (start-up and ``judge check``) and
sealing stored credentials.

``Integrity`` takes the ``GameStore`` (the stored events, snapshots, the
exactly-once index, the seal and the witness), ``Access`` (a sealed game's
seed is read again) and ``Checkpoints`` (judge/app/checkpoint.py: where the
quick check may start, and what a passing check leaves for the next one).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import cast
from uuid import UUID

from eventsourcing.persistence import IntegrityError
from eventsourcing.sqlite import SQLiteFactory
from eventsourcing.utils import get_topic

from judge.app.access import Access, hash_of
from judge.app.checkpoint import Checkpoints
from judge.app.game_store import GameStore
from judge.app.topics import CREATION_TOPICS, CREDENTIALS_TOPICS, GAME_TOPICS
from judge.common.errors import CorruptRecord
from judge.domain.chain import genesis
from judge.domain.credentials import Credentials, credentials_id, owner_of
from judge.domain.game import Game, chain_data
from judge.domain.rules import same_state
from judge.store.witness_check import Copies, check_credentials, missing_witness, unwitnessed
from judge.store.witness import Head as WitnessHead, Witness, WitnessError

log = logging.getLogger(__name__)


class Integrity:
    """The full check of the store, and sealing credentials."""

    def __init__(self, store: GameStore, access: Access, checkpoints: Checkpoints):
        self.store = store
        self.access = access
        self.checkpoints = checkpoints
        self.witness_heads: dict[str, WitnessHead] = {}
        """The witness's heads as the last check read them."""
        self.stored_heads: dict[str, tuple[int, str]] = {}
        """Every game's version and chain head as the last passing check found them."""
        self.stored_credentials: dict[str, int] = {}
        """The version of every game's credentials as the last passing check found them."""

    def check_integrity(
        self, replay: bool = True, credentials: bool = True, allow_unsealed: bool = False,
        checkpoint: bool = False, accept_missing: str | None = None, copies: Sequence[Witness] = (),
    ) -> dict[str, int]:
        """Check the stored record before serving it; raise ``CorruptRecord``
        with a message naming the game and the version at the first problem.

        * SQLite: ``PRAGMA quick_check`` (a damaged or truncated file);
        * every stored event decodes (game events and credentials);
        * every game's versions are 1, 2, 3 ... and its hash chain holds:
          each event hashes to its recorded hash and names the hash of the
          one before it (an event altered in the database is caught);
        * with ``replay``: every game replays from its events through the
          rules, every snapshot equals the replay at its version, and the
          exactly-once index holds every accepted command's id at its version
          (judge/domain/command_index.py);
        * with ``credentials`` (needs the server key the judge wrote them
          with): every stored token hash carries a MAC that verifies, and a
          dealt game's sealed seed opens (judge/domain/sealing.py). Credentials
          stored before they were sealed are refused unless ``allow_unsealed``
          (``seal_credentials`` then seals them).

        The witness (judge/store/witness.py) must name every stored game (on
        a shared database: merely not be missing while games are stored), and
        every game and its credentials must be at least as long as it saw them;
        ``accept_missing`` (the reason: the operator's option) instead accepts
        the games it does not name, writing their heads and the acceptance into
        it. Each witness copy in ``copies`` (``judge witness export``) is
        compared the same way: a game shorter than the copy holds it, or an
        event that is not the one it holds, is named.

        With ``checkpoint`` (start-up, SQLite) and without ``replay``, the
        part of the record up to a stored checkpoint whose MAC holds is
        checked structurally only, and the events after it in full (see
        judge/app/checkpoint.py); a check that passes can then be made the
        new checkpoint with ``write_checkpoint``.

        Returns counts: ``games``, ``events`` (decoded), ``checkpointed``
        (events covered by the checkpoint, not decoded), ``snapshots``,
        ``credentials`` (checked) and ``unsealed`` (credentials stored before
        sealing).
        """
        stats = {"games": 0, "events": 0, "checkpointed": 0, "snapshots": 0, "credentials": 0, "unsealed": 0}
        store = self.store
        witness = store.witness
        self.checkpoints.starting()
        folded: dict[UUID, Credentials] = {}
        self._check_sqlite_file()
        kept = self.checkpoints.stored() if checkpoint and not replay else None
        try:
            self.witness_heads = witness.heads(kept.witness if kept is not None else None) \
                if witness else {}
            witnessed = {UUID(g): h for g, h in self.witness_heads.items()}
            copied = Copies(copies)
        except (WitnessError, ValueError) as e:
            raise CorruptRecord(str(e)) from e
        heads: dict[UUID, tuple[int, str]] = {}
        held_versions: dict[UUID, int] = {}  # the credentials' versions
        position = 0
        reload: set[UUID] = set()  # credentials with events before the checkpoint and after it
        since = self.checkpoints.verify(kept, stats, witnessed) if kept is not None else None
        if since is not None:
            position = since.position
            for key, at_checkpoint in since.heads.items():
                if at_checkpoint.chain_hash:
                    heads[UUID(key)] = (at_checkpoint.version, at_checkpoint.chain_hash)
                else:
                    held_versions[UUID(key)] = at_checkpoint.version
            for witnessed_id, saw in witnessed.items():
                at = heads.get(witnessed_id)
                if at is not None and saw.version == at[0] and saw.chain_head != at[1]:
                    raise CorruptRecord(
                        f"game {witnessed_id} version {saw.version}: the stored event is not the one the judge "
                        f"wrote (the witness {witness.path if witness else ''} saw another); "
                        "the stored stream was replaced")
        batches = store.notifications(position)
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
                is_game = n.topic in GAME_TOPICS
                what = f"game {n.originator_id}" if is_game else f"aggregate {n.originator_id}"
                try:
                    stored = store.mapper.to_domain_event(n)
                except Exception as err:  # noqa: BLE001
                    cause = err.__cause__ if isinstance(err, CorruptRecord) and err.__cause__ else err
                    named = f"{what} version {n.originator_version}" if is_game else owner_of(
                        n.originator_id, self._game_ids(heads), n.originator_version, n.state)
                    raise CorruptRecord(f"{named}: the stored event does not decode "
                                        f"({type(cause).__name__}: {cause})") from err
                stats["events"] += 1
                if not is_game:
                    if n.topic in CREDENTIALS_TOPICS:
                        held_versions[n.originator_id] = n.originator_version  # type: ignore[index]
                    if credentials and n.topic in CREDENTIALS_TOPICS:
                        if since is not None and UUID(str(n.originator_id)).hex in since.heads:
                            reload.add(n.originator_id)  # type: ignore[arg-type]
                        else:
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
                digest = hash_of(stored)
                if chain["prev_hash"] != expected:
                    raise CorruptRecord(
                        f"{what} version {stored.originator_version}: the hash chain is broken (the "
                        f"event does not follow version {version}); the stored stream was altered")
                if chain["hash"] != digest:
                    raise CorruptRecord(
                        f"{what} version {stored.originator_version}: the stored event was altered "
                        "(its content does not hash to its recorded hash)")
                heads[uid] = (stored.originator_version, digest)  # type: ignore[index]
                copied.event(uid, stored.originator_version, digest)  # type: ignore[arg-type]
                seen = witnessed.get(uid)  # type: ignore[arg-type]
                if seen is not None and seen.version == stored.originator_version and seen.chain_head != digest:
                    raise CorruptRecord(
                        f"{what} version {seen.version}: the stored event is not the one the judge "
                        f"wrote (the witness {witness.path if witness else ''} saw another); "
                        "the stored stream was replaced")
        for uid, seen in witnessed.items():
            have = heads.get(uid, (0, ""))[0]
            if have < seen.version:
                raise CorruptRecord(
                    f"game {uid}: versions {have + 1} to {seen.version} are missing (the witness "
                    f"{witness.path if witness else ''} saw them written); the record was "
                    "cut short")
        if witness is not None:
            check_credentials([witness], held_versions)
            self._check_named(witness, heads, accept_missing)
        copied.lengths(heads, held_versions)
        stats["games"] = len(heads)
        for held_id in reload:  # their events before the checkpoint are read again here
            try:
                folded[held_id] = cast(Credentials, store.repository.get(held_id))
            except Exception as err:  # noqa: BLE001 - a stored event that does not decode
                raise CorruptRecord(f"{owner_of(held_id, self._game_ids(heads))}: the stored credentials do not "
                                    f"decode ({type(err).__name__}: {err})") from err
        for held in folded.values():
            self._check_credentials(held, allow_unsealed, stats)
        if replay:
            for uid in heads:
                stats["snapshots"] += self._check_replay(uid)
        self.stored_heads = {str(uid): head for uid, head in heads.items()}
        self.stored_credentials = {str(uid): held_versions[credentials_id(str(uid))] for uid in heads
                                   if credentials_id(str(uid)) in held_versions}
        self.checkpoints.passed(position, {uid.hex: head for uid, head in heads.items()})
        return stats

    def _check_named(self, witness: Witness, heads: dict[UUID, tuple[int, str]], accept_missing: str | None) -> None:
        """The witness names every stored game (see ``check_integrity``), or the operator accepts those it
        does not: their heads are written into it with an ``accepted`` line."""
        games = list(heads)
        if not games and not witness.existed and not witness.acceptances and witness.writable:
            # A witness begun with an empty record says so: from here on it is never empty, so a
            # replica's witness emptied while others stored games is caught like one removed.
            witness.accepted("new", [], self.store.now_ms())
            self.witness_heads = witness.heads()
        if missing_witness(witness, games) is not None and witness.games:
            self.witness_heads = witness.heads()  # a game stored while the check ran is named in lines written since
        alarm = missing_witness(witness, games)
        if alarm is None:
            return
        if accept_missing is None:
            raise alarm
        accepted = games if not witness.covers_every_game else unwitnessed(witness, games)
        for uid in accepted:
            witness.saw(str(uid), *heads[uid])
            witness.games.add(str(uid))
        witness.accepted(accept_missing, [str(uid) for uid in accepted], self.store.now_ms())
        self.witness_heads = witness.heads()
        log.warning("accepted %d game(s) the witness %s did not name (%s): %s", len(accepted), witness.path,
                    accept_missing, alarm)

    def _game_ids(self, heads: dict[UUID, tuple[int, str]]) -> list[UUID]:
        """Every game id (the ones checked so far first), to name credentials by their game."""
        found = list(heads)
        for batch in self.store.notifications(0, CREATION_TOPICS):
            found.extend(n.originator_id for n in batch if n.originator_id not in heads)  # type: ignore[misc]
        return found

    def _check_credentials(self, held: Credentials, allow_unsealed: bool, stats: dict[str, int]) -> None:
        """Raise ``CorruptRecord`` naming the game if a stored token hash or
        seed does not hold with the server key (see ``check_integrity``)."""
        stats["credentials"] += 1
        unsealed = not held.sealed
        stats["unsealed"] += unsealed
        problems = held.problems(self.store.seal, unsealed_ok=allow_unsealed and unsealed)
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
        for batch in self.store.notifications(0, topics):
            for n in batch:
                held: object = self.store.repository.get(n.originator_id)  # type: ignore[arg-type]
                if not isinstance(held, Credentials) or held.sealed:
                    continue
                held.seal(self.store.seal)
                try:
                    self.store.save(held)
                except IntegrityError:
                    continue  # another replica sealed it first
                self.access.forget_seed(held.game_id)
                sealed += 1
        return sealed

    def _check_sqlite_file(self) -> None:
        factory = self.store.factory
        if not isinstance(factory, SQLiteFactory):
            return
        name = self.store.env.get("SQLITE_DBNAME", "")
        try:
            with factory.datastore.transaction(commit=False) as cursor:  # type: ignore[attr-defined]
                cursor.execute("PRAGMA quick_check")
                rows = [str(r[0]) for r in cursor.fetchall()]
        except Exception as e:  # noqa: BLE001
            raise CorruptRecord(f"the database {name} cannot be read: {type(e).__name__}: {e}") from e
        if rows != ["ok"]:
            raise CorruptRecord(f"the database {name} is damaged: {'; '.join(rows[:5])}")

    @staticmethod
    def _check_indexed(game_id: str, index: dict[str, int], command_id: str, version: int) -> None:
        indexed = index.get(command_id)
        if indexed != version:
            raise CorruptRecord(
                f"game {game_id} version {version}: the index of command ids "
                + (f"has no row for {command_id!r}" if indexed is None else
                   f"names version {indexed} for {command_id!r}")
                + " (a retry of that command would not be answered as a duplicate)")

    def _check_replay(self, uid: UUID) -> int:
        """Replay one game from its events (no snapshot) and compare every
        snapshot with the replay; returns the number of snapshots checked."""
        game_id = str(uid)
        store = self.store
        snapshots = list(store.snapshots.get(uid)) if store.snapshots is not None else []
        at = {s.originator_version: s for s in snapshots}
        folded: Game | None = None
        events = list(store.events.get(uid))
        # Read after the events: a command another replica records meanwhile has its row
        # committed with its event, so every event read has its row in what is read here.
        indexed = store.command_index.command_versions(game_id)
        for e in events:
            try:
                folded = cast(Game, e.mutate(folded))  # type: ignore[attr-defined]
            except CorruptRecord:
                raise
            except Exception as err:  # noqa: BLE001
                raise CorruptRecord(
                    f"game {game_id} version {e.originator_version}: the event does not replay "
                    f"({type(err).__name__}: {err})") from err
            if type(e).__name__ == "CommandAccepted":
                self._check_indexed(game_id, indexed, str(getattr(e, "command_id")), e.originator_version)
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
