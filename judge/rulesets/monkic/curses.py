"""The curses of monkic (002 Karten, Flüche), played from the owner's table
in the owner's turn. A played curse goes to its owner's graveyard; the
Dornenfalle is not played but activated, and stays. A mixin of the monkic
ruleset.
"""

from __future__ import annotations


from judge.rules.ruling import Malformed, reject
from judge.common.i18n import N_
from judge.rulesets.monkic.cards import said_in_monkic as _said
from judge.rulesets.monkic import actions as A
from judge.rulesets.monkic import cards as C
from judge.rulesets.monkic.base import Tx
from judge.rulesets.monkic.combat import PSYCHO_IMMUNE, CombatRules


# Curses that pick cards (targets) and curses that take jokers (sacrifice).
TARGETS = ("familie-vereint", "reborn", "psycho", "erdbeben")
SACRIFICE = ("blitz", "familie-vereint", "attack")


class CurseRules(CombatRules):
    """Playing curses, mixed into the monkic ruleset."""

    def _do_play_curse(self, tx: Tx, seat: int, a: A.PlayCurse) -> None:
        s = tx.state
        cid = self.card_of(tx, a.card, "play_curse.card")
        me = s.seats[seat]
        if self.kind_of(cid) != "curse" or a.card not in me.table:
            raise reject("monkic.curse.from-own-table", card=a.card)
        if cid == "dornenfalle":
            raise reject("monkic.trap.by-activation")
        if (a.targets and cid not in TARGETS) or (a.sacrifice and cid not in SACRIFICE):
            raise reject("monkic.curse.no-targets", card=cid)
        if a.sacrifice:
            self.own_jokers(tx, seat, a.sacrifice, "play_curse.sacrifice")
        for i, t in enumerate(a.targets):
            self.card_of(tx, t, f"play_curse.targets[{i}]")
        if len(set(a.targets)) != len(a.targets):
            raise Malformed("play_curse.targets", _said(N_("a card is named twice")))
        getattr(self, "_curse_" + cid.replace("-", "_"))(tx, seat, a)
        if a.card in tx.state.seats[seat].table:
            tx.emit("CardMoved", card=a.card, seat=seat, zone="graveyard")
        tx.emit("CursePlayed", seat=seat, card=a.card, curse=cid)

    def _sacrifice(self, tx: Tx, seat: int, a: A.PlayCurse) -> None:
        self.sacrifice(tx, seat, a.sacrifice)

    # ------------------------------------------------------------------ the curses

    def _curse_blitz(self, tx: Tx, seat: int, a: A.PlayCurse) -> None:
        if len(a.sacrifice) != 1:
            raise reject("monkic.curse.blitz-needs-joker")
        self._sacrifice(tx, seat, a)
        # One joker per protected card dies and the card stays (002 Jokers: "Beispiel: Blitz").
        for uid in list(tx.state.seats[1 - seat].hand):
            if not self.immune(tx, uid):
                self.destroy(tx, uid)

    def _curse_schutz(self, tx: Tx, seat: int, a: A.PlayCurse) -> None:
        self.bar(tx, 1 - seat, self.opponents_next_turn(tx, seat), "hand", "monkic.attack.schutz")

    def _curse_familie_vereint(self, tx: Tx, seat: int, a: A.PlayCurse) -> None:
        s = tx.state
        if sorted(s.cards[u] for u in a.sacrifice) != sorted(C.JOKERS):
            raise reject("monkic.curse.familie-needs-three")
        foe = s.seats[1 - seat]
        if len(a.targets) > 6:
            raise reject("monkic.curse.familie-six")
        for t in a.targets:
            if t not in foe.hand and t not in foe.table:
                raise reject("monkic.curse.familie-six")
            if self.immune(tx, t):
                raise reject("monkic.curse.superpower-immune", card=t)
        self.place_zone("joker", a.place, "play_curse.place")
        self._sacrifice(tx, seat, a)
        for t in a.targets:
            # "bei geschützten Karten lediglich den Schutz nehmen, die Karte selbst nicht"
            taken = s.guards.get(t, t)
            tx.emit("CardMoved", card=taken, seat=seat, zone=self.place_zone(s.cards[taken], a.place,
                                                                              "play_curse.place"))

    def _curse_attack(self, tx: Tx, seat: int, a: A.PlayCurse) -> None:
        if len(a.sacrifice) > 2:
            raise reject("monkic.curse.attack-jokers")
        # "Obwohl diese Karte angreifen kann": it attacks, so the bars on attacking apply.
        self.check_may_attack(tx, seat, False)
        self._sacrifice(tx, seat, a)
        if len(a.sacrifice) == 2:
            tx.emit("GameWon", seat=seat)
            return
        self.damage(tx, 1 - seat, 10 if a.sacrifice else 5, a.card)

    def _curse_reborn(self, tx: Tx, seat: int, a: A.PlayCurse) -> None:
        s = tx.state
        if len(a.targets) != 1 or a.targets[0] not in s.seats[seat].graveyard:
            raise reject("monkic.curse.reborn-own-graveyard")
        uid = a.targets[0]
        tx.emit("CardMoved", card=uid, seat=seat, zone=self.place_zone(s.cards[uid], a.place, "play_curse.place"))

    def _curse_heilung(self, tx: Tx, seat: int, a: A.PlayCurse) -> None:
        self.heal(tx, seat, 2, a.card)

    def _curse_black_hole(self, tx: Tx, seat: int, a: A.PlayCurse) -> None:
        s = tx.state
        for side in (seat, 1 - seat):
            for uid in list(s.seats[side].hand):
                if uid in s.seats[side].hand and not self.immune(tx, uid):
                    self.to_graveyard(tx, uid, side)

    def _curse_barriere(self, tx: Tx, seat: int, a: A.PlayCurse) -> None:
        # "eine Runde lang": this turn and the opponent's next one.
        for side in (seat, 1 - seat):
            for turn in (tx.state.turn, tx.state.turn + 1):
                self.bar(tx, side, turn, "all", "monkic.attack.barriere")

    def _curse_stehlen(self, tx: Tx, seat: int, a: A.PlayCurse) -> None:
        s = tx.state
        table = s.seats[1 - seat].table
        if table:
            left = table[0]
            if self.immune(tx, left):
                raise reject("monkic.curse.superpower-immune", card=left)
            tx.emit("CardMoved", card=left, seat=seat, zone="table")

    def _curse_psycho(self, tx: Tx, seat: int, a: A.PlayCurse) -> None:
        s = tx.state
        if len(a.targets) != 1 or a.targets[0] not in s.seats[1 - seat].hand:
            raise reject("monkic.curse.psycho-hand-card")
        uid = a.targets[0]
        if s.cards[uid] in PSYCHO_IMMUNE:
            raise reject("monkic.curse.psycho-immune", card=uid)
        if self.immune(tx, uid):
            raise reject("monkic.curse.superpower-immune", card=uid)
        tx.emit("CardMoved", card=uid, seat=seat, zone="hand")
        tx.emit("Borrowed", seat=seat, card=uid, owner=1 - seat)

    def _curse_erdbeben(self, tx: Tx, seat: int, a: A.PlayCurse) -> None:
        s = tx.state
        mine = [t for t in a.targets if t in s.seats[seat].hand]
        theirs = [t for t in a.targets if t in s.seats[1 - seat].hand]
        for t in theirs:
            if self.immune(tx, t):
                raise reject("monkic.curse.superpower-immune", card=t)
        if len(mine) + len(theirs) != len(a.targets) \
                or len(mine) != min(2, len(s.seats[seat].hand)) \
                or len(theirs) != min(2, len([u for u in s.seats[1 - seat].hand if not self.immune(tx, u)])):
            raise reject("monkic.curse.erdbeben-two-each")
        for t in mine + theirs:
            self.destroy(tx, t)

    # ------------------------------------------------------------------ Dornenfalle

    def _do_activate_trap(self, tx: Tx, seat: int, a: A.ActivateTrap) -> None:
        s = tx.state
        cid = self.card_of(tx, a.card, "activate_trap.card")
        if cid != "dornenfalle" or a.card not in s.seats[seat].table or a.card in s.traps:
            raise reject("monkic.trap.not-your-trap", card=a.card)
        tx.emit("TrapActivated", seat=seat, card=a.card)

    def _do_destroy_trap(self, tx: Tx, seat: int, a: A.DestroyTrap) -> None:
        s = tx.state
        cid = self.card_of(tx, a.card, "destroy_trap.card")
        if cid != "dornenfalle" or a.card not in s.seats[1 - seat].table:
            raise Malformed("destroy_trap.card", _said(N_("name a Dornenfalle on the opponent's table")))
        if len(a.sacrifice) != 2:
            raise reject("monkic.trap.two-jokers")
        self.own_jokers(tx, seat, a.sacrifice, "destroy_trap.sacrifice")
        self.sacrifice(tx, seat, a.sacrifice)
        tx.emit("CardMoved", card=a.card, seat=1 - seat, zone="graveyard")
