"""The QR codes ``judge new`` prints for each seat's link (judge_client/qr.py)."""

from __future__ import annotations

import segno

from judge_client.qr import qr_lines

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
