"""A guided game at the real table: the game's own table, conducted by a
`LessonMode` and shown by a `LessonScene` that wraps it, so clicks, keys,
staging and drawing are the table's own and only the gate, the computers
and the overlay differ.

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

import re
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import pygame

from game.app.learn.guide import Guide, ScriptedAgent
from game.app.learn.placement import arrow, cost, place_caption
from game.app.learn.scripts import HUMAN, script_for
from game.app.shell.scene import Scene
from game.app.table import table_for
from game.app.table.base import TableScene, Target
from game.app.table.mode import TableMode
from game.app.ui import focus, widgets
from game.app.ui.widgets import ACCENT, INK, MUTED, blit_text, draw_panel
from game.app.words import names
from game.common.language import language
from game.i18n import N_, _
from game.match.match import Match, Seat

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface
    from game.app.ui.widgets import Button

AUTOPLAY_WAIT = 1.5  # seconds before autoplay clicks (at normal speed), plus time to read:
READ_SPEED = 16.0  # characters of caption a second
NEXT_CLICK = 0.7  # a step's later clicks (the second card of a set, then Play)
CAPTION_FILL = (20, 28, 25)  # opaque: nothing of the table shows through the words
VEIL = (0, 0, 0, 120)
CAPTION_WIDTHS = (
    470,
    600,
    380,
    320,
    260,
)  # logical units: the usual, a wider (shorter) one, then narrower (taller) for a crowded table
ARROW = 14  # the caption's arrow: half its base, and its least length (logical units)
HAND_Z = 100  # the tables draw the hand's cards from this layer up


def kind(move: Any | None) -> str | None:
    """A move's kind ("play", "draw", ...), None for no move."""
    return getattr(move, "kind", None)


def names_card(text: str, game_id: str, card: Any) -> bool:
    """Does `text` name `card` (as the game says it: "yellow 6", "Wreath 1", "8")?"""
    said = names.card_name(game_id, card)
    return bool(said) and re.search(r"(?<!\w)" + re.escape(said) + r"(?!\w)", text) is not None


def lesson_match(game_id: str) -> Match:
    """The script's game as a match: its seats, its deal."""
    script = script_for(game_id)
    seats = [Seat(_("You"), True), *(Seat(name, False, "normal") for name in script.names)]
    options: dict[str, Any] = {**script.options, "hands": [list(h) for h in script.hands]}
    if script.pile is not None:
        options["pile"] = list(script.pile)
    return Match(game_id, seats, 1, script.start, options)


class LessonMode(TableMode):
    """The lesson's say at the table's decision points (see `TableMode`)."""

    def __init__(self, table: TableScene, guide: Guide, autoplay: bool) -> None:
        self.table = table
        self.guide = guide
        self.autoplay = autoplay
        self.autoplay_wait = 0.0
        self.over = False

    def played(self) -> int:
        return self.table.match.position

    # -- the gate ----------------------------------------------------------------
    def refusal(self, move: Any | None, select: Hashable | None) -> str | None:
        table = self.table
        if self.guide.allows(self.played(), move, select, table.selection):
            return None
        return self.guide.instead(self.played(), table.name, table.selection)

    def allows(self, target: Target) -> bool:
        return self.guide.allows(self.played(), target.move, target.select, self.table.selection)

    def prefers(self, target: Target) -> bool:
        """Avalanche's Enter on a card: one the step still wants is selected."""
        return self.allows(target)

    def wants_card(self, key: Hashable) -> bool:
        """A card this step does not want looks like one the rules forbid: dimmed, never lifted."""
        return not self.guide_on() or self.guide.wants_card(self.played(), key, self.table.selection)

    def guide_on(self) -> bool:
        """The learner's step is due (cards may still be moving)."""
        return self.table.viewer_acts() and self.guide.wanted(self.played()) is not None

    def waiting(self) -> bool:
        """The learner's step is due and the table is still: the overlay shows."""
        return not self.table.stage.busy and self.guide_on()

    # -- what the lesson leaves out ------------------------------------------------
    def buttons(self, buttons: list[Button]) -> list[Button]:
        kept = [b for b in buttons if b.label not in ("Hint", "Undo")]
        for button in kept:
            if button.label == "Menu":
                button.label = N_("Leave")
        return kept

    def leave(self) -> bool:
        """Esc and Leave: back to the title, the lesson forgotten."""
        self.table.app.routes.title()
        return True

    def results(self) -> bool:
        """The end is `drive`'s (the lesson's own screen), not the results."""
        return True

    def summary_wait(self, demo_wait: float | None) -> float | None:
        return max(0.3, self.table.speed(4.0)) if self.autoplay else None

    # -- the turn flow ---------------------------------------------------------------
    def status(self, text: str) -> str:
        """The lesson says its own length (its steps): the game's round count goes."""
        return self.guide.status(text, self.table.shown())

    def summary(self) -> bool:
        """The script's last move ended the round: the lesson's end box
        instead of the round summary, over the round as it ended (nothing of
        a next round is dealt behind it)."""
        if not self.guide.finished(self.played()):
            return False
        self.end()
        return True

    def end(self) -> None:
        """The lesson's end box, once, saying how the game went."""
        if self.over:
            return
        self.over = True
        table = self.table
        done = table.app.routes.learned(table.GAME)
        state = table.match.state
        names = [table.name(seat) for seat in range(table.num_players)]
        done.tell(list(state.scores()), names, self.guide.outcome(state), whole=state.is_over)

    def drive(self, dt: float) -> bool:
        table = self.table
        if self.guide.finished(self.played()) and not table.stage.summaries:
            self.end()
            return True
        if self.autoplay and self.waiting():
            self.autoplay_wait += dt
            if self.autoplay_wait >= self.reading_time():
                self.autoplay_wait = 0.0
                targets = self.targets()
                if targets:
                    table.input.act(targets[0])
            return True
        return False

    def drive_due(self) -> list[float] | None:
        if self.autoplay and self.waiting():
            return [max(0.0, self.reading_time() - self.autoplay_wait)]
        if self.guide.finished(self.played()) and not self.over:
            return [0.0]
        return None

    def reading_time(self) -> float:
        """How long autoplay lets the caption be read before it clicks."""
        table = self.table
        if table.selection:
            return table.speed(NEXT_CLICK)
        caption = self.guide.caption(self.played(), table.view)
        return table.speed(AUTOPLAY_WAIT + len(caption) / READ_SPEED)

    def targets(self) -> list[Target]:
        """The targets this step lets through, in the table's order."""
        return [t for t in self.table.targets() if self.allows(t)]


class LessonScene(Scene):
    """The guided game on the screen: the game's own table under the
    lesson's overlay (a veil with holes, a caption pointing at the step)."""

    def __init__(self, app: AppSurface, table: TableScene, mode: LessonMode) -> None:
        super().__init__(app)
        self.table = table
        self.mode = mode
        self.guide = mode.guide
        self.focus_start_group = table.focus_start_group
        self._layout: tuple[object, pygame.Rect, list[tuple[str, int, Any, bool]]] | None = None

    # -- the table's own, shown by this screen ------------------------------------------
    def enter(self) -> None:
        self.table.enter()

    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)

    def update(self, dt: float) -> None:
        self.table.update(dt)

    def next_frame(self) -> float | None:
        return self.table.next_frame()

    def handle(self, event: Any) -> bool:
        return self.table.handle(event)

    def focus_items(self) -> list[focus.Focusable]:
        return self.table.focus_items()

    def focus_changed(self) -> None:
        self.table.focus_changed()

    @property
    def buttons(self) -> list[Button]:
        return self.table.buttons

    def waiting(self) -> bool:
        return self.mode.waiting()

    def lesson_targets(self) -> list[Target]:
        return self.mode.targets()

    # -- the overlay --------------------------------------------------------------------
    def spot_rects(self) -> list[pygame.Rect]:
        """Where the step's targets are drawn now (a lifted card where it shows)."""
        stage = self.table.stage
        return [stage.drawn_rect(t.key) or t.rect for t in self.lesson_targets()]

    def chosen_rects(self) -> list[pygame.Rect]:
        """Where the cards chosen so far for this step are drawn."""
        stage = self.table.stage
        return [r for r in (stage.drawn_rect(key) for key in self.table.selection) if r is not None]

    def caption_lines(self) -> tuple[str, list[str], str]:
        table = self.table
        played = self.mode.played()
        number, total = self.guide.number(played)
        return (
            _("Step {n} of {total}").format(n=number, total=total),
            [self.guide.caption(played, table.view)],
            self.guide.how(played, table.name, table.selection),
        )

    def caption_layout(self) -> tuple[pygame.Rect, pygame.Rect | None, list[tuple[str, int, Any, bool]]]:
        """(the caption's box, the rect it points at, its lines as (text, size, colour, bold)).
        The first width of `CAPTION_WIDTHS` whose caption (and its arrow)
        covers nothing of `caption_avoids` wins; where every side is crowded,
        the one that covers least, tier by tier."""
        ui = self.app.ui
        w, h = self.table.size
        spots = self.spot_rects()
        target = spots[0].unionall(spots[1:]).inflate(ui(12), ui(12)) if spots else None
        top = ui(52)  # never over the status line, where a wrong click's answer shows
        window = pygame.Rect(ui(8), top, w - 2 * ui(8), h - top - ui(8))
        avoid = self.caption_avoids()
        # everything the layout follows: worked out again only when one of them changed
        # (it weighs a few hundred spots; a frame draws it and a test checks it again)
        key = (
            self.app.scale,
            (w, h),
            tuple(tuple(s) for s in spots),
            tuple(tuple(tuple(r) for r in tier) for tier in avoid),
            self.caption_lines(),
            language(),
        )
        if self._layout is not None and self._layout[0] == key:
            return self._layout[1].copy(), target, list(self._layout[2])
        best = None
        for width in dict.fromkeys(min(ui(n), w - 2 * ui(12)) for n in CAPTION_WIDTHS):
            lines = self.caption_text(width)
            height = 2 * ui(14) + sum(round(size * 1.4) for _t, size, _c, _b in lines)
            box = place_caption((width, height), target, window, ui(22), avoid, ui(ARROW))
            covered = cost(box, avoid, target, ui(ARROW))
            if best is None or covered < best[0]:
                best = (covered, box, lines)
            if not any(covered):
                break
        assert best is not None
        self._layout = (key, best[1].copy(), list(best[2]))
        return best[1], target, best[2]

    def caption_avoids(self) -> list[list[pygame.Rect]]:
        """What the caption keeps off, most important first: the status line
        (a wrong click's answer shows there); what the step points at besides
        its target (`caption_keeps`), then the cards its words name
        (`caption_names`); the words on the table the steps talk
        about (the turn line, the piles' labels, the next-play chips); then
        the buttons, everything else to click, every card, the seats."""
        table = self.table
        line = table.log.line_words()
        words = [*([line] if line else []), *table.label_rects()]
        others = [t.rect for t in table.targets() if not self.mode.allows(t)]
        cards = [sprite.rect() for sprite in table.stage.sprites.values()]
        rest = [*(b.rect for b in table.buttons if b.rect.w), *others, *cards, *(spot.panel for spot in table.spots)]
        return [[table.status_line.shown()[0]], self.caption_keeps(), self.caption_names(), words, rest]

    def caption_names(self) -> list[pygame.Rect]:
        """The cards on the table the caption's words name (the trick's
        "yellow 6", Ana's "8"): kept clear right after `caption_keeps`."""
        table = self.table
        caption = self.guide.caption(self.mode.played(), table.view)
        keys = [p.key for p in table.places() if p.card is not None and names_card(caption, table.GAME, p.card)]
        return [r for r in (table.stage.drawn_rect(key) for key in keys) if r is not None]

    def caption_keeps(self) -> list[pygame.Rect]:
        """What a caption must never cover, besides its target: the cards
        chosen for the step, the learner's hand (the cards a caption names,
        the card just drawn) and the controls that are not cards and lead to
        this kind of move (the Play button a caption names, the score pad's
        other rows; the open pad)."""
        table = self.table
        stage = table.stage
        hand = {str(card) for card in table.view.hand(HUMAN)}
        held = [p.key for p in table.places() if p.card is not None and p.z >= HAND_Z and str(p.card) in hand]
        rects = [r for r in (stage.drawn_rect(key) for key in held) if r is not None]
        wanted = kind(self.guide.wanted(self.mode.played()))
        controls = [
            t.rect
            for t in table.targets()
            if t.key not in stage.sprites and not self.mode.allows(t) and (t.move is None or kind(t.move) == wanted)
        ]
        return [*self.chosen_rects(), *rects, *controls]

    def caption_text(self, width: int) -> list[tuple[str, int, Any, bool]]:
        """The caption's lines wrapped to `width`: step number, rule, what to click."""
        ui = self.app.ui
        room = width - 2 * ui(14)
        head, body, how = self.caption_lines()
        lines: list[tuple[str, int, Any, bool]] = [(head, ui(14), MUTED, False)]
        for text in body:
            lines += [(line, ui(18), INK, False) for line in widgets.wrap(text, ui(18), room)]
        lines += [(line, ui(16), ACCENT, True) for line in widgets.wrap(how, ui(16), room, True)]
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        if self.waiting():
            self.draw_lesson(surface)

    def draw_lesson(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        spots = [r.inflate(ui(12), ui(12)) for r in self.spot_rects()]
        veil = pygame.Surface(self.table.size, pygame.SRCALPHA)
        veil.fill(VEIL)
        for rect in [*spots, *self.chosen_rects(), *(b.rect for b in self.table.buttons if b.rect.w)]:
            veil.fill((0, 0, 0, 0), rect)
        surface.blit(veil, (0, 0))
        for rect in spots:
            pygame.draw.rect(surface, ACCENT, rect, max(2, ui(3)), border_radius=ui(10))
        box, target, lines = self.caption_layout()
        draw_panel(surface, box, CAPTION_FILL, radius=ui(14), edge=ACCENT, width=max(1, ui(2)))
        if target is not None:
            draw_arrow(surface, box, target, ui(ARROW), max(2, ui(4)))
        y = box.y + ui(14)
        for text, size, colour, bold in lines:
            blit_text(surface, text, size, colour, bold, topleft=(box.x + ui(14), y))
            y += round(size * 1.4)


def draw_arrow(surface: pygame.Surface, box: pygame.Rect, target: pygame.Rect, length: int, line: int) -> None:
    """The caption's pointer: a triangle next to the target; from a caption
    set farther out, a line with the triangle's head at its end (a long
    wedge would hide more of the table than the line needs)."""
    side0, tip, side1 = arrow(box, target, length)
    base = ((side0[0] + side1[0]) // 2, (side0[1] + side1[1]) // 2)
    reach = abs(tip[0] - base[0]) + abs(tip[1] - base[1])
    if reach <= 2 * length:
        pygame.draw.polygon(surface, ACCENT, [side0, tip, side1])
        return
    ux, uy = (tip[0] - base[0]) / reach, (tip[1] - base[1]) / reach  # along the arrow
    neck = (round(tip[0] - ux * length), round(tip[1] - uy * length))
    pygame.draw.line(surface, ACCENT, base, neck, line)
    wing = (round(-uy * length * 0.8), round(ux * length * 0.8))
    pygame.draw.polygon(
        surface, ACCENT, [(neck[0] + wing[0], neck[1] + wing[1]), tip, (neck[0] - wing[0], neck[1] - wing[1])]
    )


def guided_table(app: AppSurface, game_id: str, *, autoplay: bool = False) -> LessonScene:
    """The guided game of `game_id` from its first move: the game's own table
    in a lesson's mode, nothing kept, the computers playing the script."""
    script = script_for(game_id)  # a ValueError that says so for a game without a guided game
    table = table_for(app, lesson_match(game_id))
    guide = Guide(script)
    mode = LessonMode(table, guide, autoplay)
    scene = LessonScene(app, table, mode)
    table.mode, table.holder = mode, scene
    table.session.keeps = False  # a lesson is never saved: no autosave, no history, no statistics
    table.session.agents = {seat: ScriptedAgent(guide, mode.played) for seat in table.session.agents}
    assert table.viewer == HUMAN
    return scene
