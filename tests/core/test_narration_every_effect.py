"""Every effect of every ruleset is told to people (issue "At the table", section 2): each effect type a
ruleset evolves has a sentence (a teller of its family's narration or a sentence of its tables,
judge/rules/narration.py) unless it is bookkeeping nobody needs told, in English and German, with names
and never an internal event name."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.rules import registry
from judge.rules.definitions import CARD_EFFECTS
from judge.rules.narration import Sentence, fields, render
from judge.rulesets import current
from judge.rulesets.babys.narration import SENTENCES as BABYS
from judge.rulesets.mixer.narration import SENTENCES as MIXER
from judge.rulesets.monkic import narration as monkic
from judge.rulesets.monkic.evolve import _APPLY as MONKIC_EFFECTS
from judge.rulesets.munchkin import narration as munchkin
from judge.rulesets.munchkin import sentences
from judge.rulesets.star.narration import SENTENCES as STAR

INTERNAL = re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z]*\b")  # CamelCase: an effect type such as DoorKicked
SEATS = ["Anna", "Ben", "Cem"]
CARDS = {"topfpflanze": "Topfpflanze", "kettensaege": "Kettensäge der blutigen Zerstückelung"}


def _effect_types() -> list[tuple[str, str]]:
    return sorted({(r.name, t) for r in current() for t in (getattr(r, "effect_handlers", None) or MONKIC_EFFECTS)})


def _told_by(name: str, effect_type: str) -> bool:
    """Whether the narration of ruleset ``name`` has a sentence for ``effect_type`` or keeps silent on it."""
    ruleset: Any = registry.get(name)
    if effect_type in CARD_EFFECTS:
        return True  # every family's, told by the shared narration (judge/rules/narration.py, tell_card_effect)
    if ruleset.family == "monkic":
        return effect_type in set(monkic.TELLERS) | set(monkic.SENTENCES) | monkic.SILENT
    return effect_type in set(munchkin.TELLERS) | sentences.SILENT or ruleset.sentence(effect_type) is not None


def test_every_effect_type_of_every_ruleset_has_a_sentence_or_is_bookkeeping() -> None:
    untold = [(name, t) for name, t in _effect_types() if not _told_by(name, t)]
    assert untold == []


def _value(name: str, when: str, kinds: Any) -> st.SearchStrategy[Any]:
    if name in kinds.seats:
        return st.integers(0, 2)
    if name in kinds.seat_lists:
        return st.lists(st.integers(0, 2), min_size=1, max_size=3)
    if name in kinds.card_lists:
        return st.lists(st.sampled_from([*CARDS, ""]), max_size=3)
    if name in kinds.cards:
        return st.sampled_from([*CARDS, ""])
    if name == when:
        return st.booleans()
    return st.integers(0, 9)


def _tables() -> list[tuple[str, str, tuple[Sentence, ...]]]:
    """Each table sentence with the ruleset that tells it: the family's, each set layer's own, monkic's."""
    out = [("munchkin", kind, (s,)) for kind, s in sentences.SENTENCES.items()]
    for name, table in (("babys", BABYS), ("star", STAR), ("mixer", MIXER)):
        out += [(name, kind, (s,)) for kind, s in table.items()]
    return out + [("monkic", kind, s) for kind, s in monkic.SENTENCES.items()]


def test_a_set_layers_sentences_are_its_own_and_a_mixed_game_finds_every_sets() -> None:
    """A layer declares only its own effects' sentences; the Mixer's combined class finds the family's, each
    combined set's and its own."""
    assert not set(STAR) & set(sentences.SENTENCES) and not set(BABYS) & set(sentences.SENTENCES)
    mixer: Any = registry.get("mixer")
    for kind in (*STAR, *BABYS, *MIXER, *sentences.SENTENCES):
        assert mixer.sentence(kind) is not None, kind
    base: Any = registry.get("munchkin")
    assert base.sentence("HirelingSacrificed") is None and base.sentence("TradeProposed") is not None


@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_the_tables_sentences_read_in_english_and_german_with_names(data: st.DataObject) -> None:
    for name, kind, table in _tables():
        ruleset: Any = registry.get(name)
        kinds = monkic.FIELDS if name == "monkic" else munchkin.FIELDS
        for sentence in table:
            effect: dict[str, Any] = {"type": kind}
            for msgid in sentence.messages:
                for field in fields(msgid):
                    effect.setdefault(field, data.draw(_value(field, sentence.when, kinds), label=f"{kind}.{field}"))
            if sentence.when:
                effect[sentence.when] = data.draw(st.booleans(), label=f"{kind}.{sentence.when}")
            told = {lang: "; ".join(render(t, lang, SEATS, CARDS) for t in ruleset.tell_effects([effect], {}))
                    for lang in ("en", "de")}
            for line in told.values():
                assert line and not INTERNAL.search(line) and "{" not in line, (kind, line)
            assert told["en"] != told["de"], (kind, told)


def test_a_stolen_item_is_told_with_both_names_in_german() -> None:
    """A sentence from the tables: the thief's and victim's names and the card's printed name."""
    effect = {"type": "StealAttempted", "seat": 0, "victim": 1, "card": "kettensaege", "die": 5, "success": True}
    munchkin_rules: Any = registry.get("munchkin")
    [told] = munchkin_rules.tell_effects([effect], {})
    assert render(told, "de", SEATS, CARDS) == "Anna stiehlt Ben Kettensäge der blutigen Zerstückelung"
    assert render(told, "en", SEATS, CARDS) == "Anna steals Kettensäge der blutigen Zerstückelung from Ben"
