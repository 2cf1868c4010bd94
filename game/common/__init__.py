"""Helpers every layer may use: the standard library only, no pygame, nothing
of Fireside above `game.i18n` (so a game's words and text parts need no app or tool)."""
