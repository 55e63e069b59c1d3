"""The Munchkin base game (000, rules 1.71) with the timing table of 001.

``decide`` validates a command against the state and returns the effects it
has; ``evolve`` applies one effect. Both are pure. Decisions are computed on
a working copy (``_Tx``) so that later checks in the same command see the
earlier effects (a kill raises the level, then the win is checked).
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections import Counter
from collections.abc import Iterable
from typing import Any

from judge.cards import Card, CardError, Catalogue, load_catalogue, shipped_sets
from judge.cards.schema import Effect as Harm
from judge.errors import InvalidArgument
from judge.rules.declarations import check_setup, option
from judge.rules.engine import Action, Command, Context, GameSetup, Viewer, canonical_json
from judge.rules.ruling import Malformed, Rejected, reject
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin import declared
from judge.rulesets.munchkin import rules as _rules  # noqa: F401  (registers the rule ids)
from judge.rulesets.munchkin import timing
from judge.rulesets.munchkin.abilities import AbilityRules
from judge.rulesets.munchkin.adjustments import AdjustmentRules
from judge.rulesets.munchkin.combat import CombatRules
from judge.rulesets.munchkin.curses import CurseRules
from judge.rulesets.munchkin.dealing import DealingRules, deck_composition
from judge.rulesets.munchkin.evolve import apply as _apply
from judge.rulesets.munchkin.items import ItemRules
from judge.rulesets.munchkin.looting import LootingRules
from judge.rulesets.munchkin.opening import OpeningRules
from judge.rulesets.munchkin.pending import ANYTIME_KINDS, PendingRules
from judge.rulesets.munchkin.monsters import MonsterRules
from judge.rulesets.munchkin.state import MunchkinState, Player

MAX_LEVEL = 10
BASE_HAND_LIMIT = 5
DEFAULT_WINDOW_MS = declared.DEFAULT_WINDOW_MS
MAX_WINDOW_MS = declared.MAX_WINDOW_MS
SLOT_CAPACITY = {"headgear": 1, "armor": 1, "footgear": 1}
HANDS = 2


class Munchkin(CombatRules, MonsterRules, ItemRules, AbilityRules, LootingRules, AdjustmentRules,
               DealingRules, OpeningRules, PendingRules, CurseRules):
    """The ``munchkin`` ruleset. Subclasses (Babys, Star Munchkin ...) override
    the class attributes and hooks, never the engine."""

    name = "munchkin"
    family = "munchkin"
    rules_version = "1"
    state_type: type = MunchkinState
    card_sets: tuple[str, ...] = ("munchkin",)
    title = "Munchkin (base game, rules 1.71, with the timing table of 001)"
    min_seats = 3
    max_seats = declared.MAX_SEATS
    seat_traits = declared.SEAT_TRAITS
    options = declared.OPTIONS
    variant_docs = declared.VARIANT_DOCS
    modes = declared.MODES
    card_kinds = declared.CARD_KINDS
    # 000 SCHNELLERES SPIEL: "Du kannst auch geteilte Siege erlauben".
    variants: tuple[str, ...] = ("shared-victory",)
    level_floor = 1
    # Where the rule texts are open: (title, decision, test), for docs/rules.md.
    decisions: tuple[tuple[str, str, str], ...] = _rules.DECISIONS
    # When a one-shot played in a combat reaches the discard pile: 000 "Weitere
    # Aktionen im Kampf": "Danach wird sie abgelegt" ("when-played": at once,
    # its bonus still counts in this combat); 003 "Sobald der Kampf vorbei ist
    # oder der Effekt der Karte eingetreten ist, wird sie abgelegt"
    # ("after-combat"), for a layer that follows 003. docs/rules.md, decisions.
    one_shot_discard = "when-played"

    # ------------------------------------------------------------------ catalogue

    def catalogue(self, custom: Iterable[dict[str, Any]] = ()) -> Catalogue:
        return _catalogue(self.card_sets, canonical_json(list(custom)))

    def cards_of(self, state: MunchkinState) -> Catalogue:
        return self.catalogue(state.setup.get("custom_cards", ()))

    def card_of_other_set(self, card_id: str) -> Card | None:
        """A shipped card of a set this game does not include (refused with
        munchkin.card.not-in-game unless the group adds it as a custom card)."""
        others = tuple(name for name in shipped_sets() if name not in self.card_sets)
        return load_catalogue(*others).get(card_id) if others else None

    # ------------------------------------------------------------------ setup

    @property
    def pinned(self) -> str:
        return f"{self.name}@{self.rules_version}"

    def validate_setup(self, setup: GameSetup) -> None:
        check_setup(self, setup)  # seats, traits, variants, mode, options as declared
        n = len(setup.seats)
        first = option(self, setup, "first_seat")
        if not 0 <= first < n:
            raise InvalidArgument("options.first_seat", f"must be a seat number 0 to {n - 1}")
        try:
            self.catalogue(setup.custom_cards)
        except CardError as e:
            raise InvalidArgument(f"custom_cards.{e.card}.{e.field}", e.message) from e

    def initial_state(self, setup: GameSetup) -> MunchkinState:
        first = int(option(self, setup, "first_seat"))
        dealt = setup.mode == "dealt"
        # Reported: each seat drew 4 door + 4 treasure cards face down, unknown until played.
        # Dealt: the judge deals them before the first action.
        players = [Player(name=s.name, sex=s.traits["sex"], unknown=0 if dealt else 8) for s in setup.seats]
        state = MunchkinState(
            rules_version=self.pinned,
            setup=setup.to_dict(),
            window_ms=int(option(self, setup, "interference_window_ms")),
            players=players,
            active=first,
            mode=setup.mode,
        )
        if dealt:
            cards = self.catalogue(setup.custom_cards)
            state.seed_sha256 = str(setup.options["seed_sha256"])
            for deck in ("door", "treasure"):
                state.piles[deck] = {"base": deck_composition(cards, deck), "taken": 0, "shuffles": 0}
        return state

    # ------------------------------------------------------------------ pure core

    def decide(self, state: MunchkinState, command: Command, context: Context) -> list[dict[str, Any]]:
        tx = _Tx(self, state, context)
        if state.mode == "dealt" and not state.dealt_out and not state.finished:
            self.deal_start(tx)  # the opening deal comes before the first action
        self._decide(tx, command.seat, command.action)
        self.end_lasting_curses(tx, state)
        self.reveal_seed(tx)
        return tx.effects

    def evolve(self, state: MunchkinState, effect: dict[str, Any]) -> MunchkinState:
        return self.evolve_all(state, [effect])

    def evolve_all(self, state: MunchkinState, effects: list[dict[str, Any]]) -> MunchkinState:
        """Fold a command's effects: one copy of the state, not one per effect."""
        new = state.copy()
        for effect in effects:
            _apply(new, effect)
        return new

    def to_dict(self, state: MunchkinState) -> dict[str, Any]:
        return state.to_dict()

    def from_dict(self, data: dict[str, Any]) -> MunchkinState:
        return MunchkinState.from_dict(data)

    def pending_deadline_ms(self, state: MunchkinState) -> int | None:
        c = state.combat
        if c is not None and c.stage == "claimed" and not state.finished:
            return c.window_closes_at_ms
        return None

    def reopened_deadline_ms(self, state: MunchkinState, now_ms: int) -> int | None:
        """A claimed win restored by an upheld dispute after its window had
        elapsed gets the whole window again, from the moment of the ruling:
        everyone may still act before the combat is decided (000 "Weitere
        Aktionen im Kampf": "damit jeder die Möglichkeit zu weiteren Aktionen hat")."""
        deadline = self.pending_deadline_ms(state)
        if deadline is None or deadline > now_ms:
            return None
        return now_ms + state.window_ms

    def with_deadline_ms(self, state: MunchkinState, deadline_ms: int) -> MunchkinState:
        new = state.copy()
        assert new.combat is not None
        new.combat.window_closes_at_ms = deadline_ms
        return new

    def opening_command(self, state: MunchkinState) -> Command | None:
        """A dealt table's opening deal, which the judge submits right after
        creation so that every seat sees its hand at once."""
        if state.mode == "dealt" and not state.dealt_out and not state.finished:
            return Command(None, A.Deal())
        return None

    def deadline_command(self, state: MunchkinState) -> Command | None:
        """What the judge submits when the interference window has elapsed."""
        return Command(None, A.ResolveCombat()) if self.pending_deadline_ms(state) is not None else None

    # ------------------------------------------------------------------ dispatch

    # Actions the organizer may take (sent without a seat).
    organizer_actions = frozenset({"resolve_combat", "record_adjustment", "deal"})
    # Actions still possible while a corpse is being looted.
    looting_actions = frozenset({"loot_corpse", "roll_die", "reveal_card", "record_adjustment",
                                 "confirm_adjustment"})

    def _decide(self, tx: _Tx, seat: int | None, action: Action) -> None:
        s = tx.state
        if s.finished:
            raise reject("munchkin.game.over")
        if seat is None:
            if action.kind not in self.organizer_actions:
                raise Malformed("seat", f"{action.kind} needs the acting seat")
        elif not 0 <= seat < len(s.players):
            raise Malformed("seat", f"no seat {seat}; seats are 0 to {len(s.players) - 1}")
        interrupts = self.may_interrupt(tx, seat, action)
        if s.choice is not None and not interrupts and not (seat == s.choice.seat and (
                isinstance(action, A.ChooseCard)
                or (s.choice.reason == "keep-big" and isinstance(action, A.SellItems)))):
            raise reject("munchkin.choice.pending", seat=s.choice.seat)
        if s.corpse is not None and action.kind not in self.looting_actions and not interrupts:
            raise reject("munchkin.loot.in-progress", seat=s.corpse["seat"])
        if s.pending_curse is not None and not interrupts and not isinstance(action, A.AnswerCurse):
            raise reject("munchkin.curse.answer-pending", seat=s.pending_curse["seat"])
        if seat is not None and str(seat) in s.must_play and action.kind != "deal":
            card = s.must_play[str(seat)]
            if not (isinstance(action, A.PlayCard) and action.card == card):
                raise reject("munchkin.card.must-play-at-once", card=card)
        if not self.keeps_receipts(s, seat, action):
            for i, p in enumerate(s.players):
                if p.received:
                    tx.emit("ReceiptLapsed", seat=i)
        handler = getattr(self, f"_do_{action.kind}", None)
        if handler is None:
            raise Malformed("action", f"{action.kind} is not an action of {self.pinned}")
        handler(tx, seat, action)

    def check_may_interfere(self, tx: _Tx, actor: int, other: int, *, stealing: bool = False) -> None:
        """Hook for variants that forbid some seats to act on others (two players)."""

    def _note_must_play(self, tx: _Tx, seat: int, cards: Iterable[str]) -> None:
        """Schatzbort and Göttliche Intervention must be played when drawn (000, Sonstige Karten)."""
        for cid in cards:
            if cid in tx.cards and tx.cards[cid].must_play_at_once and str(seat) not in tx.state.must_play:
                tx.emit("MustPlay", seat=seat, card=cid)

    # ------------------------------------------------------------------ helpers

    def card(self, tx: _Tx, card_id: str, field: str) -> Card:
        if not card_id:
            raise Malformed(field, "a card id is required")
        try:
            return tx.cards[card_id]
        except KeyError:
            other = self.card_of_other_set(card_id)
            if other is not None:
                raise reject("munchkin.card.not-in-game", card=card_id, set=other.set) from None
            raise Malformed(field, f"unknown card {card_id!r}") from None

    def _require_turn(self, s: MunchkinState, seat: int | None) -> None:
        if seat != s.active:
            raise reject("munchkin.turn.not-your-turn", active=s.active)

    def _take_from_hand(self, tx: _Tx, seat: int, *cards: str) -> None:
        """Emit the effects of cards leaving a hand, or reject."""
        p = tx.state.players[seat]
        known = Counter(p.hand)
        unknown = p.unknown
        plan = []
        for c in cards:
            if known[c] > 0:
                known[c] -= 1
                plan.append((c, False))
            elif unknown > 0:
                unknown -= 1
                plan.append((c, True))
            else:
                raise reject("munchkin.hand.card-not-in-hand", card=c)
        for c, was_unknown in plan:
            tx.emit("CardLeftHand", seat=seat, card=c, was_unknown=was_unknown)

    def hand_limit(self, tx: _Tx, p: Player) -> int:
        limits = [tx.cards[r].hand_limit for r in p.races if r in tx.cards]
        return max([BASE_HAND_LIMIT, *limits])

    def traits(self, tx: _Tx, p: Player) -> set[str]:
        out = {f"race:{r}" for r in p.races} | {f"class:{c}" for c in p.classes} | {f"sex:{p.sex}"}
        # 000 Halb-Blut: "Du bist dann zur Hälfte diese Rasse und zur Hälfte Mensch. Spielt du eine zweite
        # Rasse aus, gehörst du nun diesen beiden Rassen an." Half human counts as human for whatever
        # names humans (a monster's bonus, an item's restriction), as well as the race.
        half_breed = any(t in tx.cards and tx.cards[t].kind == "half_breed" for t in p.table)
        if not p.races or (len(p.races) == 1 and half_breed):
            out.add("race:human")
        return out

    def can_use(self, tx: _Tx, card: Card, p: Player) -> bool:
        t = self.traits(tx, p)
        if card.usable_by and not any(u in t for u in card.usable_by):
            return False
        return not any(u in t for u in card.not_usable_by)

    def power(self, tx: _Tx, seat: int) -> int:
        """A player's combat strength: level plus items in use plus lasting curses."""
        p = tx.state.players[seat]
        total = p.level
        for it in p.items:
            c = tx.cards[it.card]
            if it.in_use and c.kind == "item" and self.can_use(tx, c, p):
                total += self.item_bonus(tx, c, p)
        for t in p.table:
            lasting = tx.cards.get(t)
            if lasting is not None and lasting.curse is not None:
                total += lasting.curse.combat_modifier
        return total

    def strengths(self, tx: _Tx) -> tuple[int, int]:
        c = tx.state.combat
        assert c is not None
        fighters = self.fighters(c)
        players = sum(self.power(tx, f) for f in fighters) + sum(m["bonus"] for m in c.player_mods)
        traits: set[str] = set()
        for f in fighters:
            traits |= self.traits(tx, tx.state.players[f])
        monsters = 0
        for i, m in enumerate(c.monsters):
            if m.eliminated:
                continue
            card = tx.cards[m.card]
            # Each bonus counts once, even if both fighters qualify (000, "Um Hilfe bitten"), and once however
            # many of the traits it names they have between them.
            monsters += self.monster_level(tx, i) + sum(b.amount for b in card.bonuses if b.applies(traits))
        return players, monsters

    def winning(self, tx: _Tx) -> bool:
        c = tx.state.combat
        assert c is not None
        players, monsters = self.strengths(tx)
        if players > monsters:
            return True
        ties = any(
            tx.cards[k].wins_ties for f in self.fighters(c) for k in tx.state.players[f].classes if k in tx.cards
        )
        return players == monsters and ties

    def _active_monster(self, tx: _Tx, index: int | None) -> int:
        c = tx.state.combat
        assert c is not None
        live = [i for i, m in enumerate(c.monsters) if not m.eliminated]
        if index is None:
            if len(live) > 1:
                raise reject("munchkin.combat.choose-monster")
            return live[0]
        if index not in live:
            raise reject("munchkin.combat.monster-index", index=index)
        return index

    def _change_level(self, tx: _Tx, seat: int, delta: int, reason: str, *, by_kill: bool = False,
                      can_reach_ten: bool = False) -> None:
        p = tx.state.players[seat]
        new = p.level + delta
        cap = MAX_LEVEL if (by_kill or can_reach_ten) else MAX_LEVEL - 1
        if delta > 0:
            new = min(new, max(cap, p.level))
        new = max(new, self.level_floor)
        new = min(new, MAX_LEVEL)
        if new != p.level:
            tx.emit("LevelChanged", seat=seat, level=new, delta=new - p.level, reason=reason)

    def _check_winners(self, tx: _Tx, also: Iterable[int] = ()) -> None:
        """Everyone at level 10 wins, together (000 SPIELENDE); ``also`` are seats
        that win with them (the helper, under the shared-victory variant)."""
        winners = [i for i, p in enumerate(tx.state.players) if p.level >= MAX_LEVEL]
        if winners and not tx.state.finished:
            tx.emit("GameWon", winners=sorted(set(winners) | set(also)))

    # ------------------------------------------------------------------ phase 1-3

    def _do_kick_door(self, tx: _Tx, seat: int, a: A.KickDoor) -> None:
        s = tx.state
        self._require_turn(s, seat)
        if s.combat is not None:
            raise reject("munchkin.combat.in-progress")
        if s.phase != "start":
            raise reject("munchkin.turn.door-already-kicked")
        if self.dealt(tx):
            self.require_reported(tx, "kick_door.card", a.card)
            drawn = self.draw(tx, "door", 1)
            if not drawn:
                raise reject("munchkin.deck.empty", deck="door")
            a = A.KickDoor(card=drawn[0])
        card = self.card(tx, a.card, "kick_door.card")
        if card.deck != "door":
            raise Malformed("kick_door.card", f"{card.id} is a {card.deck} card, not a door card")
        tx.emit("DoorKicked", seat=seat, card=card.id, kind=card.kind)
        if card.kind == "monster":
            tx.emit("CombatStarted", fighter=seat, card=card.id)
            return
        if card.kind == "curse":
            self.curse_from_door(tx, seat, card)
        elif card.kind == "divine_intervention":
            self._divine_intervention(tx, card)
        else:
            tx.emit("CardsDrawn", seat=seat, deck="door", cards=[card.id], unknown=0)
        if not tx.state.finished:
            tx.emit("PhaseChanged", phase="after-door")

    def _do_look_for_trouble(self, tx: _Tx, seat: int, a: A.LookForTrouble) -> None:
        s = tx.state
        self._require_turn(s, seat)
        if s.combat is not None:
            raise reject("munchkin.combat.in-progress")
        if s.phase != "after-door" or s.met_monster:
            raise reject("munchkin.trouble.only-phase-2" if s.phase != "start" else "munchkin.turn.kick-door-first")
        card = self.card(tx, a.card, "look_for_trouble.card")
        if card.kind != "monster":
            raise Malformed("look_for_trouble.card", f"{card.id} is not a monster")
        self._take_from_hand(tx, seat, card.id)
        tx.emit("CombatStarted", fighter=seat, card=card.id)

    def _do_loot_room(self, tx: _Tx, seat: int, a: A.LootRoom) -> None:
        s = tx.state
        self._require_turn(s, seat)
        if s.combat is not None:
            raise reject("munchkin.combat.in-progress")
        if s.phase == "start":
            raise reject("munchkin.turn.kick-door-first")
        if s.phase != "after-door" or s.met_monster:
            raise reject("munchkin.loot.only-phase-3")
        if self.dealt(tx):
            self.deal_hidden(tx, seat, "door", 1)
        else:
            tx.emit("CardsDrawn", seat=seat, deck="door", cards=[], unknown=1)
        tx.emit("PhaseChanged", phase="charity")

    # ------------------------------------------------------------------ curses and harm

    def _curse(self, tx: _Tx, victim: int, card: Card, choice: str | None) -> None:
        harm = card.curse or Harm()
        done = self._harm(tx, victim, harm, card.id, choice, interactive=True)
        if not done:
            return
        if harm.lasting:
            tx.emit("CardPutInPlay", seat=victim, card=card.id, place="table", in_use=False)
        else:
            tx.emit("CardDiscarded", card=card.id, deck=card.deck)

    def _item_candidates(self, tx: _Tx, p: Player, what: str) -> list[str]:
        out = []
        for it in p.items:
            c = tx.cards[it.card]
            if (what in ("any", "all") or (what == "big" and c.big)
                    or (what == "hands" and c.slot in ("1hand", "2hands"))
                    or c.slot == what):
                out.append(it.card)
        return out

    def _harm(self, tx: _Tx, seat: int, harm: Harm, source: str, choice: str | None, *, interactive: bool) -> bool:
        """Apply a curse's or bad stuff's structured effect. Returns False when
        the victim must first choose (the choice is then pending)."""
        p = tx.state.players[seat]
        if harm.death:
            self._die(tx, seat, source)
            return True
        if harm.lose_item:
            cands = self._item_candidates(tx, p, harm.lose_item)
            if harm.lose_item in ("big", "all"):  # "alle Großen Gegenstände", "alle Gegenstände"
                for c in cands:
                    tx.emit("ItemLost", seat=seat, card=c, source=source)
            elif not cands:
                if harm.lose_item_else_levels:
                    self._change_level(tx, seat, -harm.lose_item_else_levels, source)
                elif interactive and not any((harm.lose_levels, harm.change_sex, harm.discard_hand,
                                              harm.lose_race, harm.lose_class, harm.lasting)):
                    # 000 "Flüche": ignore a curse that names what the victim lacks.
                    tx.emit("CurseIgnored", seat=seat, card=source)
            else:
                distinct = sorted(set(cands))
                if len(distinct) == 1:
                    pick = distinct[0]
                elif choice is not None:
                    if choice not in distinct:
                        raise reject("munchkin.choice.not-an-option", options=", ".join(distinct))
                    pick = choice
                elif interactive:
                    tx.emit("ChoiceRequired", seat=seat, reason="curse", source=source, options=distinct)
                    return False
                else:
                    raise reject("munchkin.run.no-bad-stuff-choice", options=", ".join(distinct))
                tx.emit("ItemLost", seat=seat, card=pick, source=source)
        if harm.lose_levels:
            self._change_level(tx, seat, -harm.lose_levels, source)
        if harm.lose_race:
            for r in list(p.races):
                self._remove_from_play(tx, seat, r)
        if harm.lose_class:
            for k in list(p.classes):
                self._remove_from_play(tx, seat, k)
        if harm.change_sex:
            tx.emit("SexChanged", seat=seat, sex="female" if p.sex == "male" else "male")
        if harm.discard_hand and p.hand_size:
            tx.emit("HandDiscarded", seat=seat, cards=list(p.hand), unknown=p.unknown, decks=self._by_deck(tx, p.hand))
        return True

    def _die(self, tx: _Tx, seat: int, source: str) -> None:
        """000 "Tod": keep class(es), race(s) and level; everything else is laid
        out for looting (after the combat, if one is going on)."""
        p = tx.state.players[seat]
        keep = set(p.races) | set(p.classes)
        lost_table = [t for t in p.table if t not in keep
                      and tx.cards[t].kind not in ("super_munchkin", "half_breed") and not self._is_lasting(tx, t)]
        tx.emit("PlayerDied", seat=seat, source=source, items=[i.card for i in p.items], table=lost_table,
                hand=list(p.hand), unknown=p.unknown)
        c = tx.state.combat
        if c is None or seat not in self.fighters(c):
            self.start_looting(tx, [seat], then="")

    @staticmethod
    def _by_deck(tx: _Tx, cards: Iterable[str]) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {"door": [], "treasure": []}
        for cid in cards:
            out[tx.cards[cid].deck].append(cid)
        return out

    def _do_deal(self, tx: _Tx, seat: int | None, a: A.Deal) -> None:
        """The opening deal of a dealt table (it also happens by itself before
        the first other action)."""
        if not self.dealt(tx):
            raise reject("munchkin.deal.reported-table")
        if not any(e["type"] == "DealStarted" for e in tx.effects):
            raise reject("munchkin.deal.done")

    @staticmethod
    def _is_lasting(tx: _Tx, card_id: str) -> bool:
        curse = tx.cards[card_id].curse
        return curse is not None and curse.lasting

    def _divine_intervention(self, tx: _Tx, card: Card) -> None:
        for i, p in enumerate(tx.state.players):
            if "priester" in p.classes:
                self._change_level(tx, i, 1, card.id, can_reach_ten=card.can_reach_ten)
        tx.emit("CardDiscarded", card=card.id, deck=card.deck)
        self._check_winners(tx)

    # ------------------------------------------------------------------ playing cards

    def _situation(self, tx: _Tx, seat: int) -> timing.Situation:
        return timing.situation(own_turn=seat == tx.state.active, in_combat=tx.state.combat is not None)

    def _check_timing(self, tx: _Tx, seat: int, card: Card) -> None:
        sit = self._situation(tx, seat)
        if timing.allowed(card.kind, sit) or self.opening_layout(tx, seat, card):
            return
        p = tx.state.players[seat]
        if card.id in p.received and timing.allowed(card.kind, timing.Situation.ON_RECEIPT):
            return
        row = timing.row_for(card.kind)
        assert row is not None and row.rule_id is not None  # only rows with a refusing situation refuse
        raise reject(row.rule_id, card=card.id)

    def _do_play_card(self, tx: _Tx, seat: int, a: A.PlayCard) -> None:
        s = tx.state
        card = self.card(tx, a.card, "play_card.card")
        p = s.players[seat]
        if a.target_seat is not None and not 0 <= a.target_seat < len(s.players):
            raise Malformed("play_card.target_seat", f"no seat {a.target_seat}")
        if a.side not in ("", "players", "monsters"):
            raise Malformed("play_card.side", "must be players or monsters")
        if a.from_table:
            if card.kind != "one_shot" or not any(i.card == card.id for i in p.items):
                raise reject("munchkin.table.card-not-in-play", card=card.id)
        kind = card.kind
        if kind == "monster":
            raise reject("munchkin.timing.monster")
        if kind == "other":
            raise reject("munchkin.card.not-playable", card=card.id)
        self._check_timing(tx, seat, card)
        handler = getattr(self, f"_play_{kind}")
        handler(tx, seat, card, a)

    def _leave(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        if a.from_table:
            tx.emit("CardRemovedFromPlay", seat=seat, card=card.id)
        else:
            self._take_from_hand(tx, seat, card.id)

    def _play_identity(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard, place: str) -> None:
        """A race or a class: one of each, two with Half-Breed / Super Munchkin
        (000 "Rassen / Klassen")."""
        p = tx.state.players[seat]
        held, enabler, rule_id = ((p.races, "halb-blut", "munchkin.race.only-one") if place == "race"
                                  else (p.classes, "super-munchkin", "munchkin.class.only-one"))
        if card.id in held:
            raise reject("munchkin.race.already")
        if len(held) >= (2 if enabler in p.table else 1):
            raise reject(rule_id)
        self._leave(tx, seat, card, a)
        tx.emit("CardPutInPlay", seat=seat, card=card.id, place=place, in_use=False)

    def _play_race(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        self._play_identity(tx, seat, card, a, "race")

    def _play_class(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        self._play_identity(tx, seat, card, a, "class")

    def _play_super_munchkin(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        if not tx.state.players[seat].classes:
            raise reject("munchkin.super-munchkin.needs-class")
        self._leave(tx, seat, card, a)
        tx.emit("CardPutInPlay", seat=seat, card=card.id, place="table", in_use=False)

    def _play_half_breed(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        if not tx.state.players[seat].races:
            raise reject("munchkin.half-breed.needs-race")
        self._leave(tx, seat, card, a)
        tx.emit("CardPutInPlay", seat=seat, card=card.id, place="table", in_use=False)

    def _slot_free(self, tx: _Tx, p: Player, card: Card, ignore: str | None = None) -> bool:
        if not card.slot:
            return True
        used = [tx.cards[i.card] for i in p.items if i.in_use and i.card != ignore]
        if card.slot in SLOT_CAPACITY:
            return sum(1 for u in used if u.slot == card.slot) < SLOT_CAPACITY[card.slot]
        hands = sum(1 if u.slot == "1hand" else 2 if u.slot == "2hands" else 0 for u in used)
        need = 1 if card.slot == "1hand" else 2
        return hands + need <= HANDS

    def give_item(self, tx: _Tx, src: int, dst: int, card_id: str) -> None:
        """Move an item in play to another player, who puts it in play at once
        (000 "Gegenstände handeln"): used if a slot is free, else carried."""
        receiver = tx.state.players[dst]
        card = tx.cards[card_id]
        if card.big and not self._big_allowed(tx, receiver) and any(tx.cards[i.card].big for i in receiver.items):
            raise reject("munchkin.item.one-big")
        tx.emit("ItemGiven", seat=src, to_seat=dst, card=card_id, in_use=self._slot_free(tx, receiver, card))

    def _big_allowed(self, tx: _Tx, p: Player) -> bool:
        return any(tx.cards[r].big_items_unlimited for r in p.races if r in tx.cards)

    def _play_item(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        p = tx.state.players[seat]
        if card.big and not self._big_allowed(tx, p) and any(tx.cards[i.card].big for i in p.items):
            raise reject("munchkin.item.one-big")
        self._leave(tx, seat, card, a)
        in_use = self._slot_free(tx, p, card)
        tx.emit("CardPutInPlay", seat=seat, card=card.id, place="item", in_use=in_use)

    def _play_one_shot(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        c = tx.state.combat
        if c is None:
            if a.side or a.from_table:
                raise reject("munchkin.timing.in-combat-only")
            # Outside combat a one-shot item is put in play and carried until used.
            self._leave(tx, seat, card, a)
            tx.emit("CardPutInPlay", seat=seat, card=card.id, place="item", in_use=False)
            return
        self._require_fighting(c)
        if card.eliminates_monster:
            index = self._active_monster(tx, a.monster_index)
            self._leave(tx, seat, card, a)
            self._withdraw_claim(tx)
            tx.emit("CardDiscarded", card=card.id, deck=card.deck)
            self.eliminate_monster(tx, index, treasure=card.elimination_treasure, by=card.id)
            return
        if a.side == "":
            raise reject("munchkin.combat.choose-side")
        if a.side == "monsters":
            index = self._modified_monster(tx, a.monster_index)
        self._leave(tx, seat, card, a)
        self._withdraw_claim(tx)
        at_once = self.one_shot_discard == "when-played"
        if a.side == "players":
            tx.emit("PlayerBonusAdded", seat=seat, card=card.id, bonus=card.bonus, discarded=at_once)
        else:
            tx.emit("MonsterModified", seat=seat, index=index, card=card.id, bonus=card.bonus,
                    extra_treasures=card.extra_treasures, floor=card.min_monster_level, discarded=at_once)
        if at_once:  # its bonus stays in this combat
            tx.emit("CardDiscarded", card=card.id, deck=card.deck)

    def eliminate_monster(self, tx: _Tx, index: int, *, treasure: bool, by: str) -> None:
        """A monster leaves the combat without being killed (000 "Weitere Aktionen
        im Kampf"): the others must still be fought; with none left the combat is
        won without a kill: no level, treasures as the card says."""
        tx.emit("MonsterEliminated", index=index, treasure=treasure, by=by)
        c = tx.state.combat
        assert c is not None
        if all(m.eliminated for m in c.monsters):
            treasures = self.treasures_due(tx)
            tx.emit("MonstersDefeated", fighter=c.fighter, killed=[], levels=0, treasures=treasures)
            self._take_treasures(tx, treasures)

    def _play_special_treasure(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        was_unknown = card.id not in tx.state.players[seat].hand
        self._leave(tx, seat, card, a)
        # The card resolves first and is discarded after: Schatzbort never draws itself.
        if card.draw_treasures and self.dealt(tx):
            self.deal_hidden(tx, seat, "treasure", card.draw_treasures)
        elif card.draw_treasures:
            # Schatzbort: face down if it was drawn face down, else face up (reported later).
            tx.emit("CardsDrawn", seat=seat, deck="treasure", cards=[], unknown=card.draw_treasures,
                    face_up=not was_unknown)
        tx.emit("CardDiscarded", card=card.id, deck=card.deck)

    def _play_level_up(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        target = seat if a.target_seat is None else a.target_seat
        if tx.state.players[target].level >= MAX_LEVEL - 1 and not card.can_reach_ten:
            raise reject("munchkin.level.tenth-only-by-kill")
        self._leave(tx, seat, card, a)
        c = tx.state.combat
        if c is not None and target in (c.fighter, c.helper):
            self._withdraw_claim(tx)
        self._change_level(tx, target, card.level_gain or 1, card.id, can_reach_ten=card.can_reach_ten)
        tx.emit("CardDiscarded", card=card.id, deck=card.deck)
        self._check_winners(tx)

    def _play_curse(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        if a.target_seat is None:
            raise Malformed("play_card.target_seat", "a curse needs a victim (any seat, yourself too)")
        self._leave(tx, seat, card, a)
        c = tx.state.combat
        if c is not None and a.target_seat in (c.fighter, c.helper):
            self._withdraw_claim(tx)
        tx.emit("CursePlayed", seat=seat, victim=a.target_seat, card=card.id)
        self._curse(tx, a.target_seat, card, choice=None)

    def _play_wandering_monster(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        c = self._require_combat(tx)
        self._require_fighting(c)
        if not a.with_card:
            raise Malformed("play_card.with_card", "a Wandering Monster brings a monster from your hand")
        monster = self.card(tx, a.with_card, "play_card.with_card")
        if monster.kind != "monster":
            raise Malformed("play_card.with_card", f"{monster.id} is not a monster")
        self._take_from_hand(tx, seat, card.id, monster.id)
        self._withdraw_claim(tx)
        tx.emit("MonsterAdded", seat=seat, card=monster.id, via=card.id)
        tx.emit("CardDiscarded", card=card.id, deck=card.deck)

    def _play_divine_intervention(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        self._leave(tx, seat, card, a)
        self._divine_intervention(tx, card)

    # ------------------------------------------------------------------ cards in play

    def _remove_from_play(self, tx: _Tx, seat: int, card_id: str) -> None:
        """Discard a card in play, with what depends on it: Half-Breed goes when
        no race is left, Super Munchkin when one of the classes goes (000,
        "Rassen / Klassen")."""
        p = tx.state.players[seat]
        kind = tx.cards[card_id].kind
        tx.emit("CardRemovedFromPlay", seat=seat, card=card_id)
        tx.emit("CardDiscarded", card=card_id, deck=tx.cards[card_id].deck)
        if kind == "race" and not p.races and "halb-blut" in p.table:
            self._remove_from_play(tx, seat, "halb-blut")
        if kind == "class" and "super-munchkin" in p.table:
            self._remove_from_play(tx, seat, "super-munchkin")
        big = [i.card for i in p.items if tx.cards[i.card].big]
        if tx.cards[card_id].big_items_unlimited and len(big) > 1 and not self._big_allowed(tx, p):
            # 000 Gegenstände: "Endet dein Zwergendasein, und du trägst mehr als 1 Großen Gegenstand,
            # musst du alle bis auf 1 sofort loswerden."
            tx.emit("ChoiceRequired", seat=seat, reason="keep-big", source=card_id, options=sorted(set(big)))

    def _do_discard_card(self, tx: _Tx, seat: int, a: A.DiscardCard) -> None:
        card = self.card(tx, a.card, "discard_card.card")
        p = tx.state.players[seat]
        if not a.from_table:
            raise reject("munchkin.discard.not-from-hand")
        in_play = p.races + p.classes + [i.card for i in p.items] + p.table
        if card.id not in in_play:
            raise reject("munchkin.table.card-not-in-play", card=card.id)
        if card.curse is not None and card.curse.lasting:
            raise reject("munchkin.curse.lasting-stays")
        self._remove_from_play(tx, seat, card.id)

    def _do_reveal_card(self, tx: _Tx, seat: int, a: A.RevealCard) -> None:
        card = self.card(tx, a.card, "reveal_card.card")
        if tx.state.players[seat].unknown < 1:
            raise Malformed("reveal_card.card", "you hold no unidentified card")
        tx.emit("CardRevealed", seat=seat, card=card.id)
        self._note_must_play(tx, seat, [card.id])

    def _do_choose_card(self, tx: _Tx, seat: int, a: A.ChooseCard) -> None:
        ch = tx.state.choice
        if ch is None or ch.seat != seat:
            raise reject("munchkin.choice.none-pending")
        if a.card not in ch.options or (ch.reason == "keep-big" and a.card not in self._big_carried(tx, seat)):
            raise reject("munchkin.choice.not-an-option", options=", ".join(ch.options))
        tx.emit("ChoiceMade", seat=seat, card=a.card)
        if ch.reason == "keep-big":
            self._shed_big_items(tx, seat, keep=a.card)
        else:
            self._curse(tx, seat, tx.cards[ch.source], choice=a.card)

    def _big_carried(self, tx: _Tx, seat: int) -> list[str]:
        return [i.card for i in tx.state.players[seat].items if tx.cards[i.card].big]

    def _recheck_keep_big(self, tx: _Tx, seat: int) -> None:
        """After a former dwarf sold some of the big items the keep-one choice
        is about (000 Gegenstände: "Bist du am Zug und dabei nicht im Kampf,
        kannst du sie verkaufen"), the choice offers what is still carried; with
        one big item left (or a dwarf again) there is nothing left to choose."""
        ch = tx.state.choice
        if ch is None or ch.reason != "keep-big" or ch.seat != seat:
            return
        big = self._big_carried(tx, seat)
        if len(big) <= 1 or self._big_allowed(tx, tx.state.players[seat]):
            tx.emit("ChoiceLapsed", seat=seat, reason=ch.reason)
        elif sorted(set(big)) != ch.options:
            tx.emit("ChoiceRequired", seat=seat, reason=ch.reason, source=ch.source, options=sorted(set(big)))

    def _shed_big_items(self, tx: _Tx, seat: int, keep: str) -> None:
        """The big items a former dwarf may no longer carry go to the lowest-level
        player who can still carry a big item; if nobody can, they are discarded."""
        s = tx.state
        p = s.players[seat]
        extra = [i.card for i in p.items if tx.cards[i.card].big]
        extra.remove(keep)
        for cid in extra:
            able = [i for i, o in enumerate(s.players) if i != seat and (
                self._big_allowed(tx, o) or not any(tx.cards[x.card].big for x in o.items))]
            if able:
                low = min(s.players[i].level for i in able)
                target = next(i for i in able if s.players[i].level == low)
                self.give_item(tx, seat, target, cid)
            else:
                tx.emit("ItemLost", seat=seat, card=cid, source="big-item-limit")

    # ------------------------------------------------------------------ selling and trading

    def _do_sell_items(self, tx: _Tx, seat: int, a: A.SellItems) -> None:
        s = tx.state
        if s.combat is not None:
            raise reject("munchkin.sell.not-during-combat")
        if seat != s.active:
            raise reject("munchkin.sell.own-turn-only")
        if not a.cards:
            raise Malformed("sell_items.cards", "name at least one item")
        p = s.players[seat]
        gold = 0
        in_play = Counter(i.card for i in p.items)
        from_play, from_hand = [], []
        for i, cid in enumerate(a.cards):
            card = self.card(tx, cid, f"sell_items.cards[{i}]")
            if card.kind not in ("item", "one_shot"):
                raise reject("munchkin.item.not-an-item", card=card.id)
            if card.value <= 0:
                raise reject("munchkin.sell.no-value", card=card.id)
            gold += card.value
            if in_play[cid] > 0:
                in_play[cid] -= 1
                from_play.append(cid)
            else:
                from_hand.append(cid)
        if gold < 1000:
            raise reject("munchkin.sell.at-least-1000", gold=gold)
        if p.level >= MAX_LEVEL - 1:
            raise reject("munchkin.level.tenth-only-by-kill")
        self._take_from_hand(tx, seat, *from_hand)
        for cid in from_play:
            tx.emit("CardRemovedFromPlay", seat=seat, card=cid)
        for cid in a.cards:
            tx.emit("CardDiscarded", card=cid, deck="treasure")
        tx.emit("ItemsSold", seat=seat, cards=list(a.cards), gold=gold)
        self._change_level(tx, seat, gold // 1000, "sale")
        self._recheck_keep_big(tx, seat)

    def _tradeable(self, tx: _Tx, seat: int, cards: Iterable[str], field: str) -> None:
        have = Counter(i.card for i in tx.state.players[seat].items)
        for i, cid in enumerate(cards):
            card = self.card(tx, cid, f"{field}[{i}]")
            if have[cid] <= 0 or card.value <= 0:
                raise reject("munchkin.trade.only-items-in-play", card=cid)
            have[cid] -= 1

    def _do_propose_trade(self, tx: _Tx, seat: int, a: A.ProposeTrade) -> None:
        s = tx.state
        if s.combat is not None:
            raise reject("munchkin.trade.not-during-combat")
        if not 0 <= a.with_seat < len(s.players):
            raise Malformed("propose_trade.with_seat", f"no seat {a.with_seat}")
        if a.with_seat == seat:
            raise reject("munchkin.trade.not-with-self")
        if s.trade is not None:
            raise reject("munchkin.trade.one-open")
        if not a.give and not a.receive:
            raise reject("munchkin.trade.empty")
        self._tradeable(tx, seat, a.give, "propose_trade.give")
        self._tradeable(tx, a.with_seat, a.receive, "propose_trade.receive")
        tx.emit("TradeProposed", proposer=seat, with_seat=a.with_seat, give=list(a.give), receive=list(a.receive))

    def _do_accept_trade(self, tx: _Tx, seat: int, a: A.AcceptTrade) -> None:
        s = tx.state
        t = s.trade
        if t is None or t.with_seat != seat:
            raise reject("munchkin.trade.none-open")
        if s.combat is not None:
            raise reject("munchkin.trade.not-during-combat")
        self._tradeable(tx, t.proposer, t.give, "trade.give")
        self._tradeable(tx, t.with_seat, t.receive, "trade.receive")
        for cid in t.give:
            self.give_item(tx, t.proposer, t.with_seat, cid)
        for cid in t.receive:
            self.give_item(tx, t.with_seat, t.proposer, cid)
        tx.emit("TradeCompleted", proposer=t.proposer, with_seat=t.with_seat, give=list(t.give),
                receive=list(t.receive))

    def _do_cancel_trade(self, tx: _Tx, seat: int, a: A.CancelTrade) -> None:
        t = tx.state.trade
        if t is None or seat not in (t.proposer, t.with_seat):
            raise reject("munchkin.trade.none-open")
        tx.emit("TradeCancelled", by=seat)

    # ------------------------------------------------------------------ phase 4

    def charity_plan(self, tx: _Tx, seat: int) -> tuple[int, int, list[int], bool]:
        """(hand size, limit, lowest-level other seats, giver is lowest)."""
        s = tx.state
        p = s.players[seat]
        limit = self.hand_limit(tx, p)
        # "an den oder die lebenden Spieler mit der niedrigsten Stufe" (001 6.): see LootingRules.living.
        others = [i for i in self.living(s) if i != seat] or [i for i in range(len(s.players)) if i != seat]
        low = min(s.players[i].level for i in others)
        lowest = [i for i in others if s.players[i].level == low]
        return p.hand_size, limit, lowest, p.level <= low

    def _do_end_turn(self, tx: _Tx, seat: int, a: A.EndTurn) -> None:
        s = tx.state
        self._require_turn(s, seat)
        if s.combat is not None:
            raise reject("munchkin.turn.finish-combat-first")
        if s.phase == "start":
            raise reject("munchkin.turn.kick-door-first")
        hand, limit, lowest, giver_lowest = self.charity_plan(tx, seat)
        excess = max(0, hand - limit)
        given = sum(len(g.cards) + g.unknown for g in a.gifts)
        dropped = len(a.discard) + a.discard_unknown
        for i, g in enumerate(a.gifts):
            if not 0 <= g.to_seat < len(s.players) or g.to_seat == seat:
                raise Malformed(f"end_turn.gifts[{i}].to_seat", f"no other seat {g.to_seat}")
            if g.unknown < 0:
                raise Malformed(f"end_turn.gifts[{i}].unknown", "must not be negative")
        if a.discard_unknown < 0:
            raise Malformed("end_turn.discard_unknown", "must not be negative")
        if given + dropped != excess:
            raise reject("munchkin.charity.exact-excess", hand=hand, limit=limit, excess=excess)
        if excess:
            if giver_lowest and given:
                raise reject("munchkin.charity.discard-when-lowest")
            if not giver_lowest:
                if dropped:
                    raise reject("munchkin.charity.give-to-lowest", lowest=", ".join(map(str, lowest)))
                per: Counter[int] = Counter()
                for g in a.gifts:
                    if g.to_seat not in lowest:
                        raise reject("munchkin.charity.give-to-lowest", lowest=", ".join(map(str, lowest)))
                    per[g.to_seat] += len(g.cards) + g.unknown
                counts = [per[i] for i in lowest]
                if max(counts) - min(counts) > 1:
                    raise reject("munchkin.charity.split-evenly")
        # Cards must really be in the hand (named ones identified or unknown).
        p = s.players[seat]
        named = [c for g in a.gifts for c in g.cards] + list(a.discard)
        for i, c in enumerate(named):
            self.card(tx, c, f"end_turn.cards[{i}]")
        known = Counter(p.hand)
        unknown_needed = sum(g.unknown for g in a.gifts) + a.discard_unknown
        for c in named:
            if known[c] > 0:
                known[c] -= 1
            else:
                unknown_needed += 1
        if unknown_needed > p.unknown:
            missing = next((c for c in named if c not in p.hand), "?")
            raise reject("munchkin.hand.card-not-in-hand", card=missing)
        for g in a.gifts:
            tx.emit("CharityGiven", seat=seat, to_seat=g.to_seat, cards=list(g.cards), unknown=g.unknown)
        if dropped:
            tx.emit("CharityDiscarded", seat=seat, cards=list(a.discard), unknown=a.discard_unknown,
                    decks=self._by_deck(tx, a.discard))
        self._next_turn(tx)

    def _next_turn(self, tx: _Tx) -> None:
        s = tx.state
        tx.emit("TurnEnded", seat=s.active)
        nxt = (s.active + 1) % len(s.players)
        new_hand = s.players[nxt].needs_hand
        tx.emit("TurnStarted", seat=nxt, turn=s.turn + 1, new_hand=new_hand, dealt=self.dealt(tx))
        if new_hand and self.dealt(tx):
            # 000 Tod: "Erst zu Beginn deines nächsten Zuges ziehst du ... 4 Türkarten und 4 Schatzkarten"
            self.deal_hidden(tx, nxt, "door", 4)
            self.deal_hidden(tx, nxt, "treasure", 4)

    # ------------------------------------------------------------------ queries

    def legal_actions(self, state: MunchkinState, seat: int, context: Context) -> list[Action]:
        """Every concrete action ``seat`` may submit now, each checked by ``decide``."""
        out: list[Action] = []
        seen: set[str] = set()
        for action in self._candidates(state, seat):
            key = canonical_json(action.to_dict())
            if key in seen:
                continue
            seen.add(key)
            try:
                self.decide(state, Command(seat, action), context)
            except (Rejected, Malformed):
                continue
            out.append(action)
        return out

    def _candidates(self, s: MunchkinState, seat: int) -> Iterable[Action]:
        for action in self._candidates_any(s, seat):
            if s.mode == "dealt":
                # The judge draws and rolls: no card names for draws, no dice values.
                if isinstance(action, A.KickDoor):
                    action = A.KickDoor()
                elif isinstance(action, (A.RunAway, A.RollDie)):
                    action = dataclasses.replace(action, die=0)
                elif isinstance(action, A.UseAbility) and action.die:
                    action = dataclasses.replace(action, die=0)
                elif isinstance(action, (A.DrawTreasures, A.RevealCard)):
                    continue
            yield action
        if s.mode == "dealt" and not s.dealt_out:
            yield A.Deal()

    def _candidates_any(self, s: MunchkinState, seat: int) -> Iterable[Action]:
        cards = self.cards_of(s)
        p = s.players[seat]
        n = len(s.players)
        playable = set(p.hand)
        if p.unknown:
            playable |= set(cards)
        if s.choice is not None or s.corpse is not None or s.pending_curse is not None:
            # Level-ups and curses interrupt any wait; a looter lays out what it took (pending.py).
            for cid in sorted(playable):
                if cards[cid].kind in ANYTIME_KINDS:
                    for t in range(n):
                        yield A.PlayCard(card=cid, target_seat=t)
            for cid in p.received:
                yield A.PlayCard(card=cid)
        if s.pending_curse is not None and s.choice is None and s.corpse is None:
            yield A.AnswerCurse()
            for cid in sorted(playable | {i.card for i in p.items}):
                if cards[cid].cancels_curse:
                    yield A.AnswerCurse(card=cid)
            return
        if s.choice is not None:
            for o in s.choice.options:
                yield A.ChooseCard(card=o)
            if s.choice.reason == "keep-big":
                big = [i.card for i in p.items if cards[i.card].big]
                yield A.SellItems(cards=tuple(big))
            return
        if s.corpse is not None:
            for die in range(1, 7):
                yield A.RollDie(die=die)
            for cid in sorted(set(s.corpse["cards"])):
                yield A.LootCorpse(card=cid)
            if s.corpse["unknown"]:
                for cid in sorted(cards):
                    yield A.LootCorpse(card=cid)
            return
        if str(seat) in s.must_play:
            yield A.PlayCard(card=s.must_play[str(seat)])
            return
        if s.adjustment is not None:
            yield A.ConfirmAdjustment(accept=True)
            yield A.ConfirmAdjustment(accept=False)
        # A new adjustment is free text the table agrees on: always possible, never enumerated.
        if s.phase == "start" and seat == s.active:
            for cid, card in cards.items():
                if card.deck == "door":
                    yield A.KickDoor(card=cid)
        if s.phase == "after-door" and seat == s.active:
            yield A.LootRoom()
            for cid in sorted(playable):
                if cards[cid].kind == "monster":
                    yield A.LookForTrouble(card=cid)
        if s.combat is not None:
            c = s.combat
            yield A.ClaimVictory()
            yield A.ResolveCombat()
            yield A.GiveUp()
            yield A.AnswerHelp(accept=True)
            yield A.AnswerHelp(accept=False)
            for other in range(n):
                yield A.AskForHelp(helper=other)
                yield A.AskForHelp(helper=other, bribe=A.Bribe(treasures=1, helper_picks_first=True))
                for it in p.items:
                    yield A.AskForHelp(helper=other, bribe=A.Bribe(items=(it.card,)))
            if c.stage == "treasures":
                treasure_ids = sorted(cid for cid, card in cards.items() if card.deck == "treasure")
                if treasure_ids and c.treasures_due:
                    picks = tuple(treasure_ids[i % len(treasure_ids)] for i in range(c.treasures_due))
                    yield A.DrawTreasures(cards=picks)
                for cid in sorted(set(c.drawn)):
                    yield A.PickTreasure(card=cid)
            yield from self._ability_candidates(s, seat, cards)
            for i, m in enumerate(c.monsters):
                for die in range(1, 7):
                    yield A.RunAway(monster_index=i, die=die)
                yield A.SufferBadStuff(monster_index=i)
                harm = cards[m.card].bad_stuff
                if harm and harm.lose_item:
                    for it in p.items:
                        yield A.SufferBadStuff(monster_index=i, item=it.card)
        monsters = [None] if s.combat is None else [None, *range(len(s.combat.monsters))]
        for cid in sorted(playable):
            kind = cards[cid].kind
            if kind in ("curse", "level_up"):
                for t in range(n):
                    yield A.PlayCard(card=cid, target_seat=t)
            elif kind == "one_shot":
                yield A.PlayCard(card=cid, side="players")
                for mi in monsters:
                    yield A.PlayCard(card=cid, side="monsters", monster_index=mi)
            elif kind in ("monster_enhancer", "monster_enhancer_enhancer", "mate"):
                for mi in monsters:
                    yield A.PlayCard(card=cid, monster_index=mi)
            elif kind == "wandering_monster":
                for mc in sorted(playable):
                    if cards[mc].kind == "monster":
                        yield A.PlayCard(card=cid, with_card=mc)
            else:
                yield A.PlayCard(card=cid)
        if s.combat is None:
            yield from self._ability_candidates(s, seat, cards)
        yield from self._item_candidates_of(s, seat, cards)
        for it in p.items:
            yield A.DiscardCard(card=it.card, from_table=True)
            if cards[it.card].kind == "one_shot":
                yield A.PlayCard(card=it.card, side="players", from_table=True)
        for in_play in p.races + p.classes + p.table:
            yield A.DiscardCard(card=in_play, from_table=True)
        sellable = [i.card for i in p.items if cards[i.card].value > 0]
        sellable += [c for c in p.hand if cards[c].kind in ("item", "one_shot") and cards[c].value > 0]
        if sum(cards[c].value for c in sellable) >= 1000:
            yield A.SellItems(cards=tuple(sellable))
        for other in range(n):
            if other == seat:
                continue
            for mine in p.items:
                yield A.ProposeTrade(with_seat=other, give=(mine.card,))
                for theirs in s.players[other].items:
                    yield A.ProposeTrade(with_seat=other, give=(mine.card,), receive=(theirs.card,))
        yield A.AcceptTrade()
        yield A.CancelTrade()
        if seat == s.active and s.phase in ("after-door", "charity"):
            yield self._charity_candidate(s, seat)
        if p.unknown:
            for cid in sorted(cards):
                yield A.RevealCard(card=cid)

    def _ability_candidates(self, s: MunchkinState, seat: int, cards: Any) -> Iterable[Action]:
        p = s.players[seat]
        owned = {ab for cid in p.races + p.classes if cid in cards for ab in cards[cid].abilities}
        if not owned:
            return
        pay: list[dict[str, Any]] = []
        if p.hand:
            pay.append({"discard": (p.hand[0],)})
        if p.unknown:
            pay.append({"discard_unknown": 1})
        for it in p.items:
            pay.append({"discard_from_table": (it.card,)})
            break
        c = s.combat
        monsters = range(len(c.monsters)) if c is not None else range(0)
        for ab in sorted(owned):
            if ab in ("berserk", "turning", "flight-spell"):
                for cost in pay:
                    yield A.UseAbility(ability=ab, **cost)
            elif ab == "charm-spell":
                for mi in monsters:
                    yield A.UseAbility(ability=ab, discard=tuple(p.hand), discard_unknown=p.unknown, monster_index=mi)
            elif ab == "backstab" and c is not None:
                for target in self.fighters(c):
                    for cost in pay:
                        yield A.UseAbility(ability=ab, target_seat=target, **cost)
            elif ab == "steal":
                for other, o in enumerate(s.players):
                    for it in o.items:
                        for die in (1, 4):
                            for cost in pay[:1]:
                                yield A.UseAbility(ability=ab, target_seat=other, item=it.card, die=die, **cost)
            elif ab == "halfling-sale":
                for it in p.items:
                    others = tuple(i.card for i in p.items if i is not it and cards[i.card].value > 0)
                    yield A.UseAbility(ability=ab, item=it.card, discard_from_table=others)
            elif ab == "halfling-reroll":
                for mi in monsters:
                    for die in (1, 6):
                        for cost in pay[:1]:
                            yield A.UseAbility(ability=ab, monster_index=mi, die=die, **cost)

    def _charity_candidate(self, s: MunchkinState, seat: int) -> A.EndTurn:
        tx = _Tx.reading(self, s)
        hand, limit, lowest, giver_lowest = self.charity_plan(tx, seat)
        excess = max(0, hand - limit)
        p = s.players[seat]
        pool = list(p.hand) + ["?"] * p.unknown
        give = pool[:excess]
        if not excess:
            return A.EndTurn()
        if giver_lowest:
            return A.EndTurn(discard=tuple(c for c in give if c != "?"), discard_unknown=give.count("?"))
        gifts = []
        for k, target in enumerate(lowest):
            share = give[k::len(lowest)]
            if share:
                gifts.append(A.CharityGift(target, tuple(c for c in share if c != "?"), share.count("?")))
        return A.EndTurn(gifts=tuple(gifts))

    # ------------------------------------------------------------------ views

    def view(self, state: MunchkinState, viewer: Viewer) -> dict[str, Any]:
        tx = _Tx.reading(self, state)
        seats = []
        for i, p in enumerate(state.players):
            sees = viewer.sees_everything or viewer.seat == i
            seats.append({
                "seat": i,
                "name": p.name,
                "sex": "SEX_MALE" if p.sex == "male" else "SEX_FEMALE",
                "level": p.level,
                "races": list(p.races),
                "classes": list(p.classes),
                "items": [{"card": it.card, "in_use": it.in_use} for it in p.items],
                "other_cards": list(p.table),
                "hand_size": p.hand_size,
                "hand": sorted(p.hand) if sees else [],
                "hand_unknown": p.unknown if sees else p.hand_size,
                "dead": p.dead,
            })
        out: dict[str, Any] = {
            "ruleset": self.name,
            "variants": list(state.setup.get("variants", [])),
            "rules_version": state.rules_version,
            "status": "GAME_STATUS_FINISHED" if state.finished else "GAME_STATUS_ACTIVE",
            "mode": "TABLE_MODE_DEALT" if state.mode == "dealt" else "TABLE_MODE_REPORTED",
            "seats": seats,
            "active_seat": state.active,
            "turn": state.turn,
            "phase": state.phase,
            "winners": list(state.winners),
            "waiting_for": self._waiting_for(state),
        }
        if state.combat is not None:
            c = state.combat
            players, monsters_total = self.strengths(tx)
            mons = []
            for i, m in enumerate(c.monsters):
                card = tx.cards[m.card]
                mons.append({"card": m.card, "level": card.level, "strength": self.monster_level(tx, i),
                             "modifiers": [x.removeprefix("spent:") for x in m.mods], "eliminated": m.eliminated})
                if m.mate_of is not None:
                    mons[-1]["mate_of"] = m.mate_of
            combat: dict[str, Any] = {
                "fighter": c.fighter,
                "monsters": mons,
                "players_strength": players,
                "monsters_strength": monsters_total,
                "stage": c.stage,
                "window_closes_at_ms": c.window_closes_at_ms,
            }
            if c.helper is not None:
                combat["helper"] = c.helper
            if c.request is not None:
                combat["asked_seat"] = c.request["seat"]
            if c.stage == "treasures":
                combat["drawn_treasures"] = list(c.drawn)
                combat["helper_share"] = c.helper_owed
                if c.drawn and c.next_picker is not None:
                    combat["next_picker"] = c.next_picker
            out["combat"] = combat
        if state.corpse is not None:
            k = state.corpse
            looting: dict[str, Any] = {"dead_seat": k["seat"], "cards": list(k["cards"]), "unknown": k["unknown"]}
            looting["must_roll"] = self._must_roll(k)
            if k["picked"] < len(k["order"]):
                looting["next_looter"] = k["order"][k["picked"]]
            out["looting"] = looting
        if state.adjustment is not None:
            adj = state.adjustment
            out["adjustment"] = {"proposer": adj["proposer"], "reason": adj["action"]["reason"],
                                 "approvals": list(adj["approvals"])}
        if state.pending_curse is not None:
            out["pending_curse"] = dict(state.pending_curse)
        out["must_play"] = [f"{seat}:{card}" for seat, card in sorted(state.must_play.items())]
        if state.mode == "dealt":
            out["seed_sha256"] = state.seed_sha256
            out["seed"] = state.seed_revealed
            out["draw_piles"] = {deck: len(p["base"]) - p["taken"] for deck, p in sorted(state.piles.items())}
        return out

    def _waiting_for(self, s: MunchkinState) -> str:
        if s.finished:
            return "game over: " + ", ".join(s.players[w].name for w in s.winners) + " won"
        if s.choice is not None:
            return f"seat {s.choice.seat} to choose a card ({', '.join(s.choice.options)})"
        if s.corpse is not None:
            k = s.corpse
            if k["picked"] < len(k["order"]):
                return f"seat {k['order'][k['picked']]} to take a card from seat {k['seat']}'s corpse"
            if self._must_roll(k):
                return "seats " + ", ".join(map(str, self._must_roll(k))) + " to roll for the looting order"
        if s.pending_curse is not None:
            return (f"seat {s.pending_curse['seat']} to answer the curse {s.pending_curse['card']} "
                    "(a counter, or take it)")
        if s.must_play:
            seat, card = next(iter(sorted(s.must_play.items())))
            return f"seat {seat} to play {card} at once"
        c = s.combat
        if c is not None:
            if c.request is not None:
                return f"seat {c.request['seat']} to answer the request for help"
            if c.stage == "treasures":
                if not c.drawn:
                    return f"seat {c.fighter} to report the {c.treasures_due} treasures drawn face up"
                return f"seat {c.next_picker} to take a treasure"
            if c.stage == "claimed":
                return ("the win is claimed: anyone may still play combat cards until the interference "
                        "window closes")
            if c.stage == "running":
                # 000 Verloren!: each runner rolls against each monster and takes its bad stuff, in the
                # order the runner chooses.
                runners = sorted({int(r) for m in c.monsters for r, st in m.runs.items()
                                  if st in ("pending", "caught")})
                who = ", ".join(map(str, runners))
                return (f"seat{'s' if len(runners) > 1 else ''} {who} to run away from each monster or take its bad "
                        "stuff, in the order each runner chooses")
            return f"seat {c.fighter} to fight (claim the win, or give up and run)"
        return {
            "start": f"seat {s.active} to kick open the door",
            "after-door": f"seat {s.active} to look for trouble, loot the room or end the turn",
            "charity": f"seat {s.active} to end the turn (charity)",
        }.get(s.phase, "")

    @staticmethod
    def _must_roll(corpse: dict[str, Any]) -> list[int]:
        """Seats tied for the looting order that have not rolled yet."""
        return [i for g in corpse["groups"] if len(g) > 1 for i in g if str(i) not in corpse["rolls"]]

    def redact(self, effect: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        """Hide card identities only the owner (and the organizer) may see."""
        if viewer.sees_everything:
            return effect
        t = effect.get("type")
        if t == "CardsDrawn" and effect.get("hidden") and viewer.seat != effect["seat"]:
            return {**effect, "cards": [], "unknown": len(effect["cards"])}
        if t == "CardRevealed" and viewer.seat != effect["seat"]:
            return {**effect, "card": None}
        if t == "CharityGiven" and viewer.seat not in (effect["seat"], effect["to_seat"]):
            return {**effect, "cards": [], "unknown": effect["unknown"] + len(effect["cards"])}
        return effect

    def redact_action(self, action: dict[str, Any], seat: int | None, viewer: Viewer) -> dict[str, Any]:
        """Hide what a command names that the viewer may not see."""
        if viewer.sees_everything or viewer.seat == seat:
            return action
        if action.get("kind") == "reveal_card":
            return {**action, "card": None}
        if action.get("kind") == "end_turn":
            gifts = [
                g if viewer.seat == g["to_seat"] else {**g, "cards": [], "unknown": g["unknown"] + len(g["cards"])}
                for g in action.get("gifts", [])
            ]
            return {**action, "gifts": gifts}
        return action

    def describe(self, effects: list[dict[str, Any]]) -> str:
        """A one-line summary of a command's effects."""
        parts = []
        for e in effects:
            t = e["type"]
            if t in ("ReceiptLapsed", "PhaseChanged", "CardLeftHand", "CardDiscarded", "WindowClosed"):
                continue
            if t == "DoorKicked":
                parts.append(f"seat {e['seat']} kicked open the door: {e['card']}")
            elif t == "CombatStarted":
                parts.append(f"combat: seat {e['fighter']} vs {e['card']}")
            elif t == "LevelChanged":
                parts.append(f"seat {e['seat']} to level {e['level']} ({e['reason']})")
            elif t == "VictoryClaimed":
                parts.append(f"seat {e['seat']} claims the win")
            elif t == "GameWon":
                parts.append("winner(s): " + ", ".join(f"seat {w}" for w in e["winners"]))
            elif t == "ItemGiven":
                parts.append(f"seat {e['seat']} gave {e['card']} to seat {e['to_seat']}")
            elif t == "TurnStarted":
                parts.append(f"turn {e['turn']}: seat {e['seat']}")
            elif t == "RunRolled":
                parts.append(f"run away from monster {e['monster_index']}: {e['die']}+{e['modifier']} "
                             + ("escaped" if e["escaped"] else "caught"))
            else:
                parts.append(t)
        return "; ".join(parts)


# ---------------------------------------------------------------------- working copy


class _Tx:
    """A decision in progress: a working copy of the state and the effects so far."""

    def __init__(self, ruleset: Munchkin, state: MunchkinState, context: Context, *, copy: bool = True):
        self.ruleset = ruleset
        self.state = state.copy() if copy else state
        self.context = context
        self.cards = ruleset.cards_of(state)
        self.effects: list[dict[str, Any]] = []

    @classmethod
    def reading(cls, ruleset: Munchkin, state: MunchkinState) -> _Tx:
        """A context for queries (views, strengths) that never emit: no copy of the state."""
        return cls(ruleset, state, Context(0), copy=False)

    def emit(self, type_: str, **data: Any) -> None:
        effect = {"type": type_, **data}
        # Effects are stored as JSON; keep them JSON-clean from the start.
        effect = json.loads(json.dumps(effect))
        self.effects.append(effect)
        _apply(self.state, effect)


@functools.lru_cache(maxsize=64)
def _catalogue(sets: tuple[str, ...], custom_json: str) -> Catalogue:
    return load_catalogue(*sets).with_custom(json.loads(custom_json))
