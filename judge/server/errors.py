"""The one table from exceptions to gRPC statuses (rich error model).

| exception                          | status              | details                         |
|------------------------------------|---------------------|---------------------------------|
| ``Rejected`` (a rule forbids it)   | FAILED_PRECONDITION | ErrorInfo(reason = rule id,     |
|                                    |                     | domain "judge", metadata        |
|                                    |                     | source/section/quote/legal_when)|
|                                    |                     | + LocalizedMessage de and en    |
| ``Malformed``, ``InvalidArgument`` | INVALID_ARGUMENT    | BadRequest field violations     |
|                                    |                     | + LocalizedMessage de and en    |
|                                    |                     | (``UnknownCard``: + ErrorInfo   |
|                                    |                     | "UNKNOWN_CARD", card, field)    |
| ``GameNotFound``,                  | NOT_FOUND           | ResourceInfo + LocalizedMessage |
| ``DisputeNotFound``                |                     |                                 |
| ``Unauthenticated``                | UNAUTHENTICATED     |                                 |
| ``PermissionDenied``               | PERMISSION_DENIED   | LocalizedMessage de and en      |
| ``VersionConflict``                | ABORTED             | ErrorInfo(reason                |
|                                    |                     | "VERSION_CONFLICT", expected,   |
|                                    |                     | actual)                         |
| ``WriteContention`` (other writers | ABORTED             | ErrorInfo(reason                |
| appended before every attempt)     |                     | "WRITE_CONTENTION", attempts,   |
|                                    |                     | actual)                         |
| ``ResourceExhausted``              | RESOURCE_EXHAUSTED  |                                 |
| ``CorruptRecord``                  | DATA_LOSS           |                                 |
| the database cannot be reached     | UNAVAILABLE         | (the reason is logged: a client |
| (eventsourcing ``OperationalError``|                     | may retry, here or on another   |
| or ``InterfaceError``)             |                     | replica)                        |
| anything else                      | INTERNAL            | a generic message with an       |
|                                    |                     | incident id; the traceback is   |
|                                    |                     | logged, never sent              |

A message the judge wrote for people (judge/common/i18n.py ``Said``: a message id with parameters) is
sent in the caller's language (``accept-language``), and in each language the judge speaks as a
``LocalizedMessage``.

Every RPC of the servicer runs inside its ``unary`` or ``streaming``
decorator, and the guard's checks inside ``GuardInterceptor`` (see
``judge/server/servicer.py`` and ``interceptors.py``); both answer through
``abort``, so no request is dropped without an answer.
"""

from __future__ import annotations

import logging
import uuid
from typing import NoReturn

import grpc
from google.protobuf import any_pb2
from google.protobuf.message import Message
from google.rpc import code_pb2, error_details_pb2, status_pb2
from eventsourcing.persistence import InterfaceError, OperationalError
from grpc_status import rpc_status

from judge.common.i18n import Said, in_lang
from judge.common.errors import (
    CorruptRecord,
    DisputeNotFound,
    GameNotFound,
    InvalidArgument,
    PermissionDenied,
    ResourceExhausted,
    Unauthenticated,
    Unavailable,
    VersionConflict,
    WriteContention,
)
from judge.rules.ruling import Malformed, Rejected, UnknownCard
from judge.server.convert import LANGUAGES, InvalidRequest

logger = logging.getLogger(__name__)

DOMAIN = "judge"
"""The ErrorInfo domain of every error the judge raises itself."""
UNKNOWN_CARD = "UNKNOWN_CARD"
"""The ErrorInfo reason of a command naming a card the game does not know (metadata ``card``, ``field``)."""


def _status(code: int, message: str, *details: Message) -> grpc.Status:
    packed = []
    for detail in details:
        box = any_pb2.Any()
        box.Pack(detail)
        packed.append(box)
    return rpc_status.to_status(status_pb2.Status(code=code, message=message, details=packed))


def _rejected(exc: Rejected, lang: str) -> grpc.Status:
    ruling = exc.ruling
    citation = ruling.rule.citation
    info = error_details_pb2.ErrorInfo(
        reason=ruling.rule_id,
        domain=DOMAIN,
        metadata={
            "source": citation.source,
            "section": citation.section,
            "quote": citation.quote,
            "legal_when": ruling.legal_when(lang),
            # A refused position names the field that breaks the rule.
            **({"field": str(ruling.details["field"])} if "field" in ruling.details else {}),
        },
    )
    messages = [
        error_details_pb2.LocalizedMessage(locale=code, message=ruling.explanation(code))
        for code in LANGUAGES
    ]
    return _status(code_pb2.FAILED_PRECONDITION, ruling.explanation(lang), info, *messages)


def _localized(message: object) -> list[error_details_pb2.LocalizedMessage]:
    """``message`` in each language the judge speaks (nothing for a message written in English only)."""
    if not isinstance(message, Said):
        return []
    return [error_details_pb2.LocalizedMessage(locale=code, message=message.in_lang(code)) for code in LANGUAGES]


def _bad_request(violations: list[tuple[str, object]], message: str, lang: str, *extra: Message) -> grpc.Status:
    detail = error_details_pb2.BadRequest(
        field_violations=[
            error_details_pb2.BadRequest.FieldViolation(field=field, description=in_lang(description, lang))
            for field, description in violations
        ]
    )
    # The violations said together, in each language (each described in it where the judge can).
    together = [error_details_pb2.LocalizedMessage(locale=code, message="; ".join(
        f"{field}: {in_lang(description, code)}" for field, description in violations)) for code in LANGUAGES] \
        if any(isinstance(d, Said) for _, d in violations) else []
    return _status(code_pb2.INVALID_ARGUMENT, message, detail, *extra, *together)


def _invalid(exc: InvalidArgument | Malformed, lang: str) -> grpc.Status:
    violations: list[tuple[str, object]] = list(exc.violations) if isinstance(exc, InvalidRequest) else \
        [(exc.field, exc.message)]
    message = "; ".join(f"{field}: {in_lang(description, lang)}" for field, description in violations)
    if isinstance(exc, UnknownCard):
        # The card named in a way a client reads: it offers the definition form (SubmitRequest.define).
        info = error_details_pb2.ErrorInfo(reason=UNKNOWN_CARD, domain=DOMAIN,
                                           metadata={"card": exc.card, "field": exc.field})
        return _bad_request(violations, f"invalid request: {message}", lang, info)
    return _bad_request(violations, f"invalid request: {message}", lang)


def _version_conflict(exc: VersionConflict, lang: str) -> grpc.Status:
    info = error_details_pb2.ErrorInfo(
        reason="VERSION_CONFLICT",
        domain=DOMAIN,
        metadata={"expected_version": str(exc.expected), "actual_version": str(exc.actual)},
    )
    return _status(code_pb2.ABORTED, in_lang(exc.args[0], lang), info, *_localized(exc.args[0]))


def _write_contention(exc: WriteContention, lang: str) -> grpc.Status:
    info = error_details_pb2.ErrorInfo(
        reason="WRITE_CONTENTION",
        domain=DOMAIN,
        metadata={"attempts": str(exc.attempts), "actual_version": str(exc.actual), "record": exc.record},
    )
    return _status(code_pb2.ABORTED, in_lang(exc.args[0], lang), info, *_localized(exc.args[0]))


def _not_found(exc: GameNotFound | DisputeNotFound, lang: str) -> grpc.Status:
    if isinstance(exc, GameNotFound):
        resource = error_details_pb2.ResourceInfo(resource_type="game", resource_name=exc.game_id)
    else:
        resource = error_details_pb2.ResourceInfo(resource_type="dispute")
    message = exc.args[0] if exc.args else str(exc)
    return _status(code_pb2.NOT_FOUND, in_lang(message, lang), resource, *_localized(message))


_PLAIN: list[tuple[type[Exception], int]] = [
    (Unauthenticated, code_pb2.UNAUTHENTICATED),
    (PermissionDenied, code_pb2.PERMISSION_DENIED),
    (ResourceExhausted, code_pb2.RESOURCE_EXHAUSTED),
    (Unavailable, code_pb2.UNAVAILABLE),
    (CorruptRecord, code_pb2.DATA_LOSS),
]


def to_status(exc: BaseException, lang: str = "en") -> grpc.Status:
    """The status answering ``exc``, with explanations in ``lang``.

    An exception outside the table is logged with its traceback under a
    fresh incident id; the caller only learns that id.
    """
    if isinstance(exc, Rejected):
        return _rejected(exc, lang)
    if isinstance(exc, (InvalidArgument, Malformed)):
        return _invalid(exc, lang)
    if isinstance(exc, (GameNotFound, DisputeNotFound)):
        return _not_found(exc, lang)
    if isinstance(exc, VersionConflict):
        return _version_conflict(exc, lang)
    if isinstance(exc, WriteContention):
        return _write_contention(exc, lang)
    if isinstance(exc, (OperationalError, InterfaceError)):
        logger.warning("the database cannot be reached: %s", " ".join(str(exc).split()))
        return _status(code_pb2.UNAVAILABLE, "the database cannot be reached; try again")
    for kind, code in _PLAIN:
        if isinstance(exc, kind):
            said = exc.args[0] if exc.args and isinstance(exc.args[0], Said) else None
            if said is not None:
                return _status(code, said.in_lang(lang), *_localized(said))
            return _status(code, str(exc) or kind.__name__)
    incident = uuid.uuid4().hex[:12]
    logger.error("internal error, incident %s", incident, exc_info=exc)
    return _status(code_pb2.INTERNAL, f"internal error (incident {incident})")


def abort(context: grpc.ServicerContext, exc: BaseException, lang: str) -> NoReturn:
    """End the RPC with the status for ``exc``; raises, as ``context.abort`` does."""
    context.abort_with_status(to_status(exc, lang))
    raise RuntimeError("abort_with_status returned")  # grpc always raises; never reached
