"""Table adjustments: "Cards beat rules" (000, Goldene Regel).

A card effect the engine does not model never blocks a game: the table records
what the card did as an adjustment. The organizer records it at once; a seat
proposes it and it takes effect when every other seat has agreed.

A mixin of the Munchkin ruleset.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from judge.rules.ruling import Malformed, reject
from judge.common.i18n import N_
from judge.rulesets.munchkin.sentences import said_in_munchkin as _said
from judge.rulesets.munchkin import actions as A

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.tx import _Tx

MAX_REASON = 500


class AdjustmentRules:
    """Adjustment rules, mixed into the Munchkin ruleset."""

    def _check_adjustment(self: MunchkinHost, tx: _Tx, a: A.RecordAdjustment) -> None:
        s = tx.state
        if not a.reason.strip() or len(a.reason) > MAX_REASON:
            raise Malformed("record_adjustment.reason",
                            _said(N_("say what happened (1 to {n} characters)"), n=MAX_REASON))
        if not 0 <= a.target_seat < len(s.players):
            raise Malformed("record_adjustment.target_seat", _said(N_("no seat {seat}"), seat=a.target_seat))
        if a.card:
            self.card(tx, a.card, "record_adjustment.card")
        # The game's goal bounds a level: 10, or 20 in an Epic game (001: "Stufe 10 (bzw. 20 beim Epischen
        # Spiel)"); the organizer may set any level up to it.
        top = self.max_level(tx)
        if not 0 <= a.set_level <= top:
            raise Malformed("record_adjustment.set_level", _said(N_("a level is 1 to {top} (0: unchanged)"), top=top))
        for i, cid in enumerate(a.add_to_hand):
            self.card(tx, cid, f"record_adjustment.add_to_hand[{i}]")
        p = s.players[a.target_seat]
        have = Counter(p.hand + p.races + p.classes + p.table + [i.card for i in p.items])
        for i, cid in enumerate(a.discard):
            self.card(tx, cid, f"record_adjustment.discard[{i}]")
            if have[cid] <= 0 and p.unknown <= 0:
                raise Malformed(f"record_adjustment.discard[{i}]",
                                _said(N_("seat {seat} has no {card}"), seat=a.target_seat, card=cid))
            have[cid] -= 1
        if p.unknown + a.unknown_delta < 0:
            raise Malformed("record_adjustment.unknown_delta",
                            _said(N_("the hand would hold fewer than 0 unknown cards")))
        if self.dealt(tx):
            # The judge knows every card of a dealt table: nothing appears from nowhere.
            if a.unknown_delta:
                raise Malformed("record_adjustment.unknown_delta", _said(N_("at a dealt table name the cards instead")))
            pool = Counter(s.discards["door"] + s.discards["treasure"])
            for i, cid in enumerate(a.add_to_hand):
                if pool[cid] <= 0:
                    raise Malformed(f"record_adjustment.add_to_hand[{i}]",
                                    _said(N_("at a dealt table a card comes from the discard piles; "
                                             "{card} is not there"), card=cid))
                pool[cid] -= 1

    def _do_record_adjustment(self: MunchkinHost, tx: _Tx, seat: int | None, a: A.RecordAdjustment) -> None:
        self._check_adjustment(tx, a)
        if seat is None:  # the organizer
            self._apply_adjustment(tx, a, by="organizer")
            return
        if tx.state.adjustment is not None:
            raise reject("munchkin.adjustment.one-open")
        tx.emit("AdjustmentProposed", seat=seat, action=a.to_dict())
        self._maybe_apply_proposal(tx)

    def _do_confirm_adjustment(self: MunchkinHost, tx: _Tx, seat: int, a: A.ConfirmAdjustment) -> None:
        adj = tx.state.adjustment
        if adj is None:
            raise reject("munchkin.adjustment.none-open")
        if seat in adj["approvals"]:
            raise reject("munchkin.adjustment.already-answered")
        if not a.accept:
            tx.emit("AdjustmentRefused", seat=seat)
            return
        tx.emit("AdjustmentApproved", seat=seat)
        self._maybe_apply_proposal(tx)

    def _maybe_apply_proposal(self: MunchkinHost, tx: _Tx) -> None:
        adj = tx.state.adjustment
        assert adj is not None
        if len(set(adj["approvals"])) == len(tx.state.players):
            action = A.RecordAdjustment._build({k: v for k, v in adj["action"].items() if k != "kind"})
            assert isinstance(action, A.RecordAdjustment)
            self._check_adjustment(tx, action)  # still possible?
            self._apply_adjustment(tx, action, by="table")

    def _apply_adjustment(self: MunchkinHost, tx: _Tx, a: A.RecordAdjustment, by: str) -> None:
        tx.emit("AdjustmentApplied", by=by, reason=a.reason, card=a.card, target_seat=a.target_seat)
        ch = tx.state.choice
        if by == "organizer" and ch is not None and a.card and a.card == ch.source and a.target_seat == ch.seat:
            # The organizer settles a choice owed for that card: what it did is this adjustment (a seat that
            # stalls is overruled; docs/rules.md, decisions).
            tx.emit("ChoiceLapsed", seat=ch.seat, reason=ch.reason)
        seat = a.target_seat
        p = tx.state.players[seat]
        for cid in a.discard:
            in_play = p.races + p.classes + p.table + [i.card for i in p.items]
            if cid in p.hand or (cid not in in_play and p.unknown > 0):
                self.take_from_hand(tx, seat, cid)
                tx.emit("CardDiscarded", card=cid, deck=tx.cards[cid].deck)
            else:
                self.remove_from_play(tx, seat, cid)
        if a.add_to_hand:
            if self.dealt(tx):
                for cid in a.add_to_hand:
                    tx.emit("CardTakenFromDiscards", deck=tx.cards[cid].deck, card=cid)
            tx.emit("CardsDrawn", seat=seat, deck="", cards=list(a.add_to_hand), unknown=0)
        if a.unknown_delta:
            tx.emit("UnknownAdjusted", seat=seat, delta=a.unknown_delta)
        if a.set_level and a.set_level != p.level:
            tx.emit("LevelChanged", seat=seat, level=a.set_level, delta=a.set_level - p.level, reason="adjustment")
            self._check_winners(tx)
        self._recheck_keep_big(tx, seat)  # a choice the adjustment took its options from (a curse's: ruleset.py)
