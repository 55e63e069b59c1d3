"""Munchkin Babys (003), a layer on the Munchkin base game; registered through
the entry point ``babys`` of the group ``judge.rulesets`` (pyproject.toml)."""

from judge.rulesets.babys.ruleset import Babys

__all__ = ["Babys"]
