"""End-to-end fixtures: a real judge started with the README's command
(``scripts/serve``) in its own process, on loopback, with a real SQLite file,
and the ``judge`` command line."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.judge_process import JUDGE, ROOT, JudgeProcess, start_judge_process

NODE_CLIENT = ROOT / "clients" / "node"
NPM_TIMEOUT_S = 900.0
"""A safety net for the install and build on a slow machine, never a measurement."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[JudgeProcess]:
    srv = start_judge_process(tmp_path / "judge.sqlite3", tmp_path / "server.log", script=True)
    try:
        yield srv
    finally:
        srv.stop()


def cli(target: str, *args: str, token: str | None = None, lang: str = "en",
        check: bool = True) -> subprocess.CompletedProcess[str]:
    """Run the ``judge`` command line against the server."""
    env = {**os.environ, "JUDGE_TARGET": target, "JUDGE_LANG": lang}
    env.pop("JUDGE_TOKEN", None)
    if token:
        env["JUDGE_TOKEN"] = token
    result = subprocess.run([str(JUDGE), *args], env=env, capture_output=True, text=True, timeout=120)
    if check and result.returncode != 0:
        raise AssertionError(f"judge {' '.join(args)} exited {result.returncode}:\n{result.stdout}\n{result.stderr}")
    return result


def cli_json(target: str, *args: str, token: str | None = None) -> Any:
    return json.loads(cli(target, *args, "--json", token=token).stdout)


@pytest.fixture(scope="session")
def node_client(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The TypeScript client (clients/node) installed with npm from its lock file, generated from
    protos/ and built once per run by the steps its README gives, with docs/integrating.md's and the
    README's TypeScript snippets written into a test file each (compiled, then removed:
    clients/node/.gitignore). Yields the environment its tests and programs run with. Skipped,
    saying why, where Node or npm is not installed.

    The install and build change clients/node itself: with test workers (pytest-xdist) the first
    worker that needs the client builds it while holding a lock in the run's shared temporary folder,
    and the others wait for it and use that build."""
    if shutil.which("npm") is None or shutil.which("node") is None:
        pytest.skip("Node and npm are not installed")
    # buf (the generator's driver) comes with the package's own development dependencies
    # (@bufbuild/buf), so the steps run with a PATH that has nothing of this environment on it.
    env = {**os.environ, "JUDGE_BIN": str(JUDGE),
           "PATH": os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep)
                                   if Path(p).resolve() != Path(sys.executable).parent.resolve())}
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        _build_node_client(env)
        return env
    shared = tmp_path_factory.getbasetemp().parent  # one folder per run, shared by its workers
    with open(shared / "node-client.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        built = shared / "node-client.built"
        if not built.exists():
            _build_node_client(env)
            built.write_text("built\n", encoding="utf-8")
    return env


def _build_node_client(env: dict[str, str]) -> None:
    """The README's steps as written (npm ci, npm run build), one after the other."""
    from tests.e2e.test_node_client import guide_test, readme_steps, readme_test

    written = {NODE_CLIENT / "test" / "integrating.test.ts": guide_test(),
               NODE_CLIENT / "test" / "readme.test.ts": readme_test()}
    for path, text in written.items():
        path.write_text(text, encoding="utf-8")
    try:
        for step in readme_steps():
            done = subprocess.run(step, shell=True, cwd=NODE_CLIENT, env=env, capture_output=True, text=True,
                                  timeout=NPM_TIMEOUT_S)
            assert done.returncode == 0, f"{step}:\n{done.stdout}{done.stderr}"
    finally:
        for path in written:
            path.unlink()
