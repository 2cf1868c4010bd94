"""A guided game at the real table: the game's own table class with a
`GuidedTable` mixin in front, so clicks, keys, staging and drawing are the
table's own and only the gate, the computers and the overlay differ.

- Only the step's target passes `refusal` (the table's click -> move gate);
  anything else says what to do instead.  The keyboard's ring reaches only
  the target.  Everything else is dimmed under a veil with holes.
- The computers are `ScriptedAgent`s: they play the script's moves, which
  go through `Match.apply` like any other move.
- Nothing is recorded: no autosave, no history, so no statistics.  Hint and
  Undo are gone; Menu becomes Leave (Esc too).
- `autoplay` clicks each step's target by itself after a pause to read.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache
from typing import TYPE_CHECKING, Any

import pygame

from game.app.learn.guide import Guide, ScriptedAgent
from game.app.learn.placement import arrow, cost, place_caption
from game.app.learn.scripts import HUMAN, script_for
from game.app.table import table_class
from game.app.table.base import TableScene, Target
from game.app.ui import widgets
from game.app.ui.widgets import ACCENT, INK, MUTED, blit_text, draw_panel
from game.i18n import N_, _
from game.session.match import Match, Seat

if TYPE_CHECKING:
    from game.app.shell.app import App

AUTOPLAY_WAIT = 1.5  # seconds before autoplay clicks (at normal speed), plus time to read:
READ_SPEED = 16.0  # characters of caption a second
NEXT_CLICK = 0.7  # a step's later clicks (the second card of a set, then Play)
CAPTION_FILL = (20, 28, 25)  # opaque: nothing of the table shows through the words
VEIL = (0, 0, 0, 120)
CAPTION_WIDTHS = (470, 380, 320)  # logical units, widest first


def lesson_match(game_id: str) -> Match:
    """The script's game as a match: its seats, its deal."""
    script = script_for(game_id)
    seats = [Seat(_("You"), True), *(Seat(name, False, "normal") for name in script.names)]
    options: dict[str, Any] = {**script.options, "hands": [list(h) for h in script.hands]}
    if script.pile is not None:
        options["pile"] = list(script.pile)
    return Match(game_id, seats, 1, script.start, options)


class GuidedTable:
    """The guided game's differences from a table (see module doc); a mixin
    in front of a `TableScene` subclass (`guided_class`)."""

    def setup_lesson(self: Any, guide: Guide, autoplay: bool) -> None:
        self.guide = guide
        self.autoplay = autoplay
        self.autoplay_wait = 0.0
        self.lesson_over = False
        played = self.played
        self.session.keeps = False  # a lesson is never saved: no autosave, no history, no statistics
        self.agents = {seat: ScriptedAgent(guide, played) for seat in self.agents}

    def played(self: Any) -> int:
        return len(self.match.moves)

    # -- the gate ----------------------------------------------------------------
    def refusal(self: Any, move: Any | None, select: Hashable | None) -> str | None:
        if self.guide.allows(self.played(), move, select, self.selection):
            return None
        return self.guide.instead(self.played(), self.name, self.selection)

    def allowed(self: Any, target: Target) -> bool:
        return self.guide.allows(self.played(), target.move, target.select, self.selection)

    def focusable(self: Any, target: Target, legal: list) -> bool:
        return super().focusable(target, legal) and self.allowed(target)  # type: ignore[misc]

    def enter_on_card(self: Any, target: Target) -> None:
        """Avalanche's Enter on a card: one the step still wants is selected."""
        if self.allowed(target):
            self.act(target)
        else:
            super().enter_on_card(target)  # type: ignore[misc]

    def click(self: Any, pos: tuple[int, int]) -> bool:
        if self.waiting() and self.target_at(pos) is None:
            self.held_back(None)  # a click on the bare table says what to do, too
            return True
        return super().click(pos)  # type: ignore[misc]

    def hand_mark(self: Any, key: Hashable, legal: bool) -> str:
        """A card this step does not want looks like one the rules forbid: dimmed, never lifted."""
        mark = super().hand_mark(key, legal)  # type: ignore[misc]
        if mark in ("", "legal") and self.guide_on() and not self.guide.wants_card(self.played(), key, self.selection):
            return "dim"
        return mark

    def guide_on(self: Any) -> bool:
        """The learner's step is due (cards may still be moving)."""
        return hasattr(self, "guide") and self.viewer_acts() and self.guide.wanted(self.played()) is not None

    # -- what the lesson leaves out ------------------------------------------------
    def open_menu(self: Any) -> None:
        """Esc and Leave: back to the title, the lesson forgotten."""
        self.app.go("title")

    def resize(self: Any, size: tuple[int, int]) -> None:
        super().resize(size)  # type: ignore[misc]
        self.buttons = [b for b in self.buttons if b.label not in ("Hint", "Undo")]
        for button in self.buttons:
            if button.label == "Menu":
                button.label = N_("Leave")

    def show_results(self) -> None:
        """The end is `drive`'s (the lesson's own screen), not the results."""

    def show_summary(self: Any, title: str, headers: list[str], rows: list[list[str]]) -> None:
        wait = max(0.3, self.speed(4.0)) if self.autoplay else None
        self.app.go("summary", title, headers, rows, auto_close=wait)

    # -- the turn flow ---------------------------------------------------------------
    def waiting(self: Any) -> bool:
        """The learner's step is due and the table is still: the overlay shows."""
        return not self.busy and self.guide_on()

    def drive(self: Any, dt: float) -> None:
        if self.busy:
            return
        if self.guide.finished(self.played()) and not self.pending_summary:
            if not self.lesson_over:
                self.lesson_over = True
                self.app.go("learned", self.GAME)
            return
        if self.autoplay and self.waiting():
            self.autoplay_wait += dt
            if self.autoplay_wait >= self.reading_time():
                self.autoplay_wait = 0.0
                targets = self.lesson_targets()
                if targets:
                    self.act(targets[0])
            return
        super().drive(dt)  # type: ignore[misc]

    def reading_time(self: Any) -> float:
        """How long autoplay lets the caption be read before it clicks."""
        if self.selection:
            return self.speed(NEXT_CLICK)
        caption = self.guide.caption(self.played(), self.view)
        return self.speed(AUTOPLAY_WAIT + len(caption) / READ_SPEED)

    def drive_due(self: Any) -> list[float]:
        if self.autoplay and self.waiting():
            return [max(0.0, self.reading_time() - self.autoplay_wait)]
        if self.guide.finished(self.played()) and not self.lesson_over:
            return [0.0]
        return super().drive_due()  # type: ignore[misc]

    # -- the overlay --------------------------------------------------------------------
    def lesson_targets(self: Any) -> list[Target]:
        """The targets this step lets through, in the table's order."""
        return [t for t in self.targets() if self.allowed(t)]

    def spot_rects(self: Any) -> list[pygame.Rect]:
        """Where the step's targets are drawn now (a lifted card where it shows)."""
        return [self.drawn_rect(t.key) or t.rect for t in self.lesson_targets()]

    def chosen_rects(self: Any) -> list[pygame.Rect]:
        """Where the cards chosen so far for this step are drawn."""
        return [r for r in (self.drawn_rect(key) for key in self.selection) if r is not None]

    def caption_lines(self: Any) -> tuple[str, list[str], str]:
        played = self.played()
        number, total = self.guide.number(played)
        return (
            _("Step {n} of {total}").format(n=number, total=total),
            [self.guide.caption(played, self.view)],
            self.guide.how(played, self.name, self.selection),
        )

    def caption_layout(self: Any) -> tuple[pygame.Rect, pygame.Rect | None, list[tuple[str, int, Any, bool]]]:
        """(the caption's box, the rect it points at, its lines as (text, size, colour, bold)).
        The widest caption that covers nothing of `caption_avoids` wins; where
        every side is crowded, a narrower one may cover less instead."""
        ui = self.app.ui
        w, h = self.size
        spots = self.spot_rects()
        target = spots[0].unionall(spots[1:]).inflate(ui(12), ui(12)) if spots else None
        top = ui(52)  # never over the status line, where a wrong click's answer shows
        window = pygame.Rect(ui(8), top, w - 2 * ui(8), h - top - ui(8))
        avoid = self.caption_avoids()
        best = None
        for width in dict.fromkeys(min(ui(n), w - 2 * ui(12)) for n in CAPTION_WIDTHS):
            lines = self.caption_text(width)
            height = 2 * ui(14) + sum(round(size * 1.4) for _t, size, _c, _b in lines)
            box = place_caption((width, height), target, window, ui(22), avoid)
            covered = cost(box, avoid)
            if best is None or covered < best[0]:
                best = (covered, box, lines)
            if not any(covered):
                break
        assert best is not None
        return best[1], target, best[2]

    def caption_avoids(self: Any) -> list[list[pygame.Rect]]:
        """What the caption keeps off, most important first: the status line
        (a wrong click's answer shows there); the words on the table the steps
        talk about (the record line, the piles' labels, the next-play chips);
        the cards already chosen for the step; then the buttons, everything
        else to click, every card, the seats."""
        record = self.record_words()
        words = [*([record] if record else []), *self.label_rects()]
        others = [t.rect for t in self.targets() if not self.allowed(t)]
        cards = [sprite.rect() for sprite in self.sprites.values()]
        rest = [*(b.rect for b in self.buttons if b.rect.w), *others, *cards, *(spot.panel for spot in self.spots)]
        return [[self.status_shown()[0]], words, self.chosen_rects(), rest]

    def caption_text(self: Any, width: int) -> list[tuple[str, int, Any, bool]]:
        """The caption's lines wrapped to `width`: step number, rule, what to click."""
        ui = self.app.ui
        room = width - 2 * ui(14)
        head, body, how = self.caption_lines()
        lines: list[tuple[str, int, Any, bool]] = [(head, ui(14), MUTED, False)]
        for text in body:
            lines += [(line, ui(18), INK, False) for line in widgets.wrap(text, ui(18), room)]
        lines += [(line, ui(16), ACCENT, True) for line in widgets.wrap(how, ui(16), room, True)]
        return lines

    def draw(self: Any, surface: pygame.Surface) -> None:
        super().draw(surface)  # type: ignore[misc]
        if self.waiting():
            self.draw_lesson(surface)

    def draw_lesson(self: Any, surface: pygame.Surface) -> None:
        ui = self.app.ui
        spots = [r.inflate(ui(12), ui(12)) for r in self.spot_rects()]
        veil = pygame.Surface(self.size, pygame.SRCALPHA)
        veil.fill(VEIL)
        for rect in [*spots, *self.chosen_rects(), *(b.rect for b in self.buttons if b.rect.w)]:
            veil.fill((0, 0, 0, 0), rect)
        surface.blit(veil, (0, 0))
        for rect in spots:
            pygame.draw.rect(surface, ACCENT, rect, max(2, ui(3)), border_radius=ui(10))
        box, target, lines = self.caption_layout()
        draw_panel(surface, box, CAPTION_FILL, radius=ui(14), edge=ACCENT, width=max(1, ui(2)))
        if target is not None:
            pygame.draw.polygon(surface, ACCENT, arrow(box, target, ui(14)))
        y = box.y + ui(14)
        for text, size, colour, bold in lines:
            blit_text(surface, text, size, colour, bold, topleft=(box.x + ui(14), y))
            y += round(size * 1.4)


@cache
def guided_class(game_id: str) -> type:
    """The game's table class with the lesson in front of it."""
    table = table_class(game_id)
    return type(f"Guided{table.__name__}", (GuidedTable, table), {})


def guided_table(app: App, game_id: str, *, autoplay: bool = False) -> TableScene:
    """A table showing the guided game of `game_id` from its first move."""
    script = script_for(game_id)  # a ValueError that says so for a game without a guided game
    table = guided_class(game_id)(app, lesson_match(game_id))
    table.setup_lesson(Guide(script), autoplay)
    assert table.viewer == HUMAN
    return table
