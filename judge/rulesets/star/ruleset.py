"""Star Munchkin (004, with Clown Wars) as a layer on the Munchkin base game.

The layer overrides the named set hooks (judge/rulesets/munchkin/hooks.py) and
extends the handler tables; rule code asks traits ("race:cyborg",
"class:gadgeteer"), never card ids. docs/architecture.md, "How to write a set
layer".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from judge.cards import Card
from judge.rules.analysis import Term
from judge.rules.engine import Action
from judge.rules.ruling import Rejected, reject
from judge.rulesets.munchkin import Munchkin
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin import reshuffle
from judge.rulesets.munchkin.dispatch import extended
from judge.rulesets.munchkin.hooks import BASE_SLOTS
from judge.rulesets.munchkin.lone_card import LoneCardHidesDisadvantages
from judge.rulesets.munchkin.sets import MixerSet
from judge.rulesets.munchkin.state import MunchkinState, Player
from judge.rulesets.munchkin.tx import _Tx
from judge.rulesets.munchkin.undead import UndeadFollow
from judge.rulesets.star import narration
from judge.rulesets.star import rules as _rules  # noqa: F401  (registers star.*)
from judge.rulesets.star.cyborg import CyborgRules, death_averted
from judge.rulesets.star.decisions import DECISIONS
from judge.rulesets.star.gadgeteer import DEFUSE, GadgeteerRules
from judge.rulesets.star.enhancers import EnhancerRules, enhancer_played
from judge.rulesets.star.gear import GearRules
from judge.rulesets.star.rooms import RoomRules, room_window
from judge.rulesets.star.schema import escape_impossible, reward_doors
from judge.rulesets.star.hirelings import FOLLOWER_KINDS, HirelingRules, hireling_sacrificed

#: 004 "Gegenstände": "Der Gadegeteer kann beliebig viele Komplexe Gegenstände tragen und benutzen."
MANY_COMPLEX = "class:gadgeteer"
#: 004 "Gegenstände": "(beispielsweise ein Mutant), die dir erlauben, mehr zu nutzen": how many more
#: is not printed in 004; docs/rules.md, decisions.
MUTANT = "race:mutant"
MUTANT_EXTRA_SLOTS: Mapping[str, int] = {"headgear": 1}
#: A run-away target no die and modifier reach ("Flucht unmöglich").
NO_ESCAPE = 1_000
#: 004 Kopfgeldjäger, "Freiberufliche Mitarbeit".
BOUNTY_HUNTER = "class:kopfgeldjaeger"


def _contract_taken(s: MunchkinState, e: dict[str, Any]) -> None:
    pile = list(s.discards["door"])  # shared with the state it was copied from: replaced, not changed
    pile.pop(e["index"])
    s.discards["door"] = pile
    s.players[e["seat"]].hand.append(e["card"])


class Star(LoneCardHidesDisadvantages, UndeadFollow, CyborgRules, GadgeteerRules, RoomRules):
    """The ``star`` ruleset: Star Munchkin (004)."""

    name = "star"
    title = "Star Munchkin (004, with Clown Wars), on the base game's engine"
    rules_version = "1"
    card_sets: tuple[str, ...] = ()
    card_files: tuple[Path, ...] = (Path(__file__).parent / "cards.toml",)
    sentences = narration.SENTENCES  # its own effects' words (judge/rulesets/star/narration.py)
    mixer_set = MixerSet("star", number=4)
    decisions = Munchkin.decisions + DECISIONS
    # 004 "Untote Monster" (``UndeadFollow``)
    undead_rulings = ("star.undead.nothing-to-follow", "star.undead.not-undead")

    # ------------------------------------------------------------------ races and classes

    def enabler_lost(self, tx: _Tx, seat: int, place: str) -> bool:
        """004 "Rassen / Klassen": Super Munchkin "funktioniert genau so wie die Karte Halb-Blut, nur dass sie
        sich auf Klassen bezieht", and Halb-Blut goes "Sobald du keine Rasse mehr im Spiel hast": Super
        Munchkin goes with the last class, not with either."""
        if place == "class":
            return not tx.state.players[seat].classes
        return super().enabler_lost(tx, seat, place)

    def check_timing(self, tx: _Tx, seat: int, card: Card) -> None:
        """004 "Rassen / Klassen": "Rassen und Klassen dürfen nur im eigenen Zug ausgespielt werden oder in dem
        Moment, in dem du sie ziehst": 001's row for races and classes, in 004's words. Halb-Blut's "zu jeder
        Zeit eine weitere Rasse hinzufügen" lives within it (docs/rules.md, decisions)."""
        try:
            super().check_timing(tx, seat, card)
        except Rejected as e:
            if e.ruling.rule_id != "munchkin.timing.race-class":
                raise
            raise reject("star.timing.race-class", **e.ruling.details) from None

    # ------------------------------------------------------------------ items

    def check_carry(self, tx: _Tx, p: Player, card: Card) -> None:
        """004 "Gegenstände": any number of normal items, one complex item (a Gadgeteer: any number)."""
        if card.complex and not self.has_trait(tx, p, MANY_COMPLEX):
            if any(tx.cards[i.card].complex for i in p.items if i.card in tx.cards):
                raise reject("star.item.one-complex")
        super().check_carry(tx, p, card)

    def slot_capacity(self, tx: _Tx, p: Player) -> Mapping[str, int]:
        base = super().slot_capacity(tx, p)
        if not self.has_trait(tx, p, MUTANT):
            return base
        return {slot: n + MUTANT_EXTRA_SLOTS.get(slot, 0) for slot, n in {**BASE_SLOTS, **base}.items()}

    def power_terms(self, tx: _Tx, seat: int) -> list[Term]:
        """004 "Handlanger": a hireling does what its card says: its printed bonus counts for its owner."""
        p = tx.state.players[seat]
        return super().power_terms(tx, seat) + [
            Term("hireling", tx.cards[h].bonus, "star.strength.hireling", h, f"seat:{seat}")
            for h in self.hirelings(tx, p) if tx.cards[h].bonus]

    # ------------------------------------------------------------------ door

    def on_door(self, tx: _Tx, seat: int, card: Card) -> None:
        """004 "Phase 1: Tür eintreten": "Hast du eine Falle aufgedeckt, wirkt diese sofort auf dich"
        (a trap is handled as a curse: 004 "Kombiniere ...": "Fallen und Flüche werden als derselbe Typ
        von Karten behandelt")."""
        if card.kind == "trap":
            self.curse_from_door(tx, seat, card)
            if not tx.state.finished:
                tx.emit("PhaseChanged", phase="after-door")
            return
        if card.kind == "portal":
            self.portal_from_door(tx, seat, card)
            return
        if card.kind == "room":
            self.enter_room(tx, seat, card)
            return
        super().on_door(tx, seat, card)

    # ------------------------------------------------------------------ combat

    def win_combat(self, tx: _Tx) -> None:
        """The base win, then the face-down doors 004 adds: what the defeated monsters' cards give
        (Har Har: "Lars, weil das Teil der Belohnung für denjenigen ist, der Har Har besiegt") and a
        Kopfgeldjäger helper's "Freiberufliche Mitarbeit"."""
        c = tx.state.combat
        assert c is not None
        fighter, helper = c.fighter, c.helper
        killed = [m.card for m in c.monsters if not m.eliminated]
        super().win_combat(tx)
        if tx.state.finished:
            return
        doors = sum(reward_doors(tx.cards[m]) for m in killed)
        if doors:
            self._draw_doors(tx, fighter, doors)
        if helper is not None and killed and self.has_trait(tx, tx.state.players[helper], BOUNTY_HUNTER):
            self._draw_doors(tx, helper, 1)

    def eliminate_monster(self, tx: _Tx, index: int, *, treasure: bool, by: str) -> None:
        """004 "Gewonnen!": "Ziehe so viele Schatzkarten, wie auf der Monsterkarte angegeben ... – egal, ob du
        das Monster getötet oder anders eliminiert hast": an eliminated monster's treasures are drawn when the
        combat is won (lost, none: "bekommst du für das eliminierte Monster keinen Schatz")."""
        c = tx.state.combat
        assert c is not None
        fighter, last = c.fighter, all(m.eliminated for i, m in enumerate(c.monsters) if i != index)
        doors = sum(reward_doors(tx.cards[m.card]) for m in c.monsters)
        super().eliminate_monster(tx, index, treasure=True, by=by)
        if last and doors and not tx.state.finished:
            # Har Har: the face-down door is "Teil der Belohnung für denjenigen ..., der Har Har besiegt".
            self._draw_doors(tx, fighter, doors)

    def run_away_target(self, tx: _Tx, seat: int, index: int) -> int:
        """Gehirn im Glas: "Für alle anderen ist Flucht unmöglich!": no roll reaches the target (a hireling's
        sacrifice still escapes: 004 "Handlanger")."""
        c = tx.state.combat
        assert c is not None
        if escape_impossible(tx.cards[c.monsters[index].card]):
            return NO_ESCAPE
        return super().run_away_target(tx, seat, index)

    def _draw_doors(self, tx: _Tx, seat: int, count: int) -> None:
        if self.dealt(tx):
            self.deal_hidden(tx, seat, "door", count)
        else:
            tx.emit("CardsDrawn", seat=seat, deck="door", cards=[], unknown=count)

    # ------------------------------------------------------------------ abilities

    def _do_star_use_ability(self, tx: _Tx, seat: int, a: A.UseAbility) -> None:
        if a.ability == "sacrifice-hireling":
            self.sacrifice_hireling(tx, seat, a)
        elif a.ability == "new-contract":
            self._new_contract(tx, seat, a)
        elif a.ability == DEFUSE:
            self._defuse(tx, seat, a)
        else:
            Munchkin.action_handlers["use_ability"](self, tx, seat, a)

    def _new_contract(self, tx: _Tx, seat: int, a: A.UseAbility) -> None:
        """004 Kopfgeldjäger, "Neuer Auftrag": "Wenn eine Monsterkarte oben auf dem Ablagestapel liegt,
        darfst du alle Handkarten ablegen und dafür das Monster nehmen. Das darfst du nicht während eines
        Kampfes tun." """
        p = tx.state.players[seat]
        if not self.has_trait(tx, p, BOUNTY_HUNTER):
            raise reject("munchkin.ability.not-yours", ability=a.ability)
        if tx.state.combat is not None:
            raise reject("star.contract.not-in-combat")
        pile = tx.state.discards["door"]
        if not pile or tx.cards[pile[-1]].kind != "monster":
            raise reject("star.contract.no-monster-on-top")
        if not p.hand_size:
            raise reject("munchkin.ability.empty-hand")
        index, monster = len(pile) - 1, pile[-1]
        mark = len(tx.effects)
        tx.emit("HandDiscarded", seat=seat, cards=list(p.hand), unknown=p.unknown, decks=self.cards_by_deck(tx, p.hand))
        # At a reported table the discarded hand may show that the discards were shuffled into a new pile
        # (judge/rulesets/munchkin/reshuffle.py): the bottom of the pile left it, the monster moved down.
        index -= sum(e["count"] for e in tx.effects[mark:] if e["type"] == reshuffle.EFFECT and e["deck"] == "door")
        if index < 0 or tx.state.discards["door"][index] != monster:
            raise reject("star.contract.no-monster-on-top")  # it went into the new pile itself
        tx.emit("ContractTaken", seat=seat, card=monster, index=index)

    def ability_candidates(self, s: MunchkinState, seat: int, cards: Any) -> Iterable[Action]:
        """The base game's abilities, and Star's: a hireling's sacrifice (alone, or taking the helper
        along) and the Kopfgeldjäger's new contract; each is checked by ``decide`` before it is listed."""
        yield from super().ability_candidates(s, seat, cards)
        c = s.combat
        for h in s.players[seat].table:
            if h in cards and cards[h].kind in FOLLOWER_KINDS:
                yield A.UseAbility(ability="sacrifice-hireling", item=h)
                if c is not None and c.helper is not None and seat == c.fighter:
                    yield A.UseAbility(ability="sacrifice-hireling", item=h, target_seat=c.helper)
        yield A.UseAbility(ability="new-contract")
        yield from self.defuse_candidates(s, seat, cards)

    # ------------------------------------------------------------------ not items

    def _do_star_give_item(self, tx: _Tx, seat: int, a: A.GiveItem) -> None:
        self._refuse_followers(tx, [a.card])
        Munchkin.action_handlers["give_item"](self, tx, seat, a)

    def _do_star_propose_trade(self, tx: _Tx, seat: int, a: A.ProposeTrade) -> None:
        self._refuse_followers(tx, [*a.give, *a.receive])
        Munchkin.action_handlers["propose_trade"](self, tx, seat, a)

    action_handlers = extended(Munchkin.action_handlers, use_ability=_do_star_use_ability,
                               play_card=UndeadFollow.play_undead,
                               choose_card=CyborgRules._do_star_choose_card,
                               look_for_trouble=RoomRules._do_room_look_for_trouble,
                               loot_room=RoomRules._do_room_loot_room,
                               give_item=_do_star_give_item, propose_trade=_do_star_propose_trade)
    play_handlers = extended(Munchkin.play_handlers, race=CyborgRules._play_star_race,
                             trap=Munchkin.play_handlers["curse"],
                             portal=GearRules._play_portal, item_enhancer=EnhancerRules._play_item_enhancer,
                             room=RoomRules._play_room, wandering_monster=RoomRules._play_star_wandering_monster,
                             **{kind: HirelingRules._play_hireling for kind in FOLLOWER_KINDS})
    effect_handlers = extended(Munchkin.effect_handlers, HirelingSacrificed=hireling_sacrificed,
                               DeathAverted=death_averted, ContractTaken=_contract_taken,
                               ItemEnhanced=enhancer_played, RoomWindow=room_window)
    # The fields a card of Star's kinds takes (a trap names its victim; an enhancer its item).
    play_fields = {**Munchkin.play_fields, "trap": frozenset({"target_seat"}),
                   "item_enhancer": frozenset({"with_card"}), "room": frozenset({"target_seat"})}
