"""Cards by printed name: matching, "did you mean" and the catalogue listing.

A player names a card by its id (``topfpflanze``) or by its printed name
(``Topfpflanze``, ``Möchtegern-Vampir``, ``moechtegern vampir``): case,
umlauts (ä = ae = a), ß (= ss) and punctuation do not matter. A name that is
neither gets the closest ids (difflib) in its Malformed message.

>>> key("Möchtegern-Vampir") == key("moechtegern vampir")
True
>>> key("Möchtegern-Vampir") == key("mochtegern_vampir")
False
>>> keys("Möchtegern-Vampir")
('moechtegernvampir', 'mochtegernvampir')
"""

from __future__ import annotations

import dataclasses
import difflib
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any, Protocol, TypeVar

from judge.common.i18n import N_, Said, said

_UMLAUTS = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"}

# The action fields (any family of the Munchkin schema) that name cards: a
# string, a list of strings, or a nested message holding such fields.
CARD_FIELDS = frozenset({"card", "with_card", "item", "cards", "items", "discard", "to_backpack",
                         "add_to_hand", "discard_from_table"})
NESTED_FIELDS = frozenset({"gifts", "bribe"})


class Named(Protocol):
    """What a catalogue entry needs for matching: an id and a printed name."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


def _plain(text: str, umlaut: str) -> str:
    out = []
    for ch in text.casefold():
        if ch in _UMLAUTS:
            out.append(_UMLAUTS[ch] if umlaut == "e" or ch == "ß" else _UMLAUTS[ch][0])
            continue
        for c in unicodedata.normalize("NFKD", ch):
            if c.isalnum():
                out.append(c)
    return "".join(out)


def key(text: str) -> str:
    """The matching key of a name or id: lower case, umlauts spelt out, only letters and digits."""
    return _plain(text, "e")


def keys(text: str) -> tuple[str, ...]:
    """Every key a name matches under: umlauts spelt out (ae) and dropped (a)."""
    spelt, dropped = _plain(text, "e"), _plain(text, "")
    return (spelt,) if spelt == dropped else (spelt, dropped)


def resolve(cards: Mapping[str, Named], text: str) -> str | None:
    """The id of the card ``text`` names (its id, or its id or printed name
    written another way); None if it names no card or several."""
    if text in cards:
        return text
    wanted = set(keys(text))
    found = {cid for cid, c in cards.items() if wanted & (set(keys(c.name)) | set(keys(cid)))}
    return found.pop() if len(found) == 1 else None


def suggestions(cards: Mapping[str, Named], text: str, n: int = 3) -> list[str]:
    """The ids of the cards whose id or printed name is closest to ``text``."""
    by_key: dict[str, str] = {}
    for cid, c in cards.items():
        for k in (*keys(cid), *keys(c.name)):
            by_key.setdefault(k, cid)
    out: list[str] = []
    for k in difflib.get_close_matches(key(text), list(by_key), n=n * 2, cutoff=0.6):
        if by_key[k] not in out:
            out.append(by_key[k])
    return out[:n]


def unknown_card_message(cards: Mapping[str, Named], text: str) -> Said:
    """The Malformed message for a card that is not in the game, with a "did you mean"."""
    near = suggestions(cards, text)
    if near:
        return said(N_("unknown card '{card}'; did you mean {near}?"), card=text, near=", ".join(near))
    return said(N_("unknown card '{card}'; list the cards with `judge cards`"), card=text)


A = TypeVar("A")


def with_card_ids(action: A, cards: Mapping[str, Named]) -> A:
    """``action`` with every card it names by printed name replaced by the card's id.
    A value that names no card (or several) is kept as it is, for the rules to refuse."""
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return action
    changes: dict[str, Any] = {}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if f.name in CARD_FIELDS:
            new = _ids(value, cards)
        elif f.name in NESTED_FIELDS:
            new = tuple(with_card_ids(v, cards) for v in value) if isinstance(value, tuple) \
                else with_card_ids(value, cards)
        else:
            continue
        if new != value:
            changes[f.name] = new
    return dataclasses.replace(action, **changes) if changes else action  # type: ignore[type-var]


def _ids(value: Any, cards: Mapping[str, Named]) -> Any:
    if isinstance(value, str):
        return (resolve(cards, value) or value) if value and value not in cards else value
    if isinstance(value, tuple) and all(isinstance(v, str) for v in value):
        return tuple(_ids(v, cards) for v in value)
    return value


def matches(card: Any, search: str) -> bool:
    """Whether ``search`` occurs in the card's id, printed name or text (keys compared)."""
    if not search:
        return True
    wanted = keys(search)
    hay = [k for field in (card.id, card.name, getattr(card, "text", "")) for k in keys(field)]
    return any(w in h for w in wanted for h in hay)


def listing(cards: Iterable[Any], search: str = "", kind: str = "", set_: str = "") -> list[Any]:
    """The cards matching the filters, sorted by printed name (keys) then id."""
    chosen = [c for c in cards
              if (not kind or c.kind == kind) and (not set_ or getattr(c, "set", "") == set_)
              and matches(c, search)]
    return sorted(chosen, key=lambda c: (key(c.name), c.id))
