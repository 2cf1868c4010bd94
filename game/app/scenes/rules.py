"""How to play each game, in our own words, with small card pictures."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import rules
from game.app.shell.scene import Scene
from game.app.ui import focus, widgets
from game.app.ui.widgets import ACCENT, INK, MUTED, Button, blit_text, draw_panel
from game.app.words.names import GAMES
from game.app.words.rules_text import RULES, Cards
from game.i18n import N_, _, language
from game.rules import registry

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface


class RulesScene(Scene):
    opaque = True

    def __init__(self, app: AppSurface, game_id: str):
        super().__init__(app)
        self.game_id = game_id
        self.scroll = 0
        self.lines: list[tuple] = []
        self.content_h = 0
        self.language = ""  # the language self.lines are in

    def controls(self) -> list[Button]:
        """The tabs, Learn to play (for a game with a guided game) and Back."""
        learn = [self.learn] if registry.get(self.game_id).has("lesson") else []
        return [*self.tabs, *learn, self.back]

    def resize(self, size: tuple[int, int]) -> None:
        ui = self.app.ui
        w, h = size
        self.tabs = [Button(GAMES[g], partial(self.show, g), selected=g == self.game_id) for g in registry.ids()]
        widgets.layout_row(self.tabs, (w // 2, ui(40)), ui(280), ui(44), ui(12))
        self.back = Button(N_("Back"), self.app.stack.pop, key=pygame.K_ESCAPE, primary=True)
        self.back.rect = pygame.Rect(0, 0, ui(160), ui(44))
        self.back.rect.midbottom = (w // 2 + ui(90), h - ui(12))
        self.learn = Button(N_("Learn to play"), lambda: self.app.routes.learn(self.game_id))
        self.learn.rect = pygame.Rect(0, 0, ui(160), ui(44))
        self.learn.rect.midbottom = (w // 2 - ui(90), h - ui(12))
        self.view = pygame.Rect(0, 0, min(w - ui(40), ui(760)), h - ui(150))
        self.view.midtop = (w // 2, ui(76))
        self.layout()

    def show(self, game_id: str) -> None:
        self.game_id = game_id
        self.scroll = 0
        self.resize(self.app.size)

    def layout(self) -> None:
        """Flatten the sections into drawable lines once per size."""
        ui = self.app.ui
        width = self.view.w - ui(40)
        lines: list[tuple] = []
        y = ui(16)
        for section in RULES[self.game_id]:
            lines.append(("head", section.heading, y))
            y += ui(40)
            for para in section.body:
                if isinstance(para, Cards):
                    lines.append(("cards", para, y))
                    y += round(ui(64) * 1.4) + ui(34)
                    continue
                bullet = para.startswith("• ")  # list items hang under their bullet
                indent = widgets.fonts.size("• ", ui(18))[0] if bullet else 0
                for i, line in enumerate(widgets.wrap(para, ui(18), width - indent)):
                    lines.append(("text", (line, indent if i else 0), y))
                    y += ui(25)
                y += ui(10)
            y += ui(8)
        self.lines = lines
        self.language = language()
        self.content_h = y
        self.max_scroll = max(0, self.content_h - self.view.h)
        if self.max_scroll:  # the text then stops above a strip that says there is more
            self.max_scroll += ui(26)

    def draw(self, surface: pygame.Surface) -> None:
        if self.language != language():  # switched since the layout: show the new language now
            self.resize(self.app.size)
        ui = self.app.ui
        w, h = surface.get_size()
        surface.blit(self.app.art.felt((w, h)), (0, 0))
        draw_panel(surface, self.view, (14, 22, 18, 235), radius=ui(14))
        clip = surface.get_clip()
        text_area = self.view.inflate(-ui(4), -ui(4))
        if self.max_scroll:
            text_area.h -= ui(26)  # "scroll for more" has its own strip, under the text
        surface.set_clip(text_area)
        module = rules.get(self.game_id)
        x = self.view.x + ui(20)
        for kind, item, y in self.lines:
            y = self.view.y + y - self.scroll
            if y > self.view.bottom or y < self.view.y - ui(160):
                continue
            if kind == "head":
                blit_text(surface, item, ui(24), ACCENT, bold=True, topleft=(x, y))
            elif kind == "text":
                text, indent = item
                blit_text(surface, text, ui(18), INK, topleft=(x + indent, y))
            else:
                cw = ui(64)
                for i, text in enumerate(item.cards):
                    img = self.app.art.face(self.game_id, module.parse_card(text), cw)
                    surface.blit(img, (x + i * (cw + ui(8)), y))
                blit_text(surface, item.caption, ui(15), MUTED, topleft=(x, y + round(cw * 1.4) + ui(6)))
        surface.set_clip(clip)
        if self.max_scroll and self.scroll < self.max_scroll:
            blit_text(
                surface,
                _("scroll for more"),
                ui(13),
                MUTED,
                bottomright=(self.view.right - ui(10), self.view.bottom - ui(6)),
            )
        for button in self.controls():
            button.draw(surface, ui(18))

    def focus_items(self) -> list[focus.Focusable]:
        return focus.from_buttons(self.controls())

    def keeps_key(self, event: pygame.event.Event) -> bool:
        """Up and Down scroll the text; Left and Right go from tab to tab."""
        return event.key in (pygame.K_UP, pygame.K_DOWN)

    def handle(self, event: pygame.event.Event) -> bool:
        if widgets.handle_all(self.controls(), event):
            return True
        step = self.app.ui(60)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = min(self.max_scroll, max(0, self.scroll - event.y * step))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll = min(self.max_scroll, self.scroll + step * (4 if event.key == pygame.K_PAGEDOWN else 1))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll = max(0, self.scroll - step * (4 if event.key == pygame.K_PAGEUP else 1))
        return True
