"""The TypeScript client (clients/node): installed with npm from its lock
file, generated from protos/ with protoc-gen-es, built, and its own tests run
with Node's test runner against a real judge they start (this environment's
``judge serve``), together with the TypeScript snippets of docs/integrating.md
(written into one test file, in the guide's order). Skipped, saying why, where
Node or npm is not installed."""

from __future__ import annotations

import re
import subprocess

from tests.docs.test_integrating import snippets
from tests.e2e.conftest import NODE_CLIENT, NPM_TIMEOUT_S


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


def test_the_typescript_client_plays_against_a_real_judge(node_client: dict[str, str]) -> None:
    # Built once for the session (tests/e2e/conftest.py), with the guide's snippets as a test file.
    tested = subprocess.run(["node", "--test", "dist/test/"], cwd=NODE_CLIENT, env=node_client,
                            capture_output=True, text=True, timeout=NPM_TIMEOUT_S)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "# fail 0" in tested.stdout
    for name in ("a short game", "watch: the stored events", "every TypeScript snippet of docs/integrating.md runs",
                 "verifyRecord: an exported game is intact, a changed byte is found at its line"):
        assert re.search(rf"^ok \d+ - {re.escape(name)}", tested.stdout, flags=re.M), name
