"""Python client of the judge API (``judge.v1.JudgeService``) and the ``judge`` CLI."""

from judge_client.client import (
    ACTION_KINDS,
    DEFAULT_TARGET,
    FAMILY_SECTIONS,
    ROOT_FAMILY,
    JudgeClient,
    JudgeRpcError,
    UntrustedReceipt,
    WatchStream,
    action_kinds,
    action_of,
    build_command,
    command_of,
    receipt_of,
    seat_spec,
    verify_receipt,
)

__all__ = [
    "ACTION_KINDS",
    "DEFAULT_TARGET",
    "FAMILY_SECTIONS",
    "ROOT_FAMILY",
    "JudgeClient",
    "JudgeRpcError",
    "UntrustedReceipt",
    "WatchStream",
    "action_kinds",
    "action_of",
    "build_command",
    "command_of",
    "receipt_of",
    "seat_spec",
    "verify_receipt",
]
