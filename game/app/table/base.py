"""What every game's table shares: seats around an ellipse, card sprites
tweened to where the state says they belong, pacing of computer moves,
pass-the-device screens, undo, and the click -> Move gate.

A game's table says *where things are* (`places`, `targets`, `draw_table`)
and *what happened* (`stage`, `summary`); this class does the rest.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable, Hashable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from game import ai
from game.app import focus, names, reasons, widgets
from game.app.scene import Scene
from game.app.table import layout
from game.app.table.layout import SeatSpot
from game.app.table.sprites import CardSprite, Place
from game.app.widgets import ACCENT, INK, MUTED, PANEL, PANEL_EDGE, Button, blit_text, draw_panel
from game.i18n import N_, _
from game.match import Match
from game.persist import SaveError, library
from game.rules import IllegalMove
from game.rules.core import scrub_events

if TYPE_CHECKING:
    from game.app.app import App

log = logging.getLogger(__name__)

MOVE_TIME = 0.34     # seconds for a card to travel, at normal speed
STAGGER = 0.06       # between cards moving together
MESSAGE_TIME = 3.5
THINK_SLICE = 0.003  # seconds of computer thinking per frame
HINT_POLL = 0.05     # how often a sleeping window looks whether the hint is ready

# Which sound each event kind makes.
EVENT_SOUNDS = {
    "dealt": "shuffle", "played": "slide", "picked": "deal", "revealed": "flip",
    "trick_won": "gather", "set_aside": "gather", "round_scored": "chime",
    "snowfall": "deal", "drew": "deal", "fell": "rumble", "stopped": "stop",
    "refilled": "deal", "took": "slide", "discarded": "slide", "heart": "heart",
    "scored": "chime", "round": "shuffle", "game_over": "win",
}


class Target(NamedTuple):
    """Something the viewer can click: a move to try, or a thing to select."""

    rect: pygame.Rect
    move: Any | None = None
    select: Hashable | None = None
    key: Hashable | None = None  # the sprite to shake if the move is illegal
    label: str = ""


class TableScene(Scene):
    """Base table.  Subclasses set GAME and implement the hooks below."""

    GAME = ""
    focus_start_group = "play"  # the keyboard's ring starts on a card, not on Menu

    def __init__(self, app: App, match: Match, *, demo: bool = False):
        super().__init__(app)
        self.match = match
        self.demo = demo
        self.spectator = False  # see spectate()
        n = len(match.seats)
        humans = match.humans
        # The seat whose eyes the table shows; None = spectator (all computers, or a replay).
        self.viewer: int | None = humans[0] if humans else None
        self.sprites: dict[Hashable, CardSprite] = {}
        self.leaving: list[CardSprite] = []
        self.holds: deque[tuple[dict, float]] = deque()
        self.override: dict = {}
        self.holding = False
        self.hold_left = 0.0
        self.pending_summary: list[Callable[[], None]] = []
        self.selection: set[Hashable] = set()
        self.hover_key: Hashable | None = None
        self.message = ""
        self.message_left = 0.0
        self.hint: tuple[Any, str | None] | None = None
        self.hint_job: tuple[threading.Thread, list, Any] | None = None
        self.ai_wait = 0.0
        self.thinking: Iterator | None = None
        self.thinking_for: Any = None
        self.ended = False
        self.end_wait = 1.5
        self.archived = match.state.is_over  # a finished game goes to the history once
        self.agents = {s: self._make_agent(s) for s in range(n) if not match.seats[s].human}
        self.buttons: list[Button] = []
        self.spots: list[SeatSpot] = []
        self.size = app.size
        self.card_w = 80
        self.clock = 0.0
        self.before = match.state  # the state before the latest move (for stage())
        self._dealt = False
        self._view: tuple[Any, Any, Any] = (None, None, None)

    def spectate(self) -> None:
        """Make this a replay's table (call before it is laid out): nobody's
        eyes, no buttons, no computers thinking, nothing saved.  The replay
        scene sets the state and calls `after_move` itself."""
        self.spectator = True
        self.viewer = None
        self.agents = {}

    # -- hooks for each game -------------------------------------------------
    def compute_layout(self) -> None:
        """Work out sizes and rects for self.size (seats are already placed)."""

    def places(self) -> list[Place]:
        """Every card to draw now, for `self.view`."""
        return []

    def targets(self) -> list[Target]:
        """What the viewer may click now (topmost last)."""
        return []

    def draw_table(self, surface: pygame.Surface) -> None:
        """Piles, labels and anything not a card sprite (under the cards)."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Anything drawn above the cards (banners, the score pad...)."""

    def seat_lines(self, seat: int) -> list[str]:
        """Public facts shown on a seat's panel."""
        return []

    def status(self) -> str:
        """One line: whose turn it is and what they may do."""
        return ""

    def stage(self, events: tuple) -> list[tuple[dict, float]]:
        """Holds to show in order before the new state (e.g. a full trick)."""
        return []

    def summary(self, events: tuple) -> tuple[str, list[str], list[list[str]]] | None:
        """(title, headers, rows) for a round summary if these events end a round."""
        return None

    def extra_buttons(self) -> list[Button]:
        return []

    def select(self, key: Hashable) -> None:
        """Toggle a selection (games that build a move from several clicks)."""

    def move_keys(self, move: Any) -> list[Hashable]:
        """Sprite keys to highlight when the hint suggests `move`."""
        return []

    # -- derived -------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    @property
    def view(self):
        """What the table may show: the viewer's view, or all for spectators.
        Built once per state and viewer: it is read many times a frame."""
        state = self.match.state
        cached, viewer, view = self._view
        if cached is not state or viewer != self.viewer:
            view = state if self.viewer is None else state.view(self.viewer)
            self._view = (state, self.viewer, view)
        return view

    def you(self, seat: int) -> bool:
        """True for the human whose eyes the table shows."""
        return seat == self.viewer and self.match.seats[seat].human

    @property
    def num_players(self) -> int:
        return len(self.match.seats)

    def name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def viewer_acts(self) -> bool:
        """True when the seat to act is the human whose cards are shown."""
        cur = self.match.current
        return cur is not None and cur == self.viewer and self.match.seats[cur].human

    @property
    def busy(self) -> bool:
        return self.holding or bool(self.leaving) or self.moving

    @property
    def moving(self) -> bool:
        return any(s.moving for s in self.sprites.values())

    def speed(self, seconds: float) -> float:
        return seconds * self.app.settings.time_scale

    # -- agents --------------------------------------------------------------
    def _make_agent(self, seat: int):
        level = self.match.seats[seat].level
        seed = None if self.match.seed is None else f"{self.match.seed}/{seat}"
        try:
            agent = ai.make_agent(level, seed)
        except ValueError:
            agent = ai.make_agent("random", seed)
        if hasattr(agent, "slice_seconds"):  # think in slices that fit a frame
            agent.slice_seconds = THINK_SLICE
        return agent

    def _think(self, agent, view) -> Iterator:
        think = getattr(agent, "think", None)
        if think is not None:
            yield from think(view)
        else:
            yield agent.choose(view)

    # -- layout --------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.card_w = max(44, round(min(size[0] / 15.5, size[1] / 8.2)))
        ui = self.app.ui
        # The viewer's hand fans along the bottom, between the seat panels.
        self.hand_y = size[1] - self.card_w * 0.7 - ui(22)
        self.hand_width = size[0] - 2 * (ui(190) + ui(40))
        self.spots = self.seat_spots()
        self.compute_layout()
        self.buttons = [
            Button(N_("Menu"), self.open_menu, key=None),
            *self.extra_buttons(),
        ]
        if self.spectator:  # the replay has its own controls
            self.buttons = []
        elif self.match.humans:
            self.buttons.insert(1, Button(N_("Hint"), self.ask_hint, key=pygame.K_h))
        if len(self.match.humans) == 1 and not self.spectator:
            self.buttons.insert(1, Button(N_("Undo"), self.undo))
        self.place_buttons()
        if self._dealt:
            self.sync(instant=True)
        else:  # the opening deal: every card flies in, one after another
            self._dealt = True
            self.warm_art()
            self.sprites.clear()
            self.sync(origin=self.deal_origin())

    def deal_origin(self) -> tuple[float, float]:
        """Where the opening deal flies from (a game's draw pile)."""
        return self.size[0] / 2, self.size[1] / 2

    def warm_art(self) -> None:
        """Render every face at the main card size before the deal, so that
        no frame mid-game stalls on drawing a card for the first time.  (Not
        on later resizes: a window drag sends many, and faces render on
        demand.)"""
        module = self.match.module
        for card in dict.fromkeys(module.deck(self.num_players)):
            self.app.art.face(self.GAME, card, self.card_w)
        self.app.art.back(self.GAME, self.card_w)

    def place_buttons(self) -> None:
        ui = self.app.ui
        w, h, gap = ui(88), ui(34), ui(8)
        x = self.size[0] - ui(12)
        for button in [b for b in self.buttons if b.label in ("Menu", "Undo", "Hint")]:
            button.rect = pygame.Rect(0, 0, w, h)
            button.rect.topright = (x, ui(10))
            x -= w + gap

    def bottom_seat(self) -> int:
        """The seat whose hand fans along the bottom edge."""
        return self.display_order()[0]

    def mat_y(self, seat: int, card_h: float, limit: float, gap: float) -> float:
        """The height of an opponent's row of cards by their panel: under it,
        or above it for side seats so low that the row would reach `limit`."""
        p = self.spots[seat].panel
        y = p.bottom + card_h / 2 + gap
        return y if y + card_h / 2 <= limit else p.top - card_h / 2 - gap

    def display_order(self) -> list[int]:
        """Seats clockwise from the one at the bottom edge."""
        first = self.viewer if self.viewer is not None else 0
        n = self.num_players
        return [(first + i) % n for i in range(n)]

    def seat_spots(self) -> list[SeatSpot]:
        return layout.seat_spots(self.size, self.display_order(), self.app.ui)

    fan = staticmethod(layout.fan)

    # -- sprites -------------------------------------------------------------
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

    def hand_mark(self, key: Hashable, legal: bool) -> str:
        """How a clickable card looks: selected, lifted under the pointer,
        greyed out when the rules forbid it."""
        if not self.viewer_acts():
            return ""
        if key in self.selection:
            return "selected"
        if self.hint is not None and key in self.move_keys(self.hint[0]):
            return "hint"
        if not legal:
            return "dim"
        return "legal" if key == self.hover_key else ""

    def sprite_rect(self, key: Hashable) -> pygame.Rect | None:
        sprite = self.sprites.get(key)
        return sprite.rect() if sprite is not None else None

    # -- moves ---------------------------------------------------------------
    def try_move(self, move: Any, key: Hashable | None = None) -> bool:
        """The one gate from the table into the rules: apply, or explain why not."""
        try:
            self.play(move)
        except IllegalMove as exc:  # the rules' English reason, said in the player's language
            self.say(reasons.illegal(self.GAME, exc.reason, self.name, self.you))
            self.app.sound.play("error")
            if key is not None and key in self.sprites:
                self.sprites[key].shake(self.speed(0.4) or 0.3)
            return False
        return True

    def play(self, move: Any) -> None:
        before = self.match.state
        self.match.apply(move)
        self.record()
        self.forget_hint()
        self.selection.clear()
        self.after_move(before, self.match.state.events)

    def record(self) -> None:
        """The one place a game at the table reaches the disk, after every move
        and undo: the autosave while it runs; once it is over, the history
        (once) and no autosave.  Demos and replays record nothing.  A disk
        that refuses costs a message, never the game."""
        if self.demo or self.spectator:
            return
        try:
            if not self.match.state.is_over:
                library.write_autosave(self.match)
                return
            if not self.archived:
                library.archive(self.match)
                self.archived = True
            library.clear_autosave()
        except (SaveError, OSError) as exc:
            log.warning("could not record the game: %s", exc)
            self.say(_("Could not save the game: {reason}").format(reason=exc))

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
            self.override, hold = self.holds.popleft()
            self.hold_left = self.speed(hold)
            self.holding = True
        else:
            self.override, self.hold_left, self.holding = {}, 0.0, False
        self.sync()

    def ask_hint(self) -> None:
        """Ask Hard, in a worker thread so the table keeps drawing, what it
        would play for the human to act."""
        if not self.viewer_acts():
            self.say(_("Hints are for your own turn."))
            return
        if self.hint_job is not None:
            return
        view = self.match.state.view(self.viewer)
        result: list = []
        agent = ai.make_agent("hard", None)
        job = threading.Thread(target=lambda: result.append(agent.explain(view)), daemon=True)
        job.start()
        self.hint_job = (job, result, self.match.state)
        self.say(_("Thinking about a hint…"))

    def forget_hint(self) -> None:
        """A hint belongs to one position and one pair of eyes."""
        if self.hint is not None or self.hint_job is not None:
            self.hint, self.hint_job = None, None
            if self.message.startswith((_("Hint:"), _("Thinking about a hint…"))):
                self.message_left = 0.0

    def poll_hint(self) -> None:
        job, result, asked = self.hint_job
        if job.is_alive():
            return
        self.hint_job = None
        if not result or asked is not self.match.state:
            return  # the position changed meanwhile: the hint is stale
        move, reason = result[0]
        self.hint = (move, reason)
        said = names.move_text(self.GAME, move, self.name, self.you)
        why = reasons.hint(self.GAME, reason, self.name, self.you)
        self.say(_("Hint:") + " " + said + (" — " + why if why else ""))
        self.message_left = MESSAGE_TIME * 2
        self.sync()

    def undo(self) -> None:
        index, reason = self.match.undo_target()
        if index is None:
            self.say(_(reason))  # game.match marks its reasons with N_()
            self.app.sound.play("error")
            return
        self.finish_animations()
        self.match.undo()
        self.record()
        self.pending_summary.clear()
        self.ended = False
        self.thinking = None
        self.ai_wait = 0.0
        self.forget_hint()
        self.selection.clear()
        self.say(_("Took back your last move."))
        self.sync()

    def finish_animations(self) -> None:
        self.holds.clear()
        self.override, self.hold_left, self.holding = {}, 0.0, False
        self.leaving.clear()
        self.sync(instant=True)

    def say(self, text: str) -> None:
        """Show one line, already in the player's language (a rule's reason goes
        through `reasons.illegal` first, which names seats and drops rule IDs)."""
        self.message = text
        self.message_left = MESSAGE_TIME

    # -- scene lifecycle ------------------------------------------------------
    def enter(self) -> None:
        self.app.sound.play("shuffle")

    def open_menu(self) -> None:
        self.app.go("menu", self)

    def show_summary(self, title: str, headers: list[str], rows: list[list[str]]) -> None:
        wait = max(0.3, self.speed(4.0)) if self.demo else None
        self.app.go("summary", title, headers, rows, auto_close=wait)

    def show_results(self) -> None:
        self.app.go("results", self)

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.ended and self.demo and self.app.exit_at_end:
            self.end_wait -= dt
            if self.end_wait <= 0:
                self.app.quit(0)
        if self.message_left > 0:
            self.message_left -= dt
        if self.hint_job is not None:
            self.poll_hint()
        for sprite in self.sprites.values():
            sprite.update(dt)
        for sprite in self.leaving:
            sprite.update(dt)
        self.leaving = [s for s in self.leaving if s.moving]
        if self.holding and not self.moving:
            self.hold_left -= dt
            if self.hold_left <= 0:
                self.next_hold()
        if self.app.stack.top is self:
            self.drive(dt)

    def next_frame(self) -> float | None:
        """0 while cards move or a computer thinks; otherwise the next timer
        due (a hold, a computer's pause, a message's end), or None: the table
        waits for the human and the window may sleep."""
        if self.leaving or self.moving or self.thinking is not None:
            return 0.0
        due: list[float] = []
        if self.holding:
            due.append(self.hold_left)
        if self.hint_job is not None:
            due.append(HINT_POLL)
        if self.message_left > 0:
            due.append(self.message_left)
        if self.ended and self.demo and self.app.exit_at_end:
            due.append(self.end_wait)
        if self.app.stack.top is self and not self.holding:
            due.extend(self.drive_due())
        return max(0.0, min(due)) if due else None

    def drive_due(self) -> list[float]:
        """When `drive` will next do something by itself (see next_frame)."""
        state = self.match.state
        if self.pending_summary or (state.is_over and not self.ended):
            return [0.0]
        if state.is_over:
            return []
        seat = state.current_player
        if self.match.seats[seat].human:
            return [0.0] if seat != self.viewer else []
        return [max(0.0, self.app.settings.ai_pause - self.ai_wait)]

    def drive(self, dt: float) -> None:
        """Move the game on: summaries, results, passing the device, computers."""
        if self.busy:
            return
        if self.pending_summary:
            self.pending_summary.pop(0)()
            return
        state = self.match.state
        if state.is_over:
            if not self.ended:
                self.ended = True
                self.show_results()
            return
        seat = state.current_player
        if self.match.seats[seat].human:
            if seat != self.viewer:
                self.pass_to(seat)
            return
        self.run_agent(seat, dt)

    def pass_to(self, seat: int) -> None:
        def arrived() -> None:  # only now, after the click, do this seat's cards show
            self.forget_hint()
            self.message_left = 0.0
            self.viewer = seat
            self.spots = self.seat_spots()
            self.compute_layout()
            self.place_buttons()
            focus.reset(self)  # the last player's focus says nothing to the next one
            self.sync(instant=True)

        self.app.go("pass", self.name(seat), arrived, self.open_menu)

    def run_agent(self, seat: int, dt: float) -> None:
        if self.thinking is None:
            if self.ai_wait < self.app.settings.ai_pause:
                self.ai_wait += dt
                return
            view = self.match.state.view(seat)
            self.thinking = self._think(self.agents[seat], view)
            self.thinking_for = self.match.state
        if self.thinking_for is not self.match.state:  # undone meanwhile
            self.thinking = None
            return
        move = next(self.thinking, None)
        if move is None:
            return
        self.thinking = None
        self.ai_wait = 0.0
        self.play(move)

    # -- input ---------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if widgets.handle_all(self.buttons, event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.open_menu()
                return True
            if event.key in (pygame.K_u, pygame.K_z) and any(b.label == "Undo" for b in self.buttons):
                self.undo()
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.click(event.pos)
        if event.type == pygame.MOUSEMOTION:
            target = self.target_at(event.pos) if self.viewer_acts() else None
            key = target.key if target is not None else None
            if key != self.hover_key:
                self.hover_key = key
                self.sync()
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        if not self.viewer_acts():
            if self.viewer is not None and any(s.rect().collidepoint(pos)
                                               for s in self.sprites.values()):
                cur = self.match.current
                self.say(_("Wait — the game is over.") if cur is None
                         else _("Wait — it is {name}'s turn.").format(name=self.name(cur)))
            return False
        target = self.target_at(pos)
        if target is None:
            return False
        return self.act(target)

    def act(self, target: Target) -> bool:
        """Do what a click on `target` does (the mouse and the keyboard share this)."""
        if target.select is not None:
            self.select(target.select)
            self.app.sound.play("click")
            self.sync()
            return True
        if target.move is not None:
            self.try_move(target.move, target.key)
            return True
        if target.label:
            self.say(target.label)
            self.app.sound.play("error")
            if target.key in self.sprites:
                self.sprites[target.key].shake()
        return True

    # -- keyboard focus (game/app/focus.py) -------------------------------------
    def focus_items(self) -> list[focus.Focusable]:
        """What Tab and the arrows reach: the targets the rules allow now
        (none under the open score pad), then the buttons."""
        targets = self.targets()
        legal = self.view.legal_moves() if targets else []
        items = []
        for i, target in enumerate(targets):
            covered = any(t.move is None and t.select is None and not t.label
                          and t.rect.colliderect(target.rect) for t in targets[i + 1:])
            if not covered and self.focusable(target, legal):
                items.append(self.focus_item(target))
        return items + focus.from_buttons(self.buttons)

    def focusable(self, target: Target, legal: list) -> bool:
        """A target the keyboard may reach: one whose move the rules allow now."""
        return target.move is not None and target.move in legal

    def focus_item(self, target: Target) -> focus.Focusable:
        key = target.key if target.key is not None else ("move", str(target.move))
        rect = self.drawn_rect(target.key) or target.rect
        return focus.Focusable(key, rect, lambda: self.act(target), group="play")

    def focus_changed(self) -> None:
        self.sync()  # the focused card lifts

    def drawn_rect(self, key: Hashable | None) -> pygame.Rect | None:
        """Where a card sprite is drawn now (moving, lifted), for the focus ring."""
        sprite = self.sprites.get(key) if key is not None else None
        if sprite is None:
            return None
        dx, dy = sprite.offset()
        rect = pygame.Rect(0, 0, round(sprite.w), round(sprite.w * 1.4))
        rect.center = (round(sprite.x + dx), round(sprite.y + dy))
        return rect

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        for target in reversed(self.targets()):
            if target.rect.collidepoint(pos):
                return target
        return None

    def click_point(self, target: Target) -> tuple[int, int]:
        """A point that hits `target` and nothing drawn above it (for tests)."""
        targets = self.targets()
        above = targets[targets.index(target) + 1:] if target in targets else []
        r = target.rect
        for fy in (0.5, 0.3, 0.7, 0.15, 0.85):
            for fx in (0.5, 0.25, 0.1, 0.75, 0.9, 0.04):
                p = (r.x + round(r.w * fx), r.y + round(r.h * fy))
                if not any(t.rect.collidepoint(p) for t in above):
                    return p
        return r.center

    # -- drawing -------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.art.felt(self.size), (0, 0))
        for seat in range(self.num_players):
            self.draw_seat(surface, seat)
        self.draw_table(surface)
        for sprite in sorted(self.leaving, key=lambda s: s.place.z):
            sprite.draw(surface, self.app.art)
        for sprite in sorted(self.sprites.values(), key=lambda s: (s.place.mark == "focus", s.place.z)):
            sprite.draw(surface, self.app.art)
        self.draw_over(surface)
        self.draw_status(surface)
        for button in self.buttons:
            button.draw(surface, self.app.ui(17))

    def draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        ui = self.app.ui
        spot = self.spots[seat]
        rect = spot.panel
        active = self.match.current == seat
        if active:
            pulse = self.pulse()
            glow = rect.inflate(ui(8) + round(ui(4) * pulse), ui(8) + round(ui(4) * pulse))
            draw_panel(surface, glow, (*ACCENT, 90 + round(60 * pulse)), radius=ui(16), edge=None)
        draw_panel(surface, rect, radius=ui(12), edge=ACCENT if active else None)
        widgets.seat_mark(surface, seat, (rect.x + ui(16), rect.y + ui(18)), ui(7))
        seat_info = self.match.seats[seat]
        who = names.seat_tag("you" if seat == self.viewer and seat_info.human else (
            "human" if seat_info.human else seat_info.level))
        tag = blit_text(surface, who, ui(13), MUTED, topright=(rect.right - ui(10), rect.y + ui(11)))
        name = self.name(seat)
        blit_text(surface, name, widgets.fit_size(name, ui(18), tag.left - rect.x - ui(38), True),
                  INK, bold=True, midleft=(rect.x + ui(30), rect.y + ui(18)))
        for i, line in enumerate(self.seat_lines(seat)[:2]):
            blit_text(surface, line, ui(14), INK, topleft=(rect.x + ui(12), rect.y + ui(34) + i * ui(18)))

    def pulse(self) -> float:
        """A glow's strength, 0..1.  Calm (it used to breathe): a breathing
        glow would need a frame many times a second while the table waits."""
        return 0.5

    def draw_status(self, surface: pygame.Surface) -> None:
        """The status line; a fresh message (a reason, a hint) takes its place
        for a few seconds, so nothing on the table is ever covered."""
        ui = self.app.ui
        w = self.size[0]
        box = pygame.Rect(0, 0, min(w - ui(420), ui(760)), ui(34))
        box.midtop = (w // 2 - ui(80), ui(10))
        buttons = [b.rect.left for b in self.buttons if b.rect.top < box.bottom and b.rect.w]
        if buttons:  # never under the buttons (Grinch has one more)
            box.w = min(box.w, min(buttons) - ui(8) - box.x)
        if self.message_left > 0 and self.message:
            text, fill, edge = self.message, (70, 30, 24, 235), (214, 96, 78)
        else:
            prefix = _("Demo") + " · " if self.demo else _("Replay") + " · " if self.spectator else ""
            text, fill, edge = prefix + self.status(), PANEL, PANEL_EDGE
        draw_panel(surface, box, fill, radius=ui(17), edge=edge)
        blit_text(surface, text, widgets.fit_size(text, ui(18), box.w - ui(20)), INK,
                  center=box.center)

    def turn_text(self) -> str:
        """'Your turn' or '<name> to play' for the status line."""
        cur = self.match.current
        if cur is None:
            return _("Game over")
        if cur == self.viewer and self.match.seats[cur].human:
            if len(self.match.humans) == 1:
                return _("Your turn")
            return _("{name}, your turn").format(name=self.name(cur))
        return _("{name} to play").format(name=self.name(cur))
