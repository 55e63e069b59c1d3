"""Munchkin Babys (003) as a layer on the Munchkin base game.

A subclass of ``Munchkin`` overriding the named hooks (hooks.py) where 003
differs from 000; the engine is untouched. What 003 changes:

* "Babys und Munchkin": the baby races and classes count as the classic
  ones, through their cards' ``counts_as`` (babys.toml), so every rule, bonus
  and restriction that names an elf also applies to an Elfling.
* "Gewonnen!": an Elfling (anyone who counts as an elf) gains a level per
  monster killed as a helper; a monster defeated without a kill gives no
  treasure "es sei denn auf der Karte steht es anders".
* "Untote Monster": an undead monster from the hand follows an undead
  monster into a combat without a Wandering Monster; a card that makes a
  monster undead takes a non-undead one along.
* Halb-Blut / Super Munchkin (003's cards): with one race or class, "alle
  Vorteile, aber keine der Nachteile".
* "Weitere Aktionen im Kampf": a one-shot is discarded when the combat is over.
* "Verloren!": bad stuff that lasts "bis zum Beginn deines nächsten Zuges"
  (``lasting`` with ``until = "next-turn"``): its combat modifier counts for
  the victim until the victim's next turn starts (``BabysState.lingering``).
* Rulings where 003's text differs from 000's are its own (rules.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.cards import Card
from judge.rulesets.munchkin.lone_card import LoneCardHidesDisadvantages
from judge.cards.schema import Effect as Harm
from judge.rules.analysis import Term
from judge.rules.engine import Action, Viewer
from judge.rules.ruling import Rejected, reject
from judge.rulesets.babys import narration
from judge.rulesets.babys import rules as _rules
from judge.rulesets.munchkin import Munchkin
from judge.rulesets.munchkin.dispatch import extended
from judge.rulesets.munchkin.sets import MixerSet
from judge.rulesets.munchkin.state import MunchkinState, Player
from judge.rulesets.munchkin.tx import _Tx
from judge.rulesets.munchkin.undead import UndeadFollow

__all__ = ["Babys", "BabysState"]


@dataclass
class BabysState(MunchkinState):
    """The base game's state, and the bad stuff that lasts until its victim's next
    turn: ``{"seat", "card", "combat_modifier"}`` each."""

    lingering: list[dict[str, Any]] = field(default_factory=list)


def _lingers(s: BabysState, e: dict[str, Any]) -> None:
    s.lingering.append({"seat": e["seat"], "card": e["card"], "combat_modifier": e["combat_modifier"]})


def _lingering_ended(s: BabysState, e: dict[str, Any]) -> None:
    s.lingering = [x for x in s.lingering if x["seat"] != e["seat"]]


class Babys(LoneCardHidesDisadvantages, UndeadFollow):
    """The ``babys`` ruleset: Munchkin Babys (003). Halb-Blut / Super Munchkin with
    one race or class: "Oder du darfst 1 Rassenkarte haben und hast alle Vorteile,
    aber keine der Nachteile" (``LoneCardHidesDisadvantages``)."""

    name = "babys"
    rules_version = "1"
    title = "Munchkin Babys (003): baby races and classes that count as the classic ones, undead monsters"
    card_sets: tuple[str, ...] = ("munchkin", "babys")
    sentences = narration.SENTENCES  # its own effects' words (judge/rulesets/babys/narration.py)
    mixer_set = MixerSet("babys", number=3)
    state_type = BabysState
    decisions = Munchkin.decisions + _rules.DECISIONS
    # 003 "Weitere Aktionen im Kampf": "Sobald der Kampf vorbei ist oder der Effekt der Karte eingetreten
    # ist, wird sie abgelegt."
    one_shot_discard = "after-combat"
    translated_rulings: Mapping[tuple[str, str], str] = _rules.TRANSLATED
    # 003 "Untote Monster" (``UndeadFollow``)
    undead_rulings = ("babys.undead.nothing-to-follow", "babys.undead.not-undead")

    # ------------------------------------------------------------------ rulings in 003's words

    def decide_action(self, tx: _Tx, seat: int | None, action: Action) -> None:
        """Decide as the base game does; a base ruling whose text 003 words
        differently is given as the layer's own (rules.TRANSLATED)."""
        try:
            super().decide_action(tx, seat, action)
        except Rejected as e:
            own = (self.translated_rulings.get((e.ruling.rule_id, action.kind))
                   or self.translated_rulings.get((e.ruling.rule_id, "")))
            if own is None:
                raise
            raise reject(own, **e.ruling.details) from None

    # ------------------------------------------------------------------ card timing

    def check_timing(self, tx: _Tx, seat: int, card: Card) -> None:
        """Der nächste Meilenstein (003): "Du kannst diese Karte nur nach einem Kampf spielen, aber es
        muss nicht deiner sein": a card with ``after_combat_only`` is played once a combat of this
        turn is over (whoever fought it), never before or during one (docs/rules.md, decisions)."""
        if card.after_combat_only and (tx.state.combat is not None or not tx.state.met_monster):
            raise reject("babys.level-up.after-combat-only", card=card.id)
        super().check_timing(tx, seat, card)

    # ------------------------------------------------------------------ hooks

    def helper_levels(self, tx: _Tx, helper: int, killed: list[int]) -> int:
        """003 "Gewonnen!": "Elflinge steigen für jedes Monster, das sie als Helfer
        erschlagen haben, 1 Stufe auf." Whoever counts as an elf does."""
        if killed and self.has_trait(tx, tx.state.players[helper], "race:elf"):
            return len(killed)
        return super().helper_levels(tx, helper, killed)

    def elimination_treasure_of(self, tx: _Tx, card: Card) -> bool:
        """003 "Gewonnen!": "Wenn du das Monster anders als durch Töten besiegt hast, erhältst du keinen
        Schatz – es sei denn auf der Karte steht es anders": only a card that says so
        (``elimination_treasure``), where 000 gives the treasures unless the card says not."""
        return card.elimination_treasure

    def no_kill_treasures(self, tx: _Tx) -> int:
        """003 "Gewonnen!": "Wenn du das Monster anders als durch Töten besiegt hast, erhältst
        du keinen Schatz – es sei denn auf der Karte steht es anders": the card that removed
        it (base) or the monster's own card (``elimination_treasure``: Impfgegner)."""
        c = tx.state.combat
        assert c is not None
        own = sum(self.monster_treasures(tx, i) for i, m in enumerate(c.monsters)
                  if m.eliminated and not m.elimination_treasure and tx.cards[m.card].elimination_treasure)
        return super().no_kill_treasures(tx) + own

    def take_treasures(self, tx: _Tx, treasures: int) -> None:
        """Impfgegner (003): "Falls das Monster besiegt wird, erhält jeder 1 Schatz!": besides the
        fighter's treasures, every other player draws the printed treasures of each defeated monster
        whose card says so (``treasures_for_everyone``), face down."""
        c = tx.state.combat
        assert c is not None
        each = sum(tx.cards[m.card].treasures for m in c.monsters if tx.cards[m.card].treasures_for_everyone
                   and (not m.eliminated or m.elimination_treasure or tx.cards[m.card].elimination_treasure))
        for seat in range(len(tx.state.players)):
            if each and seat != c.fighter:
                if self.dealt(tx):
                    self.deal_hidden(tx, seat, "treasure", each)
                else:
                    tx.emit("CardsDrawn", seat=seat, deck="treasure", cards=[], unknown=each)
        super().take_treasures(tx, treasures)

    # ------------------------------------------------------------------ bad stuff until the next turn

    def before_bad_stuff(self, tx: _Tx, seat: int, index: int, harm: Harm) -> Harm | None:
        """003 "Verloren!": "Das kann bedeuten, dass du bis zum Beginn deines nächsten Zuges
        irgendwas Bescheuertes tun musst." Such bad stuff (``until = "next-turn"``) stays with
        its victim; what else it does happens now."""
        out = super().before_bad_stuff(tx, seat, index, harm)
        if out is not None and out.lasting and out.until == "next-turn":
            c = tx.state.combat
            assert c is not None
            tx.emit("BadStuffLingers", seat=seat, card=c.monsters[index].card, combat_modifier=out.combat_modifier)
        return out

    def power_terms(self, tx: _Tx, seat: int) -> list[Term]:
        """The base strength's terms, plus the bad stuff still lasting for ``seat`` (one term each)."""
        s = tx.state
        assert isinstance(s, BabysState)
        return super().power_terms(tx, seat) + [
            Term("bad stuff until the next turn", x["combat_modifier"], "babys.strength.lingering-bad-stuff",
                 x["card"], f"seat:{seat}")
            for x in s.lingering if x["seat"] == seat and x["combat_modifier"]]

    def next_turn(self, tx: _Tx) -> None:
        """The bad stuff lasting for the player whose turn starts ends now."""
        super().next_turn(tx)
        s = tx.state
        assert isinstance(s, BabysState)
        if not s.finished and any(x["seat"] == s.active for x in s.lingering):
            tx.emit("LingeringBadStuffEnded", seat=s.active)

    def view(self, state: MunchkinState, viewer: Viewer) -> dict[str, Any]:
        """The base view, and the bad stuff lasting until its victim's next turn (public)."""
        out = super().view(state, viewer)
        assert isinstance(state, BabysState)
        out["lingering_bad_stuff"] = [dict(x) for x in state.lingering]
        return out

    action_handlers = extended(Munchkin.action_handlers, play_card=UndeadFollow.play_undead)
    effect_handlers = extended(Munchkin.effect_handlers, BadStuffLingers=_lingers,
                               LingeringBadStuffEnded=_lingering_ended)
