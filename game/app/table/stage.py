"""The stage: every card's sprite tweened to where the table says it
belongs, and the queue of holds (moments shown for a beat before the new
state, such as a full trick) that it plays in order.

An object of its own that a table owns (`TableScene.stage`); what it needs
of the table is `StageHost`.  A hold's picture is the game's own type (a
trick, an avalanche, a revealed card), read back as `picture` while it
shows; `None` means the state itself.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

import pygame

from game.app.table.sprites import CardSprite, Place

MOVE_TIME = 0.34  # seconds for a card to travel, at normal speed
STAGGER = 0.06  # between cards moving together
DEAL_SPREAD = 1.5  # a deal of many cards starts its last card this soon, at most
FLIP_END = 1.1  # a dealt card has turned face up MOVE_TIME * FLIP_END after it left
#: Event kinds that put new hands on the table: the status waits until they land.
DEAL_KINDS = frozenset({"dealt", "round"})

P = TypeVar("P")
P_in = TypeVar("P_in", contravariant=True)


def stagger_for(count: int) -> float:
    """Seconds between cards that move together (normal speed): a big deal
    staggers faster, so 90 cards land as soon as a handful would."""
    return STAGGER if count <= 1 else min(STAGGER, DEAL_SPREAD / (count - 1))


def deal_seconds(count: int, time_scale: float = 1.0) -> float:
    """How long `count` cards dealt together take until the last lies face up."""
    if count <= 0:
        return 0.0
    return time_scale * ((count - 1) * stagger_for(count) + MOVE_TIME * FLIP_END)


class Hold(NamedTuple, Generic[P]):
    """One moment to show before the new state: the game's picture of it
    (read back as `Stage.picture`; None draws the state itself) and for how
    many seconds once its cards have arrived.  A hold that `ends_round`
    opens the round summary as it ends, and the story goes on only once the
    summary is closed."""

    picture: P | None
    seconds: float
    ends_round: bool = False


class StageHost(Protocol[P_in]):
    """What the stage asks of the table it serves."""

    size: tuple[int, int]

    def speed(self, seconds: float) -> float:
        """`seconds` at the player's animation speed."""
        ...

    def places(self) -> list[Place]:
        """Every card to draw now, and where."""
        ...

    def lifted_key(self) -> Hashable | None:
        """The card the keyboard's focus lifts, if any."""
        ...

    def on_top(self) -> bool:
        """True while the table is the screen in front (not under a menu)."""
        ...

    def leave_hold(self, picture: P_in | None, coming: P_in | None) -> None:
        """The held picture ends (`coming` is the next one): tag the cards that leave with it."""
        ...


class Stage(Generic[P]):
    """Sprites, the hold queue and the round summaries waiting behind them (see module doc)."""

    def __init__(self, host: StageHost[P], state: Any) -> None:
        self.host = host
        self.sprites: dict[Hashable, CardSprite] = {}
        self.leaving: list[CardSprite] = []
        self.holds: deque[Hold[P]] = deque()
        self.picture: P | None = None  # the hold being shown; None = the state itself
        self.holding = False
        self.hold_left = 0.0
        self.before = state  # the state before the latest move (for the game's holds)
        self.dealt = False  # the opening deal has flown in
        self.hold_ends_round = False
        self.deals = False  # the latest move dealt: say so once the holds are over
        self.dealing = False  # a deal is landing: the status line waits for it
        self.landing = False  # the last move is still being shown (its holds, its cards in flight)
        #: round summaries to open, in order, as the holds that end their rounds end
        self.summaries: list[Callable[[], None]] = []

    @property
    def busy(self) -> bool:
        return self.holding or bool(self.leaving) or self.moving

    @property
    def moving(self) -> bool:
        return any(s.moving for s in self.sprites.values())

    def sync(self, instant: bool = False, origin: tuple[float, float] | None = None) -> None:
        """Point every sprite at where the table now says it belongs.  With
        `origin`, every new card flies from there (the opening deal)."""
        host = self.host
        duration = 0.0 if instant else host.speed(MOVE_TIME)
        wanted = {p.key: p for p in host.places()}
        lifted = host.lifted_key()
        if lifted in wanted and wanted[lifted].mark != "selected":  # the keyboard's card rises
            wanted[lifted] = wanted[lifted]._replace(mark="focus")
        default_origin = origin or (host.size[0] / 2, host.size[1] / 2)
        arriving = sum(1 for key in wanted if key not in self.sprites)
        stagger = 0.0 if instant else host.speed(stagger_for(arriving))
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

    def deal(self, origin: tuple[float, float]) -> None:
        """The opening deal: every card flies in from `origin`, one after another."""
        self.dealt = True
        self.sprites.clear()
        self.dealing = True
        self.sync(origin=origin)

    def sprite_rect(self, key: Hashable) -> pygame.Rect | None:
        sprite = self.sprites.get(key)
        return sprite.rect() if sprite is not None else None

    def rekey(self, old: Hashable, new: Hashable) -> None:
        """The card `old` is known as `new` from now on (it flies on to its new
        place instead of vanishing and reappearing)."""
        sprite = self.sprites.pop(old, None)
        if sprite is not None:
            sprite.key = new
            sprite.exit_to = None
            self.sprites[new] = sprite

    def play(self, holds: list[Hold[P]], summary: Callable[[], None] | None, deals: bool) -> None:
        """Show a move: its holds in order, then the new state; `summary` opens
        as the hold that ends the round ends (or at once if none does)."""
        self.landing = True  # until its holds end and its cards lie still (the table clears it)
        self.deals = deals
        self.holds.extend(holds)
        if summary is not None:
            self.summaries.append(summary)
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
        if not self.host.on_top():
            return True
        if self.summaries:
            self.summaries.pop(0)()
            return True
        return False

    def next_hold(self) -> None:
        if self.waiting_for_summary():
            return
        if self.holding:
            self.host.leave_hold(self.picture, self.holds[0].picture if self.holds else None)
        if self.holds:
            hold = self.holds.popleft()
            self.picture, self.hold_ends_round = hold.picture, hold.ends_round
            self.hold_left = self.host.speed(hold.seconds)
            self.holding = True
        else:
            self.picture, self.hold_left, self.holding = None, 0.0, False
            self.hold_ends_round = False
            self.dealing, self.deals = self.deals, False
        self.sync()

    def finish(self) -> None:
        """Every hold and tween cut short: the cards lie where the state says."""
        self.holds.clear()
        self.picture, self.hold_left, self.holding = None, 0.0, False
        self.hold_ends_round = self.dealing = self.deals = self.landing = False
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

    def tween(self, dt: float) -> bool:
        """Tweens advance (those leaving too); True once every card lies still."""
        for sprite in self.sprites.values():
            sprite.update(dt)
        for sprite in self.leaving:
            sprite.update(dt)
        self.leaving = [s for s in self.leaving if s.moving]
        return not (self.moving or self.leaving)

    def count_hold(self, dt: float) -> None:
        """With the cards still: a hold counts down and gives way to the next."""
        if not self.holding:
            self.dealing = False
        else:
            self.hold_left -= dt
            if self.hold_left <= 0:
                self.next_hold()

    def draw(self, surface: pygame.Surface, art: Any) -> None:
        """Leaving cards under the rest; the keyboard's card above all."""
        for sprite in sorted(self.leaving, key=lambda s: s.place.z):
            sprite.draw(surface, art)
        for sprite in sorted(self.sprites.values(), key=lambda s: (s.place.mark == "focus", s.place.z)):
            sprite.draw(surface, art)
