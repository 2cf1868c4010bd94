"""What a Rules screen is made of: `Section`s of paragraphs, a paragraph being
text or a row of `Cards`.  Each game's ``rules_text/<lang>.py`` (TITLE,
TAGLINE, RULES: a list of Section) is built of these, with the same sections,
paragraphs and card pictures in every language in the same order, so a test
can hold each translation against the English one; `game.app.words.rules_text`
gathers them for the current language.

A section body is a list of paragraphs: a `str` (wrapped to the column; a
leading "• " marks a list item) or `Cards`, a row of small card pictures in
the game's notation (Sticheln `red 4`, Avalanche `QS`, Grinch `W1a`, the same
in every language) with a caption under it.
"""

from __future__ import annotations

from typing import NamedTuple


class Cards(NamedTuple):
    """A row of card pictures with a caption; cards in the game's notation."""

    cards: tuple[str, ...]
    caption: str


Paragraph = str | Cards


class Section(NamedTuple):
    """One heading and its paragraphs."""

    heading: str
    body: list[Paragraph]
