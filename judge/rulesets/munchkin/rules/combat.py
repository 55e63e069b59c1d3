"""Combat, help and bribes (000 KAMPF ... Verloren!, Um Hilfe bitten)."""

from __future__ import annotations

from judge.rules.ruling import SEED_000 as S0
from judge.rules.ruling import SEED_001 as S1
from judge.rules.ruling import rule

# ------------------------------------------------------------------ combat
rule("munchkin.combat.no-combat", source=S0, section="KAMPF",
     quote="In einem Kampf vergleichst du einfach deine aktuelle Kampfstärke mit der des Monsters.",
     de="Gerade findet kein Kampf statt.", en="There is no combat going on.",
     when_de="Nur während eines Kampfes.", when_en="Only during a combat.")
rule("munchkin.combat.in-progress", source=S0, section="Phase 1: Tür eintreten",
     quote="Kläre den Kampf zunächst vollständig",
     de="Das geht nicht, solange ein Kampf läuft.", en="Not while a combat is going on.",
     when_de="Nach dem Kampf.", when_en="After the combat.")
rule("munchkin.combat.not-the-fighter", source=S0, section="KAMPF",
     quote="Ist deine Kampfstärke höher als die Stufe des Monsters, gewinnst du den Kampf",
     de="Das darf nur der kämpfende Spieler (Platz {fighter}).",
     en="Only the fighting player (seat {fighter}) may do that.")
rule("munchkin.combat.claim-fighters-only", source=S0, section="Weitere Aktionen im Kampf",
     quote="Immer wenn ein Spieler glaubt, ein Monster getötet zu haben, muss er noch einen vernünftigen Zeitraum warten",
     de="Den Sieg beanspruchen kann nur, wer gegen das Monster kämpft: der Kämpfer (Platz {fighter}) oder sein Helfer.",
     en="Only those fighting the monster may claim the win: the fighter (seat {fighter}) or the helper.",
     when_de="Wenn du in diesem Kampf kämpfst oder hilfst.", when_en="When you fight or help in this combat.")
rule("munchkin.combat.ties-lose", source=S0, section="KAMPF",
     quote="Ist deine Stufe niedriger oder gleich hoch, verlierst du und musst Weglaufen",
     de="Du gewinnst nicht: {players} gegen {monsters}, und bei Gleichstand gewinnt das Monster (außer mit einem Krieger).",
     en="You are not winning: {players} against {monsters}, and ties go to the monster (unless a warrior fights).",
     when_de="Wenn deine Seite stärker ist als das Monster.", when_en="When your side is stronger than the monster.")
rule("munchkin.combat.already-claimed", source=S0, section="Weitere Aktionen im Kampf",
     quote="Immer wenn ein Spieler glaubt, ein Monster getötet zu haben, muss er noch einen vernünftigen Zeitraum warten",
     de="Du hast den Sieg schon beansprucht; jetzt läuft die Wartezeit.",
     en="You have already claimed the win; the interference window is running.")
rule("munchkin.combat.not-claimed", source=S0, section="Weitere Aktionen im Kampf",
     quote="Immer wenn ein Spieler glaubt, ein Monster getötet zu haben, muss er noch einen vernünftigen Zeitraum warten",
     de="Niemand hat den Sieg beansprucht; der Kampf wird erst nach einem beanspruchten Sieg und der Wartezeit entschieden.",
     en="Nobody has claimed the win; a combat is resolved only after a claimed win and the waiting period.",
     when_de="Nachdem der Kämpfer den Sieg beansprucht hat und die Wartezeit verstrichen ist.",
     when_en="After the fighter claims the win and the interference window has passed.")
rule("munchkin.combat.window-open", source=S0, section="Weitere Aktionen im Kampf",
     quote="... muss er noch einen vernünftigen Zeitraum warten – im Allgemeinen so um die 2,6 Sekunden –, damit jeder die Möglichkeit zu weiteren Aktionen hat",
     de="Die Wartezeit läuft noch {remaining_ms} ms; erst danach ist der Kampf entschieden.",
     en="The interference window is still open for {remaining_ms} ms; only then is the combat decided.",
     when_de="Nachdem die Wartezeit verstrichen ist.", when_en="After the interference window closes.")
rule("munchkin.combat.winning-cannot-flee", source=S0, section="Verloren!",
     quote="Das Monster ist eine oder mehrere Nummer(n) zu groß für dich. ... Jetzt bleibt nur noch eins: Weglaufen!",
     de="Du bist stärker als das Monster ({players} gegen {monsters}); weglaufen muss nur, wer verliert.",
     en="You are stronger than the monster ({players} against {monsters}); only a loser runs away.",
     when_de="Wenn das Monster mindestens so stark ist wie deine Seite.",
     when_en="When the monster is at least as strong as your side.")
rule("munchkin.combat.running", source=S0, section="Verloren!",
     quote="Jetzt bleibt nur noch eins: Weglaufen!",
     de="Der Kampf ist verloren; jetzt wird weggelaufen.",
     en="The combat is lost; now it is time to run away.")
rule("munchkin.combat.not-running", source=S0, section="Verloren!",
     quote="Würfle: Du brauchst mindestens eine 5, um fliehen zu können.",
     de="Weglaufen kommt erst, wenn der Kampf verloren ist.",
     en="Running away comes only once the combat is lost.",
     when_de="Nachdem du aufgegeben hast.", when_en="After you give up the fight.")
rule("munchkin.combat.monster-index", source=S0, section="Weitere Aktionen im Kampf",
     quote="muss sich der Spieler, der die Karte gespielt hat, entscheiden, für welches Monster sie gilt",
     de="Im Kampf gibt es kein solches Monster (Index {index}).",
     en="There is no such monster in the combat (index {index}).")
rule("munchkin.combat.choose-monster", source=S0, section="Weitere Aktionen im Kampf",
     quote="Sollten jedoch schon 2 oder mehr unterschiedliche Monster im Spiel sein ..., muss sich der Spieler, der die Karte gespielt hat, entscheiden, für welches Monster sie gilt.",
     de="Es kämpfen mehrere Monster; sag, für welches die Karte gilt.",
     en="Several monsters are in the fight; say which one the card is for.")
rule("munchkin.combat.choose-side", source=S0, section="Weitere Aktionen im Kampf",
     quote="kannst du sowohl dir selbst als auch einem anderen Spieler oder gar „aus Verschen“ einem Monster helfen",
     de="Sag, welcher Seite der Gegenstand hilft: den Spielern oder dem Monster.",
     en="Say which side the item helps: the players or the monster.")
rule("munchkin.run.not-a-runner", source=S0, section="Verloren!",
     quote="Fliehst du vor mehr als 1 Monster, würfels du für jedes einzeln, wobei du die Reihenfolge bestimmst, in der gewürfelt wird. Du bestimmst auch die Reihenfolge, in der du die Schlimmen Dinge von jedem Monster abbekommst.",
     de="Nur wer wegläuft (Platz {seats}), würfelt und bestimmt die Reihenfolge der Würfe und der Schlimmen Dinge.",
     en="Only those running away (seat {seats}) roll and decide the order of the rolls and of the bad stuff.",
     when_de="Nie: du läufst in diesem Kampf nicht weg.", when_en="Never: you are not running in this combat.")
rule("munchkin.run.not-pursued", source=S1, section="3. Kampf",
     quote="Seid ihr zusammen immer noch nicht stärker als das Monster, müsst ihr beide getrennt voneinander weglaufen. Beide weiter bei 4 (oder bei 6 für den, den das Monster nicht verfolgt).",
     de="{card} verfolgt dich nicht: du entkommst ihm ohne Wurf.",
     en="{card} does not pursue you: you escape it without a roll.",
     when_de="Nie: vor diesem Monster musst du nicht weglaufen.", when_en="Never: you need not run from this monster.")
rule("munchkin.run.already-rolled", source=S0, section="Verloren!",
     quote="Fliehst du vor mehr als 1 Monster, würfels du für jedes einzeln",
     de="Gegen dieses Monster hast du schon gewürfelt.",
     en="You have already rolled against this monster.")
rule("munchkin.run.not-caught", source=S0, section="Verloren!",
     quote="Scheitert das Weglaufen, so tut das Monster dir Schlimme Dinge an",
     de="Dieses Monster hat dich nicht erwischt.",
     en="That monster has not caught you.")
rule("munchkin.run.no-bad-stuff-choice", source=S0, section="Verloren!",
     quote="Das kann bedeuten, dass du einen Gegenstand verlierst",
     de="Wähle, welchen Gegenstand du verlierst (möglich: {options}).",
     en="Choose which item you lose (options: {options}).")

# ------------------------------------------------------------------ help and bribes
HELP = "Um Hilfe bitten"
rule("munchkin.help.only-one", source=S0, section=HELP,
     quote="Nur 1 Spieler darf dir helfen.",
     de="Dir hilft schon Platz {helper}; nur ein Spieler darf helfen.",
     en="Seat {helper} is already helping you; only one player may help.")
rule("munchkin.help.request-open", source=S0, section=HELP,
     quote="Lehnt er ab, kannst du einen weiteren Spieler fragen usw.",
     de="Platz {seat} muss erst auf deine Bitte um Hilfe antworten.",
     en="Seat {seat} must first answer your request for help.",
     when_de="Nachdem der Gefragte angenommen oder abgelehnt hat.",
     when_en="After the seat asked has accepted or declined.")
rule("munchkin.help.not-yourself", source=S0, section=HELP,
     quote="darfst du irgendeinen anderen Spieler um Hilfe bitten",
     de="Um Hilfe bitten kannst du nur einen anderen Spieler.", en="You can only ask another player for help.")
rule("munchkin.help.not-asked", source=S0, section=HELP,
     quote="Lehnt er ab, kannst du einen weiteren Spieler fragen usw.",
     de="Dich hat niemand um Hilfe gebeten.", en="Nobody has asked you for help.",
     when_de="Wenn dich der kämpfende Spieler um Hilfe bittet.", when_en="When the fighting player asks you.")
rule("munchkin.help.bribe-not-carried", source=S0, section=HELP,
     quote="Du darfst ihnen einen beliebigen Gegenstand (oder mehrere) von denen anbieten, die du gerade bei dir trägst",
     de="Als Bestechung taugen nur Gegenstände, die du trägst ({card} nicht).",
     en="Only items you carry can be a bribe ({card} is not one).")
rule("munchkin.help.bribe-treasures", source=S0, section=HELP,
     quote="oder eine beliebige Anzahl von Schatzkarten des Monsters, das du bekämpfen musst",
     de="Das Monster bringt nur {total} Schätze; {offered} kannst du nicht versprechen.",
     en="The monster gives only {total} treasures; you cannot promise {offered}.")
rule("munchkin.combat.treasures", source=S0, section="Gewonnen!",
     quote="Ziehe sie verdeckt, wenn du das Monster allein besiegt hast, oder offen, wenn du Hilfe hastest.",
     de="Der Kampf ist gewonnen; jetzt werden die Schätze gezogen und verteilt.",
     en="The combat is won; the treasures are being drawn and shared now.")
rule("munchkin.treasure.not-now", source=S0, section="Gewonnen!",
     quote="Ziehe sie verdeckt, wenn du das Monster allein besiegt hast, oder offen, wenn du Hilfe hastest.",
     de="Gerade werden keine Schätze offen gezogen oder verteilt.",
     en="No treasures are being drawn face up or shared right now.",
     when_de="Nach einem Sieg mit Helfer.", when_en="After a combat won with a helper.")
rule("munchkin.treasure.not-your-pick", source=S0, section=HELP,
     quote="müsst ihr noch ausmachen, wer im Falle eines Sieges zuerst ziehen darf, du oder er",
     de="Nach eurer Abmachung nimmt jetzt Platz {seat} einen Schatz.",
     en="By your agreement, seat {seat} takes a treasure now.")
