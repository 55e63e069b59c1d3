"""End-to-end fixtures: a real judge started with the README's command
(``scripts/serve``) in its own process, on loopback, with a real SQLite file,
and the ``judge`` command line."""

from __future__ import annotations

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
def node_client() -> dict[str, str]:
    """The TypeScript client (clients/node) installed with npm from its lock file, generated from
    protos/ and built once per run by the steps its README gives, with docs/integrating.md's and the
    README's TypeScript snippets written into a test file each (compiled, then removed:
    clients/node/.gitignore). Yields the environment its tests
    and programs run with. Skipped, saying why, where Node or npm is not installed."""
    if shutil.which("npm") is None or shutil.which("node") is None:
        pytest.skip("Node and npm are not installed")
    from tests.e2e.test_node_client import guide_test

    # buf (the generator's driver) comes with the package's own development dependencies
    # (@bufbuild/buf), so the steps run with a PATH that has nothing of this environment on it.
    from tests.e2e.test_node_client import readme_steps, readme_test

    env = {**os.environ, "JUDGE_BIN": str(JUDGE),
           "PATH": os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep)
                                   if Path(p).resolve() != Path(sys.executable).parent.resolve())}
    written = {NODE_CLIENT / "test" / "integrating.test.ts": guide_test(),
               NODE_CLIENT / "test" / "readme.test.ts": readme_test()}
    for path, text in written.items():
        path.write_text(text, encoding="utf-8")
    try:
        # The README's steps as written (npm ci, npm run build), one after the other.
        for step in readme_steps():
            done = subprocess.run(step, shell=True, cwd=NODE_CLIENT, env=env, capture_output=True, text=True,
                                  timeout=NPM_TIMEOUT_S)
            assert done.returncode == 0, f"{step}:\n{done.stdout}{done.stderr}"
    finally:
        for path in written:
            path.unlink()
    return env
