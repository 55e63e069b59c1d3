"""Progress bars for long work: importing, auditing, verifying and replaying big records.

A bar (rich) is drawn on stderr only when a person watches: stdout and stderr
are terminals and the command prints tables, not ``--json``. Piped, redirected
or with ``--json`` the command prints only its result. Either way the
``Ticker`` counts the work it is told of, which is what the judge's loops call
(``verify_record(..., progress=ticker)``, ``audit_record(..., progress=ticker)``).
Work that happens in one call on the judge (an import, an audit on the server)
has no count to show: its bar pulses until the answer arrives.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console


class Ticker:
    """How far the work has come; moves the bar when there is one."""

    def __init__(self, bar: Any = None, task: Any = None, total: int | None = None) -> None:
        self.bar = bar
        self.task = task
        self.done = 0
        self.total = total
        self.updates = 0

    @property
    def shown(self) -> bool:
        return self.bar is not None

    def __call__(self, done: int, total: int) -> None:
        """``progress(done, total)``, as the judge's record checks call it."""
        self.done, self.total = done, total
        self.updates += 1
        if self.bar is not None:
            self.bar.update(self.task, completed=done, total=total)

    def advance(self, steps: int = 1) -> None:
        """``steps`` more done (the total as set, if any)."""
        self.done += steps
        self.updates += 1
        if self.bar is not None:
            self.bar.update(self.task, completed=self.done, total=self.total)


def watched(json_output: bool = False) -> bool:
    """A person watches: stdout and stderr are terminals and the output is for reading, not JSON."""
    from judge_client.cli.common import _err, _out

    return not json_output and _out().is_terminal and _err().is_terminal


@contextmanager
def progress(description: str, *, total: int | None = None, show: bool = True,
             console: Console | None = None) -> Iterator[Ticker]:
    """A ticker for the work in the ``with`` block, with a bar on ``console`` (stderr) when
    ``show`` and the console is a terminal; the bar goes when the work is done."""
    if console is None:
        from judge_client.cli.common import _err

        console = _err()
    if not show or not console.is_terminal:
        yield Ticker(total=total)
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn()]
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(description, total=total)
        yield Ticker(bar, task, total)
