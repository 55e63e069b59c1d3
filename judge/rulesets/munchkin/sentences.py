"""The Munchkin family's words as data: the sentences of the effects told from a table, the "waiting for"
lines, and the actions' names (judge/rulesets/munchkin/narration.py tells with them).

Each table entry: the effect type and its ``Sentence`` (judge/rules/narration.py): the message (English id
of this package's catalogue, ``locale/<lang>/LC_MESSAGES/munchkin.po``) with ``{field}`` placeholders named
after the effect's fields, or two messages a boolean field picks between. A table's entry is used where the
effect carries every field it names.
"""

from __future__ import annotations

import re
from pathlib import Path

from judge.common.i18n import N_, Said, add_domain, dsaid
from judge.rules.narration import Sentence

DOMAIN = add_domain("munchkin", Path(__file__).parent / "locale")


def said_in_munchkin(message: str, **params: object) -> Said:
    """A message of the family's own catalogue (marked with ``N_`` where it is written), to be said in any
    language (judge/common/i18n.py): a malformed action's words."""
    return dsaid(DOMAIN, message, **params)


def nsaid_in_munchkin(singular: str, plural: str, n: int, **params: object) -> Said:
    """``said_in_munchkin`` with a number in it (``{n}``): the singular or plural form the reader's
    language uses for ``n`` (both marked with ``N_``)."""
    return Said(singular, params, domain=DOMAIN, plural=plural, n=n)


NOT_OF_DECK = {"door": N_("{card} is not a door card"), "treasure": N_("{card} is not a treasure card")}
"""A card named where a card of one deck belongs (a position's pile, a kicked door, treasures drawn)."""


def not_of_deck(card: str, deck: str) -> Said:
    """``card`` is not a card of ``deck``, in the family's words."""
    return said_in_munchkin(NOT_OF_DECK[deck], card=card)

SEAT_FIELDS = frozenset({"seat", "fighter", "to_seat", "helper", "proposer", "with_seat", "victim",
                         "owner", "target_seat", "next_picker"})
CARD_FIELDS = frozenset({"card", "guard", "item", "follower"})
CARDS_FIELDS = frozenset({"cards", "give", "receive"})
SEATS_FIELDS = frozenset({"seats", "winners"})

# Effects nobody at the table needs told (bookkeeping, or told by another effect).
SILENT = frozenset({"ReceiptLapsed", "PhaseChanged", "CardLeftHand", "CardDiscarded", "WindowClosed",
                    "TurnEnded", "TurnFlagSet", "SeedRevealed", "PileShuffled", "TreasuresDue", "ChoiceLapsed"})


def _s(*messages: str, when: str = "") -> Sentence:
    return Sentence(messages, when, DOMAIN)


SENTENCES: dict[str, Sentence] = {
    'AbilityUsed': _s(N_("{seat} uses an ability")),
    'AdjustmentApplied': _s(N_("the correction for {target_seat} is applied")),
    'AdjustmentApproved': _s(N_("{seat} approves the correction")),
    'AdjustmentProposed': _s(N_("{seat} proposes a correction")),
    'AdjustmentRefused': _s(N_("{seat} refuses the correction")),
    'BadStuffHitsOthers': _s(N_("{card}'s bad stuff hits every other player: {seats}")),
    'CardRemovedFromPlay': _s(N_("{seat} loses {card} from play")),
    'CardRevealed': _s(N_("{seat} reveals {card}")),
    'CardTakenFromDiscards': _s(N_("{card} is taken from the discards")),
    'CardsDiscardedFromHand': _s(N_("{seat} discards cards")),
    'CharityDiscarded': _s(N_("{seat} discards cards to charity")),
    'ChoiceMade': _s(N_("{seat} chooses {card}")),
    'ChoiceRequired': _s(N_("{seat} must choose")),
    'ClaimFailed': _s(N_("the claim fails")),
    'ClaimWithdrawn': _s(N_("the claim is withdrawn")),
    'CombatEnded': _s(N_("the combat ends")),
    'CorpseDiscarded': _s(N_("{seat}'s corpse is discarded")),
    'CorpseEmpty': _s(N_("{seat} leaves nothing to loot")),
    'DoorDeckEmpty': _s(N_("{seat} kicks open the door, but no door card is left to draw")),
    'CorpseLaidOut': _s(N_("{seat}'s corpse is laid out")),
    'CorpseLooted': _s(N_("{seat} loots {card}")),
    'LootPassed': _s(N_("{seat} finds the corpse empty")),
    'NewHandDrawn': _s(N_("{seat} draws a new hand")),
    'CurseAccepted': _s(N_("{seat} takes the curse {card}")),
    'CurseCancelled': _s(N_("{seat} wards off {card}")),
    'CurseIgnored': _s(N_("{card} does not affect {seat}")),
    'ClassFreed': _s(N_("{seat} is freed from the class {card}")),
    'CardsKeptAtDeath': _s(N_("{seat} keeps in death: {cards}")),
    'CursePending': _s(N_("{card} waits for {seat}'s answer")),
    'DealStarted': _s(N_("the cards are dealt")),
    'DieCast': _s(N_("the judge casts a die")),
    'DiscardsReshuffled': _s(N_("the discard pile has been shuffled into a new draw pile ({count} cards)")),
    'EpicKickBegun': _s(N_("{seat} kicks the epic door: {cards}")),
    'EpicKickCardResolved': _s(N_("{card} is resolved")),
    'EpicKickEnded': _s(N_("{seat}'s epic kick ends")),
    'HandDiscarded': _s(N_("{seat} discards the hand")),
    'HelpDeclined': _s(N_("{seat} declines to help")),
    'ItemLost': _s(N_("{seat} loses {card}")),
    'LastingCurseEnded': _s(N_("{card} no longer affects {seat}")),
    'LooterQueued': _s(N_("{seats} loot next")),
    'LootingFinished': _s(N_("the looting ends")),
    'LootingQueued': _s(N_("the corpses are looted")),
    'MonsterEliminated': _s(N_("a monster leaves the combat")),
    'MonsterDoesNotAttack': _s(N_("{card} does not attack {seat}; the turn goes on without a combat")),
    'MonsterModified': _s(N_("{card} modifies the monster by {bonus}")),
    'MustPlay': _s(N_("{seat} must play {card} at once")),
    'PileDrawn': _s(N_("cards drawn from the pile: {count}")),
    'RollOffDecided': _s(N_("the roll-off is decided")),
    'RunBonusAdded': _s(N_("{seat} gets {bonus} to run away")),
    'RunStarted': _s(N_("the run away begins")),
    'SexChanged': _s(N_("{seat} changes sex")),
    'StealAttempted': _s(N_("{seat} steals {card} from {victim}"), N_("{seat} fails to steal from {victim}"),
                         when="success"),
    'TradeCancelled': _s(N_("the trade is cancelled")),
    'TradeCompleted': _s(N_("{proposer} and {with_seat} trade")),
    'TradeProposed': _s(N_("{proposer} offers {with_seat} a trade")),
    'TreasurePicked': _s(N_("{seat} takes {card}")),
    'TreasuresRevealed': _s(N_("the treasures are {cards}")),
    'TreasuresTaken': _s(N_("{seat} takes {cards}")),
    'UnknownAdjusted': _s(N_("{seat}'s hand count is corrected")),
}

# The actions' names, as a command none of whose effects is told names its action ("Anna: kick door").
ACTION_WORDS = (
    N_("accept trade"), N_("answer curse"), N_("answer help"), N_("ask for help"), N_("cancel trade"),
    N_("choose card"), N_("claim victory"), N_("confirm adjustment"), N_("deal"), N_("discard card"),
    N_("draw treasures"), N_("end turn"), N_("give item"), N_("give up"), N_("kick door"), N_("kick two doors"), N_("look for trouble"),
    N_("loot corpse"), N_("loot room"), N_("pass in round"), N_("pick treasure"), N_("play card"), N_("propose trade"),
    N_("record adjustment"), N_("resolve combat"), N_("reveal card"), N_("roll die"), N_("run away"),
    N_("sell items"), N_("set item in use"), N_("suffer bad stuff"), N_("use ability"),
)

# The "waiting for" lines the family's views write (English, seat numbers), each with its message: a
# group named seat/other is a seat, seats a list of seats, card a card id, cards a list of them.
SEAT = r"seat (?P<seat>\d+)"
WAITING: list[tuple[re.Pattern[str], str]] = [(re.compile(p + r"\Z"), m) for p, m in [
    (SEAT + " to kick open the door", N_("{seat} to kick open the door")),
    (SEAT + " to look for trouble, loot the room or end the turn",
     N_("{seat} to look for trouble, loot the room or end the turn")),
    (SEAT + r" to end the turn \(charity\)", N_("{seat} to end the turn (charity)")),
    (SEAT + r" to fight \(claim the win, or give up and run\)", N_("{seat} to fight (claim the win, or give up and run)")),
    ("the win is claimed: anyone may still play combat cards until the interference window closes",
     N_("the win is claimed: anyone may still play combat cards until the interference window closes")),
    (SEAT + " to answer the request for help", N_("{seat} to answer the request for help")),
    (SEAT + r" to report the (?P<n>\d+) treasures drawn face up", N_("{seat} to report the {n} treasures drawn face up")),
    (SEAT + " to take a treasure", N_("{seat} to take a treasure")),
    (SEAT + r" to draw a new hand \(4 door and 4 treasure cards face down\)",
     N_("{seat} to draw a new hand (4 door and 4 treasure cards face down)")),
    (SEAT + r" to play (?P<card>\S+) at once", N_("{seat} to play {card} at once")),
    (SEAT + r" to answer the curse (?P<card>\S+) \(a counter, or take it\)",
     N_("{seat} to answer the curse {card} (a counter, or take it)")),
    (SEAT + r" to take a card from seat (?P<other>\d+)'s corpse", N_("{seat} to take a card from {other}'s corpse")),
    (r"seats? (?P<seats>[\d, ]+) to run away from each monster or take its bad stuff, in the order each runner "
     "chooses", N_("{seats}: run away from each monster or take its bad stuff, in the order each of you chooses")),
    (r"seats (?P<seats>[\d, ]+) to roll for the looting order", N_("{seats}: roll for the looting order")),
    (SEAT + r" to choose a card \((?P<cards>.*)\)", N_("{seat} to choose a card ({cards})")),
    (r"game over: (?P<names>.*) won", N_("game over: {names} won")),
]]
