"""Sentences for the effects ``Narrator`` has no teller of its own for (judge_client/prose.py).

Each entry: the effect type, the boolean field that picks between two messages ("" for one), and the
messages (English ids of judge.po) with ``{field}`` placeholders named after the effect's fields. A
field naming a seat is told by the player's name, one naming a card by its printed name, a list of
cards or seats by their names. A table's entry is used where the effect carries every field it names
(monkic and Munchkin share some effect types with different fields).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from typing import Any

from judge.common.i18n import N_, tr

SEAT_FIELDS = frozenset({"seat", "fighter", "to_seat", "helper", "proposer", "with_seat", "victim",
                         "owner", "target_seat", "next_picker"})
CARD_FIELDS = frozenset({"card", "guard", "item"})
CARDS_FIELDS = frozenset({"cards", "give", "receive"})
SEATS_FIELDS = frozenset({"seats", "winners"})

#: munchkin
MUNCHKIN: dict[str, tuple[str, tuple[str, ...]]] = {
    'AbilityUsed': ('', (N_("{seat} uses an ability"),)),
    'AdjustmentApplied': ('', (N_("the correction for {target_seat} is applied"),)),
    'AdjustmentApproved': ('', (N_("{seat} approves the correction"),)),
    'AdjustmentProposed': ('', (N_("{seat} proposes a correction"),)),
    'AdjustmentRefused': ('', (N_("{seat} refuses the correction"),)),
    'BadStuffLingers': ('', (N_("the bad stuff of {card} lingers on {seat}"),)),
    'CardRemovedFromPlay': ('', (N_("{seat} loses {card} from play"),)),
    'CardRevealed': ('', (N_("{seat} reveals {card}"),)),
    'CardTakenFromDiscards': ('', (N_("{card} is taken from the discards"),)),
    'CardsDiscardedFromHand': ('', (N_("{seat} discards cards"),)),
    'CharityDiscarded': ('', (N_("{seat} discards cards to charity"),)),
    'ChoiceMade': ('', (N_("{seat} chooses {card}"),)),
    'ChoiceRequired': ('', (N_("{seat} must choose"),)),
    'ClaimFailed': ('', (N_("the claim fails"),)),
    'ClaimWithdrawn': ('', (N_("the claim is withdrawn"),)),
    'CombatEnded': ('', (N_("the combat ends"),)),
    'ContractTaken': ('', (N_("{seat} takes the contract {card}"),)),
    'CorpseDiscarded': ('', (N_("{seat}'s corpse is discarded"),)),
    'CorpseEmpty': ('', (N_("{seat} leaves nothing to loot"),)),
    'CorpseLaidOut': ('', (N_("{seat}'s corpse is laid out"),)),
    'CorpseLooted': ('', (N_("{seat} loots {card}"),)),
    'CurseAccepted': ('', (N_("{seat} takes the curse {card}"),)),
    'CurseCancelled': ('', (N_("{seat} wards off {card}"),)),
    'CurseIgnored': ('', (N_("{card} does not affect {seat}"),)),
    'CursePending': ('', (N_("{card} waits for {seat}'s answer"),)),
    'DealStarted': ('', (N_("the cards are dealt"),)),
    'DeathAverted': ('', (N_("{seat} escapes death"),)),
    'DieCast': ('', (N_("the judge casts a die"),)),
    'DiscardsReshuffled': ('', (N_("the discard pile has been shuffled into a new draw pile ({count} cards)"),)),
    'EpicKickBegun': ('', (N_("{seat} kicks the epic door: {cards}"),)),
    'EpicKickCardResolved': ('', (N_("{card} is resolved"),)),
    'EpicKickEnded': ('', (N_("{seat}'s epic kick ends"),)),
    'HandDiscarded': ('', (N_("{seat} discards the hand"),)),
    'HelpDeclined': ('', (N_("{seat} declines to help"),)),
    'HirelingSacrificed': ('', (N_("{seat} sacrifices {card}"),)),
    'ItemEnhanced': ('', (N_("{seat} enhances {item} with {card}"),)),
    'ItemLost': ('', (N_("{seat} loses {card}"),)),
    'LastingCurseEnded': ('', (N_("{card} no longer affects {seat}"),)),
    'LingeringBadStuffEnded': ('', (N_("the lingering bad stuff of {seat} ends"),)),
    'LooterQueued': ('', (N_("{seats} loot next"),)),
    'LootingFinished': ('', (N_("the looting ends"),)),
    'LootingQueued': ('', (N_("the corpses are looted"),)),
    'MonsterEliminated': ('', (N_("a monster leaves the combat"),)),
    'MonsterModified': ('', (N_("{card} modifies the monster by {bonus}"),)),
    'MustPlay': ('', (N_("{seat} must play {card} at once"),)),
    'PileDrawn': ('', (N_("cards drawn from the pile: {count}"),)),
    'RollOffDecided': ('', (N_("the roll-off is decided"),)),
    'RoomWindow': ('open', (N_("a room may now be played on the kicker from the hand"), N_("the moment to play a room has passed"),)),
    'RunBonusAdded': ('', (N_("{seat} gets {bonus} to run away"),)),
    'RunStarted': ('', (N_("the run away begins"),)),
    'SexChanged': ('', (N_("{seat} changes sex"),)),
    'StealAttempted': ('success', (N_("{seat} steals {card} from {victim}"), N_("{seat} fails to steal from {victim}"))),
    'TradeCancelled': ('', (N_("the trade is cancelled"),)),
    'TradeCompleted': ('', (N_("{proposer} and {with_seat} trade"),)),
    'TradeProposed': ('', (N_("{proposer} offers {with_seat} a trade"),)),
    'TreasurePicked': ('', (N_("{seat} takes {card}"),)),
    'TreasuresRevealed': ('', (N_("the treasures are {cards}"),)),
    'TreasuresTaken': ('', (N_("{seat} takes {cards}"),)),
    'UnknownAdjusted': ('', (N_("{seat}'s hand count is corrected"),)),
}

#: monkic
MONKIC: dict[str, tuple[str, tuple[str, ...]]] = {
    'AbilityUsed': ('', (N_("{seat} uses {card}"),)),
    'AttacksBarred': ('', (N_("{seat} may not attack"),)),
    'Borrowed': ('', (N_("{seat} borrows {card} from {owner}"),)),
    'CardsCreated': ('', (N_("{seat} takes {cards}"),)),
    'DieCast': ('', (N_("the judge casts a die"),)),
    'DiscardsReshuffled': ('', (N_("the discard pile has been shuffled into a new draw pile ({count} cards)"),)),
    'GuardPlaced': ('', (N_("{seat} guards {card} with {guard}"),)),
    'Opened': ('', (N_("{seat} lays out the opening cards"),)),
    'PendingAdded': ('', (N_("the judge waits for an answer"),)),
    'PendingResolved': ('', (N_("{seat} answers"),)),
    'TrapActivated': ('', (N_("{seat} sets the trap {card}"),)),
    'TrapUsed': ('', (N_("{seat} springs the trap {card}"),)),
    'TurnAction': ('', (N_("{seat} takes a card"),)),
}
#: Munchkin mixer's own effects.
MIXER: dict[str, tuple[str, tuple[str, ...]]] = {
    "CardPlacedOnFollower": ("", (N_("{seat} places {card} on a follower"),)),
    "FollowerCardsLost": ("", (N_("{seat} loses the cards on a follower"),)),
    "SteedFoughtAsMonster": ("", (N_("a steed is fought as a monster"),)),
    "SteedTurnedUp": ("", (N_("a steed turns up"),)),
}


def fields(msgid: str) -> list[str]:
    """The effect fields a message formats."""
    return [f for _, f, _, _ in string.Formatter().parse(msgid) if f]


def tell(lang: str, e: Mapping[str, Any], seat: Callable[[Any], str], card: Callable[[Any], str]) -> str:
    """The effect as a sentence from the tables ("" where no entry fits it)."""
    t = str(e.get("type", ""))
    for table in (MONKIC, MUNCHKIN, MIXER):
        entry = table.get(t)
        if entry is None:
            continue
        when, ids = entry
        msgid = ids[0] if not when or e.get(when) else ids[-1]
        if not all(f in e for f in fields(msgid)):
            continue
        return tr(lang, msgid, **{f: _value(lang, f, e[f], seat, card) for f in fields(msgid)})
    return ""


def _value(lang: str, name: str, value: Any, seat: Callable[[Any], str], card: Callable[[Any], str]) -> str:
    if name in SEAT_FIELDS:
        return seat(value)
    if name in CARD_FIELDS:
        return card(value) if value else tr(lang, "a hidden card")
    if name in CARDS_FIELDS or name in SEATS_FIELDS:
        told = [seat(v) for v in value] if name in SEATS_FIELDS else \
            [card(v) if v else tr(lang, "a hidden card") for v in value or ()]
        if not told:
            return tr(lang, "nothing")
        if len(told) == 1:
            return told[0]
        return tr(lang, "{first} and {last}", first=", ".join(told[:-1]), last=told[-1])
    return str(value)
