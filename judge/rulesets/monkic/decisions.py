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
    ("monkic: the Dornenfalle is the defender's choice",
     "002 Karten, Dornenfalle: „Wenn die Karte aktiviert ist, kannst du diese einsetzten, wenn dich jemand "
     "angreift.“ and „Sie ist nur einmal im Zug einsetzbar“. An activated Dornenfalle is never used by itself: "
     "its owner chooses the attack it is used against, at most one per turn. A reported table reports that "
     "choice with the attack as it reports the defender's dice (attack.trap names the Dornenfalle; its two "
     "dice come first in defence_dice); a dealt table asks the defender before the fight (pending 'defence', "
     "answered with resolve.trap, empty for none). A Dornenfalle named for a card immune to curses is "
     "refused (monkic.curse.superpower-immune), one that is not active or already used this turn too "
     "(monkic.trap.not-active). Without a five the fight goes on as usual.",
     "monkic/test_002_letter.py::test_dornenfalle_the_defender_chooses_the_attack"),
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
    ("monkic: card rules on a life-point attack",
     "002 Angriff und Verteidigung: „Wenn keine Karten mehr auf der Hand sind, wird Punktzahl von den "
     "Lebenspunkten abgezogen.“ and „Normalerweise, wenn nicht anders angegeben, kommt die Karte des Verlierers "
     "auf sein Friedhof.“ The attacking card's own rules hold against the life points too. A roll that wins "
     "(Drache's six, Bogenschütze's three, Pings' even sum) or no card rule: the points are taken off. A roll "
     "that loses (Zyklop: „Wenn du eine vier würfelst, hast du verloren.“; Pings' odd sum; Gorilla without a "
     "five) does no damage, and the card lost: it goes to its graveyard (a joker under it dies instead). The "
     "Ninja's two or six („wird deine Karte, der Ninja, und die Karte des Verteidigers vernichtet“) destroys "
     "the Ninja and does no damage; Pings with a joker and an odd quotient („sonst passiert nichts“) does "
     "nothing.",
     "monkic/test_002_letter.py::test_a_losing_roll_on_the_life_points_does_no_damage_and_the_card_is_lost"),
    ("monkic: Gorilla's four dice",
     "002 Karten: „Gorilla: Würfel vier mal. Wenn du einmal eine fünf gewürfel hast, hast du gewonnen, sonst "
     "verloren.“ The four dice decide the fight and none of them is added: against a card the five wins and "
     "no five loses, whatever the points; against the life points a five takes the Gorilla's printed attack "
     "points, no five does no damage and the Gorilla lost.",
     "monkic/test_002_letter.py::test_gorilla_on_the_life_points_a_five_hits_with_its_attack_points_only"),
    ("monkic: Ritter's 9 and Zwerg's 2 are attack points",
     "002 Karten: „Ritter: Wenn du eine drei würfelst, steigen deine Attack Punkte für diesen Zug auf 9.“ and "
     "„Zwerg: Passend dem Namen: Wenn du eine sechs würfelst, hast du nur noch 2 Attack Punkte.“ Both change "
     "the printed attack points, and the die is added to them as to any attack points („Der Spieler der "
     "Angreift würfelt und addiert die Augenzahl zu den Attack-Punkten.“): the Ritter attacks with 9 + 3 = 12, "
     "the Zwerg with 2 + 6 = 8. Only the Böses Schild says otherwise for itself („die vier(Augenzahl) wird "
     "nicht addiert“).",
     "monkic/test_002_letter.py::test_ritter_and_zwerg_change_the_attack_points_and_the_die_is_added"),
    ("monkic: a defending Minotaurus sacrifices too",
     "002 Karten: „Minotaurus: Opferst du einen Joker(auch Joker Kind und Joker Dame), gewinnst du. Dies geht "
     "nicht mehr im Nachhinein“. The Minotaurus wins by a sacrificed joker when it is attacked as when it "
     "attacks; the sacrifice is made before its fight (a reported table names it in attack.defence_sacrifice, "
     "one joker of the defender's hand or table per attacked Minotaurus in target order; a dealt table asks "
     "the defender, resolve.sacrifice). The attacker's own deciding rule still wins („Wenn zwei Regelungen "
     "nicht zu einander passen, \"gewinnt\" die Regelung des Angreifers!“). A Minotaurus that does not get to "
     "fight (the attacker died before) sacrifices nothing.",
     "monkic/test_002_letter.py::test_a_defending_minotaurus_sacrificing_a_joker_wins"),
    ("monkic: any table card may go to the hand",
     "002 Erste Runde: „Pro Zug darf der Spieler eine Karte vom Tisch rechts auf die Hand nehmen(eingentlich "
     "schieben).“ „rechts“ says where the table lies beside the hand, not which card: any monster or figure "
     "of the own table may be moved, the rightmost or any other („Auf die Hand kommen nur Monster oder "
     "Figuren, keine Flüche“). Where 002 means one position it says so (Stehlen: „seine linke Karte vom "
     "Tisch“).",
     "monkic/test_002_letter.py::test_any_table_card_may_go_to_the_hand"),
    ("monkic: Blitz and Black Hole in the first round",
     "002 Start: „Die erste Runde darf kein Spieler angreifen.“ Blitz and Black Hole destroy hand cards "
     "without attacking (no attack points, no dice), so they may be played in the first round like any "
     "curse; of the curses only Attack attacks („Attack: Obwohl diese Karte angreifen kann, ist sie vom Tisch "
     "spielbar.“) and waits for the second round.",
     "monkic/test_002_letter.py::test_blitz_and_black_hole_may_be_played_in_the_first_round"),
    ("monkic: SuperPower's choice is made when it is laid",
     "002 SuperPower: „Wenn die geschützte Karte beim Kampf verliert, kann entweder SuperPower geopfert werden "
     "oder die zu schützende Karte und SuperPower überlebt.“ The choice is made when SuperPower is laid under "
     "the card (protect.sacrifice_guard: true, SuperPower dies for it; false, the card dies and SuperPower "
     "stays in the hand), as protection is laid in advance („Dies geht nicht mehr im Nachhinein!“); nothing "
     "is asked after the fight.",
     "monkic/test_002_letter.py::test_superpowers_choice_is_made_when_it_is_laid"),
    ("monkic: how many defence dice",
     "002 Angriff und Verteidigung: „Der Spieler der Verteidigt würfel und addiert die Augenzahl zu den "
     "Schild-Punkten.“ A reported attack names exactly the defence dice rolled: the Dornenfalle's two if it "
     "is used, then one group per fight that took place. A wrong count is refused with "
     "monkic.dice.defence-count, which names the count the attack uses and why (a five of the Dornenfalle "
     "ends the attack; Elemente that lost a fight fights no more; an element other than Blitz fights one "
     "target), in German and English.",
     "monkic/test_002_letter.py::test_a_wrong_count_of_defence_dice_says_how_many_and_why"),
)
