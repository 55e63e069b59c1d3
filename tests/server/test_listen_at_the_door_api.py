"""The listen-at-the-door variant (000 SCHNELLERES SPIEL) over a real server: ListRulesets offers it for
every set of the Munchkin family and CreateGame accepts it, the first player holding the listened door."""

from __future__ import annotations

import pytest

from judge_client import JudgeClient

LISTEN = "listen-at-the-door"


@pytest.mark.parametrize("ruleset", ["munchkin", "babys", "star"])
def test_schnelleres_spiel_listen_is_offered_and_accepted_for_every_set(client: JudgeClient, ruleset: str) -> None:
    [info] = [r for r in client.list_rulesets().rulesets if r.name == ruleset]
    assert LISTEN in [v.name for v in info.variants]
    game = client.create_game(ruleset, ["Anna:female", "Ben:male", "Cem:male"], variants=[LISTEN],
                              interference_window_ms=0)
    assert list(game.view.variants) == [LISTEN]
    # "Zu Beginn deines Zuges ziehst du verdeckt eine Türkarte": 4 + 4 opening cards and the listened door.
    assert [s.hand_size for s in game.view.seats] == [9, 8, 8]
