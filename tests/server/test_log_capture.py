"""A peer cannot write into the judge's log (issue "Hostile input, round three"): gRPC's core
prints an HTTP/2 GOAWAY's debug text to file descriptor 2, where the JSON log goes, so a peer
could end that line and write one of its own that parses as an access record. ``judge serve``
now moves fd 2 onto a pipe and logs each line there as one escaped record of the logger
``stderr`` (judge/server/logs.py): every line of its stderr is one JSON record of the judge."""

from __future__ import annotations

import json
import socket
import struct
from pathlib import Path

from judge_client import JudgeClient
from tests.server.support import SAFETY_TIMEOUT_S
from tests.support.judge_process import JUDGE
from tests.support.launch import launched

FORGED = {"ts": "2026-01-01T00:00:00.000+00:00", "level": "INFO", "logger": "judge.server.access",
          "message": "/judge.v1.JudgeService/ResolveDispute OK 1.0ms", "rpc": "ResolveDispute", "status": "OK",
          "forged": "by-a-peer"}


def _frame(kind: int, payload: bytes) -> bytes:
    return struct.pack(">I", len(payload))[1:] + bytes([kind, 0]) + struct.pack(">I", 0) + payload


def send_goaway(target: str, debug: bytes) -> None:
    """An HTTP/2 client that says hello and goes away at once, with ``debug`` as its debug text."""
    host, port = target.rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=SAFETY_TIMEOUT_S) as s:
        s.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + _frame(4, b""))  # preface, SETTINGS
        s.sendall(_frame(7, struct.pack(">II", 0, 11) + debug))  # GOAWAY, ENHANCE_YOUR_CALM
        try:
            s.recv(4096)
        except OSError:
            pass


def test_a_goaways_debug_text_is_one_escaped_record_not_a_line_of_its_own(tmp_path: Path) -> None:
    forged = ("\n" + json.dumps(FORGED) + "\n\r\x1b[2K").encode()
    env = {"JUDGE_LISTEN": "127.0.0.1:0", "JUDGE_DB": str(tmp_path / "judge.sqlite3"), "JUDGE_LOG_FORMAT": "json",
           "JUDGE_STARTUP_CHECK": "none", "JUDGE_WORKERS": "4", "GRPC_VERBOSITY": "DEBUG"}
    with launched([str(JUDGE), "serve"], tmp_path / "stderr.log", env=env) as judge:
        for _ in range(3):
            send_goaway(judge.target, forged)
        with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
            assert client.list_rulesets().rulesets  # a real call: a real access record
        assert judge.stop() == 0
        lines = judge.log_lines()
    records = [json.loads(line) for line in lines]  # every line of stderr is one record of the judge
    assert not [r for r in records if r.get("forged")], "a peer's text became a record of its own"
    quoted = [r for r in records if r["logger"] == "stderr" and "by-a-peer" in r["message"]]
    assert quoted, [r for r in records if r["logger"] == "stderr"][:5]  # it reached the log, quoted
    assert all("\x1b" not in r["message"] for r in records if r["logger"] == "stderr")
    assert [r for r in records if r["logger"] == "judge.server.access" and r["rpc"].endswith("/ListRulesets")]
