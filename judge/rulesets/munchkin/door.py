"""A monster kicked open that does not attack the kicker (001 "1. Tür öffnen": "Handelt es sich um ein Monster,
das dich nicht angreift, weiter bei 2. (Das ist etwas anderes als ein Monster, das dich nicht verfolgt!)"): the
card says whom (``will_not_attack_max_level``, ``will_not_attack``); the door hook (``on_door``) and the Epic
two-door kick ask here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge.cards import Card
    from judge.rulesets.munchkin.tx import _Tx


def attacks(tx: _Tx, seat: int, card: Card) -> bool:
    """Does the monster ``card`` kicked open attack ``seat``? Not one whose card says it attacks nobody up to
    the kicker's level (``will_not_attack_max_level``), nor anyone with one of the traits it names
    (``will_not_attack``): "ein Monster, das dich nicht angreift"; that is not a monster that does not pursue
    you (001 "1. Tür öffnen")."""
    p = tx.state.players[seat]
    if card.will_not_attack_max_level and p.level <= card.will_not_attack_max_level:
        return False
    return not (card.will_not_attack and tx.ruleset.traits(tx, p) & set(card.will_not_attack))


def does_not_attack(tx: _Tx, seat: int, card: Card) -> None:
    """001 "1. Tür öffnen": "Handelt es sich um ein Monster, das dich nicht angreift, weiter bei 2.": no
    combat; the monster is discarded."""
    tx.emit("MonsterDoesNotAttack", seat=seat, card=card.id, rule="munchkin.door.does-not-attack")
    tx.emit("CardDiscarded", card=card.id, deck=card.deck)
