"""What the client raises: ``JudgeRpcError`` (a failed call, with the ruling
of a rejected action and the field violations of a malformed request) and
``UntrustedReceipt``, and the receipt checks that raise it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from judge.common.receipts import Receipt
from judge.v1 import judge_pb2 as pb


class JudgeRpcError(Exception):
    """A failed call, with the rich error details unpacked.

    ``code`` is the gRPC status code and ``message`` its message (for a
    ruling: the explanation in the client's language). For a rejected action
    (FAILED_PRECONDITION) ``rule_id`` and ``ruling`` carry the judge's ruling;
    for a malformed request ``field_violations`` lists ``(field, description)``.
    """

    def __init__(
        self,
        code: grpc.StatusCode,
        message: str,
        *,
        error_info: error_details_pb2.ErrorInfo | None = None,
        ruling: pb.Ruling | None = None,
        field_violations: Sequence[tuple[str, str]] = (),
    ):
        super().__init__(f"{code.name}: {message}")
        self.code = code
        self.message = message
        self.error_info = error_info
        self.ruling = ruling
        self.field_violations = list(field_violations)

    @property
    def unknown_card(self) -> str:
        """The card a refused command named that the game does not know ('' for other errors): the
        command may be sent again with the card's definition (``define``)."""
        info = self.error_info
        return str(info.metadata.get("card", "")) if info is not None and info.reason == "UNKNOWN_CARD" else ""

    @property
    def rule_id(self) -> str:
        """The id of the rule that forbids the action ('' for other errors)."""
        return self.ruling.rule_id if self.ruling is not None else ""

    @classmethod
    def from_rpc_error(cls, error: grpc.RpcError, language: str = "en") -> JudgeRpcError:
        """Unpack a ``grpc.RpcError`` (a failed call) into a ``JudgeRpcError``."""
        call: Any = error
        code: grpc.StatusCode = call.code() if hasattr(call, "code") else grpc.StatusCode.UNKNOWN
        message: str = (call.details() if hasattr(call, "details") else "") or ""
        status = rpc_status.from_call(call) if hasattr(call, "trailing_metadata") else None
        info: error_details_pb2.ErrorInfo | None = None
        localized: dict[str, str] = {}
        violations: list[tuple[str, str]] = []
        for detail in status.details if status is not None else ():
            if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
                info = error_details_pb2.ErrorInfo()
                detail.Unpack(info)
            elif detail.Is(error_details_pb2.LocalizedMessage.DESCRIPTOR):
                text = error_details_pb2.LocalizedMessage()
                detail.Unpack(text)
                localized[text.locale.split("-")[0]] = text.message
            elif detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
                bad = error_details_pb2.BadRequest()
                detail.Unpack(bad)
                violations.extend((v.field, v.description) for v in bad.field_violations)
        ruling = None
        if code == grpc.StatusCode.FAILED_PRECONDITION and info is not None and info.domain == "judge":
            ruling = pb.Ruling(
                rule_id=info.reason,
                source=info.metadata.get("source", ""),
                section=info.metadata.get("section", ""),
                quote=info.metadata.get("quote", ""),
                explanation=localized.get(language, message),
                explanation_de=localized.get("de", ""),
                explanation_en=localized.get("en", ""),
                legal_when=info.metadata.get("legal_when", ""),
            )
        return cls(code, message, error_info=info, ruling=ruling, field_violations=violations)


class UntrustedReceipt(Exception):
    """A receipt that the pinned server key did not sign (or that does not
    match the answer it came with)."""


def receipt_of(message: pb.Receipt) -> Receipt:
    """The ``Receipt`` of a ``judge.v1.Receipt`` message."""
    return Receipt(message.game_id, message.from_version, message.to_version, message.chain_head,
                   message.key_id, bytes(message.signature))


def verify_receipt(message: pb.Receipt, public_key: bytes, game_id: str | None = None) -> Receipt:
    """Check a receipt against a server's public key (and game); returns it,
    or raises ``UntrustedReceipt``."""
    receipt = receipt_of(message)
    if not receipt.verify(public_key):
        raise UntrustedReceipt(
            f"the receipt for versions {receipt.from_version}-{receipt.to_version} of game "
            f"{receipt.game_id} is not signed by the pinned server key")
    if game_id is not None and receipt.game_id != game_id:
        raise UntrustedReceipt(f"the receipt is for game {receipt.game_id}, not {game_id}")
    return receipt
