"""000 "Rassen / Klassen": abilities paid by discarding cards (never the class
card itself, never from an empty hand), Super Munchkin, the dwarf's big items,
cards that must be played at once, and the golden rule."""

from tests.rules.harness import A, Table


def _fight(t: Table, monster: str = "gewaltiger-kaefer") -> None:
    t.do(0, A.KickDoor(card=monster))


def test_berserk_up_to_three_cards_plus_one_each():
    t = Table()
    t.state.players[0].classes = ["krieger"]
    t.set_level(0, 3)
    _fight(t)
    t.do(0, A.UseAbility(ability="berserk", discard_unknown=2))
    assert t.strengths() == (5, 6) and t.p(0).unknown == 6
    t.rejects("munchkin.ability.discard-count", 0, A.UseAbility(ability="berserk", discard_unknown=2))
    t.do(0, A.UseAbility(ability="berserk", discard_unknown=1))
    assert t.strengths() == (6, 6)
    t.rejects("munchkin.ability.used-up", 0, A.UseAbility(ability="berserk", discard_unknown=1))
    t.do(0, A.ClaimVictory())  # and a warrior wins ties


def test_never_the_class_card_itself():
    # "Ebenso wenig darfst du die Klassenkarte selbst ablegen."
    t = Table()
    t.state.players[0].classes = ["krieger"]
    _fight(t)
    t.rejects("munchkin.ability.not-the-class-card", 0,
              A.UseAbility(ability="berserk", discard_from_table=("krieger",)))


def test_not_from_an_empty_hand():
    # "Du kannst nicht deine ganze Hand ablegen, wenn du keine Karte auf der Hand hast."
    t = Table()
    t.state.players[0].classes = ["krieger"]
    t.state.players[0].unknown = 0
    _fight(t)
    t.rejects("munchkin.ability.empty-hand", 0, A.UseAbility(ability="berserk", discard_unknown=1))
    t.rejects("munchkin.hand.card-not-in-hand", 0, A.UseAbility(ability="berserk", discard=("elf",)))


def test_items_in_play_can_pay_too():
    # "Ablegen kannst du jede Karte im Spiel oder von deiner Hand."
    t = Table()
    t.state.players[0].classes = ["krieger"]
    t.equip(0, "flammende-ruestung")
    _fight(t)
    t.do(0, A.UseAbility(ability="berserk", discard_from_table=("flammende-ruestung",)))
    assert t.p(0).items == [] and t.strengths() == (2, 6)


def test_an_ability_needs_its_race_or_class():
    t = Table()
    _fight(t)
    t.rejects("munchkin.ability.not-yours", 0, A.UseAbility(ability="berserk", discard_unknown=1))
    t.malformed("use_ability.ability", 0, A.UseAbility(ability="fly", discard_unknown=1))


def test_turning_only_against_undead_plus_three_each():
    t = Table()
    t.state.players[0].classes = ["priester"]
    _fight(t)
    t.rejects("munchkin.ability.needs-undead", 0, A.UseAbility(ability="turning", discard_unknown=1))
    t2 = Table()
    t2.state.players[0].classes = ["priester"]
    _fight(t2, "untoter-gaul")
    t2.do(0, A.UseAbility(ability="turning", discard_unknown=2))
    assert t2.strengths() == (7, 4)


def test_flight_spell_adds_to_run_away():
    t = Table()
    t.state.players[0].classes = ["zauberer"]
    _fight(t)
    t.rejects("munchkin.combat.not-running", 0, A.UseAbility(ability="flight-spell", discard_unknown=1))
    t.do(0, A.GiveUp())
    t.do(0, A.UseAbility(ability="flight-spell", discard_unknown=2))
    assert t.do(0, A.RunAway(monster_index=0, die=3))[0]["escaped"] is True


def test_charm_spell_takes_the_whole_hand_treasure_but_no_level():
    t = Table()
    t.state.players[0].classes = ["zauberer"]
    _fight(t)
    t.rejects("munchkin.ability.whole-hand", 0, A.UseAbility(ability="charm-spell", discard_unknown=3))
    t.do(0, A.UseAbility(ability="charm-spell", discard_unknown=8))
    assert t.combat is None and t.p(0).level == 1 and t.p(0).unknown == 2  # the beetle's 2 treasures


def test_backstab_minus_two_once_per_victim():
    t = Table()
    t.state.players[2].classes = ["dieb"]
    t.set_level(0, 8)
    _fight(t)
    t.rejects("munchkin.ability.backstab-target", 2, A.UseAbility(ability="backstab", target_seat=1,
                                                                   discard_unknown=1))
    t.do(2, A.UseAbility(ability="backstab", target_seat=0, discard_unknown=1))
    assert t.strengths() == (6, 6)
    t.rejects("munchkin.ability.used-up", 2, A.UseAbility(ability="backstab", target_seat=0, discard_unknown=1))


def test_steal_a_small_item_four_or_more_else_lose_a_level():
    t = Table()
    t.state.players[2].classes = ["dieb"]
    t.set_level(2, 3)
    t.equip(1, "gehoernter-helm", "kettensaege")
    t.rejects("munchkin.ability.steal-small-only", 2, A.UseAbility(ability="steal", target_seat=1,
                                                                    item="kettensaege", die=6, discard_unknown=1))
    t.do(2, A.UseAbility(ability="steal", target_seat=1, item="gehoernter-helm", die=4, discard_unknown=1))
    assert [i.card for i in t.p(2).items] == ["gehoernter-helm"]
    t.equip(1, "flammende-ruestung")
    t.do(2, A.UseAbility(ability="steal", target_seat=1, item="flammende-ruestung", die=3, discard_unknown=1))
    assert t.p(2).level == 2 and any(i.card == "flammende-ruestung" for i in t.p(1).items)


def test_no_stealing_in_combat():
    # "Es ist allerdings nicht erlaubt, während eines Kampfes Gegenstände zu stehlen (Dieb)"
    t = Table()
    t.state.players[2].classes = ["dieb"]
    t.equip(1, "gehoernter-helm")
    _fight(t)
    t.rejects("munchkin.ability.no-stealing-in-combat", 2,
              A.UseAbility(ability="steal", target_seat=1, item="gehoernter-helm", die=6, discard_unknown=1))


def test_halfling_sells_one_item_at_double_price_once_per_turn():
    t = Table()
    t.state.players[0].races = ["halbling"]
    t.equip(0, "kettensaege", "gehoernter-helm", "flammende-ruestung", "stiefel-des-kraeftigen-tretens")
    t.rejects("munchkin.sell.at-least-1000", 0, A.UseAbility(ability="halfling-sale", item="flammende-ruestung"))
    t.do(0, A.UseAbility(ability="halfling-sale", item="kettensaege"))  # 2 x 600
    assert t.p(0).level == 2
    t.rejects("munchkin.ability.once-per-turn", 0, A.UseAbility(ability="halfling-sale", item="gehoernter-helm"))


def test_halfling_rerolls_a_failed_escape():
    t = Table()
    t.state.players[0].races = ["halbling"]
    _fight(t)
    t.do(0, A.GiveUp())
    t.rejects("munchkin.run.not-caught", 0, A.UseAbility(ability="halfling-reroll", monster_index=0, die=6,
                                                          discard_unknown=1))
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.do(0, A.UseAbility(ability="halfling-reroll", monster_index=0, die=5, discard_unknown=1))
    assert t.combat is None


def test_former_dwarf_keeps_one_big_item_and_the_rest_goes_to_the_lowest():
    # "Endet dein Zwergendasein, und du trägst mehr als 1 Großen Gegenstand, musst du alle bis auf 1 sofort
    #  loswerden ... Ansonsten musst du sie dem Spieler mit der niedrigsten Stufe geben, der noch Große
    #  Gegenstände tragen kann."
    t = Table()
    t.state.players[0].races = ["zwerg"]
    t.equip(0, "kettensaege", "ganzkoerper-schild")
    t.set_level(1, 2)
    t.do(0, A.DiscardCard(card="zwerg", from_table=True))
    assert t.state.choice.reason == "keep-big"
    t.do(0, A.ChooseCard(card="kettensaege"))
    assert [i.card for i in t.p(0).items] == ["kettensaege"]
    assert [i.card for i in t.p(2).items] == ["ganzkoerper-schild"]  # seat 2 is lowest (level 1)


def test_schatzbort_must_be_played_at_once():
    # "Ziehst du die Karten Schatzbort oder Göttliche Intervention, musst du sie sofort ausspielen!"
    t = Table()
    t.do(0, A.RevealCard(card="schatzbort"))
    r = t.rejects("munchkin.card.must-play-at-once", 0, A.KickDoor(card="elf"))
    assert r.ruling.details == {"card": "schatzbort"}
    t.do(0, A.PlayCard(card="schatzbort"))
    assert t.p(0).hand_size == 8 - 1 + 3 and t.state.must_play == {}


def test_super_munchkin_allows_two_classes_with_both_abilities():
    t = Table()
    t.state.players[0].classes = ["krieger"]
    t.do(0, A.PlayCard(card="super-munchkin"))
    t.do(0, A.PlayCard(card="priester"))
    _fight(t, "untoter-gaul")
    t.do(0, A.UseAbility(ability="turning", discard_unknown=1))
    t.do(0, A.UseAbility(ability="berserk", discard_unknown=1))
    assert t.strengths() == (5, 4)


# ------------------------------------------------------------------ the golden rule

def test_organizer_records_an_adjustment_at_once():
    # "Goldene Regel: Immer, wenn die Karten den Regeln widersprechen, haben die Karten Vorrang!"
    t = Table()
    t.do(None, A.RecordAdjustment(reason="Karte 'Schummeln!' erlaubt einen dritten Handgegenstand",
                                  target_seat=1, set_level=3, add_to_hand=("elf",)))
    assert t.p(1).level == 3 and "elf" in t.p(1).hand
    t.malformed("record_adjustment.reason", None, A.RecordAdjustment(reason="", target_seat=1))


def test_seat_proposal_needs_every_other_seat():
    t = Table()
    t.do(1, A.RecordAdjustment(reason="Kartentext: ziehe eine Karte", target_seat=1, unknown_delta=1))
    t.rejects("munchkin.adjustment.one-open", 2, A.RecordAdjustment(reason="x", target_seat=2))
    t.rejects("munchkin.adjustment.already-answered", 1, A.ConfirmAdjustment(accept=True))
    t.do(0, A.ConfirmAdjustment(accept=True))
    assert t.p(1).unknown == 8
    t.do(2, A.ConfirmAdjustment(accept=True))
    assert t.p(1).unknown == 9 and t.state.adjustment is None


def test_a_refused_proposal_changes_nothing():
    t = Table()
    t.do(1, A.RecordAdjustment(reason="Ich darf zwei Stufen steigen", target_seat=1, set_level=3))
    t.do(2, A.ConfirmAdjustment(accept=False))
    assert t.p(1).level == 1 and t.state.adjustment is None
    t.rejects("munchkin.adjustment.none-open", 0, A.ConfirmAdjustment(accept=True))
