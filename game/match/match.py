"""One game in progress at the table: who sits where, the state, the moves.

Pure Python (no pygame), so the table, saves, replays and tests share it.  Every
move goes through `State.apply`; the match only remembers the states it
passed through so that undo can step back to one of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game import rules
from game.i18n import N_
from game.rules import IllegalMove
from game.rules.events import REVEALING

# REVEALING (from the one event vocabulary, game/rules/events.py): the kinds
# after which a move is not taken back -- they show a seat cards it did not
# know before, or they close a round whose scores have been shown.
__all__ = ["REVEALING", "Match", "Seat"]


@dataclass(frozen=True)
class Seat:
    name: str
    human: bool
    level: str = "normal"  # the computer's level; ignored for humans

    @property
    def agent_name(self) -> str:
        return "human" if self.human else self.level


@dataclass
class Match:
    game_id: str
    seats: list[Seat]
    seed: int | None = None
    start: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    daily: str | None = None  # the ISO date whose "Today's deal" this is (game/match/daily_deal.py)

    def __post_init__(self) -> None:
        self.module = rules.get(self.game_id)
        self.state = self.module.new_game(len(self.seats), self.seed, start=self.start, **self.options)
        self.seed = self.state.seed
        self.moves: list[tuple[int, Any]] = []  # (seat, move) in play order
        self._states = [self.state]  # _states[i] is the state before moves[i]
        self._at = 0  # the state shows the game after moves[:_at] (a replay may step back)

    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.human]

    @property
    def current(self) -> int | None:
        seat: int | None = self.state.current_player
        return seat

    def human_to_act(self) -> bool:
        seat = self.current
        return seat is not None and self.seats[seat].human

    def apply(self, move: Any) -> Any:
        """Play `move` for the seat to act; returns the new state.

        Raises IllegalMove (and changes nothing) if the rules forbid it.
        """
        seat = self.current
        new = self.state.apply(move)  # refuses any move once the game is over
        assert seat is not None
        del self.moves[self._at :]  # played from an earlier position: the moves after it are gone
        del self._states[self._at + 1 :]
        self.moves.append((seat, move))
        self._states.append(new)
        self.state = new
        self._at += 1
        return new

    @property
    def position(self) -> int:
        """How many of `moves` the state shows (all of them, but while a replay steps back)."""
        return self._at

    def seek(self, index: int) -> Any:
        """Show the game after the first `index` moves, keeping the rest (a
        replay steps back and forth through states `apply` reached); returns it."""
        if not 0 <= index <= len(self.moves):
            raise IndexError(f"a match of {len(self.moves)} moves has no position {index}")
        if len(self._states) != len(self.moves) + 1:
            raise ValueError("this match forgot its earlier states (forget_undo)")
        self._at = index
        self.state = self._states[index]
        return self.state

    def state_after(self, count: int) -> Any:
        """The state after the first `count` moves, without moving the match there (IndexError:
        no such position; ValueError: the match forgot its earlier states)."""
        if not 0 <= count <= len(self.moves):
            raise IndexError(f"a match of {len(self.moves)} moves has no position {count}")
        if len(self._states) != len(self.moves) + 1:
            raise ValueError("this match forgot its earlier states (forget_undo)")
        return self._states[count]

    def forget_undo(self) -> None:
        """Drop the states kept for undo (nine tenths of a long game's memory): for a
        match only looked at, like a history file's (`library.shared_match`), never played on."""
        self._states = [self.state]

    def check(self, move: Any) -> str | None:
        """Why `move` is illegal now, or None if it is legal."""
        try:
            self.state.apply(move)
        except IllegalMove as exc:
            return str(exc)
        return None

    # -- undo (only with exactly one human) ---------------------------------
    def undo_target(self) -> tuple[int | None, str]:
        """Index of the move to take back, or None and the reason why not
        (an English catalog message: the table shows `_(reason)`)."""
        humans = self.humans
        if len(humans) != 1:
            return None, N_("Undo works in games with exactly one human player.")
        human = humans[0]
        last = next((i for i in range(len(self.moves) - 1, -1, -1) if self.moves[i][0] == human), None)
        if last is None:
            return None, N_("There is no move of yours to take back yet.")
        for state in self._states[last + 1 :]:
            for event in state.events:
                if event.kind in REVEALING:
                    return None, N_("Can't undo: new cards were seen since your last move.")
        return last, ""

    def undo(self) -> str | None:
        """Take back the human's last move and the computer moves after it.

        Returns None on success, else a one-line reason nothing changed.
        """
        index, reason = self.undo_target()
        if index is None:
            return reason
        del self.moves[index:]
        del self._states[index + 1 :]
        self.state = self._states[-1]
        self._at = len(self.moves)
        return None
