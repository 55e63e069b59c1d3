"""Star Munchkin (004) as a set layer of the Munchkin family; registered
through the entry point ``star`` of the group ``judge.rulesets``
(pyproject.toml)."""

from judge.rulesets.star.ruleset import Star

__all__ = ["Star"]
