"""The rulesets that ship with the judge.

The registry itself is in the core (judge/rules/registry.py); these names
are kept here for callers. Each ruleset registers through the entry-point
group ``judge.rulesets`` (see pyproject.toml), like a ruleset shipped as a
package of its own.
"""

from __future__ import annotations

from judge.rules.registry import current, get, names, pinned, register

__all__ = ["current", "get", "names", "pinned", "register"]
