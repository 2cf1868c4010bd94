"""Korean (any input method) composition shows while it is typed (issue 15):
SDL's TEXTEDITING events carry the unfinished syllable, shown underlined at
the caret in the save-name field and in setup's name fields; TEXTINPUT then
commits it.  Posted through the app as SDL would deliver them."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
from app_driver import key_event
from table_driver import click, make_app

from game import i18n
from game.app.shell.app import App
from game.app.ui.text_input import TextField
from game.app.ui.widgets import ACCENT
from game.persist.settings import Settings


def editing(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTEDITING, text=text, start=len(text), length=0)


def typed(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def accent_pixels(surface: pygame.Surface, rect: pygame.Rect) -> int:
    sub = surface.subsurface(rect)
    return sum(
        1 for x in range(sub.get_width()) for y in range(sub.get_height()) if tuple(sub.get_at((x, y)))[:3] == ACCENT
    )


def test_text_field_shows_the_syllable_being_composed_then_commits_it():
    pygame.init()
    field = TextField("", max_len=10)
    field.rect = pygame.Rect(10, 10, 300, 48)
    field.focus()
    for partial in ("ㅎ", "하", "한"):
        assert field.handle(editing(partial))
        assert field.composition == partial and field.text == ""
    assert field.handle(key_event(pygame.K_BACKSPACE))  # the input method's: the text is untouched
    assert field.text == ""
    field.handle(typed("한"))
    assert (field.text, field.composition) == ("한", "")
    field.handle(editing("구"))
    field.handle(editing(""))  # composition dropped: nothing is added
    assert (field.text, field.composition) == ("한", "")
    field.blur()


def test_composition_replaces_a_selected_prefilled_text_and_respects_the_length():
    pygame.init()
    field = TextField("Sticheln 12:00", max_len=4)
    field.rect = pygame.Rect(0, 0, 300, 48)
    field.focus()
    field.handle(editing("한"))
    assert field.text == "" and field.composition == "한"
    field.handle(typed("한국"))
    field.handle(editing("어어어어"))
    assert len(field.text) + len(field.composition) <= 4
    field.blur()


def test_save_name_prompt_draws_the_composition_underlined():
    i18n.set_language("ko")
    app, table = make_app("sticheln", [True, False, False], size=(1280, 720))
    app.routes.menu(table)
    prompt = app.routes.save(table.match)
    app.step(0, events=[typed("민")], flip=False)
    rect = prompt.field.rect
    before = accent_pixels(app.screen, rect.inflate(-8, -8))
    app.step(0, events=[editing("수")], flip=False)
    assert prompt.field.composition == "수"
    after = accent_pixels(app.screen, rect.inflate(-8, -8))
    assert after > before + 10, "the syllable being typed is not shown underlined"
    app.step(0, events=[typed("수")], flip=False)
    assert prompt.field.text == "민수" and prompt.field.composition == ""


def test_setup_name_fields_show_the_composition():
    i18n.set_language("ko")
    app = App((1280, 720), Settings(speed="off"))
    app.routes.title()
    setup = app.routes.setup()
    field = setup.name_rects[1]
    click(app, field.center)
    assert setup.editing == 1
    setup.names[1] = ""
    app.step(0, events=[], flip=False)
    plain = pygame.image.tobytes(app.screen.subsurface(field), "RGB")
    edge = accent_pixels(app.screen, field)  # the field being typed in has a gold edge
    app.step(0, events=[editing("준")], flip=False)
    assert setup.composing == "준"
    assert pygame.image.tobytes(app.screen.subsurface(field), "RGB") != plain
    assert accent_pixels(app.screen, field) > edge + 10, "no underlined syllable"
    app.step(0, events=[key_event(pygame.K_BACKSPACE)], flip=False)
    assert setup.names[1] == ""  # Backspace belongs to the input method while it composes
    app.step(0, events=[typed("준")], flip=False)
    assert setup.names[1] == "준" and setup.composing == ""
