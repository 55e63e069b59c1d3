"""The cards and classes 004 prints, judged by their printed text; each test names the 004 section (or card)
it checks and uses 004's numbers. The layer's refusals carry ``star.*`` rulings."""

from __future__ import annotations

from tests.rules.harness import A, Table


def star(n: int = 3, **kw: object) -> Table:
    return Table(n, ruleset="star", window_ms=0, **kw)  # type: ignore[arg-type]


def _caught(t: Table, monster: str) -> None:
    t.do(0, A.KickDoor(card=monster))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))


def test_schreckliches_gruenes_ding_lose_two_levels_and_discard_two_hand_cards() -> None:
    """004 Schreckliches grünes Ding (Stufe 8): "Schlimme Dinge: Es verpasst dir einen derben Schlag! Wham!
    Verliere 2 Stufen und lege 2 Handkarten ab." The victim chooses the two cards, one by one."""
    t = star()
    t.set_level(0, 4)
    t.give(0, "laser", "dazer")
    _caught(t, "schreckliches-gruenes-ding")
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.p(0).level == 2 and t.combat is None
    hand = t.p(0).hand_size
    ch = t.state.choice
    assert (ch.seat, ch.reason, ch.count) == (0, "discard", 2) and ch.options == ["dazer", "laser", ""]
    t.rejects("munchkin.choice.not-an-option", 0, A.ChooseCard(card="bobaser"))
    t.rejects("munchkin.choice.pending", 1, A.KickDoor())
    t.do(0, A.ChooseCard(card="laser"))
    assert t.state.choice.count == 1 and t.state.choice.options == ["dazer", ""]
    t.do(0, A.ChooseCard(card=""))  # a card not yet identified
    assert t.state.choice is None and t.p(0).hand_size == hand - 2 and t.p(0).hand == ["dazer"]
    assert "laser" in t.state.discards["treasure"]


def test_schreckliches_gruenes_ding_with_two_cards_or_fewer_the_whole_hand_goes() -> None:
    """004 Schreckliches grünes Ding: "lege 2 Handkarten ab": with one card in the hand, that one is discarded;
    nothing is left to choose."""
    t = star()
    t.set_level(0, 4)
    t.state.players[0].unknown = 1
    _caught(t, "schreckliches-gruenes-ding")
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.p(0).hand_size == 0 and t.state.choice is None and t.p(0).level == 2
