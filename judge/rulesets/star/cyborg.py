"""The Cyborg of Star Munchkin (004 cyBorg; "Spielvorbereitungen").

- "So lange du ein Cyborg bist, kann sie sogar niemals unter 2 sinken": the
  level floor of anyone who counts as a Cyborg is 2.
- "Ein Charakter mit Stufe 1, der ein Cyborg wird, erhält Stufe 2."
- "Wenn er getötet wird, kann der Cyborg wählen, stattdessen 2 Stufen zu
  verlieren (oder auf Stufe 2 zu sinken) und am Leben zu bleiben." The choice
  is the Cyborg's: when it would die the game waits for it (a ``cyborg``
  choice, answered with ``choose_card``): naming its Cyborg card it lives and
  loses 2 levels (never below 2); naming the card that kills it, it dies.

A mixin of the Star ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.rules.ruling import reject
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.ruleset import Munchkin

if TYPE_CHECKING:
    from judge.cards import Card
    from judge.rulesets.munchkin.state import MunchkinState, Player
    from judge.rulesets.munchkin.tx import _Tx

#: 004 "Spielvorbereitungen": "So lange du ein Cyborg bist, kann sie sogar niemals unter 2 sinken."
CYBORG = "race:cyborg"
CYBORG_FLOOR = 2
#: 004 cyBorg: "kann der Cyborg wählen, stattdessen 2 Stufen zu verlieren".
CYBORG_LEVELS_INSTEAD_OF_DEATH = 2
#: The reason of the choice the game waits for.
CHOICE = "cyborg"


def death_averted(s: MunchkinState, e: dict[str, Any]) -> None:
    """A record of the Cyborg's choice to live; the levels go with LevelChanged."""


class CyborgRules(Munchkin):
    """The Cyborg's floor and its choice at death, mixed into the Star ruleset."""

    def level_floor_of(self, tx: _Tx, seat: int) -> int:
        floor = super().level_floor_of(tx, seat)
        if self.has_trait(tx, tx.state.players[seat], CYBORG):
            return max(CYBORG_FLOOR, floor)
        return floor

    def _play_star_race(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        """004 cyBorg: "Ein Charakter mit Stufe 1, der ein Cyborg wird, erhält Stufe 2."""
        Munchkin.play_handlers["race"](self, tx, seat, card, a)
        self.change_level(tx, seat, 0, card.id)  # raised to the new floor, if any

    def cyborg_cards(self, tx: _Tx, p: Player) -> list[str]:
        """The race cards in front of ``p`` that make it a Cyborg (its own, or what it counts as)."""
        return [r for r in p.races if r in tx.cards and (f"race:{r}" == CYBORG or CYBORG in tx.cards[r].counts_as)]

    def on_death(self, tx: _Tx, seat: int, source: str) -> None:
        """004 cyBorg: "Wenn er getötet wird, kann der Cyborg wählen ...": the game waits for the
        Cyborg's choice between its Cyborg card (live) and ``source``, the card that kills it (die)."""
        p = tx.state.players[seat]
        own = self.cyborg_cards(tx, p)
        if own and source in tx.cards and source not in own:
            tx.emit("ChoiceRequired", seat=seat, reason=CHOICE, source=source, options=sorted({own[0], source}))
            return
        super().on_death(tx, seat, source)

    def _do_star_choose_card(self, tx: _Tx, seat: int, a: A.ChooseCard) -> None:
        ch = tx.state.choice
        if ch is None or ch.seat != seat or ch.reason != CHOICE:
            Munchkin.action_handlers["choose_card"](self, tx, seat, a)
            return
        if a.card not in ch.options:
            raise reject("munchkin.choice.not-an-option", options=", ".join(ch.options))
        tx.emit("ChoiceMade", seat=seat, card=a.card)
        if a.card == ch.source:
            super().on_death(tx, seat, ch.source)
            return
        tx.emit("DeathAverted", seat=seat, source=ch.source, by=a.card)
        self.change_level(tx, seat, -CYBORG_LEVELS_INSTEAD_OF_DEATH, ch.source)
