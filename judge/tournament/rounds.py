"""A round of an event drawn from what the event's record holds: the one function the judge draws
with (judge/app/tournaments.py) and the verifier draws again with once the seed is revealed
(judge/record/event_record.py).

- A round of tables of three or more (``table_sizes.largest > 2``): ``draw_tables`` with the
  meetings of every round before it (the final not counted: it is the last).
- A round of a two-player event (tables of 2): ``swiss_pairing`` by the points of the standings
  after the rounds before it, with their meetings and byes; the player without an opponent has a
  bye (scored ``bye_points``).
- The final table: the first ``final_table_size`` players of the standings after the last round
  (the order of the standings decides at equal rank), seated in the order drawn with the label
  ``seating:<round>``.

>>> rules = EventRules(TableSizes(4, 5), Scoring((5, 3, 2, 1)), rounds=3, final_table_size=4)
>>> tables, byes = draw_round(bytes(32), rules, 1, False, [f"p{i}" for i in range(14)], [], [])
>>> [len(t) for t in tables], byes
([5, 5, 4], [])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.tournament.scoring import Scoring, Standing, TableResult, standings
from judge.tournament.seating import TableSizes, draw_tables, met_counts, swiss_pairing


@dataclass(frozen=True)
class EventRules:
    """What an event's creation fixes about its rounds."""

    table_sizes: TableSizes
    scoring: Scoring
    rounds: int
    final_table_size: int = 0

    @property
    def pairs(self) -> bool:
        """A two-player event: Swiss pairing instead of tables."""
        return self.table_sizes.largest == 2

    @staticmethod
    def from_created(data: Mapping[str, Any]) -> EventRules:
        """From the data of a ``TournamentCreated`` event (judge/domain/tournament.py)."""
        scoring = data["scoring"]
        return EventRules(
            TableSizes(int(data["table_sizes"][0]), int(data["table_sizes"][1])),
            Scoring(tuple(int(p) for p in scoring["place_points"]), int(scoring.get("bye_points", 0)),
                    tuple(str(t) for t in scoring.get("tie_breaks", ()))),
            int(data["rounds"]), int(data.get("final_table_size", 0)))


def result_of(data: Mapping[str, Any]) -> TableResult:
    """A table's result from the data of a ``TableFinished`` event."""
    return TableResult(int(data["round"]), tuple(tuple(g) for g in data["places"]),
                       {str(k): int(v) for k, v in dict(data.get("scores", {})).items()},
                       bool(data.get("time_called", False)))


def event_standings(players: Sequence[str], rounds: Sequence[Mapping[str, Any]],
                    results: Sequence[TableResult], scoring: Scoring) -> list[Standing]:
    """The standings of the rounds (not the final) after ``results``, with their byes."""
    finals = {int(r["round"]) for r in rounds if r.get("final")}
    byes = [p for r in rounds if not r.get("final") for p in r.get("byes", ())]
    return standings(players, [r for r in results if r.round not in finals], scoring, byes)


def draw_round(seed: bytes, rules: EventRules, round_number: int, final: bool, players: Sequence[str],
               rounds: Sequence[Mapping[str, Any]], results: Sequence[TableResult]) -> tuple[list[list[str]], list[str]]:
    """The tables (players in seat order) and byes of round ``round_number``.

    ``players``: the players not dropped, in registration order; ``rounds``: the rounds started
    before (``{"round", "final", "tables": [{"players"}], "byes"}``); ``results``: their results.
    """
    played = [[list(t["players"]) for t in r["tables"]] for r in rounds if not r.get("final")]
    met = met_counts(played)
    if final:
        ranked = [s.player for s in event_standings(players, rounds, results, rules.scoring)]
        finalists = ranked[:rules.final_table_size]
        size = len(finalists)
        return draw_tables(seed, round_number, finalists, TableSizes(size, size)), []
    if rules.pairs:
        points = {s.player: s.points for s in event_standings(players, rounds, results, rules.scoring)}
        had_bye = [p for r in rounds for p in r.get("byes", ())]
        pairing = swiss_pairing(seed, round_number, points, met, had_bye)
        return [list(pair) for pair in pairing.pairs], [pairing.bye] if pairing.bye is not None else []
    return draw_tables(seed, round_number, players, rules.table_sizes, met), []


def final_ranking(standing: Sequence[Standing], final: TableResult | None) -> list[str]:
    """The event's final order: the final table's players by their places there (equal places by
    the standings), then everyone else in the order of the standings."""
    order = [s.player for s in standing]
    if final is None:
        return order
    at = {p: i for i, group in enumerate(final.places) for p in group}
    finalists = sorted(at, key=lambda p: (at[p], order.index(p) if p in order else len(order)))
    return finalists + [p for p in order if p not in at]
