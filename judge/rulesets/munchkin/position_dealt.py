"""Positions of a dealt Munchkin table (docs/position.md, "A dealt table").

At a dealt table the judge shuffles, deals and rolls, so it knows every card:
a dealt position names every hand card (no unknown ones), and its draw piles
(``piles``: the cards of each deck still to be drawn, in any order; the
judge shuffles them from the new game's seed) are known. Left out, a pile is
the rest of its deck: every card of the deck that the position does not
place anywhere else. A card lies at a dealt table as often as the game has
it (its copies), no more: a position that places it more often is refused
with ``munchkin.position.card-twice``, naming the field of the copy too many.

Pure: the piles of a game in progress follow from the seed (judge/rules/chance.py),
which the application passes in only for a viewer who sees everything.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from judge.common.i18n import N_
from judge.rules import chance
from judge.rules.ruling import Malformed, reject
from judge.rulesets.munchkin.sentences import not_of_deck
from judge.rulesets.munchkin.sentences import said_in_munchkin as _said

if TYPE_CHECKING:
    from judge.cards import Catalogue
    from judge.rulesets.munchkin.state import MunchkinState

DECKS = ("door", "treasure")


def draw_piles(state: MunchkinState, secret_seed: bytes | None) -> dict[str, list[str]] | None:
    """The cards still in each draw pile of a dealt table (sorted: the order
    stays secret), or None when that takes the seed and none is given."""
    out: dict[str, list[str]] = {}
    for deck in DECKS:
        pile = state.piles.get(deck)
        if pile is None:
            return None
        if pile["taken"] == 0:
            out[deck] = sorted(pile["base"])
        elif secret_seed is not None:
            order = chance.shuffled(secret_seed, f"{deck}:{pile['shuffles']}", pile["base"])
            out[deck] = sorted(order[pile["taken"]:])
        else:
            return None
    return out


def _each(values: Any, path: str) -> Iterator[tuple[str, Any]]:
    for j, v in enumerate(values if isinstance(values, list) else []):
        yield f"{path}[{j}]", v


def placed_cards(data: Mapping[str, Any], layer_cards: list[tuple[str, Any]]) -> Iterator[tuple[str, Any]]:
    """Every card a position places, as (field, card id), draw piles included:
    each seat's races, classes, items, other cards and hand; the combat's
    monsters (a Kumpel's monster is a copy, not a card), the cards played on
    them and for the players that still lie there, the treasures drawn face up;
    the discard piles; a curse from the door or one whose victim still
    chooses; a corpse's cards; and what the set layer places (``layer_cards``). ``spent:`` cards lie on a discard pile."""
    for i, s in enumerate(data.get("seats", [])):
        path = f"position.seats[{i}]"
        for key in ("races", "classes", "other_cards", "hand"):
            yield from _each(s.get(key, []), f"{path}.{key}")
        for p, it in _each(s.get("items", []), f"{path}.items"):
            yield f"{p}.card", it.get("card") if isinstance(it, dict) else it
    combat = data.get("combat") or {}
    for i, m in enumerate(combat.get("monsters", [])):
        path = f"position.combat.monsters[{i}]"
        if m.get("mate_of") is None:
            yield f"{path}.card", m.get("card")
        for p, x in _each(m.get("modifiers", []), f"{path}.modifiers"):
            if isinstance(x, str) and not x.startswith("spent:"):
                yield p, x
    for p, pm in _each(combat.get("player_modifiers", []), "position.combat.player_modifiers"):
        card = pm.get("card") if isinstance(pm, dict) else None
        if isinstance(card, str) and not card.startswith(("spent:", "ability:")):
            yield f"{p}.card", card
    yield from _each(combat.get("drawn", []), "position.combat.drawn")
    for deck, pile in (data.get("discards") or {}).items():
        yield from _each(pile, f"position.discards.{deck}")
    for deck, pile in (data.get("piles") or {}).items():
        yield from _each(pile, f"position.piles.{deck}")
    pending = data.get("pending") or {}
    if isinstance(pending.get("pending_curse"), dict):
        yield "position.pending.pending_curse.card", pending["pending_curse"].get("card")
    if isinstance(pending.get("epic_kick"), dict):  # the Epic kick's cards not yet resolved
        yield from _each(pending["epic_kick"].get("cards", []), "position.pending.epic_kick.cards")
    # A curse whose victim still chooses what it takes lies on the table until then (a choice of
    # another reason names a card that lies elsewhere: a race given up, a monster's bad stuff).
    choices = [pending.get("choice"), *(pending.get("choices_waiting") or [])]
    for j, ch in enumerate(choices):
        if isinstance(ch, dict) and ch.get("reason") == "curse":
            yield ("position.pending.choice.source" if j == 0 else
                   f"position.pending.choices_waiting[{j - 1}].source"), ch.get("source")
    if isinstance(pending.get("corpse"), dict):
        yield from _each(pending["corpse"].get("cards", []), "position.pending.corpse.cards")
    for seat, pile in (pending.get("corpse_piles") or {}).items():
        yield from _each(pile.get("cards", []) if isinstance(pile, dict) else [],
                         f"position.pending.corpse_piles.{seat}.cards")
    yield from layer_cards


def check_dealt(data: Mapping[str, Any], cards: Catalogue, layer_cards: list[tuple[str, Any]]) -> None:
    """A dealt position names every hand card, its piles hold cards of their
    deck, and no card lies more often than the game has it."""
    for i, s in enumerate(data.get("seats", [])):
        if int(s.get("hand_unknown", 0)):
            raise Malformed(f"position.seats[{i}].hand_unknown",
                            _said(N_("at a dealt table the judge knows every card: name each hand card (0 unknown)")))
    piles = data.get("piles")
    if piles is not None:
        if not isinstance(piles, dict) or any(k not in DECKS or not isinstance(v, list) for k, v in piles.items()):
            raise Malformed("position.piles", _said(N_("the draw piles are door and treasure, each a list of cards")))
        for deck, pile in piles.items():
            for j, cid in enumerate(pile):
                if not isinstance(cid, str) or cid not in cards or cards[cid].deck != deck:
                    raise Malformed(f"position.piles.{deck}[{j}]", not_of_deck(repr(cid), deck))
    seen: Counter[str] = Counter()
    for path, cid in placed_cards(data, layer_cards):
        if not isinstance(cid, str) or cid not in cards:
            continue  # a card the game does not know is malformed, checked with its field elsewhere
        seen[cid] += 1
        if seen[cid] > cards[cid].copies:
            raise reject("munchkin.position.card-twice", card=cid, copies=cards[cid].copies, field=path)


def piles_of(data: Mapping[str, Any], cards: Catalogue, layer_cards: list[tuple[str, Any]]) -> dict[str, list[str]]:
    """The draw piles of a dealt position: as written, or the rest of each deck."""
    given = data.get("piles")
    out: dict[str, list[str]] = {}
    placed = Counter(cid for _, cid in placed_cards(data, layer_cards) if isinstance(cid, str))
    for deck in DECKS:
        if given is not None and deck in given:
            out[deck] = sorted(given[deck])
            continue
        out[deck] = sorted(cid for cid, card in cards.items() if card.deck == deck
                           for _ in range(max(0, card.copies - placed[cid])))
    return out
