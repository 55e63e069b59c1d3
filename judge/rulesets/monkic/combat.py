"""Fights (002 Angriff und Verteidigung, Karten, Spezial Karten, Ende einer
Runde): attacking, the jokers' protection, the graveyard and what happens
when SuperPower and Elemente die. A mixin of the monkic ruleset; the
arithmetic is in ``fight.py``.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from judge.rules.ruling import Malformed, reject
from judge.common.i18n import N_
from judge.rulesets.monkic.cards import said_in_monkic as _said
from judge.rulesets.monkic import actions as A
from judge.rulesets.monkic import cards as C
from judge.rulesets.monkic import fight as F
from judge.rulesets.monkic.base import Base, Tx
from judge.rulesets.monkic.defence import DefenceDice


TWICE = ("hydra", "cerberus")  # "Können zweimal in einem Zug angreifen."
PSYCHO_IMMUNE = ("roboter", "golem", "skelett", "superpower")


class CombatRules(Base):
    """Attacks and their consequences, mixed into the monkic ruleset."""

    # ------------------------------------------------------------------ checks

    @staticmethod
    def immune(tx: Tx, uid: str) -> bool:
        """SuperPower, and a card SuperPower protects, are immune to curses."""
        s = tx.state
        return s.cards[uid] == "superpower" or (uid in s.guards and s.cards[s.guards[uid]] == "superpower")

    @staticmethod
    def opponents_next_turn(tx: Tx, seat: int) -> int:
        """The turn number of the next turn of ``seat``'s opponent."""
        s = tx.state
        return s.turn + 2 if s.active == 1 - seat else s.turn + 1

    def check_may_attack(self, tx: Tx, seat: int, target_hand: bool) -> None:
        """First round, Barriere, Spinne, Eis and Schutz (for hand cards)."""
        s = tx.state
        if s.round < 2:
            raise reject("monkic.attack.first-round")
        for b in s.bars:
            if b["seat"] == seat and b["turn"] == s.turn and (b["what"] == "all" or target_hand):
                raise reject(b["reason"], seat=1 - seat)

    def own_jokers(self, tx: Tx, seat: int, uids: tuple[str, ...], field: str) -> None:
        me = tx.state.seats[seat]
        if len(set(uids)) != len(uids):
            raise Malformed(field, _said(N_("a card is named twice")))
        for uid in uids:
            cid = self.card_of(tx, uid, field)
            if cid not in C.JOKERS or (uid not in me.hand and uid not in me.table):
                raise reject("monkic.sacrifice.not-a-joker", card=uid)

    def sacrifice(self, tx: Tx, seat: int, uids: tuple[str, ...]) -> None:
        """Sacrificed jokers go to their owner's graveyard. A sacrifice is no lost
        fight: a card laid under a sacrificed joker protected nothing and goes back
        to the hand (decision "a sacrificed joker's protection")."""
        s = tx.state
        for uid in uids:
            guard = s.guards.get(uid)
            if guard is not None:
                tx.emit("CardMoved", card=guard, seat=seat, zone="hand")
            tx.emit("CardMoved", card=uid, seat=seat, zone="graveyard")

    def bar(self, tx: Tx, seat: int, turn: int, what: str, reason: str) -> None:
        tx.emit("AttacksBarred", seat=seat, turn=turn, what=what, reason=reason)

    # ------------------------------------------------------------------ attack

    def _do_attack(self, tx: Tx, seat: int, a: A.Attack) -> None:
        s = tx.state
        me, foe = s.seats[seat], s.seats[1 - seat]
        cid = self.card_of(tx, a.card, "attack.card")
        if a.card not in me.hand:
            raise reject("monkic.attack.only-hand-cards", card=a.card)
        if self.kind_of(cid) == "joker":
            raise reject("monkic.attack.joker-cannot")
        if s.attacks.get(a.card, 0) >= (2 if cid in TWICE else 1):
            raise reject("monkic.attack.once-per-turn", card=a.card)
        if len(a.targets) > (3 if cid == "elemente" else 1) or len(set(a.targets)) != len(a.targets):
            raise reject("monkic.attack.one-target")
        for i, t in enumerate(a.targets):
            self.card_of(tx, t, f"attack.targets[{i}]")
            if t not in foe.hand:
                raise reject("monkic.attack.target-not-on-hand", card=t)
        if not a.targets and foe.hand and cid != "elemente":
            raise reject("monkic.attack.hand-cards-first")
        self.check_may_attack(tx, seat, bool(a.targets))
        for t in a.targets:
            if cid == "drache" and s.cards[t] == "hexe":
                raise reject("monkic.attack.hexe-not-by-drache")
            if cid == "superpower" and s.cards[t] == "superpower":
                raise reject("monkic.attack.superpower-vs-superpower")
        if a.sacrifice:
            if cid != "minotaurus":
                raise reject("monkic.sacrifice.only-minotaurus")
            if len(a.sacrifice) != 1 or not a.targets:
                raise Malformed("attack.sacrifice",
                                _said(N_("the Minotaurus sacrifices one joker when it attacks a card")))
            self.own_jokers(tx, seat, a.sacrifice, "attack.sacrifice")
        if a.extra:
            self.card_of(tx, a.extra, "attack.extra")
            if cid != "elemente" or a.extra not in foe.hand or a.extra in a.targets:
                raise Malformed("attack.extra",
                                _said(N_("only Elemente's Feuer destroys one more of the opponent's hand cards")))
        self.place_zone(cid, a.place, "attack.place")
        dealt = s.mode == "dealt"
        for name in ("trap", "defence_sacrifice"):
            if dealt and getattr(a, name):
                raise Malformed(f"attack.{name}",
                                _said(N_("at a dealt table the judge asks the defender before the fight")))
        self.check_defence(tx, seat, a, "attack")
        tx.emit("Attacked", seat=seat, card=a.card)
        self.sacrifice(tx, seat, a.sacrifice)
        if dealt and self._defender_chooses(tx, seat, a):
            # The defender's choices before the fight (decision "the Dornenfalle is the defender's
            # choice"): the judge asks, and fights when they are answered (``answer``, kind "defence").
            fields = {k: list(v) if isinstance(v, tuple) else v for k, v in a.to_dict().items() if k != "kind"}
            tx.emit("PendingAdded", item={"seat": 1 - seat, "kind": "defence", "card": a.card, "dice": 0,
                                          "place": False, "attack": fields})
            return
        self.fight(tx, seat, a)

    def check_defence(self, tx: Tx, seat: int, a: A.Attack, field: str) -> None:
        """The defender's choices against attack ``a``: ``trap`` an activated Dornenfalle of
        the defender unused this turn, against a card not immune to curses;
        ``defence_sacrifice`` one joker of the defender per attacked Minotaurus."""
        s = tx.state
        foe = s.seats[1 - seat]
        trap_field, sacrifice_field = (("attack.trap", "attack.defence_sacrifice") if field == "attack"
                                       else ("resolve.trap", "resolve.sacrifice"))
        sacrifice = a.defence_sacrifice
        if a.trap:
            cid = self.card_of(tx, a.trap, trap_field)
            if cid != "dornenfalle" or a.trap not in foe.table or a.trap not in s.traps or a.trap in s.trap_turn:
                raise reject("monkic.trap.not-active", card=a.trap)
            if self.immune(tx, a.card):
                raise reject("monkic.curse.superpower-immune", card=a.card)
        if len(set(sacrifice)) != len(sacrifice):
            raise Malformed(sacrifice_field, _said(N_("a card is named twice")))
        minotauren = [t for t in a.targets if s.cards[t] == "minotaurus"]
        for i, uid in enumerate(sacrifice):
            cid = self.card_of(tx, uid, f"{sacrifice_field}[{i}]")
            if (i >= len(minotauren) or cid not in C.JOKERS or uid in a.targets
                    or (uid not in foe.hand and uid not in foe.table)):
                raise reject("monkic.sacrifice.defending-minotaurus", card=uid)

    def _defender_chooses(self, tx: Tx, seat: int, a: A.Attack) -> bool:
        """Whether the defender has a choice before this fight: an activated Dornenfalle
        unused this turn (against a card not immune to curses), or a joker for an
        attacked Minotaurus."""
        s = tx.state
        foe = s.seats[1 - seat]
        if any(u in s.traps and u not in s.trap_turn for u in foe.table) and not self.immune(tx, a.card):
            return True
        return any(s.cards[t] == "minotaurus" for t in a.targets) and any(
            s.cards[u] in C.JOKERS and u not in a.targets for u in foe.hand + foe.table)

    def named(self, tx: Tx, uid: str) -> str:
        """A card in play as a person reads it: "Golem (c4)"."""
        return f"{C.catalogue()[tx.state.cards[uid]].name} ({uid})"

    def fight(self, tx: Tx, seat: int, a: A.Attack) -> None:
        """The attack ``a``, announced and checked: the Dornenfalle if the defender uses
        it, then each fight (or the hit on the life points)."""
        s = tx.state
        foe = s.seats[1 - seat]
        cid = s.cards[a.card]
        dice = self.roll(tx, "attack.dice", a.dice, F.attack_dice(cid))
        joker = self._joker_guarded(tx, a.card)
        vals = self.values(tx)
        attacker = self._side(tx, a.card, joker, dice, vals)
        element = F.element(attacker)
        if s.mode == "dealt" and a.defence_dice:
            raise Malformed("attack.defence_dice", _said(N_("at a dealt table the judge rolls: leave the dice empty")))
        defence = DefenceDice(a.defence_dice, s.mode == "dealt",
                              lambda reported, n: self.roll(tx, "attack.defence_dice", reported, n))
        if a.trap and self._trap(tx, seat, a, defence):
            defence.done()
            return
        targets = list(a.targets)
        if element and element != "blitz":
            targets = targets[:1]
            if len(a.targets) > 1:
                defence.stop("one-element", element=element.capitalize())
        if not targets:
            if element and element != "blitz" and foe.hand:
                tx.emit("FightResolved", attacker=a.card, defender="", attack="0", shield="0",
                        winner="none", reason="elemente-no-target")
                defence.stop("no-fight")
            else:
                self._hit_life(tx, seat, a, attacker, element)
            defence.done()
            return
        minotauren = [t for t in a.targets if s.cards[t] == "minotaurus"]
        for i, t in enumerate(targets):
            if a.card not in s.seats[seat].hand:
                # The attacker died in an earlier fight: the rest are not fought.
                defence.stop("attacker-died", card=self.named(tx, a.card), target=self.named(tx, targets[i - 1]),
                             rest=", ".join(self.named(tx, r) for r in targets[i:]))
                break
            if t not in foe.hand:
                continue
            rest = [r for r in targets[i + 1:] if r in foe.hand]
            then = ("then", {"card": self.named(tx, a.card), "rest": ", ".join(self.named(tx, r) for r in rest)}) \
                if rest else None
            ddice = defence.take(F.defence_dice(s.cards[t]), "fight", then=then, card=self.named(tx, t))
            k = minotauren.index(t) if t in minotauren else len(a.defence_sacrifice)
            if k < len(a.defence_sacrifice):
                self.sacrifice(tx, 1 - seat, (a.defence_sacrifice[k],))
            defender = self._side(tx, t, self._joker_guarded(tx, t), ddice, vals)
            result = F.resolve(attacker, defender, minotaurus=bool(a.sacrifice),
                               defence_minotaurus=k < len(a.defence_sacrifice))
            self._apply_result(tx, seat, a, t, result)
        defence.done()

    def _hit_life(self, tx: Tx, seat: int, a: A.Attack, attacker: F.Side, element: str) -> None:
        """An attack on the life points: the card's own rules decide whether it hits
        (decision "card rules on a life-point attack")."""
        r = F.resolve_life(attacker)
        tx.emit("FightResolved", attacker=a.card, defender="", attack=str(r.attack), shield="0",
                winner=r.winner, reason=r.reason)
        if r.winner == "attacker":
            self.damage(tx, 1 - seat, math.floor(r.attack), a.card)
        elif r.both_destroyed or r.winner == "defender":
            # "hast du verloren" (Zyklop, Gorilla, Pings), the Ninja destroyed: no damage, the card is lost.
            self.lose(tx, a.card)

    def _trap(self, tx: Tx, seat: int, a: A.Attack, defence: DefenceDice) -> bool:
        """The defender's Dornenfalle ``a.trap``, chosen for this attack: two dice, a five
        beats the attacking card. True if the attacker lost to it."""
        tx.emit("TrapUsed", seat=1 - seat, card=a.trap)
        dice = defence.take(2, "trap", trap=self.named(tx, a.trap))
        if 5 not in dice:
            return False
        tx.emit("FightResolved", attacker=a.card, defender=a.trap, attack="0", shield="0",
                winner="defender", reason="dornenfalle")
        defence.stop("trap-five", card=self.named(tx, a.card))
        self.lose(tx, a.card)
        return True

    def _joker_guarded(self, tx: Tx, uid: str) -> bool:
        g = tx.state.guards.get(uid)
        return g is not None and tx.state.cards[g] in C.JOKERS

    def _side(self, tx: Tx, uid: str, joker: bool, dice: tuple[int, ...],
              vals: dict[str, C.Values]) -> F.Side:
        cid = tx.state.cards[uid]
        v = vals.get(cid)
        if v is None:
            return F.Side(cid, None, None, dice=dice)
        return F.Side(cid, v.attack, v.shield, v.attack_joker, v.shield_joker, joker, dice)

    def _apply_result(self, tx: Tx, seat: int, a: A.Attack, target: str, r: F.Result) -> None:
        s = tx.state
        tx.emit("FightResolved", attacker=a.card, defender=target, attack=str(r.attack), shield=str(r.shield),
                winner=r.winner, reason=r.reason)
        acid, tcid = s.cards[a.card], s.cards[target]
        # Immunity to curses (Reaper, Vampir) is that of the fight: a card SuperPower protects
        # stays immune when SuperPower dies in its place (002 SuperPower).
        target_immune, attacker_immune = self.immune(tx, target), self.immune(tx, a.card)
        for side in r.spider:
            spider_seat = seat if side == "attacker" else 1 - seat
            self.bar(tx, 1 - spider_seat, self.opponents_next_turn(tx, spider_seat), "all", "monkic.attack.spinne")
        for side, el in r.elements.items():
            if el == "eis":
                el_seat = seat if side == "attacker" else 1 - seat
                self.bar(tx, 1 - el_seat, self.opponents_next_turn(tx, el_seat), "all", "monkic.attack.eis")
        if r.both_destroyed:
            self.lose(tx, target)
            self.lose(tx, a.card)
        elif r.swap:
            tx.emit("CardMoved", card=a.card, seat=1 - seat, zone="hand")
            tx.emit("CardMoved", card=target, seat=seat, zone="hand")
        elif r.winner == "attacker":
            taken = acid == "reaper" and not target_immune
            self.lose(tx, target, taker=seat if taken else None, place=a.place,
                      tornado=r.elements.get("defender") == "tornado")
            if acid == "vampir" and not target_immune:
                self.vampir(tx, seat, a.card, a.place)
            if r.elements.get("attacker") == "feuer" and a.extra and a.extra in s.seats[1 - seat].hand:
                self.lose(tx, a.extra)
        elif r.winner == "defender":
            taken = tcid == "reaper" and not attacker_immune
            self.lose(tx, a.card, taker=1 - seat if taken else None, place="hand",
                      tornado=r.elements.get("attacker") == "tornado")
            if taken and s.zone_of(a.card) == (1 - seat, "hand"):
                # The defending Reaper's owner chooses hand or table for the card it won.
                self.ask(tx, {"seat": 1 - seat, "kind": "reaper", "card": a.card, "dice": 0, "place": True})
            if tcid == "vampir" and not attacker_immune:
                self.vampir(tx, 1 - seat, target, "hand")
            if r.elements.get("defender") == "erde":
                self.erde(tx, seat)

    # ------------------------------------------------------------------ losing and dying

    def lose(self, tx: Tx, uid: str, *, taker: int | None = None, place: str = "hand",
             tornado: bool = False) -> None:
        """A card loses: its protection dies instead, or it goes to the graveyard
        of the seat that holds it (or to a Reaper's owner)."""
        s = tx.state
        holder, _ = s.zone_of(uid)
        if tornado:
            return  # Elemente's Tornado: "Wenn du verlierst, bist du nicht tot"
        guard = s.guards.get(uid)
        if guard is not None:
            if guard in s.keeps_guard:
                # SuperPower chose to survive: the protected card dies, SuperPower stays in the hand.
                tx.emit("CardMoved", card=guard, seat=holder, zone="hand")
            else:
                self.to_graveyard(tx, guard, holder)
                return
        if taker is not None:
            tx.emit("CardMoved", card=uid, seat=taker, zone=self.place_zone(s.cards[uid], place, "attack.place"))
            return
        self.to_graveyard(tx, uid, holder)

    def destroy(self, tx: Tx, uid: str) -> None:
        """A card is destroyed ("vernichtet"): as losing; a joker under it dies instead."""
        self.lose(tx, uid)

    def to_graveyard(self, tx: Tx, uid: str, seat: int) -> None:
        s = tx.state
        guard = s.guards.get(uid)
        if guard is not None:
            self.to_graveyard(tx, guard, seat)
        tx.emit("CardMoved", card=uid, seat=seat, zone="graveyard")
        cid = s.cards[uid]
        if cid == "superpower":
            self.ask(tx, {"seat": seat, "kind": "last-trick", "card": uid, "dice": 1, "place": False})
        elif cid == "elemente":
            self.ask(tx, {"seat": seat, "kind": "revival", "card": uid, "dice": 6, "place": True})

    def damage(self, tx: Tx, seat: int, points: int, source: str) -> None:
        life = tx.state.seats[seat].life - max(points, 0)
        tx.emit("LifeChanged", seat=seat, life=life, delta=-max(points, 0), source=source)
        if life <= 0 and tx.state.phase != "over":
            tx.emit("GameWon", seat=1 - seat)

    def heal(self, tx: Tx, seat: int, points: int, source: str) -> None:
        life = tx.state.seats[seat].life + points
        tx.emit("LifeChanged", seat=seat, life=life, delta=points, source=source)

    def vampir(self, tx: Tx, seat: int, uid: str, place: str) -> None:
        """"Wenn du gewinnst, darfst du noch eine Karte ziehen" (hand or table)."""
        self.ask(tx, {"seat": seat, "kind": "vampir", "card": uid, "dice": 0, "place": True, "draw": True,
                      "preset_place": place})

    def erde(self, tx: Tx, attacker_seat: int) -> None:
        """Elemente's Erde won a defence: the attacker's rightmost curse (seen
        from the attacker), else its rightmost table card, is destroyed.
        The Dornenfalle is immortal and skipped."""
        s = tx.state
        table = [u for u in s.seats[attacker_seat].table if s.cards[u] != "dornenfalle"]
        curses = [u for u in table if self.kind_of(s.cards[u]) == "curse"]
        pick = curses[-1] if curses else table[-1] if table else None
        if pick is not None:
            self.to_graveyard(tx, pick, attacker_seat)

    # ------------------------------------------------------------------ waiting for an answer

    def ask(self, tx: Tx, item: dict[str, Any]) -> None:
        """Something a seat must answer. At a dealt table the judge rolls and
        draws at once; only a choice of place is left to ask."""
        s = tx.state
        if s.phase == "over":
            return
        if s.mode == "dealt":
            dice = self.roll(tx, "resolve.dice", (), item["dice"]) if item["dice"] else ()
            item = {**item, "dice": 0, "rolled": list(dice)}
            if item.get("draw"):
                item = {**item, "draw": False, "drawn": self._stack_card(tx, "", "resolve") is not None}
            if not self._needs_place(tx, item):
                self.answer(tx, item, A.Resolve(place=item.get("preset_place", "hand")))
                return
        tx.emit("PendingAdded", item=item)

    def _needs_place(self, tx: Tx, item: dict[str, Any]) -> bool:
        if not item["place"]:
            return False
        if item["kind"] == "revival":
            return sum(item.get("rolled", ())) >= F.REVIVAL
        if item["kind"] == "vampir":
            return bool(item.get("drawn"))
        return True

    def answer(self, tx: Tx, item: dict[str, Any], a: A.Resolve) -> None:
        s = tx.state
        seat = item["seat"]
        dice = tuple(item.get("rolled", ())) or self.roll(tx, "resolve.dice", a.dice, item["dice"])
        if s.mode == "dealt" and a.dice:
            raise Malformed("resolve.dice", _said(N_("at a dealt table the judge rolls: leave the dice empty")))
        if item["place"] and a.place not in ("hand", "table"):
            raise Malformed("resolve.place", _said(N_("hand or table")))
        kind = item["kind"]
        if kind != "defence" and (a.trap or a.sacrifice):
            raise Malformed("resolve.trap" if a.trap else "resolve.sacrifice",
                            _said(N_("only the defender asked before a fight names a Dornenfalle or a sacrifice")))
        if kind == "defence":
            # The defender's choices at a dealt table; then the fight (decision "the Dornenfalle
            # is the defender's choice").
            fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in item["attack"].items()}
            attack = A.Attack(**{**fields, "trap": a.trap, "defence_sacrifice": a.sacrifice})
            self.check_defence(tx, 1 - seat, attack, "resolve")
            self.fight(tx, 1 - seat, attack)
        elif kind == "last-trick":
            # SuperPower's last trick: "multipliziert die gewürfelte Augenzahl mit Health(2)"
            self.heal(tx, seat, dice[0] * F.HEALTH, item["card"])
        elif kind == "revival":
            if sum(dice) >= F.REVIVAL:
                tx.emit("CardMoved", card=item["card"], seat=seat, zone=a.place)
        elif kind == "vampir":
            uid = self.draw_into(tx, seat, a.place, a.card, "resolve.card")
            if uid is None and s.mode != "dealt":
                raise Malformed("resolve.card", _said(N_("name the card drawn")))
        elif kind == "graveyard-fight":
            self._graveyard_result(tx, dice)
        elif kind == "graveyard-win" or (kind == "reaper" and a.place == "table"):
            tx.emit("CardMoved", card=item["card"], seat=seat,
                    zone=self.place_zone(s.cards[item["card"]], a.place, "resolve.place"))

    # ------------------------------------------------------------------ end of a round

    def graveyard_fight(self, tx: Tx, seat: int) -> None:
        """002 Ende einer Runde: the top cards of both graveyards fight once,
        each with one die on its attack points."""
        s = tx.state
        tops = [p.graveyard[-1] if p.graveyard else None for p in s.seats]
        if None in tops or any(self._graveyard_points(tx, t or "", 1) is None for t in tops):
            return
        self.ask(tx, {"seat": seat, "kind": "graveyard-fight", "card": "", "dice": 2, "place": False})

    def _graveyard_points(self, tx: Tx, uid: str, die: int) -> Fraction | None:
        cid = tx.state.cards[uid]
        if cid == "superpower":
            return Fraction(F.POWER, die)
        if cid == "elemente":
            return Fraction(F.ELEMENTS[die][1])
        v = self.values(tx).get(cid)
        return None if v is None else Fraction(v.attack + die)

    def _graveyard_result(self, tx: Tx, dice: tuple[int, ...]) -> None:
        s = tx.state
        tops = [p.graveyard[-1] for p in s.seats]
        points = [self._graveyard_points(tx, tops[i], dice[i]) or Fraction(0) for i in (0, 1)]
        winner = 0 if points[0] > points[1] else 1 if points[1] > points[0] else None
        tx.emit("FightResolved", attacker=tops[0], defender=tops[1], attack=str(points[0]), shield=str(points[1]),
                winner="draw" if winner is None else "attacker" if winner == 0 else "defender",
                reason="graveyard")
        if winner is not None:
            self.ask(tx, {"seat": winner, "kind": "graveyard-win", "card": tops[winner], "dice": 0, "place": True})
