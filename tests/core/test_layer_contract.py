"""The layer contract of the Munchkin family (docs/architecture.md, "How to write a set layer"): a set
layer changes the base game only through public, named hooks; no layer overrides a private method of the
base game, and the slot and hireling routines exist once."""

from __future__ import annotations

import inspect

import pytest

from judge.rulesets.babys import Babys
from judge.rulesets.mixer.ruleset import mixed_class
from judge.rulesets.munchkin import Munchkin
from judge.rulesets.star import Star

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
