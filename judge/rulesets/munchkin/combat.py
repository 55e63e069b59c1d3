"""Combat (000 KAMPF ... Verloren!): claiming a win and the interference window,
asking for help and bribes, treasures drawn face up and shared, running away
(each runner and each monster separately) and bad stuff.

A mixin of the Munchkin ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.cards.schema import Effect as Harm
from judge.rules.ruling import Malformed, reject
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.state import Combat

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.ruleset import _Tx

RUN_AWAY_TARGET = 5  # 000 Verloren!: "Du brauchst mindestens eine 5, um fliehen zu können."


class CombatRules:
    """Combat rules, mixed into the Munchkin ruleset."""

    # ------------------------------------------------------------------ basics

    def _require_combat(self: MunchkinHost, tx: _Tx) -> Combat:
        if tx.state.combat is None:
            raise reject("munchkin.combat.no-combat")
        return tx.state.combat

    def fighters(self: MunchkinHost, c: Combat) -> list[int]:
        return [c.fighter] + ([c.helper] if c.helper is not None else [])

    def _require_fighting(self: MunchkinHost, c: Combat) -> None:
        if c.stage == "running":
            raise reject("munchkin.combat.running")
        if c.stage == "treasures":
            raise reject("munchkin.combat.treasures")

    # ------------------------------------------------------------------ claim and window

    def _fighter_decides(self: MunchkinHost, tx: _Tx, seat: int) -> Combat:
        """The fighter ends the fight (claim or give up): only while fighting,
        not during a claim, and not while a request for help is unanswered."""
        c = self._require_combat(tx)
        if seat != c.fighter:
            raise reject("munchkin.combat.not-the-fighter", fighter=c.fighter)
        if c.stage == "claimed":
            raise reject("munchkin.combat.already-claimed")
        self._require_fighting(c)
        if c.request is not None:
            raise reject("munchkin.help.request-open", seat=c.request["seat"])
        return c

    def _do_claim_victory(self: MunchkinHost, tx: _Tx, seat: int, a: A.ClaimVictory) -> None:
        c = self._require_combat(tx)
        # 000 Weitere Aktionen im Kampf: "Immer wenn ein Spieler glaubt, ein Monster getötet zu haben":
        # whoever fights it (the fighter or the helper) may claim.
        if seat not in self.fighters(c):
            raise reject("munchkin.combat.claim-fighters-only", fighter=c.fighter)
        if c.stage == "claimed":
            raise reject("munchkin.combat.already-claimed")
        self._require_fighting(c)
        if c.request is not None:
            raise reject("munchkin.help.request-open", seat=c.request["seat"])
        if not self.winning(tx):
            players, monsters = self.strengths(tx)
            raise reject("munchkin.combat.ties-lose", players=players, monsters=monsters)
        closes = tx.context.now_ms + tx.state.window_ms
        tx.emit("VictoryClaimed", seat=seat, claimed_at_ms=tx.context.now_ms, closes_at_ms=closes)
        if tx.state.window_ms == 0:
            self._win_combat(tx)

    def _do_resolve_combat(self: MunchkinHost, tx: _Tx, seat: int | None, a: A.ResolveCombat) -> None:
        c = self._require_combat(tx)
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
        self._win_combat(tx)

    def _withdraw_claim(self: MunchkinHost, tx: _Tx) -> None:
        c = tx.state.combat
        if c is not None and c.stage == "claimed":
            tx.emit("ClaimWithdrawn")

    # ------------------------------------------------------------------ help and bribes

    def _do_ask_for_help(self: MunchkinHost, tx: _Tx, seat: int, a: A.AskForHelp) -> None:
        c = self._require_combat(tx)
        if seat != c.fighter:
            raise reject("munchkin.combat.not-the-fighter", fighter=c.fighter)
        self._require_fighting(c)
        if c.stage == "claimed":
            raise reject("munchkin.combat.already-claimed")
        if c.helper is not None:
            raise reject("munchkin.help.only-one", helper=c.helper)
        if c.request is not None:
            raise reject("munchkin.help.request-open", seat=c.request["seat"])
        if not 0 <= a.helper < len(tx.state.players):
            raise Malformed("ask_for_help.helper", f"no seat {a.helper}")
        if a.helper == seat:
            raise reject("munchkin.help.not-yourself")
        self.check_may_interfere(tx, a.helper, seat)
        carried = [i.card for i in tx.state.players[seat].items]
        for i, item in enumerate(a.bribe.items):
            self.card(tx, item, f"ask_for_help.bribe.items[{i}]")
            if item not in carried:
                raise reject("munchkin.help.bribe-not-carried", card=item)
            carried.remove(item)
        total = self.treasures_due(tx)
        if a.bribe.treasures < 0 or a.bribe.treasures > total:
            raise reject("munchkin.help.bribe-treasures", offered=a.bribe.treasures, total=total)
        tx.emit("HelpRequested", seat=seat, helper=a.helper, bribe=a.bribe.to_dict())

    def _do_answer_help(self: MunchkinHost, tx: _Tx, seat: int, a: A.AnswerHelp) -> None:
        c = self._require_combat(tx)
        if c.request is None or c.request["seat"] != seat:
            raise reject("munchkin.help.not-asked")
        if not a.accept:
            tx.emit("HelpDeclined", seat=seat)
            return
        bribe = c.request["bribe"]
        carried = [i.card for i in tx.state.players[c.fighter].items]
        for item in bribe["items"]:
            if item not in carried:
                raise reject("munchkin.help.bribe-not-carried", card=item)
            carried.remove(item)
        self._withdraw_claim(tx)
        tx.emit("HelpAccepted", seat=seat, bribe=bribe)
        for item in bribe["items"]:
            self.give_item(tx, c.fighter, seat, item)

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

    def _win_combat(self: MunchkinHost, tx: _Tx) -> None:
        c = tx.state.combat
        assert c is not None
        killed = [i for i, m in enumerate(c.monsters) if not m.eliminated]
        levels = sum(tx.cards[c.monsters[i].card].levels for i in killed)
        treasures = self.treasures_due(tx)
        tx.emit("MonstersDefeated", fighter=c.fighter, killed=killed, levels=levels, treasures=treasures)
        self._change_level(tx, c.fighter, levels, "kill", by_kill=True)
        if c.helper is not None:
            hp = tx.state.players[c.helper]
            # "Hattest du einen Helfer, steigt dieser nicht auf (außer es ist ein Elf)!"
            if killed and any(tx.cards[r].helper_gains_level for r in hp.races if r in tx.cards):
                self._change_level(tx, c.helper, len(killed), "helped-kill", by_kill=True)
        shared = []
        if (c.helper is not None and "shared-victory" in tx.state.setup.get("variants", ())
                and tx.state.players[c.fighter].level >= 10):
            # 000 SCHNELLERES SPIEL: "wenn ein Spieler in einem Kampf, bei dem er einen Helfer hatte,
            # Stufe 10 erreicht, gewinnt der Helfer ebenfalls das Spiel, egal auf welcher Stufe er sich befindet."
            shared.append(c.helper)
        self._check_winners(tx, also=shared)
        if tx.state.finished:
            self._end_combat(tx, "won")
            return
        self._take_treasures(tx, treasures)

    def _take_treasures(self: MunchkinHost, tx: _Tx, treasures: int) -> None:
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
        c = self._require_combat(tx)
        if self.dealt(tx):
            raise Malformed("draw_treasures", "at a dealt table the judge draws the treasures")
        if c.stage != "treasures" or c.drawn:
            raise reject("munchkin.treasure.not-now")
        if seat not in self.fighters(c):
            raise reject("munchkin.combat.not-the-fighter", fighter=c.fighter)
        if len(a.cards) != c.treasures_due:
            raise Malformed("draw_treasures.cards", f"report exactly {c.treasures_due} treasures")
        for i, cid in enumerate(a.cards):
            if self.card(tx, cid, f"draw_treasures.cards[{i}]").deck != "treasure":
                raise Malformed(f"draw_treasures.cards[{i}]", f"{cid} is not a treasure card")
        tx.emit("TreasuresRevealed", cards=list(a.cards))
        self._settle_treasures(tx)

    def _do_pick_treasure(self: MunchkinHost, tx: _Tx, seat: int, a: A.PickTreasure) -> None:
        c = self._require_combat(tx)
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
        door = [m.card for m in c.monsters if m.mate_of is None]
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
            self._next_turn(tx)
        if not fighter_died and not tx.state.finished:
            tx.emit("PhaseChanged", phase="charity")

    # ------------------------------------------------------------------ running away

    def _do_give_up(self: MunchkinHost, tx: _Tx, seat: int, a: A.GiveUp) -> None:
        self._fighter_decides(tx, seat)
        if self.winning(tx):
            players, monsters = self.strengths(tx)
            raise reject("munchkin.combat.winning-cannot-flee", players=players, monsters=monsters)
        self._start_run(tx)

    def _start_run(self: MunchkinHost, tx: _Tx) -> None:
        """The combat is lost: everyone who fought runs from every monster left."""
        c = tx.state.combat
        assert c is not None
        runs: dict[str, dict[str, str]] = {}
        for i, m in enumerate(c.monsters):
            if m.eliminated:
                continue
            limit = tx.cards[m.card].will_not_pursue_max_level
            runs[str(i)] = {}
            # 000 "Verloren!": "Hat dir jemand geholfen, muss auch er Weglaufen."
            for runner in self.fighters(c):
                level = tx.state.players[runner].level
                runs[str(i)][str(runner)] = "escaped" if limit and level <= limit else "pending"
        tx.emit("RunStarted", runs=runs)
        self._maybe_finish_run(tx)

    def _runner(self: MunchkinHost, tx: _Tx, seat: int, index: int) -> Any:
        c = self._require_combat(tx)
        if seat not in self.fighters(c):
            raise reject("munchkin.combat.not-the-fighter", fighter=c.fighter)
        if c.stage != "running":
            raise reject("munchkin.combat.not-running")
        if not 0 <= index < len(c.monsters) or str(seat) not in c.monsters[index].runs:
            raise reject("munchkin.combat.monster-index", index=index)
        return c.monsters[index]

    def run_modifier(self: MunchkinHost, tx: _Tx, seat: int, index: int) -> int:
        c = tx.state.combat
        assert c is not None
        p = tx.state.players[seat]
        mod = sum(tx.cards[r].run_away_bonus for r in p.races + p.classes if r in tx.cards)
        # "Manche Rassenkarten oder Gegenstände sowie einige Monster geben einen Bonus oder Malus auf Weglaufen."
        mod += sum(tx.cards[i.card].run_away_bonus for i in p.items
                   if i.in_use and self.can_use(tx, tx.cards[i.card], p))
        mod += tx.cards[c.monsters[index].card].run_away_modifier
        return mod + c.run_bonus.get(str(seat), 0)

    def _do_run_away(self: MunchkinHost, tx: _Tx, seat: int, a: A.RunAway) -> None:
        monster = self._runner(tx, seat, a.monster_index)
        if monster.runs[str(seat)] != "pending":
            raise reject("munchkin.run.already-rolled")
        die = self.roll(tx, "run_away.die", a.die)
        modifier = self.run_modifier(tx, seat, a.monster_index)
        escaped = die + modifier >= RUN_AWAY_TARGET
        tx.emit("RunRolled", seat=seat, monster_index=a.monster_index, die=die, modifier=modifier,
                escaped=escaped)
        self._maybe_finish_run(tx)

    def _do_suffer_bad_stuff(self: MunchkinHost, tx: _Tx, seat: int, a: A.SufferBadStuff) -> None:
        monster = self._runner(tx, seat, a.monster_index)
        if monster.runs[str(seat)] != "caught":
            raise reject("munchkin.run.not-caught")
        card = tx.cards[monster.card]
        harm = card.bad_stuff or Harm()
        self._harm(tx, seat, harm, card.id, a.item or None, interactive=False)
        tx.emit("BadStuffSuffered", seat=seat, monster_index=a.monster_index, card=card.id)
        self._maybe_finish_run(tx)

    def _maybe_finish_run(self: MunchkinHost, tx: _Tx) -> None:
        c = tx.state.combat
        if c is None or c.stage != "running":
            return
        if all(st in ("escaped", "done") for m in c.monsters if not m.eliminated for st in m.runs.values()):
            self._end_combat(tx, "fled")
