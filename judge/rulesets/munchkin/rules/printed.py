"""Printed effects the card schema expresses (docs/cards.md): an enhancer counted twice, a monster that
does not attack its kicker, bad stuff for every other player, a strength modifier for one turn
(001 "1. Tür öffnen", "WANN KANN MAN NUN WELCHE KARTE SPIELEN?", "MUNCHKIN FÜR ZWEI SPIELER"; 000 "Flüche").
These rules forbid nothing: each says what a card's field does, and the term or effect it makes names it."""

from __future__ import annotations

from judge.rules.ruling import SEED_000 as S0
from judge.rules.ruling import SEED_001 as S1
from judge.rules.ruling import rule

TIMING = "WANN KANN MAN NUN WELCHE KARTE SPIELEN?"

rule("munchkin.strength.enhancer-doubled", source=S1, section=TIMING,
     quote="Ein Monsterverstärkerverstärker darf nur gespielt werden, wenn bereits ein Monsterverstärker liegt.",
     de="Der Monsterverstärkerverstärker verdoppelt den Monsterverstärker, auf dem er liegt: dessen Bonus und "
        "Extraschätze zählen noch einmal.",
     en="The monster-enhancer enhancer doubles the enhancer it lies on: its bonus and extra treasures count "
        "once more.",
     when_de="Solange beide Karten auf dem Monster liegen.", when_en="While both cards lie on the monster.")
rule("munchkin.door.does-not-attack", source=S1, section="1. Tür öffnen",
     quote="Handelt es sich um ein Monster, das dich nicht angreift, weiter bei 2. (Das ist etwas anderes als ein "
           "Monster, das dich nicht verfolgt!)",
     de="Dieses Monster greift dich nicht an: kein Kampf, es wird abgelegt, und du machst mit Phase 2 weiter "
        "(auf Ärger aus sein oder den Raum plündern).",
     en="This monster does not attack you: no combat, it is discarded, and you go on with phase 2 (look for "
        "trouble or loot the room).",
     when_de="Wenn du ein solches Monster beim Eintreten der Tür aufdeckst.",
     when_en="When you kick open the door on such a monster.")
rule("munchkin.bad-stuff.all-others", source=S1, section="MUNCHKIN FÜR ZWEI SPIELER",
     quote="Betreffen jedoch Schlimme Dinge „alle anderen Spieler“ (wie z. B. bei Der Große Cthulhu oder Der "
           "Spaminator), gilt das auch für das Alter Ego.",
     de="Die Schlimmen Dinge dieses Monsters treffen auch alle anderen Spieler, die es nicht erwischt hat, im "
        "Spiel zu zweit auch das Alter Ego.",
     en="This monster's bad stuff also hits every other player it did not catch, in a two-player game the alter "
        "ego too.",
     when_de="Wenn der Erste, den das Monster erwischt, seine Schlimmen Dinge abbekommt.",
     when_en="When the first runner it catches takes its bad stuff.")
rule("munchkin.curse.for-this-turn", source=S0, section="Flüche",
     quote="Die Karten Geschlechtsumwandlung und Hubn auf deinem Kopf werden nicht sofort abgelegt, sondern bleiben "
           "als Gedächtnissstütze liegen, bis ihre Wirkung endet.",
     de="Dieser Fluch verändert die Kampfstärke nur für diesen Zug; am Ende des Zuges wird er abgelegt.",
     en="This curse changes combat strength for this turn only; it is discarded when the turn ends.",
     when_de="Bis der Zug endet, in dem er gespielt wurde.", when_en="Until the turn it was played in ends.")

P = "test_001_printed_effects.py::"

# Where the printed effects leave the texts open (docs/rules.md); each names the test that holds it.
DECISIONS: tuple[tuple[str, str, str], ...] = (
    ("The enhancer a doubling card doubles",
     "001's timing table: 'Ein Monsterverstärkerverstärker darf nur gespielt werden, wenn bereits ein "
     "Monsterverstärker liegt.' A card that doubles an enhancer (doubles_enhancer) lies on the enhancer played "
     "last on that monster: that enhancer's bonus and extra treasures count once more (its printed floor does "
     "not change), as a term of the monster's breakdown (munchkin.strength.enhancer-doubled).",
     P + "test_timing_table_the_doubled_enhancer_is_the_last_one_played_on_the_monster"),
    ("A monster that does not attack the kicker",
     "001 '1. Tür öffnen': 'Handelt es sich um ein Monster, das dich nicht angreift, weiter bei 2.' The monster "
     "kicked open starts no combat and is discarded (MonsterDoesNotAttack); the turn goes on with phase 2: the "
     "kicker may look for trouble or loot the room. The card says whom it does not attack: nobody up to a level "
     "(will_not_attack_max_level) and/or anyone with one of its traits (will_not_attack). Monsters reaching a "
     "combat otherwise (looked for, wandering) are fought as usual.",
     P + "test_tuer_oeffnen_a_monster_that_does_not_attack_you_starts_no_combat"),
    ("Bad stuff for 'alle anderen Spieler'",
     "001 'MUNCHKIN FÜR ZWEI SPIELER': 'Betreffen jedoch Schlimme Dinge „alle anderen Spieler“ ..., gilt das auch "
     "für das Alter Ego.' A monster's bad_stuff_others applies once per monster, when the first runner it caught "
     "takes its bad stuff, to every living character it did not catch (an escaped helper included, the alter ego "
     "included). It holds only what needs nobody's choice: levels, race, class, sex, the hand, all or all big "
     "items; anything else is the table's adjustment.",
     P + "test_bad_stuff_for_others_once_per_monster_and_not_for_a_caught_helper"),
    ("A strength modifier for one turn",
     "000 'Flüche': lasting curses stay 'bis ihre Wirkung endet'. A curse whose card says its modifier lasts this "
     "turn (until = 'end-of-turn') is discarded as the turn it was played in ends, whoever's turn that is; one "
     "lasting a combat is until = 'next-combat' (the combat going on, or the next one the victim fights in).",
     P + "test_a_curse_for_this_turn_ends_with_the_turn"),
)
