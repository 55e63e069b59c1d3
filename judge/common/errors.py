"""The application's own errors. The server maps each to one gRPC status in
one table (judge/server/errors.py); nothing else is raised to a caller.

Rule violations are ``judge.rules.Rejected`` (FAILED_PRECONDITION) and
malformed actions ``judge.rules.Malformed`` (INVALID_ARGUMENT); both come
from the pure rules core (judge/rules/ruling.py), which raises these errors
too: this module sits below it and imports nothing of the judge.
"""

from __future__ import annotations

from judge.common.i18n import N_, said


class JudgeError(Exception):
    """Base of the application errors."""


class InvalidArgument(JudgeError):
    """A request field is malformed. ``field`` is its path, e.g. "seats[2].name"."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class GameNotFound(JudgeError):
    def __init__(self, game_id: str):
        super().__init__(said(N_("no game with id '{game}'"), game=game_id))
        self.game_id = game_id


class DisputeNotFound(JudgeError):
    def __init__(self, game_id: str, dispute_id: int):
        super().__init__(said(N_("game {game} has no dispute {dispute}"), game=game_id, dispute=dispute_id))


class Unauthenticated(JudgeError):
    """Missing or wrong token. The message never contains the token."""


class PermissionDenied(JudgeError):
    """The caller's role or seat may not do this."""


class VersionConflict(JudgeError):
    """expected_version is stale (or a concurrent writer won)."""

    def __init__(self, expected: int, actual: int):
        super().__init__(said(N_("expected version {expected}, the game is at version {actual}"),
                              expected=expected, actual=actual))
        self.expected = expected
        self.actual = actual


class WriteContention(JudgeError):
    """Other writers (another replica) appended to the same record (a game, a
    card library, an event) before each of the judge's attempts to write to it:
    nothing was written, and the same request may be sent again.
    ``record`` is "game", "library" or "event"."""

    _WORDS = {
        "game": N_("other writers appended to the game before each of {attempts} attempts to record this "
                   "command (the game is at version {actual}); nothing was recorded: send the same command again"),
        "library": N_("other writers changed the card library before each of {attempts} attempts to write this "
                      "change (the library is at version {actual}); nothing was written: send the same request "
                      "again"),
        "event": N_("other writers changed the event before each of {attempts} attempts to record this change "
                    "(the event is at version {actual}); nothing was recorded: send the same request again"),
    }

    def __init__(self, attempts: int, actual: int, record: str = "game"):
        super().__init__(said(self._WORDS[record], attempts=attempts, actual=actual))
        self.attempts = attempts
        self.actual = actual
        self.record = record


class ResourceExhausted(JudgeError):
    """A limit was reached; the message names it."""


class Unavailable(JudgeError):
    """The judge cannot store anything now (its database file is gone,
    replaced, full or read-only); the message says why and that nothing was
    recorded. A retry may succeed once the cause is gone."""


class CorruptRecord(JudgeError):
    """Stored or imported data does not decode or does not replay."""


__all__ = [
    "JudgeError", "InvalidArgument", "GameNotFound", "DisputeNotFound", "Unauthenticated",
    "PermissionDenied", "VersionConflict", "ResourceExhausted", "CorruptRecord", "WriteContention",
    "Unavailable",
]
