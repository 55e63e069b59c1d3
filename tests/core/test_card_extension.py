"""A layer extends the family's card schema from its own package (judge/cards/extension.py; docs/cards.md,
"Fields of a layer"): Star's room and monster fields are declared in judge/rulesets/star/schema.py, not in the
generic schema, and are checked like the schema's own fields, with errors naming the field."""

from __future__ import annotations

import dataclasses

import pytest

from judge.cards import Card, CardError, parse_card
from judge.cards import extension
from judge.cards.extension import ExtraField, register_abilities, register_fields, register_kinds
from judge.rulesets.star import schema as star_schema

STAR_FIELDS = ("no_trouble", "no_looting", "monster_bonus", "reward_doors", "escape_impossible")
HAR_HAR = {"id": "t-har", "name": "Har Har", "deck": "door", "kind": "monster", "level": 2, "bad_stuff": {},
           "set": "t"}


def test_stars_fields_are_the_star_layers_not_the_generic_schemas() -> None:
    own = {f.name for f in dataclasses.fields(Card)}
    assert not own & set(STAR_FIELDS)
    assert {f.name: f.owner for f in extension.extra_fields() if f.name in STAR_FIELDS} == dict.fromkeys(
        STAR_FIELDS, star_schema.OWNER)


def test_a_layers_field_is_read_checked_and_written_like_the_schemas_own() -> None:
    card = parse_card({**HAR_HAR, "reward_doors": 1}, "t.toml")
    assert star_schema.reward_doors(card) == 1 and star_schema.escape_impossible(card) is False
    assert card.to_dict()["reward_doors"] == 1 and parse_card(card.to_dict(), "again") == card
    plain = parse_card({**HAR_HAR, "reward_doors": 0}, "t.toml")  # the default is not carried
    assert plain.extra == () and "reward_doors" not in plain.to_dict()


@pytest.mark.parametrize(("value", "message"), [("1", "expected int"), (True, "expected an integer"),
                                                (-1, "must not be negative")])
def test_a_bad_value_of_a_layers_field_is_an_error_naming_the_field(value: object, message: str) -> None:
    with pytest.raises(CardError) as bad:
        parse_card({**HAR_HAR, "reward_doors": value}, "t.toml")
    assert (bad.value.origin, bad.value.card, bad.value.field) == ("t.toml", "t-har", "reward_doors")
    assert message in bad.value.message


def test_a_field_nobody_declares_is_still_unknown() -> None:
    with pytest.raises(CardError) as bad:
        parse_card({**HAR_HAR, "reward_door": 1}, "t.toml")
    assert (bad.value.field, bad.value.message) == ("reward_door", "unknown field")
    with pytest.raises(KeyError):
        parse_card(HAR_HAR, "t.toml").get("reward_door")


def test_a_layer_may_not_take_a_name_the_schema_or_another_layer_has() -> None:
    with pytest.raises(ValueError, match="the family's schema"):
        register_fields(ExtraField("level", int, 0, "a second level", "t"))
    with pytest.raises(ValueError, match="star"):
        register_fields(ExtraField("reward_doors", bool, False, "other doors", "t"))
    with pytest.raises(ValueError, match="int, str or bool"):
        register_fields(ExtraField("t_list", list, [], "a list", "t"))


def test_kinds_and_abilities_of_a_layer_and_forgetting_them() -> None:
    card = {"id": "t-x", "name": "X", "deck": "door", "kind": "t-kind", "abilities": ["t-trick"],
            "t_mark": "yes", "set": "t"}
    with pytest.raises(CardError):
        parse_card(card, "t.toml")
    register_kinds("t", "t-kind")
    register_abilities("t", "t-trick")
    register_fields(ExtraField("t_mark", str, "", "a mark", "t", lambda v: None if v in ("yes", "no") else
                               "must be yes or no"))
    try:
        assert parse_card(card, "t.toml").get("t_mark") == "yes"
        with pytest.raises(CardError) as bad:
            parse_card({**card, "t_mark": "maybe"}, "t.toml")
        assert (bad.value.field, bad.value.message) == ("t_mark", "must be yes or no")
    finally:
        extension.forget("t")
    with pytest.raises(CardError):
        parse_card(card, "t.toml")
