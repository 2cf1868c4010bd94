"""Sticheln's Rules screen in English.

The notes of the former en.py of every game's Rules screens, kept for translators:

English Rules screens: written for a family reading on screen, faithful to shared/rules/*.md.

The other languages (ko, ca, pa) translate this module section by section;
change the facts here and there together.
"""

from __future__ import annotations

from game.common.sections import Cards, Section

TITLE = "Sticheln"

TAGLINE = "Win tricks, but every card of the colour you chose to fear costs you."

RULES: list[Section] = [
    Section(
        "What you need",
        [
            (
                "3 to 6 players. The deck changes with the number of players, and every card "
                "is dealt, so each player always gets 15 cards."
            ),
            "• 3 players: orange, yellow, green, blue and pink, numbered 0 to 8 (45 cards).",
            "• 4 players: the same five colours, 0 to 11 (60 cards).",
            "• 5 players: the same five colours, 0 to 14 (75 cards).",
            "• 6 players: grey joins, six colours from 0 to 14 (90 cards).",
            Cards(
                ("red 0", "yellow 8", "green 3", "blue 11", "purple 14", "grey 6"),
                "Each colour has its own symbol, so you never have to tell colours apart.",
            ),
        ],
    ),
    Section(
        "The goal",
        [
            (
                "Take cards by winning tricks. Almost every card you take is worth 1 point, "
                "whatever its number. But at the start of each round you pick one colour to be "
                "your pain colour, and those cards cost you their full value. When all rounds "
                "are over, the player with the most points wins."
            ),
        ],
    ),
    Section(
        "Choosing your pain card",
        [
            (
                "Shuffle and deal all the cards. Everyone looks at their 15 cards and secretly "
                "chooses one of them. When all players have chosen, the cards are turned up at "
                "the same moment."
            ),
            (
                "The colour of the card you chose is your pain colour for this round. Two or "
                "more players may end up with the same pain colour."
            ),
            (
                "Your pain card lies open on the table before you until the round ends. It is never "
                "played, and its value counts against you at the end. You play the round with "
                "the other 14 cards."
            ),
        ],
    ),
    Section(
        "Playing a trick",
        [
            ("The leader plays any card. Its colour becomes the lead colour for this trick, even if the card is a 0."),
            (
                "Then, going clockwise, everyone else plays one card. You may play anything: "
                "there is no need to follow the lead colour and no need to beat anyone."
            ),
            (
                "When everyone has played, the winner stacks all the cards of the trick face "
                "down in front of them and starts the next trick."
            ),
        ],
    ),
    Section(
        "Who wins the trick?",
        [
            "First, ignore all the 0s: they can never win a trick.",
            ("• If someone played a card that is not in the lead colour, the highest of those off-colour cards wins."),
            "• If every card is in the lead colour, the highest one wins.",
            "• If two winning cards have the same number, the one played first wins.",
            Cards(
                ("red 4", "red 1", "red 7", "blue 1"),
                "Orange was led. Blue 1 is the only other colour, so it beats orange 7.",
            ),
            Cards(
                ("yellow 3", "green 3", "blue 5", "green 5"),
                "Blue 5 and green 5 tie for highest; blue 5 came first and wins.",
            ),
            Cards(
                ("red 9", "blue 0", "green 0", "yellow 0"),
                "The other colours are all 0s, which never win, so orange 9 takes it.",
            ),
        ],
    ),
    Section(
        "A trick of only zeros",
        [
            (
                "Sometimes every card in a trick is a 0. Then the trick belongs to no one: its "
                "cards leave the round without scoring, and the same player leads again."
            ),
        ],
    ),
    Section(
        "Scoring a round",
        [
            (
                "After 14 tricks nobody has any cards left and the round is over. Now each player "
                "counts the cards they won:"
            ),
            "• every card that is not your pain colour: plus 1, whatever its number (a 0 too);",
            "• every card of your pain colour: minus its number;",
            "• your pain card in front of you: minus its number as well.",
            Cards(("blue 3",), "Example: this player's pain card is blue 3."),
            Cards(
                ("blue 6", "blue 0", "red 2", "green 9"),
                "Their pile holds blue 6, blue 0 and eight cards of other colours.",
            ),
            (
                "They score -3 for the pain card, -6 for blue 6, nothing for blue 0 and +8 for "
                "the other cards: -3 - 6 - 0 + 8 = -1 for the round."
            ),
        ],
    ),
    Section(
        "End of the game",
        [
            (
                "Play as many rounds as there are players. Each new round is led by the player "
                "to the left of the one who led first in the round before."
            ),
            (
                "Add up each player's round scores. The highest total wins; if totals are equal, "
                "those players share the win."
            ),
        ],
    ),
    Section(
        "How to play on this table",
        [
            (
                "At the start of a round, click a card in your hand to make it your pain card. "
                "The other pain cards are revealed once everyone has chosen."
            ),
            (
                "When it is your turn, click a card to play it. The glow around a seat and the "
                "line at the top of the screen show whose turn it is."
            ),
            "If a move is not allowed, the card gives a small shake and the status line says why.",
        ],
    ),
]
