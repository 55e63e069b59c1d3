"""The terms of a strength breakdown and of a forecast (000 KAMPF, Um Hilfe
bitten, Weitere Aktionen im Kampf, Gewonnen!, Verloren!). These rules reject
nothing: each term of a breakdown names the rule it rests on."""

from __future__ import annotations

from judge.rules.ruling import SEED_000 as S0
from judge.rules.ruling import rule

# These rules forbid nothing: they are always "legal"; the when-text says when the term counts.
TERM = {"when_de": "Dieser Posten zählt, solange seine Karte oder Stufe im Spiel ist.",
        "when_en": "This term counts while its card or level is in play."}
FORECAST = {"when_de": "Gilt für den Kampf, wie er gerade steht; jede gespielte Karte kann es ändern.",
            "when_en": "Holds for the combat as it stands; any card played may change it."}

_STRENGTH = ("Die Kampfstärke errechnet sich aus deiner eigenen Stufe plus sämtlichen Modifizierern – sowohl "
             "positiven als auch negativen –, die du durch Gegenstände oder andere Karten erhältst.")

rule("munchkin.strength.level", source=S0, section="KAMPF", quote=_STRENGTH,
     de="Die Stufe zählt zur Kampfstärke.", en="The level counts towards combat strength.",
     **TERM)
rule("munchkin.strength.item", source=S0, section="KAMPF", quote=_STRENGTH,
     de="Ein genutzter Gegenstand zählt mit seinem Bonus zur Kampfstärke.",
     en="An item in use adds its bonus to combat strength.",
     **TERM)
rule("munchkin.strength.card", source=S0, section="KAMPF", quote=_STRENGTH,
     de="Eine Karte vor dem Spieler (etwa ein dauerhafter Fluch) verändert die Kampfstärke.",
     en="A card in front of the player (a lasting curse, say) changes combat strength.",
     **TERM)
rule("munchkin.strength.one-shot", source=S0, section="Weitere Aktionen im Kampf",
     quote="kannst du sowohl dir selbst als auch einem anderen Spieler oder gar „aus Verschen“ einem Monster helfen",
     de="Eine in diesem Kampf gespielte Karte gibt ihren Bonus.",
     en="A card played in this combat gives its bonus.",
     **TERM)
rule("munchkin.strength.ability", source=S0, section="Rassen / Klassen",
     quote="Jede Rasse/Klasse hat besondere Fähigkeiten, die auf den Karten stehen.",
     de="Eine Fähigkeit einer Rasse oder Klasse (etwa Berserker, Hinterhältiger Angriff) verändert die Kampfstärke "
        "in diesem Kampf.",
     en="A race's or class's ability (berserk, backstab ...) changes combat strength in this combat.",
     **TERM)
rule("munchkin.strength.help", source=S0, section="Um Hilfe bitten",
     quote="Hilft dir jemand, addierst du dessen Kampfstärke zu deinen Werten hinzu.",
     de="Die Kampfstärke des Helfers zählt zu der des Kämpfers.",
     en="The helper's combat strength is added to the fighter's.",
     **TERM)
rule("munchkin.strength.monster-level", source=S0, section="KAMPF",
     quote="In einem Kampf vergleichst du einfach deine aktuelle Kampfstärke mit der des Monsters.",
     de="Die aufgedruckte Stufe des Monsters.", en="The monster's printed level.",
     **TERM)
rule("munchkin.strength.monster-bonus", source=S0, section="Um Hilfe bitten",
     quote="Die besonderen Stärken oder Schwächen eines Monsters treffen auch deinen Helfer und umgekehrt.",
     de="Der Bonus des Monsters gegen eine Rasse, Klasse oder ein Geschlecht der Kämpfenden (einmal, auch wenn "
        "beide betroffen sind).",
     en="The monster's bonus against a race, class or sex of those fighting it (once, even if both qualify).",
     **TERM)
rule("munchkin.strength.enhancer", source=S0, section="Weitere Aktionen im Kampf",
     quote="Alle derartigen Boni und Malib addieren sich auf und gelten auch für einen eventuellen Kumpel.",
     de="Eine Karte, die das Monster verändert (Monsterverstärker, Trank), zählt zu seiner Kampfstärke; beim "
        "Kumpel auch die des kopierten Monsters.",
     en="A card that changes the monster (an enhancer, a potion) counts towards its strength; for a Kumpel, "
        "those on the monster it copies too.",
     **TERM)
rule("munchkin.forecast.winner", source=S0, section="KAMPF",
     quote="Ist deine Kampfstärke höher als die Stufe des Monsters, gewinnst du den Kampf",
     de="Wer den Kampf gewinnt, wenn er jetzt entschieden würde.",
     en="Who wins the combat if it were decided now.",
     **FORECAST)
rule("munchkin.forecast.pursuit", source=S0, section="Weitere Aktionen im Kampf",
     quote="Plutoniumdrachen steht (verfolgt niemanden der Stufe 5 oder weniger)",
     de="Ein Monster, das niemanden bis zu einer Stufe verfolgt, lässt einen Läufer dieser Stufe ohne Wurf entkommen.",
     en="A monster that pursues nobody up to a level lets a runner of that level escape without a roll.",
     **FORECAST)
rule("munchkin.forecast.run-die", source=S0, section="Verloren!",
     quote="Du brauchst mindestens eine 5, um fliehen zu können. Manche Rassencards oder Gegenstände sowie einige "
           "Monster geben einen Bonus oder Malus auf Weglaufen.",
     de="Der Würfel plus alle Boni und Mali aufs Weglaufen muss mindestens das Ziel erreichen.",
     en="The die plus every bonus and malus on running away must reach the target.",
     **FORECAST)
rule("munchkin.forecast.treasures", source=S0, section="Gewonnen!",
     quote="Ziehe so viele Schatzkarten, wie auf der Monstercard angegeben (zuzüglich eventueller Extraschätz durch "
           "Karten, die die Kampfstärke des Monsters verändert haben)",
     de="Ein Sieg bringt die aufgedruckten Schätze plus die Extraschätze der gespielten Karten.",
     en="A win draws the printed treasures plus the extra treasures of the cards played.",
     **FORECAST)
