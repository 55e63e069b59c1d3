"""The TypeScript client (clients/node): installed with npm from its lock
file, generated from protos/ with protoc-gen-es, built, and its own tests run
with Node's test runner against a real judge they start (this environment's
``judge serve``), together with the TypeScript snippets of docs/integrating.md
(written into one test file, in the guide's order). Skipped, saying why, where
Node or npm is not installed."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

from pathlib import Path

import pytest

from tests.docs.test_integrating import snippets
from tests.support.judge_process import JUDGE, ROOT

NODE_CLIENT = ROOT / "clients" / "node"
GUIDE_TEST = NODE_CLIENT / "test" / "integrating.test.ts"
"""Written from docs/integrating.md for the run (not kept: clients/node/.gitignore)."""


def guide_test() -> str:
    """The guide's TypeScript snippets as one test: their imports first (the package's name read as
    the source), the rest in order in one test against a judge of its own."""
    imports: list[str] = []
    body: list[str] = []
    for block in snippets("ts"):
        for line in block.splitlines():
            if line.startswith("import "):
                imports.append(line.replace('"judge-client"', '"../src/index.js"'))
            else:
                body.append("  " + line.replace('"http://127.0.0.1:50051"', "guide.baseUrl") if line else "")
    return "\n".join([
        "// Written from docs/integrating.md by tests/e2e/test_node_client.py: do not edit.",
        'import { after, before, test } from "node:test";',
        'import { TestJudge } from "./judge.js";',
        *dict.fromkeys(imports),
        "const guide = new TestJudge();",
        "before(async () => { await guide.start(); });",
        "after(async () => { await guide.close(); });",
        'test("every TypeScript snippet of docs/integrating.md runs", async () => {',
        *body,
        "});",
        "",
    ])
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
    GUIDE_TEST.write_text(guide_test(), encoding="utf-8")
    try:
        tested = subprocess.run(["npm", "test"], cwd=NODE_CLIENT, env=env, capture_output=True, text=True,
                                timeout=NPM_TIMEOUT_S)
    finally:
        GUIDE_TEST.unlink()
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "# fail 0" in tested.stdout
    for name in ("a short game", "watch: the stored events", "every TypeScript snippet of docs/integrating.md runs"):
        assert re.search(rf"^ok \d+ - {re.escape(name)}", tested.stdout, flags=re.M), name
