"""Python client of the judge API (``judge.v1.JudgeService``) and the ``judge`` CLI."""

from judge_client.client import (
    ACTION_KINDS,
    DEFAULT_TARGET,
    JudgeClient,
    JudgeRpcError,
    UntrustedReceipt,
    WatchStream,
    build_command,
    command_of,
    receipt_of,
    verify_receipt,
)

__all__ = [
    "ACTION_KINDS",
    "DEFAULT_TARGET",
    "JudgeClient",
    "JudgeRpcError",
    "UntrustedReceipt",
    "WatchStream",
    "build_command",
    "command_of",
    "receipt_of",
    "verify_receipt",
]
