"""The gRPC servicer: protobuf in, application call, protobuf out.

Before any RPC reaches the servicer, the ``GuardInterceptor``
(judge/server/interceptors.py) has turned undecodable bytes into
INVALID_ARGUMENT, applied the rate limit and authenticated the caller for
the request's game; the servicer reads the caller from the call context
(``viewer_of(context)``); the guard has also checked the ``game_id`` it
authenticated for. Every RPC then checks the rest of the request's shape
(INVALID_ARGUMENT), calls the application and converts the result. Any
exception is answered through the one status table in
``judge/server/errors.py``.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import grpc
from google.protobuf import json_format

from judge.app import positions
from judge.common.errors import InvalidArgument, ResourceExhausted
from judge.common.i18n import N_, said
from judge.server import batches, catalogue, convert, library, masks
from judge.server.convert import Violations
from judge.server.enums import enum_word
from judge.server.errors import abort
from judge.server.interceptors import bearer_token, viewer_of
from judge.server.legal_actions import legal_actions_to_proto
from judge.v1 import cards_pb2 as cpb
from judge.v1 import judge_pb2 as pb
from judge.v1 import rulesets_pb2 as rpb
from judge.v1 import judge_pb2_grpc

if TYPE_CHECKING:
    from judge.app import JudgeApp

# ListGames pages: the default and the largest page a client may ask for.
DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 1000

Req = TypeVar("Req")
Resp = TypeVar("Resp")

_UnaryMethod = Callable[[Any, Req, grpc.ServicerContext, str], Resp]
_StreamMethod = Callable[[Any, Req, grpc.ServicerContext, str], Iterator[Resp]]


def unary(method: _UnaryMethod[Req, Resp]) -> Callable[[Any, Req, grpc.ServicerContext], Resp]:
    """Run a unary RPC with the caller's language; answer every exception."""

    @functools.wraps(method)
    def handler(self: Any, request: Req, context: grpc.ServicerContext) -> Resp:
        lang = convert.language(context.invocation_metadata())
        try:
            return method(self, request, context, lang)
        except Exception as exc:  # noqa: BLE001  (the status table answers everything)
            abort(context, exc, lang)

    return handler


def streaming(
    method: _StreamMethod[Req, Resp],
) -> Callable[[Any, Req, grpc.ServicerContext], Iterator[Resp]]:
    """Run a server-streaming RPC; an exception ends the stream with its status."""

    @functools.wraps(method)
    def handler(self: Any, request: Req, context: grpc.ServicerContext) -> Iterator[Resp]:
        lang = convert.language(context.invocation_metadata())
        try:
            yield from method(self, request, context, lang)
        except Exception as exc:  # noqa: BLE001  (the status table answers everything)
            abort(context, exc, lang)

    return handler


LEGAL_MESSAGE = "judge.v1.LegalActionsResponse"
"""What LegalActions keeps beside a seat's kept offers (``Games.legal_offers_made``): its message, per language."""
VIEW_RESPONSE = "judge.v1.GetViewResponse"
"""What GetView keeps beside a kept view (``Views.view_made``): its answer, per read mask (a
``GetViewResponse`` built around the view's message copies it, which cost a GetView more than
serializing the answer)."""


class JudgeServiceServicer(judge_pb2_grpc.JudgeServiceServicer):
    """Implements ``judge.v1.JudgeService`` on a ``JudgeApp``.

    How many ``Replay`` and ``Watch`` streams may be open at once (each
    holds a server thread) is the guard's to decide before a stream reaches
    the servicer (judge/server/admission.py).
    """

    def __init__(self, app: JudgeApp, *, poll_interval: float = 0.05):
        self._app = app
        self._poll_interval = poll_interval

    # ------------------------------------------------------------------ games

    @unary
    def CreateGame(
        self, request: pb.CreateGameRequest, context: grpc.ServicerContext, lang: str
    ) -> pb.CreateGameResponse:
        setup = convert.setup_from_proto(request)
        return convert.created_to_proto(self._app.create_game(setup))

    @unary
    def CreateGameFromPosition(
        self, request: pb.CreateGameFromPositionRequest, context: grpc.ServicerContext, lang: str
    ) -> pb.CreateGameFromPositionResponse:
        created = positions.create_from_position(self._app, request.position_json, _check_views)
        return pb.CreateGameFromPositionResponse(game=convert.created_to_proto(created))

    @unary
    def AskPosition(
        self, request: pb.AskPositionRequest, context: grpc.ServicerContext, lang: str
    ) -> pb.AskPositionResponse:
        ruleset, data = positions.ruleset_of_position(request.position_json)
        setup, state, seed = positions.loaded(ruleset, data)
        command = None
        if request.HasField("command"):
            _, command, _ = convert.command_from_proto(request.command, ruleset.family, require_id=False)
        with convert.fields_under("command", ruleset.family):
            answer = positions.ask_position(ruleset, setup, state, command, self._app.now_ms(), seed)
        return convert.position_answer_to_proto(answer, lang)

    @unary
    def GetServerKey(
        self, request: pb.GetServerKeyRequest, context: grpc.ServicerContext, lang: str
    ) -> pb.GetServerKeyResponse:
        key = self._app.key
        return pb.GetServerKeyResponse(algorithm="Ed25519", public_key=key.public_key, key_id=key.key_id)

    @unary
    def ListRulesets(
        self, request: rpb.ListRulesetsRequest, context: grpc.ServicerContext, lang: str
    ) -> rpb.ListRulesetsResponse:
        return catalogue.rulesets_to_proto(lang)

    @unary
    def ListCards(
        self, request: cpb.ListCardsRequest, context: grpc.ServicerContext, lang: str
    ) -> cpb.ListCardsResponse:
        return library.list_with_library(self._app, request)

    @unary
    def AddCard(self, request: cpb.AddCardRequest, context: grpc.ServicerContext, lang: str) -> cpb.AddCardResponse:
        return library.add_card(self._app, request, viewer_of(context))

    @unary
    def EditCard(self, request: cpb.EditCardRequest, context: grpc.ServicerContext, lang: str
                 ) -> cpb.EditCardResponse:
        return library.edit_card(self._app, request, viewer_of(context))

    @unary
    def RemoveCard(self, request: cpb.RemoveCardRequest, context: grpc.ServicerContext, lang: str
                   ) -> cpb.RemoveCardResponse:
        return library.remove_card(self._app, request, viewer_of(context))

    @unary
    def ImportCards(self, request: cpb.ImportCardsRequest, context: grpc.ServicerContext, lang: str
                    ) -> cpb.ImportCardsResponse:
        return library.import_cards(self._app, request, viewer_of(context))

    @unary
    def ExportCards(self, request: cpb.ExportCardsRequest, context: grpc.ServicerContext, lang: str
                    ) -> cpb.ExportCardsResponse:
        return library.export_cards(self._app, request)

    @unary
    def RotateToken(
        self, request: pb.RotateTokenRequest, context: grpc.ServicerContext, lang: str
    ) -> pb.RotateTokenResponse:
        v = Violations()
        role = enum_word(pb.TokenRole.DESCRIPTOR, request.role)
        if not role:
            v.add("role", said(N_("must be TOKEN_ROLE_SEAT, TOKEN_ROLE_ORGANIZER or TOKEN_ROLE_SPECTATOR")))
        v.seat("seat", request.seat)
        v.check()
        assert role is not None
        token = self._app.rotate_token(request.game_id, role, request.seat, viewer_of(context))
        return pb.RotateTokenResponse(token=token)

    @unary
    def Submit(
        self, request: pb.SubmitRequest, context: grpc.ServicerContext, lang: str
    ) -> pb.SubmitResponse:
        family = self._app.ruleset_of(request.game_id).family
        command_id, command, expected = convert.command_from_proto(request.command, family)
        viewer = viewer_of(context)
        mask = masks.read_mask(request, pb.SubmitResponse)
        defines = convert.defines_from_proto(request.define)
        with convert.fields_under("command", family):
            result = self._app.submit(request.game_id, command_id, command, expected, viewer,
                                      with_view=masks.wants(mask, "view"), view_json=masks.reads_json(mask),
                                      defines=defines)
        return masks.masked(convert.submit_to_proto(result, lang), mask)

    @unary
    def CorrectCard(self, request: pb.CorrectCardRequest, context: grpc.ServicerContext, lang: str
                    ) -> pb.CorrectCardResponse:
        card = library.card_of(request.card_json, "card_json")
        expected = request.expected_version if request.HasField("expected_version") else None
        result = self._app.correct_card(request.game_id, request.command_id, card, viewer_of(context), expected)
        answer = convert.submit_to_proto(result, lang)
        return pb.CorrectCardResponse(events=answer.events, version=answer.version, view=answer.view,
                                      receipt=answer.receipt)

    @unary
    def Ask(self, request: pb.AskRequest, context: grpc.ServicerContext, lang: str) -> pb.AskResponse:
        family = self._app.ruleset_of(request.game_id).family
        _, command, _ = convert.command_from_proto(request.command, family, require_id=False)
        viewer = viewer_of(context)
        defines = convert.defines_from_proto(request.define)
        with convert.fields_under("command", family):
            answer = self._app.ask(request.game_id, command, viewer, defines)
        return convert.ask_to_proto(answer, lang)

    @unary
    def LegalActions(
        self, request: pb.LegalActionsRequest, context: grpc.ServicerContext, lang: str
    ) -> pb.LegalActionsResponse:
        v = Violations()
        v.seat("seat", request.seat)
        v.check()
        viewer = viewer_of(context)
        game_id, seat = request.game_id, request.seat

        def answer(offers: dict[str, Any]) -> pb.LegalActionsResponse:
            return legal_actions_to_proto(offers["actions"], seat, offers["version"], lang,
                                          self._app.card_names_of(game_id), offers["offered"])

        # Kept with the offers of the version and seat, per language (Games.legal_offers_made).
        return self._app.games.legal_offers_made(game_id, seat, viewer, f"{LEGAL_MESSAGE}:{lang}", answer)

    @unary
    def GetView(
        self, request: pb.GetViewRequest, context: grpc.ServicerContext, lang: str
    ) -> pb.GetViewResponse:
        v = Violations()
        v.version("at_version", request.at_version)
        v.check()
        mask = masks.read_mask(request, pb.GetViewResponse)
        viewer = viewer_of(context)
        # The answer made of a kept view is kept beside it, per mask: the phones at a table poll one version.
        return self._app.views.view_made(
            request.game_id, viewer, VIEW_RESPONSE if mask is None else f"{VIEW_RESPONSE}:{masks.key(mask)}",
            lambda view: masks.masked(pb.GetViewResponse(view=convert.view_to_proto(view)), mask),
            at_version=request.at_version or None, json=masks.reads_json(mask))

    # ------------------------------------------------------------------ streams

    @streaming
    def Replay(
        self, request: pb.ReplayRequest, context: grpc.ServicerContext, lang: str
    ) -> Iterator[pb.ReplayResponse]:
        v = Violations()
        v.version("from_version", request.from_version)
        v.version("to_version", request.to_version)
        if request.to_version and request.to_version < request.from_version:
            v.add("to_version", said(N_("must not be smaller than from_version")))
        batches.check(v, request.max_batch)
        v.check()
        mask = masks.read_mask(request, pb.ReplayResponse, ("events",))
        batch = request.max_batch > 1
        if batch:
            mask = masks.batched(mask, "event", "events")
        single = "events" if batch else "event"
        views, json = masks.wants(mask, "view"), masks.reads_json(mask)
        viewer = viewer_of(context)
        steps = self._app.views.replay_steps(
            request.game_id, viewer, request.from_version or 1, request.to_version or None,
            token=bearer_token(context.invocation_metadata()), folded=views,
            told=(lang,) if masks.reads(mask, single + ".summary") else (),
        )
        if not batch:
            for event, game in steps:
                if not context.is_active():
                    return
                step = pb.ReplayResponse(event=convert.event_to_proto(event, lang))
                if game is not None:
                    step.view.CopyFrom(convert.view_to_proto(self._app.views.view_of(game, viewer, json=json)))
                yield masks.masked(step, mask)
            return
        sent = ((convert.event_to_proto(event, lang), game, True) for event, game in steps)
        for events, game in batches.batched(sent, request.max_batch):
            if not context.is_active():
                return
            step = pb.ReplayResponse(events=events)
            if game is not None:
                step.view.CopyFrom(convert.view_to_proto(self._app.views.view_of(game, viewer, json=json)))
            yield masks.masked(step, mask)

    @streaming
    def Watch(
        self, request: pb.WatchRequest, context: grpc.ServicerContext, lang: str
    ) -> Iterator[pb.WatchResponse]:
        v = Violations()
        v.version("after_version", request.after_version)
        batches.check(v, request.max_batch)
        v.check()
        mask = masks.read_mask(request, pb.WatchResponse, ("events",))
        batch = request.max_batch > 1
        if batch:
            mask = masks.batched(mask, "event", "events")
        views, json = masks.wants(mask, "view"), masks.reads_json(mask)
        viewer = viewer_of(context)
        stop = threading.Event()
        if not context.add_callback(stop.set):
            return  # the call has already ended
        steps = self._app.watching.watch_steps(
            request.game_id,
            viewer,
            request.after_version,
            stop,
            poll_interval=self._poll_interval,
            token=bearer_token(context.invocation_metadata()),
            folded=views,
            told=(lang,) if masks.reads(mask, ("events" if batch else "event") + ".summary") else (),
        )
        view_of = self._app.views.view_of
        if not batch:
            for event, game, _ in steps:
                if event is None:
                    step = pb.WatchResponse(caught_up=True)
                else:
                    step = pb.WatchResponse(event=convert.event_to_proto(event, lang))
                if views:
                    step.view.CopyFrom(convert.view_to_proto(view_of(game, viewer, json=json) if game is not None else {}))
                yield masks.masked(step, mask)
            return
        sent = ((None if event is None else convert.event_to_proto(event, lang), game, waiting)
                for event, game, waiting in steps)
        for events, game in batches.batched(sent, request.max_batch):
            step = pb.WatchResponse(events=events) if events else pb.WatchResponse(caught_up=True)
            if views:
                step.view.CopyFrom(convert.view_to_proto(view_of(game, viewer, json=json) if game is not None else {}))
            yield masks.masked(step, mask)

    # ------------------------------------------------------------------ disputes

    @unary
    def OpenDispute(
        self, request: pb.OpenDisputeRequest, context: grpc.ServicerContext, lang: str
    ) -> pb.OpenDisputeResponse:
        v = Violations()
        v.seat("seat", request.seat)
        if request.event_version < 1:
            v.add("event_version", said(N_("must be a stored event's version (1 or more)")))
        v.version("event_version", request.event_version)
        v.text("reason", request.reason, max_length=convert.MAX_TEXT_LENGTH)
        v.check()
        viewer = viewer_of(context)
        dispute = self._app.open_dispute(
            request.game_id, request.seat, request.event_version, request.reason, viewer
        )
        return pb.OpenDisputeResponse(
            dispute=convert.dispute_to_proto(dispute, lang), receipt=convert.receipt_to_proto(dispute.receipt)
        )

    @unary
    def ResolveDispute(
        self, request: pb.ResolveDisputeRequest, context: grpc.ServicerContext, lang: str
    ) -> pb.ResolveDisputeResponse:
        v = Violations()
        if request.dispute_id < 1:
            v.add("dispute_id", said(N_("must be a dispute's id (1 or more)")))
        v.text("note", request.note, max_length=convert.MAX_TEXT_LENGTH, required=False)
        v.text("request_id", request.request_id, max_length=convert.MAX_ID_LENGTH, required=False)
        v.check()
        viewer = viewer_of(context)
        dispute = self._app.resolve_dispute(
            request.game_id, request.dispute_id, request.uphold, request.note, viewer,
            request_id=request.request_id,
        )
        view = self._app.view(request.game_id, viewer)
        return pb.ResolveDisputeResponse(
            dispute=convert.dispute_to_proto(dispute, lang),
            view=convert.view_to_proto(view),
            receipt=convert.receipt_to_proto(dispute.receipt),
        )

    @unary
    def ListDisputes(
        self, request: pb.ListDisputesRequest, context: grpc.ServicerContext, lang: str
    ) -> pb.ListDisputesResponse:
        viewer = viewer_of(context)
        disputes = self._app.list_disputes(request.game_id, viewer)
        return pb.ListDisputesResponse(disputes=[convert.dispute_to_proto(d, lang) for d in disputes])

    # ------------------------------------------------------------------ records

    @unary
    def ExportGame(
        self, request: pb.ExportGameRequest, context: grpc.ServicerContext, lang: str
    ) -> pb.ExportGameResponse:
        viewer = viewer_of(context)
        return pb.ExportGameResponse(record=self._app.export_game(request.game_id, viewer))

    @unary
    def ImportGame(
        self, request: pb.ImportGameRequest, context: grpc.ServicerContext, lang: str
    ) -> pb.ImportGameResponse:
        v = Violations()
        if not request.record.strip():
            v.add("record", said(N_("must not be empty")))
        v.text("request_id", request.request_id, max_length=convert.MAX_ID_LENGTH, required=False)
        v.check()
        viewer_of(context)  # the guard admitted the admin token
        created, report = self._app.import_game(request.record, request_id=request.request_id)
        return pb.ImportGameResponse(
            game=convert.created_to_proto(created), audit=convert.audit_to_proto(report, lang)
        )

    @unary
    def ListGames(
        self, request: pb.ListGamesRequest, context: grpc.ServicerContext, lang: str
    ) -> pb.ListGamesResponse:
        v = Violations()
        if request.page_size > MAX_PAGE_SIZE:
            v.add("page_size", said(N_("must be at most {n}"), n=MAX_PAGE_SIZE))
        after = 0
        if request.page_token:
            if not request.page_token.isdigit() or len(request.page_token) > 19 \
                    or int(request.page_token) > convert.MAX_VERSION:
                v.add("page_token", said(N_("is not a token a ListGames response gave")))
            else:
                after = int(request.page_token)
        v.check()
        viewer_of(context)  # the guard admitted the admin token
        games, position = self._app.list_games(after, request.page_size or DEFAULT_PAGE_SIZE)
        return pb.ListGamesResponse(
            games=[pb.GameSummary(game_id=g.game_id, ruleset=g.ruleset, rules_version=g.rules_version,
                                  created_at_ms=g.created_at_ms, seats=g.seats, imported_from=g.imported_from)
                   for g in games],
            next_page_token=str(position) if position else "",
        )

    @unary
    def Audit(self, request: pb.AuditRequest, context: grpc.ServicerContext, lang: str) -> pb.AuditResponse:
        viewer = viewer_of(context)
        report = self._app.audit(request.game_id, viewer, current_rules=request.current_rules)
        return convert.audit_to_proto(report, lang)


def _check_views(views: Sequence[Mapping[str, Any]], field: str = "position_json") -> None:
    """``InvalidArgument`` naming ``field`` unless each view can be sent as a
    ``GameView`` (a number outside its field's range, say): checked before a
    game is stored, so no game is kept that nobody could read."""
    for view in views:
        try:
            convert.view_to_proto(view)
        except (ValueError, TypeError, json_format.Error) as e:
            raise InvalidArgument(field, said(N_("the game it starts could not be shown: {e}"), e=e)) from None
