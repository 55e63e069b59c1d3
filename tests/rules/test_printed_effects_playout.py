"""Random playouts with a group's cards printing the effects of docs/cards.md (a doubling enhancer enhancer, a
monster that does not attack its kicker, bad stuff for every other player, a curse for one turn, a room's
modifier for its player), several copies each in a dealt deck: every action listed as legal is accepted by
``decide``, folding the effects rebuilds the state, no hidden card leaks (tests/rules/test_random_playout.py's
checks, game by game)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from judge import rulesets
from judge.common.errors import InvalidArgument
from tests.rules import test_random_playout as playouts
from tests.rules.test_001_printed_effects import DOPPELT, SCHEU, SCHWAECHE, SPAM

pytestmark = pytest.mark.slow

ROOM = {"id": "t-trainingsraum", "name": "Trainingsraum", "deck": "door", "kind": "room", "set": "t",
        "player_bonus": 2, "no_looting": True}
CARDS = tuple({**card, "copies": 4} for card in (DOPPELT, {**SCHEU, "will_not_attack_max_level": 4}, SPAM,
                                                SCHWAECHE))


@pytest.mark.parametrize(("name", "variants"), [("munchkin", ()), ("munchkin", ("two-players",)),
                                               ("munchkin", ("epic-kick",)), ("star", ())])
def test_playouts_with_the_printed_effects(name: str, variants: tuple[str, ...],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    cards: tuple[dict[str, Any], ...] = CARDS + (({**ROOM, "copies": 4},) if name == "star" else ())
    monkeypatch.setattr(playouts, "_group_cards", lambda _name: cards)
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
    # The games got to the printed effects: the monster that does not attack, bad stuff for every other player,
    # the curse for one turn ending.
    assert seen["MonsterDoesNotAttack"] and seen["BadStuffHitsOthers"] and seen["LastingCurseEnded"]
