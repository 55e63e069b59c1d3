"""Every rule the Munchkin base game enforces: id, citation, explanation.

Ids are stable and namespaced (``munchkin.<area>.<rule>``); tests assert ids,
never texts. Each rule quotes the short German text it rests on. The rules
are registered by area, one module each; importing this package registers
them all, then adds the "when would it be legal" texts (when.py).

A set layer registers its own rules the same way in its own module, with its
own prefix and seed file (``RuleBook("babys", SEED_003)``, judge/rules/ruling.py)
and inherits these: a layer raises ``munchkin.*`` where its text repeats the
base text (docs/architecture.md, "How to write a set layer").
"""

from __future__ import annotations

from judge.rulesets.munchkin.rules import (  # noqa: F401  (each module registers its rules)
    abilities,
    cards,
    character,
    combat,
    curses,
    death,
    kept,
    printed,
    strength,
    table,
    trading,
    turn,
    variants,
)
from judge.rulesets.munchkin.rules.decisions import DECISIONS as AREA_DECISIONS
from judge.rulesets.munchkin.rules.when import apply_when

apply_when()

DECISIONS = AREA_DECISIONS + printed.DECISIONS + kept.DECISIONS

__all__ = ["DECISIONS"]
