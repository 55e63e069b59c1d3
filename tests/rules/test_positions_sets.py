"""Positions of the set layers (docs/position.md): a Munchkin Babys, Star
Munchkin or mixed table written down by hand with the set's own races,
classes, items, hirelings and monsters loads, follows the Munchkin family's
schema file, and breaks its strengths down with the set's own terms; a table
the set's rules forbid is refused with the ruling and the field."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge import rulesets
from judge.rules import ORGANIZER, Malformed, Rejected
from tests.rules.test_positions import _load, _new, _play, _schema


def _written(ruleset: str, anna: dict[str, Any], monster: str, **extra: Any) -> dict[str, Any]:
    seats = [{"name": "Anna", "sex": "female", "level": 3, "hand_unknown": 2, **anna},
             {"name": "Ben", "sex": "male", "level": 2, "hand_unknown": 4},
             {"name": "Cem", "sex": "male", "level": 1, "hand_unknown": 3}]
    return {"format": "judge-position", "family": "munchkin", "version": 1, "ruleset": ruleset,
            "seats": seats, "active_seat": 0, "turn": 4, "phase": "combat", "met_monster": True,
            "combat": {"fighter": 0, "monsters": [{"card": monster}]}, **extra}


def _analysis(ruleset: str, position: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    _schema("munchkin").validate(position)
    rules = rulesets.get(ruleset)
    state = _load(rules, position)
    by = {b["subject"]: b for b in rules.analysis(state, ORGANIZER)["breakdowns"]}
    return by, rules.view(state, ORGANIZER)


def _terms(b: dict[str, Any]) -> list[tuple[str, str, int, str]]:
    return [(t["label"], t["card"], t["amount"], t["rule"]) for t in b["terms"]]


@pytest.mark.parametrize("name", ("babys", "star", "mixer"))
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 40))
def test_every_set_layers_written_position_follows_the_munchkin_family_schema(name, seed, steps):
    """docs/position.md: one schema per family; a set layer's own state goes under ``layer``."""
    rules, state = _new(name)
    state, _ = _play(rules, state, random.Random(seed), steps, 1_000_000)
    _schema("munchkin").validate(json.loads(json.dumps(rules.position(state, ORGANIZER))))


def test_babys_a_hand_written_viertelling_scheinheiliger_against_the_impfgegner():
    """003 (babys.toml): Schild des Nickerchens "Nur von Viertellingen nutzbar" (+3), and the Impfgegner
    (Stufe 16) has -3 against a Scheinheiliger: 6 against 13, each term with its card and rule."""
    by, view = _analysis("babys", _written(
        "babys", {"races": ["viertelling"], "classes": ["scheinheiliger"],
                  "items": [{"card": "schild-des-nickerchens", "in_use": True}]}, "impfgegner"))
    assert _terms(by["seat:0"]) == [("level", "", 3, "munchkin.strength.level"),
                                    ("item", "schild-des-nickerchens", 3, "munchkin.strength.item")]
    assert _terms(by["monster:0"]) == [
        ("monster level", "impfgegner", 16, "munchkin.strength.monster-level"),
        ("bonus against class:scheinheiliger", "impfgegner", -3, "munchkin.strength.monster-bonus")]
    assert (view["combat"]["players_strength"], view["combat"]["monsters_strength"]) == (6, 13)
    # Without the race the shield gives nothing: the term is gone, as the judge decides.
    by, view = _analysis("babys", _written(
        "babys", {"classes": ["scheinheiliger"], "items": [{"card": "schild-des-nickerchens", "in_use": True}]},
        "impfgegner"))
    assert by["seat:0"]["total"] == 3 == view["combat"]["players_strength"]


def test_star_a_hand_written_medium_with_rothemd_and_dazer_against_the_gruenes_ding():
    """004: a cyborg medium with the Dazer (Laserwaffe, +3) and Rothemd (Handlanger) in front, against the
    Schreckliches grünes Ding with its bonus against a Medium; the hireling is a term of its own."""
    position = _written("star", {"races": ["cyborg"], "classes": ["medium"], "other_cards": ["rothemd"],
                                 "items": [{"card": "dazer", "in_use": True}]}, "schreckliches-gruenes-ding")
    by, view = _analysis("star", position)
    # Rothemd prints no bonus ("Zu nichts anderem nützlich"): no term of its own.
    assert _terms(by["seat:0"]) == [("level", "", 3, "munchkin.strength.level"),
                                    ("item", "dazer", 3, "munchkin.strength.item")]
    assert _terms(by["monster:0"]) == [
        ("monster level", "schreckliches-gruenes-ding", 8, "munchkin.strength.monster-level"),
        ("bonus against class:medium", "schreckliches-gruenes-ding", 3, "munchkin.strength.monster-bonus")]
    assert (view["combat"]["players_strength"], view["combat"]["monsters_strength"]) == (6, 11)


@pytest.mark.parametrize("ruleset, rule, options", [
    ("star", "star.hireling.only-one", {}),
    ("mixer", "mixer.follower.only-one", {"sets": "munchkin,star"}),
])
def test_handlanger_two_hirelings_without_haendler_are_refused_and_a_haendler_may(ruleset, rule, options):
    """004 Handlanger: one hireling in play "(Es sei denn du bist ein Händler)"; a position with two in front
    of anyone else is a table no legal game reaches, refused with the ruling and the field."""
    rules = rulesets.get(ruleset)
    two = _written(ruleset, {"other_cards": ["rothemd", "rothemd"]}, "har-har", options=options)
    with pytest.raises(Rejected) as info:
        rules.validate_setup(rules.setup_of_position(two))
    assert info.value.ruling.rule_id == rule
    assert info.value.ruling.details["field"] == "position.seats[0].other_cards"
    trader = _written(ruleset, {"classes": ["haendler"], "other_cards": ["rothemd", "rothemd"]}, "har-har",
                      options=options)
    rules.validate_setup(rules.setup_of_position(trader))


def test_star_a_dazer_beside_a_two_handed_weapon_in_use_is_refused_naming_the_item():
    """004 Laserwaffen join only with lasers: the Dazer (2 hands) beside the Cyberdeck (a hand) is no fit."""
    position = _written("star", {"items": [{"card": "cyberdeck", "in_use": True},
                                           {"card": "dazer", "in_use": True}]}, "har-har")
    rules = rulesets.get("star")
    with pytest.raises(Rejected) as info:
        rules.validate_setup(rules.setup_of_position(position))
    assert info.value.ruling.rule_id == "munchkin.item.slot-full"
    assert info.value.ruling.details["field"] == "position.seats[0].items[1]"


def test_mixer_a_hand_written_table_of_three_sets():
    """Mixer (docs/mixer.md): an elf of the base game with Star's Dazer fights the Babys' Impfgegner; the
    position names the sets it mixes, loads and breaks both sides down."""
    position = _written("mixer", {"races": ["elf"], "items": [{"card": "dazer", "in_use": True}]}, "impfgegner",
                        options={"sets": "munchkin,babys,star"})
    by, view = _analysis("mixer", position)
    assert _terms(by["seat:0"]) == [("level", "", 3, "munchkin.strength.level"),
                                    ("item", "dazer", 3, "munchkin.strength.item")]
    assert (view["combat"]["players_strength"], view["combat"]["monsters_strength"]) == (6, 16)
    # A card of a set the table does not mix is no card of this game.
    rules = rulesets.get("mixer")
    with pytest.raises(Malformed) as info:
        rules.validate_setup(rules.setup_of_position({**position, "options": {"sets": "munchkin,babys"}}))
    assert info.value.field == "position.seats[0].items[0].card"
