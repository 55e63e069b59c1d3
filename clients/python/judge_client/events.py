"""The client's calls of ``judge.v1.EventService`` (protos/judge/v1/events.proto, docs/events.md),
mixed into ``JudgeClient``: the token the client carries is the event's organizer, spectator or
player token, as the call needs.

>>> from judge_client import JudgeClient
>>> with JudgeClient("localhost:50051") as c:  # doctest: +SKIP
...     event = c.create_event("Kölner Cup", "munchkin", table_sizes=(4, 5), rounds=3, final_table_size=4)
...     organizer = c.with_token(event.organizer_token)
...     token = organizer.register_player(event.event_id, "Anna", {"sex": "female"})
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import grpc

from judge.v1 import events_pb2 as epb
from judge.v1 import events_pb2_grpc
from judge_client.errors import JudgeRpcError


class EventCalls:
    """The EventService methods (see the module docstring). Needs the client's ``_channel``,
    ``_call``, ``_stream``, ``_metadata`` and ``language``."""

    _channel: grpc.Channel
    language: str
    _call: Callable[..., Any]
    _metadata: Callable[[], list[tuple[str, str]]]

    @property
    def _events(self) -> events_pb2_grpc.EventServiceStub:
        stub = self.__dict__.get("_events_stub")
        if stub is None:
            stub = self.__dict__["_events_stub"] = events_pb2_grpc.EventServiceStub(self._channel)
        return stub

    def create_event(self, name: str, ruleset: str, *, variants: Sequence[str] = (),
                     options: Mapping[str, Any] | None = None, mode: str = "reported",
                     table_sizes: tuple[int, int] | None = None, place_points: Sequence[int] = (),
                     bye_points: int = 0, tie_breaks: Sequence[str] = (), rounds: int = 3,
                     final_table_size: int = 0,
                     custom_cards: Sequence[Mapping[str, Any]] = ()) -> epb.CreateEventResponse:
        """Create an event; the answer holds its organizer and spectator tokens (shown once)."""
        smallest, largest = table_sizes or (0, 0)
        request = epb.CreateEventRequest(
            name=name, ruleset=ruleset, variants=list(variants), options_json=json.dumps(dict(options or {})),
            mode=mode, smallest_table=smallest, largest_table=largest, place_points=list(place_points),
            bye_points=bye_points, tie_breaks=list(tie_breaks), rounds=rounds, final_table_size=final_table_size,
            custom_cards_json=json.dumps([dict(c) for c in custom_cards]) if custom_cards else "")
        return self._call(self._events.CreateEvent, request)  # type: ignore[no-any-return]

    def register_player(self, event_id: str, player: str, traits: Mapping[str, Any] | None = None) -> str:
        """Register a player (organizer); returns the player's event token."""
        answer = self._call(self._events.RegisterPlayer, epb.RegisterPlayerRequest(
            event_id=event_id, player=player, traits_json=json.dumps(dict(traits or {}))))
        return str(answer.player_token)

    def drop_player(self, event_id: str, player: str) -> None:
        """Drop a player between rounds (organizer)."""
        self._call(self._events.DropPlayer, epb.DropPlayerRequest(event_id=event_id, player=player))

    def start_round(self, event_id: str, final: bool = False) -> epb.Round:
        """Draw and start the next round, or the final table (organizer)."""
        answer = self._call(self._events.StartRound, epb.StartRoundRequest(event_id=event_id, final=final))
        return answer.round  # type: ignore[no-any-return]

    def call_time(self, event_id: str) -> epb.CallTimeResponse:
        """Time is up: stop every unfinished table of the round (organizer)."""
        return self._call(self._events.CallTime, epb.CallTimeRequest(event_id=event_id))  # type: ignore[no-any-return]

    def record_results(self, event_id: str) -> list[epb.TableResult]:
        """Record the results of the round's tables that are done (organizer)."""
        return list(self._call(self._events.RecordResults, epb.RecordResultsRequest(event_id=event_id)).results)

    def finish_event(self, event_id: str) -> str:
        """End the event (organizer); returns its revealed seed (hex)."""
        return str(self._call(self._events.FinishEvent, epb.FinishEventRequest(event_id=event_id)).seed)

    def standings(self, event_id: str) -> list[epb.StandingLine]:
        """The standings (spectator or organizer token)."""
        return list(self._call(self._events.GetStandings, epb.GetStandingsRequest(event_id=event_id)).lines)

    def get_event(self, event_id: str) -> epb.GetEventResponse:
        """The event (spectator or organizer token)."""
        return self._call(self._events.GetEvent, epb.GetEventRequest(event_id=event_id))  # type: ignore[no-any-return]

    def my_table(self, event_id: str) -> epb.MyTableResponse:
        """The current table of the player whose event token the client carries."""
        return self._call(self._events.MyTable, epb.MyTableRequest(event_id=event_id))  # type: ignore[no-any-return]

    def board(self, event_id: str, timeout: float | None = None) -> Iterator[epb.BoardStreamResponse]:
        """The board, then again whenever a table changes, until the event finishes (or ``timeout``)."""
        call = self._events.BoardStream(epb.BoardStreamRequest(event_id=event_id), metadata=self._metadata(),
                                        timeout=timeout)
        try:
            yield from call
        except grpc.RpcError as exc:
            if exc.code() == grpc.StatusCode.DEADLINE_EXCEEDED:
                return
            raise JudgeRpcError.from_rpc_error(exc, self.language) from exc
        finally:
            call.cancel()

    def export_event(self, event_id: str) -> epb.ExportEventResponse:
        """The event's record and every table's game record (organizer)."""
        return self._call(self._events.ExportEvent, epb.ExportEventRequest(event_id=event_id))  # type: ignore[no-any-return]

    def event_disputes(self, event_id: str, include_resolved: bool = False) -> list[epb.EventDispute]:
        """The organizer's dispute queue across every table (open ones, unless ``include_resolved``)."""
        answer = self._call(self._events.ListEventDisputes, epb.ListEventDisputesRequest(
            event_id=event_id, include_resolved=include_resolved))
        return list(answer.disputes)

    def resolve_table_dispute(self, event_id: str, game_id: str, dispute_id: int, uphold: bool,
                              note: str = "") -> epb.EventDispute:
        """Resolve a dispute at one of the event's tables (organizer)."""
        answer = self._call(self._events.ResolveTableDispute, epb.ResolveTableDisputeRequest(
            event_id=event_id, game_id=game_id, dispute_id=dispute_id, uphold=uphold, note=note))
        return answer.dispute  # type: ignore[no-any-return]
