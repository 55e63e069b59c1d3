"""Turn order and phases (000 SPIELABLAUF, Phase 1-3, SPIELENDE)."""

from __future__ import annotations

from judge.rules.ruling import SEED_000 as S0
from judge.rules.ruling import rule

# ------------------------------------------------------------------ turn order and phases
rule("munchkin.turn.not-your-turn", source=S0, section="SPIELABLAUF",
     quote="Beginnst mit dem Startspieler kommend der Spieler im Uhrzeigersinn nacheinander an die Reihe",
     de="Das darf nur der Spieler tun, der am Zug ist (Platz {active}).",
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
     quote="Ein Fluch wirkt immer sofort auf sein Opfer (falls möglich) und wird dann abgelegt.",
     de="Zuerst muss Platz {seat} wählen, welche Karte betroffen ist.",
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
