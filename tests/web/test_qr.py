"""The QR codes ``judge new`` prints for each seat's link (judge_client/qr.py)."""

from __future__ import annotations

import itertools

import segno

from judge_client.qr import qr_lines
from tests.e2e.conftest import cli
from tests.support.judge_process import JudgeProcess

# Each character holds two rows of modules: (top is light, bottom is light).
HALVES = {"█": (True, True), " ": (False, False), "▀": (True, False), "▄": (False, True)}


def modules(lines: list[str]) -> list[list[bool]]:
    """The printed code read back, module by module (True: dark), without its quiet zone."""
    rows: list[list[bool]] = []
    for line in lines:
        top, bottom = zip(*(HALVES[c] for c in line))
        rows += [[not light for light in top], [not light for light in bottom]]
    border = 2
    return [row[border:-border] for row in rows[border:len(rows[0]) - border]]


def test_the_printed_code_holds_the_link_exactly() -> None:
    link = "http://192.0.2.7:8080/#game=0b5e7a6c-8f1e-4f3a-9b7e-123456789abc&token=Zm9vYmFyYmF6cXV4&seat=2"
    lines = qr_lines(link)
    assert len({len(line) for line in lines}) == 1  # a square block, every line as wide
    expected = segno.make(link, error="l", micro=False)
    assert modules(lines) == [[bool(m) for m in row] for row in expected.matrix]
    assert modules(lines) != modules(qr_lines(link.replace("seat=2", "seat=1")))


def test_judge_new_prints_each_seats_link_with_its_qr_code(web_judge: JudgeProcess) -> None:
    """``judge new --page URL``: each seat's link, then a caption naming the player, then its code, which
    holds exactly that link."""
    out = cli(web_judge.target, "new", "munchkin", "--seat", "Anna:female", "--seat", "Ben:male",
              "--seat", "Cem:male", "--page", web_judge.web_url).stdout.splitlines()
    codes = {}
    for i, line in enumerate(out):
        if line.startswith("seat ") and "#game=" in line:
            role, link = line.split(": ", 1)
            caption = out[i + 1]
            assert caption.endswith(f"({role}): scan with the phone"), caption
            block = list(itertools.takewhile(lambda text: text and set(text) <= set(HALVES), out[i + 2:]))
            codes[role] = (link, block)
    assert sorted(codes) == ["seat 0", "seat 1", "seat 2"]
    assert any(line.startswith("Anna (seat 0)") for line in out)
    for role, (link, block) in codes.items():
        assert f"seat={role.split()[1]}" in link
        assert modules(block) == [[bool(m) for m in row] for row in segno.make(link, error="l", micro=False).matrix]
    organizer = next(line for line in out if line.startswith("organizer: "))
    assert "role=organizer" in organizer  # the page needs no probe to know the organizer's link


def test_no_qr_leaves_the_codes_out(web_judge: JudgeProcess) -> None:
    out = cli(web_judge.target, "new", "munchkin", "--seat", "Anna:female", "--seat", "Ben:male",
              "--seat", "Cem:male", "--page", web_judge.web_url, "--no-qr").stdout
    assert "#game=" in out and "▀" not in out
