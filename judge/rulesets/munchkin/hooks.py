"""The named hooks a set layer overrides, with the base game's behaviour.

A set of the Munchkin family (Munchkin Babys, Star Munchkin ...) is a subclass
of ``Munchkin`` that overrides some of these methods; the engine calls them,
never a module constant or a private method found by name. Each hook says
what it decides and which text of 000 the base behaviour follows.
docs/architecture.md, "How to write a set layer", lists them with examples.

The hooks whose base behaviour belongs to one rule area are defined there,
each documented as a hook: ``traits``, ``has_trait``, ``can_use``
(character.py), ``room_for_big`` (items.py), ``win_combat``,
``take_treasures`` (combat.py), ``eliminate_monster``, ``check_timing``,
``divine_intervention`` (playing.py), ``next_turn`` (turn.py),
``order_looters`` (looting.py), ``enabler_lost`` (table.py), ``may_interrupt`` (pending.py),
``decide_action``, ``check_may_interfere`` (ruleset.py), ``power_terms``,
``monster_terms``, ``run_terms`` (analysis.py), ``candidate_actions``,
``ability_candidates`` (legal.py), ``check_position_seat``,
``position_layer_cards`` (position.py). contract.py lists every hook
(``HOOKS``) and the public surface a layer calls besides; no private method
is meant to be overridden.

A mixin of the Munchkin ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from judge.cards.schema import Effect as Harm
from judge.rules.ruling import reject
from judge.rulesets.munchkin.door import attacks, does_not_attack
from judge.rulesets.munchkin.variants import active_variants

if TYPE_CHECKING:
    from judge.cards import Card
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.state import Player
    from judge.rulesets.munchkin.tx import _Tx

# 000 "Gegenstände": "1 Kopfbedeckung, 1 Rüstung, 1 Schuhwerk und 2 Gegenstände für 1 Hand
# oder 1 Gegenstand für 2 Hände"; "hands" counts hands, the other slots count items.
BASE_SLOTS: Mapping[str, int] = {"headgear": 1, "armor": 1, "footgear": 1, "hands": 2}

HAND_SLOTS = ("1hand", "2hands")
# What hits the kicker from the door as a curse: "ein Fluch/Falle/Katastrophe/Geisteskrankheit" (001 "1. Tür öffnen";
# traps and catastrophes are the Mixer's, judge/rulesets/mixer/layer.py).
CURSE_KINDS = ("curse", "insanity")


def fits(used: list[Card], card: Card, capacity: Mapping[str, int] = BASE_SLOTS) -> bool:
    """Is there room to use ``card`` beside the items ``used``? (000 "Gegenstände":
    1 Kopfbedeckung, 1 Rüstung, 1 Schuhwerk, 2 Hände; a set's capacity from
    the ``slot_capacity`` hook.)"""
    if not card.slot:
        return True
    if card.slot not in HAND_SLOTS:
        return sum(1 for u in used if u.slot == card.slot) < capacity.get(card.slot, 0)
    hands = sum(1 if u.slot == "1hand" else 2 if u.slot == "2hands" else 0 for u in used)
    return hands + (1 if card.slot == "1hand" else 2) <= capacity.get("hands", 0)


class SetHooks:
    """The hooks of the Munchkin family, mixed into the Munchkin ruleset."""

    #: The lowest level of a character (000 "Stufen": "Deine Stufe kann niemals unter 1 fallen").
    level_floor = 1
    #: The level that wins (000 SPIELENDE: "Der erste Spieler, der Stufe 10 erreicht").
    winning_level = 10
    #: The hand limit at the end of a turn (000 "Phase 4: Milde Gabe": "mehr als 5 Karten").
    base_hand_limit = 5
    #: The roll that escapes (000 "Verloren!": "Du brauchst mindestens eine 5, um fliehen zu können").
    base_run_away_target = 5

    # ------------------------------------------------------------------ levels

    def level_floor_of(self: MunchkinHost, tx: _Tx, seat: int) -> int:
        """The lowest level ``seat``'s character can fall to (Star's Cyborg: 2)."""
        return self.level_floor

    def max_level(self: MunchkinHost, tx: _Tx) -> int:
        """The winning level: nobody goes above it, and only a kill (or a card
        that says so) reaches it. A variant may set another (the Epic goal: 20)."""
        for variant in active_variants(self, tx):
            level = variant.winning_level(self, tx)
            if level is not None:
                return level
        return self.winning_level

    # ------------------------------------------------------------------ hand, slots, items

    def hand_limit(self: MunchkinHost, tx: _Tx, p: Player) -> int:
        """Cards a player may keep at the end of the turn: 5, or what a race in
        play says (000 Zwerg: 6), whichever is higher."""
        limits = [tx.cards[r].hand_limit for r in p.races if r in tx.cards]
        return max([self.base_hand_limit, *limits])

    def identity_limit(self: MunchkinHost, tx: _Tx, p: Player, place: str) -> int:
        """How many races (``place`` "race") or classes ("class") ``p`` may have:
        one, two with Halb-Blut / Super Munchkin in play (000 "Rassen / Klassen")."""
        enabler = "half_breed" if place == "race" else "super_munchkin"
        return 2 if self.cards_of_kind(tx, p, enabler) else 1

    def slot_capacity(self: MunchkinHost, tx: _Tx, p: Player) -> Mapping[str, int]:
        """How many items of each slot ``p`` may use at once; ``"hands"`` counts hands."""
        return BASE_SLOTS

    def fits_beside(self: MunchkinHost, tx: _Tx, p: Player, used: list[Card], card: Card) -> bool:
        """Is there room for ``p`` to use ``card`` beside the items ``used``? The base game: the slots of
        ``slot_capacity`` (``fits``). Every slot question (playing, giving, the backpack, a position) comes
        here through ``slot_free``; a set whose items share slots otherwise (Star's laser weapons, the
        Mixer's complex items) overrides this one hook."""
        return fits(used, card, self.slot_capacity(tx, p))

    def big_item_limit(self: MunchkinHost, tx: _Tx, p: Player) -> int | None:
        """How many big items ``p`` may carry; None for any number (000
        "Gegenstände": one, "Zwerge können beliebig viele Große Gegenstände tragen")."""
        return None if any(tx.cards[r].big_items_unlimited for r in p.races if r in tx.cards) else 1

    def check_carry(self: MunchkinHost, tx: _Tx, p: Player, card: Card) -> None:
        """Raise the ruling that forbids ``p`` to take ``card`` into play (played,
        given, traded, a bribe), if any: 000 "Gegenstände": "Du darfst eine
        beliebige Anzahl an kleinen Gegenständen tragen, aber maximal einen
        Großen" (see ``big_item_limit``). A set with other
        carry limits (004: complex items) adds its own check and calls this."""
        if card.big and not self.room_for_big(tx, p):
            raise reject("munchkin.item.one-big")

    def item_bonus(self: MunchkinHost, tx: _Tx, card: Card, p: Player) -> int:
        """The bonus an item in use gives this player: the printed one, or the
        one printed for a trait the player has ("+1; +3 für Elfen"); the
        highest if several apply."""
        return max([card.bonus, *(b.bonus for b in card.bonus_for if self.has_trait(tx, p, b.trait))])

    def one_shot_discard_of(self: MunchkinHost, card: Card) -> str:
        """When a one-shot played in a combat reaches the discard pile: the set's ``one_shot_discard``
        ("when-played" or "after-combat"); a combined game asks the card's own set."""
        return self.one_shot_discard

    # ------------------------------------------------------------------ combat

    def run_away_target(self: MunchkinHost, tx: _Tx, seat: int, index: int) -> int:
        """The roll (die plus modifiers) ``seat`` needs to escape monster ``index``."""
        return self.base_run_away_target

    def helper_levels(self: MunchkinHost, tx: _Tx, helper: int, killed: list[int]) -> int:
        """Levels the helper gains for the monsters ``killed`` (000 "Um Hilfe
        bitten": "Hattest du einen Helfer, steigt dieser nicht auf (außer es ist
        ein Elf)!"): one per monster for a character whose race or class says
        so (``helper_gains_level``), none otherwise."""
        p = tx.state.players[helper]
        gains = any(tx.cards[r].helper_gains_level for r in p.races + p.classes if r in tx.cards)
        return len(killed) if killed and gains else 0

    def elimination_treasure_of(self: MunchkinHost, tx: _Tx, card: Card) -> bool:
        """Does a monster that ``card`` makes leave the combat unkilled still give its treasures when the
        combat is won? 000 "Gewonnen!": "Ziehe so viele Schatzkarten, wie auf der Monstercard angegeben ...
        – egal, ob du das Monster getötet oder anders eliminiert hast": yes, unless the card says otherwise
        (``elimination_no_treasure``: Verwandlungstrank's "Kein Schatz"). A layer with another rule says
        so here (003: none unless the card says so)."""
        return not card.elimination_no_treasure

    def no_kill_treasures(self: MunchkinHost, tx: _Tx) -> int:
        """Treasures for a combat won without a kill (every monster eliminated:
        000 "Weitere Aktionen im Kampf"): what the eliminated monsters' cards
        still give."""
        return self.treasures_due(tx)

    def traits_seen_by_monster(self: MunchkinHost, tx: _Tx, p: Player, amount: int) -> set[str]:
        """The traits of fighter or helper ``p`` that a monster's printed bonus
        (``amount`` > 0) or penalty (< 0) against races, classes and sexes
        sees: all of them in the base game. A layer hides some (003's Halb-Blut
        with one race: "alle Vorteile, aber keine der Nachteile")."""
        return self.traits(tx, p)

    def stays_in_play(self: MunchkinHost, tx: _Tx, card_id: str) -> bool:
        """Does the card of a monster of the combat stay where it lies when the combat ends (a room's
        own monster: the room lies in play until the turn ends, 004 "Räume")? The base game: no,
        every monster card is discarded."""
        return False

    def before_bad_stuff(self: MunchkinHost, tx: _Tx, seat: int, index: int, harm: Harm) -> Harm | None:
        """Called when ``seat`` takes monster ``index``'s bad stuff, before it
        applies: returns the harm to apply (None: nothing happens). The base
        game changes nothing."""
        return harm

    # ------------------------------------------------------------------ door and death

    def on_door(self: MunchkinHost, tx: _Tx, seat: int, card: Card) -> None:
        """What the card kicked open does (000 "Phase 1: Tür eintreten"): a
        monster is fought, a curse hits the kicker, anything else goes to the
        hand; then phase 2 or 3 follows unless a combat began. A monster that does not attack the kicker
        (``will_not_attack``, ``will_not_attack_max_level``) starts no combat: 001 "1. Tür öffnen":
        "Handelt es sich um ein Monster, das dich nicht angreift, weiter bei 2."; it is discarded."""
        if card.kind == "monster" and attacks(tx, seat, card):
            tx.emit("CombatStarted", fighter=seat, card=card.id)
            return
        if card.kind == "monster":
            does_not_attack(tx, seat, card)
        elif card.kind in CURSE_KINDS:  # "ein Fluch/Falle/Katastrophe/Geisteskrankheit" (001 "1. Tür öffnen")
            self.curse_from_door(tx, seat, card)
        elif card.kind == "divine_intervention":
            self.divine_intervention(tx, card)
        else:
            tx.emit("CardsDrawn", seat=seat, deck="door", cards=[card.id], unknown=0)
        if not tx.state.finished:
            tx.emit("PhaseChanged", phase="after-door")

    def on_death(self: MunchkinHost, tx: _Tx, seat: int, source: str) -> None:
        """``seat``'s character dies (000 "Tod"): it keeps class(es), race(s),
        level and what goes with them, lasting curses and the cards in front
        with ``kept_at_death`` (001 "4b"); everything else is laid out for looting
        (after the combat, if one is going on). A layer may do something else
        instead (Star's Cyborg) and call this otherwise."""
        p = tx.state.players[seat]
        keep = set(p.races) | set(p.classes)
        lost_table = [t for t in p.table if t not in keep
                      and tx.cards[t].kind not in ("super_munchkin", "half_breed") and not self._is_lasting(tx, t)]
        # 001 "4b) Du bist tot. Du behältst nur ... ebenso etwaige ausliegende Feenstaubkarten."
        kept = [t for t in lost_table if tx.cards[t].kept_at_death]
        lost_table = [t for t in lost_table if t not in kept]
        tx.emit("PlayerDied", seat=seat, source=source, items=[i.card for i in p.items], table=lost_table,
                hand=list(p.hand), unknown=p.unknown)
        if kept:
            tx.emit("CardsKeptAtDeath", seat=seat, cards=kept, rule="munchkin.death.kept-in-front")
        c = tx.state.combat
        if c is None or seat not in self.fighters(c):
            self.start_looting(tx, [seat], then="")
