"""What ``judge rulesets`` shows from the rulesets' own declarations (titles, the seat trait's, the options'
and the variants' docs, option types, the monkic card kinds), marked here so the catalogues translate
them: the judge declares them in English (judge/rulesets/*), the command line shows them in the
reader's language (a doc changed in a ruleset shows in English until its translation follows; the test
of every command's German output, tests/server/test_cli_outputs_in_both_languages.py, finds it)."""

from judge.common.i18n import N_

WORDS = (
    N_("Munchkin (base game, rules 1.71, with the timing table of 001)"),
    N_("Munchkin Babys (003): baby races and classes that count as the classic ones, undead monsters"),
    N_("Star Munchkin (004, with Clown Wars), on the base game's engine"),
    N_("Munchkin im Mixer (001): sets of the Munchkin family combined in one game"),
    N_("monkic (two players, attack and shield points plus a die)"),
    N_("The character's sex at the start; it starts as the player's own (000, SPIELZIEL)."),
    N_("Length of the interference window after a claimed win, in ms (000, Weitere Aktionen im Kampf: about 2.6 s)."),
    N_("Seat that takes the first turn (0-based, below the number of seats)."),
    N_("With the variant epic-kick: the game is won at level 20 (001, MUNCHKIN FÜR ZWEI SPIELER: 'Stufe 10 (bzw. "
       "20 beim Epischen Spiel)')."),
    N_("A fighter and helper who reach level 10 in the same combat both win (000, SCHNELLERES SPIEL)."),
    N_("Phase 0: draw a face-down door card at the start of the turn; looting the room draws a face-down treasure "
       "instead of a door (000, SCHNELLERES SPIEL)."),
    N_("The Epic two-door kick: two door cards, traps and curses first in the kicker's order, then the others; "
       "option epic_goal: win at level 20 (001, 1. Alternatives Türöffnen für Epische Munchkins)."),
    N_("Two players, two characters each: seats 0+2 and 1+3 are one person each, with the alter-ego restrictions, "
       "charity and looting of the text; listen at the door is always played (001, MUNCHKIN FÜR ZWEI SPIELER)."),
    N_("The sets this game combines, comma-separated, at least two of munchkin, babys, star (001 MUNCHKIN IM MIXER; "
       "000 KOMBINIERE: 'Mische alle Schatzkarten zusammen')."),
    N_("Play with listen at the door, as the combining sections say ('Verwende die Regeln für Schnelleres Spiel'); "
       "false turns it off."),
    N_("Life points each player starts with (002 Vorbereitung: 20; Tipp: e.g. 40 for a longer game)."),
    N_("Card sets shuffled into the stack (002 Vorbereitung: 2-10 Sätze, 3 are enough)."),
    N_("The seat that begins (002 Start: Schere-Stein-Papier)."),
    N_("Extra: one XXL card each, and SuperPower or Elemente exchanged for XXL cards (002 Vorbereitung, "
       "Karten(Extra))."),
    N_("The simpler game without SuperPower and Elemente (002 Vorbereitung)."),
    N_("The top cards of the graveyards fight once after every round (002 Ende einer Runde)."),
    # option types
    N_("int"), N_("bool"), N_("string"),
    # monkic's card kinds (judge cards, judge rulesets)
    N_("joker"), N_("superpower"), N_("elemente"), N_("xxl"),
)
