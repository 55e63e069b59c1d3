"""Who a caller is for the per-address limits (judge/server/admission.py): its client address.

A client is its peer address without the port, an IPv6 client its /64 network; an IPv4 address mapped
into IPv6 counts as the IPv4 address. Behind a trusted proxy the client is the address the proxy
appended to ``x-forwarded-for``. ``ClientAddresses`` keeps each peer's answer: a phone's calls come
over one connection.
"""

from __future__ import annotations

import functools
import ipaddress
from typing import Any
from urllib.parse import unquote

import grpc

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
    forwarded = _forwarded_text(context.invocation_metadata()) if trusted_proxies else None
    return _client_of(peer, forwarded, trusted_proxies)


class ClientAddresses:
    """``client_address`` for one set of trusted proxies, with each answer kept per peer and
    forwarded address: a phone's calls come over one connection, and parsing addresses and
    testing networks at every call cost more than the call's own checks."""

    KEPT = 4096

    def __init__(self, trusted_proxies: tuple[Network, ...] = ()):
        self.trusted_proxies = trusted_proxies
        self._known: dict[tuple[str, str | None], str] = {}

    def of(self, context: grpc.ServicerContext) -> str:
        forwarded = _forwarded_text(context.invocation_metadata()) if self.trusted_proxies else None
        return self.of_peer(context.peer() or "", forwarded)

    def of_peer(self, peer: str, forwarded: str | None) -> str:
        """The client address of a call from ``peer`` (gRPC's peer text) whose ``x-forwarded-for``
        metadata ends in ``forwarded`` (None without one)."""
        if not self.trusted_proxies:
            forwarded = None
        found = self._known.get((peer, forwarded))
        if found is None:
            found = _client_of(peer, forwarded, self.trusted_proxies)
            if len(peer) > 128 or (forwarded is not None and len(forwarded) > 64):
                return found  # no address is that long: not worth keeping
            if len(self._known) >= self.KEPT:
                self._known.clear()
            self._known[(peer, forwarded)] = found
        return found


def _client_of(peer: str, forwarded: str | None, trusted_proxies: tuple[Network, ...]) -> str:
    address = _peer_ip(peer)
    if address is None:
        return peer
    if forwarded is not None and trusted_proxies and any(address in network for network in trusted_proxies):
        forwarded_ip = _ip(forwarded)
        if forwarded_ip is not None:
            address = forwarded_ip
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


@functools.lru_cache(maxsize=4096)  # every call names its peer: parse each address once
def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address(text.strip().strip("[]").split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _forwarded_text(metadata: Any) -> str | None:
    """The last address of the ``x-forwarded-for`` metadata as sent (None if absent)."""
    last = None
    for key, value in metadata or ():
        if key.lower() == FORWARDED_FOR:
            last = forwarded_text(value)
    return last


def forwarded_text(value: str | bytes) -> str:
    """The last address of one ``x-forwarded-for`` value as sent."""
    text = value.decode("ascii", "replace") if isinstance(value, bytes) else str(value)
    return text.rsplit(",", 1)[-1].strip()


@functools.lru_cache(maxsize=4096)
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
