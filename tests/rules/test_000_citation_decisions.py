"""Tests holding decisions where a rule does more than its quote says
(docs/rules.md, "Decisions where the rule texts are open")."""

from tests.rules.harness import A, Table


def test_a_lasting_curse_cannot_pay_for_an_ability():
    """000 "Flüche": lasting curses stay until their effect ends, even as payment (000 "Rassen / Klassen")."""
    t = Table()
    t.state.players[0].classes = ["krieger"]
    t.do(1, A.PlayCard(card="huhn-auf-deinem-kopf", target_seat=0))
    assert "huhn-auf-deinem-kopf" in t.p(0).table
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    t.rejects("munchkin.curse.lasting-stays", 0,
              A.UseAbility(ability="berserk", discard_from_table=("huhn-auf-deinem-kopf",)))
