"""The shape of judge/app (judge/app/__init__.py, docs/architecture.md): services
with explicit dependencies behind a thin ``JudgeApp`` facade.

* no module of judge/app reaches into a private (underscore) name of another
  object: a service uses the others' public methods only;
* no service builds on another by inheritance (the old chain of mixins);
* the context (judge/app/game_store.py) knows no service;
* the facade has every name the server, the web bridge, the tools and the
  composition use on it, and the names the API had before the services;
* the stored tables are still named after ``JudgeApp``.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterator
from pathlib import Path

import pytest

import judge.app
from judge.app import GameStore, JudgeApp

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "judge" / "app"

PRIVATE_REACH_ALLOWED = {
    # The checkpoint's own class method checks the MAC of the checkpoint it read.
    ("checkpoint.py", "checkpoint._message"),
    # A fork of a saved game starts with no pending events (eventsourcing's aggregate field).
    ("live_games.py", "twin._pending_events"),
}

SERVICE_MODULES = ("access", "views", "watch", "deadlines", "games", "disputes", "records", "checkpoint",
                   "integrity", "library", "stopping", "tournaments")

USERS = [*sorted((ROOT / "judge" / "server").rglob("*.py")), *sorted((ROOT / "judge" / "web").rglob("*.py")),
         *sorted((ROOT / "judge" / "tools").rglob("*.py")), APP / "compose.py"]

API = {
    # What JudgeApp offered before it became a facade (and the tests and scripts use).
    "create_game", "submit", "ask", "legal_actions", "close_elapsed_windows", "list_games", "view",
    "event_records", "events", "replay", "watch", "watch_marked", "card_names_of", "open_dispute",
    "resolve_dispute", "list_disputes", "export_game", "import_game", "audit", "authenticate",
    "authenticate_admin", "is_admin", "rotate_token", "ruleset_of", "now_ms", "check_integrity",
    "seal_credentials", "write_checkpoint", "checkpoint_store", "witness_heads", "pending_deadlines",
    "storage_problem", "game_count", "key", "seal", "witness", "file_guard", "max_games",
    "max_events_per_game", "command_index", "session_locks", "on_save", "hold", "attach", "close", "save",
    "take_snapshot", "wake_watchers", "env", "factory", "recorder", "mapper", "snapshots", "repository",
    "notification_log", "name", "sqlite",
    # Events (docs/events.md): time called on a table, a table's status, the events service.
    "stop_game", "table_status", "tournaments",
}


def app_modules() -> list[Path]:
    return sorted(APP.glob("*.py"))


def test_no_module_of_the_application_reaches_into_a_private_name_of_another_object() -> None:
    reached = []
    for path in app_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Attribute) or not node.attr.startswith("_") or node.attr.startswith("__"):
                continue
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                continue
            where = (path.name, ast.unparse(node))
            if where not in PRIVATE_REACH_ALLOWED:
                reached.append(f"{path.name}:{node.lineno}: {where[1]}")
    assert reached == []


def test_no_class_of_the_application_builds_on_another() -> None:
    trees = {path.name: ast.parse(path.read_text(encoding="utf-8")) for path in app_modules()}
    classes = [(name, node) for name, tree in trees.items() for node in ast.walk(tree)
               if isinstance(node, ast.ClassDef)]
    own = {node.name for _, node in classes}
    chained = [f"{name}: {node.name}({ast.unparse(base)})" for name, node in classes for base in node.bases
               if ast.unparse(base).split(".")[-1].split("[")[0] in own]
    assert chained == []
    assert JudgeApp.__mro__ == (JudgeApp, object)


def test_the_context_knows_no_service() -> None:
    tree = ast.parse((APP / "game_store.py").read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    services = {f"judge.app.{name}" for name in SERVICE_MODULES} | {"judge.app"}
    assert imported & services == set()


def names_used_on_the_app() -> dict[str, set[str]]:
    """Attribute names used on ``app``, ``self.app`` or ``self._app`` by the application's users."""
    used: dict[str, set[str]] = {}
    for path in USERS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Attribute):
                continue
            value = node.value
            on_app = (isinstance(value, ast.Name) and value.id == "app") or (
                isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name)
                and value.value.id == "self" and value.attr in ("app", "_app"))
            if on_app:
                used.setdefault(node.attr, set()).add(str(path.relative_to(ROOT)))
    return used


@pytest.fixture
def sqlite_app(tmp_path: Path) -> Iterator[JudgeApp]:
    app = JudgeApp(JudgeApp.sqlite(tmp_path / "judge.db"))
    yield app
    app.close()


def test_the_facade_has_every_name_its_users_use_and_the_names_of_the_api(sqlite_app: JudgeApp) -> None:
    used = names_used_on_the_app()
    assert {"submit", "view", "authenticate", "check_integrity"} <= used.keys()  # the scan finds the server's calls
    missing = {name: sorted(where) for name, where in used.items() if not hasattr(sqlite_app, name)}
    assert missing == {}
    assert sorted(name for name in API if not hasattr(sqlite_app, name)) == []
    assert not [name for name in vars(sqlite_app) if name.startswith("_")]  # the facade keeps no state of its own


def test_the_stored_tables_are_named_after_the_judge_app(sqlite_app: JudgeApp) -> None:
    assert GameStore.name == "JudgeApp" == sqlite_app.name
    assert getattr(sqlite_app.store.env, "name") == "JudgeApp"  # the prefix of the tables on PostgreSQL


def test_the_package_docstring_names_every_service_module() -> None:
    doc = inspect.getdoc(judge.app) or ""
    assert [name for name in (*SERVICE_MODULES, "game_store", "positions") if f"{name}.py" not in doc] == []


MAY_IMPORT = {
    # docs/architecture.md, "The application": what each module may import from judge/app.
    "game_store": {"types", "live_games", "view_cache", "told", "topics"},
    "access": {"game_store", "live_games"},
    "views": {"game_store", "access", "narration", "positions", "view_cache", "told", "topics", "types"},
    "watch": {"game_store", "access", "views", "told", "topics", "types"},
    "deadlines": {"game_store", "topics"},
    "games": {"game_store", "access", "views", "view_cache", "deadlines", "library", "topics", "types"},
    "library": set(),
    "disputes": {"game_store", "access", "views", "types"},
    "records": {"game_store", "access", "views", "games", "types"},
    "checkpoint": {"game_store", "topics"},
    "integrity": {"game_store", "access", "checkpoint", "topics"},
    "positions": {"types", "narration"},
    "stopping": {"game_store", "access"},
    "tournament_types": set(),
    "topics": set(),
    "tournaments": {"game_store", "access", "games", "stopping", "disputes", "records", "tournament_types"},
}
BELOW = ("judge.domain", "judge.record", "judge.store", "judge.common", "judge.rules", "judge.tournament")


def test_each_module_imports_what_the_architecture_allows() -> None:
    wrong = []
    for name, allowed in MAY_IMPORT.items():
        tree = ast.parse((APP / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or not node.module or not node.module.startswith("judge"):
                continue
            if node.module == "judge.app":
                used = {alias.name for alias in node.names}
            elif node.module.startswith("judge.app."):
                used = {node.module.split(".")[2]}
            else:
                if not node.module.startswith(BELOW):
                    wrong.append(f"{name}: {node.module}")
                continue
            wrong += [f"{name}: judge.app.{module}" for module in sorted(used - allowed)]
    assert wrong == []
