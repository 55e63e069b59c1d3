"""Stored events told once: each event as one viewer reads it, kept for the streams after it.

Telling an event needs the table before it (the fold of every event before) and the narration of its
payload as the reader sees it; in a told Replay or Watch catch-up that was most of the server's work
per event, and writing the redacted payload as canonical JSON most of the rest. What an event says is
the same for every later reader with the same ``Viewer`` (redaction depends on the ruleset and the
viewer only, judge/domain/stored.py; a dispute's re-check on who sent the disputed command, which a
stored event fixes), so the payload's JSON and the ruleset's telling (``tell_event``: message ids and
parameters, in no language) are kept per event and viewer, and the telling's text per language beside
them. A stream that reads no summary keeps the JSON only; the first one that reads it tells the event.

The key names the event by its game, version, salt and ``prev_hash`` (the hash of every event before it,
judge/domain/chain.py), so a game restored or replaced with other events is never told from the old
ones, and by the game's pinned rules and the viewer. The text of a language is kept with the seats'
names and the printed names of the cards it names, as they were when it was written; a reader whose game
names those cards otherwise (a card defined or corrected since) has it written again from the telling.
``tests/app/test_told_cache.py`` holds kept tellings equal to fresh ones for every viewer.

The cache is bounded (least recently used first): at most ``KEPT`` events.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from judge.rules.engine import Viewer
from judge.rules.narration import CardName, Joined, Told, render

KEPT = 4096
"""Events kept (a game of a few hundred events, read by each seat, the organizer and spectators): a kept
event is its payload's JSON, the telling and a few short texts, about 2.5 KB in a dealt Munchkin game
(tracemalloc), so at most about 10 MB."""


def reader_key(game_id: str, rules_version: str, viewer: Viewer) -> str:
    """The part of :func:`told_key` a stream computes once: the game, its pinned rules and the viewer
    (a string, whose hash Python keeps: the key of each event is then cheap to look up)."""
    return f"{game_id}\x00{rules_version}\x00{viewer!r}"


def told_key(reader: str, domain_event: Any) -> Hashable | None:
    """What an event as the reader of ``reader_key`` reads it depends on (None for an event without a
    salt: not kept)."""
    salt = getattr(domain_event, "salt", "")
    if not salt:
        return None
    return (reader, domain_event.originator_version, salt, getattr(domain_event, "prev_hash", ""))


def cards_named(told: object) -> tuple[str, ...]:
    """The card ids ``told`` tells by their printed names (``render`` looks them up as strings)."""
    found: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, Told):
            for p in value.params.values():
                walk(p)
        elif isinstance(value, CardName):
            found.append(str(value.card))
        elif isinstance(value, Joined):
            for item in value.items:
                walk(item)

    walk(told)
    return tuple(found)


class Telling:
    """One stored event as one viewer reads it, kept: its payload as canonical JSON (``payload_json``,
    written where first sent), and the ruleset's telling of it with its texts so far, by language
    (``told``: None until a reader asks for its summary)."""

    __slots__ = ("payload_json", "told", "cards", "texts")

    def __init__(self, told: object = None) -> None:
        self.payload_json = ""
        self.told: object = None
        self.cards: tuple[str, ...] = ()
        # language -> (seats' names, the named cards' printed names, text)
        self.texts: dict[str, tuple[tuple[str, ...], tuple[str | None, ...], str]] = {}
        if told is not None:
            self.tell(told)

    def tell(self, told: object) -> None:
        """Keep the ruleset's telling of the event (``tell_event``)."""
        self.cards = cards_named(told)
        self.told = told

    def in_every(self, languages: Iterable[str], seats: Sequence[str], names: Mapping[str, str]) -> dict[str, str]:
        """The telling in each of ``languages`` with these names: the kept text where it was written with
        the same names, else written now (and kept)."""
        named = tuple([names.get(c) for c in self.cards]) if self.cards else ()
        seated = tuple(seats)
        out = {}
        for lang in languages:
            kept = self.texts.get(lang)
            if kept is not None and kept[0] == seated and kept[1] == named:
                out[lang] = kept[2]
                continue
            text = render(self.told, lang, seated, names)
            self.texts[lang] = (seated, named, text)
            out[lang] = text
        return out


class ToldCache:
    """A bounded, thread-safe map from :func:`told_key` to a :class:`Telling`."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self._kept: OrderedDict[Hashable, Telling] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable | None) -> Telling | None:
        if key is None:
            return None
        with self._lock:
            telling = self._kept.get(key)
            if telling is not None:
                self._kept.move_to_end(key)
            return telling

    def put(self, key: Hashable | None, telling: Telling) -> Telling:
        """Keep ``telling`` under ``key`` (nothing for None); returns it."""
        if key is None or self.size <= 0:
            return telling
        with self._lock:
            self._kept[key] = telling
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return telling

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


PENDING = 256
"""Events a lazy fold holds unfolded before it lets them go and loads the game again where it is needed."""


class LazyFold:
    """The game through a stream's events, folded only where a step needs the table (a view, or an event
    not told before): the events passed meanwhile are folded when the next one needs it (up to
    ``PENDING`` of them; beyond that the game before it is loaded from the store). ``game`` loads the
    game at a version (None for 0). The game is folded in place."""

    def __init__(self, game: Any, before: int) -> None:
        self._load = game
        self.game: Any = None
        self._stale = before > 0  # the game before the next event is still to be loaded
        self._pending: list[Any] = []

    def skip(self, domain_event: Any) -> None:
        """``domain_event`` passed without the table."""
        if self._stale:
            return
        self._pending.append(domain_event)
        if len(self._pending) > PENDING:
            self._pending.clear()
            self._stale = True

    def before(self, domain_event: Any) -> Any:
        """The game right before ``domain_event`` (None before the first)."""
        return self.at(domain_event.originator_version - 1)

    def at(self, version: int) -> Any:
        """The game at ``version``, the last event passed (None for 0)."""
        if self._stale:
            self.game = self._load(version) if version else None
            self._stale = False
        for e in self._pending:
            self.game = e.mutate(self.game)
        self._pending.clear()
        return self.game

    def step(self, domain_event: Any) -> Any:
        """The game right after ``domain_event``, folded from the one before it (``before``)."""
        self.game = domain_event.mutate(self.game)
        return self.game
