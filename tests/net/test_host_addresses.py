"""The addresses a host offers a friend: a loopback one (127.0.0.1, ::1) only when the
table listens on loopback alone; a host on every interface offers its network's
addresses, on its screen and through the relay (where a friend dialling 127.0.0.1
would only reach their own computer). Nothing here opens a socket."""

from __future__ import annotations

import pytest

from game.net import discovery
from game.net import hosting as net
from game.net.invite import Invite

FOUND = ["192.168.1.20", "10.0.0.5", "fe80::1", "127.0.0.1", "::1"]  # as local_addresses ranks them


def _hosting(bind: str, found: list[str], monkeypatch: pytest.MonkeyPatch) -> net.Hosting:
    monkeypatch.setattr(discovery, "local_addresses", lambda: list(found))
    table = net.new_table("sticheln", ["you", "open", "open"], ["", "", ""], 3)
    return net.Hosting(table, bind=bind, keep=False, relay=Invite.new("ws://127.0.0.1:9"))


def test_a_host_on_every_interface_offers_no_loopback(monkeypatch):
    hosting = _hosting("0.0.0.0", FOUND, monkeypatch)
    assert hosting.addresses() == ["192.168.1.20", "10.0.0.5"]
    assert hosting.direct() == ["192.168.1.20", "10.0.0.5"]
    assert hosting.server._direct() == ["ws://192.168.1.20:0", "ws://10.0.0.5:0"]  # the relay's offer


def test_a_host_on_every_ipv6_interface_offers_no_loopback(monkeypatch):
    hosting = _hosting("::", FOUND, monkeypatch)
    assert hosting.addresses() == ["192.168.1.20", "10.0.0.5", "fe80::1"]
    assert hosting.direct() == hosting.addresses()


def test_a_host_on_loopback_alone_offers_loopback(monkeypatch):
    hosting = _hosting("127.0.0.1", FOUND, monkeypatch)
    assert hosting.addresses() == ["127.0.0.1"]
    assert hosting.direct() == ["127.0.0.1"]  # a friend on this same computer (the tests) dials it
    assert _hosting("::1", FOUND, monkeypatch).direct() == ["::1"]


def test_a_host_with_no_network_shows_loopback_but_never_offers_it_through_the_relay(monkeypatch):
    hosting = _hosting("0.0.0.0", ["127.0.0.1", "::1"], monkeypatch)
    assert hosting.addresses() == ["127.0.0.1"]  # its screen still says where this computer dials
    assert hosting.direct() == []  # a friend through the relay goes through the relay


def test_an_address_before_a_port_is_bracketed_when_it_is_ipv6():
    assert discovery.bracketed("192.168.1.20") == "192.168.1.20"
    assert discovery.bracketed("fe80::1") == "[fe80::1]"
    assert [a for a in FOUND if discovery.is_loopback(a)] == ["127.0.0.1", "::1"]
