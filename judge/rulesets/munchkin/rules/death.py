"""Death and looting (000 Tod, 001 4.)."""

from __future__ import annotations

from judge.rules.ruling import SEED_000 as S0
from judge.rules.ruling import rule

# ------------------------------------------------------------------ death and looting
DEATH = "Tod"
rule("munchkin.loot.in-progress", source=S0, section=DEATH,
     quote="Beginnend mit dem Spieler mit der höchsten Stufe darf sich nun jeder Munchkin eine Karte des getöteten Charakters aussuchen. ... Nachdem jeder eine Karte erhalten hat, wird der Rest abgelegt. ... Warst du gerade am Zug, ist der nächste Spieler an der Reihe.",
     de="Erst wird die Leiche von Platz {seat} geplündert.",
     en="First the corpse of seat {seat} is looted.",
     when_de="Nachdem die Leiche geplündert ist.", when_en="Once the corpse has been looted.")
rule("munchkin.loot.no-corpse", source=S0, section=DEATH,
     quote="Leiche plündern",
     de="Es gibt gerade keine Leiche zu plündern.", en="There is no corpse to loot right now.",
     when_de="Wenn ein Charakter gestorben ist.", when_en="When a character has died.")
rule("munchkin.loot.roll-first", source=S0, section=DEATH,
     quote="Haben mehrere Spieler die gleiche Stufe, würfeln sie.",
     de="Die Plätze {seats} haben die gleiche Stufe und müssen erst würfeln.",
     en="Seats {seats} share a level and must roll first.")
rule("munchkin.turn.draw-new-hand-first", source=S0, section=DEATH,
     quote="Erst zu Beginn deines nächsten Zuges ziehst du wie zu Spielbeginn verdeckt 4 Türkarten und 4 Schatzkarten und darfst Rassen, Klassen und Gegenstände sofort auslegen.",
     de="Zuerst ziehst du deine neuen Handkarten: 4 Türkarten und 4 Schatzkarten, verdeckt.",
     en="First you draw your new hand: 4 door cards and 4 treasure cards, face down.",
     when_de="Nachdem du die neuen Handkarten gezogen hast.", when_en="Once you have drawn your new hand.")
rule("munchkin.loot.cards-left", source=S0, section=DEATH,
     quote="Beginnend mit dem Spieler mit der höchsten Stufe darf sich nun jeder Munchkin eine Karte des getöteten Charakters aussuchen. ... Hat deine Leiche schon vorher keine Karten mehr – Pech gehabt, dann gehen einige Spieler leer aus.",
     de="Die Leiche ist nicht leer: Such dir eine Karte aus ({cards}).",
     en="The corpse is not empty: pick a card ({cards}).",
     when_de="Wenn keine Karte mehr daliegt, die der Schiedsrichter kennt.",
     when_en="When no card the judge knows is left.")
rule("munchkin.loot.not-your-pick", source=S0, section=DEATH,
     quote="Beginnend mit dem Spieler mit der höchsten Stufe darf sich nun jeder Munchkin eine Karte ... aussuchen.",
     de="Jetzt sucht sich Platz {seat} eine Karte aus.", en="Seat {seat} picks a card now.")
rule("munchkin.roll.not-asked", source=S0, section=DEATH,
     quote="Haben mehrere Spieler die gleiche Stufe, würfeln sie.",
     de="Gerade verlangt keine Regel einen Wurf von dir.", en="No rule asks you for a roll right now.")
rule("munchkin.roll.already", source=S0, section=DEATH,
     quote="Haben mehrere Spieler die gleiche Stufe, würfeln sie.",
     de="Du hast schon gewürfelt.", en="You have already rolled.")
