"""The pygame-free RemoteSession on its own (no socket, no window): what `offer`
comes back with, when a move is in flight, and that the seats' names,
computers and away seats are those of the message the shown view came with,
not of the newest one."""

from __future__ import annotations

from typing import Any

from game.match.match import Match, Seat
from game.net import protocol as p
from game.net.client import ClientSeat
from game.net.remote_session import UNDO_OFF, RemoteSession
from game.session.outcome import Played, Refused, Sent
from game.session.session import Session


class LineStandIn:
    """What RemoteSession uses of a `Client`: its seat, `send_move` and `move_in_flight`."""

    def __init__(self, seat: ClientSeat) -> None:
        self.seat = seat
        self.sent: list[Any] = []
        self.wire: list[p.MoveMsg] = []  # the messages as they went
        self.down = False

    def send_move(self, move: Any, at: int) -> None:
        if self.down:
            raise RuntimeError("not connected")
        self.sent.append(move)
        sent = p.decode(self.seat.move(move, at))
        assert isinstance(sent, p.MoveMsg)
        self.wire.append(sent)

    @property
    def move_in_flight(self) -> bool:
        return self.seat.move_in_flight


def _game() -> Session:
    seats = [Seat("Ana", True), Seat("Bo", True), Seat("Cy", False, "easy")]
    return Session(Match("sticheln", seats, seed=3), keeps=False)


def _view(
    session: Session, seat: int, names: list[str], computers: list[int], away: list[int] | None = None
) -> p.ViewMsg:
    return p.ViewMsg(
        seat=seat,
        state=session.view(seat).to_json(),
        events=[p.event_msg(e) for e in session.events(seat)],
        moves=len(session.match.moves),
        connected=[0, 1],
        turn=session.current,
        names=names,
        computers=computers,
        away=away or [],
    )


def _remote(game: Session, seat: int = 0) -> tuple[RemoteSession, LineStandIn]:
    client_seat = ClientSeat("Ana", inbox=64)
    client_seat.handle(
        p.encode(p.Welcome(seat=seat, token="t", code="K3M9QP", game="sticheln", names=["Ana", "Bo", "Cy"]))
    )
    client_seat.handle(p.encode(_view(game, seat, ["Ana", "Bo", "Cy"], [2])))
    line = LineStandIn(client_seat)
    first = client_seat.take_view()
    assert first is not None
    return RemoteSession(line, first), line  # (a stand-in for the Client)


def _to_act(game: Session, seat: int) -> None:
    """Let the game go on until `seat` is to act."""
    while game.current != seat:
        game.play(game.view(game.current).legal_moves()[0])


def test_offer_is_sent_when_our_view_allows_it_and_refused_at_once_otherwise() -> None:
    game = _game()
    _to_act(game, 0)
    remote, line = _remote(game)
    legal = remote.view(0).legal_moves()
    assert isinstance(remote.offer(1, legal[0]), Refused)  # not that seat's turn: nothing sent
    assert isinstance(remote.offer(0, "no such move"), Refused)
    assert line.sent == [] and not remote.in_flight
    outcome = remote.offer(0, legal[0])
    assert outcome == Sent(len(game.match.moves)) and line.sent == [legal[0]] and remote.in_flight
    sent = line.wire[-1]
    assert sent.at == remote.match.position and sent.id > 0  # made on the view shown, numbered
    # a refusal of another message (a chat line too fast) leaves the move in flight...
    too_fast = p.Refused(code="too_fast", text="Too many messages; slow down.", to_id=sent.id + 1, to_kind="chat")
    line.seat.handle(p.encode(too_fast))
    assert remote.in_flight
    # ... the refusal naming the move ends it
    line.seat.handle(p.encode(p.Refused(code="stale", text="moved on", to_id=sent.id, to_kind="move")))
    assert not remote.in_flight
    line.down = True
    refused = remote.offer(0, legal[0])
    assert isinstance(refused, Refused) and refused.reason.code == "offline"
    assert remote.undo() == UNDO_OFF and remote.match.undo_target() == (None, UNDO_OFF)
    assert remote.local is None and remote.agents == {} and not remote.keeps


def test_a_move_is_in_flight_until_a_newer_view_arrives() -> None:
    game = _game()
    _to_act(game, 0)
    remote, line = _remote(game)
    move = remote.view(0).legal_moves()[0]
    assert isinstance(remote.offer(0, move), Sent) and remote.in_flight
    assert isinstance(game.offer(0, move), Played)  # the host plays it
    line.seat.handle(p.encode(_view(game, 0, ["Ana", "Bo", "Cy"], [2])))
    assert not remote.in_flight
    before, mover = remote.arrive(line.seat.take_view())
    assert mover == 0 and remote.match.position == len(game.match.moves) and remote.events(0) == remote.heard


def test_names_computers_and_away_seats_are_the_shown_views_not_the_newest() -> None:
    game = _game()
    remote, line = _remote(game)
    assert [s.name for s in remote.match.seats] == ["Ana", "Bo", "Cy"] and remote.computers == [2]
    assert [s.human for s in remote.match.seats] == [True, True, False]
    # Bo's line goes down and a computer takes Bo's seat: the newest message says so...
    line.seat.handle(p.encode(_view(game, 0, ["Ana", "Bob", "Cy"], [1, 2], away=[1])))
    assert line.seat.names == ["Ana", "Bob", "Cy"] and line.seat.away == [1]
    # ... the table shows what its shown view came with, until that view is shown
    assert [s.name for s in remote.match.seats] == ["Ana", "Bo", "Cy"] and remote.away == []
    assert remote.match.seats[1].human
    remote.arrive(line.seat.take_view())
    assert [s.name for s in remote.match.seats] == ["Ana", "Bob", "Cy"] and remote.away == [1]
    assert not remote.match.seats[1].human and remote.match.seats[0].human  # ours stays ours


def test_a_listener_hears_each_move_told_once() -> None:
    game = _game()
    remote, line = _remote(game)
    heard: list[int] = []
    remote.listen(lambda seat, events: heard.append(seat))
    mover = game.current
    game.play(game.view(mover).legal_moves()[0])
    message = _view(game, 0, ["Ana", "Bo", "Cy"], [2])
    remote.arrive(message)
    remote.arrive(message)  # the same move again (someone joined): not told twice
    assert heard == [mover]
