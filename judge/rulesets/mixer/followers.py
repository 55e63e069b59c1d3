"""Followers, identities and powers in a combined game (001 "MUNCHKIN IM MIXER").

* "Jeder Spieler darf nur einen Anhänger ... vor sich liegen haben, es sei denn, er hat eine Karte, die
  mehr erlaubt": hirelings, minions, henchmen, mooks, allies, sidekicks and companions are one group
  (``FOLLOWER_KINDS``), one in play (Star's Händler: any number; a card tagged ``allows-more-follower``: one
  more each).
* "Alle Anhänger können sich im Kampf für dich opfern, wenn du weglaufen willst, verlieren dann aber die von
  ihnen getragenen Gegenstände": any follower is sacrificed instead of a run-away roll (in every
  combination, not only with Star), and what lies on it is discarded.
* "Jeder von ihnen kann nur die Art von Gegenständen tragen ... wie es auf der jeweiligen Karte steht": a
  follower tagged ``carries-<slot>`` (or ``carries-any``) carries one such item, played onto it with
  ``play_card.with_card``; its bonus counts for the owner.
* Mooks: "Man darf beliebige Monsterverstärker-Karten auf seine Mooks (und nur diese) ausspielen. Eine
  Verstärker-Karte mit +5 gibt dem Mook eine +1 in jedem Kampf, ein +10-Verstärker +2. Negative
  -5-Verstärker zählen immer -1, und auch nur wenn der Mook bereits einen positiven Verstärker auf sich
  liegen hat."
* "Reagiert ein Monster stärker oder schwächer auf ein bestimmtes Geschlecht oder eine Rasse, so wird auch
  das Geschlecht und die Rasse des Anhängers hierzu herangezogen": a follower's ``counts_as`` (its race, its
  sex) is seen by monsters.
* One style, loyalty, training, accent, mojo and faction each, several birthrights; powers whose ranks
  (a power card's ``level``) add up to at most the level.

A mixin of the Mixer's rules; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from judge.common.i18n import N_
from judge.rules.analysis import Term
from judge.rules.engine import Action
from judge.rules.ruling import Malformed, reject
from judge.rulesets.mixer.narration import said_in_mixer as _said
from judge.rulesets.mixer.state import MixerState
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.ruleset import Munchkin
from judge.rulesets.star.hirelings import FOLLOWER_KINDS, MANY_HIRELINGS, HirelingSacrifice

if TYPE_CHECKING:
    from judge.cards import Card
    from judge.rulesets.munchkin.state import MunchkinState, Player
    from judge.rulesets.munchkin.tx import _Tx

#: The kinds of which a player may have one each ("eine Karte, die mehr erlaubt" aside); birthrights: several.
ONE_EACH = ("style", "loyalty", "training", "accent", "mojo", "faction")
SEVERAL = ("birthright",)
ORIGIN = "origin"
POWER = "power"
MORE_POWERS = "allows-more-power"
#: "Eine Verstärker-Karte mit +5 gibt dem Mook eine +1 in jedem Kampf, ein +10-Verstärker +2."
MOOK_STEP = 5


def allows_more(kind: str) -> str:
    """The tag of a card that allows one more card of ``kind``."""
    return f"allows-more-{kind}"


def mook_bonus(enhancer_bonus: int) -> int:
    """What a monster enhancer gives a mook: +1 per 5, a negative one always -1."""
    return -1 if enhancer_bonus < 0 else enhancer_bonus // MOOK_STEP


def placed_on_follower(s: MunchkinState, e: dict[str, Any]) -> None:
    assert isinstance(s, MixerState)
    s.on_followers.append({"seat": e["seat"], "follower": e["follower"], "card": e["card"], "deck": e["deck"]})


def follower_cards_lost(s: MunchkinState, e: dict[str, Any]) -> None:
    """The cards go to the discard pile with the ``CardDiscarded`` that follows."""
    assert isinstance(s, MixerState)
    s.on_followers = [x for x in s.on_followers if not (x["seat"] == e["seat"] and x["follower"] == e["follower"])]


class FollowerRules(HirelingSacrifice):
    """Followers, mooks, identities and powers of a combined game."""

    # ------------------------------------------------------------------ the cards in front

    def in_front(self, tx: _Tx, p: Player) -> list[str]:
        return [*p.races, *p.classes, *p.table, *(i.card for i in p.items)]

    def more_allowed(self, tx: _Tx, p: Player, kind: str) -> int:
        """How many more cards of ``kind`` the cards in front of ``p`` allow (one per card tagged so)."""
        return sum(1 for c in self.in_front(tx, p) if c in tx.cards and allows_more(kind) in tx.cards[c].tags)

    def identity_limit(self, tx: _Tx, p: Player, place: str) -> int:
        return super().identity_limit(tx, p, place) + self.more_allowed(tx, p, place)

    def _play_one_each(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        """"nicht mehr als ... einen Stil, eine Loyalität, ein Training, einen Akzent, ein Mojo und eine
        Machtgruppe ..., es sei denn, er hat eine Karte, die mehr erlaubt. Man darf aber mehrere
        Geburtsrechte haben.\""""
        p = tx.state.players[seat]
        if card.kind in ONE_EACH and len(self.cards_of_kind(tx, p, card.kind)) >= 1 + self.more_allowed(
                tx, p, card.kind):
            raise reject("mixer.identity.one-of-each", kind=card.kind)
        self._put_on_table(tx, seat, card, a)

    def _play_enabler(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        """"Alle Einschränkungen für Halb-Blut gelten ebenso für Drittel-Blut und Chimäre" (Super Munchkin: Ultra,
        Super Duper): one card of the family in front of a character, unless a card allows more (docs/rules.md,
        decisions); then the base game's rule for the card."""
        p = tx.state.players[seat]
        held = self.cards_of_kind(tx, p, card.kind)
        if len(held) >= 1 + self.more_allowed(tx, p, card.kind):
            raise reject("mixer.identity.one-half-breed", held=tx.cards[held[0]].name)
        Munchkin.play_handlers[card.kind](self, tx, seat, card, a)

    def _play_power(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        """"nur so viele Kräfte ..., dass deren Grade zusammen seine Stufe nicht übersteigen, es sei denn, er
        hat eine Herkunft, die ihm mehr erlaubt": a power's rank is its card's ``level``."""
        p = tx.state.players[seat]
        ranks = sum(tx.cards[c].level for c in self.cards_of_kind(tx, p, POWER)) + card.level
        lifted = any(tx.cards[c].kind == ORIGIN and MORE_POWERS in tx.cards[c].tags
                     for c in p.table if c in tx.cards)
        if ranks > p.level and not lifted:
            raise reject("mixer.power.ranks-over-level", ranks=ranks, level=p.level)
        self._put_on_table(tx, seat, card, a)

    def _put_on_table(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        self.take_played_card(tx, seat, card, a)
        tx.emit("CardPutInPlay", seat=seat, card=card.id, place="table", in_use=False)

    # ------------------------------------------------------------------ followers

    def hireling_limit(self, tx: _Tx, p: Player) -> int | None:
        """One follower; any number for a Händler (004); one more for each card that allows more."""
        if self.has_trait(tx, p, MANY_HIRELINGS):
            return None
        return 1 + self.more_allowed(tx, p, "follower")

    def _play_follower(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        if self.hirelings_over(tx, seat, adding=1):
            raise reject("mixer.follower.only-one")
        self._put_on_table(tx, seat, card, a)

    def _onto_follower(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        """An item a follower carries, or a monster enhancer on a mook (or on another card in front that takes
        them: ``takes_monster_enhancers``), played from the hand."""
        p = tx.state.players[seat]
        follower = self.card(tx, a.with_card, "play_card.with_card")
        if card.kind == "monster_enhancer" and follower.takes_monster_enhancers:
            self._onto_enhanceable(tx, seat, card, follower)
            return
        if follower.kind not in FOLLOWER_KINDS:
            raise Malformed("play_card.with_card", _said(N_("{card} is no follower"), card=follower.id))
        if follower.id not in p.table:
            raise reject("mixer.follower.not-yours", card=follower.id)
        lying = [tx.cards[x["card"]] for x in self.on_follower(tx, seat, follower.id)]
        if card.kind == "item":
            self.check_timing(tx, seat, card)
            slots = {t.removeprefix("carries-") for t in follower.tags if t.startswith("carries-")}
            slot = card.slot or "none"
            if not ({slot, "any"} & slots) or sum(1 for x in lying if x.kind == "item") >= len(slots):
                raise reject("mixer.follower.carries-what-its-card-says", card=follower.id)
        else:  # a monster enhancer on a follower that takes none ("auf seine Mooks (und nur diese)")
            raise reject("mixer.mook.enhancers-only-on-mooks")
        self.take_from_hand(tx, seat, card.id)
        tx.emit("CardPlacedOnFollower", seat=seat, follower=follower.id, card=card.id, deck=card.deck)

    def _onto_enhanceable(self, tx: _Tx, seat: int, card: Card, target: Card) -> None:
        """A monster enhancer played at any time on a card in front that takes them (001 timing table: "oder
        jederzeit auf einen Mönch, einen epischen Werwolf, einen Mietling, Mook oder ein Ross"): it lies there
        and counts as on a mook (+1 per 5; a negative one -1, only beside a positive one)."""
        if target.id not in self.in_front(tx, tx.state.players[seat]):
            raise reject("mixer.follower.not-yours", card=target.id)
        lying = [tx.cards[x["card"]] for x in self.on_follower(tx, seat, target.id)]
        if card.bonus < 0 and not any(x.kind == "monster_enhancer" and x.bonus > 0 for x in lying):
            raise reject("mixer.mook.negative-needs-positive")
        self.take_from_hand(tx, seat, card.id)
        tx.emit("CardPlacedOnFollower", seat=seat, follower=target.id, card=card.id, deck=card.deck, in_front=True,
                rule="munchkin.enhancer.on-a-card-in-front")

    def on_follower(self, tx: _Tx, seat: int, follower: str) -> list[dict[str, Any]]:
        return [x for x in getattr(tx.state, "on_followers", []) if x["seat"] == seat and x["follower"] == follower]

    def lose_follower_cards(self, tx: _Tx) -> None:
        """What lay on a follower that is no longer in play is discarded ("verlieren dann aber die von ihnen
        getragenen Gegenstände")."""
        gone = sorted({(x["seat"], x["follower"]) for x in getattr(tx.state, "on_followers", [])
                       if x["follower"] not in self.in_front(tx, tx.state.players[x["seat"]])})
        for seat, follower in gone:
            cards = [x["card"] for x in self.on_follower(tx, seat, follower)]
            tx.emit("FollowerCardsLost", seat=seat, follower=follower, cards=cards)
            for cid in cards:
                tx.emit("CardDiscarded", card=cid, deck=tx.cards[cid].deck)

    # ------------------------------------------------------------------ strength and traits

    def follower_terms(self, tx: _Tx, seat: int) -> list[Term]:
        """The items followers carry (their bonus) and the enhancers on mooks (+1 per 5, -5: -1)."""
        owner = f"seat:{seat}"
        terms = []
        for x in getattr(tx.state, "on_followers", []):
            card = tx.cards[x["card"]]
            if x["seat"] != seat:
                continue
            if card.kind == "item" and card.bonus:
                terms.append(Term("item a follower carries", card.bonus, "mixer.strength.follower", card.id, owner))
            elif card.kind == "monster_enhancer" and mook_bonus(card.bonus):
                terms.append(Term("enhancer on a mook", mook_bonus(card.bonus), "mixer.strength.follower", card.id, owner))
        return terms

    def follower_traits(self, tx: _Tx, p: Player) -> set[str]:
        """The races and sexes of ``p``'s followers in play (their cards' ``counts_as``)."""
        return {t for f in self.hirelings(tx, p) for t in tx.cards[f].counts_as
                if t.startswith(("race:", "sex:"))}

    # ------------------------------------------------------------------ legal actions

    def follower_candidates(self, s: MunchkinState, seat: int, cards: Any, *, sacrifice: bool) -> Iterable[Action]:
        """Cards onto one's followers; the sacrifices too where no layer lists them (Star does)."""
        p = s.players[seat]
        followers = [t for t in p.table if t in cards and cards[t].kind in FOLLOWER_KINDS]
        for f in followers:
            c = s.combat
            if sacrifice:
                yield A.UseAbility(ability="sacrifice-hireling", item=f)
                if c is not None and c.helper is not None and seat == c.fighter:
                    yield A.UseAbility(ability="sacrifice-hireling", item=f, target_seat=c.helper)
            for cid in sorted(set(p.hand)):
                if cards[cid].kind in ("item", "monster_enhancer"):
                    yield A.PlayCard(card=cid, with_card=f)
        # a Mönch, an epic Werwolf, a Ross ...: the other cards in front that take monster enhancers
        takers = [c for c in [*p.races, *p.classes, *(i.card for i in p.items)]
                  if c in cards and cards[c].takes_monster_enhancers and c not in followers]
        for target in takers:
            for cid in sorted(set(p.hand)):
                if cards[cid].kind == "monster_enhancer":
                    yield A.PlayCard(card=cid, with_card=target)
