"""The pure rules core: rulings, actions, commands, the ruleset protocol."""

from judge.rules.engine import (
    ORGANIZER,
    SPECTATOR,
    Action,
    Command,
    Context,
    Effect,
    GameSetup,
    Ruleset,
    SeatSetup,
    Viewer,
    action_table,
    apply_all,
    canonical_json,
)
from judge.rules.ruling import RULES, Malformed, Rejected, Rule, Ruling, reject, rule

__all__ = [
    "ORGANIZER", "SPECTATOR", "Action", "Command", "Context", "Effect", "GameSetup",
    "Ruleset", "SeatSetup", "Viewer", "action_table", "apply_all", "canonical_json", "RULES", "Malformed",
    "Rejected", "Rule", "Ruling", "reject", "rule",
]
