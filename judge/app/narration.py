"""Events and actions told to people: prose with the players' names and the cards' printed names, in
every language the judge speaks ("Anna tötet Topfpflanze und steigt auf Stufe 2").

The sentences are the ruleset's (its narration hooks, judge/rules/narration.py: message ids and
parameters in its own catalogue), rendered here in each language, so the judge, the command line and
the organizer's report tell an event alike. A ruleset contributes what only it knows through two more
optional hooks (judge/rules/engine.py): ``card_names(state)``, the printed names of the ids its actions
and events use, and ``narration_context(state)``, what telling the next event needs from the table
before it (the monsters of the combat a later kill names by index). Where a ruleset has none of them,
events are told with card ids and commands by their action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.rules import Action
from judge.common.i18n import dtr, tr
from judge.rules.narration import in_every, tell_event, tell_phase, tell_waiting

LANGUAGES = ("en", "de")
"""The languages every summary and description is told in (the API's ``accept-language``)."""


def card_names(ruleset: Any, state: Any) -> dict[str, Any]:
    """The printed names of the cards ``state``'s game names, by id ({} without the hook; the ruleset's
    own mapping, not a copy: a catalogue's names are shared, read only)."""
    hook = getattr(ruleset, "card_names", None)
    return hook(state) if callable(hook) else {}  # type: ignore[no-any-return]


def narration_context(ruleset: Any, state: Any) -> dict[str, Any]:
    """What telling the event after ``state`` needs from it ({} without the hook)."""
    hook = getattr(ruleset, "narration_context", None)
    return dict(hook(state)) if callable(hook) and state is not None else {}


def summaries(ruleset: Any, kind: str, payload: Mapping[str, Any], seat: int | None, action: str,
              seats: list[str], names: Mapping[str, str], context: Mapping[str, Any] | None = None,
              languages: Sequence[str] = LANGUAGES) -> dict[str, str]:
    """One stored event (its kind, payload as the caller sees it, acting seat, action kind) told in each of
    ``languages`` (by default every one of ``LANGUAGES``)."""
    told = tell_event(ruleset, kind, payload, seat, action, dict(context or {}))
    return in_every(languages, told, seats, names)


def waiting_told(ruleset: Any, text: str, seats: list[str], names: Mapping[str, str]) -> dict[str, str]:
    """A view's "waiting for" line told in each of ``LANGUAGES``."""
    return in_every(LANGUAGES, tell_waiting(ruleset, text), seats, names)


def phase_told(ruleset: Any, phase: str, seats: list[str], names: Mapping[str, str]) -> dict[str, str] | None:
    """A view's phase told in each of ``LANGUAGES`` by the ruleset's ``tell_phase`` (None where it tells
    none: the view then carries no ``phase_told`` and reads as before)."""
    told = tell_phase(ruleset, phase)
    return in_every(LANGUAGES, told, seats, names) if told is not None else None


def describe_action(action: Action, lang: str, names: Mapping[str, str]) -> str:
    """What an action does, in ``lang``: the first paragraph of its class docstring (translated through
    the catalogue of its family, whose domain is named after it, judge/common/i18n.py), with the printed
    name of the card it names (not of a card the player reports having drawn: ``card_reported``)."""
    doc = (type(action).__doc__ or "").strip()
    first = " ".join(doc.split("\n\n", 1)[0].split()) if doc else action.kind.replace("_", " ")
    text = dtr(action.family, lang, first)
    card = getattr(action, "card", "")
    if isinstance(card, str) and card and not getattr(action, "card_reported", False):
        return tr(lang, "{description}: {card}", description=text.rstrip("."), card=names.get(card, card))
    return text
