"""What every part of the monkic ruleset shares: the working copy of a
decision (``Tx``), the group's card values, dice, and the draw stack."""

from __future__ import annotations

import abc
import functools
import json
from typing import Any

from judge.rules import chance
from judge.rules.engine import Action, Context, canonical_json
from judge.rules.ruling import Malformed, reject
from judge.common.i18n import N_
from judge.rulesets.monkic.cards import said_in_monkic as _said
from judge.rulesets.monkic import cards as C
from judge.rulesets.monkic.evolve import apply as _apply
from judge.rulesets.monkic.state import MonkicState


class Base(abc.ABC):
    """Helpers of the monkic ruleset; the rule areas build on it."""

    @abc.abstractmethod
    def is_legal(self, state: MonkicState, seat: int | None, action: Action, context: Context) -> bool:
        """Whether ``decide`` accepts the action now."""

    @staticmethod
    def seed(tx: Tx) -> bytes:
        seed = tx.context.secret_seed
        if seed is None or chance.commitment(seed) != tx.state.seed_sha256:
            raise RuntimeError("a dealt game was judged without its seed")
        return seed

    def roll(self, tx: Tx, field: str, reported: tuple[int, ...], count: int) -> tuple[int, ...]:
        """``count`` dice: reported (each 1 to 6) or rolled from the seed."""
        if tx.state.mode != "dealt":
            if len(reported) != count:
                raise Malformed(field, _said(N_("report exactly {count} dice here, got {got}"), count=count,
                                             got=len(reported)))
            for d in reported:
                if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
                    raise Malformed(field, _said(N_("a die shows 1 to 6")))
            return tuple(reported)
        if reported:
            raise Malformed(field, _said(N_("at a dealt table the judge rolls: leave the dice empty")))
        out = []
        for _ in range(count):
            number = tx.state.rolls
            value = chance.die(self.seed(tx), number)
            tx.emit("DieCast", number=number, value=value)
            out.append(value)
        return tuple(out)

    @staticmethod
    def card_of(tx: Tx, uid: str, field: str) -> str:
        cid = tx.state.cards.get(uid) if isinstance(uid, str) else None
        if cid is None:
            raise Malformed(field, _said(N_("no card '{card}' in this game"), card=uid))
        return cid

    @staticmethod
    def kind_of(cid: str) -> str:
        return C.catalogue()[cid].kind

    @staticmethod
    def place_zone(cid: str, place: str, field: str) -> str:
        """Where a card put "auf die Hand oder den Tisch" goes: curses always to the table."""
        if place not in ("hand", "table"):
            raise Malformed(field, _said(N_("hand or table")))
        return "table" if C.catalogue()[cid].kind == "curse" else place

    def values(self, tx: Tx) -> dict[str, C.Values]:
        return values_of(tx.state.setup)

    def new_ids(self, tx: Tx, n: int) -> list[str]:
        return [f"c{tx.state.next_id + k}" for k in range(n)]

    def _stack_card(self, tx: Tx, reported: str, field: str, want: str = "") -> tuple[str, int | None] | None:
        """The next card from the stack (or the first ``want`` card, searching):
        (catalogue id, position at a dealt table) or None when none is left."""
        s = tx.state
        if s.mode != "dealt":
            cid = reported
            if cid not in C.catalogue():
                raise Malformed(field, _said(N_("unknown monkic card '{card}'"), card=cid))
            if C.catalogue()[cid].kind == "xxl":
                raise reject("monkic.draw.xxl-never")
            if want and cid != want:
                raise Malformed(field, _said(N_("the card searched for is '{card}'"), card=want))
            if cid not in s.stack:
                specials = "simple" not in s.variants
                if cid not in C.in_game(specials):
                    raise reject("monkic.draw.not-in-game", card=cid)
                raise reject("monkic.draw.none-left", card=cid)
            return cid, None
        if reported:
            raise Malformed(field, _said(N_("at a dealt table the judge draws: leave the card empty")))
        order = chance.shuffled(self.seed(tx), "stack", s.stack)
        for pos, cid in enumerate(order):
            if pos not in s.stack_taken and (not want or cid == want):
                return cid, pos
        return None

    def draw_into(self, tx: Tx, seat: int, zone: str, reported: str, field: str, want: str = "") -> str | None:
        got = self._stack_card(tx, reported, field, want)
        if got is None:
            return None
        cid, pos = got
        uid = self.new_ids(tx, 1)[0]
        tx.emit("CardsCreated", seat=seat, zone=self.place_zone(cid, zone, field), cards=[[uid, cid]],
                source="stack", positions=None if pos is None else [pos])
        return uid


class Tx:
    """A decision in progress: a working copy of the state and the effects so far."""

    def __init__(self, ruleset: Base, state: MonkicState, context: Context):
        self.ruleset = ruleset
        self.state = state.copy()
        self.context = context
        self.effects: list[dict[str, Any]] = []

    def emit(self, type_: str, **data: Any) -> None:
        effect = json.loads(json.dumps({"type": type_, **data}))
        self.effects.append(effect)
        _apply(self.state, effect)


def values_of(setup: dict[str, Any]) -> dict[str, C.Values]:
    variants = setup.get("variants", [])
    return _values(canonical_json(list(setup.get("custom_cards", []))),
                   "simple" not in variants, "extra" in variants)


@functools.lru_cache(maxsize=64)
def _values(custom_json: str, specials: bool, extra: bool) -> dict[str, C.Values]:
    return C.parse_values(json.loads(custom_json), specials=specials, extra=extra)
