"""The example layer: overrides of two named hooks, one new action with its
effect and state, one new card-play handler, a card field of its own, the
layer's rules and card file (docs/architecture.md, "How to write a set
layer")."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from judge.cards import Card
from judge.cards.extension import ExtraField, register_fields
from judge.common.i18n import N_
from judge.rules.ruling import Malformed, reject
from judge.rulesets.munchkin import Munchkin
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.dispatch import extended
from judge.rulesets.munchkin.sentences import said_in_munchkin
from judge.rulesets.munchkin.state import Item, MunchkinState
from judge.rulesets.munchkin.tx import _Tx
from tests.core.example_layer import rules as _rules  # noqa: F401  (registers example.*)


# A card field of the layer's own (docs/cards.md, "Fields of a layer"). 003 "Gewonnen!": "Elflinge steigen
# für jedes Monster, das sie als Helfer erschlagen haben, 1 Stufe auf."
register_fields(ExtraField("levels_as_helper", int, 0, "races: levels gained per monster killed as a helper",
                           owner="example", check=lambda n: "must not be negative" if n < 0 else None))


@dataclass(frozen=True)
class ExampleSnatch(A.MunchkinAction):
    """Take a small item another player carries (a much simplified theft)."""

    kind: ClassVar[str] = "example_snatch"
    target_seat: int = 0
    item: str = ""


@dataclass
class ExampleState(MunchkinState):
    """The layer's state: the base game's, and what was snatched so far."""

    snatched: list[str] = field(default_factory=list)


def _snatched(s: ExampleState, e: dict[str, Any]) -> None:
    victim = s.players[e["target_seat"]]
    item = next(i for i in victim.items if i.card == e["card"])
    victim.items.remove(item)
    s.players[e["seat"]].items.append(Item(e["card"], False))
    s.snatched.append(e["card"])


class ExampleLayer(Munchkin):
    name = "example-layer"
    title = "Example layer (tests only)"
    card_files = (Path(__file__).parent / "cards.toml",)
    state_type = ExampleState

    # A hook reading the layer's own card field: a race's levels per monster killed as a helper.
    def helper_levels(self, tx: _Tx, helper: int, killed: list[int]) -> int:
        races = [tx.cards[r] for r in tx.state.players[helper].races if r in tx.cards]
        per_kill = max([r.get("levels_as_helper") for r in races], default=0)
        return per_kill * len(killed) if per_kill else super().helper_levels(tx, helper, killed)

    # A hook with a number: six cards in hand for everyone in this layer.
    def hand_limit(self, tx: _Tx, p: Any) -> int:
        return max(6, super().hand_limit(tx, p))

    def _do_example_snatch(self, tx: _Tx, seat: int, a: ExampleSnatch) -> None:
        s = tx.state
        if not 0 <= a.target_seat < len(s.players) or a.target_seat == seat:
            raise Malformed("example_snatch.target_seat",
                            said_in_munchkin(N_("no other seat {seat}"), seat=a.target_seat))
        if not self.has_trait(tx, s.players[seat], "class:dieb"):
            raise reject("example.snatch.thieves-only")
        if s.combat is not None:
            raise reject("example.snatch.in-combat")
        card = self.card(tx, a.item, "example_snatch.item")
        if not any(i.card == card.id for i in s.players[a.target_seat].items):
            raise reject("munchkin.table.card-not-in-play", card=card.id)
        if card.big:
            raise reject("munchkin.ability.steal-small-only", card=card.id)  # the base ruling, inherited
        tx.emit("ExampleSnatched", seat=seat, target_seat=a.target_seat, card=card.id)

    def _play_portal(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        # 001: "Portalkarten: ... Danach sofort eine verdeckte Türkarte ziehen."
        self.take_played_card(tx, seat, card, a)
        tx.emit("CardDiscarded", card=card.id, deck=card.deck)
        tx.emit("CardsDrawn", seat=seat, deck="door", cards=[], unknown=1)

    action_handlers = extended(Munchkin.action_handlers, example_snatch=_do_example_snatch)
    play_handlers = extended(Munchkin.play_handlers, portal=_play_portal)
    effect_handlers = extended(Munchkin.effect_handlers, ExampleSnatched=_snatched)
