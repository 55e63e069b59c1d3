"""Printed effects the card schema expresses (docs/cards.md), second part: a character immune to curses, a class
that may not be discarded and the Göttliche Intervention that frees it, cards kept through death (001 "1. Tür
öffnen", "4. Flucht", "WANN KANN MAN NUN WELCHE KARTE SPIELEN?", "MUNCHKIN IM MIXER"). Each rule says what a card's field does; the effect it makes or the
refusal names it."""

from __future__ import annotations

from judge.rules.ruling import SEED_001 as S1
from judge.rules.ruling import rule

TIMING = "WANN KANN MAN NUN WELCHE KARTE SPIELEN?"
MIXER = "MUNCHKIN IM MIXER"

rule("munchkin.curse.immune", source=S1, section="1. Tür öffnen",
     quote="ein Fluch/Falle/Katastrophe/Geisteskrankheit: Die Wirkung der Karte tritt sofort ein, es sei denn, du "
           "hast ein Gegenmittel oder bist immun.",
     de="{seat} ist durch {by} gegen Flüche immun: {card} bleibt ohne Wirkung und wird abgelegt.",
     en="{seat} is immune to curses through {by}: {card} has no effect and is discarded.",
     when_de="Solange die Karte, die immun macht, vor dem Opfer liegt (ein Gegenstand: in Gebrauch).",
     when_en="While the card that makes the victim immune lies in front of it (an item: in use).")
rule("munchkin.discard.class-kept", source=S1, section=TIMING,
     quote="Eine solche Karte abwerfen (d. h. beispielsweise dich vom Halbling in einen Menschen verwandeln) darfst "
           "du jedoch jederzeit, mit Ausnahme der Klasse Kultist.",
     de="Die Klasse {card} darfst du nicht abwerfen; nur was sie dir nimmt (ein Fluch, die Göttliche Intervention "
        "im Mixer) befreit dich von ihr.",
     en="You may not discard the class {card}; only what takes it from you (a curse, the Göttliche Intervention in "
        "the Mixer) frees you of it.",
     when_de="Nie aus freien Stücken.", when_en="Never at will.")
rule("munchkin.class.freed", source=S1, section=MIXER,
     quote="Die *Göttliche Intervention* befreit alle Spieler vom *Kultisten*-Dasein.",
     de="Die Göttliche Intervention befreit {seat} von der Klasse {card}: sie wird abgelegt.",
     en="The Göttliche Intervention frees {seat} of the class {card}: it is discarded.",
     when_de="Wenn die Göttliche Intervention gespielt wird.", when_en="When the Göttliche Intervention is played.")
rule("munchkin.death.kept-in-front", source=S1, section="4. Flucht",
     quote="b) Du bist tot. Du behältst nur deine Stufe, deine Rasse(n), Klasse(n), ... und auch (permanente) "
           "Flüche, Fallen und Katastrophen, die auf dich gespielt wurden, ebenso etwaige ausliegende "
           "Feenstaubkarten.",
     de="{seat} behält im Tod, was vor ihm ausliegt und nicht geplündert wird: {cards}.",
     en="{seat} keeps in death what lies in front and is not looted: {cards}.",
     when_de="Wenn der Charakter stirbt.", when_en="When the character dies.")
rule("munchkin.enhancer.on-a-card-in-front", source=S1, section=TIMING,
     quote="Monsterverstärker: Während einer Kampfphase auf ein Monster, oder jederzeit auf einen Mönch, einen "
           "epischen Werwolf, einen Mietling, Mook oder ein Ross.",
     de="{card} liegt auf {follower}: +1 je 5 seines Bonus in jedem Kampf, ein negativer Verstärker -1.",
     en="{card} lies on {follower}: +1 per 5 of its bonus in every combat, a negative enhancer -1.",
     when_de="Jederzeit, auf eine Karte vor dir, die Monsterverstärker nimmt.",
     when_en="At any time, on a card in front of you that takes monster enhancers.")

P = "test_001_kept_effects.py::"

# Where these printed effects leave the texts open (docs/rules.md); each names the test that holds it.
DECISIONS: tuple[tuple[str, str, str], ...] = (
    ("Who is immune to a curse",
     "001 '1. Tür öffnen': 'Die Wirkung der Karte tritt sofort ein, es sei denn, du hast ein Gegenmittel oder bist "
     "immun.' A character is immune while a card with curse_immune lies in front of it: a race, a class, another "
     "card kept in front, or an item it uses (one carried but not in use does not count). A curse on an immune "
     "victim, from the door or from a hand, takes no effect and is discarded (CurseIgnored names the card that "
     "makes it immune, munchkin.curse.immune); a curse from the door does not wait for an answer. Immunity is to "
     "curses only: a monster's bad stuff still hits. The Gegenmittel is the counter (cancels_curse), unchanged.",
     P + "test_tuer_oeffnen_an_immune_victim_is_not_hit_by_a_curse"),
    ("What a dead character keeps in front",
     "001 '4. Flucht', b): 'Du behältst nur deine Stufe, deine Rasse(n), Klasse(n), ... ebenso etwaige ausliegende "
     "Feenstaubkarten.' A card in front with kept_at_death (a Feenstaubkarte; a Verpflegungsmarker of '3. Kampf' "
     "b), which the table enters as such a card) is not laid out for looting: the dead character keeps it "
     "(CardsKeptAtDeath, munchkin.death.kept-in-front). A special treasure with kept_at_death lies in front when "
     "played instead of being discarded. In a combined game the catalogue marks the other kinds 4b names (styles, "
     "powers, loyalties, trainings, accents, mojos, birthrights, factions, armies) kept_at_death.",
     P + "test_flucht_4b_a_feenstaubkarte_is_kept_through_death"),
    ("Headquarters and insanities",
     "001's timing table has rows for both: 'Hauptquartiere: Jederzeit während des eigenen Zuges, außerhalb des "
     "Zuges nur sofort, wenn du sie bekommst.' and 'Flüche, Fallen, Katastrophen und Geisteskrankheiten: "
     "Jederzeit.' In every game of the family a headquarters is played by its row and lies in front of its owner "
     "(munchkin.timing.headquarters refuses it in another's turn); an insanity is played at any time on a victim "
     "and hits as a curse, and from the door waits for the kicker's answer ('1. Tür öffnen': 'ein "
     "Fluch/Falle/Katastrophe/Geisteskrankheit: Die Wirkung der Karte tritt sofort ein, es sei denn, du hast ein "
     "Gegenmittel oder bist immun'), an immune character included.",
     P + "test_timing_table_an_insanity_is_played_at_any_time_and_hits_as_a_curse"),
    ("Monster enhancers on a card in front",
     "001's timing table: 'Monsterverstärker: ... oder jederzeit auf einen Mönch, einen epischen Werwolf, einen "
     "Mietling, Mook oder ein Ross.' The card says whether it takes them (takes_monster_enhancers; every mook of a "
     "combined game does: 'Man darf beliebige Monsterverstärker-Karten auf seine Mooks (und nur diese) "
     "ausspielen', so a Mietling or another follower only if its card prints it). Judged in a combined game "
     "(001 'MUNCHKIN IM MIXER', where these cards meet): played at any time with play_card.with_card naming the "
     "card, the enhancer lies on it and counts as on a Mook (+1 per 5, a negative one -1 and only beside a "
     "positive one, munchkin.enhancer.on-a-card-in-front); it is discarded when the card leaves play. In a game "
     "of one set the table applies such a card by an adjustment.",
     "test_001_enhancer_takers.py::test_timing_table_enhancers_on_a_moench_at_any_time_count_as_on_a_mook"),
    ("The class that may not be discarded",
     "001's timing table: 'Eine solche Karte abwerfen ... darfst du jedoch jederzeit, mit Ausnahme der Klasse "
     "Kultist.' A class with may_not_discard is refused as a discard at will and as the payment of an ability "
     "(munchkin.discard.class-kept); what takes it (a curse that takes a class, an adjustment) still takes it, "
     "and a Göttliche Intervention with frees_undiscardable discards it from every character "
     "(001 'MUNCHKIN IM MIXER': 'befreit alle Spieler vom Kultisten-Dasein', munchkin.class.freed).",
     P + "test_timing_table_a_kultist_may_not_be_discarded_until_divine_intervention"),
)
