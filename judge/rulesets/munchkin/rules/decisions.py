"""Decisions where the rule texts are open, for docs/rules.md."""

from __future__ import annotations


# ------------------------------------------------------------------ decisions where the texts are open
# Each decision names the test that holds it (tests/rules/...).
DECISIONS: tuple[tuple[str, str, str], ...] = (
    ("What ends a claimed win",
     "Any card that changes the combat (a one-shot, an enhancer, a wandering monster, a level change or a curse on "
     "the fighter or helper, an ability, a new helper) withdraws the claim; the fighter claims again if still "
     "winning. A curse on someone outside the combat leaves the claim standing.",
     "test_000_combat.py::test_a_card_played_in_the_window_cancels_the_claim"),
    ("A claim judged when the window closes",
     "Resolving a claimed win compares the strengths as they are when the window closes, so a class dropped or an "
     "adjustment recorded during the window counts. A side no longer stronger (ties lose, unless a warrior "
     "fights) has lost and must run away at once (000 KAMPF: 'Ist deine Stufe niedriger oder gleich hoch, "
     "verlierst du und musst Weglaufen'): the window was everyone's chance to act, the fighter's too.",
     "test_000_to_the_letter.py::test_kampf_warrior_who_drops_the_class_in_the_window_loses_and_runs"),
    ("A window restored by an upheld dispute",
     "When an upheld dispute restores a claimed win whose window had already closed (typically: the judge "
     "resolved it at the deadline and that resolution was disputed), the window reopens for the game's whole "
     "interference window from the moment of the ruling, recorded in the DisputeResolved event; the table "
     "expects to act again before the combat is decided, not to see it decided again at once. A window still "
     "open keeps its deadline.",
     "test_000_to_the_letter.py::test_weitere_aktionen_im_kampf_a_restored_elapsed_window_reopens_for_a_whole_window"),
    ("The order of running away",
     "'wobei du die Reihenfolge bestimmst, in der gewürfelt wird. Du bestimmst auch die Reihenfolge, in der du "
     "die Schlimmen Dinge von jedem Monster abbekommst': each runner (fighter and helper alike) declares the "
     "order one step at a time, by the monster each run_away and suffer_bad_stuff names; rolls and bad stuff "
     "need not follow the same order, and nothing is declared in advance. The view names every runner still to "
     "roll or to take bad stuff.",
     "test_000_to_the_letter.py::test_verloren_each_runner_orders_the_rolls_and_the_bad_stuff"),
    ("Who may claim a win",
     "'Immer wenn ein Spieler glaubt, ein Monster getötet zu haben': only those fighting the monster can have "
     "killed it, so the fighter or the helper may claim; a player outside the combat may not.",
     "test_000_to_the_letter.py::test_weitere_aktionen_im_kampf_the_helper_may_claim_but_not_a_bystander"),
    ("A one-shot item outside combat",
     "Played in your own turn outside combat it is put in play as a carried item and can be used later from the "
     "table in any combat.",
     "test_001_timing_table.py::test_one_shot_outside_combat_in_own_turn_is_carried"),
    ("'Sofort, wenn du sie bekommst'",
     "Cards received outside your own turn (charity, looting, treasures) may be played under the on-receipt rule "
     "until anyone takes another action; another receiver laying out its own received card and the steps of a "
     "looting (picks, roll-offs) do not count as another action.",
     "test_001_timing_table.py::test_receipt_lapses_when_something_else_happens"),
    ("A level that would not rise",
     "A level-up card or a sale that cannot raise the level at all (already at 9) is refused with "
     "munchkin.level.tenth-only-by-kill; one that raises it partly stops at 9.",
     "test_000_levels_selling_trading.py::test_no_tenth_level_by_selling"),
    ("A level recorded by an adjustment",
     "000 'SPIELENDE' keeps level 10 for a kill and Göttliche Intervention, and the golden rule lets a card "
     "beat the rules. An adjustment records what a card did or what happened at the table (a kill the judge "
     "did not see), agreed by every other seat or made by the organizer, so the level it sets stands, 10 "
     "included, and a level 10 so recorded wins; a level above 10 or below 0 (0: unchanged) is malformed "
     "(record_adjustment.set_level).",
     "test_000_level_ten_cap.py::test_an_adjustment_may_record_level_ten_and_it_wins"),
    ("Looting after a death in combat",
     "The corpse is laid out when the combat is over (so a helper still running rolls first); the dead character "
     "and anyone who died in the same combat do not loot.",
     "test_000_running_death.py::test_looting_highest_level_first_and_the_rest_is_discarded"),
    ("Who is 'lebend' for looting and charity",
     "001 4. b) lets 'jeder noch lebende Spieler' loot and 001 6. gives charity to 'lebenden Spieler'. A character "
     "that died is back at once (000 Tod: 'nimmt sofort wieder am Spiel teil'), so 'lebend' means every "
     "character but those whose death is being resolved: the dead of the combat (or event) being looted, until "
     "that looting is over. A character that died earlier loots and receives charity like anyone.",
     "test_000_looting.py::test_tod_lebende_fighter_and_helper_dying_together_do_not_loot_each_other"),
    ("The looting order with ties",
     "The order is settled from the top: the highest-level looters pick while lower players of equal level are "
     "still rolling; tied players of any level may roll at any time during the looting. The levels are those "
     "when the corpse is laid out: a level-up or curse played during the looting does not reorder it.",
     "test_000_looting.py::test_tod_highest_level_picks_while_lower_tied_players_still_roll"),
    ("Laying out looted cards",
     "Every looter may lay out its looted card at once: during the looting (a pick or a roll by another looter "
     "does not end the chance) and after it, until someone takes another action; receivers laying out their "
     "own received cards do not cut each other off.",
     "test_000_looting.py::test_tod_every_looter_may_lay_out_its_card_at_once"),
    ("What death keeps",
     "000 Tod keeps 'Klasse(n), Rasse(n) und Stufen'; 001 4. b) adds '(permanente) Flüche'. The plural keeps the "
     "Super Munchkin and Half-Breed cards that hold a second class or race, and lasting curses stay in front of "
     "the new character; items and the hand are looted.",
     "test_000_looting.py::test_tod_death_keeps_super_munchkin_half_breed_and_lasting_curses"),
    ("A curse from the door waits for its victim",
     "001 '1. Tür öffnen': a curse turned up on the door takes effect 'es sei denn, du hast ein Gegenmittel'. It "
     "waits for its victim's answer (answer_curse): no card takes it, a card with cancels_curse (from the hand "
     "or carried) cancels it and both are discarded. Meanwhile only level-ups and curses may be played. A curse "
     "played from a hand takes effect at once (000 Flüche: 'wirkt immer sofort'). The base catalogue has no "
     "counter; a group adds its own (custom cards).",
     "test_000_curses_lasting.py::test_tuer_oeffnen_a_counter_cancels_the_curse_from_the_door"),
    ("When a lasting curse ends",
     "000 Flüche: the reminders stay 'bis ihre Wirkung endet'. Huhn auf deinem Kopf ends when its victim loses a "
     "headgear it carried (lost, sold, traded, given, discarded, or looted at death); without one it stays until "
     "the victim loses one. Geschlechtsumwandlung (-5 in the next combat, by its card text) ends when a combat "
     "the victim fought or helped in is over; the sex stays changed.",
     "test_000_curses_lasting.py::test_fluche_huhn_ends_with_the_headgear"),
    ("Level-ups and curses during a wait",
     "Level-up cards and curses ('zu jedem beliebigen Zeitpunkt') may be played while a corpse is looted, while "
     "someone owes a choice and while a door curse waits for its victim's answer. A curse that needs a choice "
     "while another choice is owed waits until the first is made. A curse's item choice follows what the victim "
     "still carries: when a curse played meanwhile takes some of its options it offers the rest, and with one "
     "left the curse takes that one without a choice (held by "
     "test_000_anytime_cards.py::test_fluche_with_one_item_left_the_owed_curse_takes_it_without_a_choice).",
     "test_000_anytime_cards.py::test_fluche_a_second_choice_waits_for_the_first"),
    ("The elf helper at level 9",
     "An elf helper's level for a helped kill counts as a kill, so it may reach level 10 and win.",
     "test_000_level_ten_cap.py::test_an_elf_helper_at_level_nine_reaches_ten_by_the_helped_kill_and_wins"),
    ("Treasure picking order",
     "With a treasure share in the bribe, fighter and helper pick alternately, the agreed one first, until the "
     "helper has the share; the fighter takes the rest.",
     "test_000_help.py::test_with_a_helper_treasures_are_drawn_face_up_and_shared_as_agreed"),
    ("Discarding hand cards at will",
     "Hand cards leave the hand only by being played, given in charity, or paid for an ability; discarding them "
     "for nothing is refused.",
     "test_000_curses_races_items.py::test_hand_cards_are_not_discarded_at_will"),
    ("Schatzbort and the discard pile",
     "A card resolves before it is discarded, so a Schatzbort never reshuffles into the pile it draws from.",
     "test_bot_games.py::test_a_dealt_game_ends_in_a_level_ten_win"),
    ("The halfling's double-price sale",
     "Used as the ability halfling-sale: one named item counts twice, once per turn, with the other rules of "
     "selling. The Halbling card's text is not among the rule texts; the doubled sum must still reach 1,000 "
     "gold pieces (munchkin.sell.at-least-1000) and, like any sale, raises no level at 9.",
     "test_000_abilities.py::test_halfling_sells_one_item_at_double_price_once_per_turn"),
    ("A choice comes first",
     "000 'Flüche' says the victim decides which of several items a curse takes, not when; it says 'Ein Fluch "
     "wirkt immer sofort auf sein Opfer (falls möglich) und wird dann abgelegt', so nothing comes between the "
     "curse and its victim's choice. The judge asks at once and takes no other action from anyone until the "
     "victim has chosen (munchkin.choice.pending, citing that sentence), except level-up cards and curses (see "
     "'Level-ups and curses during a wait') and the organizer's adjustment (see 'The organizer acts for the "
     "table'); a former dwarf who must give up big items may sell them instead.",
     "test_000_curses_races_items.py::test_victim_chooses_among_several_items"),
    ("A monster eliminated without a kill",
     "000 'Gewonnen!': 'Ziehe so viele Schatzkarten, wie auf der Monstercard angegeben ... – egal, ob du das "
     "Monster getötet oder anders eliminiert hast', and 'Weitere Aktionen im Kampf': lost, 'bekommst du für "
     "das eliminierte Monster keinen Schatz'. 001's turn summary ('5c: ... bekommst auch keine Schätze') "
     "disagrees; the base game's own rulebook wins (where two documents disagree, the rules of the game being "
     "played). So a monster a card makes leave a won combat gives its treasures and no level, unless the card "
     "says otherwise (Verwandlungstrank: 'Kein Schatz'; the card field elimination_no_treasure); Star Munchkin "
     "(004 'Gewonnen!') reads the same, Munchkin Babys keeps 003's 'erhältst du keinen Schatz – es sei denn "
     "auf der Karte steht es anders' (the hook elimination_treasure_of).",
     "test_000_to_the_letter_base.py::test_gewonnen_a_monster_eliminated_without_a_kill_still_gives_its_treasures"),
    ("An empty corpse",
     "000 'Tod': 'Hat deine Leiche schon vorher keine Karten mehr – Pech gehabt, dann gehen einige Spieler "
     "leer aus.' At a reported table the judge counts the cards of the dead character's hand but does not see "
     "them. The looter whose pick it is says the corpse is empty with loot_corpse and no card: it and every "
     "looter after it go empty-handed and the loot ends (what the judge counted is discarded unseen). That is "
     "refused while a card the judge can name lies there (munchkin.loot.cards-left): then the looter takes one.",
     "test_000_to_the_letter_base.py::test_tod_a_looter_who_finds_the_corpse_empty_passes_and_the_loot_ends"),
    ("The dead character's new hand",
     "000 'Tod': 'Erst zu Beginn deines nächsten Zuges ziehst du wie zu Spielbeginn verdeckt 4 Türkarten und 4 "
     "Schatzkarten'. At a dealt table the judge deals them as the turn starts. At a reported table it waits: "
     "the seat says it drew them with deal (the action that deals the opening hands), and the judge records 4 "
     "door and 4 treasure cards it does not know, as at the start; until then nothing else of that seat's turn "
     "is accepted (munchkin.turn.draw-new-hand-first) but level-ups, curses and the table's adjustments.",
     "test_000_running_death.py::test_dead_character_draws_four_and_four_at_the_start_of_the_next_own_turn"),
    ("Super Munchkin outside one's own turn",
     "000 'Rassen / Klassen': Super Munchkin 'darfst du jederzeit ausspielen, wenn du schon eine Klasse im Spiel "
     "hast und eine zweite hinzufügen willst', but 'Rassen und Klassen dürfen nur im eigenen Zug ausgespielt "
     "werden oder in dem Moment, in dem du sie nimmst'. The card exists for the second class, so it is played "
     "with that class (play_card with with_card naming the class in the hand), at any time; alone it is played "
     "only in one's own turn, where the class may follow. Outside the own turn Super Munchkin alone is refused "
     "(munchkin.super-munchkin.class-with-it).",
     "test_000_to_the_letter_base.py::test_super_munchkin_outside_the_own_turn_comes_with_its_class_or_not_at_all"),
    ("Who runs, and a monster that does not pursue",
     "000 'Verloren!': 'Hat dir jemand geholfen, muss auch er Weglaufen'; 001 '3. Kampf': 'Beide weiter bei 4 "
     "(oder bei 6 für den, den das Monster nicht verfolgt)'. The forecast lists the fighter and the helper "
     "against each monster left, whether it pursues each (its card's level limit, or a card that stops its "
     "pursuit) and the die each needs, and keeps doing so while they run. A roll against a monster that does "
     "not pursue the runner is refused for that reason (munchkin.run.not-pursued), and a seat that is not "
     "running may not roll or take bad stuff for a runner (munchkin.run.not-a-runner): each runner orders its "
     "own rolls and bad stuff.",
     "test_000_to_the_letter_base.py::test_verloren_the_forecast_lists_the_helper_who_must_run_too"),
    ("The organizer acts for the table",
     "000 'SPIELVORBEREITUNGEN': 'Jede andere Streitigkeit sollte dadurch geregelt werden, dass ihr euch "
     "gegenseitig laut anschreit, wobei der Besitzer des Spiels das letzte Wort hat.' The organizer's adjustment "
     "is accepted at every moment of a game not over, also while a seat owes a choice, a corpse is looted or a "
     "curse waits for its victim's answer, so a seat that stalls can be overruled. An adjustment that names "
     "the card a choice is owed for, for the seat that owes it, settles that choice: what the card did is "
     "what the adjustment records. Any other adjustment leaves the choice owed.",
     "test_000_to_the_letter_base.py::test_goldene_regel_the_organizer_adjusts_while_a_victim_owes_a_choice"),
    ("Hand cards are not discarded at will",
     "000 'Rassen / Klassen' lets an ability be paid with 'jede Karte im Spiel oder von deiner Hand'; nothing "
     "lets a hand card be dropped for nothing, and 000 'Phase 4: Milde Gabe' has the cards beyond 5 given to "
     "the lowest level ('gib so viele Karten an den Spieler mit der niedrigsten Stufe, bis du noch genau 5 "
     "Karten hast'), which discarding at will would undo. So a hand card is discarded through an ability or "
     "at charity only (munchkin.discard.not-from-hand, citing the charity sentence).",
     "test_000_to_the_letter_base.py::test_the_quotes_of_three_rulings_say_what_the_ruling_rests_on"),
    ("Looting comes first",
     "000 'Tod' has the corpse looted before the next player's turn. The judge takes no other action from "
     "anyone while a corpse is being looted (munchkin.loot.in-progress) but the roll-offs, the picks, laying "
     "out looted cards, and level-up cards and curses (see 'Level-ups and curses during a wait').",
     "test_000_running_death.py::test_death_keeps_race_class_level_and_loses_everything_else"),
    ("A lasting curse is no card to pay with",
     "000 'Rassen / Klassen' lets you discard any card in play for an ability; a lasting curse (Geschlechts"
     "umwandlung, Huhn auf deinem Kopf) stays until its effect ends (000 'Flüche'), so it can be neither "
     "discarded at will nor paid for an ability (munchkin.curse.lasting-stays).",
     "test_000_citation_decisions.py::test_a_lasting_curse_cannot_pay_for_an_ability"),
    ("Half-Breed with one race",
     "'Du bist dann zur Hälfte diese Rasse und zur Hälfte Mensch': with Half-Breed and one race a character counts "
     "as that race and as human for everything that names either (monster bonuses, item restrictions); with a "
     "second race it is those two races and no longer human.",
     "test_000_to_the_letter.py::test_halb_blut_with_one_race_is_that_race_and_human"),
    ("One printed bonus against several traits",
     "A monster bonus printed once against several races or classes ('+3 gegen Zwerge und Halblinge') is one "
     "bonus: it counts once per combat if fighter or helper has any of the traits, never once per trait.",
     "test_000_to_the_letter.py::test_um_hilfe_bitten_bigfoot_bonus_against_dwarves_and_halflings_counts_once"),
    ("Selling big items while a former dwarf chooses",
     "While a former dwarf's keep-one-big-item choice is pending he may sell (000 Gegenstände: 'Bist du am Zug "
     "und dabei nicht im Kampf, kannst du sie verkaufen'), a halfling at double price too (the halfling-sale "
     "ability); the choice then offers only the big items still carried, and lapses once at most one is left.",
     "test_000_to_the_letter.py::test_gegenstaende_after_a_sale_the_choice_offers_only_what_is_still_carried"),
    ("When the opening lay-out ends",
     "000 SPIELVORBEREITUNGEN lets every player lay out one race, one class and items from the opening hand. "
     "The window is the same for every seat at reported and dealt tables: from the deal until the first player "
     "kicks open the first door. Seats not on turn may lay out one race (if they have none), one class (if they "
     "have none) and any items, one-shot items too; after the first door the usual timing holds.",
     "test_000_opening_layout.py::test_spielvorbereitungen_window_ends_with_the_first_door"),
    ("When a one-shot reaches the discard pile",
     "000 says 'Danach wird sie abgelegt'; 003 says 'Sobald der Kampf vorbei ist oder der Effekt der Karte "
     "eingetreten ist, wird sie abgelegt'. The base game follows 000: a one-shot played in a combat goes to the "
     "discard pile at once and its bonus (and any treasures it adds) stays in that combat. The hook "
     "Munchkin.one_shot_discard ('when-played' / 'after-combat') lets a layer that follows 003 keep it until the "
     "combat is over.",
     "test_000_monster_cards_sets.py::test_weitere_aktionen_a_one_shot_is_discarded_when_played_its_bonus_stays"),
    ("Gifts of items",
     "000 'Gegenstände handeln' lets a player give carried items away without a trade, its example a bribe during "
     "another player's combat. Any player may give an item in play to another seat at any time, in or out of "
     "combat, nothing in return; the receiver puts it in play at once (in use if its slot is free). Hand cards are "
     "never given. A gift to or from the fighter or the helper withdraws a claimed win, like any card that "
     "changes the combat.",
     "test_000_gifts_backpack.py::test_gegenstaende_handeln_a_gift_to_the_fighter_withdraws_a_claimed_win"),
    ("Using an item whose slot is taken",
     "Putting an item in the backpack is always allowed; only taking one out is limited (own turn, no combat). "
     "Taking one out moves what is in its slot to the backpack in the same action; when that is not clear (two "
     "different one-hand items in use for a third) the player names the item with to_backpack.",
     "test_000_gifts_backpack.py::test_gegenstaende_two_hand_items_in_the_way_and_naming_the_one_to_put_away"),
    ("The Kumpel",
     "A Kumpel is a copy of the monster it is played on (same card: level, bonuses, treasures, bad stuff, "
     "pursuit). Every modifier of that monster counts for the Kumpel too, those played before and after; a "
     "monster and its Kumpel are one target for modifiers, so no choice is needed unless another monster "
     "fights. Each is killed (a level each), made to disappear and run from on its own.",
     "test_000_monster_cards_sets.py::test_weitere_aktionen_kumpel_brings_another_monster_and_enhancers_apply_to_it_too"),
    ("A monster's printed floor",
     "A floor a card prints ('mindestens Stufe 1') holds for the monster's level with every card played on it; "
     "its bonuses against races, classes or sexes come on top. Treasures never fall below 0.",
     "test_000_monster_cards_sets.py::test_card_text_baby_never_takes_a_monster_below_level_1"),
    ("Cards of other sets",
     "A game includes the card sets of its ruleset (the base game: munchkin). A shipped card of another set "
     "(003's Babys cards, 004's Star cards: every set the family registers, asked the same way) is refused with "
     "munchkin.card.not-in-game; a group that wants it adds it as a custom "
     "card when creating the game, whatever set the custom card names.",
     "test_000_monster_cards_sets.py::test_spielmaterial_a_card_of_another_set_is_refused_unless_added_as_custom_card"),
    ("Cards of a kind the game's sets have no rules for",
     "The card schema of the family accepts every kind the timing table of 001 names (rooms, portals, "
     "hirelings, traps, item enhancers ...), so a group may add such a card to a base game. The timing table "
     "applies to it, but what it does is the rules of the set that prints it: in a game without them it is "
     "refused with munchkin.card.not-playable and its effect is agreed as a table adjustment (golden rule).",
     "test_card_schema_family.py::test_a_kind_the_set_has_no_rules_for_is_played_through_an_adjustment"),
    ("Cards that count as another race or class",
     "003 'Babys und Munchkin': the baby races and classes are the classic ones ('Für alle Spielbelange sind die Babys lediglich jüngere Vertreter der Rassen und Klassen aus dem klassischen Munchkin'). A card "
     "says what it counts as (counts_as); the character then has both traits, so monster bonuses, item "
     "bonuses and restrictions, and cards that name a class (Göttliche Intervention: every Priester) apply.",
     "test_counts_as.py::test_divine_intervention_raises_every_character_counting_as_a_cleric"),
    ("Discarding Halb-Blut or Super Munchkin while it holds a second race or class",
     "000 Rassen / Klassen lets a player discard any card in play ('Ablegen kannst du jede Karte im Spiel') and "
     "says Super Munchkin goes when one of the two classes goes ('Sobald du eine der beiden Klassen verlierst, "
     "verlierst du auch die Super Munchkin-Karte'), but not what becomes of the second class (race) when the card "
     "that allows it is discarded first. The judge refuses that order (munchkin.discard.enabler-in-use): the "
     "player discards one of the two classes (races) first and the card goes with it, so no character holds two "
     "classes (races) without it, the table a position refuses (munchkin.class.only-one).",
     "test_dealt_positions.py::test_rassen_klassen_super_munchkin_goes_with_a_class_not_before"),
    ("Positions of reported and of dealt tables",
     "A position (docs/position.md) loads as a reported table unless it says mode dealt. At a reported table the "
     "judge does not see the decks and takes the position as given, so it does not count a card's copies across "
     "hands, piles and play (a discard pile reshuffled at the table may hold a card again). At a dealt table the "
     "judge knows every card (000 SPIELVORBEREITUNGEN: 'Die Karten werden in 2 Stapel aufgeteilt ... Beide Stapel "
     "werden gemischt'): every hand card is named, the draw piles are as written or the rest of each deck, and a "
     "card placed more often than the game has it is refused (munchkin.position.card-twice, the field of the copy "
     "too many); the new game shuffles its piles from its own seed. At both, a table no legal game reaches is "
     "refused: a level below the lowest or above the winning level (000 SPIELVORBEREITUNGEN), more races or "
     "classes than Halb-Blut / Super Munchkin allow, more big items than may be carried, more items in use than "
     "the slots hold (000 Gegenstände), each with its ruling and the field.",
     "test_dealt_positions.py::test_a_reported_position_takes_the_table_as_given_and_does_not_count_copies"),
    ("A helper's strength in a breakdown",
     "000 Um Hilfe bitten: 'Hilft dir jemand, addierst du dessen Kampfstärke zu deinen Werten hinzu.' The players' "
     "breakdown shows the fighter's terms, the helper's strength as one term (help) and the cards played for the "
     "players; the helper's own terms are in the helper's seat breakdown. A monster's bonus against a trait is "
     "one term however many fighters have it (the seed's example of the Sabbernder Schleim).",
     "test_000_breakdowns.py::test_sabbernder_schleim_bonus_counts_once_in_the_breakdown"),
    ("What a run-away forecast says",
     "For each fighter and each monster left: a monster whose card pursues nobody up to a level lets a runner of "
     "that level or less escape without a roll (the Plutoniumdrache of 000 Weitere Aktionen im Kampf); otherwise "
     "the lowest die that escapes is the target (a 5, 000 Verloren!) less every modifier, at least 1, and above "
     "6 no roll escapes. The forecast uses the levels as they are now: a level changed before the run changes it.",
     "test_000_breakdowns.py::test_forecast_plutoniumdrache_pursues_nobody_of_level_5_or_less_and_gewonnen_treasures"),
    ("Listen at the door: where the listened card goes",
     "000 SCHNELLERES SPIEL: 'Zu Beginn deines Zuges ziehst du verdeckt eine Türkarte, die du auch spielen "
     "darfst'; 001 '0. Beginn des Zuges': 'Du darfst sie ausspielen oder auf die Hand nehmen.' The judge puts the "
     "card face down into the hand at the start of every turn (the first player's comes with the opening hand); "
     "it is played from there by the ordinary rules for that kind of card, so no separate choice is recorded.",
     "test_000_listen_at_the_door.py::test_beginn_des_zuges_the_listened_door_may_be_played"),
    ("The Epic kick replaces the kick",
     "001 '1. Alternatives Türöffnen für Epische Munchkins' is the Epic game's phase 1: in a game with the variant "
     "epic-kick the door is kicked open with two cards (KickTwoDoors); the one-card kick is refused "
     "(epic.kick.two-doors). A dealt table whose door pile and discards hold one card only kicks with that card.",
     "test_001_epic_kick.py::test_epische_munchkins_ziehe_zwei_tuerkarten_the_single_kick_is_replaced"),
    ("The Epic kick: cards 'played at once or taken'",
     "'Diese Karten können sofort gespielt werden oder kommen auf die Hand': the judge puts them into the "
     "kicker's hand face up, from where the kicker plays them at once or later by the ordinary rules for their "
     "kind, so no separate choice is recorded. A card that must be played at once (Göttliche Intervention) takes "
     "effect as on the ordinary kick. A Star portal is such a card too: it goes to the hand (the Epic text names "
     "no second kick). Two copies of the same curse need no order; two different traps or curses wait for the "
     "kicker's ChooseCard (reason epic-order). With a monster, an enhancer applies to the first monster drawn.",
     "test_001_epic_kick.py::test_epische_munchkins_the_other_cards_go_to_the_hand_after_the_curse"),
    ("Two players: what takes part in the alter ego's combat",
     "001 'MUNCHKIN FÜR ZWEI SPIELER': 'weder helfend noch störend'. While a character's alter ego fights (or "
     "helps), the character may not be asked for help nor play a monster, wandering monster, monster enhancer or "
     "Kumpel, a card on a side or a monster, a card or an ability on a fighter; a card only for itself (a "
     "level-up on itself) stays allowed. A thief's theft is no part of a combat (and is never allowed in one).",
     "test_001_two_players.py::test_zwei_spieler_no_hindering_the_alter_ego"),
    ("Two players: whom the charity goes to",
     "001: 'Die Milde Gabe wird jeweils nur an einen Charakter des Gegenspielers gegeben. Nur wenn dessen beide "
     "Charaktere eine höhere oder gleiche Stufe wie der aktive Charakter haben, erfolgt die Milde Gabe ggf. an "
     "das Alter Ego.' All of the excess goes to one character: of the opponent's characters below the giver's "
     "level, one of the lowest (either when they tie); when both are at the giver's level or higher, to the alter "
     "ego, whatever its level. Nothing is discarded: the text leaves no case where the giver is the lowest.",
     "test_001_two_players.py::test_zwei_spieler_charity_to_the_alter_ego_when_both_opponents_are_as_high"),
    ("Two players: seats, tokens and the winners",
     "Each character is a seat (0 and 2 one person, 1 and 3 the other; the turn order 1 to 4 is the seat "
     "order). CreateGame issues a token per seat as for any game; each acts and sees for both characters of its "
     "person (a command names the character acting), so one token is enough for a person and the record shows "
     "which character acted. The winners are both characters of the person whose character reached the "
     "winning level.",
     "test_001_two_players.py::test_zwei_spieler_the_player_wins_with_both_characters"),
    ("Two players: the card lists",
     "The two lists of 001 are data (variants/two_players.py), matched by the card's printed name: a curse "
     "or trap of the first list may be played on the alter ego, a card of the second never involves it. Most "
     "of their cards belong to sets the judge does not ship; a group adds them as custom cards.",
     "test_001_two_players.py::test_zwei_spieler_the_two_card_lists"),
    ("A choice or a looting before a curse's answer",
     "The texts give no order when a door curse waits for its victim's answer (001 \"1. Tür öffnen\": 'es sei "
     "denn, du hast ein Gegenmittel') while a choice is owed (the victim chooses what a curse or bad stuff takes) "
     "or a corpse is being looted (000 Tod, 'Leiche plündern': 'darf sich nun jeder Munchkin eine Karte des "
     "getöteten Charakters aussuchen'). What is already under "
     "way comes first: the choice is made, the looting goes on, then the curse is answered; the view's waiting "
     "line names the seats in that order. A curse that kills the last runner of a combat ends the combat, so its "
     "dead are looted and the turn goes on.",
     "test_kept_effects_playout.py::test_playouts_with_the_kept_effects"),
    ("A door with no card left to draw",
     "000 SPIELVORBEREITUNGEN: 'Ist ein Stapel leer, mische die abgelegten Karten neu. Ist ein Stapel leer, und es "
     "gibt keine abgelegten Karten, dann kann niemand diese Art von Karten ziehen.' A dealt table shuffles the "
     "discards into a new pile when the pile is empty (PileShuffled). When the door pile and its discards are "
     "both empty, the kick (and the Epic two-door kick) is still the way on: it turns up no card (DoorDeckEmpty) "
     "and the turn goes on to phase 2 as after a door with no monster: look for trouble with a monster from the "
     "hand, or loot the room, which draws nothing, and end the turn. The same holds for every set of the family "
     "(004 'Spielvorbereitungen' says it in the same words).",
     "test_dealt_table.py::test_no_cards_anywhere_means_nobody_draws"),
    ("A reported table's reshuffle",
     "000 SPIELVORBEREITUNGEN: 'Ist ein Stapel leer, mische die abgelegten Karten neu.' At a reported table the "
     "players shuffle and the judge does not see it; it learns of it when a card is turned up, played from an "
     "unidentified hand card or discarded while its discard pile already holds every copy of that card the deck "
     "has (the catalogue's copies). The decision then records DiscardsReshuffled before that effect: the cards "
     "certainly shuffled leave the discard pile, i.e. the pile from its oldest card up to and including the "
     "oldest copies of that card that must have been shuffled (everything beneath them went with them). Cards "
     "discarded later stay: the judge cannot tell whether they were discarded before or after the shuffle, and "
     "the top card still counts (004 Kopfgeldjäger). A card identified privately (RevealCard) is no evidence, "
     "lest the reshuffle name it to the others; it is counted when played or discarded. So a discard pile never "
     "holds more copies of a card than the deck, and a long game's state stays the size of a short one's. "
     "Records from before keep their piles as recorded; the next such effect trims them.",
     "test_reported_reshuffle.py::test_spielvorbereitungen_a_kicked_card_whose_copies_are_all_discarded"),
)
