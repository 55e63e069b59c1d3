"""Every named hook of the Munchkin family is what the engine asks: a subclass
overriding one hook changes exactly that ruling (docs/architecture.md, "How to
write a set layer"). Each test names the 000 text the base behaviour follows
and checks the base game against the same scenario."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from judge.cards import Card
from judge.cards.schema import Effect as Harm
from judge.rules import registry
from judge.rulesets.munchkin import Munchkin
from judge.rulesets.munchkin.state import Player
from judge.rulesets.munchkin.tx import _Tx
from tests.rules.harness import A, Table


@pytest.fixture
def layer() -> Iterator[Any]:
    """Register a subclass for one test: ``layer(**overrides)`` gives a Table of it."""
    names: list[str] = []

    def make(**overrides: Any) -> Table:
        name = f"hook-test-{len(names)}"
        cls = type("HookLayer", (Munchkin,), {"name": name, **overrides})
        registry.register(cls())
        names.append(name)
        return Table(ruleset=name, window_ms=0)

    yield make
    for name in names:
        registry.unregister(name)


def kill(t: Table, monster: str = "topfpflanze") -> None:
    t.do(0, A.KickDoor(card=monster))
    t.do(0, A.ClaimVictory())


def test_max_level(layer: Any) -> None:
    """000 SPIELENDE: "Der erste Spieler, der Stufe 10 erreicht, gewinnt das Spiel." (Epic: 20.)"""
    t = layer(max_level=lambda self, tx: 20)
    t.set_level(0, 9)
    kill(t)
    assert t.p(0).level == 10 and not t.state.finished
    base = Table(window_ms=0)
    base.set_level(0, 9)
    kill(base)
    assert base.state.finished and base.state.winners == [0]


def test_level_floor_of(layer: Any) -> None:
    """000 "Stufen": never below 1 (Star's Cyborg: never below 2)."""
    t = layer(level_floor_of=lambda self, tx, seat: 2 if seat == 1 else 1)
    t.set_level(1, 2)
    t.do(0, A.PlayCard(card="fluch-verliere-eine-stufe", target_seat=1))
    assert t.p(1).level == 2
    base = Table()
    base.set_level(1, 2)
    base.do(0, A.PlayCard(card="fluch-verliere-eine-stufe", target_seat=1))
    assert base.p(1).level == 1


def test_slot_capacity(layer: Any) -> None:
    """000 "Gegenstände": two hands; a set with three hands uses a third one-hand item."""
    t = layer(slot_capacity=lambda self, tx, p: {"headgear": 1, "armor": 1, "footgear": 1, "hands": 3})
    t.equip(0, "schwert-der-singenden-hymne", "dolch-des-verrats")
    t.give(0, "schwert-der-singenden-hymne")
    t.do(0, A.PlayCard(card="schwert-der-singenden-hymne"))
    assert [i.in_use for i in t.p(0).items] == [True, True, True]
    base = Table()
    base.equip(0, "schwert-der-singenden-hymne", "dolch-des-verrats")
    base.give(0, "schwert-der-singenden-hymne")
    base.do(0, A.PlayCard(card="schwert-der-singenden-hymne"))
    assert [i.in_use for i in base.p(0).items] == [True, True, False]


def test_big_item_limit_and_check_carry(layer: Any) -> None:
    """000 "Gegenstände": "maximal einen Großen" (Babys' Giftzwerg: any number)."""
    t = layer(big_item_limit=lambda self, tx, p: None)
    t.equip(0, "kettensaege")
    t.give(0, "ganzkoerper-schild")
    t.do(0, A.PlayCard(card="ganzkoerper-schild"))
    base = Table()
    base.equip(0, "kettensaege")
    base.give(0, "ganzkoerper-schild")
    base.rejects("munchkin.item.one-big", 0, A.PlayCard(card="ganzkoerper-schild"))


def test_item_bonus(layer: Any) -> None:
    """000 "Gegenstände": the printed bonus counts; a set may count another."""
    t = layer(item_bonus=lambda self, tx, card, p: card.bonus * 2)
    t.equip(0, "flammende-ruestung")
    assert t.rules.power(_Tx.reading(t.rules, t.state), 0) == 1 + 4


def test_run_away_target(layer: Any) -> None:
    """000 "Verloren!": "Du brauchst mindestens eine 5, um fliehen zu können." """
    t = layer(run_away_target=lambda self, tx, seat, index: 6)
    t.do(0, A.KickDoor(card="netztroll"))
    t.do(0, A.GiveUp())
    effects = t.do(0, A.RunAway(monster_index=0, die=5))
    assert [e["escaped"] for e in effects if e["type"] == "RunRolled"] == [False]
    base = Table()
    base.do(0, A.KickDoor(card="netztroll"))
    base.do(0, A.GiveUp())
    effects = base.do(0, A.RunAway(monster_index=0, die=5))
    assert [e["escaped"] for e in effects if e["type"] == "RunRolled"] == [True]


def test_no_kill_treasures(layer: Any) -> None:
    """001 3.a / 000 "Weitere Aktionen im Kampf": a monster gone without a kill gives no level and the
    treasures its card says (Verwandlungstrank: "Kein Schatz")."""
    t = layer(no_kill_treasures=lambda self, tx: 2)
    t.do(0, A.KickDoor(card="netztroll"))
    t.do(0, A.PlayCard(card="verwandlungstrank", monster_index=0))
    assert t.combat is None and t.p(0).unknown == 7 + 2
    base = Table()
    base.do(0, A.KickDoor(card="netztroll"))
    base.do(0, A.PlayCard(card="verwandlungstrank", monster_index=0))
    assert base.p(0).unknown == 7


def caught(t: Table, monster: str, level: int) -> Table:
    """Seat 0 at ``level`` runs from ``monster``, is caught, and takes its bad stuff."""
    t.set_level(0, level)
    t.do(0, A.KickDoor(card=monster))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.do(0, A.SufferBadStuff(monster_index=0))
    return t


def test_before_bad_stuff(layer: Any) -> None:
    """000 "Verloren!": a caught runner takes the bad stuff (Netztroll: "Verliere 2 Stufen"); a set
    may change it first (Star: a hireling sacrificed instead)."""
    def spared(self: Munchkin, tx: _Tx, seat: int, index: int, harm: Harm) -> Harm | None:
        return None

    assert caught(layer(before_bad_stuff=spared), "netztroll", 5).p(0).level == 5
    assert caught(Table(), "netztroll", 5).p(0).level == 3


def test_on_door(layer: Any) -> None:
    """000 "Phase 1: Tür eintreten": a monster turned up is fought; a set decides what its door does."""
    def to_hand(self: Munchkin, tx: _Tx, seat: int, card: Card) -> None:
        tx.emit("CardsDrawn", seat=seat, deck="door", cards=[card.id], unknown=0)
        tx.emit("PhaseChanged", phase="after-door")

    t = layer(on_door=to_hand)
    t.do(0, A.KickDoor(card="netztroll"))
    assert t.combat is None and "netztroll" in t.p(0).hand
    base = Table()
    base.do(0, A.KickDoor(card="netztroll"))
    assert base.combat is not None


def test_on_death(layer: Any) -> None:
    """000 "Tod" (Plutoniumdrache: "Du bist tot"): the dead character is looted; a set may do
    otherwise (Star's Cyborg: lose two levels instead)."""
    def lose_two(self: Munchkin, tx: _Tx, seat: int, source: str) -> None:
        self.change_level(tx, seat, -2, source)

    t = caught(layer(on_death=lose_two), "plutoniumdrache", 6)
    assert (t.p(0).level, t.p(0).dead, t.state.corpse) == (4, False, None)
    base = caught(Table(), "plutoniumdrache", 6)
    assert base.p(0).dead and base.state.corpse is not None


def test_identity_limit(layer: Any) -> None:
    """000 "Rassen / Klassen": one race unless Halb-Blut; a set may allow more."""
    t = layer(identity_limit=lambda self, tx, p, place: 2)
    t.give(0, "elf", "zwerg")
    t.do(0, A.PlayCard(card="elf"))
    t.do(0, A.PlayCard(card="zwerg"))
    assert t.p(0).races == ["elf", "zwerg"]


def test_hand_limit_hook_is_what_charity_asks(layer: Any) -> None:
    """000 "Phase 4: Milde Gabe": more than 5 cards are given away; a set's limit replaces 5."""
    def seven(self: Munchkin, tx: _Tx, p: Player) -> int:
        return 7

    t = layer(hand_limit=seven)
    t.set_level(0, 3)
    t.set_level(2, 2)  # seat 1 alone is the lowest
    t.do(0, A.KickDoor(card="elf"))  # now 9 cards in hand
    t.do(0, A.LootRoom())  # 10
    t.rejects("munchkin.charity.exact-excess", 0, A.EndTurn())
    t.do(0, A.EndTurn(gifts=(A.CharityGift(1, (), 3),)))
