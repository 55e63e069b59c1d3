"""The web bridge of ``judge serve --web-listen`` over a real judge process:
gRPC-Web calls reach the same servicer with the same authentication and
validation as native gRPC, a refusal carries its ruling, and only the judge's
own methods and files are served."""

from __future__ import annotations

import json

import base64
import struct
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from google.rpc import error_details_pb2, status_pb2

from judge.cards import load_catalogue
from judge.v1 import cards_pb2 as cards_pb
from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient, JudgeRpcError
from tests.support.judge_process import JUDGE, JudgeProcess


def _grpc_web(url: str, method: str, request: bytes, token: str | None = None) -> tuple[list[bytes], dict[str, str]]:
    """POST one framed message; the answer's messages and its trailers."""
    headers = {"Content-Type": "application/grpc-web+proto", "X-Grpc-Web": "1"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    body = struct.pack(">BI", 0, len(request)) + request
    with urllib.request.urlopen(urllib.request.Request(f"{url}judge.v1.JudgeService/{method}", body, headers)) as r:
        assert r.headers["Content-Type"] == "application/grpc-web+proto"
        data = r.read()
    messages: list[bytes] = []
    trailers: dict[str, str] = {}
    while data:
        flags, length = struct.unpack(">BI", data[:5])
        payload, data = data[5:5 + length], data[5 + length:]
        if flags & 0x80:
            for line in payload.decode().split("\r\n"):
                if line:
                    key, _, value = line.partition(":")
                    trailers[key] = value.strip()
        else:
            messages.append(payload)
    return messages, trailers


def _game(srv: JudgeProcess) -> pb.CreateGameResponse:
    return JudgeClient(srv.target).create_game("munchkin", seats=["Anna:female", "Ben:male", "Cem:male"], mode="dealt",
                                               interference_window_ms=0)


def test_a_seat_reads_its_view_through_the_bridge(web_judge: JudgeProcess) -> None:
    game = _game(web_judge)
    anna = game.seat_tokens[0].token
    messages, trailers = _grpc_web(web_judge.web_url, "GetView", pb.GetViewRequest(game_id=game.game_id).SerializeToString(),
                                   anna)
    assert trailers["grpc-status"] == "0"
    view = pb.GetViewResponse.FromString(messages[0]).view
    native = JudgeClient(web_judge.target, anna).get_view(game.game_id).view
    assert view == native  # the same servicer answers: her own hand, nobody else's
    assert len(view.seats[0].hand) > 0 and list(view.seats[1].hand) == []


def test_the_bridge_asks_for_the_same_credentials(web_judge: JudgeProcess) -> None:
    game = _game(web_judge)
    request = pb.GetViewRequest(game_id=game.game_id).SerializeToString()
    assert _grpc_web(web_judge.web_url, "GetView", request)[1]["grpc-status"] == "16"  # UNAUTHENTICATED
    assert _grpc_web(web_judge.web_url, "GetView", request, "not-a-token")[1]["grpc-status"] == "16"


def test_a_refusal_through_the_bridge_carries_its_ruling(web_judge: JudgeProcess) -> None:
    """A seat may not act for another: Ben's token sending as Anna is
    PERMISSION_DENIED; a rules refusal carries the ruling native gRPC gives."""
    game = _game(web_judge)
    ben = game.seat_tokens[1].token
    as_anna = pb.SubmitRequest(game_id=game.game_id, command=pb.Command(command_id="w1", seat=0, end_turn=pb.EndTurn()))
    assert _grpc_web(web_judge.web_url, "Submit", as_anna.SerializeToString(), ben)[1]["grpc-status"] == "7"
    out_of_turn = pb.SubmitRequest(game_id=game.game_id,
                                   command=pb.Command(command_id="w2", seat=1, end_turn=pb.EndTurn()))
    _, trailers = _grpc_web(web_judge.web_url, "Submit", out_of_turn.SerializeToString(), ben)
    assert trailers["grpc-status"] == "9"  # FAILED_PRECONDITION
    status = status_pb2.Status.FromString(base64.b64decode(trailers["grpc-status-details-bin"]))
    reasons = []
    for detail in status.details:
        info = error_details_pb2.ErrorInfo()
        if detail.Unpack(info):
            reasons.append(info.reason)
    with pytest.raises(JudgeRpcError) as native:  # the same command over native gRPC: the same ruling
        JudgeClient(web_judge.target, ben).submit(game.game_id, 1, "end_turn")
    assert native.value.rule_id.startswith("munchkin.")
    assert reasons == [native.value.rule_id]


def test_a_malformed_body_changes_nothing(web_judge: JudgeProcess) -> None:
    game = _game(web_judge)
    anna = game.seat_tokens[0].token
    _, trailers = _grpc_web(web_judge.web_url, "Submit", b"\xff\xff\xff", anna)
    assert trailers["grpc-status"] == "3"  # INVALID_ARGUMENT from the judge's own guard
    assert JudgeClient(web_judge.target, anna).get_view(game.game_id).view.version == game.view.version


def test_only_the_judges_methods_and_files_are_served(web_judge: JudgeProcess) -> None:
    for path in ("grpc.health.v1.Health/Check", "judge.v1.JudgeService/NoSuchMethod", "static/../bridge.py",
                 "static/table.txt", "etc/passwd"):
        request = urllib.request.Request(web_judge.web_url + path, b"", {"Content-Type": "application/grpc-web+proto"})
        try:
            urllib.request.urlopen(request)
        except urllib.error.HTTPError as e:
            assert e.code == 404, path
        else:
            raise AssertionError(f"{path} was served")
    with urllib.request.urlopen(web_judge.web_url) as page:
        assert page.headers["Content-Type"].startswith("text/html")
        assert b"/static/table.js" in page.read()
    with urllib.request.urlopen(web_judge.web_url + "board") as board:  # an event's board (docs/events.md)
        assert board.headers["Content-Type"].startswith("text/html")
        assert b"/static/board.js" in board.read()


def test_the_installable_app_is_served(web_judge: JudgeProcess) -> None:
    """The manifest and the icons it names, each with its type (an installable web app)."""
    with urllib.request.urlopen(web_judge.web_url + "static/manifest.webmanifest") as answer:
        assert answer.headers["Content-Type"] == "application/manifest+json"
        manifest = json.loads(answer.read())
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    types = {"png": "image/png", "svg": "image/svg+xml"}
    for icon in manifest["icons"]:
        with urllib.request.urlopen(web_judge.web_url + icon["src"].lstrip("/")) as answer:
            assert answer.headers["Content-Type"] == types[icon["src"].rsplit(".", 1)[1]]
            assert answer.read()
    with urllib.request.urlopen(web_judge.web_url) as page:
        assert b'rel="manifest"' in page.read()


def test_the_page_script_is_shipped_built() -> None:
    """A fresh clone serves the page without a build step: the bundle is in the package."""
    static = Path(__file__).resolve().parents[2] / "judge" / "web" / "static"
    assert (static / "table.js").stat().st_size > 10_000
    assert (static / "board.js").stat().st_size > 10_000


def test_a_bad_web_address_refuses_to_start(tmp_path: Path) -> None:
    result = subprocess.run(
        [str(JUDGE), "serve", "--listen", "127.0.0.1:0", "--db", str(tmp_path / "j.sqlite3"),
         "--web-listen", "no-port"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert "web page" in result.stderr


def test_the_page_reads_card_names_and_texts(web_judge: JudgeProcess) -> None:
    """The page shows each offered card's printed name and text: ListCards through the bridge, no token."""
    messages, trailers = _grpc_web(web_judge.web_url, "ListCards",
                                   cards_pb.ListCardsRequest(ruleset="munchkin").SerializeToString())
    assert trailers["grpc-status"] == "0"
    cards = {c.id: c for c in cards_pb.ListCardsResponse.FromString(messages[0]).cards}
    topfpflanze = load_catalogue("munchkin")["topfpflanze"]
    assert (cards["topfpflanze"].name, cards["topfpflanze"].text) == (topfpflanze.name, topfpflanze.text)
