"""Python client of the judge API (``judge.v1.JudgeService``) and the ``judge`` CLI."""

from judge_client.client import (
    ACTION_KINDS,
    DEFAULT_TARGET,
    JudgeClient,
    JudgeRpcError,
    WatchStream,
    build_command,
    command_of,
)

__all__ = [
    "ACTION_KINDS",
    "DEFAULT_TARGET",
    "JudgeClient",
    "JudgeRpcError",
    "WatchStream",
    "build_command",
    "command_of",
]
