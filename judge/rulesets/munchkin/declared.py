"""What the Munchkin ruleset declares about its set-up (judge/rules/declarations.py):
its seat trait, options and variants, with the rule texts they rest on."""

from __future__ import annotations

from judge.cards.schema import KINDS
from judge.rules.declarations import OptionSpec, TraitSpec

DEFAULT_WINDOW_MS = 2600
MAX_WINDOW_MS = 600_000
MAX_SEATS = 6

SEAT_TRAITS = (
    TraitSpec("sex", ("male", "female"),
              "The character's sex at the start; it starts as the player's own (000, SPIELZIEL)."),
)

OPTIONS = (
    OptionSpec("interference_window_ms", "int", DEFAULT_WINDOW_MS,
               "Length of the interference window after a claimed win, in ms "
               "(000, Weitere Aktionen im Kampf: about 2.6 s).",
               minimum=0, maximum=MAX_WINDOW_MS),
    OptionSpec("first_seat", "int", 0,
               "Seat that takes the first turn (0-based, below the number of seats).",
               minimum=0, maximum=MAX_SEATS - 1),
    OptionSpec("epic_goal", "bool", False,
               "With the variant epic-kick: the game is won at level 20 (001, MUNCHKIN FÜR ZWEI SPIELER: "
               "'Stufe 10 (bzw. 20 beim Epischen Spiel)')."),
)

MODES = ("reported", "dealt")

CARD_KINDS = KINDS
