"""The rules of Star Munchkin (004): ids ``star.<area>.<rule>`` citing 004 by
section. Where 004 repeats the base text, the layer raises the base ruling
(``munchkin.*``); these are the rules where 004 says something of its own."""

from __future__ import annotations

from judge.rules.ruling import SEED_004, RuleBook

STAR = RuleBook("star", SEED_004)

# ------------------------------------------------------------------ races and classes
STAR.rule("timing.race-class", section="Rassen / Klassen",
          quote="Rassen und Klassen dürfen nur im eigenen Zug ausgespielt werden oder in dem Moment, in dem du "
                "sie ziehst.",
          de="{card} spielst du nur in deinem eigenen Zug aus, oder in dem Moment, in dem du sie ziehst; das gilt "
             "auch für eine weitere Rasse neben Halb-Blut.",
          en="You play {card} only in your own turn, or at the moment you draw it; a further race beside Halb-Blut "
             "too.",
          when_de="In deinem eigenen Zug, oder sofort, wenn du die Karte ziehst.",
          when_en="In your own turn, or at once when you draw the card.")

# ------------------------------------------------------------------ undead monsters
UM = "Untote Monster"
STAR.rule("undead.nothing-to-follow", section=UM,
          quote="Jedes Untote Monster kann einem anderen Untoten Monster in den Kampf folgen, ohne dass dafür eine "
                "Wanderndes Monster-Karte benötigt wird.",
          de="Ein Monster folgt nur einem Untoten Monster in den Kampf, und in diesem Kampf ist keins.",
          en="A monster follows only an undead monster into a combat, and this combat has none.",
          when_de="In einem Kampf gegen ein Untotes Monster, oder mit einem Wandernden Monster.",
          when_en="In a combat against an undead monster, or with a Wandering Monster.")
STAR.rule("undead.not-undead", section=UM,
          quote="Jedes Untote Monster kann einem anderen Untoten Monster in den Kampf folgen ... Falls du eine Karte "
                "hast, die ein Monster Untot macht, kannst du diese auf ein nicht-untotes Monster spielen, um diese "
                "Regel anzuwenden.",
          de="{card} ist nicht untot: ohne eine Karte, die es untot macht, kann es nicht folgen.",
          en="{card} is not undead: without a card that makes it undead it cannot follow.",
          when_de="Mit einem Untoten Monster, oder zusammen mit einer Karte, die es untot macht.",
          when_en="With an undead monster, or together with a card that makes it undead.")

# ------------------------------------------------------------------ hirelings
STAR.rule("hireling.only-one", section="Handlanger",
          quote="Einen Handlanger darfst du zu jeder Zeit, sogar während eins Kampfes, ausspielen, solange du "
                "lediglich immer nur 1 Handlanger im Spiel hast. (Es sei denn du bist ein Händler).",
          de="Du hast schon einen Handlanger im Spiel; mehr als einen darf nur ein Händler haben.",
          en="You already have a hireling in play; only a Händler (trader) may have more than one.",
          when_de="Wenn du keinen Handlanger im Spiel hast, oder als Händler.",
          when_en="When you have no hireling in play, or as a Händler.")
STAR.rule("hireling.none", section="Handlanger",
          quote="Wenn du einen Kampf verlierst, kannst du einen Handlanger ablegen, anstatt einen Weglaufwurf "
                "zu machen.",
          de="Du hast diesen Handlanger nicht im Spiel.", en="You have no such hireling in play.",
          when_de="Mit einem Handlanger, der vor dir im Spiel liegt.", when_en="With a hireling you have in play.")
STAR.rule("hireling.sacrifice-when-lost", section="Handlanger",
          quote="Wenn du einen Kampf verlierst, kannst du einen Handlanger ablegen, anstatt einen Weglaufwurf "
                "zu machen.",
          de="Einen Handlanger opfern kannst du nur, wenn du einen Kampf verloren hast und noch weglaufen musst.",
          en="You may sacrifice a hireling only when you lost a combat and still have to run away.",
          when_de="Nach einem verlorenen Kampf, bevor du gewürfelt hast.",
          when_en="After losing a combat, before you have rolled to run away.")
STAR.rule("hireling.victim-decides", section="Handlanger",
          quote="Wenn jemand dir im Kampf geholfen hat, entscheidest DU, ob diese Person ebenfalls automatisch "
                "entkommt oder würfeln muss, um zu entkommen.",
          de="Ob der Helfer mit entkommt, entscheidet der Kämpfer (Platz {fighter}), der den Handlanger opfert.",
          en="Whether the helper escapes too is decided by the fighter (seat {fighter}) who sacrifices the hireling.",
          when_de="Als Kämpfer, der seinen Handlanger opfert.", when_en="As the fighter sacrificing a hireling.")
STAR.rule("hireling.helper-has-rolled", section="Handlanger",
          quote="Wenn jemand dir im Kampf geholfen hat, entscheidest DU, ob diese Person ebenfalls automatisch "
                "entkommt oder würfeln muss, um zu entkommen.",
          de="Ob der Helfer (Platz {helper}) mit entkommt oder würfeln muss, entscheidest du, bevor er würfelt; er "
             "hat schon gewürfelt.",
          en="Whether the helper (seat {helper}) escapes too or must roll is decided before the helper rolls; the "
             "helper has rolled already.",
          when_de="Bevor dein Helfer zum Weglaufen gewürfelt hat.",
          when_en="Before your helper has rolled to run away.")
STAR.rule("hireling.not-an-item", section="Handlanger",
          quote="Handlanger darfst du nicht handeln; sie sind keine „Gegenstände“.",
          de="Handlanger sind keine Gegenstände: sie werden nicht gehandelt, verschenkt oder verkauft.",
          en="Hirelings are not items: they are not traded, given away or sold.",
          when_de="Nie; ablegen darfst du ihn jederzeit.", when_en="Never; you may discard it at any time.")

# ------------------------------------------------------------------ items
STAR.rule("item.one-complex", section="Gegenstände",
          quote="Du darfst eine beliebige Anzahl an normalen Gegenständen tragen, aber nur 1 Komplexen. ... "
                "Ausnahme: Der Gadegeteer kann beliebig viele Komplexe Gegenstände tra gen und benutzen.",
          de="Du trägst schon einen Komplexen Gegenstand; beliebig viele darf nur ein Gadgeteer tragen.",
          en="You already carry a complex item; only a Gadgeteer may carry any number of them.",
          when_de="Wenn du keinen Komplexen Gegenstand trägst, oder als Gadgeteer.",
          when_en="When you carry no complex item, or as a Gadgeteer.")

# ------------------------------------------------------------------ Kopfgeldjäger
#: The Kopfgeldjäger's card is printed on the pages of cards that follow the section "Fallen".
BOUNTY = "Fallen"
STAR.rule("contract.not-in-combat", section=BOUNTY,
          quote="Neuer Auftrag: Wenn eine Monster- karte oben auf dem Ablagestapel liegt, darfst du alle "
                "Handkarten ablegen und dafür das Monster nehmen. Das darfst du nicht während eines Kampfes tun.",
          de="Einen neuen Auftrag darfst du nicht während eines Kampfes annehmen.",
          en="You may not take a new contract during a combat.",
          when_de="Außerhalb eines Kampfes.", when_en="Outside a combat.")
STAR.rule("contract.no-monster-on-top", section=BOUNTY,
          quote="Neuer Auftrag: Wenn eine Monster- karte oben auf dem Ablagestapel liegt",
          de="Oben auf dem Türablagestapel liegt kein Monster.",
          en="There is no monster on top of the door discard pile.",
          when_de="Wenn oben auf dem Ablagestapel ein Monster liegt.",
          when_en="When a monster lies on top of the discard pile.")

# ------------------------------------------------------------------ item enhancers
STAR.rule("enhancer.needs-item", section="Gegenstandsverstärker",
          quote="Manche Karten sind Gegenstandsverstärker und werden auf Gegenstände gespielt, die du bereits im "
                "Spiel hast; sie können nicht alleine gespielt werden.",
          de="Ein Gegenstandsverstärker wird auf einen Gegenstand gespielt, den du schon im Spiel hast.",
          en="An item enhancer is played onto an item you already have in play.",
          when_de="Mit einem deiner Gegenstände im Spiel als Ziel.", when_en="Onto one of your items in play.")

# Terms of a strength breakdown (they forbid nothing: the when-text says when they count).
STAR.rule("strength.enhancer", section="Gegenstandsverstärker",
          quote="Diese Verstärker erhöhen den Kampfbonus des Gegenstands",
          de="Ein Gegenstandsverstärker erhöht den Bonus des Gegenstands, auf dem er liegt.",
          en="An item enhancer raises the bonus of the item it lies on.",
          when_de="Solange sein Gegenstand genutzt wird.", when_en="While its item is in use.")
STAR.rule("strength.hireling", section="Handlanger",
          quote="Jeder Handlanger hat bestimmte Fähigkeiten, die dir helfen können.",
          de="Der aufgedruckte Bonus eines Handlangers zählt für seinen Besitzer.",
          en="A hireling's printed bonus counts for its owner.",
          when_de="Solange der Handlanger vor dir liegt.", when_en="While the hireling is in front of you.")

# ------------------------------------------------------------------ rooms
STAR.rule("room.right-after-kick", section="Räume",
          quote="Du darfst die Karte auf jeden Spieler spielen, solange du sie sofort spielst, nachdem dieser "
                "Spieler eine Tür eingetreten und dabei keinen Raum gezogen hat.",
          de="Einen Raum von der Hand spielst du nur sofort, nachdem ein Spieler eine Tür ohne Raum eingetreten "
             "hat, und auf diesen Spieler.",
          en="A room from the hand is played only at once after a player kicked open a door without a room, and on "
             "that player.",
          when_de="Sofort nachdem der Spieler am Zug eine Tür ohne Raum eingetreten hat.",
          when_en="Right after the player whose turn it is kicked open a door that held no room.")
STAR.rule("room.monster-rules", section="Räume",
          quote="Wenn du auf Ärger aus bist, richten sich alle Monster, die du findest, nach den Regeln auf der "
                "Raumkarte.",
          de="Die Monster, gegen die der Spieler in seinem Raum kämpft, richten sich nach der Raumkarte.",
          en="The monsters the player fights in their room follow the room card's rules.",
          when_de="Solange der Raum in diesem Zug vor dem Spieler liegt.",
          when_en="While the room lies in front of the player this turn.")
STAR.rule("room.player-rules", section="Räume",
          quote="Befolge die Anweisungen auf der Raumkarte. Die Auswirkungen eines Raumes treten sofort ein und "
                "halten nur für die Dauer des Zuges an.",
          de="Der Raum verändert die Kampfstärke des Spielers, der in diesem Zug in ihm ist.",
          en="The room changes the combat strength of the player who is in it this turn.",
          when_de="Solange der Raum in diesem Zug vor dem Spieler liegt.",
          when_en="While the room lies in front of the player this turn.")
STAR.rule("room.one-per-turn", section="Räume",
          quote="(Wenn 2 Räume im gleichen Zug gespielt werden, gilt der Raum, der zuerst auf dem Tisch lag, und "
                "der andere Raum geht auf die Hand des Spielers zurück, der ihn gespielt hat.)",
          de="In diesem Zug liegt schon ein Raum; der erste gilt, dein Raum bleibt auf deiner Hand.",
          en="This turn already has a room; the first one counts and yours stays in your hand.",
          when_de="In einem Zug ohne Raum.", when_en="In a turn without a room.")
STAR.rule("room.wandering-monster", section="Räume",
          quote="Ein Wanderndes Monster kann in einen Raum gespielt werden, als ob es ein ganz gewöhnlicher Kampf "
                "wäre, sogar dann, wenn in dem Raum gar kein anderes Monster ist.",
          de="In diesem Raum hat der Spieler schon gekämpft; ein Wanderndes Monster kommt nur in einen Kampf oder "
             "in einen Raum, in dem noch nicht gekämpft wurde.",
          en="The player has already fought in this room; a wandering monster joins a combat, or a room nobody has "
             "fought in yet.",
          when_de="Während eines Kampfes, oder in einem Raum vor dem ersten Kampf des Zuges.",
          when_en="During a combat, or in a room before the turn's first combat.")
STAR.rule("room.says-otherwise", section="Räume",
          quote="Wenn ein Raum keine Monster enthält und du die anderen Auswirkungen des Raumes überlebst, darfst du "
                "anschließend ganz normal auf Ärger aus sein (Phase 2) und/oder den Raum plündern (Phase 3), es sei "
                "denn, die Raumkarte sagt anderes.",
          de="Der Raum {room} sagt anderes: das ist in diesem Zug nach ihm nicht erlaubt.",
          en="The room {room} says otherwise: this is not allowed after it in this turn.",
          when_de="In einem Zug ohne einen Raum, der es verbietet.",
          when_en="In a turn without a room that forbids it.")

# ------------------------------------------------------------------ Gadgeteer
STAR.rule("defuse.nothing-to-defuse", section="Kombiniere dieses Spiel mit anderen Munchkin-Spielen!",
          quote="Fallen und Flüche werden als derselbe Typ von Karten behandelt. ... Ja, Gadgeteere können Flüche "
                "„entschärfen“.",
          de="Hier ist nichts zu entschärfen: keine Falle (kein Fluch) trifft dich gerade oder liegt vor dir.",
          en="There is nothing to defuse: no trap (or curse) is hitting you now or lies in front of you.",
          when_de="Wenn eine Falle von der Tür auf deine Antwort wartet, oder eine dauerhafte vor dir liegt.",
          when_en="When a trap from the door waits for your answer, or a lasting one lies in front of you.")
