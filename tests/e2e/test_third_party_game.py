"""A game installed beside the judge as a package of its own plays over the API with no proto of its
own (docs/architecture.md, "The API and its families"): the counting game of tests/core/tiny_ruleset.py,
found through an entry point of a distribution on the server's path, is created, offered, played and
viewed through ``FamilyAction`` and ``GameView.family_view_json``, refused with the field named, and
exported; the command line plays it too."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from judge_client import JudgeClient, JudgeRpcError
from tests.e2e.conftest import cli
from tests.support.installed_game import installed
from tests.support.judge_process import JudgeProcess, start_judge_process

GAME = "tiny-count"


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return installed(tmp_path / "site", "tiny-judge-ruleset", "tiny = tests.core.tiny_ruleset:Tiny")


@pytest.fixture
def judge(tmp_path: Path, env: dict[str, str]) -> Iterator[JudgeProcess]:
    srv = start_judge_process(tmp_path / "judge.sqlite3", tmp_path / "server.log", env=env)
    try:
        yield srv
    finally:
        srv.stop()


def test_a_game_without_a_section_in_the_api_is_played_over_grpc(judge: JudgeProcess) -> None:
    with JudgeClient(judge.target) as client:
        assert GAME in [r.name for r in client.list_rulesets().rulesets]
        game = client.create_game(GAME, ["Mia", "Tom"], options={"target": "4"})
        mia = JudgeClient(judge.target, token=game.seat_tokens[0].token)
        tom = JudgeClient(judge.target, token=game.seat_tokens[1].token)
        with mia, tom:
            offered = mia.legal_actions(game.game_id, 0).actions
            assert [(a.command.family_action.kind, json.loads(a.command.family_action.fields_json))
                    for a in offered] == [("add", {"amount": 1}), ("add", {"amount": 2}), ("add", {"amount": 3})]
            mia.submit_command(game.game_id, offered[2].command)
            with pytest.raises(JudgeRpcError) as refused:
                mia.submit(game.game_id, 0, "add", amount=1)
            assert refused.value.code == grpc.StatusCode.INVALID_ARGUMENT
            assert "command.family_action.fields_json.amount" in str(refused.value)
            mia.submit(game.game_id, 0, "end_turn")
            tom.submit(game.game_id, 1, "add", amount=1)
            view = tom.get_view(game.game_id).view
            assert view.family == GAME and list(view.winners) == [1]
            assert [s.name for s in view.seats] == ["Mia", "Tom"]


def test_a_malformed_family_action_is_refused_naming_the_field(judge: JudgeProcess) -> None:
    from judge.v1 import judge_pb2 as pb

    with JudgeClient(judge.target) as client:
        game = client.create_game(GAME, ["Mia", "Tom"])
        mia = JudgeClient(judge.target, token=game.seat_tokens[0].token)
        with mia:
            for fields, said in (("[1]", "must be a JSON object"), ("{", "is not JSON"),
                                 ('{"amount": ' * 50 + "1" + "}" * 50, "nested more than 8 levels deep")):
                command = pb.Command(seat=0, family_action=pb.FamilyAction(kind="add", fields_json=fields))
                with pytest.raises(JudgeRpcError) as refused:
                    mia.submit_command(game.game_id, command)
                assert refused.value.code == grpc.StatusCode.INVALID_ARGUMENT
                assert "command.family_action.fields_json" in str(refused.value) and said in str(refused.value)
            assert mia.get_view(game.game_id).view.version == 1  # nothing was recorded


def test_the_command_line_plays_it_and_exports_the_record(judge: JudgeProcess, env: dict[str, str],
                                                          tmp_path: Path) -> None:
    with JudgeClient(judge.target) as client:
        game = client.create_game(GAME, ["Mia", "Tom"], options={"target": "2"})
    mia, organizer = game.seat_tokens[0].token, game.organizer_token
    done = cli(judge.target, "submit", game.game_id, "0", "add", "--arg", "amount=2", token=mia)
    assert "accepted" in done.stdout
    record = tmp_path / "game.jsonl"
    cli(judge.target, "export", game.game_id, "--out", str(record), token=organizer)
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert any(line.get("action", {}).get("kind") == "add" for line in lines if isinstance(line, dict))
