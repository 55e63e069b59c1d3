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
- A room "mit eigenen Monstern" (a room card with a ``level``: its level,
  treasures, levels and bad stuff are its monster's) is handled first and its
  monster is fought: entered on the kick it starts a combat; played from the
  hand onto a player fighting the monster kicked open, "werden alle Monster,
  die der Spieler aufgedeckt hat, als er die Tür eintrat, dazu gerechnet. Er
  bekämpft sie zusammen!": its monster joins that combat. The room card stays
  in play when the combat ends (``stays_in_play``).
- At the end of the turn the room is discarded.

A layer of the Star ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.common.i18n import N_
from judge.rules.analysis import Term
from judge.rules.engine import Action
from judge.rules.ruling import Malformed, reject
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.ruleset import Munchkin
from judge.rulesets.munchkin.state import MunchkinState
from judge.rulesets.star.enhancers import EnhancerRules
from judge.rulesets.star.narration import said_in_star as _said
from judge.rulesets.star.schema import monster_bonus, player_bonus
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

    def monster_terms(self, tx: _Tx, index: int) -> list[Term]:
        """004 "Räume": "Wenn du auf Ärger aus bist, richten sich alle Monster, die du findest, nach den
        Regeln auf der Raumkarte": a room's ``monster_bonus`` counts for every monster its player fights
        while the room lies in front of them (the monsters looked for, and those fought in it)."""
        terms = super().monster_terms(tx, index)
        c = tx.state.combat
        room = self.room_in_play(tx)
        if c is not None and room is not None and c.fighter == tx.state.active and monster_bonus(tx.cards[room]):
            terms.append(Term("room", monster_bonus(tx.cards[room]), "star.room.monster-rules", room,
                              f"monster:{index}"))
        return terms

    def power_terms(self, tx: _Tx, seat: int) -> list[Term]:
        """004 "Räume": "Befolge die Anweisungen auf der Raumkarte. Die Auswirkungen eines Raumes treten sofort
        ein und halten nur für die Dauer des Zuges an": a room's ``player_bonus`` changes the strength of the
        player in it (the player whose turn it is) while it lies there, this turn."""
        terms = super().power_terms(tx, seat)
        room = self.room_in_play(tx)
        if room is not None and seat == tx.state.active and player_bonus(tx.cards[room]):
            terms.append(Term("room", player_bonus(tx.cards[room]), "star.room.player-rules", room, f"seat:{seat}"))
        return terms

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
            if self.room_has_monster(card):
                self._room_monster(tx, seat, card)
                return
        if not tx.state.finished:
            tx.emit("PhaseChanged", phase="after-door")

    @staticmethod
    def room_has_monster(card: Card) -> bool:
        """A room that "mit eigenen Monstern aufwartet": its card prints a monster's level."""
        return card.kind == "room" and card.level > 0

    def _room_monster(self, tx: _Tx, kicker: int, card: Card) -> None:
        """The room's monster is fought by the room's player: alone, or together with the monsters of
        the combat going on ("Er bekämpft sie zusammen!")."""
        c = tx.state.combat
        if c is None:
            tx.emit("CombatStarted", fighter=kicker, card=card.id)
            return
        self.require_fighting(c)
        self.withdraw_claim(tx)
        tx.emit("MonsterAdded", seat=kicker, card=card.id, via="room")

    def stays_in_play(self, tx: _Tx, card_id: str) -> bool:
        """The room's own monster: the room lies in play until the turn ends."""
        return card_id == self.room_in_play(tx) or super().stays_in_play(tx, card_id)

    def _play_room(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        s = tx.state
        kicker = s.active
        if a.target_seat is not None and a.target_seat != kicker:
            raise reject("star.room.right-after-kick")
        if self.room_in_play(tx) is not None:
            raise reject("star.room.one-per-turn")
        if not (isinstance(s, StarState) and s.room_window):
            raise reject("star.room.right-after-kick")
        if self.room_has_monster(card) and s.combat is not None:
            self.require_fighting(s.combat)
        self.take_played_card(tx, seat, card, a)
        tx.emit("RoomWindow", open=False)
        tx.emit("CardPutInPlay", seat=kicker, card=card.id, place="table", in_use=False)
        if self.room_has_monster(card):
            self._room_monster(tx, kicker, card)

    def check_timing(self, tx: _Tx, seat: int, card: Card) -> None:
        """004's room rules replace the timing row for rooms; a wandering monster may open a fight in a room."""
        if card.kind == "room":
            return
        if card.kind == "wandering_monster" and tx.state.combat is None and self.room_in_play(tx) is not None:
            return
        super().check_timing(tx, seat, card)

    def _play_star_wandering_monster(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        s = tx.state
        if s.combat is not None or self.room_in_play(tx) is None:
            Munchkin.play_handlers["wandering_monster"](self, tx, seat, card, a)
            return
        if not a.with_card:
            raise Malformed("play_card.with_card", _said(N_("a Wandering Monster brings a monster from your hand")))
        monster = self.card(tx, a.with_card, "play_card.with_card")
        if monster.kind != "monster":
            raise Malformed("play_card.with_card", _said(N_("{card} is not a monster"), card=monster.id))
        if s.phase not in ("start", "after-door") or s.met_monster:
            raise reject("star.room.wandering-monster")
        self.take_from_hand(tx, seat, card.id, monster.id)
        tx.emit("CombatStarted", fighter=s.active, card=monster.id)
        tx.emit("CardDiscarded", card=card.id, deck=card.deck)

    def _do_room_look_for_trouble(self, tx: _Tx, seat: int, a: A.LookForTrouble) -> None:
        """"darfst du anschließend ganz normal auf Ärger aus sein (Phase 2) ..., es sei denn, die Raumkarte
        sagt anderes": a room card with ``no_trouble`` forbids phase 2."""
        self._room_allows(tx, seat, "no_trouble")
        Munchkin.action_handlers["look_for_trouble"](self, tx, seat, a)

    def _do_room_loot_room(self, tx: _Tx, seat: int, a: A.LootRoom) -> None:
        """"... und/oder den Raum plündern (Phase 3), es sei denn, die Raumkarte sagt anderes": a room card
        with ``no_looting`` forbids phase 3."""
        self._room_allows(tx, seat, "no_looting")
        Munchkin.action_handlers["loot_room"](self, tx, seat, a)

    def _room_allows(self, tx: _Tx, seat: int, forbids: str) -> None:
        room = self.room_in_play(tx)
        if (room is not None and seat == tx.state.active and tx.state.combat is None
                and tx.cards[room].get(forbids)):
            raise reject("star.room.says-otherwise", room=room)

    def next_turn(self, tx: _Tx) -> None:
        """"nur für die Dauer des Zuges": the room is discarded when the turn ends."""
        room = self.room_in_play(tx)
        if room is not None:
            self.remove_from_play(tx, tx.state.active, room)
        super().next_turn(tx)

    def decide_action(self, tx: _Tx, seat: int | None, action: Action) -> None:
        """The room window stays open only until the next command after the kick."""
        was_open = isinstance(tx.state, StarState) and tx.state.room_window
        super().decide_action(tx, seat, action)
        still = isinstance(tx.state, StarState) and tx.state.room_window
        if was_open and still:
            tx.emit("RoomWindow", open=False)
        if isinstance(action, (A.KickDoor, A.KickTwoDoors)) and tx.effects:
            kicked = [e for e in tx.effects if e["type"] == "DoorKicked"]  # two with the Epic kick
            if kicked and all(e["kind"] != "room" for e in kicked) and not tx.state.finished:
                tx.emit("RoomWindow", open=True)
