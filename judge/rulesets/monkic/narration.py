"""monkic tells its events (the narration hooks of judge/rules/narration.py): attacks, fights, life points
and cards moving between the places, in its own catalogue (judge/rulesets/monkic/locale).

A few effects have a teller of their own; the others are told from ``SENTENCES``, each used where the
effect carries every field its message names. An effect with no sentence is left out, never shown by its
internal name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from judge.common.i18n import N_, add_domain
from judge.rules.narration import CardName, FieldKinds, Joined, Milestone, SeatName, Sentence, Told

DOMAIN = add_domain("monkic", Path(__file__).parent / "locale")

FIELDS = FieldKinds(seats=frozenset({"seat", "victim", "owner"}), cards=frozenset({"card", "guard"}),
                    card_lists=frozenset({"cards"}), seat_lists=frozenset({"winners"}))

# Effects nobody at the table needs told.
SILENT = frozenset({"TurnEnded", "SeedRevealed"})


def _s(*messages: str) -> Sentence:
    return Sentence(messages, "", DOMAIN)


# Each effect type's sentences, tried in order: the first whose fields the effect carries is told.
SENTENCES: dict[str, tuple[Sentence, ...]] = {
    'AbilityUsed': (_s(N_("{seat} uses {card}")), _s(N_("{seat} uses an ability"))),
    'AttacksBarred': (_s(N_("{seat} may not attack")),),
    'Borrowed': (_s(N_("{seat} borrows {card} from {owner}")),),
    'CardsCreated': (_s(N_("{seat} takes {cards}")),),
    'DieCast': (_s(N_("the judge casts a die")),),
    'DiscardsReshuffled': (_s(N_("the discard pile has been shuffled into a new draw pile ({count} cards)")),),
    'GuardPlaced': (_s(N_("{seat} guards {card} with {guard}")),),
    'Opened': (_s(N_("{seat} lays out the opening cards")),),
    'PendingAdded': (_s(N_("the judge waits for an answer")),),
    'PendingResolved': (_s(N_("{seat} answers")),),
    'TrapActivated': (_s(N_("{seat} sets the trap {card}")),),
    'TrapUsed': (_s(N_("{seat} springs the trap {card}")),),
    'TurnAction': (_s(N_("{seat} takes a card")),),
}

GAME_OVER = re.compile(r"game over: (?P<names>.*) won\Z")

# The actions' names the catalogue translates, as a command none of whose effects is told names its action.
ACTION_WORDS = (N_("deal"), N_("end turn"))


def _t(message: str, **params: object) -> Told:
    return Told(message, params=params, domain=DOMAIN)


class MonkicNarration:
    """The narration hooks of monkic."""

    def tell_effects(self, effects: Sequence[Mapping[str, Any]], context: dict[str, Any]) -> list[Told]:
        """The sentences of one command's effects."""
        told = [self.tell_effect(e) for e in effects]
        return [t for t in told if t is not None]

    def tell_effect(self, e: Mapping[str, Any]) -> Told | None:
        t = str(e.get("type", ""))
        if t in SILENT:
            return None
        teller = TELLERS.get(t)
        if teller is not None:
            return teller(e)
        for sentence in SENTENCES.get(t, ()):
            told = FIELDS.told(sentence, e)
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
        """The "waiting for" line of a game that is over, with the winner's name (None for another line)."""
        m = GAME_OVER.match(text)
        return _t(N_("game over: {names} won"), names=m.group("names")) if m else None


def _attacked(e: Mapping[str, Any]) -> Told:
    return _t(N_("{seat} attacks with {card}"), seat=SeatName(e.get("seat")), card=CardName(e["card"]))


def _fight(e: Mapping[str, Any]) -> Told:
    attacker = CardName(e.get("attacker", ""))
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
              attack=e.get("attack"), defender=CardName(e["defender"]), shield=e.get("shield"), winner=_t(winner))


def _life(e: Mapping[str, Any]) -> Told:
    return _t(N_("{seat} now has {life} life points"), seat=SeatName(e.get("seat")), life=e.get("life"))


def _moved(e: Mapping[str, Any]) -> Told | None:
    if e.get("zone") == "graveyard":
        return _t(N_("{card} goes to the graveyard"), card=CardName(e.get("card", "")))
    return None


def _curse(e: Mapping[str, Any]) -> Told:
    return _t(N_("{seat} curses {victim} with {card}"), seat=SeatName(e.get("seat")),
              victim=SeatName(e.get("victim")), card=CardName(e["card"]))


def _won(e: Mapping[str, Any]) -> Told:
    winners = e.get("winners", [e["seat"]] if "seat" in e else [])
    return _t(N_("{seats} wins the game"), seats=Joined(tuple(SeatName(w) for w in winners)))


def _turn(e: Mapping[str, Any]) -> Told:
    return _t(N_("turn {turn}: {seat}"), turn=e.get("turn"), seat=SeatName(e.get("seat")))


TELLERS: dict[str, Callable[[Mapping[str, Any]], Told | None]] = {
    "Attacked": _attacked, "FightResolved": _fight, "LifeChanged": _life, "CardMoved": _moved,
    "CursePlayed": _curse, "GameWon": _won, "TurnStarted": _turn,
}
"""The effects told by a teller of their own rather than from a table."""
