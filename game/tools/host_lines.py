"""What `fireside host` says on its terminal about the lobby and the chat, when it
starts a game, and what it does between games (*Play again at this table*).

A host without a window has nobody to press Start or *Play again*, so the table
does what its people say:

- **in the lobby** each friend's ready mark is printed; the game starts when
  every open seat is taken, or when everyone seated has marked ready (the open
  seats then go to computers), or at once with `--start now`;
- **the chat** (the lobby's and the table's) is printed, each line after
  "chat ·", names and text escaped (no line can move the cursor or pass for
  one of the host's own);
- **after a game** the host asks everyone to play again at this table (the
  same seats, a new deal; each friend answers on their results), and deals
  again once every person still at the table has said yes: a computer keeps a
  computer's seat, and plays for a person who is away or said no until they
  come back.  The table closes when everyone has left it, after `AGAIN_WAIT`
  seconds without a new deal, or at once with `--no-again`.

Pure: it reads `Snapshot`s and prints; the CLI's loop calls it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.common.person_name import say_name, terminal_text
from game.i18n import _
from game.net import protocol as p

__all__ = ["AGAIN_WAIT", "Between", "chat_lines", "joined_line", "ready_lines", "shown_name", "should_start"]

#: Seconds a finished table waits for everyone's yes before it closes.
AGAIN_WAIT = 600.0

Say = Callable[[str], None]


def shown_name(name: str) -> str:
    """A seat's name on the host's terminal: a default in the host's words, a
    person's name cleaned and escaped (no name moves the cursor or forges a line)."""
    return terminal_text(say_name(name))


def joined_line(name: str, seat: int, path: str | None = None) -> str:
    """The line for a friend who took a seat (`seat` counted from 0); through a relay,
    with the way they came (`Hosting.path`): "direct" (they reached the host's own
    address, as on the same network) or "relay"."""
    shown = shown_name(name)
    if path == "direct":
        return _("{name} joined seat {seat} (direct)").format(name=shown, seat=seat + 1)
    if path == "relay":
        return _("{name} joined seat {seat} (through the relay)").format(name=shown, seat=seat + 1)
    return _("{name} is at seat {seat}").format(name=shown, seat=seat + 1)


def should_start(snap: Any, *, now: bool = False, resume: bool = False) -> bool:
    """Whether a lobby starts: at once (`--start now`), once every open seat is
    taken (someone seated; a resumed lobby: its people back), or once everyone
    seated has marked ready."""
    if snap.started:
        return False
    if now and not resume:
        return True
    if not snap.open and (snap.people or resume):
        return True
    friends = [s for s in snap.people if s not in snap.at_host]
    return bool(friends) and all(s in snap.ready for s in friends)


def ready_lines(last: Any, snap: Any) -> list[str]:
    """A line for each ready mark set or taken back in the lobby."""
    if snap.started:
        return []
    before = set(last.ready) if last is not None and not last.started else set()
    out = []
    for seat in sorted(set(snap.ready) - before):
        out.append(_("{name} is ready").format(name=shown_name(snap.names[seat])))
    for seat in sorted(before - set(snap.ready)):
        if seat in snap.connected:  # a friend who left is said as leaving, not as "not ready"
            out.append(_("{name} is not ready yet").format(name=shown_name(snap.names[seat])))
    friends = [s for s in snap.people if s not in snap.at_host]
    if out and friends:
        ready = sum(s in snap.ready for s in friends)
        out.append(_("Ready: {ready} of {seated} seated").format(ready=ready, seated=len(friends)))
    return out


def chat_lines(last: Any, snap: Any) -> list[str]:
    """The chat lines relayed since the last look, as the terminal prints them."""
    seen = max((c.id for c in last.chat), default=0) if last is not None else 0
    out = []
    for line in snap.chat:
        if line.id <= seen or line.seat is None:  # a notice of the host's own: said on its terminal already
            continue
        if line.seat == -1:
            who = say_name(line.name or "#watcher")
        elif 0 <= line.seat < len(snap.names):
            who = say_name(snap.names[line.seat])
        else:
            continue
        text = line.text
        if line.phrase in p.QUICK_PHRASES and text.strip():  # a quick phrase in the host's words ("" is no message)
            text = _(text)
        text = " ".join(text.split())
        if text:
            out.append(_("chat · {name}: {text}").format(name=terminal_text(who), text=terminal_text(text)))
    return out


class Between:
    """Between games at `fireside host` (see the module doc): `step(snap)` once a look
    while the game is over; it returns the reason to close the table, or None."""

    def __init__(
        self,
        hosting: Any,
        level: str = "normal",
        *,
        again: bool = True,
        wait: float = AGAIN_WAIT,
        clock: Callable[[], float] = time.monotonic,
        say: Say = print,
    ) -> None:
        self.hosting, self.level, self.again, self.wait = hosting, level, again, wait
        self.clock, self.say = clock, say
        self.deal: int | None = None  # the deal whose end was said
        self.since = 0.0
        self.last: Any = None  # the last snapshot looked at since the game ended

    def step(self, snap: Any) -> str | None:
        if not snap.over:
            return None
        if self.deal != snap.deal:  # this game just ended
            self.deal, self.since, self.last = snap.deal, self.clock(), None
            scores = ", ".join(f"{shown_name(snap.names[i])} {score}" for i, score in enumerate(snap.scores))
            self.say(_("Game over: {scores}").format(scores=scores))
            if not self.again:
                return "game_over"
            self.hosting.propose_again()
            self.say(_("Asking everyone to play again at this table (the same seats, a new deal)."))
            return None
        if snap is not self.last:
            self._answers(snap)
            self.last = snap
            if not [s for s in snap.people if s in snap.connected]:
                self.say(_("Everyone has left the table; closing it."))
                return "game_over"
            self.hosting.again_if_ready(self.level)  # someone said yes, or the last who had not left
        if self.clock() - self.since >= self.wait:
            self.say(_("Not everyone said yes to a new deal in time; closing the table."))
            return "game_over"
        return None

    def _answers(self, snap: Any) -> None:
        last = self.last
        said_yes = set(last.accepted) if last is not None else set()
        said_no = set(last.declined) if last is not None else set()
        for seat in sorted(set(snap.accepted) - said_yes):
            self.say(_("{name} will play again").format(name=shown_name(snap.names[seat])))
        for seat in sorted(set(snap.declined) - said_no):
            self.say(_("{name} will not play again").format(name=shown_name(snap.names[seat])))
