"""Legal actions for monkic: every concrete action a seat may submit now,
each checked by ``decide``. At a dealt table the judge rolls and draws, so
the actions carry no dice and no card names. At a reported table the dice
and drawn cards are the players' to report: the listed actions carry
placeholder dice of the right count (all ones) and, for a draw, the first
card still in the stack; report the real values instead. A mixin of the
monkic ruleset.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from judge.rules.engine import Action, Context, canonical_json
from judge.rulesets.monkic import actions as A
from judge.rulesets.monkic import cards as C
from judge.rulesets.monkic import fight as F
from judge.rulesets.monkic.curses import CurseRules
from judge.rulesets.monkic.state import MonkicState



class LegalRules(CurseRules):
    def legal_actions(self, state: MonkicState, seat: int, context: Context) -> list[Action]:
        out: list[Action] = []
        seen: set[str] = set()
        for action in self._candidates(state, seat):
            key = canonical_json(action.to_dict())
            if key in seen:
                continue
            seen.add(key)
            if self.is_legal(state, seat, action, context):
                out.append(action)
        return out

    def _candidates(self, s: MonkicState, seat: int) -> Iterable[Action]:
        dealt = s.mode == "dealt"
        cards = s.cards
        me, foe = s.seats[seat], s.seats[1 - seat]

        def dice(n: int) -> tuple[int, ...]:
            return () if dealt else (1,) * n

        if s.phase == "opening":
            if not dealt and not me.opened:
                first = sorted(set(s.stack))[:7]
                xxl = s.xxl[0] if "extra" in s.variants and s.xxl else ""
                yield A.ReportOpening(cards=tuple(first), xxl=xxl)
            return
        if s.pending:
            p = s.pending[0]
            card = "" if dealt or not p.get("draw") else (s.stack[0] if s.stack else "")
            for place in ("hand", "table") if p["place"] else ("hand",):
                yield A.Resolve(dice=dice(p["dice"]), card=card, place=place)
            if p["kind"] == "defence":  # the defender's choices before a fight (dealt table)
                attacked = tuple(p["attack"].get("targets", ()))
                for trap, sacrifice in self._defence_choices(s, 1 - seat, attacked):
                    yield A.Resolve(trap=trap, sacrifice=sacrifice)
            return
        if seat != s.active:
            return
        yield A.EndTurn()
        yield A.Draw(card="" if dealt else (s.stack[0] if s.stack else ""))
        for uid in me.table:
            yield A.TakeToHand(card=uid)
        guards = [u for u in me.hand + me.table if cards[u] in C.GUARDS and u not in s.guards]
        for g in guards:
            for uid in me.hand:
                yield A.Protect(guard=g, card=uid)
        jokers = [u for u in me.hand + me.table if cards[u] in C.JOKERS]
        for uid in me.hand:
            cid = cards[uid]
            n = F.attack_dice(cid)
            targets: list[tuple[str, ...]] = [(t,) for t in foe.hand] or [()]
            for tg in targets:
                dd = sum(F.defence_dice(cards[t]) for t in tg)
                yield A.Attack(card=uid, targets=tg, dice=dice(n), defence_dice=dice(dd))
                if not dealt:  # the defender's choices, reported with the attack
                    for trap, sacrifice in self._defence_choices(s, seat, tg):
                        yield A.Attack(card=uid, targets=tg, dice=dice(n), defence_dice=dice(dd + (2 if trap else 0)),
                                       trap=trap, defence_sacrifice=sacrifice)
                if cid == "minotaurus" and tg:
                    for j in jokers[:1]:
                        yield A.Attack(card=uid, targets=tg, dice=dice(n), defence_dice=dice(dd), sacrifice=(j,))
            if cid == "joker-in-hand":
                for j in C.JOKERS:
                    yield A.SearchJoker(card=uid, joker=j)
        for uid in me.table:
            cid = cards[uid]
            if cid == "joker-in-hand":
                for j in C.JOKERS:
                    yield A.SearchJoker(card=uid, joker=j)
            if cid in ("superpower", "elemente"):
                yield A.Exchange(card=uid, xxl="" if dealt else (s.xxl[0] if s.xxl else ""))
            if cid == "dornenfalle":
                yield A.ActivateTrap(card=uid)
            if C.catalogue()[cid].kind == "curse":
                yield from self._curse_candidates(s, seat, uid, jokers)
        for uid in me.hand:
            if cards[uid] in ("superpower", "elemente"):
                yield A.Exchange(card=uid, xxl="" if dealt else (s.xxl[0] if s.xxl else ""))
        for uid in foe.table:
            if cards[uid] == "dornenfalle":
                for pair in list(combinations(jokers, 2))[:1]:
                    yield A.DestroyTrap(card=uid, sacrifice=pair)

    def _curse_candidates(self, s: MonkicState, seat: int, uid: str,
                          jokers: list[str]) -> Iterable[Action]:
        cid = s.cards[uid]
        me, foe = s.seats[seat], s.seats[1 - seat]
        if cid == "blitz":
            for j in jokers[:1]:
                yield A.PlayCurse(card=uid, sacrifice=(j,))
        elif cid == "attack":
            for k in range(min(2, len(jokers)) + 1):
                yield A.PlayCurse(card=uid, sacrifice=tuple(jokers[:k]))
        elif cid == "familie-vereint":
            by_kind = {s.cards[j]: j for j in jokers}
            if len(by_kind) == 3:
                picks = tuple((foe.hand + foe.table)[:6])
                yield A.PlayCurse(card=uid, sacrifice=tuple(by_kind[k] for k in C.JOKERS), targets=picks)
        elif cid == "reborn":
            for g in me.graveyard[-1:]:
                yield A.PlayCurse(card=uid, targets=(g,))
        elif cid == "psycho":
            for t in foe.hand:
                yield A.PlayCurse(card=uid, targets=(t,))
        elif cid == "erdbeben":
            theirs = [u for u in foe.hand if not self.immune_in(s, u)][:2]
            yield A.PlayCurse(card=uid, targets=tuple(me.hand[:2]) + tuple(theirs))
        elif cid != "dornenfalle":
            yield A.PlayCurse(card=uid)

    @staticmethod
    def _defence_choices(s: MonkicState, seat: int, targets: tuple[str, ...]) -> Iterable[tuple[str, tuple[str, ...]]]:
        """The defender's choices against an attack of ``seat`` on ``targets``, besides
        none: its first Dornenfalle it may use, a joker for a first attacked Minotaurus."""
        foe = s.seats[1 - seat]
        for u in foe.table:
            if u in s.traps and u not in s.trap_turn:
                yield u, ()
                break
        if any(s.cards[t] == "minotaurus" for t in targets):
            for u in foe.hand + foe.table:
                if s.cards[u] in C.JOKERS and u not in targets:
                    yield "", (u,)
                    break

    @staticmethod
    def immune_in(s: MonkicState, uid: str) -> bool:
        return s.cards[uid] == "superpower" or (uid in s.guards and s.cards[s.guards[uid]] == "superpower")


