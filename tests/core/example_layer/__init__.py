"""A tiny set layer of the Munchkin family, shipped only with the tests: it
shows that a set is a subclass that overrides named hooks, adds an action,
a card-play handler and an effect handler, and registers its own rules,
without touching the base game (docs/architecture.md, "How to write a set
layer"). Its texts come from Munchkin Babys (003)."""

from tests.core.example_layer.ruleset import ExampleLayer

__all__ = ["ExampleLayer"]
