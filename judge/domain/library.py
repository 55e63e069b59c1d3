"""A group's card library: the card definitions of one collection and one family of games.

The rule texts print only a few of the cards in a group's boxes. The judge keeps every card a group
defines (entered by hand, imported from a file, or defined in one of its games) in a library per
collection (a name a game is created with, so two groups on one server keep their house cards apart)
and per family (the Munchkin sets share one schema; monkic's values are another). A new game of the
collection starts from the shipped catalogue plus the library, and pins the definitions it got in its
creation event, so a later edit of the library never changes an old game's replay.

The library is an aggregate of the judge's record, like a game: every definition, correction and
removal is an event, with where it came from and when.
"""

from __future__ import annotations

import re
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

LIBRARY_NAMESPACE = uuid5(NAMESPACE_URL, "judge:card-library")
DEFAULT_COLLECTION = "default"
MAX_COLLECTION = 64
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def collection_problem(name: str) -> str | None:
    """What is wrong with a collection's name, or None.

    >>> collection_problem("stammtisch-dienstag"), collection_problem("a b")
    (None, 'must be 1 to 64 letters, digits, "-", "_" or "." (starting with a letter or digit)')
    """
    if len(name) <= MAX_COLLECTION and _NAME.fullmatch(name):
        return None
    return f'must be 1 to {MAX_COLLECTION} letters, digits, "-", "_" or "." (starting with a letter or digit)'


def library_id(collection: str, family: str) -> UUID:
    """The id of the library of ``collection`` for ``family`` (the same on every replica)."""
    return uuid5(LIBRARY_NAMESPACE, f"{collection}\n{family}")


class CardLibrary(Aggregate):
    """The card definitions of one collection and family, by card id (``cards``), each as the JSON
    object a game's ``custom_cards`` takes; ``origins`` says where each came from."""

    @staticmethod
    def create_id(collection: str, family: str) -> UUID:
        return library_id(collection, family)

    @event("LibraryOpened")
    def __init__(self, collection: str, family: str) -> None:
        self.collection = collection
        self.family = family
        self.cards: dict[str, dict[str, Any]] = {}
        self.origins: dict[str, str] = {}

    def define(self, key: str, card: dict[str, Any], origin: str, at_ms: int) -> None:
        """Add a card not in the library yet (the caller checked it)."""
        self._defined(key=key, card=card, origin=origin, at_ms=at_ms)

    def correct(self, key: str, card: dict[str, Any], origin: str, at_ms: int) -> None:
        """Replace a card's definition (a misread number), keeping what it was in the record."""
        self._corrected(key=key, card=card, before=self.cards[key], origin=origin, at_ms=at_ms)

    def remove(self, key: str, origin: str, at_ms: int) -> None:
        self._removed(key=key, before=self.cards[key], origin=origin, at_ms=at_ms)

    @event("CardDefined")
    def _defined(self, key: str, card: dict[str, Any], origin: str, at_ms: int) -> None:
        self.cards[key] = card
        self.origins[key] = origin

    @event("CardCorrected")
    def _corrected(self, key: str, card: dict[str, Any], before: dict[str, Any], origin: str, at_ms: int) -> None:
        self.cards[key] = card
        self.origins[key] = origin

    @event("CardRemoved")
    def _removed(self, key: str, before: dict[str, Any], origin: str, at_ms: int) -> None:
        self.cards.pop(key, None)
        self.origins.pop(key, None)


LIBRARY_EVENT_CLASSES = (CardLibrary.LibraryOpened, CardLibrary.CardDefined,  # type: ignore[attr-defined]
                         CardLibrary.CardCorrected, CardLibrary.CardRemoved)  # type: ignore[attr-defined]
