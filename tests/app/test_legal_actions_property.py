"""LegalActions is exactly what the judge accepts: every action it lists is
accepted by Submit (one is submitted at every step), and every action the
judge rejects is absent from the list. Over random games, with a real SQLite
file, for the seats the game waits for (and now and then another seat). And
a seat the game waits for always has a legal action, in every family and
variant.

The player (tests/bot.py) favours the seat the view names in ``waiting_for``
and the actions that move the game forward, so the games get into combats,
wins and run-away rolls; counters across the run assert that they did."""

from __future__ import annotations

import dataclasses
import random
import tempfile
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from judge import rulesets
from judge.app import JudgeApp
from judge.common.errors import InvalidArgument
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


def _way_on_cases() -> list[tuple[str, tuple[str, ...], str]]:
    """Every family with no variant and with each of its variants alone (the Mixer with its default sets);
    test_random_playout plays every combination through the rules."""
    from tests.rules.test_random_playout import _presets

    mixed = {name for name, _ in _presets()}
    out: list[tuple[str, tuple[str, ...], str]] = []
    for name in rulesets.names():
        variants = tuple(getattr(rulesets.get(name), "variants", ()))
        out += [(name, combo, "") for combo in [(), *((v,) for v in variants)]]
    return [case for case in out if case[0] not in mixed or not case[2]]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "variants", "preset"), _way_on_cases(),
                         ids=lambda v: "+".join(v) or "no-variants" if isinstance(v, tuple) else str(v) or "defaults")
def test_an_awaited_seat_always_has_a_legal_action(name: str, variants: tuple[str, ...], preset: str) -> None:
    """No game, of any family or variant, reaches a state where the judge waits for a seat (the view's
    ``waiting_for``) that LegalActions offers nothing; where the view names no seat, a deadline pends (the
    interference window) or the player whose turn it is has an action. Served by the app over a real SQLite
    file, in short random games."""
    from tests.rules.test_random_playout import _setup

    rules = rulesets.get(name)
    seen: Counter[str] = Counter()

    @seed(SEED)
    @settings(max_examples=2, deadline=None, database=None,
              phases=(Phase.explicit, Phase.generate), suppress_health_check=[HealthCheck.too_slow])
    @given(play=st.integers(0, 2**32), n=st.integers(rules.min_seats, min(rules.max_seats, 4)))
    def run(play: int, n: int) -> None:
        rng = random.Random(play)
        reported = "reported" in rules.modes
        setup = _setup(rules, name, variants, n, 0, None if reported else b"\0" * 32, preset)
        if not reported:  # the app draws the dealt table's seed itself
            setup = dataclasses.replace(setup, options={k: v for k, v in setup.options.items()
                                                        if k != "seed_sha256"})
        try:
            rules.validate_setup(setup)
        except InvalidArgument:
            return  # a table size the variant does not allow (two players: four characters)
        with tempfile.TemporaryDirectory() as tmp:
            clock = ManualClock()
            app = JudgeApp(JudgeApp.sqlite(Path(tmp) / "judge.db"), clock=clock)
            try:
                game = app.create_game(setup)
                viewers = [seat(app, game, i) for i in range(n)]
                for step in range(40):
                    clock.advance(rng.choice([0, 0, 5000]))
                    view = app.view(game.game_id, viewers[0])
                    if view.get("status") == "GAME_STATUS_FINISHED":
                        break
                    named = sorted(awaited(view))
                    listed_by = {who: app.legal_actions(game.game_id, who, viewers[who])[0] for who in named}
                    for who, listed in listed_by.items():
                        assert listed, (name, variants, who, view.get("waiting_for"))
                        seen["awaited seats with an action"] += 1
                    state: Any = app.repository.get(uuid.UUID(game.game_id)).state
                    who = rng.choice(named) if named else getattr(state, "active", 0)
                    listed, version = app.legal_actions(game.game_id, who, viewers[who])
                    if not named and rules.pending_deadline_ms(state) is None:
                        assert listed, (name, variants, who, view.get("waiting_for"))
                    if not listed:
                        continue
                    listed = sorted(listed, key=lambda a: canonical_json(a.to_dict()))
                    cards = rules.cards_of(state) if hasattr(rules, "cards_of") else None
                    chosen = choose(rng, listed, who, cards)
                    app.submit(game.game_id, f"c{step}", Command(who, chosen), version, viewers[who])
                    seen["steps"] += 1
            finally:
                app.close()

    run()
    assert seen["steps"] > 0, (name, variants, dict(seen))
