"""Animation speed, volume, mute, interface size, fullscreen and language."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.app.ui import widgets
from game.app.ui.modal import ModalScene
from game.app.ui.text_input import TextField
from game.app.ui.widgets import INK, MUTED, Button, blit_text
from game.app.words.names import SPEEDS as SPEED_NAMES
from game.i18n import N_, _
from game.persist.settings import SPEEDS, UI_SCALE

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface


class SettingsScene(ModalScene):
    title = N_("Settings")
    panel_size = (620, 550)  # fits UI_FIT's 576 logical units: the largest interface size still fits

    def __init__(self, app: AppSurface):
        super().__init__(app)
        from game.app.words.player_name import my_name
        from game.common.person_name import NAME_LENGTH

        # the name friends see at a network table, kept when it is accepted or the screen closes
        self.name_field = TextField(my_name(app.settings), max_len=NAME_LENGTH, on_submit=self.keep_name)
        self.relay = _relay_setting()  # shown beside Network…, where it is set

    def keep_name(self, text: str | None = None) -> None:
        from game.app.words.player_name import keep_name

        name = keep_name(self.app, self.name_field.text if text is None else text)
        self.name_field.text = name
        self.name_field.blur()

    def exit(self) -> None:
        self.keep_name()

    def pause(self) -> None:
        self.name_field.blur()

    def update(self, dt: float) -> None:
        self.name_field.update(dt)

    def next_frame(self) -> float | None:
        return self.name_field.next_frame()

    def keeps_key(self, event: pygame.event.Event) -> bool:
        """Keys the name field needs rather than the keyboard focus."""
        return self.name_field.keeps(event)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.name_field.handle(event):
            return True
        return super().handle(event)

    def make_buttons(self) -> list[Button]:
        s = self.app.settings
        self.speed_buttons = [
            Button(SPEED_NAMES[sp], partial(self.set_speed, sp), selected=(s.speed == sp)) for sp in SPEEDS
        ]
        self.volume_buttons = [
            Button("–", lambda: self.set_volume(-0.1)),
            Button("+", lambda: self.set_volume(0.1)),
            Button(N_("Unmute") if s.muted else N_("Mute"), self.toggle_mute),
        ]
        self.scale_buttons = [
            Button("–", lambda: self.set_ui_scale(-0.1), enabled=s.ui_scale > UI_SCALE[0]),
            Button("+", lambda: self.set_ui_scale(0.1), enabled=s.ui_scale < UI_SCALE[1]),
        ]
        self.screen_button = Button(N_("Windowed") if s.fullscreen else N_("Fullscreen (F11)"), self.toggle_fullscreen)
        # "Automatic" follows the operating system; each language is named in its own words.
        self.language_buttons = [
            Button(
                N_("Automatic") if not code else i18n.LANGUAGE_NAMES[code],
                partial(self.set_language, code),
                selected=(s.language == code),
            )
            for code in ("", *i18n.LANGUAGES)
        ]
        self.done = Button(N_("Done"), self.app.stack.pop, key=pygame.K_ESCAPE, primary=True)
        self.network_button = Button(N_("Network…"), self.app.routes.network_settings)
        return [
            *self.speed_buttons,
            *self.volume_buttons,
            *self.scale_buttons,
            self.screen_button,
            *self.language_buttons,
            self.network_button,
            self.done,
        ]

    def place_buttons(self) -> None:
        ui = self.app.ui
        p = self.panel
        widgets.layout_row(self.speed_buttons, (p.centerx, p.y + ui(120)), ui(110), ui(40), ui(10))
        # volume and mute share a row as interface size and fullscreen do: [–] 70% [+]  [Mute]
        widgets.layout_row(self.volume_buttons[:2], (p.centerx - ui(132), p.y + ui(204)), ui(50), ui(40), ui(70))
        self.volume_buttons[2].rect = pygame.Rect(p.centerx - ui(23), p.y + ui(184), ui(240), ui(40))
        # interface size and fullscreen share a row: [–] 100% [+]  [Fullscreen]
        widgets.layout_row(self.scale_buttons, (p.centerx - ui(132), p.y + ui(288)), ui(50), ui(40), ui(70))
        self.screen_button.rect = pygame.Rect(p.centerx - ui(23), p.y + ui(268), ui(240), ui(40))
        widgets.layout_row(self.language_buttons, (p.centerx, p.y + ui(380)), ui(106), ui(40), ui(8))
        self.done.rect = pygame.Rect(0, 0, ui(180), ui(44))
        self.done.rect.center = (p.right - ui(130), p.bottom - ui(40))
        # the player's name shares the last row with Done: [Your name ____________]  [Done]
        self.name_field.rect = pygame.Rect(p.x + ui(150), 0, ui(240), ui(40))
        self.name_field.rect.centery = self.done.rect.centery
        # the network's settings (the relay) a row above: [Relay: none set]  [Network…]
        self.network_button.rect = pygame.Rect(0, 0, ui(180), ui(40))
        self.network_button.rect.center = (self.done.rect.centerx, p.y + ui(452))

    def resume(self) -> None:
        self.relay = _relay_setting()  # back from Settings → Network
        self.resize(self.app.size)

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        p = self.panel
        s = self.app.settings
        relay = _("Relay: {address}").format(address=self.relay) if self.relay else _("Relay: none set")
        room = self.network_button.rect.x - p.x - ui(50)
        relay, size = widgets.fitted(relay, ui(17), room)
        at = (self.network_button.rect.x - ui(16), self.network_button.rect.centery)
        blit_text(surface, relay, size, MUTED, midright=at)
        blit_text(surface, _("Animation speed"), ui(18), MUTED, center=(p.centerx, p.y + ui(84)))
        blit_text(surface, _("Volume"), ui(18), MUTED, center=(p.centerx - ui(132), p.y + ui(166)))
        blit_text(surface, _("Language"), ui(18), MUTED, center=(p.centerx, p.y + ui(344)))
        label = _("Your name")
        field = self.name_field.rect
        size = widgets.fit_size(label, ui(17), field.x - p.x - ui(34))
        blit_text(surface, label, size, MUTED, midright=(field.x - ui(10), field.centery))
        self.name_field.draw(surface, ui(19))
        # The level stays shown while muted, greyed (the button beside it says "Unmute").
        blit_text(
            surface,
            f"{round(s.volume * 100)}%",
            ui(20),
            MUTED if s.muted else INK,
            bold=True,
            center=(p.centerx - ui(132), p.y + ui(204)),
        )
        blit_text(surface, _("Interface size"), ui(18), MUTED, center=(p.centerx - ui(132), p.y + ui(250)))
        blit_text(
            surface, f"{round(s.ui_scale * 100)}%", ui(20), INK, bold=True, center=(p.centerx - ui(132), p.y + ui(288))
        )
        # How big things are now: relative to the window's own 100%, or to the
        # default window's once the window has grown for a large interface.
        if self.app.settings_unsaved:  # issue 18: a refusing disk is said, not only logged
            note = _("These settings last until you quit: {reason}").format(reason=self.app.settings_unsaved)
            blit_text(
                surface,
                note,
                widgets.fit_size(note, ui(14), p.w - ui(30)),
                widgets.DANGER,
                center=(p.centerx, p.y + ui(419)),
            )
        shown = round(100 * max(self.app.scale / self.app.fit_scale, self.app.scale))
        if shown < round(s.ui_scale * 100):  # the window is too small for more: say so
            note = _("{percent}% fits this window").format(percent=shown)
            blit_text(
                surface,
                note,
                widgets.fit_size(note, ui(14), ui(240)),
                MUTED,
                center=(p.centerx - ui(132), p.y + ui(318)),
            )

    def set_speed(self, speed: str) -> None:
        self.app.settings.speed = speed
        self.app.save_settings()
        self.resize(self.app.size)

    def set_volume(self, delta: float) -> None:
        s = self.app.settings
        s.volume = round(min(1.0, max(0.0, s.volume + delta)), 2)
        self.app.sound.volume = s.volume
        self.app.save_settings()
        self.app.sound.play("click")

    def set_ui_scale(self, delta: float) -> None:
        """Bigger or smaller text and controls, on every screen at once."""
        s = self.app.settings
        s.ui_scale = round(min(UI_SCALE[1], max(UI_SCALE[0], s.ui_scale + delta)), 2)
        self.app.save_settings()
        self.app.make_room()  # above 125% a bigger interface needs a bigger window
        self.app.stack.resize(self.app.size)

    def toggle_mute(self) -> None:
        s = self.app.settings
        s.muted = not s.muted
        self.app.sound.muted = s.muted
        self.app.save_settings()
        self.resize(self.app.size)

    def set_language(self, code: str) -> None:
        """Switch at once, no restart: every screen lays itself out again in the new
        language ("" follows the operating system's)."""
        self.app.settings.language = code
        i18n.set_language(i18n.choose_language(None, code))
        self.app.save_settings()
        self.app.stack.resize(self.app.size)

    def toggle_fullscreen(self) -> None:
        self.app.toggle_fullscreen()
        self.resize(self.app.size)


def _relay_setting() -> str:
    """The relay a table "anyone with the invite" goes through ("": none set)."""
    from game.persist import network

    return network.load_prefs().relay
