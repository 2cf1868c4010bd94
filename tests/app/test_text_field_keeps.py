"""A focused text field keeps the keys it needs (Left, Right, Space) from the keyboard
focus; every screen with a field asks it (`TextField.keeps`), none keeps its own list."""

from __future__ import annotations

import pygame
from app_driver import key_event

from game.app.ui.text_input import TextField


def test_a_focused_field_keeps_left_right_and_space_and_nothing_else():
    field = TextField("Ana")
    kept = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE)
    assert not any(field.keeps(key_event(k)) for k in kept)  # not focused: the keyboard focus has them
    field.focused = True  # as focus() leaves it, without asking SDL for text input
    assert all(field.keeps(key_event(k)) for k in kept)
    assert not any(field.keeps(key_event(k)) for k in (pygame.K_TAB, pygame.K_UP, pygame.K_RETURN, pygame.K_ESCAPE))
