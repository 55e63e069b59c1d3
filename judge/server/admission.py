"""Admission: what one client may take of the server, so that it never
stops the others.

The judge runs on grpcio's synchronous server: every running call, a
``Replay`` or ``Watch`` stream included, holds one worker thread, and a
stream whose client stops reading holds it while gRPC waits for the HTTP/2
flow-control window to open. Admission bounds that cost per client:

- **Streams** (``StreamGate``): ``Replay`` and ``Watch`` streams are counted
  apart from unary calls: at most ``max_streams`` at once on the server
  (fewer than the workers, so unary calls always find one), in two pools.
  A game's own seats and organizer (their tokens) stream from the table
  pool, at most ``streams_per_seat`` each, from wherever they call; every
  other stream (no token, a spectator's, health and reflection) from the
  open pool: at most ``open_streams``, ``streams_per_client`` per client
  address and ``watch_per_game`` ``Watch`` streams per game. Whatever a
  stranger opens without a seat's token stays in the open pool, so a
  table's own live view is never refused for it. One more is answered
  RESOURCE_EXHAUSTED at once, naming the limit.
- **Stalled readers** (``StallWatchdog``): a stream whose next message has
  waited ``stall_s`` seconds for the client to read (gRPC has not asked
  the stream for its next message) is cancelled, which frees its worker
  and its slots.
- **Calls per client address** (``Admission.client_rate``): a token bucket
  per address beside the per-token one (judge/server/interceptors.py), so
  many tokens from one place cannot flood.
- **Creation** (``Admission.create_rate``, ``create_token_hash``): games
  created per client address are a token bucket of their own; with a
  creator token configured, ``CreateGame`` needs it (or the admin token).

A client is its peer address without the port, an IPv6 client its /64
network (``client_address``); an IPv4 address mapped into IPv6 counts as
the IPv4 address. Behind a trusted proxy the client is the address the
proxy appended to ``x-forwarded-for``.
"""

from __future__ import annotations

import ipaddress
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any
from dataclasses import dataclass
from urllib.parse import unquote

import grpc

from judge.common.errors import ResourceExhausted
from judge.common.i18n import N_, said

logger = logging.getLogger(__name__)

DEFAULT_STREAMS_PER_CLIENT = 8
DEFAULT_WATCH_PER_GAME = 16
DEFAULT_STREAMS_PER_SEAT = 4
DEFAULT_STALL_S = 30.0
DEFAULT_CREATE_PER_MINUTE = 6.0
DEFAULT_CREATE_BURST = 50
DEFAULT_CLIENT_RATE = 200.0
DEFAULT_CLIENT_BURST = 400


@dataclass(frozen=True)
class RateLimit:
    """A token bucket per caller: ``per_second`` calls on average, at most
    ``burst`` at once."""

    per_second: float
    burst: int

    def __post_init__(self) -> None:
        if self.per_second <= 0 or self.burst < 1:
            raise ValueError("a rate limit needs per_second > 0 and burst >= 1")


class RateLimiter:
    """Token buckets keyed by caller (a hash of the bearer token, or the
    peer's address for calls without one)."""

    MAX_BUCKETS = 100_000

    def __init__(self, limit: RateLimit, clock: Callable[[], float] = time.monotonic):
        self.limit = limit
        self._clock = clock
        self._lock = threading.Lock()
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, key: str) -> bool:
        """Spend one call of ``key``'s bucket; False if it is empty."""
        now = self._clock()
        with self._lock:
            tokens, last = self._buckets.pop(key, (float(self.limit.burst), now))
            tokens = min(float(self.limit.burst), tokens + (now - last) * self.limit.per_second)
            allowed = tokens >= 1.0
            if allowed:
                tokens -= 1.0
            self._buckets[key] = (tokens, now)
            while len(self._buckets) > self.MAX_BUCKETS:
                self._buckets.popitem(last=False)
            return allowed


Network = ipaddress.IPv4Network | ipaddress.IPv6Network
FORWARDED_FOR = "x-forwarded-for"


def client_address(context: grpc.ServicerContext, trusted_proxies: tuple[Network, ...] = ()) -> str:
    """Who the caller is for the per-address limits: its IPv4 address
    (``ipv4:192.0.2.7``; an IPv4-mapped IPv6 address counts as IPv4) or its
    IPv6 /64 network (``ipv6:2001:db8:1:2::/64``: one host may use every
    address of its /64); any other peer (a unix socket) as it is named.

    A peer in ``trusted_proxies`` (a proxy such as Envoy in front of the
    judge) speaks for its clients: the client is the last address of the
    call's ``x-forwarded-for`` metadata, the one that proxy appended."""
    peer = context.peer() or ""
    address = _peer_ip(peer)
    if address is None:
        return peer
    if trusted_proxies and any(address in network for network in trusted_proxies):
        forwarded = _forwarded_ip(context.invocation_metadata())
        if forwarded is not None:
            address = forwarded
    return _key(address)


def _peer_ip(peer: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    kind, _, rest = unquote(peer).partition(":")
    if kind == "ipv4":
        host = rest.rsplit(":", 1)[0]
    elif kind == "ipv6":
        host = rest[1:rest.find("]")] if rest.startswith("[") and "]" in rest else rest.rsplit(":", 1)[0]
    else:
        return None
    return _ip(host)


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address(text.strip().strip("[]").split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _forwarded_ip(metadata: Any) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The last address of the ``x-forwarded-for`` metadata (None if absent or not an address)."""
    last = None
    for key, value in metadata or ():
        if key.lower() == FORWARDED_FOR:
            text = value.decode("ascii", "replace") if isinstance(value, bytes) else str(value)
            last = text.rsplit(",", 1)[-1]
    return _ip(last) if last is not None else None


def _key(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    if isinstance(address, ipaddress.IPv4Address):
        return f"ipv4:{address}"
    return f"ipv6:{ipaddress.IPv6Network((address, 64), strict=False)}"


def parse_networks(text: str) -> tuple[Network, ...]:
    """Comma-separated addresses or networks (``10.0.0.0/8,::1``); raises
    ValueError naming a bad one."""
    networks = []
    for part in text.split(","):
        if part.strip():
            try:
                networks.append(ipaddress.ip_network(part.strip(), strict=False))
            except ValueError as e:
                raise ValueError(f"not an address or network: {part.strip()!r}") from e
    return tuple(networks)


class Slot:
    """One admitted stream: released once (``leave``); ``sending`` and
    ``sent`` bracket each message while gRPC sends it. ``seat`` is the
    game's seat (or organizer) whose token opened it, None for a stream of
    the open pool."""

    def __init__(self, gate: StreamGate, client: str, game: str | None, cancel: Callable[[], object],
                 seat: str | None = None):
        self._gate = gate
        self.client = client
        self.game = game
        self.seat = seat
        self.cancel = cancel
        self.sending_since: float | None = None
        self.cancelled = False
        self._left = False

    def sending(self) -> None:
        self.sending_since = self._gate.clock()

    def sent(self) -> None:
        self.sending_since = None

    def leave(self) -> None:
        if not self._left:
            self._left = True
            self._gate.release(self)


def seat_key(game_id: str, role: str, seat: int | None) -> str | None:
    """The key of a game's own seat (``<game>/seat/2``) or organizer
    (``<game>/organizer``) for the table pool; None for any other caller
    (a spectator, no token), whose streams take the open pool."""
    if role == "seat" and seat is not None:
        return f"{game_id}/seat/{seat}"
    if role == "organizer":
        return f"{game_id}/organizer"
    return None


class StreamGate:
    """Counts the open streams in two pools and admits a stream only below
    every limit of its pool:

    - **the table pool**: streams opened with a game's own seat or organizer
      token. Each seat (and the organizer) holds at most ``per_seat`` at
      once, wherever it calls from; no per-address or per-game limit applies,
      and no stream of the open pool can take these slots: they are the
      ``max_streams - open_streams`` that the open pool never reaches.
    - **the open pool**: everything else (no token, a spectator token, the
      health and reflection streams): at most ``open_streams`` at once, at
      most ``per_client`` per client address and ``watch_per_game``
      ``Watch`` streams per game.

    Both pools together hold at most ``max_streams`` (the workers streams
    may take)."""

    def __init__(self, max_streams: int, per_client: int = DEFAULT_STREAMS_PER_CLIENT,
                 watch_per_game: int = DEFAULT_WATCH_PER_GAME, stall_s: float | None = DEFAULT_STALL_S,
                 clock: Callable[[], float] = time.monotonic, watchdog: bool = True, *,
                 per_seat: int = DEFAULT_STREAMS_PER_SEAT, open_streams: int | None = None):
        if max_streams < 1 or per_client < 1 or watch_per_game < 1 or per_seat < 1:
            raise ValueError("stream limits must be at least 1")
        if open_streams is not None and open_streams < 1:
            raise ValueError("the open pool needs at least 1 stream")
        if stall_s is not None and stall_s <= 0:
            raise ValueError("the stall timeout must be positive")
        self.max_streams = max_streams
        self.per_client = per_client
        self.watch_per_game = watch_per_game
        self.per_seat = per_seat
        self.open_streams = min(max_streams, open_streams if open_streams is not None
                                else max(1, max_streams // 2))
        self.stall_s = stall_s
        self.clock = clock
        self._start_watchdog = watchdog and stall_s is not None
        """A thread calls ``cancel_stalled`` while streams are open (else the caller does)."""
        self._lock = threading.Lock()
        self._open: set[Slot] = set()
        self._pool = 0  # streams of the open pool
        self._clients: dict[str, int] = {}
        self._games: dict[str, int] = {}
        self._seats: dict[str, int] = {}
        self._watchdog: threading.Thread | None = None
        self.stalled = 0
        """Streams cancelled so far because their client stopped reading."""

    def enter(self, client: str, watch_game: str | None, cancel: Callable[[], object],
              seat: str | None = None) -> Slot:
        """Admit a stream of ``client`` (a ``Watch`` of ``watch_game``;
        opened with the token of ``seat``, a ``seat_key``, or None), or raise
        ``ResourceExhausted`` naming the limit it would pass."""
        with self._lock:
            if len(self._open) >= self.max_streams:
                raise ResourceExhausted(
                    said(N_("this server serves at most {max_streams} streams at once (limit max_streams); try "
                             "again when one has ended"), max_streams=self.max_streams))
            if seat is not None:
                if self._seats.get(seat, 0) >= self.per_seat:
                    raise ResourceExhausted(
                        said(N_("at most {per_seat} streams at once per seat (limit streams_per_seat); end one of "
                                 "this seat's streams first"), per_seat=self.per_seat))
            else:
                if self._pool >= self.open_streams:
                    raise ResourceExhausted(
                        said(N_("at most {open_streams} streams at once without a seat's token (limit "
                                 "open_streams); a seat's own streams are admitted apart"),
                             open_streams=self.open_streams))
                if self._clients.get(client, 0) >= self.per_client:
                    raise ResourceExhausted(
                        said(N_("at most {per_client} streams at once per client address (limit "
                                 "streams_per_client); end one of yours first"), per_client=self.per_client))
                if watch_game is not None and self._games.get(watch_game, 0) >= self.watch_per_game:
                    raise ResourceExhausted(
                        said(N_("at most {watch_per_game} Watch streams at once per game (limit watch_per_game)"),
                             watch_per_game=self.watch_per_game))
            slot = Slot(self, client, watch_game, cancel, seat)
            self._open.add(slot)
            if seat is not None:
                self._seats[seat] = self._seats.get(seat, 0) + 1
            else:
                self._pool += 1
                self._clients[client] = self._clients.get(client, 0) + 1
                if watch_game is not None:
                    self._games[watch_game] = self._games.get(watch_game, 0) + 1
            if self._start_watchdog and self._watchdog is None:
                self._watchdog = threading.Thread(target=self._watch_stalls, name="judge-stream-stalls",
                                                  daemon=True)
                self._watchdog.start()
            return slot

    def release(self, slot: Slot) -> None:
        with self._lock:
            self._open.discard(slot)
            if slot.seat is not None:
                _decrement(self._seats, slot.seat)
                return
            self._pool -= 1
            _decrement(self._clients, slot.client)
            if slot.game is not None:
                _decrement(self._games, slot.game)

    def open_streams_of(self, client: str | None = None) -> int:
        """Streams open now (of ``client`` in the open pool, or in all)."""
        with self._lock:
            return len(self._open) if client is None else self._clients.get(client, 0)

    def cancel_stalled(self) -> int:
        """Cancel every stream whose message has waited ``stall_s`` for its
        reader; how many were cancelled."""
        if self.stall_s is None:
            return 0
        now = self.clock()
        with self._lock:
            stalled = [s for s in self._open if not s.cancelled and s.sending_since is not None
                       and now - s.sending_since >= self.stall_s]
            for slot in stalled:
                slot.cancelled = True
            self.stalled += len(stalled)
        for slot in stalled:
            logger.warning("cancelled a stream of %s: its client read nothing for %g s", slot.client, self.stall_s,
                           extra={"client": slot.client})
            try:
                slot.cancel()  # ends the call: gRPC's blocked send returns and the worker is free
            except Exception:  # noqa: BLE001 - the call may have ended meanwhile
                pass
        return len(stalled)

    def _watch_stalls(self) -> None:
        assert self.stall_s is not None
        interval = min(1.0, max(0.05, self.stall_s / 4))
        while True:
            time.sleep(interval)
            self.cancel_stalled()
            with self._lock:
                if not self._open:  # nothing to watch: a new stream starts the watchdog again
                    self._watchdog = None
                    return


def _decrement(counts: dict[str, int], key: str) -> None:
    left = counts.get(key, 0) - 1
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)


@dataclass(frozen=True)
class Admission:
    """The server's admission limits (see the module docstring); None
    switches a rate limit off."""

    streams_per_client: int = DEFAULT_STREAMS_PER_CLIENT
    watch_per_game: int = DEFAULT_WATCH_PER_GAME
    streams_per_seat: int = DEFAULT_STREAMS_PER_SEAT
    """Streams at once per seat (and per organizer) of a game, in the table pool."""
    open_streams: int | None = None
    """Streams at once in the open pool (no seat's token); None: half of ``max_streams``."""
    stall_s: float | None = DEFAULT_STALL_S
    client_rate: RateLimit | None = RateLimit(DEFAULT_CLIENT_RATE, DEFAULT_CLIENT_BURST)
    """Calls per client address."""
    create_rate: RateLimit | None = RateLimit(DEFAULT_CREATE_PER_MINUTE / 60, DEFAULT_CREATE_BURST)
    """Games created per client address."""
    create_token_hash: str | None = None
    """SHA-256 of the creator token ``CreateGame`` needs (None: none needed)."""
    trusted_proxies: tuple[Network, ...] = ()
    """Proxies whose calls count for the client their ``x-forwarded-for`` names."""


def gate_of(max_streams: int, admission: Admission) -> StreamGate:
    """The ``StreamGate`` of ``max_streams`` streams with ``admission``'s limits."""
    return StreamGate(max_streams, admission.streams_per_client, admission.watch_per_game, admission.stall_s,
                      per_seat=admission.streams_per_seat, open_streams=admission.open_streams)
