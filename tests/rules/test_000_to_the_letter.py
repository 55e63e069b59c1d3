"""000, read to the letter: the keep-one-big-item choice after a sale, the
halfling's sale of cards he holds, claims re-checked when the window closes,
who may claim, the runner's order, one bonus for several traits, Half-Breed
with one race."""

from tests.rules.harness import A, Table


# ------------------------------------------------------------------ 000 Gegenstände: "Endet dein Zwergendasein ..."

def _former_dwarf(t: Table, *big: str) -> None:
    t.state.players[0].races = ["zwerg"]
    t.equip(0, *big)
    t.do(0, A.DiscardCard(card="zwerg", from_table=True))
    assert t.state.choice is not None and t.state.choice.reason == "keep-big"


def test_gegenstaende_former_dwarf_selling_every_big_item_ends_the_choice():
    # "Endet dein Zwergendasein, und du trägst mehr als 1 Großen Gegenstand, musst du alle bis auf 1 sofort
    #  loswerden. Bist du am Zug und dabei nicht im Kampf, kannst du sie verkaufen"
    t = Table()
    _former_dwarf(t, "kettensaege", "ganzkoerper-schild")
    t.do(0, A.SellItems(cards=("kettensaege", "ganzkoerper-schild")))  # 1,200 gold
    assert t.p(0).level == 2 and t.p(0).items == []
    assert t.state.choice is None
    t.do(0, A.KickDoor(card="elf"))  # the game goes on


def test_gegenstaende_former_dwarf_selling_all_but_one_big_item_keeps_that_one():
    t = Table()
    t.give(0, "gehoernter-helm")
    _former_dwarf(t, "kettensaege", "ganzkoerper-schild")
    t.do(0, A.SellItems(cards=("kettensaege", "gehoernter-helm")))
    assert t.state.choice is None
    assert [i.card for i in t.p(0).items] == ["ganzkoerper-schild"]


def test_gegenstaende_after_a_sale_the_choice_offers_only_what_is_still_carried():
    t = Table()
    t.give(0, "gehoernter-helm")
    _former_dwarf(t, "kettensaege", "kettensaege", "ganzkoerper-schild")
    t.do(0, A.SellItems(cards=("ganzkoerper-schild", "gehoernter-helm")))
    assert t.state.choice is not None and t.state.choice.options == ["kettensaege"]
    t.rejects("munchkin.choice.not-an-option", 0, A.ChooseCard(card="ganzkoerper-schild"))
    t.do(0, A.ChooseCard(card="kettensaege"))
    assert [i.card for i in t.p(0).items] == ["kettensaege"]
    assert [i.card for i in t.p(1).items] == ["kettensaege"]  # the lowest level (seat 1 first)


# ------------------------------------------------------------------ Halbling: selling what you hold

def test_gegenstaende_verkaufen_halfling_sale_of_an_item_he_does_not_carry_is_refused():
    # 000 Gegenstände verkaufen: "Dazu darfst du sowohl Gegenstände, die du trägst, als auch solche aus
    #  deiner Hand einlösen." A Kettensäge he never had is neither.
    t = Table()
    t.state.players[0].races = ["halbling"]
    t.equip(0, "flammende-ruestung")
    t.rejects("munchkin.table.card-not-in-play", 0,
              A.UseAbility(ability="halfling-sale", item="flammende-ruestung", discard_from_table=("kettensaege",)))
    assert t.p(0).level == 1 and t.state.discards["treasure"] == []
    t.rejects("munchkin.table.card-not-in-play", 0,
              A.UseAbility(ability="halfling-sale", item="flammende-ruestung",
                           discard_from_table=("flammende-ruestung",)))
    t.equip(0, "kettensaege")
    t.do(0, A.UseAbility(ability="halfling-sale", item="flammende-ruestung", discard_from_table=("kettensaege",)))
    assert t.p(0).level == 2 and t.p(0).items == []
