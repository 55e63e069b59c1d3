"""000 Flüche, Rassen / Klassen, Gegenstände."""

from tests.rules.harness import A, Table


# ------------------------------------------------------------------ curses

def test_curse_kicked_open_hits_the_kicker():
    # "Deckst du einen Fluch während Phase 1: Tür eintreten auf, trifft er dich."
    t = Table()
    t.set_level(0, 3)
    t.do(0, A.KickDoor(card="fluch-verliere-eine-stufe"))
    t.do(0, A.AnswerCurse())  # 001 "1. Tür öffnen": no counter, the curse takes effect
    assert t.p(0).level == 2 and "fluch-verliere-eine-stufe" in t.state.discards["door"]
    assert t.state.phase == "after-door"


def test_curse_from_the_hand_any_time_on_anyone_even_yourself():
    # "auf jeden beliebigen Spieler zu jedem beliebigen Zeitpunkt anwenden. (Auch auf dich selbst!)"
    t = Table()
    t.set_level(2, 4)
    t.do(1, A.PlayCard(card="fluch-verliere-eine-stufe", target_seat=2))  # not seat 1's turn
    t.do(1, A.PlayCard(card="fluch-verliere-eine-stufe", target_seat=1))
    assert (t.p(1).level, t.p(2).level) == (1, 3)
    t.malformed("play_card.target_seat", 1, A.PlayCard(card="fluch-verliere-eine-stufe"))


def test_curse_on_something_the_victim_lacks_is_ignored():
    # "Bezieht sich ein Fluch auf etwas, das das Opfer nicht hat (z.B. „Verliere deine Kopfbedeckung“,
    #  und es hat gar keine), ignoriere ihn und lege ihn ohne Wirkung ab."
    t = Table()
    effects = t.do(1, A.PlayCard(card="fluch-verliere-kopfbedeckung", target_seat=2))
    assert "CurseIgnored" in t.types(effects)
    assert "fluch-verliere-kopfbedeckung" in t.state.discards["door"]


def test_victim_chooses_among_several_items():
    # "Hat das Opfer mehrere in Frage kommende Gegenstände, entscheidet es selbst, welcher betroffen ist."
    t = Table()
    t.equip(2, "flammende-ruestung", "gehoernter-helm")
    t.do(1, A.PlayCard(card="fluch-verliere-einen-gegenstand", target_seat=2))
    assert t.state.choice.seat == 2
    t.rejects("munchkin.choice.pending", 0, A.KickDoor(card="elf"))
    t.rejects("munchkin.choice.pending", 1, A.ChooseCard(card="gehoernter-helm"))
    t.rejects("munchkin.choice.not-an-option", 2, A.ChooseCard(card="kettensaege"))
    t.do(2, A.ChooseCard(card="gehoernter-helm"))
    assert [i.card for i in t.p(2).items] == ["flammende-ruestung"] and t.state.choice is None


def test_single_matching_item_is_lost_without_a_choice():
    t = Table()
    t.equip(2, "gehoernter-helm", "flammende-ruestung")
    t.do(1, A.PlayCard(card="fluch-verliere-kopfbedeckung", target_seat=2))
    assert [i.card for i in t.p(2).items] == ["flammende-ruestung"]


def test_lasting_curses_stay_and_cannot_be_discarded():
    # "Die Karten Geschlechtsumwandlung und Huhn auf deinem Kopf werden nicht sofort abgelegt, sondern
    #  bleiben als Gedächtnisstütze liegen"
    t = Table()
    t.do(1, A.PlayCard(card="geschlechtsumwandlung", target_seat=0))
    assert t.p(0).sex == "female" and "geschlechtsumwandlung" in t.p(0).table
    t.rejects("munchkin.curse.lasting-stays", 0, A.DiscardCard(card="geschlechtsumwandlung", from_table=True))


def test_a_curse_during_a_combat_weakens_the_fighter():
    # "Die Fähigkeiten von jemandem zu reduzieren, gerade wenn er glaubt, ein Monster erschlagen zu haben"
    t = Table()
    t.set_level(0, 2)
    t.do(0, A.KickDoor(card="topfpflanze"))
    t.do(0, A.ClaimVictory())
    t.do(1, A.PlayCard(card="huhn-auf-deinem-kopf", target_seat=0))
    assert t.combat.stage == "fighting" and t.strengths() == (1, 1)


# ------------------------------------------------------------------ races and classes

def test_one_race_and_one_class():
    # "Du darfst maximal 1 Klasse und 1 Rasse gleichzeitig angehören."
    t = Table()
    t.do(0, A.PlayCard(card="elf"))
    t.rejects("munchkin.race.only-one", 0, A.PlayCard(card="zwerg"))
    t.do(0, A.PlayCard(card="dieb"))
    t.rejects("munchkin.class.only-one", 0, A.PlayCard(card="priester"))


def test_half_breed_and_super_munchkin():
    t = Table()
    t.rejects("munchkin.half-breed.needs-race", 0, A.PlayCard(card="halb-blut"))
    t.rejects("munchkin.super-munchkin.needs-class", 0, A.PlayCard(card="super-munchkin"))
    for c in ("elf", "halb-blut", "zwerg", "krieger", "super-munchkin", "dieb"):
        t.do(0, A.PlayCard(card=c))
    assert t.p(0).races == ["elf", "zwerg"] and t.p(0).classes == ["krieger", "dieb"]
    # "Sobald du eine der beiden Klassen verlierst, verlierst du auch die Super Munchkin-Karte."
    t.do(0, A.DiscardCard(card="dieb", from_table=True))
    assert "super-munchkin" not in t.p(0).table
    # "Sobald du keine Rasse mehr im Spiel hast, verlierst du die Halb-Blut-Karte."
    t.do(0, A.DiscardCard(card="elf", from_table=True))
    assert "halb-blut" in t.p(0).table
    t.do(0, A.DiscardCard(card="zwerg", from_table=True))
    assert "halb-blut" not in t.p(0).table


def test_races_only_in_own_turn_but_discarded_any_time_even_in_combat():
    # "Rassen und Klassen dürfen nur im eigenen Zug ausgespielt werden ... Du kannst eine Rasse/Klasse
    #  jederzeit ablegen, sogar mitten im Kampf"
    t = Table()
    t.state.players[1].races = ["elf"]
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))  # after the first door: no opening lay-out any more
    t.rejects("munchkin.timing.race-class", 1, A.PlayCard(card="zwerg"))
    t.do(1, A.DiscardCard(card="elf", from_table=True))
    assert t.p(1).races == []


def test_hand_cards_are_not_discarded_at_will():
    t = Table()
    t.rejects("munchkin.discard.not-from-hand", 0, A.DiscardCard(card="elf"))


# ------------------------------------------------------------------ items

def test_items_only_in_own_turn_outside_combat():
    # 001: "Ausrüstungsgegenstände ...: Jederzeit während des eigenen Zuges, außer im Kampf."
    t = Table()
    t.do(0, A.PlayCard(card="flammende-ruestung"))
    t.do(0, A.KickDoor(card="elf"))  # after the first door: no opening lay-out any more
    t.rejects("munchkin.timing.item", 1, A.PlayCard(card="flammende-ruestung"))
    t.do(0, A.LookForTrouble(card="gewaltiger-kaefer"))
    t.rejects("munchkin.timing.item", 0, A.PlayCard(card="gehoernter-helm"))


def test_only_one_big_item_unless_dwarf():
    # "Du darfst eine beliebige Anzahl an kleinen Gegenständen tragen, aber maximal einen Großen."
    t = Table()
    t.do(0, A.PlayCard(card="kettensaege"))
    t.rejects("munchkin.item.one-big", 0, A.PlayCard(card="ganzkoerper-schild"))
    # "Zwerge dürfen beliebig viele Große Gegenstände tragen."
    t.do(0, A.PlayCard(card="zwerg"))
    t.do(0, A.PlayCard(card="ganzkoerper-schild"))
    assert len(t.p(0).items) == 2


def test_slots_full_go_to_the_backpack():
    # "nur 1 Kopfbedeckung, 1 Rüstung, 1 Schuhwerk und 2 Gegenstände für jeweils „1 Hand“ (oder 1
    #  Gegenstand für „2 Hände“) gleichzeitig nutzen ... sie befinden sich dann in deinem Rucksack."
    t = Table()
    t.do(0, A.PlayCard(card="kettensaege"))  # two hands
    t.do(0, A.PlayCard(card="schwert-der-singenden-hymne"))  # one hand: no hand free
    items = {i.card: i.in_use for i in t.p(0).items}
    assert items == {"kettensaege": True, "schwert-der-singenden-hymne": False}
    t.do(0, A.SetItemInUse(card="kettensaege", in_use=False))
    t.do(0, A.SetItemInUse(card="schwert-der-singenden-hymne", in_use=True))
    items = {i.card: i.in_use for i in t.p(0).items}
    assert items == {"kettensaege": False, "schwert-der-singenden-hymne": True}


def test_backpack_only_in_own_turn_and_not_in_combat():
    # "Du kannst Gegenstände nur in deinem eigenen Zug aus dem Rucksack holen; dabei darfst du weder
    #  gerade im Kampf sein noch Weglaufen."
    t = Table()
    t.equip(1, "flammende-ruestung", in_use=False)
    t.rejects("munchkin.item.backpack-own-turn", 1, A.SetItemInUse(card="flammende-ruestung", in_use=True))
    t.equip(0, "gehoernter-helm", in_use=False)
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    t.rejects("munchkin.item.backpack-own-turn", 0, A.SetItemInUse(card="gehoernter-helm", in_use=True))


def test_choose_card_with_nothing_pending():
    t = Table()
    t.rejects("munchkin.choice.none-pending", 1, A.ChooseCard(card="gehoernter-helm"))
