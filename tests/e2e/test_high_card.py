"""A third game, installed beside the judge as a package of its own, is created, played, told and verified
with nothing of the judge naming it: high card (tests/thirdgame/high_card), registered only through an
entry point of a distribution written into a temporary folder on the path of the server and of the
command line. Over gRPC with the Python client and with the ``judge`` command line, at a reported and at
a dealt table: played to the end, viewed, its events and waiting lines told in German and English from
the game's own catalogue, exported, verified and audited offline (every draw checked against the
revealed seed), reported as the organizer's page; and a record with a forged draw is refused."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from judge.rules import chance
from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient, JudgeRpcError
from tests.support.installed_game import installed
from tests.support.judge_process import JUDGE, JudgeProcess, start_judge_process
from tests.thirdgame.high_card.chance_check import DECK, draw_label

GAME = "high-card"


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return installed(tmp_path / "site", "high-card-judge-game", "high_card = tests.thirdgame.high_card:HighCard")


@pytest.fixture
def judge(tmp_path: Path, env: dict[str, str]) -> Iterator[JudgeProcess]:
    srv = start_judge_process(tmp_path / "judge.sqlite3", tmp_path / "server.log", env=env)
    try:
        yield srv
    finally:
        srv.stop()


def cli(env: dict[str, str], *args: str, target: str = "", token: str = "", lang: str = "en",
        check: bool = True) -> subprocess.CompletedProcess[str]:
    """The ``judge`` command line with the game's distribution on its path (its offline commands find the
    game through the same entry point)."""
    run_env = {**os.environ, **env, "JUDGE_LANG": lang}
    for name, value in (("JUDGE_TARGET", target), ("JUDGE_TOKEN", token)):
        run_env.pop(name, None)
        if value:
            run_env[name] = value
    done = subprocess.run([str(JUDGE), *args], env=run_env, capture_output=True, text=True, timeout=120)
    if check and done.returncode != 0:
        raise AssertionError(f"judge {' '.join(args)} exited {done.returncode}:\n{done.stdout}\n{done.stderr}")
    return done


def summaries(client: JudgeClient, game_id: str) -> list[str]:
    return [step.event.summary for step in client.replay(game_id)]


def test_a_reported_game_is_played_over_grpc_and_told_in_both_languages(judge: JudgeProcess) -> None:
    with JudgeClient(judge.target) as client:
        assert GAME in [r.name for r in client.list_rulesets().rulesets]
        game = client.create_game(GAME, ["Mia", "Tom"], options={"rounds": "2"})
        gid = game.game_id
        mia = JudgeClient(judge.target, token=game.seat_tokens[0].token)
        tom = JudgeClient(judge.target, token=game.seat_tokens[1].token, language="de")
        with mia, tom:
            offered = mia.legal_actions(gid, 0).actions
            assert [json.loads(a.command.family_action.fields_json)["value"] for a in offered] == list(range(1, 14))
            opened = mia.get_view(gid).view
            assert dict(opened.waiting_for_told) == {
                "en": "still to reveal: Mia and Tom", "de": "Noch aufzudecken: Mia und Tom"}
            assert opened.phase == "round 1" and dict(opened.phase_told) == {"en": "round 1", "de": "Runde 1"}
            mia.submit_command(gid, offered[8].command)  # a 9
            with pytest.raises(JudgeRpcError) as refused:
                mia.submit(gid, 0, "reveal", value=5)
            assert refused.value.code == grpc.StatusCode.INVALID_ARGUMENT and "seat" in str(refused.value)
            with pytest.raises(JudgeRpcError) as out_of_range:
                tom.submit(gid, 1, "reveal", value=14)
            assert "command.family_action.fields_json.value" in str(out_of_range.value)
            tom.submit(gid, 1, "reveal", value=9)  # a tie: replayed
            for m, t in ((12, 3), (1, 13), (8, 2)):
                mia.submit(gid, 0, "reveal", value=m)
                tom.submit(gid, 1, "reveal", value=t)
            view = tom.get_view(gid).view
            assert view.status == pb.GAME_STATUS_FINISHED and list(view.winners) == [0]
            assert json.loads(view.family_view_json) == {"rounds": 2, "wins": [2, 1], "revealed": [None, None]}
            assert dict(view.waiting_for_told) == {"en": "game over: Mia won", "de": "Spiel vorbei: Mia hat gewonnen"}
            told_en, told_de = summaries(mia, gid), summaries(tom, gid)
    assert told_en[1:4] == ["Mia reveals a 9", "Tom reveals a 9; round 1 is tied at 9: it is played again",
                            "Mia reveals a 12"]
    assert told_en[-1] == "Tom reveals a 2; Mia wins round 4 (2 of 2); Mia wins the game"
    assert told_de[-1] == "Tom deckt eine 2 auf; Mia gewinnt Runde 4 (2 von 2); Mia gewinnt das Spiel"


def test_a_dealt_game_over_grpc_draws_from_the_committed_seed(judge: JudgeProcess) -> None:
    with JudgeClient(judge.target) as client:
        game = client.create_game(GAME, ["Mia", "Tom"], mode="dealt", options={"rounds": "1"})
        gid, commitment = game.game_id, game.view.seed_sha256
        assert game.view.seed == "" and len(commitment) == 64
    seats = [JudgeClient(judge.target, token=t.token) for t in game.seat_tokens]
    with seats[0], seats[1], JudgeClient(judge.target, token=game.organizer_token) as organizer:
        offered = seats[0].legal_actions(gid, 0).actions
        assert [a.command.family_action.fields_json for a in offered] == ['{"value":0}']
        while organizer.get_view(gid).view.status != pb.GAME_STATUS_FINISHED:
            for seat in (0, 1):
                seats[seat].submit(gid, seat, "reveal")
        view = organizer.get_view(gid).view
        seed = bytes.fromhex(view.seed)
        assert chance.commitment(seed) == commitment and len(view.winners) == 1
        draws = [e for step in organizer.replay(gid) if step.event.kind == "CommandAccepted"
                 for e in json.loads(step.event.payload_json)["effects"] if e["type"] == "CardRevealed"]
        assert [d["position"] for d in draws] == list(range(len(draws)))
        assert all(chance.shuffled(seed, draw_label(d["position"]), DECK)[d["position"] % 52] == d["card"]
                   for d in draws)
        header = json.loads(organizer.export_game(gid).record.splitlines()[0])
        assert header["opening_decks"] == {"deck": list(DECK)}


def test_a_reported_game_on_the_command_line(judge: JudgeProcess, env: dict[str, str]) -> None:
    created = json.loads(cli(env, "new", GAME, "-s", "Mia", "-s", "Tom", "-o", "rounds=1", "--json",
                             target=judge.target).stdout)
    gid, tokens = created["game_id"], {t["seat"]: t["token"] for t in created["seat_tokens"]}
    cli(env, "submit", gid, "0", "reveal", "--arg", "value=2", target=judge.target, token=tokens[0])
    done = cli(env, "submit", gid, "1", "reveal", "--arg", "value=11", target=judge.target, token=tokens[1],
               lang="de")
    told = " ".join(done.stdout.replace("│", " ").split())
    assert "Tom deckt eine 11 auf; Tom gewinnt Runde 1 (1 von 1); Tom gewinnt das Spiel" in told
    shown = cli(env, "view", gid, target=judge.target, token=tokens[0]).stdout
    assert "game over: Tom won" in shown


def test_a_dealt_game_on_the_command_line_is_verified_audited_and_reported_offline(
        judge: JudgeProcess, env: dict[str, str], tmp_path: Path) -> None:
    target = judge.target
    created = json.loads(cli(env, "new", GAME, "-s", "Mia", "-s", "Tom", "--mode", "dealt", "--json",
                             target=target).stdout)
    gid = created["game_id"]
    tokens = {t["seat"]: t["token"] for t in created["seat_tokens"]}
    organizer = created["organizer_token"]
    refused = cli(env, "submit", gid, "0", "reveal", "--arg", "value=7", target=target, token=tokens[0],
                  check=False)
    assert refused.returncode != 0 and "value" in refused.stdout + refused.stderr
    shown = cli(env, "view", gid, target=target, token=tokens[1], lang="de").stdout
    assert "Runde 1" in shown and "Noch aufzudecken: Mia und Tom" in shown
    view = json.loads(cli(env, "view", gid, "--json", target=target, token=organizer).stdout)
    while view["status"] != "GAME_STATUS_FINISHED":
        for seat in (0, 1):
            done = cli(env, "submit", gid, str(seat), "reveal", target=target, token=tokens[seat])
            assert "accepted" in done.stdout
        view = json.loads(cli(env, "view", gid, "--json", target=target, token=organizer).stdout)
    assert len(view["seed"]) == 64 and len(view["winners"]) == 1
    shown = cli(env, "view", gid, target=target, token=organizer, lang="de").stdout
    assert "Spiel vorbei" in shown
    replayed_de = cli(env, "replay", gid, target=target, token=organizer, lang="de").stdout
    replayed_en = cli(env, "replay", gid, target=target, token=organizer).stdout
    assert "vom Stapel" in replayed_de and "gewinnt das Spiel" in replayed_de
    assert "from the deck" in replayed_en and "wins the game" in replayed_en

    record = tmp_path / "high-card.jsonl"
    cli(env, "export", gid, "--out", str(record), target=target, token=organizer)
    key = json.loads(cli(env, "key", "--json", target=target).stdout)["public_key"]
    verified = cli(env, "verify", str(record), "--key", key, check=False)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    audited = cli(env, "audit", "--file", str(record), check=False)
    assert audited.returncode == 0, audited.stdout + audited.stderr
    for lang, words in (("en", "from the deck"), ("de", "vom Stapel")):
        page = tmp_path / f"report-{lang}.html"
        cli(env, "report", str(record), "--key", key, "--out", str(page), lang=lang)
        assert words in page.read_text(encoding="utf-8")

    # A forged draw (another card than the seed's at that position), written as the judge writes a line
    # (so the chance check reads it, beside the broken hash), is found offline.
    lines = record.read_text(encoding="utf-8").splitlines()
    forged = next(i for i, line in enumerate(lines) if '"CardRevealed"' in line)
    event = json.loads(lines[forged])
    effect = next(e for e in event["effects"] if e["type"] == "CardRevealed")
    effect["card"] = "c1" if effect["card"] != "c1" else "c2"
    effect["value"] = int(effect["card"][1:])
    lines[forged] = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines) + "\n", encoding="utf-8")
    refused_record = cli(env, "verify", str(tampered), "--key", key, check=False)
    assert refused_record.returncode != 0
    assert f"draw {effect['position']} shows {effect['card']!r}, the seed draws" in refused_record.stdout
