"""monkic tells its events (the narration hooks of judge/rules/narration.py): attacks, fights, life points
and cards moving between the places, in its own catalogue (judge/rulesets/monkic/locale).

Every card is told by its printed name with its instance id ("Gorilla (c15)"): the telling context
(``narration_context``) carries which catalogue card each instance is, and a card created by an event
joins it, so a record read offline is told as the judge tells it. A few effects have a teller of their
own; the others are told from ``SENTENCES``, each used where the effect carries every field its message
names. An effect with no sentence is left out, never shown by its internal name.
"""

from __future__ import annotations

import re
from dataclasses import replace
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from judge.common.i18n import N_, add_domain
from judge.rules.narration import CardName, FieldKinds, Joined, Milestone, SeatName, Sentence, Told

DOMAIN = add_domain("monkic", Path(__file__).parent / "locale")

FIELDS = FieldKinds(seats=frozenset({"seat", "victim", "owner"}), cards=frozenset({"card", "guard"}),
                    card_lists=frozenset(), seat_lists=frozenset({"winners"}))
"""How the tables' fields are told (a card by ``card``, with the telling context, where one is known)."""

# Effects nobody at the table needs told (a turn action is told by the card it moved or drew).
SILENT = frozenset({"TurnEnded", "SeedRevealed", "TurnAction", "PendingResolved"})


def _s(*messages: str) -> Sentence:
    return Sentence(messages, "", DOMAIN)


# Each effect type's sentences, tried in order: the first whose fields the effect carries is told.
SENTENCES: dict[str, tuple[Sentence, ...]] = {
    'AbilityUsed': (_s(N_("{seat} uses {card}")), _s(N_("{seat} uses an ability"))),
    'AttacksBarred': (_s(N_("{seat} may not attack")),),
    'Borrowed': (_s(N_("{seat} borrows {card} from {owner}")),),
    'DiscardsReshuffled': (_s(N_("the discard pile has been shuffled into a new draw pile ({count} cards)")),),
    'GuardPlaced': (_s(N_("{seat} guards {card} with {guard}")),),
    'Opened': (_s(N_("{seat} lays out the opening cards")),),
    'TrapActivated': (_s(N_("{seat} sets the trap {card}")),),
    'TrapUsed': (_s(N_("{seat} springs the trap {card}")),),
}

# What a seat is asked to answer (the judge's pending items, by kind), for the event and the waiting line.
ASKED: dict[str, str] = {
    "defence": N_("the defence against {card}"),
    "graveyard-fight": N_("the graveyard fight"),
    "graveyard-win": N_("hand or table for {card}, won in the graveyard fight"),
    "reaper": N_("hand or table for {card}, won by the Reaper"),
    "last-trick": N_("the last trick of {card}"),
    "revival": N_("the revival of {card}"),
    "vampir": N_("the Vampir's extra card"),
}

# The same, in the waiting line (which names the kind only).
WAITING_KINDS: dict[str, str] = {
    "defence": N_("the defence"),
    "graveyard-fight": N_("the graveyard fight"),
    "graveyard-win": N_("hand or table for the card won in the graveyard fight"),
    "reaper": N_("hand or table for the card the Reaper won"),
    "last-trick": N_("the last trick of SuperPower"),
    "revival": N_("the revival of Elemente"),
    "vampir": N_("the Vampir's extra card"),
}

WAITING: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"game over: (?P<names>.*) won\Z"), N_("game over: {names} won")),
    (re.compile(r"seat (?P<seat>\d+) to play \(round (?P<round>\d+)\)\Z"), N_("{seat} to play (round {round})")),
    (re.compile(r"seats (?P<seats>[\d, ]+) to report their opening cards\Z"),
     N_("{seats} to report the opening cards")),
    (re.compile(r"seat (?P<seat>\d+) to answer: (?P<kind>[a-z-]+)\Z"), N_("{seat} to answer: {what}")),
)

# The actions' names the catalogue translates, as a command none of whose effects is told names its action.
ACTION_WORDS = (N_("activate trap"), N_("attack"), N_("deal"), N_("destroy trap"), N_("draw"), N_("end turn"),
                N_("exchange"), N_("play curse"), N_("protect"), N_("report opening"), N_("resolve"),
                N_("search joker"), N_("take to hand"))


def _t(message: str, **params: object) -> Told:
    return Told(message, params=params, domain=DOMAIN)


def _n(singular: str, plural: str, n: int, **params: object) -> Told:
    return Told(singular, plural, n, params=params, domain=DOMAIN)


def card(uid: object, context: Mapping[str, Any]) -> object:
    """A card in play by its printed name and instance id ("Gorilla (c15)"); where the context does not
    know the instance, the judge's card names tell it (they name every instance of the game)."""
    cid = context.get("cards", {}).get(str(uid))
    if cid is None:
        return CardName(uid)
    return _t(N_("{card} ({id})"), card=CardName(cid), id=uid)


def _asked(item: Mapping[str, Any], context: Mapping[str, Any]) -> Told:
    kind = str(item.get("kind", ""))
    return _t(ASKED.get(kind, N_("a question")), card=card(item.get("card", ""), context))


class MonkicNarration:
    """The narration hooks of monkic."""

    def tell_effects(self, effects: Sequence[Mapping[str, Any]], context: dict[str, Any]) -> list[Told]:
        """The sentences of one command's effects; cards created one after the other for the same seat and
        place (a deal), and dice cast one after the other, are told together."""
        told: list[Told] = []
        i = 0
        while i < len(effects):
            e = effects[i]
            j = i + 1
            while j < len(effects) and _together(e, effects[j]):
                j += 1
            group = effects[i:j]
            one = TOGETHER[str(e.get("type"))](group, context) if len(group) > 1 else self.tell_effect(e, context)
            if one is not None:
                told.append(one)
            i = j
        return told

    def tell_effect(self, e: Mapping[str, Any], context: dict[str, Any] | None = None) -> Told | None:
        context = {} if context is None else context
        t = str(e.get("type", ""))
        if t in SILENT:
            return None
        teller = TELLERS.get(t)
        if teller is not None:
            return teller(e, context)
        fields = replace(FIELDS, card=lambda uid: card(uid, context))
        for sentence in SENTENCES.get(t, ()):
            told = fields.told(sentence, e)
            if told is not None:
                return told
        return None

    def tell_action(self, kind: str) -> Told:
        """An action's kind in words ("end_turn": "end turn")."""
        return Told(kind.replace("_", " "), domain=DOMAIN)

    def milestone(self, effect: Mapping[str, Any]) -> Milestone | None:
        """A turn begins."""
        if effect.get("type") == "TurnStarted":
            turn = effect.get("turn")
            return Milestone(turn_starts=True, turn=int(turn) if turn is not None else None)
        return None

    def tell_waiting(self, text: str) -> Told | None:
        """The view's "waiting for" line with the players' names (None for a line it does not know)."""
        for pattern, message in WAITING:
            m = pattern.match(text)
            if m is None:
                continue
            values: dict[str, object] = {}
            for name, value in m.groupdict().items():
                if name == "seat":
                    values[name] = SeatName(int(value))
                elif name == "seats":
                    values[name] = Joined(tuple(SeatName(int(s)) for s in value.replace(" ", "").split(",") if s))
                elif name == "kind":
                    values["what"] = _t(WAITING_KINDS.get(value, N_("a question")))
                else:
                    values[name] = value
            return _t(message, **values)
        return None


def _together(first: Mapping[str, Any], other: Mapping[str, Any]) -> bool:
    if first.get("type") != other.get("type"):
        return False
    if first.get("type") == "DieCast":
        return True
    return first.get("type") == "CardsCreated" and all(
        first.get(k) == other.get(k) for k in ("seat", "zone", "source"))


def _created(effects: Sequence[Mapping[str, Any]], context: dict[str, Any]) -> Told:
    """Cards come into the game: drawn from the stack (dealt or drawn) or taken from the XXL cards."""
    known = context.setdefault("cards", {})
    named: list[object] = []
    for e in effects:
        for pair in e.get("cards", ()):
            if isinstance(pair, (list, tuple)) and len(pair) == 2:
                known[str(pair[0])] = str(pair[1])
                named.append(card(pair[0], context))
    first = effects[0]
    seat, n, cards = SeatName(first.get("seat")), len(named), Joined(tuple(named))
    if first.get("source") == "xxl":
        return _n(N_("{seat} takes the XXL card {cards}"), N_("{seat} takes {n} XXL cards: {cards}"), n,
                  seat=seat, cards=cards)
    if first.get("zone") == "hand":
        return _n(N_("{seat} draws {cards} into the hand"), N_("{seat} draws {n} cards into the hand: {cards}"),
                  n, seat=seat, cards=cards)
    return _n(N_("{seat} draws {cards} onto the table"), N_("{seat} draws {n} cards onto the table: {cards}"),
              n, seat=seat, cards=cards)


def _dice(effects: Sequence[Mapping[str, Any]], context: dict[str, Any]) -> Told:
    values = tuple(e.get("value") for e in effects if e.get("value") is not None)
    if len(values) < len(effects):  # a die whose number the reader may not see
        return _n(N_("the judge casts a die"), N_("the judge casts {n} dice"), len(effects))
    return _n(N_("the judge casts {dice}"), N_("the judge casts {n} dice: {dice}"), len(values),
              dice=Joined(values))


TOGETHER: dict[str, Callable[[Sequence[Mapping[str, Any]], dict[str, Any]], Told]] = {
    "CardsCreated": _created, "DieCast": _dice,
}


def _attacked(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    return _t(N_("{seat} attacks with {card}"), seat=SeatName(e.get("seat")), card=card(e["card"], context))


def _fight(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    attacker = card(e.get("attacker", ""), context)
    if e.get("reason") == "graveyard":
        # The top cards of both graveyards (002 Ende einer Runde): the first seat's against the second's.
        side = {"attacker": 0, "defender": 1}.get(str(e.get("winner")))
        result = _t(N_("a draw")) if side is None else _t(N_("{seat} wins"), seat=SeatName(side))
        return _t(N_("graveyard fight: {first} ({a}) against {second} ({b}): {result}"), first=attacker,
                  a=e.get("attack"), second=card(e.get("defender", ""), context), b=e.get("shield"), result=result)
    if not e.get("defender"):
        if e.get("winner") == "attacker":
            return _t(N_("{card} hits the life points with {points}"), card=attacker, points=e.get("attack"))
        if e.get("reason") == "elemente-no-target":
            return _t(N_("{card} finds no target"), card=attacker)
        # The card's own roll lost (Zyklop's four, Gorilla without a five ...) or did nothing.
        return _t(N_("{card} does no damage to the life points"), card=attacker)
    winner = {"attacker": N_("the attacker wins"), "defender": N_("the defender wins")}.get(
        str(e.get("winner")), N_("nobody wins"))
    return _t(N_("{attacker} ({attack}) against {defender} ({shield}): {winner}"), attacker=attacker,
              attack=e.get("attack"), defender=card(e["defender"], context), shield=e.get("shield"),
              winner=_t(winner))


def _life(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    life = e.get("life")
    return _n(N_("{seat} now has {n} life point"), N_("{seat} now has {n} life points"),
              life if isinstance(life, int) else 0, seat=SeatName(e.get("seat")))


def _moved(e: Mapping[str, Any], context: dict[str, Any]) -> Told | None:
    moved, seat = card(e.get("card", ""), context), SeatName(e.get("seat"))
    zone = e.get("zone")
    if zone == "graveyard":
        return _t(N_("{card} goes to the graveyard"), card=moved)
    if zone == "hand":
        return _t(N_("{card} goes to the hand of {seat}"), card=moved, seat=seat)
    if zone == "table":
        return _t(N_("{card} goes to the table of {seat}"), card=moved, seat=seat)
    if zone == "out":
        return _t(N_("{card} leaves the game"), card=moved)
    return None


def _curse(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    return _t(N_("{seat} plays the curse {card}"), seat=SeatName(e.get("seat")), card=card(e["card"], context))


def _pending(e: Mapping[str, Any], context: dict[str, Any]) -> Told | None:
    item = e.get("item")
    if not isinstance(item, Mapping):
        return None
    return _t(N_("the judge waits for {seat}: {what}"), seat=SeatName(item.get("seat")), what=_asked(item, context))


def _won(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    winners = e.get("winners", [e["seat"]] if "seat" in e else [])
    return _t(N_("{seats} wins the game"), seats=Joined(tuple(SeatName(w) for w in winners)))


def _turn(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    return _t(N_("turn {turn}: {seat}"), turn=e.get("turn"), seat=SeatName(e.get("seat")))


def _one_created(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    return _created([e], context)


def _one_die(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    return _dice([e], context)


TELLERS: dict[str, Callable[[Mapping[str, Any], dict[str, Any]], Told | None]] = {
    "Attacked": _attacked, "FightResolved": _fight, "LifeChanged": _life, "CardMoved": _moved,
    "CursePlayed": _curse, "GameWon": _won, "TurnStarted": _turn, "PendingAdded": _pending,
    "CardsCreated": _one_created, "DieCast": _one_die,
}
"""The effects told by a teller of their own rather than from a table."""
