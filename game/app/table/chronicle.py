"""The chronicle of a table: what each seat did, in words, built from the
events the rules report for every move (`game/rules/events.py`).  Pure (no
pygame), so it is tested without a window.

`Chronicle` keeps the raw events of each move (who moved, and at which move
of the match) and says them only when asked, with the names and the "you"
of whoever looks now: in pass-and-play the same chronicle reads "You took the
trick" for one player and "Mina took the trick" for the next, and a card
that was secret then stays secret to a seat that may not know it.  The
sentences are the game's (its words part's `sentences`; `ONE_TURN_RUNS`
says whether a seat's moves in a row are one turn): nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from game.app.words import names
from game.match.match import Match
from game.rules.core import PUBLIC, scrub_events

Name = Callable[[int], str]
Mine = Callable[[int], bool]

#: Event kinds that begin a new round: the log shows the round in play.
ROUND_STARTS = frozenset({"round"})


def _nobody(_seat: int) -> bool:
    """Nobody is "you" (words said to whoever is looking)."""
    return False


class Entry(NamedTuple):
    """One move: the seat that made it, its events, and how many moves of the
    match it closes (undo drops the entries past the match's position)."""

    seat: int
    events: tuple
    position: int


class Chronicle:
    """The moves of a table, said in words on demand (see module doc)."""

    def __init__(self, game: str, num_players: int):
        self.game = game
        self.n = num_players
        self.one_turn_runs = bool(names.offered(game, "ONE_TURN_RUNS"))
        self.sentences: Callable[[int, tuple, int, Name, Mine], list[str]] | None = names.offered(game, "sentences")
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

    def fill(self, match: Match) -> None:
        """Rebuild from a match that already holds moves (Continue, Load)."""
        self.entries = []
        self.version += 1
        here = match.position
        try:
            for i, (seat, _move) in enumerate(match.moves[:here]):
                self.add(seat, match.seek(i + 1).events, i + 1)
        except ValueError:  # a match that forgot its states: an empty chronicle
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
        """(seat, events) per turn as `viewer` may know them: every move is
        a turn, or in a game whose words say `ONE_TURN_RUNS` (Grinch) a
        seat's moves in a row are one."""
        out: list[tuple[int, tuple]] = []
        for entry in self.entries:
            events = entry.events if viewer is None else scrub_events(entry.events, viewer)
            if self.one_turn_runs and out and out[-1][0] == entry.seat:
                out[-1] = (entry.seat, out[-1][1] + events)
            else:
                out.append((entry.seat, events))
        return out

    def said(self, seat: int, events: tuple, name: Name, you: Mine) -> list[str]:
        """One turn in sentences (none for a game whose words have no `sentences`)."""
        return self.sentences(seat, events, self.n, name, you) if self.sentences is not None else []

    def line(self, viewer: int | None, name: Name, you: Mine) -> str:
        """The latest turn in one line ("" before anything happened)."""
        for seat, events in reversed(self.turns(viewer)):
            said = self.said(seat, events, name, you)
            if said:
                return " · ".join(said)
        return ""

    def since(self, seat: int, name: Name, limit: int = 3) -> list[str]:
        """What the others did since `seat`'s own last turn (the latest `limit`
        turns, one line each, the latest last), as anyone looking may know it:
        every secret face down, every seat by its name (the pass screen, seen
        by whoever holds the laptop before they say who they are)."""
        lines: list[str] = []
        for mover, events in reversed(self.turns(PUBLIC)):
            if mover == seat or len(lines) == limit:
                break
            said = self.said(mover, events, name, _nobody)
            if said:
                lines.append(" · ".join(said))
        return lines[::-1]

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
