"""Say why, with numbers (issue "Rulings mid-game"): the terms of every
strength (each character in and out of combat, each monster, both sides of a
combat) and a forecast of the combat as it stands: who wins and by how much,
whether each monster pursues each runner and the die each needs, and the
treasures and levels a win would give.

The terms are computed by the same functions the rules decide with
(``power_terms`` is what ``power`` sums, ``run_terms`` what ``run_modifier``
sums), and the totals are checked against ``strengths`` by tests, so a
breakdown always adds up to the number the judge decides by. Nothing here
reads a hand: a breakdown shows only what is in play, which every seat sees.

A mixin of the Munchkin ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.rules.analysis import Breakdown, Term
from judge.rules.engine import Viewer
from judge.rulesets.munchkin.monsters import doubled_enhancer
from judge.rulesets.munchkin.tx import _Tx

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.state import MunchkinState

DIE_SIDES = 6


def _card(label: str) -> str:
    return label.removeprefix("spent:")


class AnalysisRules:
    """Strength breakdowns and combat forecasts, mixed into the Munchkin ruleset."""

    analysis_for_every_viewer = True
    """Only cards in play count (judge/rules/analysis.py): one analysis per version serves every viewer."""

    @staticmethod
    def named(tx: _Tx, breakdown: Breakdown) -> Breakdown:
        """``breakdown`` with each term's printed card name, to read out ("Flammende Rüstung 2")."""
        names = tx.cards.names  # built once per catalogue; the constructor, not ``replace``: every view asks
        return Breakdown(breakdown.subject, breakdown.context, tuple(
            Term(t.label, t.amount, t.rule, t.card, t.owner, names[t.card]) if t.card in names else t
            for t in breakdown.terms))

    # ------------------------------------------------------------------ characters

    def power_terms(self: MunchkinHost, tx: _Tx, seat: int) -> list[Term]:
        """The terms of ``seat``'s combat strength (000 KAMPF: "Die Kampfstärke
        errechnet sich aus deiner eigenen Stufe plus sämtlichen Modifizierern"):
        the level, each usable item in use with the bonus it gives this player,
        and the cards in front that change it (lasting curses)."""
        p = tx.state.players[seat]
        owner = f"seat:{seat}"
        terms = [Term("level", p.level, "munchkin.strength.level", owner=owner)]
        for it in p.items:
            c = tx.cards[it.card]
            if it.in_use and c.kind == "item" and self.can_use(tx, c, p):
                bonus = self.item_bonus(tx, c, p)
                # "+1; +3 für Elfen": the race or class that gives the higher bonus is named.
                label = next((f"item for {b.trait}" for b in c.bonus_for
                              if b.bonus == bonus != c.bonus and self.has_trait(tx, p, b.trait)), "item")
                terms.append(Term(label, bonus, "munchkin.strength.item", it.card, owner))
        for t in p.table:
            lasting = tx.cards.get(t)
            if lasting is not None and lasting.curse is not None and lasting.curse.combat_modifier:
                # a modifier for this turn only names the rule that ends it with the turn
                rule = ("munchkin.curse.for-this-turn" if lasting.curse.until == "end-of-turn"
                        else "munchkin.strength.card")
                terms.append(Term("card", lasting.curse.combat_modifier, rule, t, owner))
        fight = tx.state.combat
        if fight is not None and fight.fighter == seat and fight.helper is None:
            # A race's or class's bonus for fighting alone (004 Medium); a hireling is no helper (004 "Handlanger":
            # "Sie beeinflussen nicht den Bonus eines Mediums, das alleine kämpft").
            terms += [Term("alone", tx.cards[r].alone_bonus, "munchkin.strength.ability", r, owner)
                      for r in p.races + p.classes if r in tx.cards and tx.cards[r].alone_bonus]
        return terms

    # ------------------------------------------------------------------ monsters

    def monster_terms(self: MunchkinHost, tx: _Tx, index: int) -> list[Term]:
        """The terms of monster ``index``'s strength against those fighting it:
        its printed level, each card played on it (for a Kumpel also those on
        the monster it copies), the floor its enhancers print, and its bonuses
        against the fighters' race, class or sex (each once, as the monster
        sees them: ``traits_seen_by_monster``). ``strengths`` sums them."""
        c = tx.state.combat
        assert c is not None
        m = c.monsters[index]
        card = tx.cards[m.card]
        owner = f"monster:{index}"
        terms = [Term("monster level", card.level, "munchkin.strength.monster-level", m.card, owner)]
        lists = [list(m.mods)] + ([list(c.monsters[m.mate_of].mods)] if m.mate_of is not None else [])
        bonus = m.bonus + (c.monsters[m.mate_of].bonus if m.mate_of is not None else 0)
        counted = 0
        for mods in lists:
            for position, label in enumerate(mods):
                mod = tx.cards.get(_card(label))
                if mod is not None and mod.bonus:
                    terms.append(Term("enhancer", mod.bonus, "munchkin.strength.enhancer", mod.id, owner))
                    counted += mod.bonus
                doubled = doubled_enhancer(tx.cards, mods[:position]) if mod is not None and mod.doubles_enhancer else None
                if mod is not None and doubled is not None and tx.cards[doubled].bonus:
                    # 001 "Monsterverstärkerverstärker": the enhancer it lies on counts once more
                    terms.append(Term("enhancer doubled", tx.cards[doubled].bonus,
                                      "munchkin.strength.enhancer-doubled", mod.id, owner))
                    counted += tx.cards[doubled].bonus
        if counted != bonus:  # numbers recorded without a card (an agreed adjustment)
            terms.append(Term("other modifiers", bonus - counted, "munchkin.strength.enhancer", "", owner))
        level = self.monster_level(tx, index)
        if level != card.level + bonus:  # the printed floor ("mindestens Stufe 1")
            terms.append(Term("floor", level - card.level - bonus, "munchkin.strength.enhancer", "", owner))
        fighters = [tx.state.players[f] for f in self.fighters(c)]
        for b in card.bonuses:
            # Each bonus counts once, even if both fighters qualify (000, "Um Hilfe bitten"), and once however
            # many of the traits it names they have between them.
            if b.applies(set().union(*(self.traits_seen_by_monster(tx, p, b.amount) for p in fighters))):
                terms.append(Term("bonus against " + "/".join(b.against), b.amount, "munchkin.strength.monster-bonus",
                                  m.card, owner))
        return terms

    # ------------------------------------------------------------------ the combat

    def combat_breakdowns(self: MunchkinHost, tx: _Tx) -> list[Breakdown]:
        """Both sides of the combat and each monster still in it. The players'
        side: the fighter's terms, the helper's strength as one term (its own
        terms are in the helper's seat breakdown), and the cards played for
        the players; their totals are ``strengths``."""
        c = tx.state.combat
        assert c is not None
        players = self.power_terms(tx, c.fighter)
        if c.helper is not None:
            helper = sum(t.amount for t in self.power_terms(tx, c.helper))
            players.append(Term("help", helper, "munchkin.strength.help", "", f"seat:{c.helper}"))
        for pm in c.player_mods:
            label = _card(str(pm["card"]))
            if label.startswith("ability:"):  # a class's or race's ability used in this combat
                players.append(Term(label.replace(":", " "), int(pm["bonus"]), "munchkin.strength.ability", "",
                                    f"seat:{pm['seat']}"))
            else:
                players.append(Term("one-shot", int(pm["bonus"]), "munchkin.strength.one-shot", label,
                                    f"seat:{pm['seat']}"))
        out = [Breakdown("players", "combat", tuple(players))]
        monsters: list[Term] = []
        for i, m in enumerate(c.monsters):
            if m.eliminated:
                continue
            terms = self.monster_terms(tx, i)
            out.append(Breakdown(f"monster:{i}", "combat", tuple(terms)))
            monsters += terms
        out.insert(1, Breakdown("monsters", "combat", tuple(monsters)))
        return out

    def run_terms(self: MunchkinHost, tx: _Tx, seat: int, index: int) -> list[Term]:
        """The modifiers on ``seat``'s roll to run from monster ``index`` (000
        "Verloren!"): races and classes, usable items in use, the monster's
        own modifier, and a flight spell played for the runner."""
        c = tx.state.combat
        assert c is not None
        p = tx.state.players[seat]
        owner = f"seat:{seat}"
        rule = "munchkin.forecast.run-die"
        terms = [Term("race/class", tx.cards[r].run_away_bonus, rule, r, owner)
                 for r in p.races + p.classes if r in tx.cards and tx.cards[r].run_away_bonus]
        terms += [Term("item", tx.cards[i.card].run_away_bonus, rule, i.card, owner) for i in p.items
                  if i.in_use and tx.cards[i.card].run_away_bonus and self.can_use(tx, tx.cards[i.card], p)]
        if seat == c.helper:  # an item's bonus for its holder as the helper (003 Lauflernhilfe)
            terms += [Term("item", tx.cards[i.card].helper_run_away_bonus, rule, i.card, owner) for i in p.items
                      if i.in_use and tx.cards[i.card].helper_run_away_bonus
                      and self.can_use(tx, tx.cards[i.card], p)]
        monster = c.monsters[index].card
        if tx.cards[monster].run_away_modifier:
            terms.append(Term("monster", tx.cards[monster].run_away_modifier, rule, monster, f"monster:{index}"))
        if c.run_bonus.get(str(seat), 0):
            terms.append(Term("card played", c.run_bonus[str(seat)], rule, "", owner))
        return terms

    def treasure_terms(self: MunchkinHost, tx: _Tx) -> list[Term]:
        """What a win draws now (000 "Gewonnen!"): each monster's printed
        treasures and the extra ones of the cards played on it; the total is
        ``treasures_due``."""
        c = tx.state.combat
        assert c is not None
        rule = "munchkin.forecast.treasures"
        terms: list[Term] = []
        for i, m in enumerate(c.monsters):
            if m.eliminated and not m.elimination_treasure:
                continue
            owner = f"monster:{i}"
            printed = tx.cards[m.card].treasures
            parts = [Term("printed", printed, rule, m.card, owner)]
            mods = list(m.mods) + (list(c.monsters[m.mate_of].mods) if m.mate_of is not None else [])
            for label in mods:
                mod = tx.cards.get(_card(label))
                if mod is not None and mod.extra_treasures:
                    parts.append(Term("extra", mod.extra_treasures, rule, mod.id, owner))
            total = self.monster_treasures(tx, i)
            if sum(t.amount for t in parts) != total:  # never below 0, or recorded without a card
                parts.append(Term("other", total - sum(t.amount for t in parts), rule, "", owner))
            terms += parts
        return terms

    def forecast(self: MunchkinHost, tx: _Tx) -> dict[str, Any]:
        """The combat decided as it stands: winner and margin, the runs a loss
        would bring, and the treasures and levels a win would give."""
        c = tx.state.combat
        assert c is not None
        players, monsters = self.strengths(tx)
        win = self.winning(tx)
        runs = []
        for i, m in enumerate(c.monsters):
            if m.eliminated:
                continue
            card = tx.cards[m.card]
            # 000 "Verloren!": "Hat dir jemand geholfen, muss auch er Weglaufen": the fighter and the helper.
            for seat in self.fighters(c):
                limit = card.will_not_pursue_max_level
                pursues = self.pursues(tx, seat, i)
                terms = self.run_terms(tx, seat, i)
                target = self.run_away_target(tx, seat, i)
                modifier = sum(t.amount for t in terms)
                needs = max(1, target - modifier)
                runs.append({
                    "seat": seat, "monster": i, "card": m.card, "pursues": pursues,
                    "pursuit_limit": limit or 0, "target": target, "modifier": modifier,
                    "needs": needs if pursues else 0,
                    "escape_sixths": (max(0, DIE_SIDES - needs + 1) if needs <= DIE_SIDES else 0) if pursues
                    else DIE_SIDES,
                    "rule": "munchkin.forecast.run-die" if pursues else "munchkin.forecast.pursuit",
                    "terms": [t.to_dict() for t in self.named(tx, Breakdown("run", "combat", tuple(terms))).terms],
                })
        treasures = self.named(tx, Breakdown("treasures", "combat", tuple(self.treasure_terms(tx))))
        killed = [i for i, m in enumerate(c.monsters) if not m.eliminated]
        return {
            "winner": "players" if win else "monsters",
            "players": players,
            "monsters": monsters,
            "margin": players - monsters,
            "ties_to_players": win and players == monsters,
            "rule": "munchkin.forecast.winner" if players != monsters else "munchkin.combat.ties-lose",
            "runs": runs,
            "treasures": treasures.to_dict(),
            "levels": sum(tx.cards[c.monsters[i].card].levels for i in killed),
            # What the players' side still needs to win (a one-shot, a helper ...): 0 when it wins now.
            "players_need": 0 if win else monsters - players + (0 if self.wins_ties(tx) else 1),
        }

    def analysis(self: MunchkinHost, state: MunchkinState, viewer: Viewer) -> dict[str, Any]:
        """Every breakdown and, during a combat, the forecast (the same for
        every viewer: only cards in play count)."""
        tx = _Tx.reading(self, state)
        breakdowns = [Breakdown(f"seat:{i}", "table", tuple(self.power_terms(tx, i)))
                      for i in range(len(state.players))]
        out: dict[str, Any] = {"breakdowns": [], "forecast": None}
        if state.combat is not None and state.combat.stage in ("fighting", "claimed", "running"):
            breakdowns = self.combat_breakdowns(tx) + breakdowns
            out["forecast"] = self.forecast(tx)
        out["breakdowns"] = [self.named(tx, b).to_dict() for b in breakdowns]
        return out
