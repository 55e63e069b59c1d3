"""The Mixer's own rules (001 "MUNCHKIN IM MIXER"), first in a combined game's class.

``MixerRules`` comes before the sets' layers in the method resolution order (ruleset.py), so where the
sets disagree its hooks decide ("in a combined game the Mixer rules in 001 decide"), and otherwise hand on
to the layers. What it judges here:

* the catalogue: the union of the sets' cards (catalogue.py), and the decks of every copy;
* faster play: listen at the door unless the group turns it off (setup.py);
* "Fallen und Flüche werden ebenso wie Katastrophen als das gleiche behandelt": a trap or a catastrophe
  turned up or played hits as a curse (Star's trap handling, and the same for catastrophes);
* "Goldstücke und Credits sind dasselbe": a sale adds every card's value whatever its currency (the base
  sale, held by a test);
* "Große und komplexe Gegenstände sind nicht dasselbe. Jeder Spieler darf einen großen und einen komplexen
  Gegenstand benutzen. Er darf insgesamt mehrere komplexe, aber nur einen großen Gegenstand (im Rucksack)
  tragen": complex items beyond the first are carried in the backpack, one in use;
* steeds and vehicles (one; big, but not counted among the big items; a steed turned up face up fought as a
  monster of twice its bonus), ships (their run-away modifier overrides every other);
* mutants, demons and Gaki, the Gasmaske, Göttliche Intervention and the monster families (families.py);
* followers, identities and powers (followers.py);
* a rule about a card of one set follows that set (the one-shot's discard: 000 at once, 003 after the
  combat).

A mixin of the combined class; ``tx`` is the decision in progress.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from judge.cards import Card, CardError, Catalogue
from judge.cards.schema import Effect as Harm
from judge.common.errors import InvalidArgument
from judge.common.i18n import N_
from judge.rules.analysis import Term
from judge.rules.declarations import OptionSpec
from judge.rules.engine import Action, GameSetup, canonical_json
from judge.rules.ruling import Malformed, reject
from judge.rulesets.mixer import narration
from judge.rulesets.mixer import rules as _rules  # noqa: F401  (registers mixer.*)
from judge.rulesets.mixer.catalogue import VEHICLE_TAGS, card_order, mixer_catalogue, mixer_sets, union
from judge.rulesets.mixer.families import (FamilyRules, combat_started, goth_round_opened, goth_round_passed,
                                           monster_added)
from judge.rulesets.mixer.followers import (ONE_EACH, ORIGIN, POWER, SEVERAL, FollowerRules, follower_cards_lost,
                                            placed_on_follower)
from judge.rulesets.mixer.narration import said_in_mixer as _said
from judge.rulesets.mixer.setup import OPTIONS, SETS_OPTION, faster_play, parse_sets
from judge.rulesets.mixer.state import MixerState
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.ruleset import Munchkin
from judge.rulesets.star.ruleset import MANY_COMPLEX as MANY_COMPLEX_TRAIT
from judge.rulesets.star.gear import laser_fits
from judge.rulesets.star.hirelings import FOLLOWER_KINDS, HirelingRules, hireling_sacrificed

if TYPE_CHECKING:
    from judge.rulesets.munchkin.state import MunchkinState, Player
    from judge.rulesets.munchkin.tx import _Tx

STEED = "steed"
SHIP = "ship"
#: "In diesem Fall ist die Stufe des Rosses das Doppelte des aufgedruckten Bonuswertes, und wenn er es besiegt,
#: bringt es einen Schatz und eine Stufe. Die Schlimmen Dinge für jedes als Monster angegriffene Ross sind
#: „Verliere eine Stufe.“"
STEED_LEVEL_FACTOR = 2
STEED_TREASURES = 1
STEED_LEVELS = 1
STEED_BAD_STUFF = Harm(lose_levels=1)
CURSE_LIKE = ("trap", "catastrophe")


def steed_as_monster(card: Card) -> Card:
    """The steed ``card`` fought as a monster."""
    return dataclasses.replace(card, kind="monster", level=STEED_LEVEL_FACTOR * card.bonus,
                               treasures=STEED_TREASURES, levels=STEED_LEVELS, bad_stuff=STEED_BAD_STUFF,
                               slot="", big=False)


def is_vehicle(card: Card) -> bool:
    return any(t in VEHICLE_TAGS for t in card.tags)


def _steed_turned_up(s: MunchkinState, e: dict[str, Any]) -> None:
    assert isinstance(s, MixerState)
    s.steed = {"card": e["card"], "turn": s.turn}


def _steed_fought(s: MunchkinState, e: dict[str, Any]) -> None:
    assert isinstance(s, MixerState)
    s.steeds_fought.append(e["card"])
    s.steed = None


class MixerRules(FamilyRules, FollowerRules, Munchkin):
    """The Mixer's rules; a combined class is ``MixerRules`` plus the sets' layers (ruleset.py)."""

    name = "mixer"
    rules_version = "1"
    title = "Munchkin im Mixer (001): sets of the Munchkin family combined in one game"
    options: tuple[OptionSpec, ...] = OPTIONS  # type: ignore[assignment]  # the base's and the Mixer's
    #: The layers' merged handler tables without the Mixer's own (what a Mixer handler hands on to).
    layer_action_handlers: Mapping[str, Any] = Munchkin.action_handlers
    play_fields = {"catastrophe": frozenset({"target_seat"}), "trap": frozenset({"target_seat"}),
                   "item": frozenset({"with_card", "side", "monster_index"}),
                   "monster_enhancer": frozenset({"with_card"})}
    sentences = narration.SENTENCES  # the family's and the Mixer's own effects' (judge/rules/narration.py)

    # ------------------------------------------------------------------ catalogue and set-up

    def catalogue(self, custom: Iterable[dict[str, Any]] = ()) -> Catalogue:
        """000 "KOMBINIERE ...": "Mische alle Schatzkarten zusammen. Mische die Tür-, Stations- und
        Gassenkarten in einen Stapel": the sets' cards together, each as 001 derives it."""
        return mixer_catalogue(self.sets, canonical_json(list(custom)))

    def cards_of(self, state: MunchkinState) -> Catalogue:
        """The game's catalogue; a steed fought as a monster is that monster while the combat lasts."""
        cards = self.catalogue(state.setup.get("custom_cards", ()))
        fought = getattr(state, "steeds_fought", [])
        if not fought:
            return cards
        return Catalogue(steed_as_monster(c) if c.id in fought else c for c in cards.values())

    def card_of_other_set(self, card_id: str) -> Card | None:
        others = tuple(name for name in card_order() if name not in self.sets)
        return next((c for c in union(others) if c.id == card_id), None) if others else None

    def validate_setup(self, setup: GameSetup) -> None:
        sets = parse_sets(setup.options.get(SETS_OPTION, ",".join(self.sets)))
        if sets != self.sets:
            raise InvalidArgument(f"options.{SETS_OPTION}",
                                  _said(N_("judged by the rules of {sets}"), sets=", ".join(self.sets)))
        try:
            self.catalogue(setup.custom_cards)
        except CardError as e:
            raise InvalidArgument(f"custom_cards.{e.card}.{e.field}", e.message) from e
        super().validate_setup(faster_play(setup))

    def initial_state(self, setup: GameSetup) -> MunchkinState:
        return super().initial_state(faster_play(setup))

    # ------------------------------------------------------------------ which set's rule

    def one_shot_discard_of(self, card: Card) -> str:
        """A rule about a card of one set follows that set (docs/rules.md, decisions): a one-shot of 003 is
        discarded when the combat is over, one of 000 or 004 at once."""
        layer = mixer_sets().get(card.set)
        return layer.one_shot_discard if layer is not None else super().one_shot_discard_of(card)

    # ------------------------------------------------------------------ the door

    def on_door(self, tx: _Tx, seat: int, card: Card) -> None:
        """A catastrophe hits as a curse (a trap too: Star's layer, or here when Star is not combined); a steed
        turned up face up goes to the hand and may be fought as a monster in this phase."""
        if card.kind in CURSE_LIKE:
            self.curse_from_door(tx, seat, card)
            if not tx.state.finished:
                tx.emit("PhaseChanged", phase="after-door")
            return
        if STEED in card.tags and card.kind != "monster":
            tx.emit("CardsDrawn", seat=seat, deck="door", cards=[card.id], unknown=0)
            tx.emit("PhaseChanged", phase="after-door")
            tx.emit("SteedTurnedUp", seat=seat, card=card.id)
            return
        super().on_door(tx, seat, card)

    def _do_mixer_look_for_trouble(self, tx: _Tx, seat: int, a: A.LookForTrouble) -> None:
        """"Wird ein Ross offen gezogen, darf der Spieler es auch als Monster behandeln": the steed just turned
        up is fought as a monster (phase 2, as looking for trouble); no other steed is."""
        card = self.card(tx, a.card, "look_for_trouble.card")
        if STEED in card.tags and card.kind != "monster":
            s = tx.state
            assert isinstance(s, MixerState)
            if s.steed is None or s.steed["card"] != card.id or seat != s.active:
                raise reject("mixer.steed.only-when-turned-up", card=card.id)
            tx.emit("SteedFoughtAsMonster", seat=seat, card=card.id)
            tx.cards = self.cards_of(tx.state)
        self.layer_action_handlers["look_for_trouble"](self, tx, seat, a)

    def apply_effect(self, state: MunchkinState, effect: dict[str, Any]) -> None:
        """Each effect with the merged handlers; a steed is a monster only while its combat lasts, and may be
        fought only in the phase it was turned up in."""
        super().apply_effect(state, effect)
        assert isinstance(state, MixerState)
        if state.steeds_fought and effect["type"] == "CombatEnded":
            state.steeds_fought = []
        if state.steed is not None and (state.phase != "after-door" or state.turn != state.steed["turn"]
                                        or state.combat is not None):
            state.steed = None

    # ------------------------------------------------------------------ items

    def check_carry(self, tx: _Tx, p: Player, card: Card) -> None:
        """One vehicle (a steed, a car, a cart; a ship is none), big but not counted among the big items; any
        number of complex items carried (one in use: ``fits_beside``)."""
        if is_vehicle(card):
            if any(is_vehicle(tx.cards[i.card]) for i in p.items if i.card in tx.cards):
                raise reject("mixer.vehicle.only-one")
            card = dataclasses.replace(card, big=False)
        if card.complex:
            card = dataclasses.replace(card, complex=False)
        super().check_carry(tx, p, card)

    def room_for_big(self, tx: _Tx, p: Player) -> bool:
        """Vehicles are big items that do not count against the limit."""
        limit = self.big_item_limit(tx, p)
        return limit is None or sum(1 for i in p.items if tx.cards[i.card].big
                                    and not is_vehicle(tx.cards[i.card])) < limit

    def complex_in_use(self, tx: _Tx, p: Player, ignore: Iterable[str] = ()) -> list[str]:
        """The complex items ``p`` uses, but for those ``ignore`` names (one copy each)."""
        return [c.id for c in self.items_in_use(tx, p, ignore) if c.complex]

    def fits_beside(self, tx: _Tx, p: Player, used: list[Card], card: Card) -> bool:
        """A complex item is used only beside no other complex item in use (a Gadgeteer: any number);
        "Laserwaffen ... können zu einem einzigen zweihändigen Lasergeschütz zusammengesetzt werden": every
        laser weapon in use together takes two hands, in any combination of sets (Star's own rule, 004)."""
        if card.complex and not self.has_trait(tx, p, MANY_COMPLEX_TRAIT) and any(u.complex for u in used):
            return False
        return laser_fits(used, card, self.slot_capacity(tx, p))

    def _do_mixer_set_item_in_use(self, tx: _Tx, seat: int, a: A.SetItemInUse) -> None:
        p = tx.state.players[seat]
        card = self.card(tx, a.card, "set_item_in_use.card")
        if (a.in_use and card.complex and not self.has_trait(tx, p, MANY_COMPLEX_TRAIT)
                and any(i.card == card.id and not i.in_use for i in p.items)
                and self.complex_in_use(tx, p, a.to_backpack)):
            raise reject("mixer.item.one-complex-in-use")
        self.layer_action_handlers["set_item_in_use"](self, tx, seat, a)

    # ------------------------------------------------------------------ running away

    def run_terms(self, tx: _Tx, seat: int, index: int) -> list[Term]:
        """"Ein Weglaufen-Bonus oder -Malus eines Schiffes hat Vorrang vor allen anderen": with a ship's
        modifier in use, it is the only one."""
        terms = super().run_terms(tx, seat, index)
        ships = [t for t in terms if t.card in tx.cards and SHIP in tx.cards[t.card].tags]
        return ships or terms

    # ------------------------------------------------------------------ strength and traits

    def power_terms(self, tx: _Tx, seat: int) -> list[Term]:
        terms = super().power_terms(tx, seat)
        if not isinstance(self, HirelingRules):  # a follower's printed bonus (004 "Handlanger": Star's term,
            # which Star's layer counts itself when it is combined)
            p = tx.state.players[seat]
            terms += [Term("hireling", tx.cards[h].bonus, "star.strength.hireling", h, f"seat:{seat}")
                      for h in self.hirelings(tx, p) if tx.cards[h].bonus]
        return terms + self.follower_terms(tx, seat)

    def traits_seen_by_monster(self, tx: _Tx, p: Player, amount: int) -> set[str]:
        return self.mutant_alike(super().traits_seen_by_monster(tx, p, amount) | self.follower_traits(tx, p))

    # ------------------------------------------------------------------ actions

    def _do_mixer_play_card(self, tx: _Tx, seat: int, a: A.PlayCard) -> None:
        """Cards onto followers, monsters of a family and Hong Kong items into a combat; else the layers'."""
        card = self.card(tx, a.card, "play_card.card")
        if a.with_card and card.kind in ("item", "monster_enhancer") and not a.from_table:
            self._onto_follower(tx, seat, card, a)
            return
        if a.with_card and card.kind == "item":
            raise Malformed("play_card.with_card",
                            _said(N_("an item takes with_card only to name a follower carrying it")))
        if self.joins_family(tx, seat, card, a):
            return
        self.layer_action_handlers["play_card"](self, tx, seat, a)

    def _do_mixer_use_ability(self, tx: _Tx, seat: int, a: A.UseAbility) -> None:
        if a.ability == "sacrifice-hireling":
            # "Alle Anhänger können sich im Kampf für dich opfern": as Star's hireling; what lies on the
            # follower is lost with it (``decide_action``).
            self.sacrifice_hireling(tx, seat, a)
            return
        self.layer_action_handlers["use_ability"](self, tx, seat, a)

    def check_position_seat(self, tx: _Tx, seat: int, path: str) -> None:
        """A position's seat with more followers than it may have in play (docs/position.md): the
        group's ruling, as when a follower is played (``_play_follower``)."""
        if self.hirelings_over(tx, seat):
            raise reject("mixer.follower.only-one", field=f"{path}.other_cards")
        super().check_position_seat(tx, seat, path)

    def decide_action(self, tx: _Tx, seat: int | None, action: Action) -> None:
        super().decide_action(tx, seat, action)
        self.lose_follower_cards(tx)
        self.open_goth_round(tx)

    # ------------------------------------------------------------------ legal actions

    def candidate_actions(self, s: MunchkinState, seat: int) -> Iterable[Action]:
        yield from super().candidate_actions(s, seat)
        assert isinstance(s, MixerState)
        cards = self.cards_of(s)
        if s.steed is not None and seat == s.active and s.phase == "after-door":
            yield A.LookForTrouble(card=s.steed["card"])
        # A hireling's sacrifice is offered by Star's layer when it is combined.
        yield from self.follower_candidates(s, seat, cards, sacrifice=not isinstance(self, HirelingRules))
        yield from self.family_candidates(s, seat, cards)


MIXER_HANDLERS: Mapping[str, Mapping[str, Any]] = {
    "action_handlers": {"play_card": MixerRules._do_mixer_play_card,
                        "look_for_trouble": MixerRules._do_mixer_look_for_trouble,
                        "set_item_in_use": MixerRules._do_mixer_set_item_in_use,
                        "use_ability": MixerRules._do_mixer_use_ability,
                        "pass_in_round": FamilyRules._do_goth_pass},
    "play_handlers": {"catastrophe": Munchkin.play_handlers["curse"], "trap": Munchkin.play_handlers["curse"],
                      POWER: FollowerRules._play_power, ORIGIN: FollowerRules._put_on_table,
                      **{kind: FollowerRules._play_one_each for kind in (*ONE_EACH, *SEVERAL)},
                      **{kind: FollowerRules._play_enabler for kind in ("half_breed", "super_munchkin")},
                      **{kind: FollowerRules._play_follower for kind in FOLLOWER_KINDS}},
    "ability_handlers": {"turning": FamilyRules._ability_mixer_turning},
    "effect_handlers": {"HirelingSacrificed": hireling_sacrificed, "CardPlacedOnFollower": placed_on_follower,
                        "FollowerCardsLost": follower_cards_lost, "SteedTurnedUp": _steed_turned_up,
                        "SteedFoughtAsMonster": _steed_fought, "CombatStarted": combat_started,
                        "MonsterAdded": monster_added, "GothRoundOpened": goth_round_opened,
                        "GothRoundPassed": goth_round_passed},
}
