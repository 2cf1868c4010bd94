"""The lobbies on screen: the host's (Copy invite, ready marks on Start, moving and
freeing a friend's seat, the chat) and a friend's (their own lobby, the chat), and
*Play again at this table* on a network table's results.  Every line goes to
127.0.0.1; no loop waits more than a few seconds."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest
from app_driver import host_table, steps_until, window
from table_driver import click

from game.app.scenes.guest_lobby import GuestLobbyScene
from game.app.scenes.network import LobbyScene
from game.app.table.again import PlayAgain
from game.net.client import Client
from game.persist.settings import Settings

pytestmark = pytest.mark.usefixtures("table_only_on_its_worker")  # as in tests/net


@pytest.fixture
def app():
    return window("Joon", muted=True)


@pytest.fixture
def hosted(app):
    """The host's lobby of a table (you, two open seats, an open one more) and two friends on it."""
    app.routes.title()
    setup = app.routes.host_setup()
    setup.prefs.port = 0
    app.step(0.0)
    setup.open_table()
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    code = lobby.hosting.table.code
    friends = []
    for name in ("Mina", "Pau"):  # one after the other: Mina's hello first, so Mina sits at 1 and Pau at 2
        friend = Client(lobby.hosting.url, name, code=code).start()
        assert friend.wait(lambda s: s.moves >= 0, 5)
        friends.append(friend)
    assert steps_until(app, lambda: lobby.snap is not None and {1, 2} <= set(lobby.snap.connected))
    yield lobby, friends
    for friend in friends:
        friend.close(0.5)
    lobby.hosting.close()


def test_copy_invite_puts_the_code_the_address_with_its_port_and_the_join_command_on_the_clipboard(
    app, hosted, monkeypatch
):
    lobby, _friends = hosted
    copied = []
    monkeypatch.setattr("game.app.ui.clipboard.copy_text", lambda text: copied.append(text))
    click(app, lobby.copy_button.rect.center)
    code, port = lobby.hosting.table.code, lobby.hosting.port
    assert len(copied) == 1 and code in copied[0] and f"127.0.0.1:{port}" in copied[0]
    assert f"fireside join 127.0.0.1:{port} {code}" in copied[0]
    assert lobby.copied.startswith("Copied") and lobby.invite is None
    monkeypatch.setattr("game.app.ui.clipboard.copy_text", lambda text: "no clipboard")
    click(app, lobby.copy_button.rect.center)
    assert "by hand" in lobby.copied and lobby.invite is not None and code in lobby.invite
    assert lobby.hide_invite in lobby.buttons  # the invite shown where the chat is, until Done
    click(app, lobby.hide_invite.rect.center)
    assert lobby.invite is None and lobby.hide_invite not in lobby.buttons


def test_start_counts_the_ready_marks_and_stays_available(app, hosted):
    lobby, (mina, pau) = hosted
    assert steps_until(app, lambda: lobby.start_button.label == "Start (0 of 2 ready)")
    mina.mark_ready()
    assert steps_until(app, lambda: lobby.start_button.label == "Start (1 of 2 ready)")
    assert lobby.start_button.enabled
    assert (mina.seat.seat, pau.seat.seat) == (1, 2)
    assert pau.wait(lambda s: s.ready == [1], 5)  # every friend sees the marks


def test_the_host_moves_a_friend_by_move_and_move_here_and_frees_a_seat(app, hosted):
    lobby, (mina, pau) = hosted
    src, other = mina.seat.seat, pau.seat.seat
    move = next(b for s, b in lobby.seat_buttons if s == src and b.label == "Move")
    click(app, move.rect.center)
    assert lobby.moving == src
    targets = {s for s, b in lobby.seat_buttons if b.label == "Move here"}
    assert targets == {other, 3}  # Pau's seat (they change places) and the open one; never the host's
    click(app, next(b for s, b in lobby.seat_buttons if s == 3).rect.center)
    assert mina.wait(lambda s: s.seat == 3, 5) and mina.seat.moved == "moved"
    assert steps_until(app, lambda: lobby.snap.names[3] == "Mina")
    assert "Mina" in lobby.notice
    free = next(b for s, b in lobby.seat_buttons if s == other and b.label == "Free seat")
    click(app, free.rect.center)
    assert pau.wait(lambda s: s.watching, 5) and pau.seat.moved == "freed"
    assert steps_until(app, lambda: other in lobby.snap.open and lobby.snap.watcher_names == ["Pau"])


def test_the_hosts_lobby_chat_sends_a_line_and_shows_the_friends(app, hosted):
    lobby, (mina, _pau) = hosted
    mina.say("Hi Joon!")
    assert steps_until(app, lambda: any("Mina: Hi Joon!" in line for line in lobby.chat.lines))
    click(app, lobby.chat.field.rect.center)
    app.step(0.05, events=[pygame.event.Event(pygame.TEXTINPUT, text="Hello all")])
    app.step(0.05, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)])
    assert not lobby.hosting.latest().started  # Enter sent the line; it did not press Start
    assert mina.wait(lambda s: any(c.text == "Hello all" for c in s.chat), 5)


def test_a_friend_joining_a_lobby_gets_their_own_lobby_and_its_chat(app):
    hosting = host_table("grinch", ["you", "open", "open"], ["Ana", "", ""])
    table = hosting.table
    try:
        token = hosting.server.ask(lambda: table.reserve(0, "Ana"))
        host = Client(hosting.url, "Ana", token=token, code=table.code).start()
        assert host.wait(lambda s: s.moves >= 0, 5)
        app.routes.title()
        app.routes.join_table(url=hosting.url, code=table.code, dial=True)
        assert steps_until(app, lambda: isinstance(app.stack.top, GuestLobbyScene))
        lobby = app.stack.top
        assert lobby.client.seat.view.to_json().get("public") is True  # no card
        host.say("Welcome!")
        assert steps_until(app, lambda: any("Ana: Welcome!" in line for line in lobby.chat.lines))
        assert lobby.status(0)[0] == "Host" and lobby.status(1)[0] == "Not ready yet"
        click(app, lobby.ready_button.rect.center)
        assert steps_until(app, lambda: hosting.latest().ready == [1])
        host.close(0.5)
    finally:
        hosting.close()


# -- Play again at this table, on the results ------------------------------------------------
def _mode(host=None, **seat):
    fields = dict(again=False, accepted=[], declined=[], names=["Ana", "Bo", "Cy"], computers=[2], closed=None)
    fields.update(watching=False, deal=0, started=True, hosts=[0], away_since={})  # a host at a window, nobody away
    fields.update(seat)
    sent = []
    client = SimpleNamespace(
        seat=SimpleNamespace(**fields),
        answer_again=lambda yes: sent.append(("again", yes)),
        leave=lambda timeout=0: sent.append(("leave",)),
    )
    table = SimpleNamespace(app=SimpleNamespace(sound=SimpleNamespace(play=lambda _s: None), settings=Settings()))
    mode = SimpleNamespace(primary=client, host=host, table=table, sent=sent)
    mode.reopen = lambda: sent.append(("reopen",))
    mode.back_to_title = lambda: sent.append(("title",))
    return mode


def test_a_friend_is_asked_answers_and_the_new_deal_reopens_the_table():
    mode = _mode()
    part = PlayAgain(mode)
    assert part.buttons() == [] and "may ask" in part.lines()[0][0]
    mode.primary.seat.again, mode.primary.seat.accepted = True, [0]
    labels = [b.label for b in part.buttons()]
    assert labels == ["No thanks, leave", "Yes, deal me in"]
    assert "Ana: yes" in part.answers() and "Bo: not yet" in part.answers()
    part.accept()
    assert mode.sent == [("again", True)] and part.buttons() == []
    assert "You said yes" in part.lines()[0][0]
    mode.primary.seat.deal = 1
    part.update()
    assert mode.sent[-1] == ("reopen",)


def test_a_friend_who_says_no_leaves_the_table():
    mode = _mode(again=True)
    PlayAgain(mode).decline()
    assert mode.sent == [("again", False), ("leave",), ("title",)]


def test_the_host_proposes_and_may_deal_at_once_naming_who_a_computer_plays_for():
    asked = []
    host = SimpleNamespace(propose_again=lambda: asked.append("propose"), again_now=lambda lv: asked.append(lv))
    mode = _mode(host)
    part = PlayAgain(mode)
    (button,) = part.buttons()
    assert button.label == "Play again at this table"
    button.action()
    assert asked == ["propose"]
    mode.primary.seat.again, mode.primary.seat.accepted, mode.primary.seat.declined = True, [0], [1]
    (button,) = part.buttons()
    assert button.label == "Deal now"
    said = " ".join(line for line, _c in part.lines())
    assert "Bo: no, left the table" in said and "a computer plays for Bo" in said
    button.action()
    assert asked[-1] == "normal"


def test_a_spectator_is_not_asked():
    assert PlayAgain(_mode(again=True, watching=True)).buttons() == []
