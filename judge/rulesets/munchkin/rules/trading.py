"""Selling, trading and charity (000 Gegenstände verkaufen / handeln, Phase 4: Milde Gabe)."""

from __future__ import annotations

from judge.rules.ruling import SEED_000 as S0
from judge.rules.ruling import SEED_001 as S1
from judge.rules.ruling import rule

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
rule("munchkin.trade.not-during-combat", source=S0, section="Weitere Aktionen im Kampf",
     quote="Alle diese Aktionen sind sowohl im eigenen Kampf erlaubt als auch in Kämpfen anderer Spieler! ... Es ist allerdings nicht erlaubt, während eines Kampfes Gegenstände zu stehlen (Dieb), zu verkaufen oder zu handeln",
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
