"""The Munchkin family of rulesets. ``munchkin`` is the base game (000, 001);
it is registered through the entry point ``munchkin`` of the group
``judge.rulesets`` (pyproject.toml)."""

from judge.rulesets.munchkin.ruleset import Munchkin
from judge.rulesets.munchkin.state import MunchkinState

__all__ = ["Munchkin", "MunchkinState"]
