"""Asking for help and bribes (000 "Um Hilfe bitten").

A mixin of the Munchkin ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.rules.ruling import Malformed, reject
from judge.common.i18n import N_
from judge.rulesets.munchkin.sentences import said_in_munchkin as _said
from judge.rulesets.munchkin import actions as A

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.tx import _Tx


class HelpRules:
    """Help and bribes, mixed into the Munchkin ruleset."""

    def _do_ask_for_help(self: MunchkinHost, tx: _Tx, seat: int, a: A.AskForHelp) -> None:
        c = self.require_combat(tx)
        if seat != c.fighter:
            raise reject("munchkin.combat.not-the-fighter", fighter=c.fighter)
        self.require_fighting(c)
        if c.stage == "claimed":
            raise reject("munchkin.combat.already-claimed")
        if c.helper is not None:
            raise reject("munchkin.help.only-one", helper=c.helper)
        if c.request is not None:
            raise reject("munchkin.help.request-open", seat=c.request["seat"])
        if not 0 <= a.helper < len(tx.state.players):
            raise Malformed("ask_for_help.helper", _said(N_("no seat {seat}"), seat=a.helper))
        if a.helper == seat:
            raise reject("munchkin.help.not-yourself")
        self.check_may_interfere(tx, a.helper, seat)
        carried = [i.card for i in tx.state.players[seat].items]
        for i, item in enumerate(a.bribe.items):
            self.card(tx, item, f"ask_for_help.bribe.items[{i}]")
            if item not in carried:
                raise reject("munchkin.help.bribe-not-carried", card=item)
            carried.remove(item)
        total = self.treasures_due(tx)
        if a.bribe.treasures < 0 or a.bribe.treasures > total:
            raise reject("munchkin.help.bribe-treasures", offered=a.bribe.treasures, total=total)
        tx.emit("HelpRequested", seat=seat, helper=a.helper, bribe=a.bribe.to_dict())

    def _do_answer_help(self: MunchkinHost, tx: _Tx, seat: int, a: A.AnswerHelp) -> None:
        c = self.require_combat(tx)
        if c.request is None or c.request["seat"] != seat:
            raise reject("munchkin.help.not-asked")
        if not a.accept:
            tx.emit("HelpDeclined", seat=seat)
            return
        bribe = c.request["bribe"]
        carried = [i.card for i in tx.state.players[c.fighter].items]
        for item in bribe["items"]:
            if item not in carried:
                raise reject("munchkin.help.bribe-not-carried", card=item)
            carried.remove(item)
        self.withdraw_claim(tx)
        tx.emit("HelpAccepted", seat=seat, bribe=bribe)
        for item in bribe["items"]:
            self.give_item(tx, c.fighter, seat, item)
