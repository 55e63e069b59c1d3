"""The record of games: the ``Game`` aggregate (eventsourcing), the
``Credentials`` aggregate holding token hashes, the re-judging of recorded
commands shared by disputes and audits, and persistence details (durable
SQLite, snapshot transcodings)."""

from judge.domain.credentials import Credentials, Tokens, credentials_id, token_hash
from judge.domain.game import (
    CREATION_KINDS,
    DISMISSED,
    EVENT_KINDS,
    OPEN,
    UPHELD,
    Game,
    event_data,
    event_kind,
    recorded_at_ms,
)
from judge.domain.rules import (
    DIFFERENT,
    LEGAL,
    MALFORMED,
    REJECTED,
    JudgeRuleset,
    Judgement,
    judge_recorded,
    jsonable,
    ruleset_for,
    rules_version_of,
    ruling_from_dict,
    ruling_to_dict,
)

__all__ = [
    "CREATION_KINDS", "DIFFERENT", "DISMISSED", "EVENT_KINDS", "LEGAL", "MALFORMED", "OPEN",
    "REJECTED", "UPHELD", "Credentials", "Game", "JudgeRuleset", "Judgement", "Tokens",
    "credentials_id", "event_data", "event_kind", "judge_recorded",
    "jsonable", "recorded_at_ms", "ruleset_for", "rules_version_of", "ruling_from_dict",
    "ruling_to_dict", "token_hash",
]
