"""High card tells its events (the narration hooks of judge/rules/narration.py) in its own catalogue
(tests/thirdgame/high_card/locale): a card revealed or drawn, a round won or tied, the game won; the
"waiting for" line with the players' names; and its phases (the rounds).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from judge.common.i18n import N_, add_domain
from judge.rules.narration import FieldKinds, Milestone, SeatName, Sentence, Told

FAMILY = "high-card"
DOMAIN = add_domain(FAMILY, Path(__file__).parent / "locale")
"""The catalogue's domain is named after the family (judge/common/i18n.py): the descriptions of its actions
(their docstrings) are found there too."""

FIELDS = FieldKinds(seats=frozenset({"seat"}), cards=frozenset(), card_lists=frozenset(),
                    seat_lists=frozenset({"seats"}))

# Each effect type's sentence; a drawn card (it names its deck position) is told as drawn.
SENTENCES: dict[str, Sentence] = {
    "RoundTied": Sentence((N_("round {round} is tied at {value}: it is played again"),), "", DOMAIN),
    "RoundWon": Sentence((N_("{seat} wins round {round} ({wins} of {rounds})"),), "", DOMAIN),
    "GameWon": Sentence((N_("{seat} wins the game"),), "", DOMAIN),
}
REVEALED = Sentence((N_("{seat} reveals a {value}"),), "", DOMAIN)
DRAWN = Sentence((N_("{seat} draws a {value} from the deck"),), "", DOMAIN)

WAITING = re.compile(r"(?P<seats>seat \d+(?: and seat \d+)*) to reveal\Z")
GAME_OVER = re.compile(r"game over: seat (?P<seat>\d+) won\Z")
ROUND = re.compile(r"round (?P<round>\d+)\Z")

ACTION_WORDS = (N_("reveal"),)
"""The one action's name, which the catalogue translates (a command none of whose effects is told)."""


class HighCardNarration:
    """The narration hooks of high card."""

    def tell_effects(self, effects: Sequence[Mapping[str, Any]], context: dict[str, Any]) -> list[Told]:
        """The sentences of one command's effects (the seed's reveal is bookkeeping nobody needs told)."""
        told = []
        for e in effects:
            t = str(e.get("type", ""))
            sentence = (DRAWN if "position" in e else REVEALED) if t == "CardRevealed" else SENTENCES.get(t)
            said = FIELDS.told(sentence, e) if sentence is not None else None
            if said is not None:
                told.append(said)
        return told

    def tell_action(self, kind: str) -> Told:
        """An action's kind in words ("reveal": "aufdecken")."""
        return Told(kind.replace("_", " "), domain=DOMAIN)

    def tell_waiting(self, text: str) -> Told | None:
        """The view's ``waiting_for`` line with the players' names (None for a line it does not know)."""
        over = GAME_OVER.match(text)
        if over:
            return Told(N_("game over: {seat} won"), params={"seat": SeatName(int(over.group("seat")))},
                        domain=DOMAIN)
        waiting = WAITING.match(text)
        if waiting:
            seats = [int(n) for n in re.findall(r"\d+", waiting.group("seats"))]
            return Told(N_("still to reveal: {seats}"), params={"seats": FIELDS.value("seats", seats)},
                        domain=DOMAIN)
        return None

    def tell_phase(self, phase: str) -> Told | None:
        """The view's phase ("round 2", "over") in the game's words."""
        played = ROUND.match(phase)
        if played:
            return Told(N_("round {round}"), params={"round": int(played.group("round"))}, domain=DOMAIN)
        return Told(N_("over"), domain=DOMAIN) if phase == "over" else None

    def milestone(self, effect: Mapping[str, Any]) -> Milestone | None:
        """A round begins with its first card; a won round is the winner's new score."""
        if effect.get("type") == "CardRevealed" and effect.get("first"):
            return Milestone(turn_starts=True, turn=int(effect.get("round", 0)) or None)
        if effect.get("type") == "RoundWon":
            return Milestone(seat=int(effect["seat"]), score=int(effect["wins"]))
        return None
