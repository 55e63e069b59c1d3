"""Stream pools (issue "Hostile input, round three"): a stranger calling from 16 addresses opens
every stream it can without a seat's token (health and reflection streams, Replay and Watch with
the spectator tokens a public board shows, forged tokens) while an honest table plays to the end:
the table's live Watch of each seat and its replays are never refused, because a game's own seats
stream from slots reserved for it, which no other stream reaches (judge/server/admission.py). And
where anyone may create games, a stranger who creates all the games the creation limit allows
at 16 addresses and streams with their tokens takes no slot an honest table reserved.

Before, streams were limited per address and in all only: from four addresses a stranger held
every slot, and the table's Watch was refused until the stall watchdog ended the stranger's; then
a pool shared by every game's seats, which the seats of a stranger's own games could fill.

The stranger's 16 addresses are loopback addresses 127.0.0.10 to 127.0.0.25: each of its
connections goes through a small relay whose outgoing socket is bound to one of them, so the
judge sees 16 clients. Nothing is timed; waits have a generous safety deadline only.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from judge.domain.credentials import token_hash
from judge.server.admission import Admission, RateLimit
from judge.v1 import judge_pb2 as pb
from judge.v1 import judge_pb2_grpc
from judge_client import JudgeClient, JudgeRpcError
from tests.server.monkic_support import bot_game, open_monkic
from tests.server.support import SAFETY_TIMEOUT_S
from tests.trust.conftest import trust_judge

ADDRESSES = [f"127.0.0.{i}" for i in range(10, 26)]
STALLING = [("grpc.http2.bdp_probe", 0), ("grpc.http2.lookahead_bytes", 1024)]
CREATOR = "creator-token-of-the-tournament"
TRIES = 6
"""Streams the stranger tries of each kind from each address (more than any limit lets through)."""


class Relay:
    """A TCP relay on 127.0.0.1 whose connections reach ``port`` from ``source`` (a loopback
    address): what arrives through it comes from ``source`` for the judge."""

    def __init__(self, source: str, port: int):
        self.source, self.port = source, port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.target = f"127.0.0.1:{self.listener.getsockname()[1]}"
        self.sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                inner, _ = self.listener.accept()
            except OSError:
                return
            outer = socket.socket()
            outer.bind((self.source, 0))
            outer.connect(("127.0.0.1", self.port))
            for s in (inner, outer):  # small frames pass at once, not after a delayed acknowledgement
                s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.sockets += [inner, outer]
            for a, b in ((inner, outer), (outer, inner)):
                threading.Thread(target=_pipe, args=(a, b), daemon=True).start()

    def close(self) -> None:
        self.listener.close()
        for s in self.sockets:
            try:
                s.close()
            except OSError:
                pass


def _pipe(src: socket.socket, dst: socket.socket) -> None:
    try:
        while data := src.recv(65536):
            dst.sendall(data)
        dst.shutdown(socket.SHUT_WR)
    except OSError:
        pass


@contextmanager
def relays(port: int) -> Iterator[list[Relay]]:
    opened = [Relay(address, port) for address in ADDRESSES]
    try:
        yield opened
    finally:
        for relay in opened:
            relay.close()


def first(call: Any) -> str:
    """The first answer of a stream: 'admitted', or the refusal's status code name."""
    try:
        next(call)
        return "admitted"
    except grpc.RpcError as error:
        return error.code().name  # type: ignore[attr-defined,no-any-return]


def stranger_opens_everything(target: str, public: list[tuple[str, str]], held: list[Any],
                              answers: dict[str, int]) -> None:
    """From one address: every kind of stream the stranger can open, ``TRIES`` of each, each
    left unread (admitted ones go into ``held``); the answers counted by kind."""
    channel = grpc.insecure_channel(target, options=STALLING)
    stub = judge_pb2_grpc.JudgeServiceStub(channel)
    health = health_pb2_grpc.HealthStub(channel)
    long = SAFETY_TIMEOUT_S * 5

    def metadata(token: str) -> list[tuple[str, str]]:
        return [("authorization", f"Bearer {token}")]

    def replay(game_id: str, token: str) -> Callable[[], Any]:
        return lambda: stub.Replay(pb.ReplayRequest(game_id=game_id), metadata=metadata(token), timeout=long)

    def watch(game_id: str, token: str) -> Callable[[], Any]:
        return lambda: stub.Watch(pb.WatchRequest(game_id=game_id), metadata=metadata(token), timeout=long)

    kinds: list[tuple[str, Callable[[], Any]]] = [
        ("health", lambda: health.Watch(health_pb2.HealthCheckRequest(service=""), timeout=long))]
    for game_id, spectator in public:
        kinds += [("replay", replay(game_id, spectator)), ("watch", watch(game_id, spectator)),
                  ("forged", watch(game_id, "forged-token"))]
    for kind, open_call in kinds:
        for _ in range(TRIES):
            call = open_call()
            answer = first(call)
            answers[f"{kind} {answer}"] = answers.get(f"{kind} {answer}", 0) + 1
            if answer == "admitted":
                held.append(call)
    held.append(channel)


def test_a_stranger_at_16_addresses_never_takes_a_seats_live_view(tmp_path: Path) -> None:
    admission = Admission(client_rate=None, create_rate=None, stall_s=None, create_token_hash=token_hash(CREATOR),
                          open_streams=6)
    with trust_judge(tmp_path / "judge.sqlite3", max_workers=32, max_streams=16, admission=admission) as judge, \
            JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S, token=CREATOR) as organizer, \
            relays(int(judge.target.rsplit(":", 1)[1])) as stranger_at, ExitStack() as cleanup:
        table = open_monkic(organizer, mode="dealt")
        other = open_monkic(organizer, mode="dealt")  # another table: its spectator token is public too
        public = [(table.game_id, table.game.spectator_token), (other.game_id, other.game.spectator_token)]

        held: list[Any] = []
        cleanup.callback(lambda: [h.cancel() if hasattr(h, "cancel") else h.close() for h in held])
        answers: dict[str, int] = {}
        for relay in stranger_at:
            stranger_opens_everything(relay.target, public, held, answers)
        outgoing = {s.getsockname()[0] for relay in stranger_at for s in relay.sockets if s.getsockname()[1] != 0}
        assert set(ADDRESSES) <= outgoing  # the judge saw the stranger at 16 addresses
        admitted = sum(n for k, n in answers.items() if k.endswith("admitted"))
        refused = sum(n for k, n in answers.items() if k.endswith("RESOURCE_EXHAUSTED"))
        assert admitted == 6, answers  # the open pool of 6 streams
        assert answers.get("forged UNAUTHENTICATED") == len(ADDRESSES) * TRIES * len(public), answers
        assert admitted + refused + answers["forged UNAUTHENTICATED"] == len(ADDRESSES) * TRIES * (1 + 3 * len(public))

        # The honest table: each seat's live Watch open for the whole game, then each seat's replay.
        seen: dict[int, list[int]] = {0: [], 1: []}
        watches = {seat: table.seats[seat].watch(table.game_id, timeout=SAFETY_TIMEOUT_S * 10) for seat in seen}

        def follow(seat: int) -> None:
            try:
                for event in watches[seat]:
                    seen[seat].append(event.event.version)
            except Exception as e:  # noqa: BLE001 - the cancel at the end; anything else shows in ``seen``
                seen[seat].append(-1) if "CANCELLED" not in str(e) else None

        readers = [threading.Thread(target=follow, args=(seat,), daemon=True) for seat in seen]
        for reader in readers:
            reader.start()
        steps = bot_game(table)
        final = table.organizer.get_view(table.game_id).view
        assert steps > 0 and final.status == pb.GAME_STATUS_FINISHED
        for seat in seen:
            assert [e.event.version for e in table.seats[seat].replay(table.game_id)][-1] == final.version
        deadline = threading.Event()
        for _ in range(int(SAFETY_TIMEOUT_S * 10)):  # a safety net, not a measurement
            if all(s and s[-1] == final.version for s in seen.values()):
                break
            deadline.wait(0.1)
        for seat, stream in watches.items():
            stream.cancel()
        for reader in readers:
            reader.join(SAFETY_TIMEOUT_S)
        for seat, versions in seen.items():
            assert versions == list(range(1, final.version + 1)), (seat, versions[:5], versions[-5:])
        # And still nothing more for the stranger: its pool is full while it holds its streams.
        extra: list[Any] = []
        more: dict[str, int] = {}
        stranger_opens_everything(stranger_at[0].target, public[:1], extra, more)
        held.extend(extra)
        assert not [k for k in more if k.endswith("admitted")], more


CREATIONS = 3
"""Games each of the stranger's addresses may create (its creation burst; refilled only after an hour)."""


def stranger_creates_everything(target: str) -> tuple[list[tuple[str, str]], list[str]]:
    """From one address: as many games as the creation limit lets it create; every token of
    each (each seat's, the organizer's, the spectator's) with its game, and the refusals."""
    tokens: list[tuple[str, str]] = []
    refusals: list[str] = []
    with JudgeClient(target, timeout=SAFETY_TIMEOUT_S) as stranger:
        for _ in range(CREATIONS + 2):
            try:
                game = open_monkic(stranger, mode="dealt").game
            except JudgeRpcError as e:
                refusals.append(f"{e.code.name} {e.message}")
                continue
            tokens += [(game.game_id, t) for t in
                       [s.token for s in game.seat_tokens] + [game.organizer_token, game.spectator_token]]
    return tokens, refusals


def test_a_stranger_who_creates_games_at_16_addresses_never_takes_a_tables_reserved_streams(tmp_path: Path) -> None:
    """No creator token: anyone may create games. The honest table is created first, then the
    stranger creates as many games as the creation limit lets each of its 16 addresses and opens
    every stream it can with every token of those games (seats, organizers, spectators), with
    forged tokens and with none (health). Then the honest table opens its page (each seat's Replay,
    then its live Watch), plays a dealt game to the end while each seat's page reconnects midway,
    and replays it at the end: none of its streams is refused. The table's reservation (two slots
    for each seat and the organizer, made at its creation) is the stranger's to take by no means;
    the stranger's own games reserve what is left of the slots the open pool never reaches, and
    nothing beyond."""
    admission = Admission(client_rate=None, stall_s=None, open_streams=6, reserved_streams_per_seat=2,
                          create_rate=RateLimit(1 / 3600, CREATIONS), reservation_grace_s=3600.0)
    with trust_judge(tmp_path / "judge.sqlite3", max_workers=48, max_streams=24, admission=admission) as judge, \
            JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as honest, \
            relays(int(judge.target.rsplit(":", 1)[1])) as stranger_at, ExitStack() as cleanup:
        table = open_monkic(honest, mode="dealt")

        held: list[Any] = []
        cleanup.callback(lambda: [h.cancel() if hasattr(h, "cancel") else h.close() for h in held])
        answers: dict[str, int] = {}
        created: list[list[tuple[str, str]]] = []
        for relay in stranger_at:
            tokens, refusals = stranger_creates_everything(relay.target)
            assert len({game for game, _ in tokens}) == CREATIONS and len(refusals) == 2, refusals
            assert all(r.startswith("RESOURCE_EXHAUSTED") and "create_rate" in r for r in refusals), refusals
            created.append(tokens)
        assert len({game for tokens in created for game, _ in tokens}) == CREATIONS * len(ADDRESSES)
        for relay, tokens in zip(stranger_at, created):  # each address with every token of its games
            stranger_opens_everything(relay.target, tokens, held, answers)
        outgoing = {s.getsockname()[0] for relay in stranger_at for s in relay.sockets if s.getsockname()[1] != 0}
        assert set(ADDRESSES) <= outgoing
        admitted = sum(n for k, n in answers.items() if k.endswith("admitted"))
        # It holds all it can: the open pool (6) and the reservations of two of its games (2 slots for each
        # seat and the organizer: 12); the honest table's reservation (6) is the rest of the 24 streams.
        assert admitted >= 6 + 12, answers
        assert set(answers) <= {f"{kind} {answer}" for kind in ("health", "replay", "watch", "forged")
                                for answer in ("admitted", "RESOURCE_EXHAUSTED", "UNAUTHENTICATED")}
        assert not [k for k in answers if k.startswith(("replay", "watch")) and k.endswith("UNAUTHENTICATED")]
        # Everything the stranger holds: no free slot is left but the honest table's reserved ones.
        more: dict[str, int] = {}
        stranger_opens_everything(stranger_at[0].target, created[1], held, more)
        assert not [k for k in more if k.endswith("admitted")], more

        # The honest table's page: each seat replays the game so far, then watches it live.
        gid = table.game_id
        seen: dict[int, list[int]] = {0: [], 1: []}
        version = table.organizer.get_view(gid).view.version
        for seat in seen:
            assert [e.event.version for e in table.seats[seat].replay(gid)] == list(range(1, version + 1))
        watches = {seat: table.seats[seat].watch(gid, timeout=SAFETY_TIMEOUT_S * 10) for seat in seen}
        reconnects: list[int] = []

        def follow(seat: int) -> None:
            """Read the seat's live view; after its fifth event, reconnect as the page does (a new
            Watch after the last version it saw)."""
            try:
                while True:
                    for event in watches[seat]:
                        seen[seat].append(event.event.version)
                        if len(seen[seat]) == 5 and seat not in reconnects:
                            break
                    else:
                        return
                    reconnects.append(seat)
                    watches[seat].cancel()
                    watches[seat] = table.seats[seat].watch(gid, after_version=seen[seat][-1],
                                                            timeout=SAFETY_TIMEOUT_S * 10)
            except Exception as e:  # noqa: BLE001 - the cancel at the end; anything else shows in ``seen``
                seen[seat].append(-1) if "CANCELLED" not in str(e) else None

        readers = [threading.Thread(target=follow, args=(seat,), daemon=True) for seat in seen]
        for reader in readers:
            reader.start()
        steps = bot_game(table)
        final = table.organizer.get_view(gid).view
        assert steps > 0 and final.status == pb.GAME_STATUS_FINISHED
        waiting = threading.Event()
        for _ in range(int(SAFETY_TIMEOUT_S * 10)):  # a safety net, not a measurement
            if all(s and s[-1] in (final.version, -1) for s in seen.values()):
                break
            waiting.wait(0.1)
        for seat in seen:
            watches[seat].cancel()
        for reader in readers:
            reader.join(SAFETY_TIMEOUT_S)
        assert sorted(reconnects) == [0, 1]
        for seat, versions in seen.items():
            assert versions == list(range(1, final.version + 1)), (seat, versions[:5], versions[-5:])
            assert [e.event.version for e in table.seats[seat].replay(gid)][-1] == final.version
