"""001 "WANN KANN MAN NUN WELCHE KARTE SPIELEN?": the timing table as data,
checked row by row against the engine."""

import pytest

from judge.rulesets.munchkin import timing
from judge.rulesets.munchkin.timing import Situation as S
from tests.rules.harness import A, Table

# Every row of the seed's table is present.
SEED_ROWS = [
    "race", "class", "item", "item_enhancer", "one_shot", "hireling", "level_up", "portal", "origin",
    "headquarters", "curse", "trap", "monster", "monster_enhancer", "room", "@trade", "@sell",
]


@pytest.mark.parametrize("kind", SEED_ROWS)
def test_every_row_of_the_seed_table_is_data(kind):
    assert timing.row_for(kind) is not None


@pytest.mark.parametrize(
    "kind, situation, expected",
    [
        ("race", S.OWN_TURN, True), ("race", S.OTHERS_TURN, False), ("race", S.ON_RECEIPT, True),
        ("item", S.OWN_TURN, True), ("item", S.OWN_TURN_IN_COMBAT, False), ("item", S.OTHERS_TURN, False),
        ("one_shot", S.OTHERS_COMBAT, True), ("one_shot", S.OTHERS_TURN, False),
        ("level_up", S.OTHERS_TURN, True), ("curse", S.OTHERS_COMBAT, True),
        ("monster_enhancer", S.OWN_TURN, False), ("monster_enhancer", S.OTHERS_COMBAT, True),
        ("portal", S.OWN_TURN, True), ("portal", S.OWN_TURN_IN_COMBAT, False),
        ("origin", S.OTHERS_COMBAT, False), ("@trade", S.OTHERS_TURN, True),
        ("@trade", S.OTHERS_COMBAT, False), ("@sell", S.OTHERS_TURN, False), ("@sell", S.OWN_TURN, True),
    ],
)
def test_cells(kind, situation, expected):
    assert timing.allowed(kind, situation) is expected


def test_portal_once_per_turn_is_recorded():
    assert timing.row_for("portal").once_per_turn


def test_engine_follows_the_table_for_one_shots():
    t = Table()
    t.do(0, A.KickDoor(card="elf"))  # after the first door: no opening lay-out any more
    t.rejects("munchkin.timing.one-shot", 1, A.PlayCard(card="trank-der-idiotischen-tapferkeit", side="players"))
    t.do(0, A.LookForTrouble(card="gewaltiger-kaefer"))
    t.do(1, A.PlayCard(card="trank-der-idiotischen-tapferkeit", side="players"))


def test_engine_follows_the_table_for_enhancers_and_wandering_monsters():
    t = Table()
    t.rejects("munchkin.timing.monster-enhancer", 0, A.PlayCard(card="uralt", monster_index=0))
    t.rejects("munchkin.timing.wandering-monster", 1, A.PlayCard(card="wanderndes-monster", with_card="bigfoot"))


def test_monsters_from_the_hand_only_through_trouble_or_a_wandering_monster():
    t = Table()
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    t.rejects("munchkin.timing.monster", 1, A.PlayCard(card="bigfoot"))


def test_one_shot_outside_combat_in_own_turn_is_carried():
    t = Table()
    t.do(0, A.PlayCard(card="eiskalter-sprengtrank"))
    assert [(i.card, i.in_use) for i in t.p(0).items] == [("eiskalter-sprengtrank", False)]
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    t.do(0, A.PlayCard(card="eiskalter-sprengtrank", side="players", from_table=True))
    assert t.p(0).items == [] and t.combat.player_mods[0]["bonus"] == 3


def test_items_received_in_charity_may_be_played_at_once():
    # 001: "Außerhalb des Zuges nur sofort, wenn du sie bekommst."
    t2 = Table(3)
    t2.set_level(1, 3)
    t2.state.active = 1
    t2.do(1, A.KickDoor(card="elf"))
    t2.give(1, "flammende-ruestung")
    t2.do(1, A.LootRoom())
    t2.do(1, A.EndTurn(gifts=(A.CharityGift(0, ("flammende-ruestung",), 2), A.CharityGift(2, ("elf",), 1))))
    assert t2.state.active == 2
    assert t2.p(0).received == ["flammende-ruestung"]
    t2.do(0, A.PlayCard(card="flammende-ruestung"))  # seat 0 is not active: allowed on receipt
    assert t2.p(0).items[0].card == "flammende-ruestung"


def test_receipt_lapses_when_something_else_happens():
    t = Table(3)
    t.set_level(1, 3)
    t.state.active = 1
    t.do(1, A.KickDoor(card="elf"))
    t.give(1, "flammende-ruestung")
    t.do(1, A.LootRoom())
    t.do(1, A.EndTurn(gifts=(A.CharityGift(0, ("flammende-ruestung",), 2), A.CharityGift(2, ("elf",), 1))))
    t.do(2, A.KickDoor(card="zwerg"))
    t.rejects("munchkin.timing.item", 0, A.PlayCard(card="flammende-ruestung"))


@pytest.mark.parametrize("row", timing.TABLE, ids=lambda r: r.kinds[0])
def test_every_refusing_row_names_a_rule_that_quotes_that_row(row):
    """A row that can refuse names a rule citing that row's own text; a row that allows
    every situation names none."""
    from judge.rules.ruling import RULES

    if row.situations == timing.ANY:
        assert row.rule_id is None
        return
    import difflib

    quote = RULES[row.rule_id].citation.quote
    if row.kinds == ("@sell",):
        # 001's line restates 000 "Gegenstände verkaufen", which the selling rule cites.
        assert RULES[row.rule_id].citation.section == "Gegenstände verkaufen"
        return
    match = difflib.SequenceMatcher(None, row.quote, quote).find_longest_match()
    assert match.size >= 25, (row.kinds, row.rule_id, quote)
