"""monkic (002 Spezial Karten, Karten(Extra), XXL Drache, Pings): SuperPower,
Elemente, the XXL cards and the exchange."""

from __future__ import annotations

from tests.rules.monkic.harness import A, Table


def duel(att: str, dfn: str, variants: tuple[str, ...] = ()) -> tuple[Table, str, str]:
    t = Table(variants=variants)
    t.at_round(2)
    return t, t.put(0, "hand", att), t.put(1, "hand", dfn)


def attack(t: Table, card: str, targets: tuple[str, ...], dice: tuple[int, ...], defence: tuple[int, ...],
           **kw: object) -> list[dict]:
    return t.fights(t.do(0, A.Attack(card=card, targets=targets, dice=dice, defence_dice=defence, **kw)))


def guard(t: Table, seat: int, card: str, guard_card: str, *, keeps: bool = False) -> str:
    g = t.put(seat, "hand", guard_card)
    t.state.seats[seat].hand.remove(g)
    t.state.guards[card] = g
    if keeps:
        t.state.keeps_guard.append(g)
    return g


# ------------------------------------------------------------------ SuperPower

def test_superpower_points_are_24_divided_by_the_die():
    """Decision: exact fractions in a fight, whole life points (rounded down)."""
    t, sp, g = duel("superpower", "golem")
    f = attack(t, sp, (g,), (5,), (1,))[0]  # 24/5 against 4 + 1
    assert (f["attack"], f["shield"], f["winner"]) == ("24/5", "5", "defender")
    t, g, sp = duel("golem", "superpower")
    f = attack(t, g, (sp,), (6,), (2,))[0]  # 4 + 6 against 24/2
    assert (f["shield"], f["winner"]) == ("12", "defender")
    t, sp, _ = duel("superpower", "golem")
    t.state.seats[1].hand.clear()
    attack(t, sp, (), (5,), ())
    assert t.life(1) == 20 - 4


def test_superpower_cannot_attack_superpower():
    t, a, b = duel("superpower", "superpower")
    t.rejects("monkic.attack.superpower-vs-superpower", 0, A.Attack(card=a, targets=(b,), dice=(1,),
                                                                     defence_dice=(1,)))


def test_superpower_is_immune_to_curses_and_so_is_the_card_it_protects():
    t = Table()
    t.at_round(2)
    eb, ps, bh = t.put(0, "table", "erdbeben"), t.put(0, "table", "psycho"), t.put(0, "table", "black-hole")
    sp = t.put(1, "hand", "superpower")
    drache = t.put(1, "hand", "drache")
    guard(t, 1, drache, "superpower")
    t.rejects("monkic.curse.superpower-immune", 0, A.PlayCurse(card=ps, targets=(drache,)))
    t.rejects("monkic.curse.superpower-immune", 0, A.PlayCurse(card=eb, targets=(sp,)))
    t.do(0, A.PlayCurse(card=bh))
    assert t.hand(1) == ["superpower", "drache"]


def test_superpower_immune_to_the_reaper_and_the_vampir():
    t, rp, sp = duel("reaper", "superpower")
    attack(t, rp, (sp,), (6,), (6,))  # 5 + 6 against 24/6
    assert t.hand(0) == ["reaper"] and t.graveyard(1) == ["superpower"]
    t, v, sp = duel("vampir", "superpower")
    attack(t, v, (sp,), (6,), (6,))
    assert all(p["kind"] != "vampir" for p in t.state.pending)


def test_superpower_as_protection_sacrificed_or_surviving():
    t, g, d = duel("golem", "drache")
    guard(t, 1, d, "superpower")
    attack(t, g, (d,), (6,), (1,))  # 10 against 6: the Drache loses, SuperPower dies for it
    assert t.hand(1) == ["drache"] and t.graveyard(1) == ["superpower"]
    t, g, d = duel("golem", "drache")
    guard(t, 1, d, "superpower", keeps=True)
    attack(t, g, (d,), (6,), (1,))
    assert t.hand(1) == ["superpower"] and t.graveyard(1) == ["drache"]


def test_protect_with_superpower_chooses_who_dies_in_advance():
    t, g, d = duel("golem", "drache")
    sp, j = t.put(0, "hand", "superpower"), t.put(0, "hand", "joker")
    t.malformed("protect.sacrifice_guard", 0, A.Protect(guard=j, card=g, sacrifice_guard=False))
    t.do(0, A.Protect(guard=sp, card=g, sacrifice_guard=False))
    assert t.state.keeps_guard == [sp]


def test_superpowers_last_trick_adds_the_die_times_health_2():
    t, g, sp = duel("golem", "superpower")
    attack(t, g, (sp,), (6,), (4,))  # 10 against 24/4 = 6
    assert t.state.pending[0]["kind"] == "last-trick" and t.state.pending[0]["seat"] == 1
    t.rejects("monkic.pending.answer-first", 0, A.EndTurn())
    t.do(1, A.Resolve(dice=(4,)))
    assert t.life(1) == 28


# ------------------------------------------------------------------ Elemente

def test_elemente_the_die_chooses_the_element_and_is_not_added():
    expected = {1: "0", 2: "7", 4: "5", 6: "5"}
    for die, points in expected.items():
        t, el, g = duel("elemente", "golem")
        f = attack(t, el, (g,), (die,), (1,))[0]
        assert f["attack"] == points, die
    for die, shield in {1: "11", 2: "4", 3: "0", 4: "5", 6: "0"}.items():
        t, g, el = duel("golem", "elemente")
        f = attack(t, g, (el,), (1,), (die,))[0]
        assert f["shield"] == shield, die


def test_elemente_erde_defending_destroys_the_attackers_right_curse_else_right_table_card():
    t, g, el = duel("golem", "elemente")
    t.put(0, "table", "heilung")
    t.put(0, "table", "stehlen")
    t.put(0, "table", "zwerg")
    attack(t, g, (el,), (1,), (1,))  # 5 against 11
    assert t.table(0) == ["heilung", "zwerg"] and t.graveyard(0) == ["golem", "stehlen"]
    t, g, el = duel("golem", "elemente")
    t.put(0, "table", "zwerg")
    t.put(0, "table", "drache")
    attack(t, g, (el,), (1,), (1,))
    assert t.table(0) == ["zwerg"]


def test_elemente_eis_bars_the_opponent_next_turn_win_or_lose():
    t, g, el = duel("golem", "elemente")
    other = t.put(0, "hand", "zwerg")
    attack(t, g, (el,), (6,), (2,))  # 10 against 4: Elemente loses, Eis holds anyway
    assert t.graveyard(1) == ["elemente"]
    t.do(1, A.Resolve(dice=(1, 1, 1, 1, 1, 1)))  # the revival roll fails
    t.do(0, A.EndTurn())
    t.do(1, A.EndTurn())
    t.rejects("monkic.attack.eis", 0, A.Attack(card=other, targets=(), dice=(1,)))
    t.do(0, A.EndTurn())
    t.do(1, A.EndTurn())
    t.do(0, A.Attack(card=other, targets=(), dice=(1,)))
    assert t.life(1) == 13


def test_elemente_blitz_attacks_three_monsters():
    t = Table()
    t.at_round(2)
    el = t.put(0, "hand", "elemente")
    g1, g2, r = t.put(1, "hand", "golem"), t.put(1, "hand", "golem"), t.put(1, "hand", "roboter")
    fights = attack(t, el, (g1, g2, r), (3,), (1, 2, 1))  # 7 against 5, 6, 8
    assert [f["winner"] for f in fights] == ["attacker", "attacker", "defender"]
    assert t.graveyard(1) == ["golem", "golem"]
    assert t.hand(0) == []  # it lost the third fight


def test_elemente_blitz_or_7_off_the_life_points_even_with_monsters_on_the_hand():
    t, el, g = duel("elemente", "golem")
    attack(t, el, (), (3,), ())
    assert t.life(1) == 13 and t.hand(1) == ["golem"]
    t, el, g = duel("elemente", "golem")  # another element: the attack on the life points does nothing
    f = attack(t, el, (), (4,), ())[0]
    assert f["reason"] == "elemente-no-target" and t.life(1) == 20
    t, d, g = duel("drache", "golem")
    t.rejects("monkic.attack.one-target", 0, A.Attack(card=d, targets=(g, g), dice=(1,), defence_dice=(1, 1)))


def test_elemente_feuer_winning_destroys_one_more_hand_card():
    t, el, ratte = duel("elemente", "ratte")
    z = t.put(1, "hand", "zwerg")
    attack(t, el, (ratte,), (4,), (1,), extra=z)  # 5 against 3 + 1
    assert t.graveyard(1) == ["ratte", "zwerg"]


def test_elemente_natur_only_the_dice_count():
    t, el, g = duel("elemente", "roboter")
    f = attack(t, el, (g,), (5,), (4,))[0]
    assert (f["attack"], f["shield"], f["winner"]) == ("5", "4", "attacker")


def test_elemente_tornado_losing_does_not_die():
    t, el, g = duel("elemente", "roboter")
    attack(t, el, (g,), (6,), (6,))  # 5 against 13
    assert t.hand(0) == ["elemente"] and t.graveyard(0) == []


def test_elemente_revival_roll_of_six_dice_22_or_more():
    t, g, el = duel("drache", "elemente")
    attack(t, g, (el,), (6,), (3,))  # 14 against 0 (Blitz)
    t.rejects("monkic.pending.answer-first", 0, A.EndTurn())
    t.do(1, A.Resolve(dice=(6, 6, 4, 3, 2, 1), place="table"))  # 22
    assert t.table(1) == ["elemente"] and t.graveyard(1) == []
    t, g, el = duel("drache", "elemente")
    attack(t, g, (el,), (6,), (3,))
    t.do(1, A.Resolve(dice=(6, 6, 4, 3, 1, 1), place="table"))  # 21
    assert t.graveyard(1) == ["elemente"]


# ------------------------------------------------------------------ XXL

def test_xxl_drache_adds_two_dice_halved():
    t, x, r = duel("xxl-drache", "roboter", ("extra",))
    f = attack(t, x, (r,), (3, 4), (1,))  # 10 + 7/2 against 7 + 1
    assert (f[0]["attack"], f[0]["winner"]) == ("27/2", "attacker")
    t, g, x = duel("golem", "xxl-drache", ("extra",))
    f = attack(t, g, (x,), (6,), (6, 5))
    assert f[0]["shield"] == "31/2"


def test_xxl_protected_by_a_joker_uses_its_joker_values():
    t, x, r = duel("xxl-drache", "roboter", ("extra",))
    guard(t, 0, x, "joker")
    f = attack(t, x, (r,), (1, 2), (1,))
    assert f[0]["attack"] == "27/2"  # 12 + 3/2


def test_pings_attack_die_plus_2_even_wins_odd_loses():
    t, p, r = duel("pings", "roboter", ("extra",))
    assert attack(t, p, (r,), (4,), (6,))[0]["winner"] == "attacker"
    t, p, r = duel("pings", "roboter", ("extra",))
    assert attack(t, p, (r,), (3,), (1,))[0]["winner"] == "defender"


def test_pings_with_a_joker_divides_by_half_the_die_and_rounds_down():
    """Decision: (Attack(Joker) 9 + die) / (die / 2), rounded down; even wins, odd: nothing happens."""
    t, p, r = duel("pings", "roboter", ("extra",))
    guard(t, 0, p, "joker")
    f = attack(t, p, (r,), (3,), (1,))[0]  # (9 + 3) / 1.5 = 8: even
    assert f["winner"] == "attacker"
    t, p, r = duel("pings", "roboter", ("extra",))
    guard(t, 0, p, "joker")
    f = attack(t, p, (r,), (4,), (1,))[0]  # (9 + 4) / 2 = 6.5 -> 6: even
    assert f["winner"] == "attacker"
    t, p, r = duel("pings", "roboter", ("extra",))
    guard(t, 0, p, "joker")
    f = attack(t, p, (r,), (5,), (1,))[0]  # (9 + 5) / 2.5 = 5.6 -> 5: odd, nothing happens
    assert f["winner"] == "none" and t.hand(0) == ["pings"] and t.hand(1) == ["roboter"]


def test_pings_shield_with_a_joker_die_by_5_rounded_down_plus_13():
    for die, shield in ((4, "13"), (5, "14")):
        t, g, p = duel("golem", "pings", ("extra",))
        guard(t, 1, p, "joker")
        f = attack(t, g, (p,), (1,), (die,))[0]
        assert f["shield"] == shield


def test_extra_exchange_superpower_or_elemente_for_an_xxl_card_never_back():
    t = Table(variants=("extra",))
    t.at_round(2)
    sp, x, g = t.put(0, "table", "superpower"), t.put(0, "hand", "pings"), t.put(0, "table", "golem")
    t.rejects("monkic.exchange.only-special", 0, A.Exchange(card=g, xxl="pings"))
    t.rejects("monkic.exchange.no-return", 0, A.Exchange(card=x, xxl="pings"))
    t.do(0, A.Exchange(card=sp, xxl="xxl-drache"))
    assert t.table(0) == ["golem", "xxl-drache"] and t.state.xxl.count("xxl-drache") == 2
    assert t.state.out == [sp] and t.state.zone_of(sp) == (-1, "")  # out of play, and counted there
    plain = Table()
    plain.at_round(2)
    el = plain.put(0, "table", "elemente")
    plain.rejects("monkic.exchange.only-extra", 0, A.Exchange(card=el, xxl="pings"))


def test_superpower_is_immune_to_the_dornenfalle():
    t = Table()
    t.at_round(2, active=1)
    trap, mine = t.put(0, "table", "dornenfalle"), t.put(0, "hand", "golem")
    t.state.traps.append(trap)
    sp = t.put(1, "hand", "superpower")
    t.rejects("monkic.curse.superpower-immune", 1, A.Attack(card=sp, targets=(mine,), dice=(2,),
                                                            defence_dice=(5, 5, 1), trap=trap))
    e = t.do(1, A.Attack(card=sp, targets=(mine,), dice=(2,), defence_dice=(1,)))  # no trap dice
    assert [f["reason"] for f in t.fights(e)] == ["points"] and t.state.trap_turn == []
    assert t.graveyard(0) == ["golem"]
