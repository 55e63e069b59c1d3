"""What may still happen while the game waits for someone: a victim owes a
choice, a corpse is being looted, a curse turned up on the door waits for
its victim's answer.

- Level-up cards and curses are played "zu jedem beliebigen Zeitpunkt"
  (000 "Sonstige Karten": "Karten, die die Stufe eines Spielers verändern,
  dürfen (wie Flüche) zu jedem beliebigen Zeitpunkt gespielt werden"; 000
  "Flüche"; 001 "Steige-eine-Stufe-auf-Karten ...: Jederzeit." and "Flüche
  ...: Jederzeit."), so they interrupt every wait.
- Looted cards "können nach den üblichen Regeln entweder auf die Hand
  genommen oder sofort ausgelegt werden" (000 "Tod"): every looter may lay
  out what it took while the looting goes on, and the looting steps of the
  others (picks and roll-offs) do not end that chance, nor does another
  receiver laying out its own received card.

A mixin of the Munchkin ruleset.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.rules.engine import Action
from judge.rulesets.munchkin import actions as A

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.ruleset import _Tx
    from judge.rulesets.munchkin.state import MunchkinState

# Card kinds playable at any moment, even while the game waits for someone.
ANYTIME_KINDS = ("level_up", "curse")
# Steps of a looting that do not end anyone's chance to lay out a received card.
LOOTING_STEPS = ("loot_corpse", "roll_die")


class PendingRules:
    """Interruptions of a wait, mixed into the Munchkin ruleset."""

    def may_interrupt(self: MunchkinHost, tx: _Tx, seat: int | None, action: Action) -> bool:
        """May ``action`` be taken although a choice, a looting or a curse answer is pending?"""
        if seat is None or not isinstance(action, A.PlayCard) or action.from_table:
            return False
        card = tx.cards.get(action.card)
        if card is None:
            return False
        if card.kind in ANYTIME_KINDS:
            return True
        # A looter lays out what it took at once (000 "Tod").
        s = tx.state
        return s.corpse is not None and action.card in s.players[seat].received

    @staticmethod
    def keeps_receipts(state: MunchkinState, seat: int | None, action: Action) -> bool:
        """Do the receivers keep the chance to play their received cards "sofort, wenn du sie
        bekommst" when ``seat`` takes ``action``? Yes when a receiver plays one of its own received
        cards (the others keep theirs) and for the steps of a looting."""
        if isinstance(action, A.PlayCard) and seat is not None and action.card in state.players[seat].received:
            return True
        return state.corpse is not None and action.kind in LOOTING_STEPS
