"""000 Phase 4: Milde Gabe (charity)."""

from tests.rules.harness import A, Table


def _to_charity(t: Table) -> None:
    t.do(0, A.KickDoor(card="elf"))
    t.do(0, A.LootRoom())  # hand: 8 unknown + elf + 1 unknown = 10


def test_excess_goes_to_the_single_lowest_player():
    # "gib so viele Karten an den Spieler mit der niedrigsten Stufe, bis du noch genau 5 Karten hast."
    t = Table(3)
    t.set_level(0, 3)
    t.set_level(1, 2)
    t.set_level(2, 1)
    _to_charity(t)
    t.rejects("munchkin.charity.exact-excess", 0, A.EndTurn(gifts=(A.CharityGift(2, (), 4),)))
    t.rejects("munchkin.charity.give-to-lowest", 0, A.EndTurn(gifts=(A.CharityGift(1, (), 5),)))
    t.rejects("munchkin.charity.give-to-lowest", 0, A.EndTurn(discard_unknown=5))
    t.do(0, A.EndTurn(gifts=(A.CharityGift(2, ("elf",), 4),)))
    assert t.p(0).hand_size == 5 and t.p(2).hand_size == 13 and "elf" in t.p(2).hand


def test_split_as_evenly_as_possible_among_several_lowest():
    # "teile die Karten so gleichmäßig wie möglich unter ihnen auf. Es ist an dir zu entscheiden,
    #  wer gegebenenfalls eine Karte mehr bekommt"
    t = Table(4)
    t.set_level(0, 4)
    _to_charity(t)  # 10 cards, excess 5 among seats 1, 2, 3 (all level 1)
    t.rejects("munchkin.charity.split-evenly", 0,
              A.EndTurn(gifts=(A.CharityGift(1, (), 3), A.CharityGift(2, (), 2))))
    t.do(0, A.EndTurn(gifts=(A.CharityGift(1, (), 2), A.CharityGift(2, (), 1), A.CharityGift(3, (), 2))))
    assert [p.hand_size for p in t.state.players] == [5, 10, 9, 10]


def test_lowest_player_discards_the_excess():
    # "Solltest du selbst die niedrigste Stufe haben ..., lege die überzähligen Karten ab."
    t = Table(3)
    t.set_level(1, 2)  # seats 0 and 2 share the lowest level
    _to_charity(t)
    t.rejects("munchkin.charity.discard-when-lowest", 0, A.EndTurn(gifts=(A.CharityGift(2, (), 5),)))
    t.do(0, A.EndTurn(discard=("elf",), discard_unknown=4))
    assert t.p(0).hand_size == 5 and "elf" in t.state.discards["door"]


def test_dwarves_keep_six_cards():
    # "(Zwerge dürfen 6 Karten behalten.)"
    t = Table(3)
    t.do(0, A.KickDoor(card="zwerg"))
    t.do(0, A.PlayCard(card="zwerg"))
    t.do(0, A.LootRoom())  # 9 cards in hand
    t.rejects("munchkin.charity.exact-excess", 0, A.EndTurn(discard_unknown=4))
    t.do(0, A.EndTurn(discard_unknown=3))
    assert t.p(0).hand_size == 6


def test_no_charity_with_five_cards_or_fewer():
    t = Table(3)
    t.do(0, A.KickDoor(card="elf"))
    for c in ("elf",):
        t.do(0, A.PlayCard(card=c))
    t.state.players[0].unknown = 5
    t.rejects("munchkin.charity.exact-excess", 0, A.EndTurn(discard_unknown=1))
    t.do(0, A.EndTurn())


def test_gifted_cards_must_be_in_the_hand():
    t = Table(3)
    t.set_level(0, 2)
    _to_charity(t)
    t.state.players[0].unknown = 0
    t.state.players[0].hand = ["elf", "zwerg", "halbling", "krieger", "dieb", "priester"]
    t.rejects("munchkin.hand.card-not-in-hand", 0, A.EndTurn(gifts=(A.CharityGift(1, ("zauberer",), 0),)))


def test_legal_actions_offer_a_valid_charity():
    t = Table(4)
    t.set_level(0, 4)
    _to_charity(t)
    ends = [a for a in t.legal(0) if a.kind == "end_turn"]
    assert len(ends) == 1
    t.do(0, ends[0])
    assert t.p(0).hand_size == 5
