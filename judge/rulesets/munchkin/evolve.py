"""How each effect changes a Munchkin state: the ``evolve`` half of the core.

Every function here applies one recorded effect in place to a state the
caller owns. None validates (``decide`` did), reads a clock or rolls a die,
so replaying the same effects always rebuilds the same state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from judge.rules.definitions import CARD_CORRECTED, CARDS_DEFINED, fold_definition
from judge.rulesets.munchkin import reshuffle
from judge.rulesets.munchkin.state import Choice, Combat, Item, Monster, MunchkinState, Player, Trade

EffectHandler = Callable[[Any, dict[str, Any]], None]
"""Applies one effect of its type in place to a state (a MunchkinState or a layer's subclass of it)."""


def apply(s: MunchkinState, e: dict[str, Any]) -> None:
    """Apply one effect in place with the base game's handlers. Never validates: decide already did."""
    t = e["type"]
    fn = EFFECT_HANDLERS.get(t)
    if fn is None:
        raise ValueError(f"unknown effect type {t!r}")
    fn(s, e)


def _player(s: MunchkinState, e: dict[str, Any], key: str = "seat") -> Player:
    return s.players[e[key]]


def _remove_item(p: Player, card: str) -> Item | None:
    for k, it in enumerate(p.items):
        if it.card == card:
            return p.items.pop(k)
    return None


def _turn_started(s: MunchkinState, e: dict[str, Any]) -> None:
    s.active, s.turn, s.phase, s.met_monster = e["seat"], e["turn"], "start", False
    s.turn_flags = []
    p = s.players[e["seat"]]
    if e.get("new_hand") and not e.get("hand_waits"):  # hand_waits: the seat reports it (NewHandDrawn)
        if not e.get("dealt"):
            p.unknown += 8  # drawn face down at a reported table: unknown until played
        p.needs_hand = False
        p.dead = False


def _new_hand_drawn(s: MunchkinState, e: dict[str, Any]) -> None:
    p = _player(s, e)
    p.unknown += e["door"] + e["treasure"]  # face down at a reported table: unknown until played
    p.needs_hand = False
    p.dead = False


def _cards_drawn(s: MunchkinState, e: dict[str, Any]) -> None:
    p = _player(s, e)
    p.hand.extend(e["cards"])
    p.unknown += e["unknown"]


def _card_left_hand(s: MunchkinState, e: dict[str, Any]) -> None:
    p = _player(s, e)
    if e["was_unknown"]:
        p.unknown -= 1
    else:
        p.hand.remove(e["card"])
    if e["card"] in p.received:
        p.received.remove(e["card"])
    if s.must_play.get(str(e["seat"])) == e["card"]:
        del s.must_play[str(e["seat"])]


def _combat_started(s: MunchkinState, e: dict[str, Any]) -> None:
    s.combat = Combat(fighter=e["fighter"], monsters=[Monster(card=e["card"])])
    s.phase, s.met_monster = "combat", True


def _monster_modified(s: MunchkinState, e: dict[str, Any]) -> None:
    assert s.combat is not None
    m = s.combat.monsters[e["index"]]
    # A one-shot already discarded leaves only its mark ("spent:<card>") and its numbers.
    m.mods.append(f"spent:{e['card']}" if e.get("discarded") else e["card"])
    m.played_by += [None] * (len(m.mods) - 1 - len(m.played_by)) + [e.get("seat")]
    m.bonus += e["bonus"]
    m.extra_treasures += e["extra_treasures"]
    m.floor = max(m.floor, e.get("floor", 0))


def _victory_claimed(s: MunchkinState, e: dict[str, Any]) -> None:
    assert s.combat is not None
    s.combat.stage, s.combat.window_closes_at_ms = "claimed", e["closes_at_ms"]


def _claim_withdrawn(s: MunchkinState, e: dict[str, Any]) -> None:
    assert s.combat is not None
    s.combat.stage, s.combat.window_closes_at_ms = "fighting", 0


def _run_started(s: MunchkinState, e: dict[str, Any]) -> None:
    c = _combat(s)
    c.stage = "running"
    for index, runs in e["runs"].items():
        c.monsters[int(index)].runs = dict(runs)


def _run_rolled(s: MunchkinState, e: dict[str, Any]) -> None:
    _combat(s).monsters[e["monster_index"]].runs[str(e["seat"])] = "escaped" if e["escaped"] else "caught"


def _discard(s: MunchkinState, deck: str, cards: list[str]) -> None:
    """Put ``cards`` on a discard pile. The piles are shared between a state and
    its copies (``MunchkinState.copy``), so a pile is replaced, never changed in place."""
    if cards:
        s.discards[deck] = [*s.discards[deck], *cards]


def _taken_from_discards(s: MunchkinState, e: dict[str, Any]) -> None:
    pile = list(s.discards[e["deck"]])
    pile.remove(e["card"])
    s.discards[e["deck"]] = pile


def _bad_stuff(s: MunchkinState, e: dict[str, Any]) -> None:
    if s.combat is not None:
        s.combat.monsters[e["monster_index"]].runs[str(e["seat"])] = "done"


def _combat_ended(s: MunchkinState, e: dict[str, Any]) -> None:
    _discard(s, "door", e["discard_door"])
    _discard(s, "treasure", e["discard_treasure"])
    s.combat = None


def _player_died(s: MunchkinState, e: dict[str, Any]) -> None:
    p = _player(s, e)
    s.corpse_piles[str(e["seat"])] = {"cards": list(e["items"]) + list(e["table"]) + list(e["hand"]),
                                      "unknown": e["unknown"]}
    p.items = []
    p.table = [t for t in p.table if t not in e["table"]]
    p.hand, p.unknown, p.received = [], 0, []
    p.dead, p.needs_hand = True, True
    s.must_play.pop(str(e["seat"]), None)
    c = s.combat
    if c is not None and e["seat"] in (c.fighter, c.helper):
        c.dead.append(e["seat"])
        for m in c.monsters:
            if m.runs.get(str(e["seat"])) in ("pending", "caught"):
                m.runs[str(e["seat"])] = "done"


def _put_in_play(s: MunchkinState, e: dict[str, Any]) -> None:
    p = _player(s, e)
    place = e["place"]
    if place == "race":
        p.races.append(e["card"])
    elif place == "class":
        p.classes.append(e["card"])
    elif place == "item":
        p.items.append(Item(e["card"], e["in_use"]))
    else:
        p.table.append(e["card"])


def _removed_from_play(s: MunchkinState, e: dict[str, Any]) -> None:
    p = _player(s, e)
    c = e["card"]
    for bucket in (p.races, p.classes, p.table):
        if c in bucket:
            bucket.remove(c)
            return
    _remove_item(p, c)


def _item_lost(s: MunchkinState, e: dict[str, Any]) -> None:
    if _remove_item(_player(s, e), e["card"]) is not None:
        _discard(s, "treasure", [e["card"]])


def _item_use_changed(s: MunchkinState, e: dict[str, Any]) -> None:
    for it in _player(s, e).items:
        if it.card == e["card"] and it.in_use != e["in_use"]:
            it.in_use = e["in_use"]
            return


def _item_given(s: MunchkinState, e: dict[str, Any]) -> None:
    _remove_item(s.players[e["seat"]], e["card"])
    s.players[e["to_seat"]].items.append(Item(e["card"], e.get("in_use", True)))


def _charity_given(s: MunchkinState, e: dict[str, Any]) -> None:
    giver, taker = s.players[e["seat"]], s.players[e["to_seat"]]
    moved_unknown = e["unknown"]
    for c in e["cards"]:
        if c in giver.hand:
            giver.hand.remove(c)
        else:
            giver.unknown -= 1
    giver.unknown -= moved_unknown
    taker.hand.extend(e["cards"])
    taker.unknown += moved_unknown
    taker.received.extend(e["cards"])


def _charity_discarded(s: MunchkinState, e: dict[str, Any]) -> None:
    p = _player(s, e)
    for c in e["cards"]:
        if c in p.hand:
            p.hand.remove(c)
        else:
            p.unknown -= 1
    p.unknown -= e["unknown"]
    for deck, cards in e.get("decks", {}).items():
        _discard(s, deck, cards)


def _card_revealed(s: MunchkinState, e: dict[str, Any]) -> None:
    p = _player(s, e)
    p.unknown -= 1
    p.hand.append(e["card"])


def _combat(s: MunchkinState) -> Combat:
    assert s.combat is not None
    return s.combat


def _help_requested(s: MunchkinState, e: dict[str, Any]) -> None:
    _combat(s).request = {"seat": e["helper"], "bribe": e["bribe"]}


def _help_accepted(s: MunchkinState, e: dict[str, Any]) -> None:
    c = _combat(s)
    c.helper, c.bribe, c.request = e["seat"], e["bribe"], None


def _treasures_due(s: MunchkinState, e: dict[str, Any]) -> None:
    c = _combat(s)
    c.stage, c.treasures_due, c.helper_owed, c.next_picker = "treasures", e["count"], e["helper_owed"], e["next_picker"]
    c.window_closes_at_ms = 0


def _treasure_picked(s: MunchkinState, e: dict[str, Any]) -> None:
    c = _combat(s)
    c.drawn.remove(e["card"])
    p = _player(s, e)
    p.hand.append(e["card"])
    p.received.append(e["card"])
    if e["seat"] == c.helper:
        c.helper_owed -= 1
    c.next_picker = e["next_picker"]


def _treasures_taken(s: MunchkinState, e: dict[str, Any]) -> None:
    p = _player(s, e)
    p.hand.extend(e["cards"])
    p.received.extend(e["cards"])
    _combat(s).drawn = []


def _monster_eliminated(s: MunchkinState, e: dict[str, Any]) -> None:
    m = _combat(s).monsters[e["index"]]
    m.eliminated, m.elimination_treasure = True, e["treasure"]


def _looting_queued(s: MunchkinState, e: dict[str, Any]) -> None:
    s.looting_queue.extend(e["seats"])
    s.dying.extend(seat for seat in e["seats"] if seat not in s.dying)
    if e["then"] == "next-turn" or s.after_looting == "next-turn":
        s.after_looting = "next-turn"
    else:
        s.after_looting = "continue"


def _corpse_empty(s: MunchkinState, e: dict[str, Any]) -> None:
    s.looting_queue.remove(e["seat"])
    s.corpse_piles.pop(str(e["seat"]), None)


def _corpse_laid_out(s: MunchkinState, e: dict[str, Any]) -> None:
    s.looting_queue.remove(e["seat"])
    pile = s.corpse_piles.pop(str(e["seat"]), {"cards": [], "unknown": 0})
    s.corpse = {"seat": e["seat"], "cards": list(pile["cards"]), "unknown": pile["unknown"],
                "groups": [list(g) for g in e["groups"]], "rolls": {}, "order": [], "picked": 0}


def _corpse(s: MunchkinState) -> dict[str, Any]:
    assert s.corpse is not None
    return s.corpse


def _looter_queued(s: MunchkinState, e: dict[str, Any]) -> None:
    c = _corpse(s)
    c["order"].extend(e["seats"])
    c["groups"].pop(0)


def _die_rolled(s: MunchkinState, e: dict[str, Any]) -> None:
    if s.corpse is not None:
        s.corpse["rolls"][str(e["seat"])] = e["die"]


def _roll_off_decided(s: MunchkinState, e: dict[str, Any]) -> None:
    c = _corpse(s)
    c["groups"] = [list(g) for g in e["groups"]] + c["groups"][1:]
    for g in e["groups"]:
        for seat in g:
            c["rolls"].pop(str(seat), None)


def _corpse_looted(s: MunchkinState, e: dict[str, Any]) -> None:
    c = _corpse(s)
    if e["was_unknown"]:
        c["unknown"] -= 1
    else:
        c["cards"].remove(e["card"])
    p = _player(s, e)
    p.hand.append(e["card"])
    p.received.append(e["card"])
    c["picked"] += 1


def _corpse_discarded(s: MunchkinState, e: dict[str, Any]) -> None:
    _discard(s, "door", e["door"])
    _discard(s, "treasure", e["treasure"])
    s.corpse = None


def _ability_used(s: MunchkinState, e: dict[str, Any]) -> None:
    if s.combat is not None and e["key"]:
        s.combat.used[e["key"]] = s.combat.used.get(e["key"], 0) + e["count"]


def _run_bonus(s: MunchkinState, e: dict[str, Any]) -> None:
    c = _combat(s)
    c.run_bonus[str(e["seat"])] = c.run_bonus.get(str(e["seat"]), 0) + e["bonus"]


def _adjustment_proposed(s: MunchkinState, e: dict[str, Any]) -> None:
    s.adjustment = {"proposer": e["seat"], "action": e["action"], "approvals": [e["seat"]]}


def _pile_shuffled(s: MunchkinState, e: dict[str, Any]) -> None:
    s.piles[e["deck"]] = {"base": list(e["cards"]), "taken": 0, "shuffles": e["shuffle"]}
    s.discards[e["deck"]] = []


def _pile_drawn(s: MunchkinState, e: dict[str, Any]) -> None:
    s.piles[e["deck"]]["taken"] += e["count"]


def _set(attr: str, value_key: str | None = None, value: Any = None) -> Any:
    def fn(s: MunchkinState, e: dict[str, Any]) -> None:
        setattr(s, attr, e[value_key] if value_key else value)
    return fn


def _choice_required(s: MunchkinState, e: dict[str, Any]) -> None:
    choice = Choice(seat=e["seat"], reason=e["reason"], source=e["source"], options=list(e["options"]),
                    count=e.get("count", 1))
    if s.choice is None or (s.choice.seat, s.choice.reason, s.choice.source) == (choice.seat, choice.reason,
                                                                                    choice.source):
        s.choice = choice  # a new choice, or the options of the one owed revised (a sale took some)
    else:  # a curse played while another choice is owed: it waits its turn
        s.choices_waiting.append(choice)


def _choice_made(s: MunchkinState, e: dict[str, Any]) -> None:
    s.choice = s.choices_waiting.pop(0) if s.choices_waiting else None


def _looting_finished(s: MunchkinState, e: dict[str, Any]) -> None:
    s.after_looting = ""
    s.dying = []


def _hand_discarded(s: MunchkinState, e: dict[str, Any]) -> None:
    p = _player(s, e)
    for deck, cards in e.get("decks", {}).items():
        _discard(s, deck, cards)
    p.hand, p.unknown = [], 0


def _game_won(s: MunchkinState, e: dict[str, Any]) -> None:
    s.winners, s.finished = list(e["winners"]), True


_APPLY: dict[str, EffectHandler] = {
    "TurnStarted": _turn_started,
    "TurnEnded": lambda s, e: None,
    "PhaseChanged": _set("phase", "phase"),
    "DoorKicked": lambda s, e: None,
    "DoorDeckEmpty": lambda s, e: None,
    "CardsDrawn": _cards_drawn,
    "CardLeftHand": _card_left_hand,
    "CardDiscarded": lambda s, e: _discard(s, e["deck"], [e["card"]]),
    "CombatStarted": _combat_started,
    "MonsterAdded": lambda s, e: s.combat.monsters.append(
        Monster(card=e["card"], mate_of=e.get("mate_of"), mods=list(e.get("mods", [])),
                played_by=[e.get("seat")] * len(e.get("mods", [])))),
    "MonsterModified": _monster_modified,
    "PlayerBonusAdded": lambda s, e: s.combat.player_mods.append(
        {"seat": e["seat"], "card": f"spent:{e['card']}" if e.get("discarded") else e["card"],
         "bonus": e["bonus"]}),
    "VictoryClaimed": _victory_claimed,
    "ClaimWithdrawn": _claim_withdrawn,
    "WindowClosed": lambda s, e: None,
    "ClaimFailed": lambda s, e: None,
    "NewHandDrawn": _new_hand_drawn,
    "LootPassed": lambda s, e: None,  # the CorpseDiscarded after it ends the loot
    "MonstersDefeated": lambda s, e: None,
    "LevelChanged": lambda s, e: setattr(s.players[e["seat"]], "level", e["level"]),
    "CombatEnded": _combat_ended,
    "RunStarted": _run_started,
    "RunRolled": _run_rolled,
    "BadStuffSuffered": _bad_stuff,
    "PlayerDied": _player_died,
    "CardPutInPlay": _put_in_play,
    "CardRemovedFromPlay": _removed_from_play,
    "ItemLost": _item_lost,
    "ItemUseChanged": _item_use_changed,
    "ItemsSold": lambda s, e: None,
    "TradeProposed": lambda s, e: setattr(s, "trade", Trade(e["proposer"], e["with_seat"], list(e["give"]),
                                                             list(e["receive"]))),
    "TradeCancelled": _set("trade"),
    "TradeCompleted": _set("trade"),
    "ItemGiven": _item_given,
    "HelpRequested": _help_requested,
    "HelpDeclined": lambda s, e: setattr(_combat(s), "request", None),
    "HelpAccepted": _help_accepted,
    "TreasuresDue": _treasures_due,
    "TreasuresRevealed": lambda s, e: setattr(_combat(s), "drawn", list(e["cards"])),
    "TreasurePicked": _treasure_picked,
    "TreasuresTaken": _treasures_taken,
    "MonsterEliminated": _monster_eliminated,
    "LootingQueued": _looting_queued,
    "CorpseEmpty": _corpse_empty,
    "CorpseLaidOut": _corpse_laid_out,
    "LooterQueued": _looter_queued,
    "DieRolled": _die_rolled,
    "RollOffDecided": _roll_off_decided,
    "CorpseLooted": _corpse_looted,
    "CorpseDiscarded": _corpse_discarded,
    "LootingFinished": _looting_finished,
    "AbilityUsed": _ability_used,
    "RunBonusAdded": _run_bonus,
    "CardsDiscardedFromHand": lambda s, e: setattr(_player(s, e), "unknown", _player(s, e).unknown - e["unknown"]),
    "StealAttempted": lambda s, e: None,
    "TurnFlagSet": lambda s, e: s.turn_flags.append(e["flag"]),
    "MustPlay": lambda s, e: s.must_play.__setitem__(str(e["seat"]), e["card"]),
    "AdjustmentProposed": _adjustment_proposed,
    "AdjustmentApproved": lambda s, e: s.adjustment["approvals"].append(e["seat"]),
    "AdjustmentRefused": _set("adjustment"),
    "AdjustmentApplied": _set("adjustment"),
    "UnknownAdjusted": lambda s, e: setattr(_player(s, e), "unknown", _player(s, e).unknown + e["delta"]),
    "CharityGiven": _charity_given,
    "CharityDiscarded": _charity_discarded,
    "CardRevealed": _card_revealed,
    "ReceiptLapsed": lambda s, e: setattr(s.players[e["seat"]], "received", []),
    "CursePlayed": lambda s, e: None,
    "CursePending": lambda s, e: setattr(s, "pending_curse", {"seat": e["seat"], "card": e["card"]}),
    "CurseAccepted": _set("pending_curse"),
    "CurseCancelled": _set("pending_curse"),
    "LastingCurseEnded": lambda s, e: None,
    "CurseIgnored": lambda s, e: None,
    "ClassFreed": lambda s, e: None,
    "CardsKeptAtDeath": lambda s, e: None,
    "MonsterDoesNotAttack": lambda s, e: None,  # the CardDiscarded after it puts the monster away
    "BadStuffHitsOthers": lambda s, e: None,  # told; what it does follows as its own effects
    "SexChanged": lambda s, e: setattr(s.players[e["seat"]], "sex", e["sex"]),
    "HandDiscarded": _hand_discarded,
    "ChoiceRequired": _choice_required,
    "ChoiceMade": _choice_made,
    "ChoiceLapsed": _choice_made,
    "GameWon": _game_won,
    "PileShuffled": _pile_shuffled,
    "CardTakenFromDiscards": _taken_from_discards,
    reshuffle.EFFECT: reshuffle.discards_reshuffled,
    "PileDrawn": _pile_drawn,
    "DieCast": lambda s, e: setattr(s, "rolls", s.rolls + 1),
    "DealStarted": _set("dealt_out", value=True),
    "SeedRevealed": _set("seed_revealed", "seed"),
    CARDS_DEFINED: fold_definition,  # cards defined when they turn up (judge/rules/definitions.py)
    CARD_CORRECTED: fold_definition,
}

# The base game's effect handlers, by effect type: ``Munchkin.effect_handlers``.
# A layer adds its own (or replaces one) in its class:
# ``effect_handlers = {**Munchkin.effect_handlers, "RoomEntered": _room_entered}``.
EFFECT_HANDLERS: Mapping[str, EffectHandler] = MappingProxyType(_APPLY)
