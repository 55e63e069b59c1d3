"""LegalActions is exactly what the judge accepts: every action it lists is
accepted by Submit (one is submitted at every step), and every action the
judge rejects is absent from the list. Over random games, with a real SQLite
file, for the seats the game waits for (and now and then another seat).

The player (tests/bot.py) favours the seat the view names in ``waiting_for``
and the actions that move the game forward, so the games get into combats,
wins and run-away rolls; counters across the run assert that they did."""

from __future__ import annotations

import random
import tempfile
import uuid
from collections import Counter
from pathlib import Path

import pytest

from judge import rulesets
from judge.app import JudgeApp
from judge.rules import Command, Malformed
from judge.rules.engine import canonical_json
from tests.app.app_support import SETUP, ManualClock, seat
from tests.bot import awaited, choose

RULES = rulesets.get("munchkin")
RUNS = 10
SEED = 0
SAMPLE = 12  # listed actions asked, and candidates checked, at each step


@pytest.mark.slow
def test_listed_actions_are_accepted_and_rejected_ones_are_not_listed() -> None:
    seen: Counter[str] = Counter()

    # The games are drawn from a fixed seed, not by hypothesis: hypothesis draws its examples
    # differently depending on what else the process has imported, and the games played must be the
    # same whichever tests share the process (the counters below assert what they reached).
    def run(play: int, steps: int) -> None:
        rng = random.Random(play)
        kinds: set[str] = set()
        with tempfile.TemporaryDirectory() as tmp:
            clock = ManualClock()
            app = JudgeApp(JudgeApp.sqlite(Path(tmp) / "judge.db"), clock=clock)
            try:
                game = app.create_game(SETUP)
                viewers = [seat(app, game, i) for i in range(3)]
                for step in range(steps):
                    clock.advance(rng.choice([0, 0, 5000]))
                    waiting = sorted(awaited(app.view(game.game_id, viewers[0])))
                    who = rng.randrange(3) if rng.random() < 0.1 or not waiting else rng.choice(waiting)
                    seen["steps"] += 1
                    seen["for an awaited seat"] += who in waiting
                    seen["steps with a seat awaited"] += bool(waiting)
                    listed, version = app.legal_actions(game.game_id, who, viewers[who])
                    # In a fixed order: the rules may list from sets, whose order changes with the
                    # process's hash seed, and the games played must not.
                    listed = sorted(listed, key=lambda a: canonical_json(a.to_dict()))
                    keys = {canonical_json(a.to_dict()) for a in listed}
                    # Every listed action is allowed (a sample of them is asked, the chosen one
                    # submitted) ...
                    for action in rng.sample(listed, min(SAMPLE, len(listed))):
                        assert app.ask(game.game_id, Command(who, action), viewers[who]).allowed, action
                    # ... and every rejected candidate is absent from the list.
                    state = app.repository.get(uuid.UUID(game.game_id)).state
                    candidates = sorted(RULES.candidate_actions(state, who), key=lambda a: canonical_json(a.to_dict()))
                    for action in rng.sample(candidates, min(SAMPLE, len(candidates))):
                        try:
                            allowed = app.ask(game.game_id, Command(who, action), viewers[who]).allowed
                        except Malformed:
                            allowed = False
                        if not allowed:
                            assert canonical_json(action.to_dict()) not in keys, action
                    if not listed:
                        continue
                    chosen = choose(rng, listed, who, RULES.cards_of(state))
                    result = app.submit(game.game_id, f"c{step}", Command(who, chosen), version, viewers[who])
                    assert result.version == version + 1
                    seen[chosen.kind] += 1
                    kinds.add(chosen.kind)
            finally:
                app.close()
        seen.update(f"runs with {kind}" for kind in kinds)

    draw = random.Random(SEED)
    for _ in range(RUNS):
        run(draw.randrange(2**32), draw.randint(20, 40))
    print(f"LegalActions property: {dict(seen)}")
    # Where the game names the seats it waits for, the player mostly acts for one of them (a tenth
    # of the steps go to any seat on purpose); where it names none, no seat can be awaited.
    assert seen["for an awaited seat"] >= 0.8 * seen["steps with a seat awaited"], dict(seen)
    for kind in ("kick_door", "claim_victory", "give_up", "end_turn"):
        assert seen[kind] > 0, (kind, dict(seen))
    assert seen["runs with run_away"] >= RUNS // 2, dict(seen)
