"""monkic (002), a two-player card game. Registered through the entry point
``monkic`` of the group ``judge.rulesets`` (pyproject.toml)."""

from judge.rulesets.monkic.ruleset import Monkic
from judge.rulesets.monkic.state import MonkicState

__all__ = ["Monkic", "MonkicState"]
