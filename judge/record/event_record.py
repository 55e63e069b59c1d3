"""The record of an event (docs/events.md, "The record"): JSON lines in the style of a game's
record (docs/record-format.md).

Line 1, the header: ``{"format": "judge-event-record", "format_version": 1, "event_id",
"exported_at_ms", "events", "server_key"}``. Then one line per event of the event's stream
(judge/domain/tournament.py): ``version``, ``kind``, ``recorded_at_ms``, the kind's fields, and the
chain fields ``salt``, ``prev_hash``, ``hash`` (the same hash chain as a game's, its genesis from the
event id). Last, ``{"receipt": ...}``: the server's signed receipt of versions 1 to the last, whose
``chain_head`` is the last event's hash.

``check_event_record`` checks the chain and the receipt, the revealed seed against the commitment,
every round drawn again from the seed (judge/tournament/rounds.py), and with the tables' game
records (each verified and audited by the caller) that every table's game seats its players in
the drawn order and that every table's result is the places its game ended with.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from judge.common.receipts import Receipt, key_id_of
from judge.domain.chain import ServerKey, genesis, line_hash
from judge.domain.tournament import DATA_FIELDS, recorded_at, tournament_event_data, tournament_event_kind
from judge.record.format import server_key_dict
from judge.rules.chance import commitment
from judge.tournament.rounds import EventRules, draw_round, result_of
from judge.tournament.seating import SeatingError

EVENT_RECORD_FORMAT = "judge-event-record"
EVENT_RECORD_VERSION = 1


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def write_event_record(event_id: str, stored: Sequence[Any], now_ms: int, key: ServerKey) -> str:
    """The record of the event's stored domain events, signed with ``key``."""
    lines = []
    prev = genesis(event_id)
    for e in stored:
        kind = tournament_event_kind(e)
        data = tournament_event_data(e)
        fields = {k: v for k, v in data.items() if k not in ("recorded_at_ms",)}
        line = {"version": e.originator_version, "kind": kind, "recorded_at_ms": recorded_at(kind, data), **fields,
                "salt": str(getattr(e, "salt", "")), "prev_hash": prev if e.originator_version == 1
                else str(getattr(e, "prev_hash", ""))}
        line["hash"] = str(getattr(e, "hash", ""))
        prev = line["hash"]
        lines.append(_dumps(line))
    header = {"format": EVENT_RECORD_FORMAT, "format_version": EVENT_RECORD_VERSION, "event_id": event_id,
              "exported_at_ms": now_ms, "events": len(lines), "server_key": server_key_dict(key)}
    receipt = key.receipt(event_id, 1, len(lines), prev)
    return "\n".join([_dumps(header), *lines, _dumps({"receipt": receipt.to_dict()})]) + "\n"


@dataclass
class EventCheck:
    """What checking an event's record found: problems (empty: intact and every draw the seed's)."""

    event_id: str = ""
    problems: list[str] = field(default_factory=list)
    rounds_checked: int = 0
    tables_checked: int = 0
    seed_revealed: bool = False
    events: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def read_event_lines(text: str) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any] | None]:
    """Header, event lines and the receipt of an event record (``ValueError`` if it is not one)."""
    rows = [json.loads(line) for line in text.split("\n") if line.strip()]
    if not rows or not isinstance(rows[0], dict) or rows[0].get("format") != EVENT_RECORD_FORMAT:
        raise ValueError("not an event record (its first line names no judge-event-record format)")
    receipt = rows[-1].get("receipt") if isinstance(rows[-1], dict) and "receipt" in rows[-1] else None
    events = rows[1:-1] if receipt is not None else rows[1:]
    return rows[0], events, receipt


def check_event_record(text: str, games: Mapping[str, Mapping[str, Any]] | None = None,
                       public_key: bytes | None = None) -> EventCheck:
    """Check an event's record; ``games``: game id -> ``{"seats": [names], "places": [[seats]]}``
    of each table's verified game record (places: how it ended, absent if it did not)."""
    out = EventCheck()
    try:
        header, events, receipt = read_event_lines(text)
    except (ValueError, AttributeError) as e:
        out.problems.append(f"line 1: {e}")
        return out
    event_id = str(header.get("event_id", ""))
    out.event_id, out.events = event_id, events
    key = bytes.fromhex(str((header.get("server_key") or {}).get("public_key", "")) or "00")
    if public_key is not None and public_key != key:
        out.problems.append(f"line 1: signed by key {key_id_of(key)}, not by the pinned key {key_id_of(public_key)}")
    if header.get("events") != len(events):
        out.problems.append(f"line 1: events: the header announces {header.get('events')}, the record holds {len(events)}")
    prev = genesis(event_id)
    for n, line in enumerate(events, start=1):
        where = f"line {n + 1}"
        kind = line.get("kind")
        if line.get("version") != n or kind not in DATA_FIELDS:
            out.problems.append(f"{where}: expected version {n} of a known kind")
            continue
        expected = ["version", "kind", "recorded_at_ms",
                    *[f for f in DATA_FIELDS[kind] if f != "recorded_at_ms"], "salt", "prev_hash", "hash"]
        if list(line) != expected:
            out.problems.append(f"{where}: keys not in the order the judge writes them")
        if line.get("prev_hash") != prev:
            out.problems.append(f"{where}: prev_hash is not the hash of the event before it")
        if line.get("hash") != line_hash({k: v for k, v in line.items() if k != "hash"}):
            out.problems.append(f"{where}: the event was altered (its content does not hash to its hash)")
        prev = str(line.get("hash", ""))
    if receipt is None:
        out.problems.append(f"line {len(events) + 2}: the receipt (last line) is missing")
    else:
        try:
            signed = Receipt.from_dict(receipt)
            if not signed.verify(key) or signed.game_id != event_id or signed.chain_head != prev \
                    or (signed.from_version, signed.to_version) != (1, len(events)):
                out.problems.append(f"line {len(events) + 2}: the receipt does not hold for this record")
        except (KeyError, TypeError, ValueError) as e:
            out.problems.append(f"line {len(events) + 2}: receipt: {e}")
    if not out.problems:
        _check_draws(out, events, games)
    return out


def _check_draws(out: EventCheck, events: list[dict[str, Any]], games: Mapping[str, Mapping[str, Any]] | None) -> None:
    created = events[0] if events else {}
    if created.get("kind") != "TournamentCreated":
        out.problems.append("line 2: an event starts with TournamentCreated")
        return
    finished = next((e for e in events if e["kind"] == "TournamentFinished"), None)
    if finished is None:
        return  # the seed is revealed when the event finishes: the draws cannot be checked yet
    try:
        seed = bytes.fromhex(str(finished["seed"]))
    except ValueError:
        seed = b""
    if commitment(seed) != created["seed_sha256"]:
        out.problems.append(f"line {finished['version'] + 1}: the revealed seed does not match the commitment "
                            "seed_sha256 made at creation")
        return
    out.seed_revealed = True
    rules = EventRules.from_created(created)
    players: list[str] = []
    rounds: list[dict[str, Any]] = []
    results: list[Any] = []
    for e in events:
        where = f"line {e['version'] + 1}"
        if e["kind"] == "PlayerRegistered":
            players.append(e["player"])
        elif e["kind"] == "PlayerDropped":
            players = [p for p in players if p != e["player"]]
        elif e["kind"] == "RoundStarted":
            try:
                drawn, byes = draw_round(seed, rules, e["round"], e["final"], players, rounds, results)
            except SeatingError as err:
                out.problems.append(f"{where}: the round cannot be drawn again: {err}")
                continue
            if [t["players"] for t in e["tables"]] != drawn or e["byes"] != byes:
                out.problems.append(f"{where}: round {e['round']}: the tables are not the ones the seed draws "
                                    f"({drawn}, byes {byes})")
            out.rounds_checked += 1
            rounds.append({"round": e["round"], "final": e["final"], "tables": e["tables"], "byes": e["byes"]})
            for t in e["tables"]:
                _check_game(out, where, t, (games or {}).get(t["game_id"]), games is not None)
        elif e["kind"] == "TableFinished":
            results.append(result_of(e))
            _check_result(out, where, e, rounds, games)


def _check_game(out: EventCheck, where: str, table: Mapping[str, Any], game: Mapping[str, Any] | None,
                expected: bool) -> None:
    if game is None:
        if expected:
            out.problems.append(f"{where}: the record of table {table['table']}'s game {table['game_id']} is missing")
        return
    out.tables_checked += 1
    if list(game.get("seats", [])) != list(table["players"]):
        out.problems.append(f"{where}: game {table['game_id']} seats {game.get('seats')}, the table "
                            f"{table['players']}")


def _check_result(out: EventCheck, where: str, e: Mapping[str, Any], rounds: list[dict[str, Any]],
                  games: Mapping[str, Mapping[str, Any]] | None) -> None:
    table = next((t for r in rounds if r["round"] == e["round"] for t in r["tables"] if t["table"] == e["table"]), None)
    if table is None:
        out.problems.append(f"{where}: round {e['round']} has no table {e['table']}")
        return
    game = (games or {}).get(table["game_id"])
    if game is None or game.get("places") is None:
        if games is not None:
            out.problems.append(f"{where}: game {table['game_id']} did not end, yet the table has a result")
        return
    names = list(table["players"])
    places = [[names[s] for s in group] for group in game["places"]]
    if places != e["places"] or bool(game.get("stopped")) != bool(e["time_called"]):
        out.problems.append(f"{where}: round {e['round']} table {e['table']}: the result {e['places']} is not how "
                            f"its game ended ({places})")
