"""Events told to people, as the judge tells them.

The judge tells every event in the reader's language (``Event.summary``, in the ``accept-language`` of
the call) and every "waiting for" line (``GameView.waiting_for_told``), in each game's own words; a client
shows those. A record read offline (``judge report game.jsonl``) has no summaries: it is told through the
narration hooks of the game's ruleset in the installed judge package (judge/rules/narration.py), exactly
as the judge would; without the judge package, each event is named by its kind and action.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from judge.common.i18n import tr


class EventTeller:
    """Tells a game's events in ``lang`` with its seats' names: the judge's own summaries."""

    def __init__(self, lang: str, seats: Sequence[str], actions: Mapping[str, str] | None = None):
        self.lang = lang
        self.seats = list(seats)
        self.actions = dict(actions or {})

    def action(self, kind: str) -> str:
        """An action's kind as the judge names it in ``lang`` (``RulesetInfo.action_words``: "kick_door":
        "Tür eintreten"); the kind itself for a ruleset that names none."""
        return self.actions.get(kind) or kind

    def seat(self, seat: Any) -> str:
        """A seat's name (or "seat N" where the name is not known)."""
        if isinstance(seat, int) and 0 <= seat < len(self.seats) and self.seats[seat]:
            return self.seats[seat]
        return tr(self.lang, "seat {seat}", seat=seat)

    def summary(self, event: Any) -> str:
        """One event (a ``judge.v1.Event``) as the judge told it."""
        return str(event.summary)


class RecordTeller(EventTeller):
    """Tells the events of a record read offline, one after the other, through its ruleset's narration
    hooks (the judge package's); follows the game as it goes (a kill names the monsters of its combat)."""

    def __init__(self, lang: str, seats: Sequence[str], rules_version: str, cards: Mapping[str, str] | None = None):
        super().__init__(lang, seats)
        self.cards = dict(cards or {})
        self.context: dict[str, Any] = {}
        try:
            from judge.rules import narration, registry
        except ImportError:  # the client alone: events by their kind
            self.ruleset: Any = None
            self.narration: Any = None
        else:
            self.narration = narration
            try:
                self.ruleset = registry.pinned(rules_version)
            except Exception:  # noqa: BLE001  (a ruleset not installed here: the generic words)
                self.ruleset = None

    def summary(self, event: Any) -> str:
        """One event (a ``judge.v1.Event``, or anything with its fields) in prose."""
        try:
            payload = json.loads(event.payload_json or "{}")
        except ValueError:
            payload = {}
        seat = event.seat if event.HasField("seat") else None
        return self.summary_of(event.kind, payload if isinstance(payload, dict) else {}, seat, event.action)

    def summary_of(self, kind: str, payload: Mapping[str, Any], seat: int | None, action: str) -> str:
        """One event in prose, from its kind, payload, acting seat and action kind."""
        if self.narration is None:
            return f"{kind}: {action}" if action else kind
        told = self.narration.tell_event(self.ruleset, kind, payload, seat, action, self.context)
        return str(self.narration.render(told, self.lang, self.seats, self.cards))

    def action(self, kind: str) -> str:
        """An action's kind in words, through the ruleset's narration where the judge package is here."""
        if self.narration is None:
            return super().action(kind)
        return str(self.narration.render(self.narration.tell_action(self.ruleset, kind), self.lang))

    def milestone(self, effect: Mapping[str, Any]) -> Any:
        """What ``effect`` means for the story of the game (judge/rules/narration.py ``Milestone``: a turn
        begins, a seat's score changes, a seat claims a win); None without the judge package."""
        return self.narration.milestone(self.ruleset, effect) if self.narration is not None else None

    def card(self, card_id: Any) -> str:
        """A card's printed name (its id where the name is not known)."""
        return self.cards.get(str(card_id), str(card_id))
