"""The game being played, without a window: the match, its seats, deal codes, the coach's bookkeeping."""
