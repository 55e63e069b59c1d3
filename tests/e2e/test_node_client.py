"""The TypeScript client (clients/node): installed with npm from its lock
file, generated from protos/ with protoc-gen-es, built, and its own tests run
with Node's test runner against a real judge they start (this environment's
``judge serve``), together with the TypeScript snippets of docs/integrating.md
(written into one test file, in the guide's order) and the client's own README: its shell steps
as written (``npm ci``, ``npm run build``) and its TypeScript blocks in order. Skipped, saying why, where
Node or npm is not installed."""

from __future__ import annotations

import json
import re
import subprocess

from tests.docs.test_integrating import snippets
from tests.e2e.conftest import NODE_CLIENT, NPM_TIMEOUT_S

README = NODE_CLIENT / "README.md"


def readme_blocks(language: str) -> list[str]:
    """The fenced code blocks of ``language`` in the TypeScript client's README, in order."""
    return re.findall(rf"^```{language}\n(.*?)^```$", README.read_text(encoding="utf-8"), flags=re.S | re.M)


def readme_steps() -> list[str]:
    """The README's first shell block (installing and building from a fresh clone), line by line."""
    return [line for line in readme_blocks("sh")[0].splitlines() if line.strip() and not line.startswith("#")]


def snippet_test(source: str, blocks: list[str], name: str) -> str:
    """TypeScript blocks as one test: their imports first (the package's name read as the source),
    the rest in order in one test against a judge of its own (its address for the placeholder)."""
    imports: list[str] = []
    body: list[str] = []
    for block in blocks:
        for line in block.splitlines():
            if line.startswith("import "):
                imports.append(line.replace('"judge-client"', '"../src/index.js"'))
            else:
                body.append("  " + line.replace('"http://127.0.0.1:50051"', "guide.baseUrl") if line else "")
    return "\n".join([
        f"// Written from {source} by tests/e2e/test_node_client.py: do not edit.",
        'import { after, before, test } from "node:test";',
        'import { TestJudge } from "./judge.js";',
        *dict.fromkeys(imports),
        "const guide = new TestJudge();",
        "before(async () => { await guide.start(); });",
        "after(async () => { await guide.close(); });",
        f"test({name!r}, async () => {{",
        *body,
        "});",
        "",
    ])


def guide_test() -> str:
    """The guide's TypeScript snippets as one test."""
    return snippet_test("docs/integrating.md", snippets("ts"), "every TypeScript snippet of docs/integrating.md runs")


def readme_test() -> str:
    """The README's TypeScript snippets as one test."""
    return snippet_test("clients/node/README.md", readme_blocks("ts"), "every TypeScript snippet of the README runs")


def test_the_readme_installs_and_builds_with_npm_alone() -> None:
    """From a fresh clone the README's steps are `npm ci` then `npm run build`; buf, which the build
    runs, is one of the package's development dependencies (not the Python test environment's)."""
    assert readme_steps() == ["npm ci", "npm run build"]
    package = json.loads((NODE_CLIENT / "package.json").read_text(encoding="utf-8"))
    assert "@bufbuild/buf" in package["devDependencies"]
    assert "buf generate" in package["scripts"]["generate"]
    lock = json.loads((NODE_CLIENT / "package-lock.json").read_text(encoding="utf-8"))
    assert "node_modules/@bufbuild/buf" in lock["packages"]


def test_the_typescript_client_plays_against_a_real_judge(node_client: dict[str, str]) -> None:
    # Built once for the session (tests/e2e/conftest.py), with the guide's snippets as a test file.
    tested = subprocess.run(["node", "--test", "dist/test/"], cwd=NODE_CLIENT, env=node_client,
                            capture_output=True, text=True, timeout=NPM_TIMEOUT_S)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "# fail 0" in tested.stdout
    for name in ("a short game", "watch: the stored events", "every TypeScript snippet of docs/integrating.md runs",
                 "every TypeScript snippet of the README runs", "enums by number, word or name",
                 "verifyRecord: an exported game is intact, a changed byte is found at its line"):
        assert re.search(rf"^ok \d+ - {re.escape(name)}", tested.stdout, flags=re.M), name
