"""000 SPIELENDE (level 10), Gegenstände verkaufen, Gegenstände handeln."""

from tests.rules.harness import A, Table


# ------------------------------------------------------------------ SPIELENDE

def test_level_ten_by_a_kill_wins():
    # "Der erste Spieler, der Stufe 10 erreicht, gewinnt das Spiel. Er muss jedoch die 10. Stufe
    #  erreichen, indem er ein Monster tötet."
    t = Table(window_ms=0)
    t.set_level(0, 9)
    t.do(0, A.KickDoor(card="topfpflanze"))
    effects = t.do(0, A.ClaimVictory())
    assert {"type": "GameWon", "winners": [0]} in effects
    assert t.state.finished and t.p(0).level == 10
    t.rejects("munchkin.game.over", 1, A.PlayCard(card="1000-goldstuecke", target_seat=1))


def test_a_two_level_monster_at_level_nine_still_ends_at_ten():
    t = Table(window_ms=0)
    t.set_level(0, 9)
    t.equip(0, "kettensaege")
    t.do(0, A.KickDoor(card="koenig-tut"))  # 16, two levels
    for _ in range(2):
        t.do(0, A.PlayCard(card="eiskalter-sprengtrank", side="players"))
    t.do(0, A.ClaimVictory())
    assert t.p(0).level == 10


def test_level_up_card_cannot_give_the_tenth_level():
    # "Würde ein Spieler durch etwas anderes auf Stufe 10 steigen, bleibt er auf Stufe 9."
    t = Table()
    t.set_level(1, 9)
    r = t.rejects("munchkin.level.tenth-only-by-kill", 0, A.PlayCard(card="1000-goldstuecke", target_seat=1))
    assert r.ruling.legal_when("en") == "Never: only a kill reaches level 10."
    t.set_level(1, 8)
    t.do(0, A.PlayCard(card="1000-goldstuecke", target_seat=1))
    assert t.p(1).level == 9


def test_level_up_cards_any_time_even_in_another_players_turn():
    # 000 Sonstige Karten: "Karten, die die Stufe eines Spielers verändern, dürfen ... zu jedem beliebigen
    #  Zeitpunkt gespielt werden."
    t = Table()
    t.do(2, A.PlayCard(card="trank-der-allgemeinbildung", target_seat=2))
    assert t.p(2).level == 2


def test_simultaneous_winners_through_divine_intervention():
    # "Erreichen 2 oder mehr Spieler zur gleichen Zeit die 10. Stufe, gewinnen sie gemeinsam."
    # "Die Karte Göttliche Intervention ist eine Ausnahme, sie kann das Spiel beenden!"
    t = Table(4)
    for seat in (1, 3):
        t.state.players[seat].classes = ["priester"]
        t.set_level(seat, 9)
    t.state.players[2].classes = ["priester"]
    t.set_level(2, 4)
    effects = t.do(0, A.KickDoor(card="goettliche-intervention"))
    assert effects[-1] == {"type": "GameWon", "winners": [1, 3]}
    assert [p.level for p in t.state.players] == [1, 10, 5, 10]


# ------------------------------------------------------------------ selling

def test_sell_a_thousand_gold_for_one_level_no_change():
    # "Gegenstände mit einem Gesamtwert von mindestens 1.000 Goldstücken ab, um sofort eine Stufe
    #  aufzusteigen ... Es gibt natürlich kein Wechselgeld."
    t = Table()
    t.equip(0, "flammende-ruestung", "kettensaege")  # 400 + 600
    t.do(0, A.SellItems(cards=("flammende-ruestung", "kettensaege")))
    assert t.p(0).level == 2 and t.p(0).items == []
    t2 = Table()
    t2.equip(0, "gehoernter-helm", "kettensaege", "trank-der-idiotischen-tapferkeit")  # 1,300
    t2.do(0, A.SellItems(cards=("gehoernter-helm", "kettensaege", "trank-der-idiotischen-tapferkeit")))
    assert t2.p(0).level == 2


def test_sell_two_thousand_for_two_levels_from_hand_and_table():
    # "Dazu darfst du sowohl Gegenstände, die du trägst, als auch solche aus deiner Hand einlösen ...
    #  im Wert von mindestens 2.000 Goldstücken ..., so steigst du 2 Stufen auf einmal auf"
    t = Table()
    t.equip(0, "kettensaege", "gehoernter-helm")
    t.do(0, A.SellItems(cards=("kettensaege", "gehoernter-helm", "flammende-ruestung", "dolch-des-verrats")))
    assert t.p(0).level == 3 and t.p(0).unknown == 6  # two came from the (unknown) hand


def test_sell_under_a_thousand_is_rejected():
    t = Table()
    t.equip(0, "flammende-ruestung")
    r = t.rejects("munchkin.sell.at-least-1000", 0, A.SellItems(cards=("flammende-ruestung",)))
    assert r.ruling.details["gold"] == 400


def test_no_selling_during_combat():
    # "Lege jederzeit während deines Zuges (jedoch nicht im Kampf!) Gegenstände ... ab"
    t = Table()
    t.equip(0, "kettensaege", "gehoernter-helm")
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    r = t.rejects("munchkin.sell.not-during-combat", 0, A.SellItems(cards=("kettensaege", "gehoernter-helm")))
    assert r.ruling.rule.citation.section == "Gegenstände verkaufen"


def test_no_selling_in_another_players_turn():
    t = Table()
    t.equip(1, "kettensaege", "gehoernter-helm")
    t.rejects("munchkin.sell.own-turn-only", 1, A.SellItems(cards=("kettensaege", "gehoernter-helm")))


def test_no_tenth_level_by_selling():
    t = Table()
    t.set_level(0, 9)
    t.equip(0, "kettensaege", "gehoernter-helm")
    t.rejects("munchkin.level.tenth-only-by-kill", 0, A.SellItems(cards=("kettensaege", "gehoernter-helm")))
    t.set_level(0, 8)
    t.equip(0, "umhang-der-unsichtbarkeit", "dolch-des-verrats")
    t.do(0, A.SellItems(cards=("kettensaege", "gehoernter-helm", "umhang-der-unsichtbarkeit", "dolch-des-verrats")))
    assert t.p(0).level == 9


def test_only_items_with_a_value_sell():
    t = Table()
    t.rejects("munchkin.item.not-an-item", 0, A.SellItems(cards=("elf",)))


# ------------------------------------------------------------------ trading

def test_trade_items_in_play_outside_combat_even_in_another_turn():
    # "Handeln kannst du jederzeit, also auch außerhalb deines eigenen Zuges ... Jeder Gegenstand, den
    #  du durch einen Handel bekommst, wird sofort ausgelegt."
    t = Table()
    t.equip(1, "flammende-ruestung")
    t.equip(2, "gehoernter-helm")
    t.do(1, A.ProposeTrade(with_seat=2, give=("flammende-ruestung",), receive=("gehoernter-helm",)))
    t.rejects("munchkin.trade.none-open", 0, A.AcceptTrade())
    t.do(2, A.AcceptTrade())
    assert [i.card for i in t.p(1).items] == ["gehoernter-helm"]
    assert [i.card for i in t.p(2).items] == ["flammende-ruestung"]


def test_never_trade_from_the_hand():
    # 001: "aber nur mit Gegenstandskarten, die ausliegen ... – niemals mit Karten aus der Hand!"
    t = Table()
    t.rejects("munchkin.trade.only-items-in-play", 1, A.ProposeTrade(with_seat=2, give=("flammende-ruestung",)))


def test_no_trading_during_combat():
    # 000 "Weitere Aktionen im Kampf": "Es ist allerdings nicht erlaubt, während eines Kampfes Gegenstände
    #  zu stehlen (Dieb), zu verkaufen oder zu handeln" -- in anyone's combat.
    t = Table()
    t.equip(1, "flammende-ruestung")
    t.equip(2, "gehoernter-helm")
    t.do(1, A.ProposeTrade(with_seat=2, give=("flammende-ruestung",), receive=("gehoernter-helm",)))
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    t.rejects("munchkin.trade.not-during-combat", 2, A.AcceptTrade())
    t.rejects("munchkin.trade.not-during-combat", 2, A.ProposeTrade(with_seat=1, give=("gehoernter-helm",)))


def test_trade_partner_and_withdrawal():
    t = Table()
    t.equip(1, "flammende-ruestung")
    t.rejects("munchkin.trade.not-with-self", 1, A.ProposeTrade(with_seat=1, give=("flammende-ruestung",)))
    t.do(1, A.ProposeTrade(with_seat=2, give=("flammende-ruestung",)))
    t.rejects("munchkin.trade.one-open", 0, A.ProposeTrade(with_seat=2, give=()))
    t.do(2, A.CancelTrade())
    assert t.state.trade is None
