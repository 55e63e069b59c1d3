"""The topics of the stored events, as eventsourcing names them: a game's (created, imported, a command
accepted, a dispute opened or resolved, stopped) and its credentials' (issued, rotated, sealed)."""

from __future__ import annotations

from eventsourcing.utils import get_topic

from judge.domain.credentials import Credentials
from judge.domain.game import Game

CREATION_EVENT_CLASSES: tuple[type, ...] = (
    Game.GameCreated,  # type: ignore[attr-defined]
    Game.GameImported,
)
GAME_EVENT_CLASSES: tuple[type, ...] = (
    *CREATION_EVENT_CLASSES,
    Game.CommandAccepted,  # type: ignore[attr-defined]
    Game.DisputeOpened,  # type: ignore[attr-defined]
    Game.DisputeResolved,  # type: ignore[attr-defined]
    Game.GameStopped,  # type: ignore[attr-defined]
)
CREATION_TOPICS = tuple(get_topic(cls) for cls in CREATION_EVENT_CLASSES)
"""The topics of the events that start a game (created or imported)."""
GAME_TOPICS = tuple(get_topic(cls) for cls in GAME_EVENT_CLASSES)
"""The topics of every game event."""
ROTATION_TOPIC = get_topic(Credentials.TokenRotated)  # type: ignore[attr-defined]
CREDENTIALS_TOPICS = (
    get_topic(Credentials.CredentialsIssued),  # type: ignore[attr-defined]
    ROTATION_TOPIC,
    get_topic(Credentials.CredentialsSealed),  # type: ignore[attr-defined]
)
"""The topics of the credentials' events."""
