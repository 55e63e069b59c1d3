"""Listen at the door (000 SCHNELLERES SPIEL; 001 "0. Beginn des Zuges" and
"5. Den Raum ausplündern"): "Für ein schnelleres Spiel kannst du eine
„Phase 0“ einführen, die „An der Tür lauschen“ genannt wird. Zu Beginn deines
Zuges ziehst du verdeckt eine Türkarte, die du auch spielen darfst, wenn du
willst. ... Wenn du den Raum durchsuchst, ziehst du verdeckt einen Schatz,
nicht eine Tür."

Composed onto any set of the family: the engine draws what
``turn_start_draws`` names when a turn starts (the first turn's draw comes
with the opening hands), and looting the room draws from ``loot_room_deck``.
The door card drawn goes to the hand face down, so it is played by the
ordinary rules for playing a card from the hand (001: "Du darfst sie
ausspielen oder auf die Hand nehmen")."""

from __future__ import annotations

from typing import ClassVar

from judge.rulesets.munchkin.variants import MunchkinVariant


class ListenAtTheDoor(MunchkinVariant):
    name: ClassVar[str] = "listen-at-the-door"
    doc: ClassVar[str] = ("Phase 0: draw a face-down door card at the start of the turn; looting the room "
                          "draws a face-down treasure instead of a door (000, SCHNELLERES SPIEL).")

    def turn_start_draws(self) -> dict[str, int]:
        return {"door": 1}

    def loot_room_deck(self) -> str | None:
        return "treasure"
