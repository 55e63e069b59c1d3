"""ListRulesets and the game-neutral client (issue 8): over a real server,
a client discovers every ruleset with what it declares, and creates games
from that (seat traits by name, options by name) through the library and
the ``judge`` CLI."""

from __future__ import annotations

import json

import grpc
import pytest
from typer.testing import CliRunner

from judge.v1 import judge_pb2 as pb
from judge.v1 import judge_pb2_grpc
from judge.v1 import rulesets_pb2 as rpb
from judge_client import JudgeClient, JudgeRpcError, action_of, build_command, seat_spec
from judge_client.cli import app
from tests.server.support import SAFETY_TIMEOUT_S, Judge

runner = CliRunner()


def cli(judge: Judge, *args: str, token: str = "", expect: int = 0) -> str:
    result = runner.invoke(app, list(args), env={"JUDGE_TARGET": judge.target, "JUDGE_TOKEN": token,
                                                 "COLUMNS": "200"})
    assert result.exit_code == expect, (result.exit_code, result.output, result.exception)
    return result.stdout


def test_list_rulesets_needs_no_token_and_tells_what_to_send(judge: Judge) -> None:
    with grpc.insecure_channel(judge.target) as channel:
        stub = judge_pb2_grpc.JudgeServiceStub(channel)
        answer = stub.ListRulesets(rpb.ListRulesetsRequest(), timeout=SAFETY_TIMEOUT_S)
    [munchkin] = [r for r in answer.rulesets if r.name == "munchkin"]
    assert (munchkin.rules_version, munchkin.family) == ("munchkin@1", "munchkin")
    assert (munchkin.min_seats, munchkin.max_seats) == (3, 6)
    assert [(t.name, list(t.values)) for t in munchkin.seat_traits] == [("sex", ["male", "female"])]
    window = next(o for o in munchkin.options if o.name == "interference_window_ms")
    assert (window.type, window.default_value, window.minimum, window.maximum) == ("int", "2600", 0, 600000)
    assert [v.name for v in munchkin.variants] == ["shared-victory", "listen-at-the-door", "epic-kick", "two-players"]
    assert munchkin.variants[0].doc
    assert list(munchkin.modes) == ["reported", "dealt"]
    assert {"kick_door", "end_turn", "deal"} <= set(munchkin.action_kinds)
    assert {"monster", "curse", "item"} <= set(munchkin.card_kinds)
    # What it lists is what a command can carry.
    assert set(munchkin.action_kinds) <= {f.name for f in pb.Command.DESCRIPTOR.oneofs_by_name["action"].fields}


def test_every_action_of_every_ruleset_has_its_words_in_the_callers_language(judge: Judge) -> None:
    """``action_words`` names each action kind as the judge tells it, in German and in English: no kind is
    left as its API name, and none is left in English for a German caller."""
    answers = {}
    for lang in ("de", "en"):
        with grpc.insecure_channel(judge.target) as channel:
            answers[lang] = judge_pb2_grpc.JudgeServiceStub(channel).ListRulesets(
                rpb.ListRulesetsRequest(), metadata=[("accept-language", lang)], timeout=SAFETY_TIMEOUT_S)
    for de, en in zip(answers["de"].rulesets, answers["en"].rulesets):
        assert set(de.action_words) == set(en.action_words) == set(de.action_kinds), de.name
        for kind in de.action_kinds:
            assert "_" not in en.action_words[kind] and de.action_words[kind] != en.action_words[kind], (de.name, kind)
    [munchkin] = [r for r in answers["de"].rulesets if r.name == "munchkin"]
    assert munchkin.action_words["kick_door"] == "Tür eintreten"
    [monkic] = [r for r in answers["de"].rulesets if r.name == "monkic"]
    assert monkic.action_words["attack"] == "angreifen"


def test_games_are_created_from_the_declarations(client: JudgeClient) -> None:
    """Seats by trait name or by a value that names its trait, options by name."""
    game = client.create_game("munchkin", ["Anna:sex=female", ("Ben", {"sex": "male"}), "Cem:male"],
                              options={"interference_window_ms": 0, "first_seat": 2})
    assert [(s.name, s.sex) for s in game.view.seats] == [("Anna", pb.SEX_FEMALE), ("Ben", pb.SEX_MALE),
                                                          ("Cem", pb.SEX_MALE)]
    assert game.view.active_seat == 2 and game.view.family == "munchkin"
    with pytest.raises(JudgeRpcError) as caught:
        client.create_game("munchkin", ["Anna", "Ben:male", "Cem:male"])
    assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert [f for f, _ in caught.value.field_violations] == ["seats[0].traits.sex"]
    with pytest.raises(JudgeRpcError) as caught:
        client.create_game("munchkin", ["Anna:female", "Ben:male", "Cem:male"], options={"turbo": True})
    assert [f for f, _ in caught.value.field_violations] == ["options.values[turbo]"]
    with pytest.raises(JudgeRpcError) as caught:
        client.create_game("munchkin", ["Anna:female", "Ben:male", "Cem:male"], options={"first_seat": 7})
    assert [f for f, _ in caught.value.field_violations] == ["options.first_seat"]


def test_the_client_reads_seats_without_knowing_the_game() -> None:
    sex = rpb.SeatTraitInfo(name="sex", values=["male", "female"])
    assert seat_spec("Mia") == pb.SeatSpec(name="Mia")
    assert seat_spec("Anna:female", [sex]) == pb.SeatSpec(name="Anna", traits={"sex": "female"})
    assert seat_spec("A:b:sex=male,hat=red") == pb.SeatSpec(name="A:b", traits={"sex": "male", "hat": "red"})
    with pytest.raises(ValueError, match="exactly one seat trait"):
        seat_spec("Tom:female", [])
    with pytest.raises(ValueError):
        seat_spec("Tom:=x")


def test_actions_go_to_their_familys_place() -> None:
    command = build_command(0, "kick_door", card="elf")
    assert action_of(command)[0] == "kick_door" and command.kick_door.card == "elf"
    # A family the API has no section for (a game installed beside the judge): a FamilyAction,
    # judged by the server against the game's own family.
    other = build_command(0, "attack", family="no-such-family", card="c1")
    assert action_of(other)[0] == "attack" and other.family_action.fields_json == '{"card": "c1"}'
    with pytest.raises(ValueError, match="unknown action kind 'fly' of the munchkin family"):
        build_command(0, "fly")


def test_the_cli_lists_rulesets_as_a_table_and_as_json(judge: Judge) -> None:
    table = cli(judge, "rulesets")
    assert "munchkin" in table and "interference_window_ms" in table and "sex" in table
    assert "shared-victory" in table and "kick_door" in table
    listed = json.loads(cli(judge, "rulesets", "--json"))
    [munchkin] = [r for r in listed["rulesets"] if r["name"] == "munchkin"]
    assert munchkin["family"] == "munchkin" and munchkin["max_seats"] == 6


def test_the_cli_creates_with_traits_and_options_and_submits_by_the_games_family(judge: Judge) -> None:
    game = json.loads(cli(judge, "new", "munchkin", "--seat", "Anna:sex=female", "--seat", "Ben:male",
                          "--seat", "Cem:male", "--option", "interference_window_ms=0", "--option",
                          "first_seat=1", "--json"))
    assert game["view"]["active_seat"] == 1
    ben = game["seat_tokens"][1]["token"]
    accepted = json.loads(cli(judge, "submit", game["game_id"], "1", "kick_door", "--arg", "card=elf", "--json",
                              token=ben))
    assert accepted["version"] == "2"
    error = json.loads(cli(judge, "new", "munchkin", "--seat", "A", "--seat", "B:male", "--seat", "C:male",
                           "--json", expect=1))
    assert error["error"]["field_violations"][0]["field"] == "seats[0].traits.sex"


def test_an_action_two_families_share_goes_by_the_games_family(
        client: JudgeClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where two families have an action of the same name, the client asks
    the game (its view's family) once and sends the action there."""
    import judge_client.client as library

    game = client.create_game("munchkin", ["Anna:female", "Ben:male", "Cem:male"])
    anna = client.with_token(game.seat_tokens[0].token)
    monkeypatch.setattr(library, "families_of_kind", lambda kind: ["munchkin", "other"])
    assert anna.family_for(game.game_id, "kick_door") == "munchkin"
    assert anna.submit(game.game_id, 0, "kick_door", card="elf").version == 2
