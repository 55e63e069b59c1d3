"""The timing table of 001, "WANN KANN MAN NUN WELCHE KARTE SPIELEN?", as data.

Rows are card kinds (and the two non-card actions, trading and selling),
columns the situations a player can be in. A cell says whether the kind may
be played; the row names the rule that forbids it otherwise.

>>> allowed("item", Situation.OWN_TURN_IN_COMBAT)
False
>>> allowed("curse", Situation.OTHERS_COMBAT)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Situation(str, Enum):
    """Where in the game the acting player is."""

    OWN_TURN = "own-turn"  # own turn, no combat going on
    OWN_TURN_IN_COMBAT = "own-turn-in-combat"  # own turn, a combat is going on
    OTHERS_TURN = "others-turn"  # another player's turn, no combat
    OTHERS_COMBAT = "others-combat"  # during another player's combat
    ON_RECEIPT = "on-receipt"  # at once, when the card is received


@dataclass(frozen=True)
class TimingRow:
    """One row of the table: the situations a kind may be played in."""

    kinds: tuple[str, ...]
    situations: frozenset[Situation]
    rule_id: str | None  # the rule a refusal names; None for rows that allow every situation
    quote: str
    once_per_turn: bool = False


ANY = frozenset(Situation)
S = Situation

TABLE: tuple[TimingRow, ...] = (
    TimingRow(("race", "class", "power", "style", "loyalty", "training", "accent", "mojo",
               "birthright", "faction", "army"),
              frozenset({S.OWN_TURN, S.OWN_TURN_IN_COMBAT, S.ON_RECEIPT}), "munchkin.timing.race-class",
              "Rassen, Klassen, ...: Jederzeit während des eigenen Zuges, außerhalb des Zuges nur sofort, "
              "wenn du sie bekommst."),
    # 000 "Rassen / Klassen": Super Munchkin / Halb-Blut "darfst du jederzeit ausspielen".
    TimingRow(("super_munchkin", "half_breed"), ANY, None,
              "Super Munchkin: Diese Karte darfst du jederzeit ausspielen, wenn du schon eine Klasse im Spiel hast."),
    TimingRow(("item", "item_enhancer"), frozenset({S.OWN_TURN, S.ON_RECEIPT}), "munchkin.timing.item",
              "Ausrüstungsgegenstände und Gegenstandsverstärker: Jederzeit während des eigenen Zuges, außer im "
              "Kampf. Außerhalb des Zuges nur sofort, wenn du sie bekommst."),
    TimingRow(("one_shot",), frozenset({S.OWN_TURN, S.OWN_TURN_IN_COMBAT, S.OTHERS_COMBAT, S.ON_RECEIPT}),
              "munchkin.timing.one-shot",
              "Einmal benutzbare Gegenstände: Jederzeit während des eigenen Zuges, außerhalb des Zuges nur "
              "sofort, wenn du sie bekommst, oder während der Kampfphase eines anderen Spielers."),
    TimingRow(("hireling", "minion", "henchman", "mook", "ally", "companion", "sidekick"), ANY,
              None,
              "Mietlinge, Lakaien, Handlanger, Mooks, Verbündete, Gefährten, Sidekicks: Jederzeit."),
    TimingRow(("level_up", "special_treasure"), ANY, None,
              "Steige-eine-Stufe-auf-Karten und sonstige spezielle Schatzkarten: Jederzeit."),
    TimingRow(("portal",), frozenset({S.OWN_TURN}), "munchkin.timing.portal",
              "Portalkarten: Jederzeit während eines eigenen Zuges, jedoch nicht während eines Kampfes, und nur "
              "einmal pro Zug.", once_per_turn=True),
    TimingRow(("origin",), frozenset({S.OWN_TURN, S.OTHERS_TURN, S.ON_RECEIPT}), "munchkin.timing.origin",
              "Herkünfte: Jederzeit, außer während eines Kampfes."),
    TimingRow(("headquarters",), frozenset({S.OWN_TURN, S.OWN_TURN_IN_COMBAT, S.ON_RECEIPT}),
              "munchkin.timing.headquarters",
              "Hauptquartiere: Jederzeit während des eigenen Zuges, außerhalb des Zuges nur sofort, wenn du sie "
              "bekommst."),
    TimingRow(("curse", "trap", "catastrophe", "insanity"), ANY, None,
              "Flüche, Fallen, Katastrophen und Geisteskrankheiten: Jederzeit."),
    # Monsters from the hand: phase 2 (look for trouble, checked by the phase
    # rules) or with a Wandering Monster in any combat.
    TimingRow(("monster",), frozenset({S.OWN_TURN_IN_COMBAT, S.OTHERS_COMBAT}), "munchkin.timing.monster",
              "Monster: Während einer Kampfphase mit Spezialregeln ... oder mittels eines Wandernden Monsters, "
              "... oder wenn du selbst auf Ärger aus bist."),
    TimingRow(("wandering_monster", "mate"), frozenset({S.OWN_TURN_IN_COMBAT, S.OTHERS_COMBAT}),
              "munchkin.timing.wandering-monster",
              "Karten, die zusätzliche Monster in einen Kampf schicken ..., können nur während eines Kampfes "
              "gespielt werden"),
    TimingRow(("monster_enhancer", "monster_enhancer_enhancer"),
              frozenset({S.OWN_TURN_IN_COMBAT, S.OTHERS_COMBAT}),
              "munchkin.timing.monster-enhancer", "Monsterverstärker: Während einer Kampfphase auf ein Monster"),
    TimingRow(("room",), frozenset({S.OWN_TURN}), "munchkin.timing.room",
              "Raum: In einer „Tür öffnen“-Phase, wenn nicht gerade eine Raumkarte aufgedeckt wurde"),
    # Göttliche Intervention must be played at once when drawn (000, Sonstige Karten).
    TimingRow(("divine_intervention",), ANY, None,
              "Ziehst du die Karten Schatzbort oder Göttliche Intervention, musst du sie sofort ausspielen!"),
    # Not card kinds: the two actions the table names at its end.
    TimingRow(("@trade",), frozenset({S.OWN_TURN, S.OTHERS_TURN}), "munchkin.trade.not-during-combat",
              "Man darf jederzeit, außer während eines Kampfes, mit anderen Spielern handeln"),
    TimingRow(("@sell",), frozenset({S.OWN_TURN}), "munchkin.sell.not-during-combat",
              "Gegenstände zu verkaufen ist nur während des eigenen Zuges gestattet, jedoch nicht während eines "
              "Kampfes."),
)

_BY_KIND: dict[str, TimingRow] = {kind: row for row in TABLE for kind in row.kinds}


def row_for(kind: str) -> TimingRow | None:
    """The table row for a card kind (or "@trade" / "@sell"), if the table has one."""
    return _BY_KIND.get(kind)


def allowed(kind: str, situation: Situation) -> bool:
    """May a card of ``kind`` be played in ``situation``? Kinds the table does
    not list are not restricted by it."""
    row = _BY_KIND.get(kind)
    return row is None or situation in row.situations


def situation(*, own_turn: bool, in_combat: bool) -> Situation:
    if own_turn:
        return Situation.OWN_TURN_IN_COMBAT if in_combat else Situation.OWN_TURN
    return Situation.OTHERS_COMBAT if in_combat else Situation.OTHERS_TURN
