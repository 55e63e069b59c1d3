"""000 SPIELVORBEREITUNGEN: the opening lay-out of every player.

"Schau dir deine Anfangskarten an. Sollte sich unter ihnen eine Klasse ... oder eine Rasse ... befinden,
darfst du (falls du es möchtest) eine von jeder Art spielen, indem du sie vor dir hinlegst. Finden sich
unter deinen Anfangskarten Gegenstände, so darfst du sie ebenfalls schon auslegen."
"""

from __future__ import annotations

from tests.rules.harness import A, Table


def test_spielvorbereitungen_every_player_lays_out_race_class_and_items_at_a_reported_table():
    t = Table(3)
    # Seats 1 and 2 are not on turn: their opening race, class and items go down all the same.
    t.do(1, A.PlayCard(card="elf"))
    t.do(1, A.PlayCard(card="krieger"))
    t.do(1, A.PlayCard(card="flammende-ruestung"))
    t.do(2, A.PlayCard(card="zwerg"))
    t.do(2, A.PlayCard(card="gehoernter-helm"))
    assert (t.p(1).races, t.p(1).classes, [i.card for i in t.p(1).items]) == (
        ["elf"], ["krieger"], ["flammende-ruestung"])
    assert t.p(2).races == ["zwerg"] and [i.card for i in t.p(2).items] == ["gehoernter-helm"]
    assert t.p(1).hand_size == 5 and t.p(2).hand_size == 6


def test_spielvorbereitungen_one_of_each_kind_only():
    # "eine von jeder Art": a second race or class is not part of the opening lay-out.
    t = Table(3)
    t.do(1, A.PlayCard(card="elf"))
    t.rejects("munchkin.timing.race-class", 1, A.PlayCard(card="zwerg"))
    t.do(1, A.PlayCard(card="dieb"))
    t.rejects("munchkin.timing.race-class", 1, A.PlayCard(card="priester"))


def test_spielvorbereitungen_window_ends_with_the_first_door():
    # Decision: the opening window closes for every seat when the first player kicks open the first door;
    # then races, classes and items are played in the own turn again (000 "Rassen / Klassen").
    t = Table(3)
    t.do(0, A.KickDoor(card="fluch-verliere-eine-stufe"))
    t.do(0, A.AnswerCurse())
    t.rejects("munchkin.timing.race-class", 1, A.PlayCard(card="elf"))
    t.rejects("munchkin.timing.item", 2, A.PlayCard(card="flammende-ruestung"))


def test_spielvorbereitungen_curses_and_monsters_are_no_opening_lay_out():
    # Only races, classes and items: a monster enhancer or a monster is not laid out from the opening hand.
    t = Table(3)
    t.rejects("munchkin.timing.monster", 1, A.PlayCard(card="gewaltiger-kaefer"))
    t.rejects("munchkin.timing.monster-enhancer", 1, A.PlayCard(card="uralt", monster_index=0))


def test_spielvorbereitungen_at_a_dealt_table_every_seat_lays_out_from_its_dealt_hand():
    t = Table(3, seed=bytes(range(32)))
    t.do(None, A.Deal())
    # Seat 1 was dealt the class Zauberer, Umhang der Unsichtbarkeit and Schatzbort (which must be played
    # at once, "Ziehst du die Karten Schatzbort ..., musst du sie sofort ausspielen!", 000 Sonstige Karten).
    assert {"zauberer", "umhang-der-unsichtbarkeit", "schatzbort"} <= set(t.p(1).hand)
    t.do(1, A.PlayCard(card="schatzbort"))
    assert A.PlayCard(card="zauberer") in t.legal(1)
    t.do(1, A.PlayCard(card="zauberer"))
    t.do(1, A.PlayCard(card="umhang-der-unsichtbarkeit"))
    assert t.p(1).classes == ["zauberer"] and [i.card for i in t.p(1).items] == ["umhang-der-unsichtbarkeit"]
    # Seat 2: after its Göttliche Intervention, its boots go down before the first door.
    t.do(2, A.PlayCard(card="goettliche-intervention"))
    assert A.PlayCard(card="stiefel-des-kraeftigen-tretens") in t.legal(2)
    t.do(2, A.PlayCard(card="stiefel-des-kraeftigen-tretens"))
    assert [i.card for i in t.p(2).items] == ["stiefel-des-kraeftigen-tretens"]
