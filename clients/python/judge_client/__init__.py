"""Python client of the judge API (``judge.v1.JudgeService``) and the ``judge`` CLI.

The names below come from ``judge_client.client`` when first used, so that a
program importing only part of the package (the ``judge`` command line before
it knows its command, ``judge --version``) does not load gRPC and protobuf.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
        events_of,
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
    "events_of",
    "receipt_of",
    "seat_spec",
    "verify_receipt",
]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from judge_client import client

        return getattr(client, name)
    raise AttributeError(f"module 'judge_client' has no attribute {name!r}")
