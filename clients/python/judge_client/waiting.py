"""The "waiting for" line in the reader's language, with seat and card names.

The judge says in ``GameView.waiting_for`` whom it waits for, in English with
seat numbers ("seat 0 to kick open the door"). The lines the Munchkin family
writes are known here as patterns; each becomes a gettext message
(judge/common/i18n.py) with the seats' and cards' names. A line of another
shape keeps its words, with every "seat N" replaced by the seat's name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from judge.common.i18n import N_, tr

SEAT = r"seat (?P<seat>\d+)"
PATTERNS: list[tuple[re.Pattern[str], str]] = [(re.compile(p + r"\Z"), m) for p, m in [
    (SEAT + " to kick open the door", N_("{seat} to kick open the door")),
    (SEAT + " to look for trouble, loot the room or end the turn",
     N_("{seat} to look for trouble, loot the room or end the turn")),
    (SEAT + r" to end the turn \(charity\)", N_("{seat} to end the turn (charity)")),
    (SEAT + r" to fight \(claim the win, or give up and run\)", N_("{seat} to fight (claim the win, or give up and run)")),
    ("the win is claimed: anyone may still play combat cards until the interference window closes",
     N_("the win is claimed: anyone may still play combat cards until the interference window closes")),
    (SEAT + " to answer the request for help", N_("{seat} to answer the request for help")),
    (SEAT + r" to report the (?P<n>\d+) treasures drawn face up", N_("{seat} to report the {n} treasures drawn face up")),
    (SEAT + " to take a treasure", N_("{seat} to take a treasure")),
    (SEAT + r" to play (?P<card>\S+) at once", N_("{seat} to play {card} at once")),
    (SEAT + r" to answer the curse (?P<card>\S+) \(a counter, or take it\)",
     N_("{seat} to answer the curse {card} (a counter, or take it)")),
    (SEAT + r" to take a card from seat (?P<other>\d+)'s corpse", N_("{seat} to take a card from {other}'s corpse")),
    (r"seats? (?P<seats>[\d, ]+) to run away from each monster or take its bad stuff, in the order each runner "
     "chooses", N_("{seats}: run away from each monster or take its bad stuff, in the order each of you chooses")),
    (r"seats (?P<seats>[\d, ]+) to roll for the looting order", N_("{seats}: roll for the looting order")),
    (SEAT + r" to choose a card \((?P<cards>.*)\)", N_("{seat} to choose a card ({cards})")),
    (r"game over: (?P<names>.*) won", N_("game over: {names} won")),
]]


def waiting_line(text: str, lang: str, seats: Sequence[str], cards: Mapping[str, str] | None = None) -> str:
    """``GameView.waiting_for`` in ``lang`` with names."""
    cards = cards or {}

    def seat(number: str) -> str:
        i = int(number)
        return seats[i] if 0 <= i < len(seats) and seats[i] else tr(lang, "seat {seat}", seat=i)

    for pattern, message in PATTERNS:
        m = pattern.match(text)
        if m is None:
            continue
        values: dict[str, str] = {}
        for name, value in m.groupdict().items():
            if name in ("seat", "other"):
                values[name] = seat(value)
            elif name == "seats":
                values[name] = ", ".join(seat(s) for s in value.replace(" ", "").split(",") if s)
            elif name == "card":
                values[name] = cards.get(value, value)
            elif name == "cards":
                values[name] = ", ".join(cards.get(c, c) for c in value.split(", "))
            else:
                values[name] = value
        return tr(lang, message, **values)
    return re.sub(r"seat (\d+)", lambda m: seat(m.group(1)), text)
