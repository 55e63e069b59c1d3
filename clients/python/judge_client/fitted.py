"""Tables that stay readable in a narrow terminal.

A table whose columns do not fit the console's width side by side (with room
for its text columns to wrap at words, not one word a line) keeps its first
columns and folds the others under them, one line each (``level: 3``), into
one cell that takes the rest of the width: at 80 columns a row reads as a
short block instead of a tower of single words.

>>> from rich.console import Console
>>> columns = [Column("action"), Column("card", bare=True), Column("what it does", wraps=True)]
>>> rows = [["play_card (3)", "Eiskalter Sprengtrank", "Im Kampf einsetzen. +3 für eine Seite. Nur einmal."]]
>>> Console(width=50, color_system=None).print(fitted_table(columns, rows, width=50))
┏━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓
┃ action        ┃ what it does                   ┃
┡━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┩
│ play_card (3) │ Eiskalter Sprengtrank          │
│               │ what it does: Im Kampf         │
│               │ einsetzen. +3 für eine Seite.  │
│               │ Nur einmal.                    │
└───────────────┴────────────────────────────────┘
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.table import Table
from rich.text import Text

TEXT_ROOM = 28
"""The width a text column needs at least to read as text (a few words a line)."""


@dataclass(frozen=True)
class Column:
    """A column: its header, whether its text may wrap at words, and whether, folded under the row,
    its value stands alone (a card's name) or after its header."""

    header: str
    wraps: bool = False
    bare: bool = False


def _natural(text: str) -> int:
    """The widest line of a cell (its markup aside)."""
    return max((Text.from_markup(line).cell_len for line in text.split("\n")), default=0)


def fits(columns: Sequence[Column], rows: Sequence[Sequence[str]], width: int) -> bool:
    """Whether the columns fit side by side in ``width``: the others at their natural width, each text
    column with room for a few words a line (or its natural width, if less)."""
    needed = 1 + 3 * len(columns)
    for i, column in enumerate(columns):
        natural = max([_natural(column.header), *(_natural(row[i]) for row in rows)])
        needed += min(natural, TEXT_ROOM) if column.wraps else natural
    return needed <= width


def fitted_table(columns: Sequence[Column], rows: Sequence[Sequence[str]], *, width: int | None,
                 title: str = "", keep: int = 1) -> Table:
    """The rows (cells in rich markup) as a table for a console ``width`` wide (None: as wide as it
    takes): side by side where they fit, else the first ``keep`` columns with the others folded under
    them, one line each."""
    table = Table(title=title or None)
    if width is None or fits(columns, rows, width):
        for column in columns:
            table.add_column(column.header, no_wrap=not column.wraps, ratio=1 if column.wraps else None,
                             overflow="fold")
        for row in rows:
            table.add_row(*row)
        return table
    kept, folded = columns[:keep], columns[keep:]
    table.show_lines = True  # a rule between rows: each row reads as one block
    for column in kept:
        table.add_column(column.header, no_wrap=True, overflow="fold")
    table.add_column(" / ".join(c.header for c in folded if not c.bare) or "", ratio=1, overflow="fold")
    for row in rows:
        lines = [f"[bold]{row[keep + i]}[/]" if column.bare else f"[dim]{column.header}:[/] {row[keep + i]}"
                 for i, column in enumerate(folded) if row[keep + i].strip()]
        table.add_row(*row[:keep], "\n".join(lines))
    return table
