"""The definition form of a monkic card whose values the game does not know (``judge submit`` asks it on
a terminal; docs/monkic.md): its printed attack and shield points."""

from __future__ import annotations

from typing import Any

from judge.common.i18n import N_
from judge_client.families import Question

KINDS = (N_("values"),)


def questions(kind: str) -> tuple[Question, ...]:
    return (Question("attack", N_("its printed attack points"), int, 0),
            Question("shield", N_("its printed shield points"), int, 0))


def definition(name: str, kind: str, answers: dict[str, Any]) -> dict[str, Any]:
    """The card's values entry (``{card, attack, shield}``)."""
    return {"card": name, **answers}
