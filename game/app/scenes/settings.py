"""Animation speed, volume, mute and fullscreen."""

from __future__ import annotations

import pygame

from game.app import widgets
from game.app.scenes.modal import ModalScene
from game.app.settings import SPEEDS
from game.app.widgets import INK, MUTED, Button, blit_text


class SettingsScene(ModalScene):
    title = "Settings"
    panel_size = (620, 440)

    def make_buttons(self) -> list[Button]:
        s = self.app.settings
        self.speed_buttons = [Button(sp.capitalize(), lambda sp=sp: self.set_speed(sp),
                                     selected=(s.speed == sp)) for sp in SPEEDS]
        self.volume_buttons = [Button("–", lambda: self.set_volume(-0.1)),
                               Button("+", lambda: self.set_volume(0.1)),
                               Button("Unmute" if s.muted else "Mute", self.toggle_mute)]
        self.screen_button = Button("Windowed" if s.fullscreen else "Fullscreen (F11)",
                                    self.toggle_fullscreen)
        self.done = Button("Done", self.app.stack.pop, key=pygame.K_ESCAPE, primary=True)
        return [*self.speed_buttons, *self.volume_buttons, self.screen_button, self.done]

    def place_buttons(self) -> None:
        ui = self.app.ui
        p = self.panel
        widgets.layout_row(self.speed_buttons, (p.centerx, p.y + ui(130)), ui(110), ui(40), ui(10))
        widgets.layout_row(self.volume_buttons[:2], (p.centerx - ui(60), p.y + ui(230)),
                           ui(50), ui(40), ui(10))
        self.volume_buttons[2].rect = pygame.Rect(p.centerx + ui(20), p.y + ui(210), ui(130), ui(40))
        self.screen_button.rect = pygame.Rect(0, 0, ui(240), ui(40))
        self.screen_button.rect.center = (p.centerx, p.y + ui(310))
        self.done.rect = pygame.Rect(0, 0, ui(180), ui(44))
        self.done.rect.center = (p.centerx, p.bottom - ui(40))

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        p = self.panel
        s = self.app.settings
        blit_text(surface, "Animation speed", ui(18), MUTED, center=(p.centerx, p.y + ui(92)))
        blit_text(surface, "Volume", ui(18), MUTED, center=(p.centerx, p.y + ui(190)))
        vol = "muted" if s.muted else f"{round(s.volume * 100)}%"
        blit_text(surface, vol, ui(20), INK, midright=(p.centerx - ui(130), p.y + ui(230)))

    def set_speed(self, speed: str) -> None:
        self.app.settings.speed = speed
        self.resize(self.app.size)

    def set_volume(self, delta: float) -> None:
        s = self.app.settings
        s.volume = round(min(1.0, max(0.0, s.volume + delta)), 2)
        self.app.sound.volume = s.volume
        self.app.sound.play("click")

    def toggle_mute(self) -> None:
        s = self.app.settings
        s.muted = not s.muted
        self.app.sound.muted = s.muted
        self.resize(self.app.size)

    def toggle_fullscreen(self) -> None:
        self.app.toggle_fullscreen()
        self.resize(self.app.size)
