"""Hostile JSON over a real server (issue "Hostile input, round three"): a custom card or a
position nested a thousand levels deep, or carrying a number no view can show, is refused
INVALID_ARGUMENT naming the field, before anything is parsed recursively or stored. Before,
1,200 nested brackets (2,400 characters, inside every size limit) raised ``RecursionError`` in
the parser (INTERNAL), and a position with a turn of 2**32 was stored and then answered INTERNAL
on every read, while ``judge check`` called the database intact."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import grpc
import pytest
from typer.testing import CliRunner

from judge_client.cli import app as cli_app
from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient, JudgeRpcError
from tests.server.support import Judge

DOCS = Path(__file__).resolve().parents[2] / "docs" / "position"
NESTED = "[" * 1200 + "]" * 1200  # 2,400 characters, 1,200 levels


def _position() -> dict[str, Any]:
    return dict(json.loads((DOCS / "anna-vs-plutoniumdrache.json").read_text(encoding="utf-8")))


def _refused(call: Any, field: str) -> JudgeRpcError:
    with pytest.raises(JudgeRpcError) as caught:
        call()
    assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT, caught.value
    assert field in dict(caught.value.field_violations), caught.value.field_violations
    return caught.value


def _games(judge: Judge, client: JudgeClient) -> int:
    return len(client.with_token(judge.admin_token).list_games(page_size=1000).games)


@pytest.mark.parametrize("card_json", [
    NESTED,
    '{"id": "x", "kind": "race", "deep": ' + NESTED + "}",
    "{" * 1200,
])
def test_a_deeply_nested_custom_card_is_invalid_argument(client: JudgeClient, card_json: str) -> None:
    assert len(card_json) <= 4096  # inside MAX_CARD_JSON_LENGTH: only the depth is wrong
    request = pb.CreateGameRequest(ruleset="munchkin", seats=[pb.SeatSpec(name=n, sex=pb.SEX_MALE) for n in "ABC"],
                                   custom_cards=[pb.CardDefinition(json=card_json)])
    error = _refused(lambda: client._call(client._stub.CreateGame, request), "custom_cards[0].json")
    assert "nested more than" in str(error) or "not valid JSON" in str(error)


@pytest.mark.parametrize("text", [
    NESTED,
    '{"format": "judge-position", "ruleset": "munchkin", "x": ' + NESTED + "}",
])
def test_a_deeply_nested_position_is_invalid_argument_for_both_rpcs(
        judge: Judge, client: JudgeClient, text: str) -> None:
    before = _games(judge, client)
    _refused(lambda: client.create_game_from_position(text), "position_json")
    _refused(lambda: client.ask_position(text), "position_json")
    assert _games(judge, client) == before


@pytest.mark.parametrize(("change", "field"), [
    (lambda p: p.update(turn=2**32), "position.turn"),
    (lambda p: p["seats"][0].update(hand_unknown=2**32), "position.seats[0].hand_unknown"),
    (lambda p: p["seats"][1].update(level=-2**40), "position.seats[1].level"),
    (lambda p: p["combat"]["monsters"][0].update(bonus=2**31), "position.combat.monsters[0].bonus"),
    (lambda p: p["combat"].update(window_closes_at_ms=-1), "position.combat.window_closes_at_ms"),
    (lambda p: p.update(turn=1e300), "position.turn"),
], ids=["turn", "hand_unknown", "level", "monster-bonus", "negative-time", "float"])
def test_a_number_no_view_can_show_is_refused_and_nothing_is_stored(
        judge: Judge, client: JudgeClient, change: Any, field: str) -> None:
    position = _position()
    change(position)
    before = _games(judge, client)
    _refused(lambda: client.create_game_from_position(position), field)
    _refused(lambda: client.ask_position(position), field)
    assert _games(judge, client) == before
    assert isinstance(judge.db, Path)
    checked = CliRunner().invoke(cli_app, ["check", "--db", str(judge.db)])
    assert checked.exit_code == 0, checked.output


def test_the_largest_numbers_allowed_still_make_a_game_everyone_can_read(client: JudgeClient) -> None:
    """The bounds leave a real table alone: a long game's turn and a big hand load and are shown."""
    position = _position()
    position.update(turn=999_999)
    position["seats"][0].update(hand_unknown=1_000)
    created = client.create_game_from_position(position)
    view = client.with_token(created.organizer_token).get_view(created.game_id).view
    assert (view.turn, view.seats[0].hand_unknown) == (999_999, 1_000)


def test_a_custom_card_with_a_number_no_view_can_show_is_refused(client: JudgeClient) -> None:
    card = {"id": "riesen-drache", "name": "Riesendrache", "kind": "monster", "deck": "door",
            "level": 2**40, "treasures": 1}
    request = pb.CreateGameRequest(ruleset="munchkin", seats=[pb.SeatSpec(name=n, sex=pb.SEX_MALE) for n in "ABC"],
                                   custom_cards=[pb.CardDefinition(json=json.dumps(card))])
    _refused(lambda: client._call(client._stub.CreateGame, request), "custom_cards[0].json.level")


def test_a_game_whose_first_view_cannot_be_sent_is_not_stored(judge: Judge, client: JudgeClient) -> None:
    """The last guard behind the number ranges: the views of a position's first state are built
    and converted to ``GameView`` before the game is stored; one that cannot be is refused."""
    from judge.app import positions
    from judge.common.errors import InvalidArgument
    from judge.server.servicer import _check_views

    with pytest.raises(InvalidArgument) as refused:
        _check_views([{"turn": 2**32}])
    assert refused.value.field == "position_json" and "out of range" in refused.value.message.lower()
    text = json.dumps(_position())
    ruleset, data = positions.ruleset_of_position(text)
    views = positions.first_views(ruleset, positions.setup_of(ruleset, data))
    assert len(views) == 2 + 3 and all(v["turn"] == 7 for v in views)  # organizer, spectator, 3 seats
    _check_views(views)
    before = _games(judge, client)

    def refuse(_: list[dict[str, Any]]) -> None:
        raise InvalidArgument("position_json", "refused by the check")

    with pytest.raises(InvalidArgument):
        positions.create_from_position(judge.app, text, refuse)
    assert _games(judge, client) == before


@pytest.mark.parametrize("card_json", [NESTED, '{"id": "x", "kind": "race", "deep": ' + NESTED + "}", "{" * 1200])
def test_a_deeply_nested_library_card_is_invalid_argument_and_changes_nothing(
        judge: Judge, client: JudgeClient, card_json: str) -> None:
    """The card library's own parsers (AddCard and EditCard, one card's JSON; ImportCards, a file's
    text as JSON or TOML, whose arrays nest with brackets too) bound the depth before parsing."""
    admin = client.with_token(judge.admin_token)
    before = admin.export_cards("munchkin", collection="tief").toml
    _refused(lambda: admin.add_card("munchkin", card_json, collection="tief"), "card_json")
    _refused(lambda: admin.edit_card("munchkin", card_json, collection="tief"), "card_json")
    _refused(lambda: admin.import_cards("munchkin", "[" + card_json + "]", fmt="json", collection="tief"), "text")
    toml = '[[card]]\nid = "tief"\nkind = "race"\ndeep = ' + NESTED + "\n"
    _refused(lambda: admin.import_cards("munchkin", toml, fmt="toml", collection="tief"), "text")
    assert admin.export_cards("munchkin", collection="tief").toml == before
