"""The definition form of a Munchkin-family card that turns up unknown (``judge submit`` asks it on a
terminal; docs/cards.md): its kind, then the printed numbers of that kind, then its printed text, which
the table applies by an agreed adjustment where the schema has no field for it."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from judge.common.i18n import N_
from judge_client.families import Question

DECKS = {"monster": "door", "curse": "door", "race": "door", "class": "door", "monster_enhancer": "door",
         "item": "treasure", "one_shot": "treasure", "level_up": "treasure"}
"""The kinds the form offers, with the deck each is printed in."""
KINDS = tuple(DECKS)

_NUMBERS: dict[str, tuple[Question, ...]] = {
    "monster": (Question("level", N_("its printed level"), int, 1),
                Question("treasures", N_("treasures it gives"), int, 1),
                Question("levels", N_("levels it gives"), int, 1),
                Question("bad_stuff.lose_levels", N_("levels lost as its bad stuff (0: none or other)"), int, 0)),
    "curse": (Question("curse.lose_levels", N_("levels it takes (0: none or other)"), int, 0),),
    "item": (Question("bonus", N_("its bonus"), int, 0), Question("value", N_("its value in gold pieces"), int, 0),
             Question("slot", N_("its slot: headgear, armor, footgear, 1hand, 2hands or none"), str, "")),
    "one_shot": (Question("bonus", N_("its bonus"), int, 0),
                 Question("value", N_("its value in gold pieces"), int, 0)),
    "level_up": (Question("level_gain", N_("levels it gives"), int, 1),),
    "monster_enhancer": (Question("bonus", N_("its bonus to the monster"), int, 0),
                         Question("extra_treasures", N_("treasures it adds"), int, 0)),
}
TEXT = Question("text", N_("its printed text (what the judge does not know the table applies by agreement)"), str, "")


def questions(kind: str) -> tuple[Question, ...]:
    """The printed numbers asked for a card of ``kind``, then its text."""
    return (*_NUMBERS.get(kind, ()), TEXT)


def definition(name: str, kind: str, answers: dict[str, Any]) -> dict[str, Any]:
    """The card's definition in the catalogue's schema from the form's answers (a 0 or an empty answer
    leaves its field out).

    >>> definition("Glibber-Golem", "monster", {"level": 4, "treasures": 2, "levels": 1,
    ...            "bad_stuff.lose_levels": 2, "text": ""})["bad_stuff"]
    {'lose_levels': 2}
    >>> definition("Knallbonbon für Anfänger", "one_shot", {"bonus": 3, "value": 0, "text": ""})["id"]
    'knallbonbon-fuer-anfaenger'
    """
    card: dict[str, Any] = {"id": card_id(name), "name": name, "deck": DECKS.get(kind, "door"), "kind": kind}
    for path, value in answers.items():
        if value in (0, "", None):
            continue
        head, _, rest = path.partition(".")
        if rest:
            card.setdefault(head, {})[rest] = value
        else:
            card[head] = value
    if kind == "monster":
        card.setdefault("bad_stuff", {})
    return card


def card_id(name: str) -> str:
    """An id for a printed name: lower case, umlauts spelt out, words joined by "-"."""
    text = name.casefold().replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")[:64] or "karte"
