"""monkic (002 Karten, Flüche): every curse, played from its owner's table."""

from __future__ import annotations

from tests.rules.monkic.harness import A, Table


def table(rnd: int = 2, active: int = 0) -> Table:
    t = Table()
    t.at_round(rnd, active=active)
    return t


def test_curses_are_played_from_the_own_table():
    t = table()
    mine_in_hand = t.put(0, "hand", "golem")
    theirs = t.put(1, "table", "heilung")
    t.rejects("monkic.curse.from-own-table", 0, A.PlayCurse(card=theirs))
    t.rejects("monkic.curse.from-own-table", 0, A.PlayCurse(card=mine_in_hand))


def test_blitz_with_a_joker_destroys_every_hand_card_of_the_opponent():
    t = table()
    blitz, joker = t.put(0, "table", "blitz"), t.put(0, "hand", "joker")
    t.put(1, "hand", "golem")
    t.put(1, "hand", "drache")
    kept = t.put(1, "table", "zwerg")
    t.rejects("monkic.curse.blitz-needs-joker", 0, A.PlayCurse(card=blitz))
    t.do(0, A.PlayCurse(card=blitz, sacrifice=(joker,)))
    assert t.hand(1) == [] and t.graveyard(1) == ["golem", "drache"] and t.state.seats[1].table == [kept]
    assert t.graveyard(0) == ["joker", "blitz"]


def test_blitz_a_protected_card_loses_only_its_joker():
    """002 Jokers: "wird nur ein Joker geopfert und die Karte bleibt erhalten(Beispiel: Blitz)" """
    t = table()
    blitz, joker = t.put(0, "table", "blitz"), t.put(0, "table", "joker")
    golem, guard = t.put(1, "hand", "golem"), t.put(1, "hand", "joker-kind")
    t.state.guards[golem] = guard
    t.state.seats[1].hand.remove(guard)
    t.do(0, A.PlayCurse(card=blitz, sacrifice=(joker,)))
    assert t.hand(1) == ["golem"] and t.graveyard(1) == ["joker-kind"]


def test_schutz_the_opponent_cannot_attack_your_monsters_next_turn():
    t = table()
    schutz, mine = t.put(0, "table", "schutz"), t.put(0, "hand", "golem")
    theirs = t.put(1, "hand", "drache")
    t.do(0, A.PlayCurse(card=schutz))
    t.do(0, A.EndTurn())
    t.rejects("monkic.attack.schutz", 1, A.Attack(card=theirs, targets=(mine,), dice=(1,), defence_dice=(1,)))
    t.do(1, A.EndTurn())
    t.do(0, A.EndTurn())
    t.do(1, A.Attack(card=theirs, targets=(mine,), dice=(1,), defence_dice=(1,)))


def test_dornenfalle_is_activated_by_saying_so_and_never_played():
    t = table()
    trap = t.put(0, "table", "dornenfalle")
    t.rejects("monkic.trap.by-activation", 0, A.PlayCurse(card=trap))
    t.do(0, A.ActivateTrap(card=trap))
    t.rejects("monkic.trap.not-your-trap", 0, A.ActivateTrap(card=trap))
    assert t.state.traps == [trap]


def test_dornenfalle_beats_the_attacker_on_a_five():
    t = table(active=1)
    trap, mine = t.put(0, "table", "dornenfalle"), t.put(0, "hand", "golem")
    t.state.traps.append(trap)
    attacker = t.put(1, "hand", "drache")
    e = t.do(1, A.Attack(card=attacker, targets=(mine,), dice=(6,), defence_dice=(2, 5), trap=trap))
    f = t.fights(e)[0]
    assert (f["winner"], f["reason"]) == ("defender", "dornenfalle")
    assert t.graveyard(1) == ["drache"] and t.hand(0) == ["golem"] and t.table(0) == ["dornenfalle"]


def test_dornenfalle_once_per_turn_and_without_a_five_the_fight_goes_on():
    t = table(active=1)
    trap, mine = t.put(0, "table", "dornenfalle"), t.put(0, "hand", "roboter")
    t.state.traps.append(trap)
    a1, a2 = t.put(1, "hand", "golem"), t.put(1, "hand", "zwerg")
    # Trap dice 1, 2 (no five), then the Roboter's die: 4 + 1 against 7 + 1.
    e = t.do(1, A.Attack(card=a1, targets=(mine,), dice=(1,), defence_dice=(1, 2, 1), trap=trap))
    assert t.fights(e)[0]["reason"] == "points" and t.graveyard(1) == ["golem"]
    # The second attack this turn: the Dornenfalle is used up ("nur einmal im Zug einsetzbar").
    t.rejects("monkic.trap.not-active", 1, A.Attack(card=a2, targets=(mine,), dice=(1,), defence_dice=(1, 5, 1),
                                                    trap=trap))
    e = t.do(1, A.Attack(card=a2, targets=(mine,), dice=(1,), defence_dice=(1,)))
    assert t.fights(e)[0]["reason"] == "points"


def test_dornenfalle_is_destroyed_only_by_two_jokers():
    t = table()
    trap = t.put(1, "table", "dornenfalle")
    j1, j2 = t.put(0, "hand", "joker"), t.put(0, "table", "joker-dame")
    t.rejects("monkic.trap.two-jokers", 0, A.DestroyTrap(card=trap, sacrifice=(j1,)))
    t.do(0, A.DestroyTrap(card=trap, sacrifice=(j1, j2)))
    assert t.graveyard(1) == ["dornenfalle"] and t.graveyard(0) == ["joker", "joker-dame"]


def test_familie_vereint_three_jokers_take_six_cards_but_only_the_protection():
    t = table()
    fam = t.put(0, "table", "familie-vereint")
    jokers = tuple(t.put(0, "hand", j) for j in ("joker", "joker-kind", "joker-dame"))
    golem, guard = t.put(1, "hand", "golem"), t.put(1, "hand", "joker")
    t.state.seats[1].hand.remove(guard)
    t.state.guards[golem] = guard
    drache, heil = t.put(1, "hand", "drache"), t.put(1, "table", "heilung")
    t.rejects("monkic.curse.familie-needs-three", 0, A.PlayCurse(card=fam, sacrifice=jokers[:2],
                                                                 targets=(drache,)))
    t.do(0, A.PlayCurse(card=fam, sacrifice=jokers, targets=(golem, drache, heil), place="hand"))
    assert t.hand(0) == ["joker", "drache"] and t.table(0) == ["heilung"]
    assert t.hand(1) == ["golem"] and t.state.guards == {}


def test_familie_vereint_at_most_six_of_the_opponents_cards():
    t = table()
    fam = t.put(0, "table", "familie-vereint")
    jokers = tuple(t.put(0, "hand", j) for j in ("joker", "joker-kind", "joker-dame"))
    mine = t.put(0, "table", "golem")
    t.rejects("monkic.curse.familie-six", 0, A.PlayCurse(card=fam, sacrifice=jokers, targets=(mine,)))
    many = tuple(t.put(1, "table", "golem") for _ in range(7))
    t.rejects("monkic.curse.familie-six", 0, A.PlayCurse(card=fam, sacrifice=jokers, targets=many))


def test_attack_curse_damages_5_10_or_wins_with_two_jokers():
    t = table()
    c1, c2, c3 = (t.put(0, "table", "attack") for _ in range(3))
    j = [t.put(0, "table", "joker") for _ in range(3)]
    t.put(1, "hand", "golem")  # damage goes to the life points even with hand cards
    t.do(0, A.PlayCurse(card=c1))
    assert t.life(1) == 15
    t.do(0, A.PlayCurse(card=c2, sacrifice=(j[0],)))
    assert t.life(1) == 5
    t.do(0, A.PlayCurse(card=c3, sacrifice=(j[1], j[2])))
    assert t.state.winner == 0


def test_a_sacrificed_joker_leaves_the_card_under_it_in_the_hand():
    """002 Karten, Attack ("Opferst du zu der Karte Attack einen Joker, macht sie 10 Schaden") and Jokers
    ("Verliert dann die zu schütztene Karte, ... aber der Joker stirbt"): the sacrificed joker lost no
    fight, so the Kobold laid under it goes back to the hand; no card is lost (decision "a sacrificed
    joker's protection")."""
    t = table()
    curse, joker, kobold = t.put(0, "table", "attack"), t.put(0, "hand", "joker"), t.put(0, "hand", "kobold")
    t.do(0, A.Protect(guard=kobold, card=joker))
    assert t.state.guards == {joker: kobold} and t.hand(0) == ["joker"]
    t.do(0, A.PlayCurse(card=curse, sacrifice=(joker,)))
    assert t.life(1) == 10
    assert t.hand(0) == ["kobold"] and t.graveyard(0) == ["joker", "attack"] and t.state.guards == {}


def test_attack_curse_is_an_attack_not_in_the_first_round():
    t = table(rnd=1)
    c = t.put(0, "table", "attack")
    t.rejects("monkic.attack.first-round", 0, A.PlayCurse(card=c))


def test_reborn_revives_a_card_from_the_own_graveyard():
    t = table()
    reborn = t.put(0, "table", "reborn")
    dead, theirs = t.put(0, "graveyard", "drache"), t.put(1, "graveyard", "golem")
    t.rejects("monkic.curse.reborn-own-graveyard", 0, A.PlayCurse(card=reborn, targets=(theirs,)))
    t.do(0, A.PlayCurse(card=reborn, targets=(dead,), place="hand"))
    assert t.hand(0) == ["drache"] and t.graveyard(0) == ["reborn"]


def test_heilung_heals_two_life_points():
    t = table()
    t.do(0, A.PlayCurse(card=t.put(0, "table", "heilung")))
    assert t.life(0) == 22


def test_black_hole_sends_every_hand_card_to_its_graveyard():
    t = table()
    bh = t.put(0, "table", "black-hole")
    t.put(0, "hand", "golem")
    t.put(1, "hand", "drache")
    t.do(0, A.PlayCurse(card=bh))
    assert t.hand(0) == t.hand(1) == [] and t.graveyard(0) == ["golem", "black-hole"]
    assert t.graveyard(1) == ["drache"]


def test_barriere_bars_both_players_for_this_turn_and_the_next():
    """Decision: "eine Runde lang" is the rest of this turn and the opponent's next turn."""
    t = table()
    bar = t.put(0, "table", "barriere")
    mine, theirs = t.put(0, "hand", "golem"), t.put(1, "hand", "drache")
    t.do(0, A.PlayCurse(card=bar))
    t.rejects("monkic.attack.barriere", 0, A.Attack(card=mine, targets=(theirs,), dice=(1,), defence_dice=(1,)))
    t.do(0, A.EndTurn())
    t.rejects("monkic.attack.barriere", 1, A.Attack(card=theirs, targets=(mine,), dice=(1,), defence_dice=(1,)))
    t.do(1, A.EndTurn())
    t.do(0, A.Attack(card=mine, targets=(theirs,), dice=(1,), defence_dice=(1,)))


def test_stehlen_takes_the_opponents_left_table_card():
    t = table()
    st = t.put(0, "table", "stehlen")
    t.put(1, "table", "zwerg")
    t.put(1, "table", "golem")
    t.do(0, A.PlayCurse(card=st))
    assert t.table(0) == ["zwerg"] and t.table(1) == ["golem"]


def test_psycho_uses_an_opponents_hand_card_for_one_turn():
    t = table()
    psycho = t.put(0, "table", "psycho")
    drache, golem = t.put(1, "hand", "drache"), t.put(1, "hand", "golem")
    t.do(0, A.PlayCurse(card=psycho, targets=(drache,)))
    assert t.hand(0) == ["drache"]
    t.do(0, A.Attack(card=drache, targets=(golem,), dice=(1,), defence_dice=(1,)))  # 9 against 5
    t.do(0, A.EndTurn())
    assert t.hand(1) == ["drache"] and t.graveyard(1) == ["golem"]


def test_psycho_a_borrowed_card_that_dies_goes_to_the_users_graveyard():
    t = table()
    psycho = t.put(0, "table", "psycho")
    zwerg, roboter = t.put(1, "hand", "zwerg"), t.put(1, "hand", "roboter")
    t.do(0, A.PlayCurse(card=psycho, targets=(zwerg,)))
    t.do(0, A.Attack(card=zwerg, targets=(roboter,), dice=(1,), defence_dice=(6,)))
    t.do(0, A.EndTurn())
    assert t.graveyard(0) == ["psycho", "zwerg"] and t.hand(1) == ["roboter"]


def test_roboter_golem_skelett_and_superpower_are_immune_to_psycho():
    for immune in ("roboter", "golem", "skelett", "superpower"):
        t = table()
        psycho = t.put(0, "table", "psycho")
        card = t.put(1, "hand", immune)
        t.rejects("monkic.curse.psycho-immune", 0, A.PlayCurse(card=psycho, targets=(card,)))


def test_erdbeben_destroys_two_hand_cards_on_each_side_chosen_by_the_player():
    t = table()
    eb = t.put(0, "table", "erdbeben")
    m = [t.put(0, "hand", c) for c in ("golem", "zwerg", "drache")]
    o = [t.put(1, "hand", c) for c in ("hexe", "ratte", "ninja")]
    t.rejects("monkic.curse.erdbeben-two-each", 0, A.PlayCurse(card=eb, targets=(m[0], o[0], o[1])))
    t.do(0, A.PlayCurse(card=eb, targets=(m[0], m[2], o[1], o[2])))
    assert t.hand(0) == ["zwerg"] and t.hand(1) == ["hexe"]
