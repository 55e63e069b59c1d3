"""The Munchkin family tells its events (the narration hooks of judge/rules/narration.py): "Anna tötet
Topfpflanze und steigt auf Stufe 2", in its own catalogue (judge/rulesets/munchkin/locale).

A few effects have a teller of their own here (a kill and the level it brings are one sentence; a combat
remembers its monsters so a later kill names them); the others are told from the tables of
judge/rulesets/munchkin/sentences.py. A set layer declares its own effects' sentences as its class's
``sentences`` (judge/rulesets/star/narration.py); an effect with no sentence is left out, never shown by
its internal name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from judge.common.i18n import N_
from judge.rules.narration import CardName, FieldKinds, Joined, Milestone, SeatName, Sentence, Told
from judge.rulesets.munchkin.sentences import (
    CARD_FIELDS, CARDS_FIELDS, DOMAIN, SEAT_FIELDS, SEATS_FIELDS, SENTENCES, SILENT, WAITING,
)


def _t(message: str, **params: object) -> Told:
    return Told(message, params=params, domain=DOMAIN)


def card(card_id: object) -> object:
    """A card by its printed name; a character's ability ("ability:thief") as such."""
    text = str(card_id)
    if text.startswith("ability:"):
        return _t(N_("the ability {ability}"), ability=text.split(":", 1)[1])
    return CardName(text)


def cards_named(ids: Sequence[object], unknown: int = 0) -> Joined:
    named: list[object] = [card(c) for c in ids]
    if unknown:
        named.append(Told(N_("{n} face-down card"), N_("{n} face-down cards"), unknown, domain=DOMAIN))
    return Joined(tuple(named))


FIELDS = FieldKinds(SEAT_FIELDS, CARD_FIELDS, CARDS_FIELDS, SEATS_FIELDS, card)

Teller = Callable[[Mapping[str, Any], dict[str, Any]], Told | None]


class MunchkinNarration:
    """The narration hooks of the Munchkin family's rulesets."""

    #: Effect types told from a table: each class of the ruleset may declare the sentences of its own
    #: effects (a set layer those it adds); ``sentence`` looks through them all, the most derived first.
    sentences: ClassVar[Mapping[str, Sentence]] = SENTENCES

    def sentence(self, effect_type: str) -> Sentence | None:
        """The table sentence of ``effect_type`` (None where no class of the ruleset has one)."""
        for cls in type(self).__mro__:
            table = cls.__dict__.get("sentences")
            if isinstance(table, Mapping) and effect_type in table:
                found: Sentence = table[effect_type]
                return found
        return None

    def tell_effects(self, effects: Sequence[Mapping[str, Any]], context: dict[str, Any]) -> list[Told]:
        """The sentences of one command's effects; ``context["monsters"]`` follows the combat."""
        told: list[Told] = []
        i = 0
        while i < len(effects):
            e = effects[i]
            nxt = effects[i + 1] if i + 1 < len(effects) else None
            if e.get("type") == "MonstersDefeated" and nxt is not None and nxt.get("type") == "LevelChanged" \
                    and nxt.get("seat") == e.get("fighter"):
                told.append(_kill(e, nxt, context))
                i += 2
                continue
            one = self.tell_effect(e, context)
            if one is not None:
                told.append(one)
            i += 1
        return told

    def tell_effect(self, e: Mapping[str, Any], context: dict[str, Any]) -> Told | None:
        """One effect as a sentence (None for bookkeeping nobody needs told, or an effect with none)."""
        t = str(e.get("type", ""))
        if t in SILENT:
            return None
        teller = TELLERS.get(t)
        if teller is not None:
            return teller(e, context)
        sentence = self.sentence(t)
        return FIELDS.told(sentence, e) if sentence is not None else None

    def tell_action(self, kind: str) -> Told:
        """An action's kind in words ("kick_door": "kick door")."""
        return Told(kind.replace("_", " "), domain=DOMAIN)

    def milestone(self, effect: Mapping[str, Any]) -> Milestone | None:
        """A turn begins, a seat's level changes, a seat claims the win of a combat."""
        t = effect.get("type")
        if t == "TurnStarted":
            turn = effect.get("turn")
            return Milestone(turn_starts=True, turn=int(turn) if turn is not None else None)
        if t == "LevelChanged":
            return Milestone(seat=int(effect.get("seat", -1)), score=int(effect.get("level", 0)))
        if t == "VictoryClaimed":
            return Milestone(seat=int(effect.get("seat", -1)), claim=True)
        return None

    def tell_waiting(self, text: str) -> Told | None:
        """A "waiting for" line of the family's views as a message with names (None for another line)."""
        for pattern, message in WAITING:
            m = pattern.match(text)
            if m is None:
                continue
            values: dict[str, object] = {}
            for name, value in m.groupdict().items():
                if name in ("seat", "other"):
                    values[name] = SeatName(int(value))
                elif name == "seats":
                    values[name] = Joined(tuple(SeatName(int(s)) for s in value.replace(" ", "").split(",") if s))
                elif name == "card":
                    values[name] = CardName(value)
                elif name == "cards":
                    values[name] = Joined(tuple(CardName(c) for c in value.split(", ")))
                else:
                    values[name] = value
            return Told(message, params=values, domain=DOMAIN)
        return None


def _monsters_killed(e: Mapping[str, Any], context: Mapping[str, Any]) -> Joined:
    monsters = list(context.get("monsters", ()))
    return Joined(tuple(card(monsters[i]) for i in e.get("killed", [])
                        if isinstance(i, int) and 0 <= i < len(monsters)))


def _kill(defeated: Mapping[str, Any], level: Mapping[str, Any], context: dict[str, Any]) -> Told:
    killed = _monsters_killed(defeated, context)
    if not killed.items:
        return _t(N_("{seat} wins the combat and reaches level {level}"),
                  seat=SeatName(defeated.get("fighter")), level=level.get("level"))
    return _t(N_("{seat} kills {monsters} and reaches level {level}"),
              seat=SeatName(defeated.get("fighter")), monsters=killed, level=level.get("level"))


def _door(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    return _t(N_("{seat} kicks open the door: {card}"), seat=SeatName(e.get("seat")), card=card(e["card"]))


def _combat(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    context["monsters"] = [str(e.get("card", ""))]
    return _t(N_("{seat} fights {card}"), seat=SeatName(e.get("fighter")), card=card(e["card"]))


def _monster_added(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    context["monsters"] = [*context.get("monsters", ()), str(e.get("card", ""))]
    return _t(N_("{seat} adds {card} to the combat"), seat=SeatName(e.get("seat")), card=card(e["card"]))


def _level(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    return _t(N_("{seat} is now level {level}"), seat=SeatName(e.get("seat")), level=e.get("level"))


def _defeated(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    killed = _monsters_killed(e, context)
    if killed.items:
        return _t(N_("{seat} kills {monsters}"), seat=SeatName(e.get("fighter")), monsters=killed)
    return _t(N_("{seat} wins the combat"), seat=SeatName(e.get("fighter")))


def _claimed(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    return _t(N_("{seat} claims the win; the others may still act"), seat=SeatName(e.get("seat")))


def _won(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    winners = e.get("winners", [e["seat"]] if "seat" in e else [])
    return _t(N_("{seats} wins the game"), seats=Joined(tuple(SeatName(w) for w in winners)))


def _turn(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    context["monsters"] = []
    return _t(N_("turn {turn}: {seat}"), turn=e.get("turn"), seat=SeatName(e.get("seat")))


def _drawn(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    cards = list(e.get("cards", []))
    unknown = int(e.get("unknown", 0))
    if e.get("hidden"):
        unknown, cards = unknown + len(cards), []
    return _t(N_("{seat} draws {cards}"), seat=SeatName(e.get("seat")), cards=cards_named(cards, unknown))


def _bonus(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    return _t(N_("{seat} gets {bonus:+d} from {card}"), seat=SeatName(e.get("seat")),
              bonus=int(e.get("bonus", 0)), card=card(e.get("card", "")))


def _in_play(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    return _t(N_("{seat} puts {card} in play"), seat=SeatName(e.get("seat")), card=card(e["card"]))


def _curse(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    return _t(N_("{seat} curses {victim} with {card}"), seat=SeatName(e.get("seat")),
              victim=SeatName(e.get("victim")), card=card(e["card"]))


def _run(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    message = N_("{seat} rolls {die} and escapes") if e.get("escaped") else N_("{seat} rolls {die} and is caught")
    return _t(message, seat=SeatName(e.get("seat")), die=e.get("die"))


def _bad_stuff(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    return _t(N_("{seat} suffers the bad stuff of {card}"), seat=SeatName(e.get("seat")), card=card(e["card"]))


def _died(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    return _t(N_("{seat} dies"), seat=SeatName(e.get("seat")))


def _sold(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    return _t(N_("{seat} sells {cards} for {gold}"), seat=SeatName(e.get("seat")),
              cards=cards_named(e.get("cards", [])), gold=e.get("gold"))


def _given(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    return _t(N_("{seat} gives {card} to {other}"), seat=SeatName(e.get("seat")), card=card(e["card"]),
              other=SeatName(e.get("to_seat")))


def _charity(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    return _t(N_("{seat} gives {cards} to {other}"), seat=SeatName(e.get("seat")),
              cards=cards_named(e.get("cards", []), int(e.get("unknown", 0))), other=SeatName(e.get("to_seat")))


def _help(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    return _t(N_("{seat} asks {other} for help"), seat=SeatName(e.get("seat")), other=SeatName(e.get("helper")))


def _helped(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    return _t(N_("{seat} helps in the combat"), seat=SeatName(e.get("seat")))


def _use(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    message = N_("{seat} uses {card}") if e.get("in_use") else N_("{seat} carries {card} without using it")
    return _t(message, seat=SeatName(e.get("seat")), card=card(e["card"]))


def _die(e: Mapping[str, Any], context: dict[str, Any]) -> Told:
    return _t(N_("{seat} rolls {die}"), seat=SeatName(e.get("seat")), die=e.get("die"))


TELLERS: dict[str, Teller] = {
    "DoorKicked": _door, "CombatStarted": _combat, "MonsterAdded": _monster_added,
    "LevelChanged": _level, "MonstersDefeated": _defeated, "VictoryClaimed": _claimed,
    "GameWon": _won, "TurnStarted": _turn, "CardsDrawn": _drawn, "PlayerBonusAdded": _bonus,
    "CardPutInPlay": _in_play, "CursePlayed": _curse, "RunRolled": _run,
    "BadStuffSuffered": _bad_stuff, "PlayerDied": _died, "ItemsSold": _sold, "ItemGiven": _given,
    "CharityGiven": _charity, "HelpRequested": _help, "HelpAccepted": _helped,
    "ItemUseChanged": _use, "DieRolled": _die,
}
"""The effects told by a teller of their own rather than from a table."""
