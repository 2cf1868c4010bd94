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
from collections.abc import Hashable
from typing import Any, NamedTuple

import pygame

from game.app import focus
from game.app.sound import EVENT_SOUNDS
from game.app.table.sprites import CardSprite
from game.rules.core import scrub_events

MOVE_TIME = 0.34     # seconds for a card to travel, at normal speed
STAGGER = 0.06       # between cards moving together


class Hold(NamedTuple):
    """One moment to show before the new state: what the game's table draws
    instead (`shows`, read back as `override`) and for how many seconds."""

    shows: dict[str, Any]
    seconds: float


class Stage:
    """Sprites, the hold queue and the events that feed them (see module doc)."""

    def init_stage(self, state: Any) -> None:
        self.sprites: dict[Hashable, CardSprite] = {}
        self.leaving: list[CardSprite] = []
        self.holds: deque[Hold] = deque()
        self.override: dict[str, Any] = {}  # the hold being shown; {} = the state itself
        self.holding = False
        self.hold_left = 0.0
        self.before = state  # the state before the latest move (for stage())
        self._dealt = False

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
        stagger = 0.0 if instant else self.speed(STAGGER)
        wanted = {p.key: p for p in self.places()}
        lifted = focus.focused_key(self) if self.app.stack.top is self else None
        if lifted in wanted and wanted[lifted].mark != "selected":  # the keyboard's card rises
            wanted[lifted] = wanted[lifted]._replace(mark="focus")
        default_origin = origin or (self.size[0] / 2, self.size[1] / 2)
        new_count = 0
        for key, sprite in list(self.sprites.items()):
            if key not in wanted:
                del self.sprites[key]
                if sprite.exit_to is not None and not instant:
                    sprite.retarget(sprite.place._replace(pos=sprite.exit_to, scale=0.5,
                                                          mark=""), duration)
                    self.leaving.append(sprite)
        for key, place in wanted.items():
            sprite = self.sprites.get(key)
            if sprite is None:
                start = origin or place.origin or default_origin
                start_w = place.width * (1.0 if place.origin and not origin else 0.6)
                sprite = CardSprite(place, start, start_w, duration,
                                    delay=new_count * stagger,
                                    face_down_first=origin is not None or place.origin is None)
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
        for kind in dict.fromkeys(e.kind for e in events):
            sound = EVENT_SOUNDS.get(kind)
            if sound:
                self.app.sound.play(sound)
        self.holds.extend(self.stage(events))
        summary = self.summary(events)
        if summary is not None:
            self.pending_summary.append(lambda s=summary: self.show_summary(*s))
        if self.holds:
            self.next_hold()
        else:
            self.sync()

    def next_hold(self) -> None:
        if self.holds:
            self.override, seconds = self.holds.popleft()
            self.hold_left = self.speed(seconds)
            self.holding = True
        else:
            self.override, self.hold_left, self.holding = {}, 0.0, False
        self.sync()

    def finish_animations(self) -> None:
        self.holds.clear()
        self.override, self.hold_left, self.holding = {}, 0.0, False
        self.leaving.clear()
        self.sync(instant=True)

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
        if animate:
            self.after_move(before, state.events)
        else:
            self.before = before
            self.finish_animations()

    def update_stage(self, dt: float) -> None:
        """Tweens advance; a hold counts down once the cards have arrived."""
        for sprite in self.sprites.values():
            sprite.update(dt)
        for sprite in self.leaving:
            sprite.update(dt)
        self.leaving = [s for s in self.leaving if s.moving]
        if self.holding and not self.moving:
            self.hold_left -= dt
            if self.hold_left <= 0:
                self.next_hold()

    def draw_cards(self, surface: pygame.Surface) -> None:
        """Leaving cards under the rest; the keyboard's card above all."""
        for sprite in sorted(self.leaving, key=lambda s: s.place.z):
            sprite.draw(surface, self.app.art)
        for sprite in sorted(self.sprites.values(), key=lambda s: (s.place.mark == "focus", s.place.z)):
            sprite.draw(surface, self.app.art)
