"""Random playouts with a group's cards printing curse immunity, a class that may not be discarded with the
Göttliche Intervention that frees it, a card kept through death, a headquarters and an insanity (docs/cards.md), several copies each in a
dealt deck: every action listed as legal is accepted by ``decide``, folding the effects rebuilds the state, no
hidden card leaks (tests/rules/test_random_playout.py's checks, game by game)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from judge import rulesets
from judge.common.errors import InvalidArgument
from tests.rules import test_random_playout as playouts
from tests.rules.test_001_enhancer_takers import MOENCH, ROSS
from tests.rules.test_001_kept_effects import AMULETT, FEENSTAUB, HEILIGER, HQ, INTERVENTION, KULTIST, TOD, WAHN

pytestmark = pytest.mark.slow

CARDS: tuple[dict[str, Any], ...] = tuple({**card, "copies": 4}
                                          for card in (AMULETT, FEENSTAUB, HEILIGER, HQ, INTERVENTION, KULTIST, TOD,
                                                       WAHN))


@pytest.mark.parametrize(("name", "variants"), [("munchkin", ()), ("munchkin", ("two-players",))])
def test_playouts_with_the_kept_effects(name: str, variants: tuple[str, ...],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(playouts, "_group_cards", lambda _name: CARDS)
    rules = rulesets.get(name)
    seen: Counter[str] = Counter()

    @settings(max_examples=6, derandomize=True, deadline=None, database=None,
              phases=(Phase.explicit, Phase.generate),
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                     HealthCheck.filter_too_much, HealthCheck.large_base_example])
    @given(seed=st.binary(min_size=32, max_size=32), play=st.integers(0, 2**32))
    def playout(seed: bytes, play: int) -> None:
        try:
            playouts.play_one(rules, name, variants, "", 4 if variants else 3, 0, True, seed, play, seen)
        except InvalidArgument:
            assume(False)

    playout()
    # The games got to the effects: a curse passing an immune character by, a Kultist freed, a card kept in death.
    assert seen["CurseIgnored"] and seen["ClassFreed"] and seen["CardsKeptAtDeath"], seen


def test_playouts_with_enhancers_on_cards_in_front_in_a_combined_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Mönch and the Ross taking monster enhancers at any time (001 timing table), with the cards above."""
    cards = CARDS + tuple({**card, "copies": 4} for card in (MOENCH, ROSS))
    monkeypatch.setattr(playouts, "_group_cards", lambda _name: cards)
    rules = rulesets.get("mixer")
    seen: Counter[str] = Counter()

    @settings(max_examples=6, derandomize=True, deadline=None, database=None,
              phases=(Phase.explicit, Phase.generate),
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                     HealthCheck.filter_too_much, HealthCheck.large_base_example])
    @given(seed=st.binary(min_size=32, max_size=32), play=st.integers(0, 2**32))
    def playout(seed: bytes, play: int) -> None:
        try:
            playouts.play_one(rules, "mixer", (), "sets=munchkin,babys,star", 3, 0, True, seed, play, seen)
        except InvalidArgument:
            assume(False)

    playout()
    assert seen["CardPlacedOnFollower"], seen
