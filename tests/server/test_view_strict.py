"""View conversion is strict (issue 8, part 1): every key of a view has a
field in ``judge.v1.GameView``; none is silently dropped on the way to the
proto. The views walked are those of whole dealt games played by the bot,
for the organizer, every seat and a spectator, with the keys the
application adds."""

from __future__ import annotations

from typing import Any

import pytest
from google.protobuf.descriptor import Descriptor
from google.protobuf.json_format import ParseError

from judge.domain.rules import jsonable
from judge.rules import Context, GameSetup, SeatSetup, chance
from judge.rules.engine import ORGANIZER, SPECTATOR, Viewer, canonical_json
from judge.server.convert import view_to_proto
from judge.v1 import judge_pb2 as pb
from tests.bot import play
from tests.rules.harness import A, Table


def unplaced(value: dict[str, Any], message: Descriptor, path: str = "GameView") -> set[str]:
    """The key paths of ``value`` that have no field in ``message``."""
    missing: set[str] = set()
    for key, item in value.items():
        field = message.fields_by_name.get(key)
        if field is None:
            missing.add(f"{path}.{key}")
            continue
        nested = field.message_type
        if nested is None or nested.GetOptions().map_entry:
            continue
        for part in item if field.is_repeated else [item]:
            if isinstance(part, dict):
                missing |= unplaced(part, nested, f"{path}.{key}")
    return missing


def played_views(seed: bytes, variants: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Every view of every viewer after every command of a bot-played game,
    with the keys the application adds (judge/app/views.py ``Views.view_of``)."""
    t = Table(4, seed=seed, window_ms=0)
    seats = tuple(SeatSetup(f"P{i}", {"sex": "female" if i % 2 else "male"}) for i in range(4))
    t.setup = GameSetup("munchkin", variants, seats, {"interference_window_ms": 0,
                                                      "seed_sha256": chance.commitment(seed)}, "dealt")
    t.state = t.rules.initial_state(t.setup)
    viewers = [ORGANIZER, SPECTATOR, *(Viewer("seat", i) for i in range(4))]
    views: list[dict[str, Any]] = []

    def look() -> None:
        for viewer in viewers:
            view = dict(jsonable(t.rules.view(t.state, viewer)))
            view.update(game_id="g", family="munchkin", version=len(t.log) + 1, voided=["2-3"], open_disputes=1)
            view["state_json"] = canonical_json(view)
            views.append(view)

    def submit(seat: int | None, action: Any) -> None:
        t.do(seat, action)
        look()

    look()
    submit(None, A.Deal())

    def progress() -> dict[str, Any]:
        s = t.state
        return {"finished": s.finished, "active": s.active, "levels": [p.level for p in s.players]}

    play(t.legal, submit, progress, t.rules.cards_of(t.state), 4, ask_help="shared-victory" in variants)
    assert t.state.finished
    return views


@pytest.mark.slow
def test_every_view_key_of_a_played_game_has_a_place_in_the_proto() -> None:
    views = played_views(bytes([3]) * 32, ("shared-victory",))  # a game won with help
    seen = {key for view in views for key in view}
    assert {"combat", "seats", "draw_piles", "seed"} <= seen  # the walk reached the nested parts
    missing = set().union(*(unplaced(view, pb.GameView.DESCRIPTOR) for view in views))
    assert not missing, f"view keys with no field in GameView: {sorted(missing)}"
    for view in views[:: max(1, len(views) // 50)]:
        view_to_proto(view)  # and the strict conversion accepts them


def test_a_view_key_without_a_field_fails_the_conversion() -> None:
    with pytest.raises(ParseError):
        view_to_proto({"game_id": "g", "no_such_field": 1})
    with pytest.raises(ParseError):
        view_to_proto({"seats": [{"seat": 0, "no_such_field": 1}]})
