"""The variants of 001 that refuse something: the Epic two-door kick (001 "1.
Alternatives Türöffnen für Epische Munchkins") and two players with two
characters each (001 "MUNCHKIN FÜR ZWEI SPIELER"). Ids ``epic.*`` and
``twoplayer.*``; judge/rulesets/munchkin/variants/ holds the variants."""

from __future__ import annotations

from judge.rules.ruling import SEED_001 as S1
from judge.rules.ruling import rule

EPIC = "1. Alternatives Türöffnen für Epische Munchkins"
TWO = "MUNCHKIN FÜR ZWEI SPIELER"

# ------------------------------------------------------------------ the Epic two-door kick
rule("epic.kick.two-doors", source=S1, section=EPIC,
     quote="Ziehe zwei Türkarten.",
     de="Im Epischen Spiel trittst du die Tür ein, indem du zwei Türkarten ziehst (KickTwoDoors).",
     en="In the Epic game you kick open the door by drawing two door cards (KickTwoDoors).",
     when_de="Als zweifaches Türeintreten.", when_en="As a two-door kick.")
rule("epic.kick.not-in-this-game", source=S1, section=EPIC,
     quote="Ziehe zwei Türkarten.",
     de="Zwei Türen auf einmal tritt man nur im Epischen Spiel ein (Variante epic-kick).",
     en="Two doors at once are kicked open only in the Epic game (variant epic-kick).",
     when_de="In einem Spiel mit der Variante epic-kick.", when_en="In a game with the variant epic-kick.")
# ------------------------------------------------------------------ two players, two characters each
rule("twoplayer.alter-ego.no-interference", source=S1, section=TWO,
     quote="Kein Charakter darf sich in irgendeiner Weise in den Kampf seines Alter Egos einmischen – weder helfend "
           "noch störend. Hiervon wird auch keine Ausnahme durch die Klasse Space Ranger gemacht.",
     de="Platz {seat} ist das Alter Ego von Platz {other}: es darf sich nicht in dessen Kampf einmischen, weder "
        "helfend noch störend.",
     en="Seat {seat} is the alter ego of seat {other}: it may not take part in that character's combat, "
        "neither helping nor hindering.",
     when_de="Im Kampf eines Charakters des Gegenspielers.", when_en="In a combat of the opponent's character.")
rule("twoplayer.alter-ego.no-trade", source=S1, section=TWO,
     quote="Kein Charakter darf mit seinem Alter Ego handeln oder ihm etwas schenken.",
     de="Mit dem eigenen Alter Ego (Platz {other}) darf nicht gehandelt werden.",
     en="A character may not trade with its alter ego (seat {other}).",
     when_de="Mit einem Charakter des Gegenspielers.", when_en="With a character of the opponent.")
rule("twoplayer.alter-ego.no-gift", source=S1, section=TWO,
     quote="Kein Charakter darf mit seinem Alter Ego handeln oder ihm etwas schenken.",
     de="Dem eigenen Alter Ego (Platz {other}) darf nichts geschenkt werden.",
     en="A character may not give anything to its alter ego (seat {other}).",
     when_de="An einen Charakter des Gegenspielers.", when_en="To a character of the opponent.")
rule("twoplayer.alter-ego.no-curse", source=S1, section=TWO,
     quote="Kein Charakter darf einen Fluch oder eine Falle auf sein Alter Ego spielen",
     de="Auf das eigene Alter Ego (Platz {other}) darf kein Fluch und keine Falle gespielt werden ({card}).",
     en="A character may not play a curse or trap on its alter ego (seat {other}): {card}.",
     when_de="Auf einen Charakter des Gegenspielers, oder mit einer Karte der Liste, die das Alter Ego treffen darf.",
     when_en="On a character of the opponent, or with a card of the list that may hit the alter ego.")
rule("twoplayer.alter-ego.no-level-up", source=S1, section=TWO,
     quote="auch keine Steige-eine-Stufe-auf-Karte oder eine Herkunft",
     de="Auf das eigene Alter Ego (Platz {other}) darf keine Steige-eine-Stufe-auf-Karte und keine Herkunft "
        "gespielt werden ({card}).",
     en="A character may not play a go-up-a-level card or an origin on its alter ego (seat {other}): {card}.",
     when_de="Auf den eigenen Charakter.", when_en="On the character itself.")
rule("twoplayer.alter-ego.never-involved", source=S1, section=TWO,
     quote="Bei diesen Karten darf das Alter Ego in keinem Fall involviert werden",
     de="{card} darf das eigene Alter Ego (Platz {other}) in keinem Fall betreffen.",
     en="{card} may never involve the alter ego (seat {other}).",
     when_de="Auf einen Charakter des Gegenspielers.", when_en="On a character of the opponent.")
rule("twoplayer.charity.one-opponent-character", source=S1, section=TWO,
     quote="Die Milde Gabe wird jeweils nur an einen Charakter des Gegenspielers gegeben.",
     de="Die Milde Gabe geht ganz an einen Charakter des Gegenspielers mit der niedrigsten Stufe (Platz {lowest}).",
     en="Charity goes, all of it, to one character of the opponent with the lowest level (seat {lowest}).",
     when_de="Alle überzähligen Karten an einen dieser Charaktere.",
     when_en="All the excess cards to one of these characters.")
rule("twoplayer.charity.alter-ego", source=S1, section=TWO,
     quote="Nur wenn dessen beide Charaktere eine höhere oder gleiche Stufe wie der aktive Charakter haben, erfolgt "
           "die Milde Gabe ggf. an das Alter Ego",
     de="Beide Charaktere des Gegenspielers haben deine Stufe oder mehr: die Milde Gabe geht an dein Alter Ego "
        "(Platz {other}).",
     en="Both of the opponent's characters are at your level or higher: charity goes to your alter ego "
        "(seat {other}).",
     when_de="Alle überzähligen Karten an das Alter Ego.", when_en="All the excess cards to the alter ego.")
