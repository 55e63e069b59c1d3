"""The events told once and kept (judge/app/told.py) read as the events told afresh: over random playouts
of every ruleset, reported and dealt, on SQLite, for every seat, the organizer and a spectator (hidden
cards redacted per seat), Replay and Watch catch-up tell each event as the unkept telling does (the game
before it folded from the store, then narrated), in English and German: on the first stream that tells
it, on the streams after it, from a version in the middle, and with the events passed untold between."""

from __future__ import annotations

import random
import tempfile
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge import rulesets
from judge.app import JudgeApp, narration
from judge.app.told import LazyFold, Telling, ToldCache
from judge.app.types import EventRecord
from judge.app.views import context_before, seat_names
from judge.domain.game import event_data, event_kind
from judge.rules import ORGANIZER, Command, GameSetup, Rejected, SeatSetup, Viewer
from judge.rules.engine import canonical_json
from tests.bot import awaited, choose
from tests.rules.monkic.harness import values as monkic_values

NAMES = ("munchkin", "babys", "star", "mixer", "monkic")
LANGUAGES = ("en", "de")


def unkept(app: JudgeApp, game_id: str, viewer: Viewer) -> list[dict[str, str]]:
    """Each stored event's summaries for ``viewer``, told afresh: the game before it loaded from the store."""
    game = app.store.current(game_id)
    told = []
    for e in app.store.events.get(game.id):
        version = e.originator_version
        before = app.store.game(game_id, version=version - 1) if version > 1 else None
        kind, data = event_kind(e), event_data(e)
        payload = app.views.shown(game, kind, data, viewer)
        seat = payload["seat"] if kind == "CommandAccepted" else None
        action = str(payload["action"].get("kind", "")) if kind == "CommandAccepted" else ""
        told.append(narration.summaries(game.ruleset, kind, payload, seat, action, seat_names(game),
                                        app.views.card_names_of(game_id), context_before(before), LANGUAGES))
    return told


def sent(record: EventRecord) -> dict[str, str]:
    """The record's summaries, its payload's kept JSON checked against the payload."""
    assert record.payload_json == canonical_json(record.payload)
    return record.summaries


def replayed(app: JudgeApp, game_id: str, viewer: Viewer, first: int = 1) -> list[dict[str, str]]:
    return [sent(e) for e, _ in app.views.replay_steps(game_id, viewer, first, folded=False, told=LANGUAGES)]


def watched(app: JudgeApp, game_id: str, viewer: Viewer, after: int = 0) -> list[dict[str, str]]:
    stop = threading.Event()
    stop.set()  # the catch-up only
    steps = app.watching.watch_steps(game_id, viewer, after, stop, folded=False, told=LANGUAGES)
    return [sent(e) for e, _, _ in steps if e is not None]


@pytest.mark.parametrize("mode", ("reported", "dealt"))
@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=2, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_kept_tellings_read_as_fresh_ones(name: str, mode: str, seed: int) -> None:
    rules = rulesets.get(name)
    rng = random.Random(seed)
    traits = {"sex": "female"} if name != "monkic" else {}
    custom = tuple(monkic_values()) if name == "monkic" else ()
    setup = GameSetup(name, (), tuple(SeatSetup(f"P{i}", traits) for i in range(rules.min_seats)), {},
                      mode, custom)
    cards = rules.catalogue() if hasattr(rules, "catalogue") else None
    viewers = [*(Viewer("seat", s) for s in range(rules.min_seats)), ORGANIZER, Viewer("spectator")]
    with tempfile.TemporaryDirectory() as tmp:
        app = JudgeApp(JudgeApp.sqlite(Path(tmp) / "judge.db"))
        try:
            game_id = app.create_game(setup).game_id
            for step in range(30):
                view = app.view(game_id, ORGANIZER)
                if view.get("status") == "GAME_STATUS_FINISHED":
                    break
                seat = rng.choice(awaited(view) or [int(view.get("active_seat", 0))])
                legal, _ = app.legal_actions(game_id, seat, ORGANIZER)
                if not legal:
                    break
                try:
                    app.submit(game_id, f"c{step}", Command(seat, choose(rng, legal, seat, cards)),
                               None, Viewer("seat", seat))
                except Rejected:
                    continue
            last = app.store.current(game_id).version
            middle = max(1, last // 2)
            for viewer in viewers:
                expected = unkept(app, game_id, viewer)
                # The events read untold first (a lean stream keeps their payloads' JSON, no telling).
                assert [e.summaries for e, _ in app.views.replay_steps(
                    game_id, viewer, folded=False, told=())] == [{}] * len(expected)
                # Part of the game told first (from the middle), then all of it: kept and untold events mixed.
                assert replayed(app, game_id, viewer, middle) == expected[middle - 1:]
                assert watched(app, game_id, viewer, middle) == expected[middle:]
                for _ in range(2):
                    assert replayed(app, game_id, viewer) == expected
                    assert watched(app, game_id, viewer) == expected
            # Every other event told before: the table is folded where one is not told yet.
            app.store.told_cache = ToldCache()
            for viewer in viewers:
                expected = unkept(app, game_id, viewer)
                for version in range(2, last + 1, 2):
                    assert [e.summaries for e, _ in app.views.replay_steps(
                        game_id, viewer, version, version, folded=False, told=LANGUAGES)] == [expected[version - 1]]
                assert replayed(app, game_id, viewer, middle) == expected[middle - 1:]
                assert watched(app, game_id, viewer) == expected
        finally:
            app.close()


def test_a_lazy_fold_folds_what_it_passed_and_loads_beyond_what_it_holds() -> None:
    """``LazyFold`` gives the game before an event alike whether it folded the events passed or loaded it."""

    class Event:
        def __init__(self, version: int) -> None:
            self.originator_version = version

        def mutate(self, game: list[int] | None) -> list[int]:
            return [*(game or []), self.originator_version]

    loads: list[int] = []

    def load(version: int) -> list[int]:
        loads.append(version)
        return list(range(1, version + 1))

    fold = LazyFold(load, 3)
    for v in range(4, 8):
        fold.skip(Event(v))
    assert fold.before(Event(8)) == [1, 2, 3, 4, 5, 6, 7] and loads == [7]
    fold.step(Event(8))
    for v in range(9, 9 + 300):
        fold.skip(Event(v))
    assert fold.before(Event(309)) == list(range(1, 309)) and loads == [7, 308]


def test_the_told_cache_is_bounded() -> None:
    kept = ToldCache(2)
    for i in range(5):
        kept.put(("g", i), Telling("x"))
    assert len(kept) == 2 and kept.get(("g", 0)) is None and kept.get(("g", 4)) is not None
    assert kept.get(None) is None
