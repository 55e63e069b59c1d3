"""A set layer is a subclass of the base game (docs/architecture.md, "How to
write a set layer"): the example layer in tests/core/example_layer/ overrides
named hooks, adds an action with its effect handler and a card-play handler,
ships its own card file and registers its own ``example.*`` rules citing its
seed (003) — and the base game is untouched by it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from judge.cards import CardError, extension, parse_card
from judge.common.errors import InvalidArgument
from judge.rules import registry
from judge.rules.engine import ORGANIZER, Action, action_table
from judge.rules.ruling import RULES, SEED_003, Malformed
from judge.rulesets.munchkin import Munchkin
from tests.rules.harness import A, Table
from tests.support.seeds import seed_text

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = "tests/core/example_layer"


def test_the_layer_registers_its_own_rules_citing_its_own_seed(layer: Any) -> None:
    ids = sorted(r for r in RULES if r.startswith("example."))
    assert ids == ["example.snatch.in-combat", "example.snatch.thieves-only"]
    assert {RULES[r].citation.source for r in ids} == {SEED_003}


@pytest.mark.usefixtures("seeds")
def test_the_layers_quotes_are_verbatim_from_their_sections_of_003(layer: Any) -> None:
    text = " ".join(seed_text(SEED_003).split())
    for rule_id in [r for r in RULES if r.startswith("example.")]:
        c = RULES[rule_id].citation
        assert c.section in text, rule_id
        for fragment in c.quote.split(" ... "):
            assert " ".join(fragment.split()) in text, rule_id


def test_a_hook_override_changes_the_layer_not_the_base(layer: Any) -> None:
    """003 "Gewonnen!": "Elflinge steigen für jedes Monster, das sie als Helfer erschlagen haben, 1 Stufe
    auf." The layer's Elfling says so in the layer's own card field (``levels_as_helper``, no
    helper_gains_level): as a helper it gains a level."""
    t = Table(ruleset="example-layer", window_ms=0)
    t.state.players[1].races.append("example-elfling")
    t.do(0, A.KickDoor(card="sabbernder-schleim"))
    t.set_level(0, 5)
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    t.do(0, A.ClaimVictory())
    assert (t.p(0).level, t.p(1).level) == (6, 2)
    layer_rules: Any = t.rules
    base = Table()
    base_rules: Any = base.rules
    assert (layer_rules.hand_limit(_reading(t), t.p(0)), base_rules.hand_limit(_reading(base), base.p(0))) == (6, 5)


def test_the_layer_adds_an_action_with_its_own_effect_and_rulings(layer: Any) -> None:
    """003 "Rassen / Klassen": no stealing in combat; "Babys und Munchkin": a Krümeldieb counts as a Dieb."""
    snatch = layer.ExampleSnatch
    t = Table(ruleset="example-layer")
    t.equip(2, "gehoernter-helm")
    t.rejects("example.snatch.thieves-only", 0, snatch(target_seat=2, item="gehoernter-helm"))
    t.state.players[0].classes.append("example-kruemeldieb")
    t.do(0, A.KickDoor(card="sabbernder-schleim"))
    t.rejects("example.snatch.in-combat", 0, snatch(target_seat=2, item="gehoernter-helm"))
    t.state.combat = None  # arranged: the combat is over
    effects = t.do(0, snatch(target_seat=2, item="gehoernter-helm"))
    assert [e["type"] for e in effects] == ["ExampleSnatched"]
    assert [i.card for i in t.p(0).items] == ["gehoernter-helm"] and t.p(2).items == []
    # The layer's own state survives a snapshot as the layer's state class.
    again = t.rules.from_dict(t.rules.to_dict(t.state))
    assert isinstance(again, layer.ExampleState) and again.snatched == ["gehoernter-helm"]
    # A position of the layer carries its own state and loads as the layer's state (docs/position.md).
    rules: Any = t.rules
    position = rules.position(t.state, ORGANIZER)
    assert position["layer"] == {"snatched": ["gehoernter-helm"]}
    loaded = rules.initial_state(rules.setup_of_position(position))
    assert isinstance(loaded, layer.ExampleState) and loaded.snatched == ["gehoernter-helm"]
    with pytest.raises(Malformed) as bad:
        rules.validate_setup(rules.setup_of_position({**position, "phase": "after-door",
                                                          "layer": {"stolen": []}}))
    assert bad.value.field == "position.layer.stolen"
    # Commands of the layer decode against the family's table, as the server does.
    assert Action.from_dict(snatch(target_seat=2, item="x").to_dict(), "munchkin") == snatch(target_seat=2, item="x")
    # The base game does not have the layer's action.
    base = Table()
    base.malformed("action", 0, snatch(target_seat=2, item="gehoernter-helm"))


def test_a_play_handler_for_a_new_kind_and_once_per_turn_enforced(layer: Any) -> None:
    """001 timing table: "Portalkarten: Jederzeit während eines eigenen Zuges, jedoch nicht während eines
    Kampfes, und nur einmal pro Zug. Danach sofort eine verdeckte Türkarte ziehen." """
    t = Table(ruleset="example-layer")
    t.give(0, "example-portal", "example-portal")
    t.rejects("munchkin.timing.portal", 1, A.PlayCard(card="example-portal"))  # not seat 1's turn
    effects = t.do(0, A.PlayCard(card="example-portal"))
    assert "CardsDrawn" in [e["type"] for e in effects]
    t.rejects("munchkin.timing.once-per-turn", 0, A.PlayCard(card="example-portal"))
    base = Table(custom=({"id": "example-portal", "name": "Portal", "deck": "door", "kind": "portal", "set": "x"},))
    base.give(0, "example-portal")
    base.rejects("munchkin.card.not-playable", 0, A.PlayCard(card="example-portal"))


def test_variants_compose_onto_the_layer(layer: Any) -> None:
    """000 SCHNELLERES SPIEL (shared victory) is offered by the layer as by the base game."""
    assert layer.ExampleLayer().variants == Munchkin().variants == ("shared-victory", "listen-at-the-door",
                                                                 "epic-kick", "two-players")


def test_the_base_game_is_untouched(layer: Any) -> None:
    assert "example_snatch" in action_table("munchkin")
    assert "example_snatch" not in Munchkin.action_handlers and "portal" not in Munchkin.play_handlers
    assert "ExampleSnatched" not in Munchkin.effect_handlers
    assert "example-elfling" not in Munchkin().catalogue()


def _reading(t: Table) -> Any:
    from judge.rulesets.munchkin.tx import _Tx

    rules: Any = t.rules
    return _Tx.reading(rules, t.state)


def test_the_layers_card_field_is_checked_like_the_schemas_own(layer: Any) -> None:
    """docs/cards.md, "Fields of a layer": the layer's ``levels_as_helper`` in a card file or a group's card."""
    elfling = {"id": "t-elfling", "name": "Elfling", "deck": "door", "kind": "race", "set": "t"}
    assert parse_card({**elfling, "levels_as_helper": 2}, "t.toml").get("levels_as_helper") == 2
    for value, message in (("1", "expected int, got str '1'"), (-1, "must not be negative")):
        with pytest.raises(CardError) as bad:
            parse_card({**elfling, "levels_as_helper": value}, "t.toml")
        assert (bad.value.field, bad.value.message) == ("levels_as_helper", message)
    with pytest.raises(InvalidArgument) as refused:
        Table(ruleset="example-layer", custom=({**elfling, "levels_as_helper": -1},))
    assert refused.value.field == "custom_cards.t-elfling.levels_as_helper"


def test_the_example_layer_type_checks() -> None:
    """The example is typed like any layer: mypy over its package is clean."""
    result = subprocess.run([sys.executable, "-m", "mypy", "tests/core/example_layer"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_documented_example_is_the_example_the_tests_build() -> None:
    """docs/architecture.md, "How to write a set layer", shows the example's files word for word."""
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    shown = dict(re.findall(r"<!-- example: (\S+) -->\n```\w*\n(.*?)```\n", doc, flags=re.S))
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / EXAMPLE).iterdir() if p.suffix in (".py", ".toml"))
    assert sorted(shown) == files
    for path, text in shown.items():
        assert (ROOT / path).read_text(encoding="utf-8") == text, path


def test_after_the_layer_is_forgotten_nothing_of_it_remains() -> None:
    assert not [r for r in RULES if r.startswith("example.")]
    assert not [f.name for f in extension.extra_fields() if f.owner == "example"]
    assert "example_snatch" not in action_table("munchkin")
    assert not re.search("example", " ".join(registry.names()))
