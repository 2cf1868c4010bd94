"""The stage: every card's sprite tweened to where the state says it
belongs, and the queue of holds (moments shown for a beat before the new
state, such as a full trick) that the table plays in order.

A mixin of `TableScene`: the game tables read and extend these attributes
(`sprites`, `override`, `next_hold`...), the table's layout hooks
(`places`) say where cards go.  `show` is the public way to put a state on
the table that the table did not play itself (replays).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from game.app.look.sound import EVENT_SOUNDS
from game.app.table.sprites import CardSprite
from game.app.ui import focus
from game.rules.core import scrub_events

if TYPE_CHECKING:
    from game.app.shell.app import App
    from game.app.table.chronicle import Chronicle
    from game.app.table.sprites import Place
    from game.session.match import Match

MOVE_TIME = 0.34  # seconds for a card to travel, at normal speed
STAGGER = 0.06  # between cards moving together
DEAL_SPREAD = 1.5  # a deal of many cards starts its last card this soon, at most
FLIP_END = 1.1  # a dealt card has turned face up MOVE_TIME * FLIP_END after it left
#: Event kinds that put new hands on the table: the status waits until they land.
DEAL_KINDS = frozenset({"dealt", "round"})


def stagger_for(count: int) -> float:
    """Seconds between cards that move together (normal speed): a big deal
    staggers faster, so 90 cards land as soon as a handful would."""
    return STAGGER if count <= 1 else min(STAGGER, DEAL_SPREAD / (count - 1))


def deal_seconds(count: int, time_scale: float = 1.0) -> float:
    """How long `count` cards dealt together take until the last lies face up."""
    if count <= 0:
        return 0.0
    return time_scale * ((count - 1) * stagger_for(count) + MOVE_TIME * FLIP_END)


class Hold(NamedTuple):
    """One moment to show before the new state: what the game's table draws
    instead (`shows`, read back as `override`) and for how many seconds once
    its cards have arrived.  A hold that `ends_round` opens the round summary
    as it ends, and the story goes on only once the summary is closed."""

    shows: dict[str, Any]
    seconds: float
    ends_round: bool = False


class Stage:
    """Sprites, the hold queue and the events that feed them (see module doc)."""

    if TYPE_CHECKING:  # what the stage reads of the table it serves (TableScene, TurnFlow)
        app: App
        match: Match
        size: tuple[int, int]
        viewer: int | None
        chronicle: Chronicle
        pending_summary: list[Callable[[], None]]

        @property
        def view(self) -> Any: ...
        def speed(self, seconds: float) -> float: ...
        def places(self) -> list[Place]: ...
        def stage(self, events: tuple) -> list[Hold]: ...
        def summary(self, events: tuple) -> tuple[str, list[str], list[list[str]]] | None: ...
        def show_summary(self, title: str, headers: list[str], rows: list[list[str]]) -> None: ...

    def init_stage(self, state: Any) -> None:
        self.sprites: dict[Hashable, CardSprite] = {}
        self.leaving: list[CardSprite] = []
        self.holds: deque[Hold] = deque()
        self.override: dict[str, Any] = {}  # the hold being shown; {} = the state itself
        self.holding = False
        self.hold_left = 0.0
        self.before = state  # the state before the latest move (for stage())
        self._dealt = False
        self.hold_ends_round = False
        self.deals = False  # the latest move dealt: say so once the holds are over
        self.dealing = False  # a deal is landing: the status line waits for it
        self.settled: Any = None  # what was shown when the cards last lay still

    @property
    def busy(self) -> bool:
        return self.holding or bool(self.leaving) or self.moving

    @property
    def moving(self) -> bool:
        return any(s.moving for s in self.sprites.values())

    def sync(self, instant: bool = False, origin: tuple[float, float] | None = None) -> None:
        """Point every sprite at where the state now says it belongs.  With
        `origin`, every new card flies from there (the opening deal)."""
        duration = 0.0 if instant else self.speed(MOVE_TIME)
        wanted = {p.key: p for p in self.places()}
        lifted = focus.focused_key(self) if self.app.stack.top is self else None
        if lifted in wanted and wanted[lifted].mark != "selected":  # the keyboard's card rises
            wanted[lifted] = wanted[lifted]._replace(mark="focus")
        default_origin = origin or (self.size[0] / 2, self.size[1] / 2)
        arriving = sum(1 for key in wanted if key not in self.sprites)
        stagger = 0.0 if instant else self.speed(stagger_for(arriving))
        new_count = 0
        for key, gone in list(self.sprites.items()):
            if key not in wanted:
                del self.sprites[key]
                if gone.exit_to is not None and not instant:
                    gone.retarget(gone.place._replace(pos=gone.exit_to, scale=0.5, mark=""), duration)
                    self.leaving.append(gone)
        for key, place in wanted.items():
            sprite = self.sprites.get(key)
            if sprite is None:
                start = origin or place.origin or default_origin
                start_w = place.width * (1.0 if place.origin and not origin else 0.6)
                sprite = CardSprite(
                    place,
                    start,
                    start_w,
                    duration,
                    delay=new_count * stagger,
                    face_down_first=(origin is not None or place.origin is None) and not place.revealed,
                )
                if instant:
                    sprite.snap()
                new_count += 1
                self.sprites[key] = sprite
            else:
                sprite.retarget(place, duration)
                if instant:
                    sprite.snap()
        for sprite in self.sprites.values():  # an exit only counts for the sync it was set for
            sprite.exit_to = None

    def sprite_rect(self, key: Hashable) -> pygame.Rect | None:
        sprite = self.sprites.get(key)
        return sprite.rect() if sprite is not None else None

    def after_move(self, before, events: tuple) -> None:
        self.before = before
        if self.viewer is not None:  # a seat's table only hears what that seat may know
            events = scrub_events(events, self.viewer)
        self.deals = any(e.kind in DEAL_KINDS for e in events)
        for kind in dict.fromkeys(e.kind for e in events):
            sound = EVENT_SOUNDS.get(kind)
            if sound:
                self.app.sound.play(sound)
        self.holds.extend(self.stage(events))
        summary = self.summary(events)
        if summary is not None:
            self.pending_summary.append(partial(self.show_summary, *summary))
        if self.holds:
            self.next_hold()
        else:
            self.dealing, self.deals = self.deals, False
            self.sync()

    def waiting_for_summary(self) -> bool:
        """A hold that ends the round opens the summary (not over the menu or
        the rules) and keeps the next deal back until it is closed."""
        if not (self.holding and self.hold_ends_round):
            return False
        if self.app.stack.top is not self:
            return True
        if self.pending_summary:
            self.pending_summary.pop(0)()
            return True
        return False

    def leave_hold(self) -> None:
        """A game's hook as the hold shown now ends: tag the cards that leave
        with it (`exit_to`) before the next `sync`."""

    def next_hold(self) -> None:
        if self.waiting_for_summary():
            return
        if self.holding:
            self.leave_hold()
        if self.holds:
            hold = Hold(*self.holds.popleft())  # (a plain (shows, seconds) pair is one too)
            self.override, self.hold_ends_round = hold.shows, hold.ends_round
            self.hold_left = self.speed(hold.seconds)
            self.holding = True
        else:
            self.override, self.hold_left, self.holding = {}, 0.0, False
            self.hold_ends_round = False
            self.dealing, self.deals = self.deals, False
        self.sync()

    def finish_animations(self) -> None:
        self.holds.clear()
        self.override, self.hold_left, self.holding = {}, 0.0, False
        self.hold_ends_round = self.dealing = self.deals = False
        self.leaving.clear()
        self.sync(instant=True)
        self.settled = None

    def shown(self) -> Any:
        """What the table draws now: a hold's picture of the past
        (`override["view"]`), or the view."""
        past = self.override.get("view")
        return past if past is not None else self.view

    def counted(self) -> Any:
        """What the panels and counters say: what is shown once its cards
        have arrived, and until then what was shown when they last lay
        still (a count changes as the cards reach it, not before)."""
        if self.settled is not None and (self.moving or self.leaving):
            return self.settled
        return self.shown()

    def drawn_rect(self, key: Hashable | None) -> pygame.Rect | None:
        """Where a card sprite is drawn now (moving, lifted), for the focus ring."""
        sprite = self.sprites.get(key) if key is not None else None
        if sprite is None:
            return None
        dx, dy = sprite.offset()
        rect = pygame.Rect(0, 0, round(sprite.w), round(sprite.w * 1.4))
        rect.center = (round(sprite.x + dx), round(sprite.y + dy))
        return rect

    def show(self, index: int, animate: bool) -> None:
        """Put the game after its first `index` moves on the table (replays
        step back and forth through a match that holds every move).
        `animate`: one step forward, staged like the game did; otherwise
        every card snaps into place."""
        self.finish_animations()
        state = self.match.seek(index)
        before = self.match.seek(max(0, index - 1)) if index else state
        self.match.seek(index)
        self.chronicle.fill(self.match)
        if animate:
            self.after_move(before, state.events)
        else:
            self.before = before
            self.finish_animations()

    def update_stage(self, dt: float) -> None:
        """Tweens advance; a hold counts down once the cards have arrived
        (those leaving too)."""
        for sprite in self.sprites.values():
            sprite.update(dt)
        for sprite in self.leaving:
            sprite.update(dt)
        self.leaving = [s for s in self.leaving if s.moving]
        if self.moving or self.leaving:
            return
        self.settled = self.shown()
        if not self.holding:
            self.dealing = False
        else:
            self.hold_left -= dt
            if self.hold_left <= 0:
                self.next_hold()

    def draw_cards(self, surface: pygame.Surface) -> None:
        """Leaving cards under the rest; the keyboard's card above all."""
        for sprite in sorted(self.leaving, key=lambda s: s.place.z):
            sprite.draw(surface, self.app.art)
        for sprite in sorted(self.sprites.values(), key=lambda s: (s.place.mark == "focus", s.place.z)):
            sprite.draw(surface, self.app.art)
