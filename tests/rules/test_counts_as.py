""""Counts as" traits (003 "Babys und Munchkin": the baby races and classes
count as their classic counterparts for every rule and restriction) and the
card-field rulings that replace tests of card ids in the rule code
(000 "Sonstige Karten": Göttliche Intervention; 000 "Rassen / Klassen":
Halb-Blut and Super Munchkin)."""

from __future__ import annotations

from judge.rulesets.munchkin.tx import _Tx
from tests.rules.harness import A, Table


def reading(t: Table) -> _Tx:
    return _Tx.reading(t.rules, t.state)

# Custom stand-ins for cards of another set (the set layers ship the real ones).
ELFLING = {"id": "test-elfling", "name": "Elfling", "deck": "door", "kind": "race", "set": "test",
           "counts_as": ["race:elf"]}
SCHEINHEILIGER = {"id": "test-scheinheiliger", "name": "Scheinheiliger", "deck": "door", "kind": "class",
                  "set": "test", "counts_as": ["class:priester"]}
ZWEITES_HALBBLUT = {"id": "test-halbblut", "name": "Halb-Blut (zweite Karte)", "deck": "door",
                    "kind": "half_breed", "set": "test"}


def test_a_race_that_counts_as_elf_meets_the_elf_bonus_of_a_monster():
    """000 "Monsterbonus": Sabbernder Schleim "+4 gegen Elfen" hits a character counting as an elf."""
    t = Table(custom=(ELFLING,))
    t.give(0, "test-elfling")
    t.do(0, A.PlayCard(card="test-elfling"))
    assert t.rules.traits(reading(t), t.p(0)) >= {"race:test-elfling", "race:elf"}
    t.do(0, A.KickDoor(card="sabbernder-schleim"))
    players, monsters = t.strengths()
    assert (players, monsters) == (1, 1 + 4)


def test_a_race_that_counts_as_elf_gets_the_item_bonus_for_elves():
    """000 "Gegenstände": Gehörnter Helm "+1; +3 für Elfen" gives +3 to a character counting as an elf."""
    t = Table(custom=(ELFLING,))
    t.give(0, "test-elfling")
    t.do(0, A.PlayCard(card="test-elfling"))
    t.equip(0, "gehoernter-helm")
    assert t.rules.power(reading(t), 0) == 1 + 3


def test_divine_intervention_raises_every_character_counting_as_a_cleric():
    """000 "Sonstige Karten": Göttliche Intervention raises each Priester; the card names the trait
    (raises_all_with), so a class that counts as Priester gains the level too."""
    t = Table(custom=(SCHEINHEILIGER,))
    t.state.players[1].classes.append("test-scheinheiliger")  # laid out in an earlier turn
    t.set_level(1, 3)
    t.set_level(2, 3)
    t.give(0, "goettliche-intervention")
    t.do(0, A.PlayCard(card="goettliche-intervention"))
    assert (t.p(1).level, t.p(2).level) == (4, 3)


def test_any_half_breed_card_allows_the_second_race_and_goes_with_the_last_race():
    """000 "Rassen / Klassen": Halb-Blut lets a second race in play; it is discarded when no race is
    left. The rule asks for the kind, so another half-breed card does the same."""
    t = Table(custom=(ZWEITES_HALBBLUT,))
    t.give(0, "elf", "zwerg", "test-halbblut")
    t.do(0, A.PlayCard(card="elf"))
    t.rejects("munchkin.race.only-one", 0, A.PlayCard(card="zwerg"))
    t.do(0, A.PlayCard(card="test-halbblut"))
    t.do(0, A.PlayCard(card="zwerg"))
    assert t.p(0).races == ["elf", "zwerg"]
    t.do(0, A.DiscardCard(card="elf", from_table=True))
    t.do(0, A.DiscardCard(card="zwerg", from_table=True))
    assert "test-halbblut" not in t.p(0).table
