"""Finding tables on the home network: DNS-SD over mDNS (`zeroconf`), off unless a person asks.

A host that a person lets be found announces `_fireside._tcp.local.` with a
TXT record of the game, the table's code, the host's name and the protocol;
the address and port are the service record's own (no address ever travels
inside a table's messages, so a relay could forward them unchanged).  A
joining window browses for the same type and lists what it hears.

Everything goes through `Discovery`, so tests use `LocalDiscovery`, an
in-process stand-in that never touches a network; only `ZeroconfDiscovery`
multicasts, and only a person's choice (the setting, `--discover`) makes one.
`local_addresses` lists this machine's addresses without sending anything.
"""

from __future__ import annotations

import logging
import socket
import threading
from dataclasses import dataclass
from typing import Any, Protocol

from game.common.person_name import clean_name

log = logging.getLogger(__name__)

SERVICE = "_fireside._tcp.local."

#: The port a host listens on unless told otherwise (any free one when it is taken).
DEFAULT_PORT = 47474

__all__ = [
    "DEFAULT_PORT",
    "SERVICE",
    "Advert",
    "bracketed",
    "is_loopback",
    "to_url",
    "Discovery",
    "LocalDiscovery",
    "ZeroconfDiscovery",
    "local_addresses",
]


@dataclass(frozen=True)
class Advert:
    """A table as the network hears of it."""

    game: str
    code: str
    host_name: str
    protocol: int
    port: int
    addresses: tuple[str, ...] = ()  # where it answers (the service record's, never a message's)

    def txt(self) -> dict[str, str]:
        return {"game": self.game, "code": self.code, "host": self.host_name, "protocol": str(self.protocol)}

    @property
    def url(self) -> str:
        address = self.addresses[0] if self.addresses else "127.0.0.1"
        return f"ws://[{address}]:{self.port}" if ":" in address else f"ws://{address}:{self.port}"


class Discovery(Protocol):
    """Announce a table, or hear of others (both stop at `close`)."""

    def announce(self, advert: Advert) -> None: ...

    def withdraw(self, code: str) -> None: ...

    def found(self) -> list[Advert]: ...

    def close(self) -> None: ...


class LocalDiscovery:
    """A stand-in with no network at all: every `LocalDiscovery` sharing one
    `hall` (a dict) hears what the others announce.  For tests and for a host
    whose person said "only this computer"."""

    def __init__(self, hall: dict[str, Advert] | None = None) -> None:
        self.hall: dict[str, Advert] = {} if hall is None else hall
        self.mine: set[str] = set()

    def announce(self, advert: Advert) -> None:
        self.hall[advert.code] = advert
        self.mine.add(advert.code)

    def withdraw(self, code: str) -> None:
        if code in self.mine:
            self.hall.pop(code, None)
            self.mine.discard(code)

    def found(self) -> list[Advert]:
        return sorted(self.hall.values(), key=lambda a: (a.host_name, a.code))

    def close(self) -> None:
        for code in list(self.mine):
            self.withdraw(code)


class ZeroconfDiscovery:
    """The real thing: `zeroconf` announcing and browsing on the network's
    interfaces.  Made only when a person turned discovery on."""

    def __init__(self) -> None:
        from zeroconf import ServiceBrowser, Zeroconf

        self._zc: Any = Zeroconf()
        self._lock = threading.Lock()
        self._heard: dict[str, Advert] = {}
        self._infos: dict[str, Any] = {}
        self._browser: Any = ServiceBrowser(self._zc, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._heard.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1500)
        if info is None:
            return
        advert = _advert_of(info)
        if advert is not None:
            with self._lock:
                self._heard[name] = advert

    def announce(self, advert: Advert) -> None:
        from zeroconf import ServiceInfo

        info = ServiceInfo(
            SERVICE,
            f"{advert.host_name} {advert.code}.{SERVICE}",
            port=advert.port,
            properties=advert.txt(),
            parsed_addresses=list(advert.addresses) or None,
            server=f"{socket.gethostname().split('.')[0] or 'fireside'}.local.",
        )
        self._zc.register_service(info)
        self._infos[advert.code] = info

    def withdraw(self, code: str) -> None:
        info = self._infos.pop(code, None)
        if info is not None:
            self._zc.unregister_service(info)

    def found(self) -> list[Advert]:
        with self._lock:
            return sorted(self._heard.values(), key=lambda a: (a.host_name, a.code))

    def close(self) -> None:
        for code in list(self._infos):
            try:
                self.withdraw(code)
            except Exception as exc:  # closing anyway
                log.info("withdrawing %s: %s", code, exc)
        self._browser.cancel()
        self._zc.close()


def _advert_of(info: Any) -> Advert | None:
    """A heard service's advert, or None when its TXT record is not a table's."""
    try:
        props = {k.decode(): (v or b"").decode() for k, v in (info.properties or {}).items()}
        return Advert(
            game=props["game"][:32],
            code=clean_name(props["code"], 12),  # a stranger's words, shown on a button: cleaned as a name is
            host_name=clean_name(props.get("host", "")) or "Fireside",
            protocol=int(props.get("protocol", "0")),
            port=int(info.port),
            addresses=tuple(info.parsed_addresses()),
        )
    except (KeyError, ValueError, UnicodeDecodeError, AttributeError):
        return None


def local_addresses() -> list[str]:
    """This machine's addresses a friend could type, the likeliest first (IPv4
    on a real interface, then IPv6 on one, then loopback), read from the
    interfaces without sending anything."""
    found: list[str] = []
    try:
        import ifaddr

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                address = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
                if address not in found:
                    found.append(address)
    except Exception as exc:  # no ifaddr, or an OS that will not say: the host name's addresses
        log.info("listing interfaces: %s", exc)
        try:
            for *_rest, sockaddr in socket.getaddrinfo(socket.gethostname(), None):
                if sockaddr[0] not in found:
                    found.append(str(sockaddr[0]))
        except OSError:
            pass

    def rank(address: str) -> tuple[int, str]:
        loop = is_loopback(address)
        link_local = address.lower().startswith("fe80")
        return (2 if loop else 1 if ":" in address or link_local else 0, address)

    return sorted((a for a in found if "%" not in a), key=rank)


def bracketed(address: str) -> str:
    """An address as it stands before a port: an IPv6 one in brackets ("[fe80::1]")."""
    return f"[{address}]" if ":" in address else address


def is_loopback(address: str) -> bool:
    """An address only this computer reaches (127.x, ::1, "localhost")."""
    return address.startswith("127.") or address in ("::1", "localhost")


def to_url(text: str, default_port: int = DEFAULT_PORT) -> str:
    """What a person typed ("192.168.1.20", "192.168.1.20:47474", "[fe80::1]:5000",
    "ws://host:port") as the url to dial; ValueError says what is wrong."""
    raw = text.strip()
    if raw.startswith("ws://"):
        raw = raw[5:]
    raw = raw.rstrip("/")
    if not raw or any(c.isspace() for c in raw) or "/" in raw or len(raw) > 255:
        raise ValueError(f"{text.strip()[:40]!r} is not an address (like 192.168.1.20 or 192.168.1.20:47474)")
    port = default_port
    if raw.startswith("["):
        host, _, rest = raw[1:].partition("]")
        if rest.startswith(":"):
            port = _port(rest[1:], text)
        elif rest:
            raise ValueError(f"{text.strip()[:40]!r} is not an address")
        return f"ws://[{host}]:{port}"
    if raw.count(":") == 1:
        raw, port_text = raw.split(":")
        port = _port(port_text, text)
    elif raw.count(":") > 1:  # a bare IPv6 address
        return f"ws://[{raw}]:{port}"
    if not raw:
        raise ValueError(f"{text.strip()[:40]!r} has no host before the port")
    return f"ws://{raw}:{port}"


def _port(text: str, whole: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise ValueError(f"{whole.strip()[:40]!r}: the port must be a number from 1 to 65535")
    return int(text)
