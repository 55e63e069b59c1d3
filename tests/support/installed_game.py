"""A game installed beside the judge as a package of its own, the way a third party ships one: a
distribution written at test time onto a folder of the path, whose entry point of the group
judge.rulesets names the game's ruleset (docs/architecture.md, "The registry")."""

from __future__ import annotations

import os
from pathlib import Path

from judge.rules.registry import ENTRY_POINT_GROUP
from tests.support.judge_process import ROOT


def installed(folder: Path, distribution: str, entry_point: str) -> dict[str, str]:
    """The environment of a process that finds the game: ``distribution`` (e.g. "high-card-judge-game")
    written into ``folder`` with the entry point ``entry_point`` (``name = module:Class``), and the
    checkout on the path for the game's module."""
    name = distribution.replace("-", "_")
    info = folder / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {distribution}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\n{entry_point}\n")
    path = os.pathsep.join([str(folder), str(ROOT), os.environ.get("PYTHONPATH", "")])
    return {"PYTHONPATH": path.rstrip(os.pathsep)}
