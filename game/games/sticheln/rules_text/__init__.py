"""Sticheln's Rules screen, one plain-data module per language (`<lang>.py`:
TITLE, TAGLINE, RULES), found through the game's spec by
`game.app.words.rules_text`; every language has the same sections as `en.py`."""
