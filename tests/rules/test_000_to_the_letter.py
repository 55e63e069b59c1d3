"""000, read to the letter: the keep-one-big-item choice after a sale, the
halfling's sale of cards he holds, claims re-checked when the window closes,
who may claim, the runner's order, one bonus for several traits, Half-Breed
with one race."""

import pytest

from judge.cards import parse_card
from judge.cards.schema import CardError
from judge.rules.engine import ORGANIZER
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


def test_gegenstaende_a_former_dwarf_who_is_a_halfling_sells_a_big_item_at_double_price():
    # "Bist du am Zug und dabei nicht im Kampf, kannst du sie verkaufen": the halfling's double-price sale
    # is a sale too. Half-Breed dwarf and halfling; the dwarf goes, the halfling (and the Half-Breed) stay.
    t = Table()
    t.state.players[0].races = ["zwerg", "halbling"]
    t.state.players[0].table = ["halb-blut"]
    t.equip(0, "kettensaege", "ganzkoerper-schild", "kettensaege")
    t.do(0, A.DiscardCard(card="zwerg", from_table=True))
    assert t.state.choice is not None and t.state.choice.reason == "keep-big" and t.p(0).races == ["halbling"]
    sale = A.UseAbility(ability="halfling-sale", item="kettensaege")
    assert sale in t.legal(0)
    t.do(0, sale)  # 2 x 600 = 1,200 gold: one level
    assert t.p(0).level == 2 and t.state.choice is not None
    assert t.state.choice.options == ["ganzkoerper-schild", "kettensaege"]
    t.rejects("munchkin.ability.once-per-turn", 0, A.UseAbility(ability="halfling-sale", item="kettensaege"))
    t.do(0, A.ChooseCard(card="ganzkoerper-schild"))
    assert [i.card for i in t.p(0).items] == ["ganzkoerper-schild"]
    assert [i.card for i in t.p(1).items] == ["kettensaege"]


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


# ------------------------------------------------------------------ 000 KAMPF: a claim is judged when the window closes

def test_kampf_warrior_who_drops_the_class_in_the_window_loses_and_runs():
    # "Ist deine Kampfstärke höher als die Stufe des Monsters, gewinnst du den Kampf ... Ist deine Stufe
    #  niedriger oder gleich hoch, verlierst du und musst Weglaufen" -- judged as things are when the
    #  window closes.
    t = Table(window_ms=1000)
    t.state.players[0].classes = ["krieger"]
    t.set_level(0, 6)
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"), at=1_000_000)  # level 6
    t.do(0, A.ClaimVictory())  # 6 against 6: a warrior wins ties
    t.do(0, A.DiscardCard(card="krieger", from_table=True), at=1_000_500)
    assert t.combat.stage == "claimed"
    effects = t.do(None, A.ResolveCombat(), at=1_001_000)
    assert "ClaimFailed" in t.types(effects) and "MonstersDefeated" not in t.types(effects)
    assert t.combat.stage == "running" and t.p(0).level == 6
    t.do(0, A.RunAway(monster_index=0, die=2))
    t.do(0, A.SufferBadStuff(monster_index=0))  # lose 1 level
    assert t.combat is None and t.p(0).level == 5


def test_kampf_an_organizer_adjustment_in_the_window_counts_at_resolution():
    t = Table(window_ms=1000)
    t.set_level(0, 7)
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"), at=1_000_000)
    t.do(0, A.ClaimVictory())  # 7 against 6
    t.do(None, A.RecordAdjustment(reason="Kartentext: der Kämpfer verliert zwei Stufen", target_seat=0,
                                  set_level=5), at=1_000_200)
    t.do(None, A.ResolveCombat(), at=1_001_000)
    assert t.combat is not None and t.combat.stage == "running" and t.p(0).level == 5


def test_kampf_a_claim_still_winning_at_resolution_wins():
    t = Table(window_ms=1000)
    t.state.players[0].classes = ["krieger"]
    t.set_level(0, 6)
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"), at=1_000_000)
    t.do(0, A.ClaimVictory())
    t.do(None, A.ResolveCombat(), at=1_001_000)
    assert t.combat is None and t.p(0).level == 7


# ------------------------------------------------------------------ 000 Weitere Aktionen im Kampf: who claims

def test_weitere_aktionen_im_kampf_the_helper_may_claim_but_not_a_bystander():
    # "Immer wenn ein Spieler glaubt, ein Monster getötet zu haben, muss er noch einen vernünftigen
    #  Zeitraum warten": the helper fights the monster too.
    t = Table(window_ms=1000)
    t.set_level(1, 3)
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"), at=1_000_000)  # level 6
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))  # 1 + 3 = 4 against 6
    t.rejects("munchkin.combat.ties-lose", 1, A.ClaimVictory())
    t.do(1, A.PlayCard(card="trank-der-idiotischen-tapferkeit", side="players"))  # +2: 6 against 6
    t.do(1, A.PlayCard(card="trank-der-idiotischen-tapferkeit", side="players"))  # +2: 8 against 6
    t.rejects("munchkin.combat.claim-fighters-only", 2, A.ClaimVictory())
    effects = t.do(1, A.ClaimVictory())
    assert [e["seat"] for e in effects if e["type"] == "VictoryClaimed"] == [1]
    t.rejects("munchkin.combat.already-claimed", 0, A.ClaimVictory())
    t.do(None, A.ResolveCombat(), at=1_001_000)
    assert t.p(0).level == 2 and t.p(1).level == 3  # only the fighter levels up


# ------------------------------------------------------------------ 000 Um Hilfe bitten: a bonus counts once

def test_um_hilfe_bitten_bigfoot_bonus_against_dwarves_and_halflings_counts_once():
    # "Die besonderen Stärken oder Schwächen eines Monsters treffen auch deinen Helfer und umgekehrt ...
    #  dann steigt sie nicht noch mal!" -- Bigfoot's one "+3 gegen Zwerge und Halblinge" is one bonus.
    t = Table()
    t.state.players[0].races = ["zwerg"]
    t.state.players[1].races = ["halbling"]
    t.do(0, A.KickDoor(card="bigfoot"))  # level 12
    assert t.strengths() == (1, 15)
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    assert t.strengths() == (2, 15)  # not 18


def test_um_hilfe_bitten_one_bonus_entry_may_name_several_traits():
    card = {"id": "x", "name": "X", "deck": "door", "kind": "monster", "level": 3, "bad_stuff": {},
            "bonuses": [{"against": ["race:elf", "class:krieger"], "amount": 2}]}
    parsed = parse_card(card, "custom.json")
    assert parsed.bonuses[0].against == ("race:elf", "class:krieger")
    assert parse_card(parsed.to_dict(), "again") == parsed
    for against, field in ((["race:elf", "elf"], "bonuses[0].against[1]"), ([], "bonuses[0].against"),
                           (["race:elf", "race:elf"], "bonuses[0].against")):
        with pytest.raises(CardError) as info:
            parse_card({**card, "bonuses": [{"against": against, "amount": 2}]}, "custom.json")
        assert info.value.field == field


# ------------------------------------------------------------------ 000 Halb-Blut: half this race, half human

_MENSCHENFRESSER = {"id": "menschenfresser", "name": "Menschenfresser", "deck": "door", "kind": "monster",
                    "level": 4, "treasures": 1, "bad_stuff": {},
                    "bonuses": [{"against": "race:human", "amount": 3}, {"against": "race:elf", "amount": 1}]}
_MENSCHENSCHWERT = {"id": "menschenschwert", "name": "Menschenschwert", "deck": "treasure", "kind": "item",
                    "bonus": 2, "value": 200, "slot": "1hand", "usable_by": ["race:human"]}


def test_halb_blut_with_one_race_is_that_race_and_human():
    # "Halb-Blut: ... Du bist dann zur Hälfte diese Rasse und zur Hälfte Mensch. Spielt du eine zweite
    #  Rasse aus, gehörst du nun diesen beiden Rassen an."
    t = Table(custom=(_MENSCHENFRESSER, _MENSCHENSCHWERT))
    t.state.players[0].races = ["elf"]
    t.equip(0, "menschenschwert")
    t.do(0, A.PlayCard(card="halb-blut"))
    t.do(0, A.KickDoor(card="menschenfresser"))
    assert t.strengths() == (1 + 2, 4 + 3 + 1)  # the sword for humans works; both bonuses count


def test_halb_blut_with_two_races_is_no_longer_human():
    t = Table(custom=(_MENSCHENFRESSER, _MENSCHENSCHWERT))
    t.state.players[0].races = ["elf"]
    t.equip(0, "menschenschwert")
    t.do(0, A.PlayCard(card="halb-blut"))
    t.do(0, A.PlayCard(card="zwerg"))
    t.do(0, A.KickDoor(card="menschenfresser"))
    assert t.strengths() == (1, 4 + 1)


# ------------------------------------------------------------------ a restored window (upheld dispute)

def test_weitere_aktionen_im_kampf_a_restored_elapsed_window_reopens_for_a_whole_window():
    # "damit jeder die Möglichkeit zu weiteren Aktionen hat": a claimed win restored by an upheld dispute
    # after its window had closed gets the whole window again, from the ruling.
    t = Table(window_ms=1000)
    t.set_level(0, 3)
    t.do(0, A.KickDoor(card="topfpflanze"), at=1_000_000)
    t.do(0, A.ClaimVictory())
    assert t.rules.reopened_deadline_ms(t.state, 1_000_999) is None  # still open: left as it is
    assert t.rules.reopened_deadline_ms(t.state, 1_005_000) == 1_006_000
    moved = t.rules.with_deadline_ms(t.state, 1_006_000)
    assert t.rules.pending_deadline_ms(moved) == 1_006_000 and t.rules.pending_deadline_ms(t.state) == 1_001_000
    t.rejects("munchkin.combat.window-open", None, A.ResolveCombat(), at=1_000_999)


# ------------------------------------------------------------------ 000 Verloren!: the runner's order

def test_verloren_each_runner_orders_the_rolls_and_the_bad_stuff():
    # "Hat dir jemand geholfen, muss auch er Weglaufen. Jeder von euch würfelt einzeln ... Fliehst du vor
    #  mehr als 1 Monster, würfelst du für jedes einzeln, wobei du die Reihenfolge bestimmst, in der
    #  gewürfelt wird. Du bestimmst auch die Reihenfolge, in der du die Schlimmen Dinge von jedem Monster
    #  abbekommst."
    t = Table()
    t.set_level(0, 6)
    t.set_level(1, 6)
    t.do(0, A.KickDoor(card="plutoniumdrache"))  # level 20, bad stuff: death
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    t.do(1, A.PlayCard(card="wanderndes-monster", with_card="gewaltiger-kaefer"))  # level 6, lose 1 level
    t.do(0, A.GiveUp())
    view = t.rules.view(t.state, ORGANIZER)
    assert view["waiting_for"].startswith("seats 0, 1 to run away")
    # The helper starts with the beetle; the fighter rolls against the beetle first too, then the dragon,
    # and takes the beetle's bad stuff before the dragon's.
    t.do(1, A.RunAway(monster_index=1, die=1))
    t.do(1, A.SufferBadStuff(monster_index=1))
    t.do(0, A.RunAway(monster_index=1, die=1))
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.do(0, A.SufferBadStuff(monster_index=1))
    assert (t.p(0).level, t.p(1).level) == (5, 5)
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.p(0).dead and t.combat is not None
    view = t.rules.view(t.state, ORGANIZER)
    assert view["waiting_for"].startswith("seat 1 to run away")  # only the helper is left to run
    t.do(1, A.RunAway(monster_index=0, die=6))
    assert t.combat is None and not t.p(1).dead
