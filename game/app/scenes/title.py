"""The first screen: the name, and where to go next."""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import __version__
from game.app.shell.scene import Scene
from game.app.ui import widgets
from game.app.ui.widgets import ACCENT, INK, MUTED, Button, blit_text
from game.i18n import N_, _

if TYPE_CHECKING:
    from datetime import date

    from game.app.shell.app import App
    from game.persist.stats import DailyRecord

SWAY_STEPS = 2  # redraws a second of the swaying fan (each costs ~9 ms, mostly the flip)


class TitleScene(Scene):
    def __init__(self, app: App):
        super().__init__(app)
        from game.persist import library, network

        self.notice = ""  # one line over everything (what went wrong, after a crash)
        self.saved = library.read_autosave(self.autosave_set_aside)  # the game Continue restores, if any
        self.hosted = network.read_table()  # a network table this laptop hosts, kept for its people
        if self.hosted is not None and getattr(app.overlay, "code", None) == self.hosted.code:
            self.hosted = None  # open now, behind the screens: its bar leads back, not a second copy
        self.saved_line = self._saved_line()
        self.continue_button = Button(N_("Continue"), self.continue_game, key=pygame.K_RETURN, primary=True)
        resumable = self.saved is not None or self.hosted is not None
        main = [
            Button(N_("New game"), self.new_game, key=None if resumable else pygame.K_RETURN, primary=not resumable),
            Button(N_("Learn to play"), self.learn),
        ]
        if resumable:
            main.insert(0, self.continue_button)
        self.main = main
        self.small = [
            Button(N_("Load game"), self.load_game),
            Button(N_("History"), self.history),
            Button(N_("Statistics"), self.statistics),
            Button(N_("Rules"), self.rules),
            Button(N_("Settings"), self.settings),
            Button(N_("Quit"), self.app.ask_quit, key=pygame.K_ESCAPE),
        ]
        self.daily = self.daily_buttons()
        self.daily_top = 0
        self.buttons = [*self.main, *self.small, *self.daily]
        # Play on the network (beside New game); top right, Rejoin while a table joined last is kept,
        # and the hosted table when Continue is the local game's
        self.last_table = network.read_last()
        self.network_button = Button(N_("Play on the network"), self.network)
        self.rejoin_button: Button | None = None
        if self.last_table is not None:
            label = _("Rejoin table {code}").format(code=self.last_table.code)
            self.rejoin_button = Button(label, self.rejoin)
        self.hosting_button: Button | None = None
        if self.hosted is not None and self.saved is not None:
            label = _("Continue hosting table {code}").format(code=self.hosted.code)
            self.hosting_button = Button(label, self.continue_hosting)
        self.corner = [b for b in (self.hosting_button, self.rejoin_button) if b is not None]
        self.net_buttons = [self.network_button, *self.corner]
        self.clock = 0.0

    def _saved_line(self) -> str:
        """The line under Continue: the local game's, else the hosted table's."""
        from game.app.words.save_words import describe

        if self.saved is not None:
            return describe(self.saved)
        if self.hosted is not None:
            return _("Network table {code}").format(code=self.hosted.code) + " · " + describe(self.hosted.match)
        return ""

    def centre(self, h: int) -> int:
        """The height the title's picture and buttons are laid out around: the window's middle,
        or higher where the buttons under it would not fit (a hosted table's bar takes a strip)."""
        below = (355 if self.continue_button in self.main else 269) + 8  # logical units under the middle
        return max(self.app.ui(270), min(h // 2, h - self.app.ui(below)))

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.app.ui
        w, h = size
        self.saved_line = self._saved_line()  # in the current language (it may just have changed)
        y = self.centre(h) + ui(18)
        cols, bw, bh, gap = 3, ui(160), ui(40), ui(10)
        if self.continue_button in self.main:  # Continue alone, its game's line under it
            self.continue_button.rect = pygame.Rect(0, 0, ui(340), ui(52))
            self.continue_button.rect.midtop = (w // 2, y)
            y = self.continue_button.rect.bottom + ui(34)
        # New game, Play on the network and Learn to play side by side, as wide as the grid below
        # (Continue, when there is one, sits above them: nothing in the row moves).
        pair = [b for b in self.main if b is not self.continue_button]
        trio = [pair[0], self.network_button, *pair[1:]]
        widgets.layout_row(
            trio, (w // 2, y + ui(26)), (cols * bw + (cols - 1) * gap - (len(trio) - 1) * gap) // len(trio), ui(52), gap
        )
        top = ui(12)
        for button in self.corner:  # top right, clear of everything else
            width = widgets.fitting_width(button.label, ui(16), ui(240))
            button.rect = pygame.Rect(0, 0, width, ui(38))
            button.rect.topright = (w - ui(12), top)
            top = button.rect.bottom + ui(8)
        y += ui(52) + ui(14)
        for i, button in enumerate(self.small):
            row, col = divmod(i, cols)
            button.rect = pygame.Rect(0, 0, bw, bh)
            button.rect.topleft = (
                w // 2 - (cols * bw + (cols - 1) * gap) // 2 + col * (bw + gap),
                y + ui(4) + row * (bh + gap),
            )

        self.place_daily(y + ui(4) + 2 * (bh + gap) + ui(14))

    # -- today's deal (game/match/daily_deal.py) ---------------------------------------------------
    def daily_buttons(self) -> list[Button]:
        """One button a game, saying under its name whether today's deal is
        played (your score, the streak) or still waiting."""
        from datetime import date

        from game.persist.stats import load_daily
        from game.rules import registry

        try:
            records = load_daily()
        except OSError:  # an unreadable history folder: the buttons still play
            records = {}
        today = date.today()
        out: list[Button] = []
        for spec in registry.specs():
            done, line = daily_status(records.get(spec.id), today)
            out.append(DailyButton(spec.name, partial(self.todays_deal, spec.id), line, done))
        return out

    def place_daily(self, top: int) -> None:
        """A row under the others, below its heading (drawn at `daily_top`)."""
        ui = self.app.ui
        self.daily_top = top
        widgets.layout_row(self.daily, (self.app.size[0] // 2, top + ui(44)), ui(190), ui(46), ui(10))

    def todays_deal(self, game_id: str) -> None:
        """Today's deal of that game, you (the first name of the setup screen) against Normal computers."""
        from datetime import date

        from game.app.words.seat_names import COMPUTER_NAMES
        from game.match.daily_deal import daily_match

        names = self.app.settings.names
        name = names[0].strip() if names and names[0].strip() else _("You")
        self.app.sound.play("click")
        self.app.routes.table(daily_match(game_id, date.today(), name, COMPUTER_NAMES))

    def autosave_set_aside(self, kept_as: str) -> None:
        """The autosave could not be read: say where it went instead of offering nothing in silence."""
        self.notice = _("Your last game could not be read; it was kept as {name}.").format(name=kept_as)

    def continue_game(self) -> None:  # not `resume`: that is Scene's hook for "the scene above closed"
        """Continue: the autosaved game, exactly where it was (else the hosted table)."""
        if self.saved is not None:
            self.app.sound.play("click")
            self.app.routes.table(self.saved, continuing=True)
        else:
            self.continue_hosting()

    def continue_hosting(self) -> None:
        """The table this laptop hosted, open again for the same people (their tokens)."""
        if self.hosted is None:
            return
        self.app.sound.play("click")
        try:
            self.app.routes.continue_hosting(self.hosted)
        except OSError as exc:
            from game.net.words import could_not_open

            self.notice = could_not_open(exc)

    def network(self) -> None:
        self.app.routes.network()

    def rejoin(self) -> None:
        """The table joined last, dialled again with the seat's token (its seat comes back)."""
        last = self.last_table
        if last is not None:
            self.app.sound.play("click")
            self.app.routes.join_table(
                url=last.url, code=last.code, name=last.name or None, watch=last.watching, dial=True, token=last.token
            )

    def focus_items(self) -> list[Any]:
        """The keyboard's ring: every button, the network ones in their places."""
        from game.app.ui.focus import from_buttons

        main = [b for b in self.main if b is not self.continue_button]
        head = [self.continue_button] if self.continue_button in self.main else []
        ordered = [*head, main[0], self.network_button, *main[1:], *self.small, *self.daily]
        ordered[:0] = self.corner
        return from_buttons(ordered)

    def load_game(self) -> None:
        self.app.routes.load()

    def history(self) -> None:
        self.app.routes.history()

    def statistics(self) -> None:
        self.app.routes.stats()

    def new_game(self) -> None:
        self.app.routes.setup()

    def learn(self) -> None:
        self.app.routes.learn_pick()

    def rules(self) -> None:
        from game.rules import registry

        self.app.routes.rules(registry.ids()[0])

    def settings(self) -> None:
        self.app.routes.settings()

    def update(self, dt: float) -> None:
        self.clock += dt

    def next_frame(self) -> float:
        """The fan sways in SWAY_STEPS a second: slow enough to leave the
        processor idle, too small a motion to look stepped."""
        return (math.floor(self.clock * SWAY_STEPS) + 1) / SWAY_STEPS - self.clock

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        w, h = surface.get_size()
        art = self.app.art
        surface.blit(art.felt((w, h)), (0, 0))
        mid = self.centre(h)
        # A small fan of one card from each game, swaying gently.
        cw = ui(92)
        cards = _showcase()
        middle = (len(cards) - 1) / 2
        for i, (game, card) in enumerate(cards):
            sway = math.sin(math.floor(self.clock * SWAY_STEPS) / SWAY_STEPS * 0.8 + i) * 1.5
            img = art.face(game, card, cw)
            img = pygame.transform.rotozoom(img, (middle - i) * 12 + sway, 1.0)
            surface.blit(
                img,
                img.get_rect(
                    center=(w // 2 + round((i - middle) * ui(70)), mid - ui(200) + round(abs(i - middle) * ui(12)))
                ),
            )
        blit_text(surface, "Fireside", ui(76), ACCENT, bold=True, center=(w // 2, mid - ui(70)))
        from game.app.words.names import game_name
        from game.rules import registry

        games = " · ".join(game_name(g) for g in registry.ids())
        blit_text(surface, games, widgets.fit_size(games, ui(20), w - ui(40)), INK, center=(w // 2, mid - ui(20)))
        for button in self.main:
            button.draw(surface, ui(21))
        for button in self.net_buttons:
            button.draw(surface, ui(21) if button is self.network_button else ui(16))
        for button in self.small:
            button.draw(surface, ui(18))
        from datetime import date

        heading = _("Today's deal, {date}: the same cards for everyone").format(date=date.today().isoformat())
        blit_text(
            surface, heading, widgets.fit_size(heading, ui(16), w - ui(40)), MUTED, midtop=(w // 2, self.daily_top)
        )
        for button in self.daily:
            button.draw(surface, ui(17))
        if self.continue_button in self.main:
            line = self.saved_line
            rect = self.continue_button.rect
            blit_text(
                surface,
                line,
                widgets.fit_size(line, ui(16), w - ui(40)),
                INK,
                midtop=(rect.centerx, rect.bottom + ui(5)),
            )
        if self.notice:
            text = self.notice + (" " + _("Continue restores your game.") if self.saved else "")
            blit_text(
                surface, text, widgets.fit_size(text, ui(17), w - ui(40)), widgets.DANGER, midtop=(w // 2, ui(12))
            )
        blit_text(surface, f"v{__version__}", ui(13), MUTED, bottomright=(w - ui(10), h - ui(8)))

    def handle(self, event: pygame.event.Event) -> bool:
        return widgets.handle_all(self.buttons, event) or widgets.handle_all(self.net_buttons, event)


def daily_status(record: DailyRecord | None, today: date) -> tuple[bool, str]:
    """(played today?, the line under a Today's deal button): your score and
    the streak once played, the streak still to keep or "Not played yet"."""
    score = record.scores.get(today) if record is not None else None
    run = record.streak(today) if record is not None else 0
    if score is not None:
        return True, _("Played · {score} · streak {n}").format(score=score, n=run)
    if run:
        return False, _("Streak {n} · not yet today").format(n=run)
    return False, _("Not played yet")


class DailyButton(Button):
    """A Today's deal button: the game's name, and under it how today went;
    a tick once today's deal is played."""

    def __init__(self, label: str, action: Any, line: str, done: bool):
        super().__init__(label, action)
        self.line = line
        self.done = done

    def draw(self, surface: pygame.Surface, size: int) -> None:
        rect = self.rect
        hover = rect.collidepoint(pygame.mouse.get_pos())
        edge = ACCENT if hover or self.done else widgets.PANEL_EDGE
        fill = widgets.BUTTON_HOVER if hover else widgets.BUTTON
        widgets.draw_panel(surface, rect, fill, radius=max(6, rect.h // 4), edge=edge)
        small = max(10, round(rect.h * 0.28))
        tick = round(rect.h * 0.26) if self.done else 0
        name_px = widgets.fit_size(_(self.label), size, rect.w - 16)
        blit_text(surface, _(self.label), name_px, INK, center=(rect.centerx, rect.y + round(rect.h * 0.34)))
        room = rect.w - 14 - 2 * (tick + 6 if tick else 0)  # centred, clear of the tick on its left
        line_px = widgets.fit_size(self.line, small, room)
        colour = ACCENT if self.done else MUTED
        y = rect.y + round(rect.h * 0.72)
        blit_text(surface, self.line, line_px, colour, center=(rect.centerx, y))
        if self.done:  # a tick beside the line, drawn (no font has to hold a check mark)
            x = rect.x + round(rect.h * 0.2)
            pts = [(x, y), (x + tick // 3, y + tick // 3), (x + tick, y - tick // 2)]
            pygame.draw.lines(surface, ACCENT, False, pts, max(2, rect.h // 16))

    def label_px(self, size: int) -> int:
        return widgets.fit_size(_(self.label), size, self.label_room())


def _showcase() -> list[tuple[str, Any]]:
    """(game id, card) for each registered game whose words offer a `title_card`."""
    from game.app.words import names
    from game.rules import registry

    return [(g, card()) for g in registry.ids() if (card := names.offered(g, "title_card")) is not None]
