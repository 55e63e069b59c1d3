"""Checking a finished dealt game's chance from its record alone.

docs/record-format.md, "Chance at a dealt table", describes how every shuffle
and die roll follows from the game's seed; this module follows that text
with nothing but the record: the seed the end reveals, the commitment in the
header's set-up, the header's ``opening_decks`` and the effects. It needs no
catalogue and no rules, so a checker in any language can do the same (the
TypeScript client's ``verifyRecord`` does) and must reach the same verdict at
the same line. ``judge verify`` runs it beside the audit, which re-judges the
game with the rules and the same seed.

What is checked, event by event in version order:

- ``SeedRevealed``: the seed's SHA-256 is the commitment
  ``setup.options.seed_sha256``;
- ``DieCast``: its value is the seed's die of that number;
- the Munchkin family's piles: ``PileDrawn`` takes the next cards of the
  pile's order (the seed's shuffle of the opening deck, or of the discards a
  ``PileShuffled`` names), and the cards it took are the ones the same
  event's ``CardsDrawn`` (hidden), ``DoorKicked`` and ``TreasuresRevealed``
  show, in that order; an upheld dispute restores the piles it names;
- monkic's stack: a ``CardsCreated`` from the stack or the XXL reserve names
  the positions it took, and each holds the card the effect names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.rules import chance

SEED_REVEALED = "SeedRevealed"
DRAWN_BY = {"DoorKicked": "door", "TreasuresRevealed": "treasure"}
"""Effects that show cards drawn from a pile at a dealt table, and the pile (``CardsDrawn``
names its own ``deck``)."""


@dataclass(frozen=True)
class ChanceProblem:
    line: int
    version: int
    message: str


@dataclass
class ChanceReport:
    dealt: bool = False
    seed_revealed: bool = False
    problems: list[ChanceProblem] = field(default_factory=list)


@dataclass
class _Pile:
    base: list[str]
    shuffles: int = 0
    taken: int = 0


def check_chance(header: dict[str, Any], events: list[tuple[int, dict[str, Any]]]) -> ChanceReport:
    """Check the chance of a dealt game's record: ``header`` is line 1's object,
    ``events`` the event lines' objects with their line numbers, in version order."""
    report = ChanceReport()
    setup = header.get("setup")
    if not isinstance(setup, dict) or setup.get("mode") != "dealt":
        return report
    report.dealt = True
    revealed = _revealed(events)
    if revealed is None:
        return report  # still running: nothing can be checked yet
    report.seed_revealed = True
    line, version, text = revealed
    options = setup.get("options")
    committed = options.get("seed_sha256") if isinstance(options, dict) else None
    seed = _hex(text)
    if seed is None or chance.commitment(seed) != committed:
        report.problems.append(ChanceProblem(
            line, version, "the revealed seed does not match the commitment setup.options.seed_sha256"))
        return report
    walk = _Walk(seed, header.get("opening_decks"))
    for line, event in events:
        try:
            problem = walk.event(event)
        except (TypeError, ValueError, AttributeError, IndexError) as e:  # a forger's odd values
            problem = f"unreadable chance data: {e}"
        if problem:
            report.problems.append(ChanceProblem(line, int(event.get("version", 0)), problem))
            break  # the walk's piles are unknown past a wrong draw
    return report


def _revealed(events: list[tuple[int, dict[str, Any]]]) -> tuple[int, int, str] | None:
    for line, event in events:
        if event.get("kind") == "GameStopped" and isinstance(event.get("seed"), str):
            return line, int(event.get("version", 0)), str(event["seed"])  # a table stopped: time called
        if event.get("kind") != "CommandAccepted":
            continue
        for effect in _effects(event):
            if effect.get("type") == SEED_REVEALED:
                return line, int(event.get("version", 0)), str(effect.get("seed", ""))
    return None


def _hex(text: str) -> bytes | None:
    if len(text) != 64 or any(c not in "0123456789abcdef" for c in text):
        return None
    return bytes.fromhex(text)


def _effects(event: dict[str, Any]) -> list[dict[str, Any]]:
    effects = event.get("effects")
    return [e for e in effects if isinstance(e, dict)] if isinstance(effects, list) else []


class _Walk:
    def __init__(self, seed: bytes, opening: Any) -> None:
        self.seed = seed
        self.opening: dict[str, list[str]] = opening if isinstance(opening, dict) else {}
        self.piles: dict[str, _Pile] = {}
        for label, cards in self.opening.items():
            deck, _, shuffles = label.rpartition(":")
            if deck and shuffles.isdigit():
                self.piles[deck] = _Pile(list(cards), int(shuffles))
        self.orders: dict[tuple[str, int], list[str]] = {}

    def order(self, label: str, cards: list[str]) -> list[str]:
        key = (label, len(cards))
        if key not in self.orders:
            self.orders[key] = chance.shuffled(self.seed, label, cards)
        return self.orders[key]

    def event(self, event: dict[str, Any]) -> str:
        kind = event.get("kind")
        if kind == "DisputeResolved":
            restored = event.get("restored_state")
            piles = restored.get("piles") if isinstance(restored, dict) else None
            if isinstance(piles, dict):
                for deck, pile in piles.items():
                    if isinstance(pile, dict):
                        self.piles[deck] = _Pile(list(pile.get("base", [])), int(pile.get("shuffles", 0)),
                                                 int(pile.get("taken", 0)))
                        self.orders = {}
            return ""
        if kind != "CommandAccepted":
            return ""
        drawn: dict[str, list[str]] = {}
        for effect in _effects(event):
            problem = self.effect(effect, drawn)
            if problem:
                return problem
        left = {deck: cards for deck, cards in drawn.items() if cards}
        if left:
            deck = sorted(left)[0]
            return f"{len(left[deck])} card(s) drawn from the {deck} pile are not shown where they went"
        return ""

    def effect(self, effect: dict[str, Any], drawn: dict[str, list[str]]) -> str:
        t = effect.get("type")
        if t == "DieCast":
            number, value = effect.get("number"), effect.get("value")
            if not isinstance(number, int) or value != chance.die(self.seed, number):
                return f"die {number!r} shows {value!r}, the seed gives another value"
        elif t == "PileShuffled":
            deck, cards = str(effect.get("deck")), effect.get("cards")
            pile = self.piles.get(deck)
            if pile is None or effect.get("shuffle") != pile.shuffles + 1 or pile.taken < len(pile.base):
                return f"the {deck} pile was shuffled out of turn"
            if not isinstance(cards, list) or cards != sorted(cards):
                return f"the {deck} pile's discards are not listed in id order"
            self.piles[deck] = _Pile(list(cards), pile.shuffles + 1)
        elif t == "PileDrawn":
            deck, count = str(effect.get("deck")), effect.get("count")
            pile = self.piles.get(deck)
            if pile is None or not isinstance(count, int) or count < 1 or pile.taken + count > len(pile.base):
                return f"{count!r} card(s) drawn from the {deck} pile, which does not hold them"
            order = self.order(f"{deck}:{pile.shuffles}", pile.base)
            drawn.setdefault(deck, []).extend(order[pile.taken:pile.taken + count])
            pile.taken += count
        elif t in DRAWN_BY or (t == "CardsDrawn" and effect.get("hidden") is True):
            deck = DRAWN_BY.get(str(t)) or str(effect.get("deck"))
            shown = [effect.get("card")] if t == "DoorKicked" else effect.get("cards")
            if not isinstance(shown, list):
                return f"{t} names no cards"
            queue = drawn.get(deck, [])
            if shown != queue[:len(shown)]:
                return (f"{t} shows {shown!r}, the seed's {deck} pile gives "
                        f"{queue[:len(shown)]!r}")
            drawn[deck] = queue[len(shown):]
        elif t == "CardsCreated" and effect.get("source") in ("stack", "xxl"):
            source, positions, cards = str(effect.get("source")), effect.get("positions"), effect.get("cards")
            if positions is None:
                return ""
            order = self.order(source, self.opening.get(source, []))
            if not isinstance(positions, list) or not isinstance(cards, list) or len(positions) != len(cards):
                return "CardsCreated: positions and cards do not match"
            for position, card in zip(positions, cards):
                named = card[1] if isinstance(card, list) and len(card) == 2 else None
                if not isinstance(position, int) or not 0 <= position < len(order) or order[position] != named:
                    return f"position {position!r} of the {source} holds another card than {named!r}"
        return ""
