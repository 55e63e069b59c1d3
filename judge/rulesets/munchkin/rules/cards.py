"""Cards in the hand and in play, and the timing table of 001."""

from __future__ import annotations

from judge.rules.ruling import SEED_000 as S0
from judge.rules.ruling import SEED_001 as S1
from judge.rules.ruling import rule
from judge.rulesets.munchkin.rules.common import OWN_TURN_DE, OWN_TURN_EN

# ------------------------------------------------------------------ hand and cards
rule("munchkin.hand.card-not-in-hand", source=S0, section="KARTENTYPEN",
     quote="Karten auf deiner Hand befinden sich nicht im Spiel",
     de="Die Karte {card} hast du nicht auf der Hand.",
     en="You do not have {card} in your hand.")
rule("munchkin.table.card-not-in-play", source=S0, section="KARTENTYPEN",
     quote="Karten auf deiner Hand befinden sich nicht im Spiel ... Einmal ausgelegte Karten ... Um sie loszuwerden, musst du sie handeln (siehe unten) oder ablegen.",
     de="Die Karte {card} liegt nicht vor dir aus.",
     en="{card} is not in play in front of you.")
rule("munchkin.discard.not-from-hand", source=S0, section="Phase 4: Milde Gabe",
     quote="Wenn du jetzt mehr als 5 Karten auf deiner Hand hast, gib so viele Karten an den Spieler mit der niedrigsten Stufe, bis du noch genau 5 Karten hast.",
     de="Handkarten legt man nur über eine Fähigkeit oder bei der Milden Gabe ab, nicht einfach so.",
     en="Cards in your hand are discarded only through an ability or during charity, not at will.",
     when_de="Bei der Milden Gabe oder über eine Klassenfähigkeit.",
     when_en="During charity or through a class ability.")
rule("munchkin.discard.enabler-in-use", source=S0, section="Rassen / Klassen",
     quote="Sobald du eine der beiden Klassen verlierst, verlierst du auch die Super Munchkin-Karte.",
     de="{card} trägt gerade deine zweite Rasse oder Klasse: lege zuerst eine der beiden ab, dann geht {card} mit.",
     en="{card} holds your second race or class now: discard one of the two first, and {card} goes with it.",
     when_de="Mit nur einer Rasse (Klasse) im Spiel.", when_en="With only one race (class) in play.")
rule("munchkin.card.not-playable", source=S0, section="SPIELVORBEREITUNGEN",
     quote="Goldene Regel: Immer, wenn die Karten den Regeln widersprechen, haben die Karten Vorrang! Jede andere Streitigkeit sollte dadurch geregelt werden, dass ihr euch gegenseitig laut anschreit",
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
     quote="Monster: Während einer Kampfphase mit Spezialregeln (z. B. Kampf gegen Fledermäuse) oder mittels eines "
           "Wandernden Monsters, ... oder wenn du selbst auf Ärger aus bist.",
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
rule("munchkin.timing.once-per-turn", source=S1, section="WANN KANN MAN NUN WELCHE KARTE SPIELEN?",
     quote="Portalkarten: Jederzeit während eines eigenen Zuges, jedoch nicht während eines Kampfes, und nur einmal pro Zug.",
     de="Eine Karte dieser Art ({card}) hast du in diesem Zug schon gespielt: nur einmal pro Zug.",
     en="You have already played a card of this kind ({card}) this turn: once per turn only.",
     when_de="In deinem nächsten Zug.", when_en="In your next turn.")
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
     quote="Du hast noch weitere Möglichkeiten, einen Kampf zu beeinflussen. ... Mit einem „Nur einmal einsetzbaren Gegenstand“, z.B. einem Trank, kannst du sowohl dir selbst als auch einem anderen Spieler oder gar „aus Verschen“ einem Monster helfen.",
     de="Diese Karte wirkt nur im Kampf.", en="This card only works during a combat.",
     when_de="Nur während eines Kampfes.", when_en="Only during a combat.")
