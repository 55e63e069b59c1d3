"""Death and looting the corpse (000 "Tod"): beginning with the highest level,
each other munchkin takes one card of the dead character; players of the same
level roll for the order; the rest is discarded.

The order is settled from the top: the highest-level looters pick while lower
players of equal level are still rolling among themselves, and the tied
players of any level may roll at any time during the looting.

Who loots: "Jeder noch lebende Spieler" (001 4. b). A character that died is
back at once ("Dein neuer Charakter nimmt sofort wieder am Spiel teil", 000
"Tod"), so "lebend" means every character except those whose death is being
resolved: the dead of the combat that just ended (or of the same event) until
their looting is over. The same reading holds for charity (001 6.: "an den
oder die lebenden Spieler mit der niedrigsten Stufe").

A mixin of the Munchkin ruleset.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from judge.rules.ruling import reject
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.variants import active_variants

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.state import MunchkinState
    from judge.rulesets.munchkin.tx import _Tx


class LootingRules:
    """Looting rules, mixed into the Munchkin ruleset."""

    @staticmethod
    def living(state: MunchkinState) -> list[int]:
        """The "lebenden" characters (001 4. b and 6.): all but those whose death is being resolved."""
        dying = set(state.dying) | (set(state.combat.dead) if state.combat is not None else set())
        return [i for i in range(len(state.players)) if i not in dying]

    def looting_order(self: MunchkinHost, tx: _Tx, dead: int) -> list[list[int]]:
        """Groups of seats by level, highest first; a group of several must roll."""
        s = tx.state
        others = [i for i in self.living(s) if i != dead]
        levels = sorted({s.players[i].level for i in others}, reverse=True)
        groups = [[i for i in others if s.players[i].level == lv] for lv in levels]
        return self.order_looters(tx, dead, groups)

    def order_looters(self: MunchkinHost, tx: _Tx, dead: int, groups: list[list[int]]) -> list[list[int]]:
        """Hook for variants (two players: the alter ego loots last)."""
        for variant in active_variants(self, tx):
            groups = variant.order_looters(self, tx, dead, groups)
        return groups

    def start_looting(self: MunchkinHost, tx: _Tx, dead: list[int], then: str) -> None:
        tx.emit("LootingQueued", seats=list(dead), then=then)
        self._next_corpse(tx)

    def _next_corpse(self: MunchkinHost, tx: _Tx) -> None:
        s = tx.state
        while s.looting_queue and s.corpse is None:
            seat = s.looting_queue[0]
            pile = s.corpse_piles.get(str(seat), {"cards": [], "unknown": 0})
            if not pile["cards"] and not pile["unknown"]:
                # "Hat deine Leiche schon vorher keine Karten mehr – Pech gehabt"
                tx.emit("CorpseEmpty", seat=seat)
                continue
            groups = self.looting_order(tx, seat)
            tx.emit("CorpseLaidOut", seat=seat, groups=groups)
            self._advance_rolloff(tx)
        if not s.looting_queue and s.corpse is None and s.after_looting:
            then = s.after_looting
            tx.emit("LootingFinished")
            if then == "next-turn":
                self.next_turn(tx)

    def _advance_rolloff(self: MunchkinHost, tx: _Tx) -> None:
        """Resolve finished roll-offs into the picking order."""
        corpse = tx.state.corpse
        assert corpse is not None
        while corpse["groups"]:
            group = corpse["groups"][0]
            if len(group) == 1:
                tx.emit("LooterQueued", seats=group)
                continue
            rolls = corpse["rolls"]
            if not all(str(i) in rolls for i in group):
                break  # waiting for dice; the looters already in order pick meanwhile
            by_value: dict[int, list[int]] = {}
            for i in group:
                by_value.setdefault(rolls[str(i)], []).append(i)
            ordered = [by_value[v] for v in sorted(by_value, reverse=True)]
            tx.emit("RollOffDecided", groups=ordered)
        self._maybe_close_corpse(tx)

    def _maybe_close_corpse(self: MunchkinHost, tx: _Tx) -> None:
        corpse = tx.state.corpse
        if corpse is None:
            return
        remaining = corpse["cards"] + ["?"] * corpse["unknown"]
        everyone_picked = not corpse["groups"] and corpse["picked"] >= len(corpse["order"])
        if everyone_picked or not remaining:
            # "Nachdem jeder eine Karte erhalten hat, wird der Rest abgelegt."
            door = [c for c in corpse["cards"] if tx.cards[c].deck == "door"]
            treasure = [c for c in corpse["cards"] if tx.cards[c].deck != "door"]
            tx.emit("CorpseDiscarded", seat=corpse["seat"], door=door, treasure=treasure, unknown=corpse["unknown"])
            self._next_corpse(tx)

    def _do_roll_die(self: MunchkinHost, tx: _Tx, seat: int, a: A.RollDie) -> None:
        corpse = tx.state.corpse
        if corpse is None or not any(seat in g and len(g) > 1 for g in corpse["groups"]):
            raise reject("munchkin.roll.not-asked")
        if str(seat) in corpse["rolls"]:
            raise reject("munchkin.roll.already")
        die = self.roll(tx, "roll_die.die", a.die)
        tx.emit("DieRolled", seat=seat, die=die, reason="looting-order")
        self._advance_rolloff(tx)

    def _do_loot_corpse(self: MunchkinHost, tx: _Tx, seat: int, a: A.LootCorpse) -> None:
        corpse = tx.state.corpse
        if corpse is None:
            raise reject("munchkin.loot.no-corpse")
        if corpse["picked"] >= len(corpse["order"]):
            raise reject("munchkin.loot.roll-first", seats=", ".join(map(str, corpse["groups"][0])))
        turn = corpse["order"][corpse["picked"]]
        if seat != turn:
            raise reject("munchkin.loot.not-your-pick", seat=turn)
        if not a.card:
            self._pass_empty_corpse(tx, seat)
            return
        card = self.card(tx, a.card, "loot_corpse.card")
        if card.id in corpse["cards"]:
            unknown = False
        elif corpse["unknown"] > 0:
            unknown = True
        else:
            raise reject("munchkin.choice.not-an-option", options=", ".join(sorted(set(corpse["cards"]))))
        tx.emit("CorpseLooted", seat=seat, dead=corpse["seat"], card=card.id, was_unknown=unknown)
        self._note_must_play(tx, seat, [card.id])
        self._maybe_close_corpse(tx)

    def _pass_empty_corpse(self: MunchkinHost, tx: _Tx, seat: int) -> None:
        """The looter whose pick it is finds nothing left: "Hat deine Leiche schon vorher keine Karten mehr –
        Pech gehabt, dann gehen einige Spieler leer aus" (000 "Tod"). At a reported table the judge counts the
        dead character's hand but does not see it; when no card it can name is left, the looter says the
        corpse is empty (``loot_corpse`` without a card): it and every looter after it go empty-handed and
        the loot ends. While a card the judge can name lies there, the looter takes one (docs/rules.md,
        decisions)."""
        corpse = tx.state.corpse
        assert corpse is not None
        if corpse["cards"]:
            raise reject("munchkin.loot.cards-left", cards=", ".join(sorted(set(corpse["cards"]))))
        tx.emit("LootPassed", seat=seat, dead=corpse["seat"])
        tx.emit("CorpseDiscarded", seat=corpse["seat"], door=[], treasure=[], unknown=corpse["unknown"])
        self._next_corpse(tx)

    def _die(self: MunchkinHost, tx: _Tx, seat: int, source: str) -> None:
        """A character dies: the ``on_death`` hook says what happens."""
        self.on_death(tx, seat, source)

    @staticmethod
    def cards_by_deck(tx: _Tx, cards: Iterable[str]) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {"door": [], "treasure": []}
        for cid in cards:
            out[tx.cards[cid].deck].append(cid)
        return out

    @staticmethod
    def _is_lasting(tx: _Tx, card_id: str) -> bool:
        curse = tx.cards[card_id].curse
        return curse is not None and curse.lasting
