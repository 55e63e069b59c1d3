"""The Munchkin family of rulesets. ``munchkin`` is the base game (000, 001)."""

from judge.rulesets import register
from judge.rulesets.munchkin.ruleset import Munchkin
from judge.rulesets.munchkin.state import MunchkinState

MUNCHKIN = register(Munchkin())

__all__ = ["MUNCHKIN", "Munchkin", "MunchkinState"]
