"""How a table's game ended, read from its game record: what checking an event's record
(judge/record/event_record.py) compares each table's result with."""

from __future__ import annotations

from typing import Any, cast

from judge.domain.rules import JudgeRuleset, ruleset_for
from judge.record.audit import run_audit
from judge.record.reading import read_record
from judge.rules.places import is_over, places_of


def game_outcome(text: str) -> dict[str, Any]:
    """``{"game_id", "seats": [names], "places": [[seats]] or None, "stopped": bool, "audit": report}``
    of a complete game record: the places of its ``GameStopped`` event, else those of its final
    state if the game is over by its own rules, else None."""
    record = read_record(text)
    result = run_audit(record)
    seats = [str(s.get("name", "")) for s in record.header.setup.get("seats", [])]
    stop = next((e for e in record.events if e.kind == "GameStopped"), None)
    places: list[list[int]] | None = None
    if stop is not None:
        places = [list(g) for g in stop.data["places"]]
    elif result.final_state is not None:
        ruleset = cast(JudgeRuleset, ruleset_for(record.header.rules_version))
        if is_over(ruleset, result.final_state):
            places = places_of(ruleset, result.final_state, len(seats)).places
    return {"game_id": record.header.game_id, "seats": seats, "places": places, "stopped": stop is not None,
            "audit": result.report}
