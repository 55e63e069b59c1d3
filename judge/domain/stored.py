"""A game's stored events as the record reads them: their kinds and data, the hash chain over them
(judge/domain/chain.py), when each was recorded, and what a viewer may see of them. The ``Game``
aggregate (judge/domain/game.py) writes them; the application, the record and the audit read them.
"""

from __future__ import annotations

from typing import Any

from judge.common.errors import InvalidArgument
from judge.common.i18n import N_, said
from judge.domain.chain import chain_line, genesis, line_hash, new_salt
from judge.domain.rules import JudgeRuleset, jsonable
from judge.rules.definitions import CARD_CORRECTED, CARDS_DEFINED, CORRECT_CARD, redact_correction, redact_definitions
from judge.rules.engine import GameSetup, Viewer, canonical_json

CREATION_KINDS = ("GameCreated", "GameImported")
EVENT_KINDS = (*CREATION_KINDS, "CommandAccepted", "DisputeOpened", "DisputeResolved", "GameStopped")


def event_kind(domain_event: object) -> str:
    """The public kind of a stored game event (its class name)."""
    return type(domain_event).__name__


def event_data(domain_event: Any) -> dict[str, Any]:
    """The data of a stored game event, as it appears in records and
    payloads (without ids, versions and library timestamps)."""
    kind = event_kind(domain_event)
    if kind == "GameCreated":
        names: tuple[str, ...] = ("setup", "rules_version", "created_at_ms")
    elif kind == "GameImported":
        names = ("setup", "rules_version", "created_at_ms", "source_game_id", "imported_at_ms")
    elif kind == "CommandAccepted":
        names = ("command_id", "seat", "action", "context", "effects")
    elif kind == "DisputeOpened":
        names = ("dispute_id", "seat", "event_version", "reason", "recheck", "recorded_at_ms")
    elif kind == "DisputeResolved":
        names = ("dispute_id", "upheld", "note", "restored_state", "voided_from", "voided_to",
                 "reopened_deadline_ms", "recorded_at_ms")
    elif kind == "GameStopped":
        names = ("reason", "places", "scores", "seed", "recorded_at_ms")
    else:
        raise TypeError(f"not a game event: {kind}")
    return {name: getattr(domain_event, name) for name in names}


def chain_data(domain_event: Any) -> dict[str, str]:
    """``salt``, ``prev_hash`` and ``hash`` of a stored game event, as in a
    record line; the first event's ``prev_hash`` is the genesis of its
    game's chain."""
    if domain_event.originator_version == 1:
        prev = genesis(str(domain_event.originator_id))
    else:
        prev = str(getattr(domain_event, "prev_hash", ""))
    return {"salt": str(getattr(domain_event, "salt", "")), "prev_hash": prev,
            "hash": str(getattr(domain_event, "hash", ""))}


RESERVED_KEYS = frozenset({"_type_", "_data_"})
"""An object with exactly these keys is how the event store's JSON
transcoder marks custom types; event data must never contain one, or the
stored event would not read back as it was written."""


def check_storable(value: Any, path: str = "") -> None:
    """Raise ``InvalidArgument`` if ``value`` holds an object the event
    store would not read back unchanged (see ``RESERVED_KEYS``)."""
    # Only containers are visited (a leaf cannot be the reserved shape).
    stack: list[tuple[Any, str]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, dict):
            if len(item) == 2 and set(item) == RESERVED_KEYS:
                raise InvalidArgument(where or "data", said(N_("objects with exactly the keys _type_ and _data_ are "
                                                                "reserved")))
            stack.extend((v, f"{where}.{k}" if where else str(k)) for k, v in item.items()
                         if isinstance(v, (dict, list)))
        elif isinstance(item, list):
            stack.extend((v, f"{where}[{i}]") for i, v in enumerate(item) if isinstance(v, (dict, list)))


def line_hash_of(version: int, kind: str, data: dict[str, Any], salt: str, prev_hash: str) -> str:
    """The chain hash of an event (see judge/domain/chain.py): the one
    computation behind ``chain_fields`` (writing) and ``event_hash``
    (checking)."""
    return line_hash(chain_line(version, kind, recorded_at_ms(kind, data), data, salt, prev_hash))


def event_hash(domain_event: Any, prev_hash: str) -> str:
    """The chain hash of a stored game event, recomputed from its content
    (not its recorded ``hash``), following ``prev_hash``."""
    kind = event_kind(domain_event)
    return line_hash_of(domain_event.originator_version, kind, event_data(domain_event),
                      str(getattr(domain_event, "salt", "")), prev_hash)


def chain_fields(version: int, kind: str, data: dict[str, Any], prev_hash: str) -> dict[str, Any]:
    check_storable(data)
    salt = new_salt()
    return {"salt": salt, "prev_hash": prev_hash,
            "hash": line_hash_of(version, kind, data, salt, prev_hash)}


def recorded_at_ms(kind: str, data: dict[str, Any]) -> int:
    """When an event was recorded (server clock), from its data."""
    if kind == "GameCreated":
        return int(data["created_at_ms"])
    if kind == "GameImported":
        return int(data["imported_at_ms"])
    if kind == "CommandAccepted":
        return int(data["context"]["now_ms"])
    return int(data["recorded_at_ms"])


def redacted_data(
    ruleset: JudgeRuleset, kind: str, data: dict[str, Any], viewer: Viewer
) -> dict[str, Any]:
    """Event data as ``viewer`` may see it.

    The organizer sees everything. For anyone else the action and effects of
    a command pass through ``ruleset.redact_action`` and ``ruleset.redact``
    (hidden card identities removed), and the
    state restored by an upheld dispute is replaced by the viewer's view of
    it (``restored_view``), since the whole state holds every hand.
    """
    if viewer.sees_everything:
        return data
    if kind == "CommandAccepted":
        action = ruleset.redact_action(data["action"], data["seat"], viewer)
        effects = [e if e.get("type") == CARDS_DEFINED else ruleset.redact(e, viewer) for e in data["effects"]]
        if any(e.get("type") == CARDS_DEFINED for e in effects):
            # A card's definition is seen where the card is: the rest of the event as the viewer sees it.
            seen = canonical_json([action, [e for e in effects if e.get("type") != CARDS_DEFINED]])
            effects = [redact_definitions(ruleset, e, seen) if e.get("type") == CARDS_DEFINED else e
                       for e in effects]
        if data["action"].get("kind") == CORRECT_CARD and data["action"].get("hidden_from"):
            seats = (viewer.seat, *viewer.also) if viewer.role == "seat" and viewer.seat is not None else None
            effects = [redact_correction(e, data["action"], seats) if e.get("type") == CARD_CORRECTED else e
                       for e in effects]
            if any(e.get("hidden") for e in effects if e.get("type") == CARD_CORRECTED):
                action = {"kind": CORRECT_CARD, "card": ""}
        return {**data, "action": action, "effects": effects}
    if kind == "DisputeResolved" and data.get("restored_state") is not None:
        restored = ruleset.from_dict(data["restored_state"])
        out = {k: v for k, v in data.items() if k != "restored_state"}
        out["restored_state"] = None
        out["restored_view"] = jsonable(ruleset.view(restored, viewer))
        return out
    if kind in CREATION_KINDS and data.get("setup", {}).get("position") is not None:
        # A game started from a position: the recorded position holds every hand;
        # the viewer gets the start as its own position of it (judge/rules/position.py).
        start = ruleset.initial_state(GameSetup.from_dict(data["setup"]))
        position_of = getattr(ruleset, "position", None)
        shown = jsonable(position_of(start, viewer)) if position_of is not None else None
        return {**data, "setup": {**data["setup"], "position": shown}}
    return data
