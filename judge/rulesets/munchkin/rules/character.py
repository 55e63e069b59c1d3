"""Levels, races and classes, items (000 Stufen, Rassen / Klassen, Gegenstände)."""

from __future__ import annotations

from judge.rules.ruling import SEED_000 as S0
from judge.rules.ruling import rule
from judge.rulesets.munchkin.rules.common import NEVER_TEN_DE, NEVER_TEN_EN

# ------------------------------------------------------------------ levels
rule("munchkin.level.tenth-only-by-kill", source=S0, section="SPIELENDE",
     quote="Er muss jedoch die 10. Stufe erreichen, indem er ein Monster tötet.",
     de="Stufe 10 erreicht man nur durch das Töten eines Monsters; diese Aktion brächte keine Stufe.",
     en="Level 10 is reached only by killing a monster; this would gain no level.",
     when_de=NEVER_TEN_DE, when_en=NEVER_TEN_EN)

# ------------------------------------------------------------------ races, classes
rule("munchkin.race.only-one", source=S0, section="Rassen / Klassen",
     quote="Du darfst maximal 1 Klasse und 1 Rasse gleichzeitig angehören.",
     de="Du hast schon eine Rasse; lege sie erst ab (oder spiele Halb-Blut).",
     en="You already have a race; discard it first (or play Half-Breed).")
rule("munchkin.class.only-one", source=S0, section="Rassen / Klassen",
     quote="Du darfst maximal 1 Klasse und 1 Rasse gleichzeitig angehören.",
     de="Du hast schon eine Klasse; lege sie erst ab (oder spiele Super Munchkin).",
     en="You already have a class; discard it first (or play Super Munchkin).")
rule("munchkin.race.already", source=S0, section="Rassen / Klassen",
     quote="Du darfst maximal 1 Klasse und 1 Rasse gleichzeitig angehören.",
     de="Diese Rasse/Klasse hast du schon.", en="You already have that race/class.")
rule("munchkin.super-munchkin.needs-class", source=S0, section="Rassen / Klassen",
     quote="Diese Karte darfst du jederzeit ausspielen, wenn du schon eine Klasse im Spiel hast",
     de="Super Munchkin spielst du nur, wenn du schon eine Klasse hast.",
     en="Super Munchkin is played only when you already have a class.",
     when_de="Wenn du eine Klasse hast.", when_en="When you have a class.")
rule("munchkin.super-munchkin.class-with-it", source=S0, section="Rassen / Klassen",
     quote="Rassen und Klassen dürfen nur im eigenen Zug ausgespielt werden oder in dem Moment, in dem du sie nimmst. ... Diese Karte darfst du jederzeit ausspielen, wenn du schon eine Klasse im Spiel hast und eine zweite hinzufügen willst.",
     de="Außerhalb deines Zuges spielst du Super Munchkin nur zusammen mit der zweiten Klasse aus (with_card).",
     en="Outside your turn Super Munchkin is played only together with the second class (with_card).",
     when_de="In deinem Zug, oder zusammen mit der zweiten Klasse.",
     when_en="In your turn, or together with the second class.")
rule("munchkin.half-breed.needs-race", source=S0, section="Rassen / Klassen",
     quote="Diese Karte darfst du jederzeit ausspielen, wenn du schon eine Rasse besitzt.",
     de="Halb-Blut spielst du nur, wenn du schon eine Rasse hast.",
     en="Half-Breed is played only when you already have a race.",
     when_de="Wenn du eine Rasse hast.", when_en="When you have a race.")

# ------------------------------------------------------------------ items
rule("munchkin.item.one-big", source=S0, section="Gegenstände",
     quote="Du darfst eine beliebige Anzahl an kleinen Gegenständen tragen, aber maximal einen Großen.",
     de="Du trägst schon einen Großen Gegenstand (nur Zwerge dürfen mehrere tragen).",
     en="You already carry a big item (only dwarves may carry several).")
rule("munchkin.item.slot-full", source=S0, section="Gegenstände",
     quote="Weiterhin darfst du nur 1 Kopfbedeckung, 1 Rüstung, 1 Schuhwerk und 2 Gegenstände für jeweils „1 Hand“ (oder 1 Gegenstand für „2 Hände“) gleichzeitig nutzen",
     de="Dafür ist kein Platz frei ({slot}); nimm erst etwas in den Rucksack.",
     en="There is no free slot for it ({slot}); put something in your backpack first.")
rule("munchkin.item.backpack-own-turn", source=S0, section="Gegenstände",
     quote="Du kannst Gegenstände nur in deinem eigenen Zug aus dem Rucksack holen; dabei darfst du weder gerade im Kampf sein noch Weglaufen.",
     de="Aus dem Rucksack holst du Gegenstände nur in deinem eigenen Zug und nicht im Kampf.",
     en="Items come out of the backpack only in your own turn and not in combat.",
     when_de="In deinem eigenen Zug, außerhalb eines Kampfes.", when_en="In your own turn, outside combat.")
rule("munchkin.item.not-in-use", source=S0, section="Gegenstände",
     quote="Du solltest Gegenstände, die du zwar trägst, aber nicht nutzen kannst ... dadurch kennzeichnen, dass du sie seitwärts drehst – sie befinden sich dann in deinem Rucksack.",
     de="{card} nutzt du gerade nicht; es kann keinen Platz frei machen.",
     en="You are not using {card}; it cannot make room.",
     when_de="Mit einem Gegenstand, den du gerade nutzt.", when_en="With an item you are using.")
rule("munchkin.item.name-displaced", source=S0, section="Gegenstände",
     quote="Du solltest Gegenstände, die du zwar trägst, aber nicht nutzen kannst (weil du zum Beispiel keine Hand mehr frei hast), dadurch kennzeichnen, dass du sie seitwärts drehst",
     de="Welcher Gegenstand kommt in den Rucksack ({options})? Nenne ihn.",
     en="Which item goes to the backpack ({options})? Name it.",
     when_de="Wenn du den Gegenstand nennst, der Platz macht.", when_en="When you name the item that makes room.")
rule("munchkin.item.not-an-item", source=S0, section="Gegenstände",
     quote="Jeder Gegenstand hat einen Namen, einen Bonus und einen Wert in Goldstücken.",
     de="{card} ist kein Gegenstand.", en="{card} is not an item.")

# ------------------------------------------------------------------ positions
rule("munchkin.position.level", source=S0, section="SPIELVORBEREITUNGEN",
     quote="Du beginnst auf Stufe 1. Deine Stufe kann nie unter 1 sinken.",
     de="Eine Stufe von {level} gibt es nicht: Stufen liegen zwischen {floor} und {top} ({field}).",
     en="There is no level {level}: levels run from {floor} to {top} ({field}).",
     when_de="Mit einer Stufe ab der niedrigsten bis zur Siegstufe.",
     when_en="With a level from the lowest to the winning level.")
rule("munchkin.position.card-twice", source=S0, section="SPIELVORBEREITUNGEN",
     quote="Die Karten werden in 2 Stapel aufgeteilt ... Beide Stapel werden gemischt, danach erhält jeder Spieler "
           "als Anfangskarten 4 Türkarten und 4 Schatzkarten.",
     de="An einem ausgeteilten Tisch liegt jede Karte so oft, wie das Spiel sie hat: {card} gibt es {copies}-mal, "
        "hier liegt sie öfter ({field}).",
     en="At a dealt table each card lies as often as the game has it: there are {copies} of {card}, and the "
        "position places it more often ({field}).",
     when_de="Wenn die Karte nur so oft vorkommt, wie das Spiel sie hat.",
     when_en="When the card appears no more often than the game has it.")
