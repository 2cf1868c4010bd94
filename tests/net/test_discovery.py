"""Discovery through its local stand-in (no network, no multicast), and the
addresses a host shows, read without sending anything."""

from __future__ import annotations

import pytest

from game.net import discovery
from game.net import protocol as p
from game.net.discovery import Advert, LocalDiscovery, local_addresses, to_url


def test_a_table_announced_is_heard_by_another_window_and_gone_once_withdrawn():
    hall: dict = {}
    host, joiner = LocalDiscovery(hall), LocalDiscovery(hall)
    ad = Advert(
        game="grinch", code="K3M9QP", host_name="Joon", protocol=p.PROTOCOL, port=47474, addresses=("127.0.0.1",)
    )
    host.announce(ad)
    assert joiner.found() == [ad] and ad.url == "ws://127.0.0.1:47474"
    assert ad.txt() == {"game": "grinch", "code": "K3M9QP", "host": "Joon", "protocol": str(p.PROTOCOL)}
    joiner.withdraw("K3M9QP")  # only its announcer withdraws a table
    assert joiner.found() == [ad]
    host.close()
    assert joiner.found() == []


def test_the_real_one_is_made_only_when_asked(monkeypatch):
    with pytest.raises(AssertionError, match="never create a real Zeroconf"):
        discovery.ZeroconfDiscovery()


def test_the_txt_record_of_a_heard_service_is_read_carefully():
    class Info:
        port = 5000
        properties = {b"game": b"sticheln", b"code": b"ABCDEF", b"host": b"Ana", b"protocol": b"1"}

        def parsed_addresses(self):
            return ["192.168.1.20"]

    ad = discovery._advert_of(Info())
    assert ad is not None and ad.url == "ws://192.168.1.20:5000" and ad.host_name == "Ana"
    Info.properties = {b"nothing": b"here"}
    assert discovery._advert_of(Info()) is None


def test_local_addresses_lists_loopback_last_and_sends_nothing(monkeypatch):
    import socket

    def no_traffic(*_a, **_k):
        raise AssertionError("listing addresses must not open a socket")

    monkeypatch.setattr(socket, "socket", no_traffic)
    found = local_addresses()
    assert found and "127.0.0.1" in found
    assert found[-1] in ("127.0.0.1", "::1") or found.index("127.0.0.1") >= len([a for a in found if "." in a]) - 1


@pytest.mark.parametrize(
    "typed, url",
    [
        ("192.168.1.20", "ws://192.168.1.20:47474"),
        ("192.168.1.20:5000", "ws://192.168.1.20:5000"),
        ("ws://host.local:5000/", "ws://host.local:5000"),
        ("[::1]:5000", "ws://[::1]:5000"),
        ("fe80::1", "ws://[fe80::1]:47474"),
    ],
)
def test_an_address_as_typed_becomes_the_url_to_dial(typed, url):
    assert to_url(typed) == url


@pytest.mark.parametrize("typed", ["", "a b", "host:0", "host:99999", "host:x", ":5000", "a/b"])
def test_a_bad_address_says_why(typed):
    with pytest.raises(ValueError):
        to_url(typed)
