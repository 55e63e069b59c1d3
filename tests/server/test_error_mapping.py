"""The exception -> status table itself (judge/server/errors.py), row by row,
including the rows a well-behaved application rarely reaches over the wire."""

from __future__ import annotations

import logging

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from judge.common.errors import (
    CorruptRecord,
    DisputeNotFound,
    GameNotFound,
    InvalidArgument,
    PermissionDenied,
    ResourceExhausted,
    Unauthenticated,
    VersionConflict,
    WriteContention,
)
from judge.rules.registry import get
from judge.rules.ruling import RULES, Malformed, Rejected, Ruling
from judge.server.convert import InvalidRequest
from judge.server.errors import to_status


class _Trailers:
    """What ``rpc_status.from_call`` needs of a call: its trailing metadata."""

    def __init__(self, status: grpc.Status):
        self._status = status

    def trailing_metadata(self) -> tuple[tuple[str, bytes], ...]:
        return tuple(self._status.trailing_metadata)

    def code(self) -> grpc.StatusCode:
        return self._status.code

    def details(self) -> str:
        return self._status.details


def decoded(exc: BaseException, lang: str = "en"):
    status = to_status(exc, lang)
    return status, rpc_status.from_call(_Trailers(status))


@pytest.mark.parametrize(
    ("exc", "code"),
    [
        (Malformed("play_card.card", "unknown card"), grpc.StatusCode.INVALID_ARGUMENT),
        (InvalidArgument("seats", "too few"), grpc.StatusCode.INVALID_ARGUMENT),
        (GameNotFound("g"), grpc.StatusCode.NOT_FOUND),
        (DisputeNotFound("g", 3), grpc.StatusCode.NOT_FOUND),
        (Unauthenticated("no token"), grpc.StatusCode.UNAUTHENTICATED),
        (PermissionDenied("not your seat"), grpc.StatusCode.PERMISSION_DENIED),
        (VersionConflict(3, 4), grpc.StatusCode.ABORTED),
        (WriteContention(8, 12), grpc.StatusCode.ABORTED),
        (ResourceExhausted("too many games"), grpc.StatusCode.RESOURCE_EXHAUSTED),
        (CorruptRecord("event 7 does not decode"), grpc.StatusCode.DATA_LOSS),
        (KeyError("boom"), grpc.StatusCode.INTERNAL),
    ],
)
def test_each_exception_has_its_status(exc: Exception, code: grpc.StatusCode) -> None:
    status, rich = decoded(exc)
    assert status.code == code
    assert rich is not None and rich.code == code.value[0]


def test_a_write_beaten_at_every_attempt_is_aborted_as_contention_not_as_a_stale_version() -> None:
    """The client sent no expected_version: the answer must not claim it did."""
    status, rich = decoded(WriteContention(8, 12))
    assert "expected version" not in status.details and "send the same command again" in status.details
    [detail] = [d for d in rich.details if d.Is(error_details_pb2.ErrorInfo.DESCRIPTOR)]
    info = error_details_pb2.ErrorInfo()
    assert detail.Unpack(info)
    assert (info.reason, dict(info.metadata)) == (
        "WRITE_CONTENTION", {"attempts": "8", "actual_version": "12", "record": "game"})


@pytest.mark.parametrize(("record", "de", "en"), [
    ("game", "an das Spiel angefügt", "send the same command again"),
    ("library", "Kartenbibliothek", "send the same request again"),
    ("event", "das Turnier", "send the same request again"),
])
def test_write_contention_names_the_record_it_lost_and_speaks_german(record: str, de: str, en: str) -> None:
    """A library's or an event's write beaten at every attempt is not told as a game's command."""
    german, _ = decoded(WriteContention(8, 12, record), "de")
    english, _ = decoded(WriteContention(8, 12, record), "en")
    assert de in german.details and "12" in german.details
    assert en in english.details and ("command" in english.details) == (record == "game")


def test_a_stale_version_is_said_in_german() -> None:
    status, _ = decoded(VersionConflict(3, 4), "de")
    assert status.details == "erwartet war Version 3, das Spiel ist bei Version 4"


def test_rejected_carries_rule_citation_and_both_languages() -> None:
    get("munchkin")  # the rules register with their ruleset: load it, as a server does at its start
    rule = RULES["munchkin.sell.not-during-combat"]
    status, rich = decoded(Rejected(Ruling(rule)), "de")
    infos = [d for d in rich.details if d.Is(error_details_pb2.ErrorInfo.DESCRIPTOR)]
    info = error_details_pb2.ErrorInfo()
    infos[0].Unpack(info)
    assert (info.reason, info.domain) == (rule.rule_id, "judge")
    assert info.metadata["source"] == rule.citation.source
    assert info.metadata["legal_when"] == rule.legal_when_de
    locales = set()
    for d in rich.details:
        if d.Is(error_details_pb2.LocalizedMessage.DESCRIPTOR):
            m = error_details_pb2.LocalizedMessage()
            d.Unpack(m)
            locales.add(m.locale)
    assert locales == {"de", "en"}
    assert status.details == Ruling(rule).explanation("de")


def test_invalid_request_lists_every_violation() -> None:
    _, rich = decoded(InvalidRequest([("seats[0].name", "must not be empty"), ("mode", "unknown")]))
    bad = error_details_pb2.BadRequest()
    rich.details[0].Unpack(bad)
    assert [v.field for v in bad.field_violations] == ["seats[0].name", "mode"]


def test_internal_errors_leak_nothing_and_are_logged(caplog: pytest.LogCaptureFixture) -> None:
    secret = "/srv/judge/secret-path token=abc123"
    with caplog.at_level(logging.ERROR, logger="judge.server.errors"):
        status, _ = decoded(RuntimeError(secret))
    assert status.code == grpc.StatusCode.INTERNAL
    assert secret not in status.details and "RuntimeError" not in status.details
    incident = status.details.rsplit(" ", 1)[-1].rstrip(")")
    assert any(incident in r.getMessage() and r.exc_info for r in caplog.records)
