"""QR codes a terminal can print: each seat's link to the table page, so a
player at the table opens it by pointing a phone's camera at the screen.

Drawn with Unicode half blocks (two rows of modules per line) by segno, with
a quiet zone of two modules; light modules are the terminal's foreground
(``█``), which phone cameras read on dark and light terminals alike.
"""

from __future__ import annotations

import io

import segno


def qr_lines(data: str) -> list[str]:
    """The QR code of ``data`` (error correction L, the smallest code), as lines of text."""
    code = segno.make(data, error="l", micro=False)
    out = io.StringIO()
    code.terminal(out=out, compact=True, border=2)
    return out.getvalue().rstrip("\n").split("\n")
