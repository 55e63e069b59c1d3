"""Munchkin im Mixer (001): sets of the Munchkin family combined in one game; registered through the entry
point ``mixer`` of the group ``judge.rulesets`` (pyproject.toml). docs/mixer.md."""

from judge.rulesets.mixer.ruleset import Mixer

__all__ = ["Mixer"]
