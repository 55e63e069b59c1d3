"""Events told to people: message ids and parameters, rendered in the reader's language.

A ruleset tells what happened in its own words through three optional hooks (judge/rules/engine.py):

- ``tell_effects(effects, context) -> list[Told]``: the sentences of one accepted command's effects
  (nothing for bookkeeping nobody needs told). ``context`` is what telling needs from the table as it
  was before the command (``narration_context(state)``, e.g. the monsters of a combat a later kill
  names by index); the ruleset keeps it up to date as it tells, so whoever follows a game event by
  event passes the same dictionary on.
- ``tell_action(kind) -> Told``: an action's kind in words, for a command none of whose effects is told.
- ``tell_waiting(text) -> Told | None``: the view's ``waiting_for`` line (English, seat numbers) as a
  message with names.
- ``tell_phase(phase) -> Told | None``: the view's ``phase`` as a message, for a game whose phases are
  its own words ("round 2"); without it a client shows the phase in the words of its own catalogue.

and one for the story of a game as the organizer's report draws it: ``milestone(effect) -> Milestone |
None`` (a turn begins, a seat's score changes, a seat claims a win).

A ``Told`` names its message in the catalogue domain of the package that says it (judge/common/i18n.py:
each game package brings its own catalogues), with parameters that are plain values, seats
(``SeatName``), cards (``CardName``), lists (``Joined``) or other ``Told`` messages; ``render`` puts it
into words with the game's seat and card names. The events every game has (its creation or import, a
dispute) are told here; so is a command whose ruleset tells nothing: "Anna: kick door".
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from judge.common.i18n import DOMAIN, N_, dntr, dtr, tr


@dataclass(frozen=True)
class Told:
    """A message (its English id in the catalogue of ``domain``), the plural id and number where the
    words depend on a number (``{n}``), and the values of its ``{placeholders}``."""

    message: str
    plural: str | None = None
    n: int | None = None
    params: Mapping[str, object] = field(default_factory=dict)
    domain: str = DOMAIN


@dataclass(frozen=True)
class SeatName:
    """A seat, told by the player's name ("seat N" where the name is not known)."""

    seat: object


@dataclass(frozen=True)
class CardName:
    """A card, told by its printed name (its id where the name is not known)."""

    card: object


@dataclass(frozen=True)
class Joined:
    """Several values told one after the other, with ``separator`` between them."""

    items: tuple[object, ...]
    separator: str = ", "


def render(told: object, lang: str, seats: Sequence[str] = (), cards: Mapping[str, str] | None = None) -> str:
    """``told`` (a ``Told``, or any parameter value) in ``lang`` with the seats' and cards' names."""
    names = cards or {}

    def value(v: object) -> object:
        if isinstance(v, Told):
            values = {k: value(p) for k, p in v.params.items()}
            if v.plural is not None:
                return dntr(v.domain, lang, v.message, v.plural, v.n or 0, **values)
            return dtr(v.domain, lang, v.message, **values)
        if isinstance(v, SeatName):
            i = v.seat
            if isinstance(i, int) and 0 <= i < len(seats) and seats[i]:
                return seats[i]
            return tr(lang, "seat {seat}", seat=i)
        if isinstance(v, CardName):
            text = str(v.card)
            return names.get(text, text)
        if isinstance(v, Joined):
            return v.separator.join(str(value(i)) for i in v.items)
        return v

    return str(value(told))


def in_every(lang_codes: Sequence[str], told: object, seats: Sequence[str] = (),
             cards: Mapping[str, str] | None = None) -> dict[str, str]:
    """``told`` rendered in each language of ``lang_codes``."""
    return {lang: render(told, lang, seats, cards) for lang in lang_codes}


@dataclass(frozen=True)
class Milestone:
    """What an effect means for the story of a game: a turn begins (``turn_starts``, ``turn`` its number
    where the effect says it), ``seat``'s score is now ``score`` (the Munchkin family: the level), ``seat``
    claims a win (``claim``: the report shows the table as it stood then)."""

    turn_starts: bool = False
    turn: int | None = None
    seat: int | None = None
    score: int | None = None
    claim: bool = False


def milestone(ruleset: Any, effect: Mapping[str, Any]) -> Milestone:
    """What ``effect`` means for the story of the game (nothing without the ruleset's hook)."""
    hook = getattr(ruleset, "milestone", None)
    found = hook(effect) if callable(hook) else None
    return found if isinstance(found, Milestone) else Milestone()


# ---------------------------------------------------------------------- sentence tables

@dataclass(frozen=True)
class Sentence:
    """An effect type's sentence from a table: its message, or two messages of which the boolean effect
    field ``when`` picks the first (true) or the second; placeholders are named after the effect's
    fields. ``domain`` is the catalogue of the package that says it."""

    messages: tuple[str, ...]
    when: str = ""
    domain: str = DOMAIN


def fields(msgid: str) -> list[str]:
    """The effect fields a message formats."""
    return [f for _, f, _, _ in string.Formatter().parse(msgid) if f]


@dataclass(frozen=True)
class FieldKinds:
    """How a family's effect fields are told in a table's sentences: a field naming a seat by the player's
    name, one naming a card by its printed name (``card`` tells one), a list of cards or seats by their
    names; any other field as it is."""

    seats: frozenset[str]
    cards: frozenset[str]
    card_lists: frozenset[str]
    seat_lists: frozenset[str]
    card: Callable[[object], object] = CardName

    def told(self, sentence: Sentence, effect: Mapping[str, Any]) -> Told | None:
        """The sentence for ``effect`` (None where the effect lacks a field the message names)."""
        msgid = sentence.messages[0] if not sentence.when or effect.get(sentence.when) else sentence.messages[-1]
        names = fields(msgid)
        if not all(f in effect for f in names):
            return None
        return Told(msgid, params={f: self.value(f, effect[f]) for f in names}, domain=sentence.domain)

    def value(self, name: str, value: Any) -> object:
        if name in self.seats:
            return SeatName(value)
        if name in self.cards:
            return self.card(value) if value else Told(N_("a hidden card"))
        if name in self.card_lists or name in self.seat_lists:
            told: list[object] = [SeatName(v) for v in value] if name in self.seat_lists else \
                [self.card(v) if v else Told(N_("a hidden card")) for v in value or ()]
            if not told:
                return Told(N_("nothing"))
            if len(told) == 1:
                return told[0]
            return Told(N_("{first} and {last}"), params={"first": Joined(tuple(told[:-1])), "last": told[-1]})
        return value


# ---------------------------------------------------------------------- events

def tell_event(ruleset: Any, kind: str, payload: Mapping[str, Any], seat: int | None, action: str,
               context: dict[str, Any] | None = None) -> object:
    """One stored event (its kind, payload as the reader may see it, acting seat, action kind) as a
    message to ``render``; ``context`` as for ``tell_effects``, kept up to date."""
    effects = payload.get("effects")
    if kind == "CommandAccepted" and isinstance(effects, list):
        cards = [tell_card_effect(e) for e in effects if isinstance(e, dict) and e.get("type") in _CARD_EFFECTS]
        effects = [e for e in effects if not (isinstance(e, dict) and e.get("type") in _CARD_EFFECTS)]
        hook = getattr(ruleset, "tell_effects", None)
        told = cards + (list(hook(effects, context if context is not None else {}))
                        if callable(hook) and effects else [])
        if told:
            return Joined(tuple(told), "; ")
        actor: object = SeatName(seat) if seat is not None else Told(N_("the judge"))
        return Told(N_("{actor}: {action}"), params={"actor": actor, "action": tell_action(ruleset, action)})
    return tell_record_event(kind, payload)


_CARD_EFFECTS = ("CardsDefined", "CardCorrected")
"""The effects every family records for cards defined in a game (judge/rules/definitions.py)."""


def _card_of(definition: object) -> object:
    """A defined card told by its printed name (its id, or monkic's ``card``, where it has none)."""
    if not isinstance(definition, Mapping):
        return "?"
    name = definition.get("name")
    return name if isinstance(name, str) and name else CardName(definition.get("id", definition.get("card", "?")))


def tell_card_effect(effect: Mapping[str, Any]) -> Told:
    """A card defined when it turned up, or the organizer's correction of one, in words: "card defined:
    Schleimiger Schleim", "Schleimiger Schleim corrected: level 12 to 14"."""
    if effect.get("type") == "CardCorrected":
        if effect.get("hidden"):  # a face-down card's correction, seen by one who did not see the card
            return Told(N_("the organizer corrects a card defined face down"))
        before, after = effect.get("before") or {}, effect.get("after") or {}
        changes = tuple(Told(N_("{field} {before} to {after}"), params={
            "field": f, "before": _plain_value(before.get(f)), "after": _plain_value(after.get(f))})
            for f in effect.get("changed", ()))
        return Told(N_("the organizer corrects {card}: {changes}"),
                    params={"card": _card_of(after), "changes": Joined(changes)})
    cards = [c for c in effect.get("cards", ()) if isinstance(c, Mapping)]
    hidden = int(effect.get("hidden", 0) or 0)
    shown: Told = Told(N_("card defined: {cards}"), N_("cards defined: {cards}"), len(cards),
                       params={"cards": Joined(tuple(_card_of(c) for c in cards))})
    if not hidden:
        return shown
    face_down = Told(N_("a card defined face down"), N_("{n} cards defined face down"), hidden)
    return face_down if not cards else Told(N_("{first} and {last}"), params={"first": shown, "last": face_down})


def _plain_value(value: object) -> object:
    """A field's value as told: "-" where it was not given."""
    return "-" if value is None else value if isinstance(value, (int, str)) else str(value)


def tell_action(ruleset: Any, kind: str) -> Told:
    """An action's kind in words ("kick_door": "kick door", "Tür eintreten")."""
    hook = getattr(ruleset, "tell_action", None)
    if callable(hook):
        told: Told = hook(kind)
        return told
    return Told(kind.replace("_", " "))


def tell_waiting(ruleset: Any, text: str) -> object:
    """The view's ``waiting_for`` line as a message; a line the ruleset has no message for keeps its
    words, with every "seat N" told by the player's name."""
    hook = getattr(ruleset, "tell_waiting", None)
    told = hook(text) if callable(hook) else None
    if told is not None:
        return told
    parts = re.split(r"seat (\d+)", text)
    out: list[object] = [parts[0]]
    for number, rest in zip(parts[1::2], parts[2::2]):
        out += [SeatName(int(number)), rest]
    return Joined(tuple(out), "")


def tell_phase(ruleset: Any, phase: str) -> Told | None:
    """The view's ``phase`` as the ruleset tells it (None: the ruleset has no hook or no message for it)."""
    hook = getattr(ruleset, "tell_phase", None)
    told = hook(phase) if callable(hook) else None
    return told if isinstance(told, Told) else None


def tell_record_event(kind: str, payload: Mapping[str, Any]) -> Told:
    """An event that is no command: the game's creation or import, a dispute, time called (a stop)."""
    if kind == "DisputeOpened" and isinstance(payload.get("seat"), int):
        return Told(N_("{seat} disputes event {version}"),
                    params={"seat": SeatName(payload["seat"]), "version": payload.get("event_version")})
    if kind == "DisputeResolved" and "upheld" in payload:
        if payload["upheld"]:
            return Told(N_("dispute {dispute} upheld: events {first} to {last} are void"),
                        params={"dispute": payload.get("dispute_id"), "first": payload.get("voided_from"),
                                "last": payload.get("voided_to")})
        return Told(N_("dispute {dispute} dismissed"), params={"dispute": payload.get("dispute_id")})
    if kind == "GameCreated" and isinstance(payload.get("setup"), dict):
        names = [str(s.get("name", "")) for s in payload["setup"].get("seats", []) if isinstance(s, dict)]
        return Told(N_("the game begins: {seats}"), params={"seats": ", ".join(names)})
    kinds: dict[str, str] = {
        "GameCreated": N_("the game begins"),
        "GameImported": N_("the game is imported"),
        "DisputeOpened": N_("a dispute is opened"),
        "DisputeResolved": N_("a dispute is resolved"),
        "GameStopped": N_("time is called: the game ends as it stands"),
    }
    return Told(kinds.get(kind, N_("the record goes on")))
