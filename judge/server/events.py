"""``judge.v1.EventService`` (protos/judge/v1/events.proto) on the events service
(judge/app/tournaments.py).

The guard (judge/server/interceptors.py, ``EVENT_POLICY``) rate-limits every call and admits
CreateEvent as it admits CreateGame; which token may do what is the event's to decide, so every
other method hands the call's bearer token to the events service, which checks it against the
event's credentials. Every exception is answered through the one status table
(judge/server/errors.py).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import grpc

from judge.app.tournament_types import Board, EventDispute, EventSetup, RoundInfo, StandingLine, TableOutcome
from judge.app.tournaments import Tournaments
from judge.common.errors import InvalidArgument
from judge.common.i18n import N_, in_lang, said
from judge.server.convert import MAX_CUSTOM_CARDS, MAX_CUSTOM_CARDS_LENGTH
from judge.server.interceptors import bearer_token
from judge.server.servicer import streaming, unary
from judge.tournament.scoring import format_points
from judge.v1 import events_pb2 as epb
from judge.v1 import events_pb2_grpc

MAX_JSON = 64 * 1024
"""The longest options or traits JSON a request may carry."""
BOARD_POLL_S = 0.25
"""How often a board stream looks at its tables again (it sends only when something changed)."""


def _token(context: grpc.ServicerContext) -> str:
    return bearer_token(context.invocation_metadata())


def _json_object(field: str, text: str) -> dict[str, Any]:
    if not text:
        return {}
    if len(text) > MAX_JSON:
        raise InvalidArgument(field, said(N_("at most {n} characters"), n=MAX_JSON))
    try:
        value = json.loads(text)
    except ValueError as e:
        raise InvalidArgument(field, said(N_("not JSON: {problem}"), problem=str(e))) from None
    if not isinstance(value, dict):
        raise InvalidArgument(field, said(N_("must be a JSON object")))
    return value


def _cards(text: str) -> tuple[dict[str, Any], ...]:
    if not text:
        return ()
    if len(text) > MAX_CUSTOM_CARDS_LENGTH:
        raise InvalidArgument("custom_cards_json", said(N_("at most {max_custom_cards_length} characters (limit "
                                                            "MAX_CUSTOM_CARDS_LENGTH)"),
                                                        max_custom_cards_length=MAX_CUSTOM_CARDS_LENGTH))
    try:
        value = json.loads(text)
    except ValueError as e:
        raise InvalidArgument("custom_cards_json", said(N_("not JSON: {problem}"), problem=str(e))) from None
    if not isinstance(value, list) or not all(isinstance(c, dict) for c in value):
        raise InvalidArgument("custom_cards_json", said(N_("must be a JSON list of objects")))
    if len(value) > MAX_CUSTOM_CARDS:
        raise InvalidArgument("custom_cards_json", said(N_("at most {max_custom_cards} custom cards (limit "
                                                            "MAX_CUSTOM_CARDS)"), max_custom_cards=MAX_CUSTOM_CARDS))
    return tuple(value)


def round_to_proto(r: RoundInfo) -> epb.Round:
    return epb.Round(number=r.round, final=r.final, byes=r.byes, time_called=r.time_called,
                     tables=[epb.EventTable(table=t.table, game_id=t.game_id, players=t.players) for t in r.tables])


def result_to_proto(r: TableOutcome) -> epb.TableResult:
    return epb.TableResult(round=r.round, table=r.table, places=[epb.Place(players=g) for g in r.places],
                           scores=r.scores, time_called=r.time_called)


def standing_to_proto(s: StandingLine) -> epb.StandingLine:
    return epb.StandingLine(rank=s.rank, player=s.player, points=format_points(s.points), score=s.score,
                            opponents=format_points(s.opponents), head_to_head=s.head_to_head, tables=s.tables,
                            dropped=s.dropped)


def board_to_proto(b: Board) -> epb.BoardStreamResponse:
    return epb.BoardStreamResponse(round=b.round, time_called=b.time_called, finished=b.finished,
                                   event_version=b.event_version, tables=[
        epb.BoardTable(table=t.table, game_id=t.game_id, players=t.players, version=t.version,
                       turn_player=t.turn_player, leaders=t.leaders, open_disputes=t.open_disputes,
                       window_closes_at_ms=t.window_closes_at_ms, done=t.done, stopped=t.stopped,
                       scores=t.scores)
        for t in b.tables])


def dispute_to_proto(d: EventDispute, lang: str = "en") -> epb.EventDispute:
    return epb.EventDispute(round=d.round, table=d.table, game_id=d.game_id, dispute_id=d.dispute_id,
                            opened_by=d.opened_by, event_version=d.event_version, reason=d.reason, status=d.status,
                            recheck_legal=d.recheck_legal, recheck_rule_id=d.recheck_rule_id,
                            recheck_summary=in_lang(d.recheck_summary, lang), note=d.note,
                            event_summary=d.event_summaries.get(lang) or d.event_summaries.get("en", ""))


class EventServiceServicer(events_pb2_grpc.EventServiceServicer):
    """Implements ``judge.v1.EventService`` on a ``Tournaments`` service."""

    def __init__(self, events: Tournaments, *, poll_interval: float = BOARD_POLL_S):
        self._events = events
        self._poll_interval = poll_interval

    @unary
    def CreateEvent(self, request: epb.CreateEventRequest, context: grpc.ServicerContext,
                    lang: str) -> epb.CreateEventResponse:
        sizes = None
        if request.smallest_table or request.largest_table:
            sizes = (request.smallest_table or request.largest_table, request.largest_table or request.smallest_table)
        setup = EventSetup(
            name=request.name, ruleset=request.ruleset, variants=tuple(request.variants),
            options=_json_object("options_json", request.options_json), mode=request.mode or "reported",
            table_sizes=sizes, **({"place_points": tuple(request.place_points)} if request.place_points else {}),
            bye_points=request.bye_points,
            **({"tie_breaks": tuple(request.tie_breaks)} if request.tie_breaks else {}),
            rounds=request.rounds or 3, final_table_size=request.final_table_size,
            custom_cards=_cards(request.custom_cards_json))
        created = self._events.create_event(setup)
        return epb.CreateEventResponse(event_id=created.event_id, organizer_token=created.organizer_token,
                                       spectator_token=created.spectator_token, seed_sha256=created.seed_sha256)

    @unary
    def RegisterPlayer(self, request: epb.RegisterPlayerRequest, context: grpc.ServicerContext,
                       lang: str) -> epb.RegisterPlayerResponse:
        token = self._events.register_player(request.event_id, _token(context), request.player,
                                             _json_object("traits_json", request.traits_json))
        return epb.RegisterPlayerResponse(player_token=token)

    @unary
    def DropPlayer(self, request: epb.DropPlayerRequest, context: grpc.ServicerContext,
                   lang: str) -> epb.DropPlayerResponse:
        self._events.drop_player(request.event_id, _token(context), request.player)
        return epb.DropPlayerResponse()

    @unary
    def StartRound(self, request: epb.StartRoundRequest, context: grpc.ServicerContext,
                   lang: str) -> epb.StartRoundResponse:
        return epb.StartRoundResponse(round=round_to_proto(
            self._events.start_round(request.event_id, _token(context), request.final)))

    @unary
    def CallTime(self, request: epb.CallTimeRequest, context: grpc.ServicerContext,
                 lang: str) -> epb.CallTimeResponse:
        done = self._events.call_time(request.event_id, _token(context))
        results = self._events.event(request.event_id, _token(context)).results
        return epb.CallTimeResponse(round=round_to_proto(done), results=[result_to_proto(r) for r in results])

    @unary
    def RecordResults(self, request: epb.RecordResultsRequest, context: grpc.ServicerContext,
                      lang: str) -> epb.RecordResultsResponse:
        results = self._events.record_results(request.event_id, _token(context))
        return epb.RecordResultsResponse(results=[result_to_proto(r) for r in results])

    @unary
    def FinishEvent(self, request: epb.FinishEventRequest, context: grpc.ServicerContext,
                    lang: str) -> epb.FinishEventResponse:
        return epb.FinishEventResponse(seed=self._events.finish(request.event_id, _token(context)))

    @unary
    def GetStandings(self, request: epb.GetStandingsRequest, context: grpc.ServicerContext,
                     lang: str) -> epb.GetStandingsResponse:
        lines = self._events.standings(request.event_id, _token(context))
        return epb.GetStandingsResponse(lines=[standing_to_proto(s) for s in lines])

    @unary
    def GetEvent(self, request: epb.GetEventRequest, context: grpc.ServicerContext,
                 lang: str) -> epb.GetEventResponse:
        e = self._events.event(request.event_id, _token(context))
        return epb.GetEventResponse(
            event_id=e.event_id, name=e.name, ruleset=e.ruleset, variants=e.variants, mode=e.mode,
            smallest_table=e.table_sizes[0], largest_table=e.table_sizes[1], place_points=e.place_points,
            bye_points=e.bye_points, tie_breaks=e.tie_breaks, rounds=e.rounds, final_table_size=e.final_table_size,
            seed_sha256=e.seed_sha256, seed=e.seed, players=e.players, dropped=e.dropped,
            round_list=[round_to_proto(r) for r in e.round_list], results=[result_to_proto(r) for r in e.results],
            finished=e.finished, version=e.version)

    @unary
    def MyTable(self, request: epb.MyTableRequest, context: grpc.ServicerContext, lang: str) -> epb.MyTableResponse:
        t = self._events.my_table(request.event_id, _token(context))
        return epb.MyTableResponse(round=t.round, table=t.table, game_id=t.game_id, seat=t.seat,
                                   seat_token=t.seat_token, player=t.player)

    @streaming
    def BoardStream(self, request: epb.BoardStreamRequest, context: grpc.ServicerContext,
                    lang: str) -> Iterator[epb.BoardStreamResponse]:
        """The board now, then again whenever a table changed (a new round, a command, a dispute,
        time called), until the client cancels or the event finishes."""
        stop = threading.Event()
        if not context.add_callback(stop.set):
            return
        token = _token(context)
        last: epb.BoardStreamResponse | None = None
        while not stop.is_set():
            board = board_to_proto(self._events.board(request.event_id, token))
            if board != last:
                yield board
                last = board
            if board.finished:
                return
            stop.wait(self._poll_interval)

    @unary
    def ExportEvent(self, request: epb.ExportEventRequest, context: grpc.ServicerContext,
                    lang: str) -> epb.ExportEventResponse:
        exported = self._events.export_event(request.event_id, _token(context))
        return epb.ExportEventResponse(record=exported.record, games=exported.games)

    @unary
    def ListEventDisputes(self, request: epb.ListEventDisputesRequest, context: grpc.ServicerContext,
                          lang: str) -> epb.ListEventDisputesResponse:
        found = self._events.disputes(request.event_id, _token(context), open_only=not request.include_resolved)
        return epb.ListEventDisputesResponse(disputes=[dispute_to_proto(d, lang) for d in found])

    @unary
    def ResolveTableDispute(self, request: epb.ResolveTableDisputeRequest, context: grpc.ServicerContext,
                            lang: str) -> epb.ResolveTableDisputeResponse:
        resolved = self._events.resolve_dispute(request.event_id, _token(context), request.game_id,
                                                request.dispute_id, request.uphold, request.note)
        return epb.ResolveTableDisputeResponse(dispute=dispute_to_proto(resolved, lang))
