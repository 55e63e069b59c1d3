"""Admission: what one client may take of the server, so that it never
stops the others.

The judge runs on grpcio's synchronous server: every running call, a
``Replay`` or ``Watch`` stream included, holds one worker thread, and a
stream whose client stops reading holds it while gRPC waits for the HTTP/2
flow-control window to open. Admission bounds that cost per client:

- **Streams** (``StreamGate``): ``Replay`` and ``Watch`` streams are counted
  apart from unary calls: at most ``max_streams`` at once on the server
  (fewer than the workers, so unary calls always find one). A game's own
  seats and organizer (their tokens) stream at most ``streams_per_seat``
  each, from wherever they call, and the game holds a reservation of
  ``reserved_streams_per_seat`` slots for each of them (made at its
  creation or its first own stream, kept while it streams): those are
  always admitted, whatever other games' tokens or strangers open.
  Reservations hold at most the streams the open pool leaves, a client
  address makes at most ``stream_games_per_client`` of them. Every other
  stream (no token, a spectator's, health and reflection) takes the open
  pool: at most ``open_streams``, ``streams_per_client`` per client address
  and ``watch_per_game`` ``Watch`` streams per game, never a reserved slot.
  One more is answered RESOURCE_EXHAUSTED at once, naming the limit.
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

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any
from dataclasses import dataclass

from judge.common.errors import ResourceExhausted
from judge.common.i18n import N_, Said, nsaid
from judge.server.addresses import (FORWARDED_FOR, ClientAddresses, Network, client_address,  # noqa: F401 (re-exported)
                                    parse_networks)

logger = logging.getLogger(__name__)

DEFAULT_STREAMS_PER_CLIENT = 8
DEFAULT_WATCH_PER_GAME = 16
DEFAULT_STREAMS_PER_SEAT = 4
DEFAULT_RESERVED_PER_SEAT = 1
DEFAULT_STREAM_GAMES_PER_CLIENT = 4
DEFAULT_RESERVATION_GRACE_S = 120.0
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
        burst, rate = float(self.limit.burst), self.limit.per_second
        with self._lock:
            bucket = self._buckets.get(key)
            if bucket is None:
                tokens = burst
                while len(self._buckets) >= self.MAX_BUCKETS:
                    self._buckets.popitem(last=False)
            else:
                tokens = min(burst, bucket[0] + (now - bucket[1]) * rate)
                self._buckets.move_to_end(key)
            allowed = tokens >= 1.0
            self._buckets[key] = (tokens - 1.0 if allowed else tokens, now)
            return allowed


class Slot:
    """One admitted stream: released once (``leave``); ``sending`` and
    ``sent`` bracket each message while gRPC sends it. ``seat`` is the
    game's seat (or organizer) whose token opened it, None for a stream of
    the open pool."""

    def __init__(self, gate: StreamGate, client: str, game: str | None, cancel: Callable[[], object],
                 seat: TableSeat | None = None):
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
    (``<game>/organizer``), whose streams its game's reservation counts; None for any other caller
    (a spectator, no token), whose streams take the open pool."""
    if role == "seat" and seat is not None:
        return f"{game_id}/seat/{seat}"
    if role == "organizer":
        return f"{game_id}/organizer"
    return None


@dataclass(frozen=True)
class TableSeat:
    """Who opens a stream with a game's own token: the game, the seat's
    ``seat_key`` and how many seats the game has (its reservation holds
    slots for each of them and its organizer)."""

    game: str
    key: str
    seats: int


def table_seat(game_id: str, role: str, seat: int | None, seats: int) -> TableSeat | None:
    """The ``TableSeat`` of a game's seat or organizer; None for any other caller."""
    key = seat_key(game_id, role, seat)
    return TableSeat(game_id, key, max(0, seats)) if key is not None else None


@dataclass
class Reservation:
    """The slots a game holds for its own seats: ``size`` (``reserved_per_seat``
    for each seat and the organizer), of which ``in_use`` are taken by its
    streams; made for ``client`` (None: a creation with the creator or admin
    token, counted for no address); ``idle_since`` is when its last stream
    ended (or when it was made)."""

    size: int
    client: str | None
    idle_since: float
    in_use: int = 0


class StreamGate:
    """Counts the open streams and admits a stream only below every limit
    that applies to it (docs/security.md, "Availability"):

    - **a game's own seats and organizer** (their tokens): each at most
      ``per_seat`` streams at once, wherever it calls from. A game holds a
      **reservation** of ``reserved_per_seat`` slots for each of its seats
      and its organizer, made when it is created on this server or when its
      first own stream opens, and kept while any of its own streams is open
      and ``grace_s`` after the last one ended: a seat's first
      ``reserved_per_seat`` streams are then always admitted, whatever any
      other game's tokens or any stranger opens. Reservations together hold
      at most ``max_streams - open_streams`` slots, a client address makes at
      most ``games_per_client`` of them (creations with the creator or admin
      token count for no address); a game without one, and a seat's streams
      beyond its reserved ones, take a free slot no reservation holds.
    - **the open pool**: everything else (no token, a spectator token, the
      health and reflection streams): at most ``open_streams`` at once, at
      most ``per_client`` per client address and ``watch_per_game``
      ``Watch`` streams per game, and never a slot a reservation holds.

    All together hold at most ``max_streams`` (the workers streams may
    take): the open streams plus the reserved slots not in use never pass
    it, so a reserved slot is always free for its seat."""

    def __init__(self, max_streams: int, per_client: int = DEFAULT_STREAMS_PER_CLIENT,
                 watch_per_game: int = DEFAULT_WATCH_PER_GAME, stall_s: float | None = DEFAULT_STALL_S,
                 clock: Callable[[], float] = time.monotonic, watchdog: bool = True, *,
                 per_seat: int = DEFAULT_STREAMS_PER_SEAT, open_streams: int | None = None,
                 reserved_per_seat: int = DEFAULT_RESERVED_PER_SEAT,
                 games_per_client: int = DEFAULT_STREAM_GAMES_PER_CLIENT,
                 grace_s: float = DEFAULT_RESERVATION_GRACE_S):
        if max_streams < 1 or per_client < 1 or watch_per_game < 1 or per_seat < 1 or games_per_client < 1:
            raise ValueError("stream limits must be at least 1")
        if open_streams is not None and open_streams < 1:
            raise ValueError("the open pool needs at least 1 stream")
        if not 0 <= reserved_per_seat <= per_seat:
            raise ValueError("a seat's reserved streams must be between 0 and its limit")
        if stall_s is not None and stall_s <= 0:
            raise ValueError("the stall timeout must be positive")
        if grace_s < 0:
            raise ValueError("the reservation grace must not be negative")
        self.max_streams = max_streams
        self.per_client = per_client
        self.watch_per_game = watch_per_game
        self.per_seat = per_seat
        self.open_streams = min(max_streams, open_streams if open_streams is not None
                                else max(1, max_streams // 2))
        self.table_streams = max_streams - self.open_streams
        """Slots reservations may hold together (the open pool never reaches them)."""
        self.reserved_per_seat = reserved_per_seat
        self.games_per_client = games_per_client
        self.grace_s = grace_s
        self.stall_s = stall_s
        self.clock = clock
        self._start_watchdog = watchdog and stall_s is not None
        """A thread calls ``cancel_stalled`` while streams are open (else the caller does)."""
        self._lock = threading.Lock()
        self._open: set[Slot] = set()
        self._pool = 0  # streams of the open pool
        self._clients: dict[str, int] = {}
        self._games: dict[str, int] = {}
        self._tables: dict[str, dict[str, int]] = {}  # game -> its seats' open streams, by seat key
        self._reservations: dict[str, Reservation] = {}  # by game
        self._reservations_of: dict[str, int] = {}  # by the client address that made them
        self._reserved = 0  # slots the reservations hold
        self._unused = 0  # of those, slots no stream uses
        self._watchdog: threading.Thread | None = None
        self.stalled = 0
        """Streams cancelled so far because their client stopped reading."""

    # ------------------------------------------------------------ admission

    def enter(self, client: str, watch_game: str | None, cancel: Callable[[], object],
              seat: TableSeat | None = None) -> Slot:
        """Admit a stream of ``client`` (a ``Watch`` of ``watch_game``;
        opened with the token of ``seat``, or None), or raise
        ``ResourceExhausted`` naming the limit it would pass."""
        with self._lock:
            if len(self._open) >= self.max_streams:
                raise ResourceExhausted(nsaid(
                    N_("this server serves at most {n} stream at once (limit max_streams); try again when it has "
                       "ended"),
                    N_("this server serves at most {n} streams at once (limit max_streams); try again when one has "
                       "ended"), self.max_streams))
            if seat is not None:
                self._admit_seat(client, seat)
            else:
                self._admit_open(client, watch_game)
            slot = Slot(self, client, watch_game, cancel, seat)
            self._open.add(slot)
            if seat is None:
                self._pool += 1
                self._clients[client] = self._clients.get(client, 0) + 1
                if watch_game is not None:
                    self._games[watch_game] = self._games.get(watch_game, 0) + 1
            if self._start_watchdog and self._watchdog is None:
                self._watchdog = threading.Thread(target=self._watch_stalls, name="judge-stream-stalls",
                                                  daemon=True)
                self._watchdog.start()
            return slot

    def _admit_open(self, client: str, watch_game: str | None) -> None:
        if self._pool >= self.open_streams:
            raise ResourceExhausted(nsaid(
                N_("at most {n} stream at once without a seat's token (limit open_streams); a seat's own streams "
                   "are admitted apart"),
                N_("at most {n} streams at once without a seat's token (limit open_streams); a seat's own streams "
                   "are admitted apart"), self.open_streams))
        if self._clients.get(client, 0) >= self.per_client:
            raise ResourceExhausted(nsaid(
                N_("at most {n} stream at once per client address (limit streams_per_client); end yours first"),
                N_("at most {n} streams at once per client address (limit streams_per_client); end one of yours "
                   "first"), self.per_client))
        if watch_game is not None and self._games.get(watch_game, 0) >= self.watch_per_game:
            raise ResourceExhausted(nsaid(
                N_("at most {n} Watch stream at once per game (limit watch_per_game)"),
                N_("at most {n} Watch streams at once per game (limit watch_per_game)"), self.watch_per_game))
        self._need_free_slot()

    def _admit_seat(self, client: str, seat: TableSeat) -> None:
        """Count a stream of ``seat``: in its game's reservation while the
        seat has fewer than ``reserved_per_seat`` streams, else in a free slot."""
        seats = self._tables.get(seat.game, {})
        used = seats.get(seat.key, 0)
        if used >= self.per_seat:
            raise ResourceExhausted(nsaid(
                N_("at most {n} stream at once per seat (limit streams_per_seat); end this seat's stream first"),
                N_("at most {n} streams at once per seat (limit streams_per_seat); end one of this seat's streams "
                   "first"), self.per_seat))
        reservation = self._reservations.get(seat.game)
        refusal = None
        if reservation is None:
            reservation, refusal = self._reserve(seat.game, seat.seats, client)
        if reservation is None or used >= self.reserved_per_seat:
            self._need_free_slot(refusal)
        else:
            reservation.in_use += 1
            self._unused -= 1
        self._tables.setdefault(seat.game, {})[seat.key] = used + 1

    def _need_free_slot(self, refusal: Said | None = None) -> None:
        """Refuse unless a slot is free that no reservation holds."""
        if len(self._open) + self._unused >= self.max_streams:
            raise ResourceExhausted(refusal or nsaid(
                N_("this server serves at most {n} stream at once (limit max_streams), and the free ones are "
                   "reserved for the seats of games that stream; try again when one has ended"),
                N_("this server serves at most {n} streams at once (limit max_streams), and the free ones are "
                   "reserved for the seats of games that stream; try again when one has ended"), self.max_streams))

    def reserve(self, game: str, seats: int, client: str | None) -> bool:
        """Reserve slots for a game just created by ``client`` (None: with the
        creator or admin token); False (and nothing reserved) if they are not
        free: its first stream tries again."""
        with self._lock:
            if game in self._reservations:
                return True
            return self._reserve(game, seats, client)[0] is not None

    def _reserve(self, game: str, seats: int, client: str | None) -> tuple[Reservation | None, Said | None]:
        """A new reservation of ``game``, or None and why not."""
        self._expire()
        if self.table_streams < 1 or self.reserved_per_seat < 1:
            return None, None
        size = self.reserved_per_seat * (seats + 1)
        in_use = sum(min(n, self.reserved_per_seat) for n in self._tables.get(game, {}).values())
        if self._reserved + size > self.table_streams or len(self._open) + self._unused + size - in_use \
                > self.max_streams:
            return None, nsaid(
                N_("the {n} stream kept for games' own seats is reserved by a game that streams (limit "
                   "table_streams), and no other is free; try again when it has ended"),
                N_("the {n} streams kept for games' own seats are all reserved by games that stream (limit "
                   "table_streams), and no other is free; try again when one has ended"), self.table_streams)
        if client is not None and self._reservations_of.get(client, 0) >= self.games_per_client:
            return None, nsaid(
                N_("a client address reserves streams for at most {n} game at once (limit "
                   "stream_games_per_client), and no stream is free without a reservation"),
                N_("a client address reserves streams for at most {n} games at once (limit "
                   "stream_games_per_client), and no stream is free without a reservation"), self.games_per_client)
        reservation = Reservation(size, client, self.clock(), in_use)
        self._reservations[game] = reservation
        self._reserved += size
        self._unused += size - in_use
        if client is not None:
            self._reservations_of[client] = self._reservations_of.get(client, 0) + 1
        return reservation, None

    def _expire(self) -> None:
        """End the reservations of games without a stream of their own for ``grace_s``."""
        now = self.clock()
        for game, reservation in list(self._reservations.items()):
            if game not in self._tables and now - reservation.idle_since >= self.grace_s:
                del self._reservations[game]
                self._reserved -= reservation.size
                self._unused -= reservation.size - reservation.in_use
                if reservation.client is not None:
                    _decrement(self._reservations_of, reservation.client)

    def release(self, slot: Slot) -> None:
        with self._lock:
            self._open.discard(slot)
            seat = slot.seat
            if seat is not None:
                seats = self._tables.get(seat.game, {})
                used = seats.get(seat.key, 0)
                _decrement(seats, seat.key)
                reservation = self._reservations.get(seat.game)
                if reservation is not None and used <= self.reserved_per_seat:
                    reservation.in_use -= 1
                    self._unused += 1
                if not seats:
                    self._tables.pop(seat.game, None)
                    if reservation is not None:
                        reservation.idle_since = self.clock()
                return
            self._pool -= 1
            _decrement(self._clients, slot.client)
            if slot.game is not None:
                _decrement(self._games, slot.game)

    def open_streams_of(self, client: str | None = None) -> int:
        """Streams open now (of ``client`` in the open pool, or in all)."""
        with self._lock:
            return len(self._open) if client is None else self._clients.get(client, 0)

    def free(self) -> int:
        """Slots free now that no reservation holds (never below 0)."""
        with self._lock:
            return self.max_streams - len(self._open) - self._unused

    def reserved(self, game: str | None = None) -> int:
        """Slots reserved now (for ``game``, or for all games)."""
        with self._lock:
            if game is None:
                return self._reserved
            reservation = self._reservations.get(game)
            return reservation.size if reservation is not None else 0

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
    """Streams at once per seat (and per organizer) of a game, with its own token."""
    reserved_streams_per_seat: int = DEFAULT_RESERVED_PER_SEAT
    """Of those, slots each seat (and the organizer) of a game holds in its reservation."""
    stream_games_per_client: int = DEFAULT_STREAM_GAMES_PER_CLIENT
    """Games whose reservations one client address makes at once."""
    reservation_grace_s: float = DEFAULT_RESERVATION_GRACE_S
    """Seconds a game's reservation outlives its creation or its last own stream."""
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
                      per_seat=admission.streams_per_seat, open_streams=admission.open_streams,
                      reserved_per_seat=admission.reserved_streams_per_seat,
                      games_per_client=admission.stream_games_per_client, grace_s=admission.reservation_grace_s)
