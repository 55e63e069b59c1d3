"""The web bridge passes an event's calls too (judge/web/bridge.py, docs/events.md): a browser's
board reads the event and follows its BoardStream through gRPC-Web, with the same credentials."""

from __future__ import annotations

import struct
import urllib.request

from judge.v1 import events_pb2 as epb
from judge_client import JudgeClient
from tests.support.judge_process import JudgeProcess


def _grpc_web(url: str, method: str, request: bytes, token: str | None = None) -> tuple[list[bytes], dict[str, str]]:
    """POST one framed message to an EventService method; the answer's messages and its trailers."""
    headers = {"Content-Type": "application/grpc-web+proto", "X-Grpc-Web": "1"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    body = struct.pack(">BI", 0, len(request)) + request
    with urllib.request.urlopen(urllib.request.Request(f"{url}judge.v1.EventService/{method}", body, headers)) as r:
        data = r.read()
    messages: list[bytes] = []
    trailers: dict[str, str] = {}
    while data:
        flags, length = struct.unpack(">BI", data[:5])
        payload, data = data[5:5 + length], data[5 + length:]
        if flags & 0x80:
            for line in payload.decode().split("\r\n"):
                key, _, value = line.partition(":")
                if key:
                    trailers[key] = value.strip()
        else:
            messages.append(payload)
    return messages, trailers


def test_the_board_of_an_event_through_the_bridge(web_judge: JudgeProcess) -> None:
    client = JudgeClient(web_judge.target)
    created = client.create_event("Abend", "munchkin", table_sizes=(3, 3), rounds=1)
    organizer = client.with_token(created.organizer_token)
    for n, name in enumerate(("Anna", "Ben", "Cem")):
        organizer.register_player(created.event_id, name, {"sex": "female" if n % 2 else "male"})
    organizer.start_round(created.event_id)
    request = epb.GetEventRequest(event_id=created.event_id).SerializeToString()
    messages, trailers = _grpc_web(web_judge.web_url, "GetEvent", request, created.spectator_token)
    assert trailers["grpc-status"] == "0"
    assert epb.GetEventResponse.FromString(messages[0]).players == ["Anna", "Ben", "Cem"]
    assert _grpc_web(web_judge.web_url, "GetEvent", request, "not-a-token")[1]["grpc-status"] == "16"
    organizer.call_time(created.event_id)
    organizer.finish_event(created.event_id)  # the board stream ends with the event
    board = epb.BoardStreamRequest(event_id=created.event_id).SerializeToString()
    messages, trailers = _grpc_web(web_judge.web_url, "BoardStream", board, created.spectator_token)
    assert trailers["grpc-status"] == "0"
    shown = epb.BoardStreamResponse.FromString(messages[-1])
    assert shown.finished and [t.stopped for t in shown.tables] == [True]
