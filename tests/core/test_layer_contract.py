"""The layer contract of the Munchkin family (docs/architecture.md, "How to write a set layer"): a set
layer changes the base game only through public, named hooks; no layer overrides a private method of the
base game, and the slot and hireling routines exist once."""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from typing import Any

import pytest

from judge.common.errors import InvalidArgument
from judge.rules import registry
from judge.rulesets.babys import Babys
from judge.rulesets.mixer import Mixer
from judge.rulesets.mixer.catalogue import card_order
from judge.rulesets.mixer.ruleset import mixed_class
from judge.rulesets.munchkin import Munchkin, contract, hooks
from judge.rulesets.munchkin.sets import MixerSet
from judge.rulesets.munchkin.state import Player
from judge.rulesets.munchkin.tx import _Tx
from judge.rulesets.star import Star
from tests.rules.harness import A, Table

COMBINATIONS = (("munchkin", "babys"), ("munchkin", "star"), ("babys", "star"), ("munchkin", "babys", "star"))
LAYERS: tuple[type[Munchkin], ...] = (Babys, Star, *(mixed_class(sets) for sets in COMBINATIONS))


def _layer_classes(ruleset: type[Munchkin]) -> list[type]:
    return [c for c in ruleset.__mro__ if c not in Munchkin.__mro__]


@pytest.mark.parametrize("layer", LAYERS, ids=lambda c: c.__name__)
def test_no_layer_overrides_a_private_method_of_the_base_game(layer: type[Munchkin]) -> None:
    overridden = sorted(f"{c.__name__}.{name}" for c in _layer_classes(layer) for name in vars(c)
                        if name.startswith("_") and not name.startswith("__") and hasattr(Munchkin, name))
    assert overridden == []


@pytest.mark.parametrize("layer", LAYERS, ids=lambda c: c.__name__)
def test_the_slot_routine_is_one_hook(layer: type[Munchkin]) -> None:
    """Playing, giving, the backpack and a position all ask ``slot_free``; a layer changes ``fits_beside``."""
    assert all("slot_free" not in vars(c) and "items_in_use" not in vars(c) for c in _layer_classes(layer))


def test_the_hireling_sacrifice_is_one_routine() -> None:
    star, mixed = Star.sacrifice_hireling, mixed_class(("munchkin", "babys")).sacrifice_hireling
    assert star is mixed and "sacrifice" in inspect.getsource(star)


LAYER_SOURCES = ("judge/rulesets/babys", "judge/rulesets/star", "judge/rulesets/mixer",
                 "judge/rulesets/munchkin/variants", "tests/core/example_layer")


def test_no_layer_calls_a_private_method_of_the_base_game() -> None:
    """What a layer needs beyond the hooks it reaches through public names (docs/architecture.md, "How to
    write a set layer"); the base game's handlers through its tables (``Munchkin.action_handlers[...]``)."""
    root = Path(__file__).resolve().parents[2]
    private = {n for n in dir(Munchkin) if n.startswith("_") and not n.startswith("__")}
    found = []
    for folder in LAYER_SOURCES:
        for path in sorted((root / folder).glob("*.py")):
            for name in re.findall(r"\b(?:self|ruleset|rules|Munchkin|super\(\))\.(_\w+)", path.read_text()):
                if name in private and not name.startswith("__"):
                    found.append(f"{path.relative_to(root)}: {name}")
    assert found == []


def test_every_override_of_a_layer_is_a_named_hook_a_declaration_or_a_ruleset_method(layer: Any) -> None:
    allowed = set(contract.HOOKS) | set(contract.DECLARATIONS) | set(contract.RULESET_METHODS)
    layers = (*LAYERS, layer.ExampleLayer)
    overridden = {name for layer in layers for c in _layer_classes(layer) for name in vars(c)
                  if not name.startswith("_") and hasattr(Munchkin, name)}
    assert sorted(overridden - allowed) == []


def test_the_contract_names_public_members_of_the_base_game_and_the_protocol_is_exactly_them() -> None:
    names = [*contract.HOOKS, *contract.SURFACE, *contract.DECLARATIONS, *contract.RULESET_METHODS]
    assert [n for n in names if n.startswith("_") or not hasattr(Munchkin, n)] == []
    members = {n for n in vars(contract.LayerHost) if not n.startswith("_")}
    assert members == set(contract.HOOKS) | set(contract.SURFACE) | {"name", "variant_modules"}
    assert {contract.hook_module(h) for h in contract.HOOKS} <= {
        f"judge.rulesets.munchkin.{m}" for m in ("hooks", "character", "items", "combat", "playing", "looting", "table",
                                                 "pending", "ruleset", "turn", "analysis", "legal", "position")}


def test_the_documented_hooks_are_the_contracts() -> None:
    """docs/architecture.md, "How to write a set layer": the table of hooks lists exactly ``HOOKS``, each
    with the module that holds its base behaviour."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = doc[doc.index("| hook | module | base behaviour |"):]
    table = table[:table.index("\n\n")]
    documented = {}
    for row in table.splitlines()[2:]:
        first, module = row.split(" | ")[:2]
        for name in re.findall(r"`(\w+)\(", first):
            documented[name] = "judge.rulesets.munchkin." + module.strip().removesuffix(".py")
    assert documented == {name: contract.hook_module(name) for name in contract.HOOKS}


def test_a_set_registered_later_is_combined_by_the_mixer(layer: Any) -> None:
    """A set that declares its ``mixer_set`` and is registered (as an installed entry point is) can be
    combined: its cards join the game's and its hooks run; no list of the Mixer names it."""

    class ExampleSet(Munchkin):
        name = "example-set"
        title = "The example layer's cards as a set of their own (tests only)"
        card_files = layer.ExampleLayer.card_files
        mixer_set = MixerSet("example", number=900)

        def hand_limit(self, tx: _Tx, p: Player) -> int:
            return max(7, super().hand_limit(tx, p))

    with pytest.raises(InvalidArgument, match="unknown set 'example'"):
        Mixer.rules_for("munchkin,example")
    installed: Any = ExampleSet()  # as an entry point registers it
    registry.register(installed)
    try:
        assert card_order() == ("munchkin", "babys", "star", "example")
        t = Table(ruleset="mixer", options={"sets": "munchkin,example"})
        rules: Any = t.rules
        assert {"example-elfling", "sabbernder-schleim"} <= set(rules.of_state(t.state).catalogue())
        assert rules.of_state(t.state).hand_limit(_Tx.reading(rules.of_state(t.state), t.state), t.p(0)) == 7
        t.give(0, "example-elfling")
        t.do(0, A.PlayCard(card="example-elfling"))
        assert t.p(0).races == ["example-elfling"]
    finally:
        registry.unregister(ExampleSet.name)
    with pytest.raises(InvalidArgument, match="unknown set 'example'"):
        Mixer.rules_for("munchkin,example")


def test_every_hook_is_documented_where_it_is_defined_and_named_in_hooks_py() -> None:
    hooks_doc = hooks.__doc__ or ""
    for name in contract.HOOKS:
        assert (getattr(Munchkin, name).__doc__ or "").strip(), name
        assert contract.hook_module(name).endswith(".hooks") or f"``{name}``" in hooks_doc, name
