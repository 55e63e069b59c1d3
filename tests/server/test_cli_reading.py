"""What the ``judge`` command line prints for people (issue 15, section 2), run against a real
server: ``judge cards`` with its filters and a typo's suggestions, ``judge new --env`` that a shell
can eval, a grouped ``judge legal`` that leaves out the catalogue-wide reveal_card list unless
asked, names and German in views and event summaries, ``judge key --hex`` and ``judge report``."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from tests.server.support import Judge
from tests.server.test_cli import judge_cli

SEATS = ["--seat", "Anna:female", "--seat", "Ben:male", "--seat", "Jörg:male"]


def _exports(judge: Judge, *extra: str) -> dict[str, str]:
    out = judge_cli(judge, "new", "munchkin", *SEATS, *extra, "--env")
    done = subprocess.run(["bash", "-c", f'eval "$1" && env', "bash", out], capture_output=True, text=True,
                          check=True, env={"PATH": os.environ["PATH"]})
    return dict(line.split("=", 1) for line in done.stdout.splitlines() if "=" in line)


def test_cards_lists_by_search_kind_and_set_with_ids_whole(judge: Judge) -> None:
    out = judge_cli(judge, "cards", "topf")
    assert re.search(r"│ topfpflanze\s+│ Topfpflanze\s+│ monster", out)
    monsters = judge_cli(judge, "cards", "--kind", "monster", "--ruleset", "star", "--set", "star", "--lang", "de")
    assert "har-har" in monsters and "topfpflanze" not in monsters and "Stufe" not in monsters.split("\n")[0]


def test_a_typo_in_cards_answers_with_the_closest_ids(judge: Judge) -> None:
    out = judge_cli(judge, "cards", "topfplanze", expect=1)
    assert "did you mean topfpflanze?" in out


def test_new_env_exports_what_the_readme_uses(judge: Judge) -> None:
    env = _exports(judge)
    assert {"GAME", "ANNA", "BEN", "JOERG", "ORGANIZER", "SPECTATOR"} <= set(env)
    view = judge_cli(judge, "view", env["GAME"], token=env["ANNA"])
    assert "Anna" in view and "Jörg" in view


def test_legal_groups_and_names_cards_and_leaves_out_the_reveal_list(judge: Judge) -> None:
    env = _exports(judge)
    judge_cli(judge, "submit", env["GAME"], "0", "kick_door", "--arg", "card=Topfpflanze", token=env["ANNA"])
    out = judge_cli(judge, "legal", env["GAME"], "0", token=env["ANNA"])
    # Anna's hand is face down: a card of it is any card of a kind (a template), one per target.
    curse = next(line for line in out.splitlines() if "any card of the kind curse" in line)
    assert "on Anna any card of the kind curse (e.g. Fluch! Verliere eine Stufe)" in curse
    assert re.search(r"reveal card \(\d+\)", out) and "--all" in out  # the action in words
    assert "reveal_card" in out  # and, under them, the kind to type
    assert "kettensaege" not in out  # no catalogue dump
    assert out.index("give_up") < out.index("play_card")  # the fight's own choices first
    everything = judge_cli(judge, "legal", env["GAME"], "0", "--all", token=env["ANNA"])
    assert "kind item (e.g. Dolch des Verrats)" in everything


def test_german_reading_text_with_names(judge: Judge) -> None:
    env = _exports(judge)
    out = judge_cli(judge, "submit", env["GAME"], "0", "kick_door", "--arg", "card=topfpflanze", "--lang", "de",
                    token=env["ANNA"])
    assert "Anna tritt die Tür ein: Topfpflanze" in out and "DoorKicked" not in out
    view = judge_cli(judge, "view", env["GAME"], "--lang", "de", token=env["ANNA"])
    assert "als Nächstes: Anna kämpft" in view or "Anna kämpft" in view
    assert "Geschlecht" in view and "Stufe" in view
    english = judge_cli(judge, "view", env["GAME"], token=env["ANNA"])
    assert "waiting for: Anna to fight" in english


def test_report_writes_the_page_from_the_game(judge: Judge, tmp_path: Path) -> None:
    env = _exports(judge, "--window-ms", "0")
    judge_cli(judge, "submit", env["GAME"], "0", "kick_door", "--arg", "card=Topfpflanze", token=env["ANNA"])
    page = tmp_path / "report.html"
    key = judge_cli(judge, "key", "--hex").strip()
    out = judge_cli(judge, "report", env["GAME"], "--out", str(page), "--key", key, token=env["ORGANIZER"])
    assert "chain intact, audit clean" in out
    html = page.read_text(encoding="utf-8")
    assert "Anna kicks open the door: Topfpflanze" in html and "<svg" in html


def test_the_shell_completes_commands_and_the_version_prints() -> None:
    from tests.support.judge_process import JUDGE

    env = {"PATH": os.environ["PATH"], "_JUDGE_COMPLETE": "complete_bash", "COMP_WORDS": "judge car",
           "COMP_CWORD": "1"}
    done = subprocess.run([str(JUDGE)], env=env, capture_output=True, text=True, check=False, timeout=60)
    assert done.stdout.split() == ["cards"]
    version = subprocess.run([str(JUDGE), "--version"], capture_output=True, text=True, check=True, timeout=60)
    assert version.stdout.startswith("judge ")


def test_qr_codes_carry_names_rotate_labels_and_help_keeps_its_brackets(judge: Judge) -> None:
    """Each seat's QR code has a caption with the player's name above it; ``judge rotate`` says whose
    token it prints; ``judge new --help`` shows "[[card]]" (rich markup would eat it unescaped)."""
    out = judge_cli(judge, "new", "munchkin", *SEATS, "--page", "http://192.0.2.7:8080/")
    lines = out.splitlines()
    caption = lines.index("Anna (seat 0): scan with the phone")
    assert lines[caption - 1].startswith("seat 0: http://192.0.2.7:8080/#") and "█" in lines[caption + 1]
    assert "Jörg (seat 2): scan with the phone" in out
    env = _exports(judge)
    rotated = judge_cli(judge, "rotate", env["GAME"], "seat", "--seat", "1", token=env["ORGANIZER"])
    label, _, token = rotated.splitlines()[0].rpartition(": ")
    assert label == "new token of seat 1 (Ben)" and len(token) >= 40 and " " not in token
    assert "the old token no longer works" in rotated
    assert "TOML file of [[card]] tables" in " ".join(judge_cli(judge, "new", "--help").split())
