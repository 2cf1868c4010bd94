"""Review: weigh every decision of a finished game, then replay it with the marks.

The reviewer (game/ai/review.py) runs in a worker thread, a slice at a time,
so the window keeps drawing its progress bar and the Cancel button answers at
once; a cancelled review stops at its next slice.  The finished review is
written into the game's history file (game/persist/reviews.py), so the next
Review of the same game opens the replay at once.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.ai.review import Decision
from game.app.ui import widgets
from game.app.ui.modal import ModalScene
from game.app.ui.widgets import ACCENT, INK, MUTED, Button, blit_text, draw_panel
from game.i18n import N_, _
from game.match.match import Match
from game.persist.errors import SaveError
from game.session import coach

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface

log = logging.getLogger(__name__)
SLICE_SECONDS = 0.02  # the worker checks for Cancel this often


class ReviewScene(ModalScene):
    title = N_("Reviewing the game")
    panel_size = (620, 300)

    def __init__(
        self, app: AppSurface, match: Match, path: Path | None = None, title: str = "", rollouts: int | None = None
    ):
        super().__init__(app)
        self.match = match
        self.path = path
        self.replay_title = title
        self.seats = coach.reviewed_seats(match)
        self.note: str | None = None  # one line on the panel when the kept review had to be ignored
        self.kept = coach.read_kept(path, match, self.seats, self.damaged) if path is not None else None
        self.review = coach.new_review(match, self.seats, rollouts)  # rollouts: tests ask for few
        self.cancelled = threading.Event()
        self.worker: threading.Thread | None = None
        self.done = False

    def damaged(self, why: str) -> None:
        """The review kept in the file failed its checks: the details go to the log,
        one line to the screen, and the review is made again (and kept anew)."""
        log.warning("%s", why)
        self.note = _("The review kept with this game was damaged and is being made again.")

    # -- the work -------------------------------------------------------------------------
    def enter(self) -> None:
        if self.kept is None:
            self.worker = threading.Thread(target=self.work, name="review", daemon=True)
            self.worker.start()

    def work(self) -> None:
        for _progress in self.review.run(SLICE_SECONDS):
            if self.cancelled.is_set():
                return

    def exit(self) -> None:
        self.cancelled.set()  # however the scene goes, the worker stops at its next slice

    def cancel(self) -> None:
        self.cancelled.set()
        self.app.stack.remove(self)

    def update(self, dt: float) -> None:
        if self.done or self.app.stack.top is not self:
            return
        decisions: list[Decision] | None = self.kept
        if decisions is None:
            if self.worker is None or self.worker.is_alive() or not self.review.finished:
                return
            decisions = self.review.decisions
            self.keep()
        self.done = True
        self.app.stack.remove(self)
        self.app.routes.replay(self.match, self.replay_title, review=decisions)

    def keep(self) -> None:
        """Into the game's file, so it never runs twice; a disk that refuses costs only that."""
        if self.path is None:
            return
        try:
            coach.keep(self.path, self.match, self.review)
        except SaveError as exc:
            log.warning("could not keep the review: %s", exc)

    def next_frame(self) -> float | None:
        return 0.1 if not self.done else None  # the bar moves about ten times a second

    # -- drawing ----------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.cover_below()

    def cover_below(self) -> None:
        """Opened over another panel (Results), take all of its place: its
        frame never shows around this one, two frames one inside the other."""
        scenes = self.app.stack.scenes
        below = scenes[scenes.index(self) - 1] if self in scenes and scenes.index(self) > 0 else None
        under = getattr(below, "panel", None)
        if isinstance(under, pygame.Rect) and under.w and not self.panel.contains(under):
            self.panel = self.panel.union(under)
            self.place_buttons()

    def make_buttons(self) -> list[Button]:
        return [Button(N_("Cancel"), self.cancel, key=pygame.K_ESCAPE)]

    def draw(self, surface: pygame.Surface) -> None:
        self.cover_below()  # pushed before it knew what lies beneath, or that panel grew
        super().draw(surface)

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        panel = self.panel
        review = self.review
        done = len(review.decisions)
        line = _("Decision {done} of {total}: every legal move is played out on many deals").format(
            done=min(review.total, done + 1), total=review.total
        )
        blit_text(
            surface,
            line,
            widgets.fit_size(line, ui(17), panel.w - ui(40)),
            INK,
            midtop=(panel.centerx, panel.y + ui(80)),
        )
        bar = pygame.Rect(0, 0, panel.w - ui(80), ui(18))
        bar.midtop = (panel.centerx, panel.y + ui(124))
        draw_panel(surface, bar, (40, 52, 46), radius=bar.h // 2, edge=None)
        filled = bar.copy()
        filled.w = round(bar.w * review.progress)
        if filled.w:
            draw_panel(surface, filled, ACCENT, radius=bar.h // 2, edge=None)
        percent = _("{p}% done").format(p=int(review.progress * 100))
        at = blit_text(surface, percent, ui(15), MUTED, midtop=(panel.centerx, bar.bottom + ui(10)))
        if self.note:
            size = widgets.fit_size(self.note, ui(15), panel.w - ui(40))
            blit_text(surface, self.note, size, ACCENT, midtop=(panel.centerx, at.bottom + ui(12)))
