"""The README walkthrough typed at human speed (issue 15, section 2): the sh block of "Playing a game
from the command line" is run line by line in one bash shell against a real ``scripts/serve``, with a
pause longer than the default 2.6 s interference window before every line, exactly as printed
(only the server's address is the test server's). Every line succeeds but the sale the README shows
refused; the judge resolves the combat by itself, and the dispute reopens the window."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

from tests.support.judge_process import JUDGE, JudgeProcess
from tests.support.readme import sh_block

HUMAN_PAUSE_S = 2.7  # slower than the default 2.6 s window: a person typing
MARK = "@@rc "


def walkthrough() -> list[str]:
    """The command lines of the README's walkthrough block."""
    return sh_block("## Playing a game from the command line")


def test_the_walkthrough_works_typed_line_by_line_at_human_speed(server: JudgeProcess, tmp_path: Path) -> None:
    (tmp_path / ".venv").symlink_to(JUDGE.parent.parent)
    lines = walkthrough()
    assert lines[0] == "source .venv/bin/activate" and lines[1].startswith("export JUDGE_TARGET=")
    script = []
    for i, line in enumerate(lines):
        if line.startswith("export JUDGE_TARGET="):
            line = f"export JUDGE_TARGET={server.target}"
        script += [f"sleep {HUMAN_PAUSE_S}", line, f'echo "{MARK}{i} $?"']
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUDGE_")}
    done = subprocess.run(["bash", "-c", "\n".join(script)], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=600)
    codes = {int(m.group(1)): int(m.group(2)) for m in re.finditer(rf"{MARK}(\d+) (\d+)", done.stdout)}
    assert sorted(codes) == list(range(len(lines))), done.stdout + done.stderr
    failed = {lines[i]: rc for i, rc in codes.items() if rc != 0}
    assert list(failed) == [next(line for line in lines if " sell_items " in line)], (failed, done.stdout, done.stderr)
    out = done.stdout + done.stderr
    assert "munchkin.sell.not-during-combat" in out
    assert "Während eines Kampfes darf nichts verkauft werden" in out
    # The judge resolved the combat itself: Anna killed the Topfpflanze (her potion counted) and is level 2.
    record = [json.loads(x) for x in (tmp_path / "game.jsonl").read_text(encoding="utf-8").splitlines()]
    assert any("resolve_combat" in json.dumps(r) for r in record)
    assert "5: Anna kills Topfpflanze and reaches level 2" in out  # the watch that waited for the judge
    assert "PlayerBonusAdded" not in out and "CardsDrawn" not in out
    assert (tmp_path / "report.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
