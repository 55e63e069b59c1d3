"""Every answer that carries a view carries the view computed afresh from the
game's state: the views kept per version and viewer (judge/app/view_cache.py),
the direct copy in ``jsonable`` and the protobuf messages built by their
constructor (judge/server/messages.py) change no answer's content. Held over
random playouts of every ruleset, reported and dealt, for a seat, the
organizer and a spectator: Submit's and GetView's views, the Replay stream
(in the application that played the game, twice, and in a fresh one with
nothing kept) and the GameView messages sent."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from google.protobuf import json_format
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge import rulesets
from judge.app import JudgeApp
from judge.app.view_cache import ViewCache
from judge.rules import ORGANIZER, Command, GameSetup, Rejected, SeatSetup, Viewer
from judge.server import convert
from judge.v1 import judge_pb2 as pb
from tests.bot import awaited, choose
from tests.rules.monkic.harness import values as monkic_values

NAMES = ("munchkin", "babys", "star", "mixer", "monkic")


def fresh(app: JudgeApp, game_id: str, viewer: Viewer, version: int | None = None) -> dict[str, Any]:
    """The view computed from the game's state, without anything kept (the analysis kept per version
    for every viewer is let go first, so a kept one is compared with one computed for this viewer)."""
    app.store.analysis_cache.clear()
    return app.views.fresh_view(app.store.game(game_id, version=version), viewer)


def without_json(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` without its two JSON copies (``position_json``, ``state_json``)."""
    return {k: v for k, v in view.items() if k not in ("position_json", "state_json")}


def same_message(view: dict[str, Any]) -> None:
    """The GameView sent is the one ``ParseDict`` builds from the view."""
    assert convert.view_to_proto(view) == json_format.ParseDict(dict(view), pb.GameView())


@pytest.mark.parametrize("mode", ("reported", "dealt"))
@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=2, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_answers_carry_the_fresh_view(name: str, mode: str, seed: int) -> None:
    rules = rulesets.get(name)
    rng = random.Random(seed)
    traits = {"sex": "female"} if name != "monkic" else {}
    custom = tuple(monkic_values()) if name == "monkic" else ()
    setup = GameSetup(name, (), tuple(SeatSetup(f"P{i}", traits) for i in range(rules.min_seats)), {},
                      mode, custom)
    cards = rules.catalogue() if hasattr(rules, "catalogue") else None
    viewers = [Viewer("seat", 0), ORGANIZER, Viewer("spectator")]
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "judge.db"
        app = JudgeApp(JudgeApp.sqlite(db))
        try:
            game_id = app.create_game(setup).game_id
            accepted = 0
            for step in range(25):
                for viewer in viewers:
                    view = app.view(game_id, viewer)
                    assert view == fresh(app, game_id, viewer)
                    same_message(view)
                    # GetView's message, kept beside the view, is the fresh view's message.
                    for _ in range(2):
                        message = app.views.view_made(game_id, viewer, "message", convert.view_to_proto)
                        assert message == convert.view_to_proto(fresh(app, game_id, viewer))
                    # Without its JSON copies (a caller that reads neither): the fresh view without them,
                    # asked before and after the whole view of the version.
                    lean = without_json(fresh(app, game_id, viewer))
                    game = app.store.current(game_id)
                    assert app.views.view_of(game, viewer, json=False) == lean
                    message = app.views.view_made(game_id, viewer, "message", convert.view_to_proto, json=False)
                    assert message == convert.view_to_proto(lean)
                view = app.view(game_id, ORGANIZER)
                if view.get("status") == "GAME_STATUS_FINISHED":
                    break
                seat = rng.choice(awaited(view) or [int(view.get("active_seat", 0))])
                legal, _ = app.legal_actions(game_id, seat, ORGANIZER)
                if not legal:
                    break
                whole = step % 2 == 0  # every other Submit asks for its view without the JSON copies
                try:
                    result = app.submit(game_id, f"c{step}", Command(seat, choose(rng, legal, seat, cards)),
                                        None, Viewer("seat", seat), view_json=whole)
                except Rejected:
                    continue
                accepted += 1
                expected = fresh(app, game_id, Viewer("seat", seat))
                assert result.view == (expected if whole else without_json(expected))
                same_message(result.view)
            assert accepted > 0
            last = app.store.current(game_id).version
            for viewer in viewers:
                expected = [fresh(app, game_id, viewer, version) for version in range(1, last + 1)]
                for _ in range(2):  # built, then kept
                    assert [view for _, view in app.replay(game_id, viewer)] == expected
                for (_, view), (_, again) in zip(app.replay(game_id, viewer, 2),
                                                 app.replay(game_id, viewer, 2)):
                    assert view == again
            fresh_app = JudgeApp(JudgeApp.sqlite(db))
            try:
                for viewer in viewers:
                    replayed = [view for _, view in fresh_app.replay(game_id, viewer)]
                    assert replayed == [fresh(app, game_id, viewer, v) for v in range(1, last + 1)]
                    for view in replayed[-3:]:
                        same_message(view)
            finally:
                fresh_app.close()
        finally:
            app.close()


def test_a_kept_view_is_not_changed_by_its_reader() -> None:
    """A caller changing the view it got changes no later answer."""
    with tempfile.TemporaryDirectory() as tmp:
        app = JudgeApp(JudgeApp.sqlite(Path(tmp) / "judge.db"))
        try:
            rules = rulesets.get("munchkin")
            game_id = app.create_game(GameSetup("munchkin", (), tuple(
                SeatSetup(f"P{i}", {"sex": "male"}) for i in range(rules.min_seats)), {}, "reported")).game_id
            first = app.view(game_id, ORGANIZER)
            first["version"] = -1
            first.clear()
            assert app.view(game_id, ORGANIZER) == fresh(app, game_id, ORGANIZER)
        finally:
            app.close()


def test_what_is_made_of_a_kept_view_is_made_once_and_goes_with_the_view() -> None:
    cache = ViewCache(size=2)
    made: list[str] = []

    def make(view: dict[str, Any]) -> str:
        made.append(view["name"])
        return view["name"].upper()

    assert cache.made("a", "upper", make) is None  # no view kept under "a"
    cache.put("a", {"name": "anna"})
    assert [cache.made("a", "upper", make) for _ in range(3)] == ["ANNA"] * 3
    assert made == ["anna"]
    cache.put("a", {"name": "ben"})  # another view under the same key: made anew
    assert cache.made("a", "upper", make) == "BEN"
    cache.put("b", {"name": "cem"})
    cache.put("c", {"name": "dora"})  # "a" goes, and what was made of it with it
    assert cache.made("a", "upper", make) is None
    assert cache.made("b", "upper", make) == "CEM" and made == ["anna", "ben", "cem"]


@pytest.mark.parametrize("mode", ("reported", "dealt"))
def test_a_views_position_is_the_position_written_out_with_the_groups_cards(mode: str) -> None:
    """A view's ``position_json`` writes the group's own cards from the text kept per list of cards: the same
    text as the whole position written out, for every viewer, as the game goes on."""
    from judge.app.positions import position_of, position_text
    from judge.rules.engine import canonical_json
    from judge_bench.support import library_cards

    rng = random.Random(7)
    cards = library_cards(40) + [{"id": "odd-name", "name": 'Karte mit "Zitat" und \\ und ü', "deck": "door",
                                  "kind": "curse", "curse": {}}]
    with tempfile.TemporaryDirectory() as tmp:
        app = JudgeApp(JudgeApp.sqlite(Path(tmp) / "judge.db"))
        try:
            setup = GameSetup("munchkin", (), tuple(SeatSetup(f"P{i}", {"sex": "male"}) for i in range(3)), {},
                              mode, tuple(cards))
            game_id = app.create_game(setup).game_id
            viewers = [Viewer("seat", 0), Viewer("seat", 1), ORGANIZER, Viewer("spectator")]
            for step in range(12):
                game = app.store.current(game_id)
                for viewer in viewers:
                    seed = app.access.seed(game)
                    expected = canonical_json(position_of(game.ruleset, game.state, viewer, seed))
                    assert position_text(game.ruleset, game.state, viewer, seed) == expected
                    assert app.view(game_id, viewer)["position_json"] == expected
                view = app.view(game_id, ORGANIZER)
                seat = rng.choice(awaited(view) or [int(view.get("active_seat", 0))])
                legal, _ = app.legal_actions(game_id, seat, ORGANIZER)
                if not legal:
                    break
                try:
                    app.submit(game_id, f"c{step}", Command(seat, choose(rng, legal, seat, None)), None,
                               Viewer("seat", seat))
                except Rejected:
                    continue
        finally:
            app.close()
