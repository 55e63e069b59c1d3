"""Rooms of Star Munchkin (004 "Räume").

- A room turned up on the kick is entered: it lies in front of the kicker for
  the rest of the turn ("Die Auswirkungen eines Raumes treten sofort ein und
  halten nur für die Dauer des Zuges an"); what it does is its text. Phases 2
  and 3 follow as usual ("darfst du anschließend ganz normal auf Ärger aus sein
  (Phase 2) und/oder den Raum plündern (Phase 3)").
- A room from the hand is played on the player who has just kicked open a door
  that held no room, at once ("solange du sie sofort spielst, nachdem dieser
  Spieler eine Tür eingetreten und dabei keinen Raum gezogen hat"), also while
  the kicked monster is being fought (the room is handled first).
- One room a turn: "gilt der Raum, der zuerst auf dem Tisch lag, und der andere
  Raum geht auf die Hand des Spielers zurück, der ihn gespielt hat": a second
  room played is refused (it stays in the hand); a second room kicked open
  (after a portal) goes to the kicker's hand.
- "Ein Wanderndes Monster kann in einen Raum gespielt werden, als ob es ein ganz
  gewöhnlicher Kampf wäre, sogar dann, wenn in dem Raum gar kein anderes Monster
  ist": with a room in play and no combat, a wandering monster starts a combat
  of the room's player against the monster it brings.
- At the end of the turn the room is discarded.

A layer of the Star ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.rules.engine import Action
from judge.rules.ruling import Malformed, reject
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.state import MunchkinState
from judge.rulesets.star.enhancers import EnhancerRules
from judge.rulesets.star.state import StarState

if TYPE_CHECKING:
    from judge.cards import Card
    from judge.rulesets.munchkin.tx import _Tx


def room_window(s: MunchkinState, e: dict[str, Any]) -> None:
    """Opened by a kick that found no room, closed by the next command (RoomWindowClosed)."""
    if isinstance(s, StarState):
        s.room_window = e["open"]


class RoomRules(EnhancerRules):
    """Rooms, on the base game with Star's hirelings, gear and enhancers."""

    def room_in_play(self, tx: _Tx) -> str | None:
        """The room of this turn, if any (it lies in front of the player whose turn it is)."""
        p = tx.state.players[tx.state.active]
        return next((t for t in p.table if t in tx.cards and tx.cards[t].kind == "room"), None)

    def enter_room(self, tx: _Tx, seat: int, card: Card) -> None:
        """A room kicked open is entered, unless this turn already has one: then it goes to the hand."""
        if self.room_in_play(tx) is not None:
            tx.emit("CardsDrawn", seat=seat, deck=card.deck, cards=[card.id], unknown=0)
        else:
            tx.emit("CardPutInPlay", seat=seat, card=card.id, place="table", in_use=False)
        if not tx.state.finished:
            tx.emit("PhaseChanged", phase="after-door")

    def _play_room(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        s = tx.state
        kicker = s.active
        if a.target_seat is not None and a.target_seat != kicker:
            raise reject("star.room.right-after-kick")
        if self.room_in_play(tx) is not None:
            raise reject("star.room.one-per-turn")
        if not (isinstance(s, StarState) and s.room_window):
            raise reject("star.room.right-after-kick")
        self._leave(tx, seat, card, a)
        tx.emit("RoomWindow", open=False)
        tx.emit("CardPutInPlay", seat=kicker, card=card.id, place="table", in_use=False)

    def _check_timing(self, tx: _Tx, seat: int, card: Card) -> None:
        """004's room rules replace the timing row for rooms; a wandering monster may open a fight in a room."""
        if card.kind == "room":
            return
        if card.kind == "wandering_monster" and tx.state.combat is None and self.room_in_play(tx) is not None:
            return
        super()._check_timing(tx, seat, card)

    def _play_star_wandering_monster(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        s = tx.state
        if s.combat is not None or self.room_in_play(tx) is None:
            self._play_wandering_monster(tx, seat, card, a)
            return
        if not a.with_card:
            raise Malformed("play_card.with_card", "a Wandering Monster brings a monster from your hand")
        monster = self.card(tx, a.with_card, "play_card.with_card")
        if monster.kind != "monster":
            raise Malformed("play_card.with_card", f"{monster.id} is not a monster")
        if s.phase not in ("start", "after-door") or s.met_monster:
            raise reject("star.room.wandering-monster")
        self._take_from_hand(tx, seat, card.id, monster.id)
        tx.emit("CombatStarted", fighter=s.active, card=monster.id)
        tx.emit("CardDiscarded", card=card.id, deck=card.deck)

    def _next_turn(self, tx: _Tx) -> None:
        """"nur für die Dauer des Zuges": the room is discarded when the turn ends."""
        room = self.room_in_play(tx)
        if room is not None:
            self._remove_from_play(tx, tx.state.active, room)
        super()._next_turn(tx)

    def _decide(self, tx: _Tx, seat: int | None, action: Action) -> None:
        """The room window stays open only until the next command after the kick."""
        was_open = isinstance(tx.state, StarState) and tx.state.room_window
        super()._decide(tx, seat, action)
        still = isinstance(tx.state, StarState) and tx.state.room_window
        if was_open and still:
            tx.emit("RoomWindow", open=False)
        if isinstance(action, (A.KickDoor, A.KickTwoDoors)) and tx.effects:
            kicked = [e for e in tx.effects if e["type"] == "DoorKicked"]  # two with the Epic kick
            if kicked and all(e["kind"] != "room" for e in kicked) and not tx.state.finished:
                tx.emit("RoomWindow", open=True)
