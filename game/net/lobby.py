"""The lobby of a network table and *Play again at this table*, as the host keeps them.

What happens around a game rather than in it, on a `HostTable` (its thread, its
outbox, the same bytes-in-bytes-out shape):

- **ready marks**: each seated friend marks ready or not (`protocol.Ready`);
  every view carries the marks, so every window shows them; the host's Start
  stays available and counts them;
- **the host moves or frees a seat** in the lobby: a friend moved to another
  seat (an open one, or swapped with another friend) gets a new welcome naming
  the seat (`moved="moved"`); a friend whose seat is freed watches from then on
  (a spectator's welcome, `moved="freed"`), or, when the table has no room for
  another watcher, is told so in a bye (`seat_freed`).  No cards have travelled
  yet (a lobby's views are the public view), so a move shows nobody anything;
- **play again at this table**: once the game is over the host asks everyone
  (`propose_again`; `fireside host`, which has no window, asks as soon as the
  game ends), each seated person answers
  (`protocol.Again`), and the new deal (the same seats, the next dealer) starts
  when every seated person still at the table has said yes, or when the host
  starts it anyway (`again_now`): a computer then plays each seat whose person
  did not say yes (or is away), until that person comes back.

Every message here is one a seat's own key must carry (the table checks it
before it gets here), and is refused in words when it does not fit the moment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.common.person_name import is_code, seat_code
from game.match.match import Match
from game.net import protocol as p
from game.net import words
from game.session.session import Session

if TYPE_CHECKING:
    from game.net.authority import HostTable, Out

__all__ = [
    "again_if_all_said_yes",
    "again_now",
    "all_said_yes",
    "answer",
    "free_seat",
    "move_seat",
    "propose_again",
    "ready_count",
    "vacate",
]

WATCHING = -1  # a spectator's seat number (authority.WATCHING)


def _refused(phrase: Any, message: p.Message) -> bytes:
    return p.encode(p.refusal(phrase, message))


def _after(table: HostTable) -> list[Out]:
    """What a start or a new deal sends: every view, then the computers' first moves."""
    return table.take_outbox() if table.sliced else table.run_computers()


# -- what a seated person sends ---------------------------------------------------------
def answer(table: HostTable, conn: Any, seat: int, message: p.Ready | p.Again) -> list[Out]:
    """A ready mark or an answer to *Play again*, from `seat` (its key already checked)."""
    if seat == WATCHING:
        return [(conn, _refused(words.phrase("watching"), message))]
    if isinstance(message, p.Ready):
        if table.started:
            return [(conn, _refused(words.phrase("started"), message))]
        if (seat in table.ready) == message.ready:
            return []  # no change: nothing to tell anyone (a repeated click sends nothing on)
        if message.ready:
            table.ready.add(seat)
        else:
            table.ready.discard(seat)
        return table._push_all()
    if table.again is None or not table.session.over:
        return [(conn, _refused(words.phrase("no_again"), message))]
    if table.again.get(seat) == message.yes:
        return []
    table.again[seat] = message.yes
    if all_said_yes(table):
        return again_now(table)
    return table._push_all()


def ready_count(table: HostTable) -> tuple[int, int]:
    """(friends marked ready, friends seated): the host's Start counts them."""
    friends = [s for s in table.tokens if s not in table.at_host]
    return sum(s in table.ready for s in friends), len(friends)


# -- the host's hands in the lobby --------------------------------------------------------
def _friend(table: HostTable, seat: int) -> bool:
    return seat in table.tokens and seat not in table.at_host


def _swap(d: dict[int, Any], a: int, b: int) -> None:
    va, vb = d.pop(a, None), d.pop(b, None)
    if va is not None:
        d[b] = va
    if vb is not None:
        d[a] = vb


def move_seat(table: HostTable, src: int, dst: int) -> list[Out]:
    """Move the friend at `src` to `dst`: an open seat for people, or another friend's
    (the two change places).  Only in the lobby; ValueError for a move that cannot be."""
    table._touch()
    if table.started:
        raise ValueError("the game has started: seats stay as they are")
    if not _friend(table, src):
        raise ValueError(f"no friend sits at seat {src}")
    if dst == src or dst not in table.remote_seats or dst in table.kept or dst in table.at_host:
        raise ValueError(f"seat {dst} is not one a friend may move to")
    if dst in table.tokens and not _friend(table, dst):
        raise ValueError(f"seat {dst} is taken")
    swap = dst in table.tokens
    for d in (table.tokens, table.seat_conn, table._unconfirmed, table._previous, table._sent_at):
        _swap(d, src, dst)
    table._released.pop(dst, None)
    table._released.pop(src, None)
    if swap:
        table.names[src], table.names[dst] = table.names[dst], table.names[src]
    else:
        table.names[dst], table.names[src] = table.names[src], seat_code(src)
    for seat in (src, dst):  # a seat not yet confirmed goes back to its own default if its line dies
        if seat in table._unconfirmed:
            table._unconfirmed[seat] = (table._unconfirmed[seat][0], seat_code(seat))
    marks = {src: dst in table.ready, dst: src in table.ready}  # the marks follow their people
    for seat, on in marks.items():
        (table.ready.add if on else table.ready.discard)(seat)
    out: list[Out] = []
    for seat in (dst, src) if swap else (dst,):
        conn = table.seat_conn.get(seat)
        if conn is None:
            continue
        state = table.conns.get(conn)
        if state is not None:
            state.seat = seat
            state.came_with = None
        welcome = p.Welcome(
            seat=seat,
            token=table.tokens[seat],
            code=table.code,
            game=table.game_id,
            names=table.names,
            moved="moved",
        )
        out.append((conn, p.encode(welcome)))
    return out + table._push_all()


def free_seat(table: HostTable, seat: int) -> list[Out]:
    """Free the friend's seat `seat` (only in the lobby): the seat is open again; its
    person watches from then on (a spectator's welcome saying why), or is told in a bye
    when the table has no room for another watcher.  Their old key opens nothing."""
    table._touch()
    if table.started:
        raise ValueError("the game has started: seats stay as they are")
    if not _friend(table, seat):
        raise ValueError(f"no friend sits at seat {seat}")
    conn = table.seat_conn.pop(seat, None)
    del table.tokens[seat]
    table.ready.discard(seat)
    for d in (table._unconfirmed, table._previous, table._released, table._sent_at):
        d.pop(seat, None)
    name = table.names[seat]
    table.names[seat] = seat_code(seat)
    out: list[Out] = []
    state = table.conns.get(conn) if conn is not None else None
    if conn is not None and state is not None:
        if len(table.watchers) < table.max_watchers:
            state.came_with = None
            welcome = p.Welcome(
                seat=WATCHING,
                token=table.enrol_watcher(conn, state, "" if is_code(name) else name),
                code=table.code,
                game=table.game_id,
                names=table.names,
                watching=True,
                moved="freed",
            )
            out.append((conn, p.encode(welcome)))
        else:
            table.conns.pop(conn, None)
            out += [(conn, p.encode(p.Bye(reason="seat_freed"))), (conn, None)]
    return out + table._push_all()


def vacate(table: HostTable, seat: int) -> None:
    """A friend said bye in the lobby: their seat is open again, under its own default
    name, and their key opens nothing (the line is already gone)."""
    table.tokens.pop(seat, None)
    table.ready.discard(seat)
    for d in (table._unconfirmed, table._previous, table._released, table._sent_at):
        d.pop(seat, None)
    table.names[seat] = seat_code(seat)


# -- play again at this table ---------------------------------------------------------------
def propose_again(table: HostTable) -> list[Out]:
    """The host asks everyone to play again (the game must be over): the host's own
    window's seats say yes at once; each friend is asked on their results."""
    table._touch()
    if not table.session.over:
        raise ValueError("the game is not over yet")
    if table.again is None:
        table.again = {s: True for s in table.at_host}
    if all_said_yes(table):
        return again_now(table)
    return table._push_all()


def all_said_yes(table: HostTable) -> bool:
    """Every seated person (a key was given) still at the table has said yes, and someone
    has: a person whose line is down does not hold the others up (a computer plays for them
    in the new deal until they are back, as for an away seat)."""
    answers = table.again or {}
    present = [s for s in table.tokens if s in table.seat_conn or s in table.at_host]
    return table.again is not None and any(answers.values()) and all(answers.get(s) is True for s in present)


def again_if_all_said_yes(table: HostTable, level: str = "normal") -> list[Out]:
    """The new deal, if every person still at the table has said yes by now (one who had not
    may have left meanwhile: `fireside host` asks after every change); else nothing."""
    table._touch()
    if table.again is not None and table.session.over and all_said_yes(table):
        return again_now(table, level)
    return []


def again_now(table: HostTable, level: str = "normal") -> list[Out]:
    """The new deal at this table: the same seats and names, the next dealer, a new
    shuffle; a computer at `level` plays every person's seat that did not say yes
    (handed over, as an away seat is: its person takes it back by rejoining)."""
    table._touch()
    old_session = table.session
    if not old_session.over:
        raise ValueError("the game is not over yet")
    answers = table.again or {s: True for s in table.at_host}
    old = old_session.match
    n = len(old.seats)
    match = Match(old.game_id, list(old.seats), None, (old.start + 1) % n, dict(old.options))
    session = Session(match, keeps=False)
    for seat in table.remote_seats:  # people's seats: no computer of the match's own
        session.unseat_computer(seat)
    table.session = session
    table.handed = {}
    for seat in sorted(table.tokens):
        if answers.get(seat) is not True:
            session.seat_computer(seat, level)
            table.handed[seat] = level
    table.deal += 1
    table._sent_at.clear()  # move counts start again: a rejoin's catch-up counts in the new deal
    table.again = None
    table.ready.clear()
    table._thinker = None
    table._stuck = None
    table.started = True
    session.listen(table._moved)
    return table._push_all() + _after(table)
