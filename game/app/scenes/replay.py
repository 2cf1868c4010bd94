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

import math
from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game.ai.review import MISTAKE, Decision, by_number
from game.app.shell.scene import Scene
from game.app.ui import widgets
from game.app.ui.modal import PANEL_FILL, SCRIM
from game.app.ui.score_table import draw_score_table
from game.app.ui.widgets import ACCENT, DANGER, INK, MUTED, PANEL_EDGE, Button, blit_text, draw_panel
from game.app.words import names as words
from game.app.words import verdict
from game.app.words.verdict import rules_phrase
from game.i18n import N_, _, ngettext
from game.match.match import Match
from game.session import coach

if TYPE_CHECKING:
    from game.app.shell.app import App
    from game.app.table.base import TableScene

INACCURATE = (236, 200, 90)  # an inaccuracy's mark on the timeline; a mistake's is DANGER
BETTER = (120, 220, 255)  # the better move's ring: the hint's colour and dashes (table/sprites.HINT_MARK)
#: A card index is about this share of a card's width (each game's art draws
#: its corner number 0.16 of the width high); a hand drawn with indices under
#: READABLE_INDEX pixels is shown again under the pointer, its cards
#: LENS_CARD pixels wide or more (the smallest width at which every game's
#: indices measure 12 pixels: tests/app/test_replay_faceup.py measures them).
INDEX_SHARE = 0.16
READABLE_INDEX = 12
LENS_CARD = 84
#: A verdict (or the summary's costliest decision) is drawn at VERDICT_SIZE,
#: wrapped over up to VERDICT_LINES lines, and never below BODY_SIZE (the
#: body text's size at 100 %): a long reason wraps rather than shrinks.
VERDICT_SIZE = 17
BODY_SIZE = 16
VERDICT_LINES = 4

__all__ = ["ReplayScene", "replayed", "rules_phrase"]


def replayed(match: Match) -> Match:
    """The same game (seats, seed, start, options) replayed move by move
    through `Match.apply`, shown from before its first move."""
    fresh = Match(match.game_id, list(match.seats), match.seed, match.start, dict(match.options))
    for _seat, move in match.moves:
        fresh.apply(move)
    fresh.seek(0)
    return fresh


class ReplayScene(Scene):
    """A spectator table over the whole window but a bar at the bottom.

    With a review, a marked decision opens *at* the decision: the table as
    it stood before the move (the trick so far), the card played ringed in
    its mark's colour and the better one in the hint's dashed blue; one
    step on ("What followed") plays the move as the game did.  The end of a
    reviewed game is the review's summary: the points lost in mistakes and
    inaccuracies, the costliest decision (a button goes to it) and "Play
    this deal again"."""

    opaque = True

    def __init__(self, app: App, match: Match, title: str = "", review: list[Decision] | None = None):
        super().__init__(app)
        self.source = match
        self.title = title
        self.moves = list(match.moves)
        self.reviewed = review is not None
        self.decisions = list(review or [])
        self.marks = by_number(self.decisions)
        self.totals = coach.summary(self.decisions)
        self.verdict_h = 0
        self.match = replayed(match)  # the table's own: it steps back and forth through it
        self.table: TableScene = app.routes.table(self.match, replay=True)
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
        self.follow = Button(N_("What followed"), self.follow_on, key=pygame.K_SPACE, primary=True)
        self.summary_buttons: list[Button] = []
        self.summary_panel = pygame.Rect(0, 0, 0, 0)
        self.summary_hidden = False  # "Hide" at the end: the table (Grinch's score pad) beneath
        self.rings: list[tuple[str, pygame.Rect]] = []  # ("played"|"better", rect) as last drawn
        self.tags: list[pygame.Rect] = []  # their "Played" and "Better" tags, as last drawn
        self.pointer: tuple[int, int] | None = None
        self.lens: list[tuple[object, pygame.Rect]] = []  # the enlarged hand under the pointer, as last drawn
        self.lens_seat: int | None = None

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
        self.show(index, animate=forward)
        table.stage.summaries.clear()  # no round summaries popping up over a replay
        self.summary_hidden = False

    def show(self, index: int, animate: bool) -> None:
        """Put the game after its first `index` moves on the table (the replay's
        match holds every move).  `animate`: one step forward, staged like the
        game did; otherwise every card snaps into place."""
        table, match = self.table, self.match
        table.finish_animations()
        state = match.seek(index)
        before = match.seek(max(0, index - 1)) if index else state
        match.seek(index)
        table.chronicle.fill(match)
        if animate:
            table.turns.stage_move(before, table.turns.seen_events())
        else:
            table.stage.before = before
            table.finish_animations()

    def step(self, delta: int) -> None:
        self.goto(self.index + delta)

    # -- the review's marks -----------------------------------------------------------------
    def marked(self, number: int) -> Decision | None:
        decision = self.marks.get(number)
        return decision if decision is not None and decision.mark else None

    def at_decision(self) -> Decision | None:
        """The marked decision the table stands before (its move not yet played)."""
        return self.marked(self.index + 1)

    def followed(self) -> Decision | None:
        """The marked decision whose move was just played ("What followed")."""
        return self.marked(self.index)

    def open_mark(self, number: int) -> None:
        """Show marked move `number` at its decision: the state before it."""
        self.goto(number - 1)

    def follow_on(self) -> None:
        """The verdict line's button (and Space): at a decision, play its move
        on as the game did; anywhere else, on to the next marked decision (the
        summary after the last)."""
        if self.at_decision() is not None:
            self.step(1)
        else:
            self.next_marked(1)

    def follow_label(self) -> str:
        """What the verdict line's button does here (see `follow_on`)."""
        if self.at_decision() is not None:
            return N_("What followed")
        if any(d.mark and n - 1 > self.index for n, d in self.marks.items()):
            return N_("Next marked move")
        return N_("To the summary")

    def next_marked(self, delta: int) -> None:
        """Jump to the next (or previous) marked decision, at the decision;
        past the last one, to the end, where the review's summary is."""
        stops = sorted(n - 1 for n, d in self.marks.items() if d.mark)
        if delta > 0:
            ahead = [p for p in stops if p > self.index]
            self.goto(ahead[0] if ahead else self.count)
        else:
            behind = [p for p in stops if p < self.index]
            if behind:
                self.goto(behind[-1])

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
        points: it takes the trick, worth +6') for the decision the table
        stands before, or whose move it just played; ('', '') elsewhere.  The
        seats are said as the table says them (`TableScene.you`): in the
        face-up view nobody is "you"."""
        decision = self.at_decision() or self.followed()
        if decision is None:
            return "", ""
        return decision.mark, verdict.verdict(self.source.game_id, decision, self.table.name, self.table.you)

    def move_text(self) -> tuple[str, str]:
        """('Move 37 of 212', 'Mina played orange 4') for the bar, in the past
        tense like the table's record, and with its "you" (`TableScene.you`);
        at a marked decision the head names the move about to be made."""
        decision = self.at_decision()
        if self.index == 0:
            head = ngettext("Start · {n} move", "Start · {n} moves", self.count).format(n=self.count)
            if decision is not None:
                head = _("Move {n} of {total}, before it is played").format(n=1, total=self.count)
                return head, self.decision_caption(decision)
            return head, _("The cards are dealt.")
        seat, move = self.moves[self.index - 1]
        head = _("Move {n} of {total}").format(n=self.index, total=self.count)
        if decision is not None:  # the caption names the decision the verdict speaks of, not the move before it
            head = _("Move {n} of {total}, before it is played").format(n=self.index + 1, total=self.count)
            return head, self.decision_caption(decision)
        return head, words.move_said(self.source.game_id, seat, move, self.table.name, self.table.you)

    def decision_caption(self, decision: Decision) -> str:
        """'The marked move: Ana played pink 8' (the verdict above says what it cost)."""
        said = verdict.move_said(self.source.game_id, decision, self.table.name, self.table.you)
        return _("The marked move: {said}").format(said=said)

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
        self.verdict_h = self.verdict_height(w) if self.marks else 0  # a reviewed game's verdict, over the controls
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
        # The verdict line's button, at its right end: as wide as its longer label.
        line = self.verdict_line()
        fw = max(widgets.fitting_width(label, ui(15), ui(140), True) for label in self.follow_labels())
        self.follow.rect = pygame.Rect(0, 0, min(fw, line.w // 3), min(line.h, ui(38)) - ui(6))
        self.follow.rect.midright = (line.right - ui(4), line.centery)
        # Under the text lines and the buttons, its marks (centred on it) clear of both.
        self.track = pygame.Rect(ui(14), self.bar.bottom - ui(14), w - ui(28), ui(6))
        self.layout_summary(pygame.Rect(0, 0, w, self.bar.y))

    def verdict_room(self, width: int) -> int:
        """How wide a verdict's lines may be in a window `width` pixels wide:
        the strip but its button (see `resize`)."""
        ui = self.app.ui
        fw = max(widgets.fitting_width(label, ui(15), ui(140), True) for label in self.follow_labels())
        line_w = width - ui(16)
        return line_w - min(fw, line_w // 3) - ui(4) - ui(24)

    def verdict_lines(self, text: str, room: int) -> tuple[list[str], int]:
        """A verdict wrapped into `room`: at VERDICT_SIZE, or BODY_SIZE when that
        saves a line; never smaller (past VERDICT_LINES the last line is cut)."""
        ui = self.app.ui
        best: tuple[list[str], int] | None = None
        for size in (ui(VERDICT_SIZE), ui(BODY_SIZE)):
            lines = widgets.wrap(text, size, room)
            if best is None or len(lines) < len(best[0]):
                best = (lines, size)
        assert best is not None
        lines, size = best
        if len(lines) > VERDICT_LINES:
            rest = " ".join(lines[VERDICT_LINES - 1 :])
            lines = [*lines[: VERDICT_LINES - 1], widgets.fitted(rest, size, room)[0]]
        return lines, size

    def verdict_height(self, width: int) -> int:
        """The verdict strip's height: as many lines as the longest verdict of
        this review takes (so the table does not jump from mark to mark)."""
        ui = self.app.ui
        room = self.verdict_room(width)
        most = widgets.line_height([], ui(VERDICT_SIZE), False)
        for decision in self.marks.values():
            if decision.mark:
                text = verdict.verdict(self.source.game_id, decision, self.table.name, self.table.you)
                lines, size = self.verdict_lines(text, room)
                most = max(most, len(lines) * widgets.line_height(lines, size, False))
        return max(ui(38), most + ui(16))

    def verdict_line(self) -> pygame.Rect:
        """The verdict's strip at the top of the bar."""
        ui = self.app.ui
        return pygame.Rect(ui(8), self.bar.y + ui(4), self.bar.w - ui(16), max(0, self.verdict_h - ui(6)))

    @staticmethod
    def follow_labels() -> tuple[str, str, str]:
        return N_("What followed"), N_("Next marked move"), N_("To the summary")

    # -- frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.table.update(dt)

    def next_frame(self) -> float | None:
        return self.table.next_frame()

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        w, h = surface.get_size()
        area = pygame.Rect(0, 0, w, self.bar.y)
        table_surface = surface.subsurface(area)
        self.table.covered = self.showing_summary()  # the summary is the one panel: no score pad beneath it
        self.table.draw(table_surface)
        self.draw_rings(table_surface)
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
        at_end = self.index == self.count
        if at_end and self.reviewed and not self.summary_hidden:
            self.draw_summary(surface)
        else:
            own_sheet = getattr(self.table, "pad_visible", None)  # Grinch shows its own score pad
            if at_end and self.source.state.is_over and not (own_sheet and own_sheet()):
                self.draw_results(surface, area)
            self.draw_lens(table_surface)
        for button in self.nav:
            button.enabled = (self.index > 0) if button.label in ("«", "‹") else (self.index < self.count)
            button.draw(surface, ui(24))
        self.eye_button.draw(surface, ui(16))
        self.close.draw(surface, ui(18))
        self.draw_track(surface)
        self.draw_review(surface, area)

    def showing_summary(self) -> bool:
        return self.reviewed and self.index == self.count and not self.summary_hidden

    def draw_review(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """A marked decision's verdict on the bar's top line, edged in its
        mark's colour; between marks, how to find them.  At its right end the
        button that goes on: to what followed, or to the next mark."""
        if not self.verdict_h:
            return
        ui = self.app.ui
        mark, text = self.review_text()
        line = self.verdict_line()
        shown = self.follow_shown()
        room = (self.follow.rect.left if shown else line.right) - line.x - ui(24)
        if shown:
            self.follow.label = self.follow_label()
            self.follow.primary = True
        if not text:  # between marked moves: how to find them
            text = _(
                "Review: the timeline marks inaccuracies (yellow) and mistakes (red) · "
                "Page Down: the next one, Page Up: the previous"
            )
            if self.finished:
                text += " · " + _("point at a hand to read it")
            text, size = widgets.fitted(text, ui(15), room)
            self.text_rects.append(blit_text(surface, text, size, MUTED, midleft=(line.x + ui(12), line.centery)))
        else:
            colour = DANGER if mark == MISTAKE else INACCURATE
            draw_panel(surface, line, (24, 34, 28, 250), radius=ui(8), edge=colour, width=2)
            lines, size = self.verdict_lines(text, room)
            line_h = widgets.line_height(lines, size, False)
            if len(lines) * line_h + ui(16) > self.verdict_h:  # (another language or eyes): make room once
                self.resize(self.app.size)
                line = self.verdict_line()
            top = line.centery - len(lines) * line_h // 2
            for i, said in enumerate(lines):
                self.text_rects.append(blit_text(surface, said, size, INK, topleft=(line.x + ui(12), top + i * line_h)))
        if shown:
            self.follow.draw(surface, ui(15))

    def follow_shown(self) -> bool:
        """The verdict line's button shows (and answers) everywhere in a
        reviewed game with marks but at its end, where the summary is."""
        return bool(self.verdict_h) and self.index < self.count and any(d.mark for d in self.marks.values())

    # -- the decision's cards ------------------------------------------------------------------
    def decision_keys(self, decision: Decision) -> tuple[list[Hashable], list[Hashable]]:
        """The sprites of the card(s) played and of the better move, where the
        table shows them (the deciding seat's hand when it is at the bottom)."""
        table = self.table
        module = self.source.module
        out: list[list[Hashable]] = []
        for notation in (decision.chosen, decision.best):
            try:
                keys = list(table.move_keys(module.parse_move(notation)))
            except (ValueError, KeyError, IndexError, TypeError, AttributeError):
                keys = []
            out.append([k for k in keys if k in table.stage.sprites])
        return out[0], out[1]

    def decision_spots(self, decision: Decision) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """Where the move played and the better move show when they are no
        card (a pile, a score row: `TableScene.move_spots`)."""
        module = self.source.module
        out: list[list[pygame.Rect]] = []
        for notation in (decision.chosen, decision.best):
            try:
                out.append(list(self.table.move_spots(module.parse_move(notation))))
            except (ValueError, KeyError, IndexError, TypeError, AttributeError):
                out.append([])
        return out[0], out[1]

    def draw_rings(self, surface: pygame.Surface) -> None:
        """At a marked decision: the played card ringed in its mark's colour
        and tagged "Played", the better one in the hint's dashed blue, "Better"."""
        self.rings, self.tags = [], []
        decision = self.at_decision()
        if decision is None or self.table.stage.busy:
            return
        ui = self.app.ui
        played, better = self.decision_keys(decision)
        played_spots, better_spots = self.decision_spots(decision)
        colour = DANGER if decision.mark == MISTAKE else INACCURATE
        tags: list[tuple[pygame.Rect, str, tuple[int, int, int]]] = []
        for kind, keys, spots, ink, label in (
            ("played", played, played_spots, colour, _("Played")),
            ("better", better, better_spots, BETTER, _("Better")),
        ):
            rects = [r for r in (self.table.stage.drawn_rect(k) for k in keys) if r is not None]
            for k in keys:  # the card whole, above the fan's next card
                self.table.stage.sprites[k].draw(surface, self.app.art)
            rects += spots
            for rect in rects:
                ring = rect.inflate(ui(10), ui(10))
                _ring(surface, ring, ink, max(2, ui(4)), ui(10), dashed=kind == "better")
                self.rings.append((kind, ring))
            if rects:
                top = min(rects, key=lambda r: r.top)
                tag = widgets.text_rect(label, ui(14), True, midbottom=(top.centerx, top.top - ui(8)))
                pill = tag.inflate(ui(14), ui(4))
                for other, _label, _ink in tags:  # two cards side by side: their tags apart
                    if pill.colliderect(other):
                        if pill.centerx >= other.centerx:
                            pill.left = other.right + ui(4)
                        else:
                            pill.right = other.left - ui(4)
                pill.clamp_ip(surface.get_rect())
                tags.append((pill, label, ink))
        for pill, label, ink in tags:
            draw_panel(surface, pill, (16, 24, 20, 235), radius=pill.h // 2, edge=ink, width=2)
            blit_text(surface, label, ui(14), ink, bold=True, center=pill.center)
        self.tags = [pill for pill, _label, _ink in tags]

    # -- hands enlarged under the pointer ------------------------------------------------------
    def lens_width(self) -> int:
        """The width of a card in the lens: its index at least READABLE_INDEX pixels high."""
        return max(LENS_CARD, math.ceil(READABLE_INDEX / INDEX_SHARE), self.app.ui(88))

    def hand_places(self) -> dict[int, list]:
        """Each seat's face-up hand as the table draws it: the opponents' fans
        (`("back", seat, i)`) and the bottom seat's hand along the bottom."""
        table = self.table
        bottom = table.bottom_seat()
        out: dict[int, list] = {}
        for place in table.places():
            if place.card is None:
                continue
            key = place.key
            if isinstance(key, tuple) and len(key) == 3 and key[0] == "back":
                out.setdefault(key[1], []).append(place)
            elif place.z >= 100 and abs(place.pos[1] - table.hand_y) < table.card_w * 0.8:
                out.setdefault(bottom, []).append(place)
        for places in out.values():
            places.sort(key=lambda p: p.z)
        return out

    def hovered_hand(self) -> tuple[int, list] | None:
        """The seat whose hand is under the pointer and drawn too small to
        read (its index under READABLE_INDEX), with its places."""
        if self.pointer is None or self.table.stage.busy:
            return None
        x, y = self.pointer
        for seat, places in self.hand_places().items():
            if not places or places[0].width * INDEX_SHARE >= READABLE_INDEX:
                continue
            box = _box(places).inflate(self.app.ui(8), self.app.ui(8))
            if box.collidepoint(x, y):
                return seat, places
        return None

    def draw_lens(self, surface: pygame.Surface) -> None:
        """The hand under the pointer again, large enough to read, on a panel
        beside it (above a hand in the lower half, below one in the upper)."""
        self.lens, self.lens_seat = [], None
        hovered = self.hovered_hand()
        if hovered is None:
            return
        seat, places = hovered
        ui = self.app.ui
        area = surface.get_rect()
        cw = self.lens_width()
        ch = round(cw * 1.4)
        n = len(places)
        pad = ui(12)
        step = cw * 0.62
        room = area.w - 2 * pad - ui(24)
        if n > 1 and cw + (n - 1) * step > room:
            step = max(cw * 0.3, (room - cw) / (n - 1))
        head = ui(26)
        panel = pygame.Rect(0, 0, round(cw + (n - 1) * step) + 2 * pad, ch + 2 * pad + head)
        box = _box(places)
        panel.centerx = box.centerx
        if box.centery > area.h / 2:
            panel.bottom = box.top - ui(8)
        else:
            panel.top = box.bottom + ui(8)
        panel.clamp_ip(area.inflate(-ui(8), -ui(8)) if panel.w < area.w - ui(16) else area)
        draw_panel(surface, panel, PANEL_FILL, radius=ui(12), edge=ACCENT, width=2)
        name = self.table.name(seat)
        blit_text(surface, name, ui(16), INK, bold=True, topleft=(panel.x + pad, panel.y + ui(6)))
        for i, place in enumerate(places):
            face = self.app.art.face(self.source.game_id, place.card, cw)
            rect = face.get_rect(topleft=(round(panel.x + pad + i * step), panel.y + pad + head))
            surface.blit(face, rect)
            self.lens.append((place.card, rect))
        self.lens_seat = seat

    # -- the end ---------------------------------------------------------------------------------
    def layout_summary(self, area: pygame.Rect) -> None:
        """The summary's panel and buttons over the table (see `draw_summary`)."""
        ui = self.app.ui
        costliest = self.totals.costliest
        w = min(ui(600), area.w - ui(40))
        # no costliest decision to tell: the panel ends after its one line (no empty band above the buttons);
        # with one, as tall as its verdict wrapped at the body size
        h = min(ui(320), area.h - ui(24))
        if costliest is not None:
            said = verdict.verdict(self.source.game_id, costliest, self.table.name, self.table.you)
            lines = widgets.wrap(said, ui(BODY_SIZE), w - ui(48))
            line_h = widgets.line_height(lines, ui(BODY_SIZE), False)
            h = min(ui(318) + len(lines) * line_h + ui(12), area.h - ui(24))
        self.summary_panel = pygame.Rect(0, 0, w, h)
        self.summary_panel.center = area.center
        buttons = []
        if costliest is not None:
            label = _("Show move {n}").format(n=costliest.number)
            buttons.append(Button(label, lambda: self.open_mark(costliest.number)))
        buttons.append(Button(N_("Play this deal again"), self.play_again, key=pygame.K_RETURN, primary=True))
        buttons.append(Button(N_("Hide"), self.hide_summary, key=pygame.K_h))
        bh, gap = ui(40), ui(10)
        widths = [widgets.fitting_width(b.label, ui(16), ui(110), b.primary) for b in buttons]
        scale = min(1.0, (w - ui(40) - gap * (len(buttons) - 1)) / sum(widths))
        x = self.summary_panel.centerx - round(sum(widths) * scale + gap * (len(buttons) - 1)) // 2
        for button, bw in zip(buttons, widths):
            button.rect = pygame.Rect(x, self.summary_panel.bottom - ui(18) - bh, round(bw * scale), bh)
            x += button.rect.w + gap
        self.summary_buttons = buttons

    def play_again(self) -> None:
        """A new game of this deal: the same game, players, seats, seed and options."""
        self.app.routes.table(coach.same_deal(self.source))

    def hide_summary(self) -> None:
        self.summary_hidden = True

    def summary_lines(self) -> list[tuple[str, str]]:
        """The summary's rows: (what, how much)."""
        totals = self.totals
        return [
            (_("Mistakes"), verdict.lost_line(totals.mistakes, totals.lost_in_mistakes)),
            (_("Inaccuracies"), verdict.lost_line(totals.inaccuracies, totals.lost_in_inaccuracies)),
            (_("Decisions weighed"), str(totals.weighed)),
        ]

    def scores_line(self) -> str:
        """'Simran −21 · Mina −22 · …': the final scores, best first."""
        state = self.source.state
        scores = state.scores()
        order = sorted(range(len(scores)), key=lambda s: -scores[s])
        return " · ".join(f"{self.table.name(s)} {scores[s]}" for s in order)

    def draw_summary(self, surface: pygame.Surface) -> None:
        """The review's end: how the game went, the points lost in mistakes
        and in inaccuracies, the costliest decision, and what to do next."""
        ui = self.app.ui
        panel = self.summary_panel
        inner = panel.w - ui(48)
        # the table beneath (Grinch's score pad, taller than the panel) dimmed, so no half-hidden words compete
        surface.blit(widgets.panel((surface.get_width(), self.bar.y), SCRIM, radius=0, edge=None), (0, 0))
        draw_panel(surface, panel, PANEL_FILL, radius=ui(18), edge=ACCENT, width=2)
        title = _("The review")
        y = blit_text(surface, title, ui(26), INK, bold=True, midtop=(panel.centerx, panel.y + ui(16))).bottom
        if self.source.state.is_over:
            for line, colour in ((self.result_text(), ACCENT), (self.scores_line(), MUTED)):
                text, size = widgets.fitted(line, ui(16), inner)
                y = blit_text(surface, text, size, colour, midtop=(panel.centerx, y + ui(4))).bottom
        y += ui(10)
        left, right = panel.x + ui(24), panel.right - ui(24)
        for what, value in self.summary_lines():
            pygame.draw.line(surface, PANEL_EDGE, (left, y), (right, y))
            blit_text(surface, what, ui(18), INK, midleft=(left, y + ui(17)))
            blit_text(surface, value, ui(18), INK, bold=True, midright=(right, y + ui(17)))
            y += ui(34)
        pygame.draw.line(surface, PANEL_EDGE, (left, y), (right, y))
        costliest = self.totals.costliest
        y += ui(10)
        if costliest is None:
            line = _("No mistakes and no inaccuracies: well played.")
            text, size = widgets.fitted(line, ui(17), inner)
            blit_text(surface, text, size, INK, midtop=(panel.centerx, y))
        else:
            head = _("The costliest decision: move {n}").format(n=costliest.number)
            blit_text(surface, head, ui(17), ACCENT, bold=True, topleft=(left, y))
            said = verdict.verdict(self.source.game_id, costliest, self.table.name, self.table.you)
            room = pygame.Rect(left, y + ui(24), inner, max(ui(20), self.summary_buttons[0].rect.top - y - ui(32)))
            widgets.draw_wrapped(surface, said, ui(BODY_SIZE), INK, room, smallest=ui(BODY_SIZE))
        for button in self.summary_buttons:
            button.draw(surface, ui(16))

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
                    colour = DANGER if decision.mark == MISTAKE else INACCURATE
                    tick = pygame.Rect(0, 0, max(2, track.h // 2), self.tick_h())
                    tick.center = (self.tick_x(number), track.centery)
                    pygame.draw.rect(surface, colour, tick)

    def tick_x(self, number: int) -> int:
        """Where marked move `number` sits on the track: at its decision."""
        return self.track.x + round(self.track.w * (number - 1) / max(1, self.count))

    def tick_h(self) -> int:
        """A review mark's height on the track (centred on it)."""
        return self.track.h * 2 + self.app.ui(2)

    def track_area(self) -> pygame.Rect:
        """The track with its marks and knob: what no text may run into."""
        return self.track.inflate(self.track.h * 2, max(self.tick_h(), self.track.h * 2) - self.track.h)

    def keeps_key(self, event: pygame.event.Event) -> bool:
        """Left and Right step through the game rather than move the keyboard focus."""
        return event.key in (pygame.K_LEFT, pygame.K_RIGHT)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if self.showing_summary() and widgets.handle_all(self.summary_buttons, event):
            return True
        if self.follow_shown() and self.follow.handle(event):
            return True
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
                self.click_track(event.pos[0])
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.step(-event.y)
            return True
        return True

    def click_track(self, x: int) -> None:
        """A click on a mark (or near it) opens that decision; elsewhere, that moment of the game."""
        near = [
            (abs(self.tick_x(n) - x), n)
            for n, d in self.marks.items()
            if d.mark and abs(self.tick_x(n) - x) <= self.app.ui(6)
        ]
        if near:
            self.open_mark(min(near)[1])
            return
        self.goto(round((x - self.track.x) / self.track.w * self.count))


def _box(places: list) -> pygame.Rect:
    """The rectangle a row of card places covers."""
    rects = []
    for place in places:
        r = pygame.Rect(0, 0, place.width, round(place.width * 1.4))
        r.center = (round(place.pos[0]), round(place.pos[1]))
        rects.append(r)
    return rects[0].unionall(rects[1:])


def _ring(surface: pygame.Surface, rect: pygame.Rect, colour, width: int, radius: int, dashed: bool) -> None:
    """A frame round a card: solid, or dashed (the hint's shape, so the two
    rings differ in shape and word, not in colour alone)."""
    if not dashed:
        pygame.draw.rect(surface, colour, rect, width, border_radius=radius)
        return
    clip = surface.get_clip()
    corner = radius + width
    for x, y in (
        (rect.left, rect.top),
        (rect.right - corner, rect.top),
        (rect.left, rect.bottom - corner),
        (rect.right - corner, rect.bottom - corner),
    ):
        surface.set_clip(pygame.Rect(x, y, corner, corner).clip(clip))
        pygame.draw.rect(surface, colour, rect, width, border_radius=radius)
    surface.set_clip(clip)
    dash = max(6, rect.w // 7)
    for x in range(rect.left + corner + dash // 2, rect.right - corner - dash // 2, 2 * dash):
        end = min(x + dash, rect.right - corner)
        surface.fill(colour, (x, rect.top, end - x, width))
        surface.fill(colour, (x, rect.bottom - width, end - x, width))
    for y in range(rect.top + corner + dash // 2, rect.bottom - corner - dash // 2, 2 * dash):
        end = min(y + dash, rect.bottom - corner)
        surface.fill(colour, (rect.left, y, width, end - y))
        surface.fill(colour, (rect.right - width, y, width, end - y))
