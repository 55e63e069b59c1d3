"""Two players, two characters each (001 "MUNCHKIN FÜR ZWEI SPIELER").

"Ein Spieler übernimmt Charakter 1 und Charakter 3, der andere Charakter 2 und
Charakter 4. Die Spielreihenfolge geht von 1 bis 4": the game has four seats,
one per character, in turn order; seats 0 and 2 are one person's characters,
seats 1 and 3 the other's, and each character's alter ego is the other
character of the same person (seat + 2, modulo 4). Left and right neighbours
are the neighbouring seats ("Charakter 2 der linke Nachbar von Charakter 1,
und Charakter 4 ist dessen rechter Nachbar"), as in any game. One person's
seat token acts for both of their characters (``person_seats``); a command
names the character that acts.

The restrictions, each refused with its ruling (``twoplayer.*``): no part in
the alter ego's combat, helping or hindering (``no-interference``, no Space
Ranger exception: a Space Ranger cannot be asked either); no trade
(``no-trade``) and no gift (``no-gift``), though a thief may steal from it; no
curse or trap (``no-curse``, but the cards of ``MAY_OR_MUST_INVOLVE``), no
level-up card and no origin (``no-level-up``) on the alter ego; the cards of
``NEVER_INVOLVE`` never on it (``never-involved``). Bad stuff and events that
hit "alle anderen Spieler" hit the alter ego as in any game: the judge does
not exclude it there. Charity goes to one of the opponent's characters, to the
alter ego only when both are at the giver's level or higher; the alter ego
loots a corpse last; listen at the door is always played; the person whose
character reaches the winning level wins with both characters.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, ClassVar

from judge.common.errors import InvalidArgument
from judge.common.i18n import N_
from judge.rules.ruling import reject
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.sentences import nsaid_in_munchkin
from judge.rulesets.munchkin.variants import MunchkinVariant
from judge.rulesets.munchkin.variants.listen import ListenAtTheDoor

if TYPE_CHECKING:
    from judge.cards import Card
    from judge.rules.engine import Action, GameSetup
    from judge.rulesets.munchkin.contract import LayerHost
    from judge.rulesets.munchkin.tx import _Tx

CHARACTERS = 4

#: "Bei diesen Karten kann bzw. muss das Alter Ego ebenfalls betroffen werden" (001, as printed).
MAY_OR_MUST_INVOLVE: tuple[str, ...] = (
    "Fluch! Alles ist relativ!",
    "Fluch! Einkommensteuer!",
    "Fluch! Fliegenfallen-Flokati",
    "Fluch! Ich habe einen Stein",
    "Fluch! Kräfte ändern sich!",
    "Fluch! Mietling-Maut",
    "Fluch! Neuauflage der Regeln",
    "Fluch! Spielleiter-Willkür",
    "Fluch! Verdorbene Verpflegung",
    "Falle! Sue Nahmi",
    "Falle! Transporterfehler",
    "Der Felsen stürzt herab, alle sterben",
    "Die alte Welt gibt's nicht mehr",
    "Töte den Mietling, Bye-Bye Lakai u. ä.",
    "Mächtig prächtiger Hut",
    "Göttliche Intervention",
    "Unheilvolle Intervention",
    "Die Monster sind beschäftigt",
    "Balzruf",
    "Zwergenweitwurf",
    "Effekte, die dadurch auftreten, dass manche Spieler der Klasse Kultist angehören",
)

#: "Bei diesen Karten darf das Alter Ego in keinem Fall involviert werden" (001, as printed).
NEVER_INVOLVE: tuple[str, ...] = (
    "Fluch! Fthagn!",
    "Fluch! Großzügigkeit",
    "Falle! Trank der Großzügigkeit",
    # "Kraft: Betörung, Faszination, Herrschaft, Hypnose, Austausch, Anfeuerung, Rudelgefährten": seven powers
    "Betörung", "Faszination", "Herrschaft", "Hypnose", "Austausch", "Anfeuerung", "Rudelgefährten",
    "Den Ladenbesitzer überfallen",
    "Handlanger Schurke",
    "Doppelt gezinkter Würfel",
    "Mystische Übereinstimmung",
    "Schadenfreudische Fehltreter",
    "Schlechtes Feng Shui",
    "Überfalltrank",
    "Du hast mein Leben gerettet!",
    "Knieschützer der Verlockung",
    "Feindlichen Agenten verführen",
    "Hilf mir!",
    "Sinnloser Akt der Güte",
    "Das Blaue Auge (hinsichtlich Verschenken)",
    "Schlechtes Feng Shui",
    "Wir sind doch alle Freunde hier",
    "Wunschring 2.0",
)

#: The same list's last line names kinds of monsters, not cards: "Untote Monster, Fledermäuse, Hong-Kong-Monster,
#: Monster in Schwarz, Goth-Monster, Drachen, Goblins, Weihnachtsmonster und Haie" (as the cards' tags, and a
#: card's ``undead`` mark for the first).
NEVER_INVOLVE_MONSTERS: frozenset[str] = frozenset({
    "undead", "bat", "hong-kong", "men-in-black", "goth", "dragon", "goblin", "christmas", "shark"})

#: Card kinds that enter a combat whoever plays them.
COMBAT_KINDS = frozenset({"monster", "wandering_monster", "monster_enhancer", "monster_enhancer_enhancer", "mate"})
#: "keine Steige-eine-Stufe-auf-Karte oder eine Herkunft".
LEVEL_UP_KINDS = frozenset({"level_up", "origin"})
CURSE_KINDS = frozenset({"curse", "trap"})


def alter_ego(seat: int) -> int:
    """The other character of the same person ("wenn z. B. Charakter 2 am Zug ist, Charakter 4")."""
    return (seat + 2) % CHARACTERS


def person_seats(seat: int) -> tuple[int, int]:
    """Both characters of the person who plays ``seat``, in seat order."""
    return (min(seat, alter_ego(seat)), max(seat, alter_ego(seat)))


def _named(name: str, names: tuple[str, ...]) -> bool:
    return name in names


def never_involves(card: Card) -> bool:
    """Is ``card`` one of those with which "das Alter Ego in keinem Fall involviert werden" may: named in
    ``NEVER_INVOLVE``, or a monster of a kind ``NEVER_INVOLVE_MONSTERS`` names?"""
    if _named(card.name, NEVER_INVOLVE):
        return True
    kinds = set(card.tags) | ({"undead"} if card.undead else set())
    return card.kind == "monster" and bool(kinds & NEVER_INVOLVE_MONSTERS)


class TwoPlayers(MunchkinVariant):
    name: ClassVar[str] = "two-players"
    doc: ClassVar[str] = ("Two players, two characters each: seats 0+2 and 1+3 are one person each, with the "
                          "alter-ego restrictions, charity and looting of the text; listen at the door is always "
                          "played (001, MUNCHKIN FÜR ZWEI SPIELER).")
    # "Außerdem wird die Variante „An der Tür lauschen“ gespielt (s. o.)"
    implies: ClassVar[tuple[str, ...]] = (ListenAtTheDoor.name,)

    def check_setup(self, ruleset: LayerHost, setup: GameSetup) -> None:
        if len(setup.seats) != CHARACTERS:
            raise InvalidArgument("seats", nsaid_in_munchkin(
                N_("the variant {variant} is played with {n} seat, one per character: two players play two "
                   "characters each (001, MUNCHKIN FÜR ZWEI SPIELER: Charakter 1 und 3, Charakter 2 und 4); "
                   "give {n} seat, got {got}"),
                N_("the variant {variant} is played with {n} seats, one per character: two players play two "
                   "characters each (001, MUNCHKIN FÜR ZWEI SPIELER: Charakter 1 und 3, Charakter 2 und 4); "
                   "give {n} seats, got {got}"),
                CHARACTERS, variant=self.name, got=len(setup.seats)))

    def co_winners(self, ruleset: LayerHost, tx: _Tx, winners: list[int]) -> list[int]:
        """"Sieger ist ... der Spieler, der mit einem seiner Charaktere als erster die Stufe 10 ... erreicht"."""
        return [alter_ego(w) for w in winners]

    def order_looters(self, ruleset: LayerHost, tx: _Tx, dead: int, groups: list[list[int]]) -> list[list[int]]:
        """"ist das Alter Ego des Gestorbenen unabhängig von seiner Stufe als Letzter dran"."""
        ego = alter_ego(dead)
        if not any(ego in g for g in groups):
            return groups
        rest = [[i for i in g if i != ego] for g in groups]
        return [g for g in rest if g] + [[ego]]

    def check_action(self, ruleset: LayerHost, tx: _Tx, seat: int | None, action: Action) -> None:
        if seat is None:
            return
        ego = alter_ego(seat)
        c = tx.state.combat
        if c is not None and seat not in ruleset.fighters(c) and ego in ruleset.fighters(c) \
                and _enters_combat(ruleset, tx, action, ruleset.fighters(c)):
            raise reject("twoplayer.alter-ego.no-interference", seat=seat, other=ego)
        if isinstance(action, A.AskForHelp) and action.helper == ego:
            raise reject("twoplayer.alter-ego.no-interference", seat=ego, other=seat)
        if isinstance(action, A.ProposeTrade) and action.with_seat == ego:
            raise reject("twoplayer.alter-ego.no-trade", other=ego)
        if isinstance(action, A.GiveItem) and action.to_seat == ego:
            raise reject("twoplayer.alter-ego.no-gift", other=ego)
        if isinstance(action, A.PlayCard) and action.target_seat == ego and action.card in tx.cards:
            card = tx.cards[action.card]
            if never_involves(card):
                raise reject("twoplayer.alter-ego.never-involved", card=card.name, other=ego)
            if card.kind in CURSE_KINDS and not _named(card.name, MAY_OR_MUST_INVOLVE):
                raise reject("twoplayer.alter-ego.no-curse", card=card.name, other=ego)
            if card.kind in LEVEL_UP_KINDS:
                raise reject("twoplayer.alter-ego.no-level-up", card=card.name, other=ego)

    def check_charity(self, ruleset: LayerHost, tx: _Tx, seat: int, action: Any, excess: int) -> bool:
        """"Die Milde Gabe wird jeweils nur an einen Charakter des Gegenspielers gegeben. Nur wenn dessen beide
        Charaktere eine höhere oder gleiche Stufe wie der aktive Charakter haben, erfolgt die Milde Gabe ggf. an
        das Alter Ego": the excess goes, all of it, to one of the opponent's characters of the lowest level
        below the giver's; when there is none, to the alter ego. Nothing is discarded."""
        ego = alter_ego(seat)
        targets = self.charity_recipients(ruleset, tx, seat)
        per: Counter[int] = Counter()
        for g in action.gifts:
            per[g.to_seat] += len(g.cards) + g.unknown
        dropped = len(action.discard) + action.discard_unknown
        if dropped or len(per) != 1 or next(iter(per)) not in targets:
            if targets == [ego]:
                raise reject("twoplayer.charity.alter-ego", other=ego)
            raise reject("twoplayer.charity.one-opponent-character", lowest=" / ".join(map(str, targets)))
        return True

    def charity_recipients(self, ruleset: LayerHost, tx: _Tx, seat: int) -> list[int]:
        """The opponent's characters of the lowest level below the giver's (one of them gets it all); if both
        are at the giver's level or higher, the alter ego alone. Dead characters count only when both are dead
        (as the set's rule: "an den oder die lebenden Spieler mit der niedrigsten Stufe", 001 6.)."""
        s = tx.state
        level = s.players[seat].level
        living = set(ruleset.living(s))
        opponents = [i for i in range(CHARACTERS) if i % 2 != seat % 2 and i in living] or \
            [i for i in range(CHARACTERS) if i % 2 != seat % 2]
        lower = [i for i in opponents if s.players[i].level < level]
        if not lower:
            return [alter_ego(seat)]
        low = min(s.players[i].level for i in lower)
        return [i for i in lower if s.players[i].level == low]


def _enters_combat(ruleset: LayerHost, tx: _Tx, action: Action, fighters: list[int]) -> bool:
    """Whether ``action`` takes part in the combat of ``fighters``: a card that enters any combat (monsters,
    enhancers, a wandering monster), a card played on a side, a monster or a fighter, an ability used on them,
    answering a call for help."""
    if isinstance(action, A.PlayCard):
        kind = tx.cards[action.card].kind if action.card in tx.cards else ""
        return (kind in COMBAT_KINDS or bool(action.side) or action.monster_index is not None
                or action.target_seat in fighters)
    if isinstance(action, A.UseAbility):
        return action.ability != "steal" and (action.monster_index is not None or action.target_seat in fighters)
    return isinstance(action, A.AnswerHelp)
