"""Items in front of a player (000 "Gegenstände", "Gegenstände handeln"): the
backpack, items given away without a trade (bribes), and item bonuses that
depend on who carries the item.

A mixin of the Munchkin ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from judge.rules.engine import Action
from judge.rules.ruling import Malformed, reject
from judge.rulesets.munchkin import actions as A

if TYPE_CHECKING:
    from judge.cards import Card
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.ruleset import _Tx
    from judge.rulesets.munchkin.state import MunchkinState, Player

HAND_SLOTS = ("1hand", "2hands")


def fits(used: list[Card], card: Card) -> bool:
    """Is there room to use ``card`` beside the items ``used``? (000 "Gegenstände":
    1 Kopfbedeckung, 1 Rüstung, 1 Schuhwerk, 2 Hände.)"""
    if not card.slot:
        return True
    if card.slot in ("headgear", "armor", "footgear"):
        return not any(u.slot == card.slot for u in used)
    hands = sum(1 if u.slot == "1hand" else 2 if u.slot == "2hands" else 0 for u in used)
    return hands + (1 if card.slot == "1hand" else 2) <= 2


class ItemRules:
    """Item rules, mixed into the Munchkin ruleset."""

    def item_bonus(self: MunchkinHost, tx: _Tx, card: Card, p: Player) -> int:
        """The bonus an item in use gives this player: the printed one, or the
        one printed for a race, class or sex the player has ("+1; +3 für
        Elfen"); the highest if several apply."""
        traits = self.traits(tx, p)
        return max([card.bonus, *(b.bonus for b in card.bonus_for if b.trait in traits)])

    # ------------------------------------------------------------------ the backpack

    def _do_set_item_in_use(self: MunchkinHost, tx: _Tx, seat: int, a: A.SetItemInUse) -> None:
        """000 "Gegenstände": putting an item in the backpack is always allowed;
        "Du kannst Gegenstände nur in deinem eigenen Zug aus dem Rucksack holen;
        dabei darfst du weder gerade im Kampf sein noch Weglaufen." Using an
        item whose slot is taken puts what is in that slot in the backpack in
        the same action."""
        s = tx.state
        card = self.card(tx, a.card, "set_item_in_use.card")
        p = s.players[seat]
        if not any(i.card == card.id for i in p.items):
            raise reject("munchkin.table.card-not-in-play", card=card.id)
        for i, cid in enumerate(a.to_backpack):
            self.card(tx, cid, f"set_item_in_use.to_backpack[{i}]")
        if not a.in_use:
            if a.to_backpack:
                raise Malformed("set_item_in_use.to_backpack", "only when taking an item out of the backpack")
            if any(i.card == card.id and i.in_use for i in p.items):
                self._withdraw_claim_if_fighting(tx, seat)
                tx.emit("ItemUseChanged", seat=seat, card=card.id, in_use=False)
            return
        if not any(i.card == card.id and not i.in_use for i in p.items):
            if a.to_backpack:
                raise Malformed("set_item_in_use.to_backpack", f"{card.id} is in use already")
            return  # already as asked: nothing to record
        if seat != s.active or s.combat is not None:
            raise reject("munchkin.item.backpack-own-turn")
        displaced = list(a.to_backpack) or self._displaced(tx, p, card)
        in_use = [i.card for i in p.items if i.in_use]
        for cid in displaced:
            if cid not in in_use:
                raise reject("munchkin.item.not-in-use", card=cid)
            in_use.remove(cid)
        if not self._slot_free_without(tx, p, card, displaced):
            raise reject("munchkin.item.slot-full", slot=card.slot)
        for cid in displaced:
            tx.emit("ItemUseChanged", seat=seat, card=cid, in_use=False)
        tx.emit("ItemUseChanged", seat=seat, card=card.id, in_use=True)

    def _slot_free_without(self: MunchkinHost, tx: _Tx, p: Player, card: Card, away: list[str]) -> bool:
        """Would ``card`` fit once the items ``away`` are in the backpack?"""
        if not away:
            return self._slot_free(tx, p, card)
        rest = list(away)
        used = []
        for it in p.items:
            if it.in_use and it.card in rest:
                rest.remove(it.card)
            elif it.in_use:
                used.append(tx.cards[it.card])
        return fits(used, card)

    def _displaced(self: MunchkinHost, tx: _Tx, p: Player, card: Card) -> list[str]:
        """The items in use that must go to the backpack for ``card`` to be used,
        when that is unambiguous; with a choice the player names them."""
        if self._slot_free(tx, p, card):
            return []
        used = [i.card for i in p.items if i.in_use]  # a copy of the same card in use may make room too
        if card.slot in ("headgear", "armor", "footgear"):
            return [c for c in used if tx.cards[c].slot == card.slot]
        hand_items = [c for c in used if tx.cards[c].slot in HAND_SLOTS]
        if card.slot == "2hands" or any(tx.cards[c].slot == "2hands" for c in hand_items):
            return hand_items  # both hands must be free, or a two-hand item frees both
        if len(set(hand_items)) == 1:
            return hand_items[:1]  # two copies of one item: either goes
        raise reject("munchkin.item.name-displaced", options=", ".join(sorted(set(hand_items))))

    def _withdraw_claim_if_fighting(self: MunchkinHost, tx: _Tx, *seats: int) -> None:
        c = tx.state.combat
        if c is not None and any(seat in self.fighters(c) for seat in seats):
            self._withdraw_claim(tx)

    # ------------------------------------------------------------------ gifts

    def _do_give_item(self: MunchkinHost, tx: _Tx, seat: int, a: A.GiveItem) -> None:
        """000 "Gegenstände handeln": "Du darfst auch Gegenstände ohne Handel
        weggeben, um andere Spieler damit zu bestechen" (the seed's example is
        a bribe during another player's combat). Only items you carry; the
        receiver puts the item in play at once."""
        s = tx.state
        if not 0 <= a.to_seat < len(s.players):
            raise Malformed("give_item.to_seat", f"no seat {a.to_seat}; seats are 0 to {len(s.players) - 1}")
        card = self.card(tx, a.card, "give_item.card")
        if a.to_seat == seat:
            raise reject("munchkin.gift.not-to-yourself")
        if not any(i.card == card.id for i in s.players[seat].items):
            raise reject("munchkin.gift.only-carried-items", card=card.id)
        self.check_may_interfere(tx, seat, a.to_seat)
        self._withdraw_claim_if_fighting(tx, seat, a.to_seat)
        self.give_item(tx, seat, a.to_seat, card.id)

    # ------------------------------------------------------------------ legal actions

    def _item_candidates_of(self: MunchkinHost, s: MunchkinState, seat: int, cards: Any) -> Iterable[Action]:
        p = s.players[seat]
        in_use = [i.card for i in p.items if i.in_use]
        for it in p.items:
            card = cards[it.card]
            if it.in_use:
                yield A.SetItemInUse(card=it.card, in_use=False)
            elif fits([cards[c] for c in in_use], card):
                yield A.SetItemInUse(card=it.card, in_use=True)
            else:
                # Name what makes room, so the list shows what goes to the backpack.
                same = [c for c in in_use if cards[c].slot == card.slot
                        or (card.slot in HAND_SLOTS and cards[c].slot in HAND_SLOTS)]
                for other in sorted(set(same)):
                    yield A.SetItemInUse(card=it.card, in_use=True, to_backpack=(other,))
                yield A.SetItemInUse(card=it.card, in_use=True, to_backpack=tuple(same))
            for other_seat in range(len(s.players)):
                if other_seat != seat:
                    yield A.GiveItem(card=it.card, to_seat=other_seat)
