"""Running away and bad stuff (000 "Verloren!"): each runner rolls against
each monster, and whoever is caught takes that monster's bad stuff; the
structured harm of a curse or of bad stuff.

A mixin of the Munchkin ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.cards.schema import Effect as Harm
from judge.rules.ruling import reject
from judge.rulesets.munchkin import actions as A

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.state import Player
    from judge.rulesets.munchkin.tx import _Tx


class RunningRules:
    """Running away and bad stuff, mixed into the Munchkin ruleset."""

    def _item_candidates(self: MunchkinHost, tx: _Tx, p: Player, what: str) -> list[str]:
        out = []
        for it in p.items:
            c = tx.cards[it.card]
            if (what in ("any", "all") or (what == "big" and c.big)
                    or (what == "hands" and c.slot in ("1hand", "2hands"))
                    or c.slot == what):
                out.append(it.card)
        return out

    def _harm(self: MunchkinHost, tx: _Tx, seat: int, harm: Harm, source: str, choice: str | None, *, interactive: bool) -> bool:
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
                    self.change_level(tx, seat, -harm.lose_item_else_levels, source)
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
            self.change_level(tx, seat, -harm.lose_levels, source)
        if harm.lose_race:
            for r in list(p.races):
                self.remove_from_play(tx, seat, r)
        if harm.lose_class:
            for k in list(p.classes):
                self.remove_from_play(tx, seat, k)
        if harm.change_sex:
            tx.emit("SexChanged", seat=seat, sex="female" if p.sex == "male" else "male")
        if harm.discard_hand and p.hand_size:
            tx.emit("HandDiscarded", seat=seat, cards=list(p.hand), unknown=p.unknown,
                    decks=self.cards_by_deck(tx, p.hand))
        if harm.discard_cards:
            self.owe_discards(tx, seat, harm.discard_cards, source)
        return True

    def owe_discards(self: MunchkinHost, tx: _Tx, seat: int, count: int, source: str) -> None:
        """``seat`` discards ``count`` cards of its hand, of its own choice (004 Schreckliches grünes
        Ding: "lege 2 Handkarten ab"): with ``count`` or fewer in the hand all go at once; otherwise
        the victim names them one by one (``choose_card``; "" names a card not yet identified)."""
        p = tx.state.players[seat]
        if count <= 0 or not p.hand_size:
            return
        if p.hand_size <= count:
            tx.emit("HandDiscarded", seat=seat, cards=list(p.hand), unknown=p.unknown,
                    decks=self.cards_by_deck(tx, p.hand))
            return
        options = sorted(set(p.hand)) + ([""] if p.unknown else [])
        tx.emit("ChoiceRequired", seat=seat, reason="discard", source=source, options=options, count=count)

    def _discard_chosen(self: MunchkinHost, tx: _Tx, seat: int, card: str, owed: int, source: str) -> None:
        """One card of those owed is discarded; the rest are owed again."""
        if card:
            self.take_from_hand(tx, seat, card)
            tx.emit("CardDiscarded", card=card, deck=tx.cards[card].deck)
        else:
            tx.emit("CardsDiscardedFromHand", seat=seat, cards=[], unknown=1)
        self.owe_discards(tx, seat, owed - 1, source)

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
            runs[str(i)] = {}
            # 000 "Verloren!": "Hat dir jemand geholfen, muss auch er Weglaufen."
            for runner in self.fighters(c):
                runs[str(i)][str(runner)] = "pending" if self.pursues(tx, runner, i) else "escaped"
        tx.emit("RunStarted", runs=runs)
        self.maybe_finish_run(tx)

    def pursues(self: MunchkinHost, tx: _Tx, seat: int, index: int) -> bool:
        """Does monster ``index`` pursue ``seat`` when it runs? Not when its card pursues nobody up to the
        runner's level (Plutoniumdrache: "verfolgt niemanden der Stufe 5 oder weniger") nor when a card
        played on it stops its pursuit; 001 "3. Kampf": "oder bei 6 für den, den das Monster nicht verfolgt"."""
        c = tx.state.combat
        assert c is not None
        limit = tx.cards[c.monsters[index].card].will_not_pursue_max_level
        level = tx.state.players[seat].level
        return not (self.pursuit_stopped(tx, index) or (limit and level <= limit))

    def pursuit_stopped(self: MunchkinHost, tx: _Tx, index: int) -> bool:
        """Does a card played on monster ``index`` (or on the monster it copies) say that it pursues
        nobody (``stops_pursuit``: 003 Abgelenkt, "Falls du Weglaufen musst, wird es dich nicht
        verfolgen")? Every runner then escapes it without a roll."""
        c = tx.state.combat
        assert c is not None
        m = c.monsters[index]
        labels = list(m.mods) + (list(c.monsters[m.mate_of].mods) if m.mate_of is not None else [])
        return any(tx.cards[x].stops_pursuit for x in (label.removeprefix("spent:") for label in labels)
                   if x in tx.cards)

    def _runner(self: MunchkinHost, tx: _Tx, seat: int, index: int) -> Any:
        c = self.require_combat(tx)
        if seat not in self.fighters(c) and c.stage == "running":
            # "wobei du die Reihenfolge bestimmst": each runner rolls and takes bad stuff in its own order.
            raise reject("munchkin.run.not-a-runner", seats=", ".join(map(str, self.fighters(c))))
        if seat not in self.fighters(c):
            raise reject("munchkin.combat.not-the-fighter", fighter=c.fighter)
        if c.stage != "running":
            raise reject("munchkin.combat.not-running")
        if not 0 <= index < len(c.monsters) or str(seat) not in c.monsters[index].runs:
            raise reject("munchkin.combat.monster-index", index=index)
        return c.monsters[index]

    def run_modifier(self: MunchkinHost, tx: _Tx, seat: int, index: int) -> int:
        """"Manche Rassenkarten oder Gegenstände sowie einige Monster geben einen
        Bonus oder Malus auf Weglaufen": the sum of ``run_terms`` (analysis.py)."""
        return sum(t.amount for t in self.run_terms(tx, seat, index))

    def _do_run_away(self: MunchkinHost, tx: _Tx, seat: int, a: A.RunAway) -> None:
        monster = self._runner(tx, seat, a.monster_index)
        if monster.runs[str(seat)] == "escaped" and not self.pursues(tx, seat, a.monster_index):
            # Nothing was rolled: the monster never pursued this runner (its status says escaped from the start).
            raise reject("munchkin.run.not-pursued", card=monster.card)
        if monster.runs[str(seat)] != "pending":
            raise reject("munchkin.run.already-rolled")
        die = self.roll(tx, "run_away.die", a.die)
        modifier = self.run_modifier(tx, seat, a.monster_index)
        escaped = die + modifier >= self.run_away_target(tx, seat, a.monster_index)
        tx.emit("RunRolled", seat=seat, monster_index=a.monster_index, die=die, modifier=modifier,
                escaped=escaped)
        self.maybe_finish_run(tx)

    def _do_suffer_bad_stuff(self: MunchkinHost, tx: _Tx, seat: int, a: A.SufferBadStuff) -> None:
        monster = self._runner(tx, seat, a.monster_index)
        if monster.runs[str(seat)] != "caught":
            raise reject("munchkin.run.not-caught")
        card = tx.cards[monster.card]
        harm = self.before_bad_stuff(tx, seat, a.monster_index, card.bad_stuff or Harm())
        first = all(st != "done" for st in monster.runs.values())
        if harm is not None:
            self._harm(tx, seat, harm, card.id, a.item or None, interactive=False)
        if first and card.bad_stuff_others is not None:
            self._bad_stuff_for_others(tx, a.monster_index, card.bad_stuff_others, card.id)
        tx.emit("BadStuffSuffered", seat=seat, monster_index=a.monster_index, card=card.id)
        self.maybe_finish_run(tx)

    def _bad_stuff_for_others(self: MunchkinHost, tx: _Tx, index: int, harm: Harm, source: str) -> None:
        """Bad stuff that hits "alle anderen Spieler" (``bad_stuff_others``): once for the monster, as the
        first of its runners takes its bad stuff, every other living character not caught by it takes
        this part: in a two-player game the alter ego too (001 "MUNCHKIN FÜR ZWEI SPIELER": "Betreffen
        jedoch Schlimme Dinge „alle anderen Spieler“ ..., gilt das auch für das Alter Ego")."""
        c = tx.state.combat
        assert c is not None
        runs = c.monsters[index].runs
        others = [s for s, p in enumerate(tx.state.players)
                  if not p.dead and runs.get(str(s)) not in ("caught", "done")]
        if not others:
            return
        tx.emit("BadStuffHitsOthers", card=source, seats=others, rule="munchkin.bad-stuff.all-others")
        for other in others:
            self._harm(tx, other, harm, source, None, interactive=False)

    def maybe_finish_run(self: MunchkinHost, tx: _Tx) -> None:
        c = tx.state.combat
        if c is None or c.stage != "running":
            return
        if all(st in ("escaped", "done") for m in c.monsters if not m.eliminated for st in m.runs.values()):
            self._end_combat(tx, "fled")
