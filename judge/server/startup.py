"""What a judge needs before it serves, read from its files: the admin token and the creator token
(each kept in memory as its hash only), and the error a start that cannot go on raises."""

from __future__ import annotations

import logging
import os
import secrets
from pathlib import Path

from judge.domain.credentials import token_hash

logger = logging.getLogger("judge.server.main")


class StartupError(Exception):
    """The judge refuses to start; the message says why (and where)."""


def admin_token_hash(path: str | Path) -> str:
    """The hash of the admin token in ``path``; a missing file is created
    with a fresh token (mode 0600). Only the hash is kept in memory."""
    file = Path(path)
    if not file.exists():
        token = secrets.token_urlsafe(32)
        try:
            fd = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            return admin_token_hash(file)
        with os.fdopen(fd, "w") as out:
            out.write(token + "\n")
        logger.warning("admin token written to %s (keep it secret)", file)
        return token_hash(token)
    if file.stat().st_mode & 0o077:
        raise StartupError(f"the admin token file {file} may be read by others; run: chmod 600 {file}")
    token = file.read_text(encoding="utf-8").strip()
    if len(token) < 16:
        raise StartupError(f"the admin token in {file} is too short (at least 16 characters)")
    return token_hash(token)


def creator_token_hash(path: str | Path) -> str:
    """The hash of the creator token in ``path`` (``--create-token-file``):
    the file must exist, be private (mode 0600) and hold at least 16
    characters. Only the hash is kept in memory."""
    file = Path(path)
    try:
        mode = file.stat().st_mode
        token = file.read_text(encoding="utf-8").strip()
    except OSError as e:
        raise StartupError(f"cannot read the creator token file {file}: {e.strerror or e}") from e
    if mode & 0o077:
        raise StartupError(f"the creator token file {file} may be read by others; run: chmod 600 {file}")
    if len(token) < 16:
        raise StartupError(f"the creator token in {file} is too short (at least 16 characters)")
    return token_hash(token)
