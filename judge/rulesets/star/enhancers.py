"""Item enhancers of Star Munchkin (004 "Gegenstandsverstärker"): "Manche
Karten sind Gegenstandsverstärker und werden auf Gegenstände gespielt, die du
bereits im Spiel hast; sie können nicht alleine gespielt werden. Diese
Verstärker erhöhen den Kampfbonus des Gegenstands ... Einmal auf einen
Gegenstand gespielt, kann der Verstärker nicht zu einem anderen Gegenstand
getauscht werden und wird auch zusammen mit dem Gegenstand abgelegt, wenn Du
den Gegenstand verlierst."

An enhancer lies on its item (``StarState.enhancers``); its bonus counts while
the item is in use. When the item leaves its owner in any way (lost, sold,
discarded, given or traded away), the enhancer goes to the discard pile with
it: the state is reconciled after every effect, so replaying the effects
rebuilds it (docs/rules.md, decisions).

A layer of the Star ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.common.i18n import N_
from judge.rules.analysis import Term
from judge.rules.engine import Viewer
from judge.rules.ruling import Malformed, reject
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.state import MunchkinState
from judge.rulesets.star.gear import GearRules
from judge.rulesets.star.narration import said_in_star as _said
from judge.rulesets.star.state import StarState

if TYPE_CHECKING:
    from judge.cards import Card
    from judge.rulesets.munchkin.tx import _Tx


def enhancer_played(s: MunchkinState, e: dict[str, Any]) -> None:
    assert isinstance(s, StarState)
    s.enhancers.append({"seat": e["seat"], "item": e["item"], "card": e["card"], "deck": e["deck"]})


def drop_orphaned_enhancers(s: MunchkinState) -> None:
    """An enhancer whose item its owner no longer has goes to the discard pile ("wird auch zusammen mit dem
    Gegenstand abgelegt")."""
    if not isinstance(s, StarState) or not s.enhancers:
        return
    keep: list[dict[str, Any]] = []
    for entry in s.enhancers:
        if any(i.card == entry["item"] for i in s.players[entry["seat"]].items):
            keep.append(entry)
        else:
            # The piles are shared with the state this one was copied from: replaced, not changed.
            s.discards[entry["deck"]] = [*s.discards[entry["deck"]], entry["card"]]
    s.enhancers = keep


class EnhancerRules(GearRules):
    """Item enhancers, on the base game with Star's hirelings and gear."""

    state_type: type[MunchkinState] = StarState

    def _play_item_enhancer(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        p = tx.state.players[seat]
        if not a.with_card:
            raise reject("star.enhancer.needs-item")
        item = self.card(tx, a.with_card, "play_card.with_card")
        if item.kind not in ("item", "one_shot"):
            raise Malformed("play_card.with_card", _said(N_("{card} is not an item"), card=item.id))
        if not any(i.card == item.id for i in p.items):
            raise reject("star.enhancer.needs-item")
        self.take_played_card(tx, seat, card, a)
        tx.emit("ItemEnhanced", seat=seat, item=item.id, card=card.id, deck=card.deck)

    def enhancer_terms(self, tx: _Tx, seat: int) -> list[Term]:
        """The enhancers on ``seat``'s items in use (that the player can use), each with its bonus."""
        s = tx.state
        if not isinstance(s, StarState):
            return []
        p = s.players[seat]
        in_use = {i.card for i in p.items if i.in_use and self.can_use(tx, tx.cards[i.card], p)}
        return [Term(f"enhancer on {e['item']}", tx.cards[e["card"]].bonus, "star.strength.enhancer", e["card"],
                     f"seat:{seat}")
                for e in s.enhancers if e["seat"] == seat and e["item"] in in_use and tx.cards[e["card"]].bonus]

    def position_layer_cards(self, data: dict[str, Any]) -> list[tuple[str, Any]]:
        """An enhancer lies on its item: a card of its own at a dealt table."""
        layer = data.get("layer") or {}
        return super().position_layer_cards(data) + [
            (f"position.layer.enhancers[{j}].card", e.get("card")) for j, e in enumerate(layer.get("enhancers", []))
            if isinstance(e, dict)]

    def power_terms(self, tx: _Tx, seat: int) -> list[Term]:
        return super().power_terms(tx, seat) + self.enhancer_terms(tx, seat)

    def view(self, state: MunchkinState, viewer: Viewer) -> dict[str, Any]:
        """The base view; an enhancer shows among the other cards in front of its item's owner."""
        out = super().view(state, viewer)
        if isinstance(state, StarState):
            for entry in state.enhancers:
                out["seats"][entry["seat"]]["other_cards"].append(entry["card"])
        return out

    def apply_effect(self, state: MunchkinState, effect: dict[str, Any]) -> None:
        super().apply_effect(state, effect)
        drop_orphaned_enhancers(state)
