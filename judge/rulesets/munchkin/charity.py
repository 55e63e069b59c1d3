"""Phase 4, charity (000 "Phase 4: Milde Gabe", 001 "6."): the cards above
the hand limit go to the lowest-level player(s), or are discarded by the
lowest player.

A mixin of the Munchkin ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from judge.common.i18n import N_
from judge.rules.ruling import Malformed, reject
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.sentences import said_in_munchkin as _said
from judge.rulesets.munchkin.variants import active_variants

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.tx import _Tx


class CharityRules:
    """Charity, mixed into the Munchkin ruleset."""

    def charity_plan(self: MunchkinHost, tx: _Tx, seat: int) -> tuple[int, int, list[int], bool]:
        """(hand size, limit, lowest-level other seats, giver is lowest)."""
        s = tx.state
        p = s.players[seat]
        limit = self.hand_limit(tx, p)
        # "an den oder die lebenden Spieler mit der niedrigsten Stufe" (001 6.): see LootingRules.living.
        others = [i for i in self.living(s) if i != seat] or [i for i in range(len(s.players)) if i != seat]
        low = min(s.players[i].level for i in others)
        lowest = [i for i in others if s.players[i].level == low]
        return p.hand_size, limit, lowest, p.level <= low

    def _do_end_turn(self: MunchkinHost, tx: _Tx, seat: int, a: A.EndTurn) -> None:
        s = tx.state
        self.require_turn(s, seat)
        if s.combat is not None:
            raise reject("munchkin.turn.finish-combat-first")
        if s.phase == "start":
            raise reject("munchkin.turn.kick-door-first")
        hand, limit, lowest, giver_lowest = self.charity_plan(tx, seat)
        excess = max(0, hand - limit)
        given = sum(len(g.cards) + g.unknown for g in a.gifts)
        dropped = len(a.discard) + a.discard_unknown
        for i, g in enumerate(a.gifts):
            if not 0 <= g.to_seat < len(s.players) or g.to_seat == seat:
                raise Malformed(f"end_turn.gifts[{i}].to_seat", _said(N_("no other seat {seat}"), seat=g.to_seat))
            if g.unknown < 0:
                raise Malformed(f"end_turn.gifts[{i}].unknown", _said(N_("must not be negative")))
        if a.discard_unknown < 0:
            raise Malformed("end_turn.discard_unknown", _said(N_("must not be negative")))
        if given + dropped != excess:
            raise reject("munchkin.charity.exact-excess", hand=hand, limit=limit, excess=excess)
        if excess and not any(v.check_charity(self, tx, seat, a, excess) for v in active_variants(self, tx)):
            if giver_lowest and given:
                raise reject("munchkin.charity.discard-when-lowest")
            if not giver_lowest:
                if dropped:
                    raise reject("munchkin.charity.give-to-lowest", lowest=", ".join(map(str, lowest)))
                per: Counter[int] = Counter()
                for g in a.gifts:
                    if g.to_seat not in lowest:
                        raise reject("munchkin.charity.give-to-lowest", lowest=", ".join(map(str, lowest)))
                    per[g.to_seat] += len(g.cards) + g.unknown
                counts = [per[i] for i in lowest]
                if max(counts) - min(counts) > 1:
                    raise reject("munchkin.charity.split-evenly")
        # Cards must really be in the hand (named ones identified or unknown).
        p = s.players[seat]
        named = [c for g in a.gifts for c in g.cards] + list(a.discard)
        for i, c in enumerate(named):
            self.card(tx, c, f"end_turn.cards[{i}]")
        known = Counter(p.hand)
        unknown_needed = sum(g.unknown for g in a.gifts) + a.discard_unknown
        for c in named:
            if known[c] > 0:
                known[c] -= 1
            else:
                unknown_needed += 1
        if unknown_needed > p.unknown:
            missing = next((c for c in named if c not in p.hand), "?")
            raise reject("munchkin.hand.card-not-in-hand", card=missing)
        for g in a.gifts:
            tx.emit("CharityGiven", seat=seat, to_seat=g.to_seat, cards=list(g.cards), unknown=g.unknown)
        if dropped:
            tx.emit("CharityDiscarded", seat=seat, cards=list(a.discard), unknown=a.discard_unknown,
                    decks=self.cards_by_deck(tx, a.discard))
        self.next_turn(tx)
