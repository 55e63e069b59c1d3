"""Selling and trading (000 "Gegenstände", "Gegenstände handeln", 001 timing
table "Man darf jederzeit, außer während eines Kampfes, mit anderen Spielern
handeln").

A mixin of the Munchkin ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from judge.rules.ruling import Malformed, reject
from judge.common.i18n import N_
from judge.rulesets.munchkin.sentences import said_in_munchkin as _said
from judge.rulesets.munchkin import actions as A

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.tx import _Tx


class TradingRules:
    """Selling and trading, mixed into the Munchkin ruleset."""

    def _do_sell_items(self: MunchkinHost, tx: _Tx, seat: int, a: A.SellItems) -> None:
        s = tx.state
        if s.combat is not None:
            raise reject("munchkin.sell.not-during-combat")
        if seat != s.active:
            raise reject("munchkin.sell.own-turn-only")
        if not a.cards:
            raise Malformed("sell_items.cards", _said(N_("name at least one item")))
        p = s.players[seat]
        gold = 0
        in_play = Counter(i.card for i in p.items)
        from_play, from_hand = [], []
        for i, cid in enumerate(a.cards):
            card = self.card(tx, cid, f"sell_items.cards[{i}]")
            if card.kind not in ("item", "one_shot"):
                raise reject("munchkin.item.not-an-item", card=card.id)
            if card.value <= 0:
                raise reject("munchkin.sell.no-value", card=card.id)
            gold += card.value
            if in_play[cid] > 0:
                in_play[cid] -= 1
                from_play.append(cid)
            else:
                from_hand.append(cid)
        if gold < 1000:
            raise reject("munchkin.sell.at-least-1000", gold=gold)
        if p.level >= self.max_level(tx) - 1:
            raise reject("munchkin.level.tenth-only-by-kill")
        self.take_from_hand(tx, seat, *from_hand)
        for cid in from_play:
            tx.emit("CardRemovedFromPlay", seat=seat, card=cid)
        for cid in a.cards:
            tx.emit("CardDiscarded", card=cid, deck="treasure")
        tx.emit("ItemsSold", seat=seat, cards=list(a.cards), gold=gold)
        self.change_level(tx, seat, gold // 1000, "sale")
        self._recheck_keep_big(tx, seat)

    def _tradeable(self: MunchkinHost, tx: _Tx, seat: int, cards: Iterable[str], field: str) -> None:
        have = Counter(i.card for i in tx.state.players[seat].items)
        for i, cid in enumerate(cards):
            card = self.card(tx, cid, f"{field}[{i}]")
            if have[cid] <= 0 or card.value <= 0:
                raise reject("munchkin.trade.only-items-in-play", card=cid)
            have[cid] -= 1

    def _do_propose_trade(self: MunchkinHost, tx: _Tx, seat: int, a: A.ProposeTrade) -> None:
        s = tx.state
        if s.combat is not None:
            raise reject("munchkin.trade.not-during-combat")
        if not 0 <= a.with_seat < len(s.players):
            raise Malformed("propose_trade.with_seat", _said(N_("no seat {seat}"), seat=a.with_seat))
        if a.with_seat == seat:
            raise reject("munchkin.trade.not-with-self")
        if s.trade is not None:
            raise reject("munchkin.trade.one-open")
        if not a.give and not a.receive:
            raise reject("munchkin.trade.empty")
        self._tradeable(tx, seat, a.give, "propose_trade.give")
        self._tradeable(tx, a.with_seat, a.receive, "propose_trade.receive")
        tx.emit("TradeProposed", proposer=seat, with_seat=a.with_seat, give=list(a.give), receive=list(a.receive))

    def _do_accept_trade(self: MunchkinHost, tx: _Tx, seat: int, a: A.AcceptTrade) -> None:
        s = tx.state
        t = s.trade
        if t is None or t.with_seat != seat:
            raise reject("munchkin.trade.none-open")
        if s.combat is not None:
            raise reject("munchkin.trade.not-during-combat")
        self._tradeable(tx, t.proposer, t.give, "trade.give")
        self._tradeable(tx, t.with_seat, t.receive, "trade.receive")
        for cid in t.give:
            self.give_item(tx, t.proposer, t.with_seat, cid)
        for cid in t.receive:
            self.give_item(tx, t.with_seat, t.proposer, cid)
        tx.emit("TradeCompleted", proposer=t.proposer, with_seat=t.with_seat, give=list(t.give),
                receive=list(t.receive))

    def _do_cancel_trade(self: MunchkinHost, tx: _Tx, seat: int, a: A.CancelTrade) -> None:
        t = tx.state.trade
        if t is None or seat not in (t.proposer, t.with_seat):
            raise reject("munchkin.trade.none-open")
        tx.emit("TradeCancelled", by=seat)
