"""A family's check of a dealt game's chance from its record alone (docs/record-format.md, "Chance at a
dealt table"): the base every family's walk derives from.

The record's check (judge/record/chance_check.py) asks the game's ruleset for a walk
(``chance_walk(opening_decks) -> ChanceWalk``, an optional hook of judge/rules/engine.py), finds the seed
the end reveals (``revealed_seed``), checks it against the commitment, and hands the walk every event
in version order: ``event`` answers "" or what is wrong with it. A walk needs no catalogue and no rules,
only the seed (judge/rules/chance.py), the header's ``opening_decks`` and the effects, so a checker in any
language can do the same; which effects draw, shuffle or roll is the family's to say.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.common.i18n import N_, said
from judge.rules import chance


class ChanceWalk:
    """Follows a dealt game's chance event by event; a family overrides ``effect`` (and ``event`` where an event that is no command changes its chance, ``finish`` where a command's
    effects must add up)."""

    def __init__(self, opening: Any) -> None:
        self.seed = b""
        self.opening: dict[str, list[str]] = dict(opening) if isinstance(opening, Mapping) else {}
        self.orders: dict[tuple[str, int], list[str]] = {}

    def revealed_seed(self, effect: Mapping[str, Any]) -> str | None:
        """The seed (hex) ``effect`` reveals, or None (every game reveals it alike: ``chance.SEED_REVEALED``)."""
        return str(effect.get("seed", "")) if effect.get("type") == chance.SEED_REVEALED else None

    def start(self, seed: bytes) -> None:
        """The walk begins with the revealed, checked seed."""
        self.seed = seed
        self.orders = {}

    def order(self, label: str, cards: list[str]) -> list[str]:
        """The seed's shuffle of ``cards`` under ``label`` (computed once)."""
        key = (label, len(cards))
        if key not in self.orders:
            self.orders[key] = chance.shuffled(self.seed, label, cards)
        return self.orders[key]

    def die(self, number: Any, value: Any) -> str:
        """Nothing ("") if ``value`` is the seed's die ``number``, else the problem."""
        if not isinstance(number, int) or value != chance.die(self.seed, number):
            return said(N_("die {number} shows {value}, the seed gives another value"), number=repr(number),
                        value=repr(value))
        return ""

    def event(self, event: dict[str, Any]) -> str:
        """One event line's object: "" or what is wrong with its chance. A command's effects go to
        ``effect`` one by one, then to ``finish``."""
        if event.get("kind") != "CommandAccepted":
            return ""
        scratch: dict[str, Any] = {}
        for effect in effects_of(event):
            problem = self.effect(effect, scratch)
            if problem:
                return problem
        return self.finish(scratch)

    def effect(self, effect: dict[str, Any], scratch: dict[str, Any]) -> str:
        """One effect of a command: "" or what is wrong; ``scratch`` is the command's own (what one effect
        leaves for a later one of the same command)."""
        return ""

    def finish(self, scratch: dict[str, Any]) -> str:
        """After a command's effects: "" or what is wrong with them together."""
        return ""


def effects_of(event: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The effects of an event line's object (none where it holds none, or odd ones)."""
    effects = event.get("effects")
    return [e for e in effects if isinstance(e, dict)] if isinstance(effects, list) else []
