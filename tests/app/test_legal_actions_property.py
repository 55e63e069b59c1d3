"""LegalActions is exactly what the judge accepts: every action it lists is
accepted by Submit (one is submitted at every step), and every action the
judge rejects is absent from the list. Over random games, with a real SQLite
file, for every seat in every situation the random play reaches."""

from __future__ import annotations

import tempfile
import uuid
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from judge import rulesets
from judge.app import JudgeApp
from judge.rules import Command, Malformed
from judge.rules.engine import canonical_json
from tests.app.app_support import SETUP, ManualClock, seat


RULES = rulesets.get("munchkin")


@settings(max_examples=8)
@given(data=st.data())
def test_listed_actions_are_accepted_and_rejected_ones_are_not_listed(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        clock = ManualClock()
        app = JudgeApp(JudgeApp.sqlite(Path(tmp) / "judge.db"), clock=clock)
        try:
            game = app.create_game(SETUP)
            viewers = [seat(app, game, i) for i in range(3)]
            for step in range(data.draw(st.integers(3, 20), label="steps")):
                clock.advance(data.draw(st.sampled_from([0, 5000]), label="clock"))
                who = data.draw(st.integers(0, 2), label="seat")
                listed, version = app.legal_actions(game.game_id, who, viewers[who])
                keys = {canonical_json(a.to_dict()) for a in listed}
                # Every listed action is allowed ...
                for action in listed:
                    assert app.ask(game.game_id, Command(who, action), viewers[who]).allowed, action
                # ... and every rejected candidate is absent from the list.
                state = app.repository.get(uuid.UUID(game.game_id)).state
                candidates = list(RULES._candidates_any(state, who))
                sample = data.draw(st.lists(st.sampled_from(candidates), max_size=30), label="candidates") \
                    if candidates else []
                for action in sample:
                    try:
                        allowed = app.ask(game.game_id, Command(who, action), viewers[who]).allowed
                    except Malformed:
                        allowed = False
                    if not allowed:
                        assert canonical_json(action.to_dict()) not in keys, action
                if not listed:
                    continue
                chosen = data.draw(st.sampled_from(listed), label="action")
                result = app.submit(game.game_id, f"c{step}", Command(who, chosen), version, viewers[who])
                assert result.version == version + 1
        finally:
            app.close()
