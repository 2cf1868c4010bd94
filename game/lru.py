"""Bounded least-recently-used caches, so that a long session's memory levels off.

The table redraws every frame from caches of rendered text, card faces and
replayed history files; each is capped by a number of entries and, where
entries are pictures of any size, by their total bytes.  Every cache is
registered by name so that `report()` (the soak, the tests) can show that
none grows past its cap.  No pygame here: the persistence layer uses it too.
"""

from __future__ import annotations

import functools
import sys
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, Protocol, TypeVar, cast

__all__ = ["LRU", "Memoized", "memoize", "report", "screenfuls", "surface_bytes", "trim_heap"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
V_co = TypeVar("V_co", covariant=True)

_MISSING: Any = object()
_live: weakref.WeakSet[LRU] = weakref.WeakSet()


def trim_heap() -> bool:
    """Hand freed heap memory back to the system (glibc's malloc_trim), so that
    what stays resident is what is still in use, not what fragmentation
    keeps; False where there is no glibc (macOS, Windows, musl): a no-op there."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
        return True
    except (OSError, AttributeError):
        return False


def surface_bytes(surface: Any) -> int:
    """The pixel memory a pygame Surface holds (its pitch times its height)."""
    return surface.get_pitch() * surface.get_height()


def screenfuls(n: float) -> Callable[[], int]:
    """A byte cap of `n` windows' worth of pixels, for caches of pictures: at 4K
    every picture is four times its 1080p size, and a cap that one frame's
    pictures overflow would draw them all again every frame.  0 with no window."""

    def room() -> int:
        pygame = sys.modules.get("pygame")  # never imported from here: persistence has no pygame
        if pygame is None or not pygame.display.get_init():
            return 0
        surface = pygame.display.get_surface()
        return int(n * surface.get_width() * surface.get_height() * 4) if surface is not None else 0

    return room


class LRU(Generic[K, V]):
    """A mapping that forgets its least recently used entries once it holds more
    than `max_items` entries or (with `weigh`) more than its byte cap in all:
    `max_bytes`, or `grow()` when that is more (see `screenfuls`).  An entry
    heavier than the cap on its own is handed back but not kept."""

    def __init__(
        self,
        name: str,
        max_items: int,
        max_bytes: int | None = None,
        weigh: Callable[[V], int] | None = None,
        grow: Callable[[], int] | None = None,
    ) -> None:
        if max_items < 1 or (max_bytes is not None and (max_bytes < 1 or weigh is None)):
            raise ValueError("an LRU needs max_items >= 1, and max_bytes with a weigh function")
        self.name = name
        self.max_items = max_items
        self.base_bytes = max_bytes
        self.max_bytes = max_bytes  # the cap now: base_bytes, or more where grow() says so
        self._grow = grow
        self._weigh = weigh if max_bytes is not None else None
        self._data: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self.bytes = 0
        self.evictions = 0
        _live.add(self)

    def get(self, key: K, default: Any = None) -> Any:
        """The value for `key` (now the most recently used), else `default`."""
        found = self._data.get(key, _MISSING)
        if found is _MISSING:
            return default
        self._data.move_to_end(key)
        return found[0]

    def put(self, key: K, value: V) -> V:
        """Keep `value` under `key`, forgetting the oldest entries beyond the caps; returns it."""
        weight = self._weigh(value) if self._weigh is not None else 0
        old = self._data.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        if self.max_bytes is not None and self.bytes + weight > self.max_bytes and self._grow is not None:
            self.max_bytes = max(self.base_bytes or 0, self._grow())  # the window may have changed size
        if self.max_bytes is not None and weight > self.max_bytes:
            return value
        self._data[key] = (value, weight)
        self.bytes += weight
        while len(self._data) > self.max_items or (self.max_bytes is not None and self.bytes > self.max_bytes):
            _key, (_value, gone) = self._data.popitem(last=False)
            self.bytes -= gone
            self.evictions += 1
        return value

    __setitem__ = put

    def pop(self, key: K, default: Any = None) -> Any:
        found = self._data.pop(key, _MISSING)
        if found is _MISSING:
            return default
        self.bytes -= found[1]
        return found[0]

    def clear(self) -> None:
        self._data.clear()
        self.bytes = 0

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __len__(self) -> int:
        return len(self._data)

    def keys(self) -> list[K]:
        """The keys, least recently used first."""
        return list(self._data)


class Memoized(Protocol[V_co]):
    """What `memoize` returns: the function, its cache and a way to empty it."""

    cache: LRU[tuple, Any]

    def __call__(self, *args: Any) -> V_co: ...

    def cache_clear(self) -> None: ...


def memoize(
    name: str,
    max_items: int,
    max_bytes: int | None = None,
    weigh: Callable[[Any], int] | None = None,
    grow: Callable[[], int] | None = None,
) -> Callable[[Callable[..., V]], Memoized[V]]:
    """Like functools.lru_cache (positional, hashable arguments), but bounded by
    bytes as well and visible in `report()`; the wrapper has `.cache` and `.cache_clear()`."""

    def wrap(fn: Callable[..., V]) -> Memoized[V]:
        cache: LRU[tuple, V] = LRU(name, max_items, max_bytes, weigh, grow)

        @functools.wraps(fn)
        def call(*args: Any) -> V:
            found = cache.get(args, _MISSING)
            if found is _MISSING:
                found = cache.put(args, fn(*args))
            return found

        # A plain function with two attributes, not a class: it is called hundreds of times a frame.
        call.cache = cache  # type: ignore[attr-defined]  # a function's own attribute; Memoized names it
        call.cache_clear = cache.clear  # type: ignore[attr-defined]  # likewise
        return cast("Memoized[V]", call)

    return wrap


def report() -> list[dict[str, Any]]:
    """Every live cache: name, entries, bytes and both caps, by name."""
    rows = [
        {
            "name": c.name,
            "items": len(c),
            "max_items": c.max_items,
            "bytes": c.bytes,
            "max_bytes": c.max_bytes,
            "evictions": c.evictions,
        }
        for c in list(_live)
    ]
    return sorted(rows, key=lambda row: row["name"])
