"""The record of a table: what each seat did, in words, built from the
events the rules report for every move (`game/rules/events.py`).  Pure (no
pygame), so it is tested without a window.

`Record` keeps the raw events of each move (who moved, and at which move
of the match) and says them only when asked, with the names and the "you"
of whoever looks now: in pass-and-play the same record reads "You took the
trick" for one player and "Mina took the trick" for the next, and a card
that was secret then stays secret to a seat that may not know it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from game.app.words import names
from game.i18n import _, ngettext
from game.rules.core import scrub_events

Name = Callable[[int], str]
Mine = Callable[[int], bool]

#: Event kinds that begin a new round: the log shows the round in play.
ROUND_STARTS = frozenset({"round"})


class Entry(NamedTuple):
    """One move: the seat that made it, its events, and how many moves of the
    match it closes (undo drops the entries past the match's position)."""

    seat: int
    events: tuple
    position: int


def _card(game: str, card: Any) -> str:
    return names.card_name(game, card)


def sticheln_sentences(seat: int, events: tuple, n: int, name: Name, you: Mine) -> list[str]:
    """A Sticheln move in words: a pain pick, a card played, a trick taken."""
    out = []
    for e in events:
        if e.kind == "picked":
            card = e.cards[0] if e.cards else None
            if you(e.seat) and card is not None:
                out.append(_("You chose {card} as your pain card").format(card=_card("sticheln", card)))
            elif you(e.seat):
                out.append(_("You chose your pain card"))
            else:
                out.append(_("{name} chose a pain card").format(name=name(e.seat)))
        elif e.kind == "revealed":
            out.append(_("The pain cards are turned up"))
        elif e.kind == "played":
            card = _card("sticheln", e.cards[0])
            out.append(_("You played {card}").format(card=card) if you(e.seat)
                       else _("{name} played {card}").format(name=name(e.seat), card=card))
        elif e.kind == "trick_won":
            leader = e.info["leader"]
            card = _card("sticheln", e.cards[(e.seat - leader) % n])
            out.append(_("You took the trick with {card}").format(card=card) if you(e.seat)
                       else _("{name} took the trick with {card}").format(name=name(e.seat), card=card))
        elif e.kind == "set_aside":
            out.append(_("All zeros: the trick is set aside"))
        elif e.kind == "round_scored":
            out.append(_("Round {n} is scored").format(n=e.info["round"]))
    return out


def avalanche_sentences(seat: int, events: tuple, n: int, name: Name, you: Mine) -> list[str]:
    """An Avalanche move in words: Snowfall, a set played, a fall or a stop."""
    out = []
    for e in events:
        if e.kind == "snowfall":
            out.append(_("You: Snowfall") if you(e.seat)
                       else _("{name}: Snowfall").format(name=name(e.seat)))
        elif e.kind == "played":
            played = names.set_name(e.cards[0].rank, len(e.cards))
            out.append(_("You played {cards}").format(cards=played) if you(e.seat)
                       else _("{name} played {cards}").format(name=name(e.seat), cards=played))
        elif e.kind == "fell":
            count = e.info["count"]
            who = e.info["collector"]
            if you(who):
                out.append(ngettext("The avalanche fell on you: {n} card to your pile",
                                    "The avalanche fell on you: {n} cards to your pile",
                                    count).format(n=count))
            else:
                out.append(ngettext("The avalanche fell on {name}: {n} card to their pile",
                                    "The avalanche fell on {name}: {n} cards to their pile",
                                    count).format(name=name(who), n=count))
        elif e.kind == "stopped":
            count = e.info["count"]
            out.append(ngettext("The avalanche stopped: {n} card into the crevasse",
                                "The avalanche stopped: {n} cards into the crevasse",
                                count).format(n=count))
        elif e.kind == "refilled":
            count = len(e.cards)
            out.append(ngettext("You drew {n} new card", "You drew {n} new cards", count).format(n=count)
                       if you(e.seat) else
                       ngettext("{name} drew {n} new card", "{name} drew {n} new cards",
                                count).format(name=name(e.seat), n=count))
        elif e.kind == "out":
            out.append(_("You are out of cards") if you(e.seat)
                       else _("{name} is out of cards").format(name=name(e.seat)))
    return out


def _grinch_take(e: Any, name: Name, you: Mine) -> str:
    card = _card("grinch", e.cards[0])
    owner = e.info["from"]
    if owner == e.seat:
        return _("your own {card}").format(card=card) if you(owner) else card
    if you(owner):
        return _("your {card}").format(card=card)
    return _("{name}'s {card}").format(name=name(owner), card=card)


def grinch_sentences(seat: int, events: tuple, n: int, name: Name, you: Mine) -> list[str]:
    """A Grinch turn in words (a turn may be several moves: takes, draws and
    a discard), e.g. "Simran, the Grinch, took Joon's Wreath 3 and drew 1"."""
    takes = [_grinch_take(e, name, you) for e in events if e.kind == "took" and e.seat == seat]
    draws = sum(len(e.cards) for e in events if e.kind == "drew" and e.seat == seat
                and isinstance(e.info, dict) and e.info.get("from") == "pile")
    out = []
    me = you(seat)
    if takes or draws:
        cards, k = ", ".join(takes), draws
        if takes and draws:
            out.append(ngettext("You, the Grinch, took {cards} and drew {n}",
                                "You, the Grinch, took {cards} and drew {n}", k).format(cards=cards, n=k)
                       if me else
                       ngettext("{name}, the Grinch, took {cards} and drew {n}",
                                "{name}, the Grinch, took {cards} and drew {n}", k).format(
                           name=name(seat), cards=cards, n=k))
        elif takes:
            out.append(_("You, the Grinch, took {cards}").format(cards=cards) if me
                       else _("{name}, the Grinch, took {cards}").format(name=name(seat), cards=cards))
        else:
            out.append(ngettext("You, the Grinch, drew {n} card", "You, the Grinch, drew {n} cards",
                                k).format(n=k) if me else
                       ngettext("{name}, the Grinch, drew {n} card", "{name}, the Grinch, drew {n} cards",
                                k).format(name=name(seat), n=k))
    for e in events:
        if e.kind == "discarded" and e.seat == seat:
            card = e.cards[0] if e.cards else None
            if card is None:
                out.append(_("{name} discarded a card face down").format(name=name(seat)))
            elif me:
                out.append(_("You discarded {card}").format(card=_card("grinch", card)))
            else:
                out.append(_("{name} discarded {card}").format(name=name(seat), card=_card("grinch", card)))
        elif e.kind == "chose" and e.seat == seat:
            out.append(_("You chose your row") if me
                       else _("{name} chose a row").format(name=name(seat)))
        elif e.kind == "revealed":
            shown = ", ".join(_("{name}: {card}").format(name=_("you") if you(s) else name(s),
                                                         card=_card("grinch", c))
                              for s, c in zip(e.info["seats"], e.cards))
            out.append(_("The Whos' discards turn up: {cards}").format(cards=shown))
        elif e.kind == "round_over":
            out.append(_("Round {n} is scored").format(n=e.info["round"]))
    return out


SENTENCES: dict[str, Callable[[int, tuple, int, Name, Mine], list[str]]] = {
    "sticheln": sticheln_sentences,
    "avalanche": avalanche_sentences,
    "grinch": grinch_sentences,
}


class Record:
    """The moves of a table, said in words on demand (see module doc)."""

    def __init__(self, game: str, num_players: int):
        self.game = game
        self.n = num_players
        self.entries: list[Entry] = []
        self.version = 0  # changes with every change (for a table's cache of the words)

    def add(self, seat: int, events: tuple, position: int) -> None:
        """Remember one move (its events as the rules reported them)."""
        self.entries.append(Entry(seat, tuple(events), position))
        self.version += 1

    def rewind(self, position: int) -> None:
        """Forget the moves past `position` (after an undo)."""
        self.entries = [e for e in self.entries if e.position <= position]
        self.version += 1

    def fill(self, match: Any) -> None:
        """Rebuild from a match that already holds moves (Continue, Load)."""
        self.entries = []
        self.version += 1
        here = match.position
        try:
            for i, (seat, _move) in enumerate(match.moves[:here]):
                self.add(seat, match.seek(i + 1).events, i + 1)
        except ValueError:  # a match that forgot its states: an empty record
            self.entries = []
        finally:
            match.seek(here)

    def last_trick(self) -> tuple[int, tuple, int | None] | None:
        """Sticheln's latest full trick: (leader, cards in play order, the
        seat that took it or None when it was set aside), or None."""
        for entry in reversed(self.entries):
            for e in reversed(entry.events):
                if e.kind in ("trick_won", "set_aside"):
                    return e.info["leader"], e.cards, e.seat if e.kind == "trick_won" else None
        return None

    def turns(self, viewer: int | None) -> list[tuple[int, tuple]]:
        """(seat, events) per turn as `viewer` may know them: in Grinch a
        seat's moves in a row are one turn; elsewhere every move is."""
        out: list[tuple[int, tuple]] = []
        for entry in self.entries:
            events = entry.events if viewer is None else scrub_events(entry.events, viewer)
            if self.game == "grinch" and out and out[-1][0] == entry.seat:
                out[-1] = (entry.seat, out[-1][1] + events)
            else:
                out.append((entry.seat, events))
        return out

    def said(self, seat: int, events: tuple, name: Name, you: Mine) -> list[str]:
        return SENTENCES[self.game](seat, events, self.n, name, you)

    def line(self, viewer: int | None, name: Name, you: Mine) -> str:
        """The latest turn in one line ("" before anything happened)."""
        for seat, events in reversed(self.turns(viewer)):
            said = self.said(seat, events, name, you)
            if said:
                return " · ".join(said)
        return ""

    def log(self, viewer: int | None, name: Name, you: Mine, limit: int = 14) -> list[str]:
        """This round's turns, one line each, the latest last (at most `limit`)."""
        turns = self.turns(viewer)
        start = 0
        for i, (_seat, events) in enumerate(turns):
            if any(e.kind in ROUND_STARTS or (e.kind == "dealt" and i) for e in events):
                start = i
        lines = []
        for seat, events in turns[start:]:
            said = self.said(seat, events, name, you)
            if said:
                lines.append(" · ".join(said))
        return lines[-limit:]
