"""The state of a Star Munchkin game: the base game's, and what 004 adds."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.rulesets.munchkin.state import MunchkinState


@dataclass
class StarState(MunchkinState):
    """``enhancers``: the item enhancers lying on items, ``{seat, item, card, deck}``.
    ``room_window``: a door was just kicked open without a room, so a room may be played on the kicker
    (004 "Räume": "solange du sie sofort spielst, nachdem dieser Spieler eine Tür eingetreten und dabei
    keinen Raum gezogen hat")."""

    enhancers: list[dict[str, Any]] = field(default_factory=list)
    room_window: bool = False
