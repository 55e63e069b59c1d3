"""The Munchkin base game (000, rules 1.71) with the timing table of 001.

``decide`` validates a command against the state and returns the effects it
has; ``evolve`` applies one effect. Both are pure. Decisions are computed on
a working copy (``_Tx``) so that later checks in the same command see the
earlier effects (a kill raises the level, then the win is checked).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from judge.cards import Card, CardError, Catalogue, load_catalogue, parse_card, shipped_sets
from judge.cards.names import unknown_card_message, with_card_ids
from judge.common.errors import InvalidArgument
from judge.rules.declarations import check_setup, option
from judge.rules.engine import Action, Command, Context, GameSetup, canonical_json
from judge.rules import registry
from judge.rules.chance_walk import ChanceWalk
from judge.rules.ruling import Malformed, UnknownCard, reject
from judge.rulesets.munchkin import places as _places
from judge.common.i18n import N_
from judge.rulesets.munchkin.sentences import said_in_munchkin as _said
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin import declared
from judge.rulesets.munchkin import rules as _rules  # noqa: F401  (registers the rule ids)
from judge.rulesets.munchkin.abilities import AbilityRules
from judge.rulesets.munchkin.adjustments import AdjustmentRules
from judge.rulesets.munchkin.analysis import AnalysisRules
from judge.rulesets.munchkin.character import CharacterRules
from judge.rulesets.munchkin.chance_check import MunchkinChance
from judge.rulesets.munchkin.charity import CharityRules
from judge.rulesets.munchkin.combat import CombatRules
from judge.rulesets.munchkin.curses import CurseRules
from judge.rulesets.munchkin.dealing import DealingRules, deck_composition
from judge.rulesets.munchkin.dispatch import (ABILITY_HANDLERS, ACTION_HANDLERS, PLAY_HANDLERS, AbilityHandler,
                                              ActionHandler, PlayHandler)
from judge.rulesets.munchkin.evolve import EFFECT_HANDLERS, EffectHandler
from judge.rulesets.munchkin.help import HelpRules
from judge.rulesets.munchkin.hooks import SetHooks
from judge.rulesets.munchkin.items import ItemRules
from judge.rulesets.munchkin.legal import LegalActions
from judge.rulesets.munchkin.looting import LootingRules
from judge.rulesets.munchkin.monsters import MonsterRules
from judge.rulesets.munchkin.narration import MunchkinNarration
from judge.rulesets.munchkin.opening import OpeningRules
from judge.rulesets.munchkin.pending import PendingRules
from judge.rulesets.munchkin.position import PositionRules
from judge.rulesets.munchkin.playing import PlayRules
from judge.rulesets.munchkin.running import RunningRules
from judge.rulesets.munchkin.sets import MixerSet, declared_set
from judge.rulesets.munchkin.state import MunchkinState, Player
from judge.rulesets.munchkin.table import TableRules
from judge.rulesets.munchkin.trading import TradingRules
from judge.rulesets.munchkin.turn import TurnRules
from judge.rulesets.munchkin.validation import InputRules
from judge.rulesets.munchkin.tx import _Tx, catalogue_of, catalogue_of_custom
from judge.rulesets.munchkin.variants import MunchkinVariant, active_variants, variants_of
from judge.rulesets.munchkin.variants import epic
from judge.rulesets.munchkin.variants.epic import EpicKick, check_epic_goal
from judge.rulesets.munchkin.variants.listen import ListenAtTheDoor
from judge.rulesets.munchkin.variants.shared_victory import SharedVictory
from judge.rulesets.munchkin.variants.two_players import TwoPlayers
from judge.rulesets.munchkin.view import ViewRules
from judge.rulesets.munchkin.card_forms import FORMS as CARD_FORMS, KindForm

DEFAULT_WINDOW_MS = declared.DEFAULT_WINDOW_MS
MAX_WINDOW_MS = declared.MAX_WINDOW_MS

__all__ = ["Munchkin", "_Tx"]


_NO_CUSTOM_CARDS = canonical_json([])
"""The catalogue key of a game without custom cards (most games: asked at every decision)."""


class Munchkin(SetHooks, TurnRules, PlayRules, CombatRules, HelpRules, RunningRules, MonsterRules, CharacterRules,
               ItemRules, TableRules, TradingRules, CharityRules, AbilityRules, LootingRules, AdjustmentRules,
               DealingRules, OpeningRules, PendingRules, CurseRules, LegalActions, ViewRules, InputRules,
               AnalysisRules, PositionRules, MunchkinNarration):
    """The ``munchkin`` ruleset. Subclasses (Babys, Star Munchkin ...) override
    the class attributes and hooks, never the engine."""

    name = "munchkin"
    family = "munchkin"
    # Its actions are the fields of judge.v1 Command.action itself (the API began with them);
    # every other family's are in its section (docs/architecture.md, "The API and its families").
    api_section = ""
    rules_version = "1"
    #: The set the Mixer may combine (sets.py): 000, the base game.
    mixer_set: MixerSet | None = MixerSet("munchkin", number=0)
    # A layer with state of its own subclasses MunchkinState (new fields defaulted) and names it here.
    state_type: type[MunchkinState] = MunchkinState
    card_sets: tuple[str, ...] = ("munchkin",)
    title = "Munchkin (base game, rules 1.71, with the timing table of 001)"
    min_seats = 3
    max_seats = declared.MAX_SEATS
    # The places at a table, for events (judge/rules/places.py, judge/rulesets/munchkin/places.py).
    table_over = staticmethod(_places.table_over)
    table_places = staticmethod(_places.table_places)
    seat_traits = declared.SEAT_TRAITS
    options = declared.OPTIONS
    modes = declared.MODES
    card_kinds = declared.CARD_KINDS
    # How a client's form defines a card that turns up unknown (card_forms.py, ListRulesets).
    card_forms: tuple[KindForm, ...] = CARD_FORMS
    # The variants this set offers, each a module composed onto any set (variants/).
    variant_modules: Mapping[str, type[MunchkinVariant]] = MappingProxyType(
        {SharedVictory.name: SharedVictory, ListenAtTheDoor.name: ListenAtTheDoor, EpicKick.name: EpicKick,
         TwoPlayers.name: TwoPlayers})
    # Extra catalogue files a layer ships beside its module (besides the shipped sets in card_sets).
    card_files: tuple[Path, ...] = ()
    # Where the rule texts are open: (title, decision, test), for docs/rules.md.
    decisions: tuple[tuple[str, str, str], ...] = _rules.DECISIONS
    # When a one-shot played in a combat reaches the discard pile: 000 "Weitere
    # Aktionen im Kampf": "Danach wird sie abgelegt" ("when-played": at once,
    # its bonus still counts in this combat); 003 "Sobald der Kampf vorbei ist
    # oder der Effekt der Karte eingetreten ist, wird sie abgelegt"
    # ("after-combat"), for a layer that follows 003. docs/rules.md, decisions.
    one_shot_discard = "when-played"

    # The handler tables (dispatch.py, evolve.py): a layer extends them in its own class.
    action_handlers: Mapping[str, ActionHandler] = ACTION_HANDLERS
    play_handlers: Mapping[str, PlayHandler] = PLAY_HANDLERS
    ability_handlers: Mapping[str, AbilityHandler] = ABILITY_HANDLERS
    effect_handlers: Mapping[str, EffectHandler] = MappingProxyType({**EFFECT_HANDLERS, **epic.EFFECTS})

    # ------------------------------------------------------------------ catalogue

    @property
    def variants(self) -> tuple[str, ...]:
        """The variant names a game of this set may be created with (ListRulesets)."""
        return tuple(self.variant_modules)

    @property
    def variant_docs(self) -> dict[str, str]:
        return {name: v.doc for name, v in self.variant_modules.items()}

    def catalogue(self, custom: Iterable[dict[str, Any]] = ()) -> Catalogue:
        return catalogue_of(self.card_sets, self.card_files, canonical_json(list(custom)))

    def cards_of(self, state: MunchkinState) -> Catalogue:
        custom = state.setup.get("custom_cards", ())
        if not custom:
            return catalogue_of(self.card_sets, self.card_files, _NO_CUSTOM_CARDS)
        return catalogue_of_custom(self.card_sets, self.card_files, custom)

    def card_of_other_set(self, card_id: str) -> Card | None:
        """A shipped card of a set this game does not include (refused with
        munchkin.card.not-in-game unless the group adds it as a custom card). Every set of the family is
        asked the same way: the shipped catalogue files and each registered set's layer (Star's cards ship
        beside its module), so a card of any set gets the ruling, not a bare "unknown card"."""
        others = tuple(name for name in shipped_sets() if name not in self.card_sets)
        found = load_catalogue(*others).get(card_id) if others else None
        if found is not None:
            return found
        for ruleset in registry.current(family=self.family):
            if isinstance(ruleset, Munchkin) and declared_set(ruleset) is not None:
                found = ruleset.catalogue().get(card_id)
                if found is not None:
                    return found
        return None

    # ------------------------------------------------------------------ setup

    @property
    def pinned(self) -> str:
        return f"{self.name}@{self.rules_version}"

    def validate_setup(self, setup: GameSetup) -> None:
        try:
            check_setup(self, setup)  # seats, traits, variants, mode, options as declared
        except InvalidArgument as e:
            if e.field == "seats":  # a variant with a seat rule of its own says what it needs
                for variant in variants_of(self, setup.variants):
                    variant.check_setup(self, setup)
            raise
        n = len(setup.seats)
        first = option(self, setup, "first_seat")
        if not 0 <= first < n:
            raise InvalidArgument("options.first_seat", _said(N_("must be a seat number 0 to {last}"), last=n - 1))
        try:
            self.catalogue(setup.custom_cards)
        except CardError as e:
            raise InvalidArgument(f"custom_cards.{e.card}.{e.field}", e.message) from e
        for variant in variants_of(self, setup.variants):
            variant.check_setup(self, setup)  # e.g. two players: four characters
        check_epic_goal(setup, [v.name for v in variants_of(self, setup.variants)])
        if setup.position is not None:
            self.check_position(setup)  # position.py: a table no legal game could reach is refused

    def library_entry(self, data: Mapping[str, Any]) -> str:
        """One card of a group's library (judge/domain/library.py): checked like a game's custom card
        against every set the judge ships, so it fits a game of any of them or of their Mixer."""
        try:
            card = parse_card(dict(data), "card")
            shipped = load_catalogue(*shipped_sets()).get(card.id)
            if shipped is not None:
                raise CardError("card", card.id, "id", _said(N_("a shipped card already has this id ({name})"),
                                                             name=shipped.name))
        except CardError as e:
            raise InvalidArgument(f"card.{e.field}", e.message) from e
        return card.id

    def initial_state(self, setup: GameSetup) -> MunchkinState:
        if setup.position is not None:
            return self.state_of_position(setup)  # position.py
        first = int(option(self, setup, "first_seat"))
        dealt = setup.mode == "dealt"
        # Reported: each seat drew 4 door + 4 treasure cards face down, unknown until played.
        # Dealt: the judge deals them before the first action.
        players = [Player(name=s.name, sex=s.traits["sex"], unknown=0 if dealt else 8) for s in setup.seats]
        if not dealt:  # the first player's turn-start draws (listen at the door), face down as well
            players[first].unknown += sum(n for v in variants_of(self, setup.variants)
                                          for n in v.turn_start_draws().values())
        state = self.state_type(
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

    def opening_decks(self, state: MunchkinState) -> dict[str, list[str]]:
        """A dealt table's piles at creation, by shuffle label (``door:0``): what the
        seed shuffles (docs/record-format.md, "Chance at a dealt table")."""
        if state.mode != "dealt":
            return {}
        return {f"{deck}:{pile['shuffles']}": list(pile["base"]) for deck, pile in state.piles.items()}

    def chance_walk(self, opening_decks: Any) -> ChanceWalk:
        """The check of a dealt game's chance from its record (judge/rulesets/munchkin/chance_check.py)."""
        return MunchkinChance(opening_decks)

    # ------------------------------------------------------------------ pure core

    def decide(self, state: MunchkinState, command: Command, context: Context) -> list[dict[str, Any]]:
        return self._decided(state, command, context).effects

    def decide_folded(self, state: MunchkinState, command: Command,
                      context: Context) -> tuple[list[dict[str, Any]], MunchkinState]:
        """``decide`` and the state its effects lead to: the decision's own working copy,
        on which every effect was applied once as it was decided (the same state
        ``evolve_all(state, effects)`` gives; a property test holds this)."""
        tx = self._decided(state, command, context)
        return tx.effects, tx.state

    def _decided(self, state: MunchkinState, command: Command, context: Context) -> _Tx:
        tx = _Tx(self, state, context)
        if state.mode == "dealt" and not state.dealt_out and not state.finished:
            self.deal_start(tx)  # the opening deal comes before the first action
        # A card named by its printed name ("Topfpflanze") is the card of that id (docs/cards.md).
        self.decide_action(tx, command.seat, with_card_ids(command.action, tx.cards))
        self.refresh_curse_choice(tx)
        for variant in active_variants(self, tx):
            variant.continue_turn(self, tx)  # the Epic kick goes on once its curse is answered
        self.end_lasting_curses(tx, state)
        self.reveal_seed(tx)
        return tx

    def evolve(self, state: MunchkinState, effect: dict[str, Any]) -> MunchkinState:
        return self.evolve_all(state, [effect])

    def evolve_all(self, state: MunchkinState, effects: list[dict[str, Any]]) -> MunchkinState:
        """Fold a command's effects: one copy of the state, not one per effect."""
        new = state.copy()
        for effect in effects:
            self.apply_effect(new, effect)
        return new

    def evolve_in_place(self, state: MunchkinState, effects: list[dict[str, Any]]) -> None:
        """Fold effects onto ``state`` itself, for a state nothing else holds (a game
        being read back from the store)."""
        for effect in effects:
            self.apply_effect(state, effect)

    def apply_effect(self, state: MunchkinState, effect: dict[str, Any]) -> None:
        """Apply one effect in place with this class's ``effect_handlers``
        (never validates: decide already did)."""
        handler = self.effect_handlers.get(effect["type"])
        if handler is None:
            raise ValueError(f"unknown effect type {effect['type']!r}")
        handler(state, effect)

    def to_dict(self, state: MunchkinState) -> dict[str, Any]:
        return state.to_dict()

    def from_dict(self, data: dict[str, Any]) -> MunchkinState:
        return self.state_type.from_dict(data)

    legal_actions_clock = "deadline"
    """The clock decides only whether a claim's window has closed (``_do_resolve_combat``), and that is
    ``pending_deadline_ms``: LegalActions may be kept per version (judge/rules/engine.py)."""

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
    # The actions of a seat that owes its new hand (000 "Tod"): drawing it, and the table's adjustments.
    new_hand_actions = frozenset({"deal", "record_adjustment", "confirm_adjustment"})
    # Actions still possible while a corpse is being looted.
    looting_actions = frozenset({"loot_corpse", "roll_die", "reveal_card", "record_adjustment",
                                 "confirm_adjustment"})

    def decide_action(self, tx: _Tx, seat: int | None, action: Action) -> None:
        """A hook: decide one action: the game not over, the seat and the input checked, the variants asked,
        the action's handler called. A layer adds before or after the base decision (Star's room window, the
        Mixer's follower cards) or gives a base ruling in its own words (Babys)."""
        s = tx.state
        if s.finished:
            raise reject("munchkin.game.over")
        if seat is None:
            if action.kind not in self.organizer_actions:
                raise Malformed("seat", _said(N_("{action} needs the acting seat"), action=action.kind))
        elif not 0 <= seat < len(s.players):
            raise Malformed("seat",
                            _said(N_("no seat {seat}; seats are 0 to {last}"), seat=seat, last=len(s.players) - 1))
        self.check_input(tx, seat, action)
        # The organizer acts for the table at any moment: an adjustment overrules a seat that stalls a choice,
        # a looting or a curse's answer (000 "SPIELVORBEREITUNGEN": "wobei der Besitzer des Spiels das
        # letzte Wort hat"; docs/rules.md, decisions).
        interrupts = self.may_interrupt(tx, seat, action) or (seat is None and isinstance(action, A.RecordAdjustment))
        if s.choice is not None and not interrupts and not (seat == s.choice.seat and (
                isinstance(action, A.ChooseCard)
                or (s.choice.reason == "keep-big" and self.sells(action)))):
            raise reject("munchkin.choice.pending", seat=s.choice.seat)
        if s.corpse is not None and action.kind not in self.looting_actions and not interrupts:
            raise reject("munchkin.loot.in-progress", seat=s.corpse["seat"])
        # A choice owed already, and a looting under way, come first, then the curse is answered, in the
        # order the view's waiting line names the seats (docs/rules.md, "A choice or a looting before a
        # curse's answer").
        choosing = s.choice is not None and seat == s.choice.seat and isinstance(action, A.ChooseCard)
        looting = s.choice is None and s.corpse is not None and action.kind in self.looting_actions
        if s.pending_curse is not None and not interrupts and not choosing and not looting \
                and not isinstance(action, A.AnswerCurse):
            raise reject("munchkin.curse.answer-pending", seat=s.pending_curse["seat"])
        if (seat is not None and not interrupts and action.kind not in self.new_hand_actions
                and self.owes_new_hand(s, seat)):
            raise reject("munchkin.turn.draw-new-hand-first")
        if seat is not None and str(seat) in s.must_play and action.kind != "deal":
            card = s.must_play[str(seat)]
            if not (isinstance(action, A.PlayCard) and action.card == card):
                raise reject("munchkin.card.must-play-at-once", card=card)
        if not self.keeps_receipts(s, seat, action):
            for i, p in enumerate(s.players):
                if p.received:
                    tx.emit("ReceiptLapsed", seat=i)
        handler = self.action_handlers.get(action.kind)
        if handler is None:
            raise Malformed("action",
                            _said(N_("{action} is not an action of {rules}"), action=action.kind, rules=self.pinned))
        for variant in active_variants(self, tx):
            variant.check_action(self, tx, seat, action)  # e.g. two players: the alter ego's restrictions
        handler(self, tx, seat, action)

    @staticmethod
    def sells(action: Action) -> bool:
        """A sale: selling items, or the halfling's double-price sale (000 Gegenstände: a former dwarf
        "kannst ... sie verkaufen" while the keep-one-big-item choice is pending)."""
        return isinstance(action, A.SellItems) or (isinstance(action, A.UseAbility)
                                                   and action.ability == "halfling-sale")

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
            raise Malformed(field, _said(N_("a card id is required")))
        try:
            return tx.cards[card_id]
        except KeyError:
            other = self.card_of_other_set(card_id)
            if other is not None:
                raise reject("munchkin.card.not-in-game", card=card_id, set=other.set) from None
            raise UnknownCard(field, unknown_card_message(tx.cards, card_id), card_id) from None

    def require_turn(self, s: MunchkinState, seat: int | None) -> None:
        if seat != s.active:
            raise reject("munchkin.turn.not-your-turn", active=s.active)

    def take_from_hand(self, tx: _Tx, seat: int, *cards: str) -> None:
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
