"""Grinch's Rules screen in English.

The notes of the former en.py of every game's Rules screens, kept for translators:

English Rules screens: written for a family reading on screen, faithful to shared/rules/*.md.

The other languages (ko, ca, pa) translate this module section by section;
change the facts here and there together.
"""

from __future__ import annotations

from game.common.sections import Cards, Section

TITLE = "Grinch: Grow Your Heart"

TAGLINE = "Build the best five-card hand while the Grinch raids your discards."

RULES: list[Section] = [
    Section(
        "What you need",
        [
            (
                "2 to 6 players and 48 cards in four suits: Wreaths, Noise, Ornaments and "
                "Presents. Each suit has two copies of every rank from 1 to 6."
            ),
            (
                "Some cards carry a bonus badge at the bottom. The Grinch tile, with a heart "
                "showing 3, and two heart tokens (4 and 5) keep track of the turns."
            ),
            Cards(
                ("W1a", "N3a", "O5b", "P6b"),
                "One card of each suit: a wreath, a noisemaker, an ornament and a present.",
            ),
        ],
    ),
    Section(
        "The goal",
        [
            (
                "Each round you build a hand of five cards and write its score in one row of the "
                "score pad. Whoever has the most points when the final round is done wins the game, "
                "and a tie for the most points is a shared win."
            ),
        ],
    ),
    Section(
        "Rounds and the Grinch",
        [
            (
                "The number of rounds depends on the players: 6 rounds for 2 or 3 players, 4 for "
                "4 players, 5 for 5 players and 6 for 6 players."
            ),
            (
                "In every round one player is the Grinch and everyone else is a Who. The starting "
                "player is the first Grinch; after each round the role moves one seat to the left."
            ),
        ],
    ),
    Section(
        "Setting up a round",
        [
            (
                "Shuffle the whole deck and give everyone 2 cards. The remaining cards, face down, "
                "form the draw pile. Each player also gets a personal discard pile, which starts "
                "every round empty."
            ),
            "The Grinch tile starts the round showing the heart with 3 on it.",
        ],
    ),
    Section(
        "A turn",
        [
            "A round has three turns. In each turn the Whos go first, then the Grinch.",
            (
                "• Each Who picks up two new cards from the draw pile and then lays one card from "
                "their hand on their personal discard pile. The Whos choose in secret; their "
                "discards are shown at the same moment when the last Who has chosen."
            ),
            (
                "• Then the Grinch collects two cards, one after the other. For each, the Grinch "
                "may pick the draw pile or the top card of any discard pile, their own included. "
                "Taking twice from one pile is fine: the second card is whatever lay underneath. "
                "Finally the Grinch puts one card face up on their own discard pile."
            ),
            (
                "After the first turn everyone holds 3 cards and the 4 heart drops onto the tile; "
                "after the second turn, 4 cards and the 5 heart; after the third turn, 5 cards. "
                "Then the round is scored."
            ),
        ],
    ),
    Section(
        "The score pad",
        [
            (
                "The pad has seven rows, and each row can be filled only once per game. When a "
                "round ends, everybody picks a still-empty row and writes their five-card hand's "
                "value there:"
            ),
            "• Wreaths, Noise, Ornaments or Presents: add up the ranks of your cards of that suit.",
            "• Rainbow: take your highest card in each suit and add those up (a missing suit adds 0).",
            (
                "• Match: your biggest group of equal ranks. Three of a kind scores 10, four "
                "scores 20, five scores 30; anything less scores 0."
            ),
            (
                "• Run: your longest chain of ranks in a row, any suits. Four in a row scores 15, "
                "five scores 25; anything less scores 0. A 6 does not wrap round to a 1."
            ),
            ("You may pick a row that scores 0. A game never has more than six rounds, so there is always a free row."),
        ],
    ),
    Section(
        "Bonus cards",
        [
            (
                "Twelve cards have a bonus badge. A +5 badge pays 5 points when your final hand "
                "contains any card of the pictured suit. A +10 badge pays 10 points when your "
                "final hand has three or more cards of the pictured suit. A badge always asks for "
                "a different suit from its own card."
            ),
            (
                "Each badge is checked on its own, so one card can help several badges. "
                "Bonuses count whichever row you choose."
            ),
            (
                "• The first 1 of each suit: +5 with the next suit (Wreaths need Noise, Noise "
                "needs Ornaments, Ornaments need Presents, Presents need Wreaths)."
            ),
            ("• The second 1 of each suit: +5 with the suit before it (Wreaths need Presents, and so on)."),
            (
                "• The first 2 of each suit: +10 with three cards of the opposite suit (Wreaths "
                "and Ornaments, Noise and Presents)."
            ),
            Cards(
                ("W1a", "W1b", "W2a"), "Wreaths 1s and 2 with badges: +5 if Noise, +5 if Presents, +10 if 3 Ornaments."
            ),
        ],
    ),
    Section(
        "A scoring example",
        [
            Cards(
                ("W1a", "N4a", "N5b", "O5a", "P5b"),
                "A finished hand. The Wreaths 1 badge wants a Noise card, and there are two.",
            ),
            (
                "The bonus is met, so every row gets +5. Noise would score 4 + 5 = 9, plus 5 "
                "makes 14. Match (three 5s) makes 10 + 5 = 15. Rainbow takes 1 + 5 + 5 + 5 = 16, "
                "plus 5 makes 21: the best choice, if Rainbow is still free."
            ),
        ],
    ),
    Section(
        "How to play on this table",
        [
            ("As a Who, your two new cards arrive by themselves: click a card in your hand to discard it."),
            (
                "As the Grinch, click the draw pile or the top card of any discard pile to take "
                "a card, twice, then click a card in your hand to discard it."
            ),
            "When the round ends, click a free row on the score pad to score your hand there.",
            "If a move is not allowed, the card gives a small shake and the status line says why.",
        ],
    ),
]
