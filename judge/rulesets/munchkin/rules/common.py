"""Texts several rule modules share."""

from __future__ import annotations

OWN_TURN_DE, OWN_TURN_EN = "In deinem eigenen Zug.", "In your own turn."
NEVER_TEN_DE = "Nie: Stufe 10 erreicht man nur durch das Töten eines Monsters."
NEVER_TEN_EN = "Never: only a kill reaches level 10."
