"""The rules' and the hints' English reasons, said in the current language.

`game/rules` and `game/ai` know nothing of languages: an `IllegalMove`
carries a rule ID and an English sentence that numbers seats and spells
cards in the notation ("Seat 2's discard pile is empty: nothing to take").
Here each kind of sentence is matched by a pattern and said again from a
catalog message, with seats named ("You", "Mina") and cards in words.
`tests/test_i18n.py` drives the rules and the hint givers through many
positions and checks that every sentence they produce has a pattern.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from game.app import names
from game.i18n import N_, _


class Phrase(NamedTuple):
    """One kind of sentence: a pattern with named groups, what it says about
    someone else, and (when a `seat` group is the subject) about the reader."""

    pattern: re.Pattern
    other: str
    you: str | None = None


def _p(pattern: str, other: str, you: str | None = None) -> Phrase:
    return Phrase(re.compile(pattern + r"\Z"), other, you)


CARD = r"(?P<card>[A-Za-z0-9 ]+?)"

RULES: tuple[Phrase, ...] = (
    # every game
    _p(r"The game is over; no more moves", N_("The game is over.")),
    # Sticheln
    _p(r"First everyone picks a pain card: choose one with 'pain <card>'",
       N_("First everyone picks a pain card.")),
    _p(r"Pain cards are already chosen; play a card with 'play <card>'",
       N_("The pain cards are already chosen: play a card.")),
    _p(r"(?P<card>\w+ \d+) is not in the (?P<n>\d+)-player deck",
       N_("{card} is not in the deck for {n} players.")),
    _p(r"Seat (?P<seat>\d+) does not hold (?P<card>\w+ \d+)",
       N_("{seat} does not hold {card}."), N_("You do not hold {card}.")),
    # Avalanche
    _p(r"an avalanche is on the table: you may not draw, you must play a set",
       N_("An avalanche is on the table: you may not draw, you must play a set.")),
    _p(r"the draw pile is empty, so no snowfall: start an avalanche(?: \(AV-5\.2\))?",
       N_("The draw pile is empty, so no Snowfall: start an avalanche.")),
    _p(r"seat (?P<seat>\d+) holds (?P<held>\d+) cards? of rank (?P<rank>\w+), so cannot play (?P<count>\d+)",
       N_("{seat} holds {held} × {rank}, so cannot play {count}."),
       N_("You hold {held} × {rank}, so you cannot play {count}.")),
    # Grinch
    _p(r"Rows are chosen only after the third turn of the round",
       N_("Rows are chosen only after the third turn of the round.")),
    _p(r"Seat (?P<seat>\d+) has already used the (?P<row>\w+) row in this game",
       N_("{seat} has already used the {row} row in this game."),
       N_("You have already used the {row} row in this game.")),
    _p(r"The round is over: seat (?P<seat>\d+) chooses a row with 'score ROW'",
       N_("The round is over: {seat} chooses a row on the score pad."),
       N_("The round is over: choose a row on the score pad.")),
    _p(r"Seat (?P<seat>\d+) is a Who this round: Whos get their two cards from the draw pile and only discard",
       N_("{seat} is a Who this round: Whos get their two cards from the draw pile and only discard."),
       N_("You are a Who this round: Whos get their two cards from the draw pile and only discard.")),
    _p(r"The Grinch has taken two cards; now discard one",
       N_("The Grinch has taken two cards: now discard one.")),
    _p(r"The draw pile is empty", N_("The draw pile is empty.")),
    _p(r"Seat (?P<seat>\d+)'s discard pile is empty: nothing to take",
       N_("{seat}'s discard pile is empty: nothing to take."),
       N_("Your discard pile is empty: nothing to take.")),
    _p(r"The Grinch takes two cards first \((?P<n>\d+) to go\), then discards",
       N_("The Grinch takes two cards first ({n} to go), then discards.")),
    _p(r"Seat (?P<seat>\d+) \((?:the Grinch|a Who)\) does not hold (?P<card>[WNOP]\d[ab])",
       N_("{seat} does not hold {card}."), N_("You do not hold {card}.")),
)

#: Sentences a click at the table never causes (typed notation, wrong types,
#: another seat's view): said as one general line.
INTERNAL = re.compile(
    r".* is not an? \w+ move.*|.* is not a well-formed snowfall|.*: a set is one or more cards of one rank"
    r"|seat \d+'s view cannot play for seat \d+|the \w+ set (?:is empty|mixes ranks).*"
    r"|.* is not a score pad row.*|There is no seat .* to take from|.* is not a Grinch card"
    r"|unknown .*|.*notation.*|.* is not a .*card.*|.*expected.*|.*cannot parse.*|.*not a number.*"
)

HINTS: tuple[Phrase, ...] = (
    # Sticheln
    _p(r"Take the trick with the (?P<card>\w+ \d+): it is worth \+(?P<n>\d+) to you",
       N_("Take the trick with {card}: it is worth +{n} to you")),
    _p(r"Play the (?P<card>\w+ \d+) \(risky: the trick may cost you\)",
       N_("Play {card} (risky: the trick may cost you)")),
    _p(r"Get rid of the (?P<card>\w+ \d+): (?P<colour>\w+) is your pain colour",
       N_("Get rid of {card}: {colour} is your pain colour")),
    _p(r"Dump the (?P<card>\w+ \d+) on the leader: (?P<colour>\w+) is their pain colour",
       N_("Dump {card} on the leader: {colour} is their pain colour")),
    _p(r"Dump the (?P<card>\w+ \d+) on seat (?P<seat>\d+): (?P<colour>\w+) is their pain colour",
       N_("Dump {card} on {seat}: {colour} is their pain colour")),
    _p(r"Stay out of this trick with the (?P<card>\w+ \d+)",
       N_("Stay out of this trick with {card}")),
    _p(r"Pick the (?P<card>\w+ \d+): (?P<colour>\w+) is your longest colour and a low pain card costs little",
       N_("Pick {card}: {colour} is your longest colour and a low pain card costs little")),
    _p(r"Pick the (?P<card>\w+ \d+): (?P<colour>\w+) becomes your pain colour",
       N_("Pick {card}: {colour} becomes your pain colour")),
    # Avalanche
    _p(r"Snowfall: draw a card and wait", N_("Snowfall: draw a card and wait")),
    _p(r"Snowfall: draw rather than open an avalanche others can top",
       N_("Snowfall: draw rather than open an avalanche others can top")),
    _p(r"Start with (?P<set>(?:\d+x )?\w+): the next player can top it only (?P<p>\d+)% of the time, "
       r"so they likely fall onto you",
       N_("Start with {set}: the next player can top it only {p}% of the time, so they likely fall onto you")),
    _p(r"Grow with (?P<set>(?:\d+x )?\w+): the next player can top it only (?P<p>\d+)% of the time, "
       r"so they likely fall onto you",
       N_("Grow with {set}: the next player can top it only {p}% of the time, so they likely fall onto you")),
    _p(r"Stop the avalanche with (?P<set>(?:\d+x )?\w+): (?P<n>\d+) cards go to no one instead of seat "
       r"(?P<seat>\d+)",
       N_("Stop the avalanche with {set}: {n} cards go to no one instead of to {seat}")),
    _p(r"Fall with (?P<set>(?:\d+x )?\w+): the least bad choice",
       N_("Fall with {set}: the least bad choice")),
    # Grinch
    _p(r"Draw from the pile: no discard helps more", N_("Draw from the pile: no discard helps more")),
    _p(r"Take (?P<card>[WNOP]\d[ab]) from your own pile: it builds your best open row",
       N_("Take {card} from your own pile: it builds your best open row")),
    _p(r"Take (?P<card>[WNOP]\d[ab]) from seat (?P<seat>\d+)'s discards: it builds your best open row",
       N_("Take {card} from {seat}'s discards: it builds your best open row")),
    _p(r"Score (?P<row>\w+) for (?P<n>\d+) now; the rows you keep open are worth about (?P<later>\d+) later",
       N_("Score {row} for {n} now; the rows you keep open are worth about {later} later")),
    _p(r"Score (?P<row>\w+) for (?P<n>\d+) now", N_("Score {row} for {n} now")),
    _p(r"Discard (?P<card>[WNOP]\d[ab]): it helps your open rows least",
       N_("Discard {card}: it helps your open rows least")),
    _p(r"Discard (?P<card>[WNOP]\d[ab]): keep the cards that build your open rows",
       N_("Discard {card}: keep the cards that build your open rows")),
)
#: Hard's note on how sure its search is, after any reason above.
SEARCH_NOTE = re.compile(r"(?P<reason>.*?) ?\(?[Cc]hosen in (?P<p>\d+)% of (?P<n>\d+) simulated deals\)?\Z")


def _fill(phrase: Phrase, match: re.Match, game_id: str, name: Callable[[int], str],
          you: Callable[[int], bool]) -> str:
    groups = match.groupdict()
    template = phrase.other
    values: dict[str, object] = dict(groups)
    if groups.get("seat") is not None:
        seat = int(groups["seat"])
        if phrase.you is not None and you(seat):
            template = phrase.you
        values["seat"] = _("you") if you(seat) else name(seat)
    if groups.get("card"):
        try:
            values["card"] = names.card_name(game_id, groups["card"])
        except ValueError:
            pass
    if groups.get("colour"):
        values["colour"] = names.colour_name(groups["colour"])
    if groups.get("row"):
        values["row"] = names.row_name(groups["row"])
    if groups.get("rank"):
        rank = _rank(groups["rank"])
        values["rank"] = names.rank_name(rank) if rank is not None else groups["rank"]
    if groups.get("set"):
        count, _x, word = groups["set"].rpartition("x ")
        rank = _rank(word)
        values["set"] = names.set_name(rank, int(count or 1)) if rank is not None else groups["set"]
    return _(template).format(**values)


def _without_rule_id(reason: str) -> str:
    """A rule's reason without the rule ID it ends with, e.g. " (GR-4.2)"."""
    return re.sub(r"\s*\((?:ST|AV|GR)-[\d.]+\)\s*$", "", reason.strip())


def _rank(word: str) -> int | None:
    """The Avalanche rank a notation word ("Q", "10", "Joker") stands for, if any."""
    from game.rules.avalanche import RANK_NAMES

    return next((r for r, text in RANK_NAMES.items() if text == word), None)


def _find(phrases: tuple[Phrase, ...], text: str) -> tuple[Phrase, re.Match] | None:
    for phrase in phrases:
        match = phrase.pattern.match(text)
        if match:
            return phrase, match
    return None


def illegal(game_id: str, reason: str, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """An IllegalMove's reason (`exc.reason`, without the rule ID) for the table's message line."""
    text = _without_rule_id(reason)
    found = _find(RULES, text)
    if found is None:
        return _("The rules do not allow that move.")
    return _fill(*found, game_id, name, you)


def hint(game_id: str, reason: str | None, name: Callable[[int], str], you: Callable[[int], bool]) -> str:
    """A hint's reason in words, or "" when there is none (or none we can say)."""
    if not reason:
        return ""
    note = ""
    searched = SEARCH_NOTE.match(reason)
    if searched:
        reason = searched.group("reason")
        note = _("chosen in {p}% of {n} simulated deals").format(p=searched.group("p"),
                                                                  n=searched.group("n"))
    found = _find(HINTS, reason) if reason else None
    said = _fill(*found, game_id, name, you) if found else ""
    if said and note:
        return _("{reason} ({note})").format(reason=said, note=note)
    return said or note


def covered(reason: str, hint_text: bool = False) -> bool:
    """True if a sentence has a pattern here (or, for rule reasons, is one no click causes)."""
    text = _without_rule_id(reason)
    if hint_text:
        searched = SEARCH_NOTE.match(text)
        if searched:
            text = searched.group("reason")
            if not text:
                return True
        return _find(HINTS, text) is not None
    return _find(RULES, text) is not None or INTERNAL.match(text) is not None
