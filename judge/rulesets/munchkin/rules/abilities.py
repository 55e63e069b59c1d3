"""The abilities of races and classes (000 Rassen / Klassen)."""

from __future__ import annotations

from judge.rules.ruling import SEED_000 as S0
from judge.rules.ruling import rule

# ------------------------------------------------------------------ abilities
RC = "Rassen / Klassen"
rule("munchkin.ability.not-yours", source=S0, section=RC,
     quote="Jede Rasse/Klasse hat besondere Fähigkeiten, die auf den Karten stehen. Du erhältst diese Fähigkeiten in dem Augenblick, in dem du die Karte vor dir auslegst",
     de="Die Fähigkeit {ability} hast du nicht: keine deiner Rassen oder Klassen gibt sie dir.",
     en="You do not have the {ability} ability: none of your races or classes grants it.",
     when_de="Wenn du die passende Rasse oder Klasse hast.", when_en="When you have the matching race or class.")
rule("munchkin.ability.discard-count", source=S0, section=RC,
     quote="Die meisten Klassenfähigkeiten (Text auf Klassenkarten) werden durch Ablegen von Karten ausgelöst. Ablegen kannst du jede Karte im Spiel oder von deiner Hand.",
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
