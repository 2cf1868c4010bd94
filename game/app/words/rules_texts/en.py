"""English Rules screens: written for a family reading on screen, faithful to shared/rules/*.md.

The other languages (ko, ca, pa) translate this module section by section;
change the facts here and there together.
"""

from __future__ import annotations

from game.app.words.rules_texts import Cards, Section

TITLES: dict[str, str] = {
    "sticheln": "Sticheln",
    "avalanche": "Avalanche",
    "grinch": "Grinch: Grow Your Heart",
}

TAGLINES: dict[str, str] = {
    "sticheln": "Win tricks, but every card of the colour you chose to fear costs you.",
    "avalanche": "Grow the pile with bigger sets, and collect it when it falls after you.",
    "grinch": "Build the best five-card hand while the Grinch raids your discards.",
}

STICHELN: list[Section] = [
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

AVALANCHE: list[Section] = [
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

GRINCH: list[Section] = [
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

RULES: dict[str, list[Section]] = {
    "sticheln": STICHELN,
    "avalanche": AVALANCHE,
    "grinch": GRINCH,
}
