"""When each rule above that does not say so inline would be legal."""

from __future__ import annotations


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
    "munchkin.deal.reported-table": ("An einem Tisch mit echten Karten nur für die neuen Handkarten eines gestorbenen "
                                     "Charakters, wenn sein Zug beginnt.",
                                     "At a table with physical cards only for the new hand of a character that "
                                     "died, as its turn starts."),
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


def apply_when() -> None:
    """Add the texts to the registered rules (after every area module registered its rules)."""
    import dataclasses

    from judge.rules.ruling import RULES

    for rule_id, (de, en) in _WHEN.items():
        r = RULES[rule_id]
        if not r.legal_when_en:
            RULES[rule_id] = dataclasses.replace(r, legal_when_de=de, legal_when_en=en)
