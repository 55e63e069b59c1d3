"""The defender's dice of one attack at a reported table, and why their count
is what it is.

The reporter names all of the defender's dice in one ``defence_dice`` list:
the Dornenfalle's two first if it is used, then one group per fight in
target order. How many the attack uses can depend on the dice themselves (a
five of the Dornenfalle ends the attack before any fight; Elemente that loses
its first fight of three fights no more; an element other than Blitz fights
one target). When the count is wrong, the ruling ``monkic.dice.defence-count``
names the count the attack uses and why, in German and English.

At a dealt table the judge rolls each group when it is needed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.rules.ruling import reject
from judge.rulesets.monkic.rules import DICE_WHY


class DefenceDice:
    """The reported defence dice of one attack, taken group by group.

    ``roll(count)`` gives the dice at a dealt table (the judge rolls); at a
    reported table ``take`` hands out the reported ones in order and records
    what each group was for."""

    def __init__(self, reported: tuple[int, ...], dealt: bool, roll: Callable[[tuple[int, ...], int], tuple[int, ...]]):
        self.pool = list(reported)
        self.reported = len(reported)
        self.dealt = dealt
        self.roll = roll
        self.uses: list[tuple[str, dict[str, Any]]] = []
        self.why: tuple[str, dict[str, Any]] | None = None

    def take(self, count: int, use: str, *, then: tuple[str, dict[str, Any]] | None = None,
             **names: Any) -> tuple[int, ...]:
        """The next ``count`` dice, for ``use`` (a key of ``DICE_WHY``); ``then``:
        what may still follow, said when too few are reported."""
        self.uses.append((use, {"count": count, **names}))
        if self.dealt:
            return self.roll((), count)
        if len(self.pool) < count:
            self.why = then
            raise self._ruling(sum(u[1]["count"] for u in self.uses))
        taken = tuple(self.pool[:count])
        del self.pool[:count]
        return self.roll(taken, count)

    def stop(self, why: str, **names: Any) -> None:
        """Why the attack needs no more defence dice than taken so far."""
        if self.why is None:
            self.why = (why, names)

    def done(self) -> None:
        """Every reported die was used, else the ruling says how many the attack uses and why."""
        if self.pool and not self.dealt:
            raise self._ruling(sum(u[1]["count"] for u in self.uses))

    def _ruling(self, expected: int) -> Exception:
        def said(lang: int) -> tuple[str, str]:
            uses = ", ".join(DICE_WHY[use][lang].format(**names) for use, names in self.uses if names["count"])
            why = DICE_WHY[self.why[0]][lang].format(**self.why[1]) if self.why else ""
            return uses or DICE_WHY["none"][lang], why

        uses_de, why_de = said(0)
        uses_en, why_en = said(1)
        return reject("monkic.dice.defence-count", reported=self.reported, expected=expected,
                      uses_de=uses_de, uses_en=uses_en, why_de=why_de, why_en=why_en)
