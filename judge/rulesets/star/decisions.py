"""Where 004 (Star Munchkin) is open: the layer's decisions, for docs/rules.md."""

from __future__ import annotations

T = "test_004_star.py::"
C = "test_004_star_cards.py::"
L = "test_004_to_the_letter.py::"

DECISIONS: tuple[tuple[str, str, str], ...] = (
    ("Star: the Cyborg's choice at death",
     "004 cyBorg: 'Wenn er getötet wird, kann der Cyborg wählen, stattdessen 2 Stufen zu verlieren (oder auf "
     "Stufe 2 zu sinken) und am Leben zu bleiben.' The choice is the Cyborg's, and the game waits for it: a "
     "'cyborg' choice offers its Cyborg card (live: lose 2 levels, never below 2, recorded as DeathAverted) and "
     "the card that kills it (die, as 000 'Tod' says). Until it chooses, only it may act (and cards playable at "
     "any moment).",
     T + "test_cyborg_loses_two_levels_instead_of_dying"),
    ("Star: how many more items a Mutant uses",
     "004 'Gegenstände' names the Mutant as a character that may use more than 1 headgear, 1 armor, 1 footgear and "
     "2 hands, without printing how many more; the Mutant card text is not in 004. The judge lets a Mutant use one "
     "more headgear (a second head); a table with another printing records an adjustment.",
     T + "test_mutant_uses_a_second_headgear"),
    ("Star: races and classes without printed text",
     "004 names Katze, Insekt and Medium without printing their card texts. They are races/classes for every "
     "rule, bonus and restriction (Schreckliches grünes Ding: +3 gegen Medien, once even if fighter and helper "
     "are both Medien), and nothing more. 004 'Handlanger' speaks of 'den Bonus eines Mediums, das alleine "
     "kämpft' without printing it: a race or class card carries such a bonus as alone_bonus (the catalogue's "
     "Medium has none, 004 printing no number; a group enters its printing as a custom card); it counts while its "
     "character fights without a helper, and a hireling in play never takes it away: a hireling is no helper.",
     C + "test_handlanger_do_not_affect_the_bonus_of_a_medium_fighting_alone"),
    ("Star: numbers taken from the worked example",
     "004 prints Har Har, Diamanten Zähne and Bobaser only in 'Kampfbeispiel mit Zahlen und allem Drumherum'; "
     "their numbers are the example's: Har Har level 4 with 2 treasures and a face-down door for whoever defeats "
     "it, Diamanten Zähne +2, Bobaser +4 (a level-5 Kopfgeldjäger with it is at 9).",
     T + "test_kampfbeispiel_mit_zahlen_on_the_core"),
    ("Star: hirelings and their bonus",
     "004 'Handlanger': 'Handlanger können jedoch nichts tun, was nicht im Kartentext erwähnt wird.' A hireling's "
     "printed bonus counts for its owner's strength; a hireling is not an item (never traded, given or sold) and "
     "sits in front of its owner like other cards in play.",
     T + "test_hireling_is_no_item_and_cannot_be_given"),
    ("Star: an item enhancer when its item changes hands",
     "004 'Gegenstandsverstärker': the enhancer 'kann ... nicht zu einem anderen Gegenstand getauscht werden und "
     "wird auch zusammen mit dem Gegenstand abgelegt, wenn Du den Gegenstand verlierst.' An item that leaves its "
     "owner in any way (lost, sold, discarded, given or traded away) is lost to its owner: the enhancer is "
     "discarded with it and never moves to the new owner.",
     T + "test_gegenstandsverstaerker_does_not_follow_its_item_to_another_player"),
    ("Star: when a room from the hand is 'sofort'",
     "004 'Räume': a room is played on a player 'solange du sie sofort spielst, nachdem dieser Spieler eine Tür "
     "eingetreten und dabei keinen Raum gezogen hat'. The judge keeps the window open for exactly one command "
     "after the kick: any other accepted command closes it. The room lies in front of the kicker; of two rooms in "
     "a turn the second is refused (it stays in its player's hand), or goes to the kicker's hand when kicked open "
     "after a portal.",
     T + "test_raeume_a_room_from_the_hand_right_after_a_kick_without_a_room"),
    ("Star: who may sacrifice a hireling",
     "004 'Handlanger': 'Wenn du einen Kampf verlierst, kannst du einen Handlanger ablegen, anstatt einen "
     "Weglaufwurf zu machen.' Fighter and helper alike may sacrifice their own hireling to escape every monster; "
     "only the fighter may take the other along ('entscheidest DU, ob diese Person ebenfalls automatisch "
     "entkommt').",
     T + "test_handlanger_a_helper_may_sacrifice_its_own_but_not_decide_for_the_fighter"),
    ("Star: a room with its own monsters",
     "004 'Räume' speaks of a room that 'mit eigenen Monstern aufwartet' without printing one. Such a room card "
     "prints its monster's numbers (level, treasures, levels, bad stuff) on itself. Entered on the kick it lies in "
     "front of the kicker and its monster is fought at once (no phase 2 or 3 then); played from the hand onto the "
     "kicker fighting a monster, its monster joins that combat ('Er bekämpft sie zusammen!'). The room card stays "
     "in play when the combat ends and is discarded with the turn.",
     C + "test_raeume_a_rooms_own_monsters_are_fought_together_with_the_kicked_ones"),
    ("Star: Falle! Chromosomentausch",
     "004 'Fallen': 'Die Karte Falle! Chromosomentausch wird nicht sofort abgelegt, sondern bleibt als "
     "Gedächtnisstütze liegen, bis ihre Wirkung endet.' 004 does not print its text; the judge gives it the effect "
     "of the base game's sex change (Geschlechtsumwandlung): the victim's sex changes and it has -5 in its next "
     "combat; the card lies in front of the victim until that combat is over, then it is discarded. It cannot be "
     "discarded before (munchkin.curse.lasting-stays).",
     C + "test_fallen_chromosomentausch_stays_as_a_reminder_until_its_effect_ends"),
    ("Star: the Gadgeteer's defusing",
     "004 says only 'Ja, Gadgeteere können Flüche „entschärfen“' (with traps and curses one type) and does not "
     "print the Gadgeteer's card. The judge's reading: whoever counts as a Gadgeteer uses the ability 'defuse', "
     "paying with exactly one discarded card (004 'Rassen / Klassen': 'Viele Rassen- und Klassenfähigkeiten ... "
     "werden durch Ablegen von Karten ausgelöst'), on a trap or curse that hits it: one turned up on the door "
     "while it waits for the answer, or a lasting one lying in front of it. The defused card is discarded "
     "without (further) effect. A trap played on it from a hand 'wirkt immer sofort' and leaves no moment to "
     "defuse it, unless it lasts.",
     C + "test_gadgeteer_defuses_a_trap_from_the_door_paying_one_card"),
    ("Star: a room's rules for its monsters",
     "004 'Räume': 'Wenn du auf Ärger aus bist, richten sich alle Monster, die du findest, nach den Regeln auf "
     "der Raumkarte.' 004 prints no room; a group's room card may give monsters a bonus (`monster_bonus`, "
     "docs/cards.md). It counts for every monster the room's player fights while the room lies in front of them "
     "in this turn: the monsters looked for, and those fought in the room (kicked open with it, its own, a "
     "wandering monster played into it), as a term of the monster's strength (star.room.monster-rules). Any "
     "other rule a room card prints is its text, recorded as the group agrees (an adjustment).",
     C + "test_raeume_the_monsters_fought_in_a_room_follow_its_rules"),
    ("Star: a second race beside Halb-Blut outside one's own turn",
     "004 Halb-Blut: 'Solange die Halb-Blut-Karte ausliegt, darfst du zu jeder Zeit eine weitere Rasse "
     "hinzufügen.' The same section says 'Rassen und Klassen dürfen nur im eigenen Zug ausgespielt werden oder in "
     "dem Moment, in dem du sie ziehst.' The judge reads 'zu jeder Zeit' as 'at any time while the card lies' (not "
     "only together with Halb-Blut), within the timing of a race: a second race is added in one's own turn, even "
     "in a combat, or at the moment it is drawn; outside one's own turn it is refused (star.timing.race-class), "
     "Super Munchkin's second class alike.",
     L + "test_halb_blut_a_second_race_outside_ones_own_turn_only_when_drawn"),
    ("Star: whom a room's strength modifier counts for",
     "004 'Räume': 'Befolge die Anweisungen auf der Raumkarte. Die Auswirkungen eines Raumes treten sofort ein und "
     "halten nur für die Dauer des Zuges an.' A room's player_bonus counts for the player whose turn it is (who "
     "is in the room) while the room lies in front of them, in and out of combat, as a term of their strength "
     "(star.room.player-rules); it ends with the turn, when the room is discarded.",
     "test_001_printed_effects.py::test_raeume_a_room_changes_its_players_strength_for_the_turn"),
)
