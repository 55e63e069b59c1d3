"""The Gadgeteer's defusing (004 "Kombiniere dieses Spiel mit anderen
Munchkin-Spielen!": "Fallen und Flüche werden als derselbe Typ von Karten
behandelt ... Ja, Gadgeteere können Flüche „entschärfen“.").

004 says that a Gadgeteer defuses traps (and so curses) without printing the
card's text. The judge's reading (docs/rules.md, decisions): a character who
counts as a Gadgeteer uses the ability ``defuse``, paying with one discarded
card like most class abilities (004 "Rassen / Klassen": "Viele Rassen- und
Klassenfähigkeiten ... werden durch Ablegen von Karten ausgelöst"), on a trap
or curse that hits it: one turned up on the door while it waits for the
victim's answer (``item`` empty or naming it), or a lasting one lying in front
of it (``item`` naming it). The defused card is discarded and has no (further)
effect.

A mixin of the Star ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from judge.rules.engine import Action
from judge.rules.ruling import reject
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.ruleset import Munchkin

if TYPE_CHECKING:
    from judge.rulesets.munchkin.state import MunchkinState, Player
    from judge.rulesets.munchkin.tx import _Tx

GADGETEER = "class:gadgeteer"
DEFUSE = "defuse"
#: The kinds that can be defused (traps and curses are one type: 004 "Kombiniere ...").
DEFUSABLE = ("trap", "curse")


class GadgeteerRules(Munchkin):
    """Defusing traps, mixed into the Star ruleset."""

    def gadgeteer_card(self, tx: _Tx, p: Player) -> str:
        """The class card that makes ``p`` a Gadgeteer, or the ruling that it has none."""
        for k in p.classes:
            if k in tx.cards and (f"class:{k}" == GADGETEER or GADGETEER in tx.cards[k].counts_as):
                return k
        raise reject("munchkin.ability.not-yours", ability=DEFUSE)

    def may_interrupt(self, tx: _Tx, seat: int | None, action: Action) -> bool:
        """The victim of a trap turned up on the door may defuse it instead of answering."""
        pending = tx.state.pending_curse
        if (isinstance(action, A.UseAbility) and action.ability == DEFUSE and pending is not None
                and pending["seat"] == seat and tx.state.choice is None and tx.state.corpse is None):
            return True
        return super().may_interrupt(tx, seat, action)

    def _defuse(self, tx: _Tx, seat: int, a: A.UseAbility) -> None:
        p = tx.state.players[seat]
        source = self.gadgeteer_card(tx, p)
        pending = tx.state.pending_curse
        if pending is not None and pending["seat"] == seat and a.item in ("", pending["card"]):
            target, lying = pending["card"], False
        elif a.item and a.item in p.table and tx.cards[a.item].kind in DEFUSABLE:
            target, lying = a.item, True
        else:
            raise reject("star.defuse.nothing-to-defuse")
        self.pay_for_ability(tx, seat, a, source, exactly=1)
        if lying:
            tx.emit("LastingCurseEnded", seat=seat, card=target, reason=DEFUSE)
            self.remove_from_play(tx, seat, target)
        else:
            tx.emit("CurseCancelled", seat=seat, card=target, by=source)
            tx.emit("CardDiscarded", card=target, deck=tx.cards[target].deck)

    def defuse_candidates(self, s: MunchkinState, seat: int, cards: Any) -> Iterable[Action]:
        """Defusing what hits ``seat``, paid with one card of the hand (the decide checks each)."""
        p = s.players[seat]
        pay: dict[str, Any] = {"discard_unknown": 1} if p.unknown else {"discard": tuple(p.hand[:1])}
        if s.pending_curse is not None and s.pending_curse["seat"] == seat:
            yield A.UseAbility(ability=DEFUSE, **pay)
        for t in p.table:
            if t in cards and cards[t].kind in DEFUSABLE:
                yield A.UseAbility(ability=DEFUSE, item=t, **pay)

    def candidate_actions(self, s: MunchkinState, seat: int) -> Iterable[Action]:
        yield from super().candidate_actions(s, seat)
        if s.pending_curse is not None and s.pending_curse["seat"] == seat and s.choice is None and s.corpse is None:
            yield from self.defuse_candidates(s, seat, self.cards_of(s))
