"""An override a set layer composes in: undead monsters follow one another into a combat.

Munchkin Babys (003 "Untote Monster") and Star Munchkin (004 "Untote Monster") print the same rule: "Jedes
Untote Monster kann einem anderen Untoten Monster in den Kampf folgen, ohne dass dafür eine Wanderndes
Monster-Karte benötigt wird", and a card that makes a monster undead takes a non-undead one along. The base
game (000) has no such rule. A set whose text says so lists ``UndeadFollow`` before its base class, names
its own two rulings (``undead_rulings``: nothing to follow, not undead) and hands ``play_card`` to
``UndeadFollow.play_undead`` in its action table; every such set hands it to the same function, so a
combined game has one handler.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from judge.common.i18n import N_
from judge.rules.ruling import Malformed, reject
from judge.rulesets.munchkin import Munchkin
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin import open_cards
from judge.rulesets.munchkin.sentences import said_in_munchkin as _said

if TYPE_CHECKING:
    from judge.cards import Card
    from judge.rules.engine import Action
    from judge.rulesets.munchkin.state import MunchkinState
    from judge.rulesets.munchkin.tx import _Tx

#: The card kinds that may make a monster undead (a monster enhancer or a one-shot marked ``undead``).
MAKER_KINDS = ("monster_enhancer", "one_shot")


class UndeadFollow(Munchkin):
    """Overrides the ``candidate_actions`` hook and hands on ``play_card`` (``play_undead``)."""

    #: The set's rulings: (no undead monster to follow, the card is not undead).
    undead_rulings: ClassVar[tuple[str, str]] = ("", "")

    def is_undead(self, tx: _Tx, index: int) -> bool:
        """A monster in the combat is undead by its card or by a card played on it."""
        c = tx.state.combat
        assert c is not None
        m = c.monsters[index]
        return tx.cards[m.card].undead or any(x in tx.cards and tx.cards[x].undead for x in m.mods)

    def play_undead(self, tx: _Tx, seat: int, a: A.PlayCard) -> None:
        """The ``play_card`` handler: a monster played into a combat follows an undead one; anything else is
        the base game's."""
        card = self.card(tx, a.card, "play_card.card")
        if card.kind == "monster" and tx.state.combat is not None:
            self._undead_follows(tx, seat, card, a)
            return
        Munchkin.action_handlers["play_card"](self, tx, seat, a)

    def _undead_follows(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        c = tx.state.combat
        assert c is not None
        nothing_to_follow, not_undead = self.undead_rulings
        for name, given in (("target_seat", a.target_seat is not None), ("monster_index", a.monster_index is not None),
                            ("side", bool(a.side)), ("from_table", a.from_table)):
            if given:
                raise Malformed(f"play_card.{name}",
                                _said(N_("{card} is a monster card and takes no {field}"), card=card.id, field=name))
        maker = None
        if a.with_card:
            maker = self.card(tx, a.with_card, "play_card.with_card")
            if maker.kind not in MAKER_KINDS or not maker.undead:
                raise Malformed("play_card.with_card",
                                _said(N_("{card} does not make a monster undead"), card=maker.id))
        self.require_fighting(c)
        if not any(self.is_undead(tx, i) for i, m in enumerate(c.monsters) if not m.eliminated):
            raise reject(nothing_to_follow)
        if not card.undead and maker is None:
            raise reject(not_undead, card=card.id)
        self.take_from_hand(tx, seat, card.id, *([maker.id] if maker else []))
        index = len(c.monsters)
        self.withdraw_claim(tx)
        tx.emit("MonsterAdded", seat=seat, card=card.id, via="undead")
        if maker is not None:
            tx.emit("MonsterModified", seat=seat, index=index, card=maker.id, bonus=maker.bonus,
                    extra_treasures=maker.extra_treasures, floor=maker.min_monster_level)

    def candidate_actions(self, s: MunchkinState, seat: int) -> Iterable[Action]:
        """The next layer's candidates, and in a combat each monster from the hand together with each card in
        the hand that makes a monster undead."""
        yield from super().candidate_actions(s, seat)
        if s.combat is None:
            return
        cards = self.cards_of(s)
        p = s.players[seat]
        # An unknown card stands for any card: a few examples of each kind (open_cards.py), not the catalogue.
        playable = set(p.hand) | (set(open_cards.examples(s, seat, cards)) if p.unknown else set())
        makers = sorted(c for c in playable if cards[c].undead and cards[c].kind in MAKER_KINDS)
        for monster in sorted(c for c in playable if cards[c].kind == "monster" and not cards[c].undead):
            for maker in makers:
                yield A.PlayCard(card=monster, with_card=maker)
