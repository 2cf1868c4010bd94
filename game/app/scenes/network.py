"""Play on the network: host a table or join one, and the host's lobby.

Every window at a network table, the host's own included, is a `Client` of
the host's `HostServer` (the host's window dials 127.0.0.1 with a token it
reserved), so there is one table code path; these screens only set a table
up, show who has joined, and hand the client to the table's route
(`app.routes.remote_table`).  Nothing here blocks on the network: the
client and the server have threads of their own, and a screen looks at
what they know once a frame.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.app.ui import widgets
from game.app.ui.modal import ModalScene
from game.app.ui.text_input import TextField
from game.app.ui.widgets import ACCENT, DANGER, INK, MUTED, Button, Stepper, blit_text, draw_panel
from game.common.person_name import said
from game.i18n import N_, _
from game.net import words as net_words

if TYPE_CHECKING:
    from game.app.shell.surface import AppSurface
    from game.net.authority import Snapshot
    from game.net.client import Client
    from game.net.hosting import Hosting
    from game.persist.network import TableSave

log = logging.getLogger(__name__)

#: How often a waiting screen looks at the network (seconds; it draws only then).
POLL = 0.2
#: How long a join waits for an answer before it says there is none.
ANSWER_WAIT = 6.0

KIND_NAMES = {
    "you": N_("You"),
    "open": N_("Open for a friend"),
    "here": N_("Here: pass-and-play"),
    "easy": N_("Computer: Easy"),
    "normal": N_("Computer: Normal"),
    "hard": N_("Computer: Hard"),
}

#: The turn clocks a host may choose (seconds; 0: none), each as its stepper says it.
TURN_TIMES = {
    0: N_("Turn clock: off"),
    30: N_("Turn clock: 30 s"),
    60: N_("Turn clock: 1 min"),
    120: N_("Turn clock: 2 min"),
}
#: How long a person's line may be down before a computer plays for them (seconds; 0: never).
AWAY_AFTERS = {
    30: N_("Away: a computer plays after 30 s"),
    60: N_("Away: a computer plays after 1 min"),
    120: N_("Away: a computer plays after 2 min"),
    0: N_("Away: wait for them"),
}

__all__ = [
    "AWAY_AFTERS",
    "TURN_TIMES",
    "HostSetupScene",
    "HostControls",
    "JoinScene",
    "LobbyScene",
    "NetworkScene",
    "continue_hosting",
    "open_remote",
]


def _my_name(app: AppSurface) -> str:
    """The name this player set, or "": the host then keeps the seat's own name
    ("Player 2"), rather than every window calling this player "You"."""
    from game.app.words.player_name import my_name

    return my_name(app.settings)


def _name_field(text: str) -> TextField:
    from game.common.person_name import NAME_LENGTH

    return TextField(text, max_len=NAME_LENGTH)


def open_remote(app: AppSurface, client: Client, host: Any = None, here: dict[int, Client] | None = None) -> bool:
    """The client's table (the table's own route); False when this build has none yet."""
    route = getattr(app.routes, "remote_table", None)
    if route is None:
        log.warning("no remote table route in this build")
        return False
    route(client, host, here)
    return True


class NetworkScene(ModalScene):
    """Play on the network: Host a table, Join a table (or Continue the hosted one)."""

    title = N_("Play on the network")
    panel_size = (560, 380)

    def __init__(self, app: AppSurface):
        super().__init__(app)
        from game.persist import network

        self.saved = network.read_table()
        self.hosting = app.overlay.code if app.overlay is not None else None  # a table open behind the screens
        if self.saved is not None and self.hosting == self.saved.code:
            self.saved = None  # open now, behind the screens: its bar leads back, not a second copy
        self.notice = ""

    def make_buttons(self) -> list[Button]:
        if self.hosting is not None:  # one table at a time: a second would run unseen behind the first's bar
            label = _("Back to table {code}").format(code=self.hosting)
            self.host_button = Button(label, self.back_to_hosted, primary=True)
        else:
            self.host_button = Button(N_("Host a table"), self.host, primary=True)
        self.join_button = Button(N_("Join a table"), self.join)
        self.back = Button(N_("Back"), self.app.stack.pop, key=pygame.K_ESCAPE)
        buttons = [self.host_button, self.join_button, self.back]
        self.continue_button = None
        if self.saved is not None:
            label = _("Continue hosting table {code}").format(code=self.saved.code)
            self.continue_button = Button(label, self.continue_hosting)
            buttons.insert(2, self.continue_button)
        return buttons

    def place_buttons(self) -> None:
        ui = self.app.ui
        p = self.panel
        widgets.layout_column(self.buttons[:-1], p.centerx, p.y + ui(90), min(ui(360), p.w - ui(40)), ui(50), ui(14))
        self.back.rect = pygame.Rect(0, 0, ui(160), ui(42))
        self.back.rect.midbottom = (p.centerx, p.bottom - ui(18))

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        if self.notice:
            size = widgets.fit_size(self.notice, ui(16), self.panel.w - ui(30))
            blit_text(surface, self.notice, size, DANGER, midbottom=(self.panel.centerx, self.back.rect.y - ui(8)))
        elif self.hosting is not None:
            said = _("You host one table at a time: close this one from its menu to host another.")
            y = self.back.rect.y - ui(8)
            for line in reversed(widgets.wrap(said, ui(15), self.panel.w - ui(40))):
                blit_text(surface, line, ui(15), MUTED, midbottom=(self.panel.centerx, y))
                y -= ui(20)

    def host(self) -> None:
        self.app.routes.host_setup()

    def back_to_hosted(self) -> None:
        """The table this window keeps open, back on the screen (as its bar's click does)."""
        if self.app.overlay is not None:
            self.app.overlay.back_to_table()

    def join(self) -> None:
        self.app.routes.join_table()

    def continue_hosting(self) -> None:
        """The hosted table as it was kept: the same code, the same tokens (clients dial again)."""
        if self.saved is not None:
            try:
                self.app.routes.continue_hosting(self.saved)
            except OSError as exc:
                self.notice = net_words.could_not_open(exc)


def continue_hosting(app: AppSurface, save: TableSave) -> LobbyScene:
    """Open the kept table again (the same code, the same tokens: the clients dial
    again) and show its lobby, which opens the table once the host's seats are
    back; from the title's Continue and the network screen.  OSError (a port
    nobody may take, say) when it cannot open: the caller says why."""
    from game.net import hosting as net
    from game.persist import network

    prefs = network.load_prefs()  # the clock and the away wait the host chose last
    table = net.resumed(save, turn_time=prefs.turn_time, away_after=prefs.away_after)
    # the kept table's lock, as `fireside host --resume` takes it: one copy of a table runs (TableLocked, an OSError)
    hosting = net.Hosting(
        table,
        bind=save.bind,
        port=save.port,
        discovery=_discovery(save.discover),
        relay=_kept_invite(save.invite),
        lock=True,
    )
    hosting.start()
    return app.routes.lobby(hosting, _host_clients(app, hosting, save.at_host))


def _kept_invite(link: str) -> Any:
    """A kept table's invite (the same relay, table and secret: the friends' invites still work), or None."""
    if not link:
        return None
    from game.net.invite import Invite, InviteError

    try:
        return Invite.parse(link)
    except InviteError as exc:
        log.warning("the kept table's invite is not usable: %s", exc)
        return None


def _discovery(on: bool) -> Any:
    """The real discovery when the person turned it on; none otherwise."""
    if not on:
        return None
    from game.net.discovery import ZeroconfDiscovery

    try:
        return ZeroconfDiscovery()
    except Exception as exc:  # no network to announce on: typing the address still works
        log.warning("discovery is not available: %s", exc)
        return None


def _host_clients(app: AppSurface, hosting: Hosting, seats: list[int]) -> dict[int, Client]:
    """The host's own window's seats, each a client like the others, dialling
    127.0.0.1 with the token reserved for it (several: pass-and-play there)."""
    from game.common.person_name import is_code
    from game.net.client import Client

    table = hosting.table
    out: dict[int, Client] = {}
    for seat in seats:
        token = hosting.server.ask(partial(table.reserve, seat))
        name = "" if is_code(table.names[seat]) else table.names[seat]  # a reserved seat's name is the host's already
        out[seat] = Client(hosting.url, name, token=token, code=table.code).start()
    return out


class HostSetupScene(ModalScene):
    """Host a table: the game, the seats (you, friends, computers), who may join, discovery."""

    title = N_("Host a table")
    panel_size = (760, 604)

    def __init__(self, app: AppSurface):
        super().__init__(app)
        from game.persist import network
        from game.rules import registry

        self.prefs = network.load_prefs()
        self.prefs.bind_all = False  # only this computer unless the person picks the network, each time
        self.via_relay = False  # anyone with the invite, through the relay in the network settings
        if self.prefs.turn_time not in TURN_TIMES:
            self.prefs.turn_time = 0
        if self.prefs.away_after not in AWAY_AFTERS:
            self.prefs.away_after = 60
        self.games = registry.ids()
        chosen = app.settings.game if app.settings.game in self.games else self.games[0]
        self.game = chosen
        self.kinds = self._default_kinds(4)
        self.notice = ""
        # seat 0 is the host's own, named by the player's name; a "here" seat by the name typed for it
        from game.app.words.seat_names import typed

        remembered = list(app.settings.names)
        self.name_fields = {0: _name_field(_my_name(app))}
        for seat in range(1, 6):
            self.name_fields[seat] = _name_field(typed(remembered[seat], seat) if seat < len(remembered) else "")

    def _players(self) -> range:
        from game import rules

        return rules.get(self.game).PLAYERS

    def _default_kinds(self, n: int) -> list[str]:
        players = self._players()
        n = max(players.start, min(players.stop - 1, n))
        return ["you", *["open"] * (n - 1)]

    def make_buttons(self) -> list[Button]:
        from game.app.words.names import game_name

        self.game_buttons = [
            Button(game_name(g), partial(self.set_game, g), selected=(g == self.game)) for g in self.games
        ]
        players = self._players()
        self.fewer = Button("–", self.fewer_seats, enabled=len(self.kinds) > players.start)
        self.more = Button("+", self.more_seats, enabled=len(self.kinds) < players.stop - 1)
        self.seat_buttons: list[Button] = []
        for i, kind in enumerate(self.kinds):
            if i == 0:
                self.seat_buttons.append(Button(KIND_NAMES[kind], lambda: None, enabled=False))
            else:
                label = N_("Here") if kind == "here" else KIND_NAMES[kind]  # its name beside it, a line below
                self.seat_buttons.append(Stepper(label, partial(self.step, i, 1), partial(self.step, i, -1)))
        self.clock_button = Stepper(
            TURN_TIMES[self.prefs.turn_time], partial(self.step_clock, 1), partial(self.step_clock, -1)
        )
        self.away_button = Stepper(
            AWAY_AFTERS[self.prefs.away_after], partial(self.step_away, 1), partial(self.step_away, -1)
        )
        self.here_button = Button(
            N_("Only this computer"), partial(self.set_bind, False), selected=not self.prefs.bind_all
        )
        self.network_button = Button(
            N_("This network"), partial(self.set_bind, True), selected=self.prefs.bind_all and not self.via_relay
        )
        self.relay_button = Button(N_("Anyone with the invite"), self.set_relay, selected=self.via_relay)
        self.here_button.selected = not self.prefs.bind_all and not self.via_relay
        self.discover_button = Button(
            N_("Others can find it: on") if self.prefs.discover else N_("Others can find it: off"),
            self.toggle_discover,
            enabled=self.prefs.bind_all,
        )
        self.relay_settings = Button(  # the relay is a network setting: set there, used here
            N_("Change the relay…") if self.prefs.relay else N_("Set a relay…"),
            self.app.routes.network_settings,
            primary=not self.prefs.relay,
        )
        self.back = Button(N_("Back"), self.app.stack.pop, key=pygame.K_ESCAPE)
        self.open_button = Button(
            N_("Open the table"),
            self.open_table,
            key=pygame.K_RETURN,
            primary=True,
            enabled=not (self.via_relay and not self.prefs.relay),  # through no relay: set one first
        )
        return [
            *self.game_buttons,
            self.fewer,
            self.more,
            *self.seat_buttons,
            self.clock_button,
            self.away_button,
            self.here_button,
            self.network_button,
            self.relay_button,
            self.relay_settings if self.via_relay else self.discover_button,  # through a relay: where it is set
            self.back,
            self.open_button,
        ]

    def place_buttons(self) -> None:
        ui = self.app.ui
        p = self.panel
        top = p.y + ui(70)
        gw = min(ui(200), (p.w - ui(60)) // max(1, len(self.game_buttons)))
        widgets.layout_row(self.game_buttons, (p.centerx, top + ui(20)), gw, ui(40), ui(10))
        self.seats_top = top + ui(54)
        row, gap = ui(34), ui(6)
        cols = 2 if len(self.seat_buttons) > 3 else 1
        bw = min(ui(300), (p.w - ui(80)) // cols)
        rows = (len(self.seat_buttons) + cols - 1) // cols
        for i, button in enumerate(self.seat_buttons):
            r, c = i % rows, i // rows
            x = p.centerx - (cols * bw + (cols - 1) * ui(20)) // 2 + c * (bw + ui(20))
            button.rect = pygame.Rect(x, self.seats_top + ui(26) + r * (row + gap), bw, row)
            if i in self.named_seats():  # [You][name____] or [< Here >][name____]
                split = ui(64) if i == 0 else bw * 9 // 20
                self.name_fields[i].rect = pygame.Rect(x + split + ui(6), button.rect.y, bw - split - ui(6), row)
                button.rect.w = split
        stepper_y = self.seats_top + ui(6)
        self.fewer.rect = pygame.Rect(0, 0, ui(34), ui(28))
        self.more.rect = pygame.Rect(0, 0, ui(34), ui(28))
        self.fewer.rect.midright = (p.right - ui(70), stepper_y)
        self.more.rect.midleft = (p.right - ui(62), stepper_y)
        clock_y = self.seats_top + ui(26) + rows * (row + gap) + ui(10)
        widgets.layout_row(  # under the seats, as wide as their two columns
            [self.clock_button, self.away_button],
            (p.centerx, clock_y + ui(17)),
            min(ui(300), (p.w - ui(80)) // 2),
            ui(34),
            ui(20),
        )
        y = clock_y + ui(34) + ui(44)
        self.join_top = y - ui(30)
        widgets.layout_row(
            [self.here_button, self.network_button, self.relay_button],
            (p.centerx, y + ui(18)),
            min(ui(230), (p.w - ui(60)) // 3),
            ui(38),
            ui(12),
        )
        self.discover_button.rect = pygame.Rect(0, 0, min(ui(360), p.w - ui(60)), ui(36))
        self.discover_button.rect.midtop = (p.centerx, y + ui(46))
        # through a relay: the way to its address (a network setting) where "Others can find it" is
        self.relay_settings.rect = self.discover_button.rect.copy()
        widgets.layout_row([self.back, self.open_button], (p.centerx, p.bottom - ui(34)), ui(200), ui(44), ui(16))

    def named_seats(self) -> list[int]:
        """The seats whose name is typed here: the host's own and the people at this window."""
        return [i for i, kind in enumerate(self.kinds) if i == 0 or kind == "here"]

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        p = self.panel
        for seat in self.named_seats():
            self.name_fields[seat].draw(surface, ui(17), pad=ui(8))
        seats = _("Seats: {n}").format(n=len(self.kinds))
        blit_text(surface, seats, ui(17), INK, midleft=(p.x + ui(40), self.seats_top + ui(6)))
        blit_text(surface, _("Who may join"), ui(16), MUTED, midtop=(p.centerx, self.join_top))
        for button in (self.fewer, self.more):
            button.draw(surface, ui(18))
        colour = MUTED
        if self.via_relay:
            if not self.prefs.relay:
                line, colour = _no_relay(), DANGER
            else:
                line = _("Friends anywhere join with the invite, through the relay at {relay}; it can't read the game.")
                line = line.format(relay=_relay_host(self.prefs.relay))
        elif not self.prefs.bind_all:
            line = _("Only windows on this computer can join; choose This network for friends' laptops.")
        else:
            line = _("Computers on this network can join with the address and the code.")
        who = line
        said = widgets.wrap(line, ui(15), p.w - ui(60))  # a long line in two rather than small
        more = 0
        if len(said) == 2:
            more = ui(20)
            for i, part in enumerate(said):
                at = (p.centerx, self.discover_button.rect.bottom + ui(8) + i * more)
                blit_text(surface, part, ui(15), colour, midtop=at)
        else:
            size = widgets.fit_size(line, ui(15), p.w - ui(40))
            blit_text(surface, line, size, colour, midtop=(p.centerx, self.discover_button.rect.bottom + ui(8)))
        if "here" in self.kinds:
            line = _("A “Here” seat is played at this computer: pass it to that person on their turn.")
            size = widgets.fit_size(line, ui(15), p.w - ui(40))
            blit_text(surface, line, size, MUTED, midtop=(p.centerx, self.discover_button.rect.bottom + ui(32) + more))
        if self.prefs.turn_time:
            line = _("When a player's turn clock runs out, a computer plays that one move for them.")
            size = widgets.fit_size(line, ui(15), p.w - ui(40))
            at = (p.centerx, self.discover_button.rect.bottom + ui(56) + more)
            blit_text(surface, line, size, MUTED, midtop=at)
        if self.notice and self.notice != who:  # "No relay is set" is said once
            size = widgets.fit_size(self.notice, ui(16), p.w - ui(40))
            blit_text(surface, self.notice, size, DANGER, midbottom=(p.centerx, self.back.rect.y - ui(6)))

    def handle(self, event: pygame.event.Event) -> bool:
        for seat in self.named_seats():
            if self.name_fields[seat].handle(event):
                return True
        return super().handle(event)

    def keeps_key(self, event: pygame.event.Event) -> bool:
        """Keys a name field needs rather than the keyboard focus."""
        return any(self.name_fields[s].keeps(event) for s in self.named_seats())

    def resume(self) -> None:
        """Back from Settings → Network: the relay set there."""
        from game.persist import network

        self.prefs.relay = network.load_prefs().relay
        self.notice = ""
        self._again()

    def update(self, dt: float) -> None:
        for field in self.name_fields.values():
            field.update(dt)

    def next_frame(self) -> float | None:
        fields = self.name_fields.values()
        blinks = [t for f in fields if (t := f.next_frame()) is not None]
        return min(blinks) if blinks else None

    # -- choices ------------------------------------------------------------------
    def _again(self) -> None:
        self.resize(self.app.size)

    def set_game(self, game_id: str) -> None:
        self.game = game_id
        n = len(self.kinds)
        players = self._players()
        n = max(players.start, min(players.stop - 1, n))
        self.kinds = (self.kinds + ["open"] * n)[:n]
        self._again()

    def fewer_seats(self) -> None:
        if len(self.kinds) > self._players().start:
            self.kinds.pop()
            self._again()

    def more_seats(self) -> None:
        if len(self.kinds) < self._players().stop - 1:
            self.kinds.append("open")
            self._again()

    def step(self, seat: int, by: int) -> None:
        order = ["open", "here", "easy", "normal", "hard"]
        kind = self.kinds[seat]
        self.kinds[seat] = order[(order.index(kind) + by) % len(order)] if kind in order else "open"
        self._again()

    def step_clock(self, by: int) -> None:
        """The next (or the last) turn clock: off, 30 s, 1 min, 2 min."""
        self.prefs.turn_time = _stepped(list(TURN_TIMES), self.prefs.turn_time, by)
        self._keep_prefs()
        self._again()

    def step_away(self, by: int) -> None:
        """The next (or the last) wait before a computer plays for someone away."""
        self.prefs.away_after = _stepped(list(AWAY_AFTERS), self.prefs.away_after, by)
        self._keep_prefs()
        self._again()

    def set_relay(self) -> None:
        """Anyone with the invite, through the relay: the host dials out to it (nothing to forward at home)."""
        self.via_relay = True
        self.prefs.discover = False
        self._again()

    def set_bind(self, everyone: bool) -> None:
        self.via_relay = False
        self.prefs.bind_all = everyone
        if not everyone:
            self.prefs.discover = False  # nobody else could answer
        self._keep_prefs()
        self._again()

    def toggle_discover(self) -> None:
        self.prefs.discover = not self.prefs.discover
        self._keep_prefs()
        self._again()

    def _keep_prefs(self) -> None:
        from game.persist import SaveError, network

        try:
            network.save_prefs(self.prefs)
        except SaveError as exc:  # kept until quitting
            log.warning("network settings: %s", exc)

    def open_table(self) -> None:
        """Open the table: its server listens, the lobby shows who joins."""
        from game.app.words.player_name import keep_name
        from game.app.words.seat_names import computer_name, free_computer_name
        from game.common.person_name import clean_name
        from game.net import hosting as net
        from game.net.discovery import DEFAULT_PORT

        # you by your name (kept as it), the people here by the names typed for them, computers by theirs;
        # a person's seat nobody named is left to the table: it travels as a code ("seat 3")
        names = [""] * len(self.kinds)
        names[0] = keep_name(self.app, self.name_fields[0].text)
        for seat in self.named_seats()[1:]:
            names[seat] = clean_name(self.name_fields[seat].text)
        for i, kind in enumerate(self.kinds):
            if kind not in net.PEOPLE:
                names[i] = free_computer_name(i, names)
        spare = [computer_name(i) for i in range(len(self.kinds))]  # an open seat given to a computer
        table = net.new_table(
            self.game,
            list(self.kinds),
            names,
            spare_names=spare,
            turn_time=self.prefs.turn_time,
            away_after=self.prefs.away_after,
        )
        invite = None
        if self.via_relay:
            from game.net.invite import Invite, InviteError

            if not self.prefs.relay:
                self.notice = _no_relay()
                return
            try:
                invite = Invite.new(self.prefs.relay)
            except InviteError as exc:
                self.notice = _("The relay's address can't be used: {reason}").format(reason=exc)
                return
        # through a relay: the home network too, so a friend there dials it directly (the code is the door)
        bind = "0.0.0.0" if self.prefs.bind_all or invite is not None else "127.0.0.1"
        discovery = _discovery(self.prefs.discover and self.prefs.bind_all and invite is None)
        hosting = net.Hosting(
            table,
            bind=bind,
            port=self.prefs.port or DEFAULT_PORT,
            discovery=discovery,
            host_name=_my_name(self.app),
            relay=invite,
            lock=True,  # its save is the laptop's one hosted table's: not while another Fireside hosts that
        )
        try:
            hosting.start()
        except OSError as exc:
            self.notice = net_words.could_not_open(exc)
            return
        self.app.sound.play("click")
        mine = [i for i, kind in enumerate(self.kinds) if kind in net.KEPT]
        self.app.routes.lobby(hosting, _host_clients(self.app, hosting, mine))


def _no_relay() -> str:
    """Said where the relay is missing: on Host a table, and after Open the table."""
    return _("No relay is set: add one in Settings → Network (Fireside runs none for you).")


def _relay_host(relay: str) -> str:
    """The relay's machine as the setting names it (the address itself when it can't be read)."""
    from game.net.invite import InviteError, parse_relay

    try:
        return parse_relay(relay).host
    except InviteError:
        return relay


def _stepped(choices: list[int], now: int, by: int) -> int:
    """The choice `by` steps from `now` among `choices`, round."""
    i = choices.index(now) if now in choices else 0
    return choices[(i + by) % len(choices)]


class HostControls:
    """What the host's window may do at its own table (hn1's table offers these)."""

    def __init__(self, hosting: Hosting):
        self.hosting = hosting

    def hand_over(self, seat: int, level: str | None) -> None:
        self.hosting.hand_over(seat, level)

    def propose_again(self) -> None:
        """At the results: ask everyone to play again at this table."""
        self.hosting.propose_again()

    def again_now(self, level: str) -> None:
        """Deal again now; computers play the seats of those who did not say yes."""
        self.hosting.again_now(level)

    def close(self, reason: str = "host_closed") -> None:
        """Close the table for everyone; its slot stays (Continue hosting opens it again,
        and the friends' windows, still dialling, sit down again)."""
        self.hosting.close(reason)

    def seated(self) -> list[int]:
        return list(self.hosting.latest().connected)

    def listen(self, callback: Callable[[Any], None]) -> None:
        self.hosting.listen(callback)

    def unlisten(self, callback: Callable[[Any], None]) -> None:
        self.hosting.unlisten(callback)


class LobbyScene(ModalScene):
    """The host's lobby: the code and the address to type (and Copy invite), who has
    joined and who is ready (live), moving or freeing a friend's seat, the lobby's
    chat, the open seats to computers, and Start.  Who is where comes by callback
    from the table's worker (`Hosting.listen`), which wakes the window: the lobby
    never calls into the server and waits."""

    title = N_("Your table")
    panel_size = (980, 640)

    def __init__(self, app: AppSurface, hosting: Hosting, clients: dict[int, Client]):
        super().__init__(app)
        from game.app.ui.lobby_parts import LobbyChat

        self.hosting = hosting
        self.clients = dict(clients)  # the seats this window plays: the host's own first
        self.client = next(iter(self.clients.values()), None)
        self.snap: Snapshot | None = None
        self.addresses = hosting.addresses()
        self.wait = 0.0
        self.gone = False
        self.moving: int | None = None  # the friend's seat being moved (its row waits for "Here")
        self.notice = ""  # what the last move or free did, in words
        self.copied = ""  # Copy invite's confirmation ("" until pressed)
        self.invite: str | None = None  # the invite to copy by hand, shown when the clipboard is not there
        self.chat = LobbyChat(lambda: self.client, self._names)
        self._fresh = threading.Event()  # a snapshot arrived since the last look
        self._shape: tuple[Any, ...] = ()
        self.look()
        hosting.listen(self.arrived)

    def _names(self) -> list[str]:
        return said(self.snap.names) if self.snap is not None else []

    def friends(self, snap: Snapshot) -> list[int]:
        """Seats friends took (not the host's window's)."""
        return [s for s in snap.people if s not in snap.at_host and s not in self.clients]

    def make_buttons(self) -> list[Button]:
        self.copy_button = Button(N_("Copy invite"), self.copy_invite)
        self.give_button = Button(N_("Give open seats to computers"), self.give)
        self.close_button = Button(N_("Close the table"), self.close, key=pygame.K_ESCAPE)
        self.start_button = Button(self._start_label(), self.start, key=pygame.K_RETURN, primary=True)
        self.hide_invite = Button(N_("Done"), self.hide_copy)
        self.seat_buttons: list[tuple[int, Button]] = []
        snap = self.snap
        if snap is not None and not snap.started:
            friends = self.friends(snap)
            for seat in range(len(snap.names)):
                if self.moving is not None:
                    if seat == self.moving:
                        self.seat_buttons.append((seat, Button(N_("Cancel"), partial(self.move, None))))
                    elif seat in snap.open or seat in friends:
                        self.seat_buttons.append((seat, Button(N_("Move here"), partial(self.move_to, seat))))
                elif seat in friends:
                    self.seat_buttons.append((seat, Button(N_("Move"), partial(self.move, seat))))
                    self.seat_buttons.append((seat, Button(N_("Free seat"), partial(self.free, seat))))
        self.look_buttons()
        extra = [self.hide_invite] if self.invite is not None else []
        return [
            self.copy_button,
            *(b for _s, b in self.seat_buttons),
            *extra,
            self.give_button,
            self.close_button,
            self.start_button,
        ]

    def _start_label(self) -> str:
        snap = self.snap
        if snap is None or snap.started:
            return N_("Start")
        friends = self.friends(snap)
        if not friends:
            return N_("Start")
        ready = sum(s in snap.ready for s in friends)
        return _("Start ({ready} of {seated} ready)").format(ready=ready, seated=len(friends))

    def place_buttons(self) -> None:
        ui = self.app.ui
        p = self.panel
        self.left = pygame.Rect(p.x + ui(30), p.y + ui(66), min(ui(560), p.w * 3 // 5), p.h - ui(200))
        self.copy_button.rect = pygame.Rect(0, 0, ui(190), ui(40))
        self.copy_button.rect.topright = (self.left.right, p.y + ui(86))
        row = self.left.y + ui(112)
        by_seat: dict[int, list[Button]] = {}
        for seat, button in self.seat_buttons:
            by_seat.setdefault(seat, []).append(button)
        for seat, buttons in by_seat.items():
            x = self.left.right
            for button in reversed(buttons):
                w = widgets.fitting_width(_(button.label), ui(14), ui(64))
                button.rect = pygame.Rect(0, 0, w, ui(28))
                button.rect.midright = (x, row + seat * ui(34) + ui(12))
                x -= w + ui(6)
        chat = pygame.Rect(self.left.right + ui(24), p.y + ui(66), 0, p.h - ui(66) - ui(140))
        chat.w = p.right - ui(30) - chat.x
        self.chat.place(chat, ui)
        self.hide_invite.rect = pygame.Rect(0, 0, ui(120), ui(34))
        self.hide_invite.rect.bottomright = (chat.right - ui(10), chat.bottom - ui(10))
        self.give_button.rect = pygame.Rect(0, 0, min(ui(360), p.w - ui(40)), ui(40))
        self.give_button.rect.midbottom = (p.centerx, p.bottom - ui(80))
        widgets.layout_row(
            [self.close_button, self.start_button], (p.centerx, p.bottom - ui(36)), ui(260), ui(44), ui(16)
        )

    def arrived(self, _snap: Snapshot) -> None:
        """On the table's worker: a new snapshot; wake the window once (it looks then)."""
        if not self._fresh.is_set():
            self._fresh.set()
            from game.app.shell.wake import post_wake

            post_wake()

    def look(self) -> None:
        self._fresh.clear()
        self.snap = self.hosting.latest()
        snap = self.snap
        if snap is None:
            return
        shape = (tuple(snap.people), tuple(snap.open), tuple(snap.ready), snap.started, tuple(snap.at_host))
        if self.moving is not None and (self.moving not in self.friends(snap) or snap.started):
            self.moving = None
        if shape != self._shape and hasattr(self, "give_button"):
            self._shape = shape
            self.resize(self.app.size)  # the seats' buttons and Start's count follow who is where
        self._shape = shape
        self.look_buttons()

    def look_buttons(self) -> None:
        snap = self.snap
        if snap is not None and hasattr(self, "give_button"):
            self.give_button.enabled = bool(snap.open) and not snap.started
            self.start_button.enabled = not snap.started

    def update(self, dt: float) -> None:
        self.wait += dt
        self.chat.field.update(dt)
        if self._fresh.is_set():
            self.look()
        if self.chat.take():
            self.app.sound.play("click")
        snap = self.snap
        if snap is not None and snap.started and not self.gone and self.client is not None:
            if self.wait < POLL:
                return  # the window's own seats' first views: looked at a few times a second
            self.wait = 0.0
            if all(c.seat.started and c.seat.seat is not None for c in self.clients.values()):
                self.gone = True
                self.hosting.unlisten(self.arrived)
                here = {s: c for s, c in self.clients.items() if c is not self.client}
                open_remote(self.app, self.client, HostControls(self.hosting), here)

    def next_frame(self) -> float | None:
        if self._fresh.is_set():
            return 0.0
        snap = self.snap
        if snap is not None and snap.started and not self.gone:
            return max(0.0, POLL - self.wait)
        blink = self.chat.field.next_frame()
        return POLL if self.client is not None and blink is None else blink  # chat lines come on the client

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        p = self.panel
        snap = self.snap
        if snap is None:
            return
        left = self.left
        blit_text(surface, _("Table code"), ui(16), MUTED, topleft=(left.x, p.y + ui(66)))
        blit_text(surface, snap.code, ui(44), ACCENT, bold=True, topleft=(left.x, p.y + ui(84)))
        if self.copied:
            size = widgets.fit_size(self.copied, ui(14), ui(300))
            blit_text(surface, self.copied, size, ACCENT, topright=(left.right, self.copy_button.rect.bottom + ui(4)))
        from game.app.ui.lobby_parts import address_with_port

        shown = [address_with_port(a, self.hosting.port) for a in self.addresses[:3]]
        line, colour = _("Address: {addresses}").format(addresses=" · ".join(shown)), INK
        if self.hosting.invite is not None:
            line, colour = self._relay_line()
        blit_text(surface, line, widgets.fit_size(line, ui(17), left.w), colour, topleft=(left.x, p.y + ui(146)))
        y = left.y + ui(112)
        buttons = {seat for seat, _b in self.seat_buttons}
        for seat, name in enumerate(said(snap.names)):  # a default's code in this window's words
            centre = y + ui(12)
            if seat == self.moving:
                draw_panel(surface, pygame.Rect(left.x, y - ui(3), left.w, ui(30)), (232, 182, 76, 40), radius=ui(6))
            widgets.seat_mark(surface, seat, (left.x + ui(10), centre), ui(9))
            room = ui(170)
            blit_text(surface, name, widgets.fit_size(name, ui(18), room), INK, midleft=(left.x + ui(28), centre))
            status = self._status(snap, seat)
            colour = ACCENT if seat in snap.connected else MUTED
            if seat in self.friends(snap) and not snap.started:
                ready = seat in snap.ready
                status = _("Ready") if ready else _("Not ready yet")
                colour = ACCENT if ready else MUTED
                if seat not in snap.connected:
                    status, colour = _("Away"), MUTED
            path = self.hosting.path(seat) if self.hosting.invite is not None and seat in self.friends(snap) else None
            if path is not None and seat in snap.connected:  # how that friend reaches the table
                way = _("direct") if path == "direct" else _("through the relay")
                status = _("{status} · {way}").format(status=status, way=way)
            x = left.x + ui(28) + room + ui(12)
            end = min(b.rect.x for s, b in self.seat_buttons if s == seat) if seat in buttons else left.right
            blit_text(
                surface,
                status,
                widgets.fit_size(status, ui(16), max(ui(40), end - x - ui(8))),
                colour,
                midleft=(x, centre),
            )
            y += ui(34)
        if snap.watchers:
            line = _("Watching: {names}").format(names=", ".join(said(snap.watcher_names)))
            line, size = widgets.fitted(line, ui(15), left.w)  # many watchers: cut with an ellipsis
            blit_text(surface, line, size, MUTED, topleft=(left.x, y + ui(4)))
            y += ui(24)
        if self.moving is not None:
            line = _("Choose the seat for {name}: an open one, or a friend's to change places.").format(
                name=said(snap.names)[self.moving]
            )
            size = widgets.fit_size(line, ui(15), left.w)
            blit_text(surface, line, size, ACCENT, topleft=(left.x, y + ui(6)))
        elif self.notice:
            size = widgets.fit_size(self.notice, ui(15), left.w)
            blit_text(surface, self.notice, size, INK, topleft=(left.x, y + ui(6)))
        if self.invite is not None:
            self.draw_invite(surface)
        else:
            self.chat.draw(surface, ui)
        hint = _("Start whenever you like, ready marks or not; open seats nobody took go to computers.")
        size = widgets.fit_size(hint, ui(14), p.w - ui(40))
        blit_text(surface, hint, size, MUTED, midbottom=(p.centerx, self.give_button.rect.y - ui(6)))

    def draw_invite(self, surface: pygame.Surface) -> None:
        """The invite to copy by hand (the clipboard is not there), where the chat is."""
        ui = self.app.ui
        box = self.chat.rect
        draw_panel(surface, box, (16, 26, 22, 235), radius=ui(10), edge=ACCENT)
        y = box.y + ui(10)
        for row in widgets.wrap(self.copied, ui(15), box.w - ui(24)):
            blit_text(surface, row, ui(15), ACCENT, topleft=(box.x + ui(12), y))
            y += ui(20)
        y += ui(8)
        for line in (self.invite or "").splitlines():
            for row in widgets.wrap(line, ui(16), box.w - ui(24)):
                blit_text(surface, row, ui(16), INK, topleft=(box.x + ui(12), y))
                y += ui(22)
            y += ui(6)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.invite is None and self.chat.handle(event):
            return True
        return super().handle(event)

    def keeps_key(self, event: pygame.event.Event) -> bool:
        """Keys the chat line needs rather than the keyboard focus."""
        return self.chat.field.keeps(event)

    def _relay_line(self) -> tuple[str, tuple[int, int, int]]:
        """Through a relay: whether the table is registered there, in words."""
        server = self.hosting.server
        relay = server.relay_host
        address = server.relay.relay.host if server.relay is not None else ""
        if relay is not None and relay.registered:
            return _("Open through the relay {relay}: Copy invite and send it to your friends.").format(
                relay=address
            ), INK
        if relay is not None and relay.error:
            return _("The relay {relay} can't take the table now: {reason}").format(
                relay=address, reason=relay.error
            ), DANGER
        return _("Reaching the relay {relay}…").format(relay=address), MUTED

    def _status(self, snap: Snapshot, seat: int) -> str:
        if seat in snap.computers:
            level = snap.levels.get(seat, "")
            return _(KIND_NAMES[level]) if level in KIND_NAMES else _("Computer")
        if self.client is not None and self.client.seat.seat == seat:
            return _("You")
        if seat in self.clients:
            return _(KIND_NAMES["here"])
        if seat in snap.connected:
            return _("Joined")
        if seat in snap.away:
            return _("Away")
        return _("Waiting for a friend…")

    # -- the host's hands ----------------------------------------------------------
    def copy_invite(self) -> None:
        """The code, the addresses with the port and the join command, to the clipboard
        (or, where there is none, shown to copy by hand)."""
        from game.app.ui.clipboard import copy_text
        from game.app.ui.lobby_parts import invite_text, relay_invite_text

        invite = self.hosting.invite
        if invite is not None:  # through a relay: the fireside:// invite (its secret is the key)
            text = relay_invite_text(invite.link())
        else:
            text = invite_text(self.hosting.table.code, self.addresses, self.hosting.port)
        why = copy_text(text)
        if why is None:
            self.copied, self.invite = _("Copied: paste it to your friends."), None
        else:
            log.info("no clipboard: %s", why)
            self.copied, self.invite = _("This computer has no clipboard here; copy the invite by hand:"), text
        self.app.sound.play("click")
        self.resize(self.app.size)

    def hide_copy(self) -> None:
        self.invite, self.copied = None, ""
        self.resize(self.app.size)

    def move(self, seat: int | None) -> None:
        """Start moving the friend at `seat` (None: stop): the other rows say Here."""
        self.moving = seat
        self.resize(self.app.size)

    def move_to(self, seat: int) -> None:
        src, snap = self.moving, self.snap
        self.moving = None
        if src is not None and snap is not None:
            names = said(snap.names)
            if seat in self.friends(snap):
                self.notice = _("{one} and {other} changed seats.").format(one=names[src], other=names[seat])
            else:
                self.notice = _("{name} now sits at seat {seat}; they were told.").format(
                    name=names[src], seat=seat + 1
                )
            self.hosting.move_seat(src, seat)
        self.resize(self.app.size)

    def free(self, seat: int) -> None:
        snap = self.snap
        if snap is not None:
            name = said(snap.names)[seat]
            self.notice = _("{name}'s seat is open again; {name} watches the table now and was told.").format(name=name)
        self.hosting.free_seat(seat)

    def give(self) -> None:
        self.hosting.give_open_seats(self.app.settings.level)

    def start(self) -> None:
        self.app.sound.play("click")
        self.hosting.start_game(self.app.settings.level)

    def close(self) -> None:
        """Close the table: every player is told; the kept table is forgotten."""
        from game.persist import network

        self.hosting.unlisten(self.arrived)
        for client in self.clients.values():
            client.close()
        self.hosting.close()
        network.clear_table()
        self.app.stack.pop()


class JoinScene(ModalScene):
    """Join a table: the tables found on the network (when discovery is on), or
    the address and the code typed; watch instead of playing; clear refusals."""

    title = N_("Join a table")
    panel_size = (760, 560)

    def __init__(
        self,
        app: AppSurface,
        url: str | None = None,
        code: str | None = None,
        name: str | None = None,
        watch: bool = False,
        dial: bool = False,
        token: str | None = None,
    ):
        super().__init__(app)
        from game.persist import network

        self.prefs = network.load_prefs()
        shown = url if url and _invited(url) else _address_of(url) if url else ""  # an invite: the whole of it
        # each empty field says what goes there, for someone who never joined a table (an invite's secret unshown)
        self.address_field = TextField(
            shown,
            max_len=400,
            on_submit=lambda _t: self.join(),
            hint=N_("as the host's screen shows it, e.g. 192.168.1.20:47474"),
            shown=_secret_hidden,
        )
        self.code_field = TextField(code or "", max_len=6, on_submit=lambda _t: self.join(), hint=N_("e.g. K3M9QP"))
        self.name = name or _my_name(app)
        self.name_field = _name_field(self.name)
        self.keeps_name = name is None  # `fireside join --name` names this table only, not the setting
        self.token = token
        self.client: Client | None = None
        self.url = url
        self.watching = watch
        self.message = ""
        self.failed = False
        self.waited = 0.0
        self.wait = 0.0
        self.discovery: Any = None
        self.found: list[Any] = []
        self.gone = False
        self.invited = _invited(shown)  # an invite in the address field: it holds the relay and the code
        if self.prefs.discover:
            self.discovery = _discovery(True)
        if dial and url and _invited(url):
            self.dial(url, None, watch)
        elif dial and url and code:
            self.dial(url, code.upper(), watch)

    def exit(self) -> None:
        if self.discovery is not None:
            self.discovery.close()
            self.discovery = None
        if self.client is not None and not self.gone:
            self.client.close()

    def make_buttons(self) -> list[Button]:
        self.found_buttons = [Button(f"{a.host_name} · {a.code}", partial(self.pick, a)) for a in self.found[:4]]
        self.find_button = Button(
            N_("Find tables on this network: on") if self.prefs.discover else N_("Find tables on this network: off"),
            self.toggle_find,
        )
        self.watch_button = Button(N_("Watch"), partial(self.join, True))
        self.back = Button(N_("Back"), self.app.stack.pop, key=pygame.K_ESCAPE)
        self.join_button = Button(N_("Join"), self.join, key=pygame.K_RETURN, primary=True)
        finding = [] if self.invited else [self.find_button, *self.found_buttons]  # an invite: no finding
        return [*finding, self.back, self.watch_button, self.join_button]

    def place_buttons(self) -> None:
        ui = self.app.ui
        p = self.panel
        self.address_field.rect = pygame.Rect(p.x + ui(180), p.y + ui(90), p.w - ui(210), ui(40))
        self.code_field.rect = pygame.Rect(p.x + ui(180), p.y + ui(146), ui(160), ui(40))
        left = self.code_field.rect.right + ui(130)
        if self.invited:  # no code to type: the name takes the row, under the invite
            self.code_field.rect = pygame.Rect(0, 0, 0, 0)
            left = p.x + ui(180)
        self.name_field.rect = pygame.Rect(left, p.y + ui(146), max(ui(120), p.right - ui(30) - left), ui(40))
        self.find_button.rect = pygame.Rect(0, 0, min(ui(420), p.w - ui(40)), ui(36))
        self.find_button.rect.midtop = (p.centerx, p.y + ui(210))
        widgets.layout_column(self.found_buttons, p.centerx, p.y + ui(282), min(ui(420), p.w - ui(40)), ui(34), ui(8))
        widgets.layout_row(
            [self.back, self.watch_button, self.join_button], (p.centerx, p.bottom - ui(36)), ui(180), ui(44), ui(14)
        )

    def draw_body(self, surface: pygame.Surface) -> None:
        ui = self.app.ui
        p = self.panel
        labelled = [(_("Invite") if self.invited else _("Address"), self.address_field)]
        if not self.invited:
            labelled.append((_("Table code"), self.code_field))
        for label, field in labelled:
            blit_text(
                surface,
                label,
                widgets.fit_size(label, ui(17), ui(150)),
                INK,
                midright=(field.rect.x - ui(12), field.rect.centery),
            )
            field.draw(surface, ui(20))
        label = _("Your name")  # (none: the host calls the seat by its number, "Player 2")
        room = self.name_field.rect
        size = widgets.fit_size(label, ui(17), ui(150 if self.invited else 112))
        blit_text(surface, label, size, INK, midright=(room.x - ui(10), room.centery))
        self.name_field.draw(surface, ui(20))
        if self.invited:
            self.draw_invite(surface)
        elif self.prefs.discover and not self.found:
            line = _("No tables found yet; typing the address and the code always works.")
            size = widgets.fit_size(line, ui(15), p.w - ui(40))
            blit_text(surface, line, size, MUTED, midtop=(p.centerx, self.find_button.rect.bottom + ui(10)))
        if self.message:
            colour = DANGER if self.failed else INK
            lines = widgets.wrap(self.message, ui(18), p.w - ui(60))
            y = self.back.rect.y - ui(12) - len(lines) * ui(24)
            for line in lines:
                blit_text(surface, line, ui(18), colour, midtop=(p.centerx, y))
                y += ui(24)

    def draw_invite(self, surface: pygame.Surface) -> None:
        """Under an invite: the relay it goes through (never its secret), and that it holds the code."""
        ui = self.app.ui
        p = self.panel
        relay = _relay_of(self.address_field.text)
        if relay is None:
            lines, colour = [_("This invite is cut short or changed: copy the whole invite again.")], DANGER
        else:
            lines = [
                _("Joining through the relay at {host}.").format(host=relay),
                _("The invite holds the table's code: nothing else to type."),
            ]
            colour = INK
        y = self.name_field.rect.bottom + ui(22)
        for line, shade in zip(lines, (colour, MUTED), strict=False):
            size = widgets.fit_size(line, ui(17), p.w - ui(60))
            blit_text(surface, line, size, shade, midtop=(p.centerx, y))
            y += ui(30)

    def handle(self, event: pygame.event.Event) -> bool:
        fields = [self.address_field, *([] if self.invited else [self.code_field]), self.name_field]
        for field in fields:
            if field.handle(event):
                return True
        return super().handle(event)

    def keeps_key(self, event: pygame.event.Event) -> bool:
        """Keys a text field needs rather than the keyboard focus (a name has spaces)."""
        return any(f.keeps(event) for f in (self.address_field, self.code_field, self.name_field))

    def update(self, dt: float) -> None:
        self.address_field.update(dt)
        self.code_field.update(dt)
        self.name_field.update(dt)
        if _invited(self.address_field.text) != self.invited:  # an invite pasted, or taken away
            self.invited = not self.invited
            self.code_field.blur()
            self.resize(self.app.size)
        self.wait += dt
        if self.wait < POLL:
            return
        self.wait = 0.0
        if self.discovery is not None:
            found = self.discovery.found()
            if found != self.found:
                self.found = found
                self.resize(self.app.size)
        self.check()

    def next_frame(self) -> float | None:
        fields = (self.address_field, self.code_field, self.name_field)
        blink = [t for t in (f.next_frame() for f in fields) if t is not None]
        waiting = [max(0.0, POLL - self.wait)] if (self.client is not None or self.discovery is not None) else []
        times = blink + waiting
        return min(times) if times else None

    def toggle_find(self) -> None:
        """Discovery on or off (kept as the setting); off sends nothing to the network."""
        from game.persist import SaveError, network

        self.prefs.discover = not self.prefs.discover
        try:
            network.save_prefs(self.prefs)
        except SaveError as exc:
            log.warning("network settings: %s", exc)
        if self.prefs.discover and self.discovery is None:
            self.discovery = _discovery(True)
        elif not self.prefs.discover and self.discovery is not None:
            self.discovery.close()
            self.discovery, self.found = None, []
        self.resize(self.app.size)

    # -- joining --------------------------------------------------------------------
    def pick(self, advert: Any) -> None:
        self.address_field.text = _address_of(advert.url)
        self.code_field.text = advert.code
        self.join()

    def join(self, watch: bool = False) -> None:
        from game.net.discovery import to_url

        if _invited(self.address_field.text):  # an invite pasted (alone or in the text Copy invite gave)
            from game.net.invite import Invite, InviteError

            try:
                invite = Invite.parse(_invite_in(self.address_field.text))
            except InviteError as exc:
                self.say(_("That invite can't be used: {reason}").format(reason=exc), True)
                return
            self.dial(invite.link(), None, watch)
            return
        try:
            url = to_url(self.address_field.text)
        except ValueError:
            self.say(_("That is not an address: type it like 192.168.1.20 or 192.168.1.20:47474."), True)
            return
        code = self.code_field.text.strip().upper()
        if len(code) != 6:
            self.say(_("A table code has six letters and digits, like K3M9QP."), True)
            return
        self.dial(url, code, watch)

    def dial(self, url: str, code: str | None, watch: bool = False) -> None:
        from game.net.client import Client

        if self.client is not None:
            self.client.close(timeout=0.5)
        from game.app.words.player_name import keep_name
        from game.common.person_name import clean_name

        typed = self.name_field.text
        self.name = keep_name(self.app, typed) if self.keeps_name else clean_name(typed)
        self.url, self.watching, self.waited = url, watch, 0.0
        extra: dict[str, Any] = {"watch": True} if watch else {}
        try:
            client = Client(url, self.name, token=self.token, code=code, **extra)
        except TypeError:  # a client without spectators yet: it takes a seat
            client = Client(url, self.name, token=self.token, code=code)
        self.client = client.start()
        self.say(_("Knocking at {address}…").format(address=_address_of(url)), False)

    def say(self, text: str, failed: bool) -> None:
        self.message, self.failed = text, failed

    def check(self) -> None:
        """What the client has heard: a seat (to the table), a refusal, or no answer."""
        from game.net.client import ClientSeat

        client = self.client
        if client is None or self.gone:
            return
        seat = client.seat
        self.waited += POLL
        if seat.seat is not None and seat.moves >= 0:
            self.gone = True
            self._remember(client)
            if not seat.started:  # a lobby: no cards yet, the friends' own lobby until the host starts
                self.app.routes.guest_lobby(client)
                return
            if not open_remote(self.app, client):
                self.say(
                    _("Joined seat {seat}; this window has no network table yet.").format(seat=seat.seat + 1), False
                )
            return
        if seat.refusals:
            refused = seat.refusals[-1]
            self.say(ClientSeat.say_refusal(refused), True)
            if self.token is not None and refused.code in ("bad_token", "no_such_table"):
                self._forget()  # that table is gone: the title stops offering it
            self._hang_up()
            return
        if seat.closed is not None:
            from game.net import words

            self.say(words.say_bye(seat.closed), True)
            if self.token is not None:
                self._forget()
            self._hang_up()
            return
        if client.refused and not client.online:  # through a relay: the relay's or the seal's plain words
            self.say(_("The line through the relay closed: {reason}").format(reason=client.refused), True)
            self._hang_up()
            return
        if (client.error is not None and not client.online) or self.waited > ANSWER_WAIT:
            self.say(
                _("No answer at {address}. Is the table open, and the address right?").format(
                    address=_address_of(client.url)
                ),
                True,
            )
            self._hang_up()

    def _hang_up(self) -> None:
        if self.client is not None:
            self.client.close(timeout=0.5)
        self.client = None

    def _forget(self) -> None:
        from game.persist import network

        network.clear_last()

    def _remember(self, client: Client) -> None:
        """Kept for Rejoin on the title (address, code, the seat's token)."""
        from game.persist import network

        seat = client.seat
        network.remember_last(client.url, seat.code, seat.token, self.name, seat.game or "", self.watching)


def _address_of(url: str) -> str:
    if _invited(url):  # never the secret on screen: the relay it goes through
        from game.net.invite import Invite, InviteError

        try:
            return _("the relay {relay}").format(relay=Invite.parse(_invite_in(url)).relay.host)
        except InviteError:
            return _("the relay")
    return url[5:] if url.startswith("ws://") else url


def _relay_of(text: str) -> str | None:
    """The relay machine an invite in `text` goes through (None: not a whole invite)."""
    from game.net.invite import Invite, InviteError

    try:
        return Invite.parse(_invite_in(text)).relay.host
    except (InviteError, ValueError):
        return None


def _secret_hidden(text: str) -> str:
    """`text` as the address field shows it: an invite's secret (after '#') as dots."""
    if not _invited(text):
        return text
    import re

    return re.sub(r"#\S*", lambda m: "#" + "•" * min(8, len(m.group()) - 1), text)


def _invited(text: str) -> bool:
    return "fireside://" in text.lower()


def _invite_in(text: str) -> str:
    """The fireside:// invite in `text` (the lines Copy invite gave, pasted whole)."""
    at = text.lower().index("fireside://")
    return text[at:].split()[0]
