"""Combat (000 KAMPF ... Verloren!): claiming a win and the interference window,
asking for help and bribes, treasures drawn face up and shared, running away
(each runner and each monster separately) and bad stuff.

A mixin of the Munchkin ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.rules.ruling import Malformed, reject
from judge.common.i18n import N_
from judge.rulesets.munchkin.sentences import said_in_munchkin as _said
from judge.rulesets.munchkin.sentences import not_of_deck, nsaid_in_munchkin
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.state import Combat
from judge.rulesets.munchkin.variants import active_variants

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.tx import _Tx


class CombatRules:
    """Combat rules, mixed into the Munchkin ruleset."""

    # ------------------------------------------------------------------ basics

    def require_combat(self: MunchkinHost, tx: _Tx) -> Combat:
        if tx.state.combat is None:
            raise reject("munchkin.combat.no-combat")
        return tx.state.combat

    def fighters(self: MunchkinHost, c: Combat) -> list[int]:
        return [c.fighter] + ([c.helper] if c.helper is not None else [])

    def require_fighting(self: MunchkinHost, c: Combat) -> None:
        if c.stage == "running":
            raise reject("munchkin.combat.running")
        if c.stage == "treasures":
            raise reject("munchkin.combat.treasures")

    # ------------------------------------------------------------------ claim and window

    def _fighter_decides(self: MunchkinHost, tx: _Tx, seat: int) -> Combat:
        """The fighter ends the fight (claim or give up): only while fighting,
        not during a claim, and not while a request for help is unanswered."""
        c = self.require_combat(tx)
        if seat != c.fighter:
            raise reject("munchkin.combat.not-the-fighter", fighter=c.fighter)
        if c.stage == "claimed":
            raise reject("munchkin.combat.already-claimed")
        self.require_fighting(c)
        if c.request is not None:
            raise reject("munchkin.help.request-open", seat=c.request["seat"])
        return c

    def _do_claim_victory(self: MunchkinHost, tx: _Tx, seat: int, a: A.ClaimVictory) -> None:
        c = self.require_combat(tx)
        # 000 Weitere Aktionen im Kampf: "Immer wenn ein Spieler glaubt, ein Monster getötet zu haben":
        # whoever fights it (the fighter or the helper) may claim.
        if seat not in self.fighters(c):
            raise reject("munchkin.combat.claim-fighters-only", fighter=c.fighter)
        if c.stage == "claimed":
            raise reject("munchkin.combat.already-claimed")
        self.require_fighting(c)
        if c.request is not None:
            raise reject("munchkin.help.request-open", seat=c.request["seat"])
        if not self.winning(tx):
            players, monsters = self.strengths(tx)
            raise reject("munchkin.combat.ties-lose", players=players, monsters=monsters)
        closes = tx.context.now_ms + tx.state.window_ms
        tx.emit("VictoryClaimed", seat=seat, claimed_at_ms=tx.context.now_ms, closes_at_ms=closes)
        if tx.state.window_ms == 0:
            self.win_combat(tx)

    def _do_resolve_combat(self: MunchkinHost, tx: _Tx, seat: int | None, a: A.ResolveCombat) -> None:
        c = self.require_combat(tx)
        if c.stage != "claimed":
            raise reject("munchkin.combat.not-claimed")
        now = tx.context.now_ms
        if now < c.window_closes_at_ms:
            raise reject("munchkin.combat.window-open", remaining_ms=c.window_closes_at_ms - now)
        tx.emit("WindowClosed", closed_at_ms=now)
        # The claim is judged by the strengths as they are now (000 KAMPF: "Ist deine Kampfstärke höher
        # als die Stufe des Monsters, gewinnst du den Kampf ... Ist deine Stufe niedriger oder gleich hoch,
        # verlierst du und musst Weglaufen"): whatever changed in the window counts, a class dropped or an
        # adjustment recorded included.
        if not self.winning(tx):
            players, monsters = self.strengths(tx)
            tx.emit("ClaimFailed", players=players, monsters=monsters)
            self._start_run(tx)
            return
        self.win_combat(tx)

    def withdraw_claim(self: MunchkinHost, tx: _Tx) -> None:
        c = tx.state.combat
        if c is not None and c.stage == "claimed":
            tx.emit("ClaimWithdrawn")

    # ------------------------------------------------------------------ help and bribes

    # ------------------------------------------------------------------ winning

    def treasures_due(self: MunchkinHost, tx: _Tx) -> int:
        """Treasures a won combat gives now: killed monsters plus eliminated
        ones whose card leaves their treasure (000 "Gewonnen!")."""
        c = tx.state.combat
        assert c is not None
        return sum(
            self.monster_treasures(tx, i)
            for i, m in enumerate(c.monsters)
            if not m.eliminated or m.elimination_treasure
        )

    def win_combat(self: MunchkinHost, tx: _Tx) -> None:
        """A hook: the combat is won (000 "Gewonnen!"): levels for the monsters killed, the treasures
        (``take_treasures``), the monsters' cards discarded. A layer adds what its cards give besides (Star: doors)."""
        c = tx.state.combat
        assert c is not None
        killed = [i for i, m in enumerate(c.monsters) if not m.eliminated]
        levels = sum(tx.cards[c.monsters[i].card].levels for i in killed)
        treasures = self.treasures_due(tx)
        tx.emit("MonstersDefeated", fighter=c.fighter, killed=killed, levels=levels, treasures=treasures)
        self.change_level(tx, c.fighter, levels, "kill", by_kill=True)
        if c.helper is not None:
            gained = self.helper_levels(tx, c.helper, killed)
            if gained:
                self.change_level(tx, c.helper, gained, "helped-kill", by_kill=True)
        shared = [seat for variant in active_variants(self, tx) for seat in variant.also_win(self, tx)]
        self._check_winners(tx, also=shared)
        if tx.state.finished:
            self._end_combat(tx, "won")
            return
        self.take_treasures(tx, treasures)

    def take_treasures(self: MunchkinHost, tx: _Tx, treasures: int) -> None:
        """Alone: draw face down. With a helper: draw face up, then share as agreed."""
        c = tx.state.combat
        assert c is not None
        if treasures and c.helper is not None:
            drawn: list[str] = []
            if self.dealt(tx):
                drawn = self.draw(tx, "treasure", treasures)
                treasures = len(drawn)
            share = min(treasures, (c.bribe or {}).get("treasures", 0))
            first = c.helper if (c.bribe or {}).get("helper_picks_first") else c.fighter
            tx.emit("TreasuresDue", count=treasures, helper_owed=share, next_picker=first)
            if self.dealt(tx):
                tx.emit("TreasuresRevealed", cards=drawn)  # drawn face up by the judge
                self._settle_treasures(tx)
            return
        if treasures and self.dealt(tx):
            self.deal_hidden(tx, c.fighter, "treasure", treasures)
        elif treasures:
            tx.emit("CardsDrawn", seat=c.fighter, deck="treasure", cards=[], unknown=treasures)
        self._end_combat(tx, "won")

    def _do_draw_treasures(self: MunchkinHost, tx: _Tx, seat: int, a: A.DrawTreasures) -> None:
        c = self.require_combat(tx)
        if self.dealt(tx):
            raise Malformed("draw_treasures", _said(N_("at a dealt table the judge draws the treasures")))
        if c.stage != "treasures" or c.drawn:
            raise reject("munchkin.treasure.not-now")
        if seat not in self.fighters(c):
            raise reject("munchkin.combat.not-the-fighter", fighter=c.fighter)
        if len(a.cards) != c.treasures_due:
            raise Malformed("draw_treasures.cards", nsaid_in_munchkin(N_("report exactly {n} treasure"),
                                                                N_("report exactly {n} treasures"), c.treasures_due))
        for i, cid in enumerate(a.cards):
            if self.card(tx, cid, f"draw_treasures.cards[{i}]").deck != "treasure":
                raise Malformed(f"draw_treasures.cards[{i}]", not_of_deck(cid, "treasure"))
        tx.emit("TreasuresRevealed", cards=list(a.cards))
        self._settle_treasures(tx)

    def _do_pick_treasure(self: MunchkinHost, tx: _Tx, seat: int, a: A.PickTreasure) -> None:
        c = self.require_combat(tx)
        if c.stage != "treasures" or not c.drawn:
            raise reject("munchkin.treasure.not-now")
        if seat != c.next_picker:
            raise reject("munchkin.treasure.not-your-pick", seat=c.next_picker)
        if a.card not in c.drawn:
            raise reject("munchkin.choice.not-an-option", options=", ".join(sorted(set(c.drawn))))
        other = c.fighter if seat == c.helper else c.helper
        tx.emit("TreasurePicked", seat=seat, card=a.card, next_picker=other)
        self._note_must_play(tx, seat, [a.card])
        self._settle_treasures(tx)

    def _settle_treasures(self: MunchkinHost, tx: _Tx) -> None:
        """Once the helper has the agreed share, the rest goes to the fighter."""
        c = tx.state.combat
        assert c is not None
        if c.helper_owed > 0 and c.drawn:
            return
        if c.drawn:
            cards = list(c.drawn)
            tx.emit("TreasuresTaken", seat=c.fighter, cards=cards)
            self._note_must_play(tx, c.fighter, cards)
        self._end_combat(tx, "won")

    # ------------------------------------------------------------------ ending

    def _end_combat(self: MunchkinHost, tx: _Tx, outcome: str) -> None:
        c = tx.state.combat
        assert c is not None
        # A Kumpel's monster card is the one it copies: discarded once.
        door = [m.card for m in c.monsters if m.mate_of is None and not self.stays_in_play(tx, m.card)]
        # Labels that are not cards ("spent:<card>", a one-shot already discarded) stay behind.
        mods = [x for m in c.monsters for x in m.mods if x in tx.cards]
        door += [x for x in mods if tx.cards[x].deck == "door"]
        treasure = [x for x in mods if tx.cards[x].deck == "treasure"]
        treasure += [m["card"] for m in c.player_mods if m["card"] in tx.cards]
        dead = list(c.dead)
        tx.emit("CombatEnded", outcome=outcome, discard_door=door, discard_treasure=treasure)
        fighter_died = c.fighter in dead and c.fighter == tx.state.active
        if dead:
            self.start_looting(tx, dead, then="next-turn" if fighter_died else "")
        elif fighter_died:
            self.next_turn(tx)
        if not fighter_died and not tx.state.finished:
            tx.emit("PhaseChanged", phase="charity")

    # ------------------------------------------------------------------ running away

    def strengths(self: MunchkinHost, tx: _Tx) -> tuple[int, int]:
        c = tx.state.combat
        assert c is not None
        fighters = self.fighters(c)
        players = sum(self.power(tx, f) for f in fighters) + sum(m["bonus"] for m in c.player_mods)
        # Each monster still in the combat: the sum of its terms (analysis.py ``monster_terms``).
        monsters = sum(t.amount for i, m in enumerate(c.monsters) if not m.eliminated
                       for t in self.monster_terms(tx, i))
        return players, monsters

    def winning(self: MunchkinHost, tx: _Tx) -> bool:
        c = tx.state.combat
        assert c is not None
        players, monsters = self.strengths(tx)
        if players > monsters:
            return True
        return players == monsters and self.wins_ties(tx)

    def wins_ties(self: MunchkinHost, tx: _Tx) -> bool:
        """Does the players' side win a tie (a fighter's class says so: Krieger)?"""
        c = tx.state.combat
        assert c is not None
        return any(
            tx.cards[k].wins_ties for f in self.fighters(c) for k in tx.state.players[f].classes if k in tx.cards
        )

    def _active_monster(self: MunchkinHost, tx: _Tx, index: int | None) -> int:
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
