"""Every rule the Munchkin ruleset enforces: id, citation, explanation.

Ids are stable and namespaced (``munchkin.<area>.<rule>``); tests assert ids,
never texts. Each rule quotes the short German text it rests on.
"""

from __future__ import annotations

from judge.rules.ruling import SEED_000 as S0
from judge.rules.ruling import SEED_001 as S1
from judge.rules.ruling import rule

OWN_TURN_DE, OWN_TURN_EN = "In deinem eigenen Zug.", "In your own turn."
NEVER_TEN_DE = "Nie: Stufe 10 erreicht man nur durch das Töten eines Monsters."
NEVER_TEN_EN = "Never: only a kill reaches level 10."

# ------------------------------------------------------------------ turn order and phases
rule("munchkin.turn.not-your-turn", source=S0, section="SPIELABLAUF",
     quote="Beginnend mit dem Startspieler kommend der Spieler im Uhrzeigersinn nacheinander an die Reihe",
     de="Das darf nur der Spieler tun, der am Zug ist (Sitz {active}).",
     en="Only the player whose turn it is (seat {active}) may do that.",
     when_de="Wenn du am Zug bist.", when_en="When it is your turn.")
rule("munchkin.turn.door-already-kicked", source=S0, section="Phase 1: Tür eintreten",
     quote="Du trittst eine Tür ein, indem du die oberste Karte vom Türstapel für alle sichtbar aufdeckst.",
     de="Du hast in diesem Zug schon eine Tür eingetreten.",
     en="You have already kicked open the door this turn.",
     when_de="Zu Beginn deines nächsten Zuges.", when_en="At the start of your next turn.")
rule("munchkin.turn.kick-door-first", source=S0, section="SPIELABLAUF",
     quote="Wenn deine Karten so angeordnet sind, wie du es willst, gebe in Phase 1 über.",
     de="Zuerst musst du die Tür eintreten (Phase 1).",
     en="You must kick open the door first (phase 1).",
     when_de="Nachdem du die Tür eingetreten hast.", when_en="After you have kicked open the door.")
rule("munchkin.turn.finish-combat-first", source=S0, section="Phase 1: Tür eintreten",
     quote="Kläre den Kampf zunächst vollständig, bevor du dann ... mit Phase 4: Milde Gabe weitermachst.",
     de="Erst muss der Kampf vollständig geklärt sein.",
     en="The combat must be resolved completely first.",
     when_de="Nach dem Kampf.", when_en="After the combat.")
rule("munchkin.trouble.only-phase-2", source=S0, section="Phase 2: Auf Ärger aus sein",
     quote="Solltest du in Phase 1: Tür eintreten keinem Monster begegnet sein, kannst du nun freiwillig ein Monster von deiner Hand spielen",
     de="Ein Monster von der Hand bekämpfen darfst du nur in Phase 2, wenn du beim Türeintreten keinem Monster begegnet bist.",
     en="You may fight a monster from your hand only in phase 2, if you met no monster when kicking the door.",
     when_de="In deinem Zug nach dem Türeintreten, wenn dabei kein Monster kam.",
     when_en="In your turn after kicking the door, if no monster came out.")
rule("munchkin.loot.only-phase-3", source=S0, section="Phase 3: Raum plündern",
     quote="Da du bisher keinem Monster begegnet bist (denn sonst würdest du diese Phase überspringen), kannst du nun den leeren Raum plündern.",
     de="Den Raum plündern darfst du nur in Phase 3, wenn du in diesem Zug keinem Monster begegnet bist.",
     en="You may loot the room only in phase 3, if you met no monster this turn.",
     when_de="In deinem Zug nach dem Türeintreten, wenn du keinem Monster begegnet bist.",
     when_en="In your turn after kicking the door, if you met no monster.")
rule("munchkin.game.over", source=S0, section="SPIELENDE",
     quote="Der erste Spieler, der Stufe 10 erreicht, gewinnt das Spiel.",
     de="Das Spiel ist vorbei.", en="The game is over.",
     when_de="Nie: das Spiel ist beendet.", when_en="Never: the game has ended.")
rule("munchkin.choice.pending", source=S0, section="Flüche",
     quote="Hat das Opfer mehrere in Frage kommende Gegenstände, entscheidet es selbst, welcher betroffen ist.",
     de="Zuerst muss Sitz {seat} wählen, welche Karte betroffen ist.",
     en="Seat {seat} must first choose which card is affected.",
     when_de="Nachdem die Wahl getroffen ist.", when_en="Once the choice has been made.")
rule("munchkin.choice.none-pending", source=S0, section="Flüche",
     quote="Hat das Opfer mehrere in Frage kommende Gegenstände, entscheidet es selbst, welcher betroffen ist.",
     de="Es gibt gerade keine Wahl für dich zu treffen.",
     en="There is no choice for you to make right now.")
rule("munchkin.choice.not-an-option", source=S0, section="Flüche",
     quote="Hat das Opfer mehrere in Frage kommende Gegenstände, entscheidet es selbst, welcher betroffen ist.",
     de="Diese Karte steht nicht zur Wahl (möglich: {options}).",
     en="That card is not one of the options ({options}).")

# ------------------------------------------------------------------ hand and cards
rule("munchkin.hand.card-not-in-hand", source=S0, section="KARTENTYPEN",
     quote="Karten auf deiner Hand befinden sich nicht im Spiel",
     de="Die Karte {card} hast du nicht auf der Hand.",
     en="You do not have {card} in your hand.")
rule("munchkin.table.card-not-in-play", source=S0, section="KARTENTYPEN",
     quote="Einmal ausgelegte Karten kannst du nicht wieder auf die Hand nehmen.",
     de="Die Karte {card} liegt nicht vor dir aus.",
     en="{card} is not in play in front of you.")
rule("munchkin.discard.not-from-hand", source=S0, section="Rassen / Klassen",
     quote="Die meisten Klassenfähigkeiten (Text auf Klassenkarten) werden durch Ablegen von Karten ausgelöst.",
     de="Handkarten legt man nur über eine Fähigkeit oder bei der Milden Gabe ab, nicht einfach so.",
     en="Cards in your hand are discarded only through an ability or during charity, not at will.",
     when_de="Bei der Milden Gabe oder über eine Klassenfähigkeit.",
     when_en="During charity or through a class ability.")
rule("munchkin.card.not-playable", source=S1, section="WANN KANN MAN NUN WELCHE KARTE SPIELEN?",
     quote="Flüche, Fallen, Katastrophen und Geisteskrankheiten: Jederzeit.",
     de="Diese Karte ({card}) kann man so nicht ausspielen; ihre Wirkung hält der Tisch als Absprache fest.",
     en="This card ({card}) cannot be played like that; the table records its effect as an adjustment.")
rule("munchkin.card.must-play-at-once", source=S0, section="Sonstige Karten",
     quote="Ziehst du die Karten Schatzbort oder Göttliche Intervention, musst du sie sofort ausspielen!",
     de="{card} muss sofort ausgespielt werden.",
     en="{card} must be played at once.")
rule("munchkin.card.not-in-game", source=S0, section="SPIELMATERIAL",
     quote="Dieses Spiel beinhaltet 168 Karten, 1 Würfel und diese Anleitung.",
     de="{card} gehört zum Set „{set}“, das in diesem Spiel nicht enthalten ist.",
     en="{card} belongs to the set '{set}', which this game does not include.",
     when_de="Wenn die Gruppe die Karte beim Anlegen des Spiels als eigene Karte hinzufügt.",
     when_en="When the group adds the card as a custom card when creating the game.")

# ------------------------------------------------------------------ timing table (001)
rule("munchkin.timing.race-class", source=S1, section="WANN KANN MAN NUN WELCHE KARTE SPIELEN?",
     quote="Rassen, Klassen ...: Jederzeit während des eigenen Zuges, außerhalb des Zuges nur sofort, wenn du sie bekommst.",
     de="Rassen und Klassen spielst du nur in deinem eigenen Zug aus (oder sofort, wenn du sie bekommst).",
     en="Races and classes are played only in your own turn (or at once when you receive them).",
     when_de=OWN_TURN_DE, when_en=OWN_TURN_EN)
rule("munchkin.timing.item", source=S1, section="WANN KANN MAN NUN WELCHE KARTE SPIELEN?",
     quote="Ausrüstungsgegenstände und Gegenstandsverstärker: Jederzeit während des eigenen Zuges, außer im Kampf.",
     de="Gegenstände spielst du nur in deinem eigenen Zug und nicht im Kampf aus (oder sofort, wenn du sie bekommst).",
     en="Items are played only in your own turn and not during combat (or at once when you receive them).",
     when_de="In deinem eigenen Zug, außerhalb eines Kampfes.", when_en="In your own turn, outside combat.")
rule("munchkin.timing.one-shot", source=S1, section="WANN KANN MAN NUN WELCHE KARTE SPIELEN?",
     quote="Einmal benutzbare Gegenstände: Jederzeit während des eigenen Zuges, außerhalb des Zuges nur sofort, wenn du sie bekommst, oder während der Kampfphase eines anderen Spielers.",
     de="Einmal benutzbare Gegenstände spielst du im eigenen Zug oder während des Kampfes eines anderen Spielers.",
     en="One-shot items are played in your own turn or during another player's combat.",
     when_de="In deinem Zug oder während eines Kampfes.", when_en="In your turn or during a combat.")
rule("munchkin.timing.monster-enhancer", source=S1, section="WANN KANN MAN NUN WELCHE KARTE SPIELEN?",
     quote="Monsterverstärker: Während einer Kampfphase auf ein Monster",
     de="Monsterverstärker spielst du nur während eines Kampfes auf ein Monster.",
     en="Monster enhancers are played only during a combat, on a monster.",
     when_de="Nur während eines Kampfes.", when_en="Only during a combat.")
rule("munchkin.timing.monster", source=S1, section="WANN KANN MAN NUN WELCHE KARTE SPIELEN?",
     quote="Monster: ... mittels eines Wandernden Monsters ... oder wenn du selbst auf Ärger aus bist.",
     de="Ein Monster von der Hand kommt nur mit einem Wandernden Monster in einen Kampf oder wenn du auf Ärger aus bist.",
     en="A monster from the hand enters play only with a Wandering Monster or when you look for trouble.",
     when_de="In Phase 2 deines Zuges oder mit einem Wandernden Monster in einem Kampf.",
     when_en="In phase 2 of your turn, or with a Wandering Monster during a combat.")
rule("munchkin.timing.wandering-monster", source=S0, section="Sonstige Karten",
     quote="Karten, die zusätzliche Monster in einen Kampf schicken oder eine Monsterstufe verändern, können nur während eines Kampfes gespielt werden",
     de="Ein Wanderndes Monster spielst du nur während eines Kampfes, zusammen mit einem Monster von deiner Hand.",
     en="A Wandering Monster is played only during a combat, together with a monster from your hand.",
     when_de="Nur während eines Kampfes.", when_en="Only during a combat.")
rule("munchkin.enhancer.needs-enhancer", source=S1, section="WANN KANN MAN NUN WELCHE KARTE SPIELEN?",
     quote="Ein Monsterverstärkerverstärker darf nur gespielt werden, wenn bereits ein Monsterverstärker liegt.",
     de="{card} verstärkt einen Monsterverstärker: auf diesem Monster liegt noch keiner.",
     en="{card} enhances a monster enhancer: this monster has none yet.",
     when_de="Auf einem Monster, auf dem schon ein Monsterverstärker liegt.",
     when_en="On a monster that already has a monster enhancer.")
rule("munchkin.timing.portal", source=S1, section="WANN KANN MAN NUN WELCHE KARTE SPIELEN?",
     quote="Portalkarten: Jederzeit während eines eigenen Zuges, jedoch nicht während eines Kampfes, und nur einmal pro Zug.",
     de="Portale spielst du nur in deinem eigenen Zug, nicht im Kampf, und nur einmal pro Zug.",
     en="Portals are played only in your own turn, not in combat, and once per turn.",
     when_de="In deinem eigenen Zug, außerhalb eines Kampfes.", when_en="In your own turn, outside combat.")
rule("munchkin.timing.origin", source=S1, section="WANN KANN MAN NUN WELCHE KARTE SPIELEN?",
     quote="Herkünfte: Jederzeit, außer während eines Kampfes.",
     de="Herkünfte spielst du jederzeit, nur nicht während eines Kampfes.",
     en="Origins are played any time except during a combat.",
     when_de="Außerhalb eines Kampfes.", when_en="Outside combat.")
rule("munchkin.timing.headquarters", source=S1, section="WANN KANN MAN NUN WELCHE KARTE SPIELEN?",
     quote="Hauptquartiere: Jederzeit während des eigenen Zuges, außerhalb des Zuges nur sofort, wenn du sie bekommst.",
     de="Hauptquartiere spielst du in deinem eigenen Zug (oder sofort, wenn du sie bekommst).",
     en="Headquarters are played in your own turn (or at once when you receive them).",
     when_de=OWN_TURN_DE, when_en=OWN_TURN_EN)
rule("munchkin.timing.room", source=S1, section="WANN KANN MAN NUN WELCHE KARTE SPIELEN?",
     quote="Raum: In einer „Tür öffnen“-Phase, wenn nicht gerade eine Raumkarte aufgedeckt wurde, aber bevor irgend eine andere Karte gespielt wird.",
     de="Einen Raum spielst du nur in deiner Phase „Tür öffnen“.",
     en="A room is played only in your kick-open-the-door phase.",
     when_de="In deiner Phase „Tür öffnen“.", when_en="In your kick-open-the-door phase.")
rule("munchkin.timing.in-combat-only", source=S0, section="Weitere Aktionen im Kampf",
     quote="Im Kampf einsetzen.",
     de="Diese Karte wirkt nur im Kampf.", en="This card only works during a combat.",
     when_de="Nur während eines Kampfes.", when_en="Only during a combat.")

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
     de="Das darf nur der kämpfende Spieler (Sitz {fighter}).",
     en="Only the fighting player (seat {fighter}) may do that.")
rule("munchkin.combat.claim-fighters-only", source=S0, section="Weitere Aktionen im Kampf",
     quote="Immer wenn ein Spieler glaubt, ein Monster getötet zu haben, muss er noch einen vernünftigen Zeitraum warten",
     de="Den Sieg beanspruchen kann nur, wer gegen das Monster kämpft: der Kämpfer (Sitz {fighter}) oder sein Helfer.",
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
     quote="Ist deine Stufe niedriger oder gleich hoch, verlierst du und musst Weglaufen",
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
     quote="kannst du sowohl dir selbst als auch einem anderen Spieler oder gar „aus Versehen“ einem Monster helfen",
     de="Sag, welcher Seite der Gegenstand hilft: den Spielern oder dem Monster.",
     en="Say which side the item helps: the players or the monster.")
rule("munchkin.run.already-rolled", source=S0, section="Verloren!",
     quote="Fliehst du vor mehr als 1 Monster, würfelst du für jedes einzeln",
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

# ------------------------------------------------------------------ selling and trading
rule("munchkin.sell.own-turn-only", source=S0, section="Gegenstände verkaufen",
     quote="Lege jederzeit während deines Zuges (jedoch nicht im Kampf!) Gegenstände ... ab",
     de="Verkaufen darfst du nur in deinem eigenen Zug.",
     en="You may sell only during your own turn.",
     when_de="In deinem eigenen Zug, außerhalb eines Kampfes.", when_en="In your own turn, outside combat.")
rule("munchkin.sell.not-during-combat", source=S0, section="Gegenstände verkaufen",
     quote="Lege jederzeit während deines Zuges (jedoch nicht im Kampf!) Gegenstände mit einem Gesamtwert von mindestens 1.000 Goldstücken ab",
     de="Während eines Kampfes darf nichts verkauft werden.",
     en="Nothing may be sold during a combat.",
     when_de="In deinem eigenen Zug, außerhalb eines Kampfes.", when_en="In your own turn, outside combat.")
rule("munchkin.sell.at-least-1000", source=S0, section="Gegenstände verkaufen",
     quote="Gegenstände mit einem Gesamtwert von mindestens 1.000 Goldstücken ... Es gibt natürlich kein Wechselgeld.",
     de="Die Gegenstände sind zusammen nur {gold} Goldstücke wert; eine Stufe kostet 1.000.",
     en="The items are worth only {gold} gold pieces together; a level costs 1,000.")
rule("munchkin.sell.no-value", source=S0, section="Gegenstände verkaufen",
     quote="Gegenstände mit einem Gesamtwert von mindestens 1.000 Goldstücken",
     de="{card} hat keinen Wert in Goldstücken und kann nicht verkauft werden.",
     en="{card} has no gold value and cannot be sold.")
rule("munchkin.trade.not-during-combat", source=S1, section="WANN KANN MAN NUN WELCHE KARTE SPIELEN?",
     quote="Man darf jederzeit, außer während eines Kampfes, mit anderen Spielern handeln",
     de="Während eines Kampfes wird nicht gehandelt.",
     en="No trading during a combat.",
     when_de="Jederzeit außerhalb eines Kampfes.", when_en="Any time outside combat.")
rule("munchkin.trade.only-items-in-play", source=S1, section="WANN KANN MAN NUN WELCHE KARTE SPIELEN?",
     quote="aber nur mit Gegenstandskarten, die ausliegen und einen aufgedruckten Wert haben – niemals mit Karten aus der Hand!",
     de="Gehandelt werden nur ausliegende Gegenstände mit Wert, nie Handkarten ({card}).",
     en="Only items in play with a printed value are traded, never cards from the hand ({card}).")
rule("munchkin.trade.not-with-self", source=S0, section="Gegenstände handeln",
     quote="Du darfst Gegenstände ... mit deinen Mitspielern handeln",
     de="Handeln kann man nur mit einem anderen Spieler.", en="You can only trade with another player.")
rule("munchkin.trade.none-open", source=S0, section="Gegenstände handeln",
     quote="Du darfst Gegenstände ... mit deinen Mitspielern handeln",
     de="Es gibt kein offenes Handelsangebot für dich.", en="There is no open trade offer for you.")
rule("munchkin.trade.one-open", source=S0, section="Gegenstände handeln",
     quote="Du darfst Gegenstände ... mit deinen Mitspielern handeln",
     de="Es ist schon ein Handel offen; er muss erst angenommen oder zurückgezogen werden.",
     en="A trade is already open; it must be accepted or withdrawn first.")
rule("munchkin.trade.empty", source=S0, section="Gegenstände handeln",
     quote="Du darfst Gegenstände ... mit deinen Mitspielern handeln",
     de="Ein Handel braucht mindestens einen Gegenstand.", en="A trade needs at least one item.")
rule("munchkin.gift.not-to-yourself", source=S0, section="Gegenstände handeln",
     quote="Du darfst auch Gegenstände ohne Handel weggeben, um andere Spieler damit zu bestechen",
     de="Weggeben kannst du einen Gegenstand nur an einen anderen Spieler.",
     en="You can give an item only to another player.",
     when_de="Nie: nur an andere Spieler.", when_en="Never: only to other players.")
rule("munchkin.gift.only-carried-items", source=S0, section="Gegenstände handeln",
     quote="Du darfst Gegenstände ... handeln (= tauschen), jedoch nur solche, die du bereits trägst, also nicht von deiner Hand. ... Du darfst auch Gegenstände ohne Handel weggeben",
     de="Weggeben kannst du nur Gegenstände, die vor dir ausliegen, nicht solche von der Hand ({card}).",
     en="You can give away only items in play in front of you, not from your hand ({card}).",
     when_de="Nachdem du den Gegenstand ausgelegt hast.", when_en="After putting the item in play.")

# ------------------------------------------------------------------ curses
rule("munchkin.curse.lasting-stays", source=S0, section="Flüche",
     quote="werden nicht sofort abgelegt, sondern bleiben als Gedächtnisstütze liegen, bis ihre Wirkung endet.",
     de="Ein andauernder Fluch bleibt liegen, bis seine Wirkung endet.",
     en="A lasting curse stays in front of you until its effect ends.")
DOOR = "1. Tür öffnen"
rule("munchkin.curse.answer-pending", source=S1, section=DOOR,
     quote="Die Wirkung der Karte tritt sofort ein, es sei denn, du hast ein Gegenmittel oder bist immun.",
     de="Erst antwortet Sitz {seat} auf den Fluch von der Tür: mit einem Gegenmittel oder indem er ihn hinnimmt.",
     en="Seat {seat} first answers the curse from the door: with a counter, or by taking it.",
     when_de="Nachdem das Opfer geantwortet hat; Stufen- und Fluchkarten gehen jederzeit.",
     when_en="Once the victim has answered; level-up cards and curses may be played at any time.")
rule("munchkin.curse.none-pending", source=S1, section=DOOR,
     quote="Die Wirkung der Karte tritt sofort ein, es sei denn, du hast ein Gegenmittel oder bist immun.",
     de="Es wartet kein Fluch von der Tür auf deine Antwort.",
     en="No curse from the door is waiting for your answer.",
     when_de="Wenn du beim Türeintreten einen Fluch aufgedeckt hast.",
     when_en="When you have turned up a curse kicking open the door.")
rule("munchkin.curse.not-a-counter", source=S1, section=DOOR,
     quote="es sei denn, du hast ein Gegenmittel oder bist immun.",
     de="{card} ist kein Gegenmittel gegen einen Fluch.",
     en="{card} does not cancel a curse.",
     when_de="Mit einer Karte, die einen Fluch aufhebt.", when_en="With a card that cancels a curse.")

# ------------------------------------------------------------------ charity
rule("munchkin.charity.give-to-lowest", source=S0, section="Phase 4: Milde Gabe",
     quote="gib so viele Karten an den Spieler mit der niedrigsten Stufe, bis du noch genau 5 Karten hast.",
     de="Überzählige Karten gehen an den/die Spieler mit der niedrigsten Stufe ({lowest}).",
     en="Excess cards go to the lowest-level player(s) ({lowest}).")
rule("munchkin.charity.exact-excess", source=S0, section="Phase 4: Milde Gabe",
     quote="Wenn du jetzt mehr als 5 Karten auf deiner Hand hast, gib so viele Karten ..., bis du noch genau 5 Karten hast. (Zwerge dürfen 6 Karten behalten.)",
     de="Du hast {hand} Karten und darfst {limit} behalten: genau {excess} musst du abgeben.",
     en="You hold {hand} cards and may keep {limit}: you must give away exactly {excess}.")
rule("munchkin.charity.split-evenly", source=S0, section="Phase 4: Milde Gabe",
     quote="Gibt es mehr als einen Spieler mit der niedrigsten Stufe, teile die Karten so gleichmäßig wie möglich unter ihnen auf.",
     de="Teile die Karten so gleichmäßig wie möglich unter den niedrigsten Spielern auf.",
     en="Split the cards as evenly as possible among the lowest-level players.")
rule("munchkin.charity.discard-when-lowest", source=S0, section="Phase 4: Milde Gabe",
     quote="Solltest du selbst die niedrigste Stufe haben oder einer von mehreren Spielern mit der niedrigsten Stufe sein, lege die überzähligen Karten ab.",
     de="Du hast selbst die niedrigste Stufe: lege die überzähligen Karten ab, statt sie zu verschenken.",
     en="You are (one of) the lowest level: discard the excess cards instead of giving them away.")

# ------------------------------------------------------------------ help and bribes
HELP = "Um Hilfe bitten"
rule("munchkin.help.only-one", source=S0, section=HELP,
     quote="Nur 1 Spieler darf dir helfen.",
     de="Dir hilft schon Sitz {helper}; nur ein Spieler darf helfen.",
     en="Seat {helper} is already helping you; only one player may help.")
rule("munchkin.help.request-open", source=S0, section=HELP,
     quote="Lehnt er ab, kannst du einen weiteren Spieler fragen usw.",
     de="Sitz {seat} muss erst auf deine Bitte um Hilfe antworten.",
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
     quote="Ziehe sie verdeckt, wenn du das Monster allein besiegt hast, oder offen, wenn du Hilfe hattest.",
     de="Der Kampf ist gewonnen; jetzt werden die Schätze gezogen und verteilt.",
     en="The combat is won; the treasures are being drawn and shared now.")
rule("munchkin.treasure.not-now", source=S0, section="Gewonnen!",
     quote="Ziehe sie verdeckt, wenn du das Monster allein besiegt hast, oder offen, wenn du Hilfe hattest.",
     de="Gerade werden keine Schätze offen gezogen oder verteilt.",
     en="No treasures are being drawn face up or shared right now.",
     when_de="Nach einem Sieg mit Helfer.", when_en="After a combat won with a helper.")
rule("munchkin.treasure.not-your-pick", source=S0, section=HELP,
     quote="müsst ihr noch ausmachen, wer im Falle eines Sieges zuerst ziehen darf, du oder er",
     de="Nach eurer Abmachung nimmt jetzt Sitz {seat} einen Schatz.",
     en="By your agreement, seat {seat} takes a treasure now.")

# ------------------------------------------------------------------ death and looting
DEATH = "Tod"
rule("munchkin.loot.in-progress", source=S0, section=DEATH,
     quote="Beginnend mit dem Spieler mit der höchsten Stufe darf sich nun jeder Munchkin eine Karte des getöteten Charakters aussuchen.",
     de="Erst wird die Leiche von Sitz {seat} geplündert.",
     en="First the corpse of seat {seat} is looted.",
     when_de="Nachdem die Leiche geplündert ist.", when_en="Once the corpse has been looted.")
rule("munchkin.loot.no-corpse", source=S0, section=DEATH,
     quote="Leiche plündern",
     de="Es gibt gerade keine Leiche zu plündern.", en="There is no corpse to loot right now.",
     when_de="Wenn ein Charakter gestorben ist.", when_en="When a character has died.")
rule("munchkin.loot.roll-first", source=S0, section=DEATH,
     quote="Haben mehrere Spieler die gleiche Stufe, würfeln sie.",
     de="Die Sitze {seats} haben die gleiche Stufe und müssen erst würfeln.",
     en="Seats {seats} share a level and must roll first.")
rule("munchkin.loot.not-your-pick", source=S0, section=DEATH,
     quote="Beginnend mit dem Spieler mit der höchsten Stufe darf sich nun jeder Munchkin eine Karte ... aussuchen.",
     de="Jetzt sucht sich Sitz {seat} eine Karte aus.", en="Seat {seat} picks a card now.")
rule("munchkin.roll.not-asked", source=S0, section=DEATH,
     quote="Haben mehrere Spieler die gleiche Stufe, würfeln sie.",
     de="Gerade verlangt keine Regel einen Wurf von dir.", en="No rule asks you for a roll right now.")
rule("munchkin.roll.already", source=S0, section=DEATH,
     quote="Haben mehrere Spieler die gleiche Stufe, würfeln sie.",
     de="Du hast schon gewürfelt.", en="You have already rolled.")

# ------------------------------------------------------------------ abilities
RC = "Rassen / Klassen"
rule("munchkin.ability.not-yours", source=S0, section=RC,
     quote="Jede Rasse/Klasse hat besondere Fähigkeiten, die auf den Karten stehen. Du erhältst diese Fähigkeiten in dem Augenblick, in dem du die Karte vor dir auslegst",
     de="Die Fähigkeit {ability} hast du nicht: keine deiner Rassen oder Klassen gibt sie dir.",
     en="You do not have the {ability} ability: none of your races or classes grants it.",
     when_de="Wenn du die passende Rasse oder Klasse hast.", when_en="When you have the matching race or class.")
rule("munchkin.ability.discard-count", source=S0, section=RC,
     quote="Die meisten Klassenfähigkeiten (Text auf Klassenkarten) werden durch Ablegen von Karten ausgelöst.",
     de="Für {ability} legst du {want} Karte(n) ab, nicht {got}.",
     en="{ability} takes {want} discarded card(s), not {got}.")
rule("munchkin.ability.not-the-class-card", source=S0, section=RC,
     quote="Ebenso wenig darfst du die Klassenkarte selbst ablegen.",
     de="Die Klassenkarte selbst ({card}) darfst du dafür nicht ablegen.",
     en="You may not discard the class card itself ({card}) for it.")
rule("munchkin.ability.empty-hand", source=S0, section=RC,
     quote="Aber: Du kannst nicht deine ganze Hand ablegen, wenn du keine Karte auf der Hand hast.",
     de="So viele Karten hast du nicht auf der Hand.", en="You do not hold that many cards.")
rule("munchkin.ability.used-up", source=S0, section=RC,
     quote="Jede Rasse/Klasse hat besondere Fähigkeiten, die auf den Karten stehen.",
     de="{ability} hast du in diesem Kampf schon so oft genutzt, wie die Karte erlaubt.",
     en="You have used {ability} as often in this combat as the card allows.")
rule("munchkin.ability.fighters-only", source=S0, section=RC,
     quote="Jede Rasse/Klasse hat besondere Fähigkeiten, die auf den Karten stehen.",
     de="{ability} nutzt nur, wer selbst kämpft (Kämpfer oder Helfer).",
     en="Only someone in the fight (fighter or helper) can use {ability}.")
rule("munchkin.ability.needs-undead", source=S0, section=RC,
     quote="Jede Rasse/Klasse hat besondere Fähigkeiten, die auf den Karten stehen.",
     de="Bannen wirkt nur gegen Untote, und hier kämpft keins.",
     en="Turning works only against undead, and none is in this fight.")
rule("munchkin.ability.whole-hand", source=S0, section=RC,
     quote="Aber: Du kannst nicht deine ganze Hand ablegen, wenn du keine Karte auf der Hand hast.",
     de="Für den Bezauberungszauber legst du deine ganze Hand ab ({hand} Karten, mindestens 3).",
     en="The charm spell takes your whole hand ({hand} cards, at least 3).")
rule("munchkin.ability.backstab-target", source=S0, section="Weitere Aktionen im Kampf",
     quote="Falle einem Spieler in den Rücken, wenn du ein Dieb bist (siehe Text auf der Diebes-Karte).",
     de="In den Rücken fällst du nur einem Spieler, der gerade kämpft.",
     en="You can only backstab a player who is in the fight.")
rule("munchkin.ability.no-stealing-in-combat", source=S0, section="Weitere Aktionen im Kampf",
     quote="Es ist allerdings nicht erlaubt, während eines Kampfes Gegenstände zu stehlen (Dieb)",
     de="Während eines Kampfes wird nicht gestohlen.", en="No stealing during a combat.",
     when_de="Außerhalb eines Kampfes.", when_en="Outside combat.")
rule("munchkin.ability.steal-small-only", source=S0, section=RC,
     quote="Jede Rasse/Klasse hat besondere Fähigkeiten, die auf den Karten stehen.",
     de="Stehlen kannst du nur kleine Gegenstände ({card} ist groß).",
     en="You can only steal small items ({card} is big).")
rule("munchkin.ability.once-per-turn", source=S0, section=RC,
     quote="Jede Rasse/Klasse hat besondere Fähigkeiten, die auf den Karten stehen.",
     de="{ability} geht nur einmal pro Zug.", en="{ability} works only once per turn.",
     when_de="In deinem nächsten Zug.", when_en="In your next turn.")

# ------------------------------------------------------------------ the golden rule
GOLD = "SPIELVORBEREITUNGEN"
rule("munchkin.adjustment.one-open", source=S0, section=GOLD,
     quote="Goldene Regel: Immer, wenn die Karten den Regeln widersprechen, haben die Karten Vorrang!",
     de="Es ist schon eine Absprache offen; erst muss der Tisch darüber entscheiden.",
     en="An adjustment is already open; the table must decide on it first.")
rule("munchkin.adjustment.none-open", source=S0, section=GOLD,
     quote="Goldene Regel: Immer, wenn die Karten den Regeln widersprechen, haben die Karten Vorrang!",
     de="Es ist keine Absprache offen.", en="No adjustment is open.")
rule("munchkin.adjustment.already-answered", source=S0, section=GOLD,
     quote="Jede andere Streitigkeit sollte dadurch geregelt werden, dass ihr euch gegenseitig laut anschreit",
     de="Du hast dieser Absprache schon zugestimmt.", en="You have already agreed to this adjustment.")

# ------------------------------------------------------------------ the dealt table
rule("munchkin.deck.empty", source=S0, section="SPIELVORBEREITUNGEN",
     quote="Ist ein Stapel leer, und es gibt keine abgelegten Karten, dann kann niemand diese Art von Karten ziehen.",
     de="Der {deck}-Stapel und seine Ablage sind leer: niemand kann diese Art von Karten ziehen.",
     en="The {deck} deck and its discards are empty: nobody can draw that kind of card.")
rule("munchkin.deal.reported-table", source=S0, section="SPIELVORBEREITUNGEN",
     quote="danach erhält jeder Spieler als Anfangskarten 4 Türkarten und 4 Schatzkarten",
     de="An einem Tisch mit echten Karten teilt ihr selbst aus.",
     en="At a table with physical cards you deal yourselves.")
rule("munchkin.deal.done", source=S0, section="SPIELVORBEREITUNGEN",
     quote="danach erhält jeder Spieler als Anfangskarten 4 Türkarten und 4 Schatzkarten",
     de="Die Anfangskarten sind schon ausgeteilt.", en="The opening hands have already been dealt.")

# ------------------------------------------------------------------ when would it be legal?
# The forecast an Ask gives for each rule above that does not state it inline:
# (German, English). "Never" where no later situation in this game makes it legal.
_WHEN: dict[str, tuple[str, str]] = {
    "munchkin.ability.backstab-target": ("Wenn der Spieler im Kampf ist.", "When that player is in a combat."),
    "munchkin.ability.discard-count": ("Mit der richtigen Zahl abgelegter Karten.",
                                       "With the right number of discarded cards."),
    "munchkin.ability.empty-hand": ("Wenn du genug Karten auf der Hand hast.", "When you hold enough cards."),
    "munchkin.ability.fighters-only": ("Wenn du selbst kämpfst oder hilfst.", "When you fight or help yourself."),
    "munchkin.ability.needs-undead": ("In einem Kampf gegen Untote.", "In a combat against undead."),
    "munchkin.ability.not-the-class-card": ("Nie mit der Klassenkarte selbst; mit anderen Karten schon.",
                                            "Never with the class card itself; with other cards, yes."),
    "munchkin.ability.steal-small-only": ("Nie für große Gegenstände.", "Never for big items."),
    "munchkin.ability.used-up": ("Im nächsten Kampf.", "In the next combat."),
    "munchkin.ability.whole-hand": ("Wenn du deine ganze Hand (mindestens 3 Karten) ablegst.",
                                    "When you discard your whole hand (at least 3 cards)."),
    "munchkin.adjustment.already-answered": ("Nie: deine Zustimmung zählt schon.", "Never: your agreement counts already."),
    "munchkin.adjustment.none-open": ("Wenn jemand eine Absprache vorschlägt.", "When someone proposes an adjustment."),
    "munchkin.adjustment.one-open": ("Nachdem der Tisch über die offene Absprache entschieden hat.",
                                     "After the table has decided on the open adjustment."),
    "munchkin.card.must-play-at-once": ("Nachdem du die Karte ausgespielt hast.", "After you have played that card."),
    "munchkin.card.not-playable": ("Als Absprache des Tisches (Goldene Regel).", "As a table adjustment (golden rule)."),
    "munchkin.charity.discard-when-lowest": ("Nie, solange du die niedrigste Stufe hast.",
                                             "Never while you are (one of) the lowest level."),
    "munchkin.charity.exact-excess": ("Mit genau so vielen Karten, dass dir 5 (Zwerg: 6) bleiben.",
                                      "With exactly as many cards as leave you 5 (dwarf: 6)."),
    "munchkin.charity.give-to-lowest": ("Wenn die Karten an die niedrigsten Spieler gehen.",
                                        "When the cards go to the lowest-level players."),
    "munchkin.charity.split-evenly": ("Wenn die Anzahlen sich um höchstens 1 unterscheiden.",
                                      "When the shares differ by at most one card."),
    "munchkin.choice.none-pending": ("Wenn eine Regel dich wählen lässt.", "When a rule asks you to choose."),
    "munchkin.choice.not-an-option": ("Mit einer der angebotenen Karten.", "With one of the cards offered."),
    "munchkin.class.only-one": ("Nachdem du deine Klasse abgelegt oder Super Munchkin gespielt hast.",
                                "After discarding your class or playing Super Munchkin."),
    "munchkin.combat.already-claimed": ("Nach der Wartezeit, oder wenn jemand eingreift.",
                                        "After the window, or when someone interferes."),
    "munchkin.combat.choose-monster": ("Wenn du das Ziel-Monster angibst.", "When you name the target monster."),
    "munchkin.combat.choose-side": ("Wenn du die Seite angibst.", "When you name the side."),
    "munchkin.combat.monster-index": ("Mit einem Monster, das im Kampf ist.", "With a monster that is in the fight."),
    "munchkin.combat.not-the-fighter": ("In deinem eigenen Kampf.", "In your own combat."),
    "munchkin.combat.running": ("Im nächsten Kampf.", "In the next combat."),
    "munchkin.combat.treasures": ("Nachdem die Schätze verteilt sind.", "After the treasures are shared."),
    "munchkin.curse.lasting-stays": ("Wenn die Wirkung des Fluchs endet.", "When the curse's effect ends."),
    "munchkin.deal.done": ("Nie: es wird nur einmal ausgeteilt.", "Never: hands are dealt once."),
    "munchkin.deal.reported-table": ("Nie an einem Tisch mit echten Karten.", "Never at a table with physical cards."),
    "munchkin.deck.empty": ("Wenn wieder Karten abgelegt wurden.", "Once cards have been discarded again."),
    "munchkin.hand.card-not-in-hand": ("Wenn du die Karte auf der Hand hast.", "When you hold that card."),
    "munchkin.help.bribe-not-carried": ("Mit Gegenständen, die du trägst.", "With items you carry."),
    "munchkin.help.bribe-treasures": ("Mit höchstens so vielen Schätzen, wie das Monster bringt.",
                                      "With at most as many treasures as the monster gives."),
    "munchkin.help.not-yourself": ("Nie: fragen kannst du nur andere.", "Never: you can only ask others."),
    "munchkin.help.only-one": ("Nie in diesem Kampf: nur einer darf helfen.", "Never in this combat: only one may help."),
    "munchkin.item.not-an-item": ("Nie mit dieser Karte.", "Never with this card."),
    "munchkin.item.one-big": ("Als Zwerg, oder nachdem du deinen Großen Gegenstand los bist.",
                              "As a dwarf, or after getting rid of your big item."),
    "munchkin.item.slot-full": ("Nachdem du einen Gegenstand in den Rucksack gelegt hast.",
                                "After putting an item in your backpack."),
    "munchkin.loot.not-your-pick": ("Wenn du an der Reihe bist.", "When it is your pick."),
    "munchkin.loot.roll-first": ("Nachdem die Gleichstufigen gewürfelt haben.", "After the tied players have rolled."),
    "munchkin.race.already": ("Nie: du hast sie schon.", "Never: you already have it."),
    "munchkin.race.only-one": ("Nachdem du deine Rasse abgelegt oder Halb-Blut gespielt hast.",
                               "After discarding your race or playing Half-Breed."),
    "munchkin.roll.already": ("Nie: du hast schon gewürfelt.", "Never: you have rolled already."),
    "munchkin.roll.not-asked": ("Wenn eine Regel einen Wurf verlangt.", "When a rule asks for a roll."),
    "munchkin.run.already-rolled": ("Nie gegen dieses Monster in diesem Kampf.",
                                    "Never against this monster in this combat."),
    "munchkin.run.no-bad-stuff-choice": ("Wenn du den Gegenstand angibst.", "When you name the item."),
    "munchkin.run.not-caught": ("Wenn dich das Monster beim Weglaufen erwischt hat.", "When the monster caught you."),
    "munchkin.sell.at-least-1000": ("Mit Gegenständen im Wert von mindestens 1.000 Goldstücken.",
                                    "With items worth at least 1,000 gold pieces."),
    "munchkin.sell.no-value": ("Nie mit dieser Karte.", "Never with this card."),
    "munchkin.table.card-not-in-play": ("Wenn die Karte vor dir ausliegt.", "When the card is in play in front of you."),
    "munchkin.trade.empty": ("Mit mindestens einem Gegenstand.", "With at least one item."),
    "munchkin.trade.none-open": ("Wenn dir jemand einen Handel anbietet.", "When someone offers you a trade."),
    "munchkin.trade.not-with-self": ("Nie.", "Never."),
    "munchkin.trade.one-open": ("Nachdem der offene Handel angenommen oder zurückgezogen ist.",
                                "After the open trade is accepted or withdrawn."),
    "munchkin.trade.only-items-in-play": ("Nachdem du den Gegenstand ausgelegt hast.", "After putting the item in play."),
    "munchkin.treasure.not-your-pick": ("Wenn du an der Reihe bist.", "When it is your pick."),
}


def _apply_when() -> None:
    import dataclasses

    from judge.rules.ruling import RULES

    for rule_id, (de, en) in _WHEN.items():
        r = RULES[rule_id]
        if not r.legal_when_en:
            RULES[rule_id] = dataclasses.replace(r, legal_when_de=de, legal_when_en=en)


_apply_when()

# ------------------------------------------------------------------ decisions where the texts are open
# Each decision names the test that holds it (tests/rules/...).
DECISIONS: tuple[tuple[str, str, str], ...] = (
    ("Trading during someone else's combat",
     "000 forbids trading 'wenn du dich im Kampf befindest'; 001's table says 'außer während eines Kampfes'. "
     "The timing table decides: no trading by anyone while any combat is going on.",
     "test_000_levels_selling_trading.py::test_no_trading_during_combat"),
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
     "still rolling; tied players of any level may roll at any time during the looting.",
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
     "while another choice is owed waits until the first is made.",
     "test_000_anytime_cards.py::test_fluche_a_second_choice_waits_for_the_first"),
    ("The elf helper at level 9",
     "An elf helper's level for a helped kill counts as a kill, so it may reach level 10 and win.",
     "test_000_help.py::test_only_the_fighter_levels_up_except_an_elf_helper"),
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
     "selling.",
     "test_000_abilities.py::test_halfling_sells_one_item_at_double_price_once_per_turn"),
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
     "und dabei nicht im Kampf, kannst du sie verkaufen'); the choice then offers only the big items still "
     "carried, and lapses once at most one is left.",
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
     "(003's Babys cards) is refused with munchkin.card.not-in-game; a group that wants it adds it as a custom "
     "card when creating the game, whatever set the custom card names.",
     "test_000_monster_cards_sets.py::test_spielmaterial_a_card_of_another_set_is_refused_unless_added_as_custom_card"),
)
