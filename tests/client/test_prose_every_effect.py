"""Every effect of every ruleset is told to people (issue "At the table", section 2): each effect type a
ruleset evolves has a sentence (``Narrator``'s own or judge_client/prose_more.py's) unless it is
bookkeeping nobody needs told, in English and German, with names and never an internal event name."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.rulesets import current
from judge.rulesets.monkic.evolve import _APPLY as MONKIC_EFFECTS
from judge_client import prose_more
from judge_client.prose import SILENT, Narrator

INTERNAL = re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z]*\b")  # CamelCase: an effect type such as DoorKicked
SEATS = ["Anna", "Ben", "Cem"]
CARDS = {"topfpflanze": "Topfpflanze", "kettensaege": "Kettensäge der blutigen Zerstückelung"}


def _effect_types() -> list[tuple[str, str]]:
    return sorted({(r.name, t) for r in current() for t in (getattr(r, "effect_handlers", None) or MONKIC_EFFECTS)})


def test_every_effect_type_of_every_ruleset_has_a_sentence_or_is_bookkeeping() -> None:
    tables = {**prose_more.MIXER, **prose_more.MONKIC, **prose_more.MUNCHKIN}
    untold = [(name, t) for name, t in _effect_types()
              if t not in Narrator.TELLERS and t not in SILENT and t not in tables]
    assert untold == []


def _value(name: str, when: str) -> st.SearchStrategy[Any]:
    if name in prose_more.SEAT_FIELDS:
        return st.integers(0, 2)
    if name in prose_more.SEATS_FIELDS:
        return st.lists(st.integers(0, 2), min_size=1, max_size=3)
    if name in prose_more.CARDS_FIELDS:
        return st.lists(st.sampled_from([*CARDS, ""]), max_size=3)
    if name in prose_more.CARD_FIELDS:
        return st.sampled_from([*CARDS, ""])
    if name == when:
        return st.booleans()
    return st.integers(0, 9)


@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_the_tables_sentences_read_in_english_and_german_with_names(data: st.DataObject) -> None:
    for table in (prose_more.MUNCHKIN, prose_more.MONKIC, prose_more.MIXER):
        for kind, (when, ids) in table.items():
            effect: dict[str, Any] = {"type": kind}
            for msgid in ids:
                for field in prose_more.fields(msgid):
                    effect.setdefault(field, data.draw(_value(field, when), label=f"{kind}.{field}"))
            if when:
                effect[when] = data.draw(st.booleans(), label=f"{kind}.{when}")
            told = {lang: Narrator(lang, SEATS, CARDS).effect(effect) for lang in ("en", "de")}
            for line in told.values():
                assert line and not INTERNAL.search(line) and "{" not in line, (kind, line)
            assert told["en"] != told["de"], (kind, told)


def test_a_stolen_item_is_told_with_both_names_in_german() -> None:
    """A sentence from the tables: the thief's and victim's names and the card's printed name."""
    effect = {"type": "StealAttempted", "seat": 0, "victim": 1, "card": "kettensaege", "die": 5, "success": True}
    assert Narrator("de", SEATS, CARDS).effect(effect) == "Anna stiehlt Ben Kettensäge der blutigen Zerstückelung"
    assert Narrator("en", SEATS, CARDS).effect(effect) == "Anna steals Kettensäge der blutigen Zerstückelung from Ben"
