"""The Avalanche table's words, by the names the table imports them from
here: they live in the game's `words` part (`game.games.avalanche.words`)."""

from game.games.avalanche.words import MAX_COUNT, banner, chips, next_play, play_button, set_text, status_line

__all__ = ["MAX_COUNT", "banner", "chips", "next_play", "play_button", "set_text", "status_line"]
