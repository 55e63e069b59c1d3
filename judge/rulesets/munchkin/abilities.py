"""Race and class abilities (000 "Rassen / Klassen"): most are triggered by
discarding cards, from the hand or from play, but never the class card itself
and never an empty hand. The catalogue names which race/class has which
ability (``abilities``); this module judges them.

A mixin of the Munchkin ruleset.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from judge.common.i18n import N_
from judge.rules.ruling import Malformed, reject
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.sentences import said_in_munchkin as _said

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.tx import _Tx

MAX_DISCARDS = 3  # berserk, turning, flight spell: "bis zu 3 Karten"
BACKSTAB = -2
TURNING = 3
STEAL_TARGET = 4


class AbilityRules:
    """Ability rules, mixed into the Munchkin ruleset."""

    def ability_source(self: MunchkinHost, tx: _Tx, seat: int, ability: str) -> str:
        """The race/class card in play that grants ``ability``, or reject."""
        p = tx.state.players[seat]
        for cid in p.races + p.classes:
            if cid in tx.cards and ability in tx.cards[cid].abilities:
                return cid
        raise reject("munchkin.ability.not-yours", ability=ability)

    def pay_for_ability(self: MunchkinHost, tx: _Tx, seat: int, a: A.UseAbility, source: str, *,
                        exactly: int | None = None, at_most: int | None = None, at_least: int = 1) -> int:
        """Check and emit the discards that pay for an ability; returns their number."""
        p = tx.state.players[seat]
        n = len(a.discard) + a.discard_unknown + len(a.discard_from_table)
        if a.discard_unknown < 0:
            raise Malformed("use_ability.discard_unknown", _said(N_("must not be negative")))
        if n < at_least or (exactly is not None and n != exactly) or (at_most is not None and n > at_most):
            want = exactly if exactly is not None else f"{at_least} to {at_most}" if at_most else f"at least {at_least}"
            raise reject("munchkin.ability.discard-count", ability=a.ability, want=want, got=n)
        if source in a.discard_from_table:
            # "Ebenso wenig darfst du die Klassenkarte selbst ablegen."
            raise reject("munchkin.ability.not-the-class-card", card=source)
        in_play = Counter(p.races + p.classes + [i.card for i in p.items] + p.table)
        for i, cid in enumerate(a.discard_from_table):
            card = self.card(tx, cid, f"use_ability.discard_from_table[{i}]")
            if in_play[cid] <= 0:
                raise reject("munchkin.table.card-not-in-play", card=cid)
            if card.curse is not None and card.curse.lasting:
                raise reject("munchkin.curse.lasting-stays")
            if card.may_not_discard:
                raise reject("munchkin.discard.class-kept", card=cid)
            in_play[cid] -= 1
        for i, cid in enumerate(a.discard):
            self.card(tx, cid, f"use_ability.discard[{i}]")
        if a.discard_unknown > p.unknown:
            raise reject("munchkin.ability.empty-hand")
        self.take_from_hand(tx, seat, *a.discard)
        if a.discard_unknown:
            tx.emit("CardsDiscardedFromHand", seat=seat, cards=[], unknown=a.discard_unknown)
        for cid in a.discard:
            tx.emit("CardDiscarded", card=cid, deck=tx.cards[cid].deck)
        for cid in a.discard_from_table:
            self.remove_from_play(tx, seat, cid)
        return n

    def _do_use_ability(self: MunchkinHost, tx: _Tx, seat: int, a: A.UseAbility) -> None:
        handler = self.ability_handlers.get(a.ability)
        if handler is None or not a.ability:
            raise Malformed("use_ability.ability", _said(N_("unknown ability '{ability}'"), ability=a.ability))
        source = self.ability_source(tx, seat, a.ability)
        handler(self, tx, seat, a, source)

    def _combat_use(self: MunchkinHost, tx: _Tx, key: str) -> int:
        c = tx.state.combat
        return 0 if c is None else c.used.get(key, 0)

    # ------------------------------------------------------------------ warrior

    def combat_bonus(self: MunchkinHost, tx: _Tx, seat: int, a: A.UseAbility, source: str, per_card: int) -> None:
        """Discard up to 3 cards (per combat) in a combat you fight in, ``per_card`` each."""
        c = self.require_combat(tx)
        self.require_fighting(c)
        if seat not in self.fighters(c):
            raise reject("munchkin.ability.fighters-only", ability=a.ability)
        key = f"{a.ability}:{seat}"
        left = MAX_DISCARDS - self._combat_use(tx, key)
        if left <= 0:
            raise reject("munchkin.ability.used-up", ability=a.ability)
        n = self.pay_for_ability(tx, seat, a, source, at_most=left)
        self.withdraw_claim(tx)
        tx.emit("AbilityUsed", seat=seat, ability=a.ability, key=key, count=n)
        tx.emit("PlayerBonusAdded", seat=seat, card=f"ability:{a.ability}", bonus=per_card * n)

    def _ability_berserk(self: MunchkinHost, tx: _Tx, seat: int, a: A.UseAbility, source: str) -> None:
        """Krieger: discard up to 3 cards in a combat you fight in, +1 each."""
        self.combat_bonus(tx, seat, a, source, 1)

    # ------------------------------------------------------------------ cleric

    def _ability_turning(self: MunchkinHost, tx: _Tx, seat: int, a: A.UseAbility, source: str) -> None:
        """Priester: discard up to 3 cards against undead, +3 each."""
        c = self.require_combat(tx)
        if not any(tx.cards[m.card].undead for m in c.monsters if not m.eliminated):
            raise reject("munchkin.ability.needs-undead")
        self.combat_bonus(tx, seat, a, source, TURNING)

    # ------------------------------------------------------------------ wizard

    def _ability_flight_spell(self: MunchkinHost, tx: _Tx, seat: int, a: A.UseAbility, source: str) -> None:
        """Zauberer: discard up to 3 cards while running away, +1 each to your rolls."""
        c = self.require_combat(tx)
        if c.stage != "running" or seat not in self.fighters(c):
            raise reject("munchkin.combat.not-running")
        key = f"flight-spell:{seat}"
        left = MAX_DISCARDS - self._combat_use(tx, key)
        if left <= 0:
            raise reject("munchkin.ability.used-up", ability=a.ability)
        n = self.pay_for_ability(tx, seat, a, source, at_most=left)
        tx.emit("AbilityUsed", seat=seat, ability=a.ability, key=key, count=n)
        tx.emit("RunBonusAdded", seat=seat, bonus=n)

    def _ability_charm_spell(self: MunchkinHost, tx: _Tx, seat: int, a: A.UseAbility, source: str) -> None:
        """Zauberer: discard your whole hand (at least 3 cards) to charm one monster:
        it leaves the combat, you get its treasure but no level."""
        c = self.require_combat(tx)
        self.require_fighting(c)
        if seat != c.fighter:
            raise reject("munchkin.combat.not-the-fighter", fighter=c.fighter)
        index = self._active_monster(tx, a.monster_index)
        p = tx.state.players[seat]
        if a.discard_from_table or len(a.discard) + a.discard_unknown != p.hand_size:
            raise reject("munchkin.ability.whole-hand", hand=p.hand_size)
        self.pay_for_ability(tx, seat, a, source, at_least=3)
        self.withdraw_claim(tx)
        tx.emit("AbilityUsed", seat=seat, ability=a.ability, key=f"charm-spell:{seat}", count=1)
        self.eliminate_monster(tx, index, treasure=True, by=a.ability)

    # ------------------------------------------------------------------ thief

    def _ability_backstab(self: MunchkinHost, tx: _Tx, seat: int, a: A.UseAbility, source: str) -> None:
        """Dieb: discard a card, a player in a combat gets -2; once per victim and combat."""
        c = self.require_combat(tx)
        self.require_fighting(c)
        if a.target_seat is None or a.target_seat not in self.fighters(c):
            raise reject("munchkin.ability.backstab-target")
        key = f"backstab:{seat}:{a.target_seat}"
        if self._combat_use(tx, key):
            raise reject("munchkin.ability.used-up", ability=a.ability)
        self.pay_for_ability(tx, seat, a, source, exactly=1)
        self.withdraw_claim(tx)
        tx.emit("AbilityUsed", seat=seat, ability=a.ability, key=key, count=1)
        tx.emit("PlayerBonusAdded", seat=a.target_seat, card="ability:backstab", bonus=BACKSTAB)

    def _ability_steal(self: MunchkinHost, tx: _Tx, seat: int, a: A.UseAbility, source: str) -> None:
        """Dieb: discard a card and roll to steal a small item someone carries:
        4+ takes it, otherwise you lose a level. Never during a combat."""
        if tx.state.combat is not None:
            raise reject("munchkin.ability.no-stealing-in-combat")
        if a.target_seat is None or a.target_seat == seat or not 0 <= a.target_seat < len(tx.state.players):
            raise Malformed("use_ability.target_seat", _said(N_("name another seat to steal from")))
        self.check_may_interfere(tx, seat, a.target_seat, stealing=True)
        victim = tx.state.players[a.target_seat]
        item = self.card(tx, a.item, "use_ability.item")
        if not any(i.card == item.id for i in victim.items):
            raise reject("munchkin.table.card-not-in-play", card=item.id)
        if item.big:
            raise reject("munchkin.ability.steal-small-only", card=item.id)
        self.pay_for_ability(tx, seat, a, source, exactly=1)
        die = self.roll(tx, "use_ability.die", a.die)
        success = die >= STEAL_TARGET
        tx.emit("AbilityUsed", seat=seat, ability=a.ability, key="", count=1)
        tx.emit("StealAttempted", seat=seat, victim=a.target_seat, card=item.id, die=die, success=success)
        if success:
            self.give_item(tx, a.target_seat, seat, item.id)
        else:
            self.change_level(tx, seat, -1, "caught-stealing")

    # ------------------------------------------------------------------ halfling

    def _ability_halfling_sale(self: MunchkinHost, tx: _Tx, seat: int, a: A.UseAbility, source: str) -> None:
        """Halbling: once per turn, sell one item at double its price (with the
        other items in ``discard`` / ``discard_from_table``)."""
        s = tx.state
        if s.combat is not None:
            raise reject("munchkin.sell.not-during-combat")
        if seat != s.active:
            raise reject("munchkin.sell.own-turn-only")
        flag = f"halfling-sale:{seat}"
        if flag in s.turn_flags:
            raise reject("munchkin.ability.once-per-turn", ability=a.ability)
        cards = [a.item, *a.discard_from_table, *a.discard]
        self.card(tx, a.item, "use_ability.item")
        gold = 0
        for cid in cards:
            card = tx.cards.get(cid)
            if card is None or card.kind not in ("item", "one_shot") or card.value <= 0:
                raise reject("munchkin.sell.no-value", card=cid)
            gold += card.value
        gold += tx.cards[a.item].value  # the doubled one
        if gold < 1000:
            raise reject("munchkin.sell.at-least-1000", gold=gold)
        if s.players[seat].level >= 9:
            raise reject("munchkin.level.tenth-only-by-kill")
        p = s.players[seat]
        carried = Counter(i.card for i in p.items)
        item_carried = carried[a.item] > 0
        if item_carried:
            carried[a.item] -= 1
        for cid in a.discard_from_table:
            # Only what you carry can be sold from the table (000 "Gegenstände verkaufen").
            if carried[cid] <= 0:
                raise reject("munchkin.table.card-not-in-play", card=cid)
            carried[cid] -= 1
        if item_carried:
            tx.emit("CardRemovedFromPlay", seat=seat, card=a.item)
        else:
            self.take_from_hand(tx, seat, a.item)
        for cid in a.discard_from_table:
            tx.emit("CardRemovedFromPlay", seat=seat, card=cid)
        self.take_from_hand(tx, seat, *a.discard)
        for cid in cards:
            tx.emit("CardDiscarded", card=cid, deck="treasure")
        tx.emit("TurnFlagSet", flag=flag)
        tx.emit("ItemsSold", seat=seat, cards=cards, gold=gold)
        self.change_level(tx, seat, gold // 1000, "sale")
        self._recheck_keep_big(tx, seat)

    def _ability_halfling_reroll(self: MunchkinHost, tx: _Tx, seat: int, a: A.UseAbility, source: str) -> None:
        """Halbling: after a failed run-away roll, discard a card and roll again."""
        monster = self._runner(tx, seat, a.monster_index if a.monster_index is not None else -1)
        if monster.runs[str(seat)] != "caught":
            raise reject("munchkin.run.not-caught")
        index = self.require_combat(tx).monsters.index(monster)
        key = f"halfling-reroll:{seat}:{index}"
        if self._combat_use(tx, key):
            raise reject("munchkin.ability.used-up", ability=a.ability)
        self.pay_for_ability(tx, seat, a, source, exactly=1)
        die = self.roll(tx, "use_ability.die", a.die)
        modifier = self.run_modifier(tx, seat, index)
        escaped = die + modifier >= self.run_away_target(tx, seat, index)
        tx.emit("AbilityUsed", seat=seat, ability=a.ability, key=key, count=1)
        tx.emit("RunRolled", seat=seat, monster_index=index, die=die, modifier=modifier, escaped=escaped,
                reroll=True)
        self.maybe_finish_run(tx)
