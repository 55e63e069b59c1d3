"""A reported table's discard piles, kept to what the table can hold.

000 SPIELVORBEREITUNGEN: "Jeder Stapel bekommt im Laufe des Spiels seinen eigenen offenen Ablagestapel.
Ist ein Stapel leer, mische die abgelegten Karten neu." At a dealt table the judge draws and shuffles
itself (dealing.py, ``PileShuffled``). At a reported table the players shuffle, and the judge never sees
it: without more, its discard piles would keep every card ever discarded and grow with the game's
length. But the table shows it: a card turned up, identified from an unknown hand card or discarded
while the judge's discard pile already holds every copy of it the deck has (the catalogue's ``copies``)
cannot have come from anywhere but a pile into which those discards were shuffled.

So before such an effect the decision emits ``DiscardsReshuffled``: the cards that certainly went into
the new pile leave the discard pile. Certain are the discards up to and including the copy of the card
that must have been shuffled (the earliest copies: with all copies on the pile, at least the oldest
ones were under the shuffle), and every card discarded before it, which lay beneath it. Cards
discarded after it stay, because the judge cannot tell whether they were discarded before or after the
shuffle (docs/rules.md, decisions: "A reported table's reshuffle"). Every state a decision leaves
therefore holds at most ``copies`` of a card in its discard piles, and a pile at most its deck.

A card identified privately (``CardRevealed``) is not taken as evidence: the reshuffle would tell the
other players which card it is. The copy is counted when it is played or discarded, in public.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from judge.cards import Catalogue

if TYPE_CHECKING:
    from judge.rulesets.munchkin.state import MunchkinState

EFFECT = "DiscardsReshuffled"


def _named(cards: Catalogue, effect: dict[str, Any]) -> dict[str, Counter[str]]:
    """The cards an effect brings from the draw pile or puts on a discard pile, by deck: every copy
    that, besides the ones already on the discard pile, the table must hold."""
    t = effect["type"]
    by_deck: dict[str, Counter[str]] = {}

    def add(deck: str | None, ids: Any) -> None:
        for cid in ids or ():
            if isinstance(cid, str) and cid in cards:
                key = deck or cards[cid].deck
                by_deck.setdefault(key, Counter())[cid] += 1

    if t in ("DoorKicked", "CardDiscarded") or (t == "CardLeftHand" and effect.get("was_unknown")):
        add(effect.get("deck") if t == "CardDiscarded" else None, [effect.get("card")])
    elif t in ("CardsDrawn", "TreasuresRevealed"):
        add(None, effect.get("cards"))
    elif t == "CombatEnded":
        add("door", effect.get("discard_door"))
        add("treasure", effect.get("discard_treasure"))
    elif t == "CorpseDiscarded":
        add("door", effect.get("door"))
        add("treasure", effect.get("treasure"))
    elif t in ("HandDiscarded", "CharityDiscarded"):
        for deck, ids in (effect.get("decks") or {}).items():
            add(deck, ids)
    return by_deck


def _cut(pile: list[str], excess: dict[str, int]) -> int:
    """How many cards from the bottom of ``pile`` were certainly shuffled into a new pile, given the
    copies of each card the table shows beyond what its deck has: the pile up to the oldest of them."""
    cut = 0
    for cid, over in excess.items():
        seen = 0
        for index, other in enumerate(pile):
            if other == cid:
                seen += 1
                cut = max(cut, index + 1)
                if seen == over:
                    break
    return cut


def reshuffles_before(state: MunchkinState, cards: Catalogue, effect: dict[str, Any]) -> list[dict[str, Any]]:
    """The ``DiscardsReshuffled`` effects a reported table's ``effect`` shows happened before it (none at
    a dealt table, where the judge shuffles)."""
    if state.mode != "reported":
        return []
    out: list[dict[str, Any]] = []
    for deck, named in _named(cards, effect).items():
        pile = state.discards.get(deck) or []
        excess = {cid: n for cid, outside in named.items()
                  if (n := pile.count(cid) + outside - cards[cid].copies) > 0} if pile else {}
        cut = _cut(pile, excess) if excess else 0
        if cut:
            out.append({"type": EFFECT, "deck": deck, "cards": list(pile[:cut]), "count": cut})
    return out


def reshuffles_after(state: MunchkinState, cards: Catalogue, before: dict[str, list[str]]) -> list[dict[str, Any]]:
    """For discards an effect added without naming them (a layer's own, e.g. Star's enhancers that go
    with their item): the ``DiscardsReshuffled`` its new discards show, as above."""
    if state.mode != "reported":
        return []
    out: list[dict[str, Any]] = []
    for deck, pile in state.discards.items():
        old = before.get(deck)
        if pile is old or not pile:
            continue
        counts = Counter(cid for cid in pile if cid in cards)
        excess = {cid: n - cards[cid].copies for cid, n in counts.items() if n > cards[cid].copies}
        if excess:
            cut = _cut(pile, excess)
            out.append({"type": EFFECT, "deck": deck, "cards": list(pile[:cut]), "count": cut})
    return out


def discards_reshuffled(s: MunchkinState, e: dict[str, Any]) -> None:
    """Evolve ``DiscardsReshuffled``: the named cards (the bottom of the pile) leave the discard pile.
    The pile is replaced, never changed in place (it is shared with the state's copies)."""
    pile = list(s.discards.get(e["deck"], []))
    for cid in e["cards"]:
        if cid in pile:
            pile.remove(cid)
    s.discards[e["deck"]] = pile
