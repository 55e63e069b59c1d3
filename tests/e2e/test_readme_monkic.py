"""The README's monkic walkthrough typed as written from the checkout (issue "Every card on the table":
``judge new monkic`` works from a fresh clone with the shipped example values; issue "Readable
everywhere": the README's monkic lines run in order). The sh block under "monkic (002), a two-player
game" runs line by line in one bash shell, in the repository's root (where the README's relative path
``examples/monkic/karten.toml`` points), against a real ``scripts/serve``. Every line succeeds but
Tom's attack, which the judge refuses with the ruling the README shows: 002 "Start", "Die erste Runde
darf kein Spieler angreifen."

A group's values file that is empty, or misspells ``[[card]]``, a card id or a field, is refused
saying what is wrong with it."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from tests.e2e.conftest import cli
from tests.support.judge_process import JUDGE, ROOT, JudgeProcess
from tests.support.readme import sh_block

MARK = "@@rc "
EXAMPLE = ROOT / "examples" / "monkic" / "karten.toml"


def walkthrough() -> list[str]:
    """The command lines of the README's monkic block."""
    return sh_block("monkic (002), a two-player game")


def test_the_monkic_walkthrough_runs_as_written(server: JudgeProcess) -> None:
    lines = walkthrough()
    assert "examples/monkic/karten.toml" in lines[0]
    script = [f'export PATH="{JUDGE.parent}:$PATH"', f"export JUDGE_TARGET={server.target}"]
    for i, line in enumerate(lines):
        script += [line, f'echo "{MARK}{i} $?"']
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUDGE_")}
    done = subprocess.run(["bash", "-c", "\n".join(script)], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    codes = {int(m.group(1)): int(m.group(2)) for m in re.finditer(rf"{MARK}(\d+) (\d+)", done.stdout)}
    assert sorted(codes) == list(range(len(lines))), done.stdout + done.stderr
    failed = [lines[i] for i, rc in codes.items() if rc != 0]
    assert failed == [next(line for line in lines if " attack " in line)], (failed, done.stdout, done.stderr)
    out = done.stdout + done.stderr
    assert "monkic.attack.first-round" in out and "Nobody attacks in the first round." in out
    assert "Mia" in out and "40" in out  # the view: both seats with 40 life points


def test_the_example_values_file_says_it_is_invented() -> None:
    head = EXAMPLE.read_text(encoding="utf-8").split("[[card]]")[0]
    assert "INVENTED EXAMPLE VALUES" in head


def test_a_wrong_values_file_says_what_is_wrong(server: JudgeProcess, tmp_path: Path) -> None:
    example = EXAMPLE.read_text(encoding="utf-8")
    cases = {
        "empty.toml": ("", "the file is empty"),
        "plural.toml": (example.replace("[[card]]", "[[cards]]"), "did you mean [[card]]?"),
        "card.toml": (example.replace('card = "drache"', 'card = "drachen"'), "did you mean 'drache'?"),
        "field.toml": (example.replace("shield = 4\n", "schild = 4\n", 1), "did you mean 'shield'?"),
    }
    for name, (text, said) in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        refused = cli(server.target, "new", "monkic", "--seat", "Mia", "--seat", "Tom", "--cards",
                      str(tmp_path / name), check=False)
        assert refused.returncode != 0, name
        words = " ".join(w for w in (refused.stdout + refused.stderr).split() if w.strip("│╭╮╰╯─"))
        assert said in words, (name, refused.stdout, refused.stderr)
