"""How each effect changes a Munchkin state: the ``evolve`` half of the core.

Every function here applies one recorded effect in place to a state the
caller owns. None validates (``decide`` did), reads a clock or rolls a die,
so replaying the same effects always rebuilds the same state.
"""

from __future__ import annotations

from typing import Any

from judge.rulesets.munchkin.state import Choice, Combat, Item, Monster, MunchkinState, Player, Trade

def apply(s: MunchkinState, e: dict[str, Any]) -> None:
    """Apply one effect in place. Never validates: decide already did."""
    t = e["type"]
    fn = _APPLY.get(t)
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
    p = s.players[e["seat"]]
    if e.get("new_hand"):
        p.unknown += 8
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


def _combat_started(s: MunchkinState, e: dict[str, Any]) -> None:
    s.combat = Combat(fighter=e["fighter"], monsters=[Monster(card=e["card"])])
    s.phase, s.met_monster = "combat", True


def _monster_modified(s: MunchkinState, e: dict[str, Any]) -> None:
    assert s.combat is not None
    m = s.combat.monsters[e["index"]]
    m.mods.append(e["card"])
    m.bonus += e["bonus"]
    m.extra_treasures += e["extra_treasures"]


def _victory_claimed(s: MunchkinState, e: dict[str, Any]) -> None:
    assert s.combat is not None
    s.combat.stage, s.combat.window_closes_at_ms = "claimed", e["closes_at_ms"]


def _claim_withdrawn(s: MunchkinState, e: dict[str, Any]) -> None:
    assert s.combat is not None
    s.combat.stage, s.combat.window_closes_at_ms = "fighting", 0


def _run_started(s: MunchkinState, e: dict[str, Any]) -> None:
    assert s.combat is not None
    s.combat.stage = "running"
    for i in e["pending"]:
        s.combat.monsters[i].run = "pending"
    for i in e["not_pursued"]:
        s.combat.monsters[i].run = "escaped"


def _run_rolled(s: MunchkinState, e: dict[str, Any]) -> None:
    assert s.combat is not None
    s.combat.monsters[e["monster_index"]].run = "escaped" if e["escaped"] else "caught"


def _bad_stuff(s: MunchkinState, e: dict[str, Any]) -> None:
    if s.combat is not None:
        s.combat.monsters[e["monster_index"]].run = "done"


def _combat_ended(s: MunchkinState, e: dict[str, Any]) -> None:
    s.discards["door"].extend(e["discard_door"])
    s.discards["treasure"].extend(e["discard_treasure"])
    s.combat = None


def _player_died(s: MunchkinState, e: dict[str, Any]) -> None:
    p = _player(s, e)
    s.discards["treasure"].extend(e["items"])
    s.discards["door"].extend(e["table"])
    p.items = []
    p.table = [t for t in p.table if t not in e["table"]]
    p.hand, p.unknown, p.received = [], 0, []
    p.dead, p.needs_hand = True, True
    if s.combat is not None and s.combat.fighter == e["seat"]:
        for m in s.combat.monsters:
            if m.run in ("pending", "caught"):
                m.run = "done"


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
        s.discards["treasure"].append(e["card"])


def _item_use_changed(s: MunchkinState, e: dict[str, Any]) -> None:
    for it in _player(s, e).items:
        if it.card == e["card"] and it.in_use != e["in_use"]:
            it.in_use = e["in_use"]
            return


def _trade_completed(s: MunchkinState, e: dict[str, Any]) -> None:
    a, b = s.players[e["proposer"]], s.players[e["with_seat"]]
    for c in e["give"]:
        _remove_item(a, c)
        b.items.append(Item(c, True))
    for c in e["receive"]:
        _remove_item(b, c)
        a.items.append(Item(c, True))
    s.trade = None


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
    s.discards["door"].extend(e["cards"])  # the decks of unknown cards are not known; named ones go face up


def _card_revealed(s: MunchkinState, e: dict[str, Any]) -> None:
    p = _player(s, e)
    p.unknown -= 1
    p.hand.append(e["card"])


def _set(attr: str, value_key: str | None = None, value: Any = None) -> Any:
    def fn(s: MunchkinState, e: dict[str, Any]) -> None:
        setattr(s, attr, e[value_key] if value_key else value)
    return fn


def _choice_required(s: MunchkinState, e: dict[str, Any]) -> None:
    s.choice = Choice(seat=e["seat"], reason=e["reason"], source=e["source"], options=list(e["options"]))


def _hand_discarded(s: MunchkinState, e: dict[str, Any]) -> None:
    p = _player(s, e)
    s.discards["door"].extend(c for c in p.hand)
    p.hand, p.unknown = [], 0


def _game_won(s: MunchkinState, e: dict[str, Any]) -> None:
    s.winners, s.finished = list(e["winners"]), True


_APPLY: dict[str, Any] = {
    "TurnStarted": _turn_started,
    "TurnEnded": lambda s, e: None,
    "PhaseChanged": _set("phase", "phase"),
    "DoorKicked": lambda s, e: None,
    "CardsDrawn": _cards_drawn,
    "CardLeftHand": _card_left_hand,
    "CardDiscarded": lambda s, e: s.discards[e["deck"]].append(e["card"]),
    "CombatStarted": _combat_started,
    "MonsterAdded": lambda s, e: s.combat.monsters.append(Monster(card=e["card"])),
    "MonsterModified": _monster_modified,
    "PlayerBonusAdded": lambda s, e: s.combat.player_mods.append(
        {"seat": e["seat"], "card": e["card"], "bonus": e["bonus"]}),
    "VictoryClaimed": _victory_claimed,
    "ClaimWithdrawn": _claim_withdrawn,
    "WindowClosed": lambda s, e: None,
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
    "TradeCompleted": _trade_completed,
    "CharityGiven": _charity_given,
    "CharityDiscarded": _charity_discarded,
    "CardRevealed": _card_revealed,
    "ReceiptLapsed": lambda s, e: setattr(s.players[e["seat"]], "received", []),
    "CursePlayed": lambda s, e: None,
    "CurseIgnored": lambda s, e: None,
    "SexChanged": lambda s, e: setattr(s.players[e["seat"]], "sex", e["sex"]),
    "HandDiscarded": _hand_discarded,
    "ChoiceRequired": _choice_required,
    "ChoiceMade": _set("choice"),
    "GameWon": _game_won,
}
