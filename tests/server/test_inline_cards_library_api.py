"""Cards defined when they turn up, in every family and with the group's library (issue 25, 1): the judge
lends a game the library's definition of a card it names, a game keeps its own definition where the
library has another one, the sets and the Mixer take definitions like the base game, and monkic's
organizer corrects a misread value. Over a real server and a real SQLite record."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import grpc
import pytest

from judge_client import JudgeClient, JudgeRpcError
from tests.rules.monkic.harness import values as monkic_values
from tests.server.monkic_support import opened
from tests.server.support import SAFETY_TIMEOUT_S, SEATS, Judge, open_table, running_judge
from tests.server.test_inline_cards_api import GOLEM, HAMMER


@pytest.fixture
def judge(storage: Any) -> Iterator[Judge]:
    """A judge per test, on SQLite and on PostgreSQL (the ``storage`` fixture)."""
    with running_judge(storage, max_workers=8) as running:
        yield running


@pytest.fixture
def client(judge: Judge) -> Iterator[JudgeClient]:
    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as c:
        yield c

SEATS_OF = {"munchkin": SEATS, "babys": SEATS, "star": SEATS, "mixer": SEATS}


def _effects(response: Any) -> list[dict[str, Any]]:
    return [e for ev in response.events for e in json.loads(ev.payload_json)["effects"]]


def test_a_card_defined_in_one_game_is_lent_to_a_running_game_of_the_collection(client: JudgeClient) -> None:
    """The first game was created before the card was known anywhere; when it turns up there after another
    game of the group defined it, the judge records the library's definition in the command's event."""
    early = open_table(client, collection="leihgabe")
    other = open_table(client, collection="leihgabe")
    other.seats[0].submit(other.game_id, 0, "kick_door", card="glibber-golem", define=[GOLEM])
    kicked = early.seats[0].submit(early.game_id, 0, "kick_door", card="Glibber-Golem")
    [defined] = [e for e in _effects(kicked) if e["type"] == "CardsDefined"]
    assert defined["cards"] == [GOLEM]


def test_a_game_keeps_its_own_definition_where_the_library_has_another(client: JudgeClient, admin: JudgeClient,
                                                                       caplog: pytest.LogCaptureFixture) -> None:
    """A game created before the library knew the card defines its own version without failing; the library
    keeps its version. A game created after it pinned the library's, and another definition is refused."""
    early = open_table(client, collection="eigensinn")
    admin.add_card("munchkin", {**HAMMER, "bonus": 4}, collection="eigensinn")
    with caplog.at_level(logging.INFO, logger="judge.app.games"):
        played = early.seats[0].submit(early.game_id, 0, "play_card", card="gummihammer", define=[HAMMER])
    assert _effects(played)[0] == {"type": "CardsDefined", "cards": [HAMMER]}
    assert any("defines 'gummihammer' otherwise and keeps its version" in r.getMessage() for r in caplog.records)
    assert [c.bonus for c in client.list_cards("munchkin", collection="eigensinn").cards
            if c.id == "gummihammer"] == [4]
    late = open_table(client, collection="eigensinn")
    with pytest.raises(JudgeRpcError) as clash:
        late.seats[0].submit(late.game_id, 0, "play_card", card="gummihammer", define=[HAMMER])
    assert [f for f, _ in clash.value.field_violations] == ["define[0]"]
    assert '"bonus":4' in clash.value.message and '"bonus":2' in clash.value.message
    late.seats[0].submit(late.game_id, 0, "play_card", card="gummihammer")


@pytest.mark.parametrize("ruleset", ["babys", "star", "mixer"])
def test_every_set_and_the_mixer_take_a_definition(client: JudgeClient, ruleset: str) -> None:
    game = client.create_game(ruleset, SEATS_OF[ruleset], collection=f"satz-{ruleset}")
    anna = client.with_token(game.seat_tokens[0].token)
    with pytest.raises(JudgeRpcError) as unknown:
        anna.submit(game.game_id, 0, "kick_door", card="glibber-golem")
    assert unknown.value.unknown_card == "glibber-golem"
    kicked = anna.submit(game.game_id, 0, "kick_door", card="glibber-golem", define=[GOLEM])
    assert _effects(kicked)[0] == {"type": "CardsDefined", "cards": [GOLEM]}
    assert "Glibber-Golem" in kicked.events[0].summary


def test_monkic_values_are_corrected_by_the_organizer_and_a_clash_names_both(client: JudgeClient) -> None:
    table, _ = opened(client)
    gid, mia = table.game_id, table.seats[0]
    values = [c for c in monkic_values() if c["card"] == "drache"][0]
    # The game knows the Drache's values: the same again is no definition, others are refused naming both.
    mia.submit(gid, 0, "draw", card="ninja", define=[values])
    with pytest.raises(JudgeRpcError) as clash:
        mia.submit(gid, 0, "end_turn", define=[{**values, "attack": values["attack"] + 1}])
    assert clash.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [f for f, _ in clash.value.field_violations] == ["define[0]"]
    assert f'"attack":{values["attack"]}' in clash.value.message
    with pytest.raises(JudgeRpcError) as bad:
        table.organizer.correct_card(gid, {**values, "attack": "zehn"})
    assert [f for f, _ in bad.value.field_violations] == ["card.attack"]
    corrected = table.organizer.correct_card(gid, {**values, "attack": values["attack"] + 2})
    [effect] = _effects(corrected)
    assert effect["changed"] == ["attack"] and effect["before"] == values
    assert f"attack {values['attack']} to {values['attack'] + 2}" in corrected.events[0].summary
    with pytest.raises(JudgeRpcError) as again:  # the game holds the corrected values now
        table.organizer.correct_card(gid, {**values, "attack": values["attack"] + 2})
    assert "defined just so already" in again.value.message
    replayed = [json.loads(r.event.payload_json) for r in table.organizer.replay(gid)]
    assert replayed[-1]["action"] == {"kind": "correct_card", "card": "drache"}
