"""The Munchkin family's card schema has the kinds its sets need: every row of
the timing table of 001 ("WANN KANN MAN NUN WELCHE KARTE SPIELEN?") names
kinds a card may have; complex items and credits are fields; "once per turn"
is enforced (docs/cards.md)."""

from __future__ import annotations

import pytest

from judge.cards import CardError, parse_card
from judge.cards.schema import KINDS
from judge.rulesets.munchkin import timing
from tests.rules.harness import A, Table


def test_every_timing_table_row_names_kinds_the_schema_knows():
    """001 timing table: the rows for Mietlinge, Portale, Fallen, Räume, Gegenstandsverstärker ... are
    read in full: a card of each kind can be defined."""
    for row in timing.TABLE:
        for kind in row.kinds:
            if not kind.startswith("@"):
                assert kind in KINDS, kind


@pytest.mark.parametrize("kind", ["hireling", "follower", "room", "portal", "trap", "item_enhancer"])
def test_the_kinds_the_sets_need_parse(kind: str) -> None:
    card = parse_card({"id": "x", "name": "X", "deck": "door", "kind": kind}, "test")
    assert card.kind == kind


def test_complex_items_credits_and_counts_as_are_card_fields() -> None:
    """004 prints values in credits; 001 "MUNCHKIN IM MIXER": gold and credits are one currency."""
    card = parse_card({"id": "x", "name": "X", "deck": "treasure", "kind": "item", "complex": True,
                       "currency": "credits", "value": 400, "counts_as": ["class:krieger"]}, "test")
    assert (card.complex, card.currency, card.value, card.counts_as) == (True, "credits", 400, ("class:krieger",))
    assert parse_card(card.to_dict(), "again") == card


@pytest.mark.parametrize("card, field", [
    ({"currency": "taler"}, "currency"),
    ({"counts_as": ["elf"]}, "counts_as[0]"),
    ({"counts_as": "race:elf"}, "counts_as"),
    ({"raises_all_with": "priester"}, "raises_all_with"),
])
def test_malformed_family_fields_name_the_field(card: dict[str, object], field: str) -> None:
    with pytest.raises(CardError) as caught:
        parse_card({"id": "x", "name": "X", "deck": "treasure", "kind": "item", **card}, "test")
    assert caught.value.field == field


def test_a_kind_the_set_has_no_rules_for_is_played_through_an_adjustment() -> None:
    """000 SPIELVORBEREITUNGEN, golden rule: a room in a base game (no room rules) is refused as
    not playable, like any card whose effect is text only."""
    room = {"id": "test-raum", "name": "Raum", "deck": "door", "kind": "room", "set": "test"}
    t = Table(custom=(room,))
    t.give(0, "test-raum")
    t.rejects("munchkin.card.not-playable", 0, A.PlayCard(card="test-raum"))


def test_only_the_portal_row_is_once_per_turn() -> None:
    """001: "Portalkarten: ... und nur einmal pro Zug." (enforced: tests/core/test_set_layer.py)."""
    assert [row.kinds for row in timing.TABLE if row.once_per_turn] == [("portal",)]
