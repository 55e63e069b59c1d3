"""Events and actions told to people: prose with the players' names and the cards' printed names, in
every language the judge speaks ("Anna tötet Topfpflanze und steigt auf Stufe 2").

The sentences are the client library's (``judge_client.prose.Narrator``, through the standard gettext
catalogues of ``judge/common/locale``), so the judge, the command line and the organizer's report tell an
event alike. A ruleset contributes what only it knows through two optional hooks (judge/rules/engine.py):
``card_names(state)``, the printed names of the ids its actions and events use, and
``narration_context(state)``, what telling the next event needs from the table before it (the monsters
of the combat a later kill names by index). Where a ruleset has neither, events are told with card ids.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.rules import Action
from judge.common.i18n import tr
from judge_client.prose import Narrator

LANGUAGES = ("en", "de")
"""The languages every summary and description is told in (the API's ``accept-language``)."""


def card_names(ruleset: Any, state: Any) -> dict[str, str]:
    """The printed names of the cards ``state``'s game names, by id ({} without the hook)."""
    hook = getattr(ruleset, "card_names", None)
    return dict(hook(state)) if callable(hook) else {}


def narration_context(ruleset: Any, state: Any) -> dict[str, Any]:
    """What telling the event after ``state`` needs from it ({} without the hook)."""
    hook = getattr(ruleset, "narration_context", None)
    return dict(hook(state)) if callable(hook) and state is not None else {}


def summaries(kind: str, payload: Mapping[str, Any], seat: int | None, action: str, seats: list[str],
              names: Mapping[str, str], context: Mapping[str, Any] | None = None) -> dict[str, str]:
    """One stored event (its kind, payload as the caller sees it, acting seat, action kind) told in each of
    ``LANGUAGES``."""
    monsters = [str(m) for m in (context or {}).get("monsters", [])]
    return {lang: Narrator(lang, seats, names, monsters).summary_of(kind, payload, seat, action)
            for lang in LANGUAGES}


def describe_action(action: Action, lang: str, names: Mapping[str, str]) -> str:
    """What an action does, in ``lang``: the first paragraph of its class docstring (translated through
    the catalogues), with the printed name of the card it names."""
    doc = (type(action).__doc__ or "").strip()
    first = " ".join(doc.split("\n\n", 1)[0].split()) if doc else action.kind.replace("_", " ")
    text = tr(lang, first)
    card = getattr(action, "card", "")
    if isinstance(card, str) and card:
        return tr(lang, "{description}: {card}", description=text.rstrip("."), card=names.get(card, card))
    return text
