"""Avalanche's Rules screen in English.

The notes of the former en.py of every game's Rules screens, kept for translators:

English Rules screens: written for a family reading on screen, faithful to shared/rules/*.md.

The other languages (ko, ca, pa) translate this module section by section;
change the facts here and there together.
"""

from __future__ import annotations

from game.common.sections import Cards, Section

TITLE = "Avalanche"

TAGLINE = "Grow the pile with bigger sets, and collect it when it falls after you."

RULES: list[Section] = [
    Section(
        "What you need",
        [
            "2 to 6 players and 110 cards: two ordinary 52-card decks plus 6 jokers.",
            (
                "Only the rank of a card matters, from low to high: 2, 3, 4, 5, 6, 7, 8, 9, 10, "
                "jack, queen, king, ace, and the joker on top. Suits are just decoration."
            ),
            (
                "A joker is not wild: it is simply the highest rank, and several jokers together "
                "make a perfectly good set."
            ),
            Cards(
                ("2C", "7D", "10H", "JS", "QS", "KH", "AD", "Joker"), "From lowest to highest. The suits never matter."
            ),
        ],
    ),
    Section(
        "The goal",
        [
            (
                "Collect as many cards as you can. Cards reach your collection pile when an "
                "avalanche falls right after you played to it."
            ),
        ],
    ),
    Section(
        "Dealing",
        [
            (
                "A dealer is chosen (this table picks one for you). Everyone gets 10 cards and "
                "the rest become the face-down draw pile."
            ),
            "The player to the dealer's left goes first, and turns move clockwise.",
        ],
    ),
    Section(
        "Your turn: an empty table",
        [
            "When no avalanche is on the table, do one of these:",
            (
                "• Snowfall: draw one card from the draw pile. That is your whole turn. You "
                "cannot do this when the draw pile is empty."
            ),
            ("• Start an avalanche: lay one card, or several cards of the same rank, face up on the table."),
        ],
    ),
    Section(
        "Your turn: an avalanche is running",
        [
            (
                "Once an avalanche has started you may not draw. You must lay down a set, "
                "meaning any number of cards that all share a rank. Your set is compared with the set the player "
                "before you just laid down, and does one of three things."
            ),
            (
                "• It grows if you play more cards (any rank), or the same number of cards of an "
                "equal or higher rank. Your cards join the pile and play moves on."
            ),
            (
                "• It stops if you play the same number of cards, at least two, of a lower rank. "
                "Everything on the table goes to the neutral pile, which counts for nobody."
            ),
            (
                "• It falls if you play fewer cards, or a single card lower than a single card. "
                "Everything on the table, your cards included, goes face down to the player "
                "who played just before you."
            ),
            (
                "After a stop or a fall the table is empty and the player to your left takes the "
                "next turn. Any set you lay down is sure to grow, stop or make a fall, so you "
                "always have a move while you hold a card."
            ),
            Cards(
                ("4H", "4S", "2C", "2D", "2S"),
                "Two 4s, then three 2s: more cards, so it grows, even though 2 is lower.",
            ),
            Cards(("9S", "9H", "9D", "7C", "7S", "7D"), "Three 9s, then three 7s: same size, lower rank, so it stops."),
            Cards(("QS", "3H"), "A queen, then a lower single 3: two singles can never stop, so it falls."),
        ],
    ),
    Section(
        "Refilling and running out",
        [
            (
                "If your hand is empty at the end of your turn, draw back up to 10 cards, or "
                "whatever is left in the draw pile if that is fewer."
            ),
            (
                "When the draw pile is used up, nobody can snowfall any more: whoever has the turn "
                "with a clear table has to begin a new avalanche."
            ),
            (
                "A player with an empty hand and nothing left to draw is out of the game, but "
                "keeps the cards they collected. A fall can still hand them more."
            ),
        ],
    ),
    Section(
        "End of the game and scoring",
        [
            (
                "The game ends when no more than one player still holds cards. That player's "
                "hand, plus any cards still lying in the middle, join the neutral pile."
            ),
            (
                "Your score is the number of cards in your collection pile. The most cards wins; "
                "players with equal counts share the win."
            ),
            (
                "Example: Mina plays two 8s. Leo can only answer with a single king, so the "
                "avalanche falls, and Mina collects every card on the table, Leo's king too. "
                "If the table held 12 cards, that is 12 points for Mina."
            ),
        ],
    ),
    Section(
        "How to play on this table",
        [
            "To play, click cards of one rank in your hand to select them, then press Play.",
            "To snowfall, click the draw pile.",
            "If a move is not allowed, the cards give a small shake and the status line says why.",
        ],
    ),
]
