"""Cards defined when they turn up (judge/rules/definitions.py) in the application, on SQLite and
PostgreSQL: the cards a game defines feed its collection's library, and a game replays identically (the
same states and the same views for every viewer) whatever its collection's library becomes afterwards.
The printed numbers are invented for these tests."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.app import JudgeApp
from judge.rules.engine import ORGANIZER, SPECTATOR, Command, action_table, canonical_json
from tests.app.app_support import SETUP, seat

GOLEM = {"id": "glibber-golem", "name": "Glibber-Golem", "deck": "door", "kind": "monster", "level": 4,
         "treasures": 2, "bad_stuff": {"lose_levels": 2}}
HAMMER = {"id": "gummihammer", "name": "Gummihammer", "deck": "treasure", "kind": "item", "slot": "1hand",
          "bonus": 2, "value": 300}
TROLL = {"id": "troll", "name": "Troll", "deck": "door", "kind": "race", "hand_limit": 6}


def act(kind: str, **fields: Any) -> Any:
    return action_table("munchkin")[kind](**fields)


def test_the_cards_a_game_defines_feed_its_collections_library(app: JudgeApp) -> None:
    game = app.create_game(replace(SETUP, collection="futter"))
    anna = seat(app, game, 0)
    app.submit(game.game_id, "h", Command(0, act("play_card", card="gummihammer")), None, anna, defines=[HAMMER])
    app.submit(game.game_id, "g", Command(0, act("kick_door", card="glibber-golem")), None, anna, defines=[GOLEM])
    assert app.library.cards("futter", "munchkin") == {"gummihammer": HAMMER, "glibber-golem": GOLEM}
    assert app.library.cards("default", "munchkin") == {}
    # The organizer's correction of a misread number follows into the library that held it.
    app.correct_card(game.game_id, "fix", {**HAMMER, "bonus": 3}, ORGANIZER)
    assert app.library.cards("futter", "munchkin")["gummihammer"]["bonus"] == 3
    assert app.audit(game.game_id, ORGANIZER).clean


def _replayed(app: JudgeApp, game_id: str, viewers: list[Any]) -> list[str]:
    out = []
    for viewer in viewers:
        for record, view in app.replay(game_id, viewer):
            out.append(canonical_json([record.payload, record.summaries, view]))
    game = app.store.game(game_id)
    for version in range(1, game.version + 1):
        out.append(canonical_json(game.ruleset.to_dict(app.store.game(game_id, version=version).state)))
    return out


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=st.lists(st.tuples(st.sampled_from(["add", "edit", "remove"]), st.sampled_from([GOLEM, HAMMER, TROLL]),
                                  st.integers(1, 20)), min_size=1, max_size=5))
def test_a_game_with_cards_defined_in_play_replays_identically_after_its_library_changed(
        app: JudgeApp, changes: list[tuple[str, dict[str, Any], int]]) -> None:
    collection = f"r{abs(hash(json.dumps(changes, sort_keys=True))) % 10**9}"
    game = app.create_game(replace(SETUP, collection=collection))
    gid, anna, ben = game.game_id, seat(app, game, 0), seat(app, game, 1)
    app.submit(gid, "h", Command(0, act("play_card", card="gummihammer")), None, anna, defines=[{**HAMMER, "bonus": 5}])
    app.submit(gid, "t", Command(0, act("reveal_card", card="troll")), None, anna, defines=[TROLL])
    app.correct_card(gid, "fix", HAMMER, ORGANIZER)
    app.submit(gid, "g", Command(0, act("kick_door", card="glibber-golem")), None, anna, defines=[GOLEM])
    viewers = [ORGANIZER, SPECTATOR, anna, ben]
    before = _replayed(app, gid, viewers)
    record = app.export_game(gid, ORGANIZER)
    for change, card, number in changes:
        numbered = {**card, "value" if card is HAMMER else "level" if card is GOLEM else "hand_limit": number}
        held = app.library.cards(collection, "munchkin")
        if change == "remove" and card["id"] in held:
            app.library.remove(collection, "munchkin", card["id"], "admin")
        elif change == "edit" and card["id"] in held:
            app.library.edit(collection, "munchkin", numbered, "admin")
        elif card["id"] not in held:
            app.library.add(collection, "munchkin", numbered, "admin")
    assert _replayed(app, gid, viewers) == before
    assert app.export_game(gid, ORGANIZER) == record
    assert app.audit(gid, ORGANIZER).clean
