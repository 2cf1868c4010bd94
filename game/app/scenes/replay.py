"""Watch a finished game again, move by move, forward and back.

The game's own table draws it (in spectator mode, on the window above a
control bar), so a replay looks exactly like the game did.  Every state is
computed once up front by replaying the moves through the rules, so
stepping back is as quick as stepping forward.

A finished game has no secrets left: it replays with every hand face up,
and a switch shows it as any one seat saw it.  An unfinished one only ever
shows what its players saw, each through their own eyes.  With a review
(game/ai/review.py) the timeline carries its marks, and a marked decision
says what was better and why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ai.review import MISTAKE, Decision, by_number
from game.app.shell.scene import Scene
from game.app.ui import widgets
from game.app.ui.modal import PANEL_FILL
from game.app.ui.score_table import draw_score_table
from game.app.ui.widgets import ACCENT, DANGER, INK, MUTED, PANEL_EDGE, Button, blit_text, draw_panel
from game.app.words import names as words
from game.app.words import reasons
from game.i18n import N_, _, ngettext
from game.rules import Phrase
from game.session.match import Match

if TYPE_CHECKING:
    from game.app.shell.app import App
    from game.app.table.base import TableScene

INACCURATE = (236, 200, 90)  # an inaccuracy's mark on the timeline; a mistake's is DANGER


def rules_phrase(reason: dict) -> Phrase:
    """A kept review's reason (code, English text, params) as the hint's Phrase again."""
    return Phrase(reason["code"], str(reason.get("text", "")), reason.get("params") or {})


def replayed(match: Match) -> Match:
    """The same game (seats, seed, start, options) replayed move by move
    through `Match.apply`, shown from before its first move."""
    fresh = Match(match.game_id, list(match.seats), match.seed, match.start, dict(match.options))
    for _seat, move in match.moves:
        fresh.apply(move)
    fresh.seek(0)
    return fresh


class ReplayScene(Scene):
    """A spectator table over the whole window but a bar at the bottom."""

    opaque = True

    def __init__(self, app: App, match: Match, title: str = "", review: list[Decision] | None = None):
        super().__init__(app)
        self.source = match
        self.title = title
        self.moves = list(match.moves)
        self.marks = by_number(review or [])
        self.verdict_h = 0
        self.table: TableScene = app.routes.table(replayed(match), replay=True)
        self.finished = match.state.is_over
        # Whose eyes: a finished game all hands up (None) or any seat; an unfinished one
        # only its players' own (every seat's when no one at it is human).
        seats = list(range(len(match.seats)))
        self.eyes: list[int | None] = [None, *seats] if self.finished else list(match.humans or seats)
        self.eye = 0
        self.table.viewer = self.eyes[0]  # before the table is laid out
        self.table.face_up = self.finished
        self.buttons: list[Button] = []
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.track = pygame.Rect(0, 0, 0, 0)
        self.text_rects: list[pygame.Rect] = []  # the bar's text as last drawn (tests check it clears the track)

    # -- stepping ------------------------------------------------------------------------
    @property
    def index(self) -> int:
        """Moves shown so far."""
        return self.table.match.position

    @property
    def count(self) -> int:
        return len(self.moves)

    def goto(self, index: int) -> None:
        """Show the game after `index` moves: one step forward animates like
        the game did; anything else (back, jumps) snaps into place."""
        index = max(0, min(index, self.count))
        if index == self.index:
            return
        table = self.table
        table.stage.summaries.clear()
        forward = index == self.index + 1
        table.show(index, animate=forward)
        table.stage.summaries.clear()  # no round summaries popping up over a replay

    def step(self, delta: int) -> None:
        self.goto(self.index + delta)

    # -- whose eyes ---------------------------------------------------------------------
    def eye_label(self) -> str:
        seat = self.eyes[self.eye]
        if seat is None:
            return _("All hands")
        if self.source.humans == [seat]:  # the one the table speaks to as "you" (`TableScene.you`)
            return _("As you saw it")
        return _("As {name} saw it").format(name=self.source.seats[seat].name)

    def next_eyes(self) -> None:
        """All hands face up, then each seat's view in turn (a finished game);
        each player's own view in turn (an unfinished one)."""
        if len(self.eyes) < 2:
            return
        self.eye = (self.eye + 1) % len(self.eyes)
        self.table.look_as(self.eyes[self.eye], face_up=self.finished)
        self.eye_button.label = self.eye_label()

    # -- the review ---------------------------------------------------------------------
    def review_text(self) -> tuple[str, str]:
        """('mistake', 'Ana played pink 3 — yellow 11 was better by about 4
        points: it takes the trick, worth +6') for the decision just shown, or
        ('', '') when it is not marked.  The seats are said as the table says
        them (`TableScene.you`): in the face-up view nobody is "you"."""
        decision = self.marks.get(self.index)
        if decision is None or not decision.mark:
            return "", ""
        game_id = self.source.game_id
        module = self.source.module
        name, you = self.table.name, self.table.you
        said = words.move_said(game_id, decision.seat, module.parse_move(decision.chosen), name, you)
        best = words.move_named(game_id, module.parse_move(decision.best), name, you)
        n = max(1, round(decision.loss))
        try:
            why = reasons.why(game_id, rules_phrase(decision.reason), name, you) if decision.reason else ""
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):  # a hand-edited reason: no words for it
            why = ""
        text = (
            ngettext(
                "{said} — {best} was better by about {n} point: {reason}",
                "{said} — {best} was better by about {n} points: {reason}",
                n,
            )
            if why
            else ngettext(
                "{said} — {best} was better by about {n} point.", "{said} — {best} was better by about {n} points.", n
            )
        )
        return decision.mark, text.format(said=said, best=best, n=n, reason=why)

    def move_text(self) -> tuple[str, str]:
        """('Move 37 of 212', 'Mina played orange 4') for the bar, in the past
        tense like the table's record, and with its "you" (`TableScene.you`)."""
        if self.index == 0:
            return _("Start · {n} moves").format(n=self.count), _("The cards are dealt.")
        seat, move = self.moves[self.index - 1]
        head = _("Move {n} of {total}").format(n=self.index, total=self.count)
        return head, words.move_said(self.source.game_id, seat, move, self.table.name, self.table.you)

    def result_text(self) -> str:
        state = self.source.state
        if not state.is_over:
            return ""
        said = words.names_said(state.winners(), self.table.name, self.table.you)
        return _("Won by {names}").format(names=said)

    # -- layout --------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        ui = self.app.ui
        w, h = size
        self.verdict_h = ui(34) if self.marks else 0  # a reviewed game's verdict line, over the controls
        bar_h = ui(84) + self.verdict_h  # head and move lines, then the track below them
        self.bar = pygame.Rect(0, h - bar_h, w, bar_h)
        top = self.bar.y + self.verdict_h  # the controls' strip
        self.table.resize((w, h - bar_h))  # the first time, the opening deal flies in
        bw, bh, gap = ui(64), ui(42), ui(8)
        self.nav = [
            Button("«", lambda: self.goto(0), key=pygame.K_HOME),
            Button("‹", lambda: self.step(-1), key=pygame.K_LEFT),
            Button("›", lambda: self.step(1), key=pygame.K_RIGHT, primary=True),
            Button("»", lambda: self.goto(self.count), key=pygame.K_END),
        ]
        widgets.layout_row(self.nav, (w // 2, top + ui(30)), bw, bh, gap)
        self.close = Button(N_("Close"), self.app.stack.pop, key=pygame.K_ESCAPE)
        self.close.rect = pygame.Rect(0, 0, ui(120), bh)
        self.close.rect.midright = (w - ui(14), top + ui(30))
        self.eye_button = Button(self.eye_label(), self.next_eyes, key=pygame.K_v)
        self.eye_button.rect = pygame.Rect(0, 0, ui(210), bh)
        self.eye_button.rect.midright = (self.close.rect.left - ui(10), self.close.rect.centery)
        self.eye_button.enabled = len(self.eyes) > 1
        self.buttons = [*self.nav, self.eye_button, self.close]
        # Under the text lines and the buttons, its marks (centred on it) clear of both.
        self.track = pygame.Rect(ui(14), self.bar.bottom - ui(14), w - ui(28), ui(6))

    # -- frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.table.update(dt)

    def next_frame(self) -> float | None:
        return self.table.next_frame()

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        w, h = surface.get_size()
        area = pygame.Rect(0, 0, w, self.bar.y)
        self.table.draw(surface.subsurface(area))
        draw_panel(surface, self.bar, (12, 20, 16, 245), radius=0, edge=None)
        pygame.draw.line(surface, PANEL_EDGE, (0, self.bar.y), (w, self.bar.y))
        head, move = self.move_text()
        left = self.nav[0].rect.left - ui(20) - ui(14)
        top = self.bar.y + self.verdict_h
        self.text_rects = [
            blit_text(
                surface,
                head,
                widgets.fit_size(head, ui(18), left, True),
                ACCENT,
                bold=True,
                topleft=(ui(14), top + ui(6)),
            ),
            blit_text(surface, move, widgets.fit_size(move, ui(17), left), INK, topleft=(ui(14), top + ui(30))),
        ]
        if self.title:
            room = self.eye_button.rect.left - self.nav[-1].rect.right - ui(30)
            self.text_rects.append(
                blit_text(
                    surface,
                    self.title,
                    widgets.fit_size(self.title, ui(16), room),
                    MUTED,
                    midright=(self.eye_button.rect.left - ui(16), self.eye_button.rect.centery),
                )
            )
        own_sheet = getattr(self.table, "pad_visible", None)  # Grinch shows its own score pad
        if self.index == self.count and self.source.state.is_over and not (own_sheet and own_sheet()):
            self.draw_results(surface, area)
        for button in self.nav:
            button.enabled = (self.index > 0) if button.label in ("«", "‹") else (self.index < self.count)
            button.draw(surface, ui(24))
        self.eye_button.draw(surface, ui(16))
        self.close.draw(surface, ui(18))
        self.draw_track(surface)
        self.draw_review(surface, area)

    def draw_review(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """A marked decision's verdict on the bar's top line, edged in its mark's colour."""
        if not self.verdict_h:
            return
        ui = self.app.ui
        mark, text = self.review_text()
        line = pygame.Rect(ui(8), self.bar.y + ui(4), area.w - ui(16), self.verdict_h - ui(6))
        if not text:  # between marked moves: how to find them
            text = _(
                "Review: the timeline marks inaccuracies (yellow) and mistakes (red) · "
                "Page Down: the next one, Page Up: the previous"
            )
            text, size = widgets.fitted(text, ui(15), line.w - ui(24))
            self.text_rects.append(blit_text(surface, text, size, MUTED, midleft=(line.x + ui(12), line.centery)))
            return
        colour = DANGER if mark == MISTAKE else INACCURATE
        draw_panel(surface, line, (24, 34, 28, 250), radius=ui(8), edge=colour, width=2)
        text, size = widgets.fitted(text, ui(17), line.w - ui(24))
        self.text_rects.append(blit_text(surface, text, size, INK, midleft=(line.x + ui(12), line.centery)))

    def draw_results(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """At the end, the final scores over the (by then empty) table, best first."""
        ui = self.app.ui
        state = self.source.state
        scores, winners = state.scores(), state.winners()
        order = sorted(range(len(scores)), key=lambda s: -scores[s])  # the highest total wins every game
        rows = [[f"{i + 1}. {self.source.seats[s].name}", str(scores[s])] for i, s in enumerate(order)]
        panel = pygame.Rect(0, 0, min(ui(460), area.w - ui(40)), min(ui(130 + 40 * len(rows)), area.h - ui(60)))
        panel.center = (area.centerx, area.centery + ui(10))
        draw_panel(surface, panel, PANEL_FILL, radius=ui(18), edge=ACCENT, width=2)
        blit_text(surface, self.result_text(), ui(28), INK, bold=True, midtop=(panel.centerx, panel.y + ui(20)))
        draw_score_table(
            self.app, surface, panel, [_("Player"), _("Score")], rows, {i for i, s in enumerate(order) if s in winners}
        )

    def draw_track(self, surface: pygame.Surface) -> None:
        """How far along the game is; click anywhere on it to jump there."""
        track = self.track
        pygame.draw.rect(surface, (40, 52, 46), track, border_radius=track.h // 2)
        if self.count:
            done = track.copy()
            done.w = round(track.w * self.index / self.count)
            if done.w:
                pygame.draw.rect(surface, ACCENT, done, border_radius=track.h // 2)
            pygame.draw.circle(surface, ACCENT, (track.x + done.w, track.centery), track.h)
            for number, decision in self.marks.items():  # the review's marks, where they were made
                if decision.mark:
                    x = track.x + round(track.w * number / self.count)
                    colour = DANGER if decision.mark == MISTAKE else INACCURATE
                    tick = pygame.Rect(0, 0, max(2, track.h // 2), self.tick_h())
                    tick.center = (x, track.centery)
                    pygame.draw.rect(surface, colour, tick)

    def tick_h(self) -> int:
        """A review mark's height on the track (centred on it)."""
        return self.track.h * 2 + self.app.ui(2)

    def track_area(self) -> pygame.Rect:
        """The track with its marks and knob: what no text may run into."""
        return self.track.inflate(self.track.h * 2, max(self.tick_h(), self.track.h * 2) - self.track.h)

    def next_marked(self, delta: int) -> None:
        """Jump to the next (or previous) marked decision."""
        marked = sorted(n for n, d in self.marks.items() if d.mark)
        ahead = [n for n in marked if (n > self.index if delta > 0 else n < self.index)]
        if ahead:
            self.goto(ahead[0] if delta > 0 else ahead[-1])

    def keeps_key(self, event: pygame.event.Event) -> bool:
        """Left and Right step through the game rather than move the keyboard focus."""
        return event.key in (pygame.K_LEFT, pygame.K_RIGHT)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            # Keys work even at either end (the buttons are disabled there).
            delta = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(event.key)
            if delta is not None:
                self.step(delta)
            else:
                self.goto(0 if event.key == pygame.K_HOME else self.count)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.next_marked(1 if event.key == pygame.K_PAGEDOWN else -1)
            return True
        if widgets.handle_all(self.buttons, event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.track.inflate(0, self.app.ui(16))
            if hit.collidepoint(event.pos) and self.count:
                self.goto(round((event.pos[0] - self.track.x) / self.track.w * self.count))
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.step(-event.y)
            return True
        return True
