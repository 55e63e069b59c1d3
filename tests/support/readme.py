"""The README's command blocks, as the tests that type them read them."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def sh_block(after: str) -> list[str]:
    """The command lines (comments and blank lines left out) of the first ```sh block of the README
    after the text ``after``."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index(after):]
    block = section[section.index("```sh\n") + 6:]
    block = block[:block.index("```")]
    return [line for line in block.splitlines() if line.strip() and not line.lstrip().startswith("#")]
