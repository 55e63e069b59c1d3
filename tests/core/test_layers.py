"""The folders are layers (docs/architecture.md, "What each folder may import"): every import of the
judge and of the client package, at module level or inside a function, runs from a folder to one the
table allows. A new arrow up is a design decision: it goes into that table and into ALLOWED here."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

BELOW_RULES = {"judge.common"}
ALLOWED: dict[str, set[str]] = {
    "judge_client": {"judge.common", "judge.v1",
                     # the server's own commands of the CLI, imported inside the command
                     "judge", "judge.app", "judge.domain", "judge.record", "judge.rules", "judge.rulesets",
                     "judge.server", "judge.store", "judge.cards", "judge.tournament",
                     # and `judge bench`, inside the command, the benchmark above both
                     "judge_bench"},
    "judge_bench": {"judge_client", "judge.server", "judge.web", "judge.app", "judge.record", "judge.store",
                    "judge.domain", "judge.rulesets", "judge.rules", "judge.cards", "judge.common", "judge.v1",
                    "judge.tournament"},
    "judge.server": {"judge.web", "judge.app", "judge.record", "judge.store", "judge.domain", "judge.rulesets",
                     "judge.rules", "judge.cards", "judge.common", "judge.v1", "judge.tournament"},
    "judge.web": {"judge.v1", "judge.common"},
    "judge.app": {"judge.record", "judge.store", "judge.domain", "judge.rules", "judge.cards", "judge.common",
                  "judge.tournament"},
    "judge.record": {"judge.domain", "judge.rules", "judge.common", "judge.tournament"},
    "judge.store": {"judge.domain", "judge.common"},
    "judge.domain": {"judge.rules", "judge.common", "judge.tournament"},
    "judge.rulesets": {"judge.rules", "judge.cards", "judge.common"},
    "judge.tournament": {"judge.rules", "judge.common"},
    "judge.rules": {"judge.common"},
    "judge.cards": {"judge.common"},
    "judge.common": {"judge.v1"},
}


def folder(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] in ("judge_client", "judge_bench"):
        return parts[0]
    if parts[0] != "judge":
        return None
    return "judge" if len(parts) == 1 else f"judge.{parts[1]}"


def sources() -> list[tuple[Path, str]]:
    out = []
    for base, top in ((ROOT / "judge", ROOT), (ROOT / "judge_bench", ROOT),
                      (ROOT / "clients" / "python" / "judge_client", ROOT / "clients" / "python")):
        for path in sorted(base.rglob("*.py")):
            if "v1" in path.relative_to(top).parts:
                continue
            out.append((path, ".".join(path.relative_to(top).with_suffix("").parts)))
    return out


def test_every_import_runs_down_the_layers() -> None:
    wrong = []
    for path, module in sources():
        source = folder(module)
        assert source is not None
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 else []
            for target in targets:
                to = folder(target)
                if to is None or to == source or source == "judge":
                    continue
                if to not in ALLOWED.get(source, set()):
                    wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}: {source} -> {to} ({target})")
    assert wrong == []
