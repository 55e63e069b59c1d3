"""Every rule the monkic ruleset enforces (002): id, citation, explanation.

Ids are stable and namespaced (``monkic.<area>.<rule>``); tests assert ids,
never texts. Each rule quotes the German text of 002 it rests on.
"""

from __future__ import annotations

from judge.rules.ruling import SEED_002 as S2
from judge.rules.ruling import rule

OWN_TURN_DE, OWN_TURN_EN = "In deinem eigenen Zug.", "In your own turn."
NEXT_TURN_DE, NEXT_TURN_EN = "In deinem nächsten Zug.", "In your next turn."
NEVER_DE, NEVER_EN = "Nie.", "Never."

# ------------------------------------------------------------------ game, turns, opening
rule("monkic.game.over", source=S2, section="Angriff und Verteidigung",
     quote="Wenn einer keine Lebenspunkte mehr hat, hat dieser verloren.",
     de="Das Spiel ist vorbei.", en="The game is over.",
     when_de="Nie: das Spiel ist beendet.", when_en="Never: the game has ended.")
rule("monkic.turn.not-your-turn", source=S2, section="Start",
     quote="Eine Runde besteht aus 2 Zügen, der erste Zug ist wenn der erste Spieler an der Reihe ist, "
           "der zweite Zug ist wenn der zweite Spieler an der Reihe ist.",
     de="Das darf nur der Spieler tun, der am Zug ist (Platz {active}).",
     en="Only the player whose turn it is (seat {active}) may do that.",
     when_de="Wenn du am Zug bist.", when_en="When it is your turn.")
rule("monkic.opening.pending", source=S2, section="Vorbereitung",
     quote="Zu Anfang des Spiels bekommt jeder Spieler 7 Karten, auf den Tisch, und 20 Lebenspunkte.",
     de="Zuerst müssen beide Spieler ihre 7 Karten auf den Tisch gelegt haben.",
     en="First both players must have laid their 7 cards onto the table.",
     when_de="Wenn beide Spieler ihre Karten gemeldet haben.", when_en="Once both players have reported their cards.")
rule("monkic.opening.done", source=S2, section="Vorbereitung",
     quote="Zu Anfang des Spiels bekommt jeder Spieler 7 Karten, auf den Tisch, und 20 Lebenspunkte.",
     de="Deine Anfangskarten liegen schon auf dem Tisch.",
     en="Your opening cards are on the table already.",
     when_de=NEVER_DE, when_en=NEVER_EN)
rule("monkic.pending.answer-first", source=S2, section="Ende einer Runde",
     quote="Der Gewinner bekommt die Karte zurück und darf die auf die Hand oder den Tisch legen.",
     de="Zuerst muss Platz {seat} antworten: {what}.",
     en="Seat {seat} must answer first: {what}.",
     when_de="Sobald die offene Frage beantwortet ist.", when_en="Once the open question is answered.")
rule("monkic.pending.nothing", source=S2, section="Ende einer Runde",
     quote="Der Gewinner bekommt die Karte zurück und darf die auf die Hand oder den Tisch legen.",
     de="Gerade wartet nichts auf deine Antwort.",
     en="Nothing is waiting for your answer right now.",
     when_de="Wenn das Spiel auf deinen Wurf oder deine Wahl wartet.",
     when_en="When the game waits for your roll or your choice.")

# ------------------------------------------------------------------ drawing and the hand
rule("monkic.draw.once-per-turn", source=S2, section="Erste Runde",
     quote="Jeden Zug darf ein Spieler eine neue Karte von Stapel ziehen und auf den Tisch legen.",
     de="Du hast in diesem Zug schon eine Karte gezogen.",
     en="You have already drawn a card this turn.",
     when_de=NEXT_TURN_DE, when_en=NEXT_TURN_EN)
rule("monkic.draw.xxl-never", source=S2, section="Vorbereitung",
     quote="XXL Karten kann man nicht ziehen und kommen daher auch nicht auf den Stapel",
     de="XXL Karten kann man nicht ziehen.", en="XXL cards are never drawn.",
     when_de=NEVER_DE, when_en=NEVER_EN)
rule("monkic.draw.not-in-game", source=S2, section="Vorbereitung",
     quote="Wenn man das Spiel einfacher halten möchte, kann man die Karten SuperPower und Elemente rausnehmen.",
     de="{card} ist in diesem Spiel nicht im Stapel.",
     en="{card} is not in this game's stack.",
     when_de=NEVER_DE, when_en=NEVER_EN)
rule("monkic.draw.none-left", source=S2, section="Vorbereitung",
     quote="davon sollten 2-10 Sätze benutzt werden",
     de="Im Stapel ist keine Karte {card} mehr.",
     en="There is no {card} left in the stack.",
     when_de=NEVER_DE, when_en=NEVER_EN)
rule("monkic.draw.stack-empty", source=S2, section="Spielfeld",
     quote="Vom Karten Stapel werden Karten gezogen.",
     de="Der Stapel ist leer.", en="The stack is empty.",
     when_de=NEVER_DE, when_en=NEVER_EN)
rule("monkic.hand.one-per-turn", source=S2, section="Erste Runde",
     quote="Pro Zug darf der Spieler eine Karte vom Tisch rechts auf die Hand nehmen(eingentlich schieben).",
     de="Du hast in diesem Zug schon eine Karte auf die Hand genommen.",
     en="You have already moved a card to your hand this turn.",
     when_de=NEXT_TURN_DE, when_en=NEXT_TURN_EN)
rule("monkic.hand.no-curses", source=S2, section="Erste Runde",
     quote="Auf die Hand kommen nur Monster oder Figuren, keine Flüche(z. B. Black Hole.)",
     de="Flüche kommen nicht auf die Hand.", en="Curses never go to the hand.",
     when_de=NEVER_DE, when_en=NEVER_EN)
rule("monkic.hand.not-on-your-table", source=S2, section="Erste Runde",
     quote="Pro Zug darf der Spieler eine Karte vom Tisch rechts auf die Hand nehmen(eingentlich schieben).",
     de="{card} liegt nicht auf deinem Tisch.", en="{card} is not on your table.",
     when_de="Wenn die Karte auf deinem Tisch liegt.", when_en="When the card is on your table.")

# ------------------------------------------------------------------ attacking
rule("monkic.attack.first-round", source=S2, section="Start",
     quote="Die erste Runde darf kein Spieler angreifen.",
     de="In der ersten Runde darf niemand angreifen.", en="Nobody attacks in the first round.",
     when_de="Ab der zweiten Runde.", when_en="From the second round on.")
rule("monkic.attack.only-hand-cards", source=S2, section="Angriff und Verteidigung",
     quote="Karten auf dem Tisch dürfen nicht angreifen(außer die Außnahmen, diese sind gekennzeichnet). "
           "Es dürfen nur die Karten auf der Hand angreifen.",
     de="Nur deine Karten auf der Hand greifen an; {card} ist keine davon.",
     en="Only your hand cards attack; {card} is not one of them.",
     when_de="Wenn die Karte auf deiner Hand ist.", when_en="When the card is in your hand.")
rule("monkic.attack.target-not-on-hand", source=S2, section="Angriff und Verteidigung",
     quote="Karten auf dem Tisch dürfen auch nicht angegrifen werden.",
     de="Angreifen kannst du nur Karten auf der Hand des Gegners; {card} ist keine davon.",
     en="You can attack only the opponent's hand cards; {card} is not one of them.",
     when_de=NEVER_DE, when_en=NEVER_EN)
rule("monkic.attack.once-per-turn", source=S2, section="Angriff und Verteidigung",
     quote="Jede Karte kann nur einmal pro Zug angreifen(außer die Außnahmen, diese sind gekennzeichnet).",
     de="{card} hat in diesem Zug schon so oft angegriffen, wie sie darf.",
     en="{card} has already attacked as often as it may this turn.",
     when_de=NEXT_TURN_DE, when_en=NEXT_TURN_EN)
rule("monkic.attack.hand-cards-first", source=S2, section="Angriff und Verteidigung",
     quote="Wenn keine Karten mehr auf der Hand sind, wird Punktzahl von den Lebenspunkten abgezogen.",
     de="Der Gegner hat noch Karten auf der Hand: greif eine davon an, nicht die Lebenspunkte.",
     en="The opponent still has hand cards: attack one of them, not the life points.",
     when_de="Wenn der Gegner keine Karten mehr auf der Hand hat.",
     when_en="When the opponent has no hand cards left.")
rule("monkic.attack.one-target", source=S2, section="Elemente",
     quote="Du kannst mit deinen Attack Punkten von 7 entweder 3 Monster angreifen",
     de="Eine Karte greift eine Karte an; drei greift nur Elemente an (höchstens drei).",
     en="A card attacks one card; only Elemente attacks three (at most three).",
     when_de=NEVER_DE, when_en=NEVER_EN)
rule("monkic.attack.joker-cannot", source=S2, section="Karten",
     quote="Jokers: Der Joker, das Joker Kind und die Joker Dame können nicht angreifen.",
     de="Joker, Joker Kind und Joker Dame können nicht angreifen.",
     en="The Joker, Joker Kind and Joker Dame cannot attack.",
     when_de=NEVER_DE, when_en=NEVER_EN)
rule("monkic.attack.hexe-not-by-drache", source=S2, section="Karten",
     quote="Hexe: Die Hexe kann nicht vom Drachen angegriffen werden.",
     de="Der Drache kann die Hexe nicht angreifen.", en="The Drache cannot attack the Hexe.",
     when_de=NEVER_DE, when_en=NEVER_EN)
rule("monkic.attack.superpower-vs-superpower", source=S2, section="SuperPower",
     quote="SuperPower kann nicht SuperPower angreifen.",
     de="SuperPower kann nicht SuperPower angreifen.", en="SuperPower cannot attack SuperPower.",
     when_de=NEVER_DE, when_en=NEVER_EN)
rule("monkic.attack.spinne", source=S2, section="Karten",
     quote="Spinne: Wenn du eine drei würfelst, darf der Gegner dich bei seinem nächten Zug nicht angreifen.",
     de="Die Spinne hat eine drei gewürfelt: in diesem Zug darfst du Platz {seat} nicht angreifen.",
     en="The Spinne rolled a three: you may not attack seat {seat} this turn.",
     when_de=NEXT_TURN_DE, when_en=NEXT_TURN_EN)
rule("monkic.attack.eis", source=S2, section="Elemente",
     quote="Augenzahl 2(Eis): Attack 7; Schild: 4: Egal ob du gewinnst oder verliest, der Gegner darf dich "
           "bei seinem nächten Zug nicht angreifen.",
     de="Elemente hat Eis gewürfelt: in diesem Zug darfst du Platz {seat} nicht angreifen.",
     en="Elemente rolled Eis: you may not attack seat {seat} this turn.",
     when_de=NEXT_TURN_DE, when_en=NEXT_TURN_EN)
rule("monkic.attack.schutz", source=S2, section="Karten",
     quote="Schutz: Schützt alle deine Monster eine Runde lang, also der Gegner kann bei seinem nächsten Zug "
           "nicht deine Monster angreifen.",
     de="Schutz: in diesem Zug kannst du die Monster von Platz {seat} nicht angreifen.",
     en="Schutz: you cannot attack seat {seat}'s monsters this turn.",
     when_de=NEXT_TURN_DE, when_en=NEXT_TURN_EN)
rule("monkic.attack.barriere", source=S2, section="Karten",
     quote="Barriere: Ihr könnt eine Runde lang nicht angreifen.",
     de="Barriere: eine Runde lang greift niemand an.", en="Barriere: nobody attacks for a round.",
     when_de="Wenn die Runde der Barriere vorbei ist.", when_en="When the Barriere's round is over.")
rule("monkic.sacrifice.only-minotaurus", source=S2, section="Karten",
     quote="Minotaurus: Opferst du einen Joker(auch Joker Kind und Joker Dame), gewinnst du.",
     de="Beim Angriff opfert nur der Minotaurus einen Joker.",
     en="Only the Minotaurus sacrifices a joker when attacking.",
     when_de="Wenn der Minotaurus angreift.", when_en="When the Minotaurus attacks.")
rule("monkic.sacrifice.not-a-joker", source=S2, section="Karten",
     quote="Minotaurus: Opferst du einen Joker(auch Joker Kind und Joker Dame), gewinnst du.",
     de="{card} ist kein Joker, Joker Kind oder Joker Dame auf deiner Hand oder deinem Tisch.",
     en="{card} is not a Joker, Joker Kind or Joker Dame on your hand or table.",
     when_de="Mit einem eigenen Joker.", when_en="With a joker of your own.")

rule("monkic.sacrifice.defending-minotaurus", source=S2, section="Karten",
     quote="Minotaurus: Opferst du einen Joker(auch Joker Kind und Joker Dame), gewinnst du. Dies geht nicht mehr "
           "im Nachhinein",
     de="Beim Verteidigen opfert nur ein angegriffener Minotaurus, je Minotaurus einen Joker, Joker Kind oder "
        "Joker Dame von Hand oder Tisch des Verteidigers; {card} nicht.",
     en="Only an attacked Minotaurus sacrifices when defending, one Joker, Joker Kind or Joker Dame of the "
        "defender's hand or table per Minotaurus; not {card}.",
     when_de="Wenn ein Minotaurus angegriffen wird und sein Besitzer einen Joker hat.",
     when_en="When a Minotaurus is attacked and its owner has a joker.")

# ------------------------------------------------------------------ the defender's dice
rule("monkic.dice.defence-count", source=S2, section="Angriff und Verteidigung",
     quote="Der Spieler der Verteidigt würfel und addiert die Augenzahl zu den Schild-Punkten.",
     de="Gemeldet sind {reported} Würfel des Verteidigers, dieser Angriff braucht {expected} ({uses_de}){why_de}.",
     en="{reported} defence dice were reported, this attack uses {expected} ({uses_en}){why_en}.",
     when_de="Mit so vielen Würfeln des Verteidigers, wie der Angriff braucht.",
     when_en="With as many defence dice as the attack uses.")

# Parts of the reason a count of defence dice is wrong (monkic.dice.defence-count), German and English.
DICE_WHY: dict[str, tuple[str, str]] = {
    "none": ("keine", "none"),
    "trap": ("2 für {trap}", "2 for {trap}"),
    "fight": ("{count} für {card}", "{count} for {card}"),
    "trap-five": ("; die Dornenfalle hat eine fünf gewürfelt: {card} hat verloren, es folgt kein Kampf",
                  "; the Dornenfalle rolled a five: {card} lost, and no fight follows"),
    "attacker-died": ("; {card} hat gegen {target} verloren und kämpft nicht mehr gegen {rest}",
                      "; {card} lost against {target} and no longer fights {rest}"),
    "one-element": ("; Elemente hat {element} gewürfelt und kämpft nur gegen das erste Ziel",
                    "; Elemente rolled {element} and fights only the first target"),
    "no-fight": ("; Elemente greift ohne Blitz die Lebenspunkte nicht an, es folgt kein Kampf",
                 "; without Blitz Elemente does not attack the life points, and no fight follows"),
    "then": ("; danach kämpft {card} noch gegen {rest}, solange es gewinnt",
             "; after that {card} still fights {rest} as long as it wins"),
}

# ------------------------------------------------------------------ protection
rule("monkic.protect.not-a-guard", source=S2, section="Karten",
     quote="Sie können als Schutz für eine andere Karte verwendet werden.",
     de="Als Schutz dienen nur Joker, Joker Kind, Joker Dame, Kobold und SuperPower, von deiner Hand oder "
        "deinem Tisch; {card} nicht.",
     en="Only a Joker, Joker Kind, Joker Dame, Kobold or SuperPower of your hand or table protects; {card} does not.",
     when_de=NEVER_DE, when_en=NEVER_EN)
rule("monkic.protect.hand-card-only", source=S2, section="Karten",
     quote="Dies kann man kennzeichnen, indem man den Joker unter die zu schützene Karte legt.",
     de="Schützen kannst du nur eine andere Karte auf deiner Hand, die noch keinen Schutz hat.",
     en="You can protect only another card in your hand that has no protection yet.",
     when_de="Für eine ungeschützte Karte auf deiner Hand.", when_en="For an unprotected card in your hand.")
rule("monkic.protect.guard-protected", source=S2, section="Karten",
     quote="Dies kann man kennzeichnen, indem man den Joker unter die zu schützene Karte legt.",
     de="{card} hat selbst einen Schutz unter sich und kann deshalb nicht unter eine andere Karte gelegt werden.",
     en="{card} has a protection lying under it, so it cannot itself go under another card.",
     when_de="Mit einem Schutz, unter dem nichts liegt.", when_en="With a protection that has nothing under it.")
rule("monkic.protect.not-after-the-fact", source=S2, section="Karten",
     quote="Dies geht nicht mehr im Nachhinein!",
     de="{card} hat in diesem Zug schon gekämpft: der Schutz geht nicht mehr im Nachhinein.",
     en="{card} has already fought this turn: protection cannot be added after the fact.",
     when_de="Bevor die Karte kämpft.", when_en="Before the card fights.")

# ------------------------------------------------------------------ curses
rule("monkic.curse.from-own-table", source=S2, section="Karten",
     quote="Attack: Obwohl diese Karte angreifen kann, ist sie vom Tisch spielbar.",
     de="Flüche spielst du von deinem Tisch; {card} ist kein Fluch auf deinem Tisch.",
     en="Curses are played from your table; {card} is not a curse on your table.",
     when_de="Wenn der Fluch auf deinem Tisch liegt.", when_en="When the curse is on your table.")
rule("monkic.curse.blitz-needs-joker", source=S2, section="Karten",
     quote="Blitz: Opferst du zusammen mit dem Blitz einen Joker, werden alle Karten vom Gegner, die auf der "
           "Hand sind vernichtet.",
     de="Der Blitz wirkt nur mit genau einem geopferten Joker.",
     en="Blitz works only with exactly one joker sacrificed.",
     when_de="Mit einem eigenen Joker.", when_en="With a joker of your own.")
rule("monkic.curse.familie-needs-three", source=S2, section="Karten",
     quote="Familie vereint: Wenn du zusammen mit der Karte Familie vereint, einen Joker, eine Joker Dame und "
           "ein Joker Kind opferst",
     de="Familie vereint braucht einen Joker, eine Joker Dame und ein Joker Kind.",
     en="Familie vereint needs a Joker, a Joker Dame and a Joker Kind sacrificed.",
     when_de="Wenn du alle drei hast.", when_en="When you have all three.")
rule("monkic.curse.familie-six", source=S2, section="Karten",
     quote="darft du dir vom Gegner sechs Karten aussuchen(von der Hand und vom Tisch)",
     de="Familie vereint nimmt bis zu sechs verschiedene Karten von Hand oder Tisch des Gegners.",
     en="Familie vereint takes up to six different cards from the opponent's hand or table.",
     when_de=NEVER_DE, when_en=NEVER_EN)
rule("monkic.curse.attack-jokers", source=S2, section="Karten",
     quote="Opferst du zu der Karte Attack einen Joker, macht sie 10 Schaden, opferst du zwei Joker hast du gewonnen.",
     de="Zur Karte Attack opferst du keinen, einen oder zwei Joker.",
     en="With Attack you sacrifice no, one or two jokers.", when_de=NEVER_DE, when_en=NEVER_EN)
rule("monkic.curse.reborn-own-graveyard", source=S2, section="Karten",
     quote="Reborn: Du darft dir eine Karte von deinem Friedhof nehmen und wiederbeleben.",
     de="Reborn holt genau eine Karte von deinem eigenen Friedhof.",
     en="Reborn brings back exactly one card from your own graveyard.",
     when_de="Wenn eine Karte auf deinem Friedhof liegt.", when_en="When a card lies in your graveyard.")
rule("monkic.curse.psycho-hand-card", source=S2, section="Karten",
     quote="Psycho: Du darft für einen Zug eine Karte deines Gegners benutzen(nur Karte, die auf der Hand des "
           "Gegners ist).",
     de="Psycho nimmt genau eine Karte von der Hand des Gegners.",
     en="Psycho takes exactly one card from the opponent's hand.",
     when_de="Wenn der Gegner eine Karte auf der Hand hat.", when_en="When the opponent has a hand card.")
rule("monkic.curse.psycho-immune", source=S2, section="Karten",
     quote="Roboter, Golem, Skelett (, SuperPower): Sind gegen die Karte Psycho immun.",
     de="{card} ist gegen Psycho immun.", en="{card} is immune to Psycho.",
     when_de=NEVER_DE, when_en=NEVER_EN)
rule("monkic.curse.erdbeben-two-each", source=S2, section="Karten",
     quote="Erdbeben: Vernichtet zwei Karten von deiner Hand und zwei Karten von der Hand deines Gegners. "
           "Die Karten darft du dir aussuchen.",
     de="Erdbeben: nenne zwei Karten deiner Hand und zwei der Hand des Gegners (weniger nur, wenn weniger da sind).",
     en="Erdbeben: name two of your hand cards and two of the opponent's (fewer only if there are fewer).",
     when_de=NEVER_DE, when_en=NEVER_EN)
rule("monkic.curse.superpower-immune", source=S2, section="SuperPower",
     quote="SuperPower ist flüchen gegenüber immun ( z. B. Dornenfalle, Psycho, Vampir, Reaper, Erdbeben).",
     de="{card} ist (durch SuperPower) gegen Flüche immun.",
     en="{card} is immune to curses (through SuperPower).",
     when_de=NEVER_DE, when_en=NEVER_EN)
rule("monkic.curse.no-targets", source=S2, section="Karten",
     quote="Heilung: Heilt deine Lebenspunkte um zwei.",
     de="{card} wählt keine Karten und opfert keine Joker.",
     en="{card} picks no cards and takes no sacrifice.",
     when_de=NEVER_DE, when_en=NEVER_EN)

# ------------------------------------------------------------------ Dornenfalle
rule("monkic.trap.by-activation", source=S2, section="Karten",
     quote="Wenn die Karte aktiviert ist, kannst du diese einsetzten, wenn dich jemand angreift.",
     de="Die Dornenfalle spielt man nicht aus: aktiviere sie, dann wirkt sie, wenn du angegriffen wirst.",
     en="The Dornenfalle is not played: activate it, then it works when you are attacked.",
     when_de="Nach dem Aktivieren, wenn du angegriffen wirst.", when_en="Once activated, when you are attacked.")
rule("monkic.trap.not-your-trap", source=S2, section="Karten",
     quote="Bevor du sie benutzen kannst, musst du sie aktivieren, dies kannst du machen, indem du das "
           "sagst(also nicht vergessen!).",
     de="{card} ist keine nicht aktivierte Dornenfalle auf deinem Tisch.",
     en="{card} is not an inactive Dornenfalle on your table.",
     when_de="Mit einer eigenen, noch nicht aktivierten Dornenfalle.",
     when_en="With an inactive Dornenfalle of your own.")
rule("monkic.trap.not-active", source=S2, section="Karten",
     quote="Sie ist nur einmal im Zug einsetzbar und wird vom Tisch gespielt. ... Wenn die Karte aktiviert ist, "
           "kannst du diese einsetzten, wenn dich jemand angreift.",
     de="{card} ist keine aktivierte Dornenfalle des Verteidigers, die in diesem Zug noch nicht eingesetzt wurde.",
     en="{card} is not an activated Dornenfalle of the defender that is still unused this turn.",
     when_de="Mit einer aktivierten Dornenfalle des Verteidigers, einmal im Zug.",
     when_en="With an activated Dornenfalle of the defender, once per turn.")
rule("monkic.trap.two-jokers", source=S2, section="Karten",
     quote="Die Karte ist unsterblich, es sei denn, dein Gegner opfert 2 Joker, um die zu vernichten.",
     de="Eine Dornenfalle des Gegners vernichtest du nur mit zwei geopferten Jokern.",
     en="You destroy the opponent's Dornenfalle only by sacrificing two jokers.",
     when_de="Mit zwei eigenen Jokern.", when_en="With two jokers of your own.")

# ------------------------------------------------------------------ Joker in Hand, Extra
rule("monkic.joker-in-hand.once", source=S2, section="Karten",
     quote="Joker in Hand: Du darft dir einen Joker(auch Joker Kind und Joker Dame) aus dem Stapel suchen und "
           "auf die Hand oder den Tisch legen.",
     de="{card} ist keine unbenutzte Karte Joker in Hand von dir.",
     en="{card} is not an unused Joker in Hand of yours.",
     when_de="Einmal mit jeder eigenen Karte Joker in Hand.", when_en="Once with each Joker in Hand of yours.")
rule("monkic.joker-in-hand.none-left", source=S2, section="Karten",
     quote="Joker in Hand: Du darft dir einen Joker(auch Joker Kind und Joker Dame) aus dem Stapel suchen",
     de="Im Stapel ist kein {joker} mehr.", en="There is no {joker} left in the stack.",
     when_de=NEVER_DE, when_en=NEVER_EN)
rule("monkic.exchange.only-extra", source=S2, section="Karten(Extra)",
     quote="Bei der Extravariante des Spiels, kann eine SuperPower oder Elemente Karte gegen eine XXL Karte "
           "eingetauscht werden.",
     de="Tauschen gegen XXL Karten gibt es nur in der Extravariante.",
     en="Exchanging for XXL cards exists only in the Extra variant.",
     when_de="In einem Spiel mit der Extravariante.", when_en="In a game with the Extra variant.")
rule("monkic.exchange.only-special", source=S2, section="Karten(Extra)",
     quote="Bei der Extravariante des Spiels, kann eine SuperPower oder Elemente Karte gegen eine XXL Karte "
           "eingetauscht werden.",
     de="Eintauschen kannst du nur eine eigene SuperPower oder Elemente Karte.",
     en="You can exchange only a SuperPower or Elemente card of your own.",
     when_de="Mit einer eigenen SuperPower oder Elemente Karte.", when_en="With a SuperPower or Elemente card of yours.")
rule("monkic.exchange.no-return", source=S2, section="Karten(Extra)",
     quote="Ein Rücktausch ist nicht möglich.",
     de="Ein Rücktausch ist nicht möglich.", en="An XXL card is never exchanged back.",
     when_de=NEVER_DE, when_en=NEVER_EN)
rule("monkic.exchange.none-left", source=S2, section="Vorbereitung",
     quote="XXL Karten kann man nicht ziehen und kommen daher auch nicht auf den Stapel",
     de="Es ist keine XXL Karte {card} mehr übrig.", en="There is no XXL card {card} left.",
     when_de=NEVER_DE, when_en=NEVER_EN)
