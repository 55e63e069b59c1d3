"""The TypeScript client (clients/node): installed with npm from its lock
file, generated from protos/ with protoc-gen-es, built, and its own tests run
with Node's test runner against a real judge they start (this environment's
``judge serve``). Skipped, saying why, where Node or npm is not installed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

from pathlib import Path

import pytest

from tests.support.judge_process import JUDGE, ROOT

NODE_CLIENT = ROOT / "clients" / "node"
NPM_TIMEOUT_S = 900.0
"""A safety net for the install and build on a slow machine, never a measurement."""


@pytest.mark.skipif(shutil.which("npm") is None or shutil.which("node") is None,
                    reason="Node and npm are not installed")
def test_the_typescript_client_plays_against_a_real_judge() -> None:
    # buf (the generator's driver) comes from this environment's test extras (buf-bin).
    env = {**os.environ, "JUDGE_BIN": str(JUDGE),
           "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])}
    install = subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=NODE_CLIENT, env=env,
                             capture_output=True, text=True, timeout=NPM_TIMEOUT_S)
    assert install.returncode == 0, install.stdout + install.stderr
    tested = subprocess.run(["npm", "test"], cwd=NODE_CLIENT, env=env, capture_output=True, text=True,
                            timeout=NPM_TIMEOUT_S)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "# fail 0" in tested.stdout and "# pass 2" in tested.stdout
