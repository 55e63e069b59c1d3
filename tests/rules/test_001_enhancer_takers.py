"""Monster enhancers on a card in front of its owner (001 timing table: "Monsterverstärker: Während einer
Kampfphase auf ein Monster, oder jederzeit auf einen Mönch, einen epischen Werwolf, einen Mietling, Mook oder ein
Ross."), as card data: ``takes_monster_enhancers`` (docs/cards.md), judged in a combined game (001 "MUNCHKIN IM
MIXER"), where such an enhancer counts as on a Mook ("Eine Verstärker-Karte mit +5 gibt dem Mook eine +1 in jedem
Kampf, ein +10-Verstärker +2. Negative -5-Verstärker zählen immer -1, und auch nur wenn der Mook bereits einen
positiven Verstärker auf sich liegen hat.")."""

from __future__ import annotations

from typing import Any

import pytest

from judge.cards.schema import CardError, parse_card
from judge.rules.ruling import RULES
from tests.rules.harness import A, Table

MOENCH: dict[str, Any] = {"id": "t-moench", "name": "Mönch", "deck": "door", "kind": "class", "set": "t",
                          "takes_monster_enhancers": True,
                          "text": "Du darfst jederzeit Monsterverstärker auf dich spielen."}
ROSS: dict[str, Any] = {"id": "t-ross", "name": "Schlachtross", "deck": "treasure", "kind": "item", "set": "t",
                        "bonus": 1, "value": 100, "takes_monster_enhancers": True, "text": "Ein Ross. +1."}


def mixer(*custom: dict[str, Any]) -> Table:
    return Table(3, ruleset="mixer", window_ms=0, custom=custom, options={"sets": "munchkin,babys,star"})


def test_timing_table_enhancers_on_a_moench_at_any_time_count_as_on_a_mook() -> None:
    """Uralt (+10) gives +2 and Wütend (+5) +1, played outside a combat on the Mönch; Baby (-5) counts -1, and
    only once a positive enhancer lies there. A level 1 Mönch fights with 1 + 2 + 1 - 1."""
    t = mixer(MOENCH)
    t.give(0, "t-moench", "uralt", "wuetend", "baby")
    t.do(0, A.PlayCard(card="t-moench"))
    t.rejects("mixer.mook.negative-needs-positive", 0, A.PlayCard(card="baby", with_card="t-moench"))
    assert any(a.kind == "play_card" and a.card == "uralt" and a.with_card == "t-moench" for a in t.legal(0))
    effects = t.do(0, A.PlayCard(card="uralt", with_card="t-moench"))
    placed = next(e for e in effects if e["type"] == "CardPlacedOnFollower")
    assert (placed["follower"], placed["rule"]) == ("t-moench", "munchkin.enhancer.on-a-card-in-front")
    t.do(0, A.PlayCard(card="wuetend", with_card="t-moench"))
    t.do(0, A.PlayCard(card="baby", with_card="t-moench"))
    t.do(0, A.KickDoor(card="lahmer-goblin"))
    assert t.strengths() == (1 + 2 + 1 - 1, 1)


def test_enhancers_on_a_ross_go_when_the_ross_goes() -> None:
    """On a steed (an item) in use the same; when it leaves play, what lay on it is discarded."""
    t = mixer(ROSS)
    t.equip(0, "t-ross")
    t.give(0, "uralt")
    t.do(0, A.PlayCard(card="uralt", with_card="t-ross"))
    t.do(0, A.KickDoor(card="lahmer-goblin"))
    assert t.strengths() == (1 + 1 + 2, 1)
    t.do(0, A.ClaimVictory())
    t.do(0, A.DiscardCard(card="t-ross", from_table=True))
    assert "uralt" in t.state.discards["door"]


def test_a_card_that_takes_none_is_refused() -> None:
    """A class without the field takes none: the play names no card that takes enhancers."""
    t = mixer()
    t.state.players[0].classes.append("krieger")
    t.give(0, "uralt")
    t.malformed("play_card.with_card", 0, A.PlayCard(card="uralt", with_card="krieger"))


def test_takes_monster_enhancers_is_checked_like_every_field() -> None:
    with pytest.raises(CardError) as info:
        parse_card({**MOENCH, "kind": "curse", "curse": {}}, "custom_cards[0]")
    assert info.value.field == "takes_monster_enhancers"
    with pytest.raises(CardError) as info:
        parse_card({**MOENCH, "takes_monster_enhancers": "ja"}, "custom_cards[0]")
    assert info.value.field == "takes_monster_enhancers"


def test_the_rule_is_cited() -> None:
    rule = RULES["munchkin.enhancer.on-a-card-in-front"]
    assert rule.citation.quote and rule.de and rule.en
