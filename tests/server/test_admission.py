"""The admission pieces alone (judge/server/admission.py): who a client
is, the stream gate's counts and the stall check on a clock the test
moves (tests/trust/test_availability.py runs them on a live judge)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.common.errors import ResourceExhausted
from judge.server.admission import (ClientAddresses, StreamGate, client_address, parse_networks, seat_key,
                                    table_seat)


class Peer:
    def __init__(self, peer: str, *metadata: tuple[str, str]):
        self._peer = peer
        self._metadata = metadata

    def peer(self) -> str:
        return self._peer

    def invocation_metadata(self) -> tuple[tuple[str, str], ...]:
        return self._metadata


@pytest.mark.parametrize(("peer", "client"), [
    ("ipv4:192.0.2.7:5555", "ipv4:192.0.2.7"),
    ("ipv6:[::ffff:192.0.2.7]:5555", "ipv4:192.0.2.7"),
    ("ipv6:%5B::1%5D:42881", "ipv6:::/64"),
    ("ipv6:[2001:db8:1:2:aaaa::5]:80", "ipv6:2001:db8:1:2::/64"),
    ("ipv6:[2001:db8:1:2:bbbb::9]:81", "ipv6:2001:db8:1:2::/64"),
    ("unix:/run/judge.sock", "unix:/run/judge.sock"),
])
def test_a_client_is_its_address_or_its_ipv6_network(peer: str, client: str) -> None:
    assert client_address(Peer(peer)) == client  # type: ignore[arg-type]


def test_a_trusted_proxy_speaks_for_the_client_it_names_last() -> None:
    proxies = parse_networks("10.0.0.0/8, fd00::/8")
    forwarded = ("x-forwarded-for", "198.51.100.1, 203.0.113.9")
    assert client_address(Peer("ipv4:10.1.2.3:4000", forwarded), proxies) == "ipv4:203.0.113.9"  # type: ignore[arg-type]
    assert client_address(Peer("ipv6:[fd00::7]:4000", ("x-forwarded-for", "2001:db8::1")), proxies) \
        == "ipv6:2001:db8::/64"  # type: ignore[arg-type]
    # Not a trusted proxy: what it forwards is ignored; a proxy without the header is itself.
    assert client_address(Peer("ipv4:192.0.2.7:1", forwarded), proxies) == "ipv4:192.0.2.7"  # type: ignore[arg-type]
    assert client_address(Peer("ipv4:10.1.2.3:4000"), proxies) == "ipv4:10.1.2.3"  # type: ignore[arg-type]
    assert client_address(Peer("ipv4:10.1.2.3:4000", ("x-forwarded-for", "junk")), proxies) \
        == "ipv4:10.1.2.3"  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not-a-network"):
        parse_networks("10.0.0.0/8,not-a-network")


_ADDRESSES = st.sampled_from(["10.1.2.3", "10.9.9.9", "192.0.2.7", "203.0.113.9", "::1", "fd00::7",
                               "2001:db8::1", "::ffff:10.1.2.3", "junk", ""])


@settings(max_examples=200, deadline=None)
@given(calls=st.lists(st.tuples(_ADDRESSES, st.integers(1, 3), st.one_of(st.none(), _ADDRESSES)), max_size=20),
       trusted=st.sampled_from(["", "10.0.0.0/8", "10.0.0.0/8, fd00::/8", "::1, 192.0.2.0/24"]))
def test_kept_client_addresses_are_what_client_address_says(
        calls: list[tuple[str, int, str | None]], trusted: str) -> None:
    proxies = parse_networks(trusted) if trusted else ()
    kept = ClientAddresses(proxies)
    for address, port, forwarded in calls * 2:  # every call twice: asked, then kept
        peer = f"ipv6:[{address}]:{port}" if ":" in address else f"ipv4:{address}:{port}"
        context = Peer(peer, *([("x-forwarded-for", f"198.51.100.1, {forwarded}")] if forwarded is not None else []))
        assert kept.of(context) == client_address(context, proxies)  # type: ignore[arg-type]


def test_the_gate_counts_in_all_per_client_and_watch_per_game() -> None:
    gate = StreamGate(4, per_client=2, watch_per_game=1, stall_s=None, open_streams=4)
    a1 = gate.enter("a", "g1", lambda: None)
    with pytest.raises(ResourceExhausted, match="watch_per_game"):
        gate.enter("b", "g1", lambda: None)
    gate.enter("a", None, lambda: None)
    with pytest.raises(ResourceExhausted, match="streams_per_client"):
        gate.enter("a", "g2", lambda: None)
    gate.enter("b", "g2", lambda: None)
    gate.enter("c", None, lambda: None)
    with pytest.raises(ResourceExhausted, match="max_streams"):
        gate.enter("d", None, lambda: None)
    a1.leave()
    a1.leave()  # once only
    assert gate.open_streams_of() == 3 and gate.open_streams_of("a") == 1
    gate.enter("b", "g1", lambda: None)


def test_a_seats_streams_are_admitted_apart_from_the_open_pool() -> None:
    """Streams without a seat's token fill only the open pool (half the streams by default), per
    address and per game: a seat's own streams are admitted beside them up to its own limit, from
    any address, while the open pool is full and that game's Watch limit is reached."""
    gate = StreamGate(8, per_client=2, watch_per_game=2, stall_s=None, per_seat=2, reserved_per_seat=1)
    assert gate.open_streams == 4 and gate.table_streams == 4
    strangers = [gate.enter(f"s{i}", "g" if i < 2 else "h", lambda: None) for i in range(4)]
    with pytest.raises(ResourceExhausted, match="open_streams"):
        gate.enter("s9", None, lambda: None)
    assert seat_key("g", "seat", 0) == "g/seat/0" and seat_key("g", "spectator", None) is None
    assert table_seat("g", "spectator", None, 2) is None
    seat0, seat1, organizer = (table_seat("g", "seat", 0, 2), table_seat("g", "seat", 1, 2),
                               table_seat("g", "organizer", None, 2))
    assert seat0 is not None and seat1 is not None and organizer is not None
    mine = [gate.enter("honest", "g", lambda: None, seat0), gate.enter("elsewhere", None, lambda: None, seat0)]
    assert gate.reserved("g") == 3  # a slot for each seat and the organizer, made by its first stream
    with pytest.raises(ResourceExhausted, match="streams_per_seat"):
        gate.enter("honest", "g", lambda: None, seat0)
    gate.enter("honest", "g", lambda: None, organizer)
    gate.enter("honest", "g", lambda: None, seat1)
    with pytest.raises(ResourceExhausted, match="max_streams"):  # the workers streams may take: in all
        gate.enter("honest", "g", lambda: None, seat1)
    strangers[0].leave()
    assert gate.open_streams_of() == 7 and gate.open_streams_of("honest") == 0
    mine[0].leave()
    gate.enter("honest", "g", lambda: None, seat0)


def test_a_reserved_slot_is_free_whatever_other_games_and_strangers_open() -> None:
    """A game's reservation (a slot for each seat and the organizer) is never taken by another
    game's tokens nor by the open pool; reservations hold at most the streams the open pool leaves,
    a client address makes a bounded number of them, and a game without one streams only from
    free slots."""
    now = [0.0]
    gate = StreamGate(16, stall_s=None, clock=lambda: now[0], watchdog=False, open_streams=4, per_seat=4,
                      reserved_per_seat=1, games_per_client=2, grace_s=60.0)
    assert gate.table_streams == 12
    assert gate.reserve("honest", 2, "ipv4:192.0.2.1")  # created: 3 slots
    stranger = [f"s{i}" for i in range(3)]
    assert gate.reserve("x0", 2, "ipv4:198.51.100.1") and gate.reserve("x1", 2, "ipv4:198.51.100.1")
    assert not gate.reserve("x2", 2, "ipv4:198.51.100.1")  # stream_games_per_client
    assert gate.reserve("x3", 2, "ipv4:198.51.100.2")
    assert not gate.reserve("x4", 2, "ipv4:198.51.100.3")  # 12 slots reserved: table_streams
    assert gate.reserved() == 12
    held = []
    for game in ("x0", "x1", "x2", "x3", "x4"):  # every seat of every stranger game, to its limit
        for who in (("seat", 0), ("seat", 1), ("organizer", None)):
            for _ in range(4):
                try:
                    held.append(gate.enter("ipv4:198.51.100.9", None, lambda: None,
                                           table_seat(game, who[0], who[1], 2)))
                except ResourceExhausted as e:
                    assert any(limit in str(e) for limit in ("streams_per_seat", "max_streams", "table_streams",
                                                             "stream_games_per_client")), e
    for i, name in enumerate(stranger * 3):
        try:
            held.append(gate.enter(name, None, lambda: None))
        except ResourceExhausted:
            pass
    assert gate.open_streams_of() == 13  # all but the honest game's 3 reserved slots
    watches = [gate.enter("ipv4:192.0.2.1", "honest", lambda: None, table_seat("honest", "seat", s, 2))
               for s in (0, 1)]
    gate.enter("ipv4:192.0.2.7", "honest", lambda: None, table_seat("honest", "organizer", None, 2))
    with pytest.raises(ResourceExhausted, match="max_streams"):  # beyond its reserved slot: none free
        gate.enter("ipv4:192.0.2.1", None, lambda: None, table_seat("honest", "seat", 0, 2))
    # A reconnect finds the slot again; the reservation outlives the game's streams for the grace.
    watches[0].leave()
    watches[0] = gate.enter("ipv4:192.0.2.1", "honest", lambda: None, table_seat("honest", "seat", 0, 2))
    for slot in held:
        slot.leave()
    now[0] = 59.0
    assert gate.reserved("x0") == 3 and not gate.reserve("y", 2, "ipv4:203.0.113.1")
    now[0] = 60.0
    assert gate.reserve("y", 2, "ipv4:203.0.113.1")  # x0, x1 and x3 idle for the grace: ended
    assert gate.reserved("x0") == 0 and gate.reserved("honest") == 3 and gate.reserved() == 6


def test_a_created_game_without_free_slots_reserves_at_its_first_stream() -> None:
    gate = StreamGate(4, stall_s=None, watchdog=False, open_streams=1, reserved_per_seat=1)
    assert gate.reserve("a", 1, None) and not gate.reserve("b", 1, None)  # 2 of 3 table slots: one game
    first = gate.enter("c", None, lambda: None, table_seat("b", "seat", 0, 1))  # a free slot, no reservation
    assert gate.reserved("b") == 0
    gate.enter("c", None, lambda: None, table_seat("b", "organizer", None, 1))  # the slot the open pool leaves
    with pytest.raises(ResourceExhausted, match="table_streams"):  # the two free slots left are a's
        gate.enter("c", None, lambda: None, table_seat("b", "seat", 0, 1))
    with pytest.raises(ResourceExhausted, match="max_streams"):
        gate.enter("d", None, lambda: None)
    gate.enter("c", None, lambda: None, table_seat("a", "seat", 0, 1))
    gate.enter("c", None, lambda: None, table_seat("a", "organizer", None, 1))
    first.leave()
    gate.enter("c", None, lambda: None, table_seat("b", "seat", 0, 1))


def test_only_a_message_waiting_past_the_stall_timeout_is_cancelled() -> None:
    now = [0.0]
    cancelled: list[str] = []
    gate = StreamGate(8, stall_s=10.0, clock=lambda: now[0], watchdog=False)
    reading = gate.enter("a", None, lambda: cancelled.append("reading"))
    stalled = gate.enter("b", None, lambda: cancelled.append("stalled"))
    waiting = gate.enter("c", "g", lambda: cancelled.append("waiting"))  # a Watch with nothing to send
    reading.sending()
    stalled.sending()
    now[0] = 9.0
    reading.sent()  # the client read it
    reading.sending()
    assert gate.cancel_stalled() == 0
    now[0] = 10.0
    assert gate.cancel_stalled() == 1 and cancelled == ["stalled"]
    assert gate.cancel_stalled() == 0  # once
    now[0] = 1000.0
    reading.sent()
    assert gate.cancel_stalled() == 0 and gate.stalled == 1
    waiting.leave()


def test_a_refused_stream_is_said_in_the_callers_language_with_its_limit_named() -> None:
    from judge.common.i18n import in_lang

    def said(enter: Any) -> tuple[str, str]:
        with pytest.raises(ResourceExhausted) as refused:
            enter()
        return in_lang(refused.value.args[0], "en"), in_lang(refused.value.args[0], "de")

    gate = StreamGate(2, stall_s=None, watchdog=False, open_streams=1, per_seat=1, reserved_per_seat=1)
    assert gate.reserve("g", 0, None)  # the organizer's one slot: the one table stream is reserved
    gate.enter("a", None, lambda: None, table_seat("h", "organizer", None, 0))  # a free slot, no reservation
    en, de = said(lambda: gate.enter("a", None, lambda: None))
    assert "at most 2 streams" in en and "max_streams" in en and "reserved" in en
    assert "höchstens 2 Streams" in de and "max_streams" in de and "reserviert" in de
    en, de = said(lambda: gate.enter("a", None, lambda: None, table_seat("h", "organizer", None, 0)))
    assert "at most 1 stream at once per seat" in en and "höchstens 1 Stream auf einmal je Platz" in de
    en, de = said(lambda: gate.enter("a", None, lambda: None, table_seat("k", "organizer", None, 0)))
    assert "the 1 stream kept for games' own seats is reserved" in en and "table_streams" in en
    assert "der 1 Stream für die eigenen Plätze der Spiele ist" in de


SEAT = st.tuples(st.just("seat"), st.integers(0, 3), st.integers(0, 2), st.integers(0, 3))
OPEN = st.tuples(st.just("open"), st.integers(0, 3), st.one_of(st.none(), st.integers(0, 3)))
OPERATIONS = st.lists(st.one_of(
    st.tuples(st.just("reserve"), st.integers(0, 3), st.integers(0, 3)), SEAT, SEAT, OPEN, OPEN,
    st.tuples(st.just("leave"), st.integers(0, 50)),
    st.tuples(st.just("tick"), st.sampled_from([0.0, 1.0, 30.0, 61.0])),
), max_size=80)


@settings(max_examples=300, deadline=None)
@given(operations=OPERATIONS, reserved_per_seat=st.integers(1, 2), open_streams=st.integers(1, 4))
def test_a_reserved_slot_is_always_free_for_its_seat(operations: list[tuple[Any, ...]], reserved_per_seat: int,
                                                     open_streams: int) -> None:
    """Whatever anyone opens, reserves, ends or waits for: all streams stay within max_streams,
    reservations within the table streams, each seat within its limit, and a seat of a game that
    holds a reservation is admitted while it has fewer streams than its reserved slots."""
    now = [0.0]
    gate = StreamGate(8, per_client=3, watch_per_game=2, stall_s=None, clock=lambda: now[0], watchdog=False,
                      open_streams=open_streams, per_seat=3, reserved_per_seat=reserved_per_seat,
                      games_per_client=2, grace_s=60.0)
    slots: list[Any] = []
    seats: dict[str, int] = {}
    who = [("seat", 0), ("seat", 1), ("organizer", None)]

    def seat_of(game: int, w: int) -> Any:
        return table_seat(f"g{game}", who[w][0], who[w][1], 2)

    for op in operations:
        try:
            if op[0] == "reserve":
                gate.reserve(f"g{op[1]}", 2, f"c{op[2]}")
            elif op[0] == "seat":
                seat = seat_of(op[1], op[2])
                slots.append(gate.enter(f"c{op[3]}", None, lambda: None, seat))
                seats[seat.key] = seats.get(seat.key, 0) + 1
            elif op[0] == "open":
                slots.append(gate.enter(f"c{op[1]}", None if op[2] is None else f"g{op[2]}", lambda: None))
            elif op[0] == "leave" and slots:
                slot = slots.pop(op[1] % len(slots))
                slot.leave()
                if slot.seat is not None:
                    seats[slot.seat.key] -= 1
            elif op[0] == "tick":
                now[0] += op[1]
        except ResourceExhausted:
            pass
        assert gate.open_streams_of() == len(slots) <= gate.max_streams
        assert gate.free() >= 0  # the open streams and the reserved slots not in use fit max_streams
        assert gate.reserved() <= gate.table_streams
        assert all(0 <= n <= gate.per_seat for n in seats.values())
        for game in range(4):  # every seat of a game with a reservation finds its reserved slots free
            if gate.reserved(f"g{game}"):
                for w in range(3):
                    seat = seat_of(game, w)
                    if seats.get(seat.key, 0) < reserved_per_seat:
                        gate.enter("probe", None, lambda: None, seat).leave()
    for slot in slots:
        slot.leave()
    assert gate.open_streams_of() == 0
