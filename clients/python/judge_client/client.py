"""A typed Python client for ``judge.v1.JudgeService``.

>>> from judge_client import JudgeClient
>>> with JudgeClient("127.0.0.1:50051") as judge:                # doctest: +SKIP
...     game = judge.create_game("munchkin", ["Anna:female", "Ben:male", "Cem:male"])
...     anna = judge.with_token(game.seat_tokens[0].token)
...     anna.submit(game.game_id, 0, "kick_door", card="lahmer-goblin")

The client knows no game: ``list_rulesets()`` tells what the judge judges
(seat traits, options, variants, action kinds ...). A seat is ``"Name"``,
``"Name:trait=value,..."`` or, where the value names its trait, the short
``"Name:value"`` (``"Anna:female"``). An action is sent in its family's
place of ``Command`` (the fields of ``Command.action`` for the munchkin
family, the section named after the family for any other); ``submit`` finds
the game's family itself where the action's name does not tell.

Methods take plain Python values and return the protobuf responses. Every
failure is raised as ``JudgeRpcError``, which unpacks the rich status: the
ruling of a rejected action, the field violations of a malformed request.

TLS: ``tls_ca`` (PEM bytes of the CA that signed the server's certificate)
makes the connection TLS; ``tls_cert``/``tls_key`` add a client certificate
for mutual TLS. ``server_key`` pins the server's Ed25519 public key (raw
bytes, or hex): every receipt the client receives is then checked against
it, and a receipt that does not verify raises ``UntrustedReceipt``.

"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Callable, cast

import grpc
from google.protobuf.message import Message

from judge.common.receipts import public_key_from_text
from judge.common.i18n import N_, said
from judge.v1 import cards_pb2 as cpb
from judge.v1 import judge_pb2 as pb
from judge.v1 import judge_pb2_grpc
from judge.v1 import rulesets_pb2 as rpb
# The message builders and errors are part of this module's API too (``from
# judge_client.client import command_of`` ...): they are re-exported below.
from judge_client.messages import (
    ACTION_KINDS,
    FAMILY_SECTIONS,
    ROOT_FAMILY,
    SeatArg,
    _needs_traits,
    _option_text,
    action_kinds,
    action_of,
    build_command,
    command_of,
    enum_value,
    events_of,
    families_of_kind,
    has_section,
    fill_message,
    seat_spec,
)
from judge_client.errors import JudgeRpcError, UntrustedReceipt, receipt_of, verify_receipt
from judge_client.events import EventCalls

DEFAULT_TARGET = "127.0.0.1:50051"
DEFAULT_TIMEOUT_S = 10.0
MAX_MESSAGE_BYTES = 32 * 1024 * 1024


# The events per message the client asks for where it reads many (the judge allows up to 1000).
DEFAULT_BATCH = 200


class WatchStream(Iterator[pb.WatchResponse]):
    """The live events of a Watch call; iterate it, ``cancel()`` to end it.

    Ending it (``cancel``, leaving a ``with`` block) stops the iteration
    quietly; other failures are raised as ``JudgeRpcError``. The server's
    caught-up marker (``caught_up`` set, no event) is yielded only when the
    stream was opened with ``caught_up=True``; either way ``caught_up_version``
    holds its version once it has passed (``None`` before).
    """

    def __init__(self, call: Any, language: str, caught_up: bool = False):
        self._call = call
        self._language = language
        self._cancelled = False
        self._yield_marker = caught_up
        self.caught_up_version: int | None = None

    def __next__(self) -> pb.WatchResponse:
        try:
            while True:
                response: pb.WatchResponse = next(self._call)
                if not response.caught_up:
                    return response
                self.caught_up_version = response.view.version
                if self._yield_marker:
                    return response
        except grpc.RpcError as exc:
            if self._cancelled and exc.code() == grpc.StatusCode.CANCELLED:  # type: ignore[attr-defined]
                raise StopIteration from None
            raise JudgeRpcError.from_rpc_error(exc, self._language) from exc

    def cancel(self) -> None:
        """End the stream (the server stops watching)."""
        self._cancelled = True
        self._call.cancel()

    def __enter__(self) -> WatchStream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.cancel()


class JudgeClient(EventCalls):
    """A connection to a judge, acting with one token in one language.

    ``target`` is ``host:port``; ``token`` the seat's, organizer's or
    spectator's secret (CreateGame needs none unless the judge has a creator token;
    ImportGame needs the server's admin token); ``language``
    "en" or "de" for explanations; ``timeout`` the deadline of unary calls
    and replays in seconds (Watch has none unless given).
    """

    def __init__(
        self,
        target: str = DEFAULT_TARGET,
        token: str | None = None,
        language: str = "en",
        timeout: float = DEFAULT_TIMEOUT_S,
        *,
        channel: grpc.Channel | None = None,
        tls_ca: bytes | None = None,
        tls_cert: bytes | None = None,
        tls_key: bytes | None = None,
        server_key: bytes | str | None = None,
    ):
        self.target = target
        self.token = token
        self.language = language
        self.timeout = timeout
        self.server_key: bytes | None = (
            public_key_from_text(server_key) if isinstance(server_key, str) else server_key)
        self._owns_channel = channel is None
        options = [
            ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
            ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
        ]
        if channel is not None:
            self._channel = channel
        elif tls_ca is not None or tls_cert is not None:
            credentials = grpc.ssl_channel_credentials(
                root_certificates=tls_ca, private_key=tls_key, certificate_chain=tls_cert)
            self._channel = grpc.secure_channel(target, credentials, options=options)
        else:
            self._channel = grpc.insecure_channel(target, options=options)
        self._stub = judge_pb2_grpc.JudgeServiceStub(self._channel)
        self._families: dict[str, str] = {}
        self._rulesets: list[rpb.RulesetInfo] | None = None

    # ------------------------------------------------------------------ plumbing

    def with_token(self, token: str | None) -> JudgeClient:
        """A client for another role over the same connection (and pin)."""
        return JudgeClient(self.target, token, self.language, self.timeout, channel=self._channel,
                           server_key=self.server_key)

    def _checked(self, response: Any, receipt: pb.Receipt, game_id: str) -> Any:
        """Verify the receipt of a write when a server key is pinned."""
        if self.server_key is not None:
            verify_receipt(receipt, self.server_key, game_id)
        return response

    def close(self) -> None:
        """Close the connection (only if this client opened it)."""
        if self._owns_channel:
            self._channel.close()

    def __enter__(self) -> JudgeClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def wait_ready(self, timeout: float | None = None) -> None:
        """Block until the server accepts connections (``grpc.FutureTimeoutError`` if not)."""
        grpc.channel_ready_future(self._channel).result(timeout=timeout or self.timeout)

    def _metadata(self) -> list[tuple[str, str]]:
        metadata = [("accept-language", self.language)]
        if self.token:
            metadata.append(("authorization", f"Bearer {self.token}"))
        return metadata

    def _call(self, method: Callable[..., Any], request: Message) -> Any:
        try:
            return method(request, metadata=self._metadata(), timeout=self.timeout)
        except grpc.RpcError as exc:
            raise JudgeRpcError.from_rpc_error(exc, self.language) from exc

    def _stream(self, method: Callable[..., Any], request: Message) -> Iterator[Any]:
        call = method(request, metadata=self._metadata(), timeout=self.timeout)
        try:
            yield from call
        except grpc.RpcError as exc:
            raise JudgeRpcError.from_rpc_error(exc, self.language) from exc
        finally:
            call.cancel()

    # ------------------------------------------------------------------ games

    def create_game(
        self,
        ruleset: str,
        seats: Sequence[SeatArg],
        *,
        variants: Iterable[str] = (),
        mode: str | int = "reported",
        interference_window_ms: int | None = None,
        first_seat: int | None = None,
        custom_cards: Iterable[Mapping[str, Any] | str] = (),
        options: Mapping[str, Any] | None = None,
        collection: str = "",
    ) -> pb.CreateGameResponse:
        """Create a game (of the group's ``collection``: it knows that card library's cards). ``seats`` in
        turn order, each ``"Name"``,
        ``"Name:trait=value,..."``, ``"Name:value"`` (e.g. ``"Anna:female"``),
        ``(name, value)``, ``(name, {trait: value})`` or a ``SeatSpec``;
        ``mode`` "reported" or "dealt"; ``options`` any the ruleset declares,
        by name (``interference_window_ms``/``first_seat`` are Munchkin's);
        ``custom_cards`` catalogue entries as dicts or JSON text."""
        game_options = pb.GameOptions(values={k: _option_text(v) for k, v in (options or {}).items()})
        if interference_window_ms is not None:
            game_options.interference_window_ms = interference_window_ms
        if first_seat is not None:
            game_options.first_seat = first_seat
        traits: Sequence[rpb.SeatTraitInfo] = ()
        if any(_needs_traits(s) for s in seats):
            known = self.ruleset_info(ruleset)
            traits = known.seat_traits if known is not None else ()
        request = pb.CreateGameRequest(
            ruleset=ruleset,
            variants=list(variants),
            seats=[seat_spec(s, traits) for s in seats],
            options=game_options,
            mode=cast(pb.TableMode, enum_value(pb.TableMode.DESCRIPTOR, mode)),
            custom_cards=[
                pb.CardDefinition(json=c if isinstance(c, str) else json.dumps(c)) for c in custom_cards
            ],
            collection=collection,
        )
        created = self._call(self._stub.CreateGame, request)
        return self._checked(created, created.receipt, created.game_id)  # type: ignore[no-any-return]

    def create_game_from_position(self, position: str | Mapping[str, Any]) -> pb.CreateGameResponse:
        """Create a game from a position (docs/position.md): JSON text or a dict.
        The new game starts at the table the position describes."""
        text = position if isinstance(position, str) else json.dumps(position, ensure_ascii=False)
        answer = self._call(self._stub.CreateGameFromPosition, pb.CreateGameFromPositionRequest(position_json=text))
        created = answer.game
        return self._checked(created, created.receipt, created.game_id)  # type: ignore[no-any-return]

    def ask_position(self, position: str | Mapping[str, Any], command: pb.Command | None = None
                     ) -> pb.AskPositionResponse:
        """A quick ruling on a position, no game kept: would ``command`` be
        accepted (the ruling if not), and the position's breakdowns and
        forecast. Without a command: the analysis only."""
        text = position if isinstance(position, str) else json.dumps(position, ensure_ascii=False)
        request = pb.AskPositionRequest(position_json=text)
        if command is not None:
            request.command.CopyFrom(command)
        return self._call(self._stub.AskPosition, request)  # type: ignore[no-any-return]

    def get_position(self, game_id: str, at_version: int = 0) -> dict[str, Any]:
        """The game's position (as this client may see it), now or at ``at_version``."""
        return dict(json.loads(self.get_view(game_id, at_version).view.position_json or "{}"))

    def submit(
        self,
        game_id: str,
        seat: int,
        kind: str,
        *,
        family: str | None = None,
        command_id: str | None = None,
        expected_version: int | None = None,
        read_mask: Sequence[str] | None = None,
        define: Sequence[Mapping[str, Any] | str] = (),
        **fields: Any,
    ) -> pb.SubmitResponse:
        """Submit the action ``kind`` for ``seat`` (fields as keywords).

        ``command_id`` defaults to a fresh UUID; reuse one to retry safely.
        ``family`` defaults to the game's (see ``family_for``). ``read_mask``: the fields of
        the answer read (see ``submit_command``). ``define``: definitions of cards the command names
        that the game does not know yet (objects or JSON texts in the family's card schema).
        """
        command = build_command(
            seat,
            kind,
            family=family or self.family_for(game_id, kind),
            command_id=command_id or str(uuid.uuid4()),
            expected_version=expected_version,
            **fields,
        )
        return self.submit_command(game_id, command, read_mask=read_mask, define=define)

    def list_rulesets(self) -> rpb.ListRulesetsResponse:
        """Every ruleset the judge knows, with what it declares."""
        response: rpb.ListRulesetsResponse = self._call(self._stub.ListRulesets, rpb.ListRulesetsRequest())
        self._rulesets = list(response.rulesets)
        return response

    def list_cards(self, ruleset: str, search: str = "", kind: str = "", set_: str = "",
                   collection: str = "") -> cpb.ListCardsResponse:
        """The cards of a ruleset's catalogue matching the filters, with a ``collection``'s card library
        (no token needed)."""
        request = cpb.ListCardsRequest(ruleset=ruleset, search=search, kind=kind, set=set_, collection=collection)
        return self._call(self._stub.ListCards, request)  # type: ignore[no-any-return]

    # ---------------------------------------------------------------- a group's card library

    def add_card(self, ruleset: str, card: Mapping[str, Any] | str, *, collection: str = "",
                 game_id: str = "") -> cpb.AddCardResponse:
        """Add a card definition to a collection's library (the admin token, or with ``game_id`` the
        organizer token of a game of the collection)."""
        target = cpb.LibraryTarget(collection=collection, ruleset=ruleset, game_id=game_id)
        request = cpb.AddCardRequest(target=target, card_json=card if isinstance(card, str) else json.dumps(card))
        return self._call(self._stub.AddCard, request)  # type: ignore[no-any-return]

    def edit_card(self, ruleset: str, card: Mapping[str, Any] | str, *, collection: str = "",
                  game_id: str = "") -> cpb.EditCardResponse:
        """Correct a card of a library (tokens as ``add_card``)."""
        target = cpb.LibraryTarget(collection=collection, ruleset=ruleset, game_id=game_id)
        request = cpb.EditCardRequest(target=target, card_json=card if isinstance(card, str) else json.dumps(card))
        return self._call(self._stub.EditCard, request)  # type: ignore[no-any-return]

    def correct_card(self, game_id: str, card: Mapping[str, Any] | str, *, command_id: str | None = None,
                     expected_version: int | None = None) -> pb.CorrectCardResponse:
        """Correct a card defined in a game (a misread number; the game's organizer token): recorded as
        an event that keeps the old and the new definition."""
        request = pb.CorrectCardRequest(game_id=game_id, command_id=command_id or str(uuid.uuid4()),
                                        card_json=card if isinstance(card, str) else json.dumps(card))
        if expected_version is not None:
            request.expected_version = expected_version
        return self._call(self._stub.CorrectCard, request)  # type: ignore[no-any-return]

    def remove_card(self, ruleset: str, card_id: str, *, collection: str = "",
                    game_id: str = "") -> cpb.RemoveCardResponse:
        """Remove a card from a library (tokens as ``add_card``)."""
        target = cpb.LibraryTarget(collection=collection, ruleset=ruleset, game_id=game_id)
        return self._call(self._stub.RemoveCard,  # type: ignore[no-any-return]
                          cpb.RemoveCardRequest(target=target, card_id=card_id))

    def import_cards(self, ruleset: str, text: str, *, fmt: str = "", collection: str = "",
                     game_id: str = "") -> cpb.ImportCardsResponse:
        """Add the cards of a file's text (TOML ``[[card]]`` tables or JSON), all or none."""
        target = cpb.LibraryTarget(collection=collection, ruleset=ruleset, game_id=game_id)
        return self._call(self._stub.ImportCards,  # type: ignore[no-any-return]
                          cpb.ImportCardsRequest(target=target, text=text, format=fmt))

    def export_cards(self, ruleset: str, collection: str = "") -> cpb.ExportCardsResponse:
        """A library's cards as TOML (no token needed)."""
        return self._call(self._stub.ExportCards,  # type: ignore[no-any-return]
                          cpb.ExportCardsRequest(collection=collection, ruleset=ruleset))

    def ruleset_info(self, name: str) -> rpb.RulesetInfo | None:
        """What the judge declares about the ruleset ``name`` (None: unknown)."""
        if self._rulesets is None:
            self.list_rulesets()
        return next((r for r in self._rulesets or () if r.name == name), None)

    def family_for(self, game_id: str, kind: str) -> str:
        """The family to send the action ``kind`` in for a game: the only
        family this client knows with that action, or else the game's own
        (asked once per game: its view names its family)."""
        owners = families_of_kind(kind)
        if len(owners) == 1:
            return owners[0]
        if game_id not in self._families:
            try:
                self._families[game_id] = self.get_view(game_id).view.family or ROOT_FAMILY
            except JudgeRpcError:
                if owners:
                    raise
                known = ", ".join(sorted({k for f in (ROOT_FAMILY, *FAMILY_SECTIONS) for k in action_kinds(f)}))
                raise ValueError(said(N_("unknown action kind {kind}; one of: {known} (a game of another family: "
                                          "name its family)"), kind=repr(kind), known=known)) from None
        family = self._families[game_id]
        if not owners and has_section(family):
            known = ", ".join(sorted({k for f in (ROOT_FAMILY, *FAMILY_SECTIONS) for k in action_kinds(f)}))
            raise ValueError(said(N_("unknown action kind {kind}; one of: {known}"), kind=repr(kind), known=known))
        return family

    def submit_command(self, game_id: str, command: pb.Command, *, read_mask: Sequence[str] | None = None,
                       define: Sequence[Mapping[str, Any] | str] = ()) -> pb.SubmitResponse:
        """Submit a ready-made command (e.g. from ``legal_actions``); an empty
        command id is replaced by a fresh UUID. ``read_mask``: the fields of the answer
        read (e.g. ``["events", "version", "receipt"]``: no view is built); None: all.
        With a pinned server key the version and receipt are always read."""
        if not command.command_id:
            fresh = pb.Command()
            fresh.CopyFrom(command)
            fresh.command_id = str(uuid.uuid4())
            command = fresh
        request = pb.SubmitRequest(game_id=game_id, command=command, define=_definitions(define))
        if read_mask is not None:
            checked = ("version", "receipt") if self.server_key is not None else ()
            request.read_mask.paths.extend(dict.fromkeys([*read_mask, *checked]))
        result = self._call(self._stub.Submit, request)
        if self.server_key is not None and result.receipt.to_version != result.version:
            raise UntrustedReceipt("the receipt does not acknowledge the version answered")
        return self._checked(result, result.receipt, game_id)  # type: ignore[no-any-return]

    def ask(self, game_id: str, seat: int, kind: str, *, family: str | None = None,
            define: Sequence[Mapping[str, Any] | str] = (), **fields: Any) -> pb.AskResponse:
        """Would the action be accepted now (with the cards ``define`` defines)? Records nothing."""
        return self.ask_command(game_id, build_command(seat, kind, family=family or self.family_for(game_id, kind),
                                                       **fields), define=define)

    def ask_command(self, game_id: str, command: pb.Command,
                    define: Sequence[Mapping[str, Any] | str] = ()) -> pb.AskResponse:
        """``ask`` for a ready-made command."""
        return self._call(  # type: ignore[no-any-return]
            self._stub.Ask, pb.AskRequest(game_id=game_id, command=command, define=_definitions(define))
        )

    def legal_actions(self, game_id: str, seat: int) -> pb.LegalActionsResponse:
        """The actions ``seat`` may take now."""
        return self._call(  # type: ignore[no-any-return]
            self._stub.LegalActions, pb.LegalActionsRequest(game_id=game_id, seat=seat)
        )

    def get_view(self, game_id: str, at_version: int = 0, *,
                 read_mask: Sequence[str] | None = None) -> pb.GetViewResponse:
        """The game as this client may see it, now or at ``at_version``; with ``read_mask``
        only the fields named (e.g. ``["view.status", "view.seats"]``)."""
        request = pb.GetViewRequest(game_id=game_id, at_version=at_version)
        if read_mask is not None:
            request.read_mask.paths.extend(read_mask)
        return self._call(self._stub.GetView, request)  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ streams

    def replay(self, game_id: str, from_version: int = 1, to_version: int = 0, *,
               read_mask: Sequence[str] | None = None, max_batch: int = 0) -> Iterator[pb.ReplayResponse]:
        """The stored events from ``from_version`` to ``to_version`` (0: the
        newest), each with the state after it; with ``read_mask`` only the fields
        named (``["event"]``: no views are built, the stream runs at the store's speed).
        With ``max_batch`` above 1 each response carries up to that many events in
        ``events`` and the state after its last one (``events_of`` reads either kind)."""
        request = pb.ReplayRequest(game_id=game_id, from_version=from_version, to_version=to_version,
                                   max_batch=max_batch)
        if read_mask is not None:
            request.read_mask.paths.extend(read_mask)
        return self._stream(self._stub.Replay, request)

    def replay_events(self, game_id: str, from_version: int = 1, to_version: int = 0, *,
                      read_mask: Sequence[str] = ("event",), max_batch: int = DEFAULT_BATCH) -> Iterator[pb.Event]:
        """The stored events from ``from_version`` to ``to_version`` (0: the newest), read in
        batches of up to ``max_batch`` per message, without views (``read_mask`` names the parts
        of each event read, e.g. ``["event.version", "event.payload_json"]``: an event's summary
        is told only when it is read)."""
        for response in self.replay(game_id, from_version, to_version, read_mask=read_mask, max_batch=max_batch):
            yield from events_of(response)

    def watch(
        self, game_id: str, after_version: int = 0, timeout: float | None = None, caught_up: bool = False,
        read_mask: Sequence[str] | None = None, max_batch: int = 0,
    ) -> WatchStream:
        """Events after ``after_version``, then new ones as they are stored,
        until ``cancel()`` (or ``timeout`` seconds, if given). With
        ``caught_up=True`` the marker between stored and live events is
        yielded too (``response.caught_up``). With ``read_mask`` only the fields
        named (``["event", "caught_up"]``: no views are built). With ``max_batch``
        above 1 the history (and live events already waiting) come up to that many
        per response, in ``events`` (``events_of`` reads either kind)."""
        request = pb.WatchRequest(game_id=game_id, after_version=after_version, max_batch=max_batch)
        if read_mask is not None:  # the marker is told apart by caught_up: always read
            request.read_mask.paths.extend(dict.fromkeys([*read_mask, "caught_up"]))
        call = self._stub.Watch(
            request,
            metadata=self._metadata(),
            timeout=timeout,
        )
        return WatchStream(call, self.language, caught_up=caught_up)

    # ------------------------------------------------------------------ disputes

    def open_dispute(
        self, game_id: str, seat: int, event_version: int, reason: str
    ) -> pb.OpenDisputeResponse:
        """Dispute the event at ``event_version``; the judge re-checks it at once."""
        request = pb.OpenDisputeRequest(
            game_id=game_id, seat=seat, event_version=event_version, reason=reason
        )
        result = self._call(self._stub.OpenDispute, request)
        return self._checked(result, result.receipt, game_id)  # type: ignore[no-any-return]

    def resolve_dispute(
        self, game_id: str, dispute_id: int, uphold: bool, note: str = "", request_id: str | None = None
    ) -> pb.ResolveDisputeResponse:
        """Uphold (roll back) or dismiss a dispute (organizer only).
        ``request_id`` defaults to a fresh UUID; reuse one to retry safely."""
        request = pb.ResolveDisputeRequest(game_id=game_id, dispute_id=dispute_id, uphold=uphold, note=note,
                                           request_id=request_id or str(uuid.uuid4()))
        result = self._call(self._stub.ResolveDispute, request)
        return self._checked(result, result.receipt, game_id)  # type: ignore[no-any-return]

    def list_disputes(self, game_id: str) -> pb.ListDisputesResponse:
        """All disputes of the game, oldest first."""
        return self._call(  # type: ignore[no-any-return]
            self._stub.ListDisputes, pb.ListDisputesRequest(game_id=game_id)
        )

    # ------------------------------------------------------------------ records

    def export_game(self, game_id: str) -> pb.ExportGameResponse:
        """The game's record (JSON Lines)."""
        return self._call(  # type: ignore[no-any-return]
            self._stub.ExportGame, pb.ExportGameRequest(game_id=game_id)
        )

    def import_game(self, record: str, request_id: str | None = None) -> pb.ImportGameResponse:
        """Import a record as a new game (with new tokens) after auditing it
        (the server's admin token). ``request_id`` defaults to a fresh UUID;
        reuse one to retry safely (the retry's answer carries fresh tokens)."""
        request = pb.ImportGameRequest(record=record, request_id=request_id or str(uuid.uuid4()))
        result = self._call(self._stub.ImportGame, request)
        return self._checked(result, result.game.receipt, result.game.game_id)  # type: ignore[no-any-return]

    def list_games(self, page_size: int = 0, page_token: str = "") -> pb.ListGamesResponse:
        """One page of the games this judge holds, oldest first (the server's admin token)."""
        return self._call(  # type: ignore[no-any-return]
            self._stub.ListGames, pb.ListGamesRequest(page_size=page_size, page_token=page_token))

    def all_games(self) -> Iterator[pb.GameSummary]:
        """Every game this judge holds, page by page (the server's admin token)."""
        token = ""
        while True:
            page = self.list_games(page_token=token)
            yield from page.games
            token = page.next_page_token
            if not token:
                return

    def audit(self, game_id: str, current_rules: bool = False) -> pb.AuditResponse:
        """Re-validate every stored event (under the current rules if asked)."""
        return self._call(  # type: ignore[no-any-return]
            self._stub.Audit, pb.AuditRequest(game_id=game_id, current_rules=current_rules)
        )

    # ------------------------------------------------------------------ trust

    def rotate_token(self, game_id: str, role: str | int, seat: int = 0) -> str:
        """Replace a token of the game (organizer): ``role`` "seat" (with
        ``seat``), "organizer" or "spectator". Returns the new token; the old
        one stops working."""
        request = pb.RotateTokenRequest(
            game_id=game_id, role=cast(pb.TokenRole, enum_value(pb.TokenRole.DESCRIPTOR, role)), seat=seat)
        return self._call(self._stub.RotateToken, request).token  # type: ignore[no-any-return]

    def get_server_key(self) -> pb.GetServerKeyResponse:
        """The server's public signing key; with a pinned key, a server that
        presents another one raises ``UntrustedReceipt``."""
        key = self._call(self._stub.GetServerKey, pb.GetServerKeyRequest())
        if self.server_key is not None and bytes(key.public_key) != self.server_key:
            raise UntrustedReceipt(f"the server's key {key.key_id} is not the pinned key")
        return key  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ health

    def health(self, service: str = "") -> str:
        """The serving status of ``service`` ("" for the server), e.g. "SERVING"."""
        from grpc_health.v1 import health_pb2, health_pb2_grpc

        stub = health_pb2_grpc.HealthStub(self._channel)
        response = self._call(stub.Check, health_pb2.HealthCheckRequest(service=service))
        return health_pb2.HealthCheckResponse.ServingStatus.Name(response.status)


__all__ = [
    "ACTION_KINDS", "DEFAULT_TARGET", "DEFAULT_TIMEOUT_S", "FAMILY_SECTIONS", "MAX_MESSAGE_BYTES", "ROOT_FAMILY",
    "JudgeClient", "JudgeRpcError", "SeatArg", "UntrustedReceipt", "WatchStream", "action_kinds", "action_of",
    "build_command", "command_of", "enum_value", "families_of_kind", "fill_message", "receipt_of", "seat_spec",
    "verify_receipt",
]


def _definitions(cards: Sequence[Mapping[str, Any] | str]) -> list[pb.CardDefinition]:
    """Card definitions (objects or JSON texts) as a request carries them (``define``)."""
    return [pb.CardDefinition(json=card if isinstance(card, str) else json.dumps(card, ensure_ascii=False))
            for card in cards]
