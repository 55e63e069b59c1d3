"""Whole games at a dealt table over the real API: the judge shuffles, deals
and rolls; the bot plays every seat through LegalActions and Submit; the game
ends in a level-10 win, and with shared victory in a simultaneous win; the
seed revealed at the end matches the commitment published at creation, each
seat only ever saw its own hand, and the record verifies offline (a forged
draw does not).

The judge picks a fresh seed for every game, so each run plays another game;
the same games on the pure core with fixed seeds are in
tests/rules/test_bot_games.py."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from judge.cards import load_catalogue
from judge.rules.engine import canonical_json
from judge.server.convert import command_from_proto
from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient
from tests.bot import play
from tests.e2e.conftest import cli
from tests.support.judge_process import JudgeProcess


def _play_dealt(server: JudgeProcess, variants: tuple[str, ...] = ()):
    admin = JudgeClient(server.target)
    game = admin.create_game("munchkin", seats=["A:male", "B:female", "C:male", "D:female"], mode="dealt",
                             variants=variants, interference_window_ms=0)
    gid = game.game_id
    tokens = {s.seat: s.token for s in game.seat_tokens}
    seats = [JudgeClient(server.target, tokens[i]) for i in range(4)]
    org = JudgeClient(server.target, game.organizer_token)
    commitment = game.view.seed_sha256
    assert len(commitment) == 64 and game.view.seed == ""
    _no_foreign_hand_seen(gid, seats, org, dealt=True)
    counter = iter(range(1_000_000))
    offered: dict[str, pb.Command] = {}  # the judge's own ready-to-submit commands, by action

    def legal(seat: int):
        actions = []
        for item in seats[seat].legal_actions(gid, seat).actions:
            action = command_from_proto(item.command, "munchkin", require_id=False)[1].action
            offered[f"{seat}:{canonical_json(action.to_dict())}"] = item.command
            actions.append(action)
        return actions

    def submit(seat: int, action) -> None:
        command = offered[f"{seat}:{canonical_json(action.to_dict())}"]
        command.command_id = f"bot-{next(counter)}"
        seats[seat].submit_command(gid, command)

    def view() -> dict:
        v = org.get_view(gid).view
        return {"finished": v.status == 2, "active": v.active_seat, "levels": [s.level for s in v.seats]}

    play(legal, submit, view, load_catalogue("munchkin"), 4, ask_help="shared-victory" in variants)
    return gid, seats, org, commitment


def _no_foreign_hand_seen(gid: str, seats: list[JudgeClient], org: JudgeClient, *, dealt: bool = False) -> None:
    """A seat's view never names a card in another seat's hand, but shows its own. Right after the
    deal (``dealt``) every seat holds cards; at the end of a game the hands may all be empty (the
    bot plays what it can), so there the hands are compared as they are."""
    full = org.get_view(gid).view
    if dealt:
        assert all(s.hand for s in full.seats)  # there are hands to hide
    for i, client in enumerate(seats):
        mine = client.get_view(gid).view
        assert sorted(mine.seats[i].hand) == sorted(full.seats[i].hand)
        for other in mine.seats:
            if other.seat != i:
                assert list(other.hand) == [] and other.hand_size == full.seats[other.seat].hand_size


def test_a_dealt_game_over_the_api_ends_in_a_level_ten_win(server: JudgeProcess, tmp_path: Path) -> None:
    gid, seats, org, commitment = _play_dealt(server)
    view = org.get_view(gid).view
    assert view.status == 2 and len(view.winners) >= 1
    assert all(view.seats[w].level == 10 for w in view.winners)
    # The seed is revealed and matches the commitment published at creation.
    assert hashlib.sha256(bytes.fromhex(view.seed)).hexdigest() == commitment
    _no_foreign_hand_seen(gid, seats, org)
    # Anyone can check the shuffles and rolls offline against the revealed seed.
    record = tmp_path / "dealt.jsonl"
    cli(server.target, "export", gid, "--out", str(record), token=org.token)
    audit = json.loads(cli(server.target, "audit", "--file", str(record), "--json").stdout)
    assert audit["clean"] is True
    key = json.loads(cli(server.target, "key", "--json").stdout)["public_key"]
    verified = cli(server.target, "verify", str(record), "--key", key, check=False)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    # A forged draw in the record (another card behind the door) is caught offline.
    lines = record.read_text().splitlines()
    forged = next(i for i, line in enumerate(lines) if '"DoorKicked"' in line)
    event = json.loads(lines[forged])
    for effect in event["effects"]:
        if effect["type"] == "DoorKicked":
            effect["card"] = "plutoniumdrache" if effect["card"] != "plutoniumdrache" else "topfpflanze"
    lines[forged] = json.dumps(event)
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines) + "\n")
    caught = cli(server.target, "verify", str(tampered), "--key", key, "--json", check=False)
    assert caught.returncode == 3, caught.stdout + caught.stderr  # 3: the record is altered
    first = json.loads(caught.stdout)["problems"][0]
    assert (first["line"], first["version"]) == (forged + 1, event["version"]), first
    told = cli(server.target, "verify", str(tampered), "--key", key, check=False)
    assert told.returncode == 3
    assert f"first at line {forged + 1} (event version {event['version']})" in told.stdout, told.stdout


def test_a_dealt_game_over_the_api_ends_in_a_shared_victory(server: JudgeProcess) -> None:
    gid, seats, org, _ = _play_dealt(server, variants=("shared-victory",))
    view = org.get_view(gid).view
    assert view.status == 2 and len(view.winners) == 2
    _no_foreign_hand_seen(gid, seats, org)
