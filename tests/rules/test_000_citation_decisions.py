"""Tests holding decisions where a rule does more than its quote says
(docs/rules.md, "Decisions where the rule texts are open")."""

from tests.rules.harness import A, Table


def test_putting_an_item_into_the_backpack_also_only_in_own_turn():
    """000 "Gegenstände" (out of the backpack) and "SPIELABLAUF" (both ways, in your turn)."""
    t = Table()
    t.equip(1, "flammende-ruestung")
    t.rejects("munchkin.item.backpack-own-turn", 1, A.SetItemInUse(card="flammende-ruestung", in_use=False))
    t.equip(0, "gehoernter-helm")
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    t.rejects("munchkin.item.backpack-own-turn", 0, A.SetItemInUse(card="gehoernter-helm", in_use=False))


def test_a_lasting_curse_cannot_pay_for_an_ability():
    """000 "Flüche": lasting curses stay until their effect ends, even as payment (000 "Rassen / Klassen")."""
    t = Table()
    t.state.players[0].classes = ["krieger"]
    t.do(1, A.PlayCard(card="huhn-auf-deinem-kopf", target_seat=0))
    assert "huhn-auf-deinem-kopf" in t.p(0).table
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    t.rejects("munchkin.curse.lasting-stays", 0,
              A.UseAbility(ability="berserk", discard_from_table=("huhn-auf-deinem-kopf",)))
