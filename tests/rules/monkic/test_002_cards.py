"""monkic (002 Karten, Monster / Figuren): every named card's ability.
Values of the test group: tests/rules/monkic/harness.py (Drache 8/5, Golem 4/4 ...)."""

from __future__ import annotations

from tests.rules.monkic.harness import A, Table


def duel(att: str, dfn: str, *, active: int = 0) -> tuple[Table, str, str]:
    t = Table()
    t.at_round(2, active=active)
    return t, t.put(active, "hand", att), t.put(1 - active, "hand", dfn)


def attack(t: Table, card: str, target: str, dice: tuple[int, ...], defence: tuple[int, ...],
           seat: int = 0, **kw: object) -> dict:
    e = t.do(seat, A.Attack(card=card, targets=(target,), dice=dice, defence_dice=defence, **kw))
    return t.fights(e)[0]


def test_hydra_and_cerberus_attack_twice_in_a_turn():
    for twice in ("hydra", "cerberus"):
        t, h, g1 = duel(twice, "golem")
        g2 = t.put(1, "hand", "golem")
        attack(t, h, g1, (6,), (1,))  # 6 (or 5) + 6 against 4 + 1
        attack(t, h, g2, (6,), (1,))
        assert t.graveyard(1) == ["golem", "golem"]
        g3 = t.put(1, "hand", "golem")
        t.rejects("monkic.attack.once-per-turn", 0, A.Attack(card=h, targets=(g3,), dice=(1,), defence_dice=(1,)))


def test_drache_wins_on_a_six_attacking_and_defending():
    t, d, r = duel("drache", "roboter")
    f = attack(t, d, r, (6,), (6,))
    assert (f["winner"], f["reason"]) == ("attacker", "drache")
    t, z, d = duel("zwerg", "drache")  # Zwerg 6 + 6 = 12 against 5 + 6 = 11, but the Drache rolled a six
    f = attack(t, z, d, (5,), (6,))
    assert (f["winner"], f["reason"]) == ("defender", "drache")


def test_hexe_cannot_be_attacked_by_the_drache():
    t, d, h = duel("drache", "hexe")
    t.rejects("monkic.attack.hexe-not-by-drache", 0, A.Attack(card=d, targets=(h,), dice=(1,), defence_dice=(1,)))


def test_zyklop_loses_on_a_four():
    t, z, g = duel("zyklop", "golem")  # 5 + 4 = 9 against 4 + 1 = 5, but a four loses
    f = attack(t, z, g, (4,), (1,))
    assert (f["winner"], f["reason"]) == ("defender", "zyklop")
    assert t.graveyard(0) == ["zyklop"]


def test_ninja_on_two_or_six_destroys_itself_and_the_defender():
    for die in (2, 6):
        t, n, r = duel("ninja", "roboter")
        f = attack(t, n, r, (die,), (1,))
        assert f["reason"] == "ninja"
        assert t.graveyard(0) == ["ninja"] and t.graveyard(1) == ["roboter"]


def test_reaper_takes_the_card_it_beats_to_hand_or_table():
    t, rp, g = duel("reaper", "golem")  # 5 + 3 = 8 against 4 + 1 = 5
    attack(t, rp, g, (3,), (1,), place="table")
    assert t.table(0) == ["golem"] and t.graveyard(1) == []
    t, g, rp = duel("golem", "reaper")  # defending Reaper: 4 + 1 against 5 + 3
    attack(t, g, rp, (1,), (3,))
    assert t.hand(1) == ["reaper", "golem"] and t.graveyard(0) == []
    assert t.state.pending[0]["kind"] == "reaper" and t.state.pending[0]["seat"] == 1
    t.do(1, A.Resolve(place="table"))
    assert t.hand(1) == ["reaper"] and t.table(1) == ["golem"]


def test_ritter_on_a_three_has_9_attack_points():
    t, r, ro = duel("ritter", "roboter")  # 9 + 3 = 12 against 7 + 4 = 11 (4 + 3 = 7 would lose)
    f = attack(t, r, ro, (3,), (4,))
    assert (f["attack"], f["winner"]) == ("12", "attacker")


def test_alien_on_a_five_swaps_itself_and_the_attacked_card():
    t, al, g = duel("alien", "golem")
    f = attack(t, al, g, (5,), (1,))
    assert f["reason"] == "alien"
    assert t.hand(0) == ["golem"] and t.hand(1) == ["alien"]


def test_minotaurus_sacrificing_a_joker_wins():
    t, m, ro = duel("minotaurus", "roboter")
    joker = t.put(0, "table", "joker-dame")
    f = attack(t, m, ro, (1,), (6,), sacrifice=(joker,))
    assert (f["winner"], f["reason"]) == ("attacker", "minotaurus")
    assert t.graveyard(0) == ["joker-dame"] and t.graveyard(1) == ["roboter"]


def test_only_the_minotaurus_sacrifices_and_only_a_joker():
    t, m, ro = duel("minotaurus", "roboter")
    golem = t.put(0, "table", "golem")
    t.rejects("monkic.sacrifice.not-a-joker", 0, A.Attack(card=m, targets=(ro,), dice=(1,), defence_dice=(1,),
                                                          sacrifice=(golem,)))
    t, d, ro = duel("drache", "roboter")
    joker = t.put(0, "table", "joker")
    t.rejects("monkic.sacrifice.only-minotaurus", 0, A.Attack(card=d, targets=(ro,), dice=(1,),
                                                              defence_dice=(1,), sacrifice=(joker,)))


def test_gorilla_rolls_four_times_a_five_wins_else_it_loses():
    t, g, ro = duel("gorilla", "roboter")
    f = attack(t, g, ro, (1, 2, 5, 1), (6,))
    assert (f["winner"], f["reason"]) == ("attacker", "gorilla")
    t, g, ro = duel("gorilla", "golem")
    f = attack(t, g, ro, (6, 6, 6, 6), (1,))
    assert (f["winner"], f["reason"]) == ("defender", "gorilla")


def test_vampir_winning_draws_a_card_to_hand_or_table():
    t, v, g = duel("vampir", "golem")
    attack(t, v, g, (3,), (1,))
    assert t.state.pending[0]["kind"] == "vampir"
    t.rejects("monkic.pending.answer-first", 0, A.EndTurn())
    t.do(0, A.Resolve(card="drache", place="hand"))
    assert t.hand(0) == ["vampir", "drache"] and t.state.pending == []


def test_bogenschuetze_wins_on_a_three():
    t, b, ro = duel("bogenschuetze", "roboter")
    f = attack(t, b, ro, (3,), (6,))
    assert (f["winner"], f["reason"]) == ("attacker", "bogenschuetze")


def test_spinne_on_a_three_bars_the_opponent_next_turn_even_when_it_loses():
    t, sp, ro = duel("spinne", "roboter")
    other = t.put(0, "hand", "golem")
    attack(t, sp, ro, (3,), (6,))  # 5 + 3 against 7 + 6: the Spinne loses
    assert t.graveyard(0) == ["spinne"]
    t.do(0, A.EndTurn())
    t.rejects("monkic.attack.spinne", 1, A.Attack(card=ro, targets=(other,), dice=(1,), defence_dice=(1,)))
    t.do(1, A.EndTurn())
    t.do(0, A.EndTurn())
    attack(t, ro, other, (1,), (1,), seat=1)


def test_ratte_beats_a_card_with_8_attack_points():
    t, r, d = duel("ratte", "drache")  # the Drache has 8 attack points
    f = attack(t, r, d, (1,), (5,))
    assert (f["winner"], f["reason"]) == ("attacker", "ratte")
    t, d, r = duel("drache", "ratte")  # defending: the Ratte wins too
    f = attack(t, d, r, (5,), (1,))
    assert (f["winner"], f["reason"]) == ("defender", "ratte")


def test_the_attackers_rule_wins_over_the_defenders():
    """002 Karten: "Wenn zwei Regelungen nicht zu einander passen, "gewinnt" die Regelung des Angreifers!" """
    t, d, r = duel("drache", "ratte")  # Drache's six against the Ratte's eight
    f = attack(t, d, r, (6,), (1,))
    assert (f["winner"], f["reason"]) == ("attacker", "drache")
    t, b, d = duel("bogenschuetze", "drache")  # both roll their winning number
    f = attack(t, b, d, (3,), (6,))
    assert (f["winner"], f["reason"]) == ("attacker", "bogenschuetze")


def test_boeses_schild_on_a_four_adds_7_and_not_the_four():
    t, b, ro = duel("boeses-schild", "roboter")  # 2 + 7 = 9 (not 13)
    f = attack(t, b, ro, (4,), (1,))
    assert (f["attack"], f["shield"], f["winner"]) == ("9", "8", "attacker")


def test_joker_in_hand_searches_a_joker_from_the_stack_once():
    t = Table()
    t.at_round(2)
    jih = t.put(0, "hand", "joker-in-hand")
    t.do(0, A.SearchJoker(card=jih, joker="joker-dame", place="table"))
    assert t.table(0) == ["joker-dame"] and t.state.stack.count("joker-dame") == 2
    t.rejects("monkic.joker-in-hand.once", 0, A.SearchJoker(card=jih, joker="joker"))
    other = t.put(0, "table", "joker-in-hand")
    t.state.stack = [c for c in t.state.stack if c != "joker"]
    t.rejects("monkic.joker-in-hand.none-left", 0, A.SearchJoker(card=other, joker="joker"))


def test_computer_attacks_with_two_dice_and_defends_with_none():
    t, c, ro = duel("computer", "roboter")
    f = attack(t, c, ro, (3, 4), (2,))  # 4 + 3 + 4 = 11 against 7 + 2
    assert (f["attack"], f["winner"]) == ("11", "attacker")
    t, g, c = duel("golem", "computer")
    f = attack(t, g, c, (1,), ())  # no defence die: shield 2
    assert (f["attack"], f["shield"], f["winner"]) == ("5", "2", "attacker")


def test_tastatur_defends_with_two_dice_added_and_attacks_with_none():
    """Decision: Tastatur's two defence dice are both added."""
    t, g, ta = duel("golem", "tastatur")
    f = attack(t, g, ta, (6,), (2, 3))  # 4 + 6 = 10 against 5 + 2 + 3 = 10
    assert (f["shield"], f["winner"]) == ("10", "draw")
    t, ta, g = duel("tastatur", "golem")
    f = attack(t, ta, g, (), (1,))  # 3 and no die against 4 + 1
    assert (f["attack"], f["winner"]) == ("3", "defender")


def test_supercomputer_loses_against_a_shield_of_four_attacking_or_defending():
    t, s, g = duel("supercomputer", "golem")  # the Golem's shield is 4
    f = attack(t, s, g, (6,), (1,))
    assert (f["winner"], f["reason"]) == ("defender", "supercomputer")
    t, g, s = duel("golem", "supercomputer")  # the Golem attacks; its shield is 4
    f = attack(t, g, s, (1,), (6,))
    assert (f["winner"], f["reason"]) == ("attacker", "supercomputer")
