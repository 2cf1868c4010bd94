"""The chat at a network table (`ChatBar`, held by `remote.NetworkMode`): the
newest lines a while under the Chat button (the "peek"), and on T or a click
the open panel with the lines, the quick phrases and a line to type in.

Both find a place of their own on the felt, clear of the seats, the cards, the
hand and the felt's words and drawings (`TableScene.felt_rects`); the open
panel takes a smaller shape where the whole one has no room, and keeps its spot
while open.  Lines go out through the client; every window says a quick phrase
in its own language."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.app.table import layout
from game.app.ui import widgets
from game.app.ui.text_input import TextField
from game.app.ui.widgets import ACCENT, INK, MUTED, Button, blit_text, draw_panel
from game.app.words import chat_words
from game.app.words.chat_words import CHAT_LEN, QUICK_PHRASES
from game.common.person_name import say_name
from game.i18n import N_, _
from game.net import words as net_words
from game.net.authority import WATCHING

if TYPE_CHECKING:
    from game.app.table.remote import NetworkMode

__all__ = ["CHAT_KEY", "ChatBar", "newest_rows"]

CHAT_SHOWN = 4  # chat lines shown in the open chat (fewer if the window is too low for them)
CHAT_FEWEST = 3  # lines the open chat shows at least (a short panel where the whole one has no room)
#: The widths (at 100 %) of the short open chats, tried in turn where the whole one has no room.
SHORT = (420, 380, 340, 300, 260)
CHAT_PEEK = 3  # the newest lines shown a while under the closed chat's button
CHAT_TIME = 20.0  # seconds a chat line stays on the table (the open chat shows them longer)
CHAT_KEY = pygame.K_t  # T for talk: opens the chat line


class ChatBar:
    """The chat at a network table: the last few lines, and on T (or the Chat
    button) a text field and the quick phrases, each said in this window's language."""

    def __init__(self, mode: NetworkMode) -> None:
        self.mode = mode
        self.open = False
        self._swallow: str | None = None  # the text of the key that opened the chat, not to be typed
        self.field = TextField(max_len=CHAT_LEN, on_submit=self.send_text, on_cancel=self.close)
        self.lines: list[tuple[float, str]] = []  # (when it arrived, the line in words)
        self.button = Button(N_("Chat"), self.toggle)
        self.quick = [Button(text, self.sender(code)) for code, text in QUICK_PHRASES.items()]
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.peek = pygame.Rect(0, 0, 0, 0)  # where the closed chat's newest lines show
        self.peek_rows = CHAT_PEEK  # rows the peek has room for
        self.room = 0  # how wide the closed chat's lines may be
        self.shown_rows = CHAT_SHOWN  # chat lines the open panel has room for
        self.kind = "whole"  # the open panel's shape: "whole", "stacked" or "short" (see `place_panel`)
        self.phrasing = False  # (a short panel) the quick phrases show now, in place of the lines
        self.phrases = Button(N_("Phrases"), self.toggle_phrases)
        self._open_at: Any = None  # the table's layout the open panel was placed for (it keeps its spot)
        self.fallback = False  # nowhere was clear for the open panel: it lies over the opponents' cards
        self._where: tuple[Any, bool] = (None, True)  # (the layout it was worked out for)
        self._rows: tuple[Any, list[str]] = (None, [])
        self._peek: tuple[Any, list[str]] = (None, [])
        self.read = 0  # chat messages of the client already turned into lines

    # -- what arrives ---------------------------------------------------------
    def take(self, clock: float) -> bool:
        """Lines that arrived since the last frame; True if any did."""
        chat = self.mode.primary.seat.chat  # every seat's client hears every line: read one of them
        new = chat[self.read :]
        self.read = len(chat)
        for line in new:
            notice = net_words.say_notice(line.phrase) if line.seat is None else None
            if notice is not None:  # the host's own word ("the table is not being saved"): no speaker
                self.lines.append((clock, notice))
                continue
            said = chat_words.line_text(line)
            if not said:
                continue
            who = say_name(line.name) if line.seat == WATCHING and line.name else self.speaker(line.seat)
            self.lines.append((clock, _("{name}: {text}").format(name=who, text=said)))
        del self.lines[:-CHAT_SHOWN]
        return bool(new)

    def speaker(self, seat: int | None) -> str:
        """Who said a line: by the name the host knows now (the table's names are its shown view's)."""
        table = self.mode.table
        if seat is None or not 0 <= seat < table.num_players:
            return "?"
        now = self.mode.primary.seat.names
        return now[seat] if seat < len(now) and now[seat] else table.name(seat)

    def shown(self, clock: float) -> list[str]:
        return [line for at, line in self.lines if self.open or clock - at < CHAT_TIME]

    def due(self, clock: float) -> float | None:
        """When the oldest line shown leaves the table."""
        if self.open:
            return self.field.next_frame()
        left = [at + CHAT_TIME - clock for at, _line in self.lines if clock - at < CHAT_TIME]
        return min(left) if left else None

    # -- what is sent ---------------------------------------------------------
    def send_text(self, text: str) -> None:
        """Enter: the line is sent and the chat stays open for the next (Enter on an empty line closes it)."""
        text = " ".join(text.split())[:CHAT_LEN]
        self.field.text = ""
        if text:
            self.send(text, None)
        else:
            self.close()

    def sender(self, code: str) -> Callable[[], None]:
        return lambda: self.send_phrase(code)

    def send_phrase(self, code: str) -> None:
        self.phrasing = False  # (a short panel shows its lines again: the phrase said among them)
        self.send(str(QUICK_PHRASES[code]), code)  # the English as its text, the code to say it in each language

    def toggle_phrases(self) -> None:
        self.phrasing = self.phrases.selected = not self.phrasing

    def send(self, text: str, phrase: str | None) -> None:
        try:
            self.mode.client.say(text, phrase)
        except RuntimeError:
            self.mode.table.refuse(_("Reconnecting…"))

    def toggle(self) -> None:
        self._swallow = None
        if self.open:
            self.close()
        else:
            self.open = self.button.selected = True
            self.phrasing = self.phrases.selected = False
            self._open_at = None  # placed afresh as it opens
            self.mode.table.app.sound.play("click")
            self.field.focus()

    def close(self) -> None:
        self.open = self.button.selected = False
        self.field.blur()

    # -- layout and drawing -----------------------------------------------------
    def place(self) -> None:
        """Where the chat goes: the closed chat's newest lines (`peek`) at the right edge's
        first spot clear of the seats, the cards and the felt's words and drawings; the open
        panel (`place_panel`) clear of all that and of the hand too."""
        table = self.mode.table
        ui = table.app.ui
        w = table.size[0]
        mark = self.mode.watch_mark.rect  # "Watching: Eve" under the buttons: the chat goes under it
        status = table.status_line.shown()[0]
        panels = tuple(tuple(s.panel) for s in table.spots)
        cards = [layout.turned(s.rect(), s.place.angle) for s in table.stage.sprites.values()]  # where each will lie
        words = [*table.label_rects(), *table.felt_rects()]  # (and the slots, badges and the like drawn on the felt)
        frame = (table.size, ui(100), self.button.rect.topleft, tuple(status), mark.bottom, mark.w, panels)
        width = min(ui(390), w - ui(24))
        top = max(self.button.rect.bottom, ui(44), mark.bottom if mark.w else 0) + ui(8)
        if status.right + ui(6) > w - ui(12) - width and status.bottom + ui(6) > top:  # (a hint on four lines)
            top = status.bottom + ui(6)
        floor = table.log.line_rect().top - ui(24)  # the turn line (with room for its second line) and the hand
        taken = [s.panel for s in table.spots] + [status]
        if self.open:
            self.place_panel(frame, top, floor, taken, [*cards, *words])
        key = (*frame, tuple(tuple(r) for r in [*cards, *words]))
        if self._where[0] == key:
            return
        self._where = (key, True)
        self.peek, self.peek_rows = self.peek_spot(top, floor, width, taken, [*cards, *words])
        self.room = self.peek.w

    def place_panel(self, frame: Any, top: int, floor: int, taken: list[pygame.Rect], felt: list[pygame.Rect]) -> None:
        """The open panel's spot and shape (`kind`), worked out as it opens and again only
        when the table's frame (its size, the seats, the status line) changes or a card or
        word comes to lie under it: it does not follow the cards about.

        It goes where it covers no seat's panel, the status line, the buttons, the turn
        line or the hand under it (`floor`), nothing that may be clicked, no card, word or
        drawing on the felt (`felt`) and, if it can, not the table's middle where the cards
        are played (`middle`); the rightmost such spot (the right edge under the Chat button
        first), and at that the highest.  Its shapes, tried in turn: the whole panel (four
        chat lines, then three, over the quick phrases in two columns and the line to type
        in); a lower one ("stacked": three lines, the phrases in rows as wide as their
        words, the line to type in); a short one ("short": three or four lines and the line
        to type in beside a Phrases button, a click on which shows the phrases in the
        lines' place), each narrower in turn.  Where not even the narrowest short one is
        clear (no table of the three games at 2-6 seats, 1024x600 to 1920x1080, needs it),
        it lies at the right edge over the opponents' cards and the felt's drawings, still
        clear of the seats, the hand and anything that may be clicked (`fallback`)."""
        table = self.mode.table
        ui = table.app.ui
        w = table.size[0]
        if self._open_at == frame and (self.fallback or self.panel.collidelist(felt) < 0):
            return
        self._open_at = frame
        hard = [*taken, *(b.rect for b in table.buttons), self.mode.watch_mark.rect]
        kept = [*hard, *(t.rect for t in table.targets())]
        clear = [*kept, *felt]
        middle = [*clear, self.middle()]
        full = min(ui(390), w - ui(24))
        rows_room = ui(14) + ui(8) + ((len(self.quick) + 1) // 2) * ui(36) + ui(42) + ui(10)
        whole = [("whole", full, rows_room + n * ui(20), n) for n in range(CHAT_SHOWN, CHAT_FEWEST - 1, -1)]
        widths = sorted({min(ui(n), w - ui(24)) for n in SHORT}, reverse=True)
        stacked = [("stacked", wide, self.stacked_height(wide), CHAT_FEWEST) for wide in widths]
        short = [("short", wide, *self.short_area(wide)) for wide in widths]
        right = w - ui(12)
        passes = [  # (the shapes, what they must not cover, anywhere or at the right edge only)
            (whole, middle, True),
            (whole, clear, False),  # (where the whole panel used to go, if nothing lies there now)
            (stacked, middle, True),
            (short, middle, True),
            (stacked, clear, True),
            (short, clear, True),
        ]
        found = None
        for shapes, taken_now, anywhere in passes:
            for kind, wide, high, rows in shapes:
                if anywhere:
                    spot = layout.felt_spot(right, top, floor, (wide, high), taken_now, ui(6))
                else:
                    spot = layout.edge_spot(right, top, floor, [(wide, high)], taken_now, ui(6), ui(4))
                if spot is not None:
                    found = (spot, kind, rows)
                    break
            if found:
                break
        self.fallback = found is None
        if found is None:  # nowhere clear: the widest short panel at the right edge, over the opponents' cards
            _kind, wide, high, rows = short[0]
            spot = layout.edge_spot(right, top, floor, [(wide, high)], kept, ui(6), ui(4))
            found = (spot or pygame.Rect(right - wide, top, wide, high), "short", rows)
        self.panel, self.kind, self.shown_rows = found
        self.phrasing = self.phrases.selected = False
        self.lay_out_panel()

    def middle(self) -> pygame.Rect:
        """The table's middle, where the cards are played: around the points between each
        seat and the centre (`SeatSpot.toward`), a card's width further each side."""
        table = self.mode.table
        points = [s.toward for s in table.spots]
        xs, ys = [x for x, _y in points], [y for _x, y in points]
        cw = table.card_w
        return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).inflate(2 * cw, cw)

    def lay_out_panel(self) -> None:
        """The open panel's quick phrases, its line to type in and (short) its Phrases button."""
        ui = self.mode.table.app.ui
        panel = self.panel
        inner = panel.w - ui(16)
        self.phrases.rect = pygame.Rect(0, 0, 0, 0)
        if self.kind == "whole":
            y = panel.y + ui(14) + self.shown_rows * ui(20) + ui(8)
            bw = (inner - ui(6)) // 2
            for i, button in enumerate(self.quick):
                button.rect = pygame.Rect(panel.x + ui(8) + (i % 2) * (bw + ui(6)), y + (i // 2) * ui(36), bw, ui(30))
            self.field.rect = pygame.Rect(panel.x + ui(8), panel.bottom - ui(10) - ui(34), inner, ui(34))
            return
        row = pygame.Rect(panel.x + ui(8), panel.bottom - ui(8) - ui(32), inner, ui(32))
        self.field.rect = row
        top = panel.y + ui(10)
        if self.kind == "stacked":  # the phrases under the lines
            top += self.shown_rows * ui(20) + ui(6)
        else:  # the phrases in the lines' place, on a click of Phrases beside the line to type in
            tw = min(widgets.fitting_width(self.phrases.label, ui(14), ui(96)), inner // 3)
            self.phrases.rect = pygame.Rect(row.right - tw, row.y, tw, row.h)
            self.field.rect = pygame.Rect(row.x, row.y, row.w - tw - ui(6), row.h)
        for line in self.phrase_rows(panel.w):  # each row's buttons share its width out, as wide as their words
            spare = inner - sum(wide for _b, wide in line) - (len(line) - 1) * ui(6)
            x = panel.x + ui(8)
            for i, (button, wide) in enumerate(line):
                wide += spare // len(line) + (1 if i < spare % len(line) else 0)
                button.rect = pygame.Rect(x, top, wide, ui(26))
                x += wide + ui(6)
            top += ui(31)

    @property
    def compact(self) -> bool:
        """The open panel is short: its quick phrases show in its lines' place, on a click."""
        return self.kind == "short"

    def stacked_height(self, width: int) -> int:
        """A stacked panel's height at `width`: three chat lines, the phrases' rows, the line to type in."""
        ui = self.mode.table.app.ui
        return ui(10) + CHAT_FEWEST * ui(20) + ui(6) + len(self.phrase_rows(width)) * ui(31) + ui(4) + ui(32) + ui(8)

    def phrase_rows(self, width: int) -> list[list[tuple[Button, int]]]:
        """The quick phrases' buttons on a stacked or short panel `width` wide, in rows in their order
        (each with the width its words want), as many on a row as fit."""
        ui = self.mode.table.app.ui
        room = width - ui(16)
        rows: list[list[tuple[Button, int]]] = [[]]
        used = 0
        for button in self.quick:
            wide = min(room, widgets.fonts.size(_(button.label), ui(14))[0] + ui(20))
            if rows[-1] and used + ui(6) + wide > room:
                rows.append([])
                used = 0
            used += (ui(6) if rows[-1] else 0) + wide
            rows[-1].append((button, wide))
        return rows

    def short_area(self, width: int) -> tuple[int, int]:
        """A short panel's height at `width` and the chat lines it shows: the quick
        phrases (`phrase_rows`) show in the lines' place, so it has room for the more of them."""
        ui = self.mode.table.app.ui
        high = len(self.phrase_rows(width))
        lines = max(CHAT_FEWEST, (high * ui(31) - ui(5)) // ui(20))
        area = max(lines * ui(20), high * ui(31) - ui(5))
        return ui(10) + area + ui(6) + ui(32) + ui(8), lines

    def quick_shown(self) -> bool:
        """The quick phrases show (always on the whole panel; on the short one, on a click)."""
        return not self.compact or self.phrasing

    def peek_spot(
        self, top: int, floor: int, width: int, taken: list[pygame.Rect], cards: list[pygame.Rect]
    ) -> tuple[pygame.Rect, int]:
        """Where the closed chat's newest lines show, and how many rows of them: under the
        Chat button at the right edge, at the first height clear of every seat's panel (the
        status line, `taken`) and of every card and word on the felt (`cards`); where none
        has room for all `CHAT_PEEK` rows, fewer rows, then narrower ones, down to one row
        (the newest line, cut short); where not even that has room, one row clear of
        the seats' panels at least, else right under the Chat button."""
        ui = self.mode.table.app.ui
        right = self.mode.table.size[0] - ui(12)
        widths = [width, *(n for n in (ui(300), ui(220)) if n < width)]
        for rows in range(CHAT_PEEK, 0, -1):
            sizes = [(wide, rows * ui(24)) for wide in widths]
            spot = layout.edge_spot(right, top, floor, sizes, [*taken, *cards], ui(6), ui(4))
            if spot is not None:
                return spot, rows
        spot = layout.edge_spot(right, top, floor, [(widths[-1], ui(24))], taken, ui(6), ui(4))
        return spot or pygame.Rect(right - widths[-1], top, widths[-1], ui(24)), 1

    def rows(self, lines: list[str], px: int, width: int) -> list[str]:
        """The rows the open panel shows: the newest lines wrapped to `width`, as many as fit
        its `shown_rows` (as `newest_rows`; kept until the lines or the size change: drawn every frame)."""
        key = (tuple(lines), px, width, self.shown_rows)
        if self._rows[0] != key:
            self._rows = (key, newest_rows(lines, px, width, self.shown_rows))
        return self._rows[1]

    def peek_lines(self, lines: list[str], px: int, width: int) -> list[str]:
        """The rows the peek shows: the newest lines wrapped to `width`, as many as fit its
        `peek_rows` (as `newest_rows`; kept like `rows`)."""
        key = (tuple(lines), px, width, self.peek_rows)
        if self._peek[0] != key:
            self._peek = (key, newest_rows(lines, px, width, self.peek_rows))
        return self._peek[1]

    def draw(self, surface: pygame.Surface) -> None:
        table = self.mode.table
        ui = table.app.ui
        self.place()
        lines = self.shown(table.clock)
        if self.open:
            draw_panel(surface, self.panel, (16, 26, 22, 252), radius=ui(12), edge=ACCENT)
            y = self.panel.y + (ui(14) if self.kind == "whole" else ui(10))
            if not lines and not self.phrasing:
                blit_text(surface, _("No chat yet."), ui(14), MUTED, topleft=(self.panel.x + ui(12), y))
            rows = [] if self.phrasing else self.rows(lines, ui(15), self.panel.w - ui(24))
            for row in rows:
                px = widgets.fit_size(row, ui(15), self.panel.w - ui(24))
                blit_text(surface, row, px, INK, topleft=(self.panel.x + ui(12), y))
                y += ui(20)
            if self.quick_shown():
                for button in self.quick:
                    button.draw(surface, ui(14))
            if self.compact:
                self.phrases.draw(surface, ui(14))
            self.field.draw(surface, ui(16))
            if not self.field.text and not self.field.composition:
                hint = _("Type a line, Enter sends") if self.field.focused else _("Click here to type a line")
                hint, px = widgets.fitted(hint, ui(14), self.field.rect.w - ui(20))  # (a short panel's field is narrow)
                blit_text(surface, hint, px, MUTED, midleft=(self.field.rect.x + ui(12), self.field.rect.centery))
        elif lines:  # the newest lines, a while, under the Chat button (at most CHAT_PEEK of them) clear of the seats
            y = self.peek.y
            px = ui(14)
            for row in self.peek_lines(lines, px, self.room - ui(16)):
                size = widgets.fonts.size(row, px)
                pill = pygame.Rect(0, 0, min(self.room, size[0] + ui(16)), ui(22))
                pill.topright = (self.peek.right, y)
                draw_panel(surface, pill, (14, 24, 20, 200), radius=ui(10), edge=None)
                blit_text(
                    surface,
                    row,
                    widgets.fit_size(row, px, pill.w - ui(16)),
                    INK,
                    midleft=(pill.x + ui(8), pill.centery),
                )
                y += ui(24)

    @property
    def typing(self) -> bool:
        """The chat's line has the keys (the open chat stays open while the table is played)."""
        return self.open and self.field.focused

    def handle(self, event: pygame.event.Event) -> bool:
        if self.open:
            if event.type == pygame.TEXTINPUT and self._swallow is not None:
                swallow, self._swallow = self._swallow, None
                if event.text == swallow:
                    return True  # the T that opened the chat is not its first letter
            if self.compact and self.phrases.handle(event):
                return True
            if self.quick_shown() and any(b.handle(event) for b in self.quick):
                return True
            if self.field.handle(event):
                return True
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                if self.panel.collidepoint(event.pos):
                    self.field.focus()  # a click on the panel types again
                    return True
                self.field.blur()  # the table is played: the chat stays open until it is closed
                return False
            if self.typing and event.type == pygame.KEYDOWN:
                return True  # the chat has the keys while its line has them
            if event.type == pygame.MOUSEBUTTONUP:
                return self.panel.collidepoint(event.pos)
        if event.type == pygame.KEYDOWN and event.key == CHAT_KEY:
            if not self.open:
                self.toggle()
            else:
                self.field.focus()
            self._swallow = event.unicode or None
            return True
        return False


def newest_rows(lines: list[str], px: int, width: int, count: int) -> list[str]:
    """The newest of `lines` wrapped to `width`, as many as fit on `count` rows; the oldest
    of them that needs more rows than are left shows its start (the speaker first) with its
    last row cut short, rather than the tail of a line without its speaker."""
    out: list[str] = []
    for line in reversed(lines):
        wrapped = widgets.wrap(line, px, width)
        room = count - len(out)
        if len(wrapped) <= room:
            out = wrapped + out
            continue
        if room:
            out = [*wrapped[: room - 1], widgets.fitted(" ".join(wrapped[room - 1 :]), px, width)[0], *out]
        break
    return out
