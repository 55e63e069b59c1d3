"""000 "Gegenstände handeln" (items given away without a trade, as bribes) and
000 "Gegenstände" (the backpack: only taking items out is limited; using an
item whose slot is taken puts what is in the way in the backpack)."""

from tests.rules.harness import A, Table


def _items(t: Table, seat: int) -> dict[str, bool]:
    return {i.card: i.in_use for i in t.p(seat).items}


# ------------------------------------------------------------------ 000 "Gegenstände handeln": gifts


def test_gegenstaende_handeln_a_bribe_given_during_another_players_combat():
    # "Du darfst auch Gegenstände ohne Handel weggeben, um andere Spieler damit zu bestechen: „Ich gebe dir
    #  meine Flammende Rüstung, wenn du André nicht hilfst, den Plutoniumdrachen zu bekämpfen.“"
    t = Table(4)
    t.equip(2, "flammende-ruestung")
    t.do(0, A.KickDoor(card="plutoniumdrache"))  # André (seat 0) fights the dragon
    effects = t.do(2, A.GiveItem(card="flammende-ruestung", to_seat=1))
    assert t.types(effects) == ["ItemGiven"]
    assert _items(t, 2) == {} and _items(t, 1) == {"flammende-ruestung": True}  # put in play at once
    assert t.combat is not None  # the fight goes on


def test_gegenstaende_handeln_a_gift_outside_combat_and_outside_ones_turn():
    # "Du darfst auch Gegenstände ohne Handel weggeben" - no trade, nothing in return, any time.
    t = Table()
    t.equip(1, "kettensaege")
    t.do(1, A.GiveItem(card="kettensaege", to_seat=2))  # seat 0's turn, no combat
    assert _items(t, 2) == {"kettensaege": True} and _items(t, 1) == {}
    assert t.state.trade is None


def test_gegenstaende_handeln_only_carried_items_are_given_and_never_to_yourself():
    # "jedoch nur solche, die du bereits trägst, also nicht von deiner Hand"
    t = Table()
    t.give(1, "flammende-ruestung")
    t.rejects("munchkin.gift.only-carried-items", 1, A.GiveItem(card="flammende-ruestung", to_seat=2))
    t.equip(1, "gehoernter-helm")
    t.rejects("munchkin.gift.not-to-yourself", 1, A.GiveItem(card="gehoernter-helm", to_seat=1))
    t.malformed("give_item.to_seat", 1, A.GiveItem(card="gehoernter-helm", to_seat=7))


def test_gegenstaende_a_gift_respects_the_receivers_one_big_item():
    # 000 "Gegenstände": "Du darfst eine beliebige Anzahl an kleinen Gegenständen tragen, aber maximal einen Großen."
    t = Table()
    t.equip(1, "kettensaege")
    t.equip(2, "ganzkoerper-schild")
    t.rejects("munchkin.item.one-big", 1, A.GiveItem(card="kettensaege", to_seat=2))
    t.state.players[2].races = ["zwerg"]
    t.do(1, A.GiveItem(card="kettensaege", to_seat=2))


def test_gegenstaende_handeln_a_gift_to_the_fighter_withdraws_a_claimed_win():
    # Decision (docs/rules.md): a gift that changes a fighter's strength is an action in the window of
    # 000 "Weitere Aktionen im Kampf"; the fighter claims again if still winning.
    t = Table(window_ms=2600)
    t.set_level(0, 7)
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))  # 6
    t.do(0, A.ClaimVictory())
    t.equip(2, "flammende-ruestung")
    t.do(2, A.GiveItem(card="flammende-ruestung", to_seat=0))
    assert t.combat.stage == "fighting" and t.strengths() == (9, 6)


def test_gegenstaende_handeln_gifts_are_legal_actions():
    t = Table()
    t.equip(1, "gehoernter-helm")
    legal = t.legal(1)
    assert A.GiveItem(card="gehoernter-helm", to_seat=0) in legal
    assert A.GiveItem(card="gehoernter-helm", to_seat=1) not in legal


# ------------------------------------------------------------------ 000 "Gegenstände": the backpack


def test_gegenstaende_putting_an_item_in_the_backpack_is_never_limited():
    # "Du kannst Gegenstände nur in deinem eigenen Zug aus dem Rucksack holen" - only taking them out
    # is limited; putting one away is possible in another player's turn and in combat.
    t = Table()
    t.equip(1, "flammende-ruestung")
    t.do(1, A.SetItemInUse(card="flammende-ruestung", in_use=False))  # seat 0's turn
    assert _items(t, 1) == {"flammende-ruestung": False}
    t.equip(0, "gehoernter-helm")
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    t.do(0, A.SetItemInUse(card="gehoernter-helm", in_use=False))  # in combat
    assert _items(t, 0) == {"gehoernter-helm": False}
    t.rejects("munchkin.item.backpack-own-turn", 0, A.SetItemInUse(card="gehoernter-helm", in_use=True))
    t.rejects("munchkin.item.backpack-own-turn", 1, A.SetItemInUse(card="flammende-ruestung", in_use=True))


def test_gegenstaende_using_an_item_puts_the_one_in_its_slot_in_the_backpack_in_one_action():
    # "nur 1 Kopfbedeckung, 1 Rüstung, 1 Schuhwerk ... gleichzeitig nutzen ... Du solltest Gegenstände, die du
    #  zwar trägst, aber nicht nutzen kannst ..., seitwärts drehen – sie befinden sich dann in deinem Rucksack."
    t = Table()
    t.equip(0, "stiefel-des-kraeftigen-tretens")
    t.equip(0, "stiefel-des-weglaufens", in_use=False)
    effects = t.do(0, A.SetItemInUse(card="stiefel-des-weglaufens", in_use=True))
    assert [(e["card"], e["in_use"]) for e in effects] == [("stiefel-des-kraeftigen-tretens", False),
                                                          ("stiefel-des-weglaufens", True)]
    assert _items(t, 0) == {"stiefel-des-kraeftigen-tretens": False, "stiefel-des-weglaufens": True}


def test_gegenstaende_two_hand_items_in_the_way_and_naming_the_one_to_put_away():
    # "2 Gegenstände für jeweils „1 Hand“ (oder 1 Gegenstand für „2 Hände“)": with two different one-hand
    # items in use, the player names the one that goes to the backpack.
    t = Table()
    t.equip(0, "schwert-der-singenden-hymne", "dolch-des-verrats")
    t.equip(0, "ganzkoerper-schild", in_use=False)
    use = A.SetItemInUse(card="ganzkoerper-schild", in_use=True)
    t.rejects("munchkin.item.name-displaced", 0, use)
    t.equip(0, "flammende-ruestung")  # armor does not free a hand
    t.rejects("munchkin.item.slot-full", 0,
              A.SetItemInUse(card="ganzkoerper-schild", in_use=True, to_backpack=("flammende-ruestung",)))
    t.equip(0, "gehoernter-helm", in_use=False)
    t.rejects("munchkin.item.not-in-use", 0,
              A.SetItemInUse(card="ganzkoerper-schild", in_use=True, to_backpack=("gehoernter-helm",)))
    assert A.SetItemInUse(card="ganzkoerper-schild", in_use=True, to_backpack=("dolch-des-verrats",)) in t.legal(0)
    t.do(0, A.SetItemInUse(card="ganzkoerper-schild", in_use=True, to_backpack=("dolch-des-verrats",)))
    assert _items(t, 0)["dolch-des-verrats"] is False and _items(t, 0)["ganzkoerper-schild"] is True
    assert _items(t, 0)["schwert-der-singenden-hymne"] is True
    # A two-hand item needs both hands: both one-hand items go, no name needed.
    t2 = Table()
    t2.equip(0, "schwert-der-singenden-hymne", "dolch-des-verrats")
    t2.equip(0, "kettensaege", in_use=False)
    t2.do(0, A.SetItemInUse(card="kettensaege", in_use=True))
    assert _items(t2, 0) == {"schwert-der-singenden-hymne": False, "dolch-des-verrats": False, "kettensaege": True}
