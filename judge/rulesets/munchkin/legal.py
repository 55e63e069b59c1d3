"""Legal-action generation: candidate actions for a seat, each checked by
``decide`` (the list a client shows is exactly what the judge would accept).

A mixin of the Munchkin ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, Any

from judge.rules.engine import Action, Command, Context, canonical_json
from judge.rules.ruling import Malformed, Rejected
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin import open_cards
from judge.rulesets.munchkin.pending import ANYTIME_KINDS
from judge.rulesets.munchkin.tx import _Tx
from judge.rulesets.munchkin.variants import variants_of
from judge.rulesets.munchkin.variants.epic import candidates as epic_candidates
from judge.rulesets.munchkin.variants.epic import epic_kick_active

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.state import MunchkinState


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _candidate_key(action: Action) -> Hashable:
    """What makes two candidates the same action: its type and its field values with their types (so that
    ``1`` and ``True`` stay apart, as in its canonical JSON), or its canonical JSON where a value does not
    hash; found without writing the action out."""
    kind = type(action)
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(action))
    key = (kind, tuple((type(value), value) for value in map(action.__getattribute__, names)))
    try:
        hash(key)
    except TypeError:
        return canonical_json(action.to_dict())
    return key


class LegalActions:
    """Legal actions, mixed into the Munchkin ruleset."""

    def legal_actions(self: MunchkinHost, state: MunchkinState, seat: int, context: Context) -> list[Action]:
        """Every concrete action ``seat`` may submit now, each checked by ``decide``."""
        out: list[Action] = []
        seen: set[Hashable] = set()
        for action in self._candidates(state, seat):
            key = _candidate_key(action)
            if key in seen:
                continue
            seen.add(key)
            try:
                self.decide(state, Command(seat, action), context)
            except (Rejected, Malformed):
                continue
            out.append(action)
        return out

    def _candidates(self: MunchkinHost, s: MunchkinState, seat: int) -> Iterable[Action]:
        for action in self.candidate_actions(s, seat):
            if s.mode == "dealt":
                # The judge draws and rolls: no card names for draws, no dice values.
                if isinstance(action, A.KickDoor):
                    action = A.KickDoor()
                elif isinstance(action, A.KickTwoDoors):
                    action = A.KickTwoDoors()
                elif isinstance(action, (A.RunAway, A.RollDie)):
                    action = dataclasses.replace(action, die=0)
                elif isinstance(action, A.UseAbility) and action.die:
                    action = dataclasses.replace(action, die=0)
                elif isinstance(action, (A.DrawTreasures, A.RevealCard)):
                    continue
            yield action
        if s.mode == "dealt" and not s.dealt_out:
            yield A.Deal()
        if self.owes_new_hand(s, seat):
            yield A.Deal()  # the new hand of a character that died (000 "Tod")

    def candidate_actions(self: MunchkinHost, s: MunchkinState, seat: int) -> Iterable[Action]:
        """A hook: the actions ``seat`` may try now, each checked by ``decide`` before ``legal_actions`` lists
        it; a layer adds the candidates of its own actions and cards."""
        cards = self.cards_of(s)
        p = s.players[seat]
        n = len(s.players)
        playable = set(p.hand)
        examples = open_cards.examples(s, seat, cards)  # for any card of a kind (open_choices)
        if p.unknown:
            playable |= set(examples)
        if s.choice is not None or s.corpse is not None or s.pending_curse is not None:
            # Level-ups and curses interrupt any wait; a looter lays out what it took (pending.py).
            for cid in sorted(playable):
                if cards[cid].kind in ANYTIME_KINDS:
                    for t in range(n):
                        yield A.PlayCard(card=cid, target_seat=t)
            for cid in p.received:
                yield A.PlayCard(card=cid)
        if s.pending_curse is not None and s.choice is None and s.corpse is None:
            yield A.AnswerCurse()
            for cid in sorted(playable | {i.card for i in p.items}):
                if cards[cid].cancels_curse:
                    yield A.AnswerCurse(card=cid)
            return
        if s.choice is not None:
            for o in s.choice.options:
                yield A.ChooseCard(card=o)
            if s.choice.reason == "keep-big":
                big = [i.card for i in p.items if cards[i.card].big]
                yield A.SellItems(cards=tuple(big))
                for cid in big:  # a halfling sells one at double price (000 Rassen / Klassen)
                    yield A.UseAbility(ability="halfling-sale", item=cid)
            return
        if s.corpse is not None:
            for die in range(1, 7):
                yield A.RollDie(die=die)
            for cid in sorted(set(s.corpse["cards"])):
                yield A.LootCorpse(card=cid)
            if s.corpse["unknown"]:
                for cid in sorted(examples):
                    yield A.LootCorpse(card=cid)
                yield A.LootCorpse()  # nothing left to take (looting.py)
            return
        if str(seat) in s.must_play:
            yield A.PlayCard(card=s.must_play[str(seat)])
            return
        if s.adjustment is not None:
            yield A.ConfirmAdjustment(accept=True)
            yield A.ConfirmAdjustment(accept=False)
        # A new adjustment is free text the table agrees on: always possible, never enumerated.
        if s.phase == "start" and seat == s.active:
            # A dealt table's judge draws (the card is not named); a reported table's kick names any door
            # card, offered as a few examples of each kind (open_choices).
            doors = [""] if s.mode == "dealt" else sorted(open_cards.door_examples(s, seat, cards))
            for cid in doors:
                yield A.KickDoor(card=cid)
            if s.epic_kick is None and epic_kick_active(self, s):
                yield from ([A.KickTwoDoors()] if s.mode == "dealt" else epic_candidates(doors))
        if s.phase == "after-door" and seat == s.active:
            yield A.LootRoom()
            for cid in sorted(playable):
                if cards[cid].kind == "monster":
                    yield A.LookForTrouble(card=cid)
        if s.combat is not None:
            c = s.combat
            yield A.ClaimVictory()
            yield A.ResolveCombat()
            yield A.GiveUp()
            yield A.AnswerHelp(accept=True)
            yield A.AnswerHelp(accept=False)
            for other in range(n):
                yield A.AskForHelp(helper=other)
                yield A.AskForHelp(helper=other, bribe=A.Bribe(treasures=1, helper_picks_first=True))
                for it in p.items:
                    yield A.AskForHelp(helper=other, bribe=A.Bribe(items=(it.card,)))
            if c.stage == "treasures":
                treasure_ids = open_cards.catalogue_index(cards).treasures
                if treasure_ids and c.treasures_due:
                    picks = tuple(treasure_ids[i % len(treasure_ids)] for i in range(c.treasures_due))
                    yield A.DrawTreasures(cards=picks)
                for cid in sorted(set(c.drawn)):
                    yield A.PickTreasure(card=cid)
            yield from self.ability_candidates(s, seat, cards)
            for i, m in enumerate(c.monsters):
                for die in range(1, 7):
                    yield A.RunAway(monster_index=i, die=die)
                yield A.SufferBadStuff(monster_index=i)
                harm = cards[m.card].bad_stuff
                if harm and harm.lose_item:
                    for it in p.items:
                        yield A.SufferBadStuff(monster_index=i, item=it.card)
        monsters = [None] if s.combat is None else [None, *range(len(s.combat.monsters))]
        for cid in sorted(playable):
            kind = cards[cid].kind
            if kind in ("curse", "insanity", "level_up"):
                for t in range(n):
                    yield A.PlayCard(card=cid, target_seat=t)
            elif kind == "one_shot":
                yield A.PlayCard(card=cid, side="players")
                for mi in monsters:
                    yield A.PlayCard(card=cid, side="monsters", monster_index=mi)
            elif kind in ("monster_enhancer", "monster_enhancer_enhancer", "mate"):
                for mi in monsters:
                    yield A.PlayCard(card=cid, monster_index=mi)
            elif kind == "wandering_monster":
                for mc in sorted(playable):
                    if cards[mc].kind == "monster":
                        yield A.PlayCard(card=cid, with_card=mc)
            elif kind == "super_munchkin":
                yield A.PlayCard(card=cid)
                for second in sorted(playable):
                    if cards[second].kind == "class":  # the second class it is for, played with it
                        yield A.PlayCard(card=cid, with_card=second)
            else:
                yield A.PlayCard(card=cid)
        if s.combat is None:
            yield from self.ability_candidates(s, seat, cards)
        yield from self._item_candidates_of(s, seat, cards)
        for it in p.items:
            yield A.DiscardCard(card=it.card, from_table=True)
            if cards[it.card].kind == "one_shot":
                yield A.PlayCard(card=it.card, side="players", from_table=True)
        reading = _Tx.reading(self, s)
        for in_play in p.races + p.classes + p.table:
            if not self.holds_second(reading, p, in_play) and not cards[in_play].may_not_discard:
                yield A.DiscardCard(card=in_play, from_table=True)
        sellable = [i.card for i in p.items if cards[i.card].value > 0]
        sellable += [c for c in p.hand if cards[c].kind in ("item", "one_shot") and cards[c].value > 0]
        if sum(cards[c].value for c in sellable) >= 1000:
            yield A.SellItems(cards=tuple(sellable))
        for other in range(n):
            if other == seat:
                continue
            for mine in p.items:
                yield A.ProposeTrade(with_seat=other, give=(mine.card,))
                for theirs in s.players[other].items:
                    yield A.ProposeTrade(with_seat=other, give=(mine.card,), receive=(theirs.card,))
        yield A.AcceptTrade()
        yield A.CancelTrade()
        if seat == s.active and s.phase in ("after-door", "charity"):
            yield self._charity_candidate(s, seat)
        if p.unknown:
            for cid in sorted(examples):
                yield A.RevealCard(card=cid)

    def open_choices(self: MunchkinHost, s: MunchkinState, seat: int) -> dict[str, str]:
        """The cards ``legal_actions`` names for ``seat`` as examples of an open choice (card id -> its
        domain, e.g. ``kind:monster``): at a reported table, where a seat plays, kicks or reveals a card
        the judge has not seen, an action naming one stands for any card of that kind of the catalogue,
        checked when the player names it (open_cards.py)."""
        if s.mode == "dealt":
            return {}
        cards = self.cards_of(s)
        found = dict(open_cards.door_examples(s, seat, cards)) if s.phase == "start" and seat == s.active else {}
        found.update(open_cards.examples(s, seat, cards))
        return {cid: open_cards.open_domain(kind) for cid, kind in found.items()}

    def ability_candidates(self: MunchkinHost, s: MunchkinState, seat: int, cards: Any) -> Iterable[Action]:
        """A hook: the abilities ``seat`` may try now (paid with cards of the hand), each checked by
        ``decide``; a layer adds its own (Star's hireling sacrifice, new contract, defusing)."""
        p = s.players[seat]
        owned = {ab for cid in p.races + p.classes if cid in cards for ab in cards[cid].abilities}
        if not owned:
            return
        pay: list[dict[str, Any]] = []
        if p.hand:
            pay.append({"discard": (p.hand[0],)})
        if p.unknown:
            pay.append({"discard_unknown": 1})
        for it in p.items:
            pay.append({"discard_from_table": (it.card,)})
            break
        c = s.combat
        monsters = range(len(c.monsters)) if c is not None else range(0)
        for ab in sorted(owned):
            if ab in ("berserk", "turning", "flight-spell"):
                for cost in pay:
                    yield A.UseAbility(ability=ab, **cost)
            elif ab == "charm-spell":
                for mi in monsters:
                    yield A.UseAbility(ability=ab, discard=tuple(p.hand), discard_unknown=p.unknown, monster_index=mi)
            elif ab == "backstab" and c is not None:
                for target in self.fighters(c):
                    for cost in pay:
                        yield A.UseAbility(ability=ab, target_seat=target, **cost)
            elif ab == "steal":
                for other, o in enumerate(s.players):
                    for it in o.items:
                        for die in (1, 4):
                            for cost in pay[:1]:
                                yield A.UseAbility(ability=ab, target_seat=other, item=it.card, die=die, **cost)
            elif ab == "halfling-sale":
                for it in p.items:
                    others = tuple(i.card for i in p.items if i is not it and cards[i.card].value > 0)
                    yield A.UseAbility(ability=ab, item=it.card, discard_from_table=others)
            elif ab == "halfling-reroll":
                for mi in monsters:
                    for die in (1, 6):
                        for cost in pay[:1]:
                            yield A.UseAbility(ability=ab, monster_index=mi, die=die, **cost)

    def _charity_candidate(self: MunchkinHost, s: MunchkinState, seat: int) -> A.EndTurn:
        tx = _Tx.reading(self, s)
        hand, limit, lowest, giver_lowest = self.charity_plan(tx, seat)
        excess = max(0, hand - limit)
        p = s.players[seat]
        pool = list(p.hand) + ["?"] * p.unknown
        give = pool[:excess]
        if not excess:
            return A.EndTurn()
        for variant in variants_of(self, s.setup.get("variants", ())):
            one = variant.charity_recipients(self, tx, seat)  # two players: all of it to one character
            if one:
                return A.EndTurn(gifts=(A.CharityGift(one[0], tuple(c for c in give if c != "?"), give.count("?")),))
        if giver_lowest:
            return A.EndTurn(discard=tuple(c for c in give if c != "?"), discard_unknown=give.count("?"))
        gifts = []
        for k, target in enumerate(lowest):
            share = give[k::len(lowest)]
            if share:
                gifts.append(A.CharityGift(target, tuple(c for c in share if c != "?"), share.count("?")))
        return A.EndTurn(gifts=tuple(gifts))
