"""000 Flüche and 001 "1. Tür öffnen": a curse turned up on the door waits for its victim's answer
("es sei denn, du hast ein Gegenmittel"); lasting curses end when their effect ends."""

from __future__ import annotations

from tests.rules.harness import A, Table

# A group's own counter card (the base catalogue has none): "Hebe einen Fluch auf, der dich trifft."
WUNSCHRING = {"id": "wunschring", "name": "Wunschring", "deck": "treasure", "kind": "one_shot", "value": 500,
              "cancels_curse": True, "text": "Hebe einen Fluch auf, der dich trifft. Nur einmal einsetzbar."}


def test_tuer_oeffnen_a_curse_from_the_door_waits_for_its_victims_answer():
    # 001 "1. Tür öffnen": "Die Wirkung der Karte tritt sofort ein, es sei denn, du hast ein Gegenmittel
    #  oder bist immun."
    t = Table(3)
    t.set_level(0, 3)
    t.do(0, A.KickDoor(card="fluch-verliere-eine-stufe"))
    assert t.state.pending_curse == {"seat": 0, "card": "fluch-verliere-eine-stufe"} and t.p(0).level == 3
    assert A.AnswerCurse() in t.legal(0)
    t.rejects("munchkin.curse.answer-pending", 0, A.LootRoom())
    t.rejects("munchkin.curse.answer-pending", 1, A.AnswerCurse())
    # Level-ups and curses are still played "zu jedem beliebigen Zeitpunkt" (000 Sonstige Karten).
    t.do(1, A.PlayCard(card="1000-goldstuecke", target_seat=1))
    t.do(0, A.AnswerCurse())
    assert t.state.pending_curse is None and t.p(0).level == 2
    assert "fluch-verliere-eine-stufe" in t.state.discards["door"]
    t.do(0, A.LootRoom())  # the turn goes on with phase 2/3 ("Weiter bei 2.")


def test_tuer_oeffnen_a_counter_cancels_the_curse_from_the_door():
    # "es sei denn, du hast ein Gegenmittel": the counter and the curse are discarded, nothing happens.
    t = Table(3, custom=(WUNSCHRING,))
    t.set_level(0, 3)
    t.give(0, "wunschring")
    t.do(0, A.KickDoor(card="fluch-verliere-eine-stufe"))
    assert A.AnswerCurse(card="wunschring") in t.legal(0)
    t.rejects("munchkin.curse.not-a-counter", 0, A.AnswerCurse(card="elf"))
    t.do(0, A.AnswerCurse(card="wunschring"))
    assert t.p(0).level == 3 and t.state.pending_curse is None and "wunschring" not in t.p(0).hand
    assert "wunschring" in t.state.discards["treasure"] and "fluch-verliere-eine-stufe" in t.state.discards["door"]
    t.rejects("munchkin.curse.none-pending", 0, A.AnswerCurse())


def test_tuer_oeffnen_a_carried_counter_answers_too():
    t = Table(3, custom=(WUNSCHRING,))
    t.equip(0, "wunschring", in_use=False)
    t.do(0, A.KickDoor(card="geschlechtsumwandlung"))
    t.do(0, A.AnswerCurse(card="wunschring"))
    assert t.p(0).sex == "male" and t.p(0).items == [] and t.p(0).table == []


def test_tuer_oeffnen_an_accepted_curse_may_still_ask_the_victim_to_choose():
    # 000 Flüche: "Hat das Opfer mehrere in Frage kommende Gegenstände, entscheidet es selbst"
    t = Table(3)
    t.equip(0, "flammende-ruestung", "gehoernter-helm")
    t.do(0, A.KickDoor(card="fluch-verliere-einen-gegenstand"))
    t.do(0, A.AnswerCurse())
    assert t.state.choice is not None and t.state.choice.seat == 0
    t.do(0, A.ChooseCard(card="gehoernter-helm"))
    assert [i.card for i in t.p(0).items] == ["flammende-ruestung"]


def test_fluche_huhn_ends_with_the_headgear():
    # 000 Flüche: "Die Karten Geschlechtsumwandlung und Huhn auf deinem Kopf werden nicht sofort abgelegt,
    #  sondern bleiben als Gedächtnisstütze liegen, bis ihre Wirkung endet."
    t = Table(3)
    t.equip(0, "gehoernter-helm")
    t.do(1, A.PlayCard(card="huhn-auf-deinem-kopf", target_seat=0))
    assert "huhn-auf-deinem-kopf" in t.p(0).table
    t.do(2, A.PlayCard(card="fluch-verliere-kopfbedeckung", target_seat=0))
    assert t.p(0).items == [] and "huhn-auf-deinem-kopf" not in t.p(0).table
    assert "huhn-auf-deinem-kopf" in t.state.discards["door"]


def test_fluche_huhn_without_headgear_stays_until_one_is_lost():
    t = Table(3)
    t.do(1, A.PlayCard(card="huhn-auf-deinem-kopf", target_seat=0))
    t.do(0, A.PlayCard(card="gehoernter-helm"))
    t.do(0, A.KickDoor(card="elf"))
    assert "huhn-auf-deinem-kopf" in t.p(0).table
    t.do(0, A.DiscardCard(card="gehoernter-helm", from_table=True))
    assert "huhn-auf-deinem-kopf" not in t.p(0).table


def test_fluche_geschlechtsumwandlung_ends_after_the_next_combat():
    # The card text: the sex changes; -5 in the next combat, after that the card goes (the sex stays).
    t = Table(3, window_ms=0)
    t.set_level(0, 8)
    t.do(1, A.PlayCard(card="geschlechtsumwandlung", target_seat=0))
    assert t.p(0).sex == "female" and "geschlechtsumwandlung" in t.p(0).table
    t.do(0, A.KickDoor(card="topfpflanze"))
    assert t.strengths() == (3, 1)  # level 8 - 5
    t.do(0, A.ClaimVictory())
    assert t.combat is None and "geschlechtsumwandlung" not in t.p(0).table and t.p(0).sex == "female"
    assert "geschlechtsumwandlung" in t.state.discards["door"]


def test_fluche_geschlechtsumwandlung_stays_through_a_combat_of_others():
    t = Table(3, window_ms=0)
    t.set_level(0, 8)
    t.do(1, A.PlayCard(card="geschlechtsumwandlung", target_seat=2))
    t.do(0, A.KickDoor(card="topfpflanze"))
    t.do(0, A.ClaimVictory())
    assert "geschlechtsumwandlung" in t.p(2).table
