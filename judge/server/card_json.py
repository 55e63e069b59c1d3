"""Card definitions a request carries as JSON text (a game's ``custom_cards``, a command's ``define``):
each read within bounds (judge/common/jsonbounds.py) into one JSON object, or a field violation that says
what is wrong with it in the reader's language. What the object means is the family's rules' to judge."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.common import jsonbounds
from judge.common.i18n import N_, said

MAX_CARD_JSON_LENGTH = 4 * 1024
"""One card's JSON, in characters."""


def json_problem(exc: ValueError) -> str:
    """What is wrong with a card's JSON: longer or deeper than allowed, or not JSON at all."""
    if isinstance(exc, jsonbounds.JsonBoundsError):
        return said(N_("is {problem}"), problem=exc.args[0] if exc.args else str(exc))
    return said(N_("is not valid JSON: {problem}"), problem=str(exc))


def card_object(text: str, field: str, add: Callable[[str, str], None]) -> dict[str, Any] | None:
    """The one JSON object ``text`` holds, or None after ``add(field, problem)``."""
    if len(text) > MAX_CARD_JSON_LENGTH:
        add(field, said(N_("must be at most {n} characters long (limit MAX_CARD_JSON_LENGTH)"),
                        n=MAX_CARD_JSON_LENGTH))
        return None
    try:
        data = jsonbounds.loads(text)
    except ValueError as exc:  # JsonBoundsError: longer or deeper than allowed
        add(field, json_problem(exc))
        return None
    if not isinstance(data, dict):
        add(field, said(N_("must be one JSON object")))
        return None
    bad = jsonbounds.out_of_range(data, field)
    if bad is not None:
        add(*bad)
        return None
    return data

