"""Fixtures of the core tests."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from judge.cards import extension
from judge.rules import registry
from judge.rules.engine import unregister_action
from judge.rules.ruling import unregister_rules


@pytest.fixture
def layer() -> Iterator[Any]:
    """The example layer, registered like an installed ruleset, and forgotten afterwards."""
    module = importlib.import_module("tests.core.example_layer.ruleset")
    ruleset = registry.register(module.ExampleLayer())
    try:
        yield module
    finally:
        registry.unregister(ruleset.name)
        unregister_rules("example")
        extension.forget("example")
        unregister_action(module.ExampleSnatch)
        for name in [m for m in sys.modules if m.startswith("tests.core.example_layer")]:
            del sys.modules[name]
