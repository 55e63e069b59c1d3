"""What the integrity check (judge/app/integrity.py) compares with the
witnesses: the judge's own witness file and copies an organizer kept
(``judge witness export``, ``judge check --witness FILE``).

A problem found is a ``WitnessAlarm``: a ``CorruptRecord`` whose message comes
from the catalogue (``message`` and ``values``, for the command line to show
in its reader's language; ``str()`` is the English).
"""

from __future__ import annotations

from collections.abc import Sequence
from uuid import UUID

from judge.common.errors import CorruptRecord
from judge.common.i18n import N_, tr
from judge.domain.credentials import credentials_id
from judge.store.witness import Witness

NO_WITNESS = N_("the database holds {count} games, but the witness {witness} is missing or empty: whoever can "
                "delete events can delete the witness too; restore it, or start once with "
                "--accept-missing-witness to accept the record as it is (the witness records that)")
NO_LINE = N_("game {game}: the witness {witness} has no line of it ({count} such games): the record may have "
             "been cut short and its lines removed with it; restore the witness, or start once with "
             "--accept-missing-witness to accept the record as it is (the witness records that)")
CREDENTIALS_CUT = N_("game {game}: versions {first} to {last} of its credentials are missing (the witness {witness} "
                     "saw them written): a deleted token rotation brings the old token back")
COPY_CUT = N_("game {game}: versions {first} to {last} are missing (the witness copy {witness} holds them): "
              "the record was cut short since the copy was written")
COPY_REPLACED = N_("game {game} version {version}: the stored event is not the one the witness copy {witness} "
                   "holds; the stored stream was replaced")


class WitnessAlarm(CorruptRecord):
    """A record that does not match a witness; ``message`` is a catalogue id."""

    def __init__(self, message: str, **values: object):
        super().__init__(tr("en", message, **values))
        self.message = message
        self.values = values


def as_uuid(text: str) -> UUID | None:
    try:
        return UUID(text)
    except ValueError:
        return None


def unwitnessed(witness: Witness, games: Sequence[UUID]) -> list[UUID]:
    """The stored ``games`` the witness names nowhere (it must name every one: judge/store/witness.py)."""
    named = {u for u in map(as_uuid, witness.games) if u is not None}
    return [g for g in games if g not in named]


def missing_witness(witness: Witness, games: Sequence[UUID]) -> WitnessAlarm | None:
    """The alarm for a witness that does not name the stored ``games`` (None: it names them all).
    A witness that covers only what its replica wrote (PostgreSQL) must merely not be missing."""
    if not games:
        return None
    if not witness.existed and not witness.games:
        return WitnessAlarm(NO_WITNESS, count=len(games), witness=str(witness.path))
    if not witness.covers_every_game:
        return None
    missing = unwitnessed(witness, games)
    if missing:
        return WitnessAlarm(NO_LINE, game=str(missing[0]), witness=str(witness.path), count=len(missing))
    return None


def check_credentials(witnesses: Sequence[Witness], stored: dict[UUID, int]) -> None:
    """Every game's credentials reach at least the version a witness saw (``stored``: credentials
    aggregate id -> version)."""
    for witness in witnesses:
        for game_id, version in sorted(witness.credentials.items()):
            if as_uuid(game_id) is None:
                continue
            have = stored.get(credentials_id(game_id), 0)
            if have < version:
                raise WitnessAlarm(CREDENTIALS_CUT, game=game_id, first=have + 1, last=version,
                                   witness=str(witness.path))


class Copies:
    """The heads of witness copies, compared with each stored event and with each game's length."""

    def __init__(self, copies: Sequence[Witness]):
        self.copies = list(copies)
        self.pins: dict[tuple[UUID, int], list[tuple[str, Witness]]] = {}
        for copy in self.copies:
            for game_id, head in copy.heads().items():
                uid = as_uuid(game_id)
                if uid is not None:
                    self.pins.setdefault((uid, head.version), []).append((head.chain_head, copy))

    def event(self, uid: UUID, version: int, digest: str) -> None:
        """Event ``version`` of game ``uid`` hashes to ``digest``: the copies holding it must agree."""
        for chain_head, copy in self.pins.get((uid, version), ()):
            if chain_head != digest:
                raise WitnessAlarm(COPY_REPLACED, game=str(uid), version=version, witness=str(copy.path))

    def lengths(self, heads: dict[UUID, tuple[int, str]], credentials: dict[UUID, int]) -> None:
        """Every game (and its credentials) is at least as long as the copies hold it."""
        for (uid, version), held in sorted(self.pins.items()):
            have = heads.get(uid, (0, ""))[0]
            if have < version:
                raise WitnessAlarm(COPY_CUT, game=str(uid), first=have + 1, last=version, witness=str(held[0][1].path))
        check_credentials(self.copies, credentials)
