"""How each effect changes a monkic state: the ``evolve`` half of the core.

Each function applies one recorded effect in place to a state the caller
owns; none validates, reads a clock or rolls a die.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.rules.definitions import CARD_CORRECTED, CARDS_DEFINED, fold_definition
from judge.rulesets.monkic.state import MonkicState

ZONES = ("hand", "table", "graveyard")


def apply(s: MonkicState, e: dict[str, Any]) -> None:
    fn = _APPLY.get(e["type"])
    if fn is None:
        raise ValueError(f"unknown effect type {e['type']!r}")
    fn(s, e)


def _lift(s: MonkicState, uid: str) -> None:
    """Take an instance out of wherever it is."""
    for seat in s.seats:
        for zone in ZONES:
            lst: list[str] = getattr(seat, zone)
            if uid in lst:
                lst.remove(uid)
    for card, guard in list(s.guards.items()):
        if guard == uid:
            del s.guards[card]
    if uid in s.keeps_guard:
        s.keeps_guard.remove(uid)
    if uid in s.traps:
        s.traps.remove(uid)
    if uid in s.out:
        s.out.remove(uid)


def _cards_created(s: MonkicState, e: dict[str, Any]) -> None:
    dest: list[str] = getattr(s.seats[e["seat"]], e["zone"])
    for uid, card in e["cards"]:
        s.cards[uid] = card
        dest.append(uid)
        s.next_id += 1
    source = e["source"]
    if source in ("stack", "xxl"):
        if e.get("positions") is not None:
            taken = s.stack_taken if source == "stack" else s.xxl_taken
            taken.extend(e["positions"])
        else:
            pile = s.stack if source == "stack" else s.xxl
            for _, card in e["cards"]:
                pile.remove(card)


def _card_moved(s: MonkicState, e: dict[str, Any]) -> None:
    uid = e["card"]
    was_hand = s.zone_of(uid)[1] == "hand"
    _lift(s, uid)
    if e["zone"] == "out":
        s.out.append(uid)
    else:
        getattr(s.seats[e["seat"]], e["zone"]).append(uid)
    if e["zone"] != "hand":
        s.borrowed.pop(uid, None)
        if was_hand:
            s.guards.pop(uid, None)


def _guard_placed(s: MonkicState, e: dict[str, Any]) -> None:
    _lift(s, e["guard"])
    s.guards[e["card"]] = e["guard"]
    if not e["sacrifice_guard"]:
        s.keeps_guard.append(e["guard"])


def _turn_started(s: MonkicState, e: dict[str, Any]) -> None:
    s.phase, s.active, s.turn = "play", e["seat"], e["turn"]
    s.drew = s.took = s.turn_over = False
    s.attacks = {}
    s.trap_turn = []
    s.bars = [b for b in s.bars if b["turn"] >= e["turn"]]


def _turn_ended(s: MonkicState, e: dict[str, Any]) -> None:
    s.turn_over = True


def _turn_action(s: MonkicState, e: dict[str, Any]) -> None:
    if e["what"] == "drew":
        s.drew = True
    else:
        s.took = True


def _attacked(s: MonkicState, e: dict[str, Any]) -> None:
    s.attacks[e["card"]] = s.attacks.get(e["card"], 0) + 1


def _noop(s: MonkicState, e: dict[str, Any]) -> None:
    """Effects that only record what happened (a fight's numbers)."""


def _life_changed(s: MonkicState, e: dict[str, Any]) -> None:
    s.seats[e["seat"]].life = e["life"]


def _die_cast(s: MonkicState, e: dict[str, Any]) -> None:
    s.rolls = e["number"] + 1


def _trap_activated(s: MonkicState, e: dict[str, Any]) -> None:
    s.traps.append(e["card"])


def _trap_used(s: MonkicState, e: dict[str, Any]) -> None:
    s.trap_turn.append(e["card"])


def _attacks_barred(s: MonkicState, e: dict[str, Any]) -> None:
    s.bars.append({k: e[k] for k in ("seat", "turn", "what", "reason")})


def _ability_used(s: MonkicState, e: dict[str, Any]) -> None:
    s.used.append(e["card"])


def _borrowed(s: MonkicState, e: dict[str, Any]) -> None:
    s.borrowed[e["card"]] = e["owner"]


def _pending_added(s: MonkicState, e: dict[str, Any]) -> None:
    s.pending.append(dict(e["item"]))


def _pending_resolved(s: MonkicState, e: dict[str, Any]) -> None:
    s.pending.pop(0)


def _opened(s: MonkicState, e: dict[str, Any]) -> None:
    s.seats[e["seat"]].opened = True


def _game_won(s: MonkicState, e: dict[str, Any]) -> None:
    s.winner, s.phase = e["seat"], "over"
    s.pending = []


def _seed_revealed(s: MonkicState, e: dict[str, Any]) -> None:
    s.seed_revealed = e["seed"]


_APPLY: dict[str, Callable[[MonkicState, dict[str, Any]], None]] = {
    CARDS_DEFINED: fold_definition,  # cards defined when they turn up (judge/rules/definitions.py)
    CARD_CORRECTED: fold_definition,
    "CardsCreated": _cards_created,
    "CardMoved": _card_moved,
    "GuardPlaced": _guard_placed,
    "TurnStarted": _turn_started,
    "TurnEnded": _turn_ended,
    "TurnAction": _turn_action,
    "Attacked": _attacked,
    "FightResolved": _noop,
    "CursePlayed": _noop,
    "LifeChanged": _life_changed,
    "DieCast": _die_cast,
    "TrapActivated": _trap_activated,
    "TrapUsed": _trap_used,
    "AttacksBarred": _attacks_barred,
    "AbilityUsed": _ability_used,
    "Borrowed": _borrowed,
    "PendingAdded": _pending_added,
    "PendingResolved": _pending_resolved,
    "Opened": _opened,
    "GameWon": _game_won,
    "SeedRevealed": _seed_revealed,
}
