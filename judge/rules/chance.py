"""Chance for a dealt table, derived from the game's secret seed.

Shuffles and dice are pure functions of (seed, label): anyone who knows the
seed (it is revealed when the game ends) can recompute every shuffle and roll
of the game. The algorithm is fixed here, not borrowed from ``random``, so a
replay years later under another Python version gives the same cards.

>>> seed = bytes(32)
>>> shuffled(seed, "door:0", ["a", "b", "c", "d"]) == shuffled(seed, "door:0", ["a", "b", "c", "d"])
True
>>> 1 <= die(seed, 0) <= 6
True
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")

SEED_REVEALED = "SeedRevealed"
"""The effect by which a dealt game's rules reveal its seed when the game ends, ``{"type":
"SeedRevealed", "seed": <hex>}``: the one effect type every game shares with the record (the audit
re-judges with the seed it reveals, the chance check checks it against the commitment;
docs/record-format.md, "Chance at a dealt table")."""


def _stream(seed: bytes, label: str) -> Iterator[int]:
    """An endless stream of 64-bit integers: HMAC-SHA256(seed, label || counter)."""
    counter = 0
    while True:
        digest = hmac.new(seed, f"{label}#{counter}".encode(), hashlib.sha256).digest()
        for i in range(0, 32, 8):
            yield int.from_bytes(digest[i:i + 8], "big")
        counter += 1


def _below(stream: Iterator[int], n: int) -> int:
    """A uniform integer in [0, n) by rejection sampling (no modulo bias)."""
    limit = (1 << 64) - (1 << 64) % n
    while True:
        x = next(stream)
        if x < limit:
            return x % n


def shuffled(seed: bytes, label: str, items: Sequence[T]) -> list[T]:
    """A Fisher-Yates shuffle of ``items`` determined by ``seed`` and ``label``."""
    out = list(items)
    stream = _stream(seed, label)
    for i in range(len(out) - 1, 0, -1):
        j = _below(stream, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def die(seed: bytes, number: int) -> int:
    """The ``number``-th die roll of the game (1 to 6)."""
    return _below(_stream(seed, f"die:{number}"), 6) + 1


def commitment(seed: bytes) -> str:
    """The published commitment to a seed: its SHA-256, hex."""
    return hashlib.sha256(seed).hexdigest()
