"""Malformed input: what is wrong with an action whatever the game's state.

Checked before any rule, so a request that cannot mean anything (a die of 7, a
negative count, a seat that is not at the table, a field the card played does
not take) is answered ``Malformed(field, message)`` -> INVALID_ARGUMENT naming
the field, and never with a ruling about the situation. Nothing changes.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, ClassVar

from judge.rules.engine import Action
from judge.rules.ruling import Malformed
from judge.common.i18n import N_, said
from judge.rulesets.munchkin.sentences import said_in_munchkin as _said
from judge.rulesets.munchkin.sentences import nsaid_in_munchkin
from judge.rulesets.munchkin import actions as A

if TYPE_CHECKING:
    from judge.cards import Card
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.ruleset import _Tx

SEAT_FIELDS = frozenset({"target_seat", "with_seat", "helper"})
COUNT_FIELDS = frozenset({"discard_unknown", "unknown", "monster_index"})
ROLLS = (A.RunAway, A.RollDie)
# Actions that name a card whatever the table (a kicked door names none at a dealt table, and an
# answer to a door curse without a card takes the curse).
NAME_A_CARD = (A.ChooseCard, A.PickTreasure, A.LootCorpse, A.GiveItem)
MONSTER_CARDS = frozenset({"monster_enhancer", "monster_enhancer_enhancer", "mate"})  # they act on a monster  # actions that always carry a die (reported) or leave it 0 (dealt)


class InputRules:
    """The shape checks of every action and of ``play_card`` against its card."""

    # The optional ``play_card`` fields each card kind takes; any other field set contradicts the card.
    play_fields: ClassVar[dict[str, frozenset[str]]] = {
        "one_shot": frozenset({"side", "monster_index", "from_table"}),
        "monster_enhancer": frozenset({"side", "monster_index"}),
        "monster_enhancer_enhancer": frozenset({"side", "monster_index"}),
        "mate": frozenset({"side", "monster_index"}),
        "curse": frozenset({"target_seat"}),
        "insanity": frozenset({"target_seat"}),
        "level_up": frozenset({"target_seat"}),
        "wandering_monster": frozenset({"with_card"}),
        "super_munchkin": frozenset({"with_card"}),
    }

    def check_input(self: MunchkinHost, tx: _Tx, seat: int | None, action: Action) -> None:
        """Raise ``Malformed`` for a value out of range or missing in ``action``."""
        players = len(tx.state.players)
        kind = action.kind
        for f in dataclasses.fields(action):
            value = getattr(action, f.name)
            if value is None or isinstance(value, bool) or not isinstance(value, int):
                continue
            path = f"{kind}.{f.name}"
            if f.name in SEAT_FIELDS and not 0 <= value < players:
                raise Malformed(path, _said(N_("no seat {seat}; seats are 0 to {last}"), seat=value, last=players - 1))
            if f.name in COUNT_FIELDS and value < 0:
                raise Malformed(path, _said(N_("must not be negative (got {got})"), got=value))
            if f.name == "die":
                self.check_die(tx, path, value, required=isinstance(action, ROLLS))
        # A card owed from the hand may be one not yet identified: "" where the choice offers it.
        unnamed = isinstance(action, A.ChooseCard) and tx.state.choice is not None and "" in tx.state.choice.options
        # A looter finds nothing left on the corpse (looting.py): "" while a corpse is looted.
        unnamed = unnamed or (isinstance(action, A.LootCorpse) and tx.state.corpse is not None)
        if isinstance(action, NAME_A_CARD) and not action.card and not unnamed:
            raise Malformed(f"{kind}.card", _said(N_("a card id is required")))
        if isinstance(action, A.AskForHelp) and action.bribe.treasures < 0:
            raise Malformed("ask_for_help.bribe.treasures", _said(N_("must not be negative (got {got})"),
                                                                  got=action.bribe.treasures))
        if isinstance(action, A.EndTurn) and seat is not None:
            self.check_charity_split(tx, seat, action)

    def check_die(self: MunchkinHost, tx: _Tx, field: str, die: int, *, required: bool) -> None:
        """A reported die shows 1 to 6 (0: not rolled); at a dealt table the judge rolls."""
        if self.dealt(tx):
            if die:
                raise Malformed(field, _said(N_("at a dealt table the judge rolls: leave the die at 0")))
        elif not 0 <= die <= 6 or (required and die == 0):
            raise Malformed(field, _said(N_("a die shows 1 to 6 (got {got})"), got=die))

    def check_charity_split(self: MunchkinHost, tx: _Tx, seat: int, a: A.EndTurn) -> None:
        """Each gift goes to another seat, once, with at least one card; a
        negative count or a split of more cards than the hand holds adds up to
        nothing."""
        players = len(tx.state.players)
        named: set[int] = set()
        for i, g in enumerate(a.gifts):
            if not 0 <= g.to_seat < players or g.to_seat == seat:
                raise Malformed(f"end_turn.gifts[{i}].to_seat", _said(N_("no other seat {seat}"), seat=g.to_seat))
            if g.to_seat in named:
                raise Malformed(f"end_turn.gifts[{i}].to_seat",
                                _said(N_("seat {seat} is named twice: one gift per seat"), seat=g.to_seat))
            named.add(g.to_seat)
            if g.unknown < 0:
                raise Malformed(f"end_turn.gifts[{i}].unknown",
                                _said(N_("must not be negative (got {got})"), got=g.unknown))
            if not g.cards and not g.unknown:
                raise Malformed(f"end_turn.gifts[{i}]", _said(N_("a gift hands on at least one card")))
        total = sum(len(g.cards) + g.unknown for g in a.gifts) + len(a.discard) + a.discard_unknown
        hand = tx.state.players[seat].hand_size
        if total > hand:
            raise Malformed("end_turn.gifts",
                            nsaid_in_munchkin(N_("the split hands on {n} card, but the hand holds {hand}"),
                                              N_("the split hands on {n} cards, but the hand holds {hand}"),
                                              total, hand=hand))

    def check_play_fields(self: MunchkinHost, card: Card, a: A.PlayCard) -> None:
        """A ``play_card`` field the card does not take is refused, not ignored
        (a monster enhancer never helps the players)."""
        allowed = self.play_fields.get(card.kind, frozenset())
        given = {
            "side": bool(a.side),
            "monster_index": a.monster_index is not None,
            "target_seat": a.target_seat is not None,
            "with_card": bool(a.with_card),
            "from_table": a.from_table,
        }
        for name, set_ in given.items():
            if set_ and name not in allowed:
                raise Malformed(f"play_card.{name}",
                                _said(N_("{card} is a card of the kind {kind} and takes no {field}"),
                                      card=card.id, kind=said(card.kind), field=name))
        targets_a_monster = card.kind in MONSTER_CARDS or (card.kind == "one_shot" and card.eliminates_monster)
        if a.side == "players" and targets_a_monster:
            raise Malformed("play_card.side", _said(N_("{card} acts on a monster, not on the players"), card=card.id))
        if a.side == "players" and a.monster_index is not None:
            raise Malformed("play_card.monster_index", _said(N_("a card for the players names no monster")))
