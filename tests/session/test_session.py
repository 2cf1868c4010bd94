"""The pure Session: a seat's view and events, offered moves and refusals,
computers thinking, undo and keeping the game on disk -- all without a window."""

from __future__ import annotations

from pathlib import Path

import pytest

import game.session.session as module
from game.match.match import Match, Seat
from game.persist import library
from game.rules.core import Phrase
from game.session.outcome import Played, Refused
from game.session.session import Session, TableSession


def _session(**kwargs) -> Session:
    match = Match("sticheln", [Seat("Ana", True), Seat("Mina", False, "easy"), Seat("Pau", False, "easy")], seed=4)
    return Session(match, **kwargs)


def _run_computers(session: Session) -> None:
    while not session.over and not session.match.seats[session.current].human:
        move = None
        for move in session.think(session.current):
            if move is not None:
                break
        assert session.offer(session.current, move) == Played(session.match.moves[-1][0])


def test_no_pygame_and_the_protocol_fits() -> None:
    session: TableSession = _session()
    assert session.view(0) is not None
    source = Path(module.__file__).read_text(encoding="utf-8")
    assert "import pygame" not in source and "from pygame" not in source


def test_offer_plays_refuses_and_tells_the_listeners() -> None:
    session = _session(keeps=False)
    _run_computers(session)
    seat = session.current
    heard: list[tuple[int, tuple]] = []
    session.listen(lambda s, events: heard.append((s, events)))
    other = (seat + 1) % 3
    refusal = session.offer(other, session.view(seat).legal_moves()[0])
    assert isinstance(refusal, Refused) and refusal.reason.code == "not_your_turn"
    assert isinstance(session.offer(seat, "nonsense"), Refused)  # the rules' coded refusal
    assert heard == []
    assert session.offer(seat, session.view(seat).legal_moves()[0]) == Played(seat)
    assert heard and heard[0][0] == seat


def test_events_are_scrubbed_per_seat() -> None:
    session = _session(keeps=False)
    for seat in range(3):
        for event in session.events(seat):
            if event.secret and event.seat != seat:
                assert all(card is None for card in event.cards)  # another seat's cards, unseen


def test_undo_and_keeping() -> None:
    session = _session()
    _run_computers(session)
    human = session.current
    assert session.offer(human, session.view(human).legal_moves()[0]) == Played(human)
    assert library.read_autosave() is not None
    assert session.undo() is None
    assert session.match.moves == [] or session.match.moves[-1][0] != human


def test_a_refusing_disk_costs_a_callback_not_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    failed: list[Exception] = []
    session = _session(on_keep_failed=failed.append)

    def refuse(match: Match) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(library, "write_autosave", refuse)
    _run_computers(session)
    human = session.current
    assert session.offer(human, session.view(human).legal_moves()[0]) == Played(human)
    assert failed and isinstance(failed[0], OSError)


def test_a_finished_game_refuses_any_seat_in_the_rules_words() -> None:
    match = Match(
        "sticheln", [Seat("Ana", False, "random"), Seat("Mina", False, "random"), Seat("Pau", False, "random")], seed=2
    )
    session = Session(match, keeps=False)
    while not session.over:
        session.play(session.view(session.current).legal_moves()[0])
    refusal = session.offer(1, "play red 4")
    assert isinstance(refusal, Refused) and isinstance(refusal.reason, Phrase) and refusal.reason.code == "game_over"
