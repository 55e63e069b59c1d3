"""Decisions where 002 is open, each held by a test (tests/rules/...)."""

from __future__ import annotations

DECISIONS: tuple[tuple[str, str, str], ...] = (
    ("monkic: every card is face up",
     "002 Spielfeld: 'Die Karten werden offen hingelegt' and 'Hand und Tisch sind mehr symbolisch gemeint'. "
     "The view shows both hands, tables and graveyards to everyone; only the order of a dealt stack is secret.",
     "monkic/test_002_core.py::test_everything_on_the_table_is_face_up"),
    ("monkic: the printed values come from the group",
     "002 names the cards but prints no attack and shield points. The group gives them at creation as "
     "custom_cards entries {card, attack, shield} (XXL cards also attack_joker, shield_joker); every joker, "
     "monster and XXL card that can be in the game needs them, else the game is not created. Curses, SuperPower "
     "and Elemente carry none.",
     "monkic/test_002_core.py::test_a_card_without_values_is_refused_at_creation"),
    ("monkic: points are exact, life points whole",
     "SuperPower's 24 divided by the die and the XXL Drache's halved dice are exact fractions in a fight. Damage "
     "to the life points is rounded down to whole points.",
     "monkic/test_002_special.py::test_superpower_points_are_24_divided_by_the_die"),
    ("monkic: rounding in Pings",
     "Attack(Joker): (Attack(Joker) + die) divided by half the die, the half not rounded, the quotient rounded "
     "down ('Runde ab'); even wins, odd: nothing happens. Shield(Joker): die divided by 5, rounded down, plus 13.",
     "monkic/test_002_special.py::test_pings_with_a_joker_divides_by_half_the_die_and_rounds_down"),
    ("monkic: Computer's and Tastatur's two dice",
     "Two dice are both added: Computer adds two dice when attacking, Tastatur two when defending; the other "
     "role adds none.",
     "monkic/test_002_cards.py::test_tastatur_defends_with_two_dice_added_and_attacks_with_none"),
    ("monkic: 'eine Runde lang'",
     "Barriere: nobody attacks in the rest of the turn it is played and in the opponent's next turn (the two "
     "turns of a round). Schutz, Spinne and Eis bar the opponent's next turn only, as their texts say.",
     "monkic/test_002_curses.py::test_barriere_bars_both_players_for_this_turn_and_the_next"),
    ("monkic: the attacker's rule wins",
     "'Wenn zwei Regelungen nicht zu einander passen, gewinnt die Regelung des Angreifers': a card rule of the "
     "attacking card that decides the fight (Drache's six, Ratte, Gorilla ...) is applied before any rule of "
     "the defending card; without one the defender's rule, else the points.",
     "monkic/test_002_cards.py::test_the_attackers_rule_wins_over_the_defenders"),
    ("monkic: protection is laid in advance",
     "A joker, Kobold or SuperPower is laid under a hand card in its owner's turn, before that card fights; a "
     "card that already fought this turn cannot get it ('Dies geht nicht mehr im Nachhinein'). Destroyed cards "
     "(Blitz, Ninja, Erdbeben, Feuer) are protected like losing ones; Black Hole takes the cards and their jokers. "
     "The Kobold protects like a joker but is no joker to sacrifice (Blitz, Minotaurus, Attack ...).",
     "monkic/test_002_core.py::test_protection_cannot_be_added_after_the_card_fought"),
    ("monkic: Dornenfalle in use",
     "An activated Dornenfalle is used at the first attack on its owner in each opponent turn (its two dice are "
     "reported first); without a five the fight goes on as usual.",
     "monkic/test_002_curses.py::test_dornenfalle_beats_the_attacker_on_a_five"),
    ("monkic: graveyard fights",
     "With the variant graveyard-fights, after each round the top cards fight once if both graveyards hold a "
     "card with attack points: one die each on the printed attack points (SuperPower 24 by the die, Elemente "
     "its element's attack), no card rules; the seat ending the round reports both dice, seat 0's first.",
     "monkic/test_002_core.py::test_graveyard_fight_at_the_end_of_a_round"),
    ("monkic: Elemente attacks before its roll",
     "Elemente names its targets before the die decides the element: with Blitz it fights up to three of them "
     "with 7, or takes 7 life points if it named none; with another element it fights the first, and an attack "
     "on the life points while the opponent has hand cards does nothing. Feuer's extra card is named in the "
     "attack, so it destroys one only when Elemente attacks.",
     "monkic/test_002_special.py::test_elemente_blitz_attacks_three_monsters"),
    ("monkic: which curses attack",
     "The curse Attack counts as an attack (no first round, Barriere, Spinne, Eis) and damages the life points "
     "directly; the other curses may be played in any turn of their owner.",
     "monkic/test_002_curses.py::test_attack_curse_damages_5_10_or_wins_with_two_jokers"),
    ("monkic: a protected card is no protection",
     "A joker lies under the card it protects ('indem man den Joker unter die zu schützene Karte legt'). A "
     "Joker Dame or Kobold with a joker under it stays a protected hand card: it cannot itself be laid under "
     "another card, else its joker would protect a card that is no longer in the hand.",
     "monkic/test_002_core.py::test_a_protected_guard_cannot_go_under_another_card"),
    ("monkic: a sacrificed joker's protection",
     "A joker sacrificed (Minotaurus, Blitz, Familie vereint, Attack, two against a Dornenfalle) goes to the "
     "graveyard; it lost no fight, so a card laid under it protected nothing and goes back to its owner's "
     "hand ('Verliert dann die zu schütztene Karte, ... aber der Joker stirbt' speaks of losing only).",
     "monkic/test_002_curses.py::test_a_sacrificed_joker_leaves_the_card_under_it_in_the_hand"),
)
