"""The receipts a client holds are the witness an operator cannot rewrite:
``judge verify RECORD --receipts FILE`` names every receipt the record does
not contain and exits 3.

Issue "The record": "let `judge verify` take the receipts a client holds and
report every receipt the record does not contain". The scenario: an operator
deletes a game's newest events and the witness file beside the database and
accepts the loss (``--accept-missing-witness``, which the new witness
records), so the judge starts and exports a shorter, self-consistent record.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from google.protobuf import json_format
from typer.testing import CliRunner

from judge_client import JudgeClient
from judge_client.cli import app as cli_app
from judge_client.client import receipt_of
from tests.support.judge_process import start_judge_process

SEATS = ["Anna:female", "Ben:male", "Cem:male"]


def _play(db: Path, log: Path) -> tuple[str, list[Any], str]:
    """A game of 5 versions played on a judge process: its id, the answers
    holding the receipts (creation, 3 commands, a dispute) and the server key."""
    server = start_judge_process(db, log)
    try:
        with JudgeClient(server.target, timeout=30) as client:
            game = client.create_game("munchkin", SEATS)
            anna = client.with_token(game.seat_tokens[0].token)
            answers: list[Any] = [game]
            answers.append(anna.submit(game.game_id, 0, "reveal_card", card="kettensaege"))
            answers.append(anna.submit(game.game_id, 0, "kick_door", card="elf"))
            answers.append(anna.submit(game.game_id, 0, "loot_room"))
            answers.append(client.with_token(game.seat_tokens[1].token).open_dispute(game.game_id, 1, 3, "no elf"))
            key = bytes(client.get_server_key().public_key).hex()
    finally:
        assert server.stop() == 0
    return game.game_id, answers, key


def _export(db: Path, log: Path, game_id: str, organizer: str, *options: str) -> str:
    server = start_judge_process(db, log, *options)
    try:
        with JudgeClient(server.target, organizer, timeout=30) as client:
            return client.export_game(game_id).record
    finally:
        assert server.stop() == 0


def _receipts_file(path: Path, answers: list[Any], as_list: bool) -> Path:
    """The receipts in the three forms a client may keep them: as the judge's
    receipts (``Receipt.to_dict``), as protobuf JSON, and inside a whole answer."""
    items: list[Any] = []
    for n, answer in enumerate(answers):
        receipt = answer.receipt
        if n % 3 == 0:
            items.append(receipt_of(receipt).to_dict())
        elif n % 3 == 1:
            items.append(json_format.MessageToDict(receipt))  # camelCase, 64-bit integers as strings
        else:
            items.append(json_format.MessageToDict(answer))  # {"receipt": {...}, ...}
    path.write_text(json.dumps(items) if as_list else "".join(json.dumps(i) + "\n" for i in items))
    return path


def test_verify_names_every_receipt_a_record_cut_short_does_not_contain(tmp_path: Path) -> None:
    db, log = tmp_path / "judge.sqlite3", tmp_path / "judge.log"
    game_id, answers, key = _play(db, log)
    organizer = answers[0].organizer_token
    assert [int(a.receipt.to_version) for a in answers] == [1, 2, 3, 4, 5]
    intact = tmp_path / "intact.jsonl"
    intact.write_text(_export(db, log, game_id, organizer))
    # The operator deletes the newest two events (a command and the dispute), the start-up
    # checkpoint that holds the game's head (judge/app/checkpoint.py) and the witness.
    with sqlite3.connect(db) as conn:
        uid = game_id.replace("-", "")
        assert conn.execute("DELETE FROM stored_events WHERE originator_id = ? AND originator_version >= 4",
                            (uid,)).rowcount == 2
        conn.execute("DROP TABLE judge_checkpoint")
    Path(f"{db}.witness").unlink()
    cut = tmp_path / "cut.jsonl"
    cut.write_text(_export(db, log, game_id, organizer, "--accept-missing-witness"))

    for as_list in (False, True):
        held = _receipts_file(tmp_path / f"receipts-{as_list}.json", answers, as_list)
        # The intact record contains every receipt.
        result = CliRunner().invoke(cli_app, ["verify", str(intact), "--key", key, "--receipts", str(held)])
        assert result.exit_code == 0, result.output
        assert "all 5 contained" in result.output
        # The shorter record verifies by itself (its chain, receipts and seal hold) ...
        alone = CliRunner().invoke(cli_app, ["verify", str(cut), "--key", key])
        assert alone.exit_code == 0, alone.output
        # ... but the client's receipts name the acknowledged versions it lacks.
        result = CliRunner().invoke(cli_app, ["verify", str(cut), "--key", key, "--receipts", str(held),
                                              "--json"])
        assert result.exit_code == 3, result.output
        report = json.loads(result.output)["receipts_held"]
        assert report["contained"] == 3
        assert [(m["receipt"], m["to_version"]) for m in report["missing"]] == [(4, 4), (5, 5)]
        assert all("not in the record, which ends at version 3" in m["problem"] for m in report["missing"])
        text = CliRunner().invoke(cli_app, ["verify", str(cut), "--key", key, "--receipts", str(held)])
        assert text.exit_code == 3
        assert "receipt 4 (game" in text.output and "receipt 5 (game" in text.output


def test_a_receipt_not_signed_by_the_key_or_not_a_receipt_is_named(tmp_path: Path) -> None:
    db, log = tmp_path / "judge.sqlite3", tmp_path / "judge.log"
    game_id, answers, key = _play(db, log)
    record = tmp_path / "record.jsonl"
    record.write_text(_export(db, log, game_id, answers[0].organizer_token))
    items = [receipt_of(a.receipt).to_dict() for a in answers[1:]]
    items[0] = {**items[0], "chain_head": "0" * 64}  # a head the record does not hold: signature no longer valid
    items[1] = {**items[1], "signature": items[2]["signature"]}  # another receipt's signature
    held = tmp_path / "held.jsonl"
    held.write_text("".join(json.dumps(i) + "\n" for i in items) + "not json\n")
    result = CliRunner().invoke(cli_app, ["verify", str(record), "--key", key, "--receipts", str(held), "--json"])
    assert result.exit_code == 3
    missing = {m["receipt"]: m["problem"] for m in json.loads(result.output)["receipts_held"]["missing"]}
    assert set(missing) == {1, 2, 5}
    assert "not signed by the server key" in missing[1] and "not signed by the server key" in missing[2]
    assert "not JSON" in missing[5]

