"""The admission pieces alone (judge/server/admission.py): who a client
is, the stream gate's counts and the stall check on a clock the test
moves (tests/trust/test_availability.py runs them on a live judge)."""

from __future__ import annotations

import pytest

from judge.common.errors import ResourceExhausted
from judge.server.admission import StreamGate, client_address, parse_networks, seat_key


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
    gate = StreamGate(8, per_client=2, watch_per_game=2, stall_s=None, per_seat=2)
    assert gate.open_streams == 4
    strangers = [gate.enter(f"s{i}", "g" if i < 2 else "h", lambda: None) for i in range(4)]
    with pytest.raises(ResourceExhausted, match="open_streams"):
        gate.enter("s9", None, lambda: None)
    seat0 = seat_key("g", "seat", 0)
    assert seat0 == "g/seat/0" and seat_key("g", "spectator", None) is None
    mine = [gate.enter("honest", "g", lambda: None, seat0), gate.enter("elsewhere", None, lambda: None, seat0)]
    with pytest.raises(ResourceExhausted, match="streams_per_seat"):
        gate.enter("honest", "g", lambda: None, seat0)
    gate.enter("honest", "g", lambda: None, seat_key("g", "organizer", None))
    gate.enter("honest", "g", lambda: None, seat_key("g", "seat", 1))
    with pytest.raises(ResourceExhausted, match="max_streams"):  # the workers streams may take: in all
        gate.enter("honest", "g", lambda: None, seat_key("g", "seat", 2))
    strangers[0].leave()
    assert gate.open_streams_of() == 7 and gate.open_streams_of("honest") == 0
    mine[0].leave()
    gate.enter("honest", "g", lambda: None, seat0)


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
