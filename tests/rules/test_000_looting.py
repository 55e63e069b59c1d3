"""000 Tod ("Leiche plündern") and 001 "4. b)": the looting order, who loots, laying out looted cards,
and what death keeps."""

from __future__ import annotations

from tests.rules.harness import A, Table


def _die_to_the_dragon(t: Table, seat: int) -> None:
    """``seat`` (level 6, on turn) meets the Plutoniumdrache, fails to run and dies."""
    t.do(seat, A.KickDoor(card="plutoniumdrache"))
    t.do(seat, A.GiveUp())
    t.do(seat, A.RunAway(monster_index=0, die=1))
    t.do(seat, A.SufferBadStuff(monster_index=0))


def test_tod_highest_level_picks_while_lower_tied_players_still_roll():
    # "Beginnend mit dem Spieler mit der höchsten Stufe darf sich nun jeder Munchkin eine Karte ... aussuchen.
    #  ... Haben mehrere Spieler die gleiche Stufe, würfeln sie."
    t = Table(4)
    t.set_level(0, 6)
    t.set_level(3, 4)  # seats 1 and 2 share level 1
    t.equip(0, "flammende-ruestung", "gehoernter-helm", "kettensaege")
    t.state.players[0].unknown = 0
    _die_to_the_dragon(t, 0)
    # Seat 3 is alone on top: it picks before the tie below is rolled.
    t.rejects("munchkin.loot.not-your-pick", 1, A.LootCorpse(card="kettensaege"))
    t.do(3, A.LootCorpse(card="kettensaege"))
    t.rejects("munchkin.loot.roll-first", 1, A.LootCorpse(card="gehoernter-helm"))
    t.do(1, A.RollDie(die=3))
    t.do(2, A.RollDie(die=6))
    t.do(2, A.LootCorpse(card="gehoernter-helm"))
    t.do(1, A.LootCorpse(card="flammende-ruestung"))
    assert t.state.corpse is None
    assert ("kettensaege" in t.p(3).hand, "gehoernter-helm" in t.p(2).hand) == (True, True)


def test_tod_tied_players_may_roll_before_the_higher_looter_has_picked():
    # The roll-off of a lower level does not wait for the picks above it.
    t = Table(4)
    t.set_level(0, 6)
    t.set_level(3, 4)
    t.equip(0, "flammende-ruestung", "gehoernter-helm", "kettensaege")
    t.state.players[0].unknown = 0
    _die_to_the_dragon(t, 0)
    t.do(1, A.RollDie(die=5))
    t.do(2, A.RollDie(die=2))
    assert t.state.corpse["order"] == [3, 1, 2] and t.state.corpse["picked"] == 0
    t.rejects("munchkin.loot.not-your-pick", 1, A.LootCorpse(card="gehoernter-helm"))
    t.do(3, A.LootCorpse(card="kettensaege"))
    t.do(1, A.LootCorpse(card="gehoernter-helm"))


def test_tod_a_character_that_died_earlier_loots_like_anyone():
    # "Dein neuer Charakter nimmt sofort wieder am Spiel teil." (000 Tod); 001 4. b): "Jeder noch lebende
    # Spieler, angefangen bei dem mit der höchsten Stufe, darf nun eine deiner Karten nehmen."
    t = Table(3)
    t.set_level(0, 6)
    t.set_level(1, 6)
    t.state.players[0].unknown = 0
    t.equip(0, "flammende-ruestung")
    _die_to_the_dragon(t, 0)
    t.do(1, A.LootCorpse(card="flammende-ruestung"))
    assert t.state.corpse is None and t.state.active == 1 and t.p(0).dead  # no cards until its next turn
    t.state.players[1].unknown = 0
    t.equip(1, "gehoernter-helm", "kettensaege")
    _die_to_the_dragon(t, 1)
    # Seat 0 (level 6, died in the turn before) is back and loots first; seat 2 follows.
    assert t.state.corpse["order"] == [0, 2]
    t.do(0, A.LootCorpse(card="kettensaege"))
    t.do(2, A.LootCorpse(card="gehoernter-helm"))
    assert "kettensaege" in t.p(0).hand


def test_tod_lebende_fighter_and_helper_dying_together_do_not_loot_each_other():
    # Decision: "noch lebende" (001 4. b) excludes the characters whose death is being resolved: fighter and
    # helper killed in the same combat do not loot each other; the same reading decides charity (001 6.).
    t = Table(4)
    t.set_level(0, 6)
    t.set_level(1, 6)
    t.set_level(3, 2)
    t.equip(0, "flammende-ruestung")
    t.equip(1, "gehoernter-helm")
    t.state.players[0].unknown = 0
    t.state.players[1].unknown = 0
    t.do(0, A.KickDoor(card="plutoniumdrache"))
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.do(1, A.RunAway(monster_index=0, die=1))
    t.do(0, A.SufferBadStuff(monster_index=0))
    t.do(1, A.SufferBadStuff(monster_index=0))
    assert t.state.corpse["seat"] == 0 and t.state.corpse["order"] == [3, 2]
    assert t.rules.living(t.state) == [2, 3]
    t.do(3, A.LootCorpse(card="flammende-ruestung"))  # the only card: seat 2 goes empty-handed
    assert t.state.corpse["seat"] == 1 and t.state.corpse["order"] == [3, 2]
    t.do(3, A.LootCorpse(card="gehoernter-helm"))
    assert t.state.corpse is None and t.rules.living(t.state) == [0, 1, 2, 3]


def test_tod_every_looter_may_lay_out_its_card_at_once():
    # "Die so erhaltenen Karten können nach den üblichen Regeln entweder auf die Hand genommen oder sofort
    #  ausgelegt werden."
    t = Table(4)
    t.set_level(0, 6)
    t.set_level(3, 4)
    t.set_level(2, 3)
    t.equip(0, "flammende-ruestung", "gehoernter-helm", "kettensaege")
    t.state.players[0].unknown = 0
    _die_to_the_dragon(t, 0)
    t.do(3, A.LootCorpse(card="kettensaege"))
    t.do(2, A.LootCorpse(card="gehoernter-helm"))
    # Seat 3 lays out its chainsaw while the looting still goes on, although seat 2 has picked since.
    t.do(3, A.PlayCard(card="kettensaege"))
    t.do(1, A.LootCorpse(card="flammende-ruestung"))
    assert t.state.corpse is None
    # After the looting, seat 2 and seat 1 lay out theirs, in any order, before anyone else acts.
    t.do(1, A.PlayCard(card="flammende-ruestung"))
    t.do(2, A.PlayCard(card="gehoernter-helm"))
    assert [i.card for i in t.p(3).items] == ["kettensaege"]
    assert [i.card for i in t.p(2).items] == ["gehoernter-helm"]
    assert [i.card for i in t.p(1).items] == ["flammende-ruestung"]


def test_tod_death_keeps_super_munchkin_half_breed_and_lasting_curses():
    # Decision (000 Tod: "Du behältst deine Klasse(n), Rasse(n) und Stufen"; 001 4. b): "Du behältst nur deine
    # Stufe, deine Rasse(n), Klasse(n) ... und auch (permanente) Flüche, Fallen und Katastrophen, die auf dich
    # gespielt wurden"): the plural "Klasse(n), Rasse(n)" keeps the Super Munchkin and Half-Breed cards that
    # hold the second class and race; lasting curses stay too. Items and the hand are looted.
    t = Table(3)
    p = t.state.players[0]
    p.races, p.classes = ["elf", "zwerg"], ["krieger", "dieb"]
    p.table = ["halb-blut", "super-munchkin", "huhn-auf-deinem-kopf"]
    p.unknown = 0
    t.set_level(0, 6)
    t.equip(0, "flammende-ruestung")
    _die_to_the_dragon(t, 0)
    assert (p := t.p(0)).races == ["elf", "zwerg"] and p.classes == ["krieger", "dieb"]
    assert p.table == ["halb-blut", "super-munchkin", "huhn-auf-deinem-kopf"] and p.level == 6
    assert t.state.corpse["cards"] == ["flammende-ruestung"]


def test_tod_lebende_charity_goes_to_a_character_that_died_earlier():
    # 001 6.: "gib die überschüssigen Karten an den oder die lebenden Spieler mit der niedrigsten Stufe" -
    # the same "lebend" as for looting: a character that died in an earlier turn is back and receives.
    t = Table(3)
    t.set_level(0, 3)
    t.set_level(1, 2)
    p2 = t.state.players[2]
    p2.dead, p2.needs_hand, p2.unknown = True, True, 0  # died earlier: no cards until its next turn
    assert t.rules.living(t.state) == [0, 1, 2]
    t.do(0, A.KickDoor(card="elf"))
    t.do(0, A.LootRoom())  # 10 cards: 5 to give
    t.rejects("munchkin.charity.give-to-lowest", 0, A.EndTurn(gifts=(A.CharityGift(1, (), 5),)))
    t.do(0, A.EndTurn(gifts=(A.CharityGift(2, ("elf",), 4),)))
    assert t.p(2).hand_size == 5
