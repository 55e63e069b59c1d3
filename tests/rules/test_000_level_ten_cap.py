"""000 SPIELENDE, the level-10 cap on every path that raises a level: "Er muss jedoch die 10. Stufe
erreichen, indem er ein Monster tötet. Würde ein Spieler durch etwas anderes auf Stufe 10 steigen,
bleibt er auf Stufe 9." and "Die Karte Göttliche Intervention ist eine Ausnahme".

The paths that raise a level: a kill (the fighter; tests/rules/test_000_levels_selling_trading.py), the
elf helper's level for a helped kill, a level-up card, Göttliche Intervention, selling, the halfling's
double-price sale, and a table adjustment. Charity, trading, looting and curses move cards or lower
levels; none raises one.
"""

import pytest

from tests.rules.harness import A, Table


# ------------------------------------------------------------------ the elf helper (Um Hilfe bitten)

def _helped_fight(t: Table, *monsters: str) -> list[dict]:
    """Seat 0 (level 5) fights with the elf seat 1 helping, and wins."""
    t.state.players[1].races = ["elf"]
    t.set_level(0, 5)
    t.do(0, A.KickDoor(card=monsters[0]), at=0)
    for extra in monsters[1:]:
        t.do(2, A.PlayCard(card="wanderndes-monster", with_card=extra), at=0)
    t.do(0, A.AskForHelp(helper=1), at=0)
    t.do(1, A.AnswerHelp(accept=True), at=0)
    t.do(0, A.ClaimVictory(), at=0)
    return t.do(None, A.ResolveCombat(), at=5000)


def test_an_elf_helper_at_level_nine_reaches_ten_by_the_helped_kill_and_wins():
    # 000 Gewonnen!: "Hattest du einen Helfer, steigt dieser nicht auf (außer es ist ein Elf)!" -- the
    # elf's level comes from killing a monster, so it may be the tenth (decision "The elf helper at level 9").
    t = Table()
    t.set_level(1, 9)
    effects = _helped_fight(t, "netztroll")  # level 10; 5 + 9 beat it
    assert t.p(1).level == 10 and t.p(0).level == 6
    assert {"type": "GameWon", "winners": [1]} in effects and t.state.finished


def test_an_elf_helper_gains_one_level_per_monster_but_never_past_ten():
    # 000 SPIELENDE: ten is the top; two helped kills at level 9 end at 10, not 11.
    t = Table()
    t.set_level(1, 9)
    _helped_fight(t, "gewaltiger-kaefer", "topfpflanze")
    assert t.p(1).level == 10 and t.state.finished
    t2 = Table()
    t2.set_level(1, 7)
    _helped_fight(t2, "gewaltiger-kaefer", "topfpflanze")
    assert t2.p(1).level == 9 and not t2.state.finished  # one level per monster, no cap reached


def test_a_helper_who_is_no_elf_gains_no_level_even_at_nine():
    # 000 Gewonnen!: "Hattest du einen Helfer, steigt dieser nicht auf (außer es ist ein Elf)!"
    t2 = Table()
    t2.set_level(1, 9)
    t2.set_level(0, 5)
    t2.do(0, A.KickDoor(card="netztroll"), at=0)
    t2.do(0, A.AskForHelp(helper=1), at=0)
    t2.do(1, A.AnswerHelp(accept=True), at=0)
    t2.do(0, A.ClaimVictory(), at=0)
    t2.do(None, A.ResolveCombat(), at=5000)
    assert t2.p(1).level == 9 and not t2.state.finished


# ------------------------------------------------------------------ level-up cards (Sonstige Karten)

def test_a_level_up_card_stops_at_nine_for_anyone_in_or_out_of_combat():
    # "Würde ein Spieler durch etwas anderes auf Stufe 10 steigen, bleibt er auf Stufe 9."
    t = Table()
    t.set_level(0, 9)
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    for seat in (0, 1):  # the fighter on himself, and another player on the fighter
        t.rejects("munchkin.level.tenth-only-by-kill", seat, A.PlayCard(card="trank-der-allgemeinbildung",
                                                                         target_seat=0))
    assert t.p(0).level == 9


# ------------------------------------------------------------------ Göttliche Intervention

def test_divine_intervention_is_the_exception_and_ends_at_ten():
    # "Die Karte Göttliche Intervention ist eine Ausnahme, sie kann das Spiel beenden!"
    t = Table()
    t.state.players[2].classes = ["priester"]
    t.set_level(2, 9)
    effects = t.do(0, A.KickDoor(card="goettliche-intervention"))
    assert t.p(2).level == 10 and effects[-1] == {"type": "GameWon", "winners": [2]}


# ------------------------------------------------------------------ the halfling's sale (Rassen / Klassen)

def test_the_halflings_double_price_sale_gives_no_tenth_level():
    # 000 SPIELENDE: selling is "etwas anderes"; decision "The halfling's double-price sale".
    t = Table()
    t.state.players[0].races = ["halbling"]
    t.set_level(0, 9)
    t.equip(0, "kettensaege")
    t.rejects("munchkin.level.tenth-only-by-kill", 0, A.UseAbility(ability="halfling-sale", item="kettensaege"))
    assert t.p(0).level == 9 and [i.card for i in t.p(0).items] == ["kettensaege"]


def test_the_halflings_sale_worth_two_levels_at_eight_stops_at_nine():
    t = Table()
    t.state.players[0].races = ["halbling"]
    t.set_level(0, 8)
    t.equip(0, "kettensaege", "flammende-ruestung", "gehoernter-helm")
    # 2 x 600 + 400 + 600 = 2,200 gold: two levels' worth, one of them is the tenth.
    t.do(0, A.UseAbility(ability="halfling-sale", item="kettensaege",
                         discard_from_table=("flammende-ruestung", "gehoernter-helm")))
    assert t.p(0).level == 9 and not t.state.finished


# ------------------------------------------------------------------ table adjustments (Goldene Regel)

def test_an_adjustment_may_record_level_ten_and_it_wins():
    # Decision "A level recorded by an adjustment": "Goldene Regel: Immer, wenn die Karten den Regeln
    # widersprechen, haben die Karten Vorrang!" -- the table records what a card did or what happened at
    # the table (a kill the judge did not see); a level 10 so recorded stands and wins.
    t = Table()
    t.set_level(1, 9)
    effects = t.do(None, A.RecordAdjustment(reason="Karte: steige auf Stufe 10", target_seat=1, set_level=10))
    assert t.p(1).level == 10 and {"type": "GameWon", "winners": [1]} in effects
    t2 = Table()
    t2.set_level(1, 9)
    t2.do(1, A.RecordAdjustment(reason="Karte: steige auf Stufe 10", target_seat=1, set_level=10))
    t2.do(0, A.ConfirmAdjustment(accept=True))
    assert t2.p(1).level == 9 and not t2.state.finished  # not before every other seat agreed
    t2.do(2, A.ConfirmAdjustment(accept=True))
    assert t2.p(1).level == 10 and t2.state.finished


@pytest.mark.parametrize("level", [11, -1])
def test_an_adjustment_beyond_ten_is_malformed(level: int):
    # 000 SPIELENDE: there is no level above 10; a level out of range is bad input, naming the field.
    t = Table()
    t.malformed("record_adjustment.set_level", None,
                A.RecordAdjustment(reason="zu hoch", target_seat=1, set_level=level))
