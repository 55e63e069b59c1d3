"""The LegalActions message (judge/server/legal_actions.py) finds its templates without building each
one: it is the message the straightforward construction gives (every templated action built, written
as canonical JSON and compared), in English and German, over random playouts of every Munchkin family
at a reported table, where the actions that name an unseen card become templates."""

from __future__ import annotations

import dataclasses
import random
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge import rulesets
from judge.app import JudgeApp
from judge.app.narration import describe_action
from judge.rules import ORGANIZER, Command, GameSetup, Rejected, SeatSetup, Viewer
from judge.rules.engine import Action, canonical_json
from judge.server.convert import action_to_proto
from judge.server.legal_actions import OPEN_FIELDS, legal_actions_to_proto
from judge.v1 import judge_pb2 as pb
from tests.bot import awaited, choose


def straightforward(actions: Sequence[Action], seat: int, version: int, lang: str, names: Mapping[str, str],
                    domains: Mapping[str, str]) -> pb.LegalActionsResponse:
    out: list[pb.LegalAction] = []
    templates: set[str] = set()
    for a in actions:
        opened = [(name, getattr(a, name)) for name in OPEN_FIELDS if getattr(a, name, None) in domains]
        if not opened:
            out.append(pb.LegalAction(kind=a.kind, command=action_to_proto(a, seat),
                                      description=describe_action(a, lang, names)))
            continue
        template = dataclasses.replace(a, **{name: "" for name, _ in opened})
        choices = [pb.OpenChoice(field=name, domain=domains[card], example=card) for name, card in opened]
        key = canonical_json([template.to_dict(), [(c.field, c.domain) for c in choices]])
        if key in templates:
            continue
        templates.add(key)
        out.append(pb.LegalAction(kind=a.kind, command=action_to_proto(template, seat),
                                  description=describe_action(template, lang, names), open=choices))
    return pb.LegalActionsResponse(actions=out, version=version)


@pytest.mark.parametrize("name", ("munchkin", "babys", "star", "mixer"))
@settings(max_examples=2, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_the_message_is_the_straightforward_one(name: str, seed: int) -> None:
    rules = rulesets.get(name)
    rng = random.Random(seed)
    seats = tuple(SeatSetup(f"P{i}", {"sex": "female"}) for i in range(rules.min_seats + 1))
    cards = rules.catalogue()  # type: ignore[attr-defined]
    templated = 0
    with tempfile.TemporaryDirectory() as tmp:
        app = JudgeApp(JudgeApp.sqlite(Path(tmp) / "judge.db"))
        try:
            game_id = app.create_game(GameSetup(name, (), seats, {"interference_window_ms": 0}, "reported")).game_id
            for step in range(25):
                names = app.card_names_of(game_id)
                for seat in range(len(seats)):
                    actions, offered, version = app.legal_offers(game_id, seat, ORGANIZER)
                    for lang in ("en", "de"):
                        message = legal_actions_to_proto(actions, seat, version, lang, names, offered)
                        assert message == straightforward(actions, seat, version, lang, names, offered)
                        templated += sum(1 for a in message.actions if a.open)
                view = app.view(game_id, ORGANIZER)
                if view.get("status") == "GAME_STATUS_FINISHED":
                    break
                seat = rng.choice(awaited(view) or [int(view.get("active_seat", 0))])
                legal, version = app.legal_actions(game_id, seat, ORGANIZER)
                if not legal:
                    break
                try:
                    app.submit(game_id, f"c{step}", Command(seat, choose(rng, legal, seat, cards)), version,
                               Viewer("seat", seat))
                except Rejected:
                    continue
        finally:
            app.close()
    assert templated > 0
