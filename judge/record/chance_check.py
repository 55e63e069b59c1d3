"""Checking a finished dealt game's chance from its record alone.

docs/record-format.md, "Chance at a dealt table", describes how every shuffle
and die roll follows from the game's seed; this module follows that text
with nothing but the record: the seed the end reveals, the commitment in the
header's set-up, the header's ``opening_decks`` and the effects. Which
effects reveal the seed, draw, shuffle or roll is the game's to say: its
ruleset's ``chance_walk(opening_decks)`` (judge/rules/chance_walk.py; the
Munchkin family's in judge/rulesets/munchkin/chance_check.py, monkic's in
judge/rulesets/monkic/chance_check.py) follows the events. It needs no
catalogue and no rules, so a checker in any language can do the same (the
TypeScript client's ``verifyRecord`` does) and must reach the same verdict at
the same line. ``judge verify`` runs it beside the audit, which re-judges the
game with the rules and the same seed.

What is checked here, for every game: the revealed seed's SHA-256 is the
commitment ``setup.options.seed_sha256``; then the walk, event by event in
version order, up to the first problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.common.errors import InvalidArgument
from judge.common.i18n import N_, said
from judge.rules import chance, registry
from judge.rules.chance_walk import ChanceWalk, effects_of


@dataclass(frozen=True)
class ChanceProblem:
    line: int
    version: int
    message: str


@dataclass
class ChanceReport:
    dealt: bool = False
    seed_revealed: bool = False
    problems: list[ChanceProblem] = field(default_factory=list)


def check_chance(header: dict[str, Any], events: list[tuple[int, dict[str, Any]]]) -> ChanceReport:
    """Check the chance of a dealt game's record: ``header`` is line 1's object,
    ``events`` the event lines' objects with their line numbers, in version order."""
    report = ChanceReport()
    setup = header.get("setup")
    if not isinstance(setup, dict) or setup.get("mode") != "dealt":
        return report
    report.dealt = True
    walk = _walk_of(header)
    if walk is None:
        report.problems.append(ChanceProblem(1, 0, said(N_("no ruleset installed here checks the chance of {rules}"),
                                                        rules=repr(header.get("rules_version")))))
        return report
    revealed = _revealed(walk, events)
    if revealed is None:
        return report  # still running: nothing can be checked yet
    report.seed_revealed = True
    line, version, text = revealed
    options = setup.get("options")
    committed = options.get("seed_sha256") if isinstance(options, dict) else None
    seed = _hex(text)
    if seed is None or chance.commitment(seed) != committed:
        report.problems.append(ChanceProblem(
            line, version, said(N_("the revealed seed does not match the commitment setup.options.seed_sha256"))))
        return report
    walk.start(seed)
    for line, event in events:
        try:
            problem = walk.event(event)
        except (TypeError, ValueError, AttributeError, IndexError) as e:  # a forger's odd values
            problem = said(N_("unreadable chance data: {problem}"), problem=str(e))
        if problem:
            report.problems.append(ChanceProblem(line, int(event.get("version", 0)), problem))
            break  # the walk's piles are unknown past a wrong draw
    return report


def _walk_of(header: dict[str, Any]) -> ChanceWalk | None:
    """The walk of the header's ruleset (None where no installed ruleset has one)."""
    try:
        ruleset = registry.pinned(str(header.get("rules_version") or header.get("ruleset") or ""))
    except InvalidArgument:
        return None
    hook = getattr(ruleset, "chance_walk", None)
    if not callable(hook):
        return None
    walk = hook(header.get("opening_decks"))
    return walk if isinstance(walk, ChanceWalk) else None


def _revealed(walk: ChanceWalk, events: list[tuple[int, dict[str, Any]]]) -> tuple[int, int, str] | None:
    for line, event in events:
        if event.get("kind") == "GameStopped" and isinstance(event.get("seed"), str):
            return line, int(event.get("version", 0)), str(event["seed"])  # a table stopped: time called
        if event.get("kind") != "CommandAccepted":
            continue
        for effect in effects_of(event):
            seed = walk.revealed_seed(effect)
            if seed is not None:
                return line, int(event.get("version", 0)), seed
    return None


def _hex(text: str) -> bytes | None:
    if len(text) != 64 or any(c not in "0123456789abcdef" for c in text):
        return None
    return bytes.fromhex(text)
