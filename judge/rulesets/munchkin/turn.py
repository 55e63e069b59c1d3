"""The turn and its phases (000 SPIELABLAUF): kicking open the door, looking
for trouble, looting the room, and the next player's turn.

A mixin of the Munchkin ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.rules.ruling import Malformed, reject
from judge.common.i18n import N_
from judge.rulesets.munchkin.sentences import said_in_munchkin as _said
from judge.rulesets.munchkin.sentences import not_of_deck
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.variants import loot_room_deck, turn_start_draws

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.state import MunchkinState
    from judge.rulesets.munchkin.tx import _Tx

#: 000 "Tod": "ziehst du wie zu Spielbeginn verdeckt 4 Türkarten und 4 Schatzkarten".
NEW_HAND = {"door": 4, "treasure": 4}


class TurnRules:
    """Turn and phase rules, mixed into the Munchkin ruleset."""

    def _do_kick_door(self: MunchkinHost, tx: _Tx, seat: int, a: A.KickDoor) -> None:
        s = tx.state
        self.require_turn(s, seat)
        if s.combat is not None:
            raise reject("munchkin.combat.in-progress")
        if s.phase != "start":
            raise reject("munchkin.turn.door-already-kicked")
        if self.dealt(tx):
            self.require_reported(tx, "kick_door.card", a.card)
            drawn = self.draw(tx, "door", 1)
            if not drawn:
                self.kick_empty_door(tx, seat)
                return
            a = A.KickDoor(card=drawn[0])
        card = self.card(tx, a.card, "kick_door.card")
        if card.deck != "door":
            raise Malformed("kick_door.card", not_of_deck(card.id, "door"))
        tx.emit("DoorKicked", seat=seat, card=card.id, kind=card.kind)
        self.on_door(tx, seat, card)

    def kick_empty_door(self: MunchkinHost, tx: _Tx, seat: int) -> None:
        """A dealt table whose door pile and discards are both empty: 000 SPIELVORBEREITUNGEN "Ist ein Stapel
        leer, und es gibt keine abgelegten Karten, dann kann niemand diese Art von Karten ziehen." The kick
        turns up no card, and the turn goes on to phase 2 as after a door with no monster (docs/rules.md,
        decisions: "A door with no card left to draw")."""
        tx.emit("DoorDeckEmpty", seat=seat)
        tx.emit("PhaseChanged", phase="after-door")

    def _do_look_for_trouble(self: MunchkinHost, tx: _Tx, seat: int, a: A.LookForTrouble) -> None:
        s = tx.state
        self.require_turn(s, seat)
        if s.combat is not None:
            raise reject("munchkin.combat.in-progress")
        if s.phase != "after-door" or s.met_monster:
            raise reject("munchkin.trouble.only-phase-2" if s.phase != "start" else "munchkin.turn.kick-door-first")
        card = self.card(tx, a.card, "look_for_trouble.card")
        if card.kind != "monster":
            raise Malformed("look_for_trouble.card", _said(N_("{card} is not a monster"), card=card.id))
        self.take_from_hand(tx, seat, card.id)
        tx.emit("CombatStarted", fighter=seat, card=card.id)

    def _do_loot_room(self: MunchkinHost, tx: _Tx, seat: int, a: A.LootRoom) -> None:
        s = tx.state
        self.require_turn(s, seat)
        if s.combat is not None:
            raise reject("munchkin.combat.in-progress")
        if s.phase == "start":
            raise reject("munchkin.turn.kick-door-first")
        if s.phase != "after-door" or s.met_monster:
            raise reject("munchkin.loot.only-phase-3")
        self.draw_face_down(tx, seat, loot_room_deck(self, tx), 1)  # a variant may name another deck
        tx.emit("PhaseChanged", phase="charity")

    def _do_deal(self: MunchkinHost, tx: _Tx, seat: int | None, a: A.Deal) -> None:
        """The opening deal of a dealt table (it also happens by itself before
        the first other action); at a reported table, sent by the seat whose
        character died, the new hand it draws as its turn starts (000 "Tod":
        "Erst zu Beginn deines nächsten Zuges ziehst du wie zu Spielbeginn
        verdeckt 4 Türkarten und 4 Schatzkarten"), unknown cards as at the start."""
        if seat is not None and self.owes_new_hand(tx.state, seat):
            tx.emit("NewHandDrawn", seat=seat, door=NEW_HAND["door"], treasure=NEW_HAND["treasure"])
            return
        if not self.dealt(tx):
            raise reject("munchkin.deal.reported-table")
        if not any(e["type"] == "DealStarted" for e in tx.effects):
            raise reject("munchkin.deal.done")

    def next_turn(self: MunchkinHost, tx: _Tx) -> None:
        """A hook: the turn ends and the next seat's begins (000 "Phase 4: Milde Gabe": "Jetzt endet dein
        Zug, und der nächste Spieler ist an der Reihe"). A layer ends what lasts for a turn (Star's room,
        Babys' lingering bad stuff); the base game ends the lasting curses that last this turn only."""
        s = tx.state
        self.end_turn_curses(tx)
        tx.emit("TurnEnded", seat=s.active)
        nxt = (s.active + 1) % len(s.players)
        new_hand = s.players[nxt].needs_hand
        if new_hand and not self.dealt(tx):
            # A reported table: the judge waits for the seat to say it drew its new hand (``deal``).
            tx.emit("TurnStarted", seat=nxt, turn=s.turn + 1, new_hand=new_hand, dealt=False, hand_waits=True)
        else:
            tx.emit("TurnStarted", seat=nxt, turn=s.turn + 1, new_hand=new_hand, dealt=self.dealt(tx))
        if new_hand and self.dealt(tx):
            # 000 Tod: "Erst zu Beginn deines nächsten Zuges ziehst du ... 4 Türkarten und 4 Schatzkarten"
            self.deal_hidden(tx, nxt, "door", 4)
            self.deal_hidden(tx, nxt, "treasure", 4)
        self.turn_start_draw(tx, nxt)

    @staticmethod
    def owes_new_hand(s: MunchkinState, seat: int) -> bool:
        """Does ``seat`` owe the new hand of a character that died before its turn began (a reported
        table: nothing else of its turn goes first; 000 "Tod")?"""
        return (s.mode != "dealt" and seat == s.active and s.phase == "start" and s.combat is None
                and s.corpse is None and s.players[seat].needs_hand)

    def turn_start_draw(self: MunchkinHost, tx: _Tx, seat: int) -> None:
        """The face-down cards the active variants have ``seat`` draw as its turn starts
        (listen at the door, 000 SCHNELLERES SPIEL: "Zu Beginn deines Zuges ziehst du verdeckt eine Türkarte")."""
        for deck, n in turn_start_draws(self, tx).items():
            self.draw_face_down(tx, seat, deck, n)

    def draw_face_down(self: MunchkinHost, tx: _Tx, seat: int, deck: str, n: int) -> None:
        """``seat`` draws ``n`` cards of ``deck`` face down: dealt by the judge, or unknown on a reported table."""
        if self.dealt(tx):
            self.deal_hidden(tx, seat, deck, n)
        else:
            tx.emit("CardsDrawn", seat=seat, deck=deck, cards=[], unknown=n)
