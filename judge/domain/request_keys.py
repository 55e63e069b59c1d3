"""Idempotency keys of the writes that are not commands: importing a record
and resolving a dispute.

A client that sent such a request and lost the answer retries with the same
key. The key is stored as its own small aggregate, saved in the same
transaction as the write it stands for, so a key exists exactly when its
write does; a retry finds it and gets the stored outcome instead of a second
import or an "already resolved" refusal. Commands have their own key (the
command id, recorded in the game's events).

A key's id is derived from its scope (``"import"`` or ``"resolve:<game>"``)
and the client's key, so two replicas racing with one key collide in the
store and exactly one of them writes.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate, event

# Namespace of request key ids: uuid5(REQUEST_KEY_NAMESPACE, "<scope>\n<key>").
REQUEST_KEY_NAMESPACE = UUID("5b0e5f7e-3a55-4d3f-8f5e-1c8d2a7f9b61")


def request_key_id(scope: str, key: str) -> UUID:
    """The id of the request key ``key`` within ``scope``."""
    return uuid5(REQUEST_KEY_NAMESPACE, f"{scope}\n{key}")


class RequestKey(Aggregate):
    """One used idempotency key and what its request did (``outcome``: JSON)."""

    @staticmethod
    def create_id(scope: str, key: str, outcome: dict[str, Any]) -> UUID:
        return request_key_id(scope, key)

    @event("RequestKeyUsed")
    def __init__(self, scope: str, key: str, outcome: dict[str, Any]) -> None:
        self.scope = scope
        self.key = key
        self.outcome = outcome
