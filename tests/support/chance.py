"""Games whose course the server's random seed decides.

A served dealt game draws its seed from the judge's own randomness (a test
cannot fix it), so a bot game differs from run to run. A test that needs a
game with something in it (a die cast, an attack, a game still running at a
given step) plays one with :func:`a_game_where`: a fresh game each time, until
one has it. A game without it is rare (the callers give the measured rate), so
a few tries make the test deterministic in practice, and a ruleset that never
produces the situation still fails the test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

TRIES = 5


def a_game_where(play: Callable[[], T], wanted: Callable[[T], bool], what: str) -> T:
    """The first of up to TRIES results of ``play`` (each a fresh game) that is ``wanted``."""
    for _ in range(TRIES):
        game = play()
        if wanted(game):
            return game
    raise AssertionError(f"{TRIES} games in a row without {what}")
