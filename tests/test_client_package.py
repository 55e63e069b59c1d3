"""The client package (clients/python) stands alone: its modules import
nothing of the server package at load time, only the API's generated code
(judge.v1), the package the judge and the client share (judge.common, which
imports nothing of the judge) and themselves; the server's commands of the command line import
the server inside the command (and say so when it is missing). The other way round, the judge imports
nothing of the client; the benchmark (judge_bench), which drives a judge through the client, stands above both. The install in a fresh venv is
tests/e2e/test_client_alone.py."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLIENT = ROOT / "clients" / "python"


def _module_level_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_client_modules_import_no_server_module_at_load_time() -> None:
    offending = {
        f"{path.relative_to(CLIENT)}: {name}"
        for path in sorted((CLIENT / "judge_client").rglob("*.py"))
        for name in _module_level_imports(path)
        if (name == "judge" or name.startswith("judge.")) and not name.startswith(("judge.v1", "judge.common"))
    }
    assert not offending


def test_the_judge_imports_nothing_of_the_client() -> None:
    """The server, the application and everything below them never import the client package (the words
    people read are the rulesets' own, judge/rules/narration.py)."""
    offending = set()
    for path in sorted((ROOT / "judge").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            offending |= {f"{path.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] == "judge_client"}
    assert not offending


def test_the_shared_package_imports_nothing_of_the_judge() -> None:
    """judge.common sits below the judge and the client: it imports only the generated API and itself."""
    offending = {
        f"{path.name}: {name}"
        for path in sorted((ROOT / "judge" / "common").glob("*.py"))
        for name in _module_level_imports(path)
        if (name == "judge" or name.startswith("judge.")) and not name.startswith(("judge.v1", "judge.common"))
    }
    assert not offending


def test_client_package_depends_on_no_server_distribution() -> None:
    """Its own pyproject: no storage or event-sourcing libraries, no server package."""
    project = tomllib.loads((CLIENT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    required = {d.split(">")[0].split("=")[0].split("[")[0].split("<")[0].strip().lower()
                for d in project["dependencies"]}
    assert not required & {"judge", "eventsourcing", "psycopg", "prometheus-client", "grpcio-reflection"}
    assert (CLIENT / "judge" / "v1" / "judge_pb2.py").is_file()  # the link to the generated API code
    assert (CLIENT / "judge" / "common" / "receipts.py").is_file()  # the link to the shared package
