"""Shared victory (000 SCHNELLERES SPIEL): "Du kannst auch geteilte Siege
erlauben – wenn ein Spieler in einem Kampf, bei dem er einen Helfer hatte,
Stufe 10 erreicht, gewinnt der Helfer ebenfalls das Spiel, egal auf welcher
Stufe er sich befindet." Composed onto any set of the family: "Stufe 10" is
the set's winning level (the ``max_level`` hook)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from judge.rulesets.munchkin.variants import MunchkinVariant

if TYPE_CHECKING:
    from judge.rulesets.munchkin.contract import LayerHost
    from judge.rulesets.munchkin.tx import _Tx


class SharedVictory(MunchkinVariant):
    name: ClassVar[str] = "shared-victory"
    doc: ClassVar[str] = ("A fighter and helper who reach level 10 in the same combat both win "
                          "(000, SCHNELLERES SPIEL).")

    def also_win(self, ruleset: LayerHost, tx: _Tx) -> list[int]:
        c = tx.state.combat
        if c is None or c.helper is None:
            return []
        if tx.state.players[c.fighter].level >= ruleset.max_level(tx):
            return [c.helper]
        return []
