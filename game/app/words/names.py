"""What the table calls things, in the current language: games, cards,
colours, suits, score pad rows, computer levels, animation speeds, moves.

The rules speak a notation (`red 4`, `QS`, `W1a`, `play Q Q`) that is also the
save and log format, so it stays English; people read these words instead.
Everything is looked up when called, never at import: the language can
change while the app runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.i18n import N_, _, ngettext

GAMES = {"sticheln": N_("Sticheln"), "avalanche": N_("Avalanche"),
         "grinch": N_("Grinch: Grow Your Heart")}
#: Sticheln's colours as the cards show them: the notation's "red" is drawn
#: as an orange flame and "purple" as a pink flower (design/art.md: Okabe-Ito
#: vermillion and reddish purple), so people read "orange" and "pink".
COLOURS = {"red": N_("orange"), "yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue"),
           "purple": N_("pink"), "grey": N_("grey")}
SUITS = {"W": N_("Wreath"), "N": N_("Noise"), "O": N_("Ornament"), "P": N_("Present")}
ROWS = {"wreaths": N_("Wreaths"), "noise": N_("Noise"), "ornaments": N_("Ornaments"),
        "presents": N_("Presents"), "rainbow": N_("Rainbow"), "match": N_("Match"), "run": N_("Run")}
ROW_HELP = {"wreaths": N_("sum of Wreaths"), "noise": N_("sum of Noise"),
            "ornaments": N_("sum of Ornaments"), "presents": N_("sum of Presents"),
            "rainbow": N_("top card of each suit"), "match": N_("3 / 4 / 5 alike: 10 / 20 / 30"),
            "run": N_("run of 4 / 5: 15 / 25")}
LEVELS = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard"), "random": N_("Random")}
SPEEDS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"), "off": N_("Off")}
#: the little tag on a seat's panel
SEAT_TAGS = {"you": N_("you"), "human": N_("human"), "easy": N_("easy"), "normal": N_("normal"),
             "hard": N_("hard"), "random": N_("random")}


def _said(table: dict[str, str], key: str, default: str) -> str:
    """`table[key]` in the current language, or `default` for a key the table lacks."""
    return _(table[key]) if key in table else default


def game_name(game_id: str) -> str:
    return _said(GAMES, game_id, game_id)


def colour_name(colour: str) -> str:
    """A Sticheln colour in words, as drawn: notation "red" is "orange"."""
    return _said(COLOURS, colour, colour)


def suit_name(suit: str) -> str:
    """A Grinch suit letter ("W") in words."""
    return _said(SUITS, suit, suit)


def row_name(row: str) -> str:
    return _said(ROWS, row, row)


def row_help(row: str) -> str:
    return _said(ROW_HELP, row, "")


def seat_tag(tag: str) -> str:
    return _said(SEAT_TAGS, tag, tag)


def rank_name(rank: int) -> str:
    """An Avalanche rank: 2..10, J, Q, K, A as printed on the cards, or "Joker"."""
    from game.games.avalanche.rules import JOKER, RANK_NAMES

    return _("Joker") if rank == JOKER else RANK_NAMES.get(rank, "?")


def set_name(rank: int, count: int) -> str:
    """An Avalanche set: `Q Q`, `Joker Joker`, or `6 × 7` for long sets."""
    name = rank_name(rank)
    return " ".join([name] * count) if count <= 4 else f"{count} × {name}"


def card_name(game_id: str, card: Any) -> str:
    """A card (object or notation) as people say it: "red 4", "Q", "Wreath 3"."""
    from game import rules

    if isinstance(card, str):
        card = rules.get(game_id).parse_card(card)
    if game_id == "sticheln":
        return _("{colour} {value}").format(colour=colour_name(card.colour), value=card.value)
    if game_id == "avalanche":
        return rank_name(card.rank)
    if game_id == "grinch":
        return _("{suit} {rank}").format(suit=suit_name(card.suit), rank=card.rank)
    return str(card)


def cards(n: int) -> str:
    """"1 card", "5 cards"."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def move_text(game_id: str, move: Any, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """A move as an instruction, for the Hint line: "Play red 4", "Take from Mina's pile"."""
    kind = getattr(move, "kind", None)
    if game_id == "sticheln":
        card = card_name(game_id, move.card)
        if kind == "pain":
            return _("Pick {card} as your pain card").format(card=card)
        return _("Play {card}").format(card=card)
    if game_id == "avalanche":
        if kind == "snowfall":
            return _("Snowfall: draw a card")
        return _("Play {cards}").format(cards=set_name(move.rank, move.count))
    if game_id == "grinch":
        if kind == "draw":
            return _("Draw from the draw pile")
        if kind == "take":
            if you(move.arg):
                return _("Take the top card of your own discard pile")
            return _("Take the top card of {name}'s discard pile").format(name=name(move.arg))
        if kind == "discard":
            return _("Discard {card}").format(card=card_name(game_id, move.arg))
        if kind == "score":
            return _("Score your hand in the {row} row").format(row=row_name(move.arg))
    return str(move)


def move_named(game_id: str, move: Any, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """A move as a short noun, as the table says cards, for a review's verdict
    ("orange 4", "Q Q", "Snowfall", "Mina's discard pile", "the Run row")."""
    kind = getattr(move, "kind", None)
    if game_id == "sticheln":
        return card_name(game_id, move.card)
    if game_id == "avalanche":
        return _("Snowfall") if kind == "snowfall" else set_name(move.rank, move.count)
    if game_id == "grinch":
        if kind == "draw":
            return _("the draw pile")
        if kind == "take":
            if you(move.arg):
                return _("your discard pile")
            return _("{name}'s discard pile").format(name=name(move.arg))
        if kind == "discard":
            return card_name(game_id, move.arg)
        if kind == "score":
            return _("the {row} row").format(row=row_name(move.arg))
    return str(move)


def move_said(game_id: str, seat: int, move: Any, name: Callable[[int], str],
              you: Callable[[int], bool]) -> str:
    """A move someone made, as a sentence about them in the past tense like
    the table's record, for a replay's line: "Mina played orange 4", or "You
    played orange 4" when `seat` is the one the table speaks to as "you"."""
    kind = getattr(move, "kind", None)
    me = you(seat)
    said: str | None = None
    values: dict[str, str] = {"name": name(seat)}
    if game_id == "sticheln":
        values["card"] = card_name(game_id, move.card)
        said = ((_("You chose {card} as your pain card") if me else _("{name} chose {card} as a pain card"))
                if kind == "pain" else (_("You played {card}") if me else _("{name} played {card}")))
    elif game_id == "avalanche":
        if kind == "snowfall":
            said = _("You: Snowfall") if me else _("{name}: Snowfall")
        else:
            values["cards"] = set_name(move.rank, move.count)
            said = _("You played {cards}") if me else _("{name} played {cards}")
    elif game_id == "grinch":
        said = _grinch_said(seat, move, you, values, name)
    return said.format(**values) if said is not None else f"{name(seat)}: {move}"


def _grinch_said(seat: int, move: Any, you: Callable[[int], bool], values: dict[str, str],
                 name: Callable[[int], str]) -> str | None:
    """`move_said` for a Grinch move (fills `values` with what it names)."""
    kind, me = move.kind, you(seat)
    if kind == "draw":
        return _("You drew from the draw pile") if me else _("{name} drew from the draw pile")
    if kind == "take":
        owner = move.arg
        if me:
            if you(owner):
                return _("You took the top card of your own discard pile")
            values["owner"] = name(owner)
            return _("You took the top card of {owner}'s discard pile")
        if you(owner):
            return _("{name} took the top card of your discard pile")
        if owner == seat:
            return _("{name} took the top card of their own discard pile")
        values["owner"] = name(owner)
        return _("{name} took the top card of {owner}'s discard pile")
    if kind == "discard":
        values["card"] = card_name("grinch", move.arg)
        return _("You discarded {card}") if me else _("{name} discarded {card}")
    if kind == "score":
        values["row"] = row_name(move.arg)
        return _("You scored your hand in the {row} row") if me else _("{name} scored the {row} row")
    return None
