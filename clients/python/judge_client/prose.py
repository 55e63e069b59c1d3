"""Event summaries in prose, with the players' names and the cards' printed names.

The judge's events carry their effects (``Event.payload_json``); a
``Narrator`` tells them as a player would ("Anna tötet Topfpflanze und steigt
auf Stufe 2"), in the reader's language (judge/common/i18n.py). It follows a
game event by event, so it knows which monster a kill was of; an effect it
has no sentence for is left out, never shown by its internal name. What is
left when it knows no sentence for anything is the action itself.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from judge_client import prose_more
from judge.common.i18n import N_, ntr, tr

# Effects nobody at the table needs told (bookkeeping, or told by another effect).
SILENT = frozenset({"ReceiptLapsed", "PhaseChanged", "CardLeftHand", "CardDiscarded", "WindowClosed",
                    "TurnEnded", "TurnFlagSet", "SeedRevealed", "PileShuffled", "TreasuresDue", "ChoiceLapsed"})


class Narrator:
    """Tells a game's events in ``lang`` with seat and card names."""

    def __init__(self, lang: str, seats: Sequence[str], cards: Mapping[str, str] | None = None,
                 monsters: Sequence[str] = ()):
        self.lang = lang
        self.seats = list(seats)
        self.cards = dict(cards or {})
        # The current combat's monsters, by index: followed event by event, or given by whoever knows the
        # game's state before the event told (the judge, which tells one event at a time).
        self.monsters: list[str] = list(monsters)

    # ------------------------------------------------------------------ names

    def seat(self, seat: Any) -> str:
        """A seat's name (or "seat N" where the name is not known)."""
        if isinstance(seat, int) and 0 <= seat < len(self.seats) and self.seats[seat]:
            return self.seats[seat]
        return tr(self.lang, "seat {seat}", seat=seat)

    def card(self, card_id: Any) -> str:
        """A card's printed name (its id where the name is not known)."""
        text = str(card_id)
        if text.startswith("ability:"):
            return tr(self.lang, "the ability {ability}", ability=text.split(":", 1)[1])
        return self.cards.get(text, text)

    def cards_named(self, ids: Sequence[Any], unknown: int = 0) -> str:
        named = [self.card(c) for c in ids]
        if unknown:
            named.append(ntr(self.lang, "{n} face-down card", "{n} face-down cards", unknown))
        return ", ".join(named)

    # ------------------------------------------------------------------ events

    def summary(self, event: Any) -> str:
        """One event (a ``judge.v1.Event``) in prose."""
        try:
            payload = json.loads(event.payload_json or "{}")
        except ValueError:
            payload = {}
        seat = event.seat if event.HasField("seat") else None
        return self.summary_of(event.kind, payload if isinstance(payload, dict) else {}, seat, event.action)

    def summary_of(self, kind: str, payload: Mapping[str, Any], seat: int | None, action: str) -> str:
        """One event in prose, from its kind, payload, acting seat and action kind."""
        effects = payload.get("effects")
        if kind == "CommandAccepted" and isinstance(effects, list):
            told = self.effects(effects)
            if told:
                return told
            actor = self.seat(seat) if seat is not None else tr(self.lang, "the judge")
            return tr(self.lang, "{actor}: {action}", actor=actor, action=self.action(action))
        return self.other_of(kind, payload)

    def action(self, kind: str) -> str:
        """An action's kind as the reader's words ("kick_door" -> "kick door", "Tür eintreten")."""
        return tr(self.lang, kind.replace("_", " "))

    def other(self, event: Any) -> str:
        try:
            payload = json.loads(event.payload_json or "{}")
        except ValueError:
            payload = {}
        return self.other_of(event.kind, payload if isinstance(payload, dict) else {})

    def other_of(self, kind: str, payload: Mapping[str, Any]) -> str:
        """An event that is no command: the game's creation or import, a dispute."""
        if kind == "DisputeOpened" and isinstance(payload.get("seat"), int):
            return tr(self.lang, "{seat} disputes event {version}", seat=self.seat(payload["seat"]),
                      version=payload.get("event_version"))
        if kind == "DisputeResolved" and "upheld" in payload:
            if payload["upheld"]:
                return tr(self.lang, "dispute {dispute} upheld: events {first} to {last} are void",
                          dispute=payload.get("dispute_id"), first=payload.get("voided_from"),
                          last=payload.get("voided_to"))
            return tr(self.lang, "dispute {dispute} dismissed", dispute=payload.get("dispute_id"))
        if kind == "GameCreated" and isinstance(payload.get("setup"), dict):
            names = [str(s.get("name", "")) for s in payload["setup"].get("seats", []) if isinstance(s, dict)]
            return tr(self.lang, "the game begins: {seats}", seats=", ".join(names))
        kinds: dict[str, str] = {
            "GameCreated": N_("the game begins"),
            "GameImported": N_("the game is imported"),
            "DisputeOpened": N_("a dispute is opened"),
            "DisputeResolved": N_("a dispute is resolved"),
            "GameStopped": N_("time is called: the game ends as it stands"),
        }
        return tr(self.lang, kinds.get(kind, N_("the record goes on")))

    def effects(self, effects: Sequence[Mapping[str, Any]]) -> str:
        """The sentences of one command's effects, joined."""
        parts: list[str] = []
        i = 0
        while i < len(effects):
            e = effects[i]
            nxt = effects[i + 1] if i + 1 < len(effects) else None
            if e.get("type") == "MonstersDefeated" and nxt is not None and nxt.get("type") == "LevelChanged" \
                    and nxt.get("seat") == e.get("fighter"):
                parts.append(self.kill(e, nxt))
                i += 2
                continue
            told = self.effect(e)
            if told:
                parts.append(told)
            i += 1
        return "; ".join(parts)

    def kill(self, defeated: Mapping[str, Any], level: Mapping[str, Any]) -> str:
        killed = self.killed(defeated)
        if not killed:
            return tr(self.lang, "{seat} wins the combat and reaches level {level}",
                      seat=self.seat(defeated.get("fighter")), level=level.get("level"))
        return tr(self.lang, "{seat} kills {monsters} and reaches level {level}",
                  seat=self.seat(defeated.get("fighter")), monsters=killed, level=level.get("level"))

    def killed(self, e: Mapping[str, Any]) -> str:
        names = [self.card(self.monsters[i]) for i in e.get("killed", [])
                 if isinstance(i, int) and 0 <= i < len(self.monsters)]
        return ", ".join(names)

    def effect(self, e: Mapping[str, Any]) -> str:
        """One effect as a sentence ("" for bookkeeping nobody needs told)."""
        t = str(e.get("type", ""))
        if t in SILENT:
            return ""
        teller = self.TELLERS.get(t)
        if teller is not None:
            return teller(self, e)
        return prose_more.tell(self.lang, e, self.seat, self.card)  # the other effects' sentences

    # One sentence per effect type, in the source language (the ids of judge.po).
    def _door(self, e: Mapping[str, Any]) -> str:
        return tr(self.lang, "{seat} kicks open the door: {card}", seat=self.seat(e.get("seat")), card=self.card(e["card"]))

    def _combat(self, e: Mapping[str, Any]) -> str:
        self.monsters = [str(e.get("card", ""))]
        return tr(self.lang, "{seat} fights {card}", seat=self.seat(e.get("fighter")), card=self.card(e["card"]))

    def _monster_added(self, e: Mapping[str, Any]) -> str:
        self.monsters.append(str(e.get("card", "")))
        return tr(self.lang, "{seat} adds {card} to the combat", seat=self.seat(e.get("seat")),
                  card=self.card(e["card"]))

    def _level(self, e: Mapping[str, Any]) -> str:
        return tr(self.lang, "{seat} is now level {level}", seat=self.seat(e.get("seat")), level=e.get("level"))

    def _defeated(self, e: Mapping[str, Any]) -> str:
        killed = self.killed(e)
        if killed:
            return tr(self.lang, "{seat} kills {monsters}", seat=self.seat(e.get("fighter")), monsters=killed)
        return tr(self.lang, "{seat} wins the combat", seat=self.seat(e.get("fighter")))

    def _claimed(self, e: Mapping[str, Any]) -> str:
        return tr(self.lang, "{seat} claims the win; the others may still act", seat=self.seat(e.get("seat")))

    def _won(self, e: Mapping[str, Any]) -> str:
        winners = e.get("winners", [e["seat"]] if "seat" in e else [])
        return tr(self.lang, "{seats} wins the game", seats=", ".join(self.seat(w) for w in winners))

    # monkic (002): attacks, fights, life points, cards moving between the places
    def _attacked(self, e: Mapping[str, Any]) -> str:
        return tr(self.lang, "{seat} attacks with {card}", seat=self.seat(e.get("seat")), card=self.card(e["card"]))

    def _fight(self, e: Mapping[str, Any]) -> str:
        attacker = self.card(e.get("attacker", ""))
        if not e.get("defender"):
            if e.get("winner") == "attacker":
                return tr(self.lang, "{card} hits the life points with {points}", card=attacker,
                          points=e.get("attack"))
            if e.get("reason") == "elemente-no-target":
                return tr(self.lang, "{card} finds no target", card=attacker)
            # The card's own roll lost (Zyklop's four, Gorilla without a five ...) or did nothing.
            return tr(self.lang, "{card} does no damage to the life points", card=attacker)
        winner = {"attacker": N_("the attacker wins"), "defender": N_("the defender wins")}.get(
            str(e.get("winner")), N_("nobody wins"))
        return tr(self.lang, "{attacker} ({attack}) against {defender} ({shield}): {winner}", attacker=attacker,
                  attack=e.get("attack"), defender=self.card(e["defender"]), shield=e.get("shield"),
                  winner=tr(self.lang, winner))

    def _life(self, e: Mapping[str, Any]) -> str:
        return tr(self.lang, "{seat} now has {life} life points", seat=self.seat(e.get("seat")), life=e.get("life"))

    def _moved(self, e: Mapping[str, Any]) -> str:
        if e.get("zone") == "graveyard":
            return tr(self.lang, "{card} goes to the graveyard", card=self.card(e.get("card", "")))
        return ""

    def _turn(self, e: Mapping[str, Any]) -> str:
        self.monsters = []
        return tr(self.lang, "turn {turn}: {seat}", turn=e.get("turn"), seat=self.seat(e.get("seat")))

    def _drawn(self, e: Mapping[str, Any]) -> str:
        cards = list(e.get("cards", []))
        unknown = int(e.get("unknown", 0))
        if e.get("hidden"):
            unknown, cards = unknown + len(cards), []
        return tr(self.lang, "{seat} draws {cards}", seat=self.seat(e.get("seat")),
                  cards=self.cards_named(cards, unknown))

    def _bonus(self, e: Mapping[str, Any]) -> str:
        return tr(self.lang, "{seat} gets {bonus:+d} from {card}", seat=self.seat(e.get("seat")),
                  bonus=int(e.get("bonus", 0)), card=self.card(e.get("card", "")))

    def _in_play(self, e: Mapping[str, Any]) -> str:
        return tr(self.lang, "{seat} puts {card} in play", seat=self.seat(e.get("seat")), card=self.card(e["card"]))

    def _curse(self, e: Mapping[str, Any]) -> str:
        return tr(self.lang, "{seat} curses {victim} with {card}", seat=self.seat(e.get("seat")),
                  victim=self.seat(e.get("victim")), card=self.card(e["card"]))

    def _run(self, e: Mapping[str, Any]) -> str:
        message = N_("{seat} rolls {die} and escapes") if e.get("escaped") else N_("{seat} rolls {die} and is caught")
        return tr(self.lang, message, seat=self.seat(e.get("seat")), die=e.get("die"))

    def _bad_stuff(self, e: Mapping[str, Any]) -> str:
        return tr(self.lang, "{seat} suffers the bad stuff of {card}", seat=self.seat(e.get("seat")),
                  card=self.card(e["card"]))

    def _died(self, e: Mapping[str, Any]) -> str:
        return tr(self.lang, "{seat} dies", seat=self.seat(e.get("seat")))

    def _sold(self, e: Mapping[str, Any]) -> str:
        return tr(self.lang, "{seat} sells {cards} for {gold}", seat=self.seat(e.get("seat")),
                  cards=self.cards_named(e.get("cards", [])), gold=e.get("gold"))

    def _given(self, e: Mapping[str, Any]) -> str:
        return tr(self.lang, "{seat} gives {card} to {other}", seat=self.seat(e.get("seat")),
                  card=self.card(e["card"]), other=self.seat(e.get("to_seat")))

    def _charity(self, e: Mapping[str, Any]) -> str:
        return tr(self.lang, "{seat} gives {cards} to {other}", seat=self.seat(e.get("seat")),
                  cards=self.cards_named(e.get("cards", []), int(e.get("unknown", 0))),
                  other=self.seat(e.get("to_seat")))

    def _help(self, e: Mapping[str, Any]) -> str:
        return tr(self.lang, "{seat} asks {other} for help", seat=self.seat(e.get("seat")),
                  other=self.seat(e.get("helper")))

    def _helped(self, e: Mapping[str, Any]) -> str:
        return tr(self.lang, "{seat} helps in the combat", seat=self.seat(e.get("seat")))

    def _use(self, e: Mapping[str, Any]) -> str:
        message = N_("{seat} uses {card}") if e.get("in_use") else N_("{seat} carries {card} without using it")
        return tr(self.lang, message, seat=self.seat(e.get("seat")), card=self.card(e["card"]))

    def _die(self, e: Mapping[str, Any]) -> str:
        return tr(self.lang, "{seat} rolls {die}", seat=self.seat(e.get("seat")), die=e.get("die"))

    TELLERS: dict[str, Callable[[Narrator, Mapping[str, Any]], str]] = {
        "DoorKicked": _door, "CombatStarted": _combat, "MonsterAdded": _monster_added,
        "LevelChanged": _level, "MonstersDefeated": _defeated, "VictoryClaimed": _claimed,
        "GameWon": _won, "TurnStarted": _turn, "CardsDrawn": _drawn, "PlayerBonusAdded": _bonus,
        "CardPutInPlay": _in_play, "CursePlayed": _curse, "RunRolled": _run,
        "BadStuffSuffered": _bad_stuff, "PlayerDied": _died, "ItemsSold": _sold, "ItemGiven": _given,
        "CharityGiven": _charity, "HelpRequested": _help, "HelpAccepted": _helped,
        "ItemUseChanged": _use, "DieRolled": _die,
        "Attacked": _attacked, "FightResolved": _fight, "LifeChanged": _life, "CardMoved": _moved,
    }
