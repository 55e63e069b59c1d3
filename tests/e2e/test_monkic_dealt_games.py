"""Whole monkic games (002) at a dealt table over the real API, against a
judge process started with the README's command: the judge deals from its
committed seed and rolls every die; the bot (tests/monkic_bot.py) plays both
seats through LegalActions and Submit, each with its own token, in the plain
game, the simpler one and Extra with the graveyard fights; every game ends
with one winner (0 life points or the curse Attack), the revealed seed
matches the commitment, the record verifies offline, and a forged die does
not.

The judge picks a fresh seed for every game, so each run plays other games;
the same bot on the pure core with fixed seeds is in
tests/rules/monkic/test_002_dealt.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.rules import chance
from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient
from tests.e2e.conftest import cli
from tests.server.monkic_support import bot_game, open_monkic
from tests.support.judge_process import JudgeProcess


@pytest.mark.parametrize("variants", [(), ("simple",), ("extra", "graveyard-fights")],
                         ids=["plain", "simple", "extra-graveyard-fights"])
def test_the_bot_plays_dealt_monkic_games_to_the_end(server: JudgeProcess, tmp_path: Path,
                                                     variants: tuple[str, ...]) -> None:
    with JudgeClient(server.target) as client:
        table = open_monkic(client, mode="dealt", variants=variants)
        gid, commitment = table.game_id, table.game.view.seed_sha256
        assert table.game.view.seed == "" and len(commitment) == 64
        steps = bot_game(table)
        view = table.spectator.get_view(gid).view
        assert steps > 5 and view.status == pb.GAME_STATUS_FINISHED and len(view.winners) == 1
        loser = 1 - view.winners[0]
        effects = [e for step in table.organizer.replay(gid) if step.event.kind == "CommandAccepted"
                   for e in json.loads(step.event.payload_json)["effects"]]
        assert view.monkic.seats[loser].life <= 0 or any(
            e["type"] == "CursePlayed" and e.get("curse") == "attack" for e in effects)
        assert chance.commitment(bytes.fromhex(view.seed)) == commitment
        # Every die in the record is the seed's.
        seed = bytes.fromhex(view.seed)
        dice = [e for e in effects if e["type"] == "DieCast"]
        assert dice and all(chance.die(seed, e["number"]) == e["value"] for e in dice)
        record = tmp_path / "monkic-dealt.jsonl"
        record.write_text(table.organizer.export_game(gid).record)
    key = json.loads(cli(server.target, "key", "--json").stdout)["public_key"]
    verified = cli(server.target, "verify", str(record), "--key", key, check=False)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    # A forged die (another value than the seed's) is caught offline.
    lines = record.read_text().splitlines()
    forged = next(i for i, line in enumerate(lines) if '"DieCast"' in line)
    event = json.loads(lines[forged])
    for effect in event["effects"]:
        if effect["type"] == "DieCast":
            effect["value"] = effect["value"] % 6 + 1
            break
    lines[forged] = json.dumps(event)
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines) + "\n")
    assert cli(server.target, "verify", str(tampered), "--key", key, check=False).returncode != 0
