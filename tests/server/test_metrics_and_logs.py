"""Operations on a real judge on loopback: the Prometheus endpoint is scraped
over HTTP while calls run and its counters move; every call leaves one
structured log record with its request id, game, seat, status and rule id."""

from __future__ import annotations

import json
import logging
import secrets
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from prometheus_client.parser import text_string_to_metric_families

from judge.app import JudgeApp
from judge.domain.credentials import token_hash
from judge.server import logs
from judge.server.main import create_server
from judge.server.metrics import Metrics, MetricsEndpoint, expose, split_address
from judge.v1 import judge_pb2 as pb
from judge.v1 import judge_pb2_grpc
from judge_client import JudgeClient, JudgeRpcError
from judge_client.client import command_of
from tests.app.app_support import ManualClock
from tests.server.support import SAFETY_TIMEOUT_S, Judge, open_table

SUBMIT = "judge.v1.JudgeService/Submit"
WATCH = "judge.v1.JudgeService/Watch"
NOT_YOUR_TURN = "munchkin.turn.not-your-turn"


class Scraper:
    """Reads the metrics endpoint over HTTP, as Prometheus would."""

    def __init__(self, endpoint: MetricsEndpoint):
        self.url = endpoint.url

    def samples(self) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
        with urllib.request.urlopen(self.url, timeout=SAFETY_TIMEOUT_S) as response:
            text = response.read().decode("utf-8")
        return {
            (s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples
        }

    def value(self, name: str, **labels: str) -> float:
        return self.samples().get((name, frozenset(labels.items())), 0.0)

    def until(self, name: str, wanted: float, **labels: str) -> float:
        """The sample once it equals ``wanted`` (scraping again while it moves
        towards it; the safety deadline only ends a hung test)."""
        deadline = time.monotonic() + SAFETY_TIMEOUT_S
        value = self.value(name, **labels)
        while value != wanted and time.monotonic() < deadline:
            time.sleep(0.02)
            value = self.value(name, **labels)
        return value


@pytest.fixture(scope="module")
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture(scope="module")
def observed(tmp_path_factory: pytest.TempPathFactory, clock: ManualClock) -> Iterator[tuple[Judge, Scraper]]:
    """A judge with metrics served over HTTP on a free port, on a clock the test moves."""
    admin = secrets.token_urlsafe(32)
    app = JudgeApp(JudgeApp.sqlite(tmp_path_factory.mktemp("judge") / "judge.sqlite3"), clock=clock,
                   admin_token_hash=token_hash(admin))
    metrics = Metrics()
    endpoint = expose(metrics, "127.0.0.1:0")
    server, port = create_server("127.0.0.1:0", app, max_workers=8, window_poll_ms=10, metrics=metrics)
    server.start()
    try:
        yield Judge(f"127.0.0.1:{port}", Path(), app, admin), Scraper(endpoint)
    finally:
        server.stop(grace=None).wait(SAFETY_TIMEOUT_S)
        endpoint.stop()
        app.close()


def test_a_scrape_shows_requests_commands_appends_and_games_moving(observed: tuple[Judge, Scraper]) -> None:
    judge, scrape = observed
    before = scrape.samples()

    def moved(name: str, **labels: str) -> float:
        return scrape.value(name, **labels) - before.get((name, frozenset(labels.items())), 0.0)

    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        table = open_table(client)
        with pytest.raises(JudgeRpcError) as malformed:
            table.seats[0].submit(table.game_id, 0, "kick_door", card="no-such-card")
        assert malformed.value.code == grpc.StatusCode.INVALID_ARGUMENT
        table.seats[0].submit(table.game_id, 0, "kick_door", card="elf")
        with pytest.raises(JudgeRpcError) as refused:
            table.seats[1].submit(table.game_id, 1, "kick_door", card="elf")
        assert refused.value.rule_id == NOT_YOUR_TURN

    assert moved("judge_requests_total", rpc="judge.v1.JudgeService/CreateGame", code="OK") == 1
    assert moved("judge_requests_total", rpc=SUBMIT, code="OK") == 1
    assert moved("judge_requests_total", rpc=SUBMIT, code="FAILED_PRECONDITION") == 1
    assert moved("judge_request_duration_seconds_count", rpc=SUBMIT) == 3
    assert moved("judge_commands_total", ruleset="munchkin", result="accepted", rule_id="") == 1
    assert moved("judge_commands_total", ruleset="munchkin", result="rejected", rule_id=NOT_YOUR_TURN) == 1
    assert moved("judge_commands_total", ruleset="munchkin", result="malformed", rule_id="") == 1
    assert moved("judge_appends_total") >= 2  # the new game with its credentials, the kick
    assert moved("judge_append_duration_seconds_count") == moved("judge_appends_total")
    assert scrape.value("judge_games") == judge.app.game_count >= 1


def test_a_retried_command_id_counts_as_duplicate_not_as_a_second_acceptance(
    observed: tuple[Judge, Scraper], caplog: pytest.LogCaptureFixture
) -> None:
    """A client retrying a command id (after a lost answer, or on another
    replica) is answered from the record: the scrape tells it apart from a
    newly judged command, and so does its log record."""
    judge, scrape = observed
    before = scrape.samples()

    def moved(result: str) -> float:
        labels = {"ruleset": "munchkin", "result": result, "rule_id": ""}
        key = ("judge_commands_total", frozenset(labels.items()))
        return scrape.value("judge_commands_total", **labels) - before.get(key, 0.0)

    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        table = open_table(client)
        with caplog.at_level(logging.DEBUG, "judge.server.access"):  # a judged Submit logs at DEBUG
            first = table.seats[0].submit(table.game_id, 0, "kick_door", card="elf", command_id="retry-1")
            again = table.seats[0].submit(table.game_id, 0, "kick_door", card="elf", command_id="retry-1")
    assert not first.duplicate and again.duplicate and again.version == first.version
    assert moved("accepted") == 1
    assert moved("duplicate") == 1
    submits = [r for r in caplog.records if getattr(r, "rpc", None) == SUBMIT]
    assert [getattr(r, "duplicate", False) for r in submits[-2:]] == [False, True]


def test_a_watch_is_an_open_stream_while_it_runs(observed: tuple[Judge, Scraper]) -> None:
    judge, scrape = observed
    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        table = open_table(client)
        assert scrape.value("judge_open_streams", rpc=WATCH) == 0
        stream = table.spectator.watch(table.game_id)
        next(stream)  # the game's first event: the server is inside the stream
        assert scrape.value("judge_open_streams", rpc=WATCH) == 1
        stream.cancel()
        assert scrape.until("judge_open_streams", 0, rpc=WATCH) == 0
    assert scrape.value("judge_requests_total", rpc=WATCH, code="CANCELLED") >= 1


def test_a_window_the_judge_closes_is_counted(observed: tuple[Judge, Scraper], clock: ManualClock) -> None:
    """000 KAMPF: the judge resolves a claimed victory once the interference
    window has elapsed; that deadline command counts as a window closed."""
    judge, scrape = observed
    before = scrape.value("judge_windows_closed_total")
    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        table = open_table(client)
        anna = table.seats[0]
        anna.submit(table.game_id, 0, "play_card", card="flammende-ruestung")
        anna.submit(table.game_id, 0, "kick_door", card="lahmer-goblin")
        anna.submit(table.game_id, 0, "claim_victory")
        assert scrape.value("judge_windows_closed_total") == before  # the window is still open
        clock.advance(10 * 60 * 1000)
        assert scrape.until("judge_windows_closed_total", before + 1) == before + 1
        last = list(table.organizer.replay(table.game_id))[-1]
        assert last.event.action == "resolve_combat" and not last.event.HasField("seat")


def test_each_call_logs_one_record_with_its_request_id_game_seat_and_rule(
    observed: tuple[Judge, Scraper], caplog: pytest.LogCaptureFixture
) -> None:
    judge, _ = observed
    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        table = open_table(client)
        ben = table.game.seat_tokens[1].token
        with grpc.insecure_channel(judge.target) as channel, caplog.at_level(logging.INFO, "judge.server.access"):
            stub = judge_pb2_grpc.JudgeServiceStub(channel)
            request = pb.SubmitRequest(game_id=table.game_id,
                                       command=command_of(1, "kick_door", {"card": "elf"}, command_id="c-1"))
            with pytest.raises(grpc.RpcError) as refused:
                stub.Submit(request, metadata=(("authorization", f"Bearer {ben}"), ("x-request-id", "req-42")),
                            timeout=SAFETY_TIMEOUT_S)
            assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
            assert ("x-request-id", "req-42") in tuple(refused.value.trailing_metadata())  # Submit: trailing
    [record] = [r for r in caplog.records if getattr(r, "request_id", None) == "req-42"]
    assert record.rpc == SUBMIT and record.status == "FAILED_PRECONDITION"  # type: ignore[attr-defined]
    assert record.game == table.game_id and record.seat == 1  # type: ignore[attr-defined]
    assert record.role == "seat" and record.rule_id == NOT_YOUR_TURN  # type: ignore[attr-defined]
    assert record.duration_ms >= 0  # type: ignore[attr-defined]
    assert ben not in record.getMessage()

    line = json.loads(logs.JsonFormatter().format(record))
    assert {k: line[k] for k in ("request_id", "rpc", "status", "game", "seat", "rule_id")} == {
        "request_id": "req-42", "rpc": SUBMIT, "status": "FAILED_PRECONDITION", "game": table.game_id,
        "seat": 1, "rule_id": NOT_YOUR_TURN}
    assert line["level"] == "WARNING" and line["logger"] == "judge.server.access"


def test_a_call_without_a_request_id_gets_a_fresh_one(
    observed: tuple[Judge, Scraper], caplog: pytest.LogCaptureFixture
) -> None:
    judge, _ = observed
    ids = []
    with grpc.insecure_channel(judge.target) as channel, caplog.at_level(logging.INFO, "judge.server.access"):
        stub = judge_pb2_grpc.JudgeServiceStub(channel)
        for _ in range(2):
            _, call = stub.GetServerKey.with_call(pb.GetServerKeyRequest(), timeout=SAFETY_TIMEOUT_S)
            assert "x-request-id" not in dict(call.initial_metadata())  # a unary call: with the status
            ids.append(dict(call.trailing_metadata())["x-request-id"])
    assert ids[0] != ids[1]
    logged = [getattr(r, "request_id", None) for r in caplog.records]
    assert ids[0] in logged and ids[1] in logged


def test_a_stream_sends_its_request_id_before_its_first_message(observed: tuple[Judge, Scraper]) -> None:
    judge, _ = observed
    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        table = open_table(client)
    with grpc.insecure_channel(judge.target) as channel:
        stub = judge_pb2_grpc.JudgeServiceStub(channel)
        stream = stub.Watch(pb.WatchRequest(game_id=table.game.game_id),
                            metadata=(("authorization", f"Bearer {table.game.spectator_token}"), ("x-request-id", "req-44")),
                            timeout=SAFETY_TIMEOUT_S)
        assert ("x-request-id", "req-44") in tuple(stream.initial_metadata())
        stream.cancel()


def test_auto_log_format_is_text_on_a_terminal_and_json_elsewhere() -> None:
    class Terminal:
        def isatty(self) -> bool:
            return True

    class Pipe:
        def isatty(self) -> bool:
            return False

    assert logs.resolve_format("auto", Terminal()) == "text"  # type: ignore[arg-type]
    assert logs.resolve_format("auto", Pipe()) == "json"  # type: ignore[arg-type]
    assert logs.resolve_format("text", Pipe()) == "text"  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        logs.resolve_format("xml")


def test_a_metrics_address_must_be_host_and_port() -> None:
    assert split_address("0.0.0.0:9464") == ("0.0.0.0", 9464)
    assert split_address("[::1]:0") == ("::1", 0)
    assert split_address(":9464") == ("0.0.0.0", 9464)
    for bad in ("9464", "host:port", "host:70000"):
        with pytest.raises(ValueError):
            split_address(bad)


def test_two_judges_in_one_process_count_apart(tmp_path: Path) -> None:
    """Each server has its own registry: metrics of one never show in another."""
    first, second = Metrics(), Metrics()
    apps = [JudgeApp(JudgeApp.sqlite(tmp_path / f"{n}.sqlite3")) for n in (1, 2)]
    servers = [create_server("127.0.0.1:0", app, max_workers=2, metrics=m) for app, m in zip(apps, (first, second))]
    for server, _ in servers:
        server.start()
    try:
        with JudgeClient(f"127.0.0.1:{servers[0][1]}", timeout=SAFETY_TIMEOUT_S) as client:
            client.list_rulesets()
        rpc = "judge.v1.JudgeService/ListRulesets"
        assert first.requests.labels(rpc=rpc, code="OK")._value.get() == 1
        assert second.requests.labels(rpc=rpc, code="OK")._value.get() == 0
    finally:
        for server, _ in servers:
            server.stop(grace=None).wait(SAFETY_TIMEOUT_S)
        for app in apps:
            app.close()



def test_a_json_log_line_carries_the_traceback_and_any_field_as_text() -> None:
    try:
        raise KeyError("boom")
    except KeyError:
        record = logging.LogRecord("judge.server.errors", logging.ERROR, __file__, 1, "internal error, incident %s",
                                   ("abc",), exc_info=sys.exc_info())
    record.path = Path("somewhere")
    line = json.loads(logs.JsonFormatter().format(record))
    assert line["message"] == "internal error, incident abc" and line["level"] == "ERROR"
    assert "KeyError: 'boom'" in line["exception"]
    assert line["path"] == "somewhere"


def test_an_accepted_submit_sends_its_request_id_in_the_trailing_metadata_and_logs_at_debug(
    observed: tuple[Judge, Scraper], caplog: pytest.LogCaptureFixture
) -> None:
    judge, _ = observed
    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        table = open_table(client)
        anna = table.game.seat_tokens[0].token
        with grpc.insecure_channel(judge.target) as channel, caplog.at_level(logging.DEBUG, "judge.server.access"):
            stub = judge_pb2_grpc.JudgeServiceStub(channel)
            request = pb.SubmitRequest(game_id=table.game_id,
                                       command=command_of(0, "kick_door", {"card": "elf"}, command_id="c-9"))
            _, call = stub.Submit.with_call(
                request, metadata=(("authorization", f"Bearer {anna}"), ("x-request-id", "req-43")),
                timeout=SAFETY_TIMEOUT_S)
            assert ("x-request-id", "req-43") in tuple(call.trailing_metadata())
    [record] = [r for r in caplog.records if getattr(r, "request_id", None) == "req-43"]
    assert record.levelno == logging.DEBUG and record.status == "OK"  # type: ignore[attr-defined]
