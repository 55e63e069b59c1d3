"""The Python client installed on its own (clients/python, its own
pyproject), in a fresh virtual environment without the server package, used
against a real judge process: create a game, play a turn with the client
library and with the ``judge`` command line's client commands, verify every
receipt against the pinned server key, read a refusal's ruling. The commands
that need the server (serve, check, verify) say so and exit 2."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.judge_process import ROOT, JudgeProcess

INSTALL_TIMEOUT_S = 600.0
"""A safety net for the install on a slow machine, never a measurement."""


@pytest.fixture(scope="module")
def alone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh venv with only ``pip install ./clients/python``; its bin folder.

    The client folder is copied first (following clients/python/judge/v1, the
    link to the generated API code), as a fresh clone's folder would be
    built, so the build leaves nothing in the working tree."""
    base = tmp_path_factory.mktemp("client-alone")
    source = base / "python"
    shutil.copytree(ROOT / "clients" / "python", source,
                    ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=INSTALL_TIMEOUT_S)
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(source)],
                   check=True, timeout=INSTALL_TIMEOUT_S, capture_output=True)
    yield venv / "bin"


def _run(bin_dir: Path, *args: str, env: dict[str, str] | None = None,
         check: bool = True) -> subprocess.CompletedProcess[str]:
    # Run outside the repository so nothing of the working tree is importable.
    result = subprocess.run([*args], cwd=bin_dir, capture_output=True, text=True, timeout=120,
                            env={**{k: v for k, v in os.environ.items() if k != "JUDGE_TOKEN"},
                                 **(env or {}), "PYTHONPATH": ""})
    if check and result.returncode != 0:
        raise AssertionError(f"{args} exited {result.returncode}:\n{result.stdout}\n{result.stderr}")
    return result


def _cli(bin_dir: Path, target: str, *args: str, token: str | None = None,
         check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {"JUDGE_TARGET": target, "JUDGE_LANG": "en"}
    if token:
        env["JUDGE_TOKEN"] = token
    return _run(bin_dir, str(bin_dir / "judge"), *args, env=env, check=check)


def _python(bin_dir: Path, code: str, *args: str) -> Any:
    result = _run(bin_dir, str(bin_dir / "python"), "-c", textwrap.dedent(code), *args)
    return json.loads(result.stdout)


def test_the_client_installs_without_the_server(alone: Path) -> None:
    """The environment holds the client and the API, not the server nor its storage."""
    found = _python(alone, """
        import importlib.util, json
        names = ["judge_client", "judge.v1.judge_pb2", "judge.common.receipts", "judge.server", "judge.store",
                 "judge.domain", "eventsourcing", "psycopg"]
        print(json.dumps({n: importlib.util.find_spec(n) is not None for n in names}))
    """)
    assert found == {"judge_client": True, "judge.v1.judge_pb2": True, "judge.common.receipts": True, "judge.server": False,
                     "judge.store": False, "judge.domain": False, "eventsourcing": False,
                     "psycopg": False}


def test_the_client_alone_plays_a_turn_against_a_real_judge(alone: Path, server: JudgeProcess) -> None:
    """Rules seed 000 (Munchkin), "Gegenstände verkaufen": nothing is sold
    during a combat; the client alone creates a game, kicks the door into a
    combat, reads the refusal's ruling and checks every receipt."""
    t = server.target
    key = json.loads(_cli(alone, t, "key", "--json").stdout)
    played = _python(alone, """
        import json, sys
        from judge_client import JudgeClient, JudgeRpcError
        from judge_client.client import verify_receipt
        target, key = sys.argv[1], sys.argv[2]
        creator = JudgeClient(target, server_key=key)
        created = creator.create_game("munchkin", ["Anna:female", "Ben:male", "Cem:male"])
        anna = creator.with_token(created.seat_tokens[0].token)
        door = anna.submit(created.game_id, 0, "kick_door", card="topfpflanze")
        receipt = verify_receipt(door.receipt, bytes.fromhex(key), created.game_id)
        try:
            anna.submit(created.game_id, 0, "sell_items", cards=["flammende-ruestung"])
            refused = ""
        except JudgeRpcError as error:
            refused = error.rule_id
        print(json.dumps({"game": created.game_id, "version": door.version,
                          "receipt": [receipt.from_version, receipt.to_version],
                          "refused": refused, "token": created.seat_tokens[0].token}))
    """, t, key["public_key"])
    assert played["version"] == 2 and played["receipt"] == [2, 2]
    assert played["refused"] == "munchkin.sell.not-during-combat"

    # The command line's client commands, from the same environment.
    token = played["token"]
    game = played["game"]
    sale = _cli(alone, t, "submit", game, "0", "sell_items", "--arg", "cards=flammende-ruestung", "--json",
                token=token, check=False)
    assert sale.returncode == 1
    assert json.loads(sale.stdout)["error"]["rule_id"] == "munchkin.sell.not-during-combat"
    _cli(alone, t, "--server-key", key["public_key"], "submit", game, "0", "play_card",
         "--arg", "card=trank-der-idiotischen-tapferkeit", "--arg", "side=players", token=token)
    view = json.loads(_cli(alone, t, "view", game, "--json", token=token).stdout)
    assert int(view["version"]) == 3  # an int64: a JSON string in proto3 JSON


def test_server_commands_say_they_need_the_server(alone: Path, tmp_path: Path) -> None:
    """``judge serve``, ``judge check`` and ``judge bench`` from the client alone: a plain
    message and exit status 2, no traceback."""
    for args in (["serve", "--db", str(tmp_path / "j.sqlite3")], ["check", "--db", str(tmp_path / "j.sqlite3")],
                 ["bench", "--quick"]):
        result = _cli(alone, "127.0.0.1:1", *args, check=False)
        assert result.returncode == 2, result.stderr
        assert "needs the judge server package" in result.stderr
        assert "Traceback" not in result.stderr
