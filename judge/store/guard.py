"""Watching the database file under a running judge.

A judge must never acknowledge a write it did not store, nor store into a
file nobody will read again. ``FileGuard`` remembers which file the judge
opened (device and inode) and notices when it is removed or replaced while
the judge runs; it remembers a failed write (disk full, read-only file or
file system, a file size limit) until a probe write beside the database
succeeds again. The application asks it before each write and answers
``Unavailable`` ("nothing was recorded") while there is a problem; the
server turns its health to NOT_SERVING for as long as ``problem()`` names
one, and back to SERVING when it clears by itself.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

PROBE_BYTES = 4096
"""What the probe writes (and syncs) beside the database to see that writing works again."""


class FileGuard:
    """The identity and the write health of one database file."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        stat = self.path.stat()
        self._identity = (stat.st_dev, stat.st_ino)
        self._lock = threading.Lock()
        self._failure: str | None = None

    def moved(self) -> str | None:
        """Why the file the judge opened is no longer the one at its path (None if it is)."""
        try:
            stat = self.path.stat()
        except FileNotFoundError:
            return f"the database file {self.path} was removed while the judge ran"
        except OSError as e:
            return f"the database file {self.path} cannot be examined: {e.strerror or e}"
        if (stat.st_dev, stat.st_ino) != self._identity:
            return f"the database file {self.path} was replaced while the judge ran"
        return None

    def failed(self, cause: BaseException) -> str:
        """Remember a failed write; returns the reason to give."""
        reason = f"the database {self.path} cannot be written ({type(cause).__name__}: {cause})"
        with self._lock:
            self._failure = reason
        return reason

    def succeeded(self) -> None:
        """A write was stored: writing works."""
        with self._lock:
            self._failure = None

    def problem(self) -> str | None:
        """What stops writes now, or None. A remembered failure is probed
        again (a small synced write beside the database) and forgotten once
        the probe succeeds, so the judge recovers by itself when, say, disk
        space returns."""
        moved = self.moved()
        if moved is not None:
            return moved
        with self._lock:
            failure = self._failure
        if failure is None:
            return None
        if self._probe():
            self.succeeded()
            return None
        return failure

    def _probe(self) -> bool:
        if not os.access(self.path, os.W_OK):
            return False
        probe = self.path.with_name(self.path.name + ".probe")
        try:
            fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            try:
                os.write(fd, b"\0" * PROBE_BYTES)
                os.fsync(fd)
            finally:
                os.close(fd)
            probe.unlink()
        except OSError:
            try:
                probe.unlink()
            except OSError:
                pass
            return False
        return True
