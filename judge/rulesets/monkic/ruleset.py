"""monkic (002): a two-player card game of attack and shield points plus a die.

``decide`` validates a command against the state and returns its effects;
``evolve`` applies one effect. Both are pure: dice come from the command at
a reported table and from the game's seed at a dealt one (recorded in
``DieCast`` effects). The fights are in ``combat.py``, the curses in
``curses.py``, the arithmetic in ``fight.py``.

002 lays every card face up ("Die Karten werden offen hingelegt"): the view
shows both tables, both hands and both graveyards to everyone; only the
order of a dealt stack is secret.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from judge.common.errors import InvalidArgument
from judge.rules import chance
from judge.rules.declarations import OptionSpec, TraitSpec, check_setup, option
from judge.rules.engine import Action, Command, Context, GameSetup, Viewer
from judge.rules.chance_walk import ChanceWalk
from judge.rules.ruling import Malformed, Rejected, reject
from judge.rulesets.monkic import places as _places
from judge.common.i18n import N_
from judge.rulesets.monkic.cards import said_in_monkic as _said
from judge.rulesets.monkic import actions as A
from judge.rulesets.monkic import cards as C
from judge.rulesets.monkic import position as P
from judge.rulesets.monkic import rules as _rules  # noqa: F401  (registers the rule ids)
from judge.rulesets.monkic.base import Tx, values_of
from judge.rulesets.monkic.chance_check import MonkicChance
from judge.rulesets.monkic.decisions import DECISIONS
from judge.rulesets.monkic.evolve import apply as _apply
from judge.rulesets.monkic.legal import LegalRules
from judge.rulesets.monkic.narration import MonkicNarration
from judge.rulesets.monkic.state import MonkicState, Seat

OPENING_CARDS = 7


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("life_points", "int", 20,
               "Life points each player starts with (002 Vorbereitung: 20; Tipp: e.g. 40 for a longer game).",
               minimum=1, maximum=999),
    OptionSpec("sets", "int", 3, "Card sets shuffled into the stack (002 Vorbereitung: 2-10 Sätze, 3 are enough).",
               minimum=2, maximum=10),
    OptionSpec("first_seat", "int", 0, "The seat that begins (002 Start: Schere-Stein-Papier).",
               minimum=0, maximum=1),
)
VARIANT_DOCS = {
    "extra": "Extra: one XXL card each, and SuperPower or Elemente exchanged for XXL cards (002 Vorbereitung, "
             "Karten(Extra)).",
    "simple": "The simpler game without SuperPower and Elemente (002 Vorbereitung).",
    "graveyard-fights": "The top cards of the graveyards fight once after every round (002 Ende einer Runde).",
}


class Monkic(LegalRules, MonkicNarration):
    """The ``monkic`` ruleset (002)."""

    name = "monkic"
    family = "monkic"
    rules_version = "1"
    state_type: type = MonkicState
    organizer_actions = frozenset({"deal"})
    title = "monkic (two players, attack and shield points plus a die)"
    min_seats = 2
    max_seats = 2
    # The places at a table, for events (judge/rules/places.py, judge/rulesets/monkic/places.py).
    table_over = staticmethod(_places.table_over)
    table_places = staticmethod(_places.table_places)
    seat_traits: tuple[TraitSpec, ...] = ()
    options = OPTIONS
    variants: tuple[str, ...] = tuple(VARIANT_DOCS)
    variant_docs = VARIANT_DOCS
    modes = ("reported", "dealt")
    card_kinds = C.KINDS
    decisions = DECISIONS

    @property
    def pinned(self) -> str:
        return f"{self.name}@{self.rules_version}"

    def catalogue(self) -> Mapping[str, C.MonkicCard]:
        """The shipped cards by id (ListCards)."""
        return C.catalogue()

    # ------------------------------------------------------------------ setup

    def validate_setup(self, setup: GameSetup) -> None:
        check_setup(self, setup)  # two seats without traits, variants, mode, options as declared
        try:
            values_of(setup.to_dict())
        except C.ValuesError as e:
            raise InvalidArgument(e.field, e.message) from e
        if setup.position is not None:
            P.check(setup)  # position.py: what is not a monkic table is malformed, naming the field

    def library_entry(self, data: Mapping[str, Any]) -> str:
        """One card's values in a group's library (judge/domain/library.py), checked as a game checks
        its ``custom_cards`` entry; kept under the card's id."""
        try:
            cid, _ = C.parse_entry(data, "card")
        except C.ValuesError as e:
            raise InvalidArgument(e.field, e.message) from e
        return cid

    def initial_state(self, setup: GameSetup) -> MonkicState:
        if setup.position is not None:
            return P.state_of(setup, self.pinned)
        specials = "simple" not in setup.variants
        sets = int(option(self, setup, "sets"))
        vals = values_of(setup.to_dict())
        stack = sorted(cid for _ in range(sets) for cid in C.in_game(specials)
                       for _ in range(vals[cid].copies if cid in vals else 1))
        xxl = sorted(cid for _ in range(sets) for cid in C.xxl_cards()
                     for _ in range(vals[cid].copies if cid in vals else 1)) if "extra" in setup.variants else []
        life = int(option(self, setup, "life_points"))
        state = MonkicState(
            rules_version=self.pinned, setup=setup.to_dict(), mode=setup.mode,
            seats=[Seat(name=s.name, life=life) for s in setup.seats],
            variants=sorted(setup.variants), stack=stack, xxl=xxl,
            first=int(option(self, setup, "first_seat")), active=int(option(self, setup, "first_seat")),
        )
        if setup.mode == "dealt":
            state.seed_sha256 = str(setup.options["seed_sha256"])
        return state

    def opening_decks(self, state: MonkicState) -> dict[str, list[str]]:
        """A dealt table's stack (and XXL reserve) by shuffle label, in the order
        before the shuffle (docs/record-format.md, "Chance at a dealt table")."""
        if state.mode != "dealt":
            return {}
        return {"stack": list(state.stack), **({"xxl": list(state.xxl)} if state.xxl else {})}

    def chance_walk(self, opening_decks: Any) -> ChanceWalk:
        """The check of a dealt game's chance from its record (judge/rulesets/monkic/chance_check.py)."""
        return MonkicChance(opening_decks)

    def opening_command(self, state: MonkicState) -> Command | None:
        if state.mode == "dealt" and state.phase == "opening":
            return Command(None, A.Deal())
        return None

    def deadline_command(self, state: MonkicState) -> Command | None:
        return None

    legal_actions_clock = "deadline"  # no clock at all: no deadline (judge/rules/engine.py)

    def pending_deadline_ms(self, state: MonkicState) -> int | None:
        return None

    # ------------------------------------------------------------------ pure core

    def decide(self, state: MonkicState, command: Command, context: Context) -> list[dict[str, Any]]:
        return self._decided(state, command, context).effects

    def decide_folded(self, state: MonkicState, command: Command,
                      context: Context) -> tuple[list[dict[str, Any]], MonkicState]:
        """``decide`` and the state its effects lead to (the decision's working copy,
        each effect applied once; equal to ``evolve_all(state, effects)``)."""
        tx = self._decided(state, command, context)
        return tx.effects, tx.state

    def _decided(self, state: MonkicState, command: Command, context: Context) -> Tx:
        tx = Tx(self, state, context)
        s = tx.state
        if s.phase == "over":
            raise reject("monkic.game.over")
        if s.mode == "dealt" and s.phase == "opening":
            self._deal_opening(tx)
        self._dispatch(tx, command.seat, command.action)
        self._advance(tx)
        if s.mode == "dealt" and tx.state.phase == "over" and not tx.state.seed_revealed:
            tx.emit("SeedRevealed", seed=self.seed(tx).hex())
        return tx

    def evolve(self, state: MonkicState, effect: dict[str, Any]) -> MonkicState:
        return self.evolve_all(state, [effect])

    def evolve_in_place(self, state: MonkicState, effects: list[dict[str, Any]]) -> None:
        """Fold effects onto ``state`` itself, for a state nothing else holds (a game
        being read back from the store)."""
        for effect in effects:
            _apply(state, effect)

    def evolve_all(self, state: MonkicState, effects: list[dict[str, Any]]) -> MonkicState:
        new = state.copy()
        for effect in effects:
            _apply(new, effect)
        return new

    def to_dict(self, state: MonkicState) -> dict[str, Any]:
        return state.to_dict()

    def from_dict(self, data: dict[str, Any]) -> MonkicState:
        return MonkicState.from_dict(data)

    def _dispatch(self, tx: Tx, seat: int | None, action: Action) -> None:
        s = tx.state
        if not isinstance(action, A.MonkicAction):
            raise Malformed("action",
                            _said(N_("{action} is not an action of {rules}"), action=action.kind, rules=self.pinned))
        if seat is None:
            if action.kind not in self.organizer_actions:
                raise Malformed("seat", _said(N_("{action} needs the acting seat"), action=action.kind))
        elif not 0 <= seat < 2:
            raise Malformed("seat", _said(N_("no seat {seat}; seats are 0 and 1"), seat=seat))
        if isinstance(action, A.Deal):
            if not tx.effects:
                raise Malformed("action",
                                _said(N_("only a dealt table is dealt by the judge, once, before the first turn")))
            return  # the opening deal happened in decide
        assert seat is not None
        if isinstance(action, A.ReportOpening):
            self._do_report_opening(tx, seat, action)
            return
        if s.phase == "opening":
            raise reject("monkic.opening.pending")
        if s.pending:
            p = s.pending[0]
            if not (isinstance(action, A.Resolve) and seat == p["seat"]):
                raise reject("monkic.pending.answer-first", seat=p["seat"], what=p["kind"])
            self._do_resolve(tx, seat, action)
            return
        if isinstance(action, A.Resolve):
            raise reject("monkic.pending.nothing")
        if seat != s.active:
            raise reject("monkic.turn.not-your-turn", active=s.active)
        handler = getattr(self, f"_do_{action.kind}")
        handler(tx, seat, action)

    def _advance(self, tx: Tx) -> None:
        s = tx.state
        if s.phase == "opening" and all(p.opened for p in s.seats):
            tx.emit("TurnStarted", seat=s.first, turn=1)
        elif s.phase == "play" and s.turn_over and not s.pending:
            tx.emit("TurnStarted", seat=1 - s.active, turn=s.turn + 1)

    # ------------------------------------------------------------------ opening

    def _deal_opening(self, tx: Tx) -> None:
        s = tx.state
        order = [s.first, 1 - s.first]
        for seat in order:
            for _ in range(OPENING_CARDS):
                self.draw_into(tx, seat, "table", "", "deal")
        if "extra" in s.variants:
            xorder = chance.shuffled(self.seed(tx), "xxl", s.xxl)
            for k, seat in enumerate(order):
                if k < len(xorder):
                    uid = self.new_ids(tx, 1)[0]
                    tx.emit("CardsCreated", seat=seat, zone="table", cards=[[uid, xorder[k]]], source="xxl",
                            positions=[k])
        for seat in order:
            tx.emit("Opened", seat=seat)

    def _do_report_opening(self, tx: Tx, seat: int, a: A.ReportOpening) -> None:
        s = tx.state
        if s.mode == "dealt" or s.seats[seat].opened:
            raise reject("monkic.opening.done")
        if len(a.cards) != OPENING_CARDS:
            raise Malformed("report_opening.cards",
                            _said(N_("name the {n} cards dealt onto your table"), n=OPENING_CARDS))
        for i, cid in enumerate(a.cards):
            self.draw_into(tx, seat, "table", cid, f"report_opening.cards[{i}]")
        if "extra" in s.variants:
            self._take_xxl(tx, seat, a.xxl, "report_opening.xxl", "table")
        elif a.xxl:
            raise Malformed("report_opening.xxl", _said(N_("XXL cards are dealt only in the Extra variant")))
        tx.emit("Opened", seat=seat)

    def _take_xxl(self, tx: Tx, seat: int, reported: str, field: str, zone: str) -> str:
        s = tx.state
        if s.mode == "dealt":
            if reported:
                raise Malformed(field, _said(N_("at a dealt table the judge deals: leave the card empty")))
            order = chance.shuffled(self.seed(tx), "xxl", s.xxl)
            free = [k for k in range(len(order)) if k not in s.xxl_taken]
            if not free:
                raise reject("monkic.exchange.none-left", card="")
            cid, positions = order[free[0]], [free[0]]
        else:
            if reported not in C.xxl_cards():
                raise Malformed(field, _said(N_("name an XXL card ({cards})"), cards=", ".join(C.xxl_cards())))
            if reported not in s.xxl:
                raise reject("monkic.exchange.none-left", card=reported)
            cid, positions = reported, None
        uid = self.new_ids(tx, 1)[0]
        tx.emit("CardsCreated", seat=seat, zone=zone, cards=[[uid, cid]], source="xxl", positions=positions)
        return uid

    # ------------------------------------------------------------------ the turn

    def _do_draw(self, tx: Tx, seat: int, a: A.Draw) -> None:
        if tx.state.drew:
            raise reject("monkic.draw.once-per-turn")
        uid = self.draw_into(tx, seat, "table", a.card, "draw.card")
        if uid is None:
            raise reject("monkic.draw.stack-empty")
        tx.emit("TurnAction", seat=seat, what="drew")

    def _do_take_to_hand(self, tx: Tx, seat: int, a: A.TakeToHand) -> None:
        s = tx.state
        cid = self.card_of(tx, a.card, "take_to_hand.card")
        if s.took:
            raise reject("monkic.hand.one-per-turn")
        if a.card not in s.seats[seat].table:
            raise reject("monkic.hand.not-on-your-table", card=a.card)
        if self.kind_of(cid) == "curse":
            raise reject("monkic.hand.no-curses")
        tx.emit("CardMoved", card=a.card, seat=seat, zone="hand")
        tx.emit("TurnAction", seat=seat, what="took")

    def _do_protect(self, tx: Tx, seat: int, a: A.Protect) -> None:
        s = tx.state
        gid = self.card_of(tx, a.guard, "protect.guard")
        self.card_of(tx, a.card, "protect.card")
        me = s.seats[seat]
        if gid not in C.GUARDS or (a.guard not in me.hand and a.guard not in me.table):
            raise reject("monkic.protect.not-a-guard", card=a.guard)
        if a.guard in s.guards:
            raise reject("monkic.protect.guard-protected", card=a.guard)
        if a.card == a.guard or a.card not in me.hand or a.card in s.guards:
            raise reject("monkic.protect.hand-card-only")
        if s.attacks.get(a.card):
            raise reject("monkic.protect.not-after-the-fact", card=a.card)
        if not a.sacrifice_guard and gid != "superpower":
            raise Malformed("protect.sacrifice_guard",
                            _said(N_("only SuperPower may survive while the protected card dies")))
        tx.emit("GuardPlaced", seat=seat, guard=a.guard, card=a.card, sacrifice_guard=a.sacrifice_guard)

    def _do_search_joker(self, tx: Tx, seat: int, a: A.SearchJoker) -> None:
        s = tx.state
        cid = self.card_of(tx, a.card, "search_joker.card")
        me = s.seats[seat]
        if cid != "joker-in-hand" or a.card in s.used or (a.card not in me.hand and a.card not in me.table):
            raise reject("monkic.joker-in-hand.once", card=a.card)
        if a.joker not in C.JOKERS:
            raise Malformed("search_joker.joker", _said(N_("one of {cards}"), cards=", ".join(C.JOKERS)))
        zone = self.place_zone(a.joker, a.place, "search_joker.place")
        if s.mode == "dealt":
            uid = self.draw_into(tx, seat, zone, "", "search_joker", want=a.joker)
        elif a.joker not in s.stack:
            uid = None
        else:
            uid = self.draw_into(tx, seat, zone, a.joker, "search_joker.joker", want=a.joker)
        if uid is None:
            raise reject("monkic.joker-in-hand.none-left", joker=a.joker)
        tx.emit("AbilityUsed", seat=seat, card=a.card)

    def _do_exchange(self, tx: Tx, seat: int, a: A.Exchange) -> None:
        s = tx.state
        cid = self.card_of(tx, a.card, "exchange.card")
        if "extra" not in s.variants:
            raise reject("monkic.exchange.only-extra")
        if self.kind_of(cid) == "xxl":
            raise reject("monkic.exchange.no-return")
        me = s.seats[seat]
        zone = "hand" if a.card in me.hand else "table" if a.card in me.table else ""
        if cid not in ("superpower", "elemente") or not zone:
            raise reject("monkic.exchange.only-special")
        self._take_xxl(tx, seat, a.xxl, "exchange.xxl", zone)
        guard = s.guards.get(a.card)
        if guard is not None:
            tx.emit("CardMoved", card=guard, seat=seat, zone="hand")
        tx.emit("CardMoved", card=a.card, seat=seat, zone="out")

    def _do_end_turn(self, tx: Tx, seat: int, a: A.EndTurn) -> None:
        s = tx.state
        for uid, owner in sorted(s.borrowed.items()):
            # Psycho: "für einen Zug"; a borrowed card still alive goes back to its owner's hand.
            tx.emit("CardMoved", card=uid, seat=owner, zone="hand")
        tx.emit("TurnEnded", seat=seat)
        if s.turn % 2 == 0 and "graveyard-fights" in s.variants:
            self.graveyard_fight(tx, seat)

    def _do_resolve(self, tx: Tx, seat: int, a: A.Resolve) -> None:
        p = tx.state.pending[0]
        tx.emit("PendingResolved", seat=seat, kind=p["kind"])
        self.answer(tx, p, a)

    # ------------------------------------------------------------------ view

    def position(self, state: MonkicState, viewer: Viewer) -> dict[str, Any]:
        """The table now (position.py); the same for every viewer: all is face up."""
        return P.position_of(self.name, state)

    def setup_of_position(self, data: dict[str, Any]) -> GameSetup:
        return P.setup_of(self.name, data)

    analysis_for_every_viewer = True  # no breakdowns at all (judge/rules/analysis.py)

    def analysis(self, state: MonkicState, viewer: Viewer) -> dict[str, Any]:
        """No breakdowns: a monkic fight's numbers are printed values plus a die (the view shows them)."""
        return {"breakdowns": [], "forecast": None}

    def view(self, state: MonkicState, viewer: Viewer) -> dict[str, Any]:
        """Everything on the table is face up (002 Spielfeld: "Die Karten werden
        offen hingelegt"), so the view is the same for every viewer. The keys
        every game has (seats with number and name, turn, phase, winners ...)
        are at the top level; the rest is the family's section under
        ``"monkic"`` (``judge.v1.MonkicView``). Each card is ``{"id", "card"}``;
        a protected hand card also has ``"guard"`` (the card under it) and
        ``"guard_survives"``."""
        def cards(uids: Iterable[str]) -> list[dict[str, Any]]:
            out = []
            for uid in uids:
                c: dict[str, Any] = {"id": uid, "card": state.cards[uid]}
                if uid in state.guards:
                    g = state.guards[uid]
                    c["guard"] = {"id": g, "card": state.cards[g]}
                    c["guard_survives"] = g in state.keeps_guard
                out.append(c)
            return out

        seats = [{
            "seat": i, "life": p.life, "hand": cards(p.hand), "table": cards(p.table),
            "graveyard": cards(p.graveyard), "graveyard_top": state.cards[p.graveyard[-1]] if p.graveyard else "",
        } for i, p in enumerate(state.seats)]
        stack_left = len(state.stack) - len(state.stack_taken) if state.mode == "dealt" else len(state.stack)
        section: dict[str, Any] = {
            "round": state.round, "drew": state.drew, "took": state.took, "seats": seats,
            "attacks": dict(sorted(state.attacks.items())), "activated_traps": list(state.traps),
            "traps_used": list(state.trap_turn), "abilities_used": list(state.used),
            "barred": [{k: b[k] for k in ("seat", "turn", "what", "reason")} for b in state.bars],
            "borrowed": dict(sorted(state.borrowed.items())),
            "pending": [self._pending_view(p) for p in state.pending], "stack_left": stack_left,
            "xxl_left": len(state.xxl) - len(state.xxl_taken) if state.mode == "dealt" else len(state.xxl),
        }
        out: dict[str, Any] = {
            "ruleset": self.name, "rules_version": state.rules_version, "variants": list(state.variants),
            "mode": "TABLE_MODE_DEALT" if state.mode == "dealt" else "TABLE_MODE_REPORTED",
            "status": "GAME_STATUS_FINISHED" if state.phase == "over" else "GAME_STATUS_ACTIVE",
            "phase": state.phase, "seats": [{"seat": i, "name": p.name} for i, p in enumerate(state.seats)],
            "active_seat": state.active, "turn": state.turn,
            "winners": [] if state.winner is None else [state.winner],
            "waiting_for": self._waiting_for(state), "monkic": section,
        }
        if state.mode == "dealt":
            out["seed_sha256"], out["seed"] = state.seed_sha256, state.seed_revealed
        return out

    def census(self, state: MonkicState, secret_seed: bytes | None) -> list[str]:
        """Every card of the game wherever it is, sorted (``MonkicState.census``):
        the same after every step as at creation, at both tables."""
        return state.census(secret_seed)

    @staticmethod
    def _pending_view(p: dict[str, Any]) -> dict[str, Any]:
        """A pending item as ``judge.v1.MonkicPending`` shows it."""
        return {"seat": p["seat"], "kind": p["kind"], "card": p["card"], "dice": p["dice"],
                "place": bool(p["place"]), "draw": bool(p.get("draw")), "rolled": list(p.get("rolled", ()))}

    def _waiting_for(self, s: MonkicState) -> str:
        if s.phase == "over":
            return f"game over: {s.seats[s.winner or 0].name} won"
        if s.phase == "opening":
            return "seats " + ", ".join(str(i) for i, p in enumerate(s.seats) if not p.opened) + \
                " to report their opening cards"
        if s.pending:
            p = s.pending[0]
            return f"seat {p['seat']} to answer: {p['kind']}"
        return f"seat {s.active} to play (round {s.round})"

    def redact(self, effect: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        return effect  # every card is face up (002 Spielfeld)

    def redact_action(self, action: dict[str, Any], seat: int | None, viewer: Viewer) -> dict[str, Any]:
        return action

    def card_names(self, state: MonkicState) -> dict[str, str]:
        """The printed name of every card, by catalogue id, and of every card in the game by its instance id
        ("Drache (c1)": the actions and events name cards in play by instance)."""
        catalogue = self.catalogue()
        names = {cid: card.name for cid, card in catalogue.items()}
        names.update({uid: f"{names.get(cid, cid)} ({uid})" for uid, cid in state.cards.items()})
        return names

    def narration_context(self, state: MonkicState) -> dict[str, Any]:
        """Which catalogue card each instance in the game is, for telling cards by their printed names."""
        return {"cards": dict(state.cards)}

    def describe(self, effects: list[dict[str, Any]]) -> str:
        parts = []
        for e in effects:
            t = e["type"]
            if t == "FightResolved":
                parts.append(f"{e['attacker']} ({e['attack']}) vs {e['defender'] or 'life'} ({e['shield']}): "
                             f"{e['winner']} [{e['reason']}]")
            elif t == "LifeChanged":
                parts.append(f"seat {e['seat']} life {e['life']}")
            elif t == "GameWon":
                parts.append(f"seat {e['seat']} wins")
            elif t == "TurnStarted":
                parts.append(f"turn {e['turn']}: seat {e['seat']}")
            elif t not in ("DieCast", "TurnAction", "PendingResolved"):
                parts.append(t)
        return "; ".join(parts)

    def is_legal(self, state: MonkicState, seat: int | None, action: Action, context: Context) -> bool:
        try:
            self.decide(state, Command(seat, action), context)
        except (Rejected, Malformed):
            return False
        return True
