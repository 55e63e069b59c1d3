"""000 Sonstige Karten / Flüche and the 001 timing table: level-up cards and curses "zu jedem beliebigen
Zeitpunkt", also while a corpse is looted or someone owes a choice."""

from __future__ import annotations

from tests.rules.harness import A, Table


def _corpse_on_the_table(t: Table) -> None:
    t.set_level(0, 6)
    t.set_level(2, 3)
    t.equip(0, "flammende-ruestung", "gehoernter-helm")
    t.state.players[0].unknown = 0
    t.do(0, A.KickDoor(card="plutoniumdrache"))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.state.corpse is not None


def test_sonstige_karten_level_up_while_a_corpse_is_looted():
    # 000 Sonstige Karten: "Karten, die die Stufe eines Spielers verändern, dürfen (wie Flüche) zu jedem
    #  beliebigen Zeitpunkt gespielt werden."
    t = Table(3)
    t.set_level(1, 2)
    _corpse_on_the_table(t)
    assert t.state.corpse["order"] == [2, 1]
    # Seat 1 rises to level 3, level with seat 2, before the picks: the order set when the corpse was laid
    # out stays (decision "The looting order with ties"); nobody has to roll.
    t.do(1, A.PlayCard(card="1000-goldstuecke", target_seat=1))
    assert t.p(1).level == 3 and t.state.corpse["order"] == [2, 1] and t.state.corpse["groups"] == []
    t.rejects("munchkin.loot.in-progress", 1, A.KickDoor(card="elf"))
    t.do(2, A.LootCorpse(card="gehoernter-helm"))
    t.do(1, A.LootCorpse(card="flammende-ruestung"))
    assert t.state.corpse is None


def test_fluche_curse_while_a_corpse_is_looted():
    # 000 Flüche: "auf jeden beliebigen Spieler zu jedem beliebigen Zeitpunkt anwenden ... Jeder beliebige
    #  Zeitpunkt, klar?"
    t = Table(3)
    _corpse_on_the_table(t)
    t.do(1, A.PlayCard(card="fluch-verliere-eine-stufe", target_seat=2))
    assert t.p(2).level == 2 and t.state.corpse is not None


def test_fluche_level_up_and_curse_while_someone_owes_a_choice():
    # 001: "Steige-eine-Stufe-auf-Karten und sonstige spezielle Schatzkarten: Jederzeit." and
    #  "Flüche, Fallen, Katastrophen und Geisteskrankheiten: Jederzeit."
    t = Table(3)
    t.equip(2, "flammende-ruestung", "gehoernter-helm")
    t.do(1, A.PlayCard(card="fluch-verliere-einen-gegenstand", target_seat=2))
    assert t.state.choice is not None and t.state.choice.seat == 2
    t.do(0, A.PlayCard(card="1000-goldstuecke", target_seat=0))
    t.set_level(1, 3)
    t.do(0, A.PlayCard(card="fluch-verliere-eine-stufe", target_seat=1))
    assert (t.p(0).level, t.p(1).level) == (2, 2)
    t.rejects("munchkin.choice.pending", 0, A.KickDoor(card="elf"))
    t.do(2, A.ChooseCard(card="gehoernter-helm"))
    assert t.state.choice is None and [i.card for i in t.p(2).items] == ["flammende-ruestung"]


def test_fluche_a_second_choice_waits_for_the_first():
    # "Hat das Opfer mehrere in Frage kommende Gegenstände, entscheidet es selbst, welcher betroffen ist."
    # A curse needing a choice while another choice is owed: the victim chooses once the first is made.
    t = Table(3)
    t.equip(2, "flammende-ruestung", "gehoernter-helm", "kettensaege")
    t.equip(1, "flammende-ruestung", "gehoernter-helm")
    t.do(0, A.PlayCard(card="fluch-verliere-einen-gegenstand", target_seat=2))
    t.do(0, A.PlayCard(card="fluch-verliere-einen-gegenstand", target_seat=1))
    assert t.state.choice.seat == 2 and [c.seat for c in t.state.choices_waiting] == [1]
    t.rejects("munchkin.choice.pending", 1, A.ChooseCard(card="gehoernter-helm"))
    t.do(2, A.ChooseCard(card="kettensaege"))
    assert t.state.choice.seat == 1
    t.do(1, A.ChooseCard(card="gehoernter-helm"))
    assert t.state.choice is None
    assert [i.card for i in t.p(1).items] == ["flammende-ruestung"]
    assert [i.card for i in t.p(2).items] == ["flammende-ruestung", "gehoernter-helm"]


def test_sonstige_karten_legal_actions_offer_level_ups_during_a_looting():
    t = Table(3)
    _corpse_on_the_table(t)
    t.give(1, "1000-goldstuecke")
    assert A.PlayCard(card="1000-goldstuecke", target_seat=1) in t.legal(1)


def test_fluche_a_curse_played_meanwhile_narrows_the_choice_to_what_is_still_carried():
    # "Hat das Opfer mehrere in Frage kommende Gegenstände, entscheidet es selbst, welcher betroffen ist."
    # A curse played while the choice is owed takes the armor: the choice offers the other two.
    t = Table(3)
    t.equip(2, "flammende-ruestung", "gehoernter-helm", "kettensaege")
    t.do(1, A.PlayCard(card="fluch-verliere-einen-gegenstand", target_seat=2))
    assert t.state.choice.options == ["flammende-ruestung", "gehoernter-helm", "kettensaege"]
    t.do(0, A.PlayCard(card="fluch-verliere-ruestung", target_seat=2))
    assert t.state.choice.options == ["gehoernter-helm", "kettensaege"]
    assert A.ChooseCard(card="flammende-ruestung") not in t.legal(2)
    t.rejects("munchkin.choice.not-an-option", 2, A.ChooseCard(card="flammende-ruestung"))
    t.do(2, A.ChooseCard(card="kettensaege"))
    assert [i.card for i in t.p(2).items] == ["gehoernter-helm"]


def test_fluche_with_one_item_left_the_owed_curse_takes_it_without_a_choice():
    # Only one "in Frage kommender Gegenstand" is left: there is nothing to decide, the curse takes it.
    t = Table(3)
    t.equip(2, "flammende-ruestung", "gehoernter-helm")
    t.do(1, A.PlayCard(card="fluch-verliere-einen-gegenstand", target_seat=2))
    t.do(0, A.PlayCard(card="fluch-verliere-ruestung", target_seat=2))
    assert t.state.choice is None and t.p(2).items == []
    assert {"fluch-verliere-einen-gegenstand", "fluch-verliere-ruestung"} <= set(t.state.discards["door"])
    t.do(0, A.KickDoor(card="elf"))  # nobody owes a choice: the game goes on


def test_fluche_a_waiting_choice_is_checked_when_its_turn_comes():
    t = Table(3)
    t.equip(2, "flammende-ruestung", "gehoernter-helm", "kettensaege")
    t.equip(1, "flammende-ruestung", "gehoernter-helm")
    t.do(0, A.PlayCard(card="fluch-verliere-einen-gegenstand", target_seat=2))
    t.do(0, A.PlayCard(card="fluch-verliere-einen-gegenstand", target_seat=1))
    t.do(2, A.PlayCard(card="fluch-verliere-ruestung", target_seat=1))  # seat 1 keeps only its helm
    assert t.state.choice.seat == 2 and [i.card for i in t.p(1).items] == ["gehoernter-helm"]
    t.do(2, A.ChooseCard(card="kettensaege"))
    assert t.state.choice is None and t.p(1).items == []  # the waiting curse took the helm
